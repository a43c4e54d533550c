/* The MPFR float oracle (fp_oracle.h): the GCN float rules written against GNU MPFR, for
 * fp_mpfr.c. Nothing here reads the model. */
#include <inttypes.h>
#include <math.h>

#include "fp_oracle.h"

const ofmt OF32 = {"f32", 8, 23, 127, 24, -148, 128};
const ofmt OF16 = {"f16", 5, 10, 15, 11, -23, 16};

/* ------------------------------------------------------------------ oracle env and rules */


uint32_t o_flush(const ofmt *f, uint32_t x, bool on) {
  return on && o_isdenorm(f, x) ? (x & o_sign(f)) : x;
}
/* GCN NaN rule: the first NaN operand in source order; quieted (bit 22 / bit 9 set, rest
 * kept) only when IEEE = 1. */
bool o_nan_in(const ofmt *f, const oenv *e, const uint32_t *ops, int n, uint32_t *out) {
  for (int i = 0; i < n; i++)
    if (o_isnan(f, ops[i])) {
      *out = e->ieee ? ops[i] | o_quiet(f) : ops[i];
      return true;
    }
  return false;
}
uint32_t o_default_nan(const ofmt *f) { return o_inf(f) | o_quiet(f); }

mpfr_t X, Y, Z, R, P;

void o_set(mpfr_t m, const ofmt *f, uint32_t x) { mpfr_set_d(m, o_value(f, x), MPFR_RNDN); }

/* Finishes an MPFR result computed with ternary t in mode rm: range check, subnormal
 * rounding, then the bits (default NaN for an invalid operation). */
uint32_t o_finish(const ofmt *f, mpfr_t r, int t, unsigned rm) {
  t = mpfr_check_range(r, t, RND[rm]);
  mpfr_subnormalize(r, t, RND[rm]);
  if (mpfr_nan_p(r)) return o_default_nan(f);
  if (mpfr_inf_p(r)) return (mpfr_signbit(r) ? o_sign(f) : 0) | o_inf(f);
  return o_encode(f, mpfr_get_d(r, MPFR_RNDN));
}




bool is_conversion(int op) { return op >= OP_PKRTZ; }

uint32_t o_binop(const ofmt *f, int op, uint32_t a, uint32_t b, const oenv *e) {
  uint32_t ops[2] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 2, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  int t = op == OP_ADD ? mpfr_add(R, X, Y, RND[e->rm])
          : op == OP_SUB ? mpfr_sub(R, X, Y, RND[e->rm])
                         : mpfr_mul(R, X, Y, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

uint32_t o_fma(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e) {
  uint32_t ops[3] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin), o_flush(f, c, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 3, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  o_set(Z, f, ops[2]);
  int t = mpfr_fma(R, X, Y, Z, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

/* Unfused: NaN operands first (a, b, c), then p = round(a*b) written (output flush) and
 * read back (input flush), then round(p + c). */
uint32_t o_mad(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e) {
  uint32_t ops[3] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin), o_flush(f, c, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 3, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  int t = mpfr_mul(P, X, Y, RND[e->rm]);
  uint32_t p = o_flush(f, o_flush(f, o_finish(f, P, t, e->rm), e->fout), e->fin);
  if (o_isnan(f, p)) return p; /* 0 * inf */
  o_set(X, f, p);
  o_set(Z, f, ops[2]);
  t = mpfr_add(R, X, Z, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

uint32_t o_ldexp(const ofmt *f, uint32_t a, uint32_t s1, const oenv *e) {
  long n = f == &OF16 ? (long)(int16_t)(uint16_t)(s1 & 0xFFFF) : (long)(int32_t)s1;
  uint32_t x = o_flush(f, a, e->fin), nan;
  if (o_nan_in(f, e, &x, 1, &nan)) return nan;
  if (o_isinf(f, x) || o_iszero(f, x)) return x;
  o_set(X, f, x);
  int t = mpfr_mul_2si(R, X, n, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

/* OMOD (x2, x4, x0.5) only when output denormals are flushed and IEEE = 0; then CLAMP. */
uint32_t o_omod_clamp(const ofmt *f, uint32_t r, unsigned omod, bool clamp, const oenv *e) {
  static const long k[4] = {0, 1, 2, -1};
  if (omod != 0 && e->fout && !e->ieee && !o_isnan(f, r) && !o_isinf(f, r) && !o_iszero(f, r)) {
    o_set(X, f, r);
    int t = mpfr_mul_2si(R, X, k[omod], RND[e->rm]);
    r = o_flush(f, o_finish(f, R, t, e->rm), e->fout);
  }
  if (!clamp) return r;
  if (o_isnan(f, r)) return e->dx10 ? 0 : r;
  double v = o_value(f, r);
  if (v < 0) return 0;
  if (v > 1.0) return (uint32_t)f->bias << f->mbits;
  return r; /* [-0, 1]: -0 stays -0 */
}

/* ------------------------------------------------------------------ oracle: min / max */
bool o_issnan(const ofmt *f, uint32_t x) { return o_isnan(f, x) && !(x & o_quiet(f)); }

/* V_MIN/MAX_F32/F16, gcn_semantics.md section 3 (C) and docs/float.md:
 *   1. IEEE && S0 sNaN -> quiet(S0); else IEEE && S1 sNaN -> quiet(S1)
 *   2. else S0 NaN -> S1; else S1 NaN -> S0 (returned as read)
 *   3. (+0, -0) in either order: max +0, min -0
 *   4. max = IEEE ? (S0 >= S1 ? S0 : S1) : (S0 > S1 ? S0 : S1); min = S0 < S1 ? S0 : S1
 * flush_ok (gcn14, section 2: min/max honour the denorm mode from gfx9): inputs are
 * flushed (sign kept) before all of this and the selected value is output-flushed; before
 * gcn14 nothing is flushed whatever MODE says. */
uint32_t o_minmax(const ofmt *f, uint32_t a, uint32_t b, const oenv *e, bool flush_ok,
                         bool is_max) {
  if (flush_ok) {
    a = o_flush(f, a, e->fin);
    b = o_flush(f, b, e->fin);
  }
  uint32_t r;
  if (e->ieee && o_issnan(f, a))
    r = a | o_quiet(f);
  else if (e->ieee && o_issnan(f, b))
    r = b | o_quiet(f);
  else if (o_isnan(f, a))
    r = b;
  else if (o_isnan(f, b))
    r = a;
  else if (o_iszero(f, a) && o_iszero(f, b) && a != b)
    r = is_max ? 0 : o_sign(f);
  else {
    double va = o_value(f, a), vb = o_value(f, b); /* exact values; +0 == -0 */
    if (is_max)
      r = (e->ieee ? va >= vb : va > vb) ? a : b;
    else
      r = va < vb ? a : b;
  }
  return flush_ok ? o_flush(f, r, e->fout) : r;
}

/* V_MIN/MAX_LEGACY_F32 (section 3): S0 < S1 ? S0 : S1 and S0 > S1 ? S0 : S1, so any NaN
 * and any tie (+-0 included) give S1; a returned sNaN is quieted when IEEE = 1; never
 * flushed (gcn10/11 min/max ignore the denorm mode). */
uint32_t o_minmax_legacy(const ofmt *f, uint32_t a, uint32_t b, const oenv *e,
                                bool is_max) {
  bool pick_a = false;
  if (!o_isnan(f, a) && !o_isnan(f, b)) {
    double va = o_value(f, a), vb = o_value(f, b);
    pick_a = is_max ? va > vb : va < vb;
  }
  uint32_t r = pick_a ? a : b;
  return e->ieee && o_issnan(f, r) ? r | o_quiet(f) : r;
}

/* ------------------------------------------------------------------ oracle: legacy arithmetic */
/* V_MUL_LEGACY_F32: +-0 after input flushing times anything (inf, NaN) is +0.0 (section
 * 3); otherwise the ordinary mul in the env. */
uint32_t o_mul_legacy(const ofmt *f, uint32_t a, uint32_t b, const oenv *e) {
  if (o_iszero(f, o_flush(f, a, e->fin)) || o_iszero(f, o_flush(f, b, e->fin))) return 0;
  return o_binop(f, OP_MUL, a, b, e);
}

/* V_MAD_LEGACY_F32: forced f32 flush in and out as v_mad_f32 (section 2); a zero factor
 * (after that flush) gives +0.0 + c computed as an add in the env's rounding (section 3,
 * docs/float.md), so NaN a/b are ignored there; otherwise the unfused mad. */
uint32_t o_mad_legacy(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e) {
  oenv m = *e;
  m.fin = m.fout = true;
  if (o_iszero(f, o_flush(f, a, true)) || o_iszero(f, o_flush(f, b, true)))
    return o_binop(f, OP_ADD, 0 /* +0.0 */, c, &m);
  return o_mad(f, a, b, c, &m);
}

/* ------------------------------------------------------------------ oracle: conversions */
/* The conversion groups run with MPFR's default (wide) exponent range; CX holds an f32
 * operand exactly, CH is a binary16 significand, CW a 64-bit scratch (exact products and
 * integers). */
mpfr_t CX, CH, CW;
mpfr_exp_t WIDE_EMIN, WIDE_EMAX;
void use_wide_range(void) {
  mpfr_set_emin(WIDE_EMIN);
  mpfr_set_emax(WIDE_EMAX);
}
void use_format_range(const ofmt *f) {
  mpfr_set_emin(f->emin);
  mpfr_set_emax(f->emax);
}


/* One half of V_CVT_PKRTZ_F16_F32 (section 6, section 3, docs/float.md): round toward zero
 * to binary16 whatever MODE says (overflow -> +-65504, +-inf stays), NaN always quieted:
 * sign | 0x7C00 | 0x0200 | f32 fraction[22:13]; an f16 denormal result is flushed to +-0
 * when the f16 MODE field flushes output. */
uint16_t o_rtz16(uint32_t x, bool fout16) {
  if (o_isnan(&OF32, x))
    return (uint16_t)(((x >> 16) & 0x8000u) | 0x7C00u | 0x0200u | ((x >> 13) & 0x03FFu));
  mpfr_set_d(CX, o_value(&OF32, x), MPFR_RNDN); /* exact, wide range */
  int t = mpfr_set(CH, CX, MPFR_RNDZ);         /* 11 bits toward zero, unbounded exponent */
  use_format_range(&OF16);                     /* then binary16 range and subnormals */
  uint32_t h = o_finish(&OF16, CH, t, O_RM_RTZ);
  use_wide_range();
  return (uint16_t)o_flush(&OF16, h, fout16);
}

void oracle_error(const char *what) {
  fprintf(stderr, "fp_mpfr: oracle error: %s\n", what);
  exit(3);
}

/* One half of V_CVT_PKNORM_I16/U16_F32 (section 6, docs/float.md): NaN -> 0, else x * K
 * exactly (K = 32767 / 65535), rounded to an integer to nearest even, clamped to
 * [-32767, 32767] / [0, 65535]. */
uint16_t o_norm16(uint32_t x, bool is_signed) {
  long k = is_signed ? 32767 : 65535, lo = is_signed ? -32767 : 0;
  if (o_isnan(&OF32, x)) return 0;
  mpfr_set_d(CX, o_value(&OF32, x), MPFR_RNDN);
  if (mpfr_mul_si(CW, CX, k, MPFR_RNDN) != 0) oracle_error("pknorm product not exact");
  mpfr_rint(CW, CW, MPFR_RNDN); /* ties to even */
  long n;
  if (mpfr_cmp_si(CW, k) > 0)
    n = k;
  else if (mpfr_cmp_si(CW, lo) < 0)
    n = lo;
  else
    n = mpfr_get_si(CW, MPFR_RNDN);
  return (uint16_t)n;
}

/* V_CVT_PKACCUM_U8_F32 (section 6, docs/float.md): f32 input flush of MODE, NaN -> 0, else
 * rounded to an integer in the MODE f32 rounding mode and clamped to [0, 255]; the byte
 * goes to VDST byte S1[1:0], the other bytes kept. */
uint8_t o_u8(uint32_t s0, const oenv *e) {
  uint32_t x = o_flush(&OF32, s0, e->fin);
  if (o_isnan(&OF32, x)) return 0;
  mpfr_set_d(CX, o_value(&OF32, x), MPFR_RNDN);
  mpfr_rint(CW, CX, RND[e->rm]);
  if (mpfr_cmp_ui(CW, 0) <= 0) return 0; /* -inf, negatives, -0 */
  if (mpfr_cmp_ui(CW, 255) >= 0) return 255;
  return (uint8_t)mpfr_get_ui(CW, MPFR_RNDN);
}
uint32_t o_pkaccum(uint32_t s0, uint32_t s1, uint32_t vdst, const oenv *e) {
  unsigned byte = s1 % 4u;
  uint32_t keep = 0;
  for (unsigned i = 0; i < 4; i++)
    if (i != byte) keep |= 0xFFu << (8 * i);
  return (vdst & keep) | ((uint32_t)o_u8(s0, e) << (8 * byte));
}

/* Input modifiers (section 4): abs clears the sign bit, then neg flips it. */
uint32_t o_absneg(const ofmt *f, uint32_t x, bool abs, bool neg) {
  if (abs) x &= o_sign(f) - 1u;
  if (neg) x ^= o_sign(f);
  return x;
}


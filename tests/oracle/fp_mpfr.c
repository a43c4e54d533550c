/* fp_mpfr: differential test of the gcnref float core (refmodel/src/fp.c) against GNU MPFR.
 *
 *   fp_mpfr [--cases N] [--seed S] [--only NAME] [--max-report K]
 *
 * Every float operation of gcnref/fp.h is a group family:
 *   f32 and f16: add, sub, mul, fma, mad, ldexp, OMOD/CLAMP, min and max (each of min/max
 *     twice: _gcn14 = flush_ok true, _gcn10-12 = flush_ok false);
 *   f32 only: mul_legacy, mad_legacy, min_legacy, max_legacy;
 *   conversions (f32 sources): cvt_pkrtz_f16_f32 (the groups' rounding and denorm modes are
 *     the f16 fields MODE[3:2] and MODE[7:6], the env the op takes), cvt_pkaccum_u8_f32 (the
 *     f32 fields; the whole VDST after the byte insert is compared), cvt_pknorm_i16_f32 and
 *     cvt_pknorm_u16_f32 (they read no MODE field: one group each).
 * Each (instruction, variant) runs every rounding mode (4) x MODE denormal setting (4) as
 * one group of N random cases (default 50000 per group; --cases 1000000 is the long run)
 * and compares the bits. Operands are weighted to corner classes (+-0, denormals incl. the
 * smallest and largest, smallest and largest normals, +-inf, qNaN, sNaN, exponents near
 * underflow/overflow, operands built to land near rounding boundaries and to cancel, equal
 * and sign-flipped pairs and NaN pairs for min/max, zero factors for the legacy ops, values
 * near f16 truncation/overflow boundaries, near x*K = n + 1/2 for pknorm and near n + 1/2 for
 * pkaccum); every other case applies random abs/neg input modifiers to the float operands;
 * IEEE and DX10_CLAMP are random per case.
 *
 * The oracle is independent of the code under test: binary32/binary16 are emulated with
 * MPFR (precision 24/11, mpfr_set_emin/emax, mpfr_check_range + mpfr_subnormalize; every
 * rounding, including to integers, is an MPFR operation), the GCN rules (flushing, NaN
 * choice and quieting, min/max selection, legacy zero rules, OMOD/CLAMP, conversion
 * clamping) are re-implemented here from gcn_semantics.md and docs/float.md, input modifiers
 * too (the model's gcn_*_absneg is only checked against them), and operands go through host
 * doubles only as exact values. Each group is one test; the last line is
 * "N passed, N failed" and the exit status is non-zero on any failure. Deterministic for a
 * given seed. */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>
#include <mpfr.h>

#include "fp_oracle.h"

#include "gcnref/fp.h"
#include "../../vectors/rng.h"

/* ------------------------------------------------------------------ random operands */
static uint64_t rng_state;
static uint64_t rnd64(void) { return gcn_splitmix64(&rng_state); } /* the project's PRNG */
static uint32_t rndn(uint32_t n) { return (uint32_t)(rnd64() % n); }

static uint32_t gen_frac(const ofmt *f) {
  uint32_t m = o_fracmask(f), r = (uint32_t)rnd64() & m;
  switch (rndn(10)) {
    case 0: return 0;
    case 1: return m;                                     /* all ones */
    case 2: return r & ~(m >> (1 + rndn(f->mbits)));      /* few top bits */
    case 3: return r & (m >> rndn(f->mbits));             /* low bits */
    case 4: return rndn(4);                               /* tiny */
    case 5: return m - rndn(4);                           /* near all ones */
    case 6: return (1u << rndn(f->mbits)) ^ (rndn(2) ? r & 3u : 0); /* single bit */
    default: return r;
  }
}

static uint32_t gen_val(const ofmt *f) {
  uint32_t s = rndn(2) ? o_sign(f) : 0, em = o_expmax(f), m = o_fracmask(f), p = (uint32_t)f->prec;
  uint32_t c = rndn(100);
  if (c < 5) return s;                                            /* +-0 */
  if (c < 8) return s | 1u;                                       /* smallest denormal */
  if (c < 10) return s | m;                                       /* largest denormal */
  if (c < 18) return s | (gen_frac(f) | 1u);                      /* denormal */
  if (c < 21) return s | (1u << f->mbits) | rndn(3);              /* smallest normals */
  if (c < 24) return s | (((em - 1) << f->mbits) | (m - rndn(3))); /* largest normals */
  if (c < 28) return s | o_inf(f);                                /* +-inf */
  if (c < 32) return s | o_inf(f) | o_quiet(f) | ((uint32_t)rnd64() & (rndn(2) ? m : 1u)); /* qNaN */
  if (c < 36) {                                                   /* sNaN */
    uint32_t pay = (uint32_t)rnd64() & (m >> 1);
    return s | o_inf(f) | (pay ? pay : 1u);
  }
  uint32_t be;
  if (c < 48) be = 1 + rndn(p + 3);                               /* near underflow */
  else if (c < 60) be = em - 1 - rndn(p + 3);                     /* near overflow */
  else if (c < 80) be = (uint32_t)f->bias - 4 + rndn(9);          /* around 1.0 */
  else be = 1 + rndn(em - 1);                                     /* anywhere */
  return s | (be << f->mbits) | gen_frac(f);
}

/* b related to a so that a + b or a - b lands near a rounding boundary or cancels. */
static uint32_t gen_related(const ofmt *f, uint32_t a) {
  uint32_t sgn = rndn(2) ? o_sign(f) : 0;
  if (o_isnan(f, a) || o_isinf(f, a)) return gen_val(f);
  if (rndn(2)) { /* cancellation: +-a plus a few ulps */
    uint32_t mag = a & (o_sign(f) - 1u);
    int32_t d = (int32_t)rndn(7) - 3;
    int64_t nm = (int64_t)mag + d;
    if (nm < 0) nm = 0;
    if (nm >= (int64_t)o_inf(f)) nm = o_inf(f) - 1;
    return sgn | (uint32_t)nm;
  }
  int32_t be = (int32_t)o_be(f, a) - (int32_t)rndn((uint32_t)f->prec + 4);
  if (be < 0) be = 0;
  return sgn | ((uint32_t)be << f->mbits) | gen_frac(f);
}

/* c close to -(a*b): rounded product (in a random mode) with the sign flipped and a few
 * ulps of noise; drives fma/mad into cancellation. */
static uint32_t gen_neg_product(const ofmt *f, uint32_t a, uint32_t b) {
  if (o_isnan(f, a) || o_isnan(f, b) || o_isinf(f, a) || o_isinf(f, b)) return gen_val(f);
  o_set(X, f, a);
  o_set(Y, f, b);
  unsigned rm = rndn(4);
  int t = mpfr_mul(P, X, Y, RND[rm]);
  uint32_t p = o_finish(f, P, t, rm);
  if (o_isinf(f, p)) return gen_val(f);
  uint32_t mag = p & (o_sign(f) - 1u);
  int64_t nm = (int64_t)mag + (int32_t)rndn(5) - 2;
  if (nm < 0) nm = 0;
  if (nm >= (int64_t)o_inf(f)) nm = o_inf(f) - 1;
  return (p & o_sign(f) ? 0 : o_sign(f)) | (uint32_t)nm;
}

static uint32_t gen_ldexp_exp(const ofmt *f) {
  int32_t range = f == &OF32 ? 300 : 45;
  switch (rndn(8)) {
    case 0: return (uint32_t)rnd64();
    case 1: {
      static const uint32_t special[] = {0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x00010000u,
                                         0x00008000u, 0x00007FFFu, 0x0000FFFFu, 0xFFFF8000u,
                                         0x00010001u, 0xFFFF0001u, 0x0001FFFFu, 0};
      return special[rndn(sizeof special / sizeof special[0])];
    }
    case 2: return (uint32_t)(rnd64() & 0xFFFF0000u) | (uint32_t)(uint16_t)((int32_t)rndn(2 * range + 1) - range);
    default: return (uint32_t)((int32_t)rndn(2 * (uint32_t)range + 1) - range);
  }
}

/* x with its magnitude moved by d ulps, kept finite, sign kept. */
static uint32_t nudge(const ofmt *f, uint32_t x, int d) {
  int64_t nm = (int64_t)(x & (o_sign(f) - 1u)) + d;
  if (nm < 0) nm = 0;
  if (nm >= (int64_t)o_inf(f)) nm = o_inf(f) - 1;
  return (x & o_sign(f)) | (uint32_t)nm;
}

/* A NaN: random sign, quiet or signaling, payloads of varied widths (down to the low bits
 * only, which a narrowing conversion drops). */
static uint32_t gen_nan(const ofmt *f) {
  uint32_t s = rndn(2) ? o_sign(f) : 0;
  uint32_t pay = (uint32_t)rnd64() & (o_fracmask(f) >> (1 + rndn((uint32_t)f->mbits)));
  if (rndn(2)) pay |= o_quiet(f);
  else if (pay == 0) pay = 1u << rndn((uint32_t)f->mbits - 1);
  return s | o_inf(f) | pay;
}

/* +-0, a denormal (the smallest, the largest, any) or a smallest normal. */
static uint32_t gen_tiny(const ofmt *f) {
  uint32_t s = rndn(2) ? o_sign(f) : 0;
  switch (rndn(6)) {
    case 0:
    case 1: return s;
    case 2: return s | (1u + rndn(3));
    case 3: return s | (o_fracmask(f) - rndn(3));
    case 4: return s | (1u << f->mbits) | rndn(3);
    default: return s | (gen_frac(f) | 1u);
  }
}

/* min/max operand pairs: equal, sign-flipped, both zeros, a few ulps apart, NaNs in either
 * or both places, denormals against zeros, or independent. */
static void gen_minmax(const ofmt *f, uint32_t *v) {
  uint32_t sg = o_sign(f);
  v[0] = gen_val(f);
  v[1] = gen_val(f);
  switch (rndn(12)) {
    case 0: v[1] = v[0]; break;
    case 1: v[1] = v[0] ^ sg; break;
    case 2:
      v[0] = rndn(2) ? sg : 0;
      v[1] = rndn(2) ? sg : 0;
      break;
    case 3: v[1] = nudge(f, v[0] ^ (rndn(2) ? sg : 0), (int)rndn(5) - 2); break;
    case 4: v[0] = gen_nan(f); break;
    case 5: v[1] = gen_nan(f); break;
    case 6:
      v[0] = gen_nan(f);
      v[1] = gen_nan(f);
      break;
    case 7:
    case 8:
      v[0] = gen_tiny(f);
      v[1] = gen_tiny(f);
      break;
    default: break;
  }
}

/* Legacy mul/mad operands: often a zero or denormal factor (the +0.0 rule, also after the
 * forced flush) against inf, NaN or anything; c often +-0 or a denormal. */
static void gen_legacy(const ofmt *f, int op, uint32_t *v) {
  for (int j = 0; j < 3; j++) v[j] = gen_val(f);
  if (op == OP_MAD_LEGACY && rndn(4) == 0) v[2] = gen_neg_product(f, v[0], v[1]);
  unsigned z = rndn(2);
  switch (rndn(6)) {
    case 0:
    case 1: v[z] = gen_tiny(f); break;
    case 2:
      v[z] = gen_tiny(f);
      v[1 - z] = rndn(2) ? gen_nan(f) : (rndn(2) ? o_sign(f) : 0) | o_inf(f);
      break;
    default: break;
  }
  if (op == OP_MAD_LEGACY && rndn(4) == 0) v[2] = rndn(2) ? gen_tiny(f) : gen_nan(f);
}

/* f32 sources for the f16 conversion: exact f16 values and a few f32 ulps around them
 * (truncation boundaries), the f16 overflow threshold, the f16 denormal range and below,
 * NaNs, anywhere in the f16 range, or any f32. */
static uint32_t gen_f16_source(void) {
  const ofmt *f = &OF32;
  uint32_t s = rndn(2) ? o_sign(f) : 0;
  switch (rndn(10)) {
    case 0:
    case 1: return gen_val(f);
    case 2:
    case 3: {
      uint32_t h = gen_val(&OF16);
      if (o_isnan(&OF16, h)) return gen_nan(f);
      if (o_isinf(&OF16, h)) return (h & o_sign(&OF16) ? o_sign(f) : 0) | o_inf(f);
      uint32_t x = o_encode(f, o_value(&OF16, h));
      return rndn(3) ? nudge(f, x, (int)rndn(9) - 4) : x;
    }
    case 4: return s | (0x477FC000u + rndn(0x4020u)); /* 65472 .. just above 65536 */
    case 5: return s | ((uint32_t)(127 - 27 + rndn(15)) << 23) | gen_frac(f); /* 2^-27 .. 2^-13 */
    case 6: return gen_nan(f);
    default: return s | ((uint32_t)(127 - 25 + rndn(42)) << 23) | gen_frac(f); /* 2^-25 .. 2^17 */
  }
}

/* f32 sources for pknorm (K = 32767 or 65535): near x*K = n + 1/2 (the f32 value nearest
 * to (2n + 1) / 2K, a few ulps either way), near x*K = n, around +-0.5, +-1, +-1.5, +-2,
 * tiny values, (-2, 2), or any f32. Needs the wide exponent range. */
static uint32_t gen_norm_source(uint32_t k) {
  const ofmt *f = &OF32;
  uint32_t s = rndn(2) ? o_sign(f) : 0;
  switch (rndn(10)) {
    case 0: return gen_val(f);
    case 1:
    case 2:
    case 3: {
      uint32_t n = rndn(k + 1);
      bool tie = rndn(4) != 0;
      mpfr_set_ui(CW, tie ? 2 * n + 1 : 2 * n, MPFR_RNDN);
      mpfr_div_ui(CX, CW, 2 * k, MPFR_RNDN); /* rounded to 24 bits */
      uint32_t x = s | o_encode(f, mpfr_get_d(CX, MPFR_RNDN));
      return nudge(f, x, (int)rndn(7) - 3);
    }
    case 4: {
      static const uint32_t c[] = {0x3F000000u, 0x3F800000u, 0x3FC00000u, 0x40000000u};
      return nudge(f, s | c[rndn(4)], (int)rndn(9) - 4);
    }
    case 5:
      return s | (rndn(2) ? gen_frac(f) | 1u : ((uint32_t)(1 + rndn(127 - 16)) << 23) | gen_frac(f));
    default: return s | ((uint32_t)(127 - 17 + rndn(18)) << 23) | gen_frac(f); /* |x| < 2 */
  }
}

/* f32 sources for pkaccum: n + 1/2 and n exactly or a few ulps off (n in 0..257), tiny
 * values (denormals included), 254 .. 257, [2^-3, 2^9), or any f32; mostly positive. */
static uint32_t gen_u8_source(void) {
  const ofmt *f = &OF32;
  uint32_t s = rndn(6) == 0 ? o_sign(f) : 0;
  switch (rndn(10)) {
    case 0: return gen_val(f);
    case 1:
    case 2:
    case 3: {
      double x = (double)rndn(258) + (rndn(3) ? 0.5 : 0.0);
      uint32_t b = s | o_encode(f, x);
      return rndn(3) ? nudge(f, b, (int)rndn(7) - 3) : b;
    }
    case 4:
      return s | (rndn(2) ? gen_frac(f) | 1u : ((uint32_t)(1 + rndn(127)) << 23) | gen_frac(f));
    case 5: return s | (0x437E0000u + rndn(0x28001u)); /* 254 .. 257 */
    default: return s | ((uint32_t)(127 - 3 + rndn(12)) << 23) | gen_frac(f);
  }
}

/* ------------------------------------------------------------------ model adapters */
static gcn_fp_env to_env(const oenv *o) {
  gcn_fp_env e;
  e.round = (uint8_t)o->rm;
  e.flush_in = o->fin;
  e.flush_out = o->fout;
  e.ieee = o->ieee;
  e.dx10_clamp = o->dx10;
  return e;
}

static uint32_t model(const ofmt *f, int op, int var, const uint32_t *v, unsigned omod,
                      bool clamp, const gcn_fp_env *e) {
  bool flush_ok = var == 0;
  if (f == &OF32) {
    switch (op) {
      case OP_ADD: return gcn_f32_add(v[0], v[1], e);
      case OP_SUB: return gcn_f32_sub(v[0], v[1], e);
      case OP_MUL: return gcn_f32_mul(v[0], v[1], e);
      case OP_FMA: return gcn_f32_fma(v[0], v[1], v[2], e);
      case OP_MAD: return gcn_f32_mad(v[0], v[1], v[2], e);
      case OP_LDEXP: return gcn_f32_ldexp(v[0], v[1], e);
      case OP_OMOD: return gcn_f32_omod_clamp(v[0], omod, clamp, e);
      case OP_MIN: return gcn_f32_min(v[0], v[1], e, flush_ok);
      case OP_MAX: return gcn_f32_max(v[0], v[1], e, flush_ok);
      case OP_MUL_LEGACY: return gcn_f32_mul_legacy(v[0], v[1], e);
      case OP_MAD_LEGACY: return gcn_f32_mad_legacy(v[0], v[1], v[2], e);
      case OP_MIN_LEGACY: return gcn_f32_min_legacy(v[0], v[1], e);
      case OP_MAX_LEGACY: return gcn_f32_max_legacy(v[0], v[1], e);
      case OP_PKRTZ: return gcn_cvt_pkrtz_f16_f32(v[0], v[1], e); /* e = the f16 env */
      case OP_PKNORM_I16: return gcn_cvt_pknorm_i16_f32(v[0], v[1]);
      case OP_PKNORM_U16: return gcn_cvt_pknorm_u16_f32(v[0], v[1]);
      case OP_PKACCUM: return gcn_pkaccum_insert(v[2], v[1], gcn_cvt_pkaccum_u8_f32(v[0], e));
      default: break;
    }
  } else {
    uint16_t a = (uint16_t)v[0], b = (uint16_t)v[1], c = (uint16_t)v[2];
    switch (op) {
      case OP_ADD: return gcn_f16_add(a, b, e);
      case OP_SUB: return gcn_f16_sub(a, b, e);
      case OP_MUL: return gcn_f16_mul(a, b, e);
      case OP_FMA: return gcn_f16_fma(a, b, c, e);
      case OP_MAD: return gcn_f16_mad(a, b, c, e);
      case OP_LDEXP: return gcn_f16_ldexp(a, v[1], e);
      case OP_OMOD: return gcn_f16_omod_clamp(a, omod, clamp, e);
      case OP_MIN: return gcn_f16_min(a, b, e, flush_ok);
      case OP_MAX: return gcn_f16_max(a, b, e, flush_ok);
      default: break;
    }
  }
  oracle_error("no model for this group");
  return 0;
}

static uint32_t model_absneg(const ofmt *f, uint32_t x, bool abs, bool neg) {
  return f == &OF32 ? gcn_f32_absneg(x, abs, neg) : gcn_f16_absneg((uint16_t)x, abs, neg);
}

static uint32_t oracle(const ofmt *f, int op, int var, const uint32_t *v, unsigned omod,
                       bool clamp, const oenv *e) {
  oenv m = *e;
  switch (op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL: return o_binop(f, op, v[0], v[1], e);
    case OP_FMA: return o_fma(f, v[0], v[1], v[2], e);
    case OP_MAD:
      if (f == &OF32) m.fin = m.fout = true; /* v_mad_f32 always flushes f32 denormals */
      return o_mad(f, v[0], v[1], v[2], &m);
    case OP_LDEXP: return o_ldexp(f, v[0], v[1], e);
    case OP_OMOD: return o_omod_clamp(f, v[0], omod, clamp, e);
    case OP_MIN:
    case OP_MAX: return o_minmax(f, v[0], v[1], e, var == 0, op == OP_MAX);
    case OP_MUL_LEGACY: return o_mul_legacy(f, v[0], v[1], e);
    case OP_MAD_LEGACY: return o_mad_legacy(f, v[0], v[1], v[2], e);
    case OP_MIN_LEGACY:
    case OP_MAX_LEGACY: return o_minmax_legacy(f, v[0], v[1], e, op == OP_MAX_LEGACY);
    case OP_PKRTZ: return (uint32_t)o_rtz16(v[1], e->fout) << 16 | o_rtz16(v[0], e->fout);
    case OP_PKNORM_I16:
    case OP_PKNORM_U16: {
      bool sg = op == OP_PKNORM_I16;
      return (uint32_t)o_norm16(v[1], sg) << 16 | o_norm16(v[0], sg);
    }
    case OP_PKACCUM: return o_pkaccum(v[0], v[1], v[2], e);
    default: oracle_error("no oracle for this group"); return 0;
  }
}

/* The operands of one case (before input modifiers). */
static void gen_operands(const ofmt *f, int op, uint32_t *v) {
  switch (op) {
    case OP_MIN:
    case OP_MAX:
    case OP_MIN_LEGACY:
    case OP_MAX_LEGACY:
      gen_minmax(f, v);
      v[2] = 0;
      return;
    case OP_MUL_LEGACY:
    case OP_MAD_LEGACY: gen_legacy(f, op, v); return;
    case OP_PKRTZ:
      v[0] = gen_f16_source();
      v[1] = gen_f16_source();
      v[2] = 0;
      return;
    case OP_PKNORM_I16:
    case OP_PKNORM_U16: {
      uint32_t k = op == OP_PKNORM_I16 ? 32767u : 65535u;
      v[0] = gen_norm_source(k);
      v[1] = gen_norm_source(k);
      v[2] = 0;
      return;
    }
    case OP_PKACCUM:
      v[0] = gen_u8_source();
      v[1] = (uint32_t)rnd64(); /* byte select S1[1:0]; the upper bits must be ignored */
      v[2] = (uint32_t)rnd64(); /* old VDST */
      return;
    default: break;
  }
  for (int j = 0; j < 3; j++) v[j] = gen_val(f);
  if ((op == OP_ADD || op == OP_SUB || op == OP_MAD || op == OP_FMA) && rndn(4) == 0) {
    int j = op == OP_MAD || op == OP_FMA ? 2 : 1;
    v[j] = gen_related(f, v[0]);
  }
  if ((op == OP_MAD || op == OP_FMA) && rndn(4) == 0) v[2] = gen_neg_product(f, v[0], v[1]);
  if (op == OP_LDEXP) v[1] = gen_ldexp_exp(f);
}

/* ------------------------------------------------------------------ driver */
static const char *const RM_NAME[4] = {"rne", "rup", "rdn", "rtz"};
static const char *const DM_NAME[4] = {"flush-in+out", "allow-in/flush-out",
                                       "flush-in/allow-out", "allow-both"};

typedef struct {
  unsigned long cases, with_mods, failed;
} group_result;

static group_result run_group(const ofmt *f, int op, int var, const char *name, unsigned rm,
                              unsigned dm, unsigned long n, uint64_t seed, unsigned max_report) {
  group_result g = {0, 0, 0};
  const opinfo *oi = &OPS[op];
  int w = f == &OF32 ? 8 : 4; /* hex digits of the operands and results */
  rng_state = seed;
  for (unsigned long i = 0; i < n; i++) {
    oenv oe;
    oe.rm = rm;
    oe.fin = (dm & 1u) == 0;
    oe.fout = (dm & 2u) == 0;
    oe.ieee = rndn(2);
    oe.dx10 = rndn(2);
    uint32_t v[3];
    gen_operands(f, op, v);
    unsigned omod = rndn(4);
    bool clamp = rndn(2);
    bool mods = (i & 1u) && oi->nfloat > 0;
    bool mods_ok = true;
    if (mods) {
      unsigned abs_bits, neg_bits;
      g.with_mods++;
      do {
        abs_bits = rndn(8);
        neg_bits = rndn(8);
      } while (abs_bits == 0 && neg_bits == 0);
      for (int j = 0; j < oi->nfloat; j++) {
        bool ab = abs_bits >> j & 1u, ng = neg_bits >> j & 1u;
        uint32_t x = o_absneg(f, v[j], ab, ng);
        if (model_absneg(f, v[j], ab, ng) != x) mods_ok = false; /* checks gcn_*_absneg */
        v[j] = x;
      }
    }
    gcn_fp_env e = to_env(&oe);
    uint32_t want = oracle(f, op, var, v, omod, clamp, &oe);
    uint32_t got = model(f, op, var, v, omod, clamp, &e);
    g.cases++;
    if (want != got || !mods_ok) {
      if (g.failed < max_report) {
        printf("  MISMATCH %s rm=%s dm=%u ieee=%d dx10=%d:", name, RM_NAME[rm], dm, oe.ieee,
               oe.dx10);
        for (int j = 0; j < oi->nsrc; j++) printf(" %0*" PRIx32, w, v[j]);
        if (op == OP_LDEXP) printf(" (exp %08" PRIx32 ")", v[1]);
        if (op == OP_OMOD) printf(" omod=%u clamp=%d", omod, clamp);
        if (op == OP_PKACCUM) printf(" (s0, s1, old vdst)");
        if (!mods_ok) printf(" [gcn_%s_absneg disagrees with abs-then-neg]", f->name);
        printf(" -> model %0*" PRIx32 ", mpfr %0*" PRIx32 "\n", w, got, w, want);
      }
      g.failed++;
    }
  }
  return g;
}

static void usage(void) {
  fprintf(stderr,
          "usage: fp_mpfr [--cases N] [--seed S] [--only NAME] [--max-report K]\n"
          "  --cases N   cases per (instruction, rounding mode, denorm mode) group (default 50000)\n"
          "  --seed S    random seed (default 1)\n"
          "  --only NAME run only instructions whose name contains NAME (e.g. fma_f16)\n");
}

static void set_format(const ofmt *f) {
  use_format_range(f);
  mpfr_set_prec(X, f->prec);
  mpfr_set_prec(Y, f->prec);
  mpfr_set_prec(Z, f->prec);
  mpfr_set_prec(R, f->prec);
  mpfr_set_prec(P, f->prec);
}

int main(int argc, char **argv) {
  unsigned long cases = 50000;
  uint64_t seed = 1;
  const char *only = NULL;
  unsigned max_report = 5;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc)
      cases = strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--max-report") && i + 1 < argc)
      max_report = (unsigned)strtoul(argv[++i], NULL, 0);
    else {
      usage();
      return 2;
    }
  }
  WIDE_EMIN = mpfr_get_emin();
  WIDE_EMAX = mpfr_get_emax();
  mpfr_inits2(24, X, Y, Z, R, P, CX, (mpfr_ptr)0);
  mpfr_init2(CH, 11);
  mpfr_init2(CW, 64);
  const ofmt *fmts[2] = {&OF32, &OF16};
  unsigned long passed = 0, failed = 0, total = 0;
  clock_t t0 = clock();
  printf("fp_mpfr: %lu cases per group, seed %" PRIu64 "\n", cases, seed);
  for (int fi = 0; fi < 2; fi++) {
    const ofmt *f = fmts[fi];
    set_format(f);
    for (int op = 0; op < OP_COUNT; op++) {
      const opinfo *oi = &OPS[op];
      if (!(oi->fmts & (1u << fi))) continue;
      for (int var = 0; var < oi->nvariants; var++) {
        char name[48];
        snprintf(name, sizeof name, "%s%s%s%s", oi->name, oi->suffix ? "_" : "",
                 oi->suffix ? f->name : "", oi->nvariants > 1 ? VARIANT_NAME[var] : "");
        if (only && !strstr(name, only)) continue;
        if (is_conversion(op))
          use_wide_range();
        else
          use_format_range(f);
        unsigned ngroups = oi->has_mode ? 16u : 1u;
        for (unsigned gi = 0; gi < ngroups; gi++) {
          unsigned rm = gi / 4, dm = gi % 4;
          uint64_t gid = ((uint64_t)((fi * OP_COUNT + op) * 2 + var) * 16u) + gi;
          uint64_t gseed = seed * 0x100000001B3ull ^ (gid << 40);
          group_result g = run_group(f, op, var, name, rm, dm, cases, gseed, max_report);
          total += g.cases;
          if (oi->has_mode)
            printf("%-20s %s %-18s", name, RM_NAME[rm], DM_NAME[dm]);
          else
            printf("%-20s %-22s", name, "(reads no MODE field)");
          printf(" %8lu cases (%lu with input modifiers): %s", g.cases, g.with_mods,
                 g.failed ? "FAIL" : "ok");
          if (g.failed) printf(" (%lu mismatches)", g.failed);
          printf("\n");
          if (g.failed)
            failed++;
          else
            passed++;
        }
      }
    }
  }
  mpfr_clears(X, Y, Z, R, P, CX, CH, CW, (mpfr_ptr)0);
  mpfr_free_cache();
  printf("%lu cases in %.1f s\n", total, (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed ? 1 : 0;
}

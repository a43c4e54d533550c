/* gcnref floating-point core: binary32 and binary16 on raw bits, integer arithmetic only.
 *
 * Layout (after SoftFloat / PULP fpnew):
 *   1. format table       width-generic field helpers for f32 and f16
 *   2. IEEE core          unpack, one rounding block, round-and-pack, exact add/mul/fma
 *   3. GCN specialization every GCN-specific rule, each in one small function: default NaN,
 *                         NaN quieting and propagation, denormal flushing, forced flush of
 *                         v_mad_f32, min/max selection, legacy rules, OMOD, CLAMP
 *   4. operations         each is: specials (via 3), then the core (via 2), then flushing
 *   5. public API         thin f32/f16 wrappers
 * docs/float.md lists every rule and where it comes from. */
#include "gcnref/fp.h"

/* ====================================================================================
 * 1. Format table
 * ==================================================================================== */

typedef struct {
  unsigned ebits; /* exponent field width */
  unsigned mbits; /* fraction field width (precision - 1) */
  int32_t bias;
} fp_fmt;

static const fp_fmt FMT_F32 = {8, 23, 127};
static const fp_fmt FMT_F16 = {5, 10, 15};

static uint32_t sign_bit(const fp_fmt *f) { return 1u << (f->ebits + f->mbits); }
static uint32_t exp_ones(const fp_fmt *f) { return (1u << f->ebits) - 1u; }
static uint32_t frac_mask(const fp_fmt *f) { return (1u << f->mbits) - 1u; }
static uint32_t quiet_bit(const fp_fmt *f) { return 1u << (f->mbits - 1u); }
static uint32_t inf_bits(const fp_fmt *f) { return exp_ones(f) << f->mbits; }
static uint32_t max_finite(const fp_fmt *f) { return inf_bits(f) - 1u; }
static uint32_t one_bits(const fp_fmt *f) { return (uint32_t)f->bias << f->mbits; }
static int32_t emin(const fp_fmt *f) { return 1 - f->bias; } /* exponent of the smallest normal */

static uint32_t exp_field(const fp_fmt *f, uint32_t x) { return (x >> f->mbits) & exp_ones(f); }
static uint32_t magnitude(const fp_fmt *f, uint32_t x) { return x & (sign_bit(f) - 1u); }
static bool sign_of(const fp_fmt *f, uint32_t x) { return (x & sign_bit(f)) != 0; }
static bool is_nan(const fp_fmt *f, uint32_t x) { return magnitude(f, x) > inf_bits(f); }
static bool is_snan(const fp_fmt *f, uint32_t x) { return is_nan(f, x) && !(x & quiet_bit(f)); }
static bool is_inf(const fp_fmt *f, uint32_t x) { return magnitude(f, x) == inf_bits(f); }
static bool is_zero(const fp_fmt *f, uint32_t x) { return magnitude(f, x) == 0; }
static bool is_denormal(const fp_fmt *f, uint32_t x) {
  return exp_field(f, x) == 0 && (x & frac_mask(f)) != 0;
}

/* ====================================================================================
 * 2. IEEE core (no GCN rules here)
 * ==================================================================================== */

/* A finite value (-1)^sign * sig * 2^exp; sig == 0 is a zero of that sign. */
typedef struct {
  bool sign;
  int32_t exp;
  uint64_t sig;
} fp_val;

static fp_val unpack_finite(const fp_fmt *f, uint32_t x) {
  fp_val v;
  uint32_t be = exp_field(f, x), fr = x & frac_mask(f);
  v.sign = sign_of(f, x);
  if (be == 0) { /* zero or denormal */
    v.sig = fr;
    v.exp = emin(f) - (int32_t)f->mbits;
  } else {
    v.sig = fr | (1u << f->mbits);
    v.exp = (int32_t)be - f->bias - (int32_t)f->mbits;
  }
  return v;
}

static int msb64(uint64_t v) { /* v != 0 */
  int n = 0;
  if (v >> 32) { n += 32; v >>= 32; }
  if (v >> 16) { n += 16; v >>= 16; }
  if (v >> 8) { n += 8; v >>= 8; }
  if (v >> 4) { n += 4; v >>= 4; }
  if (v >> 2) { n += 2; v >>= 2; }
  if (v >> 1) { n += 1; }
  return n;
}

/* Right shift that ORs every shifted-out bit into bit 0 (sticky). */
static uint64_t shr_jam(uint64_t v, uint32_t n) {
  if (n == 0) return v;
  if (n >= 64) return v != 0;
  return (v >> n) | ((v & ((1ull << n) - 1u)) != 0);
}

/* The rounding block: whether to add one unit to the kept part, from the position of the
 * discarded part (0 = none, 1 = below half a unit, 2 = exactly half, 3 = above half), the
 * kept part's lowest bit, the mode and the sign of the value. */
static bool round_increment(unsigned rest, bool odd, unsigned rm, bool sign) {
  switch (rm) {
    case GCN_RND_NEAREST_EVEN: return rest == 3 || (rest == 2 && odd);
    case GCN_RND_UP: return rest != 0 && !sign;
    case GCN_RND_DOWN: return rest != 0 && sign;
    default: return false; /* toward zero */
  }
}

/* v * 2^-sh rounded to an integer in mode rm, for a value of sign `sign`. */
static uint64_t round_shift(uint64_t v, uint32_t sh, unsigned rm, bool sign) {
  uint64_t kept;
  unsigned rest;
  if (sh == 0) return v;
  if (sh > 64) {
    kept = 0;
    rest = v != 0; /* v < 2^64 <= half a unit */
  } else {
    uint64_t rem = sh == 64 ? v : v & ((1ull << sh) - 1u);
    uint64_t half = 1ull << (sh - 1u);
    kept = sh == 64 ? 0 : v >> sh;
    rest = rem == 0 ? 0 : rem < half ? 1 : rem == half ? 2 : 3;
  }
  return kept + round_increment(rest, kept & 1u, rm, sign);
}

/* Overflow: infinity, or the largest finite value when the mode rounds toward zero. */
static uint32_t overflow_result(const fp_fmt *f, bool sign, unsigned rm) {
  bool to_inf = rm == GCN_RND_NEAREST_EVEN || (rm == GCN_RND_UP && !sign) ||
                (rm == GCN_RND_DOWN && sign);
  return (sign ? sign_bit(f) : 0) | (to_inf ? inf_bits(f) : max_finite(f));
}

/* Rounds (-1)^sign * sig * 2^exp (any sig, exact) to the format, denormals included, in
 * mode rm. The one place where results are rounded; no flushing here. */
static uint32_t round_pack(const fp_fmt *f, bool sign, int32_t exp, uint64_t sig, unsigned rm) {
  uint32_t s = sign ? sign_bit(f) : 0;
  if (sig == 0) return s;
  int32_t top = exp + msb64(sig); /* |value| in [2^top, 2^(top+1)) */
  int32_t q = (top < emin(f) ? emin(f) : top) - (int32_t)f->mbits; /* exponent of one ulp */
  int32_t sh = q - exp;
  uint64_t kept = sh <= 0 ? sig << -sh : round_shift(sig, (uint32_t)sh, rm, sign);
  if (kept >> (f->mbits + 1u)) { /* rounding carried into a new binade */
    kept >>= 1;
    q++;
  }
  if (kept >> f->mbits) { /* normal */
    int32_t be = q + (int32_t)f->mbits + f->bias;
    if (be >= (int32_t)exp_ones(f)) return overflow_result(f, sign, rm);
    return s | ((uint32_t)be << f->mbits) | ((uint32_t)kept & frac_mask(f));
  }
  return s | (uint32_t)kept; /* denormal, or zero after underflow */
}

/* The sign of an exact zero sum: the common sign, else +0 except toward -inf (IEEE 6.3). */
static uint32_t zero_sum(const fp_fmt *f, bool sa, bool sb, unsigned rm) {
  bool s = sa == sb ? sa : rm == GCN_RND_DOWN;
  return s ? sign_bit(f) : 0;
}

static void normalize62(fp_val *v) { /* v->sig != 0, at most 62 significant bits */
  int s = 62 - msb64(v->sig);
  v->sig <<= s;
  v->exp -= s;
}

/* a + b exactly, rounded once. Each operand has at most 48 significant bits (an f32
 * product), so after normalizing both to bit 62 an alignment shift of up to 14 loses
 * nothing, and for larger shifts the jammed sticky bit sits far below the rounding
 * position (cancellation is then at most one bit). */
static uint32_t add_vals(const fp_fmt *f, fp_val a, fp_val b, unsigned rm) {
  if (a.sig == 0 && b.sig == 0) return zero_sum(f, a.sign, b.sign, rm);
  if (a.sig == 0) return round_pack(f, b.sign, b.exp, b.sig, rm);
  if (b.sig == 0) return round_pack(f, a.sign, a.exp, a.sig, rm);
  normalize62(&a);
  normalize62(&b);
  if (a.exp < b.exp) {
    fp_val t = a;
    a = b;
    b = t;
  }
  b.sig = shr_jam(b.sig, (uint32_t)(a.exp - b.exp));
  if (a.sign == b.sign) return round_pack(f, a.sign, a.exp, a.sig + b.sig, rm);
  if (a.sig == b.sig) return zero_sum(f, a.sign, b.sign, rm);
  if (a.sig > b.sig) return round_pack(f, a.sign, a.exp, a.sig - b.sig, rm);
  return round_pack(f, b.sign, a.exp, b.sig - a.sig, rm);
}

/* The exact product (at most 2 x 24 = 48 significant bits). */
static fp_val mul_exact(fp_val a, fp_val b) {
  fp_val p;
  p.sign = a.sign != b.sign;
  p.exp = a.exp + b.exp;
  p.sig = a.sig * b.sig;
  return p;
}

/* ====================================================================================
 * 3. GCN specialization: every GCN-specific rule lives here
 * ==================================================================================== */

/* Invalid operations (inf - inf, 0 * inf, fma with them) give the default NaN:
 * 0x7FC00000 / 0x7E00 (gcn_semantics.md section 3, U: "0x7FC00000 is likely"). */
static uint32_t default_nan(const fp_fmt *f) { return inf_bits(f) | quiet_bit(f); }

/* A NaN operand becomes the result. With IEEE = 1 an sNaN is quieted by setting the quiet
 * bit only, payload and sign kept; with IEEE = 0 the NaN passes through unchanged
 * (gcn_semantics.md section 3, C). */
static uint32_t nan_result(const fp_fmt *f, uint32_t x, const gcn_fp_env *e) {
  return e->ieee ? x | quiet_bit(f) : x;
}

/* NaN operands: the first NaN in source order (src0, src1, src2) becomes the result, via
 * nan_result (section 3 is U on which payload wins when several are NaN; src0 first is
 * the choice). Returns false when no operand is a NaN. */
static bool nan_operand(const fp_fmt *f, const gcn_fp_env *e, unsigned n, const uint32_t *ops,
                        uint32_t *out) {
  for (unsigned i = 0; i < n; i++)
    if (is_nan(f, ops[i])) {
      *out = nan_result(f, ops[i], e);
      return true;
    }
  return false;
}

/* MODE.FP_DENORM input flushing: a denormal input reads as a zero of the same sign
 * (gcn_semantics.md section 2, sign kept is the U assumption stated there). */
static uint32_t flush_in(const fp_fmt *f, uint32_t x, const gcn_fp_env *e) {
  return e->flush_in && is_denormal(f, x) ? x & sign_bit(f) : x;
}

/* Output flushing: a result that is denormal after rounding to the format (with the
 * format's denormal precision) is written as a zero of its sign. A value that rounds up
 * to the smallest normal is kept (tininess judged on the rounded result). */
static uint32_t flush_out(const fp_fmt *f, uint32_t x, const gcn_fp_env *e) {
  return e->flush_out && is_denormal(f, x) ? x & sign_bit(f) : x;
}

/* V_MAD_F32 / V_MAC_F32 / V_MADMK / V_MADAK (and the legacy mad/mac) always flush f32
 * denormals in and out (gcn_semantics.md section 2, C: "v_mad_f32 does not support
 * denormals"). */
static gcn_fp_env mad_f32_env(const gcn_fp_env *e) {
  gcn_fp_env m = *e;
  m.flush_in = true;
  m.flush_out = true;
  return m;
}

/* IEEE comparison of two non-NaN values (-0 == +0). */
static int64_t order_key(const fp_fmt *f, uint32_t x) {
  int64_t m = (int64_t)magnitude(f, x);
  return sign_of(f, x) ? -m : m;
}
static bool lt(const fp_fmt *f, uint32_t a, uint32_t b) {
  return !is_nan(f, a) && !is_nan(f, b) && order_key(f, a) < order_key(f, b);
}
static bool gt(const fp_fmt *f, uint32_t a, uint32_t b) { return lt(f, b, a); }

/* V_MIN/MAX_F32/F16 selection (gcn_semantics.md section 3, C):
 *   1. IEEE && a sNaN -> quiet(a); else IEEE && b sNaN -> quiet(b)
 *   2. a NaN -> b; else b NaN -> a
 *   3. (+0, -0) in either order: max +0, min -0
 *   4. max = IEEE ? (a >= b ? a : b) : (a > b ? a : b); min = a < b ? a : b */
static uint32_t minmax_select(const fp_fmt *f, uint32_t a, uint32_t b, const gcn_fp_env *e,
                              bool is_max) {
  if (e->ieee && is_snan(f, a)) return a | quiet_bit(f);
  if (e->ieee && is_snan(f, b)) return b | quiet_bit(f);
  if (is_nan(f, a)) return b;
  if (is_nan(f, b)) return a;
  if (is_zero(f, a) && is_zero(f, b) && a != b) return is_max ? 0 : sign_bit(f);
  if (is_max) return (e->ieee ? !lt(f, a, b) : gt(f, a, b)) ? a : b;
  return lt(f, a, b) ? a : b;
}

/* V_MIN/MAX_LEGACY_F32: a < b ? a : b and a > b ? a : b, so any NaN (and a tie, +-0
 * included) selects b (section 3, C; ties U: the comparison as written). A selected sNaN
 * is quieted when IEEE = 1, as every IEEE-mode op does (choice). */
static uint32_t legacy_select(const fp_fmt *f, uint32_t a, uint32_t b, const gcn_fp_env *e,
                              bool is_max) {
  uint32_t r = (is_max ? gt(f, a, b) : lt(f, a, b)) ? a : b;
  return e->ieee && is_snan(f, r) ? r | quiet_bit(f) : r;
}

/* V_MUL_LEGACY_F32 (and the product of V_MAD/MAC_LEGACY_F32): +-0 times anything, even
 * inf or NaN, is +0.0 (section 3, C). Operands are already input-flushed. */
static bool legacy_zero_product(const fp_fmt *f, uint32_t a, uint32_t b) {
  return is_zero(f, a) || is_zero(f, b);
}

/* OMOD is ignored when the type's output denormals are enabled and when IEEE = 1
 * (gcn_semantics.md section 2, C). */
static bool omod_active(const gcn_fp_env *e) { return e->flush_out && !e->ieee; }
/* OMOD 1 = *2, 2 = *4, 3 = *0.5 (section 4, C): the power-of-two exponent. */
static int32_t omod_exponent(unsigned omod) {
  static const int32_t k[4] = {0, 1, 2, -1};
  return k[omod & 3u];
}

/* CLAMP to [0, 1] (section 4, C): NaN -> +0 when DX10_CLAMP, else the NaN passes
 * unchanged; negative values (and -inf) -> +0; above 1 (and +inf) -> 1.0; -0 stays -0
 * (choice, as LLVM's constant folding of clamp: only values < 0 become +0). */
static uint32_t clamp01(const fp_fmt *f, uint32_t x, const gcn_fp_env *e) {
  if (is_nan(f, x)) return e->dx10_clamp ? 0 : x;
  if (sign_of(f, x)) return is_zero(f, x) ? x : 0;
  return x > one_bits(f) ? one_bits(f) : x;
}

/* ====================================================================================
 * 4. Operations, generic over the format
 * ==================================================================================== */

/* a + (negate_b ? -b : b). A NaN operand is returned as it was read (sub does not flip
 * the sign of a NaN src1). */
static uint32_t op_add(const fp_fmt *f, uint32_t a, uint32_t b, bool negate_b,
                       const gcn_fp_env *e) {
  uint32_t ops[2], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  if (nan_operand(f, e, 2, ops, &nan)) return nan;
  if (negate_b) b ^= sign_bit(f);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_inf(f, a) && is_inf(f, b) && a != b) return default_nan(f);
    return is_inf(f, a) ? a : b;
  }
  uint32_t r = add_vals(f, unpack_finite(f, a), unpack_finite(f, b), e->round);
  return flush_out(f, r, e);
}

static uint32_t op_mul(const fp_fmt *f, uint32_t a, uint32_t b, const gcn_fp_env *e) {
  uint32_t ops[2], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  if (nan_operand(f, e, 2, ops, &nan)) return nan;
  bool s = sign_of(f, a) != sign_of(f, b);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_zero(f, a) || is_zero(f, b)) return default_nan(f);
    return (s ? sign_bit(f) : 0) | inf_bits(f);
  }
  fp_val p = mul_exact(unpack_finite(f, a), unpack_finite(f, b));
  return flush_out(f, round_pack(f, p.sign, p.exp, p.sig, e->round), e);
}

static uint32_t op_fma(const fp_fmt *f, uint32_t a, uint32_t b, uint32_t c,
                       const gcn_fp_env *e) {
  uint32_t ops[3], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  ops[2] = c = flush_in(f, c, e);
  if (nan_operand(f, e, 3, ops, &nan)) return nan;
  bool sp = sign_of(f, a) != sign_of(f, b);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_zero(f, a) || is_zero(f, b)) return default_nan(f);
    if (is_inf(f, c) && sign_of(f, c) != sp) return default_nan(f);
    return (sp ? sign_bit(f) : 0) | inf_bits(f);
  }
  if (is_inf(f, c)) return c;
  fp_val p = mul_exact(unpack_finite(f, a), unpack_finite(f, b));
  return flush_out(f, add_vals(f, p, unpack_finite(f, c), e->round), e);
}

/* Unfused multiply-add: NaN operands are resolved over (a, b, c) first, as for fma; then
 * the product is rounded and written (output flush), read back (input flush) and added. */
static uint32_t op_mad(const fp_fmt *f, uint32_t a, uint32_t b, uint32_t c,
                       const gcn_fp_env *e) {
  uint32_t ops[3] = {flush_in(f, a, e), flush_in(f, b, e), flush_in(f, c, e)}, nan;
  if (nan_operand(f, e, 3, ops, &nan)) return nan;
  return op_add(f, op_mul(f, a, b, e), c, false, e);
}

static uint32_t op_mad_legacy(const fp_fmt *f, uint32_t a, uint32_t b, uint32_t c,
                              const gcn_fp_env *e) {
  if (legacy_zero_product(f, flush_in(f, a, e), flush_in(f, b, e)))
    return op_add(f, 0 /* +0.0 */, c, false, e);
  return op_mad(f, a, b, c, e);
}

static uint32_t op_minmax(const fp_fmt *f, uint32_t a, uint32_t b, const gcn_fp_env *e,
                          bool flush_ok, bool is_max) {
  if (!flush_ok) return minmax_select(f, a, b, e, is_max);
  uint32_t r = minmax_select(f, flush_in(f, a, e), flush_in(f, b, e), e, is_max);
  return flush_out(f, r, e);
}

static uint32_t op_ldexp(const fp_fmt *f, uint32_t a, int32_t n, const gcn_fp_env *e) {
  a = flush_in(f, a, e);
  if (is_nan(f, a)) return nan_result(f, a, e);
  if (is_inf(f, a) || is_zero(f, a)) return a;
  /* Any |n| beyond 2^20 gives the same (saturated or underflowed) result. */
  if (n > (1 << 20)) n = 1 << 20;
  if (n < -(1 << 20)) n = -(1 << 20);
  fp_val v = unpack_finite(f, a);
  return flush_out(f, round_pack(f, v.sign, v.exp + n, v.sig, e->round), e);
}

/* OMOD first (an exact scaling of r by 2^k, rounded, overflow and output flush as for any
 * result; r itself is not input-flushed), then CLAMP (section 4: clamp after omod). */
static uint32_t op_omod_clamp(const fp_fmt *f, uint32_t r, unsigned omod, bool clamp,
                              const gcn_fp_env *e) {
  if ((omod & 3u) && omod_active(e) && !is_nan(f, r) && !is_inf(f, r) && !is_zero(f, r)) {
    fp_val v = unpack_finite(f, r);
    r = flush_out(f, round_pack(f, v.sign, v.exp + omod_exponent(omod), v.sig, e->round), e);
  }
  return clamp ? clamp01(f, r, e) : r;
}

/* ====================================================================================
 * 5. Public API
 * ==================================================================================== */

static gcn_fp_env env_from_mode(uint32_t mode, unsigned round_shift_, unsigned denorm_shift) {
  unsigned d = (mode >> denorm_shift) & 3u;
  gcn_fp_env e;
  e.round = (uint8_t)((mode >> round_shift_) & 3u);
  e.flush_in = (d & 1u) == 0;  /* 0 and 2 flush inputs */
  e.flush_out = (d & 2u) == 0; /* 0 and 1 flush outputs */
  e.ieee = (mode & GCN_MODE_IEEE) != 0;
  e.dx10_clamp = (mode & GCN_MODE_DX10_CLAMP) != 0;
  return e;
}
gcn_fp_env gcn_fp_env_f32(uint32_t mode) {
  return env_from_mode(mode, GCN_MODE_FP_ROUND_F32_SHIFT, GCN_MODE_FP_DENORM_F32_SHIFT);
}
gcn_fp_env gcn_fp_env_f16(uint32_t mode) {
  return env_from_mode(mode, GCN_MODE_FP_ROUND_F16_SHIFT, GCN_MODE_FP_DENORM_F16_SHIFT);
}

#define F32 (&FMT_F32)
#define F16 (&FMT_F16)

uint32_t gcn_f32_add(uint32_t a, uint32_t b, const gcn_fp_env *e) { return op_add(F32, a, b, false, e); }
uint32_t gcn_f32_sub(uint32_t a, uint32_t b, const gcn_fp_env *e) { return op_add(F32, a, b, true, e); }
uint32_t gcn_f32_mul(uint32_t a, uint32_t b, const gcn_fp_env *e) { return op_mul(F32, a, b, e); }
uint32_t gcn_f32_fma(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  return op_fma(F32, a, b, c, e);
}
uint32_t gcn_f32_mad(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  gcn_fp_env m = mad_f32_env(e);
  return op_mad(F32, a, b, c, &m);
}
uint32_t gcn_f32_min(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok) {
  return op_minmax(F32, a, b, e, flush_ok, false);
}
uint32_t gcn_f32_max(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok) {
  return op_minmax(F32, a, b, e, flush_ok, true);
}
uint32_t gcn_f32_ldexp(uint32_t a, uint32_t s1, const gcn_fp_env *e) {
  return op_ldexp(F32, a, (int32_t)s1, e);
}
uint32_t gcn_f32_mul_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  if (legacy_zero_product(F32, flush_in(F32, a, e), flush_in(F32, b, e))) return 0;
  return op_mul(F32, a, b, e);
}
uint32_t gcn_f32_mad_legacy(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  gcn_fp_env m = mad_f32_env(e);
  return op_mad_legacy(F32, a, b, c, &m);
}
uint32_t gcn_f32_min_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  return legacy_select(F32, a, b, e, false);
}
uint32_t gcn_f32_max_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  return legacy_select(F32, a, b, e, true);
}

uint16_t gcn_f16_add(uint16_t a, uint16_t b, const gcn_fp_env *e) {
  return (uint16_t)op_add(F16, a, b, false, e);
}
uint16_t gcn_f16_sub(uint16_t a, uint16_t b, const gcn_fp_env *e) {
  return (uint16_t)op_add(F16, a, b, true, e);
}
uint16_t gcn_f16_mul(uint16_t a, uint16_t b, const gcn_fp_env *e) { return (uint16_t)op_mul(F16, a, b, e); }
uint16_t gcn_f16_fma(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e) {
  return (uint16_t)op_fma(F16, a, b, c, e);
}
uint16_t gcn_f16_mad(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e) {
  return (uint16_t)op_mad(F16, a, b, c, e);
}
uint16_t gcn_f16_min(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok) {
  return (uint16_t)op_minmax(F16, a, b, e, flush_ok, false);
}
uint16_t gcn_f16_max(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok) {
  return (uint16_t)op_minmax(F16, a, b, e, flush_ok, true);
}
uint16_t gcn_f16_ldexp(uint16_t a, uint32_t s1, const gcn_fp_env *e) {
  /* The exponent is the low 16 bits of S1 read as signed: truncation, not saturation
   * (gcn_semantics.md section 6, C). */
  return (uint16_t)op_ldexp(F16, a, (int16_t)(uint16_t)(s1 & 0xFFFFu), e);
}

/* f32 -> f16 rounding toward zero; NaN always quieted keeping the top 10 fraction bits. */
static uint16_t cvt_f16_rtz(uint32_t x, const gcn_fp_env *e16) {
  uint32_t s16 = (x >> 16) & 0x8000u;
  if (is_nan(F32, x)) return (uint16_t)(s16 | 0x7C00u | 0x0200u | ((x >> 13) & 0x03FFu));
  if (is_inf(F32, x)) return (uint16_t)(s16 | 0x7C00u);
  fp_val v = unpack_finite(F32, x);
  return (uint16_t)flush_out(F16, round_pack(F16, v.sign, v.exp, v.sig, GCN_RND_ZERO), e16);
}
uint32_t gcn_cvt_pkrtz_f16_f32(uint32_t s0, uint32_t s1, const gcn_fp_env *e16) {
  return ((uint32_t)cvt_f16_rtz(s1, e16) << 16) | cvt_f16_rtz(s0, e16);
}

/* clamp(rne(x * k), lo, k), NaN -> 0, with the product exact. */
static uint16_t norm16(uint32_t x, uint32_t k, int32_t lo) {
  if (is_nan(F32, x)) return 0;
  bool neg = sign_of(F32, x);
  int32_t r;
  if (magnitude(F32, x) >= 0x40000000u) { /* |x| >= 2.0, inf included: saturates */
    r = neg ? lo : (int32_t)k;
  } else {
    fp_val v = unpack_finite(F32, x); /* v.exp <= -23 here */
    uint64_t n = round_shift(v.sig * k, (uint32_t)-v.exp, GCN_RND_NEAREST_EVEN, neg);
    if (n > k) n = k;
    r = neg ? -(int32_t)n : (int32_t)n;
    if (r < lo) r = lo;
  }
  return (uint16_t)(uint32_t)r;
}
uint32_t gcn_cvt_pknorm_i16_f32(uint32_t s0, uint32_t s1) {
  return ((uint32_t)norm16(s1, 32767u, -32767) << 16) | norm16(s0, 32767u, -32767);
}
uint32_t gcn_cvt_pknorm_u16_f32(uint32_t s0, uint32_t s1) {
  return ((uint32_t)norm16(s1, 65535u, 0) << 16) | norm16(s0, 65535u, 0);
}

uint8_t gcn_cvt_pkaccum_u8_f32(uint32_t s0, const gcn_fp_env *e) {
  uint32_t x = flush_in(F32, s0, e);
  if (is_nan(F32, x) || sign_of(F32, x)) return 0; /* NaN -> 0; negatives round to <= 0 */
  if (x >= 0x43800000u) return 255;                /* >= 256.0, +inf included */
  fp_val v = unpack_finite(F32, x);                /* v.exp <= -16 here */
  uint64_t n = round_shift(v.sig, (uint32_t)-v.exp, e->round, false);
  return (uint8_t)(n > 255 ? 255 : n);
}

uint32_t gcn_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, const gcn_fp_env *e) {
  return op_omod_clamp(F32, r, omod, clamp, e);
}
uint16_t gcn_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, const gcn_fp_env *e) {
  return (uint16_t)op_omod_clamp(F16, r, omod, clamp, e);
}

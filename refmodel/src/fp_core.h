/* gcnref float core, shared by the fp*.c files (internal; not part of the public API).
 *
 *   1. format table       width-generic field helpers for f16, f32 and f64 (encodings are
 *                         held in uint64_t whatever the width)
 *   2. IEEE core          unpack, one rounding block, round-and-pack, exact add and mul
 *   3. GCN specialization every GCN-specific rule, each in one small function: default NaN,
 *                         NaN quieting and propagation, denormal flushing, forced flush of
 *                         v_mad_f32, min/max selection, legacy rules, OMOD, CLAMP
 * The operations are in fp.c (arithmetic), fp_cvt.c (conversions, rounding ops, frexp),
 * fp_cmp.c (compares, class, med3/min3/max3), fp_div.c (div_scale/fmas/fixup) and
 * fp_trans.c (transcendentals). docs/float.md lists every rule and where it comes from.
 * Integer arithmetic only: results never depend on the host FPU. */
#ifndef GCNREF_FP_CORE_H
#define GCNREF_FP_CORE_H

#include "gcnref/fp.h"

typedef unsigned __int128 u128;

/* ====================================================================================
 * 1. Format table
 * ==================================================================================== */

typedef struct {
  unsigned ebits; /* exponent field width */
  unsigned mbits; /* fraction field width (precision - 1) */
  int32_t bias;
} fp_fmt;

static const fp_fmt FMT_F16 = {5, 10, 15};
static const fp_fmt FMT_F32 = {8, 23, 127};
static const fp_fmt FMT_F64 = {11, 52, 1023};
#define F16 (&FMT_F16)
#define F32 (&FMT_F32)
#define F64 (&FMT_F64)

static inline uint64_t bit64(unsigned n) { return (uint64_t)1 << n; }
static inline uint64_t sign_bit(const fp_fmt *f) { return bit64(f->ebits + f->mbits); }
static inline uint64_t exp_ones(const fp_fmt *f) { return bit64(f->ebits) - 1u; }
static inline uint64_t frac_mask(const fp_fmt *f) { return bit64(f->mbits) - 1u; }
static inline uint64_t quiet_bit(const fp_fmt *f) { return bit64(f->mbits - 1u); }
static inline uint64_t inf_bits(const fp_fmt *f) { return exp_ones(f) << f->mbits; }
static inline uint64_t max_finite(const fp_fmt *f) { return inf_bits(f) - 1u; }
static inline uint64_t one_bits(const fp_fmt *f) { return (uint64_t)f->bias << f->mbits; }
static inline int32_t emin(const fp_fmt *f) { return 1 - f->bias; } /* smallest normal's exponent */

static inline uint64_t exp_field(const fp_fmt *f, uint64_t x) { return (x >> f->mbits) & exp_ones(f); }
static inline uint64_t magnitude(const fp_fmt *f, uint64_t x) { return x & (sign_bit(f) - 1u); }
static inline bool sign_of(const fp_fmt *f, uint64_t x) { return (x & sign_bit(f)) != 0; }
static inline bool is_nan(const fp_fmt *f, uint64_t x) { return magnitude(f, x) > inf_bits(f); }
static inline bool is_snan(const fp_fmt *f, uint64_t x) { return is_nan(f, x) && !(x & quiet_bit(f)); }
static inline bool is_inf(const fp_fmt *f, uint64_t x) { return magnitude(f, x) == inf_bits(f); }
static inline bool is_zero(const fp_fmt *f, uint64_t x) { return magnitude(f, x) == 0; }
static inline bool is_denormal(const fp_fmt *f, uint64_t x) {
  return exp_field(f, x) == 0 && (x & frac_mask(f)) != 0;
}
static inline uint64_t signed_inf(const fp_fmt *f, bool s) { return (s ? sign_bit(f) : 0) | inf_bits(f); }
static inline uint64_t signed_zero(const fp_fmt *f, bool s) { return s ? sign_bit(f) : 0; }

/* ====================================================================================
 * 2. IEEE core (no GCN rules here)
 * ==================================================================================== */

/* A finite value (-1)^sign * sig * 2^exp; sig == 0 is a zero of that sign. */
typedef struct {
  bool sign;
  int32_t exp;
  u128 sig;
} fp_val;

static inline fp_val unpack_finite(const fp_fmt *f, uint64_t x) {
  fp_val v;
  uint64_t be = exp_field(f, x), fr = x & frac_mask(f);
  v.sign = sign_of(f, x);
  if (be == 0) { /* zero or denormal */
    v.sig = fr;
    v.exp = emin(f) - (int32_t)f->mbits;
  } else {
    v.sig = fr | bit64(f->mbits);
    v.exp = (int32_t)be - f->bias - (int32_t)f->mbits;
  }
  return v;
}

static inline int msb128(u128 v) { /* v != 0 */
  uint64_t hi = (uint64_t)(v >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)v);
}

/* Right shift that ORs every shifted-out bit into bit 0 (sticky). */
static inline u128 shr_jam(u128 v, uint32_t n) {
  if (n == 0) return v;
  if (n >= 128) return v != 0;
  return (v >> n) | ((v & (((u128)1 << n) - 1u)) != 0);
}

/* The rounding block: whether to add one unit to the kept part, from the position of the
 * discarded part (0 = none, 1 = below half a unit, 2 = exactly half, 3 = above half), the
 * kept part's lowest bit, the mode and the sign of the value. */
static inline bool round_increment(unsigned rest, bool odd, unsigned rm, bool sign) {
  switch (rm) {
    case GCN_RND_NEAREST_EVEN: return rest == 3 || (rest == 2 && odd);
    case GCN_RND_UP: return rest != 0 && !sign;
    case GCN_RND_DOWN: return rest != 0 && sign;
    default: return false; /* toward zero */
  }
}

/* v * 2^-sh rounded to an integer in mode rm, for a value of sign `sign`. */
static inline u128 round_shift(u128 v, uint32_t sh, unsigned rm, bool sign) {
  u128 kept;
  unsigned rest;
  if (sh == 0) return v;
  if (sh > 128) {
    kept = 0;
    rest = v != 0; /* v < 2^128 <= half a unit */
  } else {
    u128 rem = sh == 128 ? v : v & (((u128)1 << sh) - 1u);
    u128 half = (u128)1 << (sh - 1u);
    kept = sh == 128 ? 0 : v >> sh;
    rest = rem == 0 ? 0 : rem < half ? 1 : rem == half ? 2 : 3;
  }
  return kept + round_increment(rest, (bool)(kept & 1u), rm, sign);
}

/* GCN_FP_FAULT (tests/faults/, docs/coverage.md "Float rule faults"): a test build of the
 * float core with one rule changed, never the model: 1 OMOD rounds to nearest even
 * whatever MODE says, 2 CLAMP before OMOD, 3 overflow gives infinity in every rounding
 * mode, 4 output flushing judges tininess before rounding (a result that rounds up to the
 * smallest normal is flushed). */
#ifndef GCN_FP_FAULT
#define GCN_FP_FAULT 0
#endif
#if GCN_FP_FAULT == 4
static bool fp_fault_tiny; /* the last rounding lifted a tiny value to the smallest normal */
#endif

/* Overflow: infinity, or the largest finite value when the mode rounds toward zero. */
static inline uint64_t overflow_result(const fp_fmt *f, bool sign, unsigned rm) {
  bool to_inf = GCN_FP_FAULT == 3 || rm == GCN_RND_NEAREST_EVEN || (rm == GCN_RND_UP && !sign) ||
                (rm == GCN_RND_DOWN && sign);
  return signed_zero(f, sign) | (to_inf ? inf_bits(f) : max_finite(f));
}

/* Rounds (-1)^sign * sig * 2^exp (any sig, exact; a sticky bit 0 below the rounding
 * position is allowed) to the format, denormals included, in mode rm. The one place where
 * results are rounded; no flushing here. */
static inline uint64_t round_pack(const fp_fmt *f, bool sign, int32_t exp, u128 sig, unsigned rm) {
  uint64_t s = signed_zero(f, sign);
  if (sig == 0) return s;
  int32_t top = exp + msb128(sig); /* |value| in [2^top, 2^(top+1)) */
  int32_t q = (top < emin(f) ? emin(f) : top) - (int32_t)f->mbits; /* exponent of one ulp */
  int32_t sh = q - exp;
  u128 kept = sh <= 0 ? sig << -sh : round_shift(sig, (uint32_t)sh, rm, sign);
  if (kept >> (f->mbits + 1u)) { /* rounding carried into a new binade */
    kept >>= 1;
    q++;
  }
#if GCN_FP_FAULT == 4
  fp_fault_tiny = top < emin(f) && (kept >> f->mbits);
#endif
  if (kept >> f->mbits) { /* normal */
    int32_t be = q + (int32_t)f->mbits + f->bias;
    if (be >= (int32_t)exp_ones(f)) return overflow_result(f, sign, rm);
    return s | ((uint64_t)be << f->mbits) | ((uint64_t)kept & frac_mask(f));
  }
  return s | (uint64_t)kept; /* denormal, or zero after underflow */
}

/* The sign of an exact zero sum: the common sign, else +0 except toward -inf (IEEE 6.3). */
static inline uint64_t zero_sum(const fp_fmt *f, bool sa, bool sb, unsigned rm) {
  return signed_zero(f, sa == sb ? sa : rm == GCN_RND_DOWN);
}

static inline void normalize126(fp_val *v) { /* v->sig != 0, at most 126 significant bits */
  int s = 126 - msb128(v->sig);
  v->sig <<= s;
  v->exp -= s;
}

/* a + b exactly, rounded once. Each operand has at most 106 significant bits (an f64
 * product), so after normalizing both to bit 126 an alignment shift of up to 20 loses
 * nothing, and for larger shifts the jammed sticky bit sits far below the rounding
 * position (cancellation is then at most one bit). */
static inline uint64_t add_vals(const fp_fmt *f, fp_val a, fp_val b, unsigned rm) {
  if (a.sig == 0 && b.sig == 0) return zero_sum(f, a.sign, b.sign, rm);
  if (a.sig == 0) return round_pack(f, b.sign, b.exp, b.sig, rm);
  if (b.sig == 0) return round_pack(f, a.sign, a.exp, a.sig, rm);
  normalize126(&a);
  normalize126(&b);
  if (a.exp < b.exp) {
    fp_val t = a;
    a = b;
    b = t;
  }
  b.sig = shr_jam(b.sig, (uint32_t)(a.exp - b.exp));
  if (a.sign == b.sign) return round_pack(f, a.sign, a.exp, a.sig + b.sig, rm); /* < 2^128 */
  if (a.sig == b.sig) return zero_sum(f, a.sign, b.sign, rm);
  if (a.sig > b.sig) return round_pack(f, a.sign, a.exp, a.sig - b.sig, rm);
  return round_pack(f, b.sign, a.exp, b.sig - a.sig, rm);
}

/* The exact product (at most 2 x 53 = 106 significant bits). */
static inline fp_val mul_exact(fp_val a, fp_val b) {
  fp_val p;
  p.sign = a.sign != b.sign;
  p.exp = a.exp + b.exp;
  p.sig = a.sig * b.sig;
  return p;
}

/* ====================================================================================
 * 3. GCN specialization: every GCN-specific rule lives here
 * ==================================================================================== */

/* Invalid operations of the arithmetic family (inf - inf, 0 * inf, fma with them; f16,
 * f32 and f64 add/sub/mul/fma/mad, ldexp, omod): 0x7E00 / 0x7FC00000 /
 * 0x7FF8000000000000 (docs/float.md "Default NaN": no source settles these, the choice
 * is kept). */
static inline uint64_t default_nan(const fp_fmt *f) { return inf_bits(f) | quiet_bit(f); }

/* Invalid operations of the families AMD's published pseudocode shows (gcn_semantics.md
 * section 9: v_log, v_rsq, v_sqrt, v_sin, v_cos, v_div_fixup, v_rcp and the other
 * transcendentals): the sign is set, 0xFE00 / 0xFFC00000 / 0xFFF8000000000000. */
static inline uint64_t default_nan_neg(const fp_fmt *f) { return default_nan(f) | sign_bit(f); }

/* A NaN operand becomes the result. With IEEE = 1 an sNaN is quieted by setting the quiet
 * bit only, payload and sign kept; with IEEE = 0 the NaN passes through unchanged
 * (gcn_semantics.md section 3, C). */
static inline uint64_t nan_result(const fp_fmt *f, uint64_t x, const gcn_fp_env *e) {
  return e->ieee ? x | quiet_bit(f) : x;
}

/* NaN operands: the first NaN in source order (src0, src1, src2) becomes the result, via
 * nan_result (section 3 is U on which payload wins when several are NaN; src0 first is
 * the choice). Returns false when no operand is a NaN. */
static inline bool nan_operand(const fp_fmt *f, const gcn_fp_env *e, unsigned n,
                               const uint64_t *ops, uint64_t *out) {
  for (unsigned i = 0; i < n; i++)
    if (is_nan(f, ops[i])) {
      *out = nan_result(f, ops[i], e);
      return true;
    }
  return false;
}

/* MODE.FP_DENORM input flushing: a denormal input reads as a zero of the same sign
 * (gcn_semantics.md section 2, sign kept is the U assumption stated there). */
static inline uint64_t flush_in(const fp_fmt *f, uint64_t x, const gcn_fp_env *e) {
  return e->flush_in && is_denormal(f, x) ? x & sign_bit(f) : x;
}

/* Output flushing: a result that is denormal after rounding to the format (with the
 * format's denormal precision) is written as a zero of its sign. A value that rounds up
 * to the smallest normal is kept (tininess judged on the rounded result). */
static inline uint64_t flush_out(const fp_fmt *f, uint64_t x, const gcn_fp_env *e) {
#if GCN_FP_FAULT == 4
  if (e->flush_out && fp_fault_tiny && magnitude(f, x) == (uint64_t)1 << f->mbits) return x & sign_bit(f);
#endif
  return e->flush_out && is_denormal(f, x) ? x & sign_bit(f) : x;
}

/* An env with every denormal flushed (v_mad_f32, the f32 transcendentals) or kept. */
static inline gcn_fp_env env_flushing(const gcn_fp_env *e, bool flush) {
  gcn_fp_env m = *e;
  m.flush_in = flush;
  m.flush_out = flush;
  return m;
}

/* IEEE comparison of two non-NaN values (-0 == +0). */
static inline int order_cmp(const fp_fmt *f, uint64_t a, uint64_t b) {
  uint64_t ma = magnitude(f, a), mb = magnitude(f, b);
  if (ma == 0 && mb == 0) return 0;
  bool sa = sign_of(f, a), sb = sign_of(f, b);
  if (sa != sb) return sa ? -1 : 1;
  if (ma == mb) return 0;
  return ((ma < mb) != sa) ? -1 : 1;
}
static inline bool lt(const fp_fmt *f, uint64_t a, uint64_t b) {
  return !is_nan(f, a) && !is_nan(f, b) && order_cmp(f, a, b) < 0;
}
static inline bool gt(const fp_fmt *f, uint64_t a, uint64_t b) { return lt(f, b, a); }

/* V_MIN/MAX selection (gcn_semantics.md section 3, C):
 *   1. IEEE && a sNaN -> quiet(a); else IEEE && b sNaN -> quiet(b)
 *   2. a NaN -> b; else b NaN -> a
 *   3. (+0, -0) in either order: max +0, min -0
 *   4. max = IEEE ? (a >= b ? a : b) : (a > b ? a : b); min = a < b ? a : b */
static inline uint64_t minmax_select(const fp_fmt *f, uint64_t a, uint64_t b,
                                     const gcn_fp_env *e, bool is_max) {
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
static inline uint64_t legacy_select(const fp_fmt *f, uint64_t a, uint64_t b,
                                     const gcn_fp_env *e, bool is_max) {
  uint64_t r = (is_max ? gt(f, a, b) : lt(f, a, b)) ? a : b;
  return e->ieee && is_snan(f, r) ? r | quiet_bit(f) : r;
}

/* V_MUL_LEGACY_F32 (and the product of V_MAD/MAC_LEGACY_F32): +-0 times anything, even
 * inf or NaN, is +0.0 (section 3, C). Operands are already input-flushed. */
static inline bool legacy_zero_product(const fp_fmt *f, uint64_t a, uint64_t b) {
  return is_zero(f, a) || is_zero(f, b);
}

/* OMOD is ignored when the type's output denormals are enabled and when IEEE = 1
 * (gcn_semantics.md section 2, C). */
static inline bool omod_active(const gcn_fp_env *e) { return e->flush_out && !e->ieee; }
/* OMOD 1 = *2, 2 = *4, 3 = *0.5 (section 4, C): the power-of-two exponent. */
static inline int32_t omod_exponent(unsigned omod) {
  static const int32_t k[4] = {0, 1, 2, -1};
  return k[omod & 3u];
}

/* CLAMP to [0, 1] (section 4, C): NaN -> +0 when DX10_CLAMP, else the NaN passes
 * unchanged; negative values (and -inf) -> +0; above 1 (and +inf) -> 1.0; -0 stays -0
 * (choice, as LLVM's constant folding of clamp: only values < 0 become +0). */
static inline uint64_t clamp01(const fp_fmt *f, uint64_t x, const gcn_fp_env *e) {
  if (is_nan(f, x)) return e->dx10_clamp ? 0 : x;
  if (sign_of(f, x)) return is_zero(f, x) ? x : 0;
  return x > one_bits(f) ? one_bits(f) : x;
}

/* a * 2^n rounded in the env's mode (no NaN/inf/zero handling; a finite). */
static inline uint64_t scale_finite(const fp_fmt *f, uint64_t a, int32_t n, unsigned rm) {
  if (n > (1 << 20)) n = 1 << 20; /* beyond this every result is the same */
  if (n < -(1 << 20)) n = -(1 << 20);
  fp_val v = unpack_finite(f, a);
  return round_pack(f, v.sign, v.exp + n, v.sig, rm);
}

/* fp.c's fused multiply-add, for fp_div.c (div_fmas). */
uint64_t gcn_fp_fma_bits(const fp_fmt *f, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e);

#endif

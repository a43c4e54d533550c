/* gcnref float conversions and rounding ops: float <-> float, float <-> integer (trunc,
 * floor, round-half-up), the packing conversions, trunc/ceil/floor/rndne/fract and frexp,
 * on f16, f32 and f64. Rules and sources: docs/float.md "Conversions" and "Rounding ops". */
#include "fp_core.h"

static const fp_fmt *fmt_of(gcn_fp_type t) { return t == GCN_FP16 ? F16 : t == GCN_FP64 ? F64 : F32; }

gcn_fp_env gcn_fp_env_of(gcn_fp_type t, uint32_t mode) {
  return t == GCN_FP32 ? gcn_fp_env_f32(mode) : gcn_fp_env_f16(mode); /* f64 shares f16's */
}

/* ------------------------------------------------------------------ float <-> float */

/* x (format `from`) in format `to`: input flush by the source type's env, rounding and
 * output flush by the destination type's env. NaN: sign kept, payload moved to the top of
 * the new fraction (narrowing drops the low bits); quieted when IEEE = 1 and always by a
 * narrowing conversion (v_cvt_f16_f32 always quiets, gcn_semantics.md section 3, C;
 * v_cvt_f32_f64 by analogy, which also keeps a NaN whose payload was only low bits). */
static uint64_t cvt_float(const fp_fmt *to, const fp_fmt *from, uint64_t x,
                          const gcn_fp_env *ein, const gcn_fp_env *eout) {
  x = flush_in(from, x, ein);
  bool s = sign_of(from, x);
  if (is_nan(from, x)) {
    uint64_t pay = x & frac_mask(from);
    pay = to->mbits >= from->mbits ? pay << (to->mbits - from->mbits) : pay >> (from->mbits - to->mbits);
    bool quiet = ein->ieee || to->mbits < from->mbits;
    return signed_inf(to, s) | pay | (quiet ? quiet_bit(to) : 0);
  }
  if (is_inf(from, x)) return signed_inf(to, s);
  fp_val v = unpack_finite(from, x);
  return flush_out(to, round_pack(to, v.sign, v.exp, v.sig, eout->round), eout);
}

uint64_t gcn_fp_cvt(gcn_fp_type to, gcn_fp_type from, uint64_t x, uint32_t mode) {
  gcn_fp_env ein = gcn_fp_env_of(from, mode), eout = gcn_fp_env_of(to, mode);
  return cvt_float(fmt_of(to), fmt_of(from), x, &ein, &eout);
}

/* ------------------------------------------------------------------ integers */

/* An integer in a float format, rounded in e->round (integer -> float is correctly
 * rounded, section 9); overflow (u16 65520 and up in f16) per the mode. */
uint64_t gcn_fp_from_int(gcn_fp_type to, int64_t v, const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(to);
  bool s = v < 0;
  uint64_t m = s ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  if (m == 0) return 0;
  return round_pack(f, s, 0, m, e->round);
}

/* x rounded to an integer value (exact, as a signed 65-bit magnitude clipped to 2^64)
 * in mode rm; returns the magnitude, saturated at 2^63. */
static uint64_t int_magnitude(const fp_fmt *f, uint64_t x, unsigned rm) {
  fp_val v = unpack_finite(f, x);
  if (v.sig == 0) return 0;
  if (v.exp >= 0) return v.exp + msb128(v.sig) >= 63 ? (uint64_t)1 << 63 : (uint64_t)(v.sig << v.exp);
  u128 n = round_shift(v.sig, (uint32_t)-v.exp, rm, v.sign);
  return n >> 63 ? (uint64_t)1 << 63 : (uint64_t)n;
}

/* float -> integer: NaN -> 0 (section 8 item 8), input flush, rounding how (TRUNC, FLOOR,
 * RPI = floor(x + 0.5) computed exactly), saturation to [lo, hi] (+-inf included). */
int64_t gcn_fp_to_int(gcn_fp_type from, uint64_t x, gcn_fp_int_round how, int64_t lo,
                      int64_t hi, const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(from);
  x = flush_in(f, x, e);
  if (is_nan(f, x)) return 0;
  bool s = sign_of(f, x);
  if (is_inf(f, x)) return s ? lo : hi;
  uint64_t m;
  if (how == GCN_CVT_RPI) { /* floor(x + 1/2), exact: floor((+-sig + 2^(k-1)) / 2^k) */
    fp_val v = unpack_finite(f, x);
    if (v.exp >= 0) {
      m = int_magnitude(f, x, GCN_RND_ZERO);
    } else if (v.exp < -120) { /* |x| < 2^-60 */
      return 0;
    } else {
      unsigned k = (unsigned)-v.exp;
      __int128 n = (s ? -(__int128)v.sig : (__int128)v.sig) + ((__int128)1 << (k - 1));
      n >>= k; /* arithmetic shift: floor */
      return n < lo ? lo : n > hi ? hi : (int64_t)n;
    }
  } else {
    m = int_magnitude(f, x, how == GCN_CVT_FLOOR ? GCN_RND_DOWN : GCN_RND_ZERO);
  }
  if (s) return m > (uint64_t)-lo ? lo : -(int64_t)m;
  return m > (uint64_t)hi ? hi : (int64_t)m;
}

/* V_CVT_OFF_F32_I4: S0[3:0] as a signed 4-bit integer, divided by 16 (section 8 item 8:
 * a 16-entry table, -0.5 .. 0.4375, every entry exact). */
uint32_t gcn_cvt_off_f32_i4(uint32_t s0) {
  int32_t n = (int32_t)((s0 & 0xFu) ^ 8u) - 8;
  gcn_fp_env e = gcn_fp_env_f32(0);
  return (uint32_t)scale_finite(F32, gcn_fp_from_int(GCN_FP32, n, &e), -4, GCN_RND_NEAREST_EVEN);
}

/* ------------------------------------------------------------------ packing conversions */

/* f32 -> f16 rounding toward zero; NaN always quieted keeping the top 10 fraction bits. */
static uint16_t cvt_f16_rtz(uint32_t x, const gcn_fp_env *e16) {
  gcn_fp_env ein = *e16, eout = *e16;
  ein.flush_in = false; /* an f32 denormal truncates to +-0 in f16 anyway */
  eout.round = GCN_RND_ZERO;
  return (uint16_t)cvt_float(F16, F32, x, &ein, &eout);
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
    u128 n = round_shift(v.sig * k, (uint32_t)-v.exp, GCN_RND_NEAREST_EVEN, neg);
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
  uint64_t x = flush_in(F32, s0, e);
  if (is_nan(F32, x) || sign_of(F32, x)) return 0; /* NaN -> 0; negatives round to <= 0 */
  if (x >= 0x43800000u) return 255;                /* >= 256.0, +inf included */
  fp_val v = unpack_finite(F32, x);                /* v.exp <= -16 here */
  u128 n = round_shift(v.sig, (uint32_t)-v.exp, e->round, false);
  return (uint8_t)(n > 255 ? 255 : n);
}

/* ------------------------------------------------------------------ rounding ops */

/* x rounded to an integral value in mode rm (TRUNC = toward zero, FLOOR, CEIL, RNE); the
 * sign is kept (trunc(-0.5) = -0, ceil(-0.5) = -0). Exact: no flags, no output flush
 * needed (an integral value is never denormal). */
static uint64_t round_integral(const fp_fmt *f, uint64_t x, unsigned rm) {
  fp_val v = unpack_finite(f, x);
  if (v.exp >= 0 || v.sig == 0) return x;
  u128 n = round_shift(v.sig, (uint32_t)-v.exp, rm, v.sign);
  return round_pack(f, v.sign, 0, n, GCN_RND_ZERO) | signed_zero(f, v.sign);
}

static unsigned rm_of(gcn_fp_int_round how) {
  switch (how) {
    case GCN_CVT_FLOOR: return GCN_RND_DOWN;
    case GCN_CVT_CEIL: return GCN_RND_UP;
    case GCN_CVT_RNE: return GCN_RND_NEAREST_EVEN;
    default: return GCN_RND_ZERO;
  }
}

/* V_TRUNC/CEIL/FLOOR/RNDNE_F16/F32/F64: input flush, NaN operand (quieted with IEEE),
 * +-inf and +-0 unchanged, else the integral value. */
uint64_t gcn_fp_round_integral(gcn_fp_type t, uint64_t x, gcn_fp_int_round how,
                               const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  x = flush_in(f, x, e);
  if (is_nan(f, x)) return nan_result(f, x, e);
  if (is_inf(f, x)) return x;
  return round_integral(f, x, rm_of(how));
}

/* V_FRACT: min(x - floor(x), the largest value below 1.0) (gcn_semantics.md section 8
 * item 7 and section 9: the subtraction rounds in the env's mode, then the clamp). The
 * difference is exact except for tiny negative x, where it rounds (to 1.0 in RNE, then
 * clamped). NaN -> the NaN; +-inf -> the default NaN (inf - inf). *undef (may be NULL) is
 * set when the result is one the SI erratum leaves open: the unclamped difference rounded
 * to 1.0 (gcn10's V_FRACT is "buggy", section 8 item 7; docs/float.md). */
uint64_t gcn_fp_fract(gcn_fp_type t, uint64_t x, const gcn_fp_env *e, bool *undef) {
  const fp_fmt *f = fmt_of(t);
  if (undef) *undef = false;
  x = flush_in(f, x, e);
  if (is_nan(f, x)) return nan_result(f, x, e);
  if (is_inf(f, x)) return default_nan(f);
  uint64_t fl = round_integral(f, x, GCN_RND_DOWN);
  uint64_t r = add_vals(f, unpack_finite(f, x), unpack_finite(f, fl ^ sign_bit(f)), e->round);
  r = flush_out(f, r, e);
  uint64_t below_one = one_bits(f) - 1u;
  if (!sign_of(f, r) && r > below_one) {
    if (undef) *undef = true;
    r = below_one;
  }
  return r;
}

/* V_FREXP_MANT: x = mant * 2^exp with |mant| in [0.5, 1); +-inf and NaN give the input
 * (NaN quieted with IEEE), +-0 gives +-0 (section 8 item 7, section 9). Denormal inputs
 * are normalized (after the input flush). */
uint64_t gcn_fp_frexp_mant(gcn_fp_type t, uint64_t x, const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  x = flush_in(f, x, e);
  if (is_nan(f, x)) return nan_result(f, x, e);
  if (is_inf(f, x) || is_zero(f, x)) return x;
  fp_val v = unpack_finite(f, x);
  return round_pack(f, v.sign, -msb128(v.sig) - 1, v.sig, GCN_RND_ZERO);
}

/* V_FREXP_EXP: the exponent of frexp (floor(log2|x|) + 1); 0 for +-0, +-inf and NaN. */
int32_t gcn_fp_frexp_exp(gcn_fp_type t, uint64_t x, const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  x = flush_in(f, x, e);
  if (is_nan(f, x) || is_inf(f, x) || is_zero(f, x)) return 0;
  fp_val v = unpack_finite(f, x);
  return v.exp + msb128(v.sig) + 1;
}

/* gcnref transcendentals: v_rcp, v_rsq, v_sqrt, v_log, v_exp, v_sin, v_cos and their
 * f16, f64, _iflag, _clamp and _legacy forms.
 *
 * No public source defines their bits (gcn_semantics.md section 8 item 4). The model's
 * one defined result (docs/float.md "Approximate results"): the exact function value
 * rounded to nearest even (whatever MODE's rounding field says), from an integer
 * evaluation with at least 56 correct bits (rcp and sqrt, and rsq on f16/f32, are exact
 * before the rounding, so correctly rounded); the special cases of section 9 exact; the
 * ISA table's approx=N bound is what a comparison with hardware accepts. */
#include "fp_core.h"

static const fp_fmt *fmt_of(gcn_fp_type t) { return t == GCN_FP16 ? F16 : t == GCN_FP64 ? F64 : F32; }

/* ------------------------------------------------------------------ integer helpers */

static uint64_t isqrt128(u128 n, bool *exact) { /* floor(sqrt(n)) */
  u128 r = 0, bit = (u128)1 << 126;
  while (bit > n) bit >>= 2;
  while (bit) {
    if (n >= r + bit) {
      n -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  *exact = n == 0;
  return (uint64_t)r;
}

/* q with a sticky bit: the value q + (inexact ? a half-open fraction : 0), as 2q + s at
 * one exponent lower. */
static u128 with_sticky(u128 q, bool inexact) { return (q << 1) | inexact; }

static uint64_t mulhi64(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a * b) >> 64); }

/* 2^(2^-i) in Q1.63, i = 1..64 (math constants). */
static const uint64_t EXP2_POW[64] = {
    0xb504f333f9de6484ull, 0x9837f0518db8a96full, 0x8b95c1e3ea8bd6e7ull, 0x85aac367cc487b15ull,
    0x82cd8698ac2ba1d7ull, 0x8164d1f3bc030773ull, 0x80b1ed4fd999ab6cull, 0x8058d7d2d5e5f6b1ull,
    0x802c6436d0e04f51ull, 0x8016302f17467628ull, 0x800b179c82028fd1ull, 0x80058baf7fee3b5dull,
    0x8002c5d00fdcfcb7ull, 0x800162e61bed4a49ull, 0x8000b17292f702a4ull, 0x800058b92abbae02ull,
    0x80002c5c8dade4d7ull, 0x8000162e44eaf636ull, 0x80000b1721fa7c19ull, 0x8000058b90de7e4dull,
    0x800002c5c8678f37ull, 0x80000162e431dba0ull, 0x800000b1721872d1ull, 0x80000058b90c1aa9ull,
    0x8000002c5c8605a4ull, 0x800000162e4300e6ull, 0x8000000b17217ff8ull, 0x800000058b90bfddull,
    0x80000002c5c85fe7ull, 0x8000000162e42ff2ull, 0x80000000b17217f8ull, 0x8000000058b90bfcull,
    0x800000002c5c85feull, 0x80000000162e42ffull, 0x800000000b17217full, 0x80000000058b90c0ull,
    0x8000000002c5c860ull, 0x800000000162e430ull, 0x8000000000b17218ull, 0x800000000058b90cull,
    0x80000000002c5c86ull, 0x8000000000162e43ull, 0x80000000000b1721ull, 0x8000000000058b91ull,
    0x800000000002c5c8ull, 0x80000000000162e4ull, 0x800000000000b172ull, 0x80000000000058b9ull,
    0x8000000000002c5dull, 0x800000000000162eull, 0x8000000000000b17ull, 0x800000000000058cull,
    0x80000000000002c6ull, 0x8000000000000163ull, 0x80000000000000b1ull, 0x8000000000000059ull,
    0x800000000000002cull, 0x8000000000000016ull, 0x800000000000000bull, 0x8000000000000006ull,
    0x8000000000000003ull, 0x8000000000000001ull, 0x8000000000000001ull, 0x8000000000000000ull,
};
static const uint64_t TWO_PI_Q61 = 0xc90fdaa22168c235ull; /* 2*pi * 2^61 */

/* ------------------------------------------------------------------ the functions */

/* 1/x for a finite nonzero x: 2^124 / d with the remainder as the sticky bit (exact). */
static uint64_t do_rcp(const fp_fmt *f, fp_val v) {
  normalize126(&v);
  u128 d = v.sig >> 70; /* [2^56, 2^57), exact: a float has at most 53 significant bits */
  u128 q = ((u128)1 << 124) / d, rem = ((u128)1 << 124) - q * d;
  return round_pack(f, v.sign, -124 - (v.exp + 70) - 1, with_sticky(q, rem != 0),
                    GCN_RND_NEAREST_EVEN);
}

/* sqrt(x) for a finite x > 0. */
static uint64_t do_sqrt(const fp_fmt *f, fp_val v) {
  normalize126(&v);
  u128 s = v.sig >> 6; /* 120 bits, exact (at most 106 significant) */
  int32_t e = v.exp + 6;
  if (e & 1) { s >>= 1; e += 1; } /* loses nothing: the low bits are 0 */
  bool exact;
  uint64_t q = isqrt128(s, &exact);
  return round_pack(f, false, e / 2 - 1, with_sticky(q, !exact), GCN_RND_NEAREST_EVEN);
}

/* 1/sqrt(x) for a finite x > 0: exact before rounding for 24-bit significands; f64 from
 * a 63-bit square root and a 64-bit quotient (within 2^-9 ulp). */
static uint64_t do_rsq(const fp_fmt *f, fp_val v) {
  normalize126(&v);
  int32_t e = v.exp;
  if (f != F64) {
    u128 m = v.sig >> 102; /* 25 bits, exact for f16/f32 */
    e += 102;
    if (e & 1) { m <<= 1; e -= 1; }
    u128 n = ((u128)1 << 100) / m; /* 1/sqrt(m * 2^e) = sqrt(2^100/m) * 2^(-50 - e/2) */
    bool exact;
    uint64_t q = isqrt128(n, &exact);
    exact = exact && n * m == ((u128)1 << 100);
    return round_pack(f, false, -50 - e / 2 - 1, with_sticky(q, !exact), GCN_RND_NEAREST_EVEN);
  }
  u128 s = v.sig >> 6;
  e += 6;
  if (e & 1) { s >>= 1; e += 1; }
  bool exact;
  uint64_t r = isqrt128(s, &exact); /* about 2^60 */
  u128 q = (((u128)1 << 124) - 1) / r; /* about 2^64 */
  return round_pack(f, false, -124 - e / 2 - 1, with_sticky(q, true), GCN_RND_NEAREST_EVEN);
}

/* log2(x) for a finite x > 0: the exponent plus log2 of the significand by repeated
 * squaring (64 fraction bits). */
static uint64_t do_log2(const fp_fmt *f, fp_val v) {
  normalize126(&v);
  int32_t E = v.exp + 126;
  uint64_t y = (uint64_t)(v.sig >> 64); /* Q1.62 in [1, 2) */
  if (y == (uint64_t)1 << 62 && (uint64_t)v.sig == 0) { /* a power of two: exact */
    if (E == 0) return 0;
    return round_pack(f, E < 0, 0, (u128)(E < 0 ? -(int64_t)E : E), GCN_RND_NEAREST_EVEN);
  }
  uint64_t frac = 0;
  for (int i = 63; i >= 0; i--) {
    u128 sq = ((u128)y * y) >> 62;
    if (sq >= (u128)2 << 62) {
      frac |= (uint64_t)1 << i;
      sq >>= 1;
    }
    y = (uint64_t)sq;
  }
  __int128 val = (__int128)E * ((__int128)1 << 64) + frac; /* Q64.64 (no shift of a negative) */
  bool neg = val < 0;
  u128 mag = neg ? (u128)(-val) : (u128)val;
  return round_pack(f, neg, -64 - 1, with_sticky(mag, true), GCN_RND_NEAREST_EVEN);
}

/* 2^x for a finite x with |x| < 2^10. */
static uint64_t do_exp2(const fp_fmt *f, fp_val v) {
  __int128 X; /* x * 2^64 */
  int32_t sh = v.exp + 64;
  if (sh >= 0) X = (__int128)(v.sig << sh);
  else X = sh <= -127 ? 0 : (__int128)(v.sig >> -sh);
  if (v.sign) X = -X;
  int64_t n = (int64_t)(X >> 64); /* floor */
  uint64_t fr = (uint64_t)X;      /* [0, 1) in Q0.64 */
  uint64_t y = (uint64_t)1 << 63; /* Q1.63 */
  for (int i = 0; i < 64; i++)
    if (fr >> (63 - i) & 1) y = (uint64_t)(((u128)y * EXP2_POW[i]) >> 63);
  return round_pack(f, false, (int32_t)n - 63 - 1, with_sticky(y, fr != 0), GCN_RND_NEAREST_EVEN);
}

/* sin(theta) and cos(theta) (which = false / true) for theta in [0, pi/4] in Q0.64; the
 * result in Q0.64 as a 65-bit value (cos(0) = 2^64). Taylor series, error ~2^-62. */
static u128 sincos_q64(uint64_t theta, bool want_cos) {
  uint64_t t2 = mulhi64(theta, theta);
  u128 sum = want_cos ? (u128)1 << 64 : theta;
  u128 term = want_cos ? (u128)1 << 64 : theta;
  unsigned k = want_cos ? 1 : 2;
  for (int i = 0; i < 14; i++, k += 2) {
    term = ((term * t2) >> 64) / ((u128)k * (k + 1));
    if (i & 1) sum += term;
    else sum -= term;
  }
  return sum;
}

/* sin(2 pi x) or cos(2 pi x) for a finite x (the argument is in revolutions, section 8
 * item 5). */
static uint64_t do_sincos(const fp_fmt *f, uint64_t x, bool want_cos) {
  fp_val v = unpack_finite(f, x);
  bool neg = v.sign;
  if (v.sig == 0) return want_cos ? one_bits(f) : x;
  if (v.exp + msb128(v.sig) < -32) { /* tiny: sin = 2 pi x (the cubic term < 2^-60 rel) */
    if (want_cos) return one_bits(f);
    return round_pack(f, neg, v.exp - 61 - 1, with_sticky(v.sig * TWO_PI_Q61, true),
                      GCN_RND_NEAREST_EVEN);
  }
  uint64_t r; /* |x| mod 1 in Q0.64 */
  if (v.exp >= 0) r = 0;
  else if (v.exp <= -64) r = (uint64_t)(v.sig >> (-v.exp - 64));
  else r = (uint64_t)(v.sig << (64 + v.exp));
  unsigned q = (unsigned)(r >> 62);    /* quadrant */
  uint64_t t = r & (((uint64_t)1 << 62) - 1); /* [0, 1/4) revolutions */
  /* sin(2 pi (q/4 + t)) and cos as +-sin/cos(2 pi t) */
  bool use_cos = want_cos ? !(q & 1) : (q & 1);
  bool negate = want_cos ? (q == 1 || q == 2) : (q >= 2);
  if (!want_cos) negate ^= neg;
  bool swap = t > ((uint64_t)1 << 61); /* beyond 1/8: use the complement */
  uint64_t tt = swap ? ((uint64_t)1 << 62) - t : t;
  if (swap) use_cos = !use_cos;
  uint64_t theta = mulhi64(tt << 2, TWO_PI_Q61) << 1; /* 2 pi tt in Q0.64 (tt < 2^61) */
  u128 val = sincos_q64(theta, use_cos);
  if (val == 0 || (!use_cos && tt == 0)) return signed_zero(f, want_cos ? false : neg);
  return round_pack(f, negate, -64 - 1, with_sticky(val, true), GCN_RND_NEAREST_EVEN);
}

/* ------------------------------------------------------------------ the instruction */

/* Denormals: f32 forms flush inputs and outputs whatever MODE says (section 9: "denormals
 * flushed"), except v_sin/v_cos which keep them (section 9); f64 forms keep them
 * (section 9); f16 forms follow MODE's f16 field (choice). */
static gcn_fp_env trans_env(gcn_fp_type t, gcn_fp_func fn, const gcn_fp_env *e) {
  if (t == GCN_FP16) return *e;
  if (t == GCN_FP64 || fn == GCN_FN_SIN || fn == GCN_FN_COS) return env_flushing(e, false);
  return env_flushing(e, true);
}

uint64_t gcn_fp_trans(gcn_fp_type t, gcn_fp_func fn, gcn_fp_variant var, uint64_t x,
                      const gcn_fp_env *e0, bool *undef) {
  const fp_fmt *f = fmt_of(t);
  gcn_fp_env e = trans_env(t, fn, e0);
  if (undef) *undef = false;
  x = flush_in(f, x, &e);
  if (is_nan(f, x)) return nan_result(f, x, &e);
  bool s = sign_of(f, x), zero = is_zero(f, x), inf = is_inf(f, x);
  uint64_t r;
  switch (fn) {
    case GCN_FN_RCP:
      if (var == GCN_FV_LEGACY && (zero || inf)) return signed_zero(f, s);
      r = zero ? signed_inf(f, s) : inf ? signed_zero(f, s) : do_rcp(f, unpack_finite(f, x));
      if (var == GCN_FV_LEGACY && is_inf(f, r)) r = signed_zero(f, s);
      break;
    case GCN_FN_RSQ:
      if (zero) r = signed_inf(f, s); /* rsq(-0) = -inf (section 9) */
      else if (s) return default_nan_neg(f);
      else r = inf ? 0 : do_rsq(f, unpack_finite(f, x));
      if (var == GCN_FV_LEGACY && is_inf(f, r)) r = 0;
      break;
    case GCN_FN_SQRT:
      if (zero || (inf && !s)) return x;
      if (s) return default_nan_neg(f);
      r = do_sqrt(f, unpack_finite(f, x));
      break;
    case GCN_FN_LOG:
      if (zero) r = signed_inf(f, true);
      else if (s) return default_nan_neg(f);
      else r = inf ? x : do_log2(f, unpack_finite(f, x));
      break;
    case GCN_FN_EXP:
      if (inf) return s ? 0 : x;
      if (zero) return one_bits(f);
      if (magnitude(f, x) >= one_bits(f) + ((uint64_t)10 << f->mbits)) /* |x| >= 2^10 */
        r = s ? 0 : inf_bits(f);
      else
        r = do_exp2(f, unpack_finite(f, x));
      break;
    default: /* sin, cos */
      if (inf) return default_nan_neg(f);
      if (undef) /* outside [-256, 256] the generations differ (section 8 item 5) */
        *undef = magnitude(f, x) > (one_bits(f) + ((uint64_t)8 << f->mbits));
      r = do_sincos(f, x, fn == GCN_FN_COS);
      break;
  }
  if (var == GCN_FV_CLAMP && is_inf(f, r)) r = signed_zero(f, sign_of(f, r)) | max_finite(f);
  return flush_out(f, r, &e);
}

/* gcnref float helpers of single instructions that fit no family: the cube-map ops
 * (v_cubeid/sc/tc/ma), v_mullit, v_trig_preop, and the normalized-integer conversions of
 * f16 (v_cvt_norm_*_f16, v_cvt_pknorm_*_f16). Rules and sources: docs/float.md. */
#include "fp_core.h"

/* ------------------------------------------------------------------ cube map */

/* The major axis of (x, y, z): 2 = z, 1 = y, 0 = x, by |z| >= |x| && |z| >= |y|, then
 * |y| >= |x| (AMD's pseudocode; a NaN compares false, so it falls to x). */
static int cube_axis(uint32_t x, uint32_t y, uint32_t z) {
  uint64_t ax = magnitude(F32, x), ay = magnitude(F32, y), az = magnitude(F32, z);
  bool nan = is_nan(F32, x) || is_nan(F32, y) || is_nan(F32, z);
  if (!nan && az >= ax && az >= ay) return 2;
  if (!is_nan(F32, x) && !is_nan(F32, y) && ay >= ax) return 1;
  return 0;
}

/* V_CUBEID/SC/TC/MA_F32 (which = 0..3) of the direction (S0, S1, S2) = (x, y, z):
 * id = 4/5 (+z/-z), 2/3 (+y/-y), 0/1 (+x/-x); sc = z-major: sign(z) * x, y-major: x,
 * x-major: -sign(x) * z; tc = z-major: -y, y-major: sign(y) * z, x-major: -y;
 * ma = 2 * the major coordinate (rounded per MODE, flushed per MODE). */
uint32_t gcn_cube(unsigned which, uint32_t x, uint32_t y, uint32_t z, const gcn_fp_env *e) {
  x = (uint32_t)flush_in(F32, x, e);
  y = (uint32_t)flush_in(F32, y, e);
  z = (uint32_t)flush_in(F32, z, e);
  int axis = cube_axis(x, y, z);
  uint32_t neg = 0x80000000u, m = axis == 2 ? z : axis == 1 ? y : x;
  bool mneg = sign_of(F32, m);
  switch (which) {
    case 0: { /* id */
      static const uint32_t ids[6] = {0x00000000u, 0x3F800000u, 0x40000000u, 0x40400000u,
                                      0x40800000u, 0x40A00000u};
      return ids[axis * 2 + mneg];
    }
    case 1: /* sc */
      if (axis == 2) return mneg ? x ^ neg : x;
      if (axis == 1) return x;
      return mneg ? z : z ^ neg;
    case 2: /* tc */
      if (axis == 1) return mneg ? z ^ neg : z;
      return y ^ neg;
    default: { /* ma = 2 * m */
      if (is_nan(F32, m)) return (uint32_t)nan_result(F32, m, e);
      if (is_inf(F32, m) || is_zero(F32, m)) return m;
      return (uint32_t)flush_out(F32, scale_finite(F32, m, 1, e->round), e);
    }
  }
}

/* V_MULLIT_F32 (gcn10/11; page): -max unless S2 > 0 (not NaN); then +0 if S0 or S1 is
 * zero (after input flush), else S0 * S1 as V_MUL_F32. */
uint32_t gcn_mullit_f32(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  a = (uint32_t)flush_in(F32, a, e);
  b = (uint32_t)flush_in(F32, b, e);
  c = (uint32_t)flush_in(F32, c, e);
  if (is_nan(F32, c) || sign_of(F32, c) || is_zero(F32, c)) return 0xFF7FFFFFu;
  if (is_zero(F32, a) || is_zero(F32, b)) return 0;
  return gcn_f32_mul(a, b, e);
}

/* ------------------------------------------------------------------ v_trig_preop */

/* 2/pi = 0.A2F9836E...: 1216 fraction bits, most significant first (a math constant;
 * the instruction uses the first 1201). */
static const uint32_t TWO_OVER_PI[38] = {
    0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u, 0x3c439041u,
    0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u, 0x06492eeau, 0x09d1921cu,
    0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u, 0x2ebb4484u, 0xe99c7026u, 0xb45f7e41u,
    0x3991d639u, 0x835339f4u, 0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu,
    0xef2f118bu, 0x5a0a6d1fu, 0x6d367ecfu, 0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du,
    0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u, 0x8a5292eau, 0x6bfb5fb1u, 0x1f8d5d08u,
    0x56033046u, 0xfc7b6babu,
};

/* Fraction bit k of 2/pi (k = 1 is the 2^-1 bit); 0 beyond the 1201 the hardware holds. */
static unsigned two_over_pi_bit(uint32_t k) {
  if (k < 1 || k > 1201) return 0;
  return (TWO_OVER_PI[(k - 1) / 32] >> (31 - (k - 1) % 32)) & 1u;
}

/* V_TRIG_PREOP_F64 (AMD's pseudocode, docs/float.md): shift = S1[4:0] * 53, plus
 * exponent(S0) - 1077 when the biased exponent exceeds 1077; the 53 bits of 2/pi from
 * fraction bit shift + 1 on, as an integer M; D = M * 2^(-53 - shift), times 2^128 when
 * exponent(S0) >= 1968. */
uint64_t gcn_trig_preop_f64(uint64_t s0, uint32_t s1, const gcn_fp_env *e) {
  uint32_t shift = (s1 & 31u) * 53u, ex = (uint32_t)exp_field(F64, s0);
  if (ex > 1077) shift += ex - 1077;
  uint64_t m = 0;
  for (uint32_t k = 0; k < 53; k++) m = (m << 1) | two_over_pi_bit(shift + 1 + k);
  int32_t scale = -53 - (int32_t)shift + (ex >= 1968 ? 128 : 0);
  return round_pack(F64, false, scale, m, e->round);
}

/* ------------------------------------------------------------------ normalized f16 */

/* clamp(rne(x * k), lo, k), NaN -> 0, with the product exact, for an f16 x (the f16 twin
 * of the pknorm rule in fp_cvt.c). */
static uint16_t norm16_f16(uint16_t x, uint32_t k, int32_t lo, const gcn_fp_env *e) {
  x = (uint16_t)flush_in(F16, x, e);
  if (is_nan(F16, x)) return 0;
  bool neg = sign_of(F16, x);
  int32_t r;
  if (magnitude(F16, x) >= 0x4000u) { /* |x| >= 2.0, inf included */
    r = neg ? lo : (int32_t)k;
  } else {
    fp_val v = unpack_finite(F16, x);
    u128 n = round_shift(v.sig * k, (uint32_t)-v.exp, GCN_RND_NEAREST_EVEN, neg);
    if (n > k) n = k;
    r = neg ? -(int32_t)n : (int32_t)n;
    if (r < lo) r = lo;
  }
  return (uint16_t)(uint32_t)r;
}
/* V_CVT_NORM_I16_F16 (signed = true: clamp(rne(x * 32767), -32767, 32767)) and
 * V_CVT_NORM_U16_F16 (clamp(rne(x * 65535), 0, 65535)); NaN -> 0. */
uint16_t gcn_cvt_norm16_f16(uint16_t x, bool is_signed, const gcn_fp_env *e) {
  return is_signed ? norm16_f16(x, 32767u, -32767, e) : norm16_f16(x, 65535u, 0, e);
}

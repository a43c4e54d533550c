/* Unit tests of the float operations added for issue 21 (fp_cvt.c, fp_cmp.c, fp_div.c,
 * fp_trans.c): hand-derived bit patterns and the worked examples of gcn_semantics.md
 * section 9 (AMD's published pseudocode). Every expected value is derived in the comment
 * beside it; none comes from running the model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "gcnref/fp.h"

#define CHECK(got, want)                                                                    \
  do {                                                                                      \
    unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want);     \
    if (g_ != w_) {                                                                         \
      print_error("%s:%d: %s = 0x%llx, want 0x%llx\n", __FILE__, __LINE__, #got, g_, w_);  \
      fail();                                                                               \
    }                                                                                       \
  } while (0)

/* MODE 0x3F0: RNE, denormals allowed, IEEE, DX10_CLAMP. */
#define TR(t, fn, x) gcn_fp_trans(t, fn, GCN_FV_PLAIN, x, &e, NULL)

static void test_section9_examples(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  CHECK(TR(GCN_FP32, GCN_FN_EXP, 0xFF800000u), 0x00000000u); /* exp(-inf) = +0 */
  CHECK(TR(GCN_FP32, GCN_FN_EXP, 0x80000000u), 0x3F800000u); /* exp(-0) = 1.0 */
  CHECK(TR(GCN_FP32, GCN_FN_LOG, 0xFF800000u), 0xFFC00000u); /* log(-inf) */
  CHECK(TR(GCN_FP32, GCN_FN_LOG, 0xBF800000u), 0xFFC00000u); /* log(-1) */
  CHECK(TR(GCN_FP32, GCN_FN_LOG, 0x80000000u), 0xFF800000u); /* log(-0) = -inf */
  CHECK(TR(GCN_FP32, GCN_FN_LOG, 0x00000000u), 0xFF800000u); /* log(+0) = -inf */
  CHECK(TR(GCN_FP32, GCN_FN_LOG, 0x3F800000u), 0x00000000u); /* log(1) = +0 */
  CHECK(TR(GCN_FP32, GCN_FN_RCP, 0x80000000u), 0xFF800000u); /* rcp(-0) = -inf */
  CHECK(TR(GCN_FP32, GCN_FN_RCP, 0x7F800000u), 0x00000000u); /* rcp(+inf) = +0 */
  CHECK(TR(GCN_FP32, GCN_FN_RCP, 0xC0000000u), 0xBF000000u); /* rcp(-2) = -0.5 */
  CHECK(TR(GCN_FP32, GCN_FN_RSQ, 0xFF800000u), 0xFFC00000u); /* rsq(-inf) */
  CHECK(TR(GCN_FP32, GCN_FN_RSQ, 0x80000000u), 0xFF800000u); /* rsq(-0) = -inf */
  CHECK(TR(GCN_FP32, GCN_FN_RSQ, 0x40800000u), 0x3F000000u); /* rsq(4) = 0.5 */
  CHECK(TR(GCN_FP32, GCN_FN_SQRT, 0xFF800000u), 0xFFC00000u); /* sqrt(-inf) */
  CHECK(TR(GCN_FP32, GCN_FN_SQRT, 0x80000000u), 0x80000000u); /* sqrt(-0) = -0 */
  CHECK(TR(GCN_FP32, GCN_FN_SQRT, 0x40800000u), 0x40000000u); /* sqrt(4) = 2 */
  CHECK(TR(GCN_FP32, GCN_FN_SIN, 0x3E800000u), 0x3F800000u); /* sin(0.25 rev) = 1 */
  CHECK(TR(GCN_FP32, GCN_FN_COS, 0x3E800000u), 0x00000000u); /* cos(0.25 rev) = +0 */
  CHECK(TR(GCN_FP32, GCN_FN_SIN, 0x80000000u), 0x80000000u); /* sin(-0) = -0 */
  CHECK(TR(GCN_FP32, GCN_FN_COS, 0x80000000u), 0x3F800000u); /* cos(-0) = 1 */
  CHECK(TR(GCN_FP32, GCN_FN_SIN, 0x7F800000u), 0xFFC00000u); /* sin(+inf) */
  CHECK(TR(GCN_FP32, GCN_FN_COS, 0xFF800000u), 0xFFC00000u); /* cos(-inf) */
  /* f64: rcp(-2) = -0.5, sqrt(4) = 2 */
  gcn_fp_env e64 = gcn_fp_env_of(GCN_FP64, 0x3F0);
  CHECK(gcn_fp_trans(GCN_FP64, GCN_FN_RCP, GCN_FV_PLAIN, 0xC000000000000000ull, &e64, NULL),
        0xBFE0000000000000ull);
  CHECK(gcn_fp_trans(GCN_FP64, GCN_FN_SQRT, GCN_FV_PLAIN, 0x4010000000000000ull, &e64, NULL),
        0x4000000000000000ull);
}

static void test_trans_variants(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  bool undef = false;
  /* _clamp: rcp(+0) = +inf becomes +max; log_clamp(0) = -inf becomes -max */
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_RCP, GCN_FV_CLAMP, 0, &e, NULL), 0x7F7FFFFFu);
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_LOG, GCN_FV_CLAMP, 0, &e, NULL), 0xFF7FFFFFu);
  /* rcp_legacy: +-0 and +-inf give +-0 (CLRX page) */
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_RCP, GCN_FV_LEGACY, 0x80000000u, &e, NULL), 0x80000000u);
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_RCP, GCN_FV_LEGACY, 0xFF800000u, &e, NULL), 0x80000000u);
  /* rsq_legacy(+0): +inf becomes +0 */
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_RSQ, GCN_FV_LEGACY, 0, &e, NULL), 0);
  /* f32 forms flush denormals whatever MODE says: rcp(2^-149) = rcp(+0) = +inf */
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_RCP, GCN_FV_PLAIN, 1, &e, NULL), 0x7F800000u);
  /* sin(2 pi * 256.25) = 1, defined; 256.5 is beyond the range the generations agree on */
  CHECK(gcn_fp_trans(GCN_FP32, GCN_FN_SIN, GCN_FV_PLAIN, 0x43802000u, &e, &undef), 0x3F800000u);
  CHECK(undef, 1);
  gcn_fp_trans(GCN_FP32, GCN_FN_SIN, GCN_FV_PLAIN, 0x43800000u, &e, &undef); /* 256.0 */
  CHECK(undef, 0);
}

static void test_conversions(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  /* rpi = floor(x + 0.5): 2.5 -> 3, -2.5 -> -2, 0.49999997 (0x3EFFFFFF) -> 0 (exact sum) */
  CHECK(gcn_fp_to_int(GCN_FP32, 0x40200000u, GCN_CVT_RPI, INT32_MIN, INT32_MAX, &e), 3);
  CHECK(gcn_fp_to_int(GCN_FP32, 0xC0200000u, GCN_CVT_RPI, INT32_MIN, INT32_MAX, &e), -2);
  CHECK(gcn_fp_to_int(GCN_FP32, 0x3EFFFFFFu, GCN_CVT_RPI, INT32_MIN, INT32_MAX, &e), 0);
  /* flr(-0.5) = -1; trunc: NaN -> 0, 3e9 (0x4F32D05E) saturates i32 at 0x7FFFFFFF */
  CHECK(gcn_fp_to_int(GCN_FP32, 0xBF000000u, GCN_CVT_FLOOR, INT32_MIN, INT32_MAX, &e), -1);
  CHECK(gcn_fp_to_int(GCN_FP32, 0x7FC00000u, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX, &e), 0);
  CHECK(gcn_fp_to_int(GCN_FP32, 0x4F32D05Eu, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX, &e), INT32_MAX);
  CHECK(gcn_fp_to_int(GCN_FP32, 0xBF800000u, GCN_CVT_TRUNC, 0, UINT32_MAX, &e), 0); /* u32(-1) */
  /* off_f32_i4: 0x8 -> -8/16 = -0.5, 0x7 -> 7/16 = 0.4375 = 0x3EE00000 */
  CHECK(gcn_cvt_off_f32_i4(8), 0xBF000000u);
  CHECK(gcn_cvt_off_f32_i4(0x17), 0x3EE00000u);
  /* f16 from u16 65535: above 65504 + 16 -> inf in RNE, 65504 (0x7BFF) toward zero */
  CHECK(gcn_fp_from_int(GCN_FP16, 65535, &e), 0x7C00u);
  gcn_fp_env rtz = gcn_fp_env_of(GCN_FP16, 0x3FC);
  CHECK(gcn_fp_from_int(GCN_FP16, 65535, &rtz), 0x7BFFu);
  /* cvt_f16_f32 of an sNaN with IEEE = 0 still quiets: 0x7F800001 -> 0x7E00 */
  CHECK(gcn_fp_cvt(GCN_FP16, GCN_FP32, 0x7F800001u, 0xF0), 0x7E00u);
  /* cvt_f64_f32(1.5) = 0x3FF8000000000000; cvt_f32_f64(1 + 2^-30) rounds to 1.0 */
  CHECK(gcn_fp_cvt(GCN_FP64, GCN_FP32, 0x3FC00000u, 0x3F0), 0x3FF8000000000000ull);
  CHECK(gcn_fp_cvt(GCN_FP32, GCN_FP64, 0x3FF0000004000000ull, 0x3F0), 0x3F800000u);
}

static void test_rounding_ops(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  bool undef;
  CHECK(gcn_fp_round_integral(GCN_FP32, 0xBF000000u, GCN_CVT_TRUNC, &e), 0x80000000u); /* -0.5 -> -0 */
  CHECK(gcn_fp_round_integral(GCN_FP32, 0xBF000000u, GCN_CVT_CEIL, &e), 0x80000000u);
  CHECK(gcn_fp_round_integral(GCN_FP32, 0xBF000000u, GCN_CVT_FLOOR, &e), 0xBF800000u);
  CHECK(gcn_fp_round_integral(GCN_FP32, 0x40200000u, GCN_CVT_RNE, &e), 0x40000000u); /* 2.5 -> 2 */
  CHECK(gcn_fp_round_integral(GCN_FP32, 0x40600000u, GCN_CVT_RNE, &e), 0x40800000u); /* 3.5 -> 4 */
  /* fract(-2^-30): 1 - 2^-30 rounds to 1.0 in RNE, clamped to 0x3F7FFFFF (undef on SI) */
  CHECK(gcn_fp_fract(GCN_FP32, 0xB0800000u, &e, &undef), 0x3F7FFFFFu);
  CHECK(undef, 1);
  CHECK(gcn_fp_fract(GCN_FP32, 0xC0200000u, &e, &undef), 0x3F000000u); /* fract(-2.5) = 0.5 */
  CHECK(undef, 0);
  /* frexp(12.0) = 0.75 * 2^4; frexp(2^-149) = 0.5 * 2^-148 */
  CHECK(gcn_fp_frexp_mant(GCN_FP32, 0x41400000u, &e), 0x3F400000u);
  CHECK(gcn_fp_frexp_exp(GCN_FP32, 0x41400000u, &e), 4);
  CHECK(gcn_fp_frexp_mant(GCN_FP32, 1, &e), 0x3F000000u);
  CHECK(gcn_fp_frexp_exp(GCN_FP32, 1, &e), -148);
  CHECK(gcn_fp_frexp_exp(GCN_FP32, 0x7F800000u, &e), 0);
}

static void test_compare_class_med3(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  /* LT(1 < 2), EQ(+0 == -0), U(NaN), NGE(NaN) true; O(NaN), LG(1, 1) false */
  CHECK(gcn_fp_cmp(GCN_FP32, 1, 0x3F800000u, 0x40000000u, &e), 1);
  CHECK(gcn_fp_cmp(GCN_FP32, 2, 0, 0x80000000u, &e), 1);
  CHECK(gcn_fp_cmp(GCN_FP32, 8, 0x7FC00000u, 0, &e), 1);
  CHECK(gcn_fp_cmp(GCN_FP32, 9, 0x7FC00000u, 0, &e), 1);
  CHECK(gcn_fp_cmp(GCN_FP32, 7, 0x7FC00000u, 0, &e), 0);
  CHECK(gcn_fp_cmp(GCN_FP32, 5, 0x3F800000u, 0x3F800000u, &e), 0);
  /* class: 2^-149 is +denormal (bit 7) even with flushing MODE; sNaN bit 0 */
  gcn_fp_env fl = gcn_fp_env_f32(0);
  (void)fl;
  CHECK(gcn_fp_class(GCN_FP32, 1, 1u << 7), 1);
  CHECK(gcn_fp_class(GCN_FP32, 0x7F800001u, 1u << 0), 1);
  CHECK(gcn_fp_class(GCN_FP32, 0xFF800000u, 1u << 2), 1);
  /* med3(1, 3, 2) = 2; min3(3, 1, 2) = 1; max3(1, 3, 2) = 3 */
  CHECK(gcn_fp_med3(GCN_FP32, 0x3F800000u, 0x40400000u, 0x40000000u, &e, true), 0x40000000u);
  CHECK(gcn_fp_min3(GCN_FP32, 0x40400000u, 0x3F800000u, 0x40000000u, &e, true), 0x3F800000u);
  CHECK(gcn_fp_max3(GCN_FP32, 0x3F800000u, 0x40400000u, 0x40000000u, &e, true), 0x40400000u);
}

static void test_div(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  bool vcc;
  /* div_scale(S0 = 1, S1 = 1, S2 = 0): S2 zero -> NaN (sign set), VCC 0 */
  CHECK(gcn_fp_div_scale(GCN_FP32, 0x3F800000u, 0x3F800000u, 0, &e, &vcc), 0xFFC00000u);
  CHECK(vcc, 0);
  /* ordinary 6/3: exponent(S2) = 129 > 23, no scaling: D = S0, VCC 0 */
  CHECK(gcn_fp_div_scale(GCN_FP32, 0x40400000u, 0x40400000u, 0x40C00000u, &e, &vcc), 0x40400000u);
  CHECK(vcc, 0);
  /* S2 = 2^-140 (denormal): S2/S1 is denormal, so VCC = 1 and, S0 != S2, D = S0 */
  CHECK(gcn_fp_div_scale(GCN_FP32, 0x40400000u, 0x40400000u, 0x00000200u, &e, &vcc), 0x40400000u);
  CHECK(vcc, 1);
  /* S2 = 2^-120 (exponent field 7 <= 23, S2/S1 normal): D = S0 * 2^64 = 1.5 * 2^65,
   * exponent field 127 + 65 = 0xC0: 0x60400000 */
  CHECK(gcn_fp_div_scale(GCN_FP32, 0x40400000u, 0x40400000u, 0x03800000u, &e, &vcc), 0x60400000u);
  CHECK(vcc, 0);
  /* div_fmas(1, 1, 1, vcc) = 2 * 2^32 = 0x50000000 */
  CHECK(gcn_fp_div_fmas(GCN_FP32, 0x3F800000u, 0x3F800000u, 0x3F800000u, true, &e), 0x50000000u);
  CHECK(gcn_fp_div_fmas(GCN_FP32, 0x3F800000u, 0x3F800000u, 0x3F800000u, false, &e), 0x40000000u);
  /* div_fixup: 0/0 -> 0xFFC00000; x/0 -> inf with sign(S1)^sign(S2); else +-|S0| */
  CHECK(gcn_fp_div_fixup(GCN_FP32, 0x3F800000u, 0, 0, &e), 0xFFC00000u);
  CHECK(gcn_fp_div_fixup(GCN_FP32, 0x3F800000u, 0x80000000u, 0x40000000u, &e), 0xFF800000u);
  CHECK(gcn_fp_div_fixup(GCN_FP32, 0x3F000000u, 0xC0000000u, 0x3F800000u, &e), 0xBF000000u);
}

static void test_misc(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0x3F0);
  /* direction (1, 2, 3): +z major: id 4.0, sc = x = 1.0, tc = -y = -2.0, ma = 2z = 6.0 */
  CHECK(gcn_cube(0, 0x3F800000u, 0x40000000u, 0x40400000u, &e), 0x40800000u);
  CHECK(gcn_cube(1, 0x3F800000u, 0x40000000u, 0x40400000u, &e), 0x3F800000u);
  CHECK(gcn_cube(2, 0x3F800000u, 0x40000000u, 0x40400000u, &e), 0xC0000000u);
  CHECK(gcn_cube(3, 0x3F800000u, 0x40000000u, 0x40400000u, &e), 0x40C00000u);
  /* (-5, 1, 2): -x major: id 1.0, sc = z = 2.0, tc = -y = -1.0, ma = 2x = -10.0 */
  CHECK(gcn_cube(0, 0xC0A00000u, 0x3F800000u, 0x40000000u, &e), 0x3F800000u);
  CHECK(gcn_cube(1, 0xC0A00000u, 0x3F800000u, 0x40000000u, &e), 0x40000000u);
  CHECK(gcn_cube(2, 0xC0A00000u, 0x3F800000u, 0x40000000u, &e), 0xBF800000u);
  CHECK(gcn_cube(3, 0xC0A00000u, 0x3F800000u, 0x40000000u, &e), 0xC1200000u);
  /* mullit: 2 * 3 = 6 when S2 = 1 > 0; -max when S2 = -1; +0 for 0 * inf */
  CHECK(gcn_mullit_f32(0x40000000u, 0x40400000u, 0x3F800000u, &e), 0x40C00000u);
  CHECK(gcn_mullit_f32(0x40000000u, 0x40400000u, 0xBF800000u, &e), 0xFF7FFFFFu);
  CHECK(gcn_mullit_f32(0, 0x7F800000u, 0x3F800000u, &e), 0);
  /* trig_preop(1.0, 0): the first 53 bits of 2/pi = 0.A2F9836E4E441529F... truncated:
   * M = 0x145F306DC9C882, M * 2^-53 = 0x3FE45F306DC9C882 */
  gcn_fp_env e64 = gcn_fp_env_of(GCN_FP64, 0x3F0);
  CHECK(gcn_trig_preop_f64(0x3FF0000000000000ull, 0, &e64), 0x3FE45F306DC9C882ull);
  /* norm16 of f16: 0.5 (0x3800) * 32767 = 16383.5 -> 16384 (RNE: even); -2.0 -> -32767 */
  CHECK(gcn_cvt_norm16_f16(0x3800u, true, &e), 0x4000u);
  CHECK(gcn_cvt_norm16_f16(0xC000u, true, &e), 0x8001u);
  CHECK(gcn_cvt_norm16_f16(0x3C00u, false, &e), 0xFFFFu); /* 1.0 -> 65535 */
}

static void test_within_ulps(void **state) {
  (void)state;
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0x3F800000u, 0x3F800001u, 1), 1);
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0x3F800000u, 0x3F7FFFFFu, 1), 1); /* across a binade */
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0x3F800000u, 0x3F800002u, 1), 0);
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0x7F800000u, 0x7F7FFFFFu, 1), 0); /* inf is exact */
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0xFFC00000u, 0x7FC00000u, 1), 0); /* NaN is exact */
  CHECK(gcn_fp_within_ulps(GCN_FP32, 0x00000001u, 0x80000001u, 2), 0); /* sign */
  CHECK(gcn_fp_within_ulps(GCN_FP16, 0x3C00u, 0x3C01u, 1), 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_section9_examples), cmocka_unit_test(test_trans_variants),
      cmocka_unit_test(test_conversions),       cmocka_unit_test(test_rounding_ops),
      cmocka_unit_test(test_compare_class_med3), cmocka_unit_test(test_div),
      cmocka_unit_test(test_misc),              cmocka_unit_test(test_within_ulps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

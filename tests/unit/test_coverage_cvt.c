/* Unit tests of the cvt coverage bins (refmodel/src/coverage_cvt.c, docs/coverage.md): the
 * saturation and NaN lanes of the float -> integer conversions and the f16 overflow of the
 * narrowing ones, sampled through the model. Every expected value is worked out by hand
 * from the conversions' definitions (gcn_semantics.md: NaN -> 0, saturation to D's range). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "gcnref/coverage.h"
#include "gcnref/model.h"

static gcn_coverage cov;
static gcn_wave wave;

#define EXCLUDED (-2)

struct find {
  char name[160];
  long count;
};

static void find_bin(void *ctx, const char *name, uint64_t count, const char *reason) {
  struct find *f = ctx;
  if (strcmp(name, f->name) == 0) f->count = reason ? EXCLUDED : (long)count;
}

/* The count of bin "<gen>.NAME", EXCLUDED when excluded, -1 when the bin does not exist. */
static long bin(const char *short_name) {
  struct find f = {.count = -1};
  snprintf(f.name, sizeof f.name, "%s.%s", gcn_gen_name(cov.gen), short_name);
  gcn_coverage_visit(&cov, find_bin, &f);
  return f.count;
}

/* TEXT executed on WAVE with the coverage sampled before and after it. */
static void run1(gcn_gen gen, const char *text) {
  gcn_inst in;
  gcn_error err;
  gcn_retire ret;
  assert_int_equal(gcn_assemble(gen, text, &in, &err), 0);
  gcn_coverage_before(&cov, &in, &wave.st);
  assert_int_equal(gcn_execute(&wave, &in, &ret, &err), GCN_STEP_OK);
  gcn_coverage_after(&cov, &in, &wave.st, &ret);
}

/* The cvt group: saturation and NaN lanes of the float -> integer
 * conversions, f16 overflow of the narrowing ones (values hand-derived from the spec). */
static void test_cvt_bins(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  wave.st.exec = 0x3F;
  /* f32: 1.5, 2^31 (above INT_MAX), -2^31 (INT_MIN itself), -2^31 - 256 (below), a qNaN, -inf */
  const uint32_t a[6] = {0x3FC00000u, 0x4F000000u, 0xCF000000u, 0xCF000001u, 0x7FC00000u, 0xFF800000u};
  for (int l = 0; l < 6; l++) wave.st.vgpr[2][l] = a[l];
  run1(GCN14, "v_cvt_i32_f32_e32 v1, v2");
  assert_int_equal(bin("cvt.v_cvt_i32_f32.in_range"), 2);
  assert_int_equal(bin("cvt.v_cvt_i32_f32.sat_max"), 1);
  assert_int_equal(bin("cvt.v_cvt_i32_f32.sat_min"), 2);
  assert_int_equal(bin("cvt.v_cvt_i32_f32.nan"), 1);
  assert_int_equal(wave.st.vgpr[1][1], 0x7FFFFFFFu);
  assert_int_equal(wave.st.vgpr[1][3], 0x80000000u);
  assert_int_equal(wave.st.vgpr[1][4], 0);
  /* unsigned: 1.5 in, 2^31 in, the negatives below 0, the NaN; -0.5 truncates to 0: in */
  wave.st.vgpr[2][0] = 0xBF000000u;
  run1(GCN14, "v_cvt_u32_f32_e32 v1, v2");
  assert_int_equal(bin("cvt.v_cvt_u32_f32.in_range"), 2);
  assert_int_equal(bin("cvt.v_cvt_u32_f32.sat_min"), 3);
  assert_int_equal(bin("cvt.v_cvt_u32_f32.sat_max"), 0);
  /* rpi (floor(x + 0.5)) with NEG: 0.5 -> 1 and -2^31 -> -2^31 in, 2^31, 2^31 + 256 and +inf
   * above, the NaN */
  run1(GCN14, "v_cvt_rpi_i32_f32_e64 v1, -v2");
  assert_int_equal(bin("cvt.v_cvt_rpi_i32_f32.in_range"), 2);
  assert_int_equal(bin("cvt.v_cvt_rpi_i32_f32.sat_max"), 3);
  assert_int_equal(bin("cvt.v_cvt_rpi_i32_f32.sat_min"), 0);
  assert_int_equal(bin("cvt.v_cvt_rpi_i32_f32.nan"), 1);
  assert_int_equal(wave.st.vgpr[1][0], 1);
  assert_int_equal(wave.st.vgpr[1][2], 0x7FFFFFFFu);
  /* f16: v_cvt_norm_i16_f16 of 1.0 (32767: in), 1.0009765625 (above), -1.0009765625 (below) */
  wave.st.exec = 0x7;
  wave.st.vgpr[3][0] = 0x3C00u, wave.st.vgpr[3][1] = 0x3C01u, wave.st.vgpr[3][2] = 0xBC01u;
  run1(GCN14, "v_cvt_norm_i16_f16_e32 v4, v3");
  assert_int_equal(bin("cvt.v_cvt_norm_i16_f16.in_range"), 1);
  assert_int_equal(bin("cvt.v_cvt_norm_i16_f16.sat_max"), 1);
  assert_int_equal(bin("cvt.v_cvt_norm_i16_f16.sat_min"), 1);
  assert_int_equal(wave.st.vgpr[4][2] & 0xFFFF, 0x8001u); /* -32767 */
  /* narrowing: 65519.99 and 65520 (f16's largest is 65504) overflow, 1.0 does not */
  wave.st.vgpr[5][0] = 0x477FEFFFu, wave.st.vgpr[5][1] = 0xC77FF000u, wave.st.vgpr[5][2] = 0x3F800000u;
  run1(GCN14, "v_cvt_f16_f32_e32 v6, v5");
  assert_int_equal(bin("cvt.v_cvt_f16_f32.overflow"), 2);
  assert_int_equal(bin("cvt.v_cvt_f16_i16.overflow"), -1); /* |i16| <= 32768: no bin */
  gcn_coverage_reset(&cov, GCN10);
  assert_int_equal(bin("cvt.v_cvt_i16_f16.nan"), -1); /* no 16-bit conversion before gcn12 */
  assert_int_equal(bin("cvt.v_cvt_flr_i32_f32.nan"), 0);
  gcn_wave_free(&wave);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cvt_bins)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}

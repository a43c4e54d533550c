/* Unit tests of the coverage bin classification: expected bins and counts worked out from
 * coverage.h's definitions by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gcnref/coverage.h"

static gcn_coverage cov;

static void sample(gcn_gen gen, const char *text, uint64_t exec, int scc) {
  gcn_inst in;
  gcn_error err;
  assert_int_equal(gcn_assemble(gen, text, &in, &err), 0);
  gcn_coverage_sample(&cov, &in, exec, scc);
}

#define EXCLUDED (-2)

/* The count of bin "<gen>.NAME" in the written database, EXCLUDED when it is listed as
 * excluded ("!<bin> <reason>"), or -1 when the bin is not listed. */
static long bin(const char *short_name) {
  char name[160];
  snprintf(name, sizeof name, "%s.%s", gcn_gen_name(cov.gen), short_name);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  assert_int_equal(gcn_coverage_write(&cov, f), 0);
  fclose(f);
  long count = -1;
  size_t n = strlen(name);
  for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, name, n) == 0 && line[n] == ' ') count = strtol(line + n + 1, NULL, 10);
    if (line[0] == '!' && strncmp(line + 1, name, n) == 0 && line[n + 1] == ' ') count = EXCLUDED;
  }
  free(buf);
  return count;
}

static void test_forms_and_sources(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  sample(GCN14, "s_add_u32 s1, s2, 0x12345", ~0ull, 1);
  sample(GCN14, "s_add_u32 s1, -1, 1.0", ~0ull, 0);
  sample(GCN14, "v_add_f32 v1, vcc_lo, v2", ~0ull, -1);
  sample(GCN14, "v_add_f32_e64 v1, v2, s3", 0x5, -1);
  sample(GCN14, "v_cndmask_b32_e64 v1, v2, v3, s[4:5]", 0, -1);
  assert_int_equal(bin("op.s_add_u32.sop"), 2);
  assert_int_equal(bin("src.s_add_u32.src0.sgpr"), 1);
  assert_int_equal(bin("src.s_add_u32.src0.inline_int"), 1);
  assert_int_equal(bin("src.s_add_u32.src1.literal"), 1);
  assert_int_equal(bin("src.s_add_u32.src1.inline_float"), 1);
  assert_int_equal(bin("scc.s_add_u32.0"), 1);
  assert_int_equal(bin("scc.s_add_u32.1"), 1);
  assert_int_equal(bin("op.v_add_f32.vop2"), 1);
  assert_int_equal(bin("op.v_add_f32.vop3"), 1);
  assert_int_equal(bin("src.v_add_f32.src0.special"), 1); /* vcc_lo */
  assert_int_equal(bin("src.v_add_f32.src1.sgpr"), 1);
  assert_int_equal(bin("src.v_add_f32.src1.vgpr"), 1);
  assert_int_equal(bin("src.v_cndmask_b32.src2.sgpr"), 1);
  assert_int_equal(bin("exec.all_on"), 1);
  assert_int_equal(bin("exec.partial"), 1);
  assert_int_equal(bin("exec.all_off"), 1);
  assert_int_equal(bin("op.s_mov_b32.sop"), 0); /* a hole, still listed */
}

static void test_unreachable_bins_left_out(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  assert_int_equal(bin("src.s_add_u32.src0.vgpr"), EXCLUDED);      /* scalar ops read no VGPR */
  assert_int_equal(bin("src.v_add_f32.src1.literal"), EXCLUDED);   /* a literal is src0 only */
  assert_int_equal(bin("src.v_cndmask_b32.src2.literal"), EXCLUDED); /* masks are registers */
  assert_int_equal(bin("src.s_setpc_b64.src0.inline_int"), EXCLUDED);
  assert_int_equal(bin("op.v_madmk_f32.vop3"), EXCLUDED);          /* no VOP3 form */
  assert_int_equal(bin("src.v_madmk_f32.src0.literal"), EXCLUDED); /* K is the literal */
  assert_int_equal(bin("op.s_mul_hi_u32.sop"), 0);           /* gcn14 has it */
  assert_int_equal(bin("scc.s_mul_i32.0"), -1);              /* writes no SCC */
  gcn_coverage_reset(&cov, GCN10);
  assert_int_equal(bin("op.s_mul_hi_u32.sop"), EXCLUDED);          /* gcn10 lacks it */
  assert_int_equal(bin("src.v_readlane_b32.src0.vgpr"), 0);
  assert_int_equal(bin("src.v_readlane_b32.src0.sgpr"), EXCLUDED);
  assert_int_equal(bin("src.v_readlane_b32.src1.inline_float"), EXCLUDED);
  unsigned long bins, hit;
  gcn_coverage_totals(&cov, &bins, &hit);
  assert_true(bins > 500);
  assert_int_equal(hit, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forms_and_sources),
      cmocka_unit_test(test_unreachable_bins_left_out),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

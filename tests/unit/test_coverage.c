/* Unit tests of functional coverage: the bin classification functions, sampling through the
 * model and the timing core, and coverage databases (parse, merge, save). Every expected
 * value is worked out by hand from docs/coverage.md and the instruction semantics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "gcnref/coverage.h"
#include "gcnref/model.h"
#include "gcnref/timing.h"

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


/* ------------------------------------------------------------ classification functions */

static void test_src_class(void **state) {
  (void)state;
  assert_int_equal(gcn_cov_src_class(GCN14, 5), GCN_COV_SRC_SGPR);
  assert_int_equal(gcn_cov_src_class(GCN14, 101), GCN_COV_SRC_SGPR);   /* s101, the last on gfx9 */
  assert_int_equal(gcn_cov_src_class(GCN10, 103), GCN_COV_SRC_SGPR);   /* gfx6 has s0..s103 */
  assert_int_equal(gcn_cov_src_class(GCN12, 102), GCN_COV_SRC_SPECIAL); /* flat_scratch_lo on gfx8 */
  assert_int_equal(gcn_cov_src_class(GCN14, 106), GCN_COV_SRC_SPECIAL); /* vcc_lo */
  assert_int_equal(gcn_cov_src_class(GCN14, 124), GCN_COV_SRC_SPECIAL); /* m0 */
  assert_int_equal(gcn_cov_src_class(GCN14, 126), GCN_COV_SRC_SPECIAL); /* exec_lo */
  assert_int_equal(gcn_cov_src_class(GCN14, 253), GCN_COV_SRC_SPECIAL); /* src_scc (read-only) */
  assert_int_equal(gcn_cov_src_class(GCN14, 128), GCN_COV_SRC_INLINE_INT); /* 0 */
  assert_int_equal(gcn_cov_src_class(GCN14, 192), GCN_COV_SRC_INLINE_INT); /* 64 */
  assert_int_equal(gcn_cov_src_class(GCN14, 208), GCN_COV_SRC_INLINE_INT); /* -16 */
  assert_int_equal(gcn_cov_src_class(GCN14, 240), GCN_COV_SRC_INLINE_FLOAT); /* 0.5 */
  assert_int_equal(gcn_cov_src_class(GCN14, 247), GCN_COV_SRC_INLINE_FLOAT); /* -4.0 */
  assert_int_equal(gcn_cov_src_class(GCN14, 248), GCN_COV_SRC_INLINE_FLOAT); /* 1/(2pi), gfx8+ */
  assert_int_equal(gcn_cov_src_class(GCN10, 248), -1);                       /* reserved on gfx6 */
  assert_int_equal(gcn_cov_src_class(GCN14, 255), GCN_COV_SRC_LITERAL);
  assert_int_equal(gcn_cov_src_class(GCN14, 256), GCN_COV_SRC_VGPR);
  assert_int_equal(gcn_cov_src_class(GCN14, 511), GCN_COV_SRC_VGPR);
}

static void test_exec_class(void **state) {
  (void)state;
  assert_int_equal(gcn_cov_exec_class(~0ull), GCN_COV_EXEC_ALL_ON);
  assert_int_equal(gcn_cov_exec_class(0), GCN_COV_EXEC_ALL_OFF);
  assert_int_equal(gcn_cov_exec_class(1), GCN_COV_EXEC_PARTIAL);
  assert_int_equal(gcn_cov_exec_class(0x8000000000000000ull), GCN_COV_EXEC_PARTIAL);
  assert_int_equal(gcn_cov_exec_class(0x7FFFFFFFFFFFFFFFull), GCN_COV_EXEC_PARTIAL);
  assert_int_equal(gcn_cov_exec_class(0x00000000FFFFFFFFull), GCN_COV_EXEC_PARTIAL);
}

static void test_result_class(void **state) {
  (void)state;
  assert_int_equal(gcn_cov_result_class(0, 32), GCN_COV_RES_ZERO);
  assert_int_equal(gcn_cov_result_class(1, 32), GCN_COV_RES_POS);
  assert_int_equal(gcn_cov_result_class(0x7FFFFFFF, 32), GCN_COV_RES_POS);
  assert_int_equal(gcn_cov_result_class(0x80000000, 32), GCN_COV_RES_NEG);
  assert_int_equal(gcn_cov_result_class(0xFFFFFFFF, 32), GCN_COV_RES_NEG);
  assert_int_equal(gcn_cov_result_class(0x100000000ull, 32), GCN_COV_RES_ZERO); /* bits above the width */
  assert_int_equal(gcn_cov_result_class(0x8000, 16), GCN_COV_RES_NEG);
  assert_int_equal(gcn_cov_result_class(0x7FFF, 16), GCN_COV_RES_POS);
  assert_int_equal(gcn_cov_result_class(0x10000, 16), GCN_COV_RES_ZERO);
  assert_int_equal(gcn_cov_result_class(0x80000000, 64), GCN_COV_RES_POS);
  assert_int_equal(gcn_cov_result_class(0x8000000000000000ull, 64), GCN_COV_RES_NEG);
  assert_int_equal(gcn_cov_result_class(0, 64), GCN_COV_RES_ZERO);
}

static void test_fp_class(void **state) {
  (void)state;
  /* f32: sign 31, exponent 30:23, mantissa 22:0; quiet bit 22 */
  assert_int_equal(gcn_cov_fp_class(0x00000000, 32), GCN_COV_FP_POS_ZERO);
  assert_int_equal(gcn_cov_fp_class(0x80000000, 32), GCN_COV_FP_NEG_ZERO);
  assert_int_equal(gcn_cov_fp_class(0x00000001, 32), GCN_COV_FP_POS_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x007FFFFF, 32), GCN_COV_FP_POS_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x807FFFFF, 32), GCN_COV_FP_NEG_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x00800000, 32), GCN_COV_FP_POS_NORMAL); /* smallest normal */
  assert_int_equal(gcn_cov_fp_class(0x7F7FFFFF, 32), GCN_COV_FP_POS_NORMAL); /* largest */
  assert_int_equal(gcn_cov_fp_class(0xBF800000, 32), GCN_COV_FP_NEG_NORMAL); /* -1.0 */
  assert_int_equal(gcn_cov_fp_class(0x7F800000, 32), GCN_COV_FP_POS_INF);
  assert_int_equal(gcn_cov_fp_class(0xFF800000, 32), GCN_COV_FP_NEG_INF);
  assert_int_equal(gcn_cov_fp_class(0x7FC00000, 32), GCN_COV_FP_QNAN);
  assert_int_equal(gcn_cov_fp_class(0xFFC00001, 32), GCN_COV_FP_QNAN);
  assert_int_equal(gcn_cov_fp_class(0x7F800001, 32), GCN_COV_FP_SNAN);
  assert_int_equal(gcn_cov_fp_class(0xFFBFFFFF, 32), GCN_COV_FP_SNAN);
  /* f16: sign 15, exponent 14:10, mantissa 9:0; quiet bit 9; bits 31:16 ignored */
  assert_int_equal(gcn_cov_fp_class(0x0000, 16), GCN_COV_FP_POS_ZERO);
  assert_int_equal(gcn_cov_fp_class(0x8000, 16), GCN_COV_FP_NEG_ZERO);
  assert_int_equal(gcn_cov_fp_class(0x03FF, 16), GCN_COV_FP_POS_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x8001, 16), GCN_COV_FP_NEG_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x0400, 16), GCN_COV_FP_POS_NORMAL);
  assert_int_equal(gcn_cov_fp_class(0xBC00, 16), GCN_COV_FP_NEG_NORMAL);
  assert_int_equal(gcn_cov_fp_class(0x7C00, 16), GCN_COV_FP_POS_INF);
  assert_int_equal(gcn_cov_fp_class(0xFC00, 16), GCN_COV_FP_NEG_INF);
  assert_int_equal(gcn_cov_fp_class(0x7E00, 16), GCN_COV_FP_QNAN);
  assert_int_equal(gcn_cov_fp_class(0x7C01, 16), GCN_COV_FP_SNAN);
  assert_int_equal(gcn_cov_fp_class(0xFFFF0001, 16), GCN_COV_FP_POS_DENORM);
  assert_int_equal(gcn_cov_fp_class(0x3F800000, 16), GCN_COV_FP_POS_ZERO); /* low half 0 */
}

static void test_stall_kind(void **state) {
  (void)state;
  uint64_t r[GCN_STALL_KINDS] = {0};
  assert_int_equal(gcn_cov_stall_kind(r, 5), -1); /* nothing held it */
  r[GCN_STALL_SREG_RAW] = 7;
  assert_int_equal(gcn_cov_stall_kind(r, 7), GCN_STALL_SREG_RAW);
  r[GCN_STALL_VALU_ISSUE] = 8;
  r[GCN_STALL_VGPR_RAW] = 9;
  assert_int_equal(gcn_cov_stall_kind(r, 9), GCN_STALL_VGPR_RAW); /* the latest constraint */
  r[GCN_STALL_NOP] = 9;
  assert_int_equal(gcn_cov_stall_kind(r, 9), GCN_STALL_NOP); /* a tie: the first kind listed */
  memset(r, 0, sizeof r);
  r[GCN_STALL_DRAIN] = 4;
  assert_int_equal(gcn_cov_stall_kind(r, 9), -1); /* below the issue cycle: not the cause */
  r[GCN_STALL_BRANCH] = 9;
  r[GCN_STALL_DRAIN] = 9;
  assert_int_equal(gcn_cov_stall_kind(r, 9), GCN_STALL_BRANCH);
}

/* ------------------------------------------------------------ sampling through the model */

static gcn_wave wave;

/* Executes TEXT on WAVE (state prepared by the caller) with full sampling. */
static void run1(gcn_gen gen, const char *text) {
  gcn_inst in;
  gcn_error err;
  gcn_retire ret;
  assert_int_equal(gcn_assemble(gen, text, &in, &err), 0);
  in.size = gcn_inst_is_vop3(&in) || in.has_literal || gcn_inst_is_sdwa(&in) ? 8 : 4;
  gcn_coverage_before(&cov, &in, &wave.st);
  assert_int_equal(gcn_execute(&wave, &in, &ret, &err), GCN_STEP_OK);
  gcn_coverage_after(&cov, &in, &wave.st, &ret);
}

static void test_outcomes(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  /* 4 lanes: 0xffffffff+1 = 0 carry; 1+1 = 2; 0x7fffffff+1 = 0x80000000 signed overflow; 0+0 */
  wave.st.exec = 0xF;
  const uint32_t a[4] = {0xFFFFFFFF, 1, 0x7FFFFFFF, 0}, b[4] = {1, 1, 1, 0};
  for (int l = 0; l < 4; l++) wave.st.vgpr[2][l] = a[l], wave.st.vgpr[3][l] = b[l];
  run1(GCN14, "v_add_co_u32_e32 v1, vcc, v2, v3");
  assert_int_equal(bin("carry.v_add_co_u32.co1"), 1);
  assert_int_equal(bin("carry.v_add_co_u32.co0"), 3);
  assert_int_equal(bin("carry.v_add_co_u32.ovf1"), 1);
  assert_int_equal(bin("carry.v_add_co_u32.ovf0"), 3);
  assert_int_equal(bin("result.v_add_co_u32.zero"), 2);
  assert_int_equal(bin("result.v_add_co_u32.pos"), 1);
  assert_int_equal(bin("result.v_add_co_u32.neg"), 1);
  assert_int_equal(bin("exec.partial"), 1);
  assert_int_equal(bin("op.v_add_co_u32.vop2"), 1);
  /* the same in place (v2 = v2 + v3): overflow is judged on the values read */
  run1(GCN14, "v_add_co_u32_e32 v2, vcc, v2, v3");
  assert_int_equal(bin("carry.v_add_co_u32.ovf1"), 2);
  /* subtract: 0 - 1 borrows, 0x80000000 - 1 overflows */
  wave.st.vgpr[4][0] = 0, wave.st.vgpr[4][1] = 0x80000000u, wave.st.vgpr[4][2] = 5, wave.st.vgpr[4][3] = 5;
  for (int l = 0; l < 4; l++) wave.st.vgpr[5][l] = 1;
  run1(GCN14, "v_sub_co_u32_e32 v6, vcc, v4, v5");
  assert_int_equal(bin("carry.v_sub_co_u32.co1"), 1);
  assert_int_equal(bin("carry.v_sub_co_u32.ovf1"), 1);
  assert_int_equal(bin("result.v_sub_co_u32.neg"), 1); /* 0xffffffff */
  assert_int_equal(bin("result.v_sub_co_u32.pos"), 3); /* 0x7fffffff, 4, 4 */
  /* SALU: D and SCC */
  wave.st.sgpr[1] = 0xFFFFFFFF, wave.st.sgpr[2] = 1;
  run1(GCN14, "s_add_u32 s0, s1, s2");
  assert_int_equal(bin("result.s_add_u32.zero"), 1);
  assert_int_equal(bin("scc.s_add_u32.1"), 1);
  run1(GCN14, "s_min_i32 s0, s1, s2"); /* min(-1, 1) = -1, SCC = (s1 < s2) = 1 */
  assert_int_equal(bin("result.s_min_i32.neg"), 1);
  assert_int_equal(bin("scc.s_min_i32.1"), 1);
  wave.st.sgpr[4] = 0, wave.st.sgpr[5] = 0x80000000u; /* s[4:5] = 0x8000000000000000 */
  run1(GCN14, "s_mov_b64 s[6:7], s[4:5]");
  assert_int_equal(bin("result.s_mov_b64.neg"), 1);
  /* integer clamp (gcn12+) */
  run1(GCN14, "v_add_u32_e64 v7, v2, v3 clamp");
  assert_int_equal(bin("mod.v_add_u32.clamp"), 1);
  assert_int_equal(bin("op.v_add_u32.vop3"), 1);
  /* unreachable result classes are excluded */
  assert_int_equal(bin("result.s_bcnt1_i32_b32.neg"), EXCLUDED);
  assert_int_equal(bin("result.s_getpc_b64.zero"), EXCLUDED);
  assert_int_equal(bin("result.s_bitset1_b32.zero"), EXCLUDED);
  assert_int_equal(bin("result.s_flbit_i32.zero"), EXCLUDED);
  assert_int_equal(bin("result.s_flbit_i32_b32.zero"), 0); /* 0x80000000 -> 0 */
  assert_int_equal(bin("carry.v_add_u32.co0"), -1);         /* gcn14's v_add_u32 has no carry */
  assert_int_equal(bin("result.v_add_f32.zero"), -1);       /* float ops: fpclass bins instead */
  gcn_coverage_reset(&cov, GCN10);
  assert_int_equal(bin("mod.v_add_i32.clamp"), EXCLUDED); /* no integer clamp before gcn12 */
  gcn_coverage_reset(&cov, GCN12); /* v_add_u32 is V_ADD_CO_U32 here: listed once, reachable */
  assert_int_equal(bin("op.v_add_u32.vop2"), 0);
  gcn_wave_free(&wave);
}

/* The x16 group (docs/coverage.md): bands of the exact 16-bit results per lane written, op_sel
 * bits per instruction (values hand-derived). */
static void test_x16_bins(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  wave.st.exec = 0x7;
  /* v_add_i16 with CLAMP, low halves: 0x7fff + 1 (over), 0x8000 + 0xffff = -32769 (under),
   * 2 + 3 (in) */
  const uint32_t a[3] = {0x7FFF, 0x8000, 2}, b[3] = {1, 0xFFFF, 3};
  for (int l = 0; l < 3; l++) wave.st.vgpr[2][l] = a[l], wave.st.vgpr[3][l] = b[l];
  run1(GCN14, "v_add_i16 v1, v2, v3 clamp");
  assert_int_equal(bin("x16.v_add_i16.clamp.over"), 1);
  assert_int_equal(bin("x16.v_add_i16.clamp.under"), 1);
  assert_int_equal(bin("x16.v_add_i16.clamp.in"), 1);
  assert_int_equal(wave.st.vgpr[1][0] & 0xFFFF, 0x7FFF);
  /* op_sel: the high halves (0) of v2 and v3, the result to VDST[31:16] */
  run1(GCN14, "v_add_i16 v1, v2, v3 op_sel:[1,1,1] clamp");
  assert_int_equal(bin("x16.v_add_i16.clamp.in"), 4);
  assert_int_equal(bin("x16.v_add_i16.opsel.src0"), 1);
  assert_int_equal(bin("x16.v_add_i16.opsel.dst"), 1);
  assert_int_equal(bin("x16.v_add_i16.opsel.src1"), 1);
  /* v_med3_u16 of (v2, v3, 0): sign bits lane 0 (0x7fff, 1, 0) 0,0,0; lane 1 (0x8000, 0xffff,
   * 0) 1,1,0: mixed; lane 2 (2, 3, 0) 0,0,0 */
  run1(GCN14, "v_med3_u16 v4, v2, v3, 0");
  assert_int_equal(bin("x16.v_med3_u16.sign.mixed"), 1);
  assert_int_equal(bin("x16.v_med3_u16.sign.same"), 2);
  assert_int_equal(wave.st.vgpr[4][1] & 0xFFFF, 0x8000); /* unsigned: 0 < 0x8000 < 0xffff */
  /* v_sat_pk_u8_i16: halves 0x7fff (over) / 0xffff (neg) and 0x0002 (in) / 0 (in) ... */
  wave.st.vgpr[5][0] = 0xFFFF7FFFu, wave.st.vgpr[5][1] = 0x00000002u, wave.st.vgpr[5][2] = 0x01000100u;
  run1(GCN14, "v_sat_pk_u8_i16 v6, v5");
  assert_int_equal(bin("x16.v_sat_pk_u8_i16.half.over"), 3); /* 0x7fff, 0x0100 twice */
  assert_int_equal(bin("x16.v_sat_pk_u8_i16.half.neg"), 1);
  assert_int_equal(bin("x16.v_sat_pk_u8_i16.half.in"), 2);
  assert_int_equal(wave.st.vgpr[6][0], 0x00FFu);
  /* v_qsad_pk_u16_u8 with CLAMP: accumulators 0xffff + SAD of bytes against 0 (lane 0: 1, over);
   * lane 1, 2: S0 = 0, no sum over */
  wave.st.vgpr[8][0] = 1, wave.st.vgpr[8][1] = wave.st.vgpr[8][2] = 0;
  for (int l = 0; l < 3; l++) wave.st.vgpr[9][l] = 0, wave.st.vgpr[10][l] = 0xFFFF, wave.st.vgpr[11][l] = 0;
  run1(GCN14, "v_qsad_pk_u16_u8 v[12:13], v[8:9], 0, v[10:11] clamp");
  assert_int_equal(bin("x16.v_qsad_pk_u16_u8.acc.over.clamp"), 1);
  assert_int_equal(bin("x16.v_qsad_pk_u16_u8.acc.fit.clamp"), 2);
  assert_int_equal(bin("x16.v_qsad_pk_u16_u8.acc.fit.noclamp"), 0);
  assert_int_equal(wave.st.vgpr[12][0], 0x0000FFFFu); /* saturated, not 0x10000 */
  assert_int_equal(bin("x16.v_mad_u16.clamp.under"), EXCLUDED); /* never negative */
  gcn_coverage_reset(&cov, GCN11);
  assert_int_equal(bin("x16.v_qsad_pk_u16_u8.acc.over.clamp"), EXCLUDED); /* no integer clamp */
  assert_int_equal(bin("x16.v_qsad_pk_u16_u8.acc.over.noclamp"), 0);
  assert_int_equal(bin("x16.v_mqsad_u32_u8.acc.over.noclamp"), -1); /* nortl: no bins */
  gcn_wave_free(&wave);
}

/* The sdwa group (docs/coverage.md): fields counted once per instruction, sext by the sign bit
 * of the selected part in the active lanes, no group before gcn12. */
static void test_sdwa_bins(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  wave.st.exec = 0x3;
  /* lane 0: byte 1 of v2 = 0x80 (sign 1), lane 1: 0x7f (sign 0); v3 word 0 = 0x0001 */
  wave.st.vgpr[2][0] = 0x00008000u, wave.st.vgpr[2][1] = 0x00007f00u;
  wave.st.vgpr[3][0] = wave.st.vgpr[3][1] = 1;
  wave.st.vgpr[1][0] = wave.st.vgpr[1][1] = 0xAAAAAAAAu;
  run1(GCN14, "v_add_u32_sdwa v1, sext(v2), v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 "
              "src1_sel:WORD_0");
  /* lane 0: -128 + 1 = 0xffffff81, word 0x ff81 into bits 31:16, bits 15:0 kept: 0xff81aaaa */
  assert_int_equal(wave.st.vgpr[1][0], 0xFF81AAAAu);
  assert_int_equal(bin("sdwa.form.vop2"), 1);
  assert_int_equal(bin("sdwa.src0_sel.byte1"), 1);
  assert_int_equal(bin("sdwa.src1_sel.word0"), 1);
  assert_int_equal(bin("sdwa.src0_sext.byte.neg"), 1);
  assert_int_equal(bin("sdwa.src0_sext.byte.pos"), 1);
  assert_int_equal(bin("sdwa.src1_sext.word.pos"), 0); /* no sext on src1 */
  assert_int_equal(bin("sdwa.dst_sel.word1.preserve"), 1);
  assert_int_equal(bin("sdwa.src0.vgpr"), 1);
  assert_int_equal(bin("result.v_add_u32.neg"), 0); /* merged into a part of VDST: not classified */
  run1(GCN14, "v_cmp_lt_i16_sdwa s[4:5], v2, s6 src0_sel:WORD_0 src1_sel:BYTE_0");
  assert_int_equal(bin("sdwa.form.vopc"), 1);
  assert_int_equal(bin("sdwa.vopc_dst.sgpr_pair"), 1);
  assert_int_equal(bin("sdwa.src1.scalar"), 1);
  assert_int_equal(bin("sdwa.mod.omod"), 0);
  gcn_coverage_reset(&cov, GCN12);
  assert_int_equal(bin("sdwa.mod.omod"), EXCLUDED);           /* no SDWA OMOD on gcn12 */
  assert_int_equal(bin("sdwa.src0.scalar"), EXCLUDED);        /* VGPR sources only */
  assert_int_equal(bin("sdwa.vopc_dst.sgpr_pair"), EXCLUDED); /* VCC only */
  assert_int_equal(bin("sdwa.dst_sel.byte0.sext"), 0);
  gcn_coverage_reset(&cov, GCN11);
  assert_int_equal(bin("sdwa.form.vop1"), -1); /* no SDWA before gcn12: no group */
  gcn_wave_free(&wave);
}

/* The float bands (gcn_cov_fp_band): values derived by hand from the binary32 format. */
static void test_fp_band(void **state) {
  (void)state;
  /* z (toward zero), a (away from zero), r (as executed, not flushed) */
  assert_int_equal(gcn_cov_fp_band(0x3F800000u, 0x3F800000u, 0x3F800000u, 32), GCN_COV_FB_EXACT);
  assert_int_equal(gcn_cov_fp_band(0x3F800000u, 0x3F800001u, 0x3F800000u, 32), GCN_COV_FB_INEXACT);
  /* beyond the largest finite value: inf away from zero, max toward zero */
  assert_int_equal(gcn_cov_fp_band(0x7F7FFFFFu, 0x7F800000u, 0x7F7FFFFFu, 32), GCN_COV_FB_OVERFLOW);
  assert_int_equal(gcn_cov_fp_band(0xFF7FFFFFu, 0xFF800000u, 0xFF800000u, 32), GCN_COV_FB_OVERFLOW);
  assert_int_equal(gcn_cov_fp_band(0x7F7FFFFFu, 0x7F7FFFFFu, 0x7F7FFFFFu, 32), GCN_COV_FB_EXACT); /* max itself */
  /* 0x007FFFFF.8 ulps: below the smallest normal 0x00800000, rounds up to it (RNE, RPI) */
  assert_int_equal(gcn_cov_fp_band(0x007FFFFFu, 0x00800000u, 0x00800000u, 32), GCN_COV_FB_TINY_UP);
  assert_int_equal(gcn_cov_fp_band(0x807FFFFFu, 0x80800000u, 0x80800000u, 32), GCN_COV_FB_TINY_UP);
  assert_int_equal(gcn_cov_fp_band(0x007FFFFFu, 0x00800000u, 0x007FFFFFu, 32), GCN_COV_FB_UNDERFLOW); /* RTZ */
  assert_int_equal(gcn_cov_fp_band(0x00000000u, 0x00000001u, 0x00000000u, 32), GCN_COV_FB_UNDERFLOW); /* 2^-150 */
  assert_int_equal(gcn_cov_fp_band(0x00400000u, 0x00400000u, 0x00400000u, 32), GCN_COV_FB_UNDERFLOW); /* exact tiny */
  assert_int_equal(gcn_cov_fp_band(0x00000000u, 0x00000000u, 0x00000000u, 32), GCN_COV_FB_EXACT);    /* a zero */
  assert_int_equal(gcn_cov_fp_band(0x7FC00000u, 0x7FC00000u, 0x7FC00000u, 32), -1);
  assert_int_equal(gcn_cov_fp_band(0xFF800000u, 0xFF800000u, 0xFF800000u, 32), -1);
  /* binary16: smallest normal 0x0400, largest 0x7BFF */
  assert_int_equal(gcn_cov_fp_band(0x03FFu, 0x0400u, 0x0400u, 16), GCN_COV_FB_TINY_UP);
  assert_int_equal(gcn_cov_fp_band(0x7BFFu, 0x7C00u, 0x7BFFu, 16), GCN_COV_FB_OVERFLOW);
}

/* The fpx crosses and the integer CLAMP crosses through the model (hand-derived lanes). */
/* The dpp group (hand-derived from the controls' definitions, docs/sdwa_dpp.md). */
static void test_dpp_bins(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN12);
  /* row_shr:3: lanes 0..2 of each row have no source; row 0 is masked off, so rows 1..3
   * (in EXEC) see it: out of range under bound_ctrl. Lane 20 reads lane 17, off: exec_off. */
  sample(GCN12, "v_mov_b32_dpp v1, v2 row_shr:3 row_mask:0xe bound_ctrl:0", ~(1ull << 17), -1);
  assert_int_equal(bin("dpp.v_mov_b32"), 1);
  assert_int_equal(bin("dpp.ctrl.row_shr.3"), 1);
  assert_int_equal(bin("dpp.ctrl.row_shr.4"), 0);
  assert_int_equal(bin("dpp.row_mask.partial"), 1);
  assert_int_equal(bin("dpp.bank_mask.all"), 1);
  assert_int_equal(bin("dpp.bound_ctrl1.out_of_range"), 1);
  assert_int_equal(bin("dpp.bound_ctrl1.exec_off"), 1);
  assert_int_equal(bin("dpp.bound_ctrl0.out_of_range"), 0);
  /* row_mirror never leaves the row; bank_mask 0: no lane writes, no invalid source counts */
  sample(GCN12, "v_add_f32_dpp v1, v2, v3 row_mirror bank_mask:0x0", 0x1, -1);
  assert_int_equal(bin("dpp.v_add_f32"), 1);
  assert_int_equal(bin("dpp.ctrl.row_mirror"), 1);
  assert_int_equal(bin("dpp.bank_mask.none"), 1);
  assert_int_equal(bin("dpp.bound_ctrl0.exec_off"), 0);
  /* wave_shl:1 under EXEC = lane 63 only: lane 63 has no source (bound_ctrl 0) */
  sample(GCN12, "v_mov_b32_dpp v1, v2 wave_shl:1", 1ull << 63, -1);
  assert_int_equal(bin("dpp.ctrl.wave_shl"), 1);
  assert_int_equal(bin("dpp.bound_ctrl0.out_of_range"), 1);
  /* no DPP before gcn12 */
  gcn_coverage_reset(&cov, GCN11);
  assert_int_equal(bin("dpp.ctrl.quad_perm"), EXCLUDED);
}

static void test_crosses(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  wave.st.exec = 0xF;
  wave.st.mode = 0; /* RNE, f32/f16 denormals flushed, IEEE = 0: OMOD active */
  /* lane 0: 0x00FFFFFF * 0.5 = 0x007FFFFF.8 ulps: a tie, rounds to even 0x00800000 (tiny_up);
   * lane 1: 0x00800001 * 0.5 = 0x00400000.8: tiny, rounds to 0x00400000, flushed (underflow);
   * lane 2: 1.5 * 0.5 = 0.75 exact; lane 3: 0x3F800001 * 0.5 exact as well (a power of two) */
  const uint32_t a[4] = {0x00FFFFFFu, 0x00800001u, 0x3FC00000u, 0x3F800001u};
  for (int l = 0; l < 4; l++) wave.st.vgpr[2][l] = a[l];
  run1(GCN14, "v_mul_f32_e32 v1, 0.5, v2");
  assert_int_equal(wave.st.vgpr[1][0], 0x00800000u); /* the model agrees: kept (tininess after rounding) */
  assert_int_equal(wave.st.vgpr[1][1], 0);
  assert_int_equal(bin("fpx.f32.round.rne.tiny_up"), 1);
  assert_int_equal(bin("fpx.f32.round.rne.underflow"), 1);
  assert_int_equal(bin("fpx.f32.round.rne.exact"), 2);
  assert_int_equal(bin("fpx.f32.denorm.flush_all.tiny_up"), 1);
  assert_int_equal(bin("fpx.f32.denorm.flush_all.underflow"), 1);
  assert_int_equal(bin("fpx.f32.mode.rne.flush_all"), 1);
  assert_int_equal(bin("fpx.f32.mode.ieee0.dx10_clamp0"), 1);
  /* OMOD *2 of 0x7F000000 (2^127) under round toward zero: overflow, the largest finite value;
   * with CLAMP that is above 1 (region overflow). 1.0 + 0 with OMOD /2 and CLAMP: 0.5, unit. */
  wave.st.mode = 3; /* RTZ */
  wave.st.exec = 0x1;
  wave.st.vgpr[3][0] = 0x7F000000u;
  run1(GCN14, "v_add_f32_e64 v4, v3, 0 mul:2 clamp");
  assert_int_equal(wave.st.vgpr[4][0], 0x3F800000u);
  assert_int_equal(bin("fpx.f32.omod.mul2.rtz.overflow"), 1);
  assert_int_equal(bin("fpx.f32.round.rtz.overflow"), 1);
  assert_int_equal(bin("fpx.f32.clamp_omod.mul2.overflow"), 1);
  wave.st.vgpr[3][0] = 0x3F800000u;
  run1(GCN14, "v_add_f32_e64 v4, v3, 0 div:2 clamp");
  assert_int_equal(bin("fpx.f32.clamp_omod.div2.unit"), 1);
  assert_int_equal(bin("fpx.f32.omod.div2.rtz.exact"), 1);
  /* OMOD ignored: IEEE = 1 */
  wave.st.mode = 1u << 9; /* MODE.IEEE */
  run1(GCN14, "v_add_f32_e64 v4, v3, 0 mul:4");
  assert_int_equal(bin("fpx.f32.omod_ignored.ieee"), 1);
  assert_int_equal(bin("fpx.f32.omod_ignored.denorm_out"), 0);
  assert_int_equal(bin("fpx.f32.omod.mul4.rne.exact"), 0); /* not active */
  assert_int_equal(bin("fpx.f32.round.rtz.tiny_up"), EXCLUDED);
  /* integer CLAMP: 0xffffffff + 1 carries (saturates), 1 + 1 does not; with carry-in */
  wave.st.exec = 0x3;
  wave.st.vgpr[5][0] = 0xFFFFFFFFu, wave.st.vgpr[5][1] = 1;
  for (int l = 0; l < 2; l++) wave.st.vgpr[6][l] = 1;
  run1(GCN14, "v_add_u32_e64 v7, v5, v6 clamp");
  assert_int_equal(bin("mod.v_add_u32.clamp.co1"), 1);
  assert_int_equal(bin("mod.v_add_u32.clamp.co0"), 1);
  wave.st.sgpr[8] = 0x2, wave.st.sgpr[9] = 0; /* carry-in in lane 1: 1 + 1 + 1 = 3, no carry */
  run1(GCN14, "v_addc_co_u32_e64 v7, s[10:11], v5, v6, s[8:9] clamp");
  assert_int_equal(bin("mod.v_addc_co_u32.clamp.ci0.co1"), 1);
  assert_int_equal(bin("mod.v_addc_co_u32.clamp.ci1.co0"), 1);
  assert_int_equal(bin("mod.v_addc_co_u32.clamp.ci1.co1"), 0);
  gcn_coverage_reset(&cov, GCN10);
  assert_int_equal(bin("mod.v_addc_u32.clamp.ci1.co1"), EXCLUDED); /* no integer clamp before gcn12 */
  assert_int_equal(bin("fpx.f16.round.rne.exact"), EXCLUDED);      /* no f16 before gcn12 */
  gcn_wave_free(&wave);
}

static void test_float_bins(void **state) {
  (void)state;
  gcn_coverage_reset(&cov, GCN14);
  gcn_wave_init(&wave, GCN14, (gcn_program){0, NULL, 0});
  wave.st.exec = 0x3;
  wave.st.mode = 0x3 | 0x2 << 4; /* f32 round toward zero, f32 denorm mode 2 */
  wave.st.vgpr[2][0] = 0x80000000u, wave.st.vgpr[2][1] = 0xFF800000u; /* -0, -inf: |x| = +0, +inf */
  wave.st.vgpr[3][0] = 0x00000001u, wave.st.vgpr[3][1] = 0x7FC00000u;
  run1(GCN14, "v_add_f32_e64 v1, |v2|, v3");
  assert_int_equal(bin("fpclass.v_add_f32.src0.pos_zero"), 1);
  assert_int_equal(bin("fpclass.v_add_f32.src0.pos_inf"), 1);
  assert_int_equal(bin("fpclass.v_add_f32.src0.neg_zero"), 0); /* classes after abs */
  assert_int_equal(bin("fpclass.v_add_f32.src1.pos_denorm"), 1);
  assert_int_equal(bin("fpclass.v_add_f32.src1.qnan"), 1);
  assert_int_equal(bin("fpmod.v_add_f32.abs0"), 1);
  assert_int_equal(bin("fpmod.v_add_f32.neg0"), 0);
  assert_int_equal(bin("mode.v_add_f32.round.rtz"), 1);
  assert_int_equal(bin("mode.v_add_f32.denorm.allow_out"), 1);
  assert_int_equal(bin("mode.f32_round.rtz"), 1);
  assert_int_equal(bin("mode.ieee.0"), 1);
  long lanes = 0;
  static const char *const cls[] = {"pos_zero", "neg_zero", "pos_denorm", "neg_denorm", "pos_normal",
                                    "neg_normal", "pos_inf", "neg_inf", "qnan"};
  for (int k = 0; k < 9; k++) {
    char name[64];
    snprintf(name, sizeof name, "fpclass.v_add_f32.result.%s", cls[k]);
    lanes += bin(name);
  }
  lanes += bin("fpclass.v_add_f32.result.snan"); /* reachable: IEEE = 0 passes an sNaN through */
  assert_int_equal(lanes, 2);                     /* one result class per lane written */
  assert_int_equal(bin("fpclass.v_mac_f32.result.pos_denorm"), EXCLUDED); /* f32 mad flushes */
  assert_int_equal(bin("fpclass.v_mac_f16.result.pos_denorm"), 0);        /* f16 mad follows MODE */
  assert_int_equal(bin("fpclass.v_ldexp_f16.src1.pos_zero"), -1); /* the exponent is an integer */
  gcn_coverage_reset(&cov, GCN10);
  assert_int_equal(bin("mode.f16_round.rne"), EXCLUDED);
  gcn_wave_free(&wave);
}

/* Runs TEXT (lines) on a timing core with default latencies; returns its coverage. */
static const gcn_coverage *run_timed(gcn_core *core, const char *const *lines, unsigned n) {
  uint32_t words[64];
  unsigned nw = 0;
  for (unsigned i = 0; i < n; i++) {
    gcn_inst in;
    gcn_error err;
    assert_int_equal(gcn_assemble(GCN14, lines[i], &in, &err), 0);
    nw += gcn_encode(&in, words + nw);
  }
  gcn_state st;
  gcn_state_init(&st, GCN14);
  gcn_core_load(core, 0, (const uint8_t *)words, 4 * nw, &st);
  const gcn_event *ev;
  unsigned ne;
  for (int c = 0; c < 1000 && gcn_core_step(core, &ev, &ne) == GCN_CORE_RUNNING; c++) {
  }
  return gcn_core_coverage(core);
}

static void test_timing_bins(void **state) {
  (void)state;
  gcn_error err;
  gcn_core *core = gcn_core_new(GCN14, NULL, &err); /* salu 1, valu depth 6, branch 2 */
  assert_non_null(core);
  /* VALU at 0; the dependent VALU waits for v1 until 0 + 6 (rule 2; rule 3 alone allows 4):
   * 5 cycles after cycle 1. Its last commit is at 6 + 3 + 6 = 15: the implicit end waits
   * from 7 to 15 (rule 7). */
  static const char *const p1[] = {"v_add_u32_e32 v1, v2, v3", "v_add_u32_e32 v4, v1, v1"};
  cov = *run_timed(core, p1, 2);
  assert_int_equal(bin("timing.vgpr_raw.5"), 1);
  assert_int_equal(bin("timing.drain.8"), 1);
  assert_int_equal(bin("timing.valu_issue.3"), 0);
  /* s_nop 3 at 0: the next issue is at 4, 3 cycles late (rule 6). Then independent VALUs
   * at 5 and 5 + 4 = 9: the second one 3 cycles late (rule 3). */
  gcn_coverage_reset(gcn_core_coverage(core), GCN14);
  static const char *const p2[] = {"s_nop 3", "s_mov_b32 s0, 1", "v_and_b32_e32 v5, v6, v7",
                                   "v_or_b32_e32 v8, v9, v10"};
  cov = *run_timed(core, p2, 4);
  assert_int_equal(bin("timing.nop.3"), 1);
  assert_int_equal(bin("timing.valu_issue.3"), 1);
  /* the reachable lengths of the default configuration are listed, others not */
  assert_int_equal(bin("timing.branch.1"), 0);
  assert_int_equal(bin("timing.branch.2"), -1);
  assert_int_equal(bin("timing.vgpr_raw.8"), 0);  /* rule 12 (DPP, gcn12+): valu_depth - 1 + 3 */
  assert_int_equal(bin("timing.vgpr_raw.9"), -1);
  assert_int_equal(bin("timing.sreg_raw.8"), 0);
  assert_int_equal(bin("timing.nop.15"), 0);
  /* live dependencies: s_mov at 0 commits s0 at 1, the VALU reads it at 1 (bypass);
   * the VALU carry at 1 commits VCC at 1 + 3 + 6 = 10, s_mov_b64 at 2 waits for it;
   * s_mov_b64 at 10 commits s[2:3] at 11, s_add_u32 reads s2 at 11 and writes SCC at 12,
   * s_cselect reads SCC at 12. The VALU read of EXEC (written long before) is no dependency. */
  gcn_coverage_reset(gcn_core_coverage(core), GCN14);
  static const char *const p3[] = {"s_mov_b32 s0, 1", "v_add_co_u32_e32 v1, vcc, s0, v2", "s_mov_b64 s[2:3], vcc",
                                   "s_add_u32 s4, s2, 1", "s_cselect_b32 s5, 1, 2", "s_nop 0",
                                   "s_cselect_b32 s6, 1, 2"};
  cov = *run_timed(core, p3, 7);
  assert_int_equal(bin("timing.dep.salu_valu.sgpr"), 1);
  assert_int_equal(bin("timing.dep.valu_salu.vcc"), 1);
  assert_int_equal(bin("timing.dep.salu_salu.sgpr"), 1);
  assert_int_equal(bin("timing.dep.salu_salu.scc"), 1); /* the second s_cselect is 2 cycles later */
  assert_int_equal(bin("timing.dep.salu_valu.exec"), 0);
  assert_int_equal(bin("timing.sreg_raw.8"), 1); /* s_mov_b64 at 10 instead of 2 */
  assert_int_equal(bin("timing.dep.valu_salu.scc"), EXCLUDED);
  assert_int_equal(bin("timing.dep.salu_salu.vgpr"), EXCLUDED);
  assert_int_equal(bin("timing.dep.valu_valu.m0"), 0); /* reachable: v_readfirstlane_b32 m0 on gcn14 too */
  gcn_core_free(core);
  gcn_coverage_reset(&cov, GCN14); /* a functional-only coverage has no timing bins */
  assert_int_equal(bin("timing.nop.1"), -1);
}

/* ------------------------------------------------------------ databases */

static int read_text(gcn_covdb *db, const char *text, gcn_error *err) {
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  assert_non_null(f);
  int rc = gcn_covdb_read(db, f, "x.db", err);
  fclose(f);
  return rc;
}

static char *write_text(gcn_covdb *db) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  assert_int_equal(gcn_covdb_write(db, f), 0);
  fclose(f);
  return buf;
}

/* v3 (read as v4, written as v4): the last line, "# end N", counts the bin lines (docs/coverage.md). */
static const char *const dbA = "# gcnref coverage v3\ngcn10.op.a.sop 1\n!gcn10.op.b.sop r2\ngcn10.op.c.sop 0\n# end 3\n";
static const char *const dbB = "# gcnref coverage v3\n# a comment\n\ngcn10.op.b.sop 5\ngcn10.op.a.sop 2\n"
                               "!gcn10.op.c.sop r1\n!gcn10.op.d.sop zz top\n# end 4\n";
static const char *const dbC = "# gcnref coverage v3\n!gcn10.op.d.sop aa\ngcn14.exec.all_on 7\n# end 2\n";
static const char *const merged = "# gcnref coverage v4\n"
                                  "gcn10.op.a.sop 3\n"
                                  "gcn10.op.b.sop 5\n"     /* excluded in A, hit in B: hit */
                                  "!gcn10.op.c.sop r1\n"   /* 0 in A, excluded in B */
                                  "!gcn10.op.d.sop aa\n"   /* the smaller reason */
                                  "gcn14.exec.all_on 7\n"
                                  "# end 5\n";

static void test_db_merge(void **state) {
  (void)state;
  const char *const *orders[] = {(const char *const[]){dbA, dbB, dbC}, (const char *const[]){dbC, dbB, dbA},
                                 (const char *const[]){dbB, dbA, dbC}};
  for (int o = 0; o < 3; o++) {
    gcn_covdb db;
    gcn_error err;
    gcn_covdb_init(&db);
    for (int i = 0; i < 3; i++) assert_int_equal(read_text(&db, orders[o][i], &err), 0);
    assert_int_equal(gcn_covdb_conflicts(&db, NULL), 1); /* gcn10.op.b.sop */
    char *text = write_text(&db);
    assert_string_equal(text, merged);
    free(text);
    unsigned long bins, hit, excl;
    gcn_covdb_totals(&db, GCN_COV_SCOPE_ALL, NULL, &bins, &hit, &excl);
    assert_int_equal(bins, 3);
    assert_int_equal(hit, 3);
    assert_int_equal(excl, 2);
    gcn_covdb_totals(&db, GCN_COV_SCOPE_ALL, "gcn14.", &bins, &hit, &excl);
    assert_int_equal(bins, 1);
    gcn_covdb_free(&db);
  }
}

static void test_db_errors(void **state) {
  (void)state;
  static const struct {
    const char *text, *msg;
  } bad[] = {
      {"# gcnref coverage v1 gcn10\n", "x.db:1: error: expected the header '# gcnref coverage v4' (or v3) (an older or newer format)"},
      {"# gcnref coverage v2\ngcn10.op.a.sop 1\n", "x.db:1: error: expected the header '# gcnref coverage v4' (or v3) (an older"},
      /* cut short (issue 18 item 4): no end line, a cut end line, a wrong count */
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\n", "x.db:2: error: truncated: no end line"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\ngcn10.op.b.sop 2", "x.db:3: error: truncated: no end line"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\n# end 1", "x.db:3: error: truncated: no end line"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\ngcn10.op.b.sop 2\n# end 1\n", "x.db:4: error: the end line counts 1 bins, the file has 2"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\n# end 1\ngcn10.op.b.sop 2\n# end 2\n", "x.db:4: error: text after the end line"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\n# end one\n", "x.db:3: error: bad end line"},
      {"# gcnref coverage v3\n", "x.db:1: error: truncated: no end line"},
      {"", "x.db:1: error: empty file"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 1\ngcn10.op.a.sop 2\n", "x.db:3: error: bin gcn10.op.a.sop listed twice"},
      {"# gcnref coverage v3\ngcn10.op.a.sop -1\n", "x.db:2: error: bad count '-1'"},
      {"# gcnref coverage v3\ngcn10.op.a.sop 99999999999999999999\n", "x.db:2: error: bad count"},
      {"# gcnref coverage v3\ngcn10.op.a.sop\n", "x.db:2: error: expected '<bin> <count>'"},
      {"# gcnref coverage v3\n!gcn10.op.a.sop \n", "x.db:2: error: excluded bin 'gcn10.op.a.sop' without a reason"},
      {"# gcnref coverage v3\ngcn99.op.a 1\n", "x.db:2: error: bad bin name 'gcn99.op.a'"},
      {"# gcnref coverage v3\ngcn10.op 1\n", "x.db:2: error: bad bin name 'gcn10.op'"},
      {"# gcnref coverage v3\ngcn10..a 1\n", "x.db:2: error: bad bin name"},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gcn_covdb db;
    gcn_error err;
    gcn_covdb_init(&db);
    assert_int_equal(read_text(&db, bad[i].text, &err), -1);
    if (strncmp(err.msg, bad[i].msg, strlen(bad[i].msg)) != 0) fail_msg("case %u: got '%s'", i, err.msg);
    gcn_covdb_free(&db);
  }
}

static void test_db_many_and_save(void **state) {
  (void)state;
  gcn_covdb db;
  gcn_error err;
  gcn_covdb_init(&db);
  for (int i = 0; i < 1000; i++) assert_int_equal(read_text(&db, dbA, &err), 0);
  assert_int_equal(gcn_covdb_find(&db, "gcn10.op.a.sop")->count, 1000);
  char path[] = "/tmp/gcnref_cov_test_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_int_equal(gcn_covdb_save(&db, path, &err), 0);
  gcn_covdb back;
  gcn_covdb_init(&back);
  assert_int_equal(gcn_covdb_load(&back, path, &err), 0);
  assert_int_equal(gcn_covdb_find(&back, "gcn10.op.a.sop")->count, 1000);
  assert_true(gcn_covbin_excluded(gcn_covdb_find(&back, "gcn10.op.c.sop")) == false); /* counted 0 */
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
  assert_int_equal(access(tmp, F_OK), -1); /* renamed away */
  remove(path);
  gcn_covdb_free(&back);
  gcn_covdb_free(&db);
}

static void test_scope(void **state) {
  (void)state;
  assert_true(gcn_covbin_is_float("gcn14.op.v_add_f32.vop2"));
  assert_true(gcn_covbin_is_float("gcn14.src.v_mac_legacy_f32.src0.sgpr") == false); /* not on gcn14 */
  assert_true(gcn_covbin_is_float("gcn10.src.v_mac_legacy_f32.src0.sgpr"));
  assert_true(gcn_covbin_is_float("gcn14.fpclass.v_add_f32.src0.qnan"));
  assert_true(gcn_covbin_is_float("gcn14.mode.f32_round.rne"));
  assert_false(gcn_covbin_is_float("gcn14.op.s_add_u32.sop"));
  assert_false(gcn_covbin_is_float("gcn14.op.v_add_u16.vop3"));
  assert_false(gcn_covbin_is_float("gcn14.timing.nop.3"));
  assert_false(gcn_covbin_is_float("gcn14.timing.dep.salu_salu.mode"));
  assert_true(gcn_covbin_is_float("gcn14.timing.dep.salu_valu.mode")); /* only float VALU ops read MODE */
  assert_false(gcn_covbin_is_float("gcn14.exec.all_on"));
  assert_true(gcn_covbin_is_float("gcn14.sdwa.mod.neg1")); /* SDWA float modifiers */
  assert_true(gcn_covbin_is_float("gcn14.sdwa.mod.omod"));
  assert_false(gcn_covbin_is_float("gcn14.sdwa.mod.clamp"));
  assert_false(gcn_covbin_is_float("gcn12.sdwa.src0_sext.byte.neg"));
  /* the scoped totals of a coverage agree with the database's */
  gcn_coverage_reset(&cov, GCN12);
  gcn_covdb db;
  gcn_covdb_init(&db);
  assert_int_equal(gcn_covdb_add_coverage(&db, &cov), 0);
  for (int s = 0; s < 3; s++) {
    unsigned long b1, h1, b2, h2, x;
    gcn_coverage_totals_scope(&cov, (gcn_cov_scope)s, &b1, &h1);
    gcn_covdb_totals(&db, (gcn_cov_scope)s, NULL, &b2, &h2, &x);
    assert_int_equal(b1, b2);
    assert_int_equal(h1, 0);
  }
  gcn_covdb_free(&db);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forms_and_sources),
      cmocka_unit_test(test_unreachable_bins_left_out),
      cmocka_unit_test(test_src_class),
      cmocka_unit_test(test_exec_class),
      cmocka_unit_test(test_result_class),
      cmocka_unit_test(test_fp_class),
      cmocka_unit_test(test_stall_kind),
      cmocka_unit_test(test_outcomes),
      cmocka_unit_test(test_sdwa_bins),
      cmocka_unit_test(test_x16_bins),
      cmocka_unit_test(test_float_bins),
      cmocka_unit_test(test_fp_band),
      cmocka_unit_test(test_crosses),
      cmocka_unit_test(test_timing_bins),
      cmocka_unit_test(test_db_merge),
      cmocka_unit_test(test_db_errors),
      cmocka_unit_test(test_db_many_and_save),
      cmocka_unit_test(test_scope),
      cmocka_unit_test(test_dpp_bins),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

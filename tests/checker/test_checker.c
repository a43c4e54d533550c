/* Unit tests of the co-simulation checker library (checker/gcn_checker.h), driven as a
 * C testbench would drive it, without a simulator.
 *
 * Expected values are written by hand: the model's commits of the tiny programs below
 * follow from the ISA (s_mov_b32 writes its SDST; s_endpgm ends the program; instruction
 * n of 4-byte instructions is at PC 4n) and the commit-event contract in docs/rtl.md
 * (writes, then the retire; the end event carries s_endpgm's PC); the message texts and
 * field names are the documented ones of the DPI package (dpi/README.md); the vector file
 * is the format of docs/vectors.md; encodings are llvm-mc's. */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "gcn_checker.h"

/* s_mov_b32 s1, 5 at PC 0, s_endpgm at PC 4. */
static const char program[] = "s_mov_b32 s1, 5\ns_endpgm\n";

static gcn_event ev_scalar(unsigned code, uint32_t value) {
  gcn_event ev = {0};
  ev.kind = GCN_EV_SCALAR;
  ev.code = (uint16_t)code;
  ev.value = value;
  return ev;
}

static gcn_event ev_pc(gcn_event_kind kind, uint64_t pc) {
  gcn_event ev = {0};
  ev.kind = (uint8_t)kind;
  ev.pc = pc;
  return ev;
}

static gcn_checker *new_loaded(gcn_gen gen, const char *prog, const char *state) {
  gcn_timing_config cfg = {1, 6, 2};
  gcn_error err;
  gcn_checker *c = gcn_checker_new(gen, &cfg, &err);
  assert_non_null(c);
  if (gcn_checker_load_text(c, prog, state, &err)) fail_msg("load: %s", err.msg);
  return c;
}

/* Runs the loaded program to its end; each cycle the DUT reports the next events of
 * DUT (as many as the model committed that cycle, the rest in the last cycle). Returns
 * the mismatches found and checks that the model committed N_MODEL events in all. */
static int run_with(gcn_checker *c, const gcn_event *dut, size_t n_dut, size_t n_model) {
  size_t fed = 0, committed = 0;
  int found = 0;
  while (!gcn_checker_done(c)) {
    gcn_error err;
    int n = gcn_checker_step(c, &err);
    assert_true(n >= 0);
    committed += (size_t)n;
    size_t upto = gcn_checker_done(c) ? n_dut : fed + (size_t)n;
    for (; fed < upto && fed < n_dut; fed++) gcn_checker_dut_event(c, &dut[fed]);
    found += gcn_checker_check_cycle(c);
  }
  assert_int_equal(committed, n_model);
  return found;
}

static void test_clean_run(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN10, program, NULL);
  const gcn_event dut[] = {ev_scalar(1, 5), ev_pc(GCN_EV_RETIRE, 0), ev_pc(GCN_EV_END, 4)};
  assert_int_equal(run_with(c, dut, 3, 3), 0);
  assert_int_equal(gcn_checker_mismatch_count(c), 0);
  assert_int_equal(gcn_checker_mismatches_kept(c), 0);
  assert_null(gcn_checker_mismatch(c, 0));
  gcn_checker_free(c);
}

static void test_wrong_value(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN10, program, NULL);
  const gcn_event dut[] = {ev_scalar(1, 6), ev_pc(GCN_EV_RETIRE, 0), ev_pc(GCN_EV_END, 4)};
  assert_int_equal(run_with(c, dut, 3, 3), 1);
  assert_int_equal(gcn_checker_mismatch_count(c), 1);
  const gcn_mismatch *m = gcn_checker_mismatch(c, 0);
  assert_non_null(m);
  assert_non_null(strstr(m->message, "s1 (scalar code 1): expected 0x00000005, got 0x00000006"));
  assert_int_equal(strncmp(m->message, "cycle ", 6), 0);
  /* 5 ^ 6 = 3: bits 0-1 differ; s1 is the odd half of s[0:1], so as a mask lanes 32-33. */
  assert_string_equal(m->field, "s1 bits 0-1 (as a lane mask: lanes 32-33)");
  assert_int_equal(m->pc, 0);
  gcn_checker_free(c);
}

static void test_missing_and_unexpected(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN10, program, NULL);
  /* The s1 write is missing; an SCC write that the program never makes comes instead. */
  gcn_event scc = {0};
  scc.kind = GCN_EV_SCC;
  scc.value = 1;
  const gcn_event dut[] = {scc, ev_pc(GCN_EV_RETIRE, 0), ev_pc(GCN_EV_END, 4)};
  assert_int_equal(run_with(c, dut, 3, 3), 2);
  const gcn_mismatch *a = gcn_checker_mismatch(c, 0), *b = gcn_checker_mismatch(c, 1);
  assert_non_null(a);
  assert_non_null(b);
  assert_non_null(strstr(a->message, "missing event"));
  assert_int_equal(strncmp(a->field, "missing event", 13), 0);
  assert_int_equal(a->pc, 0);
  assert_non_null(strstr(b->message, "unexpected event"));
  assert_int_equal(strncmp(b->field, "unexpected event", 16), 0);
  assert_int_equal(b->pc, 0); /* the DUT's SCC write belongs to the retire after it */
  gcn_checker_free(c);
}

static void test_wrong_retire_pc(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN10, program, NULL);
  const gcn_event dut[] = {ev_scalar(1, 5), ev_pc(GCN_EV_RETIRE, 8), ev_pc(GCN_EV_END, 4)};
  assert_int_equal(run_with(c, dut, 3, 3), 1);
  const gcn_mismatch *m = gcn_checker_mismatch(c, 0);
  assert_non_null(strstr(m->message, "retire PC: expected 0x0, got 0x8"));
  assert_string_equal(m->field, "retire PC");
  gcn_checker_free(c);
}

/* A TRAPSTS write is a hwreg event: TRAPSTS 0xf0 with bits 3:0 set to 5 is 0xf5 (the
 * field of hwreg(HW_REG_TRAPSTS, 0, 4), clrx/GcnInstrsSopk.md); a wrong value is named by
 * the register and its differing bits, one of another register is missing and unexpected. */
static void test_hwreg_write(void **state) {
  (void)state;
  static const char prog[] = "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 0, 4), 5\ns_endpgm\n";
  gcn_event tr = {0};
  tr.kind = GCN_EV_HWREG;
  tr.code = 3; /* HW_REG_TRAPSTS: clrx/GcnState.md */
  tr.value = 0xf5;
  gcn_checker *c = new_loaded(GCN12, prog, "trapsts=0xf0");
  gcn_event dut[] = {tr, ev_pc(GCN_EV_RETIRE, 0), ev_pc(GCN_EV_END, 8)};
  assert_int_equal(run_with(c, dut, 3, 3), 0);
  gcn_checker_free(c);
  c = new_loaded(GCN12, prog, "trapsts=0xf0");
  dut[0].value = 0xf4;
  assert_int_equal(run_with(c, dut, 3, 3), 1);
  const gcn_mismatch *m = gcn_checker_mismatch(c, 0);
  assert_non_null(strstr(m->message, "trapsts (hwreg 3): expected 0x000000f5, got 0x000000f4"));
  assert_string_equal(m->field, "trapsts bits 0");
  assert_int_equal(m->pc, 0);
  gcn_checker_free(c);
  c = new_loaded(GCN12, prog, "trapsts=0xf0");
  dut[0].value = 0xf5;
  dut[0].code = 4; /* HW_ID: another register */
  assert_int_equal(run_with(c, dut, 3, 3), 2);
  assert_non_null(strstr(gcn_checker_mismatch(c, 0)->message, "missing event trapsts=0x000000f5"));
  assert_non_null(strstr(gcn_checker_mismatch(c, 1)->message, "unexpected event hw_id=0x000000f5"));
  gcn_checker_free(c);
}

static void test_errors(void **state) {
  (void)state;
  gcn_timing_config cfg = {1, 6, 2};
  gcn_error err;
  assert_null(gcn_checker_new((gcn_gen)9, &cfg, &err));
  assert_non_null(strstr(err.msg, "gen 9"));
  gcn_checker *c = gcn_checker_new(GCN12, &cfg, &err);
  assert_non_null(c);
  assert_int_equal(gcn_checker_step(c, &err), -1);
  assert_string_equal(err.msg, "no program loaded");
  assert_int_equal(gcn_checker_load_text(c, program, "s2=7\n", &err), 0);
  size_t size;
  gcn_checker_image(c, &size);
  assert_int_equal(size, 8);
  /* A failed load names the line and leaves the loaded program as it was. */
  assert_int_equal(gcn_checker_load_text(c, "s_mov_b32 s1, 1\ns_frobnicate s1\n", NULL, &err), -1);
  assert_int_equal(strncmp(err.msg, "program:2: error: ", 18), 0);
  gcn_checker_image(c, &size);
  assert_int_equal(size, 8);
  assert_int_equal(gcn_checker_initial(c)->sgpr[2], 7);
  assert_int_equal(gcn_checker_load_files(c, "/nonexistent/x.s", NULL, &err), -1);
  assert_int_equal(strncmp(err.msg, "cannot open /nonexistent/x.s: ", 30), 0);
  gcn_checker_free(c);
}

static void test_program_queries(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN12, "v_add_f32 v3, v1, v2\ns_endpgm\n", "pc=0x100\n");
  assert_int_equal(gcn_checker_base(c), 0x100);
  char text[128];
  gcn_checker_disasm_at(c, 0x100, text, sizeof text);
  assert_string_equal(text, "v_add_f32_e32 v3, v1, v2");
  gcn_checker_disasm_at(c, 0x0, text, sizeof text);
  assert_string_equal(text, "");
  /* Sources v1, v2 and destination v3, each with the next VGPR: v1..v4. */
  uint32_t used[GCN_NUM_VGPRS / 32];
  gcn_checker_program_vgprs(c, used);
  assert_int_equal(used[0], 0x1e);
  for (unsigned w = 1; w < GCN_NUM_VGPRS / 32; w++) assert_int_equal(used[w], 0);
  assert_true(gcn_checker_program_reads(c, 256 + 1));
  assert_false(gcn_checker_program_reads(c, 256 + 7));
  gcn_checker_free(c);
  /* Every instruction's sources count, the second of three 4-byte ones too (issue 18 item 7:
   * the DPI's reader once skipped the dword after each instruction it decoded). */
  c = new_loaded(GCN12, "s_mov_b32 s1, s2\ns_mov_b32 s3, s4\ns_mov_b32 s5, s6\ns_endpgm\n", "");
  assert_true(gcn_checker_program_reads(c, 2));
  assert_true(gcn_checker_program_reads(c, 4));
  assert_true(gcn_checker_program_reads(c, 6));
  assert_false(gcn_checker_program_reads(c, 8));
  gcn_checker_free(c);
}

static const char vec_text[] =
    "gcnvec 1\n"
    "\n"
    "vector t1\n"
    "gen gcn12\n"
    "seed 0x5\n"
    "mode 0x000000c0\n"
    "init s2=0x00000007\n"
    "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]\n"
    "code 0x000004 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n"
    "end\n";

static void test_vector_file(void **state) {
  (void)state;
  char path[] = "/tmp/test_checker_XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, vec_text, sizeof vec_text - 1), (ssize_t)(sizeof vec_text - 1));
  close(fd);
  gcn_error err;
  assert_int_equal(gcn_checker_vector_count(path, &err), 1);
  gcn_timing_config cfg = {1, 6, 2};
  gcn_checker *c = gcn_checker_new(GCN12, &cfg, &err);
  assert_int_equal(gcn_checker_load_vector(c, path, 0, &err), 0);
  assert_string_equal(gcn_checker_vector_name(c), "t1");
  assert_int_equal(gcn_checker_vector_seed(c), 5);
  size_t size;
  const uint8_t *image = gcn_checker_image(c, &size);
  assert_int_equal(size, 8);
  assert_memory_equal(image, "\x02\x03\x01\x80\x00\x00\x81\xbf", 8);
  assert_int_equal(gcn_checker_initial(c)->sgpr[2], 7);
  assert_int_equal(gcn_checker_initial(c)->mode, 0xc0);
  assert_int_equal(gcn_checker_load_vector(c, path, 1, &err), -1);
  assert_non_null(strstr(err.msg, "vector index 1: the file has 1 vector"));
  gcn_checker_free(c);
  c = gcn_checker_new(GCN10, &cfg, &err);
  assert_int_equal(gcn_checker_load_vector(c, path, 0, &err), -1);
  assert_non_null(strstr(err.msg, "is for gcn12, the model instance for gcn10"));
  assert_int_equal(gcn_checker_vector_count("/nonexistent.vec", &err), -1);
  gcn_checker_free(c);
  /* A load trusts the code lines' text only of a file whose bytes a count checked: the same
   * file rewritten in place (same size, maybe the same mtime) with a text that does not
   * assemble to its bytes fails the load at that line, counted or not. */
  char bad[sizeof vec_text];
  memcpy(bad, vec_text, sizeof bad);
  char *s3 = strstr(bad, "s2, s3 ;");
  assert_non_null(s3);
  s3[5] = '4';
  c = gcn_checker_new(GCN12, &cfg, &err);
  for (int counted = 0; counted < 2; counted++) {
    fd = open(path, O_WRONLY | O_TRUNC);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, bad, sizeof bad - 1), (ssize_t)(sizeof bad - 1));
    close(fd);
    if (counted) {
      assert_int_equal(gcn_checker_vector_count(path, &err), -1);
      assert_non_null(strstr(err.msg, ":8: error: expected text that assembles to the encoding bytes"));
    }
    assert_int_equal(gcn_checker_load_vector(c, path, 0, &err), -1);
    assert_non_null(strstr(err.msg, ":8: error: expected text that assembles to the encoding bytes"));
    fd = open(path, O_WRONLY | O_TRUNC);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, vec_text, sizeof vec_text - 1), (ssize_t)(sizeof vec_text - 1));
    close(fd);
    assert_int_equal(gcn_checker_vector_count(path, &err), 1);
    assert_int_equal(gcn_checker_load_vector(c, path, 0, &err), 0);
    assert_int_equal(gcn_checker_initial(c)->sgpr[2], 7);
  }
  gcn_checker_free(c);
  unlink(path);
}

/* Approximate results (docs/float.md "Approximate results"): the model's v_rcp_f32 of
 * 3.0 is 1/3 rounded to nearest, 0x3eaaaaab; the table declares approx=1ulp, so a DUT
 * value one ulp away (0x3eaaaaaa) is accepted and two ulps (0x3eaaaaa9) are not. */
static gcn_event ev_vector(unsigned vgpr, unsigned pass, uint32_t value) {
  gcn_event ev = {0};
  ev.kind = GCN_EV_VECTOR;
  ev.code = (uint16_t)vgpr;
  ev.pass = (uint8_t)pass;
  ev.mask = 0xFFFF;
  for (unsigned l = 0; l < GCN_PASS_LANES; l++) ev.lanes[l] = value;
  return ev;
}

static int run_vector_result(const char *prog, const char *state, uint32_t dut_value,
                             unsigned long long *undefined) {
  gcn_checker *c = new_loaded(GCN14, prog, state);
  gcn_event dut[GCN_VALU_PASSES + 2];
  for (unsigned p = 0; p < GCN_VALU_PASSES; p++) dut[p] = ev_vector(1, p, dut_value);
  dut[GCN_VALU_PASSES] = ev_pc(GCN_EV_RETIRE, 0);
  dut[GCN_VALU_PASSES + 1] = ev_pc(GCN_EV_END, 4);
  int found = run_with(c, dut, GCN_VALU_PASSES + 2, GCN_VALU_PASSES + 2);
  *undefined = gcn_checker_undefined_count(c);
  gcn_checker_free(c);
  return found;
}

static void test_approx_within_bound(void **state) {
  (void)state;
  const char *prog = "v_rcp_f32 v1, v2\ns_endpgm\n";
  unsigned long long undef;
  assert_int_equal(run_vector_result(prog, "v2=0x40400000", 0x3eaaaaab, &undef), 0);
  assert_int_equal(run_vector_result(prog, "v2=0x40400000", 0x3eaaaaaa, &undef), 0);
  assert_int_equal(run_vector_result(prog, "v2=0x40400000", 0x3eaaaaac, &undef), 0);
  assert_int_equal(run_vector_result(prog, "v2=0x40400000", 0x3eaaaaa9, &undef), 64);
  /* special cases are exact: rcp(+0) = +inf; the largest finite value is not accepted */
  assert_int_equal(run_vector_result(prog, "v2=0", 0x7f800000, &undef), 0);
  assert_int_equal(run_vector_result(prog, "v2=0", 0x7f7fffff, &undef), 64);
  assert_int_equal(undef, 0);
}

/* An approximate f64 result spans two VGPR events (low dword, high dword) and is accepted
 * within its bound across the pair: the model's v_rcp_f64 of 3.0 is 1/3 rounded to nearest,
 * 0x3fd5555555555555; the table declares approx=536870912ulp (2^29), so a DUT value 2^28
 * ulps below or 2^29 above (the low dword differs) is accepted, 2^29 + 1 or 2^30 ulps are
 * not (each lane of the low dword reported). 1 / (1 + 2^-52) is 0x3feffffffffffffe: 2 ulps
 * above it, 0x3ff0000000000000, differs in both dwords and is accepted; 2^29 + 2 ulps
 * above is not (both dwords' lanes reported). Special cases stay exact: rcp(+0) = +inf,
 * the largest finite value is not accepted. */
static int run_f64_result(const char *state, uint64_t dut_value) {
  gcn_checker *c = new_loaded(GCN14, "v_rcp_f64 v[2:3], v[4:5]\ns_endpgm\n", state);
  gcn_event dut[2 * GCN_VALU_PASSES + 2];
  for (unsigned p = 0; p < GCN_VALU_PASSES; p++) {
    dut[2 * p] = ev_vector(2, p, (uint32_t)dut_value);
    dut[2 * p + 1] = ev_vector(3, p, (uint32_t)(dut_value >> 32));
  }
  dut[2 * GCN_VALU_PASSES] = ev_pc(GCN_EV_RETIRE, 0);
  dut[2 * GCN_VALU_PASSES + 1] = ev_pc(GCN_EV_END, 4);
  for (unsigned i = 0; i < 2 * GCN_VALU_PASSES; i++) dut[i].pc = 0;
  int found = run_with(c, dut, 2 * GCN_VALU_PASSES + 2, 2 * GCN_VALU_PASSES + 2);
  gcn_checker_free(c);
  return found;
}

static void test_approx_f64_pair(void **state) {
  (void)state;
  const char *three = "v4=0 v5=0x40080000";
  const uint64_t third = 0x3fd5555555555555ull;
  assert_int_equal(run_f64_result(three, third), 0);
  assert_int_equal(run_f64_result(three, third - (1ull << 28)), 0);
  assert_int_equal(run_f64_result(three, third + (1ull << 29)), 0);
  assert_int_equal(run_f64_result(three, third + (1ull << 29) + 1), 64);
  assert_int_equal(run_f64_result(three, third - (1ull << 30)), 64);
  assert_int_equal(run_f64_result("v4=1 v5=0x3ff00000", 0x3ff0000000000000ull), 0);
  assert_int_equal(run_f64_result("v4=1 v5=0x3ff00000", 0x3feffffffffffffeull + (1ull << 29) + 2), 128);
  assert_int_equal(run_f64_result("v4=0 v5=0", 0x7ff0000000000000ull), 0);
  assert_int_equal(run_f64_result("v4=0 v5=0", 0x7fefffffffffffffull), 128);
}

/* Undefined results are not compared, and counted: v_sin_f32 of 300.25 (0x43962000)
 * revolutions lies outside [-256, 256], where the generations differ. */
static void test_undefined_not_compared(void **state) {
  (void)state;
  const char *prog = "v_sin_f32 v1, v2\ns_endpgm\n";
  unsigned long long undef;
  assert_int_equal(run_vector_result(prog, "v2=0x43962000", 0x12345678, &undef), 0);
  assert_int_equal(undef, 64);
  /* inside the range the result is compared: sin(2 pi 0.25) = 1.0 */
  assert_int_equal(run_vector_result(prog, "v2=0x3e800000", 0x3f800000, &undef), 0);
  assert_int_equal(run_vector_result(prog, "v2=0x3e800000", 0x12345678, &undef), 64);
  assert_int_equal(undef, 0);
}

/* The instructions issued but not retired (gcn_core_in_flight, the report's list): with
 * valu_depth 6 a VALU instruction issued in cycle 0 retires in cycle 0 + 3 + 6 = 9 (its
 * last pass, docs/microarch.md); the s_mov_b32 after it issues in cycle 1 and retires in
 * cycle 2 (salu_latency 1). After cycle 2 only the VALU one is in flight; after cycle 9
 * none. */
static void test_in_flight(void **state) {
  (void)state;
  gcn_checker *c = new_loaded(GCN10, "v_mov_b32 v1, 5\ns_mov_b32 s1, 5\ns_endpgm\n", NULL);
  gcn_in_flight f[4];
  gcn_error err;
  assert_int_equal(gcn_core_in_flight(gcn_checker_core_const(c), f, 4), 0);
  for (int cyc = 0; cyc <= 2; cyc++) assert_true(gcn_checker_step(c, &err) >= 0);
  assert_int_equal(gcn_core_in_flight(gcn_checker_core_const(c), f, 4), 1);
  assert_int_equal(f[0].pc, 0);
  assert_int_equal(f[0].issued, 0);
  assert_int_equal(f[0].retires, 9);
  assert_int_equal(gcn_core_in_flight(gcn_checker_core_const(c), NULL, 0), 1); /* counting only */
  for (int cyc = 3; cyc <= 9; cyc++) assert_true(gcn_checker_step(c, &err) >= 0);
  assert_int_equal(gcn_core_in_flight(gcn_checker_core_const(c), f, 4), 0);
  gcn_checker_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clean_run),        cmocka_unit_test(test_wrong_value),
      cmocka_unit_test(test_missing_and_unexpected), cmocka_unit_test(test_wrong_retire_pc),
      cmocka_unit_test(test_errors),           cmocka_unit_test(test_program_queries),
      cmocka_unit_test(test_vector_file),      cmocka_unit_test(test_approx_within_bound), cmocka_unit_test(test_approx_f64_pair),
      cmocka_unit_test(test_undefined_not_compared), cmocka_unit_test(test_in_flight),
      cmocka_unit_test(test_hwreg_write),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

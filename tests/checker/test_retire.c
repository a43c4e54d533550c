/* Unit tests of the checker's retire mode (checker/gcn_checker.h, "retire mode") and of
 * the DUT capability file (vectors/capability.h), driven as a C testbench would drive them.
 *
 * Expected values are derived by hand from the ISA: s_mov_b32 writes its SDST;
 * s_add_u32 writes SDST = S0 + S1 and SCC = the carry out (5 + 3 = 8, no carry: SCC 0);
 * v_add_u32 (gcn14, no carry out) writes VDST = S0 + S1 in the lanes EXEC enables;
 * s_setpc_b64 jumps to the address in its SGPR pair; s_endpgm ends the program. The
 * encodings (4 bytes each, so instruction n is at PC 4n) are llvm-mc's. The message texts
 * and field names are those documented in docs/retire.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "capability.h"
#include "gcn_checker.h"
#include "gen.h"

/* PC 0 s_mov_b32 s1, 5; PC 4 s_add_u32 s2, s1, 3; PC 8 v_add_u32 v1, s2, v0; PC 12 s_endpgm.
 * EXEC = lanes 0-7, v0 = 0: v1 lanes 0-7 become 8, the others keep 0. */
static const char program[] = "s_mov_b32 s1, 5\ns_add_u32 s2, s1, 3\nv_add_u32_e32 v1, s2, v0\ns_endpgm\n";
static const char state[] = "exec=0xff";

static gcn_checker *new_loaded(const char *prog, const char *st) {
  gcn_error err;
  gcn_checker *c = gcn_checker_new(GCN14, NULL, &err);
  assert_non_null(c);
  if (gcn_checker_load_text(c, prog, st, &err)) fail_msg("load: %s", err.msg);
  return c;
}

static void set_strict(gcn_checker *c, bool strict, unsigned window) {
  gcn_retire_config cfg = gcn_retire_config_default();
  cfg.strict = strict;
  cfg.window = window;
  gcn_error err;
  assert_int_equal(gcn_checker_retire_config(c, &cfg, &err), 0);
}

static int retire_v1(gcn_checker *c, uint64_t mask, unsigned bad_lane, uint32_t bad_value) {
  uint32_t lanes[64];
  for (unsigned l = 0; l < 64; l++) lanes[l] = (mask >> l & 1) ? 8 : 0;
  if (bad_lane < 64) lanes[bad_lane] = bad_value;
  gcn_checker_retire_vgpr(c, 1, 0, 32, mask & 0xffffffffu, lanes); /* two groups of 32 */
  gcn_checker_retire_vgpr(c, 1, 32, 32, mask >> 32, lanes + 32);
  return gcn_checker_retire(c, GCN_EV_RETIRE, 8, NULL, 0);
}

/* The whole program as a correct DUT reports it. */
static int clean_run(gcn_checker *c) {
  int found = 0;
  gcn_checker_retire_sgpr(c, 1, 5);
  found += gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire_scc(c, 0);
  uint32_t word = 0x80028301; /* s_add_u32 s2, s1, 3 */
  found += gcn_checker_retire(c, GCN_EV_RETIRE, 4, &word, 1);
  found += retire_v1(c, 0xff, 64, 0);
  found += gcn_checker_retire(c, GCN_EV_END, 12, NULL, 0);
  return found;
}

static const gcn_mismatch *only_mismatch(gcn_checker *c) {
  assert_int_equal(gcn_checker_mismatch_count(c), 1);
  return gcn_checker_mismatch(c, 0);
}

static void test_clean(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  set_strict(c, true, 1);
  assert_int_equal(clean_run(c), 0);
  assert_true(gcn_checker_retire_ended(c));
  assert_int_equal(gcn_checker_retired(c), 4);
  assert_int_equal(gcn_checker_retire_finish(c), 0);
  assert_string_equal(gcn_checker_retire_report(c, "x"), "");
  /* A load starts a new run. */
  gcn_error err;
  assert_int_equal(gcn_checker_load_text(c, program, state, &err), 0);
  assert_false(gcn_checker_retire_ended(c));
  assert_int_equal(clean_run(c), 0);
  gcn_checker_free(c);
}

static void test_wrong_value_and_report(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  gcn_checker_retire_sgpr(c, 1, 5);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  gcn_checker_retire_sgpr(c, 2, 9);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 1);
  const gcn_mismatch *m = only_mismatch(c);
  assert_string_equal(m->field, "s2");
  assert_int_equal(m->pc, 4);
  assert_non_null(strstr(m->message, "retire 2 (PC 0x000004  s_add_u32 s2, s1, 3): s2: expected 0x00000008, got 0x00000009"));
  const char *r = gcn_checker_retire_report(c, "sim +only=0");
  assert_non_null(strstr(r, "first mismatch: retire 2, PC 0x000004  s_add_u32 s2, s1, 3 | field: s2\n"));
  assert_non_null(strstr(r, "last 1 instruction retired before it (model):\n    retire 1     PC 0x000000  s_mov_b32 s1, 5"));
  assert_non_null(strstr(r, " s1=0x00000005"));
  assert_non_null(strstr(r, "reproduce: sim +only=0\n"));
  gcn_checker_free(c);
}

static void test_missing_and_extra_writes(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  /* s_mov_b32 s1, 5 with s1 not reported and s7 = 1 written instead. */
  gcn_checker_retire_sgpr(c, 7, 1);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 2);
  assert_string_equal(gcn_checker_mismatch(c, 0)->field, "s1");
  assert_non_null(strstr(gcn_checker_mismatch(c, 0)->message, "missing write s1=0x00000005 (not reported; it held 0x00000000)"));
  assert_string_equal(gcn_checker_mismatch(c, 1)->field, "s7");
  assert_non_null(strstr(gcn_checker_mismatch(c, 1)->message, "unexpected write s7=0x00000001 (the instruction does not write s7, which holds 0x00000000)"));
  /* A write that leaves a register as it was is no mismatch, unless strict. */
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire_sgpr(c, 9, 0);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 0);
  gcn_checker_free(c);

  c = new_loaded(program, state);
  set_strict(c, true, 1);
  gcn_checker_retire_sgpr(c, 1, 5);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire_sgpr(c, 9, 0); /* strict: unexpected; and SCC (written, 0) missing */
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 2);
  assert_string_equal(gcn_checker_mismatch(c, 0)->field, "s9");
  assert_string_equal(gcn_checker_mismatch(c, 1)->field, "SCC");
  assert_non_null(strstr(gcn_checker_mismatch(c, 1)->message, "missing write SCC=0x0"));
  gcn_checker_free(c);
}

/* s_and_saveexec_b64 exec, s[2:3] writes EXEC twice: the old EXEC (its SDST), then
 * s[2:3] & EXEC; the DUT may report the two in any order. EXEC = 0xff, s[2:3] = 0xf0. */
static void test_written_twice(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded("s_and_saveexec_b64 exec, s[2:3]\n", "exec=0xff s2=0xf0 s3=0");
  gcn_checker_retire_sgpr(c, 126, 0xf0);
  gcn_checker_retire_sgpr(c, 127, 0);
  gcn_checker_retire_sgpr(c, 126, 0xff);
  gcn_checker_retire_sgpr(c, 127, 0);
  gcn_checker_retire_scc(c, 1);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  gcn_checker_free(c);
  c = new_loaded("s_and_saveexec_b64 exec, s[2:3]\n", "exec=0xff s2=0xf0 s3=0");
  gcn_checker_retire_sgpr(c, 126, 0xff); /* only the saved value: EXEC's new value missing */
  gcn_checker_retire_scc(c, 1);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "exec_lo");
  assert_non_null(strstr(only_mismatch(c)->message, "exec_lo: expected 0x000000f0, got 0x000000ff"));
  gcn_checker_free(c);
}

static void test_vgpr_lanes(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0);
  /* Lane 5 wrong; lane 9 (outside EXEC) written with 8; lane 10 rewritten with its 0. */
  uint32_t zero[64] = {0};
  gcn_checker_retire_vgpr(c, 1, 10, 1, 1, zero);
  assert_int_equal(retire_v1(c, 0x2ff, 5, 7), 2);
  assert_string_equal(gcn_checker_mismatch(c, 0)->field, "v1 lane 5");
  assert_non_null(strstr(gcn_checker_mismatch(c, 0)->message, "v1 lane 5: expected 0x00000008, got 0x00000007"));
  assert_string_equal(gcn_checker_mismatch(c, 1)->field, "v1 lane 9");
  assert_non_null(strstr(gcn_checker_mismatch(c, 1)->message, "v1 lane 9: expected no write (the lane keeps 0x00000000), got 0x00000008"));
  gcn_checker_free(c);

  /* Strict: the mask must be EXEC's; a lane left out is reported too. */
  c = new_loaded(program, state);
  set_strict(c, true, 1);
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire_scc(c, 0);
  gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0);
  gcn_checker_retire_vgpr(c, 1, 10, 1, 1, zero);
  assert_int_equal(retire_v1(c, 0x7f, 64, 0), 1);
  assert_string_equal(gcn_checker_mismatch(c, 0)->field, "v1 mask");
  assert_non_null(strstr(gcn_checker_mismatch(c, 0)->message, "(lanes 7,10 differ)"));
  gcn_checker_free(c);

  /* Every lane wrong: four lane messages, then one for the rest. */
  c = new_loaded(program, "exec=-1");
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0);
  gcn_checker_retire_vgpr(c, 1, 0, 64, ~0ull, zero);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 8, NULL, 0), 5);
  assert_string_equal(gcn_checker_mismatch(c, 4)->field, "v1 lanes");
  assert_non_null(strstr(gcn_checker_mismatch(c, 4)->message, "v1: 60 more lanes differ (lanes 4-63)"));
  gcn_checker_free(c);
}

static void test_order_and_window(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  gcn_checker_retire_sgpr(c, 2, 8);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 1);
  const gcn_mismatch *m = only_mismatch(c);
  assert_string_equal(m->field, "retire PC");
  assert_non_null(strstr(m->message, "retire PC: expected 0x000000 (s_mov_b32 s1, 5), got 0x000004 (s_add_u32 s2, s1, 3)"));
  gcn_checker_free(c);

  /* Window 2: PC 4 may retire before PC 0. */
  c = new_loaded(program, state);
  set_strict(c, false, 2);
  gcn_checker_retire_sgpr(c, 2, 8);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 0);
  gcn_checker_retire_sgpr(c, 1, 5);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  assert_int_equal(retire_v1(c, 0xff, 64, 0), 0);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_END, 12, NULL, 0), 0);
  assert_true(gcn_checker_retire_ended(c));
  /* After the end: a mismatch. */
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 1);
  assert_string_equal(gcn_checker_mismatch(c, 0)->field, "retire after the end");
  gcn_checker_free(c);
}

/* Window 2: the DUT's end (the implicit s_endpgm at PC 8) overtakes the VALU instruction
 * at PC 4, which still retires after it; if it never does, finish reports it missing. */
static void test_end_overtakes(void **state_) {
  (void)state_;
  const char *prog = "s_mov_b32 s1, 5\nv_add_u32_e32 v1, s2, v0\n";
  for (int retire_valu = 1; retire_valu >= 0; retire_valu--) {
    gcn_checker *c = new_loaded(prog, "exec=0xff s2=8");
    set_strict(c, false, 2);
    gcn_checker_retire_sgpr(c, 1, 5);
    assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
    assert_int_equal(gcn_checker_retire(c, GCN_EV_END, 8, NULL, 0), 0);
    assert_false(gcn_checker_retire_ended(c));
    if (retire_valu) {
      uint32_t eight[8] = {8, 8, 8, 8, 8, 8, 8, 8};
      gcn_checker_retire_vgpr(c, 1, 0, 8, 0xff, eight);
      assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0) + gcn_checker_retire_finish(c), 0);
      assert_true(gcn_checker_retire_ended(c));
    } else {
      assert_int_equal(gcn_checker_retire_finish(c), 1);
      assert_string_equal(only_mismatch(c)->field, "missing retire");
      assert_int_equal(only_mismatch(c)->pc, 4);
    }
    gcn_checker_free(c);
  }
}

static void test_kind_words_branch(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_ILLEGAL, 0, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "kind");
  assert_non_null(strstr(only_mismatch(c)->message, "expected retire, got illegal"));
  gcn_checker_free(c);

  c = new_loaded(program, state);
  uint32_t word = 0xbe810085; /* s_mov_b32 s1, 5 */
  gcn_checker_retire_sgpr(c, 1, 5);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, &word, 1), 0);
  word = 0x80028302; /* s_add_u32 s2, s2, 3: not the program's word */
  gcn_checker_retire_sgpr(c, 2, 8);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, &word, 1), 1);
  assert_string_equal(only_mismatch(c)->field, "instruction word");
  gcn_checker_free(c);

  /* PC 0 s_setpc_b64 s[4:5] (to 8); PC 4 s_mov_b32 s1, 1 (skipped); PC 8 s_endpgm. */
  const char *jump = "s_setpc_b64 s[4:5]\ns_mov_b32 s1, 1\ns_endpgm\n";
  c = new_loaded(jump, "s4=8");
  gcn_checker_retire_pc(c, 8);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_END, 8, NULL, 0), 0);
  gcn_checker_free(c);
  /* Not reported: the next retirement's PC checks the branch; strict: a mismatch. */
  c = new_loaded(jump, "s4=8");
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "retire PC");
  gcn_checker_free(c);
  c = new_loaded(jump, "s4=8");
  set_strict(c, true, 1);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "PC");
  assert_non_null(strstr(only_mismatch(c)->message, "branch target: expected 0x8, got 0x4 (not reported)"));
  gcn_checker_free(c);
}

static void test_watchdog_and_finish(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  gcn_retire_config cfg = gcn_retire_config_default();
  cfg.watchdog = 100;
  gcn_error err;
  assert_int_equal(gcn_checker_retire_config(c, &cfg, &err), 0);
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  assert_int_equal(gcn_checker_retire_clock(c, 60), 0);
  assert_int_equal(gcn_checker_retire_clock(c, 50), 1);
  const gcn_mismatch *m = only_mismatch(c);
  assert_string_equal(m->field, "watchdog");
  assert_int_equal(m->pc, 4);
  assert_non_null(strstr(m->message, "retire 2 (PC 0x000004  s_add_u32 s2, s1, 3): watchdog: no instruction retired for 110 cycles"));
  assert_int_equal(gcn_checker_retire_clock(c, 500), 0); /* once */
  assert_int_equal(gcn_checker_retire_finish(c), 0);      /* already reported */
  gcn_checker_free(c);

  c = new_loaded(program, state);
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  assert_int_equal(gcn_checker_retire_finish(c), 1);
  assert_string_equal(only_mismatch(c)->field, "missing retire");
  assert_int_equal(only_mismatch(c)->pc, 4);
  gcn_checker_free(c);

  /* The DUT ends early: each instruction before its end is missing. */
  c = new_loaded(program, state);
  gcn_checker_retire_sgpr(c, 1, 5);
  gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_END, 12, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "retire PC");
  gcn_checker_free(c);
}

static char *write_temp(const char *text) {
  static char path[64];
  snprintf(path, sizeof path, "/tmp/test_retire_%d.cap", (int)getpid());
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

static void test_capability(void **state_) {
  (void)state_;
  gcn_error err;
  gcn_checker *c = new_loaded(program, state);
  char *path = write_temp("capability 1\n# only moves\ngens gcn14\nallow s_mov_b32 v_add_u32\nforms none\n");
  assert_int_equal(gcn_checker_retire_capability(c, path, &err), 0);
  gcn_checker_retire_sgpr(c, 1, 5);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 0, NULL, 0), 0);
  gcn_checker_retire_sgpr(c, 2, 8);
  assert_int_equal(gcn_checker_retire(c, GCN_EV_RETIRE, 4, NULL, 0), 1);
  assert_string_equal(only_mismatch(c)->field, "capability");
  assert_non_null(strstr(only_mismatch(c)->message, "retired instruction outside the DUT's capability"));
  assert_non_null(strstr(only_mismatch(c)->message, "s_add_u32 is not an allowed instruction"));
  gcn_checker_free(c);

  /* Errors name the file and line. */
  static const struct {
    const char *text, *msg;
  } bad[] = {
      {"capability 2\n", ":1: error: expected 'capability 1' (the format line) first"},
      {"capability 1\ngens gcn13\n", ":2: error: unknown generation 'gcn13'"},
      {"capability 1\n\nallow s_frob\n", ":3: error: unknown instruction 's_frob'"},
      {"capability 1\nallow group valu_nothing\n", ":2: error: unknown group 'valu_nothing'"},
      {"capability 1\nforms vop4\n", ":2: error: unknown form 'vop4'"},
      {"capability 1\nmaybe s_mov_b32\n", ":2: error: unknown key 'maybe'"},
      {"", ":1: error: expected 'capability 1'"},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gcn_capability cap;
    path = write_temp(bad[i].text);
    assert_int_equal(gcn_capability_load(path, &cap, &err), -1);
    if (!strstr(err.msg, bad[i].msg)) fail_msg("case %u: got '%s'", i, err.msg);
  }

  /* The generator restricted to a capability emits nothing outside it. */
  path = write_temp("capability 1\nallow group salu_logic valu_int\nallow class SOP2\ndeny s_and_b32\nforms vop3\n");
  gcn_capability cap;
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  gcn_profile prof;
  gcn_profile_default(&prof);
  assert_int_equal(gcn_capability_restrict(&cap, GCN12, &prof, &err), 0);
  gcn_vector *v = gcn_vec_new();
  unsigned seen = 0;
  for (uint64_t seed = 1; seed <= 30; seed++) {
    assert_int_equal(gcn_generate(GCN12, seed, &prof, false, v, &err), 0);
    for (size_t at = 0; at < v->size;) {
      gcn_inst in;
      char why[160];
      assert_int_equal(gcn_decode_bytes(GCN12, v->image + at, v->size - at, &in, &err), 0);
      if (!gcn_capability_allows(&cap, GCN12, &in, why, sizeof why)) fail_msg("seed %llu: %s", (unsigned long long)seed, why);
      assert_true(in.desc->id[0] != 'S' || strcmp(in.desc->id, "S_AND_B32"));
      at += in.size;
      seen++;
    }
  }
  assert_true(seen > 100);
  gcn_vec_free(v);
  /* Nothing left: an error. */
  path = write_temp("capability 1\nallow s_and_b32\ndeny s_and_b32\nstreams none\n");
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  gcn_profile_default(&prof);
  assert_int_equal(gcn_capability_restrict(&cap, GCN12, &prof, &err), -1);
  assert_non_null(strstr(err.msg, "leaves nothing"));
  unlink(path);
}

/* gcn_capability_allows: each form by its own instruction (gcn12 syntax, llvm-mc's). */
static void test_capability_forms(void **state_) {
  (void)state_;
  gcn_error err;
  gcn_capability cap;
  char *path = write_temp("capability 1\ngens gcn12\nallow v_add_f32 s_mov_b32\nforms none\n");
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  static const struct {
    const char *text;
    bool ok;
    const char *why;
  } cases[] = {
      {"v_add_f32_e32 v1, v2, v3", true, ""},
      {"v_add_f32_e64 v1, v2, v3", false, "the VOP3 (_e64) form of v_add_f32: 'forms' lacks vop3"},
      {"v_add_f32_e32 v1, 0x40490fdb, v3", false, "v_add_f32 with a literal constant: 'forms' lacks literal"},
      {"v_add_f32_dpp v1, v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf", false,
       "the DPP form of v_add_f32: 'forms' lacks dpp"},
      {"v_add_f32_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:DWORD", false,
       "the SDWA form of v_add_f32: 'forms' lacks sdwa"},
      {"s_mov_b32 s1, ttmp2", false, "s_mov_b32 with the operand ttmp2: 'forms' lacks special"},
      {"s_mov_b32 s1, vcc_lo", true, ""},
      {"s_mov_b32 m0, exec_hi", true, ""},
      {"s_mov_b64 s[2:3], s[4:5]", false, "s_mov_b64 is not an allowed instruction"},
      {"s_endpgm", true, ""},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    gcn_inst in;
    char why[160] = "";
    if (gcn_assemble(GCN12, cases[i].text, &in, &err)) fail_msg("%s: %s", cases[i].text, err.msg);
    bool ok = gcn_capability_allows(&cap, GCN12, &in, why, sizeof why);
    if (ok != cases[i].ok || (!ok && strcmp(why, cases[i].why))) fail_msg("%s: %d '%s'", cases[i].text, ok, why);
  }
  gcn_inst in;
  char why[160];
  assert_int_equal(gcn_assemble(GCN14, "s_mov_b32 s1, 5", &in, &err), 0);
  assert_false(gcn_capability_allows(&cap, GCN14, &in, why, sizeof why));
  assert_string_equal(why, "generation gcn14 is not in 'gens'");
  path = write_temp("capability 1\nallow v_add_f32\nforms vop3\n");
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  assert_int_equal(gcn_assemble(GCN12, "v_add_f32_e64 v1, -v2, v3", &in, &err), 0);
  assert_false(gcn_capability_allows(&cap, GCN12, &in, why, sizeof why));
  assert_string_equal(why, "v_add_f32 with a modifier (abs, neg, omod or clamp): 'forms' lacks modifiers");
  /* forms dpp: the DPP form allowed; without it the profile's dpp rate and dpp stream are off */
  path = write_temp("capability 1\nallow v_add_f32\nforms dpp\nstreams dpp\n");
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  assert_int_equal(gcn_assemble(GCN12, "v_add_f32_dpp v1, v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf", &in, &err), 0);
  assert_true(gcn_capability_allows(&cap, GCN12, &in, why, sizeof why));
  gcn_profile prof;
  gcn_profile_default(&prof);
  prof.dpp = 12;
  prof.stream[GCN_STREAM_DPP] = 2;
  assert_int_equal(gcn_capability_restrict(&cap, GCN12, &prof, &err), 0);
  assert_int_equal(prof.dpp, 12);
  assert_int_equal(prof.stream[GCN_STREAM_DPP], 2);
  path = write_temp("capability 1\nallow v_add_f32\nforms vop3\nstreams dpp\n");
  assert_int_equal(gcn_capability_load(path, &cap, &err), 0);
  gcn_profile_default(&prof);
  prof.dpp = 12;
  prof.stream[GCN_STREAM_DPP] = 2;
  assert_int_equal(gcn_capability_restrict(&cap, GCN12, &prof, &err), 0);
  assert_int_equal(prof.dpp, 0);
  assert_int_equal(prof.stream[GCN_STREAM_DPP], 0);
  unlink(path);
}

static void test_model_alone(void **state_) {
  (void)state_;
  gcn_checker *c = new_loaded(program, state);
  char line[256];
  gcn_error err;
  uint64_t v;
  assert_int_equal(gcn_checker_model_step(c, line, sizeof line), GCN_EV_RETIRE);
  assert_non_null(strstr(line, "PC 0x000000  s_mov_b32 s1, 5"));
  assert_non_null(strstr(line, " s1=0x00000005"));
  assert_int_equal(gcn_checker_model_step(c, line, sizeof line), GCN_EV_RETIRE);
  assert_int_equal(gcn_checker_model_step(c, line, sizeof line), GCN_EV_RETIRE);
  assert_non_null(strstr(line, "v1[mask 0x00000000000000ff]"));
  assert_int_equal(gcn_checker_model_step(c, line, sizeof line), GCN_EV_END);
  assert_int_equal(gcn_checker_model_step(c, line, sizeof line), -1);
  assert_int_equal(gcn_checker_model_reg(c, "s2", &v, &err), 0);
  assert_int_equal(v, 8);
  assert_int_equal(gcn_checker_model_reg(c, "v1[7]", &v, &err), 0);
  assert_int_equal(v, 8);
  assert_int_equal(gcn_checker_model_reg(c, "v1[8]", &v, &err), 0);
  assert_int_equal(v, 0);
  assert_int_equal(gcn_checker_model_reg(c, "v1", &v, &err), -1);
  assert_int_equal(gcn_checker_model_reg(c, "q7", &v, &err), -1);
  gcn_checker_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clean),           cmocka_unit_test(test_wrong_value_and_report),
      cmocka_unit_test(test_missing_and_extra_writes), cmocka_unit_test(test_vgpr_lanes),
      cmocka_unit_test(test_order_and_window), cmocka_unit_test(test_kind_words_branch),
      cmocka_unit_test(test_watchdog_and_finish), cmocka_unit_test(test_capability),
      cmocka_unit_test(test_model_alone), cmocka_unit_test(test_written_twice),
      cmocka_unit_test(test_end_overtakes), cmocka_unit_test(test_capability_forms),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

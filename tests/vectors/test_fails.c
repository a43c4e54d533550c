/* Tests of the intended run-time error at a program's end (generator version 26: vectors/aim_control.c's
 * gen_aim_control_fault; the `.fails` mark of docs/vectors.md). Run from the repository root (it
 * reads vectors/profiles/cosim.prof); prints one line per failure and ends with "N passed, N failed".
 *
 *   build/tests/vectors_fails_test
 *
 * What is checked:
 *  - a hand-written `.fails` vector reads, keeps its mark through write -> read, and its run ends
 *    ILLEGAL at the mark on the model and on the timing core; a `.fails` on an instruction that does
 *    not fail, two marks, and a mark without an instruction are rejected with "FILE:LINE: error:
 *    expected ..." at the right line;
 *  - cosim.prof generates such vectors on gcn10, gcn11 and gcn12 (none on gcn14): the mark is on the
 *    last instruction, a v_movrel* whose indexed field + M0 is past v255, the only instruction that
 *    ends the run (no `.illegal` beside it), and the model and the timing core both end ILLEGAL there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"
#include "gcnref/timing.h"
#include "gen.h"
#include "vecfile.h"

#include "../common/checks.h"

/* Reads the one vector of TEXT into V; 0, or -1 with ERR. */
static int read_one(const char *text, gcn_vector *v, gcn_error *err) {
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  if (!f) return -1;
  gcn_vec_reader *r = gcn_vec_reader_new(f, "fails.vec");
  int rc = gcn_vec_read(r, v, err);
  gcn_vec_reader_free(r);
  fclose(f);
  return rc == 1 ? 0 : -1;
}

/* The index of V's `.fails` instruction, or -1. */
static long fails_at(const gcn_vector *v) {
  for (size_t i = 0; i < v->n_code; i++)
    if (v->code[i].fails) return (long)i;
  return -1;
}

/* The run of V on the model and on the timing core must end ILLEGAL at PC. */
static void check_ends(const gcn_vector *v, uint64_t pc, const char *what) {
  gcn_wave *w = malloc(sizeof *w);
  gcn_vec_result res;
  gcn_error err;
  bool ok = w && gcn_vec_run(v, w, 1000000, &res, &err) == 0;
  check(ok && res.status == GCN_VEC_ILLEGAL && res.pc == pc, "%s: the model ends %s at 0x%llx, not illegal at 0x%llx",
        what, ok ? gcn_vec_status_name(res.status) : "(no run)", ok ? (unsigned long long)res.pc : 0ull,
        (unsigned long long)pc);
  free(w);
  gcn_core *core = gcn_core_new(v->gen, NULL, &err);
  ok = core && gcn_vec_run_core(v, core, 200000, &res, &err) == 0;
  check(ok && res.status == GCN_VEC_ILLEGAL && res.pc == pc, "%s: the timing core ends %s at 0x%llx, not illegal at "
        "0x%llx", what, ok ? gcn_vec_status_name(res.status) : "(no run)", ok ? (unsigned long long)res.pc : 0ull,
        (unsigned long long)pc);
  if (core) gcn_core_free(core);
}

#define HEAD "gcnvec 1\nvector f1\ngen gcn11\nseed 1\nmode 0\n"
#define MOVK(k) "code 0x000000 s_movk_i32 m0, 0x" #k " ; encoding: [0x" #k ",0x00,0x7c,0xb0]\n"
#define RELD "v_movreld_b32_e32 v200, v1 ; encoding: [0x01,0x85,0x90,0x7f]\n"
#define ENDPGM "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n"

/* v200 + M0 0x80 is v328: a run-time error at 0x4. */
static void test_hand_written(void) {
  gcn_vector *v = gcn_vec_new(), *back = gcn_vec_new();
  gcn_error err;
  int rc = read_one(HEAD MOVK(80) "code 0x000004 .fails " RELD "code 0x000008 " ENDPGM "end\n", v, &err);
  check(rc == 0, "a .fails vector is rejected: %s", rc ? err.msg : "");
  if (rc == 0) {
    check(fails_at(v) == 1 && strcmp(v->code[1].text, "v_movreld_b32_e32 v200, v1") == 0,
          "the mark is not on v_movreld_b32 (at %ld, text '%s')", fails_at(v), v->code[1].text);
    check_ends(v, 4, "hand-written");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gcn_vec_write_header(f);
    gcn_vec_write(f, v);
    fclose(f);
    check(buf && strstr(buf, "code 0x000004 .fails v_movreld_b32_e32 v200, v1 "), "written without the mark:\n%s", buf);
    rc = buf ? read_one(buf, back, &err) : -1;
    check(rc == 0 && fails_at(back) == 1, "the written vector does not read back with its mark: %s", rc ? err.msg : "");
    free(buf);
  }
  /* Malformed: the line of the error and its words. */
  static const struct {
    const char *text;
    unsigned line;
    const char *needle;
  } bad[] = {
      {HEAD MOVK(10) "code 0x000004 .fails " RELD "end\n", 7, "a run-time error at '.fails' 0x000004: it ends 'end'"},
      {HEAD MOVK(80) "code 0x000004 .fails " RELD "code 0x000008 .fails " ENDPGM "end\n", 8, "one '.fails'"},
      {HEAD MOVK(80) "code 0x000004 " RELD "code 0x000008 .fails " ENDPGM "end\n", 8, "it ends 'illegal' at 0x000004"},
      {HEAD MOVK(80) "code 0x000004 .fails ; encoding: [0x01,0x85,0x90,0x7f]\nend\n", 7, "an instruction"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char prefix[64];
    snprintf(prefix, sizeof prefix, "fails.vec:%u: error: expected ", bad[i].line);
    rc = read_one(bad[i].text, v, &err);
    check(rc && strncmp(err.msg, prefix, strlen(prefix)) == 0 && strstr(err.msg, bad[i].needle),
          "malformed .fails case %zu: want '%s...%s', got '%s'", i, prefix, bad[i].needle, rc ? err.msg : "(accepted)");
  }
  gcn_vec_free(v);
  gcn_vec_free(back);
}

/* cosim.prof's vectors of make run's seeds: a few end in the marked run-time error on gcn10-12. */
static void test_generated(void) {
  gcn_profile *p = malloc(sizeof *p);
  gcn_error err;
  if (!p || gcn_profile_load("vectors/profiles/cosim.prof", p, &err)) {
    check(false, "cosim.prof: %s", p ? err.msg : "out of memory");
    free(p);
    return;
  }
  gcn_vector *v = gcn_vec_new();
  for (int g = 0; g < GCN_GEN_COUNT; g++) {
    unsigned marked = 0;
    for (uint64_t seed = 1000000 + 100000 * (uint64_t)g; seed < 1000000 + 100000 * (uint64_t)g + 300; seed++) {
      if (gcn_generate((gcn_gen)g, seed, p, false, v, &err)) {
        check(false, "%s seed %llu: %s", gcn_gen_name((gcn_gen)g), (unsigned long long)seed, err.msg);
        break;
      }
      long i = fails_at(v);
      if (i < 0) continue;
      marked++;
      char what[64];
      snprintf(what, sizeof what, "%s seed %llu", gcn_gen_name((gcn_gen)g), (unsigned long long)seed);
      const gcn_vec_inst *c = &v->code[i];
      gcn_inst in, mk;
      size_t off = (size_t)(c->addr - v->base);
      bool ok = (size_t)i == v->n_code - 1 && i > 0 &&
                gcn_decode_bytes(v->gen, v->image + off, c->size, &in, &err) == 0 &&
                gcn_decode_bytes(v->gen, v->image + off - 4, 4, &mk, &err) == 0 &&
                gcn_isa_op(mk.desc) == GCN_OP_S_MOVK_I32 && mk.sdst == GCN_CODE_M0;
      enum gcn_op op = ok ? gcn_isa_op(in.desc) : GCN_OP_COUNT;
      ok = ok && (op == GCN_OP_V_MOVRELD_B32 || op == GCN_OP_V_MOVRELSD_B32 || op == GCN_OP_V_MOVRELS_B32);
      unsigned field = !ok ? 0 : op == GCN_OP_V_MOVRELD_B32 ? in.vdst : in.src[0] - GCN_CODE_VGPR0;
      check(ok && field + mk.simm16 >= GCN_NUM_VGPRS,
            "%s: the mark is not on the last instruction, a v_movrel* past v255 after s_movk_i32 m0", what);
      for (size_t k = 0; k < v->n_code; k++) check(!v->code[k].illegal, "%s: an .illegal beside .fails", what);
      check_ends(v, c->addr, what);
    }
    if (g <= GCN12)
      check(marked > 0, "%s: no .fails vector in 300 of make run's seeds", gcn_gen_name((gcn_gen)g));
    else
      check(marked == 0, "%s: %u .fails vectors (gcn10-12 only)", gcn_gen_name((gcn_gen)g), marked);
  }
  gcn_vec_free(v);
  free(p);
}

int main(void) {
  test_hand_written();
  test_generated();
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

/* gcnref known-answer test runner. Each test line of a .kat file is
 *   INSTRUCTION | INITIAL | EXPECTED
 * run once per generation of the current "[gens: ...]" header: the instruction is
 * assembled, placed at the initial PC, stepped once, and the whole state is compared with
 * INITIAL updated by EXPECTED (and PC advanced by the instruction size unless EXPECTED
 * names pc). EXPECTED may instead be error=notmodelled or error=runtime.
 * Expected values in the .kat files are derived by hand from the spec (tests/kat/README.md).
 * Prints one line per failure and ends with "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/model.h"
#include "gcnref/operand.h"
#include "gcnref/program.h"

static unsigned passed, failed;

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  char *e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) *--e = '\0';
  return s;
}

/* Compares two states; describes the first difference in BUF. */
static bool same_state(const gcn_state *want, const gcn_state *got, char *buf, size_t len) {
  char name[48];
  for (unsigned c = 0; c < 128; c++) {
    gcn_opnd_kind k = gcn_operand_kind(want->gen, c);
    if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL) continue;
    uint32_t a = gcn_sreg_read(want, c), b = gcn_sreg_read(got, c);
    if (a != b) {
      gcn_operand_reg_name(want->gen, c, 32, name, sizeof name);
      snprintf(buf, len, "%s: expected 0x%08x, got 0x%08x", name, a, b);
      return false;
    }
  }
  if (want->scc != got->scc) {
    snprintf(buf, len, "scc: expected %d, got %d", want->scc, got->scc);
    return false;
  }
  if (want->pc != got->pc) {
    snprintf(buf, len, "pc: expected 0x%llx, got 0x%llx", (unsigned long long)want->pc,
             (unsigned long long)got->pc);
    return false;
  }
  for (unsigned h = 0; h < GCN_NUM_HWREGS; h++)
    if (want->hwreg[h] != got->hwreg[h]) {
      snprintf(buf, len, "hwreg %u: expected 0x%08x, got 0x%08x", h, want->hwreg[h], got->hwreg[h]);
      return false;
    }
  if (want->mode != got->mode) {
    snprintf(buf, len, "mode: expected 0x%08x, got 0x%08x", want->mode, got->mode);
    return false;
  }
  for (unsigned v = 0; v < GCN_NUM_VGPRS; v++)
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++)
      if (want->vgpr[v][l] != got->vgpr[v][l]) {
        snprintf(buf, len, "v%u[%u]: expected 0x%08x, got 0x%08x", v, l, want->vgpr[v][l], got->vgpr[v][l]);
        return false;
      }
  return true;
}

static gcn_state initial, expected;
static gcn_wave wave;

static void run_case(const char *file, unsigned lineno, gcn_gen gen, char *inst_text,
                     const char *init_text, const char *exp_text) {
  const char *gname = gcn_gen_name(gen);
  gcn_error err;
  gcn_inst in;
#define FAIL(...)                                                        \
  do {                                                                   \
    failed++;                                                            \
    printf("%s:%u: [%s] %s: ", file, lineno, gname, inst_text);          \
    printf(__VA_ARGS__);                                                 \
    putchar('\n');                                                       \
    return;                                                              \
  } while (0)
  gcn_state_init(&initial, gen);
  if (gcn_state_assign(&initial, init_text, &err)) FAIL("bad INITIAL: %s", err.msg);
  if (gcn_assemble(gen, inst_text, &in, &err)) FAIL("does not assemble: %s", err.msg);
  uint32_t words[2];
  unsigned n = gcn_encode(&in, words);
  uint8_t bytes[8];
  for (unsigned i = 0; i < 4 * n; i++) bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
  gcn_wave_init(&wave, gen, (gcn_program){initial.pc, bytes, 4 * n});
  wave.st = initial;
  gcn_retire ret;
  gcn_step_status s = gcn_step(&wave, &ret, &err);
  gcn_wave_free(&wave);
  /* EXPECTED may name "stop" (the wave stops: s_endpgm, s_trap...) and "event=V" (the
   * instruction records an event with value V); the other assignments are registers. */
  static char regs[4096];
  regs[0] = 0;
  bool want_stop = false;
  long want_event = -1;
  static char expcopy[4096];
  snprintf(expcopy, sizeof expcopy, "%s", exp_text);
  for (char *tok = strtok(expcopy, " \t"); tok; tok = strtok(NULL, " \t")) {
    if (strcmp(tok, "stop") == 0)
      want_stop = true;
    else if (strncmp(tok, "event=", 6) == 0)
      want_event = strtol(tok + 6, NULL, 0);
    else
      snprintf(regs + strlen(regs), sizeof regs - strlen(regs), "%s ", tok);
  }
  exp_text = regs;
  if (strncmp(exp_text, "error=notmodelled", 17) == 0) {
    if (s != GCN_STEP_NOT_MODELLED) FAIL("expected a 'not modelled' error, got status %d", s);
    passed++;
    return;
  }
  if (strncmp(exp_text, "error=runtime", 13) == 0) {
    if (s != GCN_STEP_ERROR) FAIL("expected a run-time error, got status %d", s);
    passed++;
    return;
  }
  if (s != (want_stop ? GCN_STEP_END : GCN_STEP_OK)) FAIL("step status %d (expected %s): %s", s, want_stop ? "a stop" : "OK", err.msg);
  if (want_event >= 0) {
    bool seen = false;
    for (unsigned i = 0; i < ret.n_writes; i++)
      seen |= ret.writes[i].kind == GCN_W_EVENT && ret.writes[i].value == (uint64_t)want_event;
    if (!seen) FAIL("expected event=0x%lx", (unsigned long)want_event);
  }
  expected = initial;
  expected.pc = initial.pc + 4 * n;
  if (gcn_state_assign(&expected, exp_text, &err)) FAIL("bad EXPECTED: %s", err.msg);
  char diff[160];
  if (!same_state(&expected, &wave.st, diff, sizeof diff)) FAIL("%s", diff);
  passed++;
#undef FAIL
}

static int run_file(const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) {
    printf("%s: cannot open\n", file);
    failed++;
    return -1;
  }
  char buf[2048];
  unsigned lineno = 0;
  bool gens[GCN_GEN_COUNT] = {true, true, true, true};
  while (fgets(buf, sizeof buf, f)) {
    lineno++;
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *line = trim(buf);
    if (!*line) continue;
    if (strncmp(line, "[gens:", 6) == 0) {
      memset(gens, 0, sizeof gens);
      char *end = strchr(line, ']');
      if (end) *end = '\0';
      for (char *tok = strtok(line + 6, " \t"); tok; tok = strtok(NULL, " \t")) {
        gcn_gen g;
        if (!gcn_gen_parse(tok, &g)) {
          printf("%s:%u: bad generation '%s'\n", file, lineno, tok);
          failed++;
          continue;
        }
        gens[g] = true;
      }
      continue;
    }
    char *bar1 = strchr(line, '|');
    char *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
    if (!bar2) {
      printf("%s:%u: expected INSTRUCTION | INITIAL | EXPECTED\n", file, lineno);
      failed++;
      continue;
    }
    *bar1 = *bar2 = '\0';
    char *inst = trim(line), *init = trim(bar1 + 1), *exp = trim(bar2 + 1);
    for (int g = 0; g < GCN_GEN_COUNT; g++)
      if (gens[g]) run_case(file, lineno, (gcn_gen)g, inst, init, exp);
  }
  fclose(f);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: kat_runner FILE.kat...\n");
    return 2;
  }
  for (int i = 1; i < argc; i++) run_file(argv[i]);
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

/* gcnref timing test runner. A .timing file holds tests:
 *   [name]
 *   gen: gcn14
 *   state: s5=1 v2=3                       (optional)
 *   config: salu_latency=1 valu_depth=6 branch_penalty=2   (optional)
 *   asm:
 *     <instructions, indented>
 *   expect:
 *     @CYCLE EVENT EVENT ...               (every event of every cycle that has any)
 *   cycles: N
 * Expected cycles are worked out by hand from docs/microarch.md. Each test is run on the
 * timing core and its whole event stream compared. Prints "N passed, N failed". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/timing.h"

#define MAX_LINES 256

typedef struct {
  char name[128];
  unsigned line;
  gcn_gen gen;
  bool have_gen;
  char state[1024];
  gcn_timing_config cfg;
  char *asm_lines[MAX_LINES];
  unsigned asm_lineno[MAX_LINES];
  unsigned n_asm;
  char *expect[MAX_LINES]; /* "@C ev ev" lines */
  unsigned n_expect;
  long cycles;
} timing_test;

static unsigned passed, failed;

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
  return s;
}

static void reset(timing_test *t) {
  for (unsigned i = 0; i < t->n_asm; i++) free(t->asm_lines[i]);
  for (unsigned i = 0; i < t->n_expect; i++) free(t->expect[i]);
  memset(t, 0, sizeof *t);
  t->cfg = gcn_timing_default();
  t->cycles = -1;
}

/* Appends "@C ev ev" for CYCLE to BUF. */
static void run_test(const char *file, timing_test *t) {
  char why[4400] = "";
#define FAIL(...)                                                  \
  do {                                                             \
    snprintf(why, sizeof why, __VA_ARGS__);                        \
    goto done;                                                     \
  } while (0)
  gcn_core *core = NULL;
  uint8_t *bytes = NULL;
  size_t size = 0;
  if (!t->have_gen) FAIL("no 'gen:' line");
  static gcn_state st;
  gcn_state_init(&st, t->gen);
  gcn_error err;
  if (t->state[0] && gcn_state_assign(&st, t->state, &err)) FAIL("bad state: %s", err.msg);
  bytes = malloc(8 * (t->n_asm + 1));
  for (unsigned i = 0; i < t->n_asm; i++) {
    gcn_inst in;
    if (gcn_assemble(t->gen, t->asm_lines[i], &in, &err))
      FAIL("line %u: '%s' does not assemble: %s", t->asm_lineno[i], t->asm_lines[i], err.msg);
    uint32_t w[2];
    unsigned n = gcn_encode(&in, w);
    for (unsigned b = 0; b < 4 * n; b++) bytes[size++] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
  }
  core = gcn_core_new(t->gen, &t->cfg, &err);
  if (!core) FAIL("bad config: %s", err.msg);
  gcn_core_load(core, st.pc, bytes, size, &st);
  unsigned next_expect = 0;
  gcn_core_status s;
  do {
    const gcn_event *ev;
    unsigned n;
    uint64_t cycle = gcn_core_cycle(core);
    s = gcn_core_step(core, &ev, &n);
    if (cycle > 100000) FAIL("no end after 100000 cycles");
    if (!n) continue;
    char got[4096];
    gcn_events_format(t->gen, cycle, ev, n, got, sizeof got);
    if (next_expect >= t->n_expect) FAIL("unexpected events: %s", got);
    if (strcmp(got, t->expect[next_expect]) != 0)
      FAIL("expected '%s', got '%s'", t->expect[next_expect], got);
    next_expect++;
  } while (s == GCN_CORE_RUNNING);
  if (next_expect < t->n_expect) FAIL("missing events: expected '%s'", t->expect[next_expect]);
  if (t->cycles >= 0 && (uint64_t)t->cycles != gcn_core_cycle(core))
    FAIL("expected %ld cycles, got %llu", t->cycles, (unsigned long long)gcn_core_cycle(core));
done:
  if (why[0]) {
    failed++;
    printf("%s:%u: [%s] %s\n", file, t->line, t->name, why);
  } else {
    passed++;
  }
  gcn_core_free(core);
  free(bytes);
#undef FAIL
}

/* Normalises an expect line: single spaces. */
static char *normalise(const char *s) {
  char *out = malloc(strlen(s) + 1), *o = out;
  bool space = false;
  for (; *s; s++) {
    if (isspace((unsigned char)*s)) {
      space = o != out;
      continue;
    }
    if (space) *o++ = ' ';
    space = false;
    *o++ = *s;
  }
  *o = '\0';
  return out;
}

static void run_file(const char *file) {
  FILE *f = fopen(file, "r");
  if (!f) {
    printf("%s: cannot open\n", file);
    failed++;
    return;
  }
  static timing_test t;
  memset(&t, 0, sizeof t);
  reset(&t);
  bool in_test = false;
  enum { NONE, ASM, EXPECT } section = NONE;
  char *buf = NULL;
  size_t cap = 0;
  unsigned lineno = 0;
  while (getline(&buf, &cap, f) >= 0) {
    lineno++;
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    bool indented = buf[0] == ' ' || buf[0] == '\t';
    char *line = trim(buf);
    if (!*line) continue;
    if (line[0] == '[') {
      if (in_test) run_test(file, &t);
      reset(&t);
      in_test = true;
      section = NONE;
      char *end = strchr(line, ']');
      if (end) *end = '\0';
      snprintf(t.name, sizeof t.name, "%s", line + 1);
      t.line = lineno;
      continue;
    }
    if (!in_test) continue;
    if (indented && section == ASM && t.n_asm < MAX_LINES) {
      t.asm_lineno[t.n_asm] = lineno;
      t.asm_lines[t.n_asm++] = strdup(line);
      continue;
    }
    if (indented && section == EXPECT && t.n_expect < MAX_LINES) {
      t.expect[t.n_expect++] = normalise(line);
      continue;
    }
    section = NONE;
    if (strncmp(line, "gen:", 4) == 0) {
      t.have_gen = gcn_gen_parse(trim(line + 4), &t.gen);
    } else if (strncmp(line, "state:", 6) == 0) {
      snprintf(t.state, sizeof t.state, "%s", trim(line + 6));
    } else if (strncmp(line, "config:", 7) == 0) {
      for (char *tok = strtok(line + 7, " \t"); tok; tok = strtok(NULL, " \t")) {
        unsigned v;
        if (sscanf(tok, "salu_latency=%u", &v) == 1) t.cfg.salu_latency = v;
        else if (sscanf(tok, "valu_depth=%u", &v) == 1) t.cfg.valu_depth = v;
        else if (sscanf(tok, "branch_penalty=%u", &v) == 1) t.cfg.branch_penalty = v;
        else printf("%s:%u: unknown config '%s'\n", file, lineno, tok), failed++;
      }
    } else if (strcmp(line, "asm:") == 0) {
      section = ASM;
    } else if (strcmp(line, "expect:") == 0) {
      section = EXPECT;
    } else if (strncmp(line, "cycles:", 7) == 0) {
      t.cycles = strtol(line + 7, NULL, 10);
    } else {
      printf("%s:%u: unexpected line '%s'\n", file, lineno, line);
      failed++;
    }
  }
  if (in_test) run_test(file, &t);
  reset(&t);
  free(buf);
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: timing_runner FILE.timing...\n");
    return 2;
  }
  for (int i = 1; i < argc; i++) run_file(argv[i]);
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

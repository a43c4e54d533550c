/* gcnref minimize: delta debugging of a failing test vector (docs/regress.md).
 *
 * The vector's parts are simplified in phases, each a chunked delta-debugging pass over a
 * list of changes (all at once, halves, quarters, ... single changes, repeated at size 1
 * until no single change can be applied): drop instructions; replace source operands by
 * 0; reset initial-state registers to the seed's default state; zero the remaining ones.
 * A change is kept when the candidate vector still fails. At the end every remaining
 * instruction, operand and initial-state entry is needed for the failure (1-minimal).
 *
 * The failure predicate: with --cmd, a shell command in which {} is replaced by the
 * candidate's vector file; the candidate fails when the command exits non-zero (within
 * --timeout seconds; a timeout does not count as a failure) and, with
 * --fails-when-output REGEX, its output (stdout and stderr) matches REGEX. Without --cmd:
 * the vector must carry expected results (e.g. from another implementation); the candidate
 * fails when the functional model still gives every wrong value the original run gives
 * (each "expected REG=X, got Y" difference of the original recurs; others are ignored). In both cases a candidate that does not end on the functional model
 * within 100,000 instructions is rejected before the predicate runs (dropped branches can
 * make loops). Deterministic: the same input and predicate give the same result. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "gcnref/inst.h"
#include "gcnref/isa.h"
#include "gcnref/model.h"
#include "gcnref/ofile.h"
#include "gcnref/state.h"
#include "vecfile.h"


#define EXIT_BAD 2
#define N_ITEMS_MAX (135 + GCN_NUM_VGPRS)
#define MAX_STEPS 100000

static const char *const usage_minimize =
    "usage: gcnref minimize VECTOR_FILE [--index N] [--cmd 'COMMAND {}'] [--timeout SEC]\n"
    "                       [--fails-when-output REGEX] [-o OUT] [--quiet]\n"
    "\n"
    "Delta-debugs a failing vector (vector N of the file, default 0): drops instructions,\n"
    "replaces source operands by 0, resets and zeroes initial-state registers, while the\n"
    "vector still fails, until every remaining part is needed. Prints the minimal vector\n"
    "(docs/vectors.md) and its disassembly; -o also writes the vector to OUT.\n"
    "  --cmd CMD      the failure predicate: a shell command, {} replaced by the candidate's\n"
    "                 vector file; non-zero exit status = still fails. E.g.\n"
    "                 --cmd 'build/rtl/cosim/cfg_1_6_2/tb_cosim +vectors={} +gen=gcn10'\n"
    "                 Without --cmd: the vector's expected state is the reference; the\n"
    "                 candidate fails when the model still gives each wrong value the\n"
    "                 original gives ('expected REG=X, got Y' recurs; others ignored).\n"
    "  --timeout SEC  per run of CMD (default 20); a timeout is not a failure\n"
    "  --fails-when-output REGEX  also require CMD's output to match REGEX (POSIX ERE)\n"
    "Exit status 0 with the minimal vector; 2 when the original does not fail, or on errors.\n";

typedef struct {
  uint8_t bytes[8];
  uint8_t size;
  bool illegal, fails; /* fails: the vector's `.fails` mark (docs/vectors.md) */
  char text[GCN_VEC_TEXT_MAX];
} m_inst;

/* A candidate: the parts that change. Everything else comes from the original vector. */
typedef struct {
  m_inst *code;
  size_t n;
  gcn_state init;
} m_cand;

typedef struct {
  const gcn_vector *orig;
  const char *cmd;
  const char *regex_text;
  regex_t re;
  unsigned timeout;
  char dir[64];
  unsigned runs;
  bool quiet;
  char *signature; /* without --cmd: the original's difference lines (register names) */
  bool valid[N_ITEMS_MAX];
  gcn_state defstate;
  gcn_wave wave;
} m_ctx;

static void cand_free(m_cand *c) {
  free(c->code);
  c->code = NULL;
  c->n = 0;
}

static void cand_copy(m_cand *dst, const m_cand *src) {
  m_inst *code = malloc((src->n ? src->n : 1) * sizeof *code);
  if (!code) {
    perror("gcnref minimize");
    exit(EXIT_BAD);
  }
  memcpy(code, src->code, src->n * sizeof *code);
  free(dst->code);
  dst->code = code;
  dst->n = src->n;
  dst->init = src->init;
}

/* A candidate keeps the `.fails` mark only while its run still ends there with a run-time error
 * (what it dropped may have set up the error): a reader rejects a mark that does not fail. */
static void keep_fails_mark(gcn_vector *v) {
  size_t i = 0;
  while (i < v->n_code && !v->code[i].fails) i++;
  gcn_vec_result res;
  gcn_error err;
  if (i < v->n_code) v->code[i].fails = gcn_vec_fails_at(v, i, &res, &err) == 1;
}

/* Builds the vector of candidate C (NULL on an encoding error). */
static gcn_vector *cand_vector(const m_ctx *m, const m_cand *c, bool with_expect) {
  const gcn_vector *o = m->orig;
  gcn_vector *v = gcn_vec_new();
  if (!v) return NULL;
  gcn_vec_reset(v, o->gen, o->seed, o->base);
  snprintf(v->name, sizeof v->name, "%s", o->name);
  snprintf(v->origin, sizeof v->origin, "gcnref minimize of %s", o->name);
  v->init = c->init;
  v->init.gen = o->gen;
  v->init.pc = o->base;
  for (size_t i = 0; i < c->n; i++) {
    gcn_error err;
    if (gcn_vec_append(v, c->code[i].bytes, c->code[i].size, c->code[i].illegal, &err)) {
      gcn_vec_free(v);
      return NULL;
    }
    v->code[i].fails = c->code[i].fails;
  }
  keep_fails_mark(v);
  if (with_expect && o->has_expect) {
    v->has_expect = true;
    v->result = o->result;
    v->expect = o->expect;
  }
  return v;
}

/* gcn_vec_compare's lines for a run ("NAME: expected REG=VALUE, got VALUE", one per
 * difference), newline-terminated. */
static char *compare_lines(const gcn_vector *v, const gcn_vec_result *res, const gcn_state *final) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) return NULL;
  gcn_vec_compare(v, res, final, f);
  fclose(f);
  return buf;
}

/* Does every line of WANT occur among the lines of GOT? */
static bool lines_included(const char *want, const char *got) {
  const char *p = want;
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
    bool found = false;
    for (const char *q = got; q && *q;) {
      const char *qn = strchr(q, '\n');
      size_t k = qn ? (size_t)(qn - q + 1) : strlen(q);
      if (k == n && memcmp(p, q, n) == 0) {
        found = true;
        break;
      }
      q += k;
    }
    if (!found) return false;
    p += n;
  }
  return true;
}

/* Does candidate C still fail? */
/* Writes the vector file PATH (header and V) atomically; 0, or -1 with a message. */
static int write_vector(const char *path, const gcn_vector *v) {
  gcn_ofile o;
  gcn_error err;
  if (gcn_ofile_open(&o, path, &err) == 0) {
    gcn_vec_write_header(o.f);
    if (gcn_vec_write(o.f, v) == 0 && gcn_ofile_commit(&o, &err) == 0) return 0;
    if (o.f) snprintf(err.msg, sizeof err.msg, "cannot write %s: %s", path, strerror(errno));
    gcn_ofile_abort(&o);
  }
  fprintf(stderr, "gcnref: error: minimize: %s\n", err.msg);
  return -1;
}

static bool still_fails(m_ctx *m, const m_cand *c) {
  gcn_vector *v = cand_vector(m, c, true);
  if (!v) return false;
  gcn_vec_result res;
  gcn_error err;
  m->runs++;
  if (gcn_vec_run(v, &m->wave, MAX_STEPS, &res, &err) != 0) {
    gcn_vec_free(v);
    return false; /* does not end on the model: rejected */
  }
  bool fails = false;
  if (!m->cmd) {
    char *got = compare_lines(v, &res, &m->wave.st);
    fails = got && m->signature[0] && lines_included(m->signature, got);
    free(got);
    gcn_vec_free(v);
    return fails;
  }
  char path[128];
  snprintf(path, sizeof path, "%s/candidate.vec", m->dir);
  /* the co-simulation computes its own expectations; a --cmd candidate has none */
  v->has_expect = false;
  if (write_vector(path, v)) { /* (a full disk): leave no scratch folder behind */
    unlink(path);
    rmdir(m->dir);
    exit(EXIT_BAD);
  }
  gcn_vec_free(v);
  /* the command: {} replaced by the path, run under timeout(1) */
  size_t cap = strlen(m->cmd) * 2 + 1024;
  char *cmd = malloc(cap), *inner = malloc(cap);
  size_t n = 0;
  for (const char *p = m->cmd; *p && n + 200 < cap; p++) {
    if (p[0] == '{' && p[1] == '}') {
      n += (size_t)snprintf(inner + n, cap - n, "%s", path);
      p++;
    } else if (*p == '\'') {
      n += (size_t)snprintf(inner + n, cap - n, "'\\''");
    } else {
      inner[n++] = *p;
    }
  }
  inner[n] = 0;
  snprintf(cmd, cap, "timeout -k 2 %u sh -c '%s' 2>&1", m->timeout, inner);
  FILE *p = popen(cmd, "r");
  char *out = NULL;
  size_t olen = 0;
  FILE *o = open_memstream(&out, &olen);
  if (p) {
    char chunk[4096];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, p)) > 0) fwrite(chunk, 1, k, o);
  }
  fclose(o);
  int status = p ? pclose(p) : -1;
  int code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : 255;
  fails = code != 0 && code != 124 && code != 137;
  if (fails && m->regex_text) fails = regexec(&m->re, out ? out : "", 0, NULL, 0) == 0;
  free(out);
  free(cmd);
  free(inner);
  return fails;
}

/* ------------------------------------------------------------------ changes */
typedef enum { CH_DROP, CH_OPERAND, CH_RESET, CH_ZERO } ch_kind;
typedef struct {
  ch_kind kind;
  unsigned a, b; /* instruction and operand index; or state item */
} change;

/* State items: scalar codes 0..127 (32-bit), apertures 0..4 (128..132), SCC (133), MODE
 * (134), VGPRs v0..v255 (135..390). */
#define ITEM_APERTURE 128
#define ITEM_SCC 133
#define ITEM_MODE 134
#define ITEM_VGPR 135
#define N_ITEMS (ITEM_VGPR + GCN_NUM_VGPRS)

static bool item_valid(gcn_gen gen, unsigned it) {
  if (it < 128) {
    static gcn_state a, b;
    gcn_state_init(&a, gen);
    gcn_state_init(&b, gen);
    gcn_sreg_write(&a, it, 0x5a5a5a5au);
    return gcn_sreg_read(&a, it) != gcn_sreg_read(&b, it);
  }
  if (it < ITEM_SCC) return gen == GCN14;
  return true;
}

static bool item_equal(const gcn_state *x, const gcn_state *y, unsigned it) {
  if (it < 128) return gcn_sreg_read(x, it) == gcn_sreg_read(y, it);
  if (it < ITEM_SCC) return x->aperture[it - ITEM_APERTURE] == y->aperture[it - ITEM_APERTURE];
  if (it == ITEM_SCC) return x->scc == y->scc;
  if (it == ITEM_MODE) return x->mode == y->mode;
  return memcmp(x->vgpr[it - ITEM_VGPR], y->vgpr[it - ITEM_VGPR], sizeof x->vgpr[0]) == 0;
}

static void item_copy(gcn_state *dst, const gcn_state *src, unsigned it) {
  if (it < 128) gcn_sreg_write(dst, it, gcn_sreg_read(src, it));
  else if (it < ITEM_SCC) dst->aperture[it - ITEM_APERTURE] = src->aperture[it - ITEM_APERTURE];
  else if (it == ITEM_SCC) dst->scc = src->scc;
  else if (it == ITEM_MODE) dst->mode = src->mode;
  else memcpy(dst->vgpr[it - ITEM_VGPR], src->vgpr[it - ITEM_VGPR], sizeof dst->vgpr[0]);
}

static bool item_zero(const gcn_state *x, unsigned it) {
  static gcn_state z; /* all zero */
  z.gen = x->gen;
  return item_equal(x, &z, it);
}

static void item_set_zero(gcn_state *dst, unsigned it) {
  if (it < 128) gcn_sreg_write(dst, it, 0);
  else if (it < ITEM_SCC) dst->aperture[it - ITEM_APERTURE] = 0;
  else if (it == ITEM_SCC) dst->scc = false;
  else if (it == ITEM_MODE) dst->mode = 0;
  else memset(dst->vgpr[it - ITEM_VGPR], 0, sizeof dst->vgpr[0]);
}

/* The operands of TEXT ("mnemonic a, b, c [modifiers]"): start offsets and lengths of the
 * plain comma-separated tokens. Returns the count (index 0 = the first operand). */
static unsigned split_operands(const char *text, unsigned start[8], unsigned len[8]) {
  const char *sp = strchr(text, ' ');
  if (!sp) return 0;
  unsigned n = 0;
  const char *p = sp + 1;
  while (*p && n < 8) {
    while (*p == ' ') p++;
    const char *q = p;
    while (*q && *q != ',' && *q != ' ') q++;
    start[n] = (unsigned)(p - text);
    len[n] = (unsigned)(q - p);
    n++;
    if (*q != ',') break;
    p = q + 1;
  }
  return n;
}

/* Re-assembles TEXT into IN (bytes, size, canonical text); false when it does not
 * assemble or encode. */
static bool assemble_into(gcn_gen gen, const char *text, m_inst *in) {
  gcn_inst inst;
  gcn_error err;
  if (gcn_assemble(gen, text, &inst, &err)) return false;
  uint32_t words[2];
  unsigned nw = gcn_encode(&inst, words);
  if (nw < 1 || nw > 2) return false;
  gcn_inst check;
  if (gcn_decode(gen, words, nw, &check, &err)) return false;
  memset(in, 0, sizeof *in);
  in->size = (uint8_t)(4 * nw);
  for (unsigned i = 0; i < nw; i++)
    for (unsigned k = 0; k < 4; k++) in->bytes[4 * i + k] = (uint8_t)(words[i] >> (8 * k));
  gcn_disasm(&check, in->text, sizeof in->text);
  return true;
}

/* Candidate = BASE with the changes CH[i] for which USE[i] is set. False when a change
 * cannot be applied (e.g. the operand does not assemble). */
static bool apply(const m_ctx *m, const m_cand *base, const change *ch, const bool *use, size_t nch,
                  m_cand *out) {
  cand_copy(out, base);
  /* operands and state first (they refer to BASE's indices), drops last */
  for (size_t i = 0; i < nch; i++) {
    if (!use[i]) continue;
    switch (ch[i].kind) {
      case CH_OPERAND: {
        m_inst *in = &out->code[ch[i].a];
        unsigned st[8], ln[8];
        unsigned n = split_operands(in->text, st, ln);
        if (ch[i].b >= n) return false;
        char text[GCN_VEC_TEXT_MAX + 8];
        snprintf(text, sizeof text, "%.*s0%s", (int)st[ch[i].b], in->text, in->text + st[ch[i].b] + ln[ch[i].b]);
        if (!assemble_into(m->orig->gen, text, in)) return false;
        break;
      }
      case CH_RESET: item_copy(&out->init, &m->defstate, ch[i].a); break;
      case CH_ZERO: item_set_zero(&out->init, ch[i].a); break;
      default: break;
    }
  }
  size_t k = 0;
  for (size_t j = 0; j < out->n; j++) {
    bool drop = false;
    for (size_t i = 0; i < nch; i++)
      if (use[i] && ch[i].kind == CH_DROP && ch[i].a == j) drop = true;
    if (!drop) out->code[k++] = out->code[j];
  }
  out->n = k;
  return true;
}

/* Chunked delta debugging over the changes: returns the new base in BASE. */
static unsigned dd_phase(m_ctx *m, m_cand *base, const change *ch, size_t nch, const char *what) {
  if (!nch) return 0;
  bool *acc = calloc(nch, sizeof *acc), *trial = calloc(nch, sizeof *trial);
  m_cand cand = {0}, best = {0};
  cand_copy(&best, base);
  unsigned accepted = 0;
  size_t chunk = nch;
  bool progress = true;
  while (chunk >= 1) {
    progress = false;
    for (size_t s = 0; s < nch; s += chunk) {
      size_t e = s + chunk < nch ? s + chunk : nch;
      unsigned fresh = 0;
      memcpy(trial, acc, nch * sizeof *trial);
      for (size_t i = s; i < e; i++)
        if (!acc[i]) trial[i] = true, fresh++;
      if (!fresh) continue;
      if (apply(m, base, ch, trial, nch, &cand) && still_fails(m, &cand)) {
        memcpy(acc, trial, nch * sizeof *acc);
        cand_copy(&best, &cand);
        accepted += fresh;
        progress = true;
      }
    }
    if (chunk == 1) {
      if (!progress) break; /* 1-minimal: no single remaining change applies */
    } else {
      chunk = (chunk + 1) / 2;
    }
  }
  if (!m->quiet)
    fprintf(stderr, "minimize: %s: %u of %zu changes applied (%u runs so far)\n", what, accepted, nch, m->runs);
  cand_copy(base, &best);
  cand_free(&best);
  cand_free(&cand);
  free(acc);
  free(trial);
  return accepted;
}

static int minimize(m_ctx *m, m_cand *c) {
  for (int round = 0; round < 4; round++) {
    unsigned changed = 0;
    change *ch = calloc(c->n * 8 + N_ITEMS + 1, sizeof *ch);
    size_t n = 0;
    /* 1. drop instructions */
    for (size_t i = 0; i < c->n; i++) ch[n++] = (change){CH_DROP, (unsigned)i, 0};
    changed += dd_phase(m, c, ch, n, "drop instructions");
    /* 2. source operands -> 0 (operand 0 is the destination of most instructions; it is
     * tried too: an instruction without a destination takes sources first) */
    n = 0;
    for (size_t i = 0; i < c->n; i++) {
      if (c->code[i].illegal) continue;
      unsigned st[8], ln[8];
      unsigned k = split_operands(c->code[i].text, st, ln);
      for (unsigned j = 0; j < k; j++) {
        if (ln[j] == 1 && c->code[i].text[st[j]] == '0') continue;
        /* only operands whose replacement assembles */
        change one = {CH_OPERAND, (unsigned)i, j};
        bool use = true;
        m_cand t = {0};
        if (apply(m, c, &one, &use, 1, &t) && strcmp(t.code[i].text, c->code[i].text) != 0) ch[n++] = one;
        cand_free(&t);
      }
    }
    changed += dd_phase(m, c, ch, n, "operands to 0");
    /* 3. initial state entries back to the default state; 4. the others to 0 */
    n = 0;
    for (unsigned it = 0; it < N_ITEMS; it++)
      if (m->valid[it] && !item_equal(&c->init, &m->defstate, it))
        ch[n++] = (change){CH_RESET, it, 0};
    changed += dd_phase(m, c, ch, n, "initial state to the default");
    n = 0;
    for (unsigned it = 0; it < N_ITEMS; it++)
      if (m->valid[it] && !item_equal(&c->init, &m->defstate, it) && !item_zero(&c->init, it))
        ch[n++] = (change){CH_ZERO, it, 0};
    changed += dd_phase(m, c, ch, n, "initial state to 0");
    free(ch);
    if (!changed) break;
  }
  return 0;
}

int gcn_cli_minimize(int argc, char **argv) {
  const char *file = NULL, *out_path = NULL;
  unsigned long index = 0;
  static m_ctx m; /* holds two wavefront states: not on the stack */
  memset(&m, 0, sizeof m);
  m.timeout = 20;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    bool has_arg = i + 1 < argc;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage_minimize, stdout);
      return 0;
    } else if (strcmp(a, "--cmd") == 0 && has_arg) {
      m.cmd = argv[++i];
    } else if (strcmp(a, "--fails-when-output") == 0 && has_arg) {
      m.regex_text = argv[++i];
    } else if (strcmp(a, "--timeout") == 0 && has_arg) {
      m.timeout = (unsigned)strtoul(argv[++i], NULL, 0);
    } else if (strcmp(a, "--index") == 0 && has_arg) {
      index = strtoul(argv[++i], NULL, 0);
    } else if (strcmp(a, "-o") == 0 && has_arg) {
      out_path = argv[++i];
    } else if (strcmp(a, "--quiet") == 0) {
      m.quiet = true;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "gcnref: error: minimize: bad option '%s'\n%s", a, usage_minimize);
      return EXIT_BAD;
    } else if (!file) {
      file = a;
    } else {
      fprintf(stderr, "gcnref: error: minimize: more than one vector file\n%s", usage_minimize);
      return EXIT_BAD;
    }
  }
  if (!file) {
    fprintf(stderr, "gcnref: error: minimize: no vector file\n%s", usage_minimize);
    return EXIT_BAD;
  }
  if (m.regex_text && regcomp(&m.re, m.regex_text, REG_EXTENDED | REG_NOSUB)) {
    fprintf(stderr, "gcnref: error: minimize: bad regular expression '%s'\n", m.regex_text);
    return EXIT_BAD;
  }
  FILE *f = fopen(file, "r");
  if (!f) {
    fprintf(stderr, "gcnref: error: cannot open %s: %s\n", file, strerror(errno));
    return EXIT_BAD;
  }
  gcn_vec_reader *rd = gcn_vec_reader_new(f, file);
  gcn_vector *v = gcn_vec_new();
  gcn_error err;
  int got = 0;
  for (unsigned long k = 0; k <= index; k++) {
    got = gcn_vec_read(rd, v, &err);
    if (got <= 0) break;
  }
  gcn_vec_reader_free(rd);
  fclose(f);
  if (got <= 0) {
    if (got < 0) fprintf(stderr, "%s\n", err.msg);
    else fprintf(stderr, "gcnref: error: %s has no vector %lu\n", file, index);
    gcn_vec_free(v);
    return EXIT_BAD;
  }
  m.orig = v;
  gcn_vec_default_state(&m.defstate, v->gen, v->seed);
  m.defstate.mode = 0; /* the default state's MODE (the vector's mode line is a change) */
  for (unsigned it = 0; it < N_ITEMS; it++) m.valid[it] = item_valid(v->gen, it);
  snprintf(m.dir, sizeof m.dir, "/tmp/gcnref-minimize-XXXXXX");
  if (m.cmd && !mkdtemp(m.dir)) {
    fprintf(stderr, "gcnref: error: minimize: mkdtemp: %s\n", strerror(errno));
    return EXIT_BAD;
  }
  m_cand c = {0};
  c.n = v->n_code;
  c.code = calloc(c.n ? c.n : 1, sizeof *c.code);
  c.init = v->init;
  for (size_t i = 0; i < v->n_code; i++) {
    c.code[i].size = v->code[i].size;
    c.code[i].illegal = v->code[i].illegal;
    c.code[i].fails = v->code[i].fails;
    memcpy(c.code[i].bytes, v->image + (v->code[i].addr - v->base), v->code[i].size);
    snprintf(c.code[i].text, sizeof c.code[i].text, "%s", v->code[i].text);
  }
  int status = 0;
  if (!m.cmd) {
    if (!v->has_expect) {
      fprintf(stderr, "gcnref: error: minimize: vector %s has no expected state; give --cmd\n", v->name);
      status = EXIT_BAD;
      goto done;
    }
    gcn_vec_result res;
    if (gcn_vec_run(v, &m.wave, MAX_STEPS, &res, &err) == 0) m.signature = compare_lines(v, &res, &m.wave.st);
    else m.signature = strdup("");
  }
  size_t n0 = c.n;
  if (!still_fails(&m, &c)) {
    fprintf(stderr, "gcnref: error: minimize: vector %s does not fail with this predicate\n", v->name);
    status = EXIT_BAD;
    goto done;
  }
  minimize(&m, &c);
  gcn_vector *res = cand_vector(&m, &c, false);
  if (!res) {
    fprintf(stderr, "gcnref: error: minimize: cannot build the result\n");
    status = EXIT_BAD;
    goto done;
  }
  if (out_path) {
    if (write_vector(out_path, res)) status = EXIT_BAD;
  }
  printf("# minimal vector: %zu of %zu instructions, %u predicate runs\n", c.n, n0, m.runs);
  gcn_vec_write_header(stdout);
  gcn_vec_write(stdout, res);
  printf("\n# disassembly (%s)\n", gcn_gen_name(v->gen));
  for (size_t i = 0; i < res->n_code; i++)
    printf("0x%06llx  %s\n", (unsigned long long)res->code[i].addr, res->code[i].text);
  gcn_vec_free(res);
done:
  if (m.cmd) {
    char path[128];
    snprintf(path, sizeof path, "%s/candidate.vec", m.dir);
    unlink(path);
    rmdir(m.dir);
  }
  if (m.regex_text) regfree(&m.re);
  free(m.signature);
  cand_free(&c);
  gcn_vec_free(v);
  return status;
}

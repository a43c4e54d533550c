/* gcnref vectors: reading, writing and comparing vector files (docs/vectors.md); running
 * them is vecrun.c's. */
#include "vecfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"
#include "gcnref/program.h"
#include "rng.h"

/* ------------------------------------------------------------------ the default state */

/* The tables of docs/vectors.md, "Values". */
static const uint32_t int_corners[16] = {
    0x00000000, 0x00000001, 0x00000002, 0xFFFFFFFF, 0xFFFFFFFE, 0x7FFFFFFF, 0x80000000, 0x80000001,
    0x00007FFF, 0x00008000, 0x0000FFFF, 0x00010000, 0x000000FF, 0x00000080, 0xFFFF8000, 0x00FFFFFF};
static const uint32_t f32_corners[24] = {
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000,
    0x7F800001, 0x7FBFFFFF, 0x00000001, 0x007FFFFF, 0x80000001, 0x807FFFFF, 0x00800000, 0x80800000,
    0x7F7FFFFF, 0xFF7FFFFF, 0x3F000000, 0x40000000, 0x3FC00000, 0x4B800000, 0x4F000000, 0x33800000};
static const uint16_t f16_corners[16] = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01,
                                         0x0001, 0x03FF, 0x8001, 0x0400, 0x7BFF, 0xFBFF, 0x3800, 0x4000};

static uint32_t f16_moderate(uint32_t u) {
  return (u & 0x8000u) | ((8u + ((u >> 10) & 15u)) << 10) | (u & 0x3FFu);
}

uint32_t gcn_vec_value(uint64_t r) {
  uint32_t y = (uint32_t)(r >> 32);
  switch (r & 15) {
    case 0: case 1: case 2: case 3: return y;
    case 4: case 5: return int_corners[y % 16];
    case 6: case 7: return f32_corners[y % 24];
    case 8: return f16_corners[y & 15] | (uint32_t)f16_corners[(y >> 4) & 15] << 16;
    case 9: return (uint32_t)((int32_t)(y % 33) - 16);
    case 10: return 1u << (y & 31);
    case 11: return (y & 32) ? 0xFFFFFFFFu >> (y & 31) : 0xFFFFFFFFu << (y & 31);
    case 12: return (y & 0x80000000u) | ((112u + ((y >> 23) & 31u)) << 23) | (y & 0x7FFFFFu);
    case 13: return f16_moderate(y & 0xFFFF) | f16_moderate(y >> 16) << 16;
    case 14: return int_corners[y % 16] + ((y >> 16) & 1 ? 1u : 0xFFFFFFFFu);
    default: return y % 65;
  }
}

static uint32_t next_value(uint64_t *x) { return gcn_vec_value(gcn_splitmix64(x)); }

void gcn_vec_default_state(gcn_state *st, gcn_gen gen, uint64_t seed) {
  uint64_t x = seed;
  gcn_state_init(st, gen);
  for (unsigned i = 0; i < gcn_num_sgprs(gen); i++) st->sgpr[i] = next_value(&x);
  uint64_t lo = next_value(&x);
  uint64_t hi = next_value(&x);
  st->vcc = lo | hi << 32;
  for (unsigned t = 0; t < gcn_num_ttmps(gen); t++) st->ttmp[t] = next_value(&x);
  for (unsigned v = 0; v < GCN_NUM_VGPRS; v++) {
    uint32_t *lanes = st->vgpr[v];
    switch (gcn_splitmix64(&x) & 3) {
      case 0: { /* uniform */
        uint32_t a = next_value(&x);
        for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) lanes[l] = a;
        break;
      }
      case 1: /* every lane its own value */
        for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) lanes[l] = next_value(&x);
        break;
      case 2: { /* two values under a random lane mask */
        uint32_t a = next_value(&x);
        uint32_t b = next_value(&x);
        uint64_t m = gcn_splitmix64(&x);
        for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) lanes[l] = (m >> l & 1) ? b : a;
        break;
      }
      default: { /* linear in the lane number */
        uint32_t a = next_value(&x);
        uint32_t d = next_value(&x);
        for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) lanes[l] = a + l * d;
        break;
      }
    }
  }
}

/* ------------------------------------------------------------------ vectors */

gcn_vector *gcn_vec_new(void) {
  gcn_vector *v = calloc(1, sizeof *v);
  if (v) gcn_vec_reset(v, GCN14, 0, 0);
  return v;
}

void gcn_vec_free(gcn_vector *v) {
  if (!v) return;
  free(v->image);
  free(v->code);
  free(v);
}

/* gcn_vec_reset; the two states only if STATES (a checking reader's do without). */
static void vec_reset(gcn_vector *v, gcn_gen gen, uint64_t seed, uint64_t base, bool states) {
  v->name[0] = v->origin[0] = '\0';
  v->line = 0;
  v->gen = gen;
  v->seed = seed;
  v->base = base;
  if (states) {
    gcn_vec_default_state(&v->init, gen, seed);
    gcn_state_init(&v->expect, gen);
  }
  v->init.pc = base;
  v->size = 0;
  v->n_code = 0;
  v->has_expect = false;
  memset(&v->result, 0, sizeof v->result);
}

void gcn_vec_reset(gcn_vector *v, gcn_gen gen, uint64_t seed, uint64_t base) { vec_reset(v, gen, seed, base, true); }

/* gcn_vec_append; the canonical text only if TEXT (a checking reader's do without). */
static int vec_append(gcn_vector *v, const uint8_t *bytes, unsigned size, bool illegal, bool text,
                      gcn_error *err) {
  if (size != 4 && size != 8) return gcn_fail(err, "expected 4 or 8 encoding bytes, got %u", size);
  gcn_vec_inst vi;
  memset(&vi, 0, sizeof vi);
  vi.addr = v->base + v->size;
  vi.size = (uint8_t)size;
  vi.illegal = illegal;
  if (illegal) {
    snprintf(vi.text, sizeof vi.text, ".illegal");
  } else {
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(v->gen, bytes, size, &in, &e))
      return gcn_fail(err, "expected a legal %s encoding (or '.illegal'): %s", gcn_gen_name(v->gen), e.msg);
    if (in.size != size)
      return gcn_fail(err, "expected %u encoding bytes for this %u-byte instruction, got %u", in.size,
                      in.size, size);
    if (text) gcn_disasm(&in, vi.text, sizeof vi.text);
  }
  if (v->size + size > v->cap) {
    size_t cap = v->cap ? 2 * v->cap : 256;
    while (cap < v->size + size) cap *= 2;
    uint8_t *b = realloc(v->image, cap);
    if (!b) return gcn_fail(err, "out of memory");
    v->image = b;
    v->cap = cap;
  }
  if (v->n_code == v->cap_code) {
    size_t cap = v->cap_code ? 2 * v->cap_code : 64;
    gcn_vec_inst *c = realloc(v->code, cap * sizeof *c);
    if (!c) return gcn_fail(err, "out of memory");
    v->code = c;
    v->cap_code = cap;
  }
  memcpy(v->image + v->size, bytes, size);
  v->size += size;
  v->code[v->n_code++] = vi;
  return 0;
}

int gcn_vec_append(gcn_vector *v, const uint8_t *bytes, unsigned size, bool illegal, gcn_error *err) {
  return vec_append(v, bytes, size, illegal, true, err);
}

const char *gcn_vec_status_name(gcn_vec_status s) {
  switch (s) {
    case GCN_VEC_END: return "end";
    case GCN_VEC_ILLEGAL: return "illegal";
    default: return "unsupported";
  }
}

/* ------------------------------------------------------------------ state differences */

typedef void (*scalar_fn)(void *ctx, const char *name, unsigned width, uint64_t a, uint64_t b);

static uint64_t read_pair(const gcn_state *st, unsigned code) {
  return gcn_sreg_read(st, code) | (uint64_t)gcn_sreg_read(st, code + 1) << 32;
}

/* Visits every scalar register of GEN in the canonical order: codes 0..127 (SGPRs, M0 and
 * TTMPs as dwords, the other special registers as 64-bit pairs), the gcn14 apertures, SCC,
 * the hardware registers other than MODE (the table's, by id: trapsts, hw_id, ...), and
 * MODE when WITH_MODE. */
static void each_scalar(gcn_gen gen, const gcn_state *a, const gcn_state *b, bool with_mode,
                        scalar_fn fn, void *ctx) {
  unsigned tb = gcn_ttmp_base(gen), nt = gcn_num_ttmps(gen);
  char name[48];
  for (unsigned c = 0; c < 128; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL) continue;
    bool dword = k == GCN_OPND_SGPR || c == GCN_CODE_M0 || (c >= tb && c < tb + nt);
    if (dword) {
      if (!gcn_operand_reg_name(gen, c, 32, name, sizeof name)) continue;
      fn(ctx, name, 32, gcn_sreg_read(a, c), gcn_sreg_read(b, c));
    } else if (c % 2 == 0 && gcn_operand_reg_name(gen, c, 64, name, sizeof name)) {
      fn(ctx, name, 64, read_pair(a, c), read_pair(b, c));
    }
  }
  for (unsigned c = GCN_CODE_SHARED_BASE; c <= GCN_CODE_POPS_EXITING_WAVE_ID; c++) {
    if (gcn_operand_kind(gen, c) != GCN_OPND_READONLY) continue;
    if (!gcn_operand_reg_name(gen, c, 32, name, sizeof name)) continue;
    fn(ctx, name, 32, a->aperture[c - GCN_CODE_SHARED_BASE], b->aperture[c - GCN_CODE_SHARED_BASE]);
  }
  fn(ctx, "scc", 1, a->scc, b->scc);
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++) {
    const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, id);
    if (!s || s->attr == GCN_HWREG_MODE) continue;
    gcn_hwreg_state_name(s, name, sizeof name);
    fn(ctx, name, 32, a->hwreg[id], b->hwreg[id]);
  }
  if (with_mode) fn(ctx, "mode", 32, a->mode, b->mode);
}

static void format_value(char *buf, size_t len, unsigned width, uint64_t v) {
  if (width == 1)
    snprintf(buf, len, "%llu", (unsigned long long)v);
  else if (width == 64)
    snprintf(buf, len, "0x%016llx", (unsigned long long)v);
  else
    snprintf(buf, len, "0x%08llx", (unsigned long long)v);
}

struct diff_ctx {
  FILE *f;
  const char *kw;
};

static void diff_scalar(void *vctx, const char *name, unsigned width, uint64_t a, uint64_t b) {
  struct diff_ctx *c = vctx;
  char val[24];
  if (a == b) return;
  format_value(val, sizeof val, width, b);
  fprintf(c->f, "%s %s=%s\n", c->kw, name, val);
}

/* Writes "KW NAME=VALUE" for every register of B that differs from A. */
static void write_diff(FILE *f, const char *kw, gcn_gen gen, const gcn_state *a, const gcn_state *b,
                       bool with_mode) {
  struct diff_ctx c = {f, kw};
  each_scalar(gen, a, b, with_mode, diff_scalar, &c);
  for (unsigned v = 0; v < GCN_NUM_VGPRS; v++) {
    const uint32_t *la = a->vgpr[v], *lb = b->vgpr[v];
    for (unsigned l = 0; l < GCN_WAVE_SIZE;) {
      if (la[l] == lb[l]) {
        l++;
        continue;
      }
      unsigned e = l;
      while (e + 1 < GCN_WAVE_SIZE && la[e + 1] != lb[e + 1] && lb[e + 1] == lb[l]) e++;
      char name[32];
      if (l == 0 && e == GCN_WAVE_SIZE - 1)
        snprintf(name, sizeof name, "v%u", v);
      else
        gcn_lane_run_name(v, (int)l, (int)e, name, sizeof name);
      fprintf(f, "%s %s=0x%08x\n", kw, name, lb[l]);
      l = e + 1;
    }
  }
}

/* ------------------------------------------------------------------ writing */

void gcn_vec_write_header(FILE *f) { fprintf(f, "gcnvec %d\n", GCN_VEC_VERSION); }

int gcn_vec_write(FILE *f, const gcn_vector *v) {
  gcn_state *def = malloc(sizeof *def); /* large: not on the stack */
  if (!def) return -1;
  fprintf(f, "\nvector %s\n", v->name);
  fprintf(f, "gen %s\n", gcn_gen_name(v->gen));
  fprintf(f, "seed 0x%016llx\n", (unsigned long long)v->seed);
  fprintf(f, "mode 0x%08x\n", v->init.mode);
  if (v->base) fprintf(f, "base 0x%06llx\n", (unsigned long long)v->base);
  if (v->origin[0]) fprintf(f, "origin %s\n", v->origin);
  gcn_vec_default_state(def, v->gen, v->seed);
  def->mode = v->init.mode;
  def->pc = v->base;
  write_diff(f, "init", v->gen, def, &v->init, false);
  free(def);
  for (size_t i = 0; i < v->n_code; i++) {
    const gcn_vec_inst *c = &v->code[i];
    const uint8_t *b = v->image + (c->addr - v->base);
    char text[GCN_VEC_TEXT_MAX + 8];
    snprintf(text, sizeof text, "%s%s", c->fails ? ".fails " : "", c->text); /* docs/vectors.md */
    fprintf(f, "code 0x%06llx %-40s ; encoding: [", (unsigned long long)c->addr, text);
    for (unsigned k = 0; k < c->size; k++) fprintf(f, "%s0x%02x", k ? "," : "", b[k]);
    fprintf(f, "]\n");
  }
  if (v->has_expect) {
    fprintf(f, "result %s 0x%06llx retired %llu\n", gcn_vec_status_name(v->result.status),
            (unsigned long long)v->result.pc, (unsigned long long)v->result.retired);
    write_diff(f, "expect", v->gen, &v->init, &v->expect, true);
  }
  fprintf(f, "end\n");
  return ferror(f) ? -1 : 0;
}

/* ------------------------------------------------------------------ reading */

struct gcn_vec_reader {
  FILE *f;
  char *name;
  char *buf;
  size_t cap;
  unsigned line;
  bool header_done, failed;
  bool check_only; /* gcn_vec_reader_check_only */
  bool trust_text;  /* gcn_vec_reader_trust_text */
};

gcn_vec_reader *gcn_vec_reader_new(FILE *f, const char *name) {
  gcn_vec_reader *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->f = f;
  r->name = strdup(name ? name : "<stdin>");
  if (!r->name) {
    free(r);
    return NULL;
  }
  return r;
}

void gcn_vec_reader_check_only(gcn_vec_reader *r) { r->check_only = true; }
void gcn_vec_reader_trust_text(gcn_vec_reader *r) { r->trust_text = true; }

void gcn_vec_reader_free(gcn_vec_reader *r) {
  if (!r) return;
  free(r->name);
  free(r->buf);
  free(r);
}

/* Formats "NAME:LINE: error: MSG" into ERR and returns -1. */
static int perr(gcn_vec_reader *r, gcn_error *err, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int perr(gcn_vec_reader *r, gcn_error *err, unsigned line, const char *fmt, ...) {
  char msg[sizeof err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  r->failed = true;
  if (err) {
    int n = snprintf(err->msg, sizeof err->msg, "%.96s:%u: error: ", r->name, line);
    size_t room = sizeof err->msg - (size_t)n, len = strlen(msg);
    if (len >= room) len = room - 1; /* truncated: the message is one line of at most 255 bytes */
    memcpy(err->msg + n, msg, len);
    err->msg[(size_t)n + len] = '\0';
    gcn_escape_controls(err->msg, sizeof err->msg);
  }
  return -1;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
  return s;
}

/* Next meaningful line (not blank, not a '#' comment), trimmed; NULL at the end, or on a
 * line that is not text (then r->failed, with ERR). */
static char *next_line(gcn_vec_reader *r, gcn_error *err) {
  for (;;) {
    ssize_t len = getline(&r->buf, &r->cap, r->f);
    if (len < 0) return NULL;
    r->line++;
    gcn_error e;
    if (gcn_text_line(r->buf, (size_t)len, r->line, &e)) {
      perr(r, err, r->line, "%s", e.msg);
      return NULL;
    }
    char *s = trim(r->buf);
    if (*s && *s != '#') return s;
  }
}

/* Splits off the first white-space separated word of *P (advancing *P past it). */
static char *word(char **p) {
  char *s = *p;
  while (isspace((unsigned char)*s)) s++;
  if (!*s) {
    *p = s;
    return NULL;
  }
  char *w = s;
  while (*s && !isspace((unsigned char)*s)) s++;
  if (*s) *s++ = '\0';
  *p = s;
  return w;
}

/* A WIDTH-bit unsigned number: 0x hex (1..16 digits) or decimal. */
static bool parse_num(const char *s, unsigned width, uint64_t *out) {
  if (!s || !*s) return false;
  unsigned long long v = 0;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    /* Digit by digit (strtoull cost ten times as much on every init line): 16 at most. */
    size_t n = 0;
    for (const char *p = s + 2; *p; p++, n++) {
      unsigned c = (unsigned char)*p, d = c - '0' < 10 ? c - '0' : (c | 0x20) - 'a' < 6 ? (c | 0x20) - 'a' + 10 : 16;
      if (d > 15 || n == 16) return false;
      v = v << 4 | d;
    }
    if (n == 0) return false;
  } else {
    if (!isdigit((unsigned char)s[0]) || strspn(s, "0123456789") != strlen(s)) return false;
    char *end;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (*end || errno) return false;
  }
  if (width < 64 && v >> width) return false;
  *out = v;
  return true;
}

static const char *width_text(unsigned w) { return w == 1 ? "0 or 1" : w == 64 ? "a 64-bit value" : "a 32-bit value"; }

/* One "NAME=VALUE" assignment of an init (AS_EXPECT false) or expect line. */
static int parse_assign(gcn_vec_reader *r, gcn_error *err, char *rest, gcn_gen gen, gcn_state *st,
                        bool as_expect) {
  const char *kw = as_expect ? "expect" : "init";
  char *tok = word(&rest);
  if (!tok) return perr(r, err, r->line, "expected REGISTER=VALUE after '%s'", kw);
  char *extra = word(&rest);
  if (extra)
    return perr(r, err, r->line, "unexpected '%.40s': expected one REGISTER=VALUE per '%s' line", extra, kw);
  char *eq = strchr(tok, '=');
  if (!eq) return perr(r, err, r->line, "expected REGISTER=VALUE, got '%.60s'", tok);
  *eq = '\0';
  gcn_reg_ref ref;
  if (!gcn_reg_parse(gen, tok, &ref))
    return perr(r, err, r->line, "expected a register of %s (s5, s[2:3], vcc, exec, m0, scc, ttmp0, v1, "
                "v1[5], v1[0:31], ...), got '%.40s'", gcn_gen_name(gen), tok);
  if (ref.kind == GCN_REG_PC)
    return perr(r, err, r->line, "expected a register other than pc (the 'base' line sets the initial PC, "
                "the 'result' line the final one)");
  if (ref.kind == GCN_REG_MODE && !as_expect)
    return perr(r, err, r->line, "expected a register other than mode (the 'mode' line sets it)");
  uint64_t val;
  if (!parse_num(eq + 1, ref.width, &val))
    return perr(r, err, r->line, "expected %s (0x hex or decimal) after '%s=', got '%.40s'",
                width_text(ref.width), tok, eq + 1);
  gcn_reg_set(st, &ref, val);
  return 0;
}

/* A "code ADDR TEXT ; encoding: [BYTES]" line. */
static int parse_code(gcn_vec_reader *r, gcn_error *err, char *rest, gcn_vector *v) {
  uint64_t want = v->base + v->size, addr;
  char *a = word(&rest);
  if (!a || !parse_num(a, 64, &addr) || addr != want)
    return perr(r, err, r->line, "expected the address 0x%06llx (the next instruction's) after 'code', "
                "got '%.40s'", (unsigned long long)want, a ? a : "");
  char *semi = strchr(rest, ';');
  if (!semi) return perr(r, err, r->line, "expected '; encoding: [...]' after the instruction text");
  *semi = '\0';
  char *text = trim(rest);
  if (!*text) return perr(r, err, r->line, "expected an instruction (or '.illegal') before ';'");
  uint8_t bytes[8];
  gcn_error e;
  char *enc = trim(semi + 1);
  if (strncmp(enc, "encoding:", 9) != 0 || !strchr(enc, '[') || enc[strlen(enc) - 1] != ']')
    return perr(r, err, r->line, "expected 'encoding: [0x.., ...]' after ';'");
  int n = gcn_parse_byte_line(enc, bytes, sizeof bytes, &e);
  if (n < 0) return perr(r, err, r->line, "expected 4 or 8 encoding bytes: %s", e.msg);
  if (n != 4 && n != 8) return perr(r, err, r->line, "expected 4 or 8 encoding bytes, got %d", n);
  bool illegal = strcmp(text, ".illegal") == 0;
  bool fails = strncmp(text, ".fails ", 7) == 0; /* a legal instruction meant to end the run with a run-time error */
  if (fails) text = trim(text + 7);
  if (!illegal && !r->trust_text) {
    gcn_inst in;
    if (gcn_assemble(v->gen, text, &in, &e))
      return perr(r, err, r->line, "expected an instruction of %s (or '.illegal'): %s", gcn_gen_name(v->gen),
                  e.msg);
    uint32_t w[2];
    unsigned nw = gcn_encode(&in, w);
    bool same = 4 * nw == (unsigned)n;
    for (unsigned i = 0; same && i < (unsigned)n; i++) same = bytes[i] == (uint8_t)(w[i / 4] >> (8 * (i % 4)));
    if (!same) {
      char got[64];
      size_t k = 0;
      for (unsigned i = 0; i < 4 * nw && k + 6 < sizeof got; i++)
        k += (size_t)snprintf(got + k, sizeof got - k, "%s0x%02x", i ? "," : "", (w[i / 4] >> (8 * (i % 4))) & 0xFF);
      return perr(r, err, r->line, "expected text that assembles to the encoding bytes: '%.60s' assembles to [%s]",
                  text, got);
    }
  }
  if (vec_append(v, bytes, (unsigned)n, illegal, !r->check_only && !r->trust_text, &e))
    return perr(r, err, r->line, "%s", e.msg);
  v->code[v->n_code - 1].fails = fails;
  return 0;
}

/* A "result STATUS PC retired N" line. */
static int parse_result(gcn_vec_reader *r, gcn_error *err, char *rest, gcn_vector *v) {
  char *st = word(&rest);
  if (!st || (strcmp(st, "end") && strcmp(st, "illegal") && strcmp(st, "unsupported")))
    return perr(r, err, r->line, "expected 'end', 'illegal' or 'unsupported' after 'result'");
  v->result.status = st[0] == 'e' ? GCN_VEC_END : st[0] == 'i' ? GCN_VEC_ILLEGAL : GCN_VEC_UNSUPPORTED;
  char *pc = word(&rest);
  if (!pc || !parse_num(pc, 64, &v->result.pc))
    return perr(r, err, r->line, "expected the final PC (0x hex) after 'result %s'", st);
  char *kw = word(&rest), *n = word(&rest);
  if (!kw || strcmp(kw, "retired") || !n || !parse_num(n, 64, &v->result.retired))
    return perr(r, err, r->line, "expected 'retired N' after the final PC");
  char *extra = word(&rest);
  if (extra) return perr(r, err, r->line, "unexpected '%.40s': expected the end of the line", extra);
  v->has_expect = true;
  v->expect = v->init;
  v->expect.pc = v->result.pc;
  return 0;
}

/* The '.fails' instruction I must end the run with a run-time error (not checked by a check-only
 * reader: it lacks the default state). */
static int check_fails(gcn_vec_reader *r, gcn_error *err, gcn_vector *v, const unsigned *lines, size_t i) {
  if (r->check_only) return 0;
  gcn_vec_result res;
  gcn_error e;
  int rc = gcn_vec_fails_at(v, i, &res, &e);
  if (rc < 0) return perr(r, err, lines[i], "%s", e.msg);
  if (!rc)
    return perr(r, err, lines[i], "expected the run to end with a run-time error at '.fails' 0x%06llx: it ends "
                "'%s' at 0x%06llx", (unsigned long long)v->code[i].addr, gcn_vec_status_name(res.status),
                (unsigned long long)res.pc);
  return 0;
}

/* After 'end': every '.illegal' must fail to decode where it is (with what follows it); a
 * '.fails' must end the run (check_fails). */
static int check_vector(gcn_vec_reader *r, gcn_error *err, gcn_vector *v, const unsigned *lines) {
  size_t fails = v->n_code;
  for (size_t i = 0; i < v->n_code; i++) {
    const gcn_vec_inst *c = &v->code[i];
    if (c->fails && fails < v->n_code)
      return perr(r, err, lines[i], "expected one '.fails' instruction at most (one at 0x%06llx)",
                  (unsigned long long)v->code[fails].addr);
    fails = c->fails ? i : fails;
    if (!c->illegal) continue;
    size_t off = (size_t)(c->addr - v->base);
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(v->gen, v->image + off, v->size - off, &in, &e) == 0) {
      char text[GCN_VEC_TEXT_MAX];
      gcn_disasm(&in, text, sizeof text);
      return perr(r, err, lines[i], "expected an encoding that fails to decode for '.illegal': at 0x%06llx "
                  "the bytes decode as '%s'", (unsigned long long)c->addr, text);
    }
  }
  return fails < v->n_code ? check_fails(r, err, v, lines, fails) : 0;
}

static bool valid_name(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n >= GCN_VEC_NAME_MAX) return false;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && !strchr("_.-+", s[i])) return false;
  return true;
}

/* Stages of a vector block; each admits the keywords listed in stage_expect. */
enum { ST_GEN, ST_SEED, ST_MODE, ST_BASE, ST_ORIGIN, ST_INIT, ST_CODE, ST_EXPECT };
static const char *const stage_expect[] = {
    [ST_GEN] = "'gen G' after 'vector'",
    [ST_SEED] = "'seed S' after 'gen'",
    [ST_MODE] = "'mode M' after 'seed'",
    [ST_BASE] = "'base', 'origin', 'init', 'code', 'result' or 'end'",
    [ST_ORIGIN] = "'origin', 'init', 'code', 'result' or 'end'",
    [ST_INIT] = "'init', 'code', 'result' or 'end'",
    [ST_CODE] = "'code', 'result' or 'end'",
    [ST_EXPECT] = "'expect' or 'end'",
};

/* Is KW one of the space-separated words of LIST? */
static bool kw_in(const char *kw, const char *list) {
  size_t n = strlen(kw);
  for (const char *p = list; *p;) {
    size_t m = strcspn(p, " ");
    if (m == n && strncmp(p, kw, n) == 0) return true;
    p += m;
    while (*p == ' ') p++;
  }
  return false;
}

/* Fails unless nothing but white space is left after the value of KW. */
static int end_of_line(gcn_vec_reader *r, gcn_error *err, char *rest, const char *kw) {
  char *extra = word(&rest);
  if (extra) return perr(r, err, r->line, "unexpected '%.40s' after '%s': expected the end of the line", extra, kw);
  return 0;
}

static int read_vector(gcn_vec_reader *r, gcn_vector *v, gcn_error *err, unsigned start, unsigned **lines,
                       size_t *cap_lines) {
  static const char *const allowed[] = {
      [ST_GEN] = "gen", [ST_SEED] = "seed", [ST_MODE] = "mode",
      [ST_BASE] = "base origin init code result end", [ST_ORIGIN] = "origin init code result end",
      [ST_INIT] = "init code result end", [ST_CODE] = "code result end", [ST_EXPECT] = "expect end"};
  int stage = ST_GEN;
  gcn_gen gen = GCN14;
  uint64_t seed = 0;
  char name[GCN_VEC_NAME_MAX];
  snprintf(name, sizeof name, "%s", v->name);
  for (;;) {
    char *s = next_line(r, err);
    if (!s && r->failed) return -1;
    if (!s)
      return perr(r, err, r->line ? r->line : 1, "expected %s before the end of the file (vector '%s' "
                  "starts at line %u)", stage_expect[stage], name, start);
    char *kw = word(&s);
    char *rest = s;
    if (!kw_in(kw, allowed[stage]))
      return perr(r, err, r->line, "unexpected '%.40s': expected %s", kw, stage_expect[stage]);
    if (!strcmp(kw, "gen")) {
      char *g = word(&rest);
      if (!g || !gcn_gen_parse(g, &gen))
        return perr(r, err, r->line, "expected a generation (gcn10, gcn11, gcn12 or gcn14) after 'gen'");
      if (end_of_line(r, err, rest, kw)) return -1;
      stage = ST_SEED;
    } else if (!strcmp(kw, "seed")) {
      char *n = word(&rest);
      if (!n || !parse_num(n, 64, &seed))
        return perr(r, err, r->line, "expected a 64-bit seed (0x hex or decimal) after 'seed'");
      if (end_of_line(r, err, rest, kw)) return -1;
      stage = ST_MODE;
    } else if (!strcmp(kw, "mode")) {
      char *n = word(&rest);
      uint64_t mode;
      if (!n || !parse_num(n, 32, &mode))
        return perr(r, err, r->line, "expected a 32-bit MODE value (0x hex or decimal) after 'mode'");
      if (end_of_line(r, err, rest, kw)) return -1;
      vec_reset(v, gen, seed, 0, !r->check_only);
      snprintf(v->name, sizeof v->name, "%s", name);
      v->init.mode = (uint32_t)mode;
      stage = ST_BASE;
    } else if (!strcmp(kw, "base")) {
      char *n = word(&rest);
      uint64_t base;
      if (!n || !parse_num(n, 64, &base) || base % 4)
        return perr(r, err, r->line, "expected a 4-byte aligned load address (0x hex) after 'base'");
      if (end_of_line(r, err, rest, kw)) return -1;
      v->base = v->init.pc = base;
      stage = ST_ORIGIN;
    } else if (!strcmp(kw, "origin")) {
      char *t = trim(rest);
      if (!*t || strlen(t) >= GCN_VEC_ORIGIN_MAX)
        return perr(r, err, r->line, "expected origin text of 1 to %d characters after 'origin'",
                    GCN_VEC_ORIGIN_MAX - 1);
      snprintf(v->origin, sizeof v->origin, "%s", t);
      stage = ST_INIT;
    } else if (!strcmp(kw, "init")) {
      if (parse_assign(r, err, rest, v->gen, &v->init, false)) return -1;
      stage = ST_INIT;
    } else if (!strcmp(kw, "code")) {
      if (v->n_code == *cap_lines) {
        size_t cap = *cap_lines ? 2 * *cap_lines : 64;
        unsigned *l = realloc(*lines, cap * sizeof *l);
        if (!l) return perr(r, err, r->line, "out of memory");
        *lines = l;
        *cap_lines = cap;
      }
      (*lines)[v->n_code] = r->line;
      if (parse_code(r, err, rest, v)) return -1;
      v->code[v->n_code - 1].line = r->line;
      stage = ST_CODE;
    } else if (!strcmp(kw, "result")) {
      if (parse_result(r, err, rest, v)) return -1;
      stage = ST_EXPECT;
    } else if (!strcmp(kw, "expect")) {
      if (parse_assign(r, err, rest, v->gen, &v->expect, true)) return -1;
    } else { /* end */
      if (end_of_line(r, err, rest, kw)) return -1;
      return check_vector(r, err, v, *lines);
    }
  }
}

int gcn_vec_read(gcn_vec_reader *r, gcn_vector *v, gcn_error *err) {
  if (r->failed) return gcn_fail(err, "%s: reading stopped at an earlier error", r->name);
  if (!r->header_done) {
    char *s = next_line(r, err);
    if (!s && r->failed) return -1;
    if (!s) return perr(r, err, r->line ? r->line : 1, "expected 'gcnvec %d' (the format line) at the start "
                        "of the file", GCN_VEC_VERSION);
    char *kw = word(&s), *ver = word(&s);
    if (strcmp(kw, "gcnvec") != 0)
      return perr(r, err, r->line, "expected 'gcnvec %d' (the format line) at the start of the file, got "
                  "'%.40s'", GCN_VEC_VERSION, kw);
    uint64_t n;
    if (!ver || !parse_num(ver, 32, &n) || n != GCN_VEC_VERSION || word(&s))
      return perr(r, err, r->line, "expected format version %d ('gcnvec %d'), got '%.40s'", GCN_VEC_VERSION,
                  GCN_VEC_VERSION, ver ? ver : "");
    r->header_done = true;
  }
  char *s = next_line(r, err);
  if (!s) return r->failed ? -1 : 0;
  char *kw = word(&s);
  if (strcmp(kw, "vector") != 0)
    return perr(r, err, r->line, "unexpected '%.40s': expected 'vector NAME' (or the end of the file)", kw);
  char *name = word(&s);
  if (!name || !valid_name(name))
    return perr(r, err, r->line, "expected a vector name after 'vector' (1 to %d letters, digits, '_', "
                "'.', '-' or '+')", GCN_VEC_NAME_MAX - 1);
  if (word(&s)) return perr(r, err, r->line, "expected the end of the line after the vector name");
  snprintf(v->name, sizeof v->name, "%s", name);
  unsigned *lines = NULL;
  size_t cap_lines = 0;
  unsigned start = r->line;
  int rc = read_vector(r, v, err, start, &lines, &cap_lines);
  v->line = start;
  free(lines);
  return rc ? -1 : 1;
}

bool gcn_vec_sniff(FILE *f) {
  char *buf = NULL;
  size_t cap = 0;
  bool yes = false;
  if (fseek(f, 0, SEEK_SET) != 0) return false;
  ssize_t len;
  unsigned long no = 0;
  while ((len = getline(&buf, &cap, f)) >= 0) {
    if (gcn_text_line(buf, (size_t)len, ++no, NULL)) break;
    char *s = trim(buf);
    if (!*s || *s == '#') continue;
    yes = strncmp(s, "gcnvec", 6) == 0 && (s[6] == '\0' || isspace((unsigned char)s[6]));
    break;
  }
  free(buf);
  clearerr(f);
  if (fseek(f, 0, SEEK_SET) != 0) return false;
  return yes;
}

/* ------------------------------------------------------------------ comparing (running: vecrun.c) */

struct cmp_ctx {
  const char *name;
  FILE *out;
  unsigned diffs, printed;
};

static void report(struct cmp_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(struct cmp_ctx *c, const char *fmt, ...) {
  c->diffs++;
  if (!c->out || c->printed >= 32) return;
  c->printed++;
  va_list ap;
  va_start(ap, fmt);
  fprintf(c->out, "%s: ", c->name);
  vfprintf(c->out, fmt, ap);
  fputc('\n', c->out);
  va_end(ap);
}

static void cmp_scalar(void *vctx, const char *name, unsigned width, uint64_t want, uint64_t got) {
  if (want == got) return;
  char a[24], b[24];
  format_value(a, sizeof a, width, want);
  format_value(b, sizeof b, width, got);
  report(vctx, "expected %s=%s, got %s", name, a, b);
}

unsigned gcn_vec_compare(const gcn_vector *v, const gcn_vec_result *res, const gcn_state *final,
                         FILE *out) {
  struct cmp_ctx c = {v->name, out, 0, 0};
  const gcn_vec_result *want = &v->result;
  if (res->status != want->status || res->pc != want->pc)
    report(&c, "expected result %s 0x%06llx, got %s 0x%06llx", gcn_vec_status_name(want->status),
           (unsigned long long)want->pc, gcn_vec_status_name(res->status), (unsigned long long)res->pc);
  if (res->retired != want->retired)
    report(&c, "expected %llu instructions retired, got %llu", (unsigned long long)want->retired,
           (unsigned long long)res->retired);
  each_scalar(v->gen, &v->expect, final, true, cmp_scalar, &c);
  for (unsigned r = 0; r < GCN_NUM_VGPRS; r++) {
    const uint32_t *le = v->expect.vgpr[r], *lg = final->vgpr[r];
    for (unsigned l = 0; l < GCN_WAVE_SIZE;) {
      if (le[l] == lg[l]) {
        l++;
        continue;
      }
      unsigned e = l;
      while (e + 1 < GCN_WAVE_SIZE && le[e + 1] == le[l] && lg[e + 1] == lg[l]) e++;
      char name[32];
      gcn_lane_run_name(r, (int)l, (int)e, name, sizeof name);
      report(&c, "expected %s=0x%08x, got 0x%08x", name, le[l], lg[l]);
      l = e + 1;
    }
  }
  return c.diffs;
}

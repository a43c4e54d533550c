/* gcnref vectors: the constrained-random program generator (docs/vectors.md).
 *
 * A program is built chunk by chunk: a chunk is one random instruction of a group or one
 * directed stream. Every instruction is constructed field by field, then must pass
 * gcn_validate and a round trip (encode, decode, disassemble, assemble, encode again:
 * the same bytes). After each chunk the functional model runs it from the state the
 * program has reached so far; a chunk that would end in a run-time error is undone and
 * drawn again. So the generator knows M0, MODE (CSP) and EXEC when it builds the next
 * chunk, and every generated program runs to its end. Control flow only goes forward
 * (s_setpc/s_swappc) or, for fork/join, back once per pushed stack entry. */
#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gcnref/coverage.h"
#include "gcnref/operand.h"

/* ------------------------------------------------------------------ PRNG: xoshiro256** */

typedef struct {
  uint64_t s[4];
} rng_t;

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(rng_t *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

static void rng_seed(rng_t *r, uint64_t seed, gcn_gen gen) {
  /* The generator's stream differs from the state fill's, and between generations. */
  uint64_t x = seed ^ 0x6A09E667F3BCC909ull ^ (uint64_t)(gen + 1) * 0xBB67AE8584CAA73Bull;
  for (int i = 0; i < 4; i++) r->s[i] = gcn_vec_splitmix64(&x);
}

/* Uniform in [0, n) (multiply-shift; n == 0 gives 0). */
static unsigned below(rng_t *r, unsigned n) { return (unsigned)(((rng_next(r) >> 32) * (uint64_t)n) >> 32); }
static bool pct(rng_t *r, unsigned p) { return below(r, 100) < p; }

static int pick_bit(rng_t *r, unsigned mask) {
  unsigned n = (unsigned)__builtin_popcount(mask), k = below(r, n);
  for (int i = 0; i < 32; i++)
    if (mask >> i & 1 && k-- == 0) return i;
  return 0;
}

/* Index drawn with weights W[0..N-1]; -1 when they are all 0. */
static int weighted(rng_t *r, const unsigned *w, unsigned n) {
  uint64_t total = 0;
  for (unsigned i = 0; i < n; i++) total += w[i];
  if (!total) return -1;
  uint64_t x = (uint64_t)below(r, (unsigned)(total > 0xFFFFFFFFu ? 0xFFFFFFFFu : total));
  for (unsigned i = 0; i < n; i++) {
    if (x < w[i]) return (int)i;
    x -= w[i];
  }
  return (int)n - 1;
}

/* ------------------------------------------------------------------ groups */

static const char *const group_names[GCN_GRP_COUNT] = {
    "salu_arith", "salu_logic", "salu_bits", "salu_exec", "salu_movrel", "salu_pc", "nop",
    "valu_int",   "valu_carry", "valu_int16", "valu_f32", "valu_f16",    "valu_lane"};
static const char *const stream_names[GCN_STREAM_COUNT] = {"carry", "saveexec", "movrel",
                                                           "hazard", "branch", "fork"};
static const char *const opclass_names[GCN_OPC_COUNT] = {"sgpr", "vgpr", "special", "inline", "literal"};
static const char *const exec_names[GCN_EXEC_COUNT] = {"all", "off", "one", "alternating", "half", "random"};
static const char *const mode_names[GCN_MODE_COUNT] = {"default", "round", "denorm", "random", "csp"};

const char *gcn_group_name(gcn_group g) { return g < GCN_GRP_COUNT ? group_names[g] : "?"; }
const char *gcn_stream_name(gcn_stream s) { return s < GCN_STREAM_COUNT ? stream_names[s] : "?"; }

int gcn_group_of(const gcn_inst_desc *d) {
  switch (gcn_isa_op(d)) {
    case GCN_OP_S_ENDPGM: case GCN_OP_S_SETPC_B64: case GCN_OP_S_SWAPPC_B64:
    case GCN_OP_S_CBRANCH_G_FORK: case GCN_OP_S_CBRANCH_JOIN: case GCN_OP_S_RFE_B64:
    case GCN_OP_S_RFE_RESTORE_B64:
      return -1;
    case GCN_OP_S_NOP: return GCN_GRP_NOP;
    case GCN_OP_S_GETPC_B64: return GCN_GRP_SALU_PC;
    case GCN_OP_S_MOVRELS_B32: case GCN_OP_S_MOVRELS_B64: case GCN_OP_S_MOVRELD_B32:
    case GCN_OP_S_MOVRELD_B64: case GCN_OP_S_SET_GPR_IDX_IDX:
      return GCN_GRP_SALU_MOVREL;
    case GCN_OP_S_ADD_U32: case GCN_OP_S_SUB_U32: case GCN_OP_S_ADD_I32: case GCN_OP_S_SUB_I32:
    case GCN_OP_S_ADDC_U32: case GCN_OP_S_SUBB_U32: case GCN_OP_S_MIN_I32: case GCN_OP_S_MIN_U32:
    case GCN_OP_S_MAX_I32: case GCN_OP_S_MAX_U32: case GCN_OP_S_ABSDIFF_I32: case GCN_OP_S_MUL_I32:
    case GCN_OP_S_MUL_HI_U32: case GCN_OP_S_MUL_HI_I32: case GCN_OP_S_LSHL1_ADD_U32:
    case GCN_OP_S_LSHL2_ADD_U32: case GCN_OP_S_LSHL3_ADD_U32: case GCN_OP_S_LSHL4_ADD_U32:
    case GCN_OP_S_ABS_I32:
      return GCN_GRP_SALU_ARITH;
    case GCN_OP_S_AND_B32: case GCN_OP_S_AND_B64: case GCN_OP_S_OR_B32: case GCN_OP_S_OR_B64:
    case GCN_OP_S_XOR_B32: case GCN_OP_S_XOR_B64: case GCN_OP_S_ANDN2_B32: case GCN_OP_S_ANDN2_B64:
    case GCN_OP_S_ORN2_B32: case GCN_OP_S_ORN2_B64: case GCN_OP_S_NAND_B32: case GCN_OP_S_NAND_B64:
    case GCN_OP_S_NOR_B32: case GCN_OP_S_NOR_B64: case GCN_OP_S_XNOR_B32: case GCN_OP_S_XNOR_B64:
    case GCN_OP_S_NOT_B32: case GCN_OP_S_NOT_B64: case GCN_OP_S_MOV_B32: case GCN_OP_S_MOV_B64:
    case GCN_OP_S_CMOV_B32: case GCN_OP_S_CMOV_B64: case GCN_OP_S_CSELECT_B32:
    case GCN_OP_S_CSELECT_B64: case GCN_OP_S_MOV_REGRD_B32: case GCN_OP_S_MOV_FED_B32:
      return GCN_GRP_SALU_LOGIC;
    default: break;
  }
  if (d->cls == GCN_CLASS_SOP1 && (d->implicit_writes & GCN_IMPL_EXEC)) return GCN_GRP_SALU_EXEC;
  if (d->cls != GCN_CLASS_VOP2) return GCN_GRP_SALU_BITS;
  if (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) return GCN_GRP_VALU_LANE;
  if (gcn_isa_operand(d, GCN_ROLE_CO)) return GCN_GRP_VALU_CARRY;
  const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D), *s0 = gcn_isa_operand(d, GCN_ROLE_S0);
  if (dst->type == GCN_T_F16 || (s0 && s0->type == GCN_T_F16)) return GCN_GRP_VALU_F16;
  if (d->implicit_reads & GCN_IMPL_MODE) return GCN_GRP_VALU_F32;
  if (gcn_type_bits((gcn_type)dst->type) == 16) return GCN_GRP_VALU_INT16;
  return GCN_GRP_VALU_INT;
}

/* ------------------------------------------------------------------ profiles */

static const char default_profile_text[] =
    "# default.prof: the profile `gcnref gen` uses without --profile. It is built into the\n"
    "# generator; this file is identical to the built-in text (tests/vectors checks it).\n"
    "# Every group and stream; float instructions are about half of the vector ones.\n"
    "profile 1\n"
    "length 24 64\n"
    "illegal 5\n"
    "rfe 0\n"
    "vop3 35\n"
    "modifiers 20\n"
    "reuse 50\n"
    "sdst_special 8\n"
    "endpgm 90\n"
    "\n"
    "group salu_arith 6\n"
    "group salu_logic 6\n"
    "group salu_bits 6\n"
    "group salu_exec 2\n"
    "group salu_movrel 2\n"
    "group salu_pc 1\n"
    "group nop 2\n"
    "group valu_int 8\n"
    "group valu_carry 4\n"
    "group valu_int16 3\n"
    "group valu_f32 12\n"
    "group valu_f16 6\n"
    "group valu_lane 2\n"
    "\n"
    "stream carry 3\n"
    "stream saveexec 3\n"
    "stream movrel 2\n"
    "stream hazard 6\n"
    "stream branch 3\n"
    "stream fork 2\n"
    "\n"
    "operand sgpr 30\n"
    "operand vgpr 45\n"
    "operand special 6\n"
    "operand inline 12\n"
    "operand literal 7\n"
    "\n"
    "exec all 35\n"
    "exec off 5\n"
    "exec one 10\n"
    "exec alternating 15\n"
    "exec half 10\n"
    "exec random 25\n"
    "\n"
    "mode default 40\n"
    "mode round 15\n"
    "mode denorm 15\n"
    "mode random 20\n"
    "mode csp 10\n";

const char *gcn_profile_default_text(void) { return default_profile_text; }

static int find_name(const char *const *names, unsigned n, const char *s) {
  for (unsigned i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return (int)i;
  return -1;
}

static void list_names(char *buf, size_t len, const char *const *names, unsigned n) {
  size_t used = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < n && used + 1 < len; i++)
    used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? (i + 1 == n ? " or " : ", ") : "", names[i]);
}

static bool parse_uint(const char *s, unsigned max, unsigned *out) {
  if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9) return false;
  unsigned long v = strtoul(s, NULL, 10);
  if (v > max) return false;
  *out = (unsigned)v;
  return true;
}

/* Finds an instruction by table id (any case) or by a mnemonic of any generation. */
static int find_op(const char *s) {
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) {
    const gcn_inst_desc *d = &gcn_isa[i];
    if (strcasecmp(d->id, s) == 0) return (int)i;
    for (int g = 0; g < GCN_GEN_COUNT; g++)
      if (d->mnemonic[g] && strcmp(d->mnemonic[g], s) == 0) return (int)i;
  }
  return -1;
}

typedef struct {
  const char *file;
  unsigned line;
  gcn_error *err;
} perr_ctx;

static int prof_fail(perr_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int prof_fail(perr_ctx *c, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gcn_fail(c->err, "%.100s:%u: error: %s", c->file, c->line, msg);
}

static int parse_profile(FILE *f, const char *file, gcn_profile *p, gcn_error *err) {
  char *buf = NULL;
  size_t cap = 0;
  perr_ctx c = {file, 0, err};
  bool header = false;
  int rc = 0;
  while (!rc && getline(&buf, &cap, f) >= 0) {
    c.line++;
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *save = NULL;
    char *kw = strtok_r(buf, " \t\r\n", &save);
    if (!kw) continue;
    char *a = strtok_r(NULL, " \t\r\n", &save);
    char *b = strtok_r(NULL, " \t\r\n", &save);
    char *extra = strtok_r(NULL, " \t\r\n", &save);
    char names[200];
    unsigned v, v2;
    if (!header) {
      if (strcmp(kw, "profile") != 0 || !a || b || !parse_uint(a, 1000, &v) || v != GCN_PROFILE_VERSION) {
        rc = prof_fail(&c, "expected 'profile 1' (the format line) first, got '%.40s'", kw);
        break;
      }
      header = true;
      continue;
    }
    if (extra) {
      rc = prof_fail(&c, "unexpected '%.40s': expected at most two values after '%.20s'", extra, kw);
      break;
    }
    int idx;
    if (strcmp(kw, "length") == 0) {
      if (!parse_uint(a, 4096, &v) || !parse_uint(b, 4096, &v2) || v < 1 || v2 < v)
        rc = prof_fail(&c, "expected 'length MIN MAX' with 1 <= MIN <= MAX <= 4096");
      else
        p->len_min = v, p->len_max = v2;
    } else if (!strcmp(kw, "illegal") || !strcmp(kw, "rfe") || !strcmp(kw, "vop3") || !strcmp(kw, "modifiers") ||
               !strcmp(kw, "reuse") || !strcmp(kw, "sdst_special") || !strcmp(kw, "endpgm")) {
      if (b || !parse_uint(a, 100, &v)) {
        rc = prof_fail(&c, "expected a percentage 0..100 after '%s'", kw);
      } else {
        unsigned *field = !strcmp(kw, "illegal") ? &p->illegal : !strcmp(kw, "rfe") ? &p->rfe
                          : !strcmp(kw, "vop3") ? &p->vop3 : !strcmp(kw, "modifiers") ? &p->modifiers
                          : !strcmp(kw, "reuse") ? &p->reuse : !strcmp(kw, "sdst_special") ? &p->sdst_special
                          : &p->endpgm;
        *field = v;
      }
    } else if (!strcmp(kw, "group") || !strcmp(kw, "stream") || !strcmp(kw, "operand") ||
               !strcmp(kw, "exec") || !strcmp(kw, "mode")) {
      const char *const *tab;
      unsigned n, *w;
      if (!strcmp(kw, "group")) tab = group_names, n = GCN_GRP_COUNT, w = p->group;
      else if (!strcmp(kw, "stream")) tab = stream_names, n = GCN_STREAM_COUNT, w = p->stream;
      else if (!strcmp(kw, "operand")) tab = opclass_names, n = GCN_OPC_COUNT, w = p->operand;
      else if (!strcmp(kw, "exec")) tab = exec_names, n = GCN_EXEC_COUNT, w = p->exec;
      else tab = mode_names, n = GCN_MODE_COUNT, w = p->mode;
      idx = a ? find_name(tab, n, a) : -1;
      if (idx < 0) {
        list_names(names, sizeof names, tab, n);
        rc = prof_fail(&c, "expected one of %s after '%s'", names, kw);
      } else if (!parse_uint(b, 1000000, &v)) {
        rc = prof_fail(&c, "expected a weight 0..1000000 after '%s %s'", kw, a);
      } else {
        w[idx] = v;
      }
    } else if (!strcmp(kw, "op")) {
      idx = a ? find_op(a) : -1;
      if (idx < 0 || gcn_group_of(&gcn_isa[idx]) < 0)
        rc = prof_fail(&c, "expected an instruction of a group (a mnemonic or table id) after 'op', got "
                       "'%.40s'", a ? a : "");
      else if (!parse_uint(b, 1000, &v))
        rc = prof_fail(&c, "expected a weight 0..1000 after 'op %.40s'", a);
      else
        p->op[idx] = (int)v;
    } else {
      rc = prof_fail(&c, "unknown key '%.40s': expected length, illegal, rfe, vop3, modifiers, reuse, "
                     "sdst_special, endpgm, group, stream, operand, exec, mode or op", kw);
    }
  }
  free(buf);
  if (rc) return rc;
  if (!header) {
    c.line = c.line ? c.line : 1;
    return prof_fail(&c, "expected 'profile 1' (the format line) at the start of the file");
  }
  unsigned total = 0, ops = 0, ex = 0, md = 0;
  for (unsigned i = 0; i < GCN_GRP_COUNT; i++) total += p->group[i];
  for (unsigned i = 0; i < GCN_STREAM_COUNT; i++) total += p->stream[i];
  for (unsigned i = 0; i < GCN_OPC_COUNT; i++) ops += p->operand[i];
  for (unsigned i = 0; i < GCN_EXEC_COUNT; i++) ex += p->exec[i];
  for (unsigned i = 0; i < GCN_MODE_COUNT; i++) md += p->mode[i];
  c.line = c.line ? c.line : 1;
  if (!total) return prof_fail(&c, "expected at least one non-zero group or stream weight by the end of the file");
  if (!p->operand[GCN_OPC_SGPR] && !p->operand[GCN_OPC_VGPR])
    return prof_fail(&c, "expected a non-zero 'operand sgpr' or 'operand vgpr' weight by the end of the file");
  if (!ops || !ex || !md)
    return prof_fail(&c, "expected non-zero operand, exec and mode weights by the end of the file");
  return 0;
}

static void profile_clear(gcn_profile *p) {
  memset(p, 0, sizeof *p);
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) p->op[i] = -1;
}

void gcn_profile_default(gcn_profile *p) {
  profile_clear(p);
  FILE *f = fmemopen((void *)default_profile_text, sizeof default_profile_text - 1, "r");
  gcn_error err;
  if (!f || parse_profile(f, "<built-in default>", p, &err)) abort(); /* the built-in text is valid */
  fclose(f);
  snprintf(p->name, sizeof p->name, "default");
}

int gcn_profile_parse(FILE *f, const char *name, gcn_profile *p, gcn_error *err) {
  gcn_profile_default(p);
  memset(p->group, 0, sizeof p->group);
  memset(p->stream, 0, sizeof p->stream);
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) p->op[i] = -1;
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".prof") == 0) n -= 5;
  if (n >= sizeof p->name) n = sizeof p->name - 1;
  memcpy(p->name, base, n);
  p->name[n] = '\0';
  for (char *q = p->name; *q; q++)
    if (*q == ' ' || *q == '\t') *q = '_';
  return parse_profile(f, name, p, err);
}

int gcn_profile_load(const char *path, gcn_profile *p, gcn_error *err) {
  char alt[512];
  FILE *f = fopen(path, "r");
  const char *used = path;
  if (!f && !strchr(path, '/')) {
    snprintf(alt, sizeof alt, "vectors/profiles/%s.prof", path);
    f = fopen(alt, "r");
    used = alt;
  }
  if (!f) return gcn_fail(err, "cannot open profile %s: %s", path, strerror(errno));
  int rc = gcn_profile_parse(f, used, p, err);
  fclose(f);
  return rc;
}

/* ------------------------------------------------------------------ generation context */

#define MAX_CHUNK 40
#define POOL_S 12
#define POOL_V 8
#define RECENT 8

typedef struct {
  gcn_inst in[MAX_CHUNK];
  bool dead[MAX_CHUNK]; /* jumped over: never executed */
  unsigned n;
} chunk;

typedef struct {
  uint16_t s_code[RECENT];
  uint8_t s_width[RECENT];
  unsigned n_s, pos_s;
  uint16_t v[RECENT];
  unsigned n_v, pos_v;
} recent_t;

/* One instruction of the program: a gcn_inst, or raw bytes (an illegal encoding). */
typedef struct {
  gcn_inst in;
  bool raw, illegal, dead;
  uint8_t size;
  uint8_t bytes[8];
} pinst;

/* Forced fields of an instruction being built (-1: chosen at random). */
typedef struct {
  int enc;    /* 0: either; 32: VOP2 (_e32); 64: VOP3 (_e64) */
  int vdst;   /* VGPR number */
  int sdst;   /* SOP destination, VOP3B carry-out, v_readlane destination (scalar code) */
  int src[3]; /* source codes */
  int64_t lit; /* the literal when a forced source is 255, or K */
  bool no_mods;
} force_t;

enum { R_NO_EXEC = 1, R_NO_MOVREL = 2 };

typedef struct {
  gcn_gen gen;
  const gcn_profile *p;
  rng_t rng;
  gcn_wave w; /* w.st is the simulated state at the end of the program built so far */
  gcn_state init;
  pinst *prog;
  size_t n_prog, cap_prog;
  uint8_t *img;
  size_t size, cap;
  uint8_t *reached; /* per dword: an instruction starts here and has executed */
  unsigned nsg;
  unsigned spool[POOL_S];
  unsigned vpool[POOL_V];
  recent_t rec;
  uint8_t forbid[128]; /* scalar codes that must not be written */
  unsigned restrict_flags;
  /* special registers (weighted by repetition) */
  unsigned src32[64], n_src32, src64[48], n_src64, dst32[48], n_dst32, dst64[32], n_dst64;
  /* instructions of each group on this generation, with their weights */
  uint16_t gop[GCN_GRP_COUNT][GCN_OP_COUNT];
  unsigned gw[GCN_GRP_COUNT][GCN_OP_COUNT];
  unsigned n_gop[GCN_GRP_COUNT];
  unsigned item_w[GCN_GRP_COUNT + GCN_STREAM_COUNT];
  const gcn_gen_bias *bias; /* coverage-directed generation, or NULL */
  int cur_op, cur_slot;     /* the instruction and source slot being built (for the bias) */
} gctx;

/* ------------------------------------------------------------------ coverage bias */

struct gcn_gen_bias {
  gcn_gen gen;
  unsigned long holes;
  uint16_t op_holes[GCN_OP_COUNT];    /* holes of any group naming the instruction */
  uint8_t form_want[GCN_OP_COUNT];    /* bit per GCN_COV_FORM_* not hit */
  uint8_t src_want[GCN_OP_COUNT][3];  /* bit per GCN_COV_SRC_* not hit, per slot */
  uint8_t value_want[GCN_OP_COUNT];   /* result, SCC or carry holes: corner values */
  uint16_t fp_want[GCN_OP_COUNT][2];  /* bit per GCN_COV_FP_* not hit, per float source */
  uint8_t mod_want[GCN_OP_COUNT];     /* bit per GCN_COV_MOD_* not hit */
  uint8_t round_want[2], denorm_want[2]; /* [f32, f16]: bit per MODE value not hit */
  uint8_t exec_want;                  /* bit per GCN_COV_EXEC_* not hit */
  unsigned timing_holes;
};

static int name_index(const char *s, size_t n, const char *const *names, int count) {
  for (int i = 0; i < count; i++)
    if (strlen(names[i]) == n && strncmp(names[i], s, n) == 0) return i;
  return -1;
}

/* Splits "a.b.c" at the next dot: the component [*p, end) and *p past the dot. */
static size_t component(const char **p) {
  const char *e = strchr(*p, '.');
  size_t n = e ? (size_t)(e - *p) : strlen(*p);
  return n;
}

static void bias_note(gcn_gen_bias *b, const char *name) {
  static const char *const forms[] = {"sop", "vop2", "vop3"};
  static const char *const mods[] = {"abs0", "abs1", "neg0", "neg1", "clamp", "omod_mul2", "omod_mul4", "omod_div2"};
  static const char *const rounds[] = {"rne", "rpi", "rni", "rtz"};
  static const char *const denorms[] = {"flush_all", "allow_in", "allow_out", "allow_all"};
  static const char *const execs[] = {"all_on", "all_off", "partial"};
  const char *src[GCN_COV_SRC_CLASSES], *fp[GCN_COV_FP_CLASSES];
  for (int i = 0; i < GCN_COV_SRC_CLASSES; i++) src[i] = gcn_cov_src_name(i);
  for (int i = 0; i < GCN_COV_FP_CLASSES; i++) fp[i] = gcn_cov_fp_name(i);
  gcn_gen gen;
  const char *grp;
  size_t glen;
  if (!gcn_covbin_name_valid(name, &gen, &grp, &glen) || gen != b->gen) return;
  b->holes++;
  const char *p = grp + glen + 1;
  if (glen == 6 && strncmp(grp, "timing", 6) == 0) {
    b->timing_holes++;
    return;
  }
  if (glen == 4 && strncmp(grp, "exec", 4) == 0) {
    int k = name_index(p, strlen(p), execs, 3);
    if (k >= 0) b->exec_want |= (uint8_t)(1u << k);
    return;
  }
  size_t n = component(&p);
  char mn[64];
  if (n >= sizeof mn) return;
  memcpy(mn, p, n);
  mn[n] = '\0';
  const char *rest = p[n] ? p + n + 1 : "";
  if (glen == 4 && strncmp(grp, "mode", 4) == 0 && (!strcmp(mn, "f32_round") || !strcmp(mn, "f16_round") ||
                                                     !strcmp(mn, "f32_denorm") || !strcmp(mn, "f16_denorm"))) {
    bool f16 = mn[1] == '1', round = mn[4] == 'r';
    int k = name_index(rest, strlen(rest), round ? rounds : denorms, 4);
    if (k >= 0) (round ? b->round_want : b->denorm_want)[f16] |= (uint8_t)(1u << k);
    return;
  }
  const gcn_inst_desc *d = gcn_isa_by_mnemonic(gen, mn);
  if (!d) return;
  unsigned op = gcn_isa_op(d);
  if (b->op_holes[op] < UINT16_MAX) b->op_holes[op]++;
  size_t rn = strlen(rest);
  if (glen == 2 && strncmp(grp, "op", 2) == 0) {
    int k = name_index(rest, rn, forms, 3);
    if (k >= 0) b->form_want[op] |= (uint8_t)(1u << k);
  } else if (glen == 3 && strncmp(grp, "src", 3) == 0) {
    if (rn > 5 && strncmp(rest, "src", 3) == 0 && rest[3] >= '0' && rest[3] <= '2' && rest[4] == '.') {
      int k = name_index(rest + 5, rn - 5, src, GCN_COV_SRC_CLASSES);
      if (k >= 0) b->src_want[op][rest[3] - '0'] |= (uint8_t)(1u << k);
    }
  } else if ((glen == 3 && strncmp(grp, "scc", 3) == 0) || (glen == 5 && strncmp(grp, "carry", 5) == 0) ||
             (glen == 6 && strncmp(grp, "result", 6) == 0)) {
    b->value_want[op] = 1;
  } else if (glen == 7 && strncmp(grp, "fpclass", 7) == 0) {
    if (rn > 5 && strncmp(rest, "src", 3) == 0 && (rest[3] == '0' || rest[3] == '1') && rest[4] == '.') {
      int k = name_index(rest + 5, rn - 5, fp, GCN_COV_FP_CLASSES);
      if (k >= 0) b->fp_want[op][rest[3] - '0'] |= (uint16_t)(1u << k);
    } else {
      b->value_want[op] = 1;
    }
  } else if ((glen == 5 && strncmp(grp, "fpmod", 5) == 0) || (glen == 3 && strncmp(grp, "mod", 3) == 0)) {
    int k = name_index(rest, rn, mods, 8);
    if (k >= 0) b->mod_want[op] |= (uint8_t)(1u << k);
  } else if (glen == 4 && strncmp(grp, "mode", 4) == 0) { /* mode.<mn>.round.rne */
    const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D), *s0 = gcn_isa_operand(d, GCN_ROLE_S0);
    bool f16 = (dst && dst->type == GCN_T_F16) || (s0 && s0->type == GCN_T_F16);
    if (!strncmp(rest, "round.", 6)) {
      int k = name_index(rest + 6, rn - 6, rounds, 4);
      if (k >= 0) b->round_want[f16] |= (uint8_t)(1u << k);
    } else if (!strncmp(rest, "denorm.", 7)) {
      int k = name_index(rest + 7, rn - 7, denorms, 4);
      if (k >= 0) b->denorm_want[f16] |= (uint8_t)(1u << k);
    }
  }
}

gcn_gen_bias *gcn_gen_bias_new(const void *covdb, gcn_gen gen) {
  const gcn_covdb *db = covdb;
  gcn_gen_bias *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->gen = gen;
  for (size_t i = 0; i < db->n; i++) {
    const gcn_covbin *bin = &db->bins[i];
    if (bin->count == 0 && !gcn_covbin_excluded(bin)) bias_note(b, bin->name);
  }
  return b;
}

gcn_gen_bias *gcn_gen_bias_with(const void *base, const gcn_coverage *cov) {
  const gcn_covdb *db = base;
  gcn_covdb now;
  gcn_covdb_init(&now);
  int rc = 0;
  for (size_t k = 0; db && k < db->n && !rc; k++) {
    const gcn_covbin *b = &db->bins[k];
    rc = gcn_covbin_excluded(b) ? gcn_covdb_exclude(&now, b->name, b->reason) : gcn_covdb_add(&now, b->name, b->count);
  }
  if (!rc) rc = gcn_covdb_add_coverage(&now, cov);
  gcn_gen_bias *nb = rc ? NULL : gcn_gen_bias_new(&now, cov->gen);
  gcn_covdb_free(&now);
  return nb;
}

void gcn_gen_bias_free(gcn_gen_bias *b) { free(b); }
unsigned long gcn_gen_bias_holes(const gcn_gen_bias *b) { return b ? b->holes : 0; }

/* A random set bit of MASK (not 0). */
static int pick_bit(rng_t *r, unsigned mask);

static const force_t NOFORCE = {0, -1, -1, {-1, -1, -1}, -1, false};

static force_t force0(void) { return NOFORCE; }

static bool has_op(const gctx *g, enum gcn_op op) { return gcn_isa[op].mnemonic[g->gen] != NULL; }

static bool group_on(const gctx *g, int grp) { return g->p->group[grp] > 0 && g->n_gop[grp] > 0; }

static bool any_valu(const gctx *g) {
  for (int k = GCN_GRP_VALU_INT; k < GCN_GRP_COUNT; k++)
    if (k != GCN_GRP_VALU_LANE && group_on(g, k)) return true;
  return false;
}

/* ------------------------------------------------------------------ registers */

static bool forbidden(const gctx *g, unsigned code, unsigned width) {
  if (code >= 128) return true;
  return g->forbid[code] || (width == 64 && (code + 1 >= 128 || g->forbid[code + 1]));
}

static void push_recent_s(gctx *g, unsigned code, unsigned width) {
  recent_t *r = &g->rec;
  r->s_code[r->pos_s] = (uint16_t)code;
  r->s_width[r->pos_s] = (uint8_t)width;
  r->pos_s = (r->pos_s + 1) % RECENT;
  if (r->n_s < RECENT) r->n_s++;
}

static void push_recent_v(gctx *g, unsigned v) {
  recent_t *r = &g->rec;
  r->v[r->pos_v] = (uint16_t)v;
  r->pos_v = (r->pos_v + 1) % RECENT;
  if (r->n_v < RECENT) r->n_v++;
}

/* An SGPR (WIDTH 64: an aligned pair) from the pool, or for a source sometimes a recently
 * written one. */
static unsigned pick_sgpr(gctx *g, unsigned width, bool write) {
  if (!write && g->rec.n_s && pct(&g->rng, g->p->reuse)) {
    unsigned i = below(&g->rng, g->rec.n_s);
    unsigned c = g->rec.s_code[i];
    if (c < g->nsg) {
      if (width == 64) c &= ~1u;
      if (c + (width == 64) < g->nsg) return c;
    }
  }
  for (int tries = 0; tries < 16; tries++) {
    unsigned c = g->spool[below(&g->rng, POOL_S)];
    if (width == 64) c &= ~1u;
    if (!write || !forbidden(g, c, width)) return c;
  }
  unsigned start = below(&g->rng, g->nsg);
  for (unsigned k = 0; k < g->nsg; k++) {
    unsigned c = (start + k) % g->nsg;
    if (width == 64) c &= ~1u;
    if (c + (width == 64) < g->nsg && !forbidden(g, c, width)) return c;
  }
  return 0; /* unreachable: the forbidden set is small */
}

static unsigned pick_vgpr_src(gctx *g) {
  if (g->rec.n_v && pct(&g->rng, g->p->reuse)) return g->rec.v[below(&g->rng, g->rec.n_v)];
  return g->vpool[below(&g->rng, POOL_V)];
}

static unsigned pick_vdst(gctx *g) {
  if (g->rec.n_v && pct(&g->rng, 20)) return g->rec.v[below(&g->rng, g->rec.n_v)];
  return g->vpool[below(&g->rng, POOL_V)];
}

static unsigned pick_sdst(gctx *g, unsigned width) {
  if (pct(&g->rng, g->p->sdst_special)) {
    const unsigned *l = width == 64 ? g->dst64 : g->dst32;
    unsigned n = width == 64 ? g->n_dst64 : g->n_dst32;
    for (int tries = 0; n && tries < 8; tries++) {
      unsigned c = l[below(&g->rng, n)];
      if (!forbidden(g, c, width)) return c;
    }
  }
  return pick_sgpr(g, width, true);
}

/* A pair for a carry-out / mask: vcc or an SGPR pair. */
static unsigned pick_pair_dst(gctx *g) {
  if (pct(&g->rng, 35) && !forbidden(g, GCN_CODE_VCC_LO, 64)) return GCN_CODE_VCC_LO;
  return pick_sdst(g, 64);
}

static unsigned pick_special_src(gctx *g, unsigned width, bool reg_only) {
  const unsigned *l = width == 64 ? g->src64 : g->src32;
  unsigned n = width == 64 ? g->n_src64 : g->n_src32;
  for (int tries = 0; tries < 16; tries++) {
    unsigned c = l[below(&g->rng, n)];
    if (reg_only && gcn_operand_kind(g->gen, c) != GCN_OPND_SPECIAL) continue;
    return c;
  }
  return GCN_CODE_VCC_LO;
}

/* A special register pair that may hold a jump target or a mask (vcc, ttmp, tba, ...;
 * never EXEC), not forbidden; an SGPR pair when there is none. */
static unsigned pick_special_pair(gctx *g) {
  for (int tries = 0; g->n_dst64 && tries < 8; tries++) {
    unsigned c = g->dst64[below(&g->rng, g->n_dst64)];
    if (c != GCN_CODE_EXEC_LO && !forbidden(g, c, 64)) return c;
  }
  return pick_sgpr(g, 64, true);
}

static bool is_float_type(gcn_type t) { return t == GCN_T_F32 || t == GCN_T_F16; }

static unsigned pick_inline(gctx *g, gcn_type t) {
  static const unsigned common[] = {128, 129, 130, 193, 192, 208, 191, 159, 160, 144};
  bool fl = is_float_type(t) || t == GCN_T_I16F;
  if (pct(&g->rng, fl ? 50 : 35)) {
    unsigned n = g->gen >= GCN12 ? 9 : 8;
    return GCN_CODE_FLOAT_MIN + below(&g->rng, n); /* 240..248 (248: 1/(2pi), gcn12+) */
  }
  if (pct(&g->rng, 40)) return common[below(&g->rng, sizeof common / sizeof common[0])];
  return GCN_CODE_ZERO + below(&g->rng, GCN_CODE_INT_NEG_MAX - GCN_CODE_ZERO + 1);
}

/* The inline constant whose value for TYPE equals the literal LIT, or 0. */
static unsigned inline_equiv(gcn_gen gen, gcn_type t, uint32_t lit) {
  uint64_t v = gcn_literal_value(lit, t);
  for (unsigned c = GCN_CODE_ZERO; c <= GCN_CODE_INV_2PI; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_INLINE_INT && k != GCN_OPND_INLINE_FLOAT) continue;
    if (k == GCN_OPND_INLINE_FLOAT && (t == GCN_T_I16 || t == GCN_T_U16 || t == GCN_T_B16)) continue;
    if (gcn_inline_value(gen, c, t) == v) return c;
  }
  return 0;
}

/* A corner-weighted value for an operand of TYPE (16-bit types: the low half only). */
static uint32_t value_for(gctx *g, gcn_type t) {
  uint64_t r = rng_next(&g->rng);
  if (t == GCN_T_F32 && pct(&g->rng, 50)) {
    static const unsigned cls[] = {6, 7, 12};
    r = (r & ~15ull) | cls[below(&g->rng, 3)];
  } else if ((t == GCN_T_F16 || t == GCN_T_I16F) && pct(&g->rng, 60)) {
    r = (r & ~15ull) | (pct(&g->rng, 50) ? 8 : 13);
  }
  uint32_t v = gcn_vec_value(r);
  return gcn_type_bits(t) == 16 ? v & 0xFFFF : v;
}

/* A literal (or the equivalent inline constant) for TYPE; shares an existing literal. */
static unsigned pick_literal(gctx *g, gcn_type t, gcn_inst *in) {
  uint32_t lit = in->has_literal ? in->literal : value_for(g, t);
  if (gcn_type_bits(t) == 16 && lit > 0xFFFF) return pick_inline(g, t);
  unsigned c = inline_equiv(g->gen, t, lit);
  if (c) return c;
  in->literal = lit;
  in->has_literal = true;
  return GCN_CODE_LITERAL;
}

/* The constant bus of a vector instruction: at most one scalar value (docs/semantics.md). */
typedef struct {
  bool used;
  unsigned code, width; /* code 255: the literal */
} bus_t;

static bool bus_take(bus_t *b, unsigned code, unsigned width) {
  if (b->used) return b->code == code && b->width == width && code != GCN_CODE_LITERAL;
  b->used = true;
  b->code = code;
  b->width = width;
  return true;
}

static bool is_scalar_code(gcn_gen gen, unsigned code) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  return k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL || k == GCN_OPND_READONLY || k == GCN_OPND_LITERAL;
}

/* A source for an operand of TYPE. ALLOW: bit per gcn_opclass. BUS: NULL for SALU. */
static unsigned pick_src(gctx *g, gcn_type t, unsigned allow, bus_t *bus, bool reg_only, gcn_inst *in) {
  unsigned width = gcn_type_bits(t) == 64 ? 64 : 32;
  unsigned w[GCN_OPC_COUNT];
  for (unsigned i = 0; i < GCN_OPC_COUNT; i++) w[i] = (allow >> i & 1) ? g->p->operand[i] : 0;
  if (reg_only) w[GCN_OPC_INLINE] = w[GCN_OPC_LITERAL] = w[GCN_OPC_VGPR] = 0;
  if (bus && pct(&g->rng, 30)) /* VALU sources: sometimes every allowed class alike (version 7) */
    for (unsigned i = 0; i < GCN_OPC_COUNT; i++) w[i] = w[i] ? 1 : 0;
  int cls = weighted(&g->rng, w, GCN_OPC_COUNT);
  if (cls < 0) cls = (allow >> GCN_OPC_VGPR & 1) ? GCN_OPC_VGPR : (allow >> GCN_OPC_SGPR & 1) ? GCN_OPC_SGPR : GCN_OPC_INLINE;
  int inline_kind = -1; /* the bias wants an integer (0) or float (1) inline constant */
  if (g->bias && g->cur_op >= 0 && g->cur_slot >= 0 && g->bias->src_want[g->cur_op][g->cur_slot] &&
      pct(&g->rng, 60)) {
    static const int opc_of[GCN_COV_SRC_CLASSES] = {GCN_OPC_SGPR, GCN_OPC_SPECIAL, GCN_OPC_VGPR,
                                                    GCN_OPC_INLINE, GCN_OPC_INLINE, GCN_OPC_LITERAL};
    int k = pick_bit(&g->rng, g->bias->src_want[g->cur_op][g->cur_slot]);
    int oc = opc_of[k];
    bool ok = (allow >> oc & 1) && !(reg_only && oc != GCN_OPC_SGPR && oc != GCN_OPC_SPECIAL);
    if (ok) {
      cls = oc;
      if (oc == GCN_OPC_INLINE) inline_kind = k == GCN_COV_SRC_INLINE_FLOAT;
    }
  }
  unsigned code;
  switch (cls) {
    case GCN_OPC_SGPR: code = pick_sgpr(g, width, false); break;
    case GCN_OPC_SPECIAL: code = pick_special_src(g, width, reg_only); break;
    case GCN_OPC_INLINE:
      if (inline_kind == 1)
        code = GCN_CODE_FLOAT_MIN + below(&g->rng, g->gen >= GCN12 ? 9 : 8);
      else if (inline_kind == 0)
        code = GCN_CODE_ZERO + below(&g->rng, GCN_CODE_INT_NEG_MAX - GCN_CODE_ZERO + 1);
      else
        code = pick_inline(g, t);
      break;
    case GCN_OPC_LITERAL: code = pick_literal(g, t, in); break;
    default: return GCN_CODE_VGPR0 + pick_vgpr_src(g);
  }
  if (bus && is_scalar_code(g->gen, code) && !bus_take(bus, code, code == GCN_CODE_LITERAL ? 0 : width)) {
    if (code == GCN_CODE_LITERAL && in->has_literal) { /* undo the literal just taken */
      bool other = false;
      for (unsigned s = 0; s < 3; s++) other |= in->src[s] == GCN_CODE_LITERAL;
      if (!other && !gcn_isa_operand(in->desc, GCN_ROLE_K)) in->has_literal = false;
    }
    if (allow >> GCN_OPC_VGPR & 1) return GCN_CODE_VGPR0 + pick_vgpr_src(g);
    return pick_inline(g, t);
  }
  return code;
}

/* ------------------------------------------------------------------ building instructions */

/* Validates IN and checks that it survives encode / decode / disassemble / assemble. */
static bool finalize(gctx *g, gcn_inst *in) {
  gcn_error e;
  in->gen = g->gen;
  in->size = (gcn_inst_is_vop3(in) || in->has_literal) ? 8 : 4;
  if (gcn_validate(in, &e)) return false;
  uint32_t w[2], w2[2];
  unsigned n = gcn_encode(in, w);
  uint8_t bytes[8];
  for (unsigned i = 0; i < 4 * n; i++) bytes[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  gcn_inst d, a;
  if (gcn_decode_bytes(g->gen, bytes, 4 * n, &d, &e) || d.size != 4 * n) return false;
  char text[GCN_VEC_TEXT_MAX];
  gcn_disasm(&d, text, sizeof text);
  if (gcn_assemble(g->gen, text, &a, &e)) return false;
  if (gcn_encode(&a, w2) != n || w2[0] != w[0] || (n == 2 && w2[1] != w[1])) return false;
  *in = d;
  return true;
}

static const gcn_operand_desc *opnd(const gcn_inst_desc *d, gcn_role r) { return gcn_isa_operand(d, r); }

static bool build_sop(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  if (d->cls == GCN_CLASS_SOPP) {
    in->enc = GCN_ENC_SOPP;
    if (gcn_isa_op(d) == GCN_OP_S_NOP) {
      unsigned k = below(&g->rng, 10);
      in->simm16 = (uint16_t)(k < 7 ? below(&g->rng, 16) : k < 9 ? below(&g->rng, 65) : (unsigned)rng_next(&g->rng));
    }
    return finalize(g, in);
  }
  in->enc = d->cls == GCN_CLASS_SOP1 ? GCN_ENC_SOP1 : GCN_ENC_SOP2;
  if (f->lit >= 0) {
    in->literal = (uint32_t)f->lit;
    in->has_literal = true;
  }
  if (!(d->flags & GCN_F_NODST)) {
    unsigned wd = gcn_operand_width(d, GCN_ROLE_D);
    in->sdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : pick_sdst(g, wd));
  }
  const unsigned sop_allow = 1u << GCN_OPC_SGPR | 1u << GCN_OPC_SPECIAL | 1u << GCN_OPC_INLINE | 1u << GCN_OPC_LITERAL;
  static const gcn_role roles[2] = {GCN_ROLE_S0, GCN_ROLE_S1};
  /* Corner operands (generator versions 2-5): sometimes the sources are 0, -1 (all ones
   * at any width: s_nand_b64 -1, -1 = 0) or 0x80000000 (s_abs_i32), and a bit-field extract gets a field operand
   * with offset 0 and a full width (the sign bit reaches the result). */
  bool corners = opnd(d, GCN_ROLE_S0) && !(d->flags & (GCN_F_NOLIT | GCN_F_SREGSRC | GCN_F_NOSRC)) &&
                 pct(&g->rng, g->bias && g->bias->value_want[gcn_isa_op(d)] ? 50 : 20);
  g->cur_op = (int)gcn_isa_op(d);
  enum gcn_op opid = gcn_isa_op(d);
  bool bfe = opid == GCN_OP_S_BFE_U32 || opid == GCN_OP_S_BFE_I32 || opid == GCN_OP_S_BFE_U64 ||
             opid == GCN_OP_S_BFE_I64;
  bool field_set = false;
  if (bfe && f->src[1] < 0 && pct(&g->rng, 25)) {
    unsigned bits = gcn_operand_width(d, GCN_ROLE_S0);
    uint32_t off = pct(&g->rng, 50) ? 0 : below(&g->rng, bits);
    uint32_t width = pct(&g->rng, 50) ? bits - off : below(&g->rng, 128);
    uint32_t field = width << 16 | off;
    unsigned c = inline_equiv(g->gen, GCN_T_U32, field);
    if (c) {
      in->src[1] = (uint16_t)c;
      field_set = true;
    } else if (!in->has_literal) {
      in->src[1] = GCN_CODE_LITERAL;
      in->literal = field;
      in->has_literal = true;
      field_set = true;
    }
  }
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = opnd(d, roles[s]);
    if (!o || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
    if (s == 1 && field_set) continue; /* the bit-field operand above */
    if (corners && f->src[s] < 0) { /* 0, -1 or the literal 0x80000000 (s_absdiff_i32 0x80000000, 0) */
      unsigned k = below(&g->rng, 5);
      if (s == 1 && (in->src[0] == GCN_CODE_ZERO || in->src[0] == GCN_CODE_INT_NEG_MIN)) {
        unsigned r = below(&g->rng, 10); /* the same (s_nand -1, -1), the complement (s_orn2 0, -1) */
        bool zero = in->src[0] == GCN_CODE_ZERO;
        if (r < 4) k = zero ? 0 : 2;
        else if (r < 7) k = zero ? 2 : 0;
      }
      if (k == 4 && (!in->has_literal || in->literal == 0x80000000u)) {
        in->src[s] = GCN_CODE_LITERAL;
        in->literal = 0x80000000u;
        in->has_literal = true;
      } else {
        in->src[s] = (uint16_t)(k < 2 ? GCN_CODE_ZERO : GCN_CODE_INT_NEG_MIN);
      }
      continue;
    }
    bool reg_only = s == 0 && (d->flags & GCN_F_SREGSRC);
    unsigned allow = sop_allow & ~((d->flags & GCN_F_NOLIT) ? 1u << GCN_OPC_LITERAL : 0);
    g->cur_slot = (int)s;
    in->src[s] = (uint16_t)(f->src[s] >= 0 ? (unsigned)f->src[s] : pick_src(g, (gcn_type)o->type, allow, NULL, reg_only, in));
  }
  g->cur_op = g->cur_slot = -1;
  if (in->has_literal && in->src[0] != GCN_CODE_LITERAL && in->src[1] != GCN_CODE_LITERAL) in->has_literal = false;
  return finalize(g, in);
}

static bool build_vop(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  bool rl = d->flags & GCN_F_READLANE, wl = d->flags & GCN_F_WRITELANE;
  bool has_k = opnd(d, GCN_ROLE_K) != NULL, has_co = opnd(d, GCN_ROLE_CO) != NULL;
  bool has_ci = opnd(d, GCN_ROLE_CI) != NULL;
  bool e64;
  if (f->enc == 32 || (d->flags & GCN_F_NOVOP3))
    e64 = false;
  else if (f->enc == 64)
    e64 = true;
  else
    e64 = pct(&g->rng, g->p->vop3);
  const gcn_gen_bias *bias = g->bias;
  unsigned opid = gcn_isa_op(d);
  if (bias && f->enc == 0 && !(d->flags & GCN_F_NOVOP3)) {
    unsigned fw = bias->form_want[opid];
    if (bias->mod_want[opid]) fw |= 1u << GCN_COV_FORM_VOP3;
    if (bias->fp_want[opid][1]) fw |= 1u << GCN_COV_FORM_VOP3;
    if (fw && pct(&g->rng, 70)) e64 = pick_bit(&g->rng, fw) == GCN_COV_FORM_VOP3;
  }
  if (f->enc == 64 && (d->flags & GCN_F_NOVOP3)) return false;
  in->enc = e64 ? (has_co ? GCN_ENC_VOP3B : GCN_ENC_VOP3A) : GCN_ENC_VOP2;
  bus_t bus = {false, 0, 0};
  if (!e64 && has_ci) bus_take(&bus, GCN_CODE_VCC_LO, 64);
  if (has_k) {
    gcn_type kt = (gcn_type)opnd(d, GCN_ROLE_K)->type;
    in->literal = f->lit >= 0 ? (uint32_t)f->lit : value_for(g, kt);
    in->has_literal = true;
    bus_take(&bus, GCN_CODE_LITERAL, 0);
  } else if (f->lit >= 0) {
    in->literal = (uint32_t)f->lit;
    in->has_literal = true;
  }
  /* Destinations. */
  if (rl)
    in->vdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : pick_sdst(g, 32));
  else
    in->vdst = (uint16_t)(f->vdst >= 0 ? (unsigned)f->vdst : pick_vdst(g));
  if (e64 && has_co) in->sdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : pick_pair_dst(g));
  /* Forced sources claim the bus first. */
  static const gcn_role roles[3] = {GCN_ROLE_S0, GCN_ROLE_S1, GCN_ROLE_CI};
  for (unsigned s = 0; s < 3; s++) {
    if (f->src[s] < 0) continue;
    in->src[s] = (uint16_t)f->src[s];
    const gcn_operand_desc *o = opnd(d, roles[s]);
    unsigned width = o && gcn_type_bits((gcn_type)o->type) == 64 ? 64 : 32;
    if (is_scalar_code(g->gen, (unsigned)f->src[s]) &&
        !bus_take(&bus, (unsigned)f->src[s], f->src[s] == GCN_CODE_LITERAL ? 0 : width))
      return false;
  }
  /* SRC2 of a VOP3 carry-in / select: a scalar pair; it goes first. */
  if (e64 && has_ci && f->src[2] < 0) {
    unsigned c;
    if (bus.used) {
      if (bus.width != 64) return false;
      c = bus.code;
    } else {
      c = pct(&g->rng, 40) ? GCN_CODE_VCC_LO : pct(&g->rng, 85) ? pick_sgpr(g, 64, false) : pick_special_src(g, 64, true);
      bus_take(&bus, c, 64);
    }
    in->src[2] = (uint16_t)c;
  }
  const unsigned all = 1u << GCN_OPC_SGPR | 1u << GCN_OPC_VGPR | 1u << GCN_OPC_SPECIAL | 1u << GCN_OPC_INLINE |
                       1u << GCN_OPC_LITERAL;
  const gcn_type t0 = (gcn_type)opnd(d, GCN_ROLE_S0)->type, t1 = (gcn_type)opnd(d, GCN_ROLE_S1)->type;
  g->cur_op = (int)opid;
  bool src1_set = false;
  if (bias && !rl && !wl && f->src[0] < 0 && f->src[1] < 0) {
    /* Corner values for result / carry holes; values of the float classes not yet read. */
    if (bias->value_want[opid] && pct(&g->rng, 50)) {
      static const unsigned corner[] = {GCN_CODE_ZERO, GCN_CODE_INT_NEG_MIN, GCN_CODE_ZERO + 1};
      bool lit = !e64 && !has_k && !bus.used && pct(&g->rng, 30);
      if (lit) {
        in->src[0] = GCN_CODE_LITERAL;
        in->literal = pct(&g->rng, 50) ? 0x80000000u : 0x7FFFFFFFu;
        in->has_literal = true;
        bus_take(&bus, GCN_CODE_LITERAL, 0);
      } else {
        in->src[0] = (uint16_t)corner[below(&g->rng, 3)];
      }
      if (e64) {
        in->src[1] = (uint16_t)corner[below(&g->rng, 3)];
        src1_set = true;
      }
      goto src0_done;
    }
    for (unsigned s = 0; s < 2; s++) {
      unsigned want = bias->fp_want[opid][s];
      gcn_type t = s ? t1 : t0;
      if (!want || !is_float_type(t) || !pct(&g->rng, 50)) continue;
      int k = pick_bit(&g->rng, want);
      bool f16 = t == GCN_T_F16;
      static const uint32_t v32[GCN_COV_FP_CLASSES] = {0, 0x80000000u, 0x00000001u, 0x80000001u, 0x3F800000u,
                                                       0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u};
      static const uint32_t v16[GCN_COV_FP_CLASSES] = {0, 0x8000, 0x0001, 0x8001, 0x3C00,
                                                       0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01};
      if (s == 0 && !e64 && !has_k && !bus.used) { /* a literal of that class */
        uint32_t v = f16 ? v16[k] : v32[k];
        if (k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM) v |= (uint32_t)below(&g->rng, f16 ? 0x3FF : 0x7FFFFF);
        unsigned c = inline_equiv(g->gen, t, v);
        if (c) {
          in->src[0] = (uint16_t)c;
        } else {
          in->src[0] = GCN_CODE_LITERAL;
          in->literal = v;
          in->has_literal = true;
          bus_take(&bus, GCN_CODE_LITERAL, 0);
        }
        goto src0_done;
      }
      if (e64 && (k == GCN_COV_FP_POS_ZERO || k == GCN_COV_FP_NEG_ZERO || k == GCN_COV_FP_POS_NORMAL ||
                  k == GCN_COV_FP_NEG_NORMAL)) { /* an inline constant, negated by the modifier */
        unsigned c = k <= GCN_COV_FP_NEG_ZERO ? GCN_CODE_ZERO : GCN_CODE_FLOAT_MIN + 2 * below(&g->rng, 4);
        in->src[s] = (uint16_t)c;
        if (k == GCN_COV_FP_NEG_ZERO || k == GCN_COV_FP_NEG_NORMAL) in->neg |= (uint8_t)(1u << s);
        if (s == 1) src1_set = true;
        else goto src0_done;
      }
    }
  }
  if (f->src[0] < 0) {
    unsigned allow = all;
    if (rl) allow = 1u << GCN_OPC_VGPR;
    else if (wl) allow &= ~(1u << GCN_OPC_VGPR);
    if (e64 || has_k) allow &= ~(1u << GCN_OPC_LITERAL);
    g->cur_slot = 0;
    in->src[0] = (uint16_t)pick_src(g, t0, allow, &bus, false, in);
  }
src0_done:
  g->cur_slot = 1;
  if (f->src[1] < 0 && !src1_set) {
    if (rl || wl) { /* lane select: a scalar register or an inline integer */
      unsigned c = GCN_CODE_ZERO + below(&g->rng, 65);
      if (pct(&g->rng, 50)) {
        unsigned r = pct(&g->rng, 85) ? pick_sgpr(g, 32, false) : pick_special_src(g, 32, true);
        if (bus_take(&bus, r, 32)) c = r;
      }
      in->src[1] = (uint16_t)c;
    } else if (!e64) {
      in->src[1] = (uint16_t)(GCN_CODE_VGPR0 + pick_vgpr_src(g));
    } else {
      in->src[1] = (uint16_t)pick_src(g, t1, all & ~(1u << GCN_OPC_LITERAL), &bus, false, in);
    }
  }
  g->cur_op = g->cur_slot = -1;
  if (d->flags & GCN_F_TIED) in->src[2] = 0;
  in->has_literal = has_k || in->src[0] == GCN_CODE_LITERAL || in->src[1] == GCN_CODE_LITERAL;
  /* VOP3 modifiers. */
  if (e64 && !f->no_mods) {
    unsigned m = g->p->modifiers;
    for (unsigned s = 0; s < 2; s++) {
      gcn_type t = s ? t1 : t0;
      if (!is_float_type(t)) continue;
      if (in->enc == GCN_ENC_VOP3A && pct(&g->rng, m)) in->abs |= (uint8_t)(1u << s);
      if (pct(&g->rng, m)) in->neg |= (uint8_t)(1u << s);
    }
    if (d->flags & GCN_F_OMOD) {
      if (pct(&g->rng, m)) in->omod = (uint8_t)(1 + below(&g->rng, 3));
      if (pct(&g->rng, m)) in->clamp = true;
    } else if ((d->flags & GCN_F_ICLAMP) && g->gen >= GCN12 && pct(&g->rng, m)) {
      in->clamp = true;
    }
    unsigned mw = bias ? bias->mod_want[opid] : 0;
    if (mw && pct(&g->rng, 60)) { /* a modifier not yet seen, where it is legal */
      int k = pick_bit(&g->rng, mw);
      unsigned s = k == GCN_COV_MOD_ABS1 || k == GCN_COV_MOD_NEG1;
      bool fl_src = is_float_type(s ? t1 : t0);
      if ((k == GCN_COV_MOD_ABS0 || k == GCN_COV_MOD_ABS1) && fl_src && in->enc == GCN_ENC_VOP3A)
        in->abs |= (uint8_t)(1u << s);
      else if ((k == GCN_COV_MOD_NEG0 || k == GCN_COV_MOD_NEG1) && fl_src)
        in->neg |= (uint8_t)(1u << s);
      else if (k == GCN_COV_MOD_CLAMP && ((d->flags & GCN_F_OMOD) || ((d->flags & GCN_F_ICLAMP) && g->gen >= GCN12)))
        in->clamp = true;
      else if (k >= GCN_COV_MOD_OMOD_MUL2 && (d->flags & GCN_F_OMOD))
        in->omod = (uint8_t)(1 + k - GCN_COV_MOD_OMOD_MUL2);
    }
  }
  return finalize(g, in);
}

static bool build(gctx *g, enum gcn_op op, const force_t *f, gcn_inst *in) {
  const gcn_inst_desc *d = &gcn_isa[op];
  if (!d->mnemonic[g->gen]) return false;
  for (int tries = 0; tries < 24; tries++) {
    bool ok = d->cls == GCN_CLASS_VOP2 ? build_vop(g, d, f, in) : build_sop(g, d, f, in);
    if (ok) return true;
  }
  return false;
}

/* Records the registers IN writes as recent (for reuse by later sources). */
static void note_writes(gctx *g, const gcn_inst *in) {
  const gcn_inst_desc *d = in->desc;
  if (d->cls == GCN_CLASS_VOP2) {
    if (d->flags & GCN_F_READLANE)
      push_recent_s(g, in->vdst, 32);
    else
      push_recent_v(g, in->vdst);
    if (opnd(d, GCN_ROLE_CO)) push_recent_s(g, gcn_inst_is_vop3(in) ? in->sdst : GCN_CODE_VCC_LO, 64);
  } else if (d->cls != GCN_CLASS_SOPP && !(d->flags & GCN_F_NODST)) {
    push_recent_s(g, in->sdst, gcn_operand_width(d, GCN_ROLE_D));
  }
}

/* Does IN write a forbidden scalar register or EXEC while that is not allowed? */
static bool writes_forbidden(const gctx *g, const gcn_inst *in) {
  const gcn_inst_desc *d = in->desc;
  if ((g->restrict_flags & R_NO_EXEC) && (d->implicit_writes & GCN_IMPL_EXEC)) return true;
  if ((g->restrict_flags & R_NO_MOVREL) && gcn_group_of(d) == GCN_GRP_SALU_MOVREL) return true;
  if (d->cls == GCN_CLASS_VOP2) {
    if ((d->flags & GCN_F_READLANE) && forbidden(g, in->vdst, 32)) return true;
    if (opnd(d, GCN_ROLE_CO) && forbidden(g, gcn_inst_is_vop3(in) ? in->sdst : GCN_CODE_VCC_LO, 64)) return true;
    return false;
  }
  if (d->cls == GCN_CLASS_SOPP || (d->flags & GCN_F_NODST)) return false;
  return forbidden(g, in->sdst, gcn_operand_width(d, GCN_ROLE_D));
}

static int put(gctx *g, chunk *ch, const gcn_inst *in, bool dead) {
  if (ch->n == MAX_CHUNK || writes_forbidden(g, in)) return -1;
  ch->in[ch->n] = *in;
  ch->dead[ch->n] = dead;
  ch->n++;
  note_writes(g, in);
  return 0;
}

/* Builds OP with F and appends it. */
static int emit(gctx *g, chunk *ch, enum gcn_op op, const force_t *f) {
  gcn_inst in;
  for (int tries = 0; tries < 4; tries++) {
    if (!build(g, op, f, &in)) return -1;
    if (!writes_forbidden(g, &in)) return put(g, ch, &in, false);
  }
  return -1;
}

static unsigned inst_size(const gcn_inst *in) { return in->size; }

/* Picks an instruction of group GRP (by op weight). */
static int pick_op(gctx *g, int grp) {
  int i = weighted(&g->rng, g->gw[grp], g->n_gop[grp]);
  return i < 0 ? -1 : g->gop[grp][i];
}

/* Picks an enabled group (by profile weight) among those in MASK. */
static int pick_group(gctx *g, unsigned mask) {
  unsigned w[GCN_GRP_COUNT];
  for (unsigned k = 0; k < GCN_GRP_COUNT; k++) w[k] = (mask >> k & 1) && g->n_gop[k] ? g->p->group[k] : 0;
  return weighted(&g->rng, w, GCN_GRP_COUNT);
}

#define VALU_MASK (1u << GCN_GRP_VALU_INT | 1u << GCN_GRP_VALU_CARRY | 1u << GCN_GRP_VALU_INT16 | \
                   1u << GCN_GRP_VALU_F32 | 1u << GCN_GRP_VALU_F16)
#define SALU_PLAIN_MASK (1u << GCN_GRP_SALU_ARITH | 1u << GCN_GRP_SALU_LOGIC | 1u << GCN_GRP_SALU_BITS)

/* A random instruction of one of the groups in MASK (restricted: no EXEC writes, no movrel,
 * no forbidden destinations). Falls back to s_nop. */
static int emit_random_in(gctx *g, chunk *ch, unsigned mask, bool dead) {
  for (int tries = 0; tries < 8; tries++) {
    int grp = pick_group(g, mask);
    if (grp < 0) break;
    int op = pick_op(g, grp);
    if (op < 0) continue;
    gcn_inst in;
    force_t f = force0();
    if (!build(g, (enum gcn_op)op, &f, &in) || writes_forbidden(g, &in)) continue;
    return put(g, ch, &in, dead);
  }
  force_t f = force0();
  gcn_inst in;
  if (!build(g, GCN_OP_S_NOP, &f, &in)) return -1;
  return put(g, ch, &in, dead);
}

/* A random VALU instruction (or, when the profile has none, a plain SALU one). */
static int emit_body(gctx *g, chunk *ch) {
  unsigned mask = any_valu(g) ? VALU_MASK : SALU_PLAIN_MASK;
  if (g->p->group[GCN_GRP_VALU_LANE] && g->n_gop[GCN_GRP_VALU_LANE]) mask |= 1u << GCN_GRP_VALU_LANE;
  if (!any_valu(g)) mask |= 1u << GCN_GRP_NOP | 1u << GCN_GRP_SALU_PC;
  return emit_random_in(g, ch, mask, false);
}

static unsigned chunk_bytes(const chunk *ch, unsigned from, unsigned to) {
  unsigned n = 0;
  for (unsigned i = from; i < to; i++) n += inst_size(&ch->in[i]);
  return n;
}

/* s_mov_b32 DST, VALUE (inline or literal). */
static int emit_mov32(gctx *g, chunk *ch, unsigned dst, uint32_t value) {
  force_t f = force0();
  f.sdst = (int)dst;
  unsigned c = inline_equiv(g->gen, GCN_T_B32, value);
  if (c) {
    f.src[0] = (int)c;
  } else {
    f.src[0] = GCN_CODE_LITERAL;
    f.lit = value;
  }
  return emit(g, ch, GCN_OP_S_MOV_B32, &f);
}

/* s_getpc_b64 T; s_add_u32 T.lo, T.lo, K; [s_addc_u32 T.hi, T.hi, 0]: T = the address of
 * the s_add_u32 + K (the s_add_u32 is 8 bytes when K > 64 needs a literal). */
static int emit_target(gctx *g, chunk *ch, unsigned t, unsigned k, bool addc) {
  force_t f = force0();
  f.sdst = (int)t;
  if (emit(g, ch, GCN_OP_S_GETPC_B64, &f)) return -1;
  f = force0();
  f.sdst = f.src[0] = (int)t;
  if (k <= 64) {
    f.src[1] = (int)(GCN_CODE_ZERO + k);
  } else {
    f.src[1] = GCN_CODE_LITERAL;
    f.lit = k;
  }
  if (emit(g, ch, GCN_OP_S_ADD_U32, &f)) return -1;
  if (addc) {
    f = force0();
    f.sdst = f.src[0] = (int)t + 1;
    f.src[1] = GCN_CODE_ZERO;
    if (emit(g, ch, GCN_OP_S_ADDC_U32, &f)) return -1;
  }
  return 0;
}

/* ------------------------------------------------------------------ streams */

static int stream_carry(gctx *g, chunk *ch) {
  bool vec = group_on(g, GCN_GRP_VALU_CARRY) && pct(&g->rng, 60);
  unsigned k = 2 + below(&g->rng, 2);
  unsigned kind = below(&g->rng, 3);
  if (!vec) {
    enum gcn_op first = kind == 1 ? GCN_OP_S_SUB_U32 : GCN_OP_S_ADD_U32;
    enum gcn_op next = kind == 1 ? GCN_OP_S_SUBB_U32 : GCN_OP_S_ADDC_U32;
    unsigned d = pick_sgpr(g, 64, true), a = pick_sgpr(g, 64, false);
    if (d + k > g->nsg) d = 0;
    if (a + k > g->nsg) a = 0;
    if (pct(&g->rng, 50) && emit_mov32(g, ch, a, pct(&g->rng, 70) ? 0xFFFFFFFFu : value_for(g, GCN_T_U32))) return -1;
    for (unsigned i = 0; i < k; i++) {
      force_t f = force0();
      f.sdst = (int)(d + i);
      f.src[0] = (int)(a + i);
      if (emit(g, ch, i ? next : first, &f)) return -1;
    }
    if (pct(&g->rng, 30)) { /* the final carry read back */
      force_t f = force0();
      f.src[0] = GCN_CODE_SCC;
      if (emit(g, ch, pct(&g->rng, 50) ? GCN_OP_S_CSELECT_B32 : GCN_OP_S_ADDC_U32, &f)) return -1;
    }
    return 0;
  }
  static const enum gcn_op firsts[3] = {GCN_OP_V_ADD_CO_U32, GCN_OP_V_SUB_CO_U32, GCN_OP_V_SUBREV_CO_U32};
  static const enum gcn_op nexts[3] = {GCN_OP_V_ADDC_CO_U32, GCN_OP_V_SUBB_CO_U32, GCN_OP_V_SUBBREV_CO_U32};
  bool e64 = pct(&g->rng, g->p->vop3 > 0 ? 50 : 0);
  unsigned carry = GCN_CODE_VCC_LO;
  for (unsigned i = 0; i < k; i++) {
    force_t f = force0();
    f.enc = e64 ? 64 : 32;
    if (e64) {
      unsigned out = pick_pair_dst(g);
      f.sdst = (int)out;
      if (i) f.src[2] = (int)carry;
      carry = out;
    }
    if (emit(g, ch, i ? nexts[kind] : firsts[kind], &f)) return -1;
  }
  if (pct(&g->rng, 40)) { /* SALU reads the carry mask (a VALU -> SALU interlock) */
    static const enum gcn_op ops[] = {GCN_OP_S_AND_B64, GCN_OP_S_OR_B64, GCN_OP_S_XOR_B64, GCN_OP_S_MOV_B64,
                                      GCN_OP_S_BCNT1_I32_B64, GCN_OP_S_FF1_I32_B64};
    force_t f = force0();
    f.src[0] = (int)carry;
    if (emit(g, ch, ops[below(&g->rng, 6)], &f)) return -1;
  }
  return 0;
}

static uint64_t exec_pattern(gctx *g, int pat) {
  static const uint64_t alt[] = {0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull, 0x00FF00FF00FF00FFull,
                                 0x0F0F0F0F0F0F0F0Full, 0x3333333333333333ull, 0xFF00FF00FF00FF00ull};
  static const uint64_t half[] = {0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull, 0x000000000000FFFFull,
                                  0xFFFF000000000000ull, 0x0000FFFF0000FFFFull, 0x00000000FFFF0000ull};
  switch (pat) {
    case GCN_EXEC_ALL: return ~0ull;
    case GCN_EXEC_OFF: return 0;
    case GCN_EXEC_ONE: return 1ull << below(&g->rng, 64);
    case GCN_EXEC_ALTERNATING: return alt[below(&g->rng, 6)];
    case GCN_EXEC_HALF: return half[below(&g->rng, 6)];
    default: return rng_next(&g->rng);
  }
}

/* Sets the pair CODE to a 64-bit value with s_mov_b32 x2 (or one s_mov_b64 of an inline). */
static int emit_set64(gctx *g, chunk *ch, unsigned code, uint64_t v) {
  if (v == 0 || v == ~0ull) {
    force_t f = force0();
    f.sdst = (int)code;
    f.src[0] = v ? GCN_CODE_INT_NEG_MIN : GCN_CODE_ZERO;
    return emit(g, ch, GCN_OP_S_MOV_B64, &f);
  }
  if (emit_mov32(g, ch, code, (uint32_t)v)) return -1;
  return emit_mov32(g, ch, code + 1, (uint32_t)(v >> 32));
}

static int stream_saveexec(gctx *g, chunk *ch) {
  int pat = weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
  if (pct(&g->rng, 25) || !group_on(g, GCN_GRP_SALU_EXEC)) {
    /* An EXEC pattern, then a few vector instructions under it. */
    if (emit_set64(g, ch, GCN_CODE_EXEC_LO, exec_pattern(g, pat))) return -1;
    unsigned n = 1 + below(&g->rng, 3);
    for (unsigned i = 0; i < n; i++)
      if (emit_body(g, ch)) return -1;
    return 0;
  }
  unsigned a = pick_sgpr(g, 64, true);
  unsigned mask;
  switch (below(&g->rng, 3)) {
    case 0: /* a lane-varying mask from a carry-out in VCC */
      if (group_on(g, GCN_GRP_VALU_CARRY)) {
        force_t f = force0();
        f.enc = 32;
        if (emit(g, ch, GCN_OP_V_ADD_CO_U32, &f)) return -1;
      }
      mask = GCN_CODE_VCC_LO;
      break;
    case 1: /* an SGPR pair set to a pattern */
      mask = pick_sgpr(g, 64, true);
      if (mask == a) mask = (a + 2) % (g->nsg & ~1u);
      if (emit_set64(g, ch, mask, exec_pattern(g, pat))) return -1;
      break;
    default: mask = pick_sgpr(g, 64, false); break;
  }
  int op = pick_op(g, GCN_GRP_SALU_EXEC);
  if (op < 0) return -1;
  force_t f = force0();
  f.sdst = (int)a;
  f.src[0] = (int)mask;
  if (emit(g, ch, (enum gcn_op)op, &f)) return -1;
  g->forbid[a] = g->forbid[a + 1] = 1;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 1;
  unsigned saved = g->restrict_flags;
  g->restrict_flags |= R_NO_EXEC | R_NO_MOVREL;
  unsigned n = 1 + below(&g->rng, 4);
  int rc = 0;
  for (unsigned i = 0; i < n && !rc; i++) rc = emit_body(g, ch);
  g->restrict_flags = saved;
  g->forbid[a] = g->forbid[a + 1] = 0;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 0;
  if (rc) return -1;
  unsigned k = below(&g->rng, 10);
  if (k < 5) { /* restore */
    f = force0();
    f.sdst = GCN_CODE_EXEC_LO;
    f.src[0] = (int)a;
    return emit(g, ch, GCN_OP_S_MOV_B64, &f);
  }
  if (k < 8) {
    f = force0();
    f.sdst = f.src[0] = GCN_CODE_EXEC_LO;
    f.src[1] = (int)a;
    return emit(g, ch, GCN_OP_S_OR_B64, &f);
  }
  return 0;
}

/* s_movrels/s_movreld with M0 = M known: bases chosen so that the index is in range. */
static int emit_movrel(gctx *g, chunk *ch, uint32_t m) {
  unsigned n = g->nsg;
  enum gcn_op ops[4] = {GCN_OP_S_MOVRELS_B32, GCN_OP_S_MOVRELD_B32, GCN_OP_S_MOVRELS_B64, GCN_OP_S_MOVRELD_B64};
  unsigned nops = (m % 2 == 0 && m + 2 <= n) ? 4 : 2;
  if (m >= n) return -1;
  enum gcn_op op = ops[below(&g->rng, nops)];
  bool wide = op == GCN_OP_S_MOVRELS_B64 || op == GCN_OP_S_MOVRELD_B64;
  unsigned room = n - m - (wide ? 2 : 1); /* base in [0, room] */
  unsigned base = below(&g->rng, room + 1);
  if (wide) base &= ~1u;
  force_t f = force0();
  if (op == GCN_OP_S_MOVRELS_B32 || op == GCN_OP_S_MOVRELS_B64)
    f.src[0] = (int)base;
  else
    f.sdst = (int)base;
  return emit(g, ch, op, &f);
}

static int stream_movrel(gctx *g, chunk *ch) {
  unsigned n = g->nsg;
  uint32_t m = pct(&g->rng, 60) ? below(&g->rng, 16) : below(&g->rng, n);
  if (emit_mov32(g, ch, GCN_CODE_M0, m)) return -1;
  if (has_op(g, GCN_OP_S_SET_GPR_IDX_IDX) && pct(&g->rng, 25)) {
    /* M0[7:0] = S0[7:0]; M0 < 256 here, so M0 becomes the new index */
    uint32_t m2 = below(&g->rng, n);
    force_t f = force0();
    unsigned c = inline_equiv(g->gen, GCN_T_B32, m2);
    f.src[0] = c ? (int)c : GCN_CODE_LITERAL;
    if (!c) f.lit = m2;
    if (emit(g, ch, GCN_OP_S_SET_GPR_IDX_IDX, &f)) return -1;
    m = m2;
  }
  unsigned k = 1 + below(&g->rng, 3);
  for (unsigned i = 0; i < k; i++)
    if (emit_movrel(g, ch, m)) return -1;
  return 0;
}

/* A random VALU op (not a lane op) from the enabled groups; -1 if none. */
static int pick_valu_op(gctx *g) {
  int grp = pick_group(g, VALU_MASK);
  return grp < 0 ? -1 : pick_op(g, grp);
}

static int stream_hazard(gctx *g, chunk *ch) {
  bool valu = any_valu(g);
  unsigned variant = below(&g->rng, 9);
  force_t f = force0();
  gcn_inst *prev;
  if (!valu && variant != 5) variant = 5;
  switch (variant) {
    case 0: /* VALU -> VALU read after write (per pass), with an optional s_nop between */
    case 1: {
      int a = pick_valu_op(g), b = pick_valu_op(g);
      if (a < 0 || b < 0 || emit(g, ch, (enum gcn_op)a, &f)) return -1;
      prev = &ch->in[ch->n - 1];
      unsigned v = prev->vdst;
      if (variant == 1) {
        force_t fn = force0();
        if (emit(g, ch, GCN_OP_S_NOP, &fn)) return -1;
      }
      f = force0();
      f.src[pct(&g->rng, 50) ? 0 : 1] = (int)(GCN_CODE_VGPR0 + v);
      return emit(g, ch, (enum gcn_op)b, &f);
    }
    case 2: { /* VALU carry -> SALU read of the mask */
      if (!group_on(g, GCN_GRP_VALU_CARRY)) return -1;
      int a = pick_op(g, GCN_GRP_VALU_CARRY);
      if (a < 0 || emit(g, ch, (enum gcn_op)a, &f)) return -1;
      prev = &ch->in[ch->n - 1];
      unsigned mask = gcn_inst_is_vop3(prev) ? prev->sdst : GCN_CODE_VCC_LO;
      static const enum gcn_op ops[] = {GCN_OP_S_AND_B64, GCN_OP_S_CSELECT_B64, GCN_OP_S_MOV_B64,
                                        GCN_OP_S_BCNT1_I32_B64, GCN_OP_S_NOT_B64};
      f = force0();
      f.src[0] = (int)mask;
      return emit(g, ch, ops[below(&g->rng, 5)], &f);
    }
    case 3: { /* SALU writes EXEC -> VALU */
      int pat = weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
      if (pct(&g->rng, 50)) {
        if (emit_set64(g, ch, GCN_CODE_EXEC_LO, exec_pattern(g, pat))) return -1;
      } else {
        f.sdst = f.src[0] = GCN_CODE_EXEC_LO;
        if (emit(g, ch, pct(&g->rng, 50) ? GCN_OP_S_AND_B64 : GCN_OP_S_OR_B64, &f)) return -1;
      }
      return emit_body(g, ch);
    }
    case 4: { /* SALU writes an SGPR -> VALU reads it as a scalar operand */
      int grp = pick_group(g, SALU_PLAIN_MASK);
      enum gcn_op a = grp < 0 ? GCN_OP_S_MOV_B32 : (enum gcn_op)pick_op(g, grp);
      if (gcn_operand_width(&gcn_isa[a], GCN_ROLE_D) != 32 || (gcn_isa[a].flags & GCN_F_NODST)) a = GCN_OP_S_ADD_U32;
      f.sdst = (int)pick_sgpr(g, 32, true);
      if (pct(&g->rng, 25)) { /* M0 or another named register (version 3) */
        unsigned c = pct(&g->rng, 50) || !g->n_dst32 ? (unsigned)GCN_CODE_M0 : g->dst32[below(&g->rng, g->n_dst32)];
        if (c != GCN_CODE_EXEC_LO && c != GCN_CODE_EXEC_HI && !forbidden(g, c, 32)) f.sdst = (int)c;
      }
      if (emit(g, ch, a, &f)) return -1;
      int b = pick_valu_op(g);
      if (b < 0) return -1;
      f = force0();
      f.src[0] = (int)ch->in[ch->n - 1].sdst;
      return emit(g, ch, (enum gcn_op)b, &f);
    }
    case 5: { /* SCC producer -> consumer */
      static const enum gcn_op prod[] = {GCN_OP_S_ADD_U32, GCN_OP_S_SUB_I32, GCN_OP_S_AND_B32, GCN_OP_S_MAX_U32,
                                         GCN_OP_S_BFE_U32, GCN_OP_S_LSHL_B64};
      static const enum gcn_op cons[] = {GCN_OP_S_CSELECT_B32, GCN_OP_S_CSELECT_B64, GCN_OP_S_ADDC_U32,
                                         GCN_OP_S_SUBB_U32, GCN_OP_S_CMOV_B32, GCN_OP_S_CMOV_B64};
      if (emit(g, ch, prod[below(&g->rng, 6)], &f)) return -1;
      f = force0();
      if (pct(&g->rng, 30)) f.src[0] = GCN_CODE_SCC;
      return emit(g, ch, cons[below(&g->rng, 6)], &f);
    }
    case 6: { /* SALU writes VCC -> VALU reads it as carry-in / select */
      static const enum gcn_op cons[] = {GCN_OP_V_CNDMASK_B32, GCN_OP_V_ADDC_CO_U32, GCN_OP_V_SUBB_CO_U32};
      int pat = weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
      if (emit_set64(g, ch, GCN_CODE_VCC_LO, exec_pattern(g, pat))) return -1;
      f.enc = 32;
      return emit(g, ch, cons[below(&g->rng, 3)], &f);
    }
    case 7: { /* write after write: two VALU writes of one VGPR, or readlane -> SALU */
      if (group_on(g, GCN_GRP_VALU_LANE) && pct(&g->rng, 50)) {
        f.sdst = (int)(pct(&g->rng, 30) ? GCN_CODE_M0 : pick_sgpr(g, 32, true)); /* M0: version 3 */
        if (emit(g, ch, GCN_OP_V_READLANE_B32, &f)) return -1;
        unsigned s = ch->in[ch->n - 1].vdst;
        if (pct(&g->rng, 40)) { /* readlane -> writelane directly (VALU -> VALU through a scalar) */
          f = force0();
          f.src[1] = (int)s;
          return emit(g, ch, GCN_OP_V_WRITELANE_B32, &f);
        }
        f = force0();
        f.src[0] = (int)s;
        if (emit(g, ch, GCN_OP_S_ADD_U32, &f)) return -1;
        f = force0(); /* SALU -> writelane lane select */
        f.src[1] = (int)s;
        return emit(g, ch, GCN_OP_V_WRITELANE_B32, &f);
      }
      int a = pick_valu_op(g), b = pick_valu_op(g);
      if (a < 0 || b < 0 || emit(g, ch, (enum gcn_op)a, &f)) return -1;
      f = force0();
      f.vdst = ch->in[ch->n - 1].vdst;
      return emit(g, ch, (enum gcn_op)b, &f);
    }
    default: { /* a float chain: each result feeds the next */
      int grp = group_on(g, GCN_GRP_VALU_F32) ? GCN_GRP_VALU_F32 : group_on(g, GCN_GRP_VALU_F16) ? GCN_GRP_VALU_F16 : -1;
      if (grp < 0) return -1;
      unsigned k = 2 + below(&g->rng, 3);
      for (unsigned i = 0; i < k; i++) {
        int op = pick_op(g, grp);
        f = force0();
        if (i) f.src[below(&g->rng, 2)] = (int)(GCN_CODE_VGPR0 + ch->in[ch->n - 1].vdst);
        if (op < 0 || emit(g, ch, (enum gcn_op)op, &f)) return -1;
      }
      return 0;
    }
  }
}

/* Random instructions for skipped regions (never executed) and control-flow bodies. */
static unsigned body_mask(const gctx *g) {
  unsigned m = 0;
  for (unsigned k = 0; k < GCN_GRP_COUNT; k++)
    if (k != GCN_GRP_SALU_EXEC && k != GCN_GRP_SALU_MOVREL) m |= 1u << k;
  (void)g;
  return m;
}

static int stream_branch(gctx *g, chunk *ch) {
  unsigned t = pct(&g->rng, 20) ? pick_special_pair(g) : pick_sgpr(g, 64, true);
  bool addc = pct(&g->rng, 85);
  bool swap = pct(&g->rng, 40);
  bool konst = swap && pct(&g->rng, 25); /* s_swappc_b64 D, <absolute target constant> */
  unsigned nfill = below(&g->rng, 4);
  /* The filler is built first (into a scratch chunk) to know its size. */
  chunk fill;
  fill.n = 0;
  g->forbid[t] = g->forbid[t + 1] = 1;
  for (unsigned i = 0; i < nfill; i++)
    if (emit_random_in(g, &fill, body_mask(g), true)) break;
  g->forbid[t] = g->forbid[t + 1] = 0;
  unsigned fb = chunk_bytes(&fill, 0, fill.n);
  force_t f = force0();
  if (konst) { /* the program is loaded at 0 and this chunk at g->size */
    uint64_t target = g->size + 4 + fb;
    if (target <= 64 && pct(&g->rng, 70)) {
      f.src[0] = (int)(GCN_CODE_ZERO + target);
    } else {
      target += 4;
      f.src[0] = GCN_CODE_LITERAL;
      f.lit = (int64_t)target;
    }
    f.sdst = (int)pick_sgpr(g, 64, true);
    if (emit(g, ch, GCN_OP_S_SWAPPC_B64, &f)) return -1;
    goto filler;
  }
  /* T = address of the s_add_u32 + K = the target, just after the filler. */
  unsigned k = 4 + (addc ? 4 : 0) + 4 + fb;
  if (k > 64) k += 4;
  if (emit_target(g, ch, t, k, addc)) return -1;
  f.src[0] = (int)t;
  if (swap) {
    f.sdst = (int)pick_sgpr(g, 64, true);
    if (emit(g, ch, GCN_OP_S_SWAPPC_B64, &f)) return -1;
  } else if (emit(g, ch, GCN_OP_S_SETPC_B64, &f)) {
    return -1;
  }
filler:
  for (unsigned i = 0; i < fill.n; i++) {
    if (ch->n == MAX_CHUNK) return -1;
    ch->in[ch->n] = fill.in[i];
    ch->dead[ch->n++] = true;
  }
  return 0;
}

static int stream_fork(gctx *g, chunk *ch) {
  unsigned csp = (g->w.st.mode & GCN_MODE_CSP_MASK) >> GCN_MODE_CSP_SHIFT;
  unsigned slot = csp * 4;
  for (unsigned i = 0; i < 4; i++) g->forbid[slot + i] = 1;
  unsigned c = pct(&g->rng, 20) && !g->forbid[GCN_CODE_M0] ? (unsigned)GCN_CODE_M0 : pick_sgpr(g, 32, true);
  if (emit_mov32(g, ch, c, csp)) {
    memset(g->forbid, 0, sizeof g->forbid);
    return -1;
  }
  g->forbid[c] = 1;
  int mask; /* a pair, or an inline constant (0: nothing passes, -1: everything does) */
  unsigned mk = below(&g->rng, 100);
  if (mk < 15) {
    mask = pct(&g->rng, 50) ? GCN_CODE_ZERO : GCN_CODE_INT_NEG_MIN;
  } else if (mk < 22) { /* a float constant's bits as the mask */
    mask = (int)(GCN_CODE_FLOAT_MIN + below(&g->rng, GCN_CODE_FLOAT_MAX - GCN_CODE_FLOAT_MIN + 1));
  } else if (mk < 27) { /* EXEC itself: everything passes */
    mask = GCN_CODE_EXEC_LO;
  } else {
    mask = (int)(mk < 40 ? pick_special_pair(g) : pick_sgpr(g, 64, true));
    g->forbid[mask] = g->forbid[mask + 1] = 1;
  }
  unsigned t = pct(&g->rng, 20) ? pick_special_pair(g) : pick_sgpr(g, 64, true);
  g->forbid[t] = g->forbid[t + 1] = 1;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 1;
  unsigned saved = g->restrict_flags;
  int rc = -1;
  chunk a, b;
  a.n = b.n = 0;
  if (mask >= 0 && mask < GCN_CODE_ZERO && mask != GCN_CODE_EXEC_LO && pct(&g->rng, 60)) {
    int pat = weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
    g->forbid[mask] = g->forbid[mask + 1] = 0;
    int r2 = emit_set64(g, ch, (unsigned)mask, exec_pattern(g, pat));
    g->forbid[mask] = g->forbid[mask + 1] = 1;
    if (r2) goto out;
  }
  g->restrict_flags |= R_NO_EXEC | R_NO_MOVREL;
  unsigned na = below(&g->rng, 4), nb = below(&g->rng, 4);
  for (unsigned i = 0; i < na; i++)
    if (emit_random_in(g, &a, body_mask(g), false)) goto out;
  for (unsigned i = 0; i < nb; i++)
    if (emit_random_in(g, &b, body_mask(g), false)) goto out;
  g->restrict_flags = saved;
  /* getpc; add; addc; fork; A; join; B (the target); join. Near the start of the program
   * the target may be an inline constant (the program is loaded at 0). */
  uint64_t abs_target = g->size + chunk_bytes(ch, 0, ch->n) + 4 + chunk_bytes(&a, 0, a.n) + 4;
  force_t f = force0();
  if (abs_target <= 64 && pct(&g->rng, 60)) {
    f.src[1] = (int)(GCN_CODE_ZERO + abs_target);
  } else {
    unsigned k = 4 + 4 + 4 + chunk_bytes(&a, 0, a.n) + 4;
    if (k > 64) k += 4;
    g->forbid[t] = g->forbid[t + 1] = 0;
    if (emit_target(g, ch, t, k, true)) goto out;
    g->forbid[t] = g->forbid[t + 1] = 1;
    f.src[1] = (int)t;
  }
  f.src[0] = mask;
  if (emit(g, ch, GCN_OP_S_CBRANCH_G_FORK, &f)) goto out;
  for (int half = 0; half < 2; half++) {
    const chunk *body = half ? &b : &a;
    for (unsigned i = 0; i < body->n; i++) {
      if (ch->n == MAX_CHUNK) goto out;
      ch->in[ch->n] = body->in[i];
      ch->dead[ch->n++] = false;
    }
    f = force0();
    f.src[0] = (int)c;
    if (emit(g, ch, GCN_OP_S_CBRANCH_JOIN, &f)) goto out;
  }
  rc = 0;
out:
  g->restrict_flags = saved;
  memset(g->forbid, 0, sizeof g->forbid);
  return rc;
}

/* One random instruction of GRP as a chunk. */
static int random_item(gctx *g, chunk *ch, int grp) {
  if (grp == GCN_GRP_SALU_MOVREL) {
    int op = pick_op(g, grp);
    if (op < 0) return -1;
    if (op != GCN_OP_S_SET_GPR_IDX_IDX) {
      uint32_t m = g->w.st.m0;
      if (m >= g->nsg) return stream_movrel(g, ch);
      return emit_movrel(g, ch, m);
    }
  }
  return emit_random_in(g, ch, 1u << grp, false);
}

/* ------------------------------------------------------------------ program and simulation */

static int prog_reserve(gctx *g, size_t extra_bytes) {
  if (g->n_prog + MAX_CHUNK + 4 > g->cap_prog) {
    size_t cap = g->cap_prog ? 2 * g->cap_prog : 256;
    pinst *p = realloc(g->prog, cap * sizeof *p);
    if (!p) return -1;
    g->prog = p;
    g->cap_prog = cap;
  }
  if (g->size + extra_bytes > g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 1024;
    while (cap < g->size + extra_bytes) cap *= 2;
    uint8_t *b = realloc(g->img, cap);
    if (!b) return -1;
    g->img = b;
    uint8_t *r = realloc(g->reached, cap / 4);
    if (!r) return -1;
    memset(r + g->cap / 4, 0, (cap - g->cap) / 4);
    g->reached = r;
    g->cap = cap;
  }
  return 0;
}

static void prog_append(gctx *g, const gcn_inst *in, bool dead) {
  pinst *p = &g->prog[g->n_prog++];
  memset(p, 0, sizeof *p);
  p->in = *in;
  p->dead = dead;
  uint32_t w[2];
  unsigned n = gcn_encode(in, w) == 2 ? 2 : 1;
  p->size = (uint8_t)(4 * n);
  for (unsigned i = 0; i < 4 * n; i++) p->bytes[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  memcpy(g->img + g->size, p->bytes, p->size);
  g->reached[g->size / 4] = 0;
  g->size += p->size;
}

/* Runs the model from the current PC until it reaches END (the end of the image). */
static int simulate(gctx *g, uint64_t end) {
  unsigned steps = 0;
  while (g->w.st.pc != end) {
    uint64_t pc = g->w.st.pc;
    if (pc >= g->size || pc % 4) return -1;
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(g->gen, g->img + pc, g->size - pc, &in, &e)) return -1;
    if (gcn_execute(&g->w, &in, NULL, &e) != GCN_STEP_OK) return -1;
    g->reached[pc / 4] = 1;
    if (++steps > 100000) return -1;
  }
  return 0;
}

typedef int (*item_fn)(gctx *g, chunk *ch, int arg);

static int item_stream(gctx *g, chunk *ch, int s) {
  switch (s) {
    case GCN_STREAM_CARRY: return stream_carry(g, ch);
    case GCN_STREAM_SAVEEXEC: return stream_saveexec(g, ch);
    case GCN_STREAM_MOVREL: return stream_movrel(g, ch);
    case GCN_STREAM_HAZARD: return stream_hazard(g, ch);
    case GCN_STREAM_BRANCH: return stream_branch(g, ch);
    default: return stream_fork(g, ch);
  }
}

static int item_group(gctx *g, chunk *ch, int grp) { return random_item(g, ch, grp); }

static int item_nop(gctx *g, chunk *ch, int unused) {
  (void)unused;
  force_t f = force0();
  gcn_inst in;
  if (!build(g, GCN_OP_S_NOP, &f, &in)) return -1;
  return put(g, ch, &in, false);
}

/* Builds a chunk with FN, appends it and simulates it; undoes everything on failure. */
static int try_chunk(gctx *g, item_fn fn, int arg, gcn_state *save) {
  recent_t rec = g->rec;
  size_t n_prog = g->n_prog, size = g->size;
  memcpy(save, &g->w.st, sizeof *save);
  chunk ch;
  ch.n = 0;
  memset(g->forbid, 0, sizeof g->forbid);
  g->restrict_flags = 0;
  int rc = fn(g, &ch, arg);
  if (!rc && ch.n) {
    unsigned bytes = chunk_bytes(&ch, 0, ch.n);
    if (prog_reserve(g, bytes + 16)) return -2;
    for (unsigned i = 0; i < ch.n; i++) prog_append(g, &ch.in[i], ch.dead[i]);
    rc = simulate(g, g->size);
  } else if (!rc) {
    rc = -1;
  }
  if (rc) {
    g->rec = rec;
    g->n_prog = n_prog;
    g->size = size;
    memset(g->reached + size / 4, 0, (g->cap - size) / 4);
    memcpy(&g->w.st, save, sizeof *save);
  }
  return rc;
}

/* ------------------------------------------------------------------ illegal encodings */

/* A 4-byte word that does not decode on GEN (several kinds, docs/vectors.md). */
static uint32_t illegal_word(gctx *g) {
  gcn_gen gen = g->gen;
  unsigned s0 = below(&g->rng, g->nsg), s1 = below(&g->rng, g->nsg), sd = below(&g->rng, g->nsg);
  for (;;) {
    switch (below(&g->rng, 8)) {
      case 0: { /* SOP2 opcode that this generation lacks */
        unsigned op = below(&g->rng, 0x60);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_SOP2, op)) continue;
        return 2u << 30 | op << 23 | sd << 16 | s1 << 8 | s0;
      }
      case 1: { /* SOP1 opcode that this generation lacks */
        unsigned op = below(&g->rng, 256);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_SOP1, op)) continue;
        return 0x17Du << 23 | sd << 16 | op << 8 | s0;
      }
      case 2: { /* VOP2 opcode that this generation lacks */
        unsigned op = below(&g->rng, 0x3E);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op)) continue;
        return op << 25 | below(&g->rng, 256) << 17 | below(&g->rng, 256) << 9 | (GCN_CODE_VGPR0 + below(&g->rng, 256));
      }
      case 3: { /* a reserved or out-of-scope source operand code in s_add_u32 */
        static const unsigned bad[] = {209, 215, 222, 230, 234, 125, 249, 250, 254};
        unsigned c = bad[below(&g->rng, sizeof bad / sizeof bad[0])];
        if (gen == GCN10 && pct(&g->rng, 30)) c = 104;
        if (gen <= GCN11 && pct(&g->rng, 20)) c = GCN_CODE_INV_2PI;
        if (gen != GCN14 && pct(&g->rng, 20)) c = GCN_CODE_SHARED_BASE + below(&g->rng, 5);
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_ADD_U32].opcode[gen];
        return 2u << 30 | op << 23 | sd << 16 | s1 << 8 | c;
      }
      case 4: { /* an odd register pair in a 64-bit operand (s_and_b64) */
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_AND_B64].opcode[gen];
        return 2u << 30 | op << 23 | (sd & ~1u) << 16 | (s1 & ~1u) << 8 | (s0 | 1u);
      }
      case 5: { /* s_setpc_b64 with a destination field set */
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_SETPC_B64].opcode[gen];
        return 0x17Du << 23 | (1 + below(&g->rng, 100)) << 16 | op << 8 | (s0 & ~1u);
      }
      case 6: { /* a SOPP opcode outside gcnref's scope (s_branch, s_cbranch_*, s_waitcnt...) */
        unsigned op = 2 + below(&g->rng, 20);
        return 0x17Fu << 23 | op << 16 | below(&g->rng, 0x10000);
      }
      default: { /* out-of-scope encodings: SOPK, SOPC, VOP1, VOPC */
        switch (below(&g->rng, 4)) {
          case 0: return 0xBu << 28 | below(&g->rng, 0x1000000);
          case 1: return 0x17Eu << 23 | below(&g->rng, 0x800000);
          case 2: return 0x3Fu << 25 | below(&g->rng, 0x2000000);
          default: return 0x3Eu << 25 | below(&g->rng, 0x2000000);
        }
      }
    }
  }
}

/* A VOP2 word (4 bytes) that breaks an operand rule: the constant bus with the implicit VCC,
 * a reserved source code, v_readlane from a scalar (gcn10/11). */
static uint32_t illegal_vop2_word(gctx *g) {
  gcn_gen gen = g->gen;
  unsigned vdst = below(&g->rng, 256), vsrc1 = below(&g->rng, 256), sgpr = below(&g->rng, g->nsg);
  switch (below(&g->rng, 3)) {
    case 0: { /* v_cndmask_b32_e32 / v_addc_co_u32_e32 with an SGPR src0: two scalar values */
      enum gcn_op op = pct(&g->rng, 50) ? GCN_OP_V_CNDMASK_B32 : GCN_OP_V_ADDC_CO_U32;
      return (unsigned)gcn_isa[op].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | sgpr;
    }
    case 1: { /* a reserved source code in v_and_b32_e32 */
      static const unsigned bad[] = {209, 220, 234, 125, 249, 250, 254};
      unsigned c = bad[below(&g->rng, sizeof bad / sizeof bad[0])];
      return (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | c;
    }
    default:
      if (has_op(g, GCN_OP_V_READLANE_B32)) /* v_readlane_b32 reads a VGPR, not an SGPR */
        return (unsigned)gcn_isa[GCN_OP_V_READLANE_B32].opcode[gen] << 25 | sgpr << 17 | below(&g->rng, 65) << 9 | sgpr;
      return (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | 230;
  }
}

/* Two words of a VOP3 encoding that breaks a rule: the constant bus, a literal, abs/neg on
 * an integer operand, OMOD or CLAMP where not allowed, gcn14 op_sel, the VOP3 form of
 * v_madmk (none exists), an opcode the generation lacks, a VGPR as carry-in, an odd
 * carry-out pair. Starts from a legal VOP3 instruction and changes one field. */
static bool illegal_vop3_words(gctx *g, uint32_t w[2]) {
  gcn_gen gen = g->gen;
  bool si = gen <= GCN11;
  unsigned kind = below(&g->rng, 10);
  enum gcn_op op = kind <= 1 || kind == 5 ? GCN_OP_V_ADD_F32 : kind == 8 ? GCN_OP_V_CNDMASK_B32
                   : kind == 9 ? GCN_OP_V_ADD_CO_U32 : GCN_OP_V_AND_B32;
  force_t f = force0();
  f.enc = 64;
  f.no_mods = true;
  gcn_inst in;
  if (!build(g, op, &f, &in)) return false;
  gcn_encode(&in, w);
  unsigned s1 = below(&g->rng, g->nsg), s2 = (s1 + 1 + below(&g->rng, 8)) % g->nsg;
  switch (kind) {
    case 0: /* two different SGPRs */
      w[1] = (w[1] & ~0x3FFFFu) | s1 | s2 << 9;
      break;
    case 1: /* a literal in a VOP3 */
      w[1] = (w[1] & ~0x1FFu) | GCN_CODE_LITERAL;
      break;
    case 2: /* neg on an integer operand */
      w[1] |= 1u << 29;
      break;
    case 3: /* OMOD on an integer instruction */
      w[1] |= (1u + below(&g->rng, 3)) << 27;
      break;
    case 4: /* CLAMP on v_and_b32 (no clamp), or abs on an integer operand */
      w[0] |= pct(&g->rng, 50) ? (si ? 1u << 11 : 1u << 15) : 1u << 8;
      break;
    case 5: /* op_sel (gcn14), else abs on an unused source slot */
      w[0] |= gen == GCN14 ? (1u + below(&g->rng, 15)) << 11 : 1u << 10;
      break;
    case 6: { /* the VOP3 form of v_madmk_f32 */
      unsigned op3 = GCN_VOP3_FROM_VOP2((unsigned)gcn_isa[GCN_OP_V_MADMK_F32].opcode[gen]);
      w[0] = (w[0] & (si ? ~(0x1FFu << 17) : ~(0x3FFu << 16))) | (si ? op3 << 17 : op3 << 16);
      break;
    }
    case 7: { /* a VOP3 opcode of a VOP2 instruction the generation lacks */
      unsigned op2 = below(&g->rng, 0x40);
      if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op2)) return false;
      unsigned op3 = GCN_VOP3_FROM_VOP2(op2);
      w[0] = (w[0] & (si ? ~(0x1FFu << 17) : ~(0x3FFu << 16))) | (si ? op3 << 17 : op3 << 16);
      break;
    }
    case 8: /* a VGPR as the select mask of v_cndmask_b32_e64 */
      w[1] = (w[1] & ~(0x1FFu << 18)) | (GCN_CODE_VGPR0 + below(&g->rng, 256)) << 18;
      break;
    default: /* an odd SGPR as the carry-out pair */
      w[0] = (w[0] & ~(0x7Fu << 8)) | (s1 | 1u) << 8;
      break;
  }
  return true;
}

/* Replaces the instruction at index I with a deliberately illegal encoding of the same size
 * that fails to decode where it is (with the bytes that follow it). */
static bool inject_illegal(gctx *g, size_t i) {
  pinst *p = &g->prog[i];
  size_t off = 0;
  for (size_t k = 0; k < i; k++) off += g->prog[k].size;
  uint8_t save[8];
  memcpy(save, g->img + off, p->size);
  for (int tries = 0; tries < 64; tries++) {
    uint32_t w[2] = {0, (uint32_t)rng_next(&g->rng)};
    if (p->size == 8 && pct(&g->rng, 60)) {
      if (!illegal_vop3_words(g, w)) continue;
    } else {
      w[0] = pct(&g->rng, 25) ? illegal_vop2_word(g) : illegal_word(g);
    }
    for (unsigned b = 0; b < p->size; b++) g->img[off + b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(g->gen, g->img + off, g->size - off, &in, &e) != 0) {
      p->raw = p->illegal = true;
      memcpy(p->bytes, g->img + off, p->size);
      return true;
    }
    memcpy(g->img + off, save, p->size);
  }
  return false;
}

/* Replaces the instruction at index I with s_rfe_b64 (or s_rfe_restore_b64), plus an
 * s_nop 0 when the slot is 8 bytes. */
static bool inject_rfe(gctx *g, size_t i) {
  enum gcn_op op = has_op(g, GCN_OP_S_RFE_RESTORE_B64) && pct(&g->rng, 30) ? GCN_OP_S_RFE_RESTORE_B64 : GCN_OP_S_RFE_B64;
  force_t f = force0();
  f.src[0] = (int)pick_sgpr(g, 64, false);
  if (op == GCN_OP_S_RFE_RESTORE_B64) f.src[1] = (int)pick_sgpr(g, 32, false);
  gcn_inst in;
  if (!build(g, op, &f, &in) || in.size != 4) return false;
  pinst *p = &g->prog[i];
  unsigned old = p->size;
  p->in = in;
  p->raw = false;
  if (old == 8) {
    gcn_inst nop;
    memset(&nop, 0, sizeof nop);
    nop.desc = &gcn_isa[GCN_OP_S_NOP];
    nop.gen = g->gen;
    nop.enc = GCN_ENC_SOPP;
    nop.size = 4;
    memmove(&g->prog[i + 2], &g->prog[i + 1], (g->n_prog - i - 1) * sizeof *g->prog);
    g->n_prog++;
    memset(&g->prog[i + 1], 0, sizeof *g->prog);
    g->prog[i + 1].in = nop;
    g->prog[i + 1].dead = true;
  }
  return true;
}

/* ------------------------------------------------------------------ setup */

static void add_n(unsigned *list, unsigned *n, unsigned cap, unsigned code, unsigned times) {
  for (unsigned i = 0; i < times && *n < cap; i++) list[(*n)++] = code;
}

static void setup_lists(gctx *g) {
  gcn_gen gen = g->gen;
  g->n_src32 = g->n_src64 = g->n_dst32 = g->n_dst64 = 0;
  for (unsigned c = 102; c < 256; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_SPECIAL && k != GCN_OPND_READONLY) continue;
    bool vcc = c == GCN_CODE_VCC_LO || c == GCN_CODE_VCC_HI, exec = c == GCN_CODE_EXEC_LO || c == GCN_CODE_EXEC_HI;
    unsigned times = vcc ? 6 : exec ? 4 : c == GCN_CODE_M0 ? 4 : k == GCN_OPND_READONLY ? 2 : 1;
    if (gcn_operand_legal_src(gen, c, 32)) add_n(g->src32, &g->n_src32, 64, c, times);
    if (gcn_operand_legal_src(gen, c, 64) && (k == GCN_OPND_READONLY || c % 2 == 0))
      add_n(g->src64, &g->n_src64, 48, c, vcc || exec ? 8 : times);
    if (c < 128 && gcn_operand_legal_sdst(gen, c, 32)) add_n(g->dst32, &g->n_dst32, 48, c, times);
    if (c < 128 && gcn_operand_legal_sdst(gen, c, 64) && c % 2 == 0)
      add_n(g->dst64, &g->n_dst64, 32, c, vcc || exec ? 8 : 1);
  }
  for (unsigned grp = 0; grp < GCN_GRP_COUNT; grp++) g->n_gop[grp] = 0;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    int grp = gcn_group_of(d);
    if (grp < 0 || !d->mnemonic[gen]) continue;
    int w = g->p->op[op] < 0 ? 1 : g->p->op[op];
    if (!w) continue;
    unsigned k = g->n_gop[grp]++;
    g->gop[grp][k] = (uint16_t)op;
    g->gw[grp][k] = (unsigned)w;
  }
  for (unsigned grp = 0; grp < GCN_GRP_COUNT; grp++) g->item_w[grp] = g->n_gop[grp] ? g->p->group[grp] : 0;
  for (unsigned s = 0; s < GCN_STREAM_COUNT; s++) g->item_w[GCN_GRP_COUNT + s] = g->p->stream[s];
  const gcn_gen_bias *b = g->bias;
  if (!b || !b->holes) return;
  /* Coverage-directed: instructions with holes x8 within their group, their groups and the
   * streams that emit them x4 (a weight of 0 in the profile stays 0). */
  for (unsigned grp = 0; grp < GCN_GRP_COUNT; grp++) {
    bool any = false;
    for (unsigned k = 0; k < g->n_gop[grp]; k++)
      if (b->op_holes[g->gop[grp][k]]) {
        g->gw[grp][k] *= 8;
        any = true;
      }
    if (any) g->item_w[grp] *= 4;
  }
  unsigned st[GCN_STREAM_COUNT] = {0};
  st[GCN_STREAM_FORK] = b->op_holes[GCN_OP_S_CBRANCH_G_FORK] + b->op_holes[GCN_OP_S_CBRANCH_JOIN];
  st[GCN_STREAM_BRANCH] = b->op_holes[GCN_OP_S_SETPC_B64] + b->op_holes[GCN_OP_S_SWAPPC_B64];
  st[GCN_STREAM_HAZARD] = b->timing_holes;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    int grp = gcn_group_of(&gcn_isa[op]);
    if (grp == GCN_GRP_SALU_MOVREL) st[GCN_STREAM_MOVREL] += b->op_holes[op];
    if (grp == GCN_GRP_SALU_EXEC) st[GCN_STREAM_SAVEEXEC] += b->op_holes[op];
    if (grp == GCN_GRP_VALU_CARRY) st[GCN_STREAM_CARRY] += b->op_holes[op];
  }
  for (unsigned s = 0; s < GCN_STREAM_COUNT; s++)
    if (st[s]) g->item_w[GCN_GRP_COUNT + s] *= 4;
  if (b->timing_holes) g->item_w[GCN_GRP_NOP] *= 4;
}

static uint32_t mode_pattern(gctx *g, int pat) {
  static const uint32_t defaults[] = {0x000, 0x0C0, 0x3C0, 0x3F0};
  uint32_t base = defaults[below(&g->rng, 4)];
  switch (pat) {
    case GCN_MODE_DEFAULT: return base;
    case GCN_MODE_ROUND: return (base & ~0xFu) | below(&g->rng, 16);
    case GCN_MODE_DENORM: return (base & ~0xF0u) | below(&g->rng, 16) << 4;
    case GCN_MODE_RANDOM: return below(&g->rng, 1024);
    default: return below(&g->rng, 1024) | below(&g->rng, 8) << GCN_MODE_CSP_SHIFT;
  }
}

static void setup_state(gctx *g, uint64_t seed) {
  gcn_state *st = &g->init;
  gcn_vec_default_state(st, g->gen, seed);
  int ep = weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
  st->exec = exec_pattern(g, ep < 0 ? GCN_EXEC_ALL : ep);
  int mp = weighted(&g->rng, g->p->mode, GCN_MODE_COUNT);
  st->mode = mode_pattern(g, mp < 0 ? GCN_MODE_DEFAULT : mp);
  if (g->bias) { /* MODE fields and EXEC patterns not seen yet */
    const gcn_gen_bias *b = g->bias;
    for (unsigned w = 0; w < 2; w++) {
      if (b->round_want[w] && pct(&g->rng, 50))
        st->mode = (st->mode & ~(3u << (2 * w))) | (unsigned)pick_bit(&g->rng, b->round_want[w]) << (2 * w);
      if (b->denorm_want[w] && pct(&g->rng, 50))
        st->mode = (st->mode & ~(3u << (4 + 2 * w))) | (unsigned)pick_bit(&g->rng, b->denorm_want[w]) << (4 + 2 * w);
    }
    if (b->exec_want && pct(&g->rng, 50)) {
      int k = pick_bit(&g->rng, b->exec_want);
      st->exec = k == GCN_COV_EXEC_ALL_ON ? ~0ull : k == GCN_COV_EXEC_ALL_OFF ? 0 : exec_pattern(g, GCN_EXEC_HALF);
    }
  }
  unsigned k = below(&g->rng, 10);
  st->m0 = k < 5 ? 0 : k < 8 ? below(&g->rng, 32) : gcn_vec_value(rng_next(&g->rng));
  st->scc = pct(&g->rng, 50);
  if (pct(&g->rng, 10)) st->vcc = exec_pattern(g, weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT));
  /* Rarely, the other special registers. */
  if (g->gen >= GCN11 && pct(&g->rng, 10)) st->flat_scratch = rng_next(&g->rng);
  if (g->gen >= GCN12 && pct(&g->rng, 10)) st->xnack_mask = rng_next(&g->rng);
  if (g->gen <= GCN12 && pct(&g->rng, 10)) st->tba = rng_next(&g->rng);
  if (g->gen <= GCN12 && pct(&g->rng, 10)) st->tma = rng_next(&g->rng);
  if (g->gen == GCN14)
    for (unsigned i = 0; i < 5; i++)
      if (pct(&g->rng, 10)) st->aperture[i] = gcn_vec_value(rng_next(&g->rng));
  st->pc = 0;
  /* Register pools: pairs of SGPRs and a handful of VGPRs that the program works on. */
  for (unsigned i = 0; i < POOL_S; i += 2) {
    unsigned c = 2 * below(&g->rng, g->nsg / 2);
    g->spool[i] = c;
    g->spool[i + 1] = c + 1;
  }
  for (unsigned i = 0; i < POOL_V; i++) g->vpool[i] = below(&g->rng, GCN_NUM_VGPRS);
}

static void free_ctx(gctx *g) {
  free(g->prog);
  free(g->img);
  free(g->reached);
  free(g);
}

int gcn_generate(gcn_gen gen, uint64_t seed, const gcn_profile *profile, bool expect, gcn_vector *v,
                 gcn_error *err) {
  return gcn_generate_biased(gen, seed, profile, NULL, expect, v, err);
}

int gcn_generate_biased(gcn_gen gen, uint64_t seed, const gcn_profile *profile, const gcn_gen_bias *bias,
                        bool expect, gcn_vector *v, gcn_error *err) {
  gctx *g = calloc(1, sizeof *g);
  gcn_state *save = malloc(sizeof *save);
  gcn_wave *run = malloc(sizeof *run);
  int rc = -1;
  if (!g || !save || !run) {
    rc = gcn_fail(err, "out of memory");
    goto done;
  }
  g->gen = gen;
  g->p = profile;
  g->bias = bias && bias->gen == gen ? bias : NULL;
  g->cur_op = g->cur_slot = -1;
  g->nsg = gcn_num_sgprs(gen);
  rng_seed(&g->rng, seed, gen);
  setup_lists(g);
  unsigned total = 0;
  for (unsigned i = 0; i < GCN_GRP_COUNT + GCN_STREAM_COUNT; i++) total += g->item_w[i];
  if (!total) {
    rc = gcn_fail(err, "profile '%s' has no instruction group or stream available on %s", profile->name,
                  gcn_gen_name(gen));
    goto done;
  }
  setup_state(g, seed);
  gcn_wave_init(&g->w, gen, (gcn_program){0, NULL, 0});
  g->w.st = g->init;
  unsigned len = profile->len_min + below(&g->rng, profile->len_max - profile->len_min + 1);
  if (prog_reserve(g, 64)) {
    rc = gcn_fail(err, "out of memory");
    goto done;
  }
  bool end_is_target = false; /* the last chunk jumps to its own end */
  while (g->n_prog < len) {
    int item = weighted(&g->rng, g->item_w, GCN_GRP_COUNT + GCN_STREAM_COUNT);
    bool stream = item >= GCN_GRP_COUNT;
    int r = -1;
    for (int tries = 0; tries < 8 && r == -1; tries++)
      r = try_chunk(g, stream ? item_stream : item_group, stream ? item - GCN_GRP_COUNT : item, save);
    end_is_target = r == 0 && item == GCN_GRP_COUNT + GCN_STREAM_BRANCH;
    if (r == -1) r = try_chunk(g, item_nop, 0, save);
    if (r) {
      rc = gcn_fail(err, "out of memory (or an internal error) while generating %s seed 0x%llx",
                    gcn_gen_name(gen), (unsigned long long)seed);
      goto done;
    }
  }
  /* The end: s_endpgm, or running off the end (never right after a jump: a jump target is
   * always an instruction). */
  if (end_is_target || pct(&g->rng, profile->endpgm)) {
    force_t f = force0();
    gcn_inst in;
    if (!build(g, GCN_OP_S_ENDPGM, &f, &in) || prog_reserve(g, 8)) {
      rc = gcn_fail(err, "internal error: s_endpgm");
      goto done;
    }
    prog_append(g, &in, false);
    g->reached[(g->size - 4) / 4] = 1;
  }
  /* A deliberately illegal encoding or an s_rfe_*, at an instruction that executes. */
  int64_t site = -1;
  bool want_illegal = pct(&g->rng, profile->illegal);
  bool want_rfe = !want_illegal && pct(&g->rng, profile->rfe);
  if (want_illegal || want_rfe) {
    size_t cand = 0, off = 0;
    for (size_t i = 0; i < g->n_prog; off += g->prog[i].size, i++)
      if (g->reached[off / 4] && !g->prog[i].dead) cand++;
    if (cand) {
      size_t pick = below(&g->rng, (unsigned)cand), i = 0;
      off = 0;
      for (; i < g->n_prog; off += g->prog[i].size, i++)
        if (g->reached[off / 4] && !g->prog[i].dead && pick-- == 0) break;
      bool ok = want_illegal ? inject_illegal(g, i) : inject_rfe(g, i);
      if (ok) site = (int64_t)off;
    }
  }
  /* The vector. */
  gcn_vec_reset(v, gen, seed, 0);
  snprintf(v->name, sizeof v->name, "%s-%llx", gcn_gen_name(gen), (unsigned long long)seed);
  snprintf(v->origin, sizeof v->origin, "gcnref gen %d, profile %s", GCN_GENERATOR_VERSION, profile->name);
  v->init = g->init;
  for (size_t i = 0; i < g->n_prog; i++) {
    pinst *p = &g->prog[i];
    uint8_t bytes[8];
    unsigned n;
    if (p->raw) {
      n = p->size;
      memcpy(bytes, p->bytes, n);
    } else {
      uint32_t w[2];
      n = 4 * gcn_encode(&p->in, w);
      for (unsigned b = 0; b < n; b++) bytes[b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
    }
    if (gcn_vec_append(v, bytes, n, p->illegal, err)) goto done;
  }
  /* The whole program, run once more from the start: it must end where intended. */
  gcn_vec_result res;
  if (gcn_vec_run(v, run, 1000000, &res, err)) goto done;
  gcn_vec_status want = site < 0 ? GCN_VEC_END : want_illegal ? GCN_VEC_ILLEGAL : GCN_VEC_UNSUPPORTED;
  if (res.status != want || (site >= 0 && res.pc != (uint64_t)site)) {
    rc = gcn_fail(err, "internal error: %s seed 0x%llx ends with %s at 0x%llx, not as generated",
                  gcn_gen_name(gen), (unsigned long long)seed, gcn_vec_status_name(res.status),
                  (unsigned long long)res.pc);
    goto done;
  }
  if (expect) {
    v->has_expect = true;
    v->result = res;
    v->expect = run->st;
  }
  rc = 0;
done:
  if (g) free_ctx(g);
  free(save);
  free(run);
  return rc;
}

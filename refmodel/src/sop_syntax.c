/* gcnref: the special operand forms of SOPC, SOPK and SOPP (see sop_syntax.h): printed as
 * llvm-mc 14 prints them (AMDGPUInstPrinter: printWaitcnt, printHwreg, printSendMsg,
 * printGPRIdxMode, the SOPP/SOPK immediates), parsed as its assembler reads them. Field
 * layouts, register ids and message names are the table's (@symbols). */
#include "sop_syntax.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "gcnref/operand.h"

/* ------------------------------------------------------------ decode and validate */

void gcn_sop_fields_decode(gcn_inst *in) {
  const gcn_inst_desc *d = in->desc;
  if (d->cls == GCN_CLASS_SOPC && gcn_isa_operand(d, GCN_ROLE_IMM)) {
    in->simm16 = in->src[1]; /* s_set_gpr_idx_on: SSRC1 holds the mode bits */
    in->src[1] = 0;
  }
  if (d->cls == GCN_CLASS_SOPK && gcn_isa_operand(d, GCN_ROLE_S0)) in->src[0] = in->sdst;
}

/* The s_waitcnt counters, in llvm-mc's printing order. */
static const gcn_imm_field WAITCNT_FIELDS[3] = {GCN_IMMF_VMCNT, GCN_IMMF_EXPCNT, GCN_IMMF_LGKMCNT};
static const char *const WAITCNT_NAMES[3] = {"vmcnt", "expcnt", "lgkmcnt"};

/* Bits of s_waitcnt's SIMM16 that hold a counter on GEN. */
static uint32_t waitcnt_bits(gcn_gen gen) {
  const gcn_imm_field *f = WAITCNT_FIELDS;
  uint32_t m = 0;
  for (unsigned i = 0; i < 3; i++) m = gcn_imm_put(gen, f[i], m, ~0u);
  return m;
}

int gcn_sop_imm_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  const char *mn = d->mnemonic[in->gen];
  const gcn_operand_desc *imm = gcn_isa_operand(d, GCN_ROLE_IMM);
  if (d->cls == GCN_CLASS_SOPP && !imm && in->simm16 && !(d->flags & GCN_F_ENDPGM))
    return gcn_fail(err, "%s takes no immediate (SIMM16 must be 0)", mn);
  if (imm && imm->type == GCN_T_WAITCNT && (in->simm16 & ~waitcnt_bits(in->gen)))
    return gcn_fail(err, "%s: SIMM16 0x%04x sets bits outside vmcnt, expcnt and lgkmcnt on %s", mn, in->simm16,
                    gcn_gen_name(in->gen));
  return 0;
}

/* ------------------------------------------------------------ printing */

/* The immediate with fields F[0..2] set to V[0..2] (hwreg(...), sendmsg(...)). */
static uint32_t pack3(gcn_gen gen, const gcn_imm_field f[3], const uint32_t v[3]) {
  uint32_t x = 0;
  for (unsigned i = 0; i < 3; i++) x = gcn_imm_put(gen, f[i], x, v[i]);
  return x;
}

static const gcn_imm_field HWREG_FIELDS[3] = {GCN_IMMF_HWREG_ID, GCN_IMMF_HWREG_OFFSET, GCN_IMMF_HWREG_SIZE};
static const gcn_imm_field MSG_FIELDS[3] = {GCN_IMMF_MSG_ID, GCN_IMMF_MSG_OP, GCN_IMMF_MSG_STREAM};

static void print_waitcnt(gcn_gen gen, uint32_t v, char *buf, size_t len) {
  const gcn_imm_field *f = WAITCNT_FIELDS;
  const char *const *names = WAITCNT_NAMES;
  bool all = true;
  for (unsigned i = 0; i < 3; i++) all &= gcn_imm_get(gen, f[i], v) == gcn_imm_max(gen, f[i]);
  size_t n = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < 3 && n < len; i++) {
    uint32_t c = gcn_imm_get(gen, f[i], v);
    if (c == gcn_imm_max(gen, f[i]) && !all) continue; /* a counter not waited for */
    n += (size_t)snprintf(buf + n, len - n, "%s%s(%u)", n ? " " : "", names[i], c);
  }
}

static void print_hwreg(gcn_gen gen, uint32_t v, char *buf, size_t len) {
  unsigned id = gcn_imm_get(gen, GCN_IMMF_HWREG_ID, v), off = gcn_imm_get(gen, GCN_IMMF_HWREG_OFFSET, v);
  unsigned size = gcn_imm_get(gen, GCN_IMMF_HWREG_SIZE, v) + 1;
  const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, id);
  char name[32];
  if (s)
    snprintf(name, sizeof name, "%s", s->name);
  else
    snprintf(name, sizeof name, "%u", id);
  if (off == 0 && size == 32)
    snprintf(buf, len, "hwreg(%s)", name);
  else
    snprintf(buf, len, "hwreg(%s, %u, %u)", name, off, size);
}

/* llvm's message rules (AMDGPUBaseInfo isValidMsgOp/isValidMsgStream, strict form). */
static bool msg_op_valid(const gcn_symbol_desc *m, unsigned op) {
  switch (m->attr) {
    case GCN_MSG_GS: return op >= 1 && op <= 3;
    case GCN_MSG_GSDONE: return op <= 3;
    case GCN_MSG_SYS: return gcn_symbol(GCN10, GCN_SYM_SYSOP, op) != NULL;
    default: return op == 0;
  }
}

static bool msg_has_stream(const gcn_symbol_desc *m, unsigned op) {
  return (m->attr == GCN_MSG_GS || m->attr == GCN_MSG_GSDONE) && op != 0;
}

static void print_msg(gcn_gen gen, uint32_t v, char *buf, size_t len) {
  unsigned id = gcn_imm_get(gen, GCN_IMMF_MSG_ID, v), op = gcn_imm_get(gen, GCN_IMMF_MSG_OP, v);
  unsigned stream = gcn_imm_get(gen, GCN_IMMF_MSG_STREAM, v);
  uint32_t packed = pack3(gen, MSG_FIELDS, (const uint32_t[3]){id, op, stream});
  const gcn_symbol_desc *m = gcn_symbol(gen, GCN_SYM_MSG, id);
  if (m && msg_op_valid(m, op) && (msg_has_stream(m, op) || stream == 0)) {
    size_t n = (size_t)snprintf(buf, len, "sendmsg(%s", m->name);
    if (m->attr != GCN_MSG_NONE && n < len) {
      const gcn_symbol_desc *o = gcn_symbol(gen, m->attr == GCN_MSG_SYS ? GCN_SYM_SYSOP : GCN_SYM_GSOP, op);
      n += (size_t)snprintf(buf + n, len - n, ", %s", o ? o->name : "?");
      if (msg_has_stream(m, op) && n < len) n += (size_t)snprintf(buf + n, len - n, ", %u", stream);
    }
    if (n < len) snprintf(buf + n, len - n, ")");
  } else if (packed == v) {
    snprintf(buf, len, "sendmsg(%u, %u, %u)", id, op, stream);
  } else {
    snprintf(buf, len, "%u", v);
  }
}

static void print_gpridx(gcn_gen gen, uint32_t v, char *buf, size_t len) {
  if (v > gcn_imm_max(gen, GCN_IMMF_M0_GPR_MODE)) {
    snprintf(buf, len, "0x%x", v);
    return;
  }
  size_t n = (size_t)snprintf(buf, len, "gpr_idx(");
  bool first = true;
  for (unsigned b = 0; b < 4 && n < len; b++) {
    const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_GPRIDX, b);
    if (!(v >> b & 1) || !s) continue;
    n += (size_t)snprintf(buf + n, len - n, "%s%s", first ? "" : ",", s->name);
    first = false;
  }
  if (n < len) snprintf(buf + n, len - n, ")");
}

void gcn_sop_imm_print(const gcn_inst *in, char *buf, size_t len) {
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, GCN_ROLE_IMM);
  uint32_t v = in->simm16;
  switch (o ? (gcn_type)o->type : GCN_T_U16) {
    case GCN_T_REL16: snprintf(buf, len, "%u", v); break; /* llvm prints the raw field */
    case GCN_T_WAITCNT: print_waitcnt(in->gen, v, buf, len); break;
    case GCN_T_HWREG: print_hwreg(in->gen, v, buf, len); break;
    case GCN_T_MSG: print_msg(in->gen, v, buf, len); break;
    case GCN_T_GPRIDX: print_gpridx(in->gen, v, buf, len); break;
    default:
      /* SOPK immediates print in hex; SOPP ones in decimal when an inline integer. */
      snprintf(buf, len, in->desc->cls == GCN_CLASS_SOPK || v > 64 ? "0x%x" : "%u", v);
  }
}

void gcn_sop_lit_print(const gcn_inst *in, char *buf, size_t len) {
  int32_t v = (int32_t)in->literal; /* printed as an integer constant of a 32-bit operand */
  if (v >= -16 && v <= 64)
    snprintf(buf, len, "%d", v);
  else
    snprintf(buf, len, "0x%x", in->literal);
}

/* ------------------------------------------------------------ parsing */

/* Splits "NAME(ARGS)" in place: returns ARGS (without the parentheses) or NULL. */
static char *call_args(char *t, const char *name) {
  size_t n = strlen(name), l = strlen(t);
  if (strncmp(t, name, n) != 0) return NULL;
  char *p = t + n;
  while (isspace((unsigned char)*p)) p++;
  if (*p != '(' || l < 2 || t[l - 1] != ')') return NULL;
  t[l - 1] = '\0';
  return p + 1;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *e = s + strlen(s);
  while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
  return s;
}

/* Splits ARGS on commas into at most MAX trimmed parts; returns the count or -1. */
static int split_args(char *args, char **part, int max) {
  int n = 0;
  if (!*trim(args)) return 0;
  for (char *p = args;; n++) {
    if (n == max) return -1;
    char *c = strchr(p, ',');
    if (c) *c = '\0';
    part[n] = trim(p);
    if (!c) return n + 1;
    p = c + 1;
  }
}

/* A number in [LO, HI], or a symbol of KIND (SYMBOLIC set) when KIND >= 0. */
static int value_of(gcn_gen gen, const char *t, int kind, long long lo, long long hi, const char *what,
                    long long *out, bool *symbolic, gcn_error *err) {
  if (symbolic) *symbolic = false;
  if (kind >= 0 && (isalpha((unsigned char)t[0]) || t[0] == '_')) {
    const gcn_symbol_desc *s = gcn_symbol_named(gen, (gcn_symbol_kind)kind, t);
    if (!s) return gcn_fail(err, "unknown %s '%s' on %s", what, t, gcn_gen_name(gen));
    *out = s->code;
    if (symbolic) *symbolic = true;
    return 0;
  }
  if (!gcn_asm_parse_int(t, out) || *out < lo || *out > hi)
    return gcn_fail(err, "'%s' is not a valid %s: expected %lld..%lld", t, what, lo, hi);
  return 0;
}

static int parse_waitcnt(gcn_gen gen, char *t, uint16_t *out, gcn_error *err) {
  const gcn_imm_field *f = WAITCNT_FIELDS;
  const char *const *names = WAITCNT_NAMES;
  uint32_t v = waitcnt_bits(gen); /* counters not named are not waited for */
  while (*(t = trim(t))) {
    if (*t == '&' || *t == ',') {
      t++;
      continue;
    }
    unsigned i = 0;
    while (i < 3 && strncmp(t, names[i], strlen(names[i])) != 0) i++;
    char *open = strchr(t, '('), *close = strchr(t, ')');
    if (i == 3 || !open || !close || close < open)
      return gcn_fail(err, "'%s': expected vmcnt(N), expcnt(N) or lgkmcnt(N)", t);
    *close = '\0';
    long long n;
    if (!gcn_asm_parse_int(trim(open + 1), &n) || n < 0 || n > gcn_imm_max(gen, f[i]))
      return gcn_fail(err, "too large value for %s: %s(%s) (at most %u on %s)", names[i], names[i], trim(open + 1),
                      gcn_imm_max(gen, f[i]), gcn_gen_name(gen));
    v = gcn_imm_put(gen, f[i], v, (uint32_t)n);
    t = close + 1;
  }
  *out = (uint16_t)v;
  return 0;
}

static int parse_hwreg(gcn_gen gen, char *args, uint16_t *out, gcn_error *err) {
  char *part[3];
  int n = split_args(args, part, 3);
  long long id, off = 0, size = 32;
  if (n != 1 && n != 3) return gcn_fail(err, "expected hwreg(ID) or hwreg(ID, OFFSET, SIZE)");
  if (value_of(gen, part[0], GCN_SYM_HWREG, 0, gcn_imm_max(gen, GCN_IMMF_HWREG_ID), "hardware register", &id, NULL,
               err))
    return -1;
  if (n == 3 && (value_of(gen, part[1], -1, 0, 31, "bit offset", &off, NULL, err) ||
                 value_of(gen, part[2], -1, 1, 32, "bitfield width", &size, NULL, err)))
    return -1;
  *out = (uint16_t)pack3(gen, HWREG_FIELDS, (const uint32_t[3]){(uint32_t)id, (uint32_t)off, (uint32_t)size - 1});
  return 0;
}

static int parse_msg(gcn_gen gen, char *args, uint16_t *out, gcn_error *err) {
  char *part[3];
  int n = split_args(args, part, 3);
  long long id, op = 0, stream = 0;
  bool sym;
  if (n < 1) return gcn_fail(err, "expected sendmsg(MSG[, OP[, STREAM]])");
  if (value_of(gen, part[0], GCN_SYM_MSG, 0, gcn_imm_max(gen, GCN_IMMF_MSG_ID), "message id", &id, &sym, err))
    return -1;
  const gcn_symbol_desc *m = sym ? gcn_symbol(gen, GCN_SYM_MSG, (unsigned)id) : NULL;
  int opkind = m && m->attr == GCN_MSG_SYS ? GCN_SYM_SYSOP : GCN_SYM_GSOP;
  if (n > 1 && value_of(gen, part[1], opkind, 0, gcn_imm_max(gen, GCN_IMMF_MSG_OP), "operation id", &op, NULL, err))
    return -1;
  if (n > 2 && value_of(gen, part[2], -1, 0, gcn_imm_max(gen, GCN_IMMF_MSG_STREAM), "stream id", &stream, NULL, err))
    return -1;
  if (m) { /* a symbolic message is checked as llvm-mc checks it */
    if ((m->attr != GCN_MSG_NONE) != (n > 1))
      return gcn_fail(err, n > 1 ? "%s does not support operations" : "%s: missing message operation", m->name);
    if (!msg_op_valid(m, (unsigned)op)) return gcn_fail(err, "%s: invalid operation id", m->name);
    if (n > 2 && !msg_has_stream(m, (unsigned)op))
      return gcn_fail(err, "%s: message operation does not support streams", m->name);
  }
  *out = (uint16_t)pack3(gen, MSG_FIELDS, (const uint32_t[3]){(uint32_t)id, (uint32_t)op, (uint32_t)stream});
  return 0;
}

static int parse_gpridx(gcn_gen gen, char *args, uint16_t *out, gcn_error *err) {
  char *part[4];
  int n = split_args(args, part, 4);
  if (n < 0) return gcn_fail(err, "gpr_idx takes at most 4 modes (SRC0, SRC1, SRC2, DST)");
  uint32_t v = 0;
  for (int i = 0; i < n; i++) {
    const gcn_symbol_desc *s = gcn_symbol_named(gen, GCN_SYM_GPRIDX, part[i]);
    if (!s) return gcn_fail(err, "'%s' is not a gpr_idx mode: expected SRC0, SRC1, SRC2 or DST", part[i]);
    if (v >> s->code & 1) return gcn_fail(err, "duplicate gpr_idx mode '%s'", part[i]);
    v |= 1u << s->code;
  }
  *out = (uint16_t)v;
  return 0;
}

static bool is_label(const char *t) {
  if (!(isalpha((unsigned char)t[0]) || t[0] == '_' || t[0] == '.' || t[0] == '$')) return false;
  for (; *t; t++)
    if (!(isalnum((unsigned char)*t) || *t == '_' || *t == '.' || *t == '$')) return false;
  return true;
}

static int parse_target(const char *t, const gcn_asm_ctx *actx, uint16_t *out, gcn_error *err) {
  long long v;
  if (is_label(t)) {
    uint64_t addr;
    if (!actx || !actx->label || !actx->label(actx->ctx, t, &addr)) return gcn_fail(err, "undefined label '%s'", t);
    long long off = ((long long)addr - (long long)(actx->pc + 4)) / 4;
    if (((long long)addr - (long long)actx->pc) % 4 || off < -32768 || off > 32767)
      return gcn_fail(err, "label '%s' is out of range: a branch offset of %lld dwords does not fit 16 bits", t, off);
    *out = (uint16_t)off;
    return 0;
  }
  if (!gcn_asm_parse_int(t, &v) || v < -32768 || v > 65535)
    return gcn_fail(err, "'%s': expected a label or a 16-bit signed jump offset", t);
  *out = (uint16_t)v;
  return 0;
}

int gcn_sop_imm_parse(gcn_gen gen, const gcn_inst_desc *d, gcn_type t, const char *text,
                      const gcn_asm_ctx *actx, uint16_t *out, gcn_error *err) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", text);
  char *s = trim(buf), *args;
  long long v;
  static const struct {
    gcn_type type;
    const char *name;
    int (*parse)(gcn_gen, char *, uint16_t *, gcn_error *);
  } calls[] = {{GCN_T_HWREG, "hwreg", parse_hwreg}, {GCN_T_MSG, "sendmsg", parse_msg},
               {GCN_T_GPRIDX, "gpr_idx", parse_gpridx}};
  if (t == GCN_T_REL16) return parse_target(s, actx, out, err);
  if (t == GCN_T_WAITCNT && !gcn_asm_parse_int(s, &v)) return parse_waitcnt(gen, s, out, err);
  for (unsigned i = 0; i < sizeof calls / sizeof calls[0]; i++)
    if (calls[i].type == t && (args = call_args(s, calls[i].name))) return calls[i].parse(gen, args, out, err);
  /* A number: SOPK's unsigned immediates take 0..65535, the others -32768..65535; the
   * SSRC1 immediate of s_set_gpr_idx_on is 8 bits. */
  long long lo = d->cls == GCN_CLASS_SOPK && t == GCN_T_U16 ? 0 : -32768;
  long long hi = d->cls == GCN_CLASS_SOPC ? 255 : 65535;
  if (!gcn_asm_parse_int(s, &v) || v < lo || v > hi)
    return gcn_fail(err, "'%s' is not a valid immediate for %s: expected %lld..%lld", s, d->mnemonic[gen], lo, hi);
  *out = (uint16_t)v;
  return 0;
}

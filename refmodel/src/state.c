/* gcnref: architectural state of one wavefront, and access by operand code or name. */
#include "gcnref/state.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"

void gcn_state_init(gcn_state *st, gcn_gen gen) {
  memset(st, 0, sizeof *st);
  st->gen = gen;
  st->exec = ~0ull;
}

static uint32_t half(uint64_t v, unsigned code) { return (uint32_t)(code % 2 ? v >> 32 : v); }
static void set_half(uint64_t *v, unsigned code, uint32_t x) {
  if (code % 2)
    *v = (*v & 0xFFFFFFFFull) | (uint64_t)x << 32;
  else
    *v = (*v & ~0xFFFFFFFFull) | x;
}

/* Locates the 64-bit special register that holds CODE, or NULL. */
static uint64_t *special64(gcn_state *st, unsigned code) {
  gcn_gen g = st->gen;
  if ((code == 102 || code == 103) && g >= GCN12) return &st->flat_scratch;
  if ((code == 104 || code == 105) && g == GCN11) return &st->flat_scratch;
  if ((code == 104 || code == 105) && g >= GCN12) return &st->xnack_mask;
  if (code == 106 || code == 107) return &st->vcc;
  if ((code == 108 || code == 109) && g <= GCN12) return &st->tba;
  if ((code == 110 || code == 111) && g <= GCN12) return &st->tma;
  if (code == 126 || code == 127) return &st->exec;
  return NULL;
}

uint32_t gcn_sreg_read(const gcn_state *st, unsigned code) {
  if (code < gcn_num_sgprs(st->gen)) return st->sgpr[code];
  unsigned tb = gcn_ttmp_base(st->gen);
  if (code >= tb && code < tb + gcn_num_ttmps(st->gen)) return st->ttmp[code - tb];
  if (code == GCN_CODE_M0) return st->m0;
  uint64_t *r = special64((gcn_state *)st, code);
  if (r) return half(*r, code);
  switch (code) {
    case GCN_CODE_VCCZ: return st->vcc == 0;
    case GCN_CODE_EXECZ: return st->exec == 0;
    case GCN_CODE_SCC: return st->scc;
    default:
      if (code >= GCN_CODE_SHARED_BASE && code <= GCN_CODE_POPS_EXITING_WAVE_ID)
        return st->aperture[code - GCN_CODE_SHARED_BASE];
      return 0;
  }
}

void gcn_sreg_write(gcn_state *st, unsigned code, uint32_t value) {
  if (code < gcn_num_sgprs(st->gen)) {
    st->sgpr[code] = value;
    return;
  }
  unsigned tb = gcn_ttmp_base(st->gen);
  if (code >= tb && code < tb + gcn_num_ttmps(st->gen)) {
    st->ttmp[code - tb] = value;
    return;
  }
  if (code == GCN_CODE_M0) {
    st->m0 = value;
    return;
  }
  uint64_t *r = special64(st, code);
  if (r) set_half(r, code, value);
}

static const char *hwreg_state_base(const gcn_symbol_desc *s) {
  return strncmp(s->name, "HW_REG_", 7) == 0 ? s->name + 7 : s->name;
}

/* Is NAME the state name of hwreg S (gcn_hwreg_state_name's text), without printing it? */
static bool hwreg_state_name_is(const gcn_symbol_desc *s, const char *name) {
  const char *n = hwreg_state_base(s);
  for (; *n && *name; n++, name++)
    if ((char)tolower((unsigned char)*n) != *name) return false;
  return *n == *name;
}

/* strtoul(P, END, 10) for the at most 3 digits gcn_reg_parse admits, by hand when P starts
 * with a digit (the vector files' init lines name VGPR lanes one a line: strtoul was half
 * of reading such a line); otherwise strtoul itself (the same result for a sign or spaces). */
static unsigned long dec(const char *p, char **end) {
  if (!isdigit((unsigned char)*p)) return strtoul(p, end, 10);
  unsigned long v = 0;
  while (isdigit((unsigned char)*p)) v = 10 * v + (unsigned long)(*p++ - '0');
  *end = (char *)p;
  return v;
}

bool gcn_reg_parse(gcn_gen gen, const char *name, gcn_reg_ref *out) {
  memset(out, 0, sizeof *out);
  out->lane = out->lane_last = -1;
  if (strcmp(name, "scc") == 0) {
    out->kind = GCN_REG_SCC;
    out->width = 1;
    return true;
  }
  if (strcmp(name, "pc") == 0) {
    out->kind = GCN_REG_PC;
    out->width = 64;
    return true;
  }
  if (strcmp(name, "mode") == 0) {
    out->kind = GCN_REG_MODE;
    out->width = 32;
    return true;
  }
  if (name[0] == 'v' && isdigit((unsigned char)name[1])) {
    char *end;
    size_t digits = strspn(name + 1, "0123456789");
    if (digits > 3) return false;
    unsigned long v = dec(name + 1, &end);
    if (v >= GCN_NUM_VGPRS) return false;
    out->kind = GCN_REG_VGPR;
    out->code = (unsigned)v;
    out->width = 32;
    if (*end == '\0') return true;
    if (*end != '[') return false;
    const char *p = end + 1;
    if (strspn(p, "0123456789") > 2) return false;
    unsigned long lane = dec(p, &end), last = lane;
    if (end == p) return false;
    if (*end == ':') {
      p = end + 1;
      if (strspn(p, "0123456789") > 2) return false;
      last = dec(p, &end);
      if (end == p) return false;
    }
    if (strcmp(end, "]") != 0 || last >= GCN_WAVE_SIZE || last < lane) return false;
    out->lane = (int)lane;
    out->lane_last = (int)last;
    return true;
  }
  for (unsigned i = 0; i < GCN_NUM_SYMBOLS; i++) { /* trapsts, hw_id, gpr_alloc, ...: never v<digit> */
    const gcn_symbol_desc *sym = &gcn_symbols[i];
    if (sym->kind != GCN_SYM_HWREG || sym->attr == GCN_HWREG_MODE || !(sym->gens >> gen & 1u)) continue;
    if (hwreg_state_name_is(sym, name)) {
      out->kind = GCN_REG_HWREG;
      out->code = sym->code;
      out->width = 32;
      return true;
    }
  }
  unsigned code, width;
  if (!gcn_operand_parse_reg(gen, name, &code, &width)) return false;
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL && code < GCN_CODE_SHARED_BASE) return false;
  if (code >= GCN_CODE_VCCZ) return false; /* derived, not state */
  out->kind = GCN_REG_SCALAR;
  out->code = code;
  out->width = width;
  return true;
}

uint64_t gcn_reg_get(const gcn_state *st, const gcn_reg_ref *r) {
  switch (r->kind) {
    case GCN_REG_SCC: return st->scc;
    case GCN_REG_PC: return st->pc;
    case GCN_REG_MODE: return st->mode;
    case GCN_REG_HWREG: return st->hwreg[r->code];
    case GCN_REG_VGPR: return st->vgpr[r->code][r->lane < 0 ? 0 : r->lane];
    case GCN_REG_SCALAR:
      if (r->width == 64)
        return gcn_sreg_read(st, r->code) | (uint64_t)gcn_sreg_read(st, r->code + 1) << 32;
      return gcn_sreg_read(st, r->code);
  }
  return 0;
}

void gcn_reg_set(gcn_state *st, const gcn_reg_ref *r, uint64_t value) {
  switch (r->kind) {
    case GCN_REG_SCC: st->scc = value != 0; break;
    case GCN_REG_PC: st->pc = value; break;
    case GCN_REG_MODE: st->mode = (uint32_t)value; break;
    case GCN_REG_HWREG: st->hwreg[r->code] = (uint32_t)value; break;
    case GCN_REG_VGPR: { /* the named lanes only (a vector file sets one lane per line) */
      int first = r->lane < 0 ? 0 : r->lane, last = r->lane < 0 ? GCN_WAVE_SIZE - 1 : r->lane_last;
      if (last > GCN_WAVE_SIZE - 1) last = GCN_WAVE_SIZE - 1;
      for (int l = first; l <= last; l++) st->vgpr[r->code][l] = (uint32_t)value;
      break;
    }
    case GCN_REG_SCALAR:
      if (r->code >= GCN_CODE_SHARED_BASE && r->code <= GCN_CODE_POPS_EXITING_WAVE_ID) {
        st->aperture[r->code - GCN_CODE_SHARED_BASE] = (uint32_t)value;
        break;
      }
      gcn_sreg_write(st, r->code, (uint32_t)value);
      if (r->width == 64) gcn_sreg_write(st, r->code + 1, (uint32_t)(value >> 32));
      break;
  }
}

/* Parses an unsigned or negative value that must fit WIDTH bits. */
static bool parse_value(const char *s, unsigned width, uint64_t *out) {
  bool neg = *s == '-';
  const char *p = neg ? s + 1 : s;
  bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  const char *digits = hex ? p + 2 : p; /* digits only: strtoull would take "0x-5", "0x 5" */
  if (!*digits || strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789") != strlen(digits)) return false;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(digits, &end, hex ? 16 : 10);
  if (*end || errno) return false;
  uint64_t max = width >= 64 ? ~0ull : (1ull << width) - 1;
  if (neg) {
    if (v > (max >> 1) + 1) return false;
    *out = (0 - (uint64_t)v) & max;
  } else {
    if (v > max) return false;
    *out = v;
  }
  return true;
}

int gcn_state_assign(gcn_state *st, const char *text, gcn_error *err) {
  char *buf = strdup(text);
  if (!buf) return gcn_fail(err, "out of memory");
  int rc = 0;
  for (char *save = NULL, *tok = strtok_r(buf, " \t\r\n", &save); tok && !rc;
       tok = strtok_r(NULL, " \t\r\n", &save)) {
    char *eq = strchr(tok, '=');
    gcn_reg_ref r;
    uint64_t v;
    if (!eq) {
      rc = gcn_fail(err, "'%.64s': expected register=value", tok);
    } else {
      *eq = '\0';
      if (!gcn_reg_parse(st->gen, tok, &r))
        rc = gcn_fail(err, "'%.64s' is not a register of %s (expected e.g. s5, s[2:3], vcc, exec, m0, "
                      "scc, pc, mode, trapsts, hw_id, ttmp0, v1, v1[5] or v1[0:31])", tok, gcn_gen_name(st->gen));
      else if (!parse_value(eq + 1, r.width, &v))
        rc = gcn_fail(err, "'%.64s': value '%.64s' is not a %u-bit number", tok, eq + 1, r.width);
      else
        gcn_reg_set(st, &r, v);
    }
  }
  free(buf);
  return rc;
}

/* Visits every state register in a fixed order with its name and width. */
typedef void (*reg_visit)(void *ctx, const char *name, uint64_t value, unsigned width);

static void visit_scalars(const gcn_state *st, reg_visit fn, void *ctx) {
  char name[48];
  for (unsigned c = 0; c < 128; c++) {
    gcn_opnd_kind k = gcn_operand_kind(st->gen, c);
    if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL) continue;
    if (!gcn_operand_reg_name(st->gen, c, 32, name, sizeof name)) continue;
    fn(ctx, name, gcn_sreg_read(st, c), 32);
  }
  fn(ctx, "scc", st->scc, 1);
  fn(ctx, "mode", st->mode, 32);
  for (unsigned i = 0; i < GCN_NUM_SYMBOLS; i++) {
    const gcn_symbol_desc *sym = &gcn_symbols[i];
    if (sym->kind != GCN_SYM_HWREG || sym->attr == GCN_HWREG_MODE || !(sym->gens >> st->gen & 1u)) continue;
    gcn_hwreg_state_name(sym, name, sizeof name);
    fn(ctx, name, st->hwreg[sym->code], 32);
  }
  fn(ctx, "pc", st->pc, 64);
}

void gcn_hwreg_state_name(const gcn_symbol_desc *s, char *buf, size_t len) {
  const char *n = hwreg_state_base(s);
  size_t i = 0;
  for (; n[i] && i + 1 < len; i++) buf[i] = (char)tolower((unsigned char)n[i]);
  if (len) buf[i] = '\0';
}

struct print_ctx {
  FILE *out;
  bool json;
  bool first;
};

static void print_one(void *vctx, const char *name, uint64_t value, unsigned width) {
  struct print_ctx *c = vctx;
  if (c->json) {
    fprintf(c->out, "%s\"%s\": \"0x%0*llx\"", c->first ? "" : ", ", name, width == 64 ? 16 : 8,
            (unsigned long long)value);
    c->first = false;
    return;
  }
  bool is_exec = strncmp(name, "exec", 4) == 0; /* always shown: it decides what ran */
  if (value == 0 && !is_exec) return;
  if (width == 1)
    fprintf(c->out, "%s = %llu\n", name, (unsigned long long)value);
  else
    fprintf(c->out, "%s = 0x%0*llx\n", name, width == 64 ? 16 : 8, (unsigned long long)value);
}

void gcn_vgpr_runs(const gcn_state *st, unsigned v, uint64_t mask, gcn_lane_run_fn fn, void *ctx) {
  const uint32_t *lanes = st->vgpr[v];
  if (mask == ~0ull) {
    bool same = true;
    for (unsigned l = 1; l < GCN_WAVE_SIZE && same; l++) same = lanes[l] == lanes[0];
    if (same) {
      fn(ctx, v, -1, -1, lanes[0]);
      return;
    }
  }
  for (unsigned l = 0; l < GCN_WAVE_SIZE;) {
    if (!(mask >> l & 1)) {
      l++;
      continue;
    }
    unsigned e = l;
    while (e + 1 < GCN_WAVE_SIZE && (mask >> (e + 1) & 1) && lanes[e + 1] == lanes[l]) e++;
    fn(ctx, v, (int)l, (int)e, lanes[l]);
    l = e + 1;
  }
}

void gcn_lane_run_name(unsigned v, int first, int last, char *buf, size_t len) {
  if (first < 0)
    snprintf(buf, len, "v%u", v);
  else if (first == last)
    snprintf(buf, len, "v%u[%d]", v, first);
  else
    snprintf(buf, len, "v%u[%d:%d]", v, first, last);
}

static void print_run(void *vctx, unsigned v, int first, int last, uint32_t value) {
  struct print_ctx *c = vctx;
  char name[32];
  if (!value) return;
  gcn_lane_run_name(v, first, last, name, sizeof name);
  if (c->json) {
    fprintf(c->out, "%s\"%s\": \"0x%08x\"", c->first ? "" : ", ", name, value);
    c->first = false;
  } else {
    fprintf(c->out, "%s = 0x%08x\n", name, value);
  }
}

static void print_vgprs(const gcn_state *st, struct print_ctx *c) {
  for (unsigned v = 0; v < GCN_NUM_VGPRS; v++) {
    uint64_t nonzero = 0;
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++)
      if (st->vgpr[v][l]) nonzero |= 1ull << l;
    if (nonzero) gcn_vgpr_runs(st, v, ~0ull, print_run, c);
  }
}

void gcn_state_print(const gcn_state *st, FILE *out) {
  struct print_ctx c = {out, false, true};
  visit_scalars(st, print_one, &c);
  print_vgprs(st, &c);
}

void gcn_state_print_json(const gcn_state *st, FILE *out) {
  struct print_ctx c = {out, true, true};
  fprintf(out, "{\"gen\": \"%s\", \"scalar\": {", gcn_gen_name(st->gen));
  visit_scalars(st, print_one, &c);
  fprintf(out, "}, \"vgpr\": {");
  c.first = true;
  print_vgprs(st, &c);
  fprintf(out, "}}");
}

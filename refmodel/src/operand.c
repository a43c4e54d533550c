/* gcnref: operand codes per generation. The one place that knows gcn_semantics.md
 * section 1: which code means which register, and what an inline constant is worth. */
#include "gcnref/operand.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* Every fact here comes from gcn_isa.tab @operands (the generated gcn_gens, gcn_specials,
 * gcn_readonly, gcn_inline_floats); this file holds the rules that read them. */
unsigned gcn_num_sgprs(gcn_gen gen) { return gcn_gens[gen].num_sgprs; }
unsigned gcn_num_ttmps(gcn_gen gen) { return gcn_gens[gen].num_ttmps; }
unsigned gcn_ttmp_base(gcn_gen gen) { return gcn_gens[gen].ttmp_base; }

static bool on_gen(uint8_t gens, gcn_gen gen) { return (gens >> gen & 1u) != 0; }

static bool is_ttmp(gcn_gen gen, unsigned code) {
  return code >= gcn_ttmp_base(gen) && code < gcn_ttmp_base(gen) + gcn_num_ttmps(gen);
}

/* The named scalar register (or pair) that holds CODE on GEN, or NULL. */
static const gcn_special_desc *special_of(gcn_gen gen, unsigned code) {
  for (unsigned i = 0; i < GCN_NUM_SPECIALS; i++) {
    const gcn_special_desc *s = &gcn_specials[i];
    if (on_gen(s->gens, gen) && code >= s->code && code < s->code + s->width / 32u) return s;
  }
  return NULL;
}

static const gcn_special_desc *readonly_of(gcn_gen gen, unsigned code) {
  for (unsigned i = 0; i < GCN_NUM_READONLY; i++)
    if (on_gen(gcn_readonly[i].gens, gen) && gcn_readonly[i].code == code) return &gcn_readonly[i];
  return NULL;
}

static const gcn_inline_float_desc *inline_float_of(gcn_gen gen, unsigned code) {
  for (unsigned i = 0; i < GCN_NUM_INLINE_FLOATS; i++)
    if (on_gen(gcn_inline_floats[i].gens, gen) && gcn_inline_floats[i].code == code)
      return &gcn_inline_floats[i];
  return NULL;
}

/* Codes no table line names (reserved, SDWA/DPP) are illegal. */
static gcn_opnd_kind classify(gcn_gen gen, unsigned code) {
  if (code < gcn_num_sgprs(gen)) return GCN_OPND_SGPR;
  if (is_ttmp(gen, code) || special_of(gen, code)) return GCN_OPND_SPECIAL;
  if (readonly_of(gen, code)) return GCN_OPND_READONLY;
  if (code >= GCN_CODE_ZERO && code <= GCN_CODE_INT_NEG_MAX) return GCN_OPND_INLINE_INT;
  if (inline_float_of(gen, code)) return GCN_OPND_INLINE_FLOAT;
  if (code == GCN_CODE_LITERAL) return GCN_OPND_LITERAL;
  if (code >= GCN_CODE_VGPR0 && code < 512) return GCN_OPND_VGPR;
  return GCN_OPND_ILLEGAL;
}

/* The classification, tabulated once per generation: it is on every operand access. */
gcn_opnd_kind gcn_operand_kind(gcn_gen gen, unsigned code) {
  static uint8_t table[GCN_GEN_COUNT][512];
  static bool ready[GCN_GEN_COUNT];
  if (gen >= GCN_GEN_COUNT || code >= 512) return GCN_OPND_ILLEGAL;
  if (!ready[gen]) { /* idempotent: a concurrent first use writes the same values */
    for (unsigned c = 0; c < 512; c++) table[gen][c] = (uint8_t)classify(gen, c);
    ready[gen] = true;
  }
  return (gcn_opnd_kind)table[gen][code];
}

/* Is CODE the low half of a 64-bit register pair on GEN? */
static bool is_pair_base(gcn_gen gen, unsigned code) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k == GCN_OPND_SGPR) return code % 2 == 0 && code + 1 < gcn_num_sgprs(gen);
  if (k != GCN_OPND_SPECIAL || code % 2) return false;
  const gcn_special_desc *s = is_ttmp(gen, code) ? NULL : special_of(gen, code);
  return !s || s->width == 64; /* ttmp pairs, and the 64-bit named registers */
}

bool gcn_operand_legal_src(gcn_gen gen, unsigned code, unsigned width) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k == GCN_OPND_ILLEGAL) return false;
  if (code == GCN_CODE_LDS_DIRECT) return width == 32; /* one dword read from LDS */
  if (width == 64 && (k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL)) return is_pair_base(gen, code);
  if (width > 64 && k != GCN_OPND_VGPR) return false; /* 128-bit operands are VGPR quads only */
  if (k == GCN_OPND_VGPR) return code - GCN_CODE_VGPR0 + width / 32 <= 256;
  return true;
}

bool gcn_operand_legal_sdst(gcn_gen gen, unsigned code, unsigned width) {
  if (code > 127) return false;
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL) return false;
  return width == 64 ? is_pair_base(gen, code) : true;
}

bool gcn_operand_reg_name(gcn_gen gen, unsigned code, unsigned width, char *buf, size_t len) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  bool wide = width == 64;
  if (k == GCN_OPND_ILLEGAL || k == GCN_OPND_INLINE_INT || k == GCN_OPND_INLINE_FLOAT ||
      k == GCN_OPND_LITERAL)
    return false;
  if ((k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL) && (width > 64 || (wide && !is_pair_base(gen, code))))
    return false;
  if (k == GCN_OPND_VGPR) {
    unsigned v = code - GCN_CODE_VGPR0, n = width / 32;
    if (n > 1) {
      if (v + n > 256) return false;
      snprintf(buf, len, "v[%u:%u]", v, v + n - 1);
    } else {
      snprintf(buf, len, "v%u", v);
    }
    return true;
  }
  if (k == GCN_OPND_SGPR) {
    if (wide)
      snprintf(buf, len, "s[%u:%u]", code, code + 1);
    else
      snprintf(buf, len, "s%u", code);
    return true;
  }
  const char *lohi = wide ? "" : (code % 2 ? "_hi" : "_lo");
  unsigned ttmp = gcn_ttmp_base(gen);
  if (k == GCN_OPND_SPECIAL && code >= ttmp && code < ttmp + gcn_num_ttmps(gen)) {
    unsigned t = code - ttmp;
    if (wide)
      snprintf(buf, len, "ttmp[%u:%u]", t, t + 1);
    else
      snprintf(buf, len, "ttmp%u", t);
    return true;
  }
  const gcn_special_desc *ro = readonly_of(gen, code);
  if (k == GCN_OPND_READONLY && ro) {
    snprintf(buf, len, "%s", ro->name);
    return true;
  }
  const gcn_special_desc *sp = special_of(gen, code);
  if (!sp) return false;
  if (sp->width == 32) {
    snprintf(buf, len, "%s", sp->name);
    return true;
  }
  const char *base = sp->name;
  snprintf(buf, len, "%s%s", base, lohi);
  return true;
}

/* Parses a register number of at most 3 decimal digits (no sign, no leading zero). */
static bool parse_regnum(const char *p, char **end, unsigned long *out) {
  size_t n = 0;
  while (p[n] >= '0' && p[n] <= '9') n++;
  if (n == 0 || n > 3 || (p[0] == '0' && n > 1)) return false;
  *out = strtoul(p, end, 10);
  return true;
}

/* Parses "N" or "[N:M]" (1, 2 or 4 registers) after a register-class prefix; returns the count. */
static bool parse_index(const char *p, unsigned *first, unsigned *count) {
  char *end;
  if (*p == '[') {
    unsigned long a, b;
    if (!parse_regnum(p + 1, &end, &a) || *end != ':') return false;
    const char *q = end + 1;
    if (!parse_regnum(q, &end, &b) || strcmp(end, "]") != 0 || b < a || b - a > 3 || b - a == 2) return false;
    *first = (unsigned)a;
    *count = (unsigned)(b - a + 1);
    return true;
  }
  unsigned long a;
  if (!parse_regnum(p, &end, &a) || *end != '\0') return false;
  *first = (unsigned)a;
  *count = 1;
  return true;
}

/* The names of GEN's named registers (SPECIAL and READONLY codes, 32- and 64-bit, ttmps
 * excluded: parsed by index), exactly as gcn_operand_reg_name prints them, built once
 * per generation (the assembler looks names up for every operand of every vector it loads);
 * the list ends with an empty name. */
typedef struct {
  char name[48];
  uint16_t code;
  uint8_t width;
} named_reg;

static named_reg named_reg_table[GCN_GEN_COUNT][2 * 256 + 1];
static once_flag named_reg_once = ONCE_FLAG_INIT;
static atomic_bool named_reg_built; /* set (release) once every generation's table is complete */
static void named_reg_build(void) {
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    gcn_gen gen = (gcn_gen)g;
    unsigned n = 0;
    for (unsigned c = 0; c < 256; c++) {
      gcn_opnd_kind k = gcn_operand_kind(gen, c);
      if (k != GCN_OPND_SPECIAL && k != GCN_OPND_READONLY) continue;
      for (unsigned w = 32; w <= 64; w += 32) {
        if (k == GCN_OPND_READONLY && w == 64) continue;
        named_reg *r = &named_reg_table[g][n];
        if (!gcn_operand_reg_name(gen, c, w, r->name, sizeof r->name) || strncmp(r->name, "ttmp", 4) == 0)
          continue;
        r->code = (uint16_t)c;
        r->width = (uint8_t)w;
        n++;
      }
    }
    named_reg_table[g][n].name[0] = '\0';
  }
  atomic_store_explicit(&named_reg_built, true, memory_order_release);
}

static const named_reg *named_regs(gcn_gen gen) {
  if (!atomic_load_explicit(&named_reg_built, memory_order_acquire)) call_once(&named_reg_once, named_reg_build);
  return named_reg_table[gen];
}

bool gcn_operand_parse_reg(gcn_gen gen, const char *name, unsigned *code, unsigned *width) {
  unsigned first, count;
  /* Indexed registers by their index; the named ones through the printed names (exactly
   * the inverse of printing). */
  if (name[0] == 's' && parse_index(name + 1, &first, &count)) {
    if (count > 2 || first >= gcn_num_sgprs(gen) || first + count > gcn_num_sgprs(gen)) return false;
    if (count == 2 && first % 2) return false;
    *code = first;
    *width = count * 32;
    return true;
  }
  if (name[0] == 'v' && parse_index(name + 1, &first, &count)) {
    if (first + count > 256) return false;
    *code = GCN_CODE_VGPR0 + first;
    *width = 32 * count;
    return true;
  }
  if (strncmp(name, "ttmp", 4) == 0 && parse_index(name + 4, &first, &count)) {
    if (count > 2 || first + count > gcn_num_ttmps(gen) || (count == 2 && first % 2)) return false;
    *code = gcn_ttmp_base(gen) + first;
    *width = count * 32;
    return true;
  }
  /* llvm-mc also accepts these without the src_ prefix. */
  static const struct {
    const char *name;
    unsigned code;
  } aliases[] = {{"vccz", GCN_CODE_VCCZ}, {"execz", GCN_CODE_EXECZ}, {"scc", GCN_CODE_SCC},
                 {"lds_direct", GCN_CODE_LDS_DIRECT}};
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
    if (strcmp(name, aliases[i].name) == 0) {
      *code = aliases[i].code;
      *width = 32;
      return true;
    }
  }
  const named_reg *t = named_regs(gen);
  for (unsigned i = 0; t[i].name[0]; i++) {
    if (strcmp(t[i].name, name) == 0) {
      *code = t[i].code;
      *width = t[i].width;
      return true;
    }
  }
  return false;
}

uint64_t gcn_inline_value(gcn_gen gen, unsigned code, gcn_type type) {
  unsigned bits = gcn_type_bits(type);
  if (code >= GCN_CODE_ZERO && code <= GCN_CODE_INT_NEG_MAX) {
    int64_t v = code <= GCN_CODE_INT_MAX ? (int64_t)(code - GCN_CODE_ZERO)
                                         : -(int64_t)(code - GCN_CODE_INT_MAX);
    uint64_t u = (uint64_t)v;
    return bits == 64 ? u : u & ((1ull << bits) - 1); /* raw pattern, sign-extended */
  }
  const gcn_inline_float_desc *f = inline_float_of(gen, code);
  if (!f) return 0;
  if (bits == 64) return f->f64;
  if (gcn_types[type].inline_f16) return f->f16;
  if (bits == 16) return f->f32 & 0xFFFF; /* I16/U16: low half of the f32 encoding */
  return f->f32;
}

const char *gcn_inline_text(gcn_gen gen, unsigned code, gcn_type type) {
  enum { N_INT = GCN_CODE_INT_NEG_MAX - GCN_CODE_ZERO + 1 };
  static char ints[N_INT][4];
  static bool ready;
  if (!ready) { /* idempotent: a concurrent first use writes the same text */
    for (unsigned c = GCN_CODE_ZERO; c <= GCN_CODE_INT_NEG_MAX; c++)
      snprintf(ints[c - GCN_CODE_ZERO], sizeof ints[0], "%d",
               c <= GCN_CODE_INT_MAX ? (int)(c - GCN_CODE_ZERO) : -(int)(c - GCN_CODE_INT_MAX));
    ready = true;
  }
  if (code >= GCN_CODE_ZERO && code <= GCN_CODE_INT_NEG_MAX) return ints[code - GCN_CODE_ZERO];
  const gcn_inline_float_desc *f = inline_float_of(gen, code);
  if (!f) return "?";
  return gcn_type_bits(type) == 64 ? f->text64 : f->text;
}

uint64_t gcn_literal_value(uint32_t literal, gcn_type type) {
  switch (type) {
    case GCN_T_I64: return (uint64_t)(int64_t)(int32_t)literal; /* signed: sign-extended */
    case GCN_T_F64: return (uint64_t)literal << 32;              /* the high half of a double */
    case GCN_T_F16: case GCN_T_I16: case GCN_T_U16: case GCN_T_B16: case GCN_T_I16F:
      return literal & 0xFFFF;
    default: return literal; /* 32-bit, and U64/B64 zero-extended */
  }
}

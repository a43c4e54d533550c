/* gcnref: operand codes per generation. The one place that knows gcn_semantics.md
 * section 1: which code means which register, and what an inline constant is worth. */
#include "gcnref/operand.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned gcn_num_sgprs(gcn_gen gen) { return gen <= GCN11 ? 104 : 102; }
unsigned gcn_num_ttmps(gcn_gen gen) { return gen == GCN14 ? 16 : 12; }
unsigned gcn_ttmp_base(gcn_gen gen) { return gen == GCN14 ? 108 : 112; }


static gcn_opnd_kind classify(gcn_gen gen, unsigned code) {
  if (code < gcn_num_sgprs(gen)) return GCN_OPND_SGPR;
  if (code < 106) {
    /* 102..103: FLAT_SCRATCH on gcn12/14. 104..105: FLAT_SCRATCH on gcn11, XNACK_MASK on
     * gcn12/14, reserved on gcn10 (docs/semantics.md). */
    if (gen >= GCN12) return GCN_OPND_SPECIAL;
    if (gen == GCN11 && code >= 104) return GCN_OPND_SPECIAL;
    return GCN_OPND_ILLEGAL;
  }
  if (code < 108) return GCN_OPND_SPECIAL; /* vcc */
  if (code < 112) return GCN_OPND_SPECIAL; /* tba/tma, or ttmp0-3 on gcn14 */
  if (code < 124) return GCN_OPND_SPECIAL; /* ttmp */
  if (code == GCN_CODE_M0) return GCN_OPND_SPECIAL;
  if (code == 125) return GCN_OPND_ILLEGAL;
  if (code < 128) return GCN_OPND_SPECIAL; /* exec */
  if (code <= GCN_CODE_INT_NEG_MAX) return GCN_OPND_INLINE_INT;
  if (code >= GCN_CODE_SHARED_BASE && code <= GCN_CODE_POPS_EXITING_WAVE_ID)
    return gen == GCN14 ? GCN_OPND_READONLY : GCN_OPND_ILLEGAL;
  if (code >= GCN_CODE_FLOAT_MIN && code <= GCN_CODE_FLOAT_MAX) return GCN_OPND_INLINE_FLOAT;
  if (code == GCN_CODE_INV_2PI) return gen >= GCN12 ? GCN_OPND_INLINE_FLOAT : GCN_OPND_ILLEGAL;
  if (code >= GCN_CODE_VCCZ && code <= GCN_CODE_SCC) return GCN_OPND_READONLY;
  if (code == GCN_CODE_LITERAL) return GCN_OPND_LITERAL;
  if (code >= GCN_CODE_VGPR0 && code < 512) return GCN_OPND_VGPR;
  /* 209..234 reserved, 249/250 SDWA/DPP (not in scope), 254 LDS_DIRECT (not in scope). */
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
  if (k != GCN_OPND_SPECIAL) return false;
  if (code == GCN_CODE_M0) return false;
  return code % 2 == 0;
}

bool gcn_operand_legal_src(gcn_gen gen, unsigned code, unsigned width) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k == GCN_OPND_ILLEGAL) return false;
  if (width == 64 && (k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL)) return is_pair_base(gen, code);
  return true;
}

bool gcn_operand_legal_sdst(gcn_gen gen, unsigned code, unsigned width) {
  if (code > 127) return false;
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k != GCN_OPND_SGPR && k != GCN_OPND_SPECIAL) return false;
  return width == 64 ? is_pair_base(gen, code) : true;
}

static const char *inline_float_names[] = {"0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"};

bool gcn_operand_reg_name(gcn_gen gen, unsigned code, unsigned width, char *buf, size_t len) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  bool wide = width == 64;
  if (k == GCN_OPND_ILLEGAL || k == GCN_OPND_INLINE_INT || k == GCN_OPND_INLINE_FLOAT ||
      k == GCN_OPND_LITERAL)
    return false;
  if ((k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL) && wide && !is_pair_base(gen, code)) return false;
  if (k == GCN_OPND_VGPR) {
    unsigned v = code - GCN_CODE_VGPR0;
    if (wide) {
      if (v == 255) return false;
      snprintf(buf, len, "v[%u:%u]", v, v + 1);
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
  const char *base = NULL;
  switch (code) {
    case 102: case 103: base = "flat_scratch"; break;
    case 104: case 105: base = gen == GCN11 ? "flat_scratch" : "xnack_mask"; break;
    case 106: case 107: base = "vcc"; break;
    case 108: case 109: base = "tba"; break;
    case 110: case 111: base = "tma"; break;
    case 126: case 127: base = "exec"; break;
    case GCN_CODE_M0: snprintf(buf, len, "m0"); return true;
    case 235: snprintf(buf, len, "src_shared_base"); return true;
    case 236: snprintf(buf, len, "src_shared_limit"); return true;
    case 237: snprintf(buf, len, "src_private_base"); return true;
    case 238: snprintf(buf, len, "src_private_limit"); return true;
    case 239: snprintf(buf, len, "src_pops_exiting_wave_id"); return true;
    case GCN_CODE_VCCZ: snprintf(buf, len, "src_vccz"); return true;
    case GCN_CODE_EXECZ: snprintf(buf, len, "src_execz"); return true;
    case GCN_CODE_SCC: snprintf(buf, len, "src_scc"); return true;
    default: return false;
  }
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

/* Parses "N" or "[N:M]" after a register-class prefix; returns count of registers. */
static bool parse_index(const char *p, unsigned *first, unsigned *count) {
  char *end;
  if (*p == '[') {
    unsigned long a, b;
    if (!parse_regnum(p + 1, &end, &a) || *end != ':') return false;
    const char *q = end + 1;
    if (!parse_regnum(q, &end, &b) || strcmp(end, "]") != 0 || b < a || b - a > 1) return false;
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

bool gcn_operand_parse_reg(gcn_gen gen, const char *name, unsigned *code, unsigned *width) {
  unsigned first, count;
  /* Walk every code and compare names: simple, and exactly the inverse of printing. */
  if (name[0] == 's' && parse_index(name + 1, &first, &count)) {
    if (first >= gcn_num_sgprs(gen) || first + count > gcn_num_sgprs(gen)) return false;
    if (count == 2 && first % 2) return false;
    *code = first;
    *width = count * 32;
    return true;
  }
  if (name[0] == 'v' && parse_index(name + 1, &first, &count)) {
    if (first + count > 256 || count != 1) return false;
    *code = GCN_CODE_VGPR0 + first;
    *width = 32;
    return true;
  }
  if (strncmp(name, "ttmp", 4) == 0 && parse_index(name + 4, &first, &count)) {
    if (first + count > gcn_num_ttmps(gen) || (count == 2 && first % 2)) return false;
    *code = gcn_ttmp_base(gen) + first;
    *width = count * 32;
    return true;
  }
  /* llvm-mc also accepts these without the src_ prefix. */
  static const struct {
    const char *name;
    unsigned code;
  } aliases[] = {{"vccz", GCN_CODE_VCCZ}, {"execz", GCN_CODE_EXECZ}, {"scc", GCN_CODE_SCC}};
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++) {
    if (strcmp(name, aliases[i].name) == 0) {
      *code = aliases[i].code;
      *width = 32;
      return true;
    }
  }
  char buf[48];
  for (unsigned c = 0; c < 256; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_SPECIAL && k != GCN_OPND_READONLY) continue;
    for (unsigned w = 32; w <= 64; w += 32) {
      if (k == GCN_OPND_READONLY && w == 64) continue;
      if (gcn_operand_reg_name(gen, c, w, buf, sizeof buf) && strcmp(buf, name) == 0 &&
          strncmp(buf, "ttmp", 4) != 0) {
        *code = c;
        *width = w;
        return true;
      }
    }
  }
  return false;
}

/* f32, f64 and f16 encodings of 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2pi). */
static const uint32_t inline_f32[9] = {0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000,
                                       0xC0000000, 0x40800000, 0xC0800000, 0x3E22F983};
static const uint64_t inline_f64[9] = {
    0x3FE0000000000000ull, 0xBFE0000000000000ull, 0x3FF0000000000000ull,
    0xBFF0000000000000ull, 0x4000000000000000ull, 0xC000000000000000ull,
    0x4010000000000000ull, 0xC010000000000000ull, 0x3FC45F306DC9C882ull};
static const uint16_t inline_f16[9] = {0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000,
                                       0xC000, 0x4400, 0xC400, 0x3118};

uint64_t gcn_inline_value(gcn_gen gen, unsigned code, gcn_type type) {
  (void)gen;
  unsigned bits = gcn_type_bits(type);
  if (code >= GCN_CODE_ZERO && code <= GCN_CODE_INT_NEG_MAX) {
    int64_t v = code <= GCN_CODE_INT_MAX ? (int64_t)(code - GCN_CODE_ZERO)
                                         : -(int64_t)(code - GCN_CODE_INT_MAX);
    uint64_t u = (uint64_t)v;
    return bits == 64 ? u : u & ((1ull << bits) - 1); /* raw pattern, sign-extended */
  }
  unsigned i = code == GCN_CODE_INV_2PI ? 8 : code - GCN_CODE_FLOAT_MIN;
  if (bits == 64) return inline_f64[i];
  if (type == GCN_T_F16 || type == GCN_T_I16F) return inline_f16[i];
  if (bits == 16) return inline_f32[i] & 0xFFFF; /* I16/U16: low half of the f32 encoding */
  return inline_f32[i];
}

const char *gcn_inline_text(gcn_gen gen, unsigned code, gcn_type type) {
  static const char *ints[] = {
      "0",  "1",  "2",  "3",  "4",  "5",  "6",  "7",  "8",  "9",  "10", "11", "12",
      "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25",
      "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38",
      "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49", "50", "51",
      "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64",
      "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-10", "-11", "-12", "-13",
      "-14", "-15", "-16"};
  (void)gen;
  if (code >= GCN_CODE_ZERO && code <= GCN_CODE_INT_NEG_MAX) return ints[code - GCN_CODE_ZERO];
  if (code == GCN_CODE_INV_2PI)
    return gcn_type_bits(type) == 64 ? "0.15915494309189532" : "0.15915494";
  return inline_float_names[code - GCN_CODE_FLOAT_MIN];
}

uint64_t gcn_literal_value(uint32_t literal, gcn_type type) {
  switch (type) {
    case GCN_T_I64: return (uint64_t)(int64_t)(int32_t)literal; /* signed: sign-extended */
    case GCN_T_F16: case GCN_T_I16: case GCN_T_U16: case GCN_T_B16: case GCN_T_I16F:
      return literal & 0xFFFF;
    default: return literal; /* 32-bit, and U64/B64 zero-extended */
  }
}

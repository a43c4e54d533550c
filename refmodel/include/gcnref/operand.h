/* gcnref: operand codes per generation (gcn_semantics.md section 1).
 *
 * A source operand is a 9-bit code (SOP fields are 8 bits: codes 0..255), a scalar
 * destination a 7-bit code. The same code can mean different registers, or nothing,
 * on different generations; everything that knows this lives in operand.c. */
#ifndef GCNREF_OPERAND_H
#define GCNREF_OPERAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnref/isa.h"

/* Well-known codes (the same on every generation), for code that names one register.
 * Which codes exist on which generation, and what they are worth, is the table's
 * (gcn_isa.tab @operands): operand.c reads it from there. */
enum {
  GCN_CODE_FLAT_SCRATCH_LO_VI = 102,
  GCN_CODE_FLAT_SCRATCH_LO_CI = 104,
  GCN_CODE_XNACK_MASK_LO = 104,
  GCN_CODE_VCC_LO = 106,
  GCN_CODE_VCC_HI = 107,
  GCN_CODE_TBA_LO = 108,
  GCN_CODE_TMA_LO = 110,
  GCN_CODE_M0 = 124,
  GCN_CODE_EXEC_LO = 126,
  GCN_CODE_EXEC_HI = 127,
  GCN_CODE_ZERO = GCN_TAB_INLINE_INT_ZERO, /* inline integers: gcn_isa.tab @operands */
  GCN_CODE_INT_MAX = GCN_TAB_INLINE_INT_MAX,         /* 64 */
  GCN_CODE_INT_NEG_MIN = GCN_TAB_INLINE_INT_MAX + 1, /* -1 */
  GCN_CODE_INT_NEG_MAX = GCN_TAB_INLINE_INT_NEG_MAX, /* -16 */
  GCN_CODE_SHARED_BASE = 235,
  GCN_CODE_POPS_EXITING_WAVE_ID = 239,
  GCN_CODE_FLOAT_MIN = 240, /* 0.5 */
  GCN_CODE_FLOAT_MAX = 247, /* -4.0 */
  GCN_CODE_INV_2PI = 248,
  GCN_CODE_VCCZ = 251,
  GCN_CODE_EXECZ = 252,
  GCN_CODE_SCC = 253,
  GCN_CODE_LDS_DIRECT = 254,
  GCN_CODE_LITERAL = GCN_TAB_LITERAL,
  GCN_CODE_VGPR0 = GCN_TAB_VGPR0,
};

typedef enum {
  GCN_OPND_ILLEGAL,      /* reserved or absent on this generation */
  GCN_OPND_SGPR,         /* s0..s(N-1) */
  GCN_OPND_SPECIAL,      /* named scalar register: vcc_lo, m0, exec_hi, ttmp3, ... */
  GCN_OPND_READONLY,     /* read-only source: src_vccz/execz/scc, apertures */
  GCN_OPND_INLINE_INT,   /* 0..64, -1..-16 */
  GCN_OPND_INLINE_FLOAT, /* +-0.5, +-1, +-2, +-4, 1/(2pi) */
  GCN_OPND_LITERAL,      /* 32-bit literal dword follows the instruction */
  GCN_OPND_VGPR,         /* v0..v255 */
} gcn_opnd_kind;

unsigned gcn_num_sgprs(gcn_gen gen);
unsigned gcn_num_ttmps(gcn_gen gen);
/* Code of ttmp0 on this generation (112, or 108 on gcn14). */
unsigned gcn_ttmp_base(gcn_gen gen);

gcn_opnd_kind gcn_operand_kind(gcn_gen gen, unsigned code);

/* Is CODE legal as a source of WIDTH bits (32 or 64) on GEN? 64-bit register operands
 * must name an aligned pair (s[2n:2n+1], vcc, exec, ttmp[2n:2n+1], ...). */
bool gcn_operand_legal_src(gcn_gen gen, unsigned code, unsigned width);
/* Is CODE (7-bit) legal as a scalar destination of WIDTH bits on GEN? */
bool gcn_operand_legal_sdst(gcn_gen gen, unsigned code, unsigned width);

/* Canonical LLVM name of a register or read-only source: "s5", "s[2:3]", "vcc",
 * "ttmp[4:5]", "src_scc", "v7". Returns false when CODE has no such name at WIDTH. */
bool gcn_operand_reg_name(gcn_gen gen, unsigned code, unsigned width, char *buf, size_t len);
/* Inverse of gcn_operand_reg_name: parses a register name; sets *code and *width. */
bool gcn_operand_parse_reg(gcn_gen gen, const char *name, unsigned *code, unsigned *width);

/* Bit pattern of an inline constant code for an operand of TYPE (sign/zero/float
 * extended to the operand width, gcn_semantics.md section 1 table). */
uint64_t gcn_inline_value(gcn_gen gen, unsigned code, gcn_type type);
/* Text of an inline constant for an operand of TYPE, as LLVM prints it. */
const char *gcn_inline_text(gcn_gen gen, unsigned code, gcn_type type);
/* Value of a 32-bit literal dword when read as an operand of TYPE. */
uint64_t gcn_literal_value(uint32_t literal, gcn_type type);

#endif

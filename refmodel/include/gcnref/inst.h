/* gcnref: decoded instructions; decoder, encoder, disassembler and assembler. */
#ifndef GCNREF_INST_H
#define GCNREF_INST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnref/isa.h"

/* A decoded instruction. Operand codes are 9-bit source codes (operand.h); for VOP2 the
 * VSRC1 field is stored as a source code (256 + VGPR), or, for v_readlane/v_writelane,
 * as the scalar code of the lane select. */
typedef struct {
  const gcn_inst_desc *desc;
  gcn_gen gen;
  gcn_enc enc;
  uint8_t size;     /* 4 or 8 bytes */
  uint16_t vdst;    /* VOP: VGPR number, or the SGPR code of v_readlane */
  uint16_t sdst;    /* SOP SDST, VOP3B SDST (7-bit code); SOPK's register (also src[0] when read) */
  uint16_t src[3];  /* source codes; src[2] is VOP3's SRC2 (carry-in / select mask) */
  uint16_t simm16;  /* SOPP, SOPK SIMM16; s_set_gpr_idx_on's SSRC1 immediate (SOPC) */
  uint32_t literal; /* the literal dword, or the K constant of v_madmk/v_madak */
  bool has_literal;
  uint8_t abs;      /* VOP3A: bit n = |src n| */
  uint8_t neg;      /* VOP3: bit n = -src n */
  uint8_t omod;     /* 0 none, 1 *2, 2 *4, 3 /2 */
  bool clamp;
  /* SDWA and DPP forms (gcn12+, the *_SDWA / *_DPP encodings; abs, neg, clamp and omod
   * above hold their modifiers; docs/sdwa_dpp.md). */
  uint8_t sel[2];     /* SDWA src0_sel, src1_sel: 0..3 BYTE_n, 4 WORD_0, 5 WORD_1, 6 DWORD */
  uint8_t sext;       /* SDWA: bit n = sext(src n) */
  uint8_t dst_sel;    /* SDWA: as sel */
  uint8_t dst_unused; /* SDWA: 0 UNUSED_PAD, 1 UNUSED_SEXT, 2 UNUSED_PRESERVE */
  bool sd;            /* gcn14 VOPC SDWA: the result goes to the SGPR pair sdst (else VCC) */
  uint16_t dpp_ctrl;  /* DPP: quad_perm, row_shl, ... (docs/sdwa_dpp.md) */
  uint8_t row_mask, bank_mask;
  bool bound_ctrl;    /* DPP: an invalid source lane reads 0 (else the lane is not written) */
  uint8_t opsel;    /* VOP3P OP_SEL: bit n = the low result reads src n's high half */
  uint8_t opsel_hi; /* VOP3P OP_SEL_HI: bit n = the high result reads src n's high half */
  uint8_t neg_hi;   /* VOP3P NEG_HI of the packed ops (v_mad_mix*: the field is abs, in ABS) */
} gcn_inst;

typedef struct {
  char msg[256];
} gcn_error;

/* Formats a message into ERR (when not NULL) and returns -1. Control bytes in the result
 * (from the input quoted) are escaped (gcn_escape_controls). */
int gcn_fail(gcn_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Rewrites, in place, each control byte of the string TEXT (buffer CAP bytes) as \xNN
 * (tab, CR, ESC, DEL ...): a message never carries raw terminal control from its input. */
void gcn_escape_controls(char *text, size_t cap);

/* Is this a VOP3 encoding of a VOP2 instruction? */
static inline bool gcn_inst_is_vop3(const gcn_inst *in) {
  return in->enc == GCN_ENC_VOP3A || in->enc == GCN_ENC_VOP3B;
}

/* Is this an SDWA form (src0 = 0xf9), a DPP form (src0 = 0xfa)? */
static inline bool gcn_inst_is_sdwa(const gcn_inst *in) {
  return in->enc == GCN_ENC_VOP1_SDWA || in->enc == GCN_ENC_VOP2_SDWA || in->enc == GCN_ENC_VOPC_SDWA;
}
static inline bool gcn_inst_is_dpp(const gcn_inst *in) {
  return in->enc == GCN_ENC_VOP1_DPP || in->enc == GCN_ENC_VOP2_DPP;
}
/* Is this a VOP3P (packed math, gcn14) instruction? */
static inline bool gcn_inst_is_vop3p(const gcn_inst *in) { return in->enc == GCN_ENC_VOP3P; }

/* Decodes one instruction from WORDS (little-endian dwords already assembled), of which
 * N are available. Returns 0, or -1 with a message naming what was expected. */
int gcn_decode(gcn_gen gen, const uint32_t *words, size_t n, gcn_inst *out, gcn_error *err);
/* Decodes from bytes. */
int gcn_decode_bytes(gcn_gen gen, const uint8_t *bytes, size_t n, gcn_inst *out, gcn_error *err);

/* Checks that IN is a legal instruction for its generation (operand codes, widths,
 * alignment, constant bus and literal limits, modifiers). 0 or -1 with a message. */
int gcn_validate(const gcn_inst *in, gcn_error *err);

/* Encodes IN into 1 or 2 dwords; returns the dword count. IN must be valid. */
unsigned gcn_encode(const gcn_inst *in, uint32_t words[2]);

/* Canonical LLVM AMDGPU text. A literal whose value the assembler would encode as an
 * inline constant is printed lit(0x...) so that the text assembles to the same bytes
 * (docs/semantics.md, "Non-canonical literals"). */
void gcn_disasm(const gcn_inst *in, char *buf, size_t len);
/* Does the literal dword LITERAL of a source of TYPE, written as a plain number, assemble
 * to an inline constant (and so need lit(...) to stay a literal)? */
bool gcn_literal_needs_lit(gcn_gen gen, gcn_type type, uint32_t literal);

/* Assembles one line of text (no comment, no label). 0 or -1 with a message that names
 * the offending token and what was expected. */
int gcn_assemble(gcn_gen gen, const char *text, gcn_inst *out, gcn_error *err);

/* Where an instruction is assembled: its address, and the labels a branch target may name
 * (LABEL returns true and the label's address, or false for an undefined label). */
typedef struct {
  uint64_t pc;
  bool (*label)(void *ctx, const char *name, uint64_t *addr);
  void *ctx;
} gcn_asm_ctx;

/* gcn_assemble at an address, with labels (ACTX may be NULL: no labels, PC 0). */
int gcn_assemble_at(gcn_gen gen, const char *text, const gcn_asm_ctx *actx, gcn_inst *out, gcn_error *err);

/* Width in bits of the operand with ROLE (32 or 64; 16-bit types read 32-bit registers). */
unsigned gcn_operand_width(const gcn_inst_desc *d, gcn_role role);

#endif

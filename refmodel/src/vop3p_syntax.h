/* gcnref internal: the VOP3P encoding (gcn14 packed math) and the op_sel family of
 * modifiers: decode, encode, validation, printing and parsing (vop3p_syntax.c). The field
 * layout is in gcn_isa.tab (@encodings VOP3P); the rules llvm-mc 14 applies are in
 * docs/semantics.md, "VOP3P". */
#ifndef GCNREF_VOP3P_SYNTAX_H
#define GCNREF_VOP3P_SYNTAX_H

#include <stddef.h>
#include <stdint.h>

#include "gcnref/inst.h"

/* Sources of a VOP3P row (2 or 3). */
unsigned gcn_vop3p_nsrc(const gcn_inst_desc *d);

/* Fills OUT's fields from a VOP3P word pair (E is the VOP3P encoding). */
void gcn_vop3p_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *out);
/* Sets the VOP3P field values of IN in V (indexed by GCN_FLD_*). */
void gcn_vop3p_encode(const gcn_inst *in, uint32_t *v);
/* The VOP3P modifier rules (unused sources carry no modifier bits, no OMOD). */
int gcn_vop3p_validate(const gcn_inst *in, gcn_error *err);
/* Appends the modifiers as llvm-mc 14 prints them (op_sel, op_sel_hi, neg_lo, neg_hi,
 * clamp) to BUF (a string of capacity LEN). */
void gcn_vop3p_print_mods(const gcn_inst *in, char *buf, size_t len);

/* The op_sel family written after the operands: op_sel:[..], op_sel_hi:[..], neg_lo:[..],
 * neg_hi:[..]; bit n of each value is element n of its list. */
typedef struct {
  uint8_t value[4];
  uint8_t given; /* bit k: modifier k was written */
} gcn_opsel_mods;
/* TOK (one space-free word): 1 when it is one of the family (stored in M), 0 when it is
 * not, -1 with a message when it is malformed or repeated. */
int gcn_opsel_parse(const char *tok, gcn_opsel_mods *m, gcn_error *err);
/* Applies M to the assembled IN (defaults where not written) and validates it again. */
int gcn_opsel_apply(const gcn_opsel_mods *m, gcn_inst *in, gcn_error *err);

/* gcn14 VOP3 op_sel (rows flagged opsel): IN->opsel bit n = source n's high half, bit 3 =
 * VDST's high half. The rules llvm-mc 14 applies (no bit for an absent src2). */
int gcn_opsel_validate(const gcn_inst *in, gcn_error *err);
/* Appends " op_sel:[s0,s1,(s2,)dst]" to BUF (capacity LEN). */
void gcn_opsel_print(const gcn_inst *in, char *buf, size_t len);

/* The inline constant code llvm-mc 14 picks for a value written for a packed operand
 * (isInlinableLiteralV216: a 16-bit value, or a dword whose halves are equal), or 0. */
unsigned gcn_packed_inline_code(gcn_gen gen, uint32_t value);

#endif

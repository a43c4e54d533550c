/* gcnref internal: the SOPC, SOPK and SOPP operand forms that are neither registers nor
 * plain constants: branch offsets and labels, s_waitcnt counters, hwreg(...), sendmsg(...),
 * gpr_idx(...), the SOPK immediates and s_setreg_imm32_b32's literal (sop_syntax.c). The
 * field layouts and names come from the table's @symbols section; the printed forms are
 * llvm-mc 14's. */
#ifndef GCNREF_SOP_SYNTAX_H
#define GCNREF_SOP_SYNTAX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnref/inst.h"

/* After the fields of a SOPC/SOPK/SOPP word are read: s_set_gpr_idx_on's SSRC1 is an
 * immediate (simm16), a SOPK register that is only read is also src[0]. */
void gcn_sop_fields_decode(gcn_inst *in);

/* Immediate rules: no immediate bits where the instruction takes none, no s_waitcnt bits
 * outside its counters. 0 or -1 with a message. */
int gcn_sop_imm_validate(const gcn_inst *in, gcn_error *err);

/* Text of the IMM operand (of its table type) as llvm-mc 14 prints it. */
void gcn_sop_imm_print(const gcn_inst *in, char *buf, size_t len);
/* Text of the K operand of a SOPK (s_setreg_imm32_b32's IMM32). */
void gcn_sop_lit_print(const gcn_inst *in, char *buf, size_t len);

/* Parses TEXT as the IMM operand of D (type T) into *OUT; ACTX resolves labels of branch
 * targets (the instruction is at ACTX->pc). */
int gcn_sop_imm_parse(gcn_gen gen, const gcn_inst_desc *d, gcn_type t, const char *text,
                      const gcn_asm_ctx *actx, uint16_t *out, gcn_error *err);

/* An integer as llvm-mc reads it: decimal, 0x hex, 0b binary, 0 octal, optional '-' (asm.c). */
bool gcn_asm_parse_int(const char *s, long long *out);

#endif

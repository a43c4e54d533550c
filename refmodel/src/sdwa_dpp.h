/* gcnref internal: the SDWA and DPP forms of VOP1/VOP2/VOPC (gcn12, gcn14).
 *
 * They are the VOP1/VOP2/VOPC words whose SRC0 is 0xf9 (SDWA) or 0xfa (DPP); the second
 * dword's layout is the table's *_SDWA / *_DPP encodings. decode.c, asm.c, disasm.c and
 * valu.c call these hooks; the forms themselves live here (docs/sdwa_dpp.md):
 * sdwa.c (fields, rules, sub-dword selection), dpp.c (fields, rules, lane permutation),
 * sdwa_dpp_syntax.c (the modifiers' text). */
#ifndef GCNREF_SDWA_DPP_H
#define GCNREF_SDWA_DPP_H
#include <stdbool.h>
#include <stdint.h>

#include "gcnref/inst.h"
#include "gcnref/state.h"

/* Fills IN's SDWA/DPP fields and sources from WORDS (encoding E). 0, or -1 with a message. */
int gcn_sdwa_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *in, gcn_error *err);
int gcn_dpp_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *in, gcn_error *err);
/* Sets the encoding's field values VALUES[GCN_FLD_*] from IN (gcn_encode). */
void gcn_sdwa_dpp_encode(const gcn_inst *in, uint32_t *values);
/* The form's own rules (which rows, source kinds, modifiers, field values). */
int gcn_sdwa_validate(const gcn_inst *in, gcn_error *err);
int gcn_dpp_validate(const gcn_inst *in, gcn_error *err);
/* Is DPP_CTRL value C a control (not reserved)? */
bool gcn_dpp_ctrl_legal(unsigned c);

/* Execution (64 lanes): SDWA selects the sources' parts in place and merges the result
 * into the old VDST; DPP replaces SRC0's lanes by their source lanes and returns the lanes
 * that may write (row, bank and invalid-source masking), which the caller ANDs with EXEC. */
void gcn_sdwa_select_sources(const gcn_inst *in, uint32_t *s0, uint32_t *s1);
/* One value X through selector SEL (0..6), sign-extended with SEXT. */
uint32_t gcn_sdwa_select(uint32_t x, unsigned sel, bool sext);
void gcn_sdwa_merge_dst(const gcn_inst *in, uint32_t *r, const uint32_t *old);
uint64_t gcn_dpp_permute(const gcn_inst *in, uint32_t *s0, uint64_t exec);
/* The lane whose SRC0 lane LANE reads under DPP_CTRL CTRL; GCN_WAVE_SIZE when out of range. */
unsigned gcn_dpp_source_lane(unsigned ctrl, unsigned lane);

/* Text: the mnemonic suffix ("_sdwa", "_dpp" or ""), the trailing modifiers, and the
 * assembler's parse of one modifier token (1 taken, 0 not a modifier of the form, -1 error). */
const char *gcn_sdwa_dpp_suffix(const gcn_inst *in);
void gcn_sdwa_dpp_print_mods(const gcn_inst *in, char *buf, size_t len);
int gcn_sdwa_dpp_parse_mod(gcn_inst *in, const char *tok, gcn_error *err);
#endif

/* capability.h: a DUT capability file (docs/retire.md, "The capability file"): the
 * generations, instructions and operand forms a design under test implements. The
 * generator restricts its vectors to it (gcn_capability_restrict) and the retire-mode
 * checker reports a retired instruction outside it (gcn_capability_allows). */
#ifndef GCNVEC_CAPABILITY_H
#define GCNVEC_CAPABILITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gen.h"

/* Operand forms ("forms" line). */
enum {
  GCN_CAP_VOP3 = 1u << 0,      /* the VOP3 (_e64) encoding of a VOP2 instruction */
  GCN_CAP_MODIFIERS = 1u << 1, /* VOP3 abs, neg, omod, clamp */
  GCN_CAP_LITERAL = 1u << 2,   /* a 32-bit literal constant */
  GCN_CAP_SPECIAL = 1u << 3,   /* scalar operands other than SGPRs, VCC, EXEC, M0 */
  GCN_CAP_ILLEGAL = 1u << 4,   /* vectors with a deliberately illegal encoding */
  GCN_CAP_SDWA = 1u << 5,      /* the SDWA form (gcn12/gcn14) of VOP1/VOP2/VOPC instructions */
  GCN_CAP_DPP = 1u << 6,       /* the DPP form (gcn12/gcn14) of VOP1/VOP2 instructions, the dpp stream */
};

typedef struct {
  char name[256];             /* the file, for messages */
  uint8_t gens;               /* bit g: generation g */
  uint8_t op[GCN_OP_COUNT];   /* 1: the instruction is implemented */
  unsigned forms;             /* GCN_CAP_* */
  unsigned streams;           /* bit s: generator stream s (gen.h gcn_stream) may be used */
} gcn_capability;

/* Everything: every generation, instruction, form and stream (a DUT without a file). */
void gcn_capability_all(gcn_capability *cap);
/* Parses a capability file from F (NAME in messages): 0, or -1 with
 * "NAME:LINE: error: expected ..." in ERR. */
int gcn_capability_parse(FILE *f, const char *name, gcn_capability *cap, gcn_error *err);
int gcn_capability_load(const char *path, gcn_capability *cap, gcn_error *err);
/* Does the DUT implement IN on generation GEN? If not, WHY says what is missing
 * ("v_mul_hi_u32 is not listed", "the VOP3 (_e64) form of v_add_i32: forms lacks vop3"). */
bool gcn_capability_allows(const gcn_capability *cap, gcn_gen gen, const gcn_inst *in, char *why, size_t size);

/* Restricts profile P for generation GEN to CAP: instructions outside it get weight 0,
 * streams not listed are off, and the forms it lacks are never chosen (vop3, modifiers,
 * literal operands, special operands and destinations, illegal encodings; s_rfe_* unless
 * listed). 0, or -1 when CAP leaves nothing to generate on GEN (ERR says why). */
int gcn_capability_restrict(const gcn_capability *cap, gcn_gen gen, gcn_profile *p, gcn_error *err);/* Loads the capability file PATH and restricts P with it (the two above). */
int gcn_capability_restrict_file(const char *path, gcn_gen gen, gcn_profile *p, gcn_error *err);

#endif

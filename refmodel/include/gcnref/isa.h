/* gcnref: instruction facts, as generated from refmodel/isa/gcn_isa.tab. */
#ifndef GCNREF_ISA_H
#define GCNREF_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { GCN10, GCN11, GCN12, GCN14, GCN_GEN_COUNT } gcn_gen;

/* Instruction classes of the table. A VOP2 row also stands for its VOP3 form. */
typedef enum { GCN_CLASS_SOP1, GCN_CLASS_SOP2, GCN_CLASS_SOPP, GCN_CLASS_VOP2 } gcn_class;

/* Concrete encodings of a decoded instruction. */
typedef enum {
  GCN_ENC_SOP1,
  GCN_ENC_SOP2,
  GCN_ENC_SOPP,
  GCN_ENC_VOP2,
  GCN_ENC_VOP3A,
  GCN_ENC_VOP3B
} gcn_enc;

typedef enum {
  GCN_T_B32,
  GCN_T_B64,
  GCN_T_I32,
  GCN_T_U32,
  GCN_T_I64,
  GCN_T_U64,
  GCN_T_F32,
  GCN_T_F16,
  GCN_T_I16,
  GCN_T_U16,
  GCN_T_B16,
  GCN_T_I16F, /* i16 whose inline constants read as f16 (src1 of v_ldexp_f16) */
} gcn_type;

typedef enum {
  GCN_ROLE_D,   /* destination */
  GCN_ROLE_S0,  /* first source */
  GCN_ROLE_S1,  /* second source */
  GCN_ROLE_CO,  /* carry-out mask: VCC (VOP2) or SDST (VOP3B) */
  GCN_ROLE_CI,  /* carry-in / select mask: VCC (VOP2) or SRC2 (VOP3) */
  GCN_ROLE_K,   /* madmk/madak literal */
  GCN_ROLE_IMM, /* SOPP simm16 */
  GCN_ROLE_COUNT
} gcn_role;

/* Implicit state, for R:/W: flags. */
enum {
  GCN_IMPL_SCC = 1u << 0,
  GCN_IMPL_EXEC = 1u << 1,
  GCN_IMPL_VCC = 1u << 2,
  GCN_IMPL_M0 = 1u << 3,
  GCN_IMPL_PC = 1u << 4,
  GCN_IMPL_MODE = 1u << 5,
};

/* Instruction flags. */
enum {
  GCN_F_OMOD = 1u << 0,
  GCN_F_ICLAMP = 1u << 1,
  GCN_F_TIED = 1u << 2,
  GCN_F_READLANE = 1u << 3,
  GCN_F_WRITELANE = 1u << 4,
  GCN_F_NOVOP3 = 1u << 5,
  GCN_F_NOMODEL = 1u << 6,
  GCN_F_NODST = 1u << 7,
  GCN_F_NOSRC = 1u << 8,
  GCN_F_ENDPGM = 1u << 9,
  GCN_F_SGPRDST = 1u << 10,
  GCN_F_SREGSRC = 1u << 11,
  GCN_F_NOLIT = 1u << 12,
};

#define GCN_MAX_OPERANDS 5

typedef struct {
  uint8_t role; /* gcn_role */
  uint8_t type; /* gcn_type */
} gcn_operand_desc;

typedef struct {
  const char *id;                        /* upper-case table id, e.g. "V_ADD_CO_U32" */
  const char *mnemonic[GCN_GEN_COUNT];   /* NULL where the generation lacks it */
  int16_t opcode[GCN_GEN_COUNT];         /* -1 where absent; VOP2 opcode for VOP2 rows */
  uint8_t cls;                           /* gcn_class */
  uint8_t n_operands;
  gcn_operand_desc operand[GCN_MAX_OPERANDS];
  int8_t operand_of_role[GCN_ROLE_COUNT]; /* index into operand[], or -1 */
  uint8_t implicit_reads;  /* GCN_IMPL_* */
  uint8_t implicit_writes; /* GCN_IMPL_* */
  uint16_t flags;          /* GCN_F_* */
} gcn_inst_desc;

#include "gcn_isa_gen.h" /* enum gcn_op (GCN_OP_<ID>), GCN_OP_COUNT, gcn_isa[] */

/* VOP3 opcode of a VOP2 instruction (the same mapping on every generation). */
#define GCN_VOP3_FROM_VOP2(op) (0x100 + (op))

const char *gcn_gen_name(gcn_gen gen);
/* Accepts gcn10/gcn11/gcn12/gcn14 and the aliases gfx6/si, gfx7/ci, gfx8/vi, gfx9/vega.
 * Returns false for anything else. */
bool gcn_gen_parse(const char *text, gcn_gen *out);
const char *gcn_type_name(gcn_type t);
static inline unsigned gcn_type_bits(gcn_type t) {
  switch (t) {
    case GCN_T_B64: case GCN_T_I64: case GCN_T_U64: return 64;
    case GCN_T_F16: case GCN_T_I16: case GCN_T_U16: case GCN_T_B16: case GCN_T_I16F: return 16;
    default: return 32;
  }
}
bool gcn_type_is_float(gcn_type t);
bool gcn_type_is_signed(gcn_type t);

/* Table lookups. They return NULL when nothing matches. */
const gcn_inst_desc *gcn_isa_by_opcode(gcn_gen gen, gcn_class cls, unsigned opcode);
const gcn_inst_desc *gcn_isa_by_mnemonic(gcn_gen gen, const char *mnemonic);
const gcn_operand_desc *gcn_isa_operand(const gcn_inst_desc *d, gcn_role role);
static inline enum gcn_op gcn_isa_op(const gcn_inst_desc *d) { return (enum gcn_op)(d - gcn_isa); }

#endif

/* gcnref: the integer compares of VOPC and their VOP3 forms (v_cmp_* and v_cmpx_* on i16,
 * u16, i32, u32, i64, u64), read against clrx/GcnInstrsVopc.md: bit LANE of the result is
 * (TYPE)SRC0 OP (TYPE)SRC1; F gives 0 and T (TRU) 1. valu.c writes the mask to VCC or the
 * VOP3 SGPR pair, with the bits of inactive lanes 0, and v_cmpx also to EXEC. The float
 * compares and v_cmp_class belong to the float files. */
#include "valu.h"

/* REL(T, ...) lists the eight relations of type T, v_cmp and v_cmpx alike. */
#define I64_0 ((int64_t)S0_64)
#define I64_1 ((int64_t)S1_64)

gcn_valu_result gcn_valu_cmp(gcn_valu *v, enum gcn_op op) {
  switch (op) {
#define REL(T, X, Y)                                          \
    case GCN_OP_V_CMP_F_##T: case GCN_OP_V_CMPX_F_##T: CMP(0); break;  \
    case GCN_OP_V_CMP_LT_##T: case GCN_OP_V_CMPX_LT_##T: CMP((X) < (Y)); break;   \
    case GCN_OP_V_CMP_EQ_##T: case GCN_OP_V_CMPX_EQ_##T: CMP((X) == (Y)); break;  \
    case GCN_OP_V_CMP_LE_##T: case GCN_OP_V_CMPX_LE_##T: CMP((X) <= (Y)); break;  \
    case GCN_OP_V_CMP_GT_##T: case GCN_OP_V_CMPX_GT_##T: CMP((X) > (Y)); break;   \
    case GCN_OP_V_CMP_NE_##T: case GCN_OP_V_CMPX_NE_##T: CMP((X) != (Y)); break;  \
    case GCN_OP_V_CMP_GE_##T: case GCN_OP_V_CMPX_GE_##T: CMP((X) >= (Y)); break;  \
    case GCN_OP_V_CMP_T_##T: case GCN_OP_V_CMPX_T_##T: CMP(1); break;
    REL(I16, I16(S0), I16(S1))
    REL(U16, S0_16, S1_16)
    REL(I32, I32(S0), I32(S1))
    REL(U32, S0, S1)
    REL(I64, I64_0, I64_1)
    REL(U64, S0_64, S1_64)
#undef REL
    default: return GCN_VALU_NONE;
  }
  return GCN_VALU_MASK;
}

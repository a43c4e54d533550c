/* gcnref vectors: the generator's vocabulary (the names of groups, streams, operand classes,
 * EXEC and MODE patterns, as profiles spell them) and the group of each instruction. */
#include "gen_priv.h"

const char *const gen_group_names[GCN_GRP_COUNT] = {
    "salu_arith", "salu_logic", "salu_bits", "salu_exec", "salu_movrel", "salu_pc", "nop",
    "valu_int",   "valu_carry", "valu_int16", "valu_f32", "valu_f16",    "valu_lane"};
const char *const gen_stream_names[GCN_STREAM_COUNT] = {"carry", "saveexec", "movrel",
                                                           "hazard", "branch", "fork"};
const char *const gen_opclass_names[GCN_OPC_COUNT] = {"sgpr", "vgpr", "special", "inline", "literal"};
const char *const gen_exec_names[GCN_EXEC_COUNT] = {"all", "off", "one", "alternating", "half", "random"};
const char *const gen_mode_names[GCN_MODE_COUNT] = {"default", "round", "denorm", "random", "csp"};

const char *gcn_group_name(gcn_group g) { return g < GCN_GRP_COUNT ? gen_group_names[g] : "?"; }
const char *gcn_stream_name(gcn_stream s) { return s < GCN_STREAM_COUNT ? gen_stream_names[s] : "?"; }

int gcn_group_of(const gcn_inst_desc *d) {
  switch (gcn_isa_op(d)) {
    case GCN_OP_S_ENDPGM: case GCN_OP_S_SETPC_B64: case GCN_OP_S_SWAPPC_B64:
    case GCN_OP_S_CBRANCH_G_FORK: case GCN_OP_S_CBRANCH_JOIN: case GCN_OP_S_RFE_B64:
    case GCN_OP_S_RFE_RESTORE_B64:
      return -1;
    case GCN_OP_S_NOP: return GCN_GRP_NOP;
    case GCN_OP_S_GETPC_B64: return GCN_GRP_SALU_PC;
    case GCN_OP_S_MOVRELS_B32: case GCN_OP_S_MOVRELS_B64: case GCN_OP_S_MOVRELD_B32:
    case GCN_OP_S_MOVRELD_B64: case GCN_OP_S_SET_GPR_IDX_IDX:
      return GCN_GRP_SALU_MOVREL;
    case GCN_OP_S_ADD_U32: case GCN_OP_S_SUB_U32: case GCN_OP_S_ADD_I32: case GCN_OP_S_SUB_I32:
    case GCN_OP_S_ADDC_U32: case GCN_OP_S_SUBB_U32: case GCN_OP_S_MIN_I32: case GCN_OP_S_MIN_U32:
    case GCN_OP_S_MAX_I32: case GCN_OP_S_MAX_U32: case GCN_OP_S_ABSDIFF_I32: case GCN_OP_S_MUL_I32:
    case GCN_OP_S_MUL_HI_U32: case GCN_OP_S_MUL_HI_I32: case GCN_OP_S_LSHL1_ADD_U32:
    case GCN_OP_S_LSHL2_ADD_U32: case GCN_OP_S_LSHL3_ADD_U32: case GCN_OP_S_LSHL4_ADD_U32:
    case GCN_OP_S_ABS_I32:
      return GCN_GRP_SALU_ARITH;
    case GCN_OP_S_AND_B32: case GCN_OP_S_AND_B64: case GCN_OP_S_OR_B32: case GCN_OP_S_OR_B64:
    case GCN_OP_S_XOR_B32: case GCN_OP_S_XOR_B64: case GCN_OP_S_ANDN2_B32: case GCN_OP_S_ANDN2_B64:
    case GCN_OP_S_ORN2_B32: case GCN_OP_S_ORN2_B64: case GCN_OP_S_NAND_B32: case GCN_OP_S_NAND_B64:
    case GCN_OP_S_NOR_B32: case GCN_OP_S_NOR_B64: case GCN_OP_S_XNOR_B32: case GCN_OP_S_XNOR_B64:
    case GCN_OP_S_NOT_B32: case GCN_OP_S_NOT_B64: case GCN_OP_S_MOV_B32: case GCN_OP_S_MOV_B64:
    case GCN_OP_S_CMOV_B32: case GCN_OP_S_CMOV_B64: case GCN_OP_S_CSELECT_B32:
    case GCN_OP_S_CSELECT_B64: case GCN_OP_S_MOV_REGRD_B32: case GCN_OP_S_MOV_FED_B32:
      return GCN_GRP_SALU_LOGIC;
    default: break;
  }
  if (d->cls == GCN_CLASS_SOP1 && (d->implicit_writes & GCN_IMPL_EXEC)) return GCN_GRP_SALU_EXEC;
  if (d->cls != GCN_CLASS_VOP2) return GCN_GRP_SALU_BITS;
  if (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) return GCN_GRP_VALU_LANE;
  if (gcn_isa_operand(d, GCN_ROLE_CO)) return GCN_GRP_VALU_CARRY;
  const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D), *s0 = gcn_isa_operand(d, GCN_ROLE_S0);
  if (dst->type == GCN_T_F16 || (s0 && s0->type == GCN_T_F16)) return GCN_GRP_VALU_F16;
  if (d->implicit_reads & GCN_IMPL_MODE) return GCN_GRP_VALU_F32;
  if (gcn_type_bits((gcn_type)dst->type) == 16) return GCN_GRP_VALU_INT16;
  return GCN_GRP_VALU_INT;
}

/* gcnref: the 16-bit integer VOP3-only instructions of gcn12/gcn14 (v_mad_u16/i16 and their
 * gcn14 *_legacy twins, v_min3/max3/med3 of 16 bits, gcn14's v_add_i16/v_sub_i16) and the
 * packing VOP1 v_sat_pk_u8_i16 (gcn14). Each case is the operation line of its page
 * (clrx/GcnInstrsVop3.md, GcnInstrsVop1.md) with the corrections of gcn_semantics.md
 * (section 8 list item 11: v_add_i16's clamp thresholds are 0x7FFF / -0x8000).
 * Integer CLAMP saturates the exact result to the 16-bit type (docs/semantics.md); the
 * high half of VDST is zeroed, or kept on gcn14's op_sel-capable ops (gcn_valu_keeps_high16). */
#include "valu.h"

/* The low 16 bits of D from the exact result X: saturated to u16 / i16 under CLAMP. */
static inline uint32_t res_u16(const gcn_valu *v, uint32_t x) { return v->clamp_int ? gcn_sat_u16(x) : x & 0xFFFFu; }
static inline uint32_t res_i16(const gcn_valu *v, int32_t x) {
  return v->clamp_int ? gcn_sat_i16(x) : (uint32_t)x & 0xFFFFu;
}

/* V_SAT_PK_U8_I16: each signed 16-bit half clamped to 0..255, packed into bits 15:0. */
static inline uint32_t sat_u8(int32_t x) { return (uint32_t)(x < 0 ? 0 : x > 255 ? 255 : x); }
static inline uint32_t sat_pk_u8_i16(uint32_t s) {
  return sat_u8((int16_t)(uint16_t)s) | sat_u8((int16_t)(uint16_t)(s >> 16)) << 8;
}

static bool int16_op(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MAD_U16: case GCN_OP_V_MAD_LEGACY_U16: VOP(res_u16(v, S0_16 * S1_16 + S2_16)); break;
    case GCN_OP_V_MAD_I16: case GCN_OP_V_MAD_LEGACY_I16: VOP(res_i16(v, I16(S0) * I16(S1) + I16(S2))); break;
    case GCN_OP_V_MIN3_I16: VOP((uint16_t)MIN3(I16(S0), I16(S1), I16(S2))); break;
    case GCN_OP_V_MIN3_U16: VOP(MIN3(S0_16, S1_16, S2_16)); break;
    case GCN_OP_V_MAX3_I16: VOP((uint16_t)MAX3(I16(S0), I16(S1), I16(S2))); break;
    case GCN_OP_V_MAX3_U16: VOP(MAX3(S0_16, S1_16, S2_16)); break;
    case GCN_OP_V_MED3_I16: VOP((uint16_t)(MED3(I16(S0), I16(S1), I16(S2)))); break;
    case GCN_OP_V_MED3_U16: VOP((MED3(S0_16, S1_16, S2_16))); break;
    case GCN_OP_V_ADD_I16: VOP(res_i16(v, I16(S0) + I16(S1))); break;
    case GCN_OP_V_SUB_I16: VOP(res_i16(v, I16(S0) - I16(S1))); break;
    default: return false;
  }
  return true;
}

gcn_valu_result gcn_valu_int16(gcn_valu *v, enum gcn_op op) {
  if (op == GCN_OP_V_SAT_PK_U8_I16) {
    VOP(sat_pk_u8_i16(S0));
    return GCN_VALU_LANES;
  }
  if (!int16_op(v, op)) return GCN_VALU_NONE;
  if (gcn_valu_keeps_high16(v->in->desc, v->st->gen))
    FOR_LANES v->r[lane] = (v->r[lane] & 0xFFFFu) | (OLD & 0xFFFF0000u);
  return GCN_VALU_LANES;
}

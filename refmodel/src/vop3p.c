/* gcnref: VOP3P semantics (gcn14 packed math, clrx/GcnInstrsVop3p.md; gcn_semantics.md
 * section 8 item 12), 64 lanes under EXEC. Each 16-bit half of the result is computed on
 * its own: the low half reads, from each source, the half OP_SEL picks and the high half
 * the one OP_SEL_HI picks; NEG_LO / NEG_HI flip the sign of the f16 halves read. v_mad_mix*
 * read each source as an f32 (OP_SEL_HI 0) or as the f16 half OP_SEL picks, with NEG_HI as
 * abs, and round once (fp_mix.c). The choices (integer clamp, neg on integer ops, inline
 * constants) are in docs/semantics.md, "VOP3P", and docs/float.md. */
#include "gcnref/fp.h"
#include "valu.h"
#include "vop3p_syntax.h"

/* The half of X that SEL picks. */
static inline uint32_t half(uint32_t x, unsigned sel) { return sel ? x >> 16 : x & 0xFFFFu; }
static inline uint32_t sat_i16(int32_t t) { return (uint32_t)(t < -32768 ? -32768 : t > 32767 ? 32767 : t) & 0xFFFFu; }
static inline uint32_t sat_u16(int64_t t) { return t < 0 ? 0 : t > 0xFFFF ? 0xFFFFu : (uint32_t)t; }

/* One 16-bit half of a packed op: A, B, C are the 16-bit inputs (sign modifiers applied). */
static uint32_t pk_half(enum gcn_op op, uint32_t a, uint32_t b, uint32_t c, bool clamp, const gcn_fp_env *e16) {
  int32_t sa = I16(a), sb = I16(b), sc = I16(c);
  switch (op) {
    case GCN_OP_V_PK_MAD_I16: return clamp ? sat_i16(sa * sb + sc) : (uint32_t)(sa * sb + sc) & 0xFFFFu;
    case GCN_OP_V_PK_MUL_LO_U16: return (a * b) & 0xFFFFu;
    case GCN_OP_V_PK_ADD_I16: return clamp ? sat_i16(sa + sb) : (uint32_t)(sa + sb) & 0xFFFFu;
    case GCN_OP_V_PK_SUB_I16: return clamp ? sat_i16(sa - sb) : (uint32_t)(sa - sb) & 0xFFFFu;
    case GCN_OP_V_PK_LSHLREV_B16: return (b << (a & 15u)) & 0xFFFFu;
    case GCN_OP_V_PK_LSHRREV_B16: return b >> (a & 15u);
    case GCN_OP_V_PK_ASHRREV_I16: return (uint32_t)(sb >> (a & 15u)) & 0xFFFFu;
    case GCN_OP_V_PK_MAX_I16: return (uint32_t)(sa > sb ? sa : sb) & 0xFFFFu;
    case GCN_OP_V_PK_MIN_I16: return (uint32_t)(sa < sb ? sa : sb) & 0xFFFFu;
    case GCN_OP_V_PK_MAD_U16: return clamp ? sat_u16((int64_t)a * b + c) : (a * b + c) & 0xFFFFu;
    case GCN_OP_V_PK_ADD_U16: return clamp ? sat_u16((int64_t)a + b) : (a + b) & 0xFFFFu;
    case GCN_OP_V_PK_SUB_U16: return clamp ? sat_u16((int64_t)a - b) : (a - b) & 0xFFFFu;
    case GCN_OP_V_PK_MAX_U16: return a > b ? a : b;
    case GCN_OP_V_PK_MIN_U16: return a < b ? a : b;
    case GCN_OP_V_PK_FMA_F16: return gcn_f16_fma((uint16_t)a, (uint16_t)b, (uint16_t)c, e16);
    case GCN_OP_V_PK_ADD_F16: return gcn_f16_add((uint16_t)a, (uint16_t)b, e16);
    case GCN_OP_V_PK_MUL_F16: return gcn_f16_mul((uint16_t)a, (uint16_t)b, e16);
    case GCN_OP_V_PK_MIN_F16: return gcn_f16_min((uint16_t)a, (uint16_t)b, e16, true);
    case GCN_OP_V_PK_MAX_F16: return gcn_f16_max((uint16_t)a, (uint16_t)b, e16, true);
    default: return 0;
  }
}

static gcn_valu_result packed(gcn_valu *v, enum gcn_op op) {
  const gcn_inst *in = v->in;
  const gcn_fp_env e16 = gcn_fp_env_f16(v->st->mode);
  const gcn_operand_desc *d = gcn_isa_operand(in->desc, GCN_ROLE_D);
  const bool fp = d->type == GCN_T_PK_F16; /* neg and float clamp act on f16 halves only */
  const unsigned sl = in->opsel, sh = in->opsel_hi;
  const uint32_t nl = fp ? in->neg : 0, nh = fp ? in->neg_hi : 0;
  const uint32_t *src[3] = {v->s0, v->s1, v->s2};
  FOR_LANES {
    uint32_t lo[3], hi[3];
    for (unsigned i = 0; i < 3; i++) {
      lo[i] = half(src[i][lane], sl >> i & 1u) ^ ((nl >> i & 1u) << 15);
      hi[i] = half(src[i][lane], sh >> i & 1u) ^ ((nh >> i & 1u) << 15);
    }
    uint32_t rl = pk_half(op, lo[0], lo[1], lo[2], in->clamp, &e16);
    uint32_t rh = pk_half(op, hi[0], hi[1], hi[2], in->clamp, &e16);
    if (fp) {
      rl = gcn_f16_omod_clamp((uint16_t)rl, 0, in->clamp, &e16);
      rh = gcn_f16_omod_clamp((uint16_t)rh, 0, in->clamp, &e16);
    }
    v->r[lane] = rl | rh << 16;
  }
  return GCN_VALU_LANES;
}

static gcn_valu_result mix(gcn_valu *v, enum gcn_op op) {
  const gcn_inst *in = v->in;
  const uint32_t mode = v->st->mode;
  const gcn_fp_env e16 = gcn_fp_env_f16(mode), e32 = gcn_fp_env_f32(mode);
  uint32_t *src[3] = {v->s0, v->s1, v->s2};
  /* an inline float read as an f32 source is its f32 value (gathered as the f16 one) */
  for (unsigned i = 0; i < 3; i++)
    if (!(in->opsel_hi >> i & 1u) && gcn_operand_kind(v->st->gen, in->src[i]) == GCN_OPND_INLINE_FLOAT) {
      uint32_t k = (uint32_t)gcn_read_operand(v->c, in->src[i], GCN_T_F32);
      FOR_LANES src[i][lane] = k;
    }
  FOR_LANES {
    uint32_t x[3];
    for (unsigned i = 0; i < 3; i++) {
      bool abs = in->abs >> i & 1u, neg = in->neg >> i & 1u;
      if (in->opsel_hi >> i & 1u)
        x[i] = gcn_f16_absneg((uint16_t)half(src[i][lane], in->opsel >> i & 1u), abs, neg);
      else
        x[i] = gcn_f32_absneg(src[i][lane], abs, neg);
    }
    if (op == GCN_OP_V_MAD_MIX_F32) {
      v->r[lane] = gcn_f32_omod_clamp((uint32_t)gcn_fp_mad_mix(GCN_FP32, x, in->opsel_hi, mode), 0, in->clamp, &e32);
    } else {
      uint32_t r = gcn_f16_omod_clamp((uint16_t)gcn_fp_mad_mix(GCN_FP16, x, in->opsel_hi, mode), 0, in->clamp, &e16);
      v->r[lane] = op == GCN_OP_V_MAD_MIXLO_F16 ? (OLD & 0xFFFF0000u) | r : (OLD & 0xFFFFu) | r << 16;
    }
  }
  return GCN_VALU_LANES;
}

gcn_valu_result gcn_valu_vop3p(gcn_valu *v, enum gcn_op op) {
  if (v->in->desc->cls != GCN_CLASS_VOP3P) return GCN_VALU_NONE;
  return gcn_vop3p_is_mix(v->in->desc) ? mix(v, op) : packed(v, op);
}

/* gcnref tests: the VOP3P part of the operand sweep (sweep.h): for a packed or v_mad_mix*
 * row, every source code in each slot, every op_sel x op_sel_hi x clamp combination,
 * every neg_lo x neg_hi (abs x neg on v_mad_mix*) combination, and constants under each
 * source's op_sel/op_sel_hi and modifiers. */
#include <string.h>

#include "gcnref/operand.h"
#include "sweep_vop3p.h"

static const unsigned vgpr_sample[] = {0, 1, 127, 255};

void gcn_sweep_vop3p(gcn_gen gen, const gcn_inst_desc *d, gcn_sweep_emit emit, void *s) {
  unsigned n = gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2;
  bool mix = gcn_vop3p_is_mix(d);
  /* an absent src2's op_sel_hi bit is 1, as the assembler writes it */
  unsigned fixed_hi = mix || n == 3 ? 0 : 4u;
  gcn_inst base, in;
  memset(&base, 0, sizeof base);
  base.desc = d;
  base.gen = gen;
  base.enc = GCN_ENC_VOP3P;
  base.size = 8;
  base.vdst = 1;
  for (unsigned i = 0; i < n; i++) base.src[i] = (uint16_t)(GCN_CODE_VGPR0 + 2 + i);
  base.opsel_hi = mix ? 0 : 7;
  emit(s, &base);
  for (unsigned i = 0; i < 4; i++) {
    in = base;
    in.vdst = (uint16_t)vgpr_sample[i];
    emit(s, &in);
  }
  for (unsigned slot = 0; slot < n; slot++) {
    for (unsigned c = 0; c < 256 + 4; c++) {
      in = base;
      in.src[slot] = (uint16_t)(c < 256 ? c : GCN_CODE_VGPR0 + vgpr_sample[c - 256]);
      emit(s, &in);
    }
  }
  unsigned all = (1u << n) - 1;
  for (unsigned sel = 0; sel <= all; sel++)
    for (unsigned hi = 0; hi <= all; hi++)
      for (unsigned cl = 0; cl < 2; cl++) {
        in = base;
        in.opsel = (uint8_t)sel;
        in.opsel_hi = (uint8_t)(hi | fixed_hi);
        in.clamp = cl;
        emit(s, &in);
      }
  for (unsigned lo = 0; lo <= all; lo++)
    for (unsigned hi = 0; hi <= all; hi++) {
      in = base;
      in.neg = (uint8_t)lo;
      if (mix)
        in.abs = (uint8_t)hi;
      else
        in.neg_hi = (uint8_t)hi;
      emit(s, &in);
    }
  /* constants (1.0, 0.15915494, -1, 64, s7) in each slot under its op_sel, op_sel_hi and modifiers */
  static const unsigned consts[] = {GCN_CODE_FLOAT_MIN + 2, GCN_CODE_INV_2PI, GCN_CODE_INT_NEG_MIN,
                                    GCN_CODE_INT_MAX, 7};
  for (unsigned slot = 0; slot < n; slot++)
    for (unsigned k = 0; k < sizeof consts / sizeof consts[0]; k++)
      for (unsigned m = 0; m < 16; m++) {
        in = base;
        in.src[slot] = (uint16_t)consts[k];
        unsigned bit = 1u << slot;
        in.opsel = (uint8_t)(m & 1 ? bit : 0);
        in.opsel_hi = (uint8_t)(m & 2 ? base.opsel_hi ^ bit : base.opsel_hi);
        in.neg = (uint8_t)(m & 4 ? bit : 0);
        if (mix)
          in.abs = (uint8_t)(m & 8 ? bit : 0);
        else
          in.neg_hi = (uint8_t)(m & 8 ? bit : 0);
        emit(s, &in);
      }
}

void gcn_sweep_opsel(const gcn_inst *base, gcn_sweep_emit emit, void *s) {
  static const unsigned consts[] = {GCN_CODE_FLOAT_MIN + 2, GCN_CODE_INT_NEG_MIN, 7};
  for (unsigned sel = 1; sel < 16; sel++) {
    gcn_inst in = *base;
    in.opsel = (uint8_t)sel;
    emit(s, &in);
    in.clamp = true;
    emit(s, &in);
    for (unsigned k = 0; k < sizeof consts / sizeof consts[0]; k++) {
      in = *base;
      in.opsel = (uint8_t)sel;
      in.src[0] = (uint16_t)consts[k];
      emit(s, &in);
    }
  }
}

/* gcnref tests: the operand sweep (see sweep.h). */
#include "sweep.h"

#include <string.h>

#include "gcnref/operand.h"
#include "sweep_vop3p.h"

#define LITERAL_VALUE 0x12345678u /* not an inline constant for any operand type */

typedef struct {
  gcn_sweep_fn fn;
  void *ctx;
  unsigned long count;
} sweep_state;

static void emit(sweep_state *s, const gcn_inst *in) {
  if (gcn_validate(in, NULL) == 0) {
    s->fn(in, s->ctx);
    s->count++;
  }
}

static void emit_any(void *s, const gcn_inst *in) { emit(s, in); }

/* A VGPR sample: first, second, middle and last. */
static const unsigned vgpr_sample[] = {0, 1, 127, 255};

/* Source codes to try in a slot: all scalar codes, constants, literal and a VGPR sample. */
static unsigned source_codes(unsigned *codes) {
  unsigned n = 0;
  for (unsigned c = 0; c < 256; c++) codes[n++] = c;
  for (unsigned i = 0; i < 4; i++) codes[n++] = GCN_CODE_VGPR0 + vgpr_sample[i];
  return n;
}

static void base_inst(gcn_gen gen, const gcn_inst_desc *d, gcn_enc enc, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = gen;
  in->enc = enc;
  bool vop = gcn_class_is_vector(d->cls);
  bool vop3 = enc == GCN_ENC_VOP3A || enc == GCN_ENC_VOP3B;
  bool wide_d = gcn_operand_width(d, GCN_ROLE_D) == 64 || gcn_operand_width(d, GCN_ROLE_S0) == 64;
  if (enc == GCN_ENC_SOPK) { /* the register sits in SDST, read (s0) or written (d) */
    in->sdst = gcn_isa_operand(d, GCN_ROLE_D) || gcn_isa_operand(d, GCN_ROLE_S0) ? (wide_d ? 2 : 1) : 0;
    if (gcn_isa_operand(d, GCN_ROLE_S0)) in->src[0] = in->sdst;
  } else if (!vop) {
    in->sdst = (d->flags & GCN_F_NODST) || !gcn_isa_operand(d, GCN_ROLE_D) ? 0 : wide_d ? 2 : 1;
    in->src[0] = (d->flags & GCN_F_NOSRC) ? 0 : gcn_operand_width(d, GCN_ROLE_S0) == 64 ? 4 : 3;
    in->src[1] = gcn_operand_width(d, GCN_ROLE_S1) == 64 ? 6 : 5;
    in->simm16 = 0;
  } else if (d->flags & GCN_F_WRITELANE) {
    in->vdst = 1;
    in->src[0] = 2;                    /* s2 */
    in->src[1] = GCN_CODE_ZERO + 7;    /* 7 */
  } else {
    /* VGPR sources v2, v3, v4 (an early-clobber destination starts at v20), or for
     * v_readlane s1 <- v2, lane s3; a compare writes s[4:5] in VOP3 form. */
    bool sd = gcn_isa_operand(d, GCN_ROLE_SD) != NULL;
    in->vdst = (d->flags & GCN_F_EARLYCLOBBER) ? 20 : sd ? (vop3 ? 4 : 0) : gcn_isa_operand(d, GCN_ROLE_D) ? 1 : 0;
    if (gcn_isa_operand(d, GCN_ROLE_S0)) in->src[0] = GCN_CODE_VGPR0 + 2;
    if (gcn_isa_operand(d, GCN_ROLE_S1))
      in->src[1] = (d->flags & GCN_F_READLANE) ? 3 : GCN_CODE_VGPR0 + 3; /* s3: the lane select */
    if (gcn_isa_operand(d, GCN_ROLE_S2)) in->src[2] = GCN_CODE_VGPR0 + 4;
    if (gcn_isa_operand(d, GCN_ROLE_CI) && vop3) in->src[2] = 6; /* s[6:7] */
    in->sdst = enc == GCN_ENC_VOP3B ? 4 : 0;                     /* s[4:5] */
  }
  if (gcn_isa_operand(d, GCN_ROLE_K)) {
    in->literal = d->operand[0].type == GCN_T_F16 ? 0x4900 : 0x41200000;
    in->has_literal = true;
  }
  in->size = (vop3 || in->has_literal) ? 8 : 4;
}

static void set_src(gcn_inst *in, unsigned slot, unsigned code) {
  in->src[slot] = (uint16_t)code;
  bool k = gcn_isa_operand(in->desc, GCN_ROLE_K) != NULL;
  bool lit = k;
  for (unsigned s = 0; s < 3; s++)
    if (in->src[s] == GCN_CODE_LITERAL) lit = true;
  in->has_literal = lit;
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, gcn_isa_src_role(in->desc, slot));
  bool narrow = o && gcn_type_bits((gcn_type)o->type) == 16;
  if (!k) in->literal = lit ? (narrow ? LITERAL_VALUE & 0xFFFF : LITERAL_VALUE) : 0;
  bool vop3 = gcn_inst_is_vop3(in);
  in->size = (vop3 || lit) ? 8 : 4;
}

/* The immediate values of IN's IMM operand worth checking for its type. */
static void sweep_imm(sweep_state *s, gcn_gen gen, const gcn_inst *base) {
  const gcn_operand_desc *o = gcn_isa_operand(base->desc, GCN_ROLE_IMM);
  if (!o) return;
  static uint16_t v[600];
  unsigned n = 0;
  static const uint16_t plain[] = {0, 1, 15, 16, 63, 64, 65, 100, 0x7FFF, 0x8000, 0xFFFF};
  switch (o->type) {
    case GCN_T_WAITCNT: { /* each counter 0, 1 or its maximum, the others at theirs */
      static const gcn_imm_field f[] = {GCN_IMMF_VMCNT, GCN_IMMF_EXPCNT, GCN_IMMF_LGKMCNT};
      uint32_t all = 0;
      for (unsigned i = 0; i < 3; i++) all = gcn_imm_put(gen, f[i], all, ~0u);
      v[n++] = 0;
      v[n++] = (uint16_t)all;
      for (unsigned i = 0; i < 3; i++)
        for (uint32_t x = 0; x < 3; x++) v[n++] = (uint16_t)gcn_imm_put(gen, f[i], all, x == 2 ? gcn_imm_max(gen, f[i]) - 1 : x);
      v[n++] = (uint16_t)gcn_imm_put(gen, GCN_IMMF_VMCNT, 0, 0x1F); /* gcn14: the high vmcnt bits */
      v[n++] = (uint16_t)gcn_imm_put(gen, GCN_IMMF_VMCNT, 0x1234 & all, 0x20);
      break;
    }
    case GCN_T_HWREG: /* every id whole, and a few bit fields */
      for (unsigned id = 0; id < 24; id++) v[n++] = (uint16_t)(id | 31u << 11);
      v[n++] = 0x1801; /* MODE 0, 4 */
      v[n++] = 0x0043; /* TRAPSTS 1, 1 */
      v[n++] = 0xFFFF;
      v[n++] = 0x07C1; /* MODE 31, 1 */
      break;
    case GCN_T_MSG: /* every id, operation and stream, and bits beyond them */
      for (unsigned x = 0; x < 0x400; x++)
        if ((x & 0x80) == 0) v[n++] = (uint16_t)x;
      v[n++] = 0x400;
      v[n++] = 0xFFFF;
      break;
    case GCN_T_GPRIDX:
      for (unsigned x = 0; x < 18; x++) v[n++] = (uint16_t)x;
      v[n++] = 0x41;
      v[n++] = 0xFF;
      v[n++] = 0xFFFF;
      break;
    default:
      for (unsigned i = 0; i < sizeof plain / sizeof plain[0]; i++) v[n++] = plain[i];
  }
  for (unsigned i = 0; i < n; i++) {
    gcn_inst in = *base;
    in.simm16 = v[i];
    if (in.desc->cls == GCN_CLASS_SOPC && v[i] > 0xFF) continue; /* an 8-bit field there */
    emit(s, &in);
  }
}

static void sweep_form(sweep_state *s, gcn_gen gen, const gcn_inst_desc *d, gcn_enc enc) {
  gcn_inst base, in;
  static unsigned codes[300];
  unsigned ncodes = source_codes(codes);
  base_inst(gen, d, enc, &base);
  emit(s, &base);
  bool vop = gcn_class_is_vector(d->cls);
  bool vop3 = enc == GCN_ENC_VOP3A || enc == GCN_ENC_VOP3B;

  sweep_imm(s, gen, &base); /* SOPP, SOPK, s_set_gpr_idx_on: every immediate form */
  if (enc == GCN_ENC_SOPP) return;
  if (enc == GCN_ENC_SOPK) { /* the SDST register, then s_setreg_imm32_b32's literal */
    for (unsigned c = 0; c < 128 && base.sdst; c++) {
      in = base;
      in.sdst = (uint16_t)c;
      if (gcn_isa_operand(d, GCN_ROLE_S0)) in.src[0] = in.sdst;
      emit(s, &in);
    }
    static const uint32_t lits[] = {0, 1, 64, 65, 0xFFFFFFF0u, 0xFFFFFFEFu, 0xFFFFFFFFu, 0x80000000u};
    for (unsigned i = 0; gcn_isa_operand(d, GCN_ROLE_K) && i < sizeof lits / sizeof lits[0]; i++) {
      in = base;
      in.literal = lits[i];
      emit(s, &in);
    }
    return;
  }
  /* Destinations. */
  if (!vop && gcn_isa_operand(d, GCN_ROLE_D) && !(d->flags & GCN_F_NODST)) {
    for (unsigned c = 0; c < 128; c++) {
      in = base;
      in.sdst = (uint16_t)c;
      emit(s, &in);
    }
  } else if (vop && ((d->flags & GCN_F_READLANE) || (vop3 && gcn_isa_operand(d, GCN_ROLE_SD)))) {
    for (unsigned c = 0; c < 128; c++) {
      in = base;
      in.vdst = (uint16_t)c;
      emit(s, &in);
    }
  } else if (vop && gcn_isa_operand(d, GCN_ROLE_D)) {
    for (unsigned i = 0; i < 4; i++) {
      in = base;
      in.vdst = (uint16_t)vgpr_sample[i];
      emit(s, &in);
    }
  }
  if (enc == GCN_ENC_VOP3B) {
    for (unsigned c = 0; c < 128; c++) {
      in = base;
      in.sdst = (uint16_t)c;
      emit(s, &in);
    }
  }
  /* Sources. */
  for (unsigned slot = 0; slot < 3; slot++) {
    gcn_role role = gcn_isa_src_role(d, slot);
    if (!gcn_isa_operand(d, role)) continue;
    if (slot == 0 && (d->flags & GCN_F_NOSRC)) continue;
    if (slot == 2 && !vop3) continue;
    for (unsigned i = 0; i < ncodes; i++) {
      in = base;
      set_src(&in, slot, codes[i]);
      if (vop && !vop3 && slot == 1 && !(d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) &&
          codes[i] < GCN_CODE_VGPR0)
        continue; /* VOP2/VOPC VSRC1 holds only VGPRs */
      if (vop && (d->flags & GCN_F_WRITELANE) && slot == 1) in.src[0] = GCN_CODE_ZERO + 1; /* bus */
      emit(s, &in);
    }
  }
  if (!vop3) return;
  /* Modifiers: each alone, then all legal ones together. */
  gcn_inst all = base;
  for (unsigned slot = 0; slot < 3; slot++) {
    for (unsigned m = 1; m < 4; m++) {
      in = base;
      if (enc == GCN_ENC_VOP3A) in.abs = (uint8_t)((m & 1) << slot);
      in.neg = (uint8_t)((m >> 1 & 1) << slot);
      if (!in.abs && !in.neg) continue;
      emit(s, &in);
      if (gcn_validate(&in, NULL) == 0) {
        all.abs |= in.abs;
        all.neg |= in.neg;
      }
      /* A modifier on a constant and on a scalar register. */
      gcn_inst k = in;
      set_src(&k, slot, GCN_CODE_FLOAT_MIN + 2); /* 1.0 */
      emit(s, &k);
      set_src(&k, slot, GCN_CODE_ZERO + 1); /* 1 */
      emit(s, &k);
      set_src(&k, slot, 7);
      emit(s, &k);
    }
  }
  in = base;
  in.clamp = true;
  emit(s, &in);
  if (gcn_validate(&in, NULL) == 0) all.clamp = true;
  for (unsigned o = 1; o < 4; o++) {
    in = base;
    in.omod = (uint8_t)o;
    emit(s, &in);
    if (gcn_validate(&in, NULL) == 0) all.omod = (uint8_t)o;
  }
  if (all.abs || all.neg || all.clamp || all.omod) emit(s, &all);
  if (gcn_isa_has(d, gen, GCN_F_OPSEL)) gcn_sweep_opsel(&base, emit_any, s);
}

/* The SDWA and DPP forms (gcn12+): from the base (v1 <- v2, v3; every selector DWORD, or
 * quad_perm identity with all rows and banks), each field alone over every value, the
 * float modifiers, clamp and omod, and on gcn14 every scalar code in each source and
 * every SGPR pair as a compare's destination. The validator keeps the legal ones. */
static void sweep_sdwa_dpp(sweep_state *s, gcn_gen gen, const gcn_inst_desc *d, gcn_enc enc) {
  gcn_inst base, in;
  base_inst(gen, d, GCN_ENC_VOP2, &base); /* the VOP2 operands (v1, v2, v3; VCC) */
  base.enc = enc;
  base.size = 8;
  base.sdst = GCN_CODE_VCC_LO;
  bool sdwa = gcn_inst_is_sdwa(&base);
  if (sdwa) {
    base.sel[0] = base.sel[1] = base.dst_sel = 6;
    if (!gcn_isa_operand(d, GCN_ROLE_S1)) base.sel[1] = 0;
    if (!d->n_operands) base.sel[0] = base.dst_sel = 0;
  } else {
    base.dpp_ctrl = 0xE4;
    base.row_mask = base.bank_mask = 15;
  }
  emit(s, &base);
  for (unsigned v = 0; v < 512; v++) {
    in = base;
    if (sdwa && v < 16) { /* each source selector, plain and sign-extended */
      in.sel[v / 8] = (uint8_t)(v % 8);
      in.sext = (uint8_t)((v / 8) == 1 ? 2 : 1);
      emit(s, &in);
      in.sext = 0;
      emit(s, &in);
    } else if (sdwa && v < 16 + 32) { /* every dst_sel x dst_unused */
      in.dst_sel = (uint8_t)((v - 16) / 4);
      in.dst_unused = (uint8_t)((v - 16) % 4);
      emit(s, &in);
    } else if (sdwa && v < 16 + 32 + 256 && gen >= GCN14) { /* scalar sources, SGPR-pair destination */
      unsigned code = v - 48; /* a sample: every 8th, the special registers, the named sources */
      if (!(code % 8 == 0 || (code >= 100 && code < 128) || code >= 232)) continue;
      for (unsigned slot = 0; slot < 2; slot++) {
        in = base;
        set_src(&in, slot, code);
        in.size = 8;
        emit(s, &in);
      }
      in = base;
      in.sd = true;
      in.sdst = (uint16_t)(code & 127);
      if (code < 128 && code != GCN_CODE_VCC_LO) emit(s, &in); /* SD=1 with vcc prints as SD=0 */
    } else if (!sdwa) { /* every DPP_CTRL, each mask, bound_ctrl */
      in.dpp_ctrl = (uint16_t)v;
      emit(s, &in);
      if (v < 32) {
        in = base;
        if (v < 16) in.row_mask = (uint8_t)v;
        else in.bank_mask = (uint8_t)(v - 16);
        in.bound_ctrl = v & 1;
        emit(s, &in);
      }
    }
  }
  for (unsigned m = 1; m < 16; m++) { /* abs/neg on each source, together */
    in = base;
    in.abs = (uint8_t)(m & 3);
    in.neg = (uint8_t)(m >> 2);
    emit(s, &in);
  }
  in = base;
  in.clamp = true;
  emit(s, &in);
  for (unsigned o = 1; o < 4; o++) {
    in.omod = (uint8_t)o;
    emit(s, &in);
  }
}

unsigned long gcn_sweep(gcn_gen gen, gcn_sweep_fn fn, void *ctx) {
  sweep_state s = {fn, ctx, 0};
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) {
    const gcn_inst_desc *d = &gcn_isa[i];
    if (d->opcode[gen] < 0) continue;
    int enc32 = gcn_isa_enc32(d, gen);
    if (enc32 >= 0) sweep_form(&s, gen, d, (gcn_enc)enc32);
    if (gcn_isa_class(d, gen) == GCN_CLASS_VOP3P) gcn_sweep_vop3p(gen, d, emit_any, &s);
    if (gcn_class_is_vector(d->cls) && gcn_isa_vop3_opcode(d, gen) >= 0)
      sweep_form(&s, gen, d, gcn_isa_operand(d, GCN_ROLE_CO) ? GCN_ENC_VOP3B : GCN_ENC_VOP3A);
    static const gcn_enc forms[2][3] = {{GCN_ENC_VOP1_SDWA, GCN_ENC_VOP2_SDWA, GCN_ENC_VOPC_SDWA},
                                        {GCN_ENC_VOP1_DPP, GCN_ENC_VOP2_DPP, GCN_ENC_COUNT}};
    for (unsigned f = 0; f < 2 && enc32 >= 0 && gen >= GCN12; f++) {
      unsigned k = enc32 == GCN_ENC_VOP1 ? 0 : enc32 == GCN_ENC_VOP2 ? 1 : enc32 == GCN_ENC_VOPC ? 2 : 3;
      if (k < 3 && forms[f][k] != GCN_ENC_COUNT && gcn_isa_has(d, gen, f ? GCN_F_DPP : GCN_F_SDWA))
        sweep_sdwa_dpp(&s, gen, d, forms[f][k]);
    }
  }
  return s.count;
}

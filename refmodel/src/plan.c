/* gcnref: building an instruction's execution plan (plan.h) from its decoded form and the
 * ISA table: everything here runs once per program address, not per execution. */
#include "plan.h"

static gcn_step_status exec_not_modelled(gcn_exec_ctx *c) {
  return gcn_exec_fail(c, GCN_STEP_NOT_MODELLED,
                       "%s is not modelled: its behaviour is not knowable from any source "
                       "(docs/semantics.md)", c->in->desc->mnemonic[c->st->gen]);
}

static gcn_step_status exec_unknown_class(gcn_exec_ctx *c) {
  return gcn_exec_fail(c, GCN_STEP_ERROR, "%s: unknown instruction class", c->in->desc->mnemonic[c->st->gen]);
}

/* Vector instructions are skipped while MODE.VSKIP is set (s_setvskip). */
static gcn_step_status exec_vector(gcn_exec_ctx *c) {
  return (c->st->mode & c->plan->vskip_mask) ? GCN_STEP_OK : gcn_valu_execute(c);
}

/* Source CODE read as TYPE: as gcn_read_operand (and the VALU's gather) would read it. */
static void resolve(gcn_plan_src *s, gcn_gen gen, const gcn_inst *in, unsigned code, gcn_type type) {
  s->type = (uint8_t)type;
  s->wide = gcn_type_bits(type) == 64;
  s->code = (uint16_t)code;
  s->value = 0;
  if (code >= GCN_CODE_VGPR0) {
    s->kind = GCN_PSRC_VGPR;
    s->code = (uint16_t)(code - GCN_CODE_VGPR0);
    return;
  }
  if (code < GCN_SGPR_FAST_LIMIT) {
    s->kind = GCN_PSRC_SGPR;
    return;
  }
  switch (gcn_operand_kind(gen, code)) {
    case GCN_OPND_INLINE_INT:
    case GCN_OPND_INLINE_FLOAT:
      s->kind = GCN_PSRC_CONST;
      s->value = gcn_inline_value(gen, code, type);
      break;
    case GCN_OPND_LITERAL:
      s->kind = GCN_PSRC_CONST;
      s->value = gcn_literal_value(in->literal, type);
      break;
    default: s->kind = GCN_PSRC_GENERIC; break;
  }
}

void gcn_plan_build(gcn_plan *p, const gcn_inst *in, gcn_gen gen) {
  const gcn_inst_desc *d = in->desc;
  p->in = *in;
  p->f = 0;
  p->vskip_mask = 0;
  p->valu_handler = 0;
  p->op = (uint16_t)gcn_isa_op(d);
  for (unsigned slot = 0; slot < 3; slot++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, slot));
    p->src[slot].kind = GCN_PSRC_NONE;
    if (o && (slot < 2 || o->role == GCN_ROLE_S2)) resolve(&p->src[slot], gen, in, in->src[slot], (gcn_type)o->type);
  }
  p->ci.kind = GCN_PSRC_NONE;
  p->kernel = NULL;
  switch (d->cls) {
    case GCN_CLASS_SOPP: p->exec = gcn_sopp_execute; break;
    case GCN_CLASS_SOP1:
    case GCN_CLASS_SOP2:
    case GCN_CLASS_SOPC:
    case GCN_CLASS_SOPK: p->exec = gcn_salu_execute; break;
    default:
      if (!gcn_class_is_vector(d->cls)) {
        p->exec = exec_unknown_class;
        break;
      }
      p->exec = exec_vector;
      p->vskip_mask = gcn_imm_mask(gen, GCN_IMMF_MODE_VSKIP);
      if (gcn_inst_is_vop3(in)) p->f |= GCN_PF_VOP3;
      if (gcn_inst_is_sdwa(in)) p->f |= GCN_PF_SDWA;
      if (gcn_inst_is_dpp(in)) p->f |= GCN_PF_DPP;
      if (gcn_inst_is_vop3(in) && gcn_isa_has(d, gen, GCN_F_OPSEL)) p->f |= GCN_PF_OPSEL;
      if (in->clamp && gcn_isa_has(d, gen, GCN_F_ICLAMP) && gen >= GCN12) p->f |= GCN_PF_CLAMP_INT;
      if (gcn_operand_width(d, GCN_ROLE_D) == 64) p->f |= GCN_PF_D64;
      if (gcn_isa_operand(d, GCN_ROLE_CO)) p->f |= GCN_PF_CO;
      if (gcn_isa_operand(d, GCN_ROLE_S2)) p->f |= GCN_PF_S2;
      if (in->clamp || in->omod) p->f |= GCN_PF_OMOD_CLAMP;
      if (in->src[0] == GCN_CODE_LDS_DIRECT && gcn_isa_operand(d, gcn_isa_src_role(d, 0))) p->f |= GCN_PF_LDS_DIRECT;
      if (gcn_isa_operand(d, GCN_ROLE_CI)) {
        p->f |= GCN_PF_CI;
        if (gcn_inst_is_vop3(in)) resolve(&p->ci, gen, in, in->src[2], GCN_T_B64);
      }
      if (!(p->f & ~GCN_PF_VOP3) && !in->abs && !in->neg && !gcn_inst_is_vop3p(in) && p->src[0].kind != GCN_PSRC_NONE &&
          p->src[1].kind != GCN_PSRC_NONE)
        p->kernel = gcn_valu_kernel_of((enum gcn_op)p->op);
      if (p->kernel) p->exec = gcn_valu_execute_kernel;
      break;
  }
  if (gcn_isa_has(d, gen, GCN_F_NOMODEL)) p->exec = exec_not_modelled;
  p->ready = 1;
}

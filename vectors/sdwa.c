/* gcnref vectors: the SDWA form (gcn12, gcn14) of the VOP1/VOP2/VOPC rows that have one (the
 * table's sdwa flag), drawn at the profile's `sdwa` rate in place of the plain form
 * (docs/vectors.md "SDWA"). Every field is random within what llvm-mc 14 accepts
 * (docs/sdwa_dpp.md "The rules"): the selectors BYTE_0..3, WORD_0..1, DWORD of each source
 * and of the destination, sext on integer sources, abs/neg on float ones, dst_unused
 * UNUSED_PAD/SEXT/PRESERVE, clamp; on gcn14 also omod, scalar sources (SGPRs, special
 * registers, inline constants within the constant bus) and a compare's SGPR-pair
 * destination (sd). The word must pass gcn_validate and the round trip (gen_finalize). */
#include "gen_priv.h"

#include <string.h>

enum { SEL_DWORD = 6, UNUSED_MODES = 3 };

/* Does the profile ask for the SDWA form of D now? Draws from the RNG only when the
 * profile's rate is not 0 (a profile without `sdwa` generates what it did before). */
static bool wanted(gctx *g, const gcn_inst_desc *d, const force_t *f) {
  if (!g->p->sdwa || g->gen < GCN12 || !gcn_isa_has(d, g->gen, GCN_F_SDWA)) return false;
  if (!gcn_isa_operand(d, GCN_ROLE_S0)) return false; /* v_nop: its SDWA form prints (and assembles) as v_nop */
  /* Only free instructions: a stream that forces an encoding, a source, a scalar destination or
   * a modifier relies on the plain form. */
  if (f->enc || f->sdst >= 0 || f->src[0] >= 0 || f->src[1] >= 0 || f->src[2] >= 0 || f->lit >= 0 ||
      f->no_mods || f->simm >= 0 || f->omod >= 0 || f->clamp >= 0)
    return false;
  return gcn_rng_pct(&g->rng, g->p->sdwa);
}

/* A selector: DWORD a quarter of the time, else a byte or word alike. */
static uint8_t pick_sel(gctx *g) {
  return (uint8_t)(gcn_rng_pct(&g->rng, 25) ? SEL_DWORD : gcn_rng_below(&g->rng, SEL_DWORD));
}

static bool build(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  in->enc = d->cls == GCN_CLASS_VOP1 ? GCN_ENC_VOP1_SDWA : d->cls == GCN_CLASS_VOPC ? GCN_ENC_VOPC_SDWA
                                                                                   : GCN_ENC_VOP2_SDWA;
  const bool vopc = gcn_isa_operand(d, GCN_ROLE_SD) != NULL, gcn14 = g->gen >= GCN14;
  const unsigned m = g->p->modifiers;
  bus_t bus = {false, 0, 0};
  if (gcn_isa_operand(d, GCN_ROLE_CI)) gen_bus_take(&bus, GCN_CODE_VCC_LO, 64); /* the implicit VCC */
  /* Destination: a VGPR, or a compare's mask: VCC, on gcn14 half the time an SGPR pair. */
  if (vopc) {
    in->sd = gcn14 && gcn_rng_pct(&g->rng, 50);
    in->sdst = (uint16_t)(in->sd ? gen_pick_pair_dst(g) : GCN_CODE_VCC_LO);
  } else if (gcn_isa_operand(d, GCN_ROLE_D)) {
    in->vdst = (uint16_t)(f->vdst >= 0 ? (unsigned)f->vdst : gen_pick_vdst(g));
  }
  /* Sources (VGPRs; gcn14: any class but the literal) and their selectors and modifiers. */
  static const gcn_role roles[2] = {GCN_ROLE_S0, GCN_ROLE_S1};
  const unsigned allow = 1u << GCN_OPC_VGPR |
                         (gcn14 ? 1u << GCN_OPC_SGPR | 1u << GCN_OPC_SPECIAL | 1u << GCN_OPC_INLINE : 0);
  g->cur_op = (int)gcn_isa_op(d);
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, roles[s]);
    if (!o) continue;
    gcn_type t = (gcn_type)o->type;
    g->cur_slot = (int)s;
    in->src[s] = (uint16_t)gen_pick_src(g, t, allow, &bus, false, in);
    in->sel[s] = pick_sel(g);
    if (gen_is_float_type(t)) {
      if (gcn_rng_pct(&g->rng, m)) in->abs |= (uint8_t)(1u << s);
      if (gcn_rng_pct(&g->rng, m)) in->neg |= (uint8_t)(1u << s);
    } else if (gcn_rng_pct(&g->rng, 40)) {
      in->sext |= (uint8_t)(1u << s);
    }
  }
  g->cur_op = g->cur_slot = -1;
  /* The destination's part and what fills the rest (a tied v_mac_*: the whole VDST). */
  in->dst_sel = (d->flags & GCN_F_TIED) || vopc ? SEL_DWORD : pick_sel(g);
  in->dst_unused = (uint8_t)(vopc ? 0 : gcn_rng_below(&g->rng, UNUSED_MODES));
  const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D);
  /* CLAMP (not on gcn14's compares; not the saturating CLAMP of v_mul_i32_i24 / v_mul_u32_u24,
   * which the RTL does not execute, as in their VOP3 form) */
  bool int_clamp = gcn_isa_has(d, g->gen, GCN_F_CLAMP) && !(dst && gen_is_float_type((gcn_type)dst->type));
  if (!(vopc && gcn14) && !int_clamp && gcn_rng_pct(&g->rng, m)) in->clamp = true;
  if (gcn14 && gcn_isa_has(d, g->gen, GCN_F_OMOD) && dst && gen_is_float_type((gcn_type)dst->type) &&
      gcn_rng_pct(&g->rng, m))
    in->omod = (uint8_t)(1 + gcn_rng_below(&g->rng, 3));
  return gen_finalize(g, in);
}

bool gen_sdwa_build(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  if (!wanted(g, d, f)) return false;
  for (int tries = 0; tries < 8; tries++)
    if (build(g, d, f, in)) return true;
  return false;
}

/* gcnref vectors: the DPP forms (gcn12, gcn14; docs/sdwa_dpp.md) in random vectors: a
 * VOP1/VOP2 row with the table's dpp flag is built as its DPP form at the profile's rate
 * (key `dpp N`, docs/vectors.md), with every control llvm-mc 14 accepts, row and bank
 * masks, bound_ctrl and, on float sources, abs/neg; and the DPP reduction stream (row_shr
 * 1, 2, 4, 8, then row_bcast:15 and row_bcast:31 under their row masks).
 *
 * Hazards (gcn_semantics.md section 7: a VALU write of a VGPR needs 2 wait states before
 * DPP reads it): the core interlocks instead (docs/microarch.md rule 12: a DPP instruction
 * reads its whole SRC0 VGPR in its first pass, after every pass of the writer), so the
 * generator inserts no s_nop and the reduction stream deliberately reads each result at
 * once. */
#include "gen_priv.h"

#include <string.h>

/* DPP_CTRL values (clrx/GcnSdwaDpp.md; llvm-mc's names). */
enum {
  ROW_SHL0 = 0x100, ROW_SHR0 = 0x110, ROW_ROR0 = 0x120,
  WAVE_SHL1 = 0x130, WAVE_ROL1 = 0x134, WAVE_SHR1 = 0x138, WAVE_ROR1 = 0x13c,
  ROW_MIRROR = 0x140, ROW_HALF_MIRROR = 0x141, ROW_BCAST15 = 0x142, ROW_BCAST31 = 0x143,
};

/* A control: quad_perm 25%, row_shl/shr/ror 45% (amounts 1..15 alike), the wave shifts and
 * rotates 12%, the mirrors 8%, the broadcasts 10%. */
static unsigned pick_ctrl(gctx *g) {
  static const unsigned fixed[] = {WAVE_SHL1, WAVE_ROL1, WAVE_SHR1, WAVE_ROR1, ROW_MIRROR, ROW_HALF_MIRROR};
  unsigned r = gcn_rng_below(&g->rng, 100);
  if (r < 25) return gcn_rng_below(&g->rng, 256);
  if (r < 70) return ROW_SHL0 + 16 * gcn_rng_below(&g->rng, 3) + 1 + gcn_rng_below(&g->rng, 15);
  if (r < 82) return fixed[gcn_rng_below(&g->rng, 4)];
  if (r < 90) return fixed[4 + gcn_rng_below(&g->rng, 2)];
  return gcn_rng_pct(&g->rng, 50) ? ROW_BCAST15 : ROW_BCAST31;
}

/* A row or bank mask: all on 60%, else any (some lanes keep their old value). */
static uint8_t pick_mask(gctx *g) { return (uint8_t)(gcn_rng_pct(&g->rng, 60) ? 0xF : gcn_rng_below(&g->rng, 16)); }

static bool forced_vgpr(int code) { return code < 0 || code >= GCN_CODE_VGPR0; }

/* Does D have a DPP form here that the profile allows? */
static bool dpp_form(const gctx *g, const gcn_inst_desc *d) {
  return g->p->dpp && g->gen >= GCN12 && gcn_isa_has(d, g->gen, GCN_F_DPP) && gcn_isa_enc32(d, g->gen) >= 0;
}

bool gen_dpp_wanted(gctx *g, const gcn_inst_desc *d, const force_t *f) {
  if (!dpp_form(g, d)) return false;
  if (f->enc == 64 || f->lit >= 0 || f->src[2] >= 0 || f->omod > 0 || f->clamp > 0) return false;
  if (!forced_vgpr(f->src[0]) || !forced_vgpr(f->src[1])) return false;
  if (gcn_isa_operand(d, GCN_ROLE_K) || (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE))) return false;
  const gcn_gen_bias *b = g->bias;
  return gcn_rng_pct(&g->rng, b && (b->dpp_want[gcn_isa_op(d)] || b->dpp_any) ? 50 : g->p->dpp);
}

/* Fills IN with the DPP form of D (the caller validates it). F's VDST and VGPR sources are
 * kept; the control CTRL when >= 0. */
static bool fill(gctx *g, const gcn_inst_desc *d, const force_t *f, int ctrl, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  in->enc = gcn_isa_enc32(d, g->gen) == GCN_ENC_VOP1 ? GCN_ENC_VOP1_DPP : GCN_ENC_VOP2_DPP;
  static const gcn_role roles[2] = {GCN_ROLE_S0, GCN_ROLE_S1};
  if (gcn_isa_operand(d, GCN_ROLE_D) || gcn_isa_operand(d, GCN_ROLE_CO))
    in->vdst = (uint16_t)(f->vdst >= 0 ? (unsigned)f->vdst : gen_pick_vdst(g));
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, roles[s]);
    if (!o) continue;
    in->src[s] = (uint16_t)(f->src[s] >= 0 ? (unsigned)f->src[s] : GCN_CODE_VGPR0 + gen_pick_vgpr_src(g));
    if (!f->no_mods && gen_is_float_type((gcn_type)o->type)) {
      if (gcn_rng_pct(&g->rng, g->p->modifiers)) in->abs |= (uint8_t)(1u << s);
      if (gcn_rng_pct(&g->rng, g->p->modifiers)) in->neg |= (uint8_t)(1u << s);
    }
  }
  in->dpp_ctrl = (uint16_t)(ctrl >= 0 ? (unsigned)ctrl : pick_ctrl(g));
  in->row_mask = pick_mask(g);
  in->bank_mask = pick_mask(g);
  in->bound_ctrl = gcn_rng_pct(&g->rng, 50);
  return true;
}

bool gen_dpp_fill(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) { return fill(g, d, f, -1, in); }

int gen_emit_dpp(gctx *g, chunk *ch, enum gcn_op op, int src0) {
  const gcn_inst_desc *d = &gcn_isa[op];
  if (!dpp_form(g, d) || gcn_isa_operand(d, GCN_ROLE_K) || (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE))) return 1;
  force_t f = gen_force0();
  f.src[0] = src0;
  gcn_inst in;
  if (!fill(g, d, &f, -1, &in) || !gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* The DPP reduction (docs/vectors.md, stream dpp): v_mov_b32 A, B, then A = A op A[lane -
 * k] for k = 1, 2, 4, 8 (row_shr, bound_ctrl so the first lanes of a row add 0 where the
 * op is an add; bank masks 0xe / 0xc leave the lanes already complete), A op= row_bcast:15
 * under row_mask 0xa and row_bcast:31 under 0xc: lane 63 ends with the whole wave's. Each
 * step reads the previous one's result at once (the DPP read-after-write interlock). */
int gen_dpp_stream(gctx *g, chunk *ch) {
  static const enum gcn_op ops[] = {GCN_OP_V_ADD_U32, GCN_OP_V_ADD_CO_U32, GCN_OP_V_MAX_U32, GCN_OP_V_MIN_I32,
                                    GCN_OP_V_ADD_F32, GCN_OP_V_MAX_F32, GCN_OP_V_OR_B32};
  if (g->gen < GCN12) return -1;
  enum gcn_op op = ops[gcn_rng_below(&g->rng, sizeof ops / sizeof ops[0])];
  if (op == GCN_OP_V_ADD_U32 && !gen_has_op(g, op)) op = GCN_OP_V_ADD_CO_U32;
  const gcn_inst_desc *d = &gcn_isa[op];
  if (!gen_has_op(g, op) || gcn_isa_group_on(d, g->gen) < 0 || !gen_group_on(g, gcn_isa_group_on(d, g->gen)) ||
      !gcn_isa_has(d, g->gen, GCN_F_DPP))
    return -1;
  unsigned a = gen_pick_vdst(g);
  force_t f = gen_force0();
  f.vdst = (int)a;
  f.src[0] = (int)(GCN_CODE_VGPR0 + gen_pick_vgpr_src(g));
  f.enc = 32;
  if (gen_emit(g, ch, GCN_OP_V_MOV_B32, &f)) return -1;
  static const struct {
    uint16_t ctrl;
    uint8_t row, bank;
  } steps[] = {{ROW_SHR0 + 1, 0xF, 0xF}, {ROW_SHR0 + 2, 0xF, 0xF}, {ROW_SHR0 + 4, 0xF, 0xE},
               {ROW_SHR0 + 8, 0xF, 0xC}, {ROW_BCAST15, 0xA, 0xF}, {ROW_BCAST31, 0xC, 0xF}};
  unsigned n = sizeof steps / sizeof steps[0];
  unsigned skip = gcn_rng_pct(&g->rng, 25) ? 1 + gcn_rng_below(&g->rng, n) : n; /* a step left out now and then */
  for (unsigned i = 0; i < n; i++) {
    if (i + 1 == skip) continue;
    f = gen_force0();
    f.vdst = (int)a;
    f.src[0] = f.src[1] = (int)(GCN_CODE_VGPR0 + a);
    f.no_mods = true;
    gcn_inst in;
    bool ok = false;
    for (int tries = 0; tries < 4 && !ok; tries++) {
      fill(g, d, &f, steps[i].ctrl, &in);
      in.row_mask = steps[i].row;
      in.bank_mask = steps[i].bank;
      in.bound_ctrl = i < 2;
      ok = gen_finalize(g, &in);
    }
    if (!ok || gen_put(g, ch, &in, false)) return -1;
  }
  return 0;
}

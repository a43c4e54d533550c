/* gcnref vectors: the VGPR moves whose registers depend on M0 or that write two VGPRs
 * (docs/vectors.md): the valu_movrel group (v_movrels/movreld/movrelsd_b32, gcn10-12) after an
 * s_mov_b32 m0 that keeps the index in range, those moves inside the movrel stream, and
 * gcn14's v_swap_b32 followed by reads of both of its registers (or at once a 64-bit read of the
 * pair that ends at its SRC0). */
#include "gen_priv.h"

/* An M0 for a v_movrel*: 0 a fifth of the time (the field's own VGPR), small offsets most
 * often, now and then any index below 256. */
static uint32_t pick_m0(gctx *g) {
  if (gcn_rng_pct(&g->rng, 20)) return 0;
  return gcn_rng_pct(&g->rng, 70) ? 1 + gcn_rng_below(&g->rng, 15) : gcn_rng_below(&g->rng, GCN_NUM_VGPRS);
}

/* v_movrel* OP with M0 = M (M < 256): the indexed fields (SRC0 of movrels/movrelsd, VDST of
 * movreld/movrelsd) chosen so that field + M stays below 256; the other operands at random. */
int gen_vmovrel_emit(gctx *g, chunk *ch, enum gcn_op op, uint32_t m) {
  if (m >= GCN_NUM_VGPRS || !gen_has_op(g, op)) return -1;
  force_t f = gen_force0();
  unsigned room = GCN_NUM_VGPRS - m; /* fields 0 .. room-1 */
  if (op != GCN_OP_V_MOVRELD_B32) f.src[0] = (int)(GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, room));
  else if (gcn_rng_pct(&g->aux, 15)) /* M0 itself: the implicit M0 read shares its constant bus (version 22) */
    f.src[0] = GCN_CODE_M0;
  if (op != GCN_OP_V_MOVRELS_B32) f.vdst = (int)gcn_rng_below(&g->rng, room);
  return gen_emit(g, ch, op, &f);
}

/* One item of the valu_movrel group: s_mov_b32 m0 (unless M0 is already in range and a coin
 * keeps it), then the move. */
int gen_vmovrel_item(gctx *g, chunk *ch, int op) {
  uint32_t m = g->w.st.m0;
  if (m >= GCN_NUM_VGPRS || gcn_rng_pct(&g->rng, 70)) {
    m = pick_m0(g);
    if (g->forbid[GCN_CODE_M0] || gen_emit_mov32(g, ch, GCN_CODE_M0, m)) return -1;
  }
  return gen_vmovrel_emit(g, ch, (enum gcn_op)op, m);
}

/* v_swap_b32 (a fifth of the time with VDST = SRC0), then a VALU instruction reading VDST and
 * one reading SRC0 (each written by the swap: rule 2 on both). */
int gen_vswap_item(gctx *g, chunk *ch) {
  force_t f = gen_force0();
  unsigned a = gen_pick_vdst(g), b = gcn_rng_pct(&g->rng, 20) ? a : gcn_rng_below(&g->rng, GCN_NUM_VGPRS);
  f.vdst = (int)a;
  f.src[0] = (int)(GCN_CODE_VGPR0 + b);
  if (gen_emit(g, ch, GCN_OP_V_SWAP_B32, &f)) return -1;
  unsigned regs[2] = {a, b};
  for (unsigned k = 0; k < 2; k++) { /* a few ops drawn: some take no VGPR SRC0 */
    for (int tries = 0; tries < 4; tries++) {
      int grp = gen_pick_group(g, VALU_MASK), op = grp < 0 ? -1 : gen_pick_op(g, grp);
      if (op < 0) return 0;
      f = gen_force0();
      f.src[0] = (int)(GCN_CODE_VGPR0 + regs[k]);
      if (!gen_emit(g, ch, (enum gcn_op)op, &f)) break;
    }
  }
  return 0; /* the swap alone is an item too */
}

/* v_swap_b32 then at once a 64-bit read of the pair that ends at its SRC0, v[b-1:b], as source SLOT
 * of one of the N readers RD that the profile enables: the swap's second write (SRC0 <- the old
 * VDST) holds the reader by the pair compare of rule 2 (gcn_valu_movrel's rd_v + 1 == SRC0). B - 1
 * and B differ from VDST, so the first write's hold (gcn_issue's VDST history) does not hide it.
 * 1: not emitted (no reader on). */
int gen_vswap_pair_read(gctx *g, chunk *ch, const gen_grp_op *rd, unsigned n, unsigned slot) {
  unsigned on = 0;
  for (unsigned k = 0; k < n; k++)
    if (gen_op_on(g, rd[k].grp, rd[k].op)) on |= 1u << k;
  if (!on) return 1;
  unsigned r = gcn_rng_pick_bit(&g->rng, on);
  unsigned a = gen_pick_vdst(g), b = gen_pick_vdst(g);
  if (b == 0 || b == a || b == a + 1) b = (a + (a == 254 ? 3 : 2)) % GCN_NUM_VGPRS; /* not 0, a or a + 1 */
  force_t f = gen_force0();
  f.vdst = (int)a;
  f.src[0] = (int)(GCN_CODE_VGPR0 + b);
  if (gen_emit(g, ch, GCN_OP_V_SWAP_B32, &f)) return -1;
  f = gen_force0();
  f.src[slot] = (int)(GCN_CODE_VGPR0 + b - 1);
  return gen_emit(g, ch, rd[r].op, &f);
}

/* The pair read as SRC0 (generator version 23), which gen_vswap_item's reads (VDST first, then
 * SRC0 as a 32-bit source) never reach. */
int gen_vswap_pair_item(gctx *g, chunk *ch) {
  static const gen_grp_op rd[] = {
      {GCN_GROUP_VALU_F64CVT, GCN_OP_V_CVT_F32_F64}, {GCN_GROUP_VALU_F64CVT, GCN_OP_V_CVT_I32_F64},
      {GCN_GROUP_VALU_F64CVT, GCN_OP_V_FRACT_F64},   {GCN_GROUP_VALU_F64, GCN_OP_V_ADD_F64}};
  return gen_vswap_pair_read(g, ch, rd, 4, 0);
}

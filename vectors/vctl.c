/* gcnref vectors: the valu_ctl group (issue 13): the scalar instructions that change how the
 * VALU runs, each in a closed window around a few VALU instructions.
 *   - s_setvskip S0, S1 with S0[S1] = 1 (VSKIP on: the VALU instructions retire without
 *     writing), or with any sources (on or off as they say), or one that leaves VSKIP off;
 *     VALU work; then s_setvskip 0, 0 (VSKIP off).
 *   - gcn12+: s_set_gpr_idx_on IDX, gpr_idx(MODES) (an index 0..16 usually, now and then up
 *     to 255 or any source's low byte; past v255 an operand names v0), VALU work, sometimes s_set_gpr_idx_mode with
 *     other modes and more VALU work, then s_set_gpr_idx_off.
 * Inside a window nothing writes M0 or MODE, so the window's end restores the unindexed,
 * unskipped VALU for the rest of the program. Other groups never emit these rows alone
 * (control.c and streams.c leave valu_ctl out of their filler masks). */
#include "gen_priv.h"

#include <string.h>

/* 1 to 3 random VALU instructions. */
static int work(gctx *g, chunk *ch) {
  unsigned n = 1 + gcn_rng_below(&g->rng, 3);
  for (unsigned i = 0; i < n; i++)
    if (gen_emit_body(g, ch)) return -1;
  return 0;
}

static int emit_op(gctx *g, chunk *ch, enum gcn_op op, int src0, int src1, int simm) {
  force_t f = gen_force0();
  f.src[0] = src0;
  f.src[1] = src1;
  f.simm = simm;
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return -1;
  if (simm >= 0) in.simm16 = (uint16_t)simm; /* s_set_gpr_idx_on: the SSRC1 mode bits */
  return gen_put(g, ch, &in, false);
}

static int vskip_window(gctx *g, chunk *ch) {
  unsigned b = gcn_rng_below(&g->rng, 32);
  unsigned k = gcn_rng_below(&g->rng, 10);
  int rc;
  if (k < 2) { /* S0 = 0: VSKIP stays off */
    rc = emit_op(g, ch, GCN_OP_S_SETVSKIP, GCN_CODE_ZERO, (int)(GCN_CODE_ZERO + b), -1);
  } else if (k < 5) { /* any sources (every operand class): VSKIP on or off as they say */
    rc = emit_op(g, ch, GCN_OP_S_SETVSKIP, -1, -1, -1);
  } else {
    unsigned s = gen_pick_sgpr(g, 32, true);
    rc = gen_emit_mov32(g, ch, s, (uint32_t)gcn_rng_next(&g->rng) | 1u << b) ||
         emit_op(g, ch, GCN_OP_S_SETVSKIP, (int)s, (int)(GCN_CODE_ZERO + b), -1);
  }
  g->forbid[GCN_CODE_M0] = 1;
  rc = rc || work(g, ch) || emit_op(g, ch, GCN_OP_S_SETVSKIP, GCN_CODE_ZERO, GCN_CODE_ZERO, -1);
  return rc ? -1 : 0;
}

static int gpr_idx_window(gctx *g, chunk *ch) {
  unsigned k = gcn_rng_below(&g->rng, 10);
  uint32_t idx = k < 7 ? gcn_rng_below(&g->rng, 17) : k < 9 ? gcn_rng_below(&g->rng, 256) : 248 + gcn_rng_below(&g->rng, 8);
  int src; /* the index: an inline constant, or an SGPR holding it (upper bits random), or any source */
  if (gcn_rng_pct(&g->rng, 25)) {
    src = -1;
  } else if (idx <= 64 && gcn_rng_pct(&g->rng, 50)) {
    src = (int)(GCN_CODE_ZERO + idx);
  } else {
    unsigned s = gen_pick_sgpr(g, 32, true);
    if (gen_emit_mov32(g, ch, s, ((uint32_t)gcn_rng_next(&g->rng) & ~0xffu) | idx)) return -1;
    src = (int)s;
  }
  if (emit_op(g, ch, GCN_OP_S_SET_GPR_IDX_ON, src, -1, (int)(1 + gcn_rng_below(&g->rng, 15)))) return -1;
  g->forbid[GCN_CODE_M0] = 1;
  if (work(g, ch)) return -1;
  if (gcn_rng_pct(&g->rng, 30)) {
    g->forbid[GCN_CODE_M0] = 0; /* the instruction's own write */
    if (emit_op(g, ch, GCN_OP_S_SET_GPR_IDX_MODE, -1, -1, (int)gcn_rng_below(&g->rng, 16))) return -1;
    g->forbid[GCN_CODE_M0] = 1;
    if (work(g, ch)) return -1;
  }
  return emit_op(g, ch, GCN_OP_S_SET_GPR_IDX_OFF, -1, -1, -1);
}

int gen_vctl_item(gctx *g, chunk *ch, int op) {
  unsigned saved = g->restrict_flags;
  g->restrict_flags |= R_NO_MOVREL;
  int rc = op == GCN_OP_S_SETVSKIP || g->gen < GCN12 ? vskip_window(g, ch) : gpr_idx_window(g, ch);
  g->restrict_flags = saved;
  memset(g->forbid, 0, sizeof g->forbid);
  return rc;
}

/* gcnref vectors: scalar control flow (issue 13). Forward branches on every condition
 * (s_branch, s_cbranch_scc0/scc1/vccz/vccnz/execz/execnz, gcn14's s_call_b64) over a
 * filler that runs when the branch is not taken and is dead when it is; and bounded loops:
 * a counter in an SGPR set by s_movk_i32 to a small trip count (0 to 4: zero-trip and
 * one-trip included), a guard (s_cmp/s_cmpk + s_cbranch) that skips the loop when the count
 * is 0, a body, and a latch (decrement, compare, backward s_cbranch), nested at most two
 * deep. The body never writes the counter, so every loop ends (the generator's simulation
 * also stops after 100000 steps). */
#include "gen_priv.h"

#include <string.h>

/* Groups of loop bodies and branch fillers: plain scalar and vector work, no EXEC or
 * M0-indexed writes, no nested control flow other than the loops built here, no VSKIP or
 * VGPR-indexing window (vctl.c). */
static uint64_t flow_body_mask(void) {
  uint64_t m = 0;
  for (unsigned k = 0; k < GCN_GROUP_COUNT; k++)
    if (k != GCN_GROUP_SALU_EXEC && k != GCN_GROUP_SALU_MOVREL && k != GCN_GROUP_SALU_BRANCH &&
        k != GCN_GROUP_SALU_PC && k != GCN_GROUP_VALU_CTL)
      m |= GROUP_BIT(k);
  return m;
}

/* Does branch OP jump in the state ST? */
static bool taken(const gcn_state *st, enum gcn_op op) {
  switch (op) {
    case GCN_OP_S_CBRANCH_SCC0: return !st->scc;
    case GCN_OP_S_CBRANCH_SCC1: return st->scc;
    case GCN_OP_S_CBRANCH_VCCZ: return st->vcc == 0;
    case GCN_OP_S_CBRANCH_VCCNZ: return st->vcc != 0;
    case GCN_OP_S_CBRANCH_EXECZ: return st->exec == 0;
    case GCN_OP_S_CBRANCH_EXECNZ: return st->exec != 0;
    default: return true; /* s_branch, s_call_b64 */
  }
}

/* OP with SIMM16 = DWORDS (the offset from the next instruction) and SDST (or -1). */
static int emit_branch(gctx *g, chunk *ch, enum gcn_op op, int dwords, int sdst) {
  force_t f = gen_force0();
  f.simm = (int)(uint16_t)(int16_t)dwords;
  f.sdst = sdst;
  return gen_emit(g, ch, op, &f);
}

/* OP (SOPC or SOPK) comparing the counter C with 0. */
static int emit_cmp0(gctx *g, chunk *ch, enum gcn_op op, unsigned c) {
  force_t f = gen_force0();
  f.src[0] = (int)c;
  f.src[1] = GCN_CODE_ZERO;
  f.simm = 0;
  return gen_emit(g, ch, op, &f);
}

static int append(chunk *ch, const chunk *src, bool dead) {
  for (unsigned i = 0; i < src->n; i++) {
    if (ch->n == MAX_CHUNK) return -1;
    ch->in[ch->n] = src->in[i];
    ch->dead[ch->n++] = dead || src->dead[i];
  }
  return 0;
}

static int forward(gctx *g, chunk *ch, enum gcn_op op) {
  bool jump = taken(&g->w.st, op);
  int sdst = -1;
  if (op == GCN_OP_S_CALL_B64) {
    sdst = (int)gen_pick_sgpr(g, 64, true);
    g->forbid[sdst] = g->forbid[sdst + 1] = 1;
  }
  chunk fill;
  fill.n = 0;
  unsigned n = gcn_rng_below(&g->rng, 4);
  for (unsigned i = 0; i < n; i++)
    if (gen_emit_random_in(g, &fill, flow_body_mask(), jump)) break;
  if (sdst >= 0) g->forbid[sdst] = g->forbid[sdst + 1] = 0; /* s_call_b64's own write */
  if (emit_branch(g, ch, op, (int)(gen_chunk_bytes(&fill, 0, fill.n) / 4), sdst)) return -1;
  return append(ch, &fill, jump);
}

/* A loop into CH at nesting DEPTH (1 or 2); DEAD: CH's part is never executed. */
static int loop(gctx *g, chunk *ch, unsigned depth) {
  unsigned c = gen_pick_sgpr(g, 32, true);
  if (g->forbid[c]) return -1;
  g->forbid[c] = 1;
  unsigned k = gcn_rng_below(&g->rng, 10);
  unsigned trips = k < 2 ? 0 : k < 4 ? 1 : 2 + gcn_rng_below(&g->rng, 3);
  if (g->bias && g->bias->trips_want && gcn_rng_pct(&g->rng, 70)) /* a trip count not yet seen (version 17) */
    trips = (unsigned)gcn_rng_pick_bit(&g->rng, g->bias->trips_want);
  bool guard = trips == 0 || gcn_rng_pct(&g->rng, 40);
  bool sopk = gcn_rng_pct(&g->rng, 50); /* s_addk/s_cmpk latch, else s_sub_u32/s_cmp */
  chunk body;
  body.n = 0;
  unsigned nb = 1 + gcn_rng_below(&g->rng, 3);
  for (unsigned i = 0; i < nb; i++) {
    if (depth < 2 && i == nb - 1 && gcn_rng_pct(&g->rng, 35)) {
      if (loop(g, &body, depth + 1)) return -1;
    } else if (gen_emit_random_in(g, &body, flow_body_mask(), false)) {
      return -1;
    }
  }
  g->forbid[c] = 0; /* the counter's own writes: s_movk, the decrement */
  force_t f = gen_force0();
  f.sdst = (int)c;
  f.simm = (int)trips;
  if (gen_emit(g, ch, GCN_OP_S_MOVK_I32, &f)) return -1;
  unsigned bb = gen_chunk_bytes(&body, 0, body.n);
  if (guard) { /* skip the body, the latch (8 bytes) and the back branch when C is 0 */
    if (emit_cmp0(g, ch, sopk ? GCN_OP_S_CMPK_EQ_U32 : GCN_OP_S_CMP_EQ_U32, c)) return -1;
    if (emit_branch(g, ch, GCN_OP_S_CBRANCH_SCC1, (int)(bb + 8 + 4) / 4, -1)) return -1;
  }
  unsigned start = ch->n;
  if (append(ch, &body, false)) return -1;
  f = gen_force0();
  f.sdst = (int)c;
  if (sopk) {
    f.simm = 0xffff; /* s_addk_i32 c, -1 */
    if (gen_emit(g, ch, GCN_OP_S_ADDK_I32, &f)) return -1;
  } else {
    f.src[0] = (int)c;
    f.src[1] = GCN_CODE_ZERO + 1;
    if (gen_emit(g, ch, GCN_OP_S_SUB_U32, &f)) return -1;
  }
  /* Loop while C != 0: s_cmp_lg + scc1, or s_cmp_eq + scc0. */
  bool lg = gcn_rng_pct(&g->rng, 50);
  enum gcn_op cmp = sopk ? (lg ? GCN_OP_S_CMPK_LG_U32 : GCN_OP_S_CMPK_EQ_U32) : (lg ? GCN_OP_S_CMP_LG_U32 : GCN_OP_S_CMP_EQ_U32);
  if (emit_cmp0(g, ch, cmp, c)) return -1;
  int back = -(int)(bb + 8 + 4) / 4;
  if (emit_branch(g, ch, lg ? GCN_OP_S_CBRANCH_SCC1 : GCN_OP_S_CBRANCH_SCC0, back, -1)) return -1;
  if (trips == 0)
    for (unsigned i = start; i < ch->n; i++) ch->dead[i] = true;
  return 0;
}

/* One item of the salu_branch group: OP forward, or (for the SCC branches) a loop. */
int gen_control_item(gctx *g, chunk *ch, int op) {
  unsigned saved = g->restrict_flags;
  g->restrict_flags |= R_NO_EXEC | R_NO_MOVREL;
  int rc;
  if ((op == GCN_OP_S_CBRANCH_SCC0 || op == GCN_OP_S_CBRANCH_SCC1) &&
      gcn_rng_pct(&g->rng, g->bias && g->bias->trips_want ? 90 : 60))
    rc = loop(g, ch, 1);
  else
    rc = forward(g, ch, (enum gcn_op)op);
  g->restrict_flags = saved;
  memset(g->forbid, 0, sizeof g->forbid);
  return rc;
}

/* gcnref vectors: EXEC kept alive (generator version 16). A v_cmpx writes its mask to EXEC,
 * and random compare sources give few 1 bits (an f compare, an eq of two random values, a
 * class test of a random mask: none), so an item of the v_cmpx groups that left its EXEC
 * behind made every later vector instruction of the program run with EXEC = 0 (about half of
 * make run's VALU instructions at generator version 15). As real kernels do around a
 * divergent region, most such items save EXEC to an SGPR pair first and restore it right
 * after the compare (s_mov_b64 exec, saved, or s_or_b64 exec, exec, saved: the mask is a
 * subset of the saved EXEC); the cmp and saveexec streams run vector work under the mask. */
#include <string.h>

#include "gen_priv.h"

bool gen_is_cmpx_group(int grp) {
  return grp == GCN_GROUP_VALU_CMPX || grp == GCN_GROUP_VALU_FCMPX || grp == GCN_GROUP_VALU_FCMPX64;
}

static int cmpx(gctx *g, chunk *ch, int grp) {
  return grp == GCN_GROUP_VALU_CMPX ? gen_emit_random_in(g, ch, GROUP_BIT(grp), false) : gen_fcmp_item(g, ch, grp);
}

/* The EXEC writes below only where the profile lets the instruction appear (a DUT's
 * capability file restricts it: gcn_capability_restrict sets the weight 0). */
static bool allowed(const gctx *g, int op) { return g->p->op[op] != 0; }

int gen_cmpx_item(gctx *g, chunk *ch, int grp) {
  if (!allowed(g, GCN_OP_S_MOV_B64) || !gcn_rng_pct(&g->rng, GEN_CMPX_RESTORE_PCT))
    return cmpx(g, ch, grp); /* the mask stays in EXEC */
  unsigned a = gen_pick_sgpr(g, 64, true);
  force_t s = gen_force0();
  s.sdst = (int)a;
  s.src[0] = GCN_CODE_EXEC_LO;
  if (gen_emit(g, ch, GCN_OP_S_MOV_B64, &s)) return -1;
  g->forbid[a] = g->forbid[a + 1] = 1;
  int rc = cmpx(g, ch, grp);
  g->forbid[a] = g->forbid[a + 1] = 0;
  if (rc) return -1;
  s = gen_force0();
  s.sdst = GCN_CODE_EXEC_LO;
  bool mov = !allowed(g, GCN_OP_S_OR_B64) || gcn_rng_pct(&g->rng, 50);
  s.src[0] = mov ? (int)a : GCN_CODE_EXEC_LO;
  if (!mov) s.src[1] = (int)a;
  if (gen_emit(g, ch, mov ? GCN_OP_S_MOV_B64 : GCN_OP_S_OR_B64, &s)) return -1;
  g->exec_extra += 2;
  return 0;
}

/* Whatever left EXEC = 0 (a v_cmpx or a saveexec without a restore, an s_mov_b64 of a
 * pattern, the initial state, a VOP3 compare into exec), the program ran every later vector
 * instruction with no lane. EXEC = 0 is now a short, deliberate state: after 0..3 more items
 * (so s_cbranch_execz, v_cmpx, saveexec and the VALU still see it) EXEC gets a nonzero
 * pattern again, as a kernel's EXEC is restored at the end of a divergent region. */
bool gen_exec_revive_due(gctx *g) {
  if (g->w.st.exec || !allowed(g, GCN_OP_S_MOV_B64) || !allowed(g, GCN_OP_S_MOV_B32)) {
    g->exec_off = 0;
    return false;
  }
  if (!g->exec_off) g->exec_off = 1 + gcn_rng_below(&g->rng, 4);
  return --g->exec_off == 0;
}

int gen_exec_revive(gctx *g, chunk *ch, int unused) {
  (void)unused;
  unsigned w[GCN_EXEC_COUNT];
  memcpy(w, g->p->exec, sizeof w);
  w[GCN_EXEC_OFF] = 0;
  int pat = gcn_rng_weighted(&g->rng, w, GCN_EXEC_COUNT);
  uint64_t v = gen_exec_pattern(g, pat < 0 ? GCN_EXEC_ALL : pat);
  if (!v) v = ~0ull; /* a random pattern of 0 */
  force_t f = gen_force0();
  f.sdst = GCN_CODE_EXEC_LO;
  if (v == ~0ull) {
    f.src[0] = GCN_CODE_INT_NEG_MIN; /* s_mov_b64 exec, -1 */
    if (gen_emit(g, ch, GCN_OP_S_MOV_B64, &f)) return -1;
    g->exec_extra++;
    return 0;
  }
  if (gen_emit_mov32(g, ch, GCN_CODE_EXEC_LO, (uint32_t)v) || gen_emit_mov32(g, ch, GCN_CODE_EXEC_HI, (uint32_t)(v >> 32)))
    return -1;
  g->exec_extra += 2;
  return 0;
}

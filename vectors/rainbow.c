/* gcnref vectors: class-rainbow VGPRs for coverage-directed generation (generator version
 * 15). A float source's bins (fpclass.<mn>.src0|src1.<class>, docs/coverage.md) are counted
 * per active lane, so one VGPR whose lanes hold every float class closes all ten bins of a
 * source in one instruction, where a uniform value closes one. When the coverage holes ask
 * for source classes, the initial state gets such VGPRs (init lines of the vector) and the
 * builder reads the VGPR whose active lanes hold the most classes still wanted. */
#include "gen_priv.h"

/* The float class of lane L: every class within any 10 consecutive lanes, and within the
 * even or the odd lanes of any 20 (half-wave EXEC patterns). */
static int lane_class(unsigned l, unsigned rot) { return (int)((l + l / 10 + rot) % GCN_COV_FP_CLASSES); }

void gen_rainbow_vgprs(gctx *g, gcn_state *st, unsigned widths) {
  for (unsigned w = 0; w < 3; w++) {
    if (!(widths >> w & 1)) continue;
    unsigned bits = w == 0 ? 16 : w == 1 ? 32 : 64;
    for (unsigned copy = 0; copy < 2; copy++) { /* two of each: a later write may replace one */
      unsigned v = gcn_rng_below(&g->rng, GCN_NUM_VGPRS - 1); /* a pair below v255 for f64 */
      unsigned rot = gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES), rot_hi = gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES);
      for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
        uint64_t x = gen_fp_class_value(lane_class(l, rot), bits, gcn_rng_next(&g->rng));
        if (bits == 16) /* the high half too (op_sel reads it) */
          x |= gen_fp_class_value(lane_class(l, rot_hi), 16, gcn_rng_next(&g->rng)) << 16;
        st->vgpr[v][l] = (uint32_t)x;
        if (bits == 64) st->vgpr[v + 1][l] = (uint32_t)(x >> 32);
      }
    }
  }
}

int gen_vgpr_covering(gctx *g, unsigned want, unsigned bits, unsigned *gain) {
  uint64_t lanes = g->w.st.exec ? g->w.st.exec : ~0ull;
  unsigned start = gcn_rng_below(&g->rng, GCN_NUM_VGPRS), best_gain = 0, full = (unsigned)__builtin_popcount(want);
  int best = -1;
  uint32_t keep = bits == 16 ? 0xFFFFu : 0xFFFFFFFFu;
  for (unsigned i = 0; i < GCN_NUM_VGPRS && best_gain < full; i++) {
    unsigned v = (start + i) % GCN_NUM_VGPRS;
    if (bits == 64 && v + 1 == GCN_NUM_VGPRS) continue;
    unsigned seen = 0;
    for (uint64_t m = lanes; m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctzll(m);
      uint64_t x = bits == 64 ? (uint64_t)g->w.st.vgpr[v + 1][l] << 32 | g->w.st.vgpr[v][l] : g->w.st.vgpr[v][l] & keep;
      seen |= 1u << gcn_cov_fp_class(x, bits);
    }
    unsigned n = (unsigned)__builtin_popcount(seen & want);
    if (n > best_gain) best_gain = n, best = (int)v;
  }
  *gain = best_gain;
  return best;
}

/* gcnref vectors: the set-up of one vector: the special-register and per-group
 * instruction lists of the generation (weighted by the profile and the bias), and the
 * initial state (EXEC, MODE, M0, register pools). */
#include "gen_priv.h"

static void add_n(unsigned *list, unsigned *n, unsigned cap, unsigned code, unsigned times) {
  for (unsigned i = 0; i < times && *n < cap; i++) list[(*n)++] = code;
}

/* Multiplies the marked weights by min_f, or by more so that together they hold at least 3/4
 * of the total; false when no weight is marked. */
static bool boost_marked(unsigned *w, const bool *marked, unsigned n, unsigned long min_f) {
  unsigned long marked_w = 0, other_w = 0;
  for (unsigned i = 0; i < n; i++) *(marked[i] ? &marked_w : &other_w) += w[i];
  if (!marked_w) return false;
  unsigned long f = min_f;
  if (marked_w * f < 3 * other_w) f = (3 * other_w + marked_w - 1) / marked_w;
  for (unsigned i = 0; i < n; i++)
    if (marked[i]) w[i] *= (unsigned)f;
  return true;
}

void gen_setup_lists(gctx *g) {
  gcn_gen gen = g->gen;
  g->n_src32 = g->n_src64 = g->n_dst32 = g->n_dst64 = 0;
  for (unsigned c = gcn_num_sgprs(gen); c < 256; c++) { /* the specials follow the SGPRs */
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if ((k != GCN_OPND_SPECIAL && k != GCN_OPND_READONLY) || c == GCN_CODE_LDS_DIRECT) continue; /* LDS: not run */
    bool vcc = c == GCN_CODE_VCC_LO || c == GCN_CODE_VCC_HI, exec = c == GCN_CODE_EXEC_LO || c == GCN_CODE_EXEC_HI;
    unsigned times = vcc ? 6 : exec ? 4 : c == GCN_CODE_M0 ? 4 : k == GCN_OPND_READONLY ? 2 : 1;
    if (gcn_operand_legal_src(gen, c, 32)) add_n(g->src32, &g->n_src32, 64, c, times);
    if (gcn_operand_legal_src(gen, c, 64) && (k == GCN_OPND_READONLY || c % 2 == 0))
      add_n(g->src64, &g->n_src64, 48, c, vcc || exec ? 8 : times);
    if (c < 128 && gcn_operand_legal_sdst(gen, c, 32)) add_n(g->dst32, &g->n_dst32, 48, c, times);
    if (c < 128 && gcn_operand_legal_sdst(gen, c, 64) && c % 2 == 0)
      add_n(g->dst64, &g->n_dst64, 32, c, vcc || exec ? 8 : 1);
  }
  for (unsigned grp = 0; grp < GCN_GROUP_COUNT; grp++) g->n_gop[grp] = 0;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    int grp = gcn_isa_group_on(d, gen);
    if (grp < 0 || !d->mnemonic[gen] || gcn_isa_has(d, gen, GCN_F_NOMODEL)) continue;
    int w = g->p->op[op] < 0 ? 1 : g->p->op[op];
    if (!w) continue;
    unsigned k = g->n_gop[grp]++;
    g->gop[grp][k] = (uint16_t)op;
    g->gw[grp][k] = (unsigned)w;
  }
  for (unsigned grp = 0; grp < GCN_GROUP_COUNT; grp++) g->item_w[grp] = g->n_gop[grp] ? g->p->group[grp] : 0;
  for (unsigned s = 0; s < GCN_STREAM_COUNT; s++) g->item_w[GCN_GROUP_COUNT + s] = g->p->stream[s];
  if (gen < GCN12) g->item_w[GCN_GROUP_COUNT + GCN_STREAM_DPP] = 0; /* no DPP before gcn12 */
  const gcn_gen_bias *b = g->bias;
  if (!b || !b->holes) return;
  /* Coverage-directed: instructions with holes x8 within their group, their groups and the
   * streams that emit them x4 (a weight of 0 in the profile stays 0). */
  bool boost[GCN_GROUP_COUNT + GCN_STREAM_COUNT] = {false};
  for (unsigned grp = 0; grp < GCN_GROUP_COUNT; grp++) {
    bool hole[GCN_OP_COUNT];
    for (unsigned k = 0; k < g->n_gop[grp]; k++) hole[k] = b->op_holes[g->gop[grp][k]] != 0;
    /* x8, and at least 3/4 of the group's draws once few of its instructions have holes
     * (the tail of closure: generator version 17) */
    if (!boost_marked(g->gw[grp], hole, g->n_gop[grp], 8)) continue;
    g->item_w[grp] *= 4;
    boost[grp] = true;
  }
  unsigned st[GCN_STREAM_COUNT] = {0};
  st[GCN_STREAM_FORK] = b->op_holes[GCN_OP_S_CBRANCH_G_FORK] + b->op_holes[GCN_OP_S_CBRANCH_JOIN];
  st[GCN_STREAM_BRANCH] = b->op_holes[GCN_OP_S_SETPC_B64] + b->op_holes[GCN_OP_S_SWAPPC_B64];
  st[GCN_STREAM_HAZARD] = b->timing_holes;
  st[GCN_STREAM_FPBAND] = b->n_fpx;
  st[GCN_STREAM_DPP] = b->dpp_any;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    int grp = gcn_group_of(&gcn_isa[op]);
    if (grp == GCN_GROUP_SALU_MOVREL) st[GCN_STREAM_MOVREL] += b->op_holes[op];
    if (grp == GCN_GROUP_SALU_EXEC) st[GCN_STREAM_SAVEEXEC] += b->op_holes[op];
    if (grp == GCN_GROUP_VALU_CARRY) st[GCN_STREAM_CARRY] += b->op_holes[op];
  }
  for (unsigned s = 0; s < GCN_STREAM_COUNT; s++)
    if (st[s]) g->item_w[GCN_GROUP_COUNT + s] *= 4, boost[GCN_GROUP_COUNT + s] = true;
  if (b->timing_holes) g->item_w[GCN_GROUP_NOP] *= 4, boost[GCN_GROUP_NOP] = true;
  /* and together at least 3/4 of the draws, when every hole names what to aim at (version 17) */
  if (b->timing_holes || b->loose_holes) return;
  boost_marked(g->item_w, boost, GCN_GROUP_COUNT + GCN_STREAM_COUNT, 1);
}

static uint32_t mode_pattern(gctx *g, int pat) {
  static const uint32_t defaults[] = {0x000, 0x0C0, 0x3C0, 0x3F0};
  uint32_t base = defaults[gcn_rng_below(&g->rng, 4)];
  switch (pat) {
    case GCN_MODE_DEFAULT: return base;
    case GCN_MODE_ROUND: return (base & ~0xFu) | gcn_rng_below(&g->rng, 16);
    case GCN_MODE_DENORM: return (base & ~0xF0u) | gcn_rng_below(&g->rng, 16) << 4;
    case GCN_MODE_RANDOM: return gcn_rng_below(&g->rng, 1024);
    default: return gcn_rng_below(&g->rng, 1024) | gcn_rng_below(&g->rng, 8) << GCN_MODE_CSP_SHIFT;
  }
}

void gen_setup_state(gctx *g, uint64_t seed) {
  gcn_state *st = &g->init;
  gcn_vec_default_state(st, g->gen, seed);
  int ep = gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
  st->exec = gen_exec_pattern(g, ep < 0 ? GCN_EXEC_ALL : ep);
  int mp = gcn_rng_weighted(&g->rng, g->p->mode, GCN_MODE_COUNT);
  st->mode = mode_pattern(g, mp < 0 ? GCN_MODE_DEFAULT : mp);
  if (g->bias) { /* MODE fields and EXEC patterns not seen yet */
    const gcn_gen_bias *b = g->bias;
    for (unsigned w = 0; w < 2; w++) {
      if (b->round_want[w] && gcn_rng_pct(&g->rng, 50))
        st->mode = (st->mode & ~(3u << (2 * w))) | (unsigned)gcn_rng_pick_bit(&g->rng, b->round_want[w]) << (2 * w);
      if (b->denorm_want[w] && gcn_rng_pct(&g->rng, 50))
        st->mode = (st->mode & ~(3u << (4 + 2 * w))) | (unsigned)gcn_rng_pick_bit(&g->rng, b->denorm_want[w])
                                                           << (4 + 2 * w);
    }
    if (b->ieee_off && gcn_rng_pct(&g->rng, 50)) st->mode &= ~(1u << 9);           /* IEEE = 0 */
    if (b->value_want[GCN_OP_S_GETREG_B32] && gcn_rng_pct(&g->rng, 50)) /* MODE's sign bit (CSP >= 4) */
      st->mode |= 4u << GCN_MODE_CSP_SHIFT;
    if (b->denorm_out && gcn_rng_pct(&g->rng, 50)) st->mode |= 3u << 4 | 3u << 6; /* denormals kept */
    if (b->exec_want && gcn_rng_pct(&g->rng, 50)) {
      int k = gcn_rng_pick_bit(&g->rng, b->exec_want);
      st->exec = k == GCN_COV_EXEC_ALL_ON ? ~0ull : k == GCN_COV_EXEC_ALL_OFF ? 0 : gen_exec_pattern(g, GCN_EXEC_HALF);
    }
  }
  if (g->bias && g->bias->fp_widths) gen_rainbow_vgprs(g, st, g->bias->fp_widths);
  unsigned k = gcn_rng_below(&g->rng, 10);
  st->m0 = k < 5 ? 0 : k < 8 ? gcn_rng_below(&g->rng, 32) : gcn_vec_value(gcn_rng_next(&g->rng));
  st->scc = gcn_rng_pct(&g->rng, 50);
  if (gcn_rng_pct(&g->rng, 10)) st->vcc = gen_exec_pattern(g, gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT));
  /* Rarely, the other special registers. */
  if (g->gen >= GCN11 && gcn_rng_pct(&g->rng, 10)) st->flat_scratch = gcn_rng_next(&g->rng);
  if (g->gen >= GCN12 && gcn_rng_pct(&g->rng, 10)) st->xnack_mask = gcn_rng_next(&g->rng);
  if (g->gen <= GCN12 && gcn_rng_pct(&g->rng, 10)) st->tba = gcn_rng_next(&g->rng);
  if (g->gen <= GCN12 && gcn_rng_pct(&g->rng, 10)) st->tma = gcn_rng_next(&g->rng);
  if (g->gen == GCN14)
    for (unsigned i = 0; i < 5; i++)
      if (gcn_rng_pct(&g->rng, 10)) st->aperture[i] = gcn_vec_value(gcn_rng_next(&g->rng));
  /* The hardware registers other than MODE (STATUS's stored bits, TRAPSTS, the
   * configuration registers): random values, from their own stream of the seed so that
   * the generator's draws stay as they were. */
  uint64_t hx = seed ^ 0x6877726567ull; /* "hwreg" */
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++) {
    const gcn_symbol_desc *s = gcn_symbol(g->gen, GCN_SYM_HWREG, id);
    uint64_t r = gcn_splitmix64(&hx);
    if (s && s->attr != GCN_HWREG_MODE && (r >> 32 & 1)) st->hwreg[id] = (uint32_t)r;
  }
  st->pc = 0;
  /* Register pools: pairs of SGPRs and a handful of VGPRs that the program works on. */
  for (unsigned i = 0; i < POOL_S; i += 2) {
    unsigned c = 2 * gcn_rng_below(&g->rng, g->nsg / 2);
    g->spool[i] = c;
    g->spool[i + 1] = c + 1;
  }
  for (unsigned i = 0; i < POOL_V; i++) g->vpool[i] = gcn_rng_below(&g->rng, GCN_NUM_VGPRS);
  gen_fcvt_rainbows(g, st);
}

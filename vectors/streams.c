/* gcnref vectors: directed streams (docs/vectors.md, "Streams"): carry chains, SAVEEXEC,
 * movrel, hazards, forward branches and fork/join, and one random item of a group. */
#include "gen_priv.h"

#include <string.h>

static int stream_carry(gctx *g, chunk *ch) {
  bool vec = gen_group_on(g, GCN_GROUP_VALU_CARRY) && gcn_rng_pct(&g->rng, 60);
  unsigned k = 2 + gcn_rng_below(&g->rng, 2);
  unsigned kind = gcn_rng_below(&g->rng, 3);
  if (!vec) {
    enum gcn_op first = kind == 1 ? GCN_OP_S_SUB_U32 : GCN_OP_S_ADD_U32;
    enum gcn_op next = kind == 1 ? GCN_OP_S_SUBB_U32 : GCN_OP_S_ADDC_U32;
    unsigned d = gen_pick_sgpr(g, 64, true), a = gen_pick_sgpr(g, 64, false);
    if (d + k > g->nsg) d = 0;
    if (a + k > g->nsg) a = 0;
    if (gcn_rng_pct(&g->rng, 50) &&
        gen_emit_mov32(g, ch, a, gcn_rng_pct(&g->rng, 70) ? 0xFFFFFFFFu : gen_value_for(g, GCN_T_U32)))
      return -1;
    for (unsigned i = 0; i < k; i++) {
      force_t f = gen_force0();
      f.sdst = (int)(d + i);
      f.src[0] = (int)(a + i);
      if (gen_emit(g, ch, i ? next : first, &f)) return -1;
    }
    if (gcn_rng_pct(&g->rng, 30)) { /* the final carry read back */
      force_t f = gen_force0();
      f.src[0] = GCN_CODE_SCC;
      if (gen_emit(g, ch, gcn_rng_pct(&g->rng, 50) ? GCN_OP_S_CSELECT_B32 : GCN_OP_S_ADDC_U32, &f)) return -1;
    }
    return 0;
  }
  static const enum gcn_op firsts[3] = {GCN_OP_V_ADD_CO_U32, GCN_OP_V_SUB_CO_U32, GCN_OP_V_SUBREV_CO_U32};
  static const enum gcn_op nexts[3] = {GCN_OP_V_ADDC_CO_U32, GCN_OP_V_SUBB_CO_U32, GCN_OP_V_SUBBREV_CO_U32};
  bool e64 = gcn_rng_pct(&g->rng, g->p->vop3 > 0 ? 50 : 0);
  unsigned carry = GCN_CODE_VCC_LO;
  for (unsigned i = 0; i < k; i++) {
    force_t f = gen_force0();
    f.enc = e64 ? 64 : 32;
    if (e64) {
      unsigned out = gen_pick_pair_dst(g);
      f.sdst = (int)out;
      if (i) f.src[2] = (int)carry;
      carry = out;
    }
    if (gen_emit(g, ch, i ? nexts[kind] : firsts[kind], &f)) return -1;
  }
  if (gcn_rng_pct(&g->rng, 40)) { /* SALU reads the carry mask (a VALU -> SALU interlock) */
    static const enum gcn_op ops[] = {GCN_OP_S_AND_B64, GCN_OP_S_OR_B64, GCN_OP_S_XOR_B64, GCN_OP_S_MOV_B64,
                                      GCN_OP_S_BCNT1_I32_B64, GCN_OP_S_FF1_I32_B64};
    force_t f = gen_force0();
    f.src[0] = (int)carry;
    if (gen_emit(g, ch, ops[gcn_rng_below(&g->rng, 6)], &f)) return -1;
  }
  return 0;
}

uint64_t gen_exec_pattern(gctx *g, int pat) {
  static const uint64_t alt[] = {0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull, 0x00FF00FF00FF00FFull,
                                 0x0F0F0F0F0F0F0F0Full, 0x3333333333333333ull, 0xFF00FF00FF00FF00ull};
  static const uint64_t half[] = {0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull, 0x000000000000FFFFull,
                                  0xFFFF000000000000ull, 0x0000FFFF0000FFFFull, 0x00000000FFFF0000ull};
  switch (pat) {
    case GCN_EXEC_ALL: return ~0ull;
    case GCN_EXEC_OFF: return 0;
    case GCN_EXEC_ONE: return 1ull << gcn_rng_below(&g->rng, 64);
    case GCN_EXEC_ALTERNATING: return alt[gcn_rng_below(&g->rng, 6)];
    case GCN_EXEC_HALF: return half[gcn_rng_below(&g->rng, 6)];
    default: return gcn_rng_next(&g->rng);
  }
}

/* Sets the pair CODE to a 64-bit value with s_mov_b32 x2 (or one s_mov_b64 of an inline). */
static int emit_set64(gctx *g, chunk *ch, unsigned code, uint64_t v) {
  if (v == 0 || v == ~0ull) {
    force_t f = gen_force0();
    f.sdst = (int)code;
    f.src[0] = v ? GCN_CODE_INT_NEG_MIN : GCN_CODE_ZERO;
    return gen_emit(g, ch, GCN_OP_S_MOV_B64, &f);
  }
  if (gen_emit_mov32(g, ch, code, (uint32_t)v)) return -1;
  return gen_emit_mov32(g, ch, code + 1, (uint32_t)(v >> 32));
}

/* Work under an EXEC that a stream set (saveexec, v_cmpx): 1..N body instructions that write
 * neither EXEC nor the pair SAVED (the old EXEC; SAVED < 0: none), then, RESTORE percent of
 * the time, EXEC back from SAVED. */
static int under_exec(gctx *g, chunk *ch, int saved, unsigned n, unsigned restore) {
  if (saved >= 0) g->forbid[saved] = g->forbid[saved + 1] = 1;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 1;
  unsigned keep = g->restrict_flags;
  g->restrict_flags |= R_NO_EXEC | R_NO_MOVREL;
  int rc = 0;
  for (unsigned i = 0; i < n && !rc; i++) rc = gen_emit_body(g, ch);
  g->restrict_flags = keep;
  if (saved >= 0) g->forbid[saved] = g->forbid[saved + 1] = 0;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 0;
  if (rc || saved < 0 || !restore || !gcn_rng_pct(&g->rng, restore)) return rc;
  force_t f = gen_force0();
  f.sdst = GCN_CODE_EXEC_LO;
  f.src[0] = saved;
  return gen_emit(g, ch, GCN_OP_S_MOV_B64, &f);
}

static int stream_saveexec(gctx *g, chunk *ch) {
  int pat = gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
  if (gcn_rng_pct(&g->rng, 25) || !gen_group_on(g, GCN_GROUP_SALU_EXEC)) {
    /* An EXEC pattern, then a few vector instructions under it. */
    if (emit_set64(g, ch, GCN_CODE_EXEC_LO, gen_exec_pattern(g, pat))) return -1;
    unsigned n = 1 + gcn_rng_below(&g->rng, 3);
    for (unsigned i = 0; i < n; i++)
      if (gen_emit_body(g, ch)) return -1;
    return 0;
  }
  unsigned a = gen_pick_sgpr(g, 64, true);
  unsigned mask;
  const uint64_t old_exec = g->w.st.exec;
  bool aimed = false;
  switch (gcn_rng_below(&g->rng, 4)) {
    case 0: /* a lane-varying mask from a carry-out in VCC */
      if (gen_group_on(g, GCN_GROUP_VALU_CARRY)) {
        force_t f = gen_force0();
        f.enc = 32;
        if (gen_emit(g, ch, GCN_OP_V_ADD_CO_U32, &f)) return -1;
      }
      mask = GCN_CODE_VCC_LO;
      break;
    case 1: /* an SGPR pair set to a pattern */
      mask = gen_pick_sgpr(g, 64, true);
      if (mask == a) mask = (a + 2) % (g->nsg & ~1u);
      if (emit_set64(g, ch, mask, gen_exec_pattern(g, pat))) return -1;
      break;
    case 2: mask = gen_pick_sgpr(g, 64, false); break;
    default: /* (version 19) a result of 0 (SCC = 0): EXEC 0 or all ones and S0 0 or -1 give it for every op
              * in one of the four (s_or/s_orn1: EXEC 0; s_orn2/s_nand: all ones), EXEC restored after */
      if (emit_set64(g, ch, GCN_CODE_EXEC_LO, gcn_rng_pct(&g->rng, 50) ? 0 : ~0ull)) return -1;
      mask = gcn_rng_pct(&g->rng, 50) ? GCN_CODE_ZERO : GCN_CODE_INT_NEG_MIN;
      aimed = true;
      break;
  }
  int op = gen_pick_op(g, GCN_GROUP_SALU_EXEC);
  if (op < 0) return -1;
  force_t f = gen_force0();
  f.sdst = (int)a;
  f.src[0] = (int)mask;
  if (gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
  if (under_exec(g, ch, (int)a, 1 + gcn_rng_below(&g->rng, 4), 0)) return -1;
  if (aimed) return emit_set64(g, ch, GCN_CODE_EXEC_LO, old_exec);
  unsigned k = gcn_rng_below(&g->rng, 10);
  if (k < 5) { /* restore */
    f = gen_force0();
    f.sdst = GCN_CODE_EXEC_LO;
    f.src[0] = (int)a;
    return gen_emit(g, ch, GCN_OP_S_MOV_B64, &f);
  }
  if (k < 8) {
    f = gen_force0();
    f.sdst = f.src[0] = GCN_CODE_EXEC_LO;
    f.src[1] = (int)a;
    return gen_emit(g, ch, GCN_OP_S_OR_B64, &f);
  }
  return 0;
}

/* s_movrels/s_movreld with M0 = M known: bases chosen so that the index is in range. */
static int emit_movrel(gctx *g, chunk *ch, uint32_t m) {
  unsigned n = g->nsg;
  enum gcn_op ops[4] = {GCN_OP_S_MOVRELS_B32, GCN_OP_S_MOVRELD_B32, GCN_OP_S_MOVRELS_B64, GCN_OP_S_MOVRELD_B64};
  unsigned nops = (m % 2 == 0 && m + 2 <= n) ? 4 : 2;
  if (m >= n) return -1;
  enum gcn_op op = ops[gcn_rng_below(&g->rng, nops)];
  bool wide = op == GCN_OP_S_MOVRELS_B64 || op == GCN_OP_S_MOVRELD_B64;
  unsigned room = n - m - (wide ? 2 : 1); /* base in [0, room] */
  unsigned base = gcn_rng_below(&g->rng, room + 1);
  if (wide) base &= ~1u;
  force_t f = gen_force0();
  bool rd = op == GCN_OP_S_MOVRELS_B32 || op == GCN_OP_S_MOVRELS_B64;
  if (rd && g->bias && g->bias->value_want[op] && !gen_forbidden(g, base + m, wide ? 64 : 32) &&
      gcn_rng_pct(&g->rng, 50)) { /* a zero to move (result holes; generator version 12) */
    f.sdst = (int)(base + m);
    f.src[0] = GCN_CODE_ZERO;
    if (gen_emit(g, ch, wide ? GCN_OP_S_MOV_B64 : GCN_OP_S_MOV_B32, &f)) return -1;
    f = gen_force0();
  }
  if (rd)
    f.src[0] = (int)base;
  else
    f.sdst = (int)base;
  return gen_emit(g, ch, op, &f);
}

static int stream_movrel(gctx *g, chunk *ch) {
  unsigned n = g->nsg;
  uint32_t m = gcn_rng_pct(&g->rng, 60) ? gcn_rng_below(&g->rng, 16) : gcn_rng_below(&g->rng, n);
  if (gen_emit_mov32(g, ch, GCN_CODE_M0, m)) return -1;
  if (gen_has_op(g, GCN_OP_S_SET_GPR_IDX_IDX) && gcn_rng_pct(&g->rng, 25)) {
    /* M0[7:0] = S0[7:0]; M0 < 256 here, so M0 becomes the new index */
    uint32_t m2 = gcn_rng_below(&g->rng, n);
    force_t f = gen_force0();
    if (gcn_rng_pct(&g->rng, 20)) m2 = 0; /* then sometimes a float constant: bits 7:0 of 0.5 .. 4.0 are 0 */
    unsigned c = m2 || gcn_rng_pct(&g->rng, 80) ? gen_inline_equiv(g->gen, GCN_T_B32, m2)
                                                  : GCN_CODE_FLOAT_MIN + gcn_rng_below(&g->rng, 8);
    f.src[0] = c ? (int)c : GCN_CODE_LITERAL;
    if (!c) f.lit = m2;
    if (gen_emit(g, ch, GCN_OP_S_SET_GPR_IDX_IDX, &f)) return -1;
    m = m2;
  }
  unsigned k = 1 + gcn_rng_below(&g->rng, 3);
  for (unsigned i = 0; i < k; i++) {
    if (gen_group_on(g, GCN_GROUP_VALU_MOVREL) && gcn_rng_pct(&g->rng, 50)) { /* v_movrel* (vmovrel.c) */
      int op = gen_pick_op(g, GCN_GROUP_VALU_MOVREL);
      if (op < 0 || gen_vmovrel_emit(g, ch, (enum gcn_op)op, m)) return -1;
      continue;
    }
    if (emit_movrel(g, ch, m)) return -1;
  }
  return 0;
}

/* A random VALU op (not a lane op) from the enabled groups; -1 if none. */
static int pick_valu_op(gctx *g) {
  int grp = gen_pick_group(g, VALU_MASK);
  return grp < 0 ? -1 : gen_pick_op(g, grp);
}

/* Coverage-directed, a dep hole whose producer is an SALU instruction: SCC (s_add_u32),
 * MODE (s_setreg_imm32_b32 of its float fields) or M0, read back to back by a VALU
 * instruction (src_scc as a source, a float op for MODE) or an SALU one (generator version 12). */
static int hazard_dep_salu(gctx *g, chunk *ch, unsigned cons, int reg) {
  force_t f = gen_force0();
  if (reg == GCN_COV_DEP_SCC) {
    if (gen_emit(g, ch, GCN_OP_S_ADD_U32, &f)) return -1;
  } else if (reg == GCN_COV_DEP_MODE) {
    if (gen_emit(g, ch, GCN_OP_S_SETREG_IMM32_B32, &f)) return -1;
  } else if (reg == GCN_COV_DEP_M0) {
    if (gen_emit_mov32(g, ch, GCN_CODE_M0, gcn_rng_below(&g->rng, 64))) return -1;
  } else {
    return -1; /* the hazard stream's own items write the others */
  }
  f = gen_force0();
  if (!cons) {
    f.src[0] = reg == GCN_COV_DEP_SCC ? GCN_CODE_SCC : GCN_CODE_M0;
    return reg == GCN_COV_DEP_MODE ? gen_emit(g, ch, GCN_OP_S_GETREG_B32, &f)
                                   : gen_emit(g, ch, reg == GCN_COV_DEP_SCC ? GCN_OP_S_CSELECT_B32 : GCN_OP_S_ADD_U32, &f);
  }
  int grp = reg == GCN_COV_DEP_MODE ? (gen_group_on(g, GCN_GROUP_VALU_F32) ? GCN_GROUP_VALU_F32 : -1)
                                    : gen_pick_group(g, VALU_MASK);
  int op = grp < 0 ? -1 : gen_pick_op(g, grp);
  if (op < 0) return -1;
  if (reg != GCN_COV_DEP_MODE) f.src[0] = reg == GCN_COV_DEP_SCC ? GCN_CODE_SCC : GCN_CODE_M0;
  return gen_emit(g, ch, (enum gcn_op)op, &f);
}

/* Coverage-directed: a VALU write of a scalar register class that a dep hole names, read
 * back to back by an SALU or a VALU instruction (generator version 12). The writer is
 * v_readlane_b32 (EXEC, M0, VCC, an SGPR or a special register), or where the profile has
 * no lane op on the generation, the carry-out pair of a VOP3 carry op. */
static int hazard_dep(gctx *g, chunk *ch) {
  const gcn_gen_bias *b = g->bias;
  unsigned pv = b->dep_want[1][0] || b->dep_want[1][1] ? 1u : 0u;
  if (pv && (b->dep_want[0][0] || b->dep_want[0][1]) && gcn_rng_pct(&g->rng, 50)) pv = 0;
  const uint8_t *want = b->dep_want[pv];
  unsigned cons = want[1] ? (want[0] && gcn_rng_pct(&g->rng, 50) ? 0u : 1u) : 0u;
  int reg = gcn_rng_pick_bit(&g->rng, want[cons]);
  if (!pv) return hazard_dep_salu(g, ch, cons, reg);
  /* the lane op: v_readlane_b32 where it is VOP2 (gcn10/11), else v_readfirstlane_b32 (not into EXEC) */
  bool rl2 = gcn_isa_group_on(&gcn_isa[GCN_OP_V_READLANE_B32], g->gen) == GCN_GROUP_VALU_LANE;
  bool lane = gen_group_on(g, GCN_GROUP_VALU_LANE) &&
              (rl2 || (gen_has_op(g, GCN_OP_V_READFIRSTLANE_B32) && reg != GCN_COV_DEP_EXEC));
  if (!lane && !gen_group_on(g, GCN_GROUP_VALU_CARRY)) return -1;
  unsigned d;
  switch (reg) {
    case GCN_COV_DEP_EXEC: d = GCN_CODE_EXEC_LO; break;
    case GCN_COV_DEP_M0: d = GCN_CODE_M0; break;
    case GCN_COV_DEP_VCC: d = GCN_CODE_VCC_LO; break;
    case GCN_COV_DEP_SPECIAL: {
      const unsigned *l = lane ? g->dst32 : g->dst64;
      unsigned n = lane ? g->n_dst32 : g->n_dst64, k = gcn_rng_below(&g->rng, n + 1);
      d = 0;
      for (unsigned i = 0; i < n && !d; i++) {
        unsigned c = l[(i + k) % n];
        if (c >= g->nsg && c != GCN_CODE_EXEC_LO && c != GCN_CODE_EXEC_HI && c != GCN_CODE_M0 &&
            c != GCN_CODE_VCC_LO && c != GCN_CODE_VCC_HI && !gen_forbidden(g, c, lane ? 32 : 64))
          d = c;
      }
      if (!d) return -1;
      break;
    }
    default: d = lane ? gen_pick_sgpr(g, 32, true) : gen_pick_pair_dst(g); break;
  }
  if (gen_forbidden(g, d, lane ? 32 : 64) || (!lane && (d & 1))) return -1;
  force_t f = gen_force0();
  f.sdst = (int)d;
  if (lane) {
    if (reg == GCN_COV_DEP_EXEC) f.src[1] = GCN_CODE_ZERO; /* lane 0 */
    if (gen_emit(g, ch, rl2 ? GCN_OP_V_READLANE_B32 : GCN_OP_V_READFIRSTLANE_B32, &f)) return -1;
  } else {
    int op = gen_pick_op(g, GCN_GROUP_VALU_CARRY);
    f.enc = 64;
    if (op < 0 || !gcn_isa_operand(&gcn_isa[op], GCN_ROLE_CO) || gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
  }
  f = gen_force0();
  if (cons) { /* VALU: EXEC is read by every VALU op, the others as a scalar source */
    int op = pick_valu_op(g);
    if (op < 0) return -1;
    if (reg != GCN_COV_DEP_EXEC) f.src[0] = (int)d;
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  f.src[0] = (int)d;
  return gen_emit(g, ch, GCN_OP_S_ADD_U32, &f);
}

static int stream_hazard(gctx *g, chunk *ch) {
  const gcn_gen_bias *bs = g->bias;
  if (bs && (bs->dep_want[0][0] | bs->dep_want[0][1] | bs->dep_want[1][0] | bs->dep_want[1][1]) &&
      gcn_rng_pct(&g->rng, 50)) {
    int r = hazard_dep(g, ch);
    if (r == 0) return 0;
  }
  bool valu = gen_any_valu(g);
  unsigned variant = gcn_rng_below(&g->rng, 9);
  force_t f = gen_force0();
  gcn_inst *prev;
  if (!valu && variant != 5) variant = 5;
  switch (variant) {
    case 0: /* VALU -> VALU read after write (per pass), with an optional s_nop between */
    case 1: {
      int a = pick_valu_op(g), b = pick_valu_op(g);
      if (a < 0 || b < 0 || gen_emit(g, ch, (enum gcn_op)a, &f)) return -1;
      prev = &ch->in[ch->n - 1];
      unsigned v = prev->vdst;
      if (variant == 1) {
        force_t fn = gen_force0();
        if (gen_emit(g, ch, GCN_OP_S_NOP, &fn)) return -1;
      }
      f = gen_force0();
      f.src[gcn_rng_pct(&g->rng, 50) ? 0 : 1] = (int)(GCN_CODE_VGPR0 + v);
      return gen_emit(g, ch, (enum gcn_op)b, &f);
    }
    case 2: { /* VALU carry -> SALU read of the mask */
      if (!gen_group_on(g, GCN_GROUP_VALU_CARRY)) return -1;
      int a = gen_pick_op(g, GCN_GROUP_VALU_CARRY);
      if (a < 0 || gen_emit(g, ch, (enum gcn_op)a, &f)) return -1;
      prev = &ch->in[ch->n - 1];
      unsigned mask = gcn_inst_is_vop3(prev) ? prev->sdst : GCN_CODE_VCC_LO;
      static const enum gcn_op ops[] = {GCN_OP_S_AND_B64, GCN_OP_S_CSELECT_B64, GCN_OP_S_MOV_B64,
                                        GCN_OP_S_BCNT1_I32_B64, GCN_OP_S_NOT_B64};
      f = gen_force0();
      f.src[0] = (int)mask;
      return gen_emit(g, ch, ops[gcn_rng_below(&g->rng, 5)], &f);
    }
    case 3: { /* SALU writes EXEC -> VALU */
      int pat = gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
      if (gcn_rng_pct(&g->rng, 50)) {
        if (emit_set64(g, ch, GCN_CODE_EXEC_LO, gen_exec_pattern(g, pat))) return -1;
      } else {
        f.sdst = f.src[0] = GCN_CODE_EXEC_LO;
        if (gen_emit(g, ch, gcn_rng_pct(&g->rng, 50) ? GCN_OP_S_AND_B64 : GCN_OP_S_OR_B64, &f)) return -1;
      }
      return gen_emit_body(g, ch);
    }
    case 4: { /* SALU writes an SGPR -> VALU reads it as a scalar operand */
      int grp = gen_pick_group(g, SALU_PLAIN_MASK);
      enum gcn_op a = grp < 0 ? GCN_OP_S_MOV_B32 : (enum gcn_op)gen_pick_op(g, grp);
      if (gcn_operand_width(&gcn_isa[a], GCN_ROLE_D) != 32 || (gcn_isa[a].flags & GCN_F_NODST)) a = GCN_OP_S_ADD_U32;
      f.sdst = (int)gen_pick_sgpr(g, 32, true);
      if (gcn_rng_pct(&g->rng, 25)) { /* M0 or another named register (version 3) */
        unsigned c = gcn_rng_pct(&g->rng, 50) || !g->n_dst32 ? (unsigned)GCN_CODE_M0
                                                             : g->dst32[gcn_rng_below(&g->rng, g->n_dst32)];
        if (c != GCN_CODE_EXEC_LO && c != GCN_CODE_EXEC_HI && !gen_forbidden(g, c, 32)) f.sdst = (int)c;
      }
      if (gen_emit(g, ch, a, &f)) return -1;
      int b = pick_valu_op(g);
      if (b < 0) return -1;
      f = gen_force0();
      f.src[0] = (int)ch->in[ch->n - 1].sdst;
      return gen_emit(g, ch, (enum gcn_op)b, &f);
    }
    case 5: { /* SCC producer -> consumer */
      static const enum gcn_op prod[] = {GCN_OP_S_ADD_U32, GCN_OP_S_SUB_I32, GCN_OP_S_AND_B32, GCN_OP_S_MAX_U32,
                                         GCN_OP_S_BFE_U32, GCN_OP_S_LSHL_B64};
      static const enum gcn_op cons[] = {GCN_OP_S_CSELECT_B32, GCN_OP_S_CSELECT_B64, GCN_OP_S_ADDC_U32,
                                         GCN_OP_S_SUBB_U32, GCN_OP_S_CMOV_B32, GCN_OP_S_CMOV_B64};
      if (gen_emit(g, ch, prod[gcn_rng_below(&g->rng, 6)], &f)) return -1;
      f = gen_force0();
      if (gcn_rng_pct(&g->rng, 30)) f.src[0] = GCN_CODE_SCC;
      return gen_emit(g, ch, cons[gcn_rng_below(&g->rng, 6)], &f);
    }
    case 6: { /* SALU writes VCC -> VALU reads it as carry-in / select */
      static const enum gcn_op cons[] = {GCN_OP_V_CNDMASK_B32, GCN_OP_V_ADDC_CO_U32, GCN_OP_V_SUBB_CO_U32};
      int pat = gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
      if (emit_set64(g, ch, GCN_CODE_VCC_LO, gen_exec_pattern(g, pat))) return -1;
      f.enc = 32;
      return gen_emit(g, ch, cons[gcn_rng_below(&g->rng, 3)], &f);
    }
    case 7: { /* write after write: two VALU writes of one VGPR, or readlane -> SALU */
      if (gen_group_on(g, GCN_GROUP_VALU_LANE) && gcn_rng_pct(&g->rng, 50) && /* gcn12+: VOP3-only, not emitted */
          gcn_isa_group_on(&gcn_isa[GCN_OP_V_READLANE_B32], g->gen) == GCN_GROUP_VALU_LANE) {
        f.sdst = (int)(gcn_rng_pct(&g->rng, 30) ? GCN_CODE_M0 : gen_pick_sgpr(g, 32, true)); /* M0: version 3 */
        if (gen_emit(g, ch, GCN_OP_V_READLANE_B32, &f)) return -1;
        unsigned s = ch->in[ch->n - 1].vdst;
        if (gcn_rng_pct(&g->rng, 40)) { /* readlane -> writelane directly (VALU -> VALU through a scalar) */
          f = gen_force0();
          f.src[1] = (int)s;
          return gen_emit(g, ch, GCN_OP_V_WRITELANE_B32, &f);
        }
        f = gen_force0();
        f.src[0] = (int)s;
        if (gen_emit(g, ch, GCN_OP_S_ADD_U32, &f)) return -1;
        f = gen_force0(); /* SALU -> writelane lane select */
        f.src[1] = (int)s;
        return gen_emit(g, ch, GCN_OP_V_WRITELANE_B32, &f);
      }
      if (gen_group_on(g, GCN_GROUP_VALU_LANE) && gcn_rng_pct(&g->rng, 40) && /* gcn12+ (generator version 13) */
          gcn_isa_group_on(&gcn_isa[GCN_OP_V_READLANE_B32], g->gen) != GCN_GROUP_VALU_LANE &&
          gen_has_op(g, GCN_OP_V_READFIRSTLANE_B32)) { /* readfirstlane (30% into M0) -> SALU or VALU */
        f.sdst = (int)(gcn_rng_pct(&g->rng, 30) && !g->forbid[GCN_CODE_M0] ? GCN_CODE_M0 : gen_pick_sgpr(g, 32, true));
        if (gen_emit(g, ch, GCN_OP_V_READFIRSTLANE_B32, &f)) return -1;
        unsigned s = ch->in[ch->n - 1].vdst;
        int op = gcn_rng_pct(&g->rng, 50) ? pick_valu_op(g) : GCN_OP_S_ADD_U32;
        if (op < 0) return -1;
        f = gen_force0();
        f.src[0] = (int)s;
        return gen_emit(g, ch, (enum gcn_op)op, &f);
      }
      int a = pick_valu_op(g), b = pick_valu_op(g);
      if (a < 0 || b < 0 || gen_emit(g, ch, (enum gcn_op)a, &f)) return -1;
      f = gen_force0();
      f.vdst = ch->in[ch->n - 1].vdst;
      return gen_emit(g, ch, (enum gcn_op)b, &f);
    }
    default: { /* a float chain: each result feeds the next */
      int grp = gen_group_on(g, GCN_GROUP_VALU_F32)   ? GCN_GROUP_VALU_F32
                : gen_group_on(g, GCN_GROUP_VALU_F16) ? GCN_GROUP_VALU_F16
                                                    : -1;
      if (grp < 0) return -1;
      unsigned k = 2 + gcn_rng_below(&g->rng, 3);
      for (unsigned i = 0; i < k; i++) {
        int op = gen_pick_op(g, grp);
        f = gen_force0();
        if (i) f.src[gcn_rng_below(&g->rng, 2)] = (int)(GCN_CODE_VGPR0 + ch->in[ch->n - 1].vdst);
        if (op < 0 || gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
      }
      return 0;
    }
  }
}

/* Random instructions for skipped regions (never executed) and control-flow bodies. */
static uint64_t body_mask(const gctx *g) {
  uint64_t m = 0;
  for (unsigned k = 0; k < GCN_GROUP_COUNT; k++)
    if (k != GCN_GROUP_SALU_EXEC && k != GCN_GROUP_SALU_MOVREL && k != GCN_GROUP_SALU_BRANCH &&
        k != GCN_GROUP_VALU_CTL)
      m |= GROUP_BIT(k);
  (void)g;
  return m;
}

static int stream_branch(gctx *g, chunk *ch) {
  unsigned t = gcn_rng_pct(&g->rng, 20) ? gen_pick_special_pair(g) : gen_pick_sgpr(g, 64, true);
  bool addc = gcn_rng_pct(&g->rng, 85);
  bool swap = gcn_rng_pct(&g->rng, 40);
  bool konst = swap && gcn_rng_pct(&g->rng, 25); /* s_swappc_b64 D, <absolute target constant> */
  unsigned nfill = gcn_rng_below(&g->rng, 4);
  /* The filler is built first (into a scratch chunk) to know its size. */
  chunk fill;
  fill.n = 0;
  g->forbid[t] = g->forbid[t + 1] = 1;
  for (unsigned i = 0; i < nfill; i++)
    if (gen_emit_random_in(g, &fill, body_mask(g), true)) break;
  g->forbid[t] = g->forbid[t + 1] = 0;
  unsigned fb = gen_chunk_bytes(&fill, 0, fill.n);
  force_t f = gen_force0();
  if (konst) { /* the program is loaded at 0 and this chunk at g->size */
    uint64_t target = g->size + 4 + fb;
    if (target <= 64 && gcn_rng_pct(&g->rng, 70)) {
      f.src[0] = (int)(GCN_CODE_ZERO + target);
    } else {
      target += 4;
      f.src[0] = GCN_CODE_LITERAL;
      f.lit = (int64_t)target;
    }
    f.sdst = (int)gen_pick_sgpr(g, 64, true);
    if (gen_emit(g, ch, GCN_OP_S_SWAPPC_B64, &f)) return -1;
    goto filler;
  }
  /* T = address of the s_add_u32 + K = the target, just after the filler. */
  unsigned k = 4 + (addc ? 4 : 0) + 4 + fb;
  if (k > 64) k += 4;
  if (gen_emit_target(g, ch, t, k, addc)) return -1;
  f.src[0] = (int)t;
  if (swap) {
    f.sdst = (int)gen_pick_sgpr(g, 64, true);
    if (gen_emit(g, ch, GCN_OP_S_SWAPPC_B64, &f)) return -1;
  } else if (gen_emit(g, ch, GCN_OP_S_SETPC_B64, &f)) {
    return -1;
  }
filler:
  for (unsigned i = 0; i < fill.n; i++) {
    if (ch->n == MAX_CHUNK) return -1;
    ch->in[ch->n] = fill.in[i];
    ch->dead[ch->n++] = true;
  }
  return 0;
}

static int stream_fork(gctx *g, chunk *ch) {
  unsigned csp = (g->w.st.mode & GCN_MODE_CSP_MASK) >> GCN_MODE_CSP_SHIFT;
  unsigned slot = csp * 4;
  for (unsigned i = 0; i < 4; i++) g->forbid[slot + i] = 1;
  unsigned c = gcn_rng_pct(&g->rng, 20) && !g->forbid[GCN_CODE_M0] ? (unsigned)GCN_CODE_M0 : gen_pick_sgpr(g, 32, true);
  if (gen_emit_mov32(g, ch, c, csp)) {
    memset(g->forbid, 0, sizeof g->forbid);
    return -1;
  }
  g->forbid[c] = 1;
  int mask; /* a pair, or an inline constant (0: nothing passes, -1: everything does) */
  unsigned mk = gcn_rng_below(&g->rng, 100);
  if (mk < 15) {
    mask = gcn_rng_pct(&g->rng, 50) ? GCN_CODE_ZERO : GCN_CODE_INT_NEG_MIN;
  } else if (mk < 22) { /* a float constant's bits as the mask */
    mask = (int)(GCN_CODE_FLOAT_MIN + gcn_rng_below(&g->rng, GCN_CODE_FLOAT_MAX - GCN_CODE_FLOAT_MIN + 1));
  } else if (mk < 27) { /* EXEC itself: everything passes */
    mask = GCN_CODE_EXEC_LO;
  } else {
    mask = (int)(mk < 40 ? gen_pick_special_pair(g) : gen_pick_sgpr(g, 64, true));
    g->forbid[mask] = g->forbid[mask + 1] = 1;
  }
  unsigned t = gcn_rng_pct(&g->rng, 20) ? gen_pick_special_pair(g) : gen_pick_sgpr(g, 64, true);
  g->forbid[t] = g->forbid[t + 1] = 1;
  g->forbid[GCN_CODE_EXEC_LO] = g->forbid[GCN_CODE_EXEC_HI] = 1;
  unsigned saved = g->restrict_flags;
  int rc = -1;
  chunk a, b;
  a.n = b.n = 0;
  if (mask >= 0 && mask < GCN_CODE_ZERO && mask != GCN_CODE_EXEC_LO && gcn_rng_pct(&g->rng, 60)) {
    int pat = gcn_rng_weighted(&g->rng, g->p->exec, GCN_EXEC_COUNT);
    g->forbid[mask] = g->forbid[mask + 1] = 0;
    int r2 = emit_set64(g, ch, (unsigned)mask, gen_exec_pattern(g, pat));
    g->forbid[mask] = g->forbid[mask + 1] = 1;
    if (r2) goto out;
  }
  g->restrict_flags |= R_NO_EXEC | R_NO_MOVREL;
  unsigned na = gcn_rng_below(&g->rng, 4), nb = gcn_rng_below(&g->rng, 4);
  for (unsigned i = 0; i < na; i++)
    if (gen_emit_random_in(g, &a, body_mask(g), false)) goto out;
  for (unsigned i = 0; i < nb; i++)
    if (gen_emit_random_in(g, &b, body_mask(g), false)) goto out;
  g->restrict_flags = saved;
  /* getpc; add; addc; fork; A; join; B (the target); join. Near the start of the program
   * the target may be an inline constant (the program is loaded at 0). */
  uint64_t abs_target = g->size + gen_chunk_bytes(ch, 0, ch->n) + 4 + gen_chunk_bytes(&a, 0, a.n) + 4;
  force_t f = gen_force0();
  /* s_cbranch_i_fork (SOPK: the mask is a register pair, the target SIMM16 dwords on) */
  bool ifork = mask < GCN_CODE_ZERO && gcn_rng_pct(&g->rng, 40);
  if (ifork) {
    f.simm = (int)((gen_chunk_bytes(&a, 0, a.n) + 4) / 4);
  } else if (abs_target <= 64 && gcn_rng_pct(&g->rng, 60)) {
    f.src[1] = (int)(GCN_CODE_ZERO + abs_target);
  } else {
    unsigned k = 4 + 4 + 4 + gen_chunk_bytes(&a, 0, a.n) + 4;
    if (k > 64) k += 4;
    g->forbid[t] = g->forbid[t + 1] = 0;
    if (gen_emit_target(g, ch, t, k, true)) goto out;
    g->forbid[t] = g->forbid[t + 1] = 1;
    f.src[1] = (int)t;
  }
  f.src[0] = mask;
  if (gen_emit(g, ch, ifork ? GCN_OP_S_CBRANCH_I_FORK : GCN_OP_S_CBRANCH_G_FORK, &f)) goto out;
  for (int half = 0; half < 2; half++) {
    const chunk *body = half ? &b : &a;
    for (unsigned i = 0; i < body->n; i++) {
      if (ch->n == MAX_CHUNK) goto out;
      ch->in[ch->n] = body->in[i];
      ch->dead[ch->n++] = false;
    }
    f = gen_force0();
    f.src[0] = (int)c;
    if (gen_emit(g, ch, GCN_OP_S_CBRANCH_JOIN, &f)) goto out;
  }
  rc = 0;
out:
  g->restrict_flags = saved;
  memset(g->forbid, 0, sizeof g->forbid);
  return rc;
}

/* One random instruction of GRP as a chunk. */
int gen_random_item(gctx *g, chunk *ch, int grp) {
  int aimed = gen_aimed_item(g, ch, grp); /* vectors/aimed.c (version 24) */
  if (aimed <= 0) return aimed;
  if (grp == GCN_GROUP_SALU_K) { /* s_addk_i32 past INT_MAX or INT_MIN now and then (SCC = 1) */
    int op = gen_pick_op(g, grp);
    if (op == GCN_OP_S_ADDK_I32 && gcn_rng_pct(&g->rng, 30)) {
      bool up = gcn_rng_pct(&g->rng, 50);
      unsigned d = gen_pick_sgpr(g, 32, true);
      if (gen_emit_mov32(g, ch, d, (up ? 0x7fff0000u : 0x80000000u) | gcn_rng_below(&g->rng, 0x10000))) return -1;
      force_t f = gen_force0();
      f.sdst = (int)d;
      f.simm = up ? 0x7fff : 0x8000;
      return gen_emit(g, ch, GCN_OP_S_ADDK_I32, &f);
    }
    if (op >= 0) {
      force_t f = gen_force0();
      gcn_inst in;
      if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
      return gen_put(g, ch, &in, false);
    }
  }
  if (gen_is_cmpx_group(grp)) return gen_cmpx_item(g, ch, grp); /* vectors/exec.c */
  if (grp == GCN_GROUP_VALU_FCMP || grp == GCN_GROUP_VALU_FCMPX || grp == GCN_GROUP_VALU_CLASS ||
      grp == GCN_GROUP_VALU_FCMP64 || grp == GCN_GROUP_VALU_FCMPX64)
    return gen_fcmp_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_INT64 && g->gen >= GCN12 && gcn_rng_pct(&g->aux, 40)) {
    int rc = gen_mqsad_dpp_item(g, ch); /* vectors/int16.c (version 23) */
    if (rc <= 0) return rc;
  }
  if (grp == GCN_GROUP_VALU_INT16 || grp == GCN_GROUP_VALU_INT64) return gen_int16_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_FROUND || grp == GCN_GROUP_VALU_FCVT) return gen_fround_item(g, ch, grp);
  if ((grp == GCN_GROUP_VALU_F3 || grp == GCN_GROUP_VALU_F64 || grp == GCN_GROUP_VALU_F64CVT) && gcn_rng_pct(&g->aux, 10)) {
    int rc = gen_lowlz_item(g, ch, grp); /* vectors/ffma.c (version 23) */
    if (rc <= 0) return rc;
  }
  if (grp == GCN_GROUP_VALU_F3 || grp == GCN_GROUP_VALU_F3H || grp == GCN_GROUP_VALU_PK_F16)
    return gen_ffma_item(g, ch, grp); /* vectors/ffma.c (versions 17, 18) */
  if (grp == GCN_GROUP_VALU_FDIV || grp == GCN_GROUP_VALU_FMISC) return gen_fdiv_item(g, ch, grp); /* vectors/fdiv.c (version 18) */
  if (grp == GCN_GROUP_VALU_TRANS) return gen_ftrans_item(g, ch, grp); /* vectors/ftrans.c (version 18) */
  if (grp == GCN_GROUP_VALU_F64) return gen_f64arith_item(g, ch, grp); /* vectors/f64arith.c (version 18) */
  if (grp == GCN_GROUP_VALU_F64CVT) return gen_f64cvt_item(g, ch, grp); /* vectors/f64arith.c (version 20) */
  if (grp == GCN_GROUP_VALU_F64DIV) return gen_f64div_item(g, ch, grp); /* vectors/f64arith.c (version 20) */
  if (grp == GCN_GROUP_VALU_F64TRANS) return gen_f64cvt_item(g, ch, grp); /* vectors/f64arith.c (version 21) */
  if (grp == GCN_GROUP_SALU_BRANCH) {
    int op = gen_pick_op(g, grp);
    return op < 0 ? -1 : gen_control_item(g, ch, op);
  }
  if (grp == GCN_GROUP_VALU_MOVREL) { /* vectors/vmovrel.c */
    int op = gen_pick_op(g, grp);
    return op < 0 ? -1 : gen_vmovrel_item(g, ch, op);
  }
  if (grp == GCN_GROUP_VALU_F32 && gcn_rng_pct(&g->aux, 2)) { /* vectors/fround.c (version 22) */
    int rc = gen_pknorm_item(g, ch);
    if (rc <= 0) return rc;
  }
  if (grp == GCN_GROUP_VALU_MOVE && gen_has_op(g, GCN_OP_V_SWAP_B32) && gcn_rng_pct(&g->aux, 40)) {
    int rc = gen_vswap_pair_item(g, ch); /* vectors/vmovrel.c (version 23) */
    if (rc <= 0) return rc;
  }
  if (grp == GCN_GROUP_VALU_MOVE && gen_has_op(g, GCN_OP_V_SWAP_B32) && gcn_rng_pct(&g->rng, 15))
    return gen_vswap_item(g, ch);
  if (grp == GCN_GROUP_VALU_CTL) {
    int op = gen_pick_op(g, grp);
    return op < 0 ? -1 : gen_vctl_item(g, ch, op);
  }
  if (grp == GCN_GROUP_SALU_MOVREL) {
    int op = gen_pick_op(g, grp);
    if (op < 0) return -1;
    if (op != GCN_OP_S_SET_GPR_IDX_IDX) {
      uint32_t m = g->w.st.m0;
      if (m >= g->nsg) return stream_movrel(g, ch);
      return emit_movrel(g, ch, m);
    }
    if (gcn_rng_pct(&g->aux, 25)) { /* version 23: SRC0 a special register (its source-class bin closed late) */
      force_t f = gen_force0();
      f.src[0] = (int)gen_pick_special_src(g, 32, true);
      return gen_emit(g, ch, GCN_OP_S_SET_GPR_IDX_IDX, &f);
    }
  }
  if (grp == GCN_GROUP_VALU_PK_INT && gcn_rng_pct(&g->aux, 30)) {
    int rc = gen_pk_minmax_item(g, ch); /* vectors/int16.c (version 23) */
    if (rc <= 0) return rc;
  }
  if (grp == GCN_GROUP_SALU_HWREG && gcn_rng_pct(&g->aux, 30)) {
    int rc = gen_getreg_all_item(g, ch); /* vectors/builder.c (version 23) */
    if (rc <= 0) return rc;
  }
  return gen_emit_random_in(g, ch, GROUP_BIT(grp), false);
}

/* One compare of the groups of GRPS (integer, float, class) the profile enables, a group
 * drawn alike (generator version 14: the float compares and class tests too); -1: none. */
static int pick_cmp(gctx *g, const int *grps, unsigned n) {
  unsigned on = 0;
  for (unsigned k = 0; k < n; k++)
    if (gen_group_on(g, grps[k])) on |= 1u << k;
  return on ? gen_pick_op(g, grps[gcn_rng_pick_bit(&g->rng, on)]) : -1;
}

/* A vector compare and the reads of its result (docs/vectors.md, stream cmp). */
static int stream_cmp(gctx *g, chunk *ch) {
  static const int cmpx[] = {GCN_GROUP_VALU_CMPX, GCN_GROUP_VALU_FCMPX, GCN_GROUP_VALU_FCMPX64};
  static const int cmp[] = {GCN_GROUP_VALU_CMP, GCN_GROUP_VALU_FCMP, GCN_GROUP_VALU_CLASS, GCN_GROUP_VALU_FCMP64};
  force_t f = gen_force0();
  unsigned variant = gcn_rng_below(&g->rng, 4);
  if (variant == 3 && gen_group_on(g, GCN_GROUP_VALU_LANE) && gen_has_op(g, GCN_OP_V_READFIRSTLANE_B32)) {
    /* v_readfirstlane -> SALU */
    f.sdst = (int)gen_pick_sgpr(g, 32, true);
    if (gen_emit(g, ch, GCN_OP_V_READFIRSTLANE_B32, &f)) return -1;
    f = gen_force0();
    f.src[gcn_rng_below(&g->rng, 2)] = (int)ch->in[ch->n - 1].vdst;
    return gen_emit(g, ch, gcn_rng_pct(&g->rng, 50) ? GCN_OP_S_ADD_U32 : GCN_OP_S_XOR_B32, &f);
  }
  int op = variant == 2 ? pick_cmp(g, cmpx, 3) : -1;
  if (op >= 0) { /* v_cmpx, then VALU work under the new EXEC */
    unsigned a = gen_pick_sgpr(g, 64, true);
    force_t s = gen_force0();
    s.sdst = (int)a;
    s.src[0] = GCN_CODE_EXEC_LO;
    if (gen_emit(g, ch, GCN_OP_S_MOV_B64, &s)) return -1;
    g->forbid[a] = g->forbid[a + 1] = 1; /* VOPC or VOP3 form as build_vop draws it (50%) */
    int rc = gen_fcmp_preload(g, ch, op, &f, 70) ? -1 : gen_emit(g, ch, (enum gcn_op)op, &f);
    g->forbid[a] = g->forbid[a + 1] = 0;
    return rc ? -1 : under_exec(g, ch, (int)a, 1 + gcn_rng_below(&g->rng, 3), 70);
  }
  op = pick_cmp(g, cmp, 4);
  if (op < 0) return -1;
  bool e32 = gcn_rng_pct(&g->rng, 50);
  f.enc = e32 ? 32 : 64;
  if (!e32) f.sdst = (int)gen_pick_sgpr(g, 64, true);
  if (gen_fcmp_preload(g, ch, op, &f, 70) || gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
  unsigned mask = e32 ? GCN_CODE_VCC_LO : ch->in[ch->n - 1].vdst;
  f = gen_force0();
  if (e32 || gcn_rng_pct(&g->rng, 40)) { /* v_cndmask on the mask (VCC, or SRC2 of the VOP3 form) */
    f.enc = e32 ? 32 : 64;
    if (!e32) f.src[2] = (int)mask;
    return gen_emit(g, ch, GCN_OP_V_CNDMASK_B32, &f);
  }
  /* s_and_saveexec_b64 of the mask, VALU work under it, EXEC restored */
  unsigned a = gen_pick_sgpr(g, 64, true);
  if (a == mask) a = (a + 2) % (g->nsg & ~1u);
  f.sdst = (int)a;
  f.src[0] = (int)mask;
  if (gen_emit(g, ch, GCN_OP_S_AND_SAVEEXEC_B64, &f)) return -1;
  return under_exec(g, ch, (int)a, 1 + gcn_rng_below(&g->rng, 3), 80);
}

int gen_stream(gctx *g, chunk *ch, gcn_stream s) {
  switch (s) {
    case GCN_STREAM_CARRY: return stream_carry(g, ch);
    case GCN_STREAM_SAVEEXEC: return stream_saveexec(g, ch);
    case GCN_STREAM_MOVREL: return stream_movrel(g, ch);
    case GCN_STREAM_HAZARD: return stream_hazard(g, ch);
    case GCN_STREAM_BRANCH: return stream_branch(g, ch);
    case GCN_STREAM_FPBAND: return gen_fpband_item(g, ch);
    case GCN_STREAM_CMP: return stream_cmp(g, ch);
    case GCN_STREAM_DPP: return gen_dpp_stream(g, ch);
    default: return stream_fork(g, ch);
  }
}

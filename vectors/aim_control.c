/* gcnref vectors: items aimed at the 320-mutant run's survivors in control, decode, the integer and
 * data-movement units (docs/mutate_survivors.md; vectors/aimed.c). Whether to emit is drawn from
 * gctx.aim[AIM_CONTROL]; the operands from gctx.rng. */
#include "gen_priv.h"

/* v_swap_b32, then at once a 64-bit SRC2 reading v[b-1:b], b the swap's SRC0 (v_fma_f64,
 * v_mad_u64_u32, v_mad_i64_i32): the swap's second write holds it by gcn_valu_movrel's pair
 * compare of slot 3 (SRC2), which gen_vswap_pair_item's SRC0 readers never reach. */
static int swap_src2_item(gctx *g, chunk *ch) {
  static const gen_grp_op rd[] = {{GCN_GROUP_VALU_F64, GCN_OP_V_FMA_F64},
                                  {GCN_GROUP_VALU_INT64, GCN_OP_V_MAD_U64_U32},
                                  {GCN_GROUP_VALU_INT64, GCN_OP_V_MAD_I64_I32}};
  return gen_vswap_pair_read(g, ch, rd, 3, 2);
}

/* Two s_getreg_b32 of all of STATUS one after the other: its stored bits (the initial state's)
 * read at two cycles (a stored bit that changes while nothing writes it shows). */
static int getreg_status_item(gctx *g, chunk *ch) {
  if (!gen_has_op(g, GCN_OP_S_GETREG_B32)) return 1;
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++) {
    const gcn_symbol_desc *s = gcn_symbol(g->gen, GCN_SYM_HWREG, id);
    if (!s || s->attr != GCN_HWREG_STATUS) continue;
    uint32_t x = gcn_imm_put(g->gen, GCN_IMMF_HWREG_ID, 0, id);
    for (unsigned k = 0; k < 2; k++) {
      force_t f = gen_force0();
      f.simm = (int)gcn_imm_put(g->gen, GCN_IMMF_HWREG_SIZE, x, 31);
      if (gen_emit(g, ch, GCN_OP_S_GETREG_B32, &f)) return -1;
    }
    return 0;
  }
  return 1;
}

/* s_getreg_b32 of all 32 bits of every stored hardware register of the generation (STATUS,
 * TRAPSTS, HW_ID, GPR_ALLOC, LDS_ALLOC, IB_STS, SH_MEM_BASES), one after the other (generator
 * version 25): each random initial value read whole after the load (a stored bit tied to 0 or 1
 * from then on shows; gen_getreg_all_item reads one register a time). */
static int getreg_sweep_item(gctx *g, chunk *ch) {
  if (!gen_has_op(g, GCN_OP_S_GETREG_B32)) return 1;
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++)
    if (gen_hwreg_stored(g, id) && gen_getreg_whole(g, ch, id)) return -1;
  return 0;
}

/* gcn14's signed add/sub with CLAMP (the integer saturations of gcn_valu_int16 and gcn_valu_int3):
 * v_add_i16 (v_sub_i16 a quarter of the time) or v_add_i32/v_sub_i32, the operands at random. */
static int iclamp_item(gctx *g, chunk *ch, int grp) {
  enum gcn_op op;
  if (grp == GCN_GROUP_VALU_INT16)
    op = gcn_rng_pct(&g->rng, 25) ? GCN_OP_V_SUB_I16 : GCN_OP_V_ADD_I16;
  else
    op = gcn_rng_pct(&g->rng, 50) ? GCN_OP_V_SUB_I32 : GCN_OP_V_ADD_I32;
  if (!gen_op_on(g, grp, op)) return 1;
  force_t f = gen_force0();
  f.clamp = 1;
  return gen_emit(g, ch, op, &f);
}

/* gcn14's v_pk_mad_i16 or v_pk_mad_u16 without CLAMP, of three random VGPRs (gcn_valu_pk's
 * multiply-add: two rows of the group's fourteen; CLAMP saturates most random products, and the
 * scalar and constant operands are mostly small). */
static int pk_mad_item(gctx *g, chunk *ch) {
  enum gcn_op op = gcn_rng_pct(&g->rng, 50) ? GCN_OP_V_PK_MAD_I16 : GCN_OP_V_PK_MAD_U16;
  if (!gen_op_on(g, GCN_GROUP_VALU_PK_INT, op)) return 1;
  force_t f = gen_force0();
  f.clamp = 0; /* random halves' products saturate under CLAMP: the low 16 bits show */
  for (unsigned k = 0; k < 3; k++) f.src[k] = (int)(GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, GCN_NUM_VGPRS));
  return gen_emit(g, ch, op, &f);
}

/* One half's a, b, c (H[0..2]) of v_pk_mad_i16 with CLAMP: a b + c inside the i16 range (4 in
 * 10: |a b| <= 2^14, |c| <= 2^14), at its top (1 in 10: 32766, 32767 or 32768), above it (3 in
 * 10: |a|, |b| >= 182 of one sign, c >= 0) or below it (2 in 10). */
static void pk_clamp_half(gctx *g, uint16_t h[3]) {
  unsigned k = gcn_rng_below(&g->rng, 10);
  int32_t a, b, c;
  if (k < 4) {
    a = (int32_t)gcn_rng_below(&g->rng, 256) - 128;
    b = (int32_t)gcn_rng_below(&g->rng, 256) - 128;
    c = (int32_t)gcn_rng_below(&g->rng, 32768) - 16384;
  } else if (k == 4) {
    a = 1;
    b = 1 + (int32_t)gcn_rng_below(&g->rng, 32767);
    c = 32766 + (int32_t)gcn_rng_below(&g->rng, 3) - b;
  } else {
    a = 182 + (int32_t)gcn_rng_below(&g->rng, 32768 - 182);
    b = 182 + (int32_t)gcn_rng_below(&g->rng, 32768 - 182);
    c = (int32_t)gcn_rng_below(&g->rng, 32768);
    if (gcn_rng_pct(&g->rng, 50)) a = -a, b = -b; /* the same sign: a positive product */
    if (k >= 8) b = -b, c = -1 - c;                /* a negative one, c < 0 */
  }
  h[0] = (uint16_t)a, h[1] = (uint16_t)b, h[2] = (uint16_t)c;
}

/* gcn14's v_pk_mad_i16 with CLAMP on three VGPRs written first, each half's a b + c drawn by
 * pk_clamp_half (generator version 25): gcn_valu_pk's signed saturation (to 0x7fff, to 0x8000)
 * and the unsaturated sum beside it, in either half. */
static int pk_mad_clamp_item(gctx *g, chunk *ch) {
  if (!gen_op_on(g, GCN_GROUP_VALU_PK_INT, GCN_OP_V_PK_MAD_I16)) return 1;
  uint16_t lo[3], hi[3];
  pk_clamp_half(g, lo);
  pk_clamp_half(g, hi);
  uint64_t v[3];
  for (unsigned s = 0; s < 3; s++) v[s] = (uint32_t)hi[s] << 16 | lo[s];
  force_t f = gen_force0();
  f.no_mods = true; /* OP_SEL 0, OP_SEL_HI all ones: each half of the result from the same half of each source */
  if (gen_put_vgpr_sources(g, ch, &f, v, 3, false)) return -1;
  gcn_inst in;
  if (!gen_build(g, GCN_OP_V_PK_MAD_I16, &f, &in)) return -1;
  in.clamp = true;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* One aimed item of GRP; 1: none (GRP is not aimed at, or the draw said no). */
int gen_aim_control_item(gctx *g, chunk *ch, int grp) {
  if (grp == GCN_GROUP_VALU_MOVE && gen_has_op(g, GCN_OP_V_SWAP_B32) && gcn_rng_pct(&g->aim[AIM_CONTROL], 15))
    return swap_src2_item(g, ch);
  if (grp == GCN_GROUP_SALU_HWREG) { /* one draw: below 15 as version 24, the next 4 points (version 25) */
    unsigned d = gcn_rng_below(&g->aim[AIM_CONTROL], 100);
    if (d < 15) return getreg_status_item(g, ch);
    return d < 19 ? getreg_sweep_item(g, ch) : 1;
  }
  if ((grp == GCN_GROUP_VALU_INT16 || grp == GCN_GROUP_VALU_INT3) && g->gen == GCN14 &&
      gcn_rng_pct(&g->aim[AIM_CONTROL], 10))
    return iclamp_item(g, ch, grp);
  /* One draw: below 10 as version 24; 15 and 16 version 25's item (drawn at 10..15, it moved the
   * vector of make run's gcn14 closure that held fpclass.v_mul_f64.src1.neg_inf). */
  if (grp == GCN_GROUP_VALU_PK_INT) {
    unsigned d = gcn_rng_below(&g->aim[AIM_CONTROL], 100);
    if (d < 10) return pk_mad_item(g, ch);
    if (d == 15 || d == 16) return pk_mad_clamp_item(g, ch);
  }
  return 1;
}

/* ------------------------------------------------------------------ a run-time error at the end */

/* The end of a program that ends in s_endpgm with no illegal site (generator version 26, gcn10-12):
 * in its place, `s_movk_i32 m0, K` then v_movreld_b32 (half the time), v_movrelsd_b32 (3 in 10)
 * or v_movrels_b32 whose indexed field + M0 is past v255 (4 in 5: in v256..v511, the bits above
 * bit 8 clear; else up to 0x7fff), a run-time error the vector marks `.fails`. OUT gets the two
 * instructions, checked on the model from the program's final state (MODE.VSKIP skips the VALU:
 * no error; then false). Drawn from gctx.aim[AIM_CONTROL] after every other draw of the vector. */
bool gen_aim_control_fault(gctx *g, gcn_state *save, gcn_inst out[2]) {
  static const enum gcn_op ops[3] = {GCN_OP_V_MOVRELD_B32, GCN_OP_V_MOVRELSD_B32, GCN_OP_V_MOVRELS_B32};
  if (g->gen > GCN12 || !gcn_rng_pct(&g->aim[AIM_CONTROL], 3)) return false;
  unsigned k = gcn_rng_below(&g->rng, 10);
  enum gcn_op op = ops[k < 5 ? 0 : k < 8 ? 1 : 2];
  int grp = gcn_isa_group_on(&gcn_isa[op], g->gen); /* the profile enables OP (s_movk: the loop stream's too) */
  if (grp < 0 || !g->item_w[grp] || !gen_op_on(g, grp, op) || !gen_has_op(g, GCN_OP_S_MOVK_I32) ||
      !g->p->op[GCN_OP_S_MOVK_I32])
    return false;
  unsigned field = gcn_rng_below(&g->rng, GCN_NUM_VGPRS), other = gcn_rng_below(&g->rng, field + 1);
  unsigned top = gcn_rng_pct(&g->rng, 80) ? 2 * GCN_NUM_VGPRS : 0x8000;
  force_t k0 = gen_force0(), mv = gen_force0();
  k0.sdst = GCN_CODE_M0;
  k0.simm = (int)(GCN_NUM_VGPRS + gcn_rng_below(&g->rng, top - GCN_NUM_VGPRS) - field); /* field + M0 below TOP */
  mv.enc = 32;
  mv.vdst = (int)(op == GCN_OP_V_MOVRELS_B32 ? other : field);
  mv.src[0] = (int)(GCN_CODE_VGPR0 + (op == GCN_OP_V_MOVRELD_B32 ? other : field));
  if (!gen_build(g, GCN_OP_S_MOVK_I32, &k0, &out[0]) || !gen_build(g, op, &mv, &out[1])) return false;
  memcpy(save, &g->w.st, sizeof *save);
  gcn_error e;
  bool fails = gcn_execute(&g->w, &out[0], NULL, &e) == GCN_STEP_OK && gcn_execute(&g->w, &out[1], NULL, &e) ==
               GCN_STEP_ERROR;
  memcpy(&g->w.st, save, sizeof *save);
  return fails;
}

/* ------------------------------------------------------------------ illegal words */

/* A VOP3 word pair of OP (legal, no modifiers) with VDST forced to VDST (-1: at random). */
static bool vop3_words(gctx *g, enum gcn_op op, int vdst, uint32_t w[2], const gcn_enc_desc **e) {
  if (!gen_has_op(g, op)) return false;
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  f.vdst = vdst;
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return false;
  gcn_encode(&in, w);
  *e = gcn_enc_lookup(g->gen, in.enc);
  return true;
}

/* The illegal words aimed at the decoder's rules (generator version 24): v_cmp_t_i32_e64 with CLAMP
 * (gcn12/gcn14: an integer compare takes no CLAMP); an earlyclobber quad SAD whose 32-bit SRC1 is
 * one of its VDST's VGPRs, v, with v + 1 in v[64:127] or v[192:255] (gcn_decode_wide's end of
 * range, bit 6); v_mqsad_u32_u8 whose 128-bit SRC2 runs past v255 or is its VDST. False: none
 * (an 8-byte slot only, drawn from gctx.aim[AIM_CONTROL]). */
bool gen_aim_control_illegal(gctx *g, unsigned size, uint32_t w[2]) {
  if (size != 8 || !gcn_rng_pct(&g->aim[AIM_CONTROL], 80)) return false;
  const gcn_enc_desc *e;
  unsigned k = gcn_rng_below(&g->rng, 10); /* the kinds the generation has: 5:3:2, 6:4 (gcn11), 1 (gcn10) */
  unsigned kind = g->gen >= GCN12 ? (k < 5 ? 0 : k < 8 ? 1 : 2) : g->gen == GCN11 ? (k < 6 ? 1 : 2) : 1;
  if (kind == 0) {
    if (!vop3_words(g, GCN_OP_V_CMP_T_I32, -1, w, &e)) return false;
    gcn_enc_put(e, GCN_FLD_CLAMP, w, 1);
    return true;
  }
  if (kind == 1) {
    static const enum gcn_op ops[3] = {GCN_OP_V_QSAD_PK_U16_U8, GCN_OP_V_MQSAD_PK_U16_U8, GCN_OP_V_MQSAD_U32_U8};
    enum gcn_op op = ops[gcn_rng_below(&g->rng, 3)];
    unsigned nd = op == GCN_OP_V_MQSAD_U32_U8 ? 4 : 2;
    unsigned v = (gcn_rng_pct(&g->rng, 50) ? 63 : 191) + gcn_rng_below(&g->rng, 64); /* v + 1: bit 6 set */
    unsigned d = v - gcn_rng_below(&g->rng, nd);
    if (d + nd > (nd == 4 ? 252u : 256u)) d = (nd == 4 ? 252u : 256u) - nd;
    if (!vop3_words(g, op, (int)d, w, &e)) return false;
    gcn_enc_put(e, GCN_FLD_SRC1, w, GCN_CODE_VGPR0 + v);
    return true;
  }
  unsigned d = gcn_rng_below(&g->rng, 249);
  if (!vop3_words(g, GCN_OP_V_MQSAD_U32_U8, (int)d, w, &e)) return false;
  gcn_enc_put(e, GCN_FLD_SRC2, w, GCN_CODE_VGPR0 + (gcn_rng_pct(&g->rng, 50) ? d : 253 + gcn_rng_below(&g->rng, 3)));
  return true;
}

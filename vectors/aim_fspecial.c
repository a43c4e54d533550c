/* gcnref vectors: items aimed at the 320-mutant run's survivors in the float classes, specials,
 * output modifiers, packed halves, transcendentals and compares (docs/mutate_survivors.md;
 * vectors/aimed.c). Whether to emit is drawn from gctx.aim[AIM_FSPECIAL]; the operands from
 * gctx.rng. */
#include "gen_priv.h"

#define F64_EXP 0x7FF0000000000000ull
#define F64_SIGN 0x8000000000000000ull

/* Does the profile emit OP on this generation (in the group the table gives it there)? */
static bool emitted(const gctx *g, enum gcn_op op) {
  int grp = gcn_isa_group_on(&gcn_isa[op], g->gen);
  return grp >= 0 && gen_group_on(g, grp) && gen_op_on(g, grp, op);
}

/* MODE with the bits of MASK set to WANT's (when s_setreg is on; else MODE stays). */
static int set_mode_bits(gctx *g, chunk *ch, uint32_t mask, uint32_t want) {
  uint32_t m = g->w.st.mode & 0x3FFu, n = (m & ~mask) | (want & mask);
  return n != m && gen_emit_set_mode(g, ch, n) ? -1 : 0;
}

/* An f64 in a VGPR pair whose high word is HI and whose low word, per lane, is one bit: 1 << lane
 * in lanes 0..31, 1 in the others (v_mbcnt_lo_u32_b32 then v_lshlrev_b32; a random bit of the
 * low word in every lane when valu_int is off): one instruction reading it sees every one-bit
 * payload of the low word. SRC0 of F. */
static int put_lane_bits(gctx *g, chunk *ch, force_t *f, uint32_t hi) {
  unsigned r = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 1);
  f->src[0] = (int)(GCN_CODE_VGPR0 + r);
  if (gen_emit_vmov32(g, ch, r + 1, hi)) return -1;
  if (!emitted(g, GCN_OP_V_MBCNT_LO_U32_B32) || !emitted(g, GCN_OP_V_LSHLREV_B32) || !g->p->vop3)
    return gen_emit_vmov32(g, ch, r, 1u << gcn_rng_below(&g->rng, 32));
  force_t m = gen_force0();
  m.enc = 64;
  m.no_mods = true;
  m.vdst = (int)r;
  m.src[0] = GCN_CODE_INT_NEG_MIN; /* -1: every lane below */
  m.src[1] = GCN_CODE_ZERO;
  if (gen_emit(g, ch, GCN_OP_V_MBCNT_LO_U32_B32, &m)) return -1;
  m.src[0] = (int)(GCN_CODE_VGPR0 + r);
  m.src[1] = GCN_CODE_ZERO + 1;
  return gen_emit(g, ch, GCN_OP_V_LSHLREV_B32, &m);
}

/* valu_f64cvt: v_cvt_f32_f64 with the f64 lane's f32 output modifiers at work (its own
 * gcn_fp_outmod, u_outmod32): CLAMP of a NaN (zeroed with DX10_CLAMP, kept without) or of a
 * value on either side of 0 and 1, or OMOD under a MODE that makes it act (IEEE = 0, f32
 * output denormals flushed) on a finite SRC0 within 2^+-100. Random operands seldom reach
 * these: the group's SRC0 is rarely a NaN with CLAMP drawn, and OMOD acts in a quarter of the
 * MODEs. */
static int cvt_outmod_item(gctx *g, chunk *ch) {
  if (!gen_op_on(g, GCN_GROUP_VALU_F64CVT, GCN_OP_V_CVT_F32_F64) || !g->p->vop3) return 1;
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  uint64_t v = gcn_rng_next(&g->rng) & 0x000FFFFFFFFFFFFFull;
  if (gcn_rng_pct(&g->rng, 50)) { /* CLAMP of a NaN (either DX10_CLAMP) or of a value within 2^-3..4 */
    v |= gcn_rng_pct(&g->rng, 50) ? F64_EXP | (v ? 0 : 1) : (uint64_t)(1023 - 3 + gcn_rng_below(&g->rng, 5)) << 52;
    f.clamp = 1;
    f.omod = 0;
  } else { /* OMOD on a finite value */
    if (set_mode_bits(g, ch, 0x220u, 0)) return -1;
    v |= (uint64_t)(1023 - 100 + gcn_rng_below(&g->rng, 201)) << 52;
    f.omod = 1 + (int)gcn_rng_below(&g->rng, 3);
    f.clamp = 0;
  }
  if (gcn_rng_pct(&g->rng, 50)) v |= F64_SIGN;
  if (gen_put_vgpr_sources(g, ch, &f, &v, 1, true)) return -1;
  return gen_emit(g, ch, GCN_OP_V_CVT_F32_F64, &f);
}

/* valu_f64trans: v_rcp_clamp_f64 or v_rsq_clamp_f64 (gcn10/11) of sNaNs whose payload is one
 * bit of the low word (put_lane_bits), under IEEE = 0 (passed through unquieted, then compared
 * with the infinities by the clamp): a compare that misses a low bit clamps it. Random NaNs
 * have payloads of many bits. */
static int clamp_snan_item(gctx *g, chunk *ch) {
  enum gcn_op op = gcn_rng_pct(&g->rng, 50) ? GCN_OP_V_RCP_CLAMP_F64 : GCN_OP_V_RSQ_CLAMP_F64;
  if (!gen_op_on(g, GCN_GROUP_VALU_F64TRANS, op)) return 1;
  if (set_mode_bits(g, ch, 0x200u, 0)) return -1;
  force_t f = gen_force0();
  f.no_mods = true;
  if (put_lane_bits(g, ch, &f, gcn_rng_pct(&g->rng, 50) ? 0xFFF00000u : 0x7FF00000u)) return -1;
  return gen_emit(g, ch, op, &f);
}

/* valu_f64trans: one of the group's ops of an operand of its bands (coverage_trans.c and the
 * float classes): +-inf, +-0, a quiet NaN, within 2^-8 of 1 (where the seed tables and
 * iterations start), a negative finite value, or one beyond 2^1000 (rcp's tiny result), from a
 * VGPR pair written first. The items above take a fifth of the group's items, and random f64
 * operands reach each band once in some hundred: a rare op's band (gcn10's v_rsq_clamp_f64
 * near 1, gcn11's v_rcp_f64 of +inf) was left a hole of make run's 4,800 random vectors. */
static int f64trans_band_item(gctx *g, chunk *ch) {
  static const uint64_t band[] = {0x7FF0000000000000ull, 0xFFF0000000000000ull, 0, 0x8000000000000000ull,
                                  0x7FF8000000000000ull, 0x3FF0000000000000ull, 0x3FEFFFFFFFFFFFFFull,
                                  0xBFF8000000000000ull, 0x7E70000000000000ull};
  int op = gen_pick_op(g, GCN_GROUP_VALU_F64TRANS);
  if (op < 0) return 1;
  unsigned k = gcn_rng_below(&g->rng, sizeof band / sizeof band[0]);
  uint64_t v[3] = {band[k]};
  if (k == 5) v[0] += 1 + gcn_rng_below(&g->rng, 1u << 30); /* 1 + up to 2^-22: above 1 */
  if (k == 6) v[0] -= gcn_rng_below(&g->rng, 1u << 30);     /* just below 1 */
  return gen_emit_on_vgprs(g, ch, (enum gcn_op)op, v, 1, true); /* no NEG or ABS: they would move the band */
}

/* valu_class / valu_fcmp64: f64s whose fraction is one bit (of the low word: put_lane_bits; or
 * of the high word's 20), the exponent all ones (NaNs that a missed bit makes infinities) or
 * zero (denormals that a missed bit makes zeros), in v_cmp_class_f64 against the NaN and
 * denormal classes (mask 0x093) or an f64 compare with itself (ordered only if not a NaN). */
static int f64_onebit_item(gctx *g, chunk *ch, int grp) {
  enum gcn_op op = grp == GCN_GROUP_VALU_CLASS ? GCN_OP_V_CMP_CLASS_F64
                   : gcn_rng_pct(&g->rng, 50)  ? GCN_OP_V_CMP_O_F64
                                               : GCN_OP_V_CMP_EQ_F64;
  if (!gen_op_on(g, grp, op)) return 1;
  uint32_t hi = (gcn_rng_pct(&g->rng, 50) ? 0x7FF00000u : 0) | (gcn_rng_pct(&g->rng, 50) ? 0x80000000u : 0);
  force_t f = gen_force0();
  f.no_mods = true;
  if (gcn_rng_pct(&g->rng, 50)) {
    if (put_lane_bits(g, ch, &f, hi)) return -1;
  } else {
    uint64_t v = (uint64_t)(hi | 1u << gcn_rng_below(&g->rng, 20)) << 32;
    if (gen_put_vgpr_sources(g, ch, &f, &v, 1, true)) return -1;
  }
  f.src[1] = f.src[0];
  if (op == GCN_OP_V_CMP_CLASS_F64) { /* the mask in a VGPR of its own */
    unsigned m = (unsigned)(f.src[0] - GCN_CODE_VGPR0 + 2) % GCN_NUM_VGPRS;
    if (gen_emit_vmov32(g, ch, m, 0x093u)) return -1;
    f.src[1] = (int)(GCN_CODE_VGPR0 + m);
  }
  return gen_emit(g, ch, op, &f);
}

/* valu_pk_f16: v_mad_mix_f32 (gcn14) with every source an f32 (OP_SEL_HI 0) of magnitude
 * within 2^+-20, so that each source's every fraction bit reaches the result (the group's hard
 * triples make the product negligible beside c). */
static int mix_f32_item(gctx *g, chunk *ch) {
  if (!gen_op_on(g, GCN_GROUP_VALU_PK_F16, GCN_OP_V_MAD_MIX_F32)) return 1;
  uint64_t v[3];
  for (unsigned s = 0; s < 3; s++)
    v[s] = ((uint32_t)gcn_rng_next(&g->rng) & 0x807FFFFFu) | (uint32_t)(127 - 20 + gcn_rng_below(&g->rng, 41)) << 23;
  force_t f = gen_force0();
  f.enc = 64;
  if (gen_put_vgpr_sources(g, ch, &f, v, 3, false)) return -1;
  gcn_inst in;
  if (!gen_build(g, GCN_OP_V_MAD_MIX_F32, &f, &in)) return -1;
  in.opsel = in.opsel_hi = 0;
  in.neg = in.neg_hi = in.abs = 0;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* valu_trans: v_sin_f32, v_rsq_f32 or v_sqrt_f32 of 64 different operands (lane l: the fraction
 * (l * K) mod 2^23, K odd, under an exponent that puts sin's argument in [0.125, 0.5) revolutions
 * or rsq's in [1, 4)), then an exact read of the result (v_mov_b32). The unit's result is
 * accepted within the row's approx bound, but the model keeps its correctly rounded value, so
 * the read shows any lane the unit rounded otherwise (docs/rtl.md "Transcendentals"): an error
 * of 2^-27 anywhere in the unit rounds some 8% of the lanes otherwise. Not v_cos/v_log: the unit
 * itself differs from the model in rare lanes there. */
static int trans_read_item(gctx *g, chunk *ch) {
  static const enum gcn_op ints[4] = {GCN_OP_V_MBCNT_LO_U32_B32, GCN_OP_V_MBCNT_HI_U32_B32, GCN_OP_V_MUL_U32_U24,
                                      GCN_OP_V_AND_B32};
  unsigned pick = gcn_rng_below(&g->rng, 4);
  enum gcn_op op = pick < 2 ? GCN_OP_V_SIN_F32 : pick == 2 ? GCN_OP_V_RSQ_F32 : GCN_OP_V_SQRT_F32;
  if (!gen_op_on(g, GCN_GROUP_VALU_TRANS, op) || !emitted(g, GCN_OP_V_OR_B32) || !emitted(g, GCN_OP_V_MOV_B32) ||
      !g->p->vop3)
    return 1;
  for (unsigned k = 0; k < 4; k++)
    if (!emitted(g, ints[k])) return 1;
  unsigned r = gen_pick_vdst(g), d = (r + 1 + gcn_rng_below(&g->rng, GCN_NUM_VGPRS - 1)) % GCN_NUM_VGPRS;
  uint32_t e = (op == GCN_OP_V_SIN_F32 ? 0x3E000000u : 0x3F800000u) + (gcn_rng_below(&g->rng, 2) << 23);
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  f.vdst = (int)r;
  f.src[0] = GCN_CODE_INT_NEG_MIN; /* the lane's number: mbcnt_hi(-1, mbcnt_lo(-1, 0)) */
  f.src[1] = GCN_CODE_ZERO;
  if (gen_emit(g, ch, GCN_OP_V_MBCNT_LO_U32_B32, &f)) return -1;
  f.src[1] = (int)(GCN_CODE_VGPR0 + r);
  if (gen_emit(g, ch, GCN_OP_V_MBCNT_HI_U32_B32, &f)) return -1;
  const int64_t lits[3] = {(int64_t)((gcn_rng_next32(&g->rng) & 0xFFFFFEu) | 1u), 0x7FFFFF, e};
  const enum gcn_op steps[3] = {GCN_OP_V_MUL_U32_U24, GCN_OP_V_AND_B32, GCN_OP_V_OR_B32};
  f.enc = 32;
  for (unsigned k = 0; k < 3; k++) { /* r = ((r * K) & 0x7fffff) | e */
    f.src[0] = 255;
    f.lit = lits[k];
    f.src[1] = (int)(GCN_CODE_VGPR0 + r);
    if (gen_emit(g, ch, steps[k], &f)) return -1;
  }
  f = gen_force0();
  f.no_mods = true;
  f.vdst = (int)d;
  f.src[0] = (int)(GCN_CODE_VGPR0 + r);
  if (gen_emit(g, ch, op, &f)) return -1;
  f.enc = 32;
  f.vdst = (int)r;
  f.src[0] = (int)(GCN_CODE_VGPR0 + d);
  return gen_emit(g, ch, GCN_OP_V_MOV_B32, &f);
}

/* One aimed item of GRP; 1: none (GRP is not aimed at, or the draw said no). */
int gen_aim_fspecial_item(gctx *g, chunk *ch, int grp) {
  gcn_rng *a = &g->aim[AIM_FSPECIAL];
  if (grp == GCN_GROUP_VALU_F64CVT && gcn_rng_pct(a, 8)) return cvt_outmod_item(g, ch);
  if (grp == GCN_GROUP_VALU_F64TRANS && gcn_rng_pct(a, 15)) return clamp_snan_item(g, ch);
  if (grp == GCN_GROUP_VALU_F64TRANS && gcn_rng_pct(a, 10)) return f64trans_band_item(g, ch);
  if ((grp == GCN_GROUP_VALU_CLASS || grp == GCN_GROUP_VALU_FCMP64) && gcn_rng_pct(a, 8))
    return f64_onebit_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_PK_F16 && gcn_rng_pct(a, 8)) return mix_f32_item(g, ch);
  if (grp == GCN_GROUP_VALU_TRANS && gcn_rng_pct(a, 15)) return trans_read_item(g, ch);
  return 1;
}

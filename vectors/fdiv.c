/* gcnref vectors: the f32 division helpers and the other float VOP3-only rows of one
 * instruction (generator version 18). Group valu_fdiv: v_div_scale_f32, v_div_fmas_f32,
 * v_div_fixup_f32; group valu_fmisc: v_cubeid/sc/tc/ma_f32, v_cvt_pk_u8_f32 and gcn10/11's
 * v_mullit_f32. Random registers seldom meet the rules these ops test (an exponent
 * difference of 96, a denominator above 2^126, a quotient below 2^-126, a dominant axis
 * tie), so most items first write their three sources (v_mov_b32 of a literal or of the
 * inline constant of that value) with a triple of one of these kinds:
 *   valu_fdiv (60% of the items not below): div_scale: S0 = S1 or S2 (the two calls of a real division) from
 *     (numerator, denominator) pairs with exponents far apart (the 96 rule, both signs),
 *     |den| above 2^126 with a quotient below 2^-126 or not, a denormal denominator,
 *     a numerator with a biased exponent <= 23, zeros, infinities and NaNs;
 *     div_fixup: (quotient, den, num) with a NaN num or den, 0/0, inf/inf, a zero or
 *     infinite den or num, exponents 150 apart (the underflow rule), a denormal quotient;
 *     div_fmas: a random VCC first (s_mov_b32 of VCC_LO and VCC_HI), so both scalings
 *     meet in one instruction, and a triple whose fma is tiny, huge or special.
 *   valu_fdiv (20%): the whole division sequence of a compiler (v_div_scale of the
 *     denominator and of the numerator, the reciprocal as a v_mov_b32 of the host's 1/d
 *     of the scaled denominator, the Newton fma chain, v_div_fmas on the second
 *     div_scale's VCC, v_div_fixup).
 *   valu_fmisc (60%): cube: axes equal in magnitude (two or three), one dominant, one
 *     or two NaNs or infinities (SRC0 often a signalling NaN), infinities in two or three
 *     places, all three huge (2 * m and OMOD overflow) or all three denormal (2 * m stays
 *     denormal), either sign;
 *     mullit: S2 +-0, negative, NaN, +inf or positive with a zero factor or a product
 *     that may overflow; cvt_pk_u8: S0 around 0..255 (halves, NaN, +-inf, negative), S1
 *     a byte index 0..3.
 * The other items are the builder's random instruction. */
#include <string.h>

#include "gcnref/fp.h"
#include "gen_priv.h"

static const uint32_t SPECIAL[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7FA00000u,
                                   0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x3F800000u};
static uint32_t special(gctx *g) { return SPECIAL[gcn_rng_below(&g->rng, sizeof SPECIAL / sizeof SPECIAL[0])]; }

/* (numerator, denominator) of one of div_scale's rules. */
static void div_pair(gctx *g, uint32_t *num, uint32_t *den) {
  switch (gcn_rng_below(&g->rng, 7)) {
    case 0: /* exponent(num) - exponent(den) around 96 */
      *den = f32_exp(g, 1, 150);
      *num = f32_exp(g, 0, 0) | (uint32_t)(((*den >> 23 & 0xFF) + 94 + gcn_rng_below(&g->rng, 5)) > 254 ? 254
                                     : (*den >> 23 & 0xFF) + 94 + gcn_rng_below(&g->rng, 5)) << 23;
      break;
    case 1: /* |den| above 2^126, the quotient below 2^-126 or not */
      *den = f32_exp(g, 253, 254);
      *num = gcn_rng_pct(&g->rng, 50) ? f32_exp(g, 1, 3) : f32_exp(g, 100, 254);
      break;
    case 2: /* a denormal denominator */
      *den = (uint32_t)gcn_rng_next(&g->rng) & 0x807FFFFFu;
      *num = f32_exp(g, 1, 254);
      break;
    case 3: /* quotient below 2^-126 with an ordinary denominator */
      *den = f32_exp(g, 120, 200);
      *num = f32_exp(g, 0, 24);
      break;
    case 4: /* a numerator with a small exponent */
      *den = f32_exp(g, 100, 140);
      *num = f32_exp(g, 0, 30);
      break;
    case 5: /* specials */
      *num = gcn_rng_pct(&g->rng, 50) ? special(g) : f32_exp(g, 100, 154);
      *den = gcn_rng_pct(&g->rng, 60) ? special(g) : f32_exp(g, 100, 154);
      break;
    default:
      *num = f32_exp(g, 90, 164);
      *den = f32_exp(g, 90, 164);
      break;
  }
}

/* (quotient, den, num) of one of div_fixup's rules. */
static void fixup_triple(gctx *g, uint32_t v[3]) {
  v[0] = f32_exp(g, 60, 190);
  v[1] = f32_exp(g, 60, 190);
  v[2] = f32_exp(g, 60, 190);
  switch (gcn_rng_below(&g->rng, 6)) {
    case 0: v[1 + gcn_rng_below(&g->rng, 2)] = special(g); break;
    case 1: v[1] = special(g), v[2] = special(g); break;
    case 2: /* exponent(num) - exponent(den) around -150 */
      v[1] = f32_exp(g, 150, 254);
      v[2] = f32_exp(g, 0, 0) | (((v[1] >> 23 & 0xFF) - 152 + gcn_rng_below(&g->rng, 5)) & 0xFF) << 23;
      break;
    case 3: v[0] = (uint32_t)gcn_rng_next(&g->rng) & 0x807FFFFFu; break; /* a denormal quotient */
    case 4: v[0] = special(g); break;
    default: break;
  }
}

/* (S0, S1, S2) of div_fmas: fma tiny, huge or special. */
static void fmas_triple(gctx *g, uint32_t v[3]) {
  switch (gcn_rng_below(&g->rng, 4)) {
    case 0: /* a * b around 2^-140..2^-120, c denormal or tiny: denormal results of either sign */
      v[0] = f32_exp(g, 60, 80);
      v[1] = f32_exp(g, 114 - (v[0] >> 23 & 0xFF), 134 - (v[0] >> 23 & 0xFF));
      v[2] = gcn_rng_pct(&g->rng, 50) ? ((uint32_t)gcn_rng_next(&g->rng) & 0x807FFFFFu) : f32_exp(g, 1, 8);
      break;
    case 1: v[0] = f32_exp(g, 180, 254), v[1] = f32_exp(g, 100, 160), v[2] = f32_exp(g, 200, 254); break;
    case 2:
      for (unsigned i = 0; i < 3; i++) v[i] = gcn_rng_pct(&g->rng, 40) ? special(g) : f32_exp(g, 100, 154);
      break;
    default:
      for (unsigned i = 0; i < 3; i++) v[i] = f32_exp(g, 90, 164);
      break;
  }
}

/* (x, y, z) of the cube ops; RET: the coordinate the op returns raw (sc: z, tc: y of an x-major
 * triple, which a NaN elsewhere makes; version 19). */
static void cube_triple(gctx *g, uint32_t v[3], unsigned ret) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  for (unsigned i = 0; i < 3; i++) v[i] = f32_exp(g, 110, 130);
  switch (gcn_rng_below(&g->rng, 12)) { /* (version 19: the infinities and the denormals twice) */
    case 11: /* a signalling NaN (with payload) in the returned coordinate: an sNaN result */
      v[ret] = 0x7F800001u | (r & 0x803FFFFFu);
      break;
    case 8: case 9: /* infinities of either sign in two or three places: ties at inf, -inf results */
      for (unsigned i = 0; i < 3; i++)
        if (gcn_rng_pct(&g->rng, 70)) v[i] = 0x7F800000u | (r >> i << 31);
      break;
    case 0: v[1] = (v[0] & 0x7FFFFFFFu) | (r & 0x80000000u); break;           /* |x| == |y| */
    case 1: v[2] = (v[gcn_rng_below(&g->rng, 2)] & 0x7FFFFFFFu) | (r << 1 & 0x80000000u); break;
    case 2: v[1] = v[2] = (v[0] & 0x7FFFFFFFu) | (r & 0x80000000u); break;    /* all three */
    case 3: /* a special; SRC0 a signalling NaN (with payload) a third of the time */
      v[gcn_rng_below(&g->rng, 3)] = special(g);
      if (gcn_rng_pct(&g->rng, 33)) v[gcn_rng_pct(&g->rng, 50) ? ret : 0] = 0x7F800001u | (r & 0x803FFFFFu);
      break;
    case 4: v[gcn_rng_below(&g->rng, 3)] = special(g), v[gcn_rng_below(&g->rng, 3)] = special(g); break;
    case 5: /* all three huge: 2 * m, and sc / tc under OMOD, overflow */
      for (unsigned i = 0; i < 3; i++) v[i] = f32_exp(g, 250, 254);
      break;
    case 6: case 10: /* all three denormal below 2^-127: 2 * m stays denormal */
      for (unsigned i = 0; i < 3; i++) v[i] = (uint32_t)gcn_rng_next(&g->rng) & 0x803FFFFFu;
      break;
    default: v[gcn_rng_below(&g->rng, 3)] = f32_exp(g, 250, 254); break;       /* 2 * m overflows */
  }
}

/* True when the triple is aimed at a denormal result (version 19). */
static bool misc_triple(gctx *g, int op, uint32_t v[3]) {
  if (op == GCN_OP_V_MULLIT_F32) {
    static const uint32_t c[] = {0x00000000u, 0x80000000u, 0xBF800000u, 0x7FC00000u,
                                 0x3F800000u, 0x00000001u, 0x7F800000u, 0x40000000u};
    v[0] = gcn_rng_pct(&g->rng, 30) ? special(g) : f32_exp(g, 100, 254); /* the product may overflow */
    v[1] = gcn_rng_pct(&g->rng, 30) ? special(g) : f32_exp(g, 100, 254);
    v[2] = c[gcn_rng_below(&g->rng, 8)];
    if (gcn_rng_pct(&g->rng, 20)) { /* a product of 2^-150..2^-124 (S2 = 1.0): a denormal result (version 19) */
      v[0] = f32_exp(g, 20, 100);
      v[1] = f32_exp(g, 104 - (v[0] >> 23 & 0xFF), 129 - (v[0] >> 23 & 0xFF));
      v[2] = 0x3F800000u;
      return true;
    }
  } else if (op == GCN_OP_V_CVT_PK_U8_F32) {
    static const float c[] = {0.0f, 0.5f, 1.5f, 254.5f, 255.0f, 255.5f, 256.0f, -0.5f, -1.0f, 1e30f};
    v[0] = gcn_rng_pct(&g->rng, 35) ? special(g) : f_bits(c[gcn_rng_below(&g->rng, 10)]); /* (20%: version 18) */
    v[1] = gcn_rng_below(&g->rng, 4) + (gcn_rng_pct(&g->rng, 20) ? 0x100u : 0u);
    v[2] = (uint32_t)gcn_rng_next(&g->rng);
  } else {
    cube_triple(g, v, op == GCN_OP_V_CUBESC_F32 ? 2 : op == GCN_OP_V_CUBETC_F32 ? 1 : 0);
    if (op == GCN_OP_V_CUBEMA_F32 && gcn_rng_pct(&g->rng, 25)) /* 2 * m denormal: all three below 2^-127 */
      for (unsigned i = 0; i < 3; i++) v[i] = (uint32_t)gcn_rng_next(&g->rng) & 0x803FFFFFu;
  }
  return false;
}

/* Three distinct VGPRs, written with v[0..2]; their codes into f->src (or into regs). */
static int preload(gctx *g, chunk *ch, const uint32_t v[3], unsigned regs[3]) {
  for (unsigned s = 0; s < 3; s++) {
    unsigned r = gen_pick_vdst(g);
    for (unsigned tries = 0; tries < 8 && ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])); tries++)
      r = gen_pick_vdst(g);
    if ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])) return -1;
    regs[s] = r;
    if (gen_emit_vmov32(g, ch, r, v[s])) return -1;
  }
  return 0;
}

/* OP on VGPRs a, b, c into VDST d (-1: random) with the NEG bits neg (of the float sources)
 * and no ABS; v_div_scale's carry-out to VCC when vcc (the division sequence: no OMOD or
 * CLAMP either), else the builder's SDST (an SGPR pair or VCC) and OMOD/CLAMP. */
static int emit3(gctx *g, chunk *ch, enum gcn_op op, int d, unsigned a, unsigned b, unsigned c, unsigned neg,
                 bool vcc) { /* vcc: a step of the division sequence */
  force_t f = gen_force0();
  f.enc = 64;
  f.vdst = d;
  f.src[0] = (int)(GCN_CODE_VGPR0 + a);
  f.src[1] = (int)(GCN_CODE_VGPR0 + b);
  f.src[2] = (int)(GCN_CODE_VGPR0 + c);
  if (op == GCN_OP_V_DIV_SCALE_F32 && vcc) f.sdst = GCN_CODE_VCC_LO;
  if (op == GCN_OP_V_CVT_PK_U8_F32) neg &= 1u; /* S1, S2: integers */
  if (vcc) f.omod = 0, f.clamp = 0;
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return -1;
  in.abs = 0;
  in.neg = (uint8_t)neg;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* The division sequence on (num, den): q = num / den in the registers of r[0..7]. */
static int division(gctx *g, chunk *ch) {
  uint32_t num, den;
  div_pair(g, &num, &den);
  unsigned r[8];
  for (unsigned i = 0; i < 8; i++) {
    bool clash = true;
    for (unsigned tries = 0; tries < 8 && clash; tries++) {
      r[i] = gen_pick_vdst(g);
      clash = false;
      for (unsigned j = 0; j < i; j++) clash |= r[j] == r[i];
    }
    if (clash) return -1;
  }
  enum { N, D, DS, NS, RC, E, Q, F };
  if (gen_emit_vmov32(g, ch, r[N], num) || gen_emit_vmov32(g, ch, r[D], den)) return -1;
  if (emit3(g, ch, GCN_OP_V_DIV_SCALE_F32, (int)r[DS], r[D], r[D], r[N], 0, true)) return -1;
  if (emit3(g, ch, GCN_OP_V_DIV_SCALE_F32, (int)r[NS], r[N], r[D], r[N], 0, true)) return -1;
  /* the reciprocal unit (v_rcp_f32, not in the RTL yet): the host's 1 / d of the scaled d */
  gcn_fp_env e = gcn_fp_env_f32(g->w.st.mode);
  bool vcc;
  uint32_t ds = (uint32_t)gcn_fp_div_scale(GCN_FP32, den, den, num, &e, &vcc);
  uint32_t rc = f_bits(1.0f / bits_f(ds)) + (uint32_t)gcn_rng_below(&g->rng, 3) - 1u;
  if (gen_emit_vmov32(g, ch, r[RC], rc)) return -1;
  /* e = 1 - d * rc; rc += e * rc; q = n * rc; e = n - d * q; q += e * rc; e = n - d * q */
  if (gen_emit_vmov32(g, ch, r[E], 0x3F800000u)) return -1; /* 1.0 */
  if (emit3(g, ch, GCN_OP_V_FMA_F32, (int)r[E], r[DS], r[RC], r[E], 1, true)) return -1;
  if (emit3(g, ch, GCN_OP_V_FMA_F32, (int)r[RC], r[E], r[RC], r[RC], 0, true)) return -1;
  force_t f = gen_force0();
  f.enc = 64;
  f.vdst = (int)r[Q];
  f.src[0] = (int)(GCN_CODE_VGPR0 + r[NS]);
  f.src[1] = (int)(GCN_CODE_VGPR0 + r[RC]);
  f.no_mods = true;
  if (gen_emit(g, ch, GCN_OP_V_MUL_F32, &f)) return -1;
  if (emit3(g, ch, GCN_OP_V_FMA_F32, (int)r[E], r[DS], r[Q], r[NS], 1, true)) return -1;
  if (emit3(g, ch, GCN_OP_V_FMA_F32, (int)r[Q], r[E], r[RC], r[Q], 0, true)) return -1;
  if (emit3(g, ch, GCN_OP_V_FMA_F32, (int)r[E], r[DS], r[Q], r[NS], 1, true)) return -1;
  /* VCC is the numerator div_scale's (nothing between writes VCC) */
  if (emit3(g, ch, GCN_OP_V_DIV_FMAS_F32, (int)r[F], r[E], r[RC], r[Q], 0, true)) return -1;
  return emit3(g, ch, GCN_OP_V_DIV_FIXUP_F32, -1, r[F], r[D], r[N], 0, true);
}

void gen_div_other_source(gctx *g, force_t *f, bool fmas, unsigned width) {
  const unsigned s = gcn_rng_below(&g->rng, 3), k = gcn_rng_below(&g->rng, fmas ? 2 : 4);
  if (fmas && width == 64 && gcn_rng_pct(&g->aux, 25)) { /* VCC itself: the implicit VCC read shares */
    f->src[s] = GCN_CODE_VCC_LO;                          /* its constant bus (version 22) */
    return;
  }
  f->src[s] = (int)(k == 0   ? gen_inline_float_code(g)
                    : k == 1 ? gen_inline_int_code(g)
                    : k == 2 ? gen_pick_special_src(g, width, false)
                             : gen_pick_sgpr(g, width, false));
}

int gen_fdiv_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  bool div = grp == GCN_GROUP_VALU_FDIV;
  if (div && gcn_rng_pct(&g->rng, 20) && gen_has_op(g, GCN_OP_V_FMA_F32) && gen_has_op(g, GCN_OP_V_DIV_FMAS_F32))
    return division(g, ch);
  if (!gcn_rng_pct(&g->rng, 60)) {
    force_t f = gen_force0();
    f.enc = 64;
    if (gcn_rng_pct(&g->rng, 50)) gen_div_other_source(g, &f, op == GCN_OP_V_DIV_FMAS_F32, 32); /* (version 19) */
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  uint32_t v[3];
  bool tiny = false;
  if (op == GCN_OP_V_DIV_SCALE_F32) {
    div_pair(g, &v[2], &v[1]);
    v[0] = gcn_rng_pct(&g->rng, 50) ? v[1] : gcn_rng_pct(&g->rng, 80) ? v[2] : f32_exp(g, 60, 190);
  } else if (op == GCN_OP_V_DIV_FIXUP_F32) {
    fixup_triple(g, v);
  } else if (op == GCN_OP_V_DIV_FMAS_F32) {
    fmas_triple(g, v);
    if (gcn_rng_pct(&g->rng, 70) && (gen_emit_mov32(g, ch, GCN_CODE_VCC_LO, (uint32_t)gcn_rng_next(&g->rng)) ||
                                     gen_emit_mov32(g, ch, GCN_CODE_VCC_LO + 1, (uint32_t)gcn_rng_next(&g->rng))))
      return -1;
  } else {
    tiny = misc_triple(g, op, v);
  }
  uint32_t m = g->w.st.mode & 0x3FFu, want = tiny ? m | 0x30u : m; /* (version 19) */
  for (unsigned i = 0; i < 3; i++) {
    if ((v[i] & 0x7F800000u) == 0 && (v[i] & 0x007FFFFFu) != 0) want |= 0x30u;   /* f32 denormals kept */
    if ((v[i] & 0x7FC00000u) == 0x7F800000u && (v[i] & 0x003FFFFFu)) want &= ~0x200u; /* an sNaN kept: IEEE = 0 */
  }
  if (op != GCN_OP_V_CVT_PK_U8_F32 && want != m && gcn_rng_pct(&g->rng, 60) && gen_emit_set_mode(g, ch, want))
    return -1;
  unsigned regs[3];
  if (preload(g, ch, v, regs)) return -1;
  unsigned neg = gcn_rng_pct(&g->rng, 15) ? 7u & (unsigned)gcn_rng_next(&g->rng) : 0;
  return emit3(g, ch, (enum gcn_op)op, -1, regs[0], regs[1], regs[2], neg, false);
}

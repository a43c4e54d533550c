/* gcnref vectors: the float VOP3-only three-source rows' hard operands (group valu_f3,
 * generator version 17: v_mad_f32, v_mad_legacy_f32, v_fma_f32, v_min3/max3/med3_f32).
 * Random registers seldom make a product and an addend meet where a fused and an unfused
 * multiply-add differ, so 60% of the items first write three VGPRs (v_mov_b32 of a literal,
 * or of an inline constant of that value) with a triple of one of these kinds, drawn alike:
 *   cancel    c = -(a * b) rounded to f32, or one ulp beside it: the exact sum is the
 *             product's rounding error (fma) or 0 / one ulp (mad), however deep the cancellation
 *   overflow  |a * b| above f32's largest value with c = -/+ the largest value or a
 *             random one: fma's exact sum may come back into range, mad's product is inf
 *   denormal  a * b near 2^-126..2^-149 with c 0, tiny or the product's negation plus a
 *             denormal: results that MODE flushes or keeps, products that round to the smallest normal
 *   special   one of a, b, c an infinity, a quiet or signalling NaN or +-0: 0 * inf, inf - inf,
 *             the NaN priority of src0, src1, src2
 *   order     (min3/max3/med3) two or three equal values (+-inf 20% of the time), +0 and -0
 *             together, a NaN or (version 18) a negative denormal among numbers, three equal infinities or three NaNs: the
 *             selection's tie, infinity and NaN rules
 * The op then reads them in an order drawn among the six permutations, and 25% of the items
 * set SRC2's ABS and, separately, its NEG (the VOP3 bit-2 modifiers random operands never
 * give, as the generic builder draws modifiers for SRC0 and SRC1 only).
 * Group valu_f3h (generator version 18: v_mad/fma_f16, their gcn14 _legacy twins, gcn14's
 * v_min3/max3/med3_f16, v_cvt_pknorm_i16/u16_f16, v_pack_b32_f16) takes the same kinds at
 * f16 (the two-source rows the order and special ones). The instruction is built first, so
 * its op_sel is known: each VGPR holds the triple's value in the half op_sel reads and an
 * unrelated f16 in the other (an op_sel ignored, or the wrong half read, shows). */
#include <string.h>

#include "gcnref/fp.h"
#include "gen_priv.h"

#define F32_MAX 0x7F7FFFFFu
#define F32_INF 0x7F800000u

/* -(a * b) rounded to nearest even in binary32, exactly as IEEE (the product of two f32 is
 * exact in double, then one rounding to float). */
static uint32_t neg_product(uint32_t a, uint32_t b) {
  double p = (double)bits_f(a) * (double)bits_f(b);
  return f_bits((float)-p);
}

/* The hard triple of one kind into v[0..2]. */
static void hard_triple(gctx *g, bool select3, uint32_t v[3]) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  unsigned kind = gcn_rng_below(&g->rng, select3 ? 5 : 4);
  if (select3 && gcn_rng_pct(&g->rng, 50)) kind = 4;
  switch (kind) {
    case 0: /* cancel */
      v[0] = f32_exp(g, 100, 154);
      v[1] = f32_exp(g, 100, 154);
      v[2] = neg_product(v[0], v[1]) + (uint32_t)gcn_rng_below(&g->rng, 3) - 1u;
      break;
    case 1: /* product overflow */
      v[0] = f32_exp(g, 190, 254);
      v[1] = f32_exp(g, 382 - (v[0] >> 23 & 0xFF), 254); /* 2^128 and up */
      v[2] = gcn_rng_pct(&g->rng, 60) ? (F32_MAX | (~(v[0] ^ v[1]) & 0x80000000u)) /* the other sign */
                                       : f32_exp(g, 200, 254);
      break;
    case 2: /* denormal results */
      v[0] = f32_exp(g, 20, 100);
      v[1] = f32_exp(g, 104 - (v[0] >> 23 & 0xFF), 129 - (v[0] >> 23 & 0xFF)); /* 2^-150..2^-124 */
      switch (gcn_rng_below(&g->rng, 3)) {
        case 0: v[2] = r & 0x80000000u; break;                    /* +-0 */
        case 1: v[2] = r & 0x807FFFFFu; break;                    /* a denormal */
        default: v[2] = neg_product(v[0], v[1]) + (r & 0xFFu); break;
      }
      break;
    case 3: { /* special */
      static const uint32_t sp[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7FA00000u,
                                    0xFF800001u, 0x00000000u, 0x80000000u, 0x3F800000u, 0x00000001u};
      for (unsigned i = 0; i < 3; i++) v[i] = f32_exp(g, 100, 154);
      unsigned n = 1 + gcn_rng_below(&g->rng, 3);
      for (unsigned i = 0; i < n; i++) v[gcn_rng_below(&g->rng, 3)] = sp[gcn_rng_below(&g->rng, 10)];
      break;
    }
    default: { /* order */
      static const uint32_t sp[] = {0x00000000u, 0x80000000u, 0x7FC00000u, 0x7F800001u, 0xFF800000u,
                                    0x7F800000u, 0x00000001u, 0x80000001u}; /* -denormal: version 18 */
      v[0] = gcn_rng_pct(&g->rng, 20) ? F32_INF | (r & 0x80000000u) : f32_exp(g, 120, 134); /* +-inf: all equal too */
      v[1] = gcn_rng_pct(&g->rng, 50) ? v[0] : f32_exp(g, 120, 134);
      v[2] = gcn_rng_pct(&g->rng, 40) ? v[gcn_rng_below(&g->rng, 2)] : f32_exp(g, 120, 134);
      unsigned n = gcn_rng_below(&g->rng, 3);
      for (unsigned i = 0; i < n; i++) v[gcn_rng_below(&g->rng, 3)] = sp[gcn_rng_below(&g->rng, 8)];
      if (gcn_rng_pct(&g->rng, 10)) /* three equal infinities: min3 = max3 = med3 = +-inf */
        v[0] = v[1] = v[2] = F32_INF | (r & 0x80000000u);
      else if (gcn_rng_pct(&g->rng, 15)) { /* three NaNs: with IEEE = 0 a signalling SRC2 is the result */
        static const uint32_t nan[] = {0x7FC00000u, 0xFFA00001u, 0x7F800001u, 0xFFC12345u};
        for (unsigned i = 0; i < 3; i++) v[i] = nan[gcn_rng_below(&g->rng, 4)];
      }
      break;
    }
  }
}

#define F16_MAX 0x7BFFu
#define F16_INF 0x7C00u

/* A random f16 with a biased exponent in [lo, hi] and either sign. */
static uint32_t f16_exp(gctx *g, unsigned lo, unsigned hi) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  return (r & 0x83FFu) | (lo + gcn_rng_below(&g->rng, hi - lo + 1)) << 10;
}

/* -(a * b) rounded to nearest even in binary16, denormals kept (the model's f16 multiply). */
static uint32_t neg_product16(uint32_t a, uint32_t b) {
  const gcn_fp_env e = gcn_fp_env_f16(3u << GCN_MODE_FP_DENORM_F16_SHIFT);
  return gcn_f16_mul((uint16_t)a, (uint16_t)(b ^ 0x8000u), &e);
}

/* hard_triple's kinds at f16. */
static void hard_triple16(gctx *g, bool select3, uint32_t v[3]) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  unsigned kind = gcn_rng_below(&g->rng, select3 ? 5 : 4);
  if (select3 && gcn_rng_pct(&g->rng, 50)) kind = 4;
  switch (kind) {
    case 0: /* cancel */
      v[0] = f16_exp(g, 8, 22);
      v[1] = f16_exp(g, 8, 22);
      v[2] = (neg_product16(v[0], v[1]) + gcn_rng_below(&g->rng, 3) - 1u) & 0xFFFFu;
      break;
    case 1: /* product overflow: 2^16 and up */
      v[0] = f16_exp(g, 20, 30);
      v[1] = f16_exp(g, 46 - (v[0] >> 10 & 0x1F), 30);
      v[2] = gcn_rng_pct(&g->rng, 60) ? (F16_MAX | (~(v[0] ^ v[1]) & 0x8000u)) : f16_exp(g, 20, 30);
      break;
    case 2: { /* denormal results: 2^-25..2^-13 */
      unsigned ea = 2 + gcn_rng_below(&g->rng, 14), lo = ea < 4 ? 1 : 5 - ea;
      v[0] = f16_exp(g, ea, ea);
      v[1] = f16_exp(g, lo, 17 - ea);
      switch (gcn_rng_below(&g->rng, 3)) {
        case 0: v[2] = r & 0x8000u; break;
        case 1: v[2] = r & 0x83FFu; break;
        default: v[2] = (neg_product16(v[0], v[1]) + (r & 0xFu)) & 0xFFFFu; break;
      }
      break;
    }
    case 3: { /* special */
      static const uint32_t sp[] = {0x7C00u, 0xFC00u, 0x7E00u, 0xFE01u, 0x7D00u, 0xFC01u, 0x0000u, 0x8000u, 0x3C00u, 0x0001u};
      for (unsigned i = 0; i < 3; i++) v[i] = f16_exp(g, 8, 22);
      unsigned n = 1 + gcn_rng_below(&g->rng, 3);
      for (unsigned i = 0; i < n; i++) v[gcn_rng_below(&g->rng, 3)] = sp[gcn_rng_below(&g->rng, 10)];
      break;
    }
    default: { /* order (and pknorm's range ends: values around +-1) */
      static const uint32_t sp[] = {0x0000u, 0x8000u, 0x7E00u, 0x7C01u, 0xFC00u, 0x7C00u, 0x0001u, 0x3C00u, 0xBC00u};
      v[0] = gcn_rng_pct(&g->rng, 20) ? F16_INF | (r & 0x8000u) : f16_exp(g, 12, 18);
      v[1] = gcn_rng_pct(&g->rng, 50) ? v[0] : f16_exp(g, 12, 18);
      v[2] = gcn_rng_pct(&g->rng, 40) ? v[gcn_rng_below(&g->rng, 2)] : f16_exp(g, 12, 18);
      unsigned n = gcn_rng_below(&g->rng, 3);
      for (unsigned i = 0; i < n; i++) v[gcn_rng_below(&g->rng, 3)] = sp[gcn_rng_below(&g->rng, 9)];
      if (gcn_rng_pct(&g->rng, 10))
        v[0] = v[1] = v[2] = F16_INF | (r & 0x8000u);
      else if (gcn_rng_pct(&g->rng, 15)) {
        static const uint32_t nan[] = {0x7E00u, 0xFD01u, 0x7C01u, 0xFE45u};
        for (unsigned i = 0; i < 3; i++) v[i] = nan[gcn_rng_below(&g->rng, 4)];
      }
      break;
    }
  }
}

/* valu_f3h and valu_pk_f16: the f16 rows (see the top). A VOP3P item also draws NEG_LO and
 * NEG_HI (v_mad_mix*: NEG and ABS) of every source at the modifier rate (the builder draws
 * SRC0's only, for the integer packed ops); its VGPRs hold one triple in the halves OP_SEL
 * picks and another in those OP_SEL_HI picks, or an f32 triple's value where v_mad_mix*
 * reads an f32. */
static int ffma16_item(gctx *g, chunk *ch, int op) {
  const gcn_inst_desc *d = &gcn_isa[op];
  const unsigned n = gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2;
  const bool vop3p = d->cls == GCN_CLASS_VOP3P;
  const bool mix = vop3p && gcn_isa_operand(d, GCN_ROLE_D)->type != GCN_T_PK_F16;
  force_t f = gen_force0();
  f.enc = 64; /* VOP3, or VOP3P for its rows */
  uint32_t v[3], vh[3], v32[3];
  unsigned regs[3];
  const bool hard = gcn_rng_pct(&g->rng, 60);
  if (hard) {
    const uint32_t m = g->w.st.mode & 0x3FFu; /* f32 and f16 denormals kept a quarter of the time (version 19) */
    if ((m & 0xF0u) != 0xF0u && gcn_rng_pct(&g->rng, 25) && gen_emit_set_mode(g, ch, m | 0xF0u)) return -1;
    bool sel3 = n == 2 || op == GCN_OP_V_MIN3_F16 || op == GCN_OP_V_MAX3_F16 || op == GCN_OP_V_MED3_F16;
    hard_triple16(g, sel3, v);
    if (vop3p) {
      hard_triple16(g, sel3, vh);
      hard_triple(g, false, v32);
    }
    for (unsigned s = 0; s < n; s++) {
      unsigned r = gen_pick_vdst(g);
      for (unsigned tries = 0; tries < 8 && ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])); tries++)
        r = gen_pick_vdst(g);
      if ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])) return -1;
      regs[s] = r;
      f.src[s] = (int)(GCN_CODE_VGPR0 + r);
    }
  }
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  if (mix && hard && gcn_rng_pct(&g->rng, 30)) in.opsel_hi = 0; /* every source an f32 (denormal results; version 19) */
  if (vop3p) {
    const unsigned m = g->p->modifiers;
    in.neg = in.neg_hi = in.abs = 0;
    for (unsigned s = 0; s < n; s++) {
      if (gcn_rng_pct(&g->rng, m)) in.neg |= (uint8_t)(1u << s);
      if (gcn_rng_pct(&g->rng, m)) *(mix ? &in.abs : &in.neg_hi) |= (uint8_t)(1u << s);
    }
  } else {
    if (n == 3 && gcn_rng_pct(&g->rng, 25)) in.abs |= 4u;
    if (n == 3 && gcn_rng_pct(&g->rng, 25)) in.neg |= 4u;
  }
  if (!gen_finalize(g, &in)) return -1;
  for (unsigned s = 0; hard && s < n; s++) { /* the value in the half op_sel reads */
    uint32_t other = f16_exp(g, 1, 30);
    unsigned lo = in.opsel >> s & 1u, hi = in.opsel_hi >> s & 1u;
    if (vop3p && !mix && hi != lo) other = vh[s]; /* the high result's operand */
    uint32_t w = lo ? v[s] << 16 | other : other << 16 | v[s];
    if (mix && !hi) w = v32[s]; /* v_mad_mix*: an f32 source */
    if (gen_emit_vmov32(g, ch, regs[s], w)) return -1;
  }
  return gen_put(g, ch, &in, false);
}

int gen_ffma_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  if (grp == GCN_GROUP_VALU_F3H || grp == GCN_GROUP_VALU_PK_F16) return ffma16_item(g, ch, op);
  force_t f = gen_force0();
  f.enc = 64;
  if (gcn_rng_pct(&g->rng, 60)) {
    bool sel3 = op == GCN_OP_V_MIN3_F32 || op == GCN_OP_V_MAX3_F32 || op == GCN_OP_V_MED3_F32;
    uint32_t v[3];
    hard_triple(g, sel3, v);
    unsigned perm = gcn_rng_below(&g->rng, 6), order[3] = {0, 1, 2};
    if (perm & 1) order[0] = 1, order[1] = 0;
    if (perm >= 2) { /* rotate SRC2 into another place */
      unsigned k = perm >= 4 ? 0 : 1, t = order[k];
      order[k] = order[2];
      order[2] = t;
    }
    unsigned regs[3];
    for (unsigned s = 0; s < 3; s++) {
      unsigned r = gen_pick_vdst(g);
      for (unsigned tries = 0; tries < 8 && ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])); tries++)
        r = gen_pick_vdst(g);
      if ((s > 0 && r == regs[0]) || (s > 1 && r == regs[1])) return -1;
      regs[s] = r;
      if (gen_emit_vmov32(g, ch, r, v[order[s]])) return -1;
      f.src[s] = (int)(GCN_CODE_VGPR0 + r);
    }
  }
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  if (gcn_rng_pct(&g->rng, 25)) in.abs |= 4u;
  if (gcn_rng_pct(&g->rng, 25)) in.neg |= 4u;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* The low end of the float normalizers' leading-zero counts (generator version 23), under a
 * MODE that keeps the denormals of the op's width:
 *  - valu_f3 / valu_f64: v_fma_f32 / v_fma_f64 of a normal and a denormal whose fraction's top
 *    bit is anywhere (a power of two half the time), SRC2 +-0, so the product's own leading
 *    zeros reach every count; or an exact cancellation, (1 + k ulp) (1 + m ulp) -
 *    (1 + (k + m) ulp) = k m ulp^2 (k, m in 1..7, signs and scales at random): a sum of a few
 *    bits at the bottom of the adder's width;
 *  - valu_f64cvt: v_frexp_mant_f64 / v_frexp_exp_i32_f64 of such an f64 denormal.
 * Random operands give neither (a denormal's top bit sits in the fraction's top bits, and a
 * product cancels to a few bits once in 2^40). 1: not emitted (the op is off). */
int gen_lowlz_item(gctx *g, chunk *ch, int grp) {
  bool f64 = grp != GCN_GROUP_VALU_F3;
  enum gcn_op op = grp == GCN_GROUP_VALU_F3    ? GCN_OP_V_FMA_F32
                   : grp == GCN_GROUP_VALU_F64 ? GCN_OP_V_FMA_F64
                   : gcn_rng_pct(&g->rng, 50)  ? GCN_OP_V_FREXP_MANT_F64
                                               : GCN_OP_V_FREXP_EXP_I32_F64;
  if (!gen_op_on(g, grp, op)) return 1;
  unsigned mb = f64 ? 52 : 23, bias = f64 ? 1023 : 127;
  uint32_t m = g->w.st.mode & 0x3FFu, want = m | (f64 ? 0xC0u : 0x30u);
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  uint64_t v[3] = {0, 0, 0}, sbit = 1ull << (mb + (f64 ? 11 : 8));
  unsigned t = gcn_rng_below(&g->rng, mb);
  uint64_t den = 1ull << t | (gcn_rng_pct(&g->rng, 50) ? 0 : gcn_rng_next(&g->rng) & ((1ull << t) - 1));
  if (gcn_rng_pct(&g->rng, 50)) den |= sbit;
  unsigned nsrc = op == GCN_OP_V_FMA_F32 || op == GCN_OP_V_FMA_F64 ? 3 : 1;
  if (nsrc == 1) {
    v[0] = den;
  } else if (gcn_rng_pct(&g->rng, 50)) { /* normal x denormal + +-0 */
    uint64_t e = bias + gcn_rng_below(&g->rng, bias), fr = gcn_rng_next(&g->rng) & ((1ull << mb) - 1);
    v[0] = e << mb | fr | (gcn_rng_pct(&g->rng, 50) ? sbit : 0);
    v[1] = den;
    v[2] = gcn_rng_pct(&g->rng, 50) ? sbit : 0;
    if (gcn_rng_pct(&g->rng, 50)) v[0] = den, v[1] = e << mb | fr; /* the denormal as SRC0 */
  } else { /* exact cancellation: k m ulp^2 */
    uint64_t k = 1 + gcn_rng_below(&g->rng, 7), n = 1 + gcn_rng_below(&g->rng, 7);
    int ea = (int)gcn_rng_below(&g->rng, 41) - 20, eb = (int)gcn_rng_below(&g->rng, 41) - 20;
    uint64_t sa = gcn_rng_pct(&g->rng, 50) ? sbit : 0, sb = gcn_rng_pct(&g->rng, 50) ? sbit : 0;
    v[0] = sa | (uint64_t)((int)bias + ea) << mb | k;
    v[1] = sb | (uint64_t)((int)bias + eb) << mb | n;
    v[2] = ((sa ^ sb) ^ sbit) | (uint64_t)((int)bias + ea + eb) << mb | (k + n);
  }
  return gen_emit_on_vgprs(g, ch, op, v, nsrc, f64);
}

int gen_put_vgpr_sources(gctx *g, chunk *ch, force_t *f, const uint64_t *v, unsigned nsrc, bool f64) {
  unsigned w = f64 ? 2 : 1, base = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 3 * w);
  for (unsigned s = 0; s < nsrc; s++) {
    unsigned r = base + s * w;
    if (gen_emit_vmov32(g, ch, r, (uint32_t)v[s])) return -1;
    if (f64 && gen_emit_vmov32(g, ch, r + 1, (uint32_t)(v[s] >> 32))) return -1;
    f->src[s] = (int)(GCN_CODE_VGPR0 + r);
  }
  return 0;
}

int gen_emit_on_vgprs(gctx *g, chunk *ch, enum gcn_op op, const uint64_t v[3], unsigned nsrc, bool f64) {
  force_t f = gen_force0();
  f.no_mods = true;
  if (gen_put_vgpr_sources(g, ch, &f, v, nsrc, f64)) return -1;
  return gen_emit(g, ch, op, &f);
}

/* gcnref vectors: the transcendentals' hard operands (group valu_trans, generator version
 * 18): v_rcp, v_rsq, v_sqrt, v_log, v_exp, v_sin, v_cos and their f16, _iflag, _clamp and
 * _legacy forms. Random registers seldom hold the special cases (docs/float.md
 * "Approximate results" item 2) or the regions where an approximation goes wrong first.
 * 60% of the items take a value for the op's function (20% a forced inline float or integer
 * constant or special register SRC0, the rest random operands): +-0, +-inf, NaNs, denormals, 1.0
 * and values near it (within 2^-8), values just above or below a power of two, the largest and smallest
 * normals; for v_exp integers and the edges of its overflow (2^x >= 2^128 / 2^16) and
 * underflow (below the smallest normal; |x| >= 1024 exact), for v_log 1.0 and negative
 * values, for v_sin/v_cos multiples of 1/8 revolution (exact zeros, quadrant boundaries)
 * and one ulp beside them, and large arguments up to 256 (beyond: left open, reported).
 * The value reaches SRC0 as the e32 form's literal (a quarter), from an SGPR, or from a VGPR
 * (so that the SDWA and DPP forms read it). 25% of the items take an OMOD (*2, *4, /2),
 * 70% of them after an s_setreg that makes it act (IEEE = 0, f32 and f16 output denormals
 * flushed), and for the _clamp and _legacy forms half the time a source whose result is
 * their largest (+-0, log's +inf; v_rcp_legacy: 2^-126 times 4): an infinity again. A
 * signalling NaN source comes after an s_setreg that clears IEEE (an sNaN result), half the
 * f16 denormal sources and a fifth of the other f16 ones after one that keeps f16 denormals
 * (denormal sources and results). 40% of the items with such a value read, instead, the
 * lane-rainbow VGPR of its type (valu_fcvt's: every float class and hard values across any
 * 16 lanes; vectors/fround.c), which the initial state holds when the profile has the group.
 * Version 19: that rainbow is valu_trans's own (gen_trans_lane_value: every trans.* bin's operand
 * across any 16 lanes), rcp's hard values include |x| > 2^126 and near-1 ones (never 1.0), 8% of
 * the items are the DPP form (gcn12/14), a tenth take CLAMP, the forced operands a literal. */
#include "gcnref/fp.h"
#include "gen_priv.h"

/* A hard operand of BITS (16 or 32) for FN. */
static uint32_t trans_value(gctx *g, gcn_fp_func fn, unsigned bits) {
  const unsigned mbits = bits == 16 ? 10 : 23, bias = bits == 16 ? 15 : 127, emax = bits == 16 ? 30 : 254;
  const uint32_t sign = (uint32_t)gcn_rng_below(&g->rng, 2) << (bits - 1);
  const uint32_t frac_mask = (1u << mbits) - 1, inf = (emax + 1) << mbits;
  const uint32_t r = (uint32_t)gcn_rng_next(&g->rng) & frac_mask;
  const uint32_t one = bias << mbits;
  if (fn == GCN_FN_RCP || fn == GCN_FN_RSQ || fn == GCN_FN_SQRT || fn == GCN_FN_LOG) { /* (version 19) */
    if (fn == GCN_FN_RCP && gcn_rng_pct(&g->rng, 12)) /* |x| > 2^(emax - bias - 1): a denormal or zero 1/x */
      return sign | (emax - gcn_rng_below(&g->rng, 2)) << mbits | r | 1u;
    if (gcn_rng_pct(&g->rng, 12)) { /* 0 < |x - 1| <= 2^-9, where a seed table and its iteration start */
      const uint32_t d = 1u + gcn_rng_below(&g->rng, 1u << (mbits - 9));
      return gcn_rng_pct(&g->rng, 50) ? one + d : one - d;
    }
  }
  switch (gcn_rng_below(&g->rng, 16)) {
    case 0: return sign;                                           /* +-0 */
    case 1: return sign | inf;                                     /* +-inf */
    case 2: return sign | inf | (gcn_rng_pct(&g->rng, 50) ? (r & (frac_mask >> 1)) | 1u : r | (1u << (mbits - 1))); /* sNaN, qNaN */
    case 3: return sign | (r >> gcn_rng_below(&g->rng, mbits) | 1u);   /* denormal (small ones: sin of f16 stays denormal) */
    case 4: return gcn_rng_pct(&g->rng, 50) ? one : one + gcn_rng_below(&g->rng, 9) - 4u; /* 1.0 and +-4 ulps */
    case 5: return sign | (1u + gcn_rng_below(&g->rng, emax)) << mbits | gcn_rng_below(&g->rng, 4); /* just above 2^k */
    case 6: return sign | (((2u + gcn_rng_below(&g->rng, emax - 1)) << mbits) - 1u - gcn_rng_below(&g->rng, 4)); /* below */
    case 7: return sign | (gcn_rng_pct(&g->rng, 50) ? 1u << mbits : ((emax << mbits) | frac_mask)); /* smallest / largest */
    case 8: return one - (1u << (mbits - 8)) + gcn_rng_below(&g->rng, 2u << (mbits - 8)); /* |x - 1| <= 2^-8 */
    default: break;
  }
  if (fn == GCN_FN_EXP) { /* integers and the overflow / underflow edges, |x| >= 1024 */
    static const int32_t edge32[] = {128, -126, -149, -150, 127, 1024, -1024, 1, -1, 64};
    static const int32_t edge16[] = {16, -14, -24, -25, 15, 1024, -1024, 1, -1, 8};
    int32_t n = bits == 16 ? edge16[gcn_rng_below(&g->rng, 10)] : edge32[gcn_rng_below(&g->rng, 10)];
    if (gcn_rng_pct(&g->rng, 30)) n = (int32_t)gcn_rng_below(&g->rng, 64) - 32;
    uint32_t m = n < 0 ? (uint32_t)-n : (uint32_t)n, e = 0;
    while (m >> (e + 1)) e++;
    uint32_t x = (uint32_t)n < 0x80000000u ? 0 : 1u << (bits - 1);
    x |= (bias + e) << mbits | ((m << mbits >> e) & frac_mask); /* n exactly (|n| < 2^11) */
    if (gcn_rng_pct(&g->rng, 60)) x += gcn_rng_below(&g->rng, 7) - 3u; /* +- 3 ulps */
    return x;
  }
  if (fn == GCN_FN_SIN || fn == GCN_FN_COS) { /* k/8 revolutions (|x| <= 256) and one ulp beside them */
    uint32_t k = 1 + gcn_rng_below(&g->rng, bits == 16 ? 255 : 2048), e = 0;
    while (k >> (e + 1)) e++;
    uint32_t x = sign | (bias - 3 + e) << mbits | ((k << mbits >> e) & frac_mask); /* k/8 */
    if (gcn_rng_pct(&g->rng, 40)) x += gcn_rng_below(&g->rng, 3) - 1u;
    if (gcn_rng_pct(&g->rng, 20)) x = sign | (bias + 4 + gcn_rng_below(&g->rng, 4)) << mbits | r; /* 16..256 */
    return x;
  }
  return sign | (bias - 8 + gcn_rng_below(&g->rng, 16)) << mbits | r; /* moderate (x < 0: NaN of log, rsq, sqrt) */
}

uint32_t gen_trans_lane_value(gctx *g, unsigned slot, unsigned bits) {
  const unsigned mbits = bits == 16 ? 10 : 23, bias = bits == 16 ? 15 : 127, emax = bits == 16 ? 30 : 254;
  const uint32_t sign = (uint32_t)gcn_rng_below(&g->rng, 2) << (bits - 1), neg = 1u << (bits - 1);
  const uint32_t frac_mask = (1u << mbits) - 1, inf = (emax + 1) << mbits, one = bias << mbits;
  const uint32_t r = (uint32_t)gcn_rng_next(&g->rng) & frac_mask, d = 1u + (r & ((1u << (mbits - 9)) - 1u));
  switch (slot) {
    case 0: return sign;                                                     /* +-0: zero */
    case 1: return sign | inf;                                               /* +-inf: inf */
    case 2: return sign | inf | (r & 1u ? r | 1u : r | (1u << (mbits - 1))); /* NaNs */
    case 3: return sign | (r >> (r & 7u) | 1u);                              /* denormals */
    case 4: return one;                                                      /* log's one */
    case 5: return one + d;                                                  /* near1 */
    case 6: return one - d;
    case 7: return sign | (emax - (r & 1u)) << mbits | r | 1u;               /* rcp's tiny, exp's ovf, sin's undef */
    case 8: return neg | (bias - 4 + (r & 7u)) << mbits | r;                 /* neg (NaN of rsq, sqrt, log) */
    case 9: return (bias + (bits == 16 ? 4 : 7)) << mbits | r;               /* 2^x overflows: 16.., 128.. */
    case 10: return neg | (bias + (bits == 16 ? 4 : 7)) << mbits | (frac_mask - (r >> 2)); /* underflows */
    case 11: return sign | (bias - 2 + (r & 3u)) << mbits | (r & ~(frac_mask >> (r & 3u))); /* k/4: exact 0s */
    case 12: return sign | (bias + 4 + (r & 3u)) << mbits | r;               /* 16..256: sin's large */
    case 13: return sign | (bias + 10 + (r & 3u)) << mbits | r;              /* |x| >= 1024: exp's big */
    case 14: return sign | (r & 1u ? 1u << mbits : (emax << mbits) | frac_mask); /* smallest / largest normal */
    default: return sign | (bias - 8 + (r & 15u)) << mbits | r;              /* moderate */
  }
}

int gen_ftrans_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  force_t f = gen_force0();
  const gcn_gen_bias *b = g->bias; /* operand-class and modifier holes: the builder's choice */
  if (b && (b->src_want[op][0] || b->mod_want[op]) && gcn_rng_pct(&g->rng, 60)) return gen_emit(g, ch, (enum gcn_op)op, &f);
  const unsigned pick = gcn_rng_below(&g->rng, 100);
  if (pick < 30) { /* a forced inline float or integer constant, special register or literal (random operands seldom) */
    const unsigned k = gcn_rng_below(&g->rng, 4);
    f.src[0] = (int)(k == 0   ? gen_inline_float_code(g)
                     : k == 1 ? gen_inline_int_code(g)
                     : k == 2 ? gen_pick_special_src(g, 32, false)
                              : GCN_CODE_LITERAL);
    if (k == 3) { /* a random literal, the e32 form (version 19) */
      f.enc = 32;
      f.lit = (uint32_t)gcn_rng_next(&g->rng) | 0x10000u; /* (no inline constant's value) */
    }
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  const gcn_type t = (gcn_type)gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S0)->type;
  const unsigned bits = gcn_type_bits(t);
  int rv = g->fcvt_v[bits == 16 ? 5 : 4]; /* valu_trans's rainbow (version 19) */
  if (pick < 38) { /* the DPP form (version 19; the items above and OMOD's VOP3 leave few), half on the rainbow */
    int rc = gen_emit_dpp(g, ch, (enum gcn_op)op, rv >= 0 && gcn_rng_pct(&g->rng, 50) ? (int)GCN_CODE_VGPR0 + rv : -1);
    if (rc <= 0) return rc;
  }
  if (pick >= 82) return gen_emit(g, ch, (enum gcn_op)op, &f);
  gcn_fp_func fn;
  gcn_fp_variant var;
  if (!gcn_fp_trans_of((unsigned)op, &fn, &var)) return -1;
  uint32_t x = trans_value(g, fn, bits);
  bool largest = false; /* a variant's largest result, doubled: never the rainbow (version 19) */
  const unsigned fl = gcn_isa[op].flags_on[g->gen], mpick = gcn_rng_below(&g->rng, 100);
  if (mpick >= 90 && (fl & GCN_F_OMOD) && !(fl & GCN_F_NOCLAMP)) { /* CLAMP: the result in [0, 1] (version 19) */
    f.enc = 64;
    f.clamp = 1;
  }
  if (mpick < (var != GCN_FV_PLAIN ? 40u : 35u) && !(gcn_isa[op].flags & GCN_F_NOVOP3)) { /* OMOD: *2, *4, /2 */
    f.enc = 64;
    f.omod = 1 + (int)gcn_rng_below(&g->rng, 3);
    f.clamp = 0;
    largest = var != GCN_FV_PLAIN && f.omod != 3 && gcn_rng_pct(&g->rng, 70); /* (div2 kept: version 19) */
    uint32_t m = g->w.st.mode & 0x3FFu, on = m & ~(1u << 9 | 1u << 7 | 1u << 5); /* OMOD acts: IEEE = 0, */
    if (largest) on &= ~0xFu; /* round to nearest: the doubled largest value overflows to inf (version 19) */
    if (m != on && (largest || gcn_rng_pct(&g->rng, 70)) && gen_emit_set_mode(g, ch, on)) return -1; /* outputs flushed */
    if (largest) { /* the variants' largest results, doubled */
      const uint32_t sign = (uint32_t)gcn_rng_below(&g->rng, 2) << 31;
      if (fn == GCN_FN_RCP && var == GCN_FV_LEGACY) { /* 1 / 2^-126 = 2^126, * 4: +-inf */
        x = sign | 0x00800000u;
        f.omod = 2;
      } else {
        x = fn == GCN_FN_LOG && sign ? 0x7F800000u : sign; /* +-0 (log: 0 -> -max, +inf -> +max) */
      }
    }
  }
  const uint32_t quiet = bits == 16 ? 0x200u : 0x400000u, expo = bits == 16 ? 0x7C00u : 0x7F800000u;
  if ((x & expo) == expo && (x & (quiet - 1u)) && !(x & quiet) && (g->w.st.mode >> 9 & 1) &&
      gen_emit_set_mode(g, ch, g->w.st.mode & 0x3FFu & ~(1u << 9))) /* an sNaN kept: IEEE = 0 */
    return -1;
  if (bits == 16 && (g->w.st.mode & 0xC0u) != 0xC0u && gcn_rng_pct(&g->rng, (x & expo) == 0 ? 50 : 20) &&
      gen_emit_set_mode(g, ch, (g->w.st.mode & 0x3FFu) | 0xC0u)) /* f16 denormals kept (sources and results) */
    return -1;
  if (!largest && rv >= 0 && gcn_rng_pct(&g->rng, 40)) { /* the lane rainbow (vectors/fround.c): every class at once */
    if ((g->w.st.mode >> 9 & 1) && gcn_rng_pct(&g->rng, 30) && gen_emit_set_mode(g, ch, g->w.st.mode & 0x1FFu))
      return -1; /* its sNaN lanes kept: IEEE = 0 (version 19) */
    f.src[0] = (int)GCN_CODE_VGPR0 + rv;
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  if (f.enc != 64 && !gen_inline_equiv(g->gen, t, x) && gcn_rng_pct(&g->rng, 20)) { /* the e32 literal (version 19) */
    f.enc = 32;
    f.src[0] = GCN_CODE_LITERAL;
    f.lit = x;
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  return gen_emit_src0_value(g, ch, (enum gcn_op)op, &f, t, x);
}

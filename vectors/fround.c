/* gcnref vectors: the float rounding ops' and conversions' hard operands (groups
 * valu_fround and valu_fcvt, generator versions 15 and 16). Random registers seldom hold the values where v_trunc/ceil/floor/rndne/fract
 * can go wrong: exact ties (n + 0.5, where rndne rounds to even), one ulp either side of a
 * tie, values of magnitude 2^mbits and above (already integral: the result is the operand),
 * the last values with a fraction, |x| below 1 (the result is +-0 or +-1; fract of a tiny
 * negative value rounds up to 1.0 and is clamped below it), denormals (flushed or not by
 * MODE), +-0, infinities and NaNs. Half the items of the group take such a value: as the
 * e32 form's literal (a quarter of them), or written to an SGPR (s_mov_b32) first, or (half) to an
 * SGPR and then a VGPR (v_mov_b32, so that the SDWA and DPP forms read it too). The
 * conversions' float operands also come near the integer ranges' ends (2^14..2^33: i16,
 * u16, i32 and u32 saturation; f16 up to its largest value), their integer operands at
 * 0, +-1, the 32- and 16-bit ranges' ends, values that f32 or f16 must round (above 2^24,
 * above 2^11, u16 65504 and up: f16 overflow) and random bits. 25% of the items with OMOD
 * take one (*2, *4, /2; an integer times 4 can overflow f16), 70% of them after an
 * s_setreg that makes it act (IEEE = 0, f32 and f16 output denormals flushed). v_cvt_f16_f32
 * takes a value in f16's denormal range 30% of the time, v_cvt_f16_i16/u16 under OMOD one of
 * 2^14 and up, v_rndne a small tie n + 0.5, n even, 60% of the time. Version 16 (valu_fcvt):
 * the initial state holds lane-rainbow VGPRs (every float class, hard values and range ends
 * across any 16 lanes; hard integers) that 35% of the conversions read, so that one
 * instruction sees every source class and saturation case; 23% take a forced inline
 * integer or float constant, special register or hard literal (random operands seldom give
 * an integer source a float constant), 12% of the rest CLAMP. */
#include "gen_priv.h"

/* A hard operand for a float op of BITS (16 or 32). */
static uint32_t hard_value(gctx *g, unsigned bits) {
  const unsigned mbits = bits == 16 ? 10 : 23, bias = bits == 16 ? 15 : 127;
  const uint32_t sign = (uint32_t)gcn_rng_below(&g->rng, 2) << (bits - 1);
  const uint32_t frac_mask = (1u << mbits) - 1;
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng) & frac_mask;
  unsigned e = bias + gcn_rng_below(&g->rng, mbits); /* 1 <= |x| < 2^mbits: k = mbits - (e - bias) fraction bits */
  unsigned k = mbits - (e - bias);
  uint32_t tie = (r & ~((1u << k) - 1)) | 1u << (k - 1);
  if (gcn_rng_pct(&g->rng, 20)) { /* near the integer ranges' ends: 2^14..2^33 (f16: 2^10..65504) */
    unsigned top = bits == 16 ? bias + 10 + gcn_rng_below(&g->rng, 6) : bias + 14 + gcn_rng_below(&g->rng, 20);
    return sign | top << mbits | (gcn_rng_pct(&g->rng, 30) ? 0 : gcn_rng_pct(&g->rng, 30) ? frac_mask : r);
  }
  switch (gcn_rng_below(&g->rng, 20)) {
    case 0: case 1: case 2: return sign | e << mbits | tie;                 /* n + 0.5 */
    case 3: return sign | ((e << mbits | tie) + (gcn_rng_pct(&g->rng, 50) ? 1u : (uint32_t)-1)); /* a tie +- 1 ulp */
    case 4: return sign | ((bias - 1) << mbits) | (gcn_rng_pct(&g->rng, 50) ? 0 : r); /* [0.5, 1): 0.5 itself half the time */
    case 5: /* below 0.5 (f32: down to f16's denormals) */
      return sign | (bias - 1 - gcn_rng_below(&g->rng, bits == 16 ? 12 : 26)) << mbits | r;
    case 6: return sign | (bias + mbits + gcn_rng_below(&g->rng, 4)) << mbits | r; /* integral: 2^mbits and up */
    case 7: return sign | (((bias + mbits) << mbits) - 1u);                          /* 2^mbits - 0.5 */
    case 8: case 9: return sign | (r ? r : 1u);                                        /* denormal */
    case 10: case 11: return sign;                                                     /* +-0 */
    case 12: case 13: case 14: case 15: return sign | (((1u << (bits - 1)) - 1) & ~frac_mask); /* +-inf */
    default: return sign | (((1u << (bits - 1)) - 1) & ~frac_mask) | (r ? r : 1u);     /* NaN */
  }
}

/* A tie n + 0.5 with n even and < 8 (0.5, 2.5, 4.5, 6.5: rounding away from zero would
 * differ), of either sign, for a float of BITS (R: random bits). */
static uint32_t small_tie(unsigned bits, uint32_t r) {
  const unsigned mbits = bits == 16 ? 10 : 23, bias = bits == 16 ? 15 : 127;
  const unsigned k = (r >> 16 & 3) == 1 ? 0 : r >> 16 & 3; /* 2^(k-1) <= |x| < 2^k; 1.5 is odd */
  uint32_t frac = k ? (r & ((1u << mbits) - (2u << (mbits + 1 - k)))) | 1u << (mbits - k) : 0;
  return (r >> 31) << (bits - 1) | (bias - 1 + k) << mbits | frac;
}

/* A hard integer operand (the low 16 bits for a 16-bit type). */
static uint32_t hard_int(gctx *g, unsigned bits) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  uint32_t v;
  switch (gcn_rng_below(&g->rng, 10)) {
    case 0: v = 0; break;
    case 1: v = gcn_rng_pct(&g->rng, 50) ? 1u : 0xFFFFFFFFu; break;
    case 2: v = (bits == 16 ? 0x8000u : 0x80000000u) + gcn_rng_below(&g->rng, 2); break; /* the minimum */
    case 3: v = (bits == 16 ? 0x7FFFu : 0x7FFFFFFFu) - gcn_rng_below(&g->rng, 2); break; /* the maximum */
    case 4: v = r | 1u << (24 + gcn_rng_below(&g->rng, 8)); break; /* above 2^24: f32 rounds */
    case 5: v = 0xFFE0u | (r & 0x1Fu); break;                         /* 65504..65535: f16 overflows */
    case 6: v = (r & 0x7FFu) | 0x800u << gcn_rng_below(&g->rng, 4); break; /* above 2^11: f16 rounds */
    case 7: v = (r & 0x3FFFu) | 0x4000u; v = gcn_rng_pct(&g->rng, 50) ? 0u - v : v; break; /* |i16| >= 2^14 */
    default: v = r; break;
  }
  return bits == 16 ? v & 0xFFFFu : v;
}

/* A value at a conversion's range end for a float source of BITS (16 or 32): each side of
 * the i32/u32 (f32) or i16/u16 (f16) limits, -1 and -0.5 (unsigned results saturate below 0),
 * 0.5 (rpi), f16's overflow threshold and denormal range (f32 -> f16), +-1.0 and one ulp
 * past it (v_cvt_norm_*). */
static uint32_t range_end(gctx *g, unsigned bits) {
  static const uint32_t f32[] = {0x4f000000u, 0x4effffffu, 0x4f800000u, 0x4f7fffffu, 0xcf000000u, 0xcf000001u,
                                 0xbf800000u, 0xbf000000u, 0xbf7fffffu, 0x3f000000u, 0x477fefffu, 0x477ff000u,
                                 0xc77ff000u, 0x501502f9u, 0x35800000u, 0xb5800000u, 0x33000000u, 0x33800000u};
  static const uint16_t f16[] = {0x7800u, 0x77ffu, 0xf800u, 0xf801u, 0x7bffu, 0xfbffu, 0x3c00u, 0x3c01u,
                                 0xbc00u, 0xbc01u, 0xb800u, 0x3800u, 0x4000u, 0xc000u, 0x0001u, 0x8001u};
  return bits == 16 ? f16[gcn_rng_below(&g->rng, sizeof f16 / sizeof f16[0])]
                    : f32[gcn_rng_below(&g->rng, sizeof f32 / sizeof f32[0])];
}

void gen_fcvt_rainbows(gctx *g, gcn_state *st) {
  for (unsigned k = 0; k < 6; k++) g->fcvt_v[k] = -1;
  if (!g->item_w[GCN_GROUP_VALU_FCVT] && !g->item_w[GCN_GROUP_VALU_TRANS]) return; /* (valu_trans: version 18) */
  for (unsigned k = 0; k < 6; k++) {
    unsigned bits = k & 1 ? 16 : 32;
    if ((k == 3 || k == 5) && g->gen < GCN12) continue; /* no 16-bit integer or float source before gcn12 */
    if (k >= 4 && !g->item_w[GCN_GROUP_VALU_TRANS]) continue; /* valu_trans's own (version 19) */
    unsigned v;
    bool taken;
    do { /* outside the pool that the program's other instructions write */
      v = gcn_rng_below(&g->rng, GCN_NUM_VGPRS);
      taken = false;
      for (unsigned i = 0; i < POOL_V; i++) taken |= g->vpool[i] == v;
      for (unsigned i = 0; i < k; i++) taken |= g->fcvt_v[i] == (int)v;
    } while (taken);
    g->fcvt_v[k] = (int)v;
    unsigned rot = gcn_rng_below(&g->rng, 16);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      unsigned slot = (l + l / 16 + rot) % 16; /* every slot within any 16 lanes, odd and even */
      uint32_t x = k >= 4 ? gen_trans_lane_value(g, slot, bits)
                   : k >= 2 ? hard_int(g, bits)
                   : slot < GCN_COV_FP_CLASSES ? (uint32_t)gen_fp_class_value((int)slot, bits, gcn_rng_next(&g->rng))
                   : slot < 13 ? hard_value(g, bits) : range_end(g, bits);
      if (bits == 16) x |= (uint32_t)gcn_rng_next(&g->rng) & 0xFFFF0000u; /* the high half is not read */
      st->vgpr[v][l] = x;
    }
  }
}

int gen_fround_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  const gcn_operand_desc *o0 = gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S0);
  force_t f = gen_force0();
  const gcn_gen_bias *b = g->bias; /* operand-class and modifier holes: the builder's choice (version 17) */
  if (b && (b->src_want[op][0] || b->mod_want[op]) && gcn_rng_pct(&g->rng, 60)) return gen_emit(g, ch, (enum gcn_op)op, &f);
  const bool f16i = op == GCN_OP_V_CVT_F16_I16 || op == GCN_OP_V_CVT_F16_U16;
  if (o0 && g->gen >= GCN12 && gcn_rng_pct(&g->rng, 10)) { /* the DPP form (version 19), half on the rainbow */
    const gcn_type t = (gcn_type)o0->type;
    int rv = g->fcvt_v[(gcn_type_bits(t) == 16 ? 1 : 0) + (gcn_type_is_float(t) ? 0 : 2)];
    int rc = gen_emit_dpp(g, ch, (enum gcn_op)op, rv >= 0 && gcn_rng_pct(&g->rng, 50) ? (int)GCN_CODE_VGPR0 + rv : -1);
    if (rc <= 0) return rc;
  }
  if ((gcn_isa[op].flags_on[g->gen] & GCN_F_OMOD) &&
      gcn_rng_pct(&g->rng, b && f16i && b->value_want[op] ? 75 : 30)) { /* OMOD: *2, *4, /2 */
    f.enc = 64;
    /* i16/u16 to f16: mul:4 half the time, the one OMOD that overflows (to +-inf) from |x| >= 2^14 */
    f.omod = f16i && gcn_rng_pct(&g->rng, 50) ? 2 : 1 + (int)gcn_rng_below(&g->rng, 3);
    if (gen_omod_acting(g, ch, &f, f16i)) return -1;
  }
  /* An i16 / u16 to f16 under OMOD: a large value that overflows (below; version 17) */
  const bool big16 = f16i && f.omod > 0;
  if (o0 && grp == GCN_GROUP_VALU_FCVT && !big16) { /* (version 16) */
    gcn_type t = (gcn_type)o0->type;
    unsigned bits = gcn_type_bits(t), pick = gcn_rng_below(&g->rng, 100);
    int rv = g->fcvt_v[(bits == 16 ? 1 : 0) + (gcn_type_is_float(t) ? 0 : 2)];
    unsigned fl = gcn_isa[op].flags_on[g->gen];
    if (f.omod < 0 && (fl & GCN_F_OMOD) && !(fl & GCN_F_NOCLAMP) && gcn_rng_pct(&g->rng, 12)) {
      f.enc = 64; /* CLAMP (a float result's [0, 1]; an integer one keeps its saturation) */
      f.clamp = 1;
    }
    if (pick < 35 && rv >= 0) { /* every lane a different class or hard value: any form */
      f.src[0] = (int)GCN_CODE_VGPR0 + rv;
      return gen_emit(g, ch, (enum gcn_op)op, &f);
    }
    if (pick < 58) { /* the source classes random operands seldom give a conversion */
      unsigned k = gcn_rng_below(&g->rng, f.enc == 64 ? 3 : 4);
      f.src[0] = (int)(k == 0   ? gen_inline_float_code(g)
                       : k == 1 ? gen_inline_int_code(g)
                       : k == 2 ? gen_pick_special_src(g, 32, false)
                                : GCN_CODE_LITERAL);
      if (k == 3) { /* a literal: a hard value, the e32 form */
        f.enc = 32;
        f.lit = gcn_type_is_float(t) ? hard_value(g, bits) : hard_int(g, bits);
        unsigned c = gen_inline_equiv(g->gen, t, (uint32_t)f.lit);
        if (c) f.src[0] = (int)c;
      }
      return gen_emit(g, ch, (enum gcn_op)op, &f);
    }
  }
  if (o0 && (big16 || gcn_rng_pct(&g->rng, 60))) {
    gcn_type t = (gcn_type)o0->type;
    uint32_t x = gcn_type_is_float(t) ? hard_value(g, gcn_type_bits(t)) : hard_int(g, gcn_type_bits(t));
    uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
    if ((op == GCN_OP_V_RNDNE_F32 || op == GCN_OP_V_RNDNE_F16) && gcn_rng_pct(&g->rng, 60))
      x = small_tie(gcn_type_bits(t), r); /* 0.5, 2.5, 4.5, 6.5: rounded down to even */
    if (op == GCN_OP_V_CVT_F16_F32 && gcn_rng_pct(&g->rng, 30)) /* f16's denormals: 2^-25..2^-15 */
      x = (r & 0x807FFFFFu) | (127u - 15 - gcn_rng_below(&g->rng, 10)) << 23;
    if (big16)
      x = (r & 0x3FFFu) | (r & 0x8000u ? 0x8000u : 0x4000u); /* |x| >= 2^14: *4 (*2 of 2^15) overflows f16 */
    return gen_emit_src0_value(g, ch, (enum gcn_op)op, &f, t, x);
  }
  return gen_emit(g, ch, (enum gcn_op)op, &f);
}

int gen_omod_acting(gctx *g, chunk *ch, force_t *f, bool always) {
  f->clamp = 0; /* (CLAMP would hide OMOD's overflow and negative results) */
  uint32_t m = g->w.st.mode & 0x3FFu, on = m & ~(1u << 9 | 1u << 7 | 1u << 5); /* OMOD acts: IEEE = 0, */
  if (m != on && g->p->op[GCN_OP_S_SETREG_IMM32_B32] != 0 && (always || gcn_rng_pct(&g->rng, 70))) { /* outputs flushed */
    force_t fm = gen_force0();
    fm.simm = gen_mode_fields(g->gen);
    fm.lit = on;
    if (gen_emit(g, ch, GCN_OP_S_SETREG_IMM32_B32, &fm)) return -1;
  }
  return 0;
}

int gen_emit_src0_value(gctx *g, chunk *ch, enum gcn_op op, force_t *f, gcn_type t, uint32_t x) {
  unsigned way = gcn_rng_below(&g->rng, 4);
  if (way == 0 && f->enc != 64) { /* the e32 form's literal (or the inline constant of that value) */
    unsigned c = gen_inline_equiv(g->gen, t, x);
    f->enc = 32;
    f->src[0] = c ? (int)c : GCN_CODE_LITERAL;
    f->lit = x;
    return gen_emit(g, ch, op, f);
  }
  if (gcn_type_bits(t) == 16) x |= (uint32_t)gcn_rng_next(&g->rng) & 0xFFFF0000u; /* the high half is not read */
  unsigned s = gen_pick_sgpr(g, 32, true);
  if (gen_emit_mov32(g, ch, s, x)) return -1;
  f->src[0] = (int)s;
  if (way >= 2) { /* through a VGPR: the SDWA and DPP forms take it */
    force_t m = gen_force0();
    m.enc = 32;
    m.vdst = (int)gen_pick_vdst(g);
    m.src[0] = (int)s;
    if (gen_emit(g, ch, GCN_OP_V_MOV_B32, &m)) return -1;
    f->src[0] = (int)GCN_CODE_VGPR0 + m.vdst;
  }
  return gen_emit(g, ch, op, f);
}

/* v_cvt_pknorm_i16/u16_f32 on the values where its clamp acts (generator version 22): each
 * source (a VGPR written first) just above 1.0 in magnitude, where x * 32767 or x * 65535
 * rounds past the 16-bit range and is clamped, or of magnitude below 2^-18 (0, denormals,
 * exponents 90..108), where the product's shift is capped. Random operands seldom give the
 * first (|x| in (1, 2) is 1/256 of the exponents). 1: the op is not emitted here. */
int gen_pknorm_item(gctx *g, chunk *ch) {
  static const enum gcn_op ops[2] = {GCN_OP_V_CVT_PKNORM_I16_F32, GCN_OP_V_CVT_PKNORM_U16_F32};
  enum gcn_op op = ops[gcn_rng_below(&g->rng, 2)];
  if (!gen_op_on(g, GCN_GROUP_VALU_F32, op)) return 1;
  force_t f = gen_force0();
  unsigned a = gen_pick_vdst(g);
  for (unsigned s = 0; s < 2; s++) {
    uint32_t r = (uint32_t)gcn_rng_next(&g->rng), sign = gcn_rng_pct(&g->rng, 30) ? 0x80000000u : 0;
    uint32_t x = gcn_rng_pct(&g->rng, 60)
                     ? 0x3F800000u | (gcn_rng_pct(&g->rng, 50) ? 0x40u + (r & 0x1FFu) : 1u + (r & 0x7FFFFEu))
                 : gcn_rng_pct(&g->rng, 30) ? r & 0x7FFFFFu
                                            : (90u + gcn_rng_below(&g->rng, 19)) << 23 | (r & 0x7FFFFFu);
    unsigned v = s ? (a + 1) % GCN_NUM_VGPRS : a;
    if (gen_emit_vmov32(g, ch, v, sign | x)) return -1;
    f.src[s] = (int)(GCN_CODE_VGPR0 + v);
  }
  return gen_emit(g, ch, op, &f);
}

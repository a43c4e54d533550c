/* gcnref vectors: items aimed at the 320-mutant run's survivors in the float arithmetic units
 * (rounding, adders, conversions, division helpers) (docs/mutate_survivors.md; vectors/aimed.c).
 * Whether to emit is drawn from gctx.aim[AIM_FARITH] (version 25's items: peek_pct); the operands
 * from gctx.rng. */
#include "gen_priv.h"

static uint64_t sign_bit(gctx *g, bool f64) {
  return gcn_rng_pct(&g->rng, 50) ? 1ull << (f64 ? 63 : 31) : 0;
}

/* A random integer of exactly LEN bits (its top bit set; LEN in 1..63). */
static uint64_t bits_of_len(gctx *g, unsigned len) {
  uint64_t top = 1ull << (len - 1);
  return top | (gcn_rng_next(&g->rng) & (top - 1));
}

/* v_rndne_f32 of |x| in [2^e, 2^(e+1)) with e = -1 - 2^k (k in 0..6): below 1, at the exponents
 * one bit away from -1, where gcn_fp_rndint's round bit (e == -1) would go wrong if one bit of
 * the compare did (random operands: a value below 2^-16 once in ~16 of the f32 range). */
static int rndne_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_RNDNE_F32)) return 1;
  unsigned e = 126u - (1u << gcn_rng_below(&g->rng, 7));
  uint32_t x = (uint32_t)sign_bit(g, false) | e << 23 | (gcn_rng_next32(&g->rng) & 0x7FFFFFu);
  force_t f = gen_force0();
  f.no_mods = true;
  return gen_emit_src0_value(g, ch, GCN_OP_V_RNDNE_F32, &f, GCN_T_F32, x);
}

/* v_cvt_f16_u16 / v_cvt_f16_i16 of an inline float constant, on gcn12: the group's 16-bit integer
 * SRC0 takes one in about a twentieth of its inline constants, and with the aimed items beside
 * it the bin (src.v_cvt_f16_u16.src0.inline_float) was left a hole of gcn12's 4,800 make run
 * vectors. */
static int cvt16_inline_item(gctx *g, chunk *ch, int grp) {
  enum gcn_op op = gcn_rng_pct(&g->rng, 50) ? GCN_OP_V_CVT_F16_U16 : GCN_OP_V_CVT_F16_I16;
  if (!gen_op_on(g, grp, op)) return 1;
  force_t f = gen_force0();
  f.src[0] = (int)gen_inline_float_code(g);
  return gen_emit(g, ch, op, &f);
}

/* v_div_scale_f32/f64 with |S2| next to 2^-(bias - 1) |S1|, the edge of the rule "S2/S1 denormal":
 * S2's exponent is S1's minus (bias - 1) plus d (d in -1..3), its fraction S1's with the low bits
 * redrawn, so the normalized exponents and significands compare equal down to those bits; S0
 * is S1 or S2 (random pairs: exponents that far apart once in ~2^9 [2^12]). */
static int div_scale_item(gctx *g, chunk *ch, int grp) {
  bool f64 = grp == GCN_GROUP_VALU_F64DIV;
  enum gcn_op op = f64 ? GCN_OP_V_DIV_SCALE_F64 : GCN_OP_V_DIV_SCALE_F32;
  if (!gen_op_on(g, grp, op)) return 1;
  unsigned mb = f64 ? 52 : 23, bias = f64 ? 1023 : 127;
  uint64_t fmask = (1ull << mb) - 1, low = (1ull << (mb - 5)) - 1;
  uint64_t e1 = bias + gcn_rng_below(&g->rng, bias), fr = gcn_rng_next(&g->rng) & fmask;
  uint64_t e2 = e1 - (bias - 1) + gcn_rng_below(&g->rng, 5) - 1;
  uint64_t v[3];
  v[1] = sign_bit(g, f64) | e1 << mb | fr;
  v[2] = sign_bit(g, f64) | e2 << mb | (fr & ~low) | (gcn_rng_next(&g->rng) & low);
  v[0] = gcn_rng_pct(&g->rng, 50) ? v[1] : v[2];
  return gen_emit_on_vgprs(g, ch, op, v, 3, f64);
}

/* v_frexp_mant_f64 of a NaN (half the time with its fraction's low 32 bits clear) under IEEE = 0,
 * which passes the NaN through unquieted (random MODEs keep IEEE = 1 and random f64 operands are
 * NaN once in 2^11). */
static int frexp_nan_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_FREXP_MANT_F64)) return 1;
  uint32_t m = g->w.st.mode & 0x3FFu, want = m & ~0x200u;
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  uint64_t fr = gcn_rng_next(&g->rng) & ((1ull << 52) - 1);
  if (gcn_rng_pct(&g->rng, 50)) fr &= ~0xFFFFFFFFull; /* a short payload: its low bits clear */
  uint64_t v[3] = {sign_bit(g, true) | 0x7FFull << 52 | (fr ? fr : 1), 0, 0};
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_FREXP_MANT_F64, v, 1, true);
}

/* v_fma_f64, an exact cancellation of any length: (1 + x ulp) (1 + y ulp) - (1 + (x + y) ulp) =
 * x y ulp^2, signs and scales at random, with x y of L bits (x, y below 2^50), so that the sum's
 * top bit lands at bit L + 3 of the 110-bit adder frame: anywhere in 4..102, or half the time in
 * the middle binades 56..62 (gen_lowlz_item's k, m in 1..7 reach the frame's bottom bits only;
 * random operands cancel so far once in 2^40). */
static int fma64_cancel_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_FMA_F64)) return 1;
  unsigned len = gcn_rng_pct(&g->rng, 50) ? 1 + gcn_rng_below(&g->rng, 99) : 53 + gcn_rng_below(&g->rng, 7);
  unsigned lo = len > 49 ? len - 49 : 1, hi = len < 50 ? len : 50;
  unsigned lx = lo + gcn_rng_below(&g->rng, hi - lo + 1), ly = len - lx + 1;
  uint64_t x = 1, y = 1;
  for (unsigned tries = 0; tries < 16; tries++) { /* x y has lx + ly - 1 or lx + ly bits */
    x = bits_of_len(g, lx), y = bits_of_len(g, ly);
    unsigned __int128 p = (unsigned __int128)x * y;
    if (!(p >> len)) break;
  }
  int ea = (int)gcn_rng_below(&g->rng, 41) - 20, eb = (int)gcn_rng_below(&g->rng, 41) - 20;
  uint64_t sa = sign_bit(g, true), sb = sign_bit(g, true), sbit = 1ull << 63;
  uint64_t v[3] = {sa | (uint64_t)(1023 + ea) << 52 | x, sb | (uint64_t)(1023 + eb) << 52 | y,
                   ((sa ^ sb) ^ sbit) | (uint64_t)(1023 + ea + eb) << 52 | (x + y)};
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_FMA_F64, v, 3, true);
}

/* v_cvt_f32_f64 of an f64 denormal whose fraction's top bit is anywhere below 32, half the time
 * at 21 or 22 (f64 denormals kept), rounded away from zero with f32 denormals kept: the smallest
 * f32 denormal, which the f64 -> f32 rounder gives only if its leading-zero count keeps the
 * value's bits (at 21 and 22 a count 32 too large would shift them all out; random f64
 * operands are denormal once in 2^11, and gen_lowlz_item's feed frexp). */
static int cvt_tiny_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_CVT_F32_F64)) return 1;
  uint64_t sign = sign_bit(g, true);
  uint32_t m = g->w.st.mode & 0x3FFu, want = (m & ~0x3u) | 0xF0u | (sign ? 2u : 1u);
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  unsigned len = gcn_rng_pct(&g->rng, 50) ? 22 + gcn_rng_below(&g->rng, 2) : 1 + gcn_rng_below(&g->rng, 32);
  uint64_t v[3] = {sign | bits_of_len(g, len), 0, 0};
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_CVT_F32_F64, v, 1, true);
}

/* v_fma_f32 next to a tie: a product of exactly 2^k (1 + 2^-26) (1.25 * 1.6f, either order) and
 * c = -(+-2^(k + s)) for s in 22..28, under round to nearest even: at s = 25 the result is just
 * below the midpoint 2^(k+s) (1 - 2^-25), the product's last bit, shifted out of the adder, the
 * only thing that keeps it from the tie (random operands: a product of two bits once in 2^40). */
static int fma32_tie_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_FMA_F32)) return 1;
  uint32_t m = g->w.st.mode & 0x3FFu, want = m & ~0x3u;
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  int ea = (int)gcn_rng_below(&g->rng, 21) - 10, eb = (int)gcn_rng_below(&g->rng, 21) - 10;
  int s = 22 + (int)gcn_rng_below(&g->rng, 7);
  uint64_t sa = sign_bit(g, false), sb = sign_bit(g, false);
  uint64_t v[3] = {sa | (uint64_t)(127 + ea) << 23 | 0x200000u, sb | (uint64_t)(127 + eb) << 23 | 0x4CCCCDu,
                   ((sa ^ sb) ^ 0x80000000u) | (uint64_t)(127 + ea + eb + 1 + s) << 23};
  if (gcn_rng_pct(&g->rng, 50)) {
    uint64_t t = v[0];
    v[0] = v[1], v[1] = t;
  }
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_FMA_F32, v, 3, false);
}

/* v_fma_f32 of a denormal of fraction below 2^5 (half the time 2 or 3) and a normal (a quarter of the time another
 * such denormal), f32 denormals kept: the product's top bit at 0..28, the bottom of
 * gcn_fp_fma's leading-zero count (gen_lowlz_item's denormal fractions reach it once in ~20,
 * beside c = +-0, where a wrong count does not show); SRC2 of the other sign and 1 to 32 times
 * the product (one time in ten +-0). */
static int fma32_tiny_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_FMA_F32)) return 1;
  uint32_t m = g->w.st.mode & 0x3FFu, want = m | 0x30u;
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  uint64_t v[3];
  v[0] = sign_bit(g, false) | bits_of_len(g, gcn_rng_pct(&g->rng, 50) ? 2 : 1 + gcn_rng_below(&g->rng, 5));
  v[1] = gcn_rng_pct(&g->rng, 25) ? bits_of_len(g, 1 + gcn_rng_below(&g->rng, 5))
                                  : (uint64_t)(127 + gcn_rng_below(&g->rng, 127)) << 23 | (gcn_rng_next32(&g->rng) & 0x7FFFFFu);
  v[1] |= sign_bit(g, false);
  /* c of the other sign, 1 to 32 times the product (exact in double): the adder's operand order
   * and alignment then rest on the product's normalization */
  double c = -(double)bits_f((uint32_t)v[0]) * bits_f((uint32_t)v[1]) * (double)(1u << gcn_rng_below(&g->rng, 5)) *
             (1.0 + (double)(gcn_rng_next32(&g->rng) >> 8) / 16777216.0);
  v[2] = gcn_rng_pct(&g->rng, 10) ? sign_bit(g, false) : f_bits((float)c);
  if (gcn_rng_pct(&g->rng, 50)) {
    uint64_t t = v[0];
    v[0] = v[1], v[1] = t;
  }
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_FMA_F32, v, 3, false);
}

/* v_cvt_i32_f64 / v_cvt_u32_f64 of an f64 of either sign with exponent 0..31: an integer part
 * of 1 to 32 bits, the f64 -> integer shift (52 - exponent, odd or even) keeping all of them and
 * their top bits (random f64 operands lie there once in ~64, and the group has six other ops). */
static int cvt_f64_int_item(gctx *g, chunk *ch, int grp) {
  bool u = gen_op_on(g, grp, GCN_OP_V_CVT_U32_F64), i = gen_op_on(g, grp, GCN_OP_V_CVT_I32_F64);
  if (!u && !i) return 1;
  enum gcn_op op = !i || (u && gcn_rng_pct(&g->rng, 50)) ? GCN_OP_V_CVT_U32_F64 : GCN_OP_V_CVT_I32_F64;
  uint64_t v[3] = {sign_bit(g, true) | (uint64_t)(1023 + gcn_rng_below(&g->rng, 32)) << 52 |
                   (gcn_rng_next(&g->rng) & ((1ull << 52) - 1)), 0, 0};
  return gen_emit_on_vgprs(g, ch, op, v, 1, true);
}

/* v_div_fixup_f16 (gcn12/14) whose numerator S2 is an f16 NaN of random payload and sign:
 * the result is S2 quieted, its payload bits passed through (S0, S1 random; the op is one of
 * its group's many, and few of its random S2 are NaNs). */
static int fixup16_nan_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_DIV_FIXUP_F16)) return 1;
  uint32_t fr = gcn_rng_next32(&g->rng) & 0x3FFu;
  uint64_t v[3] = {gcn_rng_next32(&g->rng) & 0xFFFFu, gcn_rng_next32(&g->rng) & 0xFFFFu,
                   (gcn_rng_pct(&g->rng, 50) ? 0x8000u : 0) | 0x7C00u | (fr ? fr : 0x20u)};
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_DIV_FIXUP_F16, v, 3, false);
}

/* v_min/max(_legacy)_f32 of two negative normals whose magnitudes differ by 1 to 16 units
 * (either one the larger): the order of the negated magnitudes then rests on their low bits
 * (random operands are that close once in ~2^26). */
static int minmax_near_item(gctx *g, chunk *ch, int grp) {
  static const enum gcn_op ops[4] = {GCN_OP_V_MIN_F32, GCN_OP_V_MAX_F32, GCN_OP_V_MIN_LEGACY_F32,
                                     GCN_OP_V_MAX_LEGACY_F32};
  unsigned on = 0;
  for (unsigned k = 0; k < 4; k++)
    if (gen_op_on(g, grp, ops[k])) on |= 1u << k;
  if (!on) return 1;
  enum gcn_op op = ops[gcn_rng_pick_bit(&g->rng, on)];
  uint32_t m = 0x00800010u + gcn_rng_below(&g->rng, 0x7F000000u - 0x20u), d = 1 + gcn_rng_below(&g->rng, 16);
  uint64_t v[3] = {0x80000000u | (gcn_rng_pct(&g->rng, 50) ? m + d : m - d), 0x80000000u | m, 0};
  return gen_emit_on_vgprs(g, ch, op, v, 2, false);
}

/* The inverse of odd X modulo 2^64 (Newton: each step doubles the correct low bits). */
static uint64_t inv_odd(uint64_t x) {
  uint64_t y = x; /* correct to 3 bits */
  for (int k = 0; k < 5; k++) y *= 2 - x * y;
  return y;
}

/* v_fma_f64 whose product, normalized to the adder's 106 bits, is 2^105 + H 2^(sh+52) + 2^38
 * (H random, its lowest bit clear) beside a c sh = 42..45 binades above, under the directed
 * rounding that the sticky bit alone decides (away from zero for c of the product's sign,
 * toward zero for the other): the product's bit 38 is the only bit shifted out below the
 * round bit. The significands are a 2^38 and b with a odd of 15 or 16 bits, b = a^-1 modulo
 * 2^(sh+14) (a search over a: about one a in 2^(sh-37) fits; random operands: 2^-60). */
static int fma64_sticky_item(gctx *g, chunk *ch, int grp) {
  if (!gen_op_on(g, grp, GCN_OP_V_FMA_F64)) return 1;
  unsigned sh = 42 + gcn_rng_below(&g->rng, 4), t = sh + 14, la = 15 + gcn_rng_below(&g->rng, 2);
  uint64_t a = 0, b = 0, tmask = (1ull << t) - 1;
  for (unsigned tries = 0; tries < 16384 && !b; tries++) {
    a = bits_of_len(g, la) | 1;
    uint64_t c = inv_odd(a) & tmask;
    unsigned __int128 q = (unsigned __int128)a * c;
    if (c >> (67 - la) == 1 && q >> 67 == 1 && !(q >> t & 1)) b = c; /* 68 - la bits; a b of 68, round bit 0 */
  }
  if (!b) return 1;
  int ea = (int)gcn_rng_below(&g->rng, 41) - 20, eb = (int)gcn_rng_below(&g->rng, 41) - 20;
  uint64_t sa = sign_bit(g, true), sb = sign_bit(g, true), sc = sign_bit(g, true), sp = sa ^ sb;
  uint64_t frac = (1ull << 52) - 1;
  uint64_t v[3] = {sa | (uint64_t)(1023 + ea) << 52 | ((a << (53 - la)) & frac),
                   sb | (uint64_t)(1023 + eb) << 52 | ((b << (la - 15)) & frac),
                   sc | (uint64_t)(1023 + ea + eb + 1 + (int)sh) << 52 | (gcn_rng_next(&g->rng) & frac)};
  /* MODE's f64 rounding (bits 3:2): 1 toward +inf, 2 toward -inf, 3 toward zero */
  uint32_t rm = sc != sp ? 3u : sc ? 2u : 1u, m = g->w.st.mode & 0x3FFu, want = (m & ~0xCu) | rm << 2;
  if (want != m && gen_emit_set_mode(g, ch, want)) return -1;
  return gen_emit_on_vgprs(g, ch, GCN_OP_V_FMA_F64, v, 3, true);
}

/* Version 25's draws: P percent from the state of A mixed with the program's length, A itself
 * not advanced, so that a vector in which no version-25 item fires is version 24's (a draw
 * from A would move every later version-24 item of the area). */
static bool peek_pct(const gctx *g, const gcn_rng *a, unsigned p) {
  uint64_t x = a->s[0] ^ gcn_rng_rotl(a->s[1], 21) ^ (uint64_t)g->n_prog * 0xD1B54A32D192ED03ull;
  return (unsigned)(((gcn_splitmix64(&x) >> 32) * 100u) >> 32) < p;
}

/* One aimed item of GRP; 1: none (GRP is not aimed at, or the draw said no). The rates are low:
 * an item that fires moves the rest of its vector (its operands come from gctx.rng), and
 * make run's closure at 4,800 vectors rests on single vectors for its rarest bins. */
int gen_aim_farith_item(gctx *g, chunk *ch, int grp) {
  gcn_rng *a = &g->aim[AIM_FARITH];
  if (grp == GCN_GROUP_VALU_FROUND && gcn_rng_pct(a, 4)) return rndne_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_FDIV && gcn_rng_pct(a, 4)) return div_scale_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F64DIV && gcn_rng_pct(a, 3)) return div_scale_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F64CVT && gcn_rng_pct(a, 6))
    return gcn_rng_pct(a, 50) ? frexp_nan_item(g, ch, grp) : cvt_tiny_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_FCVT && g->gen == GCN12 && gcn_rng_pct(a, 3)) return cvt16_inline_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F64 && gcn_rng_pct(a, 6)) return fma64_cancel_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F3 && gcn_rng_pct(a, 6))
    return gcn_rng_pct(a, 50) ? fma32_tie_item(g, ch, grp) : fma32_tiny_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F64CVT && peek_pct(g, a, 6)) return cvt_f64_int_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F3H && peek_pct(g, a, 6)) return fixup16_nan_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F32 && peek_pct(g, a, 2)) return minmax_near_item(g, ch, grp);
  if (grp == GCN_GROUP_VALU_F64 && peek_pct(g, a, 4)) return fma64_sticky_item(g, ch, grp);
  return 1;
}

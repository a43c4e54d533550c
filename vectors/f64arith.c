/* gcnref vectors: the f64 arithmetic's hard operands (group valu_f64, generator version 18:
 * v_add_f64, v_mul_f64, v_fma_f64, v_min_f64, v_max_f64, v_ldexp_f64; version 21:
 * v_trig_preop_f64).
 * Random register pairs are nearly always f64 normals of a random exponent, whose sums and
 * products never cancel, overflow, fall to a denormal or tie. So 70% of the items first write
 * their sources' VGPR pairs (SRC1 an SGPR pair a fifth of the time: the constant bus) with an
 * operand set of one of these kinds, drawn alike:
 *   class     every source of a class drawn alike (f64.c: +-0, +-denormal, +-normal, +-inf,
 *             qNaN, sNaN; denormals and sNaN payloads half the time in the low dword alone)
 *   cancel    b = -a or one or two ulps beside it (add), c = -(a * b) rounded or beside it
 *             (fma): the exact sum is a few ulps or the product's rounding error
 *   overflow  |a + b|, |a * b| or |a * b + c| at or just above the largest f64
 *   denormal  a * b (a + b) near 2^-1022..2^-1075: results MODE flushes or keeps, results
 *             that round up to the smallest normal
 *   tie       a + b or a * b exactly halfway between two f64 (the round-to-even case)
 * and, for min/max half the time, a select set: +-0, +-inf, a qNaN or an sNaN (either sign)
 * or the smallest denormal against one of them or a random f64 (+0 against -0 15% of the
 * time), in either order;
 * and ldexp's SRC1 (an i32) is a hard exponent half the time: 0, +-1, +-52, the distances
 * to the ends of the range (+-1023, +-1074, +-2046, +-2098), or the i32 extremes;
 * v_trig_preop_f64's SRC0 (version 21) has a biased exponent above 1077 (the segment moves
 * with it) 60% of the time, 1968 or more (the result scaled by 2^128) a third of those, else
 * of a class; its SRC1 (a u32 segment index, S1[4:0] read) is 0..31 70% of the time (22 and
 * up select bits past the table's 1201: a zero or denormal result), else random. */
#include <string.h>

#include "gen_priv.h"

#define F64_MAX 0x7FEFFFFFFFFFFFFFull
#define F64_SIGN (1ull << 63)

static double bits_d(uint64_t x) {
  double d;
  memcpy(&d, &x, sizeof d);
  return d;
}
static uint64_t d_bits(double d) {
  uint64_t x;
  memcpy(&x, &d, sizeof x);
  return x;
}

/* A random f64 with a biased exponent in [lo, hi] and either sign. */
static uint64_t f64_exp(gctx *g, unsigned lo, unsigned hi) {
  uint64_t r = gcn_rng_next(&g->rng);
  return (r & 0x800FFFFFFFFFFFFFull) | (uint64_t)(lo + gcn_rng_below(&g->rng, hi - lo + 1)) << 52;
}

static unsigned exp_of(uint64_t x) { return (unsigned)(x >> 52 & 0x7FF); }

/* The sources of one item of OP: v[0], v[1] (v[2] for fma). */
static void hard_operands(gctx *g, int op, uint64_t v[3]) {
  bool fma = op == GCN_OP_V_FMA_F64, mul = op == GCN_OP_V_MUL_F64 || fma, add = op == GCN_OP_V_ADD_F64;
  uint64_t r = gcn_rng_next(&g->rng);
  int adj = (int)gcn_rng_below(&g->rng, 5) - 2;
  v[2] = f64_exp(g, 900, 1100);
  if (op == GCN_OP_V_TRIG_PREOP_F64) {
    v[0] = !gcn_rng_pct(&g->rng, 60) ? gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES))
           : gcn_rng_pct(&g->rng, 33) ? f64_exp(g, 1968, 2047) : f64_exp(g, 1078, 2047);
    return;
  }
  if ((op == GCN_OP_V_MIN_F64 || op == GCN_OP_V_MAX_F64) && gcn_rng_pct(&g->rng, 50)) { /* select */
    static const uint64_t sp[] = {0, F64_SIGN, 0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull,
                                  0xFFF0000000000001ull, 0x7FF4000000000000ull, 0x8000000000000001ull};
    v[0] = sp[gcn_rng_below(&g->rng, 8)];
    v[1] = gcn_rng_pct(&g->rng, 60) ? sp[gcn_rng_below(&g->rng, 8)] : f64_exp(g, 1, 2046);
    if (gcn_rng_pct(&g->rng, 15)) v[0] = 0, v[1] = F64_SIGN; /* +0 and -0 */
    if (gcn_rng_pct(&g->rng, 50)) v[2] = v[0], v[0] = v[1], v[1] = v[2];
    return;
  }
  switch (gcn_rng_below(&g->rng, 5)) {
    case 0: /* class */
      for (unsigned i = 0; i < 3; i++) v[i] = gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
      break;
    case 1: /* cancel */
      v[0] = f64_exp(g, 900, 1100);
      v[1] = add ? (v[0] ^ F64_SIGN) + (uint64_t)(int64_t)adj : f64_exp(g, 900, 1100);
      if (fma) v[2] = d_bits(-(bits_d(v[0]) * bits_d(v[1]))) + (uint64_t)(int64_t)adj;
      else if (!add) v[1] = gcn_rng_pct(&g->rng, 50) ? v[0] : v[0] ^ F64_SIGN; /* min/max/mul: equal or negated */
      break;
    case 2: /* overflow */
      v[0] = f64_exp(g, mul ? 1500 : 2040, 2046);
      v[1] = mul ? f64_exp(g, 3070 - exp_of(v[0]) - 4, 3070 - exp_of(v[0]) + 2) : (F64_MAX - (r & 0xFFFF)) | (v[0] & F64_SIGN);
      if (fma) v[2] = gcn_rng_pct(&g->rng, 60) ? F64_MAX | (~(v[0] ^ v[1]) & F64_SIGN) : f64_exp(g, 2000, 2046);
      break;
    case 3: /* denormal results */
      if (mul) {
        v[0] = f64_exp(g, 100, 900);
        v[1] = f64_exp(g, 1023 + 1 - exp_of(v[0]) - 56, 1023 + 1 - exp_of(v[0]) + 2); /* 2^-1077..2^-1020 */
        v[2] = gcn_rng_pct(&g->rng, 50) ? (r & F64_SIGN) : d_bits(-(bits_d(v[0]) * bits_d(v[1]))) + (r & 0xFF);
      } else {
        v[0] = gcn_rng_pct(&g->rng, 50) ? (r & 0x800FFFFFFFFFFFFFull) : f64_exp(g, 1, 2);
        v[1] = ((gcn_rng_next(&g->rng) & 0x000FFFFFFFFFFFFFull) | (uint64_t)gcn_rng_below(&g->rng, 2) << 52) |
               (~v[0] & F64_SIGN);
      }
      break;
    default: { /* tie */
      unsigned e = 1023 - 200 + gcn_rng_below(&g->rng, 400);
      uint64_t s = r & F64_SIGN;
      if (mul) { /* 1.5 * (1 + k * 2^-52), k odd: the product's bit 2^-53 set, nothing below */
        v[0] = s | (uint64_t)e << 52 | 1ull << 51;
        v[1] = (uint64_t)(2046 - e) << 52 | (2 * gcn_rng_below(&g->rng, 8) + 1);
        v[2] = gcn_rng_pct(&g->rng, 50) ? (r & 0x8000000000000000ull) : f64_exp(g, e - 120, e - 60);
      } else { /* a + b with b half an ulp of a (a odd or even) */
        v[0] = s | (uint64_t)e << 52 | (r & 0xFFFFFFFFFFFFFull);
        v[1] = (s ^ (gcn_rng_pct(&g->rng, 30) ? F64_SIGN : 0)) | (uint64_t)(e - 53) << 52;
      }
      break;
    }
  }
}

/* A VGPR pair below v255 outside [avoid, avoid + 1] pairs. */
static unsigned pick_pair(gctx *g, const int *avoid, unsigned n) {
  for (unsigned tries = 0; tries < 16; tries++) {
    unsigned v = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 1);
    bool ok = true;
    for (unsigned i = 0; i < n; i++)
      if (avoid[i] >= 0 && v + 1 >= (unsigned)avoid[i] && v <= (unsigned)avoid[i] + 1) ok = false;
    if (ok) return v;
  }
  return GCN_NUM_VGPRS; /* none found */
}

/* SRC S of F: a VGPR pair outside USED[0..S-1]'s pairs, written with X (USED[S] becomes it). */
static int load_src_pair(gctx *g, chunk *ch, int used[3], unsigned s, uint64_t x, force_t *f) {
  unsigned p = pick_pair(g, used, s);
  if (p >= GCN_NUM_VGPRS || gen_f64_load_vgpr(g, ch, p, x)) return -1;
  used[s] = (int)p;
  f->src[s] = (int)(GCN_CODE_VGPR0 + p);
  return 0;
}

int gen_f64arith_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  force_t f = gen_force0();
  f.enc = 64;
  bool ldexp = op == GCN_OP_V_LDEXP_F64, three = op == GCN_OP_V_FMA_F64, preop = op == GCN_OP_V_TRIG_PREOP_F64;
  if (gcn_rng_pct(&g->rng, 70)) {
    uint64_t v[3];
    hard_operands(g, op, v);
    int used[3] = {-1, -1, -1};
    unsigned n = three ? 3 : 2;
    for (unsigned s = 0; s < n; s++) {
      if (s == 1 && (ldexp || preop)) { /* the i32 exponent, trig_preop's u32 segment */
        static const int32_t hard[] = {0, 1, -1, 52, -52, 1023, -1023, 1074, -1074, 2046, -2046, 2098, -2098,
                                       INT32_MAX, INT32_MIN};
        uint32_t n32 = preop ? (gcn_rng_pct(&g->rng, 70) ? gcn_rng_below(&g->rng, 32) : (uint32_t)gcn_rng_next(&g->rng))
                       : gcn_rng_pct(&g->rng, 50) ? (uint32_t)hard[gcn_rng_below(&g->rng, 15)]
                                                  : (uint32_t)((int32_t)gcn_rng_below(&g->rng, 4400) - 2200);
        unsigned r = gen_pick_vdst(g);
        for (unsigned tries = 0; tries < 8 && used[0] >= 0 && r - (unsigned)used[0] <= 1u; tries++) r = gen_pick_vdst(g);
        if (used[0] >= 0 && r - (unsigned)used[0] <= 1u) return -1; /* not over SRC0's pair */
        if (gen_emit_vmov32(g, ch, r, n32)) return -1;
        f.src[1] = (int)(GCN_CODE_VGPR0 + r);
        continue;
      }
      if (s == 1 && gcn_rng_pct(&g->rng, 20)) { /* an SGPR pair: the constant bus's one scalar */
        unsigned sg = gen_pick_sgpr(g, 64, true);
        if (gen_f64_load_sgpr(g, ch, sg, v[1])) return -1;
        f.src[1] = (int)sg;
        continue;
      }
      if (load_src_pair(g, ch, used, s, v[s], &f)) return -1;
    }
  }
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  if (three && gcn_rng_pct(&g->rng, 20)) in.abs |= 4u; /* SRC2's modifiers (the builder draws SRC0/SRC1's) */
  if (three && gcn_rng_pct(&g->rng, 20)) in.neg |= 4u;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* ------------------------------------------------------------------ valu_f64cvt */

/* The f64 conversions and rounding ops' hard operands (group valu_f64cvt, generator version
 * 20: v_cvt_i32/u32_f64, v_cvt_f64_i32/u32, v_cvt_f32_f64, v_cvt_f64_f32, v_trunc/ceil/
 * rndne/floor_f64, v_fract_f64, v_frexp_exp_i32_f64, v_frexp_mant_f64). 70% of the items
 * first write SRC0 (a VGPR pair, or an SGPR pair a fifth of the time; a VGPR for a 32-bit
 * source) with a hard value of its type:
 *   f64  65% an f64 class drawn alike (f64.c), else a tie n + 0.5 or one ulp beside it,
 *        the i32/u32 ranges' ends (2^30..2^33), |x| below 1 (fract's tiny negatives), already
 *        integral (2^52 and up), f32's range ends (2^+-126, f32's denormals, its largest
 *        value and above) or a moderate value; v_cvt_f32_f64's 30% of the time in f32's
 *        denormal range (2^-127..2^-150), 60% of those after an s_setreg keeping f32 denormals
 *   f32  +-0, +-denormal, the smallest and largest normals, 1.0, +-inf (twice), qNaN, sNaN, random
 *   i32  0, +-1, the i32 and u32 ends, above 2^24, random
 * 10% of the items read an inline constant instead (float 60%, integer 40%), 8% of the rest
 * (e32) a hard literal (an f64's high dword); a quarter of the items of a row with OMOD take
 * one, 70% of those after an s_setreg that makes it act (vectors/fround.c). */
static uint64_t cvt_f64_value(gctx *g) {
  uint64_t r = gcn_rng_next(&g->rng), s = r & F64_SIGN, frac = r & 0xFFFFFFFFFFFFFull;
  unsigned e = 1023 + gcn_rng_below(&g->rng, 52), k = 52 - (e - 1023); /* 1 <= |x| < 2^52 */
  uint64_t tie = s | (uint64_t)e << 52 | (frac & ~((1ull << k) - 1)) | 1ull << (k - 1);
  if (gcn_rng_pct(&g->rng, 65)) return gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
  switch (gcn_rng_below(&g->rng, 9)) {
    case 0: case 1: return tie;
    case 2: return tie + (gcn_rng_pct(&g->rng, 50) ? 1u : (uint64_t)-1);
    case 3: return s | (uint64_t)(1023 + 30 + gcn_rng_below(&g->rng, 4)) << 52 |
                   (gcn_rng_pct(&g->rng, 40) ? 0 : gcn_rng_pct(&g->rng, 30) ? 0xFFFFFFFFFFFFFull : frac);
    case 4: return s | (uint64_t)(1022 - gcn_rng_below(&g->rng, 60)) << 52 | frac;
    case 5: return s | (uint64_t)(1023 + 52 + gcn_rng_below(&g->rng, 4)) << 52 | frac;
    case 6: { /* f32's range ends: its smallest normal, denormals, largest value */
      static const unsigned ex[] = {1023 - 126, 1023 - 127, 1023 - 140, 1023 - 149, 1023 - 150, 1023 + 127, 1023 + 128};
      uint64_t f = gcn_rng_pct(&g->rng, 30) ? 0xFFFFFE0000000ull : frac; /* f32's largest significand */
      return s | (uint64_t)ex[gcn_rng_below(&g->rng, 7)] << 52 | f;
    }
    default: return s | (uint64_t)(1023 - 30 + gcn_rng_below(&g->rng, 60)) << 52 | frac; /* moderate */
  }
}

/* v_rcp/rsq/sqrt_f64 and the _clamp forms' SRC0 (group valu_f64trans, version 21): 60% an
 * f64 class drawn alike, else near 1 (within 2^-8, either side: the seed tables' first
 * entries), above 2^1022 (a denormal reciprocal; twice as often), a denormal, a negative
 * normal, an exact square or power of two (an exact root), or a random exponent. The item
 * then makes it +-0 for 60% of the items that take OMOD, with *2 or *4 (the _clamp forms'
 * +-max doubled to +-inf), and an sNaN 8% of the time, 60% of those after an s_setreg
 * clearing IEEE (the sNaN passes through). */
static uint64_t trans_f64_value(gctx *g) {
  uint64_t r = gcn_rng_next(&g->rng), s = r & F64_SIGN, frac = r & 0xFFFFFFFFFFFFFull;
  if (gcn_rng_pct(&g->rng, 60)) return gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
  switch (gcn_rng_below(&g->rng, 7)) {
    case 0: return gcn_rng_pct(&g->rng, 50) ? 0x3FF0000000000000ull | (frac >> (8 + gcn_rng_below(&g->rng, 40)))
                                            : 0x3FEFFFFFFFFFFFFFull - (frac >> (7 + gcn_rng_below(&g->rng, 40)));
    case 1: case 6: return f64_exp(g, 2045, 2046);
    case 2: return s | (frac >> gcn_rng_below(&g->rng, 52));
    case 3: return F64_SIGN | f64_exp(g, 1, 2046);
    case 4: {
      double m = (double)(gcn_rng_below(&g->rng, 1u << 26) | 1u);
      int64_t k = (int64_t)gcn_rng_below(&g->rng, 1800) - 900; /* times 2^k (the exponent stays 123..1975) */
      return d_bits(gcn_rng_pct(&g->rng, 50) ? m * m : 1.0) + ((uint64_t)k << 52);
    }
    default: return f64_exp(g, 1, 2046) & ~F64_SIGN;
  }
}

static uint32_t cvt_32_value(gctx *g, gcn_type t) {
  static const uint32_t f32[] = {0, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0x3F800000u,
                                 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7FA00000u, 0xFF800001u,
                                 0x7F800000u, 0xFF800000u};
  static const uint32_t i32[] = {0, 1, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFEu, 0x01000001u};
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  if (gcn_rng_pct(&g->rng, 30)) return r;
  return t == GCN_T_F32 ? f32[gcn_rng_below(&g->rng, 15)] : i32[gcn_rng_below(&g->rng, 8)];
}

int gen_f64cvt_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  force_t f = gen_force0();
  gcn_type t = (gcn_type)gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S0)->type;
  const bool trans = gcn_isa[op].approx_ulp != 0; /* v_rcp/rsq/sqrt_f64, _clamp */
  if ((gcn_isa[op].flags_on[g->gen] & GCN_F_OMOD) && gcn_rng_pct(&g->rng, 25)) { /* OMOD (*2, *4, /2), acting 70% of the time */
    f.enc = 64;
    f.omod = 1 + (int)gcn_rng_below(&g->rng, 3);
    if (gen_omod_acting(g, ch, &f, false)) return -1;
  }
  if (gcn_rng_pct(&g->rng, 10)) { /* an inline constant: a float (f64 or f32 of SRC0's type) or an integer */
    f.src[0] = (int)(gcn_rng_pct(&g->rng, 60) ? gen_inline_float_code(g)
                                              : gen_inline_int_code(g));
  } else if (f.enc != 64 && gcn_rng_pct(&g->rng, 8)) { /* a hard literal, the e32 form (f64: its high dword) */
    f.enc = 32;
    f.src[0] = GCN_CODE_LITERAL;
    f.lit = t == GCN_T_F64 ? (uint32_t)((trans ? trans_f64_value(g) : cvt_f64_value(g)) >> 32) : cvt_32_value(g, t);
  } else if (gcn_rng_pct(&g->rng, 70)) {
    if (t == GCN_T_F64) {
      uint64_t v = trans ? trans_f64_value(g) : cvt_f64_value(g);
      if (trans && f.omod && gcn_rng_pct(&g->rng, 60)) { /* +-0 under OMOD *2, *4: the _clamp forms' +-max to +-inf */
        v = gcn_rng_next(&g->rng) & F64_SIGN;
        f.omod = 1 + (int)gcn_rng_below(&g->rng, 2);
      }
      if (trans && gcn_rng_pct(&g->rng, 8)) { /* an sNaN, 60% of the time under IEEE = 0 (kept signalling) */
        v = (gcn_rng_next(&g->rng) & 0x8003FFFFFFFFFFFFull) | 0x7FF4000000000000ull;
        uint32_t m = g->w.st.mode & 0x3FFu;
        if ((m & 0x200u) && gcn_rng_pct(&g->rng, 60) && gen_emit_set_mode(g, ch, m & ~0x200u)) return -1;
      }
      if (op == GCN_OP_V_CVT_F32_F64 && gcn_rng_pct(&g->rng, 30)) { /* f32's denormals (kept by MODE 60% of the time) */
        v = (gcn_rng_next(&g->rng) & 0x800FFFFFFFFFFFFFull) | (uint64_t)(1023 - 127 - gcn_rng_below(&g->rng, 24)) << 52;
        uint32_t m = g->w.st.mode & 0x3FFu;
        if (!(m & 0x20u) && gcn_rng_pct(&g->rng, 60) && gen_emit_set_mode(g, ch, m | 0x30u)) return -1;
      }
      if (gcn_rng_pct(&g->rng, 20)) {
        unsigned sg = gen_pick_sgpr(g, 64, true);
        if (gen_f64_load_sgpr(g, ch, sg, v)) return -1;
        f.src[0] = (int)sg;
      } else {
        int used[3] = {-1, -1, -1};
        if (load_src_pair(g, ch, used, 0, v, &f)) return -1;
      }
    } else {
      unsigned r = gen_pick_vdst(g);
      if (gen_emit_vmov32(g, ch, r, cvt_32_value(g, t))) return -1;
      f.src[0] = (int)(GCN_CODE_VGPR0 + r);
    }
  }
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* ------------------------------------------------------------------ valu_f64div */

/* The f64 division helpers' operand triples (group valu_f64div, generator version 20:
 * v_div_scale_f64, v_div_fmas_f64, v_div_fixup_f64), vectors/fdiv.c's f32 kinds at f64's
 * constants: 60% of the items first write their three sources' VGPR pairs with
 *   div_scale  S0 = S1 or S2 (the two calls of a division; else a moderate value) from a
 *              (numerator, denominator) pair: exponents about 768 apart, |den| above 2^1022
 *              with a quotient below 2^-1022 or not, a denormal denominator, a quotient below
 *              2^-1022 from an ordinary denominator, a numerator of biased exponent <= 53,
 *              specials (+-inf twice as often, NaNs, +-0, denormals, 1.0), or moderate values;
 *   div_fixup  (quotient, den, num): a special den or num or both, exponents about 1075
 *              apart (the underflow rule), a denormal or special quotient;
 *   div_fmas   a random VCC first (70%), a triple whose fma is near f64's denormals, huge,
 *              or special;
 * and, when a source is a denormal or an sNaN, 60% of the time an s_setreg keeping f64
 * denormals (IEEE = 0 for an sNaN); 15% NEG bits on the sources. The rest are the builder's
 * random instruction, half of them with a source of a class the triples never give (an
 * inline constant, a special register, an SGPR pair). */
static const uint64_t SPECIAL64[] = {0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF0000000000000ull,
                                     0xFFF0000000000000ull, 0x7FF8000000000000ull,
                                     0xFFF8000000000001ull, 0x7FF4000000000000ull, 0,
                                     F64_SIGN, 1, 0x800FFFFFFFFFFFFFull, 0x3FF0000000000000ull};
static uint64_t special64(gctx *g) { return SPECIAL64[gcn_rng_below(&g->rng, sizeof SPECIAL64 / sizeof SPECIAL64[0])]; }

/* An f64 of biased exponent E (clipped to 0..2046), random fraction and sign. */
static uint64_t f64_at(gctx *g, int e) { return f64_exp(g, e < 0 ? 0 : e > 2046 ? 2046 : (unsigned)e, e < 0 ? 0 : e > 2046 ? 2046 : (unsigned)e); }

static void div_pair64(gctx *g, uint64_t *num, uint64_t *den) {
  switch (gcn_rng_below(&g->rng, 7)) {
    case 0: *den = f64_exp(g, 1, 1250); *num = f64_at(g, (int)exp_of(*den) + 766 + (int)gcn_rng_below(&g->rng, 5)); break;
    case 1: *den = f64_exp(g, 2045, 2046); *num = gcn_rng_pct(&g->rng, 50) ? f64_exp(g, 1, 3) : f64_exp(g, 800, 2046); break;
    case 2: *den = (gcn_rng_next(&g->rng) & 0x800FFFFFFFFFFFFFull) | 1; *num = f64_exp(g, 1, 2046); break;
    case 3: *den = f64_exp(g, 900, 1500); *num = f64_exp(g, 0, 53); break;
    case 4: *den = f64_exp(g, 900, 1150); *num = f64_exp(g, 0, 60); break;
    case 5:
      *num = gcn_rng_pct(&g->rng, 50) ? special64(g) : f64_exp(g, 900, 1150);
      *den = gcn_rng_pct(&g->rng, 60) ? special64(g) : f64_exp(g, 900, 1150);
      break;
    default: *num = f64_exp(g, 800, 1250), *den = f64_exp(g, 800, 1250); break;
  }
}

static void div_triple64(gctx *g, int op, uint64_t v[3]) {
  for (unsigned i = 0; i < 3; i++) v[i] = f64_exp(g, 600, 1450);
  if (op == GCN_OP_V_DIV_SCALE_F64) {
    div_pair64(g, &v[2], &v[1]);
    v[0] = gcn_rng_pct(&g->rng, 50) ? v[1] : gcn_rng_pct(&g->rng, 80) ? v[2] : v[0];
  } else if (op == GCN_OP_V_DIV_FIXUP_F64) {
    switch (gcn_rng_below(&g->rng, 6)) {
      case 0: v[1 + gcn_rng_below(&g->rng, 2)] = special64(g); break;
      case 1: v[1] = special64(g), v[2] = special64(g); break;
      case 2: v[1] = f64_exp(g, 1075, 2046); v[2] = f64_at(g, (int)exp_of(v[1]) - 1077 + (int)gcn_rng_below(&g->rng, 5)); break;
      case 3: v[0] = (gcn_rng_next(&g->rng) & 0x800FFFFFFFFFFFFFull) | 1; break;
      case 4: v[0] = special64(g); break;
      default: break;
    }
  } else { /* div_fmas */
    switch (gcn_rng_below(&g->rng, 4)) {
      case 0: /* a * b around 2^-1080..2^-1020, c denormal or tiny */
        v[0] = f64_exp(g, 400, 600);
        v[1] = f64_at(g, 1023 - 56 - (int)exp_of(v[0]) + (int)gcn_rng_below(&g->rng, 60));
        v[2] = gcn_rng_pct(&g->rng, 50) ? (gcn_rng_next(&g->rng) & 0x800FFFFFFFFFFFFFull) : f64_exp(g, 1, 8);
        break;
      case 1: v[0] = f64_exp(g, 1800, 2046), v[1] = f64_exp(g, 900, 1300), v[2] = f64_exp(g, 1900, 2046); break;
      case 2:
        for (unsigned i = 0; i < 3; i++) v[i] = gcn_rng_pct(&g->rng, 40) ? special64(g) : v[i];
        break;
      default: break;
    }
  }
}

int gen_f64div_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  force_t f = gen_force0();
  f.enc = 64;
  if (!gcn_rng_pct(&g->rng, 60)) {
    if (gcn_rng_pct(&g->rng, 50)) gen_div_other_source(g, &f, op == GCN_OP_V_DIV_FMAS_F64, 64); /* (vectors/fdiv.c) */
    return gen_emit(g, ch, (enum gcn_op)op, &f);
  }
  uint64_t v[3];
  div_triple64(g, op, v);
  if (op == GCN_OP_V_DIV_FMAS_F64 && gcn_rng_pct(&g->rng, 70) &&
      (gen_emit_mov32(g, ch, GCN_CODE_VCC_LO, (uint32_t)gcn_rng_next(&g->rng)) ||
       gen_emit_mov32(g, ch, GCN_CODE_VCC_LO + 1, (uint32_t)gcn_rng_next(&g->rng))))
    return -1;
  uint32_t m = g->w.st.mode & 0x3FFu, want = m;
  for (unsigned i = 0; i < 3; i++) {
    if (exp_of(v[i]) == 0 && (v[i] & 0xFFFFFFFFFFFFFull) != 0) want |= 0xC0u;                    /* f64 denormals kept */
    if ((v[i] & 0x7FF8000000000000ull) == 0x7FF0000000000000ull && (v[i] & 0x7FFFFFFFFFFFFull)) want &= ~0x200u; /* sNaN */
  }
  if (want != m && gcn_rng_pct(&g->rng, 60) && gen_emit_set_mode(g, ch, want)) return -1;
  int used[3] = {-1, -1, -1};
  for (unsigned s = 0; s < 3; s++)
    if (load_src_pair(g, ch, used, s, v[s], &f)) return -1;
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  in.abs = 0;
  in.neg = gcn_rng_pct(&g->rng, 15) ? (uint8_t)(gcn_rng_next(&g->rng) & 7u) : 0;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

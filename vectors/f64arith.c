/* gcnref vectors: the f64 arithmetic's hard operands (group valu_f64, generator version 18:
 * v_add_f64, v_mul_f64, v_fma_f64, v_min_f64, v_max_f64, v_ldexp_f64).
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
 * to the ends of the range (+-1023, +-1074, +-2046, +-2098), or the i32 extremes. */
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

int gen_f64arith_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  force_t f = gen_force0();
  f.enc = 64;
  bool ldexp = op == GCN_OP_V_LDEXP_F64, three = op == GCN_OP_V_FMA_F64;
  if (gcn_rng_pct(&g->rng, 70)) {
    uint64_t v[3];
    hard_operands(g, op, v);
    int used[3] = {-1, -1, -1};
    unsigned n = three ? 3 : 2;
    for (unsigned s = 0; s < n; s++) {
      if (s == 1 && ldexp) { /* the i32 exponent */
        static const int32_t hard[] = {0, 1, -1, 52, -52, 1023, -1023, 1074, -1074, 2046, -2046, 2098, -2098,
                                       INT32_MAX, INT32_MIN};
        uint32_t n32 = gcn_rng_pct(&g->rng, 50) ? (uint32_t)hard[gcn_rng_below(&g->rng, 15)]
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
      unsigned p = pick_pair(g, used, s);
      if (p >= GCN_NUM_VGPRS) return -1;
      used[s] = (int)p;
      if (gen_f64_load_vgpr(g, ch, p, v[s])) return -1;
      f.src[s] = (int)(GCN_CODE_VGPR0 + p);
    }
  }
  gcn_inst in;
  if (!gen_build(g, (enum gcn_op)op, &f, &in)) return -1;
  if (three && gcn_rng_pct(&g->rng, 20)) in.abs |= 4u; /* SRC2's modifiers (the builder draws SRC0/SRC1's) */
  if (three && gcn_rng_pct(&g->rng, 20)) in.neg |= 4u;
  if (!gen_finalize(g, &in)) return -1;
  return gen_put(g, ch, &in, false);
}

/* gcnref vectors: f64 operand classes (generator version 15), for the f64 compares and class
 * tests (valu_fcmp64, valu_fcmpx64, valu_class) and, later, the f64 arithmetic (issue 16).
 *
 * An f64 operand is a VGPR pair (v[n:n+1], low dword in v[n]), an SGPR pair (aligned), an
 * inline constant (the float constants read as their f64 values, the integers
 * sign-extended: gcn_semantics.md 2) or a 32-bit literal, which is the high dword (the low
 * dword zero). Random register contents rarely hold an f64 infinity, zero or NaN and never
 * two values that differ only in the low dword, so a compare that ignored it would pass:
 * these helpers write a pair with a value of a chosen class and, for the second source, a
 * value related to the first (equal, differing only in the low dword, ordered by the low
 * dword alone, negated, or of another class). */
#include "gen_priv.h"

uint64_t gen_f64_of_class(gctx *g, int k) {
  uint64_t r = gcn_rng_next(&g->rng), sign = (uint64_t)(k & 1) << 63; /* odd classes: negative */
  const uint64_t frac = 0xFFFFFFFFFFFFFull;
  switch (k) {
    case GCN_COV_FP_POS_ZERO: case GCN_COV_FP_NEG_ZERO: return sign;
    case GCN_COV_FP_POS_DENORM: case GCN_COV_FP_NEG_DENORM: /* half of them in the low dword alone */
      r &= gcn_rng_pct(&g->rng, 50) ? 0xFFFFFFFFull : frac;
      return sign | (r ? r : 1);
    case GCN_COV_FP_POS_NORMAL: case GCN_COV_FP_NEG_NORMAL: { /* 1.0 .. 2.0 half the time, else any exponent */
      uint64_t e = gcn_rng_pct(&g->rng, 50) ? 0x3FF : 1 + gcn_rng_below(&g->rng, 0x7FE);
      return sign | e << 52 | (r & frac);
    }
    case GCN_COV_FP_POS_INF: case GCN_COV_FP_NEG_INF: return sign | 0x7FF0000000000000ull;
    case GCN_COV_FP_QNAN: return (r & 1ull << 63) | 0x7FF8000000000000ull | (gcn_rng_pct(&g->rng, 50) ? 0 : r & frac);
    default: { /* sNaN: quiet bit clear, the payload half the time in the low dword alone */
      uint64_t s = r & 1ull << 63;
      r &= gcn_rng_pct(&g->rng, 50) ? 0xFFFFFFFFull : frac >> 1;
      return s | 0x7FF0000000000000ull | (r ? r : 1);
    }
  }
}

uint32_t gen_f64_literal_of_class(gctx *g, int k) {
  static const uint32_t hi[GCN_COV_FP_CLASSES] = {0, 0x80000000u, 0x00000001u, 0x80000001u, 0x3FF00000u,
                                                  0xBFF00000u, 0x7FF00000u, 0xFFF00000u, 0x7FF80000u, 0x7FF00001u};
  uint32_t v = hi[k];
  if (k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM || k == GCN_COV_FP_SNAN)
    v |= gcn_rng_below(&g->rng, 0x7FFFF); /* a fraction in the high dword: the class stays */
  else if (k == GCN_COV_FP_POS_NORMAL || k == GCN_COV_FP_NEG_NORMAL)
    v = (v & 0x80000000u) | (1 + gcn_rng_below(&g->rng, 0x7FE)) << 20 | gcn_rng_below(&g->rng, 1u << 20);
  return v;
}

uint64_t gen_f64_partner(gctx *g, uint64_t x) {
  uint64_t lo = gcn_rng_next(&g->rng) & 0xFFFFFFFFull;
  switch (gcn_rng_below(&g->rng, 6)) {
    case 0: return x;                                            /* equal */
    case 1: return x ^ (lo ? lo : 1);                            /* differing only in the low dword */
    case 2: return (x & ~0xFFFFFFFFull) | ((x + 1) & 0xFFFFFFFFull); /* ordered by the low dword alone */
    case 3: return x ^ 1ull << 63;                               /* negated (+-0 equal) */
    default: return gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
  }
}

int gen_f64_load_vgpr(gctx *g, chunk *ch, unsigned v, uint64_t x) {
  return gen_emit_vmov32(g, ch, v, (uint32_t)x) || gen_emit_vmov32(g, ch, v + 1, (uint32_t)(x >> 32)) ? -1 : 0;
}

int gen_f64_load_sgpr(gctx *g, chunk *ch, unsigned s, uint64_t x) {
  return gen_emit_mov32(g, ch, s, (uint32_t)x) || gen_emit_mov32(g, ch, s + 1, (uint32_t)(x >> 32)) ? -1 : 0;
}

/* A VGPR pair below v255 not overlapping the pair at AVOID (-1: none). */
static unsigned pick_pair(gctx *g, int avoid) {
  unsigned v = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 1);
  if (avoid >= 0 && v + 1 >= (unsigned)avoid && v <= (unsigned)avoid + 1) v = ((unsigned)avoid + 2) % (GCN_NUM_VGPRS - 1);
  return v;
}

int gen_f64_preload(gctx *g, chunk *ch, int op, force_t *f) {
  const gcn_inst_desc *d = &gcn_isa[op];
  const gcn_operand_desc *o1 = gcn_isa_operand(d, GCN_ROLE_S1);
  bool two = o1 && o1->type == GCN_T_F64; /* a class test's SRC1 is its mask */
  uint64_t a = gen_f64_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
  /* SRC0: an SGPR pair (the constant bus: VOPC or VOP3), an inline constant read as an f64
   * (a compare: SRC1 then a partner of its value, whose low dword is 0) or a VGPR pair */
  int v0 = -1;
  unsigned r = gcn_rng_below(&g->rng, 10);
  if (r < 3) {
    unsigned s = gen_pick_sgpr(g, 64, true);
    if (gen_f64_load_sgpr(g, ch, s, a)) return -1;
    f->src[0] = (int)s;
  } else if (r < 5 && two) {
    unsigned c = gcn_rng_pct(&g->rng, 70) ? gen_inline_float_code(g)
                                          : gen_inline_int_code(g);
    a = gcn_inline_value(g->gen, c, GCN_T_F64);
    f->src[0] = (int)c;
  } else {
    v0 = (int)pick_pair(g, -1);
    if (gen_f64_load_vgpr(g, ch, (unsigned)v0, a)) return -1;
    f->src[0] = (int)(GCN_CODE_VGPR0 + (unsigned)v0);
  }
  if (!two) return 0;
  uint64_t b = gen_f64_partner(g, a);
  if (v0 >= 0 && f->enc != 32 && gcn_rng_pct(&g->rng, 25)) { /* VOP3: SRC1 an SGPR pair */
    if (gcn_rng_pct(&g->rng, 25)) { /* or a special register pair read as it is (src.<mn>.src1.special) */
      f->src[1] = (int)gen_pick_special_src(g, 64, true);
      f->enc = 64;
      return 0;
    }
    if (gcn_rng_pct(&g->rng, 30)) { /* or an inline constant read as an f64 (version 16) */
      f->src[1] = (int)(gcn_rng_pct(&g->rng, 60) ? gen_inline_float_code(g)
                                                 : gen_inline_int_code(g));
      f->enc = 64;
      return 0;
    }
    unsigned s = gen_pick_sgpr(g, 64, true);
    if (gen_f64_load_sgpr(g, ch, s, b)) return -1;
    f->src[1] = (int)s;
    f->enc = 64;
    return 0;
  }
  unsigned v1 = pick_pair(g, v0);
  if (gen_f64_load_vgpr(g, ch, v1, b)) return -1;
  f->src[1] = (int)(GCN_CODE_VGPR0 + v1);
  return 0;
}

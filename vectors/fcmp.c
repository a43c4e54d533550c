/* gcnref vectors: the float compares' rare source classes (generator version 14). A float
 * compare's bins (fpclass.<mn>.src0|src1.<class>, docs/coverage.md) need every class of
 * every source; VGPRs rarely hold an f64 infinity or NaN (a pair whose high dword has all
 * exponent bits set) and a VOPC SRC1 is always a VGPR, so the items of the float compare
 * groups and the cmp stream sometimes write a VGPR (pair) with a value of a class drawn
 * alike and compare it. */
#include "gen_priv.h"

/* The value of float class K (GCN_COV_FP_*) in a type of BITS (16, 32, 64); R: random bits
 * for the denormals' fraction. */
uint64_t gen_fp_class_value(int k, unsigned bits, uint64_t r) {
  static const uint64_t v16[GCN_COV_FP_CLASSES] = {0, 0x8000, 0x0001, 0x8001, 0x3C00,
                                                   0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01};
  static const uint64_t v32[GCN_COV_FP_CLASSES] = {0, 0x80000000u, 0x00000001u, 0x80000001u, 0x3F800000u,
                                                   0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u};
  static const uint64_t v64[GCN_COV_FP_CLASSES] = {
      0, 0x8000000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull, 0x3FF0000000000000ull,
      0xBFF0000000000000ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull,
      0x7FF0000000000001ull};
  uint64_t v = bits == 16 ? v16[k] : bits == 64 ? v64[k] : v32[k];
  if (k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM)
    v |= r & (bits == 16 ? 0x3FFull : bits == 64 ? 0xFFFFFFFFFFFFFull : 0x7FFFFFull);
  return v;
}

int gen_emit_vmov32(gctx *g, chunk *ch, unsigned v, uint32_t value) {
  force_t f = gen_force0();
  f.enc = 32;
  f.vdst = (int)v;
  unsigned c = gen_inline_equiv(g->gen, GCN_T_B32, value);
  f.src[0] = c ? (int)c : GCN_CODE_LITERAL;
  if (!c) f.lit = value;
  return gen_emit(g, ch, GCN_OP_V_MOV_B32, &f);
}

/* One source S of OP: a VGPR (pair) written with a value of a class drawn from RARE. */
static int preload_slot(gctx *g, chunk *ch, const gcn_operand_desc *o, unsigned s, force_t *f) {
  /* Random registers give NaNs (a high dword 0xffffffff reads as an f64 NaN), denormals
   * (small integers) and +0 often, infinities seldom and -0 (only 0x80000000, or +0 under
   * NEG) least: those two and three times as often. */
  static const int rare[] = {GCN_COV_FP_POS_INF,  GCN_COV_FP_NEG_INF,  GCN_COV_FP_POS_INF,  GCN_COV_FP_NEG_INF,
                             GCN_COV_FP_POS_ZERO, GCN_COV_FP_NEG_ZERO, GCN_COV_FP_NEG_ZERO, GCN_COV_FP_NEG_ZERO,
                             GCN_COV_FP_SNAN,     GCN_COV_FP_QNAN,     GCN_COV_FP_POS_DENORM, GCN_COV_FP_NEG_DENORM};
  unsigned bits = gcn_type_bits((gcn_type)o->type);
  int k = rare[gcn_rng_below(&g->rng, sizeof rare / sizeof rare[0])];
  uint64_t x = gen_fp_class_value(k, bits, gcn_rng_next(&g->rng));
  unsigned v = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 1); /* a pair below v255 */
  if (f->src[0] == (int)(GCN_CODE_VGPR0 + v) || f->src[0] == (int)(GCN_CODE_VGPR0 + v + 1) ||
      f->src[0] + 1 == (int)(GCN_CODE_VGPR0 + v))
    v = (v + 2) % (GCN_NUM_VGPRS - 1);                 /* not over SRC0's register(s) */
  if (bits == 64 ? gen_f64_load_vgpr(g, ch, v, x) : gen_emit_vmov32(g, ch, v, (uint32_t)x)) return -1;
  f->src[s] = (int)(GCN_CODE_VGPR0 + v);
  return 0;
}

int gen_fcmp_preload(gctx *g, chunk *ch, int op, force_t *f, unsigned pct) {
  const gcn_inst_desc *d = &gcn_isa[op];
  const gcn_operand_desc *o0 = gcn_isa_operand(d, GCN_ROLE_S0), *o1 = gcn_isa_operand(d, GCN_ROLE_S1);
  if (!o0 || !gcn_type_is_float((gcn_type)o0->type) || !gen_has_op(g, GCN_OP_V_MOV_B32) ||
      !gcn_rng_pct(&g->rng, pct))
    return 0;
  if (g->bias && (g->bias->fp_want[op][0] | g->bias->fp_want[op][1]))
    return 0; /* the builder reads a VGPR holding the classes still wanted (rainbow.c, version 15) */
  if (o0->type == GCN_T_F64 && gcn_rng_pct(&g->rng, 50)) return gen_f64_preload(g, ch, op, f); /* vectors/f64.c */
  bool two = o1 && gcn_type_is_float((gcn_type)o1->type); /* a class test's SRC1 is its mask */
  unsigned s = two ? gcn_rng_below(&g->rng, 2) : 0;       /* SRC0 or SRC1 alike */
  return preload_slot(g, ch, s ? o1 : o0, s, f);
}

int gen_fcmp_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  force_t f = gen_force0();
  /* 75% preloaded (f64: 90%, half of them both sources by vectors/f64.c; random pairs seldom
   * hold an f64 infinity or zero; generator version 15) */
  const gcn_operand_desc *o0 = op < 0 ? NULL : gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S0);
  unsigned pct = o0 && o0->type == GCN_T_F64 ? 85 : 75;
  if (op < 0) return -1;
  const gcn_operand_desc *o1 = gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S1);
  const unsigned k = gcn_rng_below(&g->rng, 100);
  const unsigned w1 = o1 && gcn_type_bits((gcn_type)o1->type) == 64 ? 64 : 32;
  if (o1 && k < 24) /* SRC1 an inline constant, special register or SGPR (VOP3 only; version 19) */
    f.src[1] = (int)(k < 6    ? gen_inline_float_code(g)
                     : k < 12 ? gen_inline_int_code(g)
                     : k < 17 ? gen_pick_special_src(g, w1, false)
                              : gen_pick_sgpr(g, w1, false));
  else if (gen_fcmp_preload(g, ch, op, &f, pct))
    return -1;
  return gen_emit(g, ch, (enum gcn_op)op, &f);
}

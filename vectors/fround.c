/* gcnref vectors: the float rounding ops' hard operands (group valu_fround, generator
 * version 15). Random registers seldom hold the values where v_trunc/ceil/floor/rndne/fract
 * can go wrong: exact ties (n + 0.5, where rndne rounds to even), one ulp either side of a
 * tie, values of magnitude 2^mbits and above (already integral: the result is the operand),
 * the last values with a fraction, |x| below 1 (the result is +-0 or +-1; fract of a tiny
 * negative value rounds up to 1.0 and is clamped below it), denormals (flushed or not by
 * MODE), +-0, infinities and NaNs. Half the items of the group take such a value: as the
 * e32 form's literal (a quarter of them), or written to an SGPR (s_mov_b32) first, or (half) to an
 * SGPR and then a VGPR (v_mov_b32, so that the SDWA and DPP forms read it too). */
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
  switch (gcn_rng_below(&g->rng, 16)) {
    case 0: case 1: case 2: return sign | e << mbits | tie;                 /* n + 0.5 */
    case 3: return sign | ((e << mbits | tie) + (gcn_rng_pct(&g->rng, 50) ? 1u : (uint32_t)-1)); /* a tie +- 1 ulp */
    case 4: return sign | ((bias - 1) << mbits) | (gcn_rng_pct(&g->rng, 50) ? 0 : r); /* [0.5, 1): 0.5 itself half the time */
    case 5: return sign | (bias - 1 - gcn_rng_below(&g->rng, 12)) << mbits | r;    /* below 0.5 */
    case 6: return sign | (bias + mbits + gcn_rng_below(&g->rng, 4)) << mbits | r; /* integral: 2^mbits and up */
    case 7: return sign | (((bias + mbits) << mbits) - 1u);                          /* 2^mbits - 0.5 */
    case 8: case 9: return sign | (r ? r : 1u);                                        /* denormal */
    case 10: case 11: return sign;                                                     /* +-0 */
    case 12: case 13: return sign | (((1u << (bits - 1)) - 1) & ~frac_mask);           /* +-inf */
    default: return sign | (((1u << (bits - 1)) - 1) & ~frac_mask) | (r ? r : 1u);     /* NaN */
  }
}

int gen_fround_item(gctx *g, chunk *ch, int grp) {
  int op = gen_pick_op(g, grp);
  if (op < 0) return -1;
  const gcn_operand_desc *o0 = gcn_isa_operand(&gcn_isa[op], GCN_ROLE_S0);
  force_t f = gen_force0();
  if (o0 && gcn_type_is_float((gcn_type)o0->type) && gcn_rng_pct(&g->rng, 50)) {
    gcn_type t = (gcn_type)o0->type;
    uint32_t x = hard_value(g, gcn_type_bits(t));
    unsigned way = gcn_rng_below(&g->rng, 4);
    if (way == 0) { /* the e32 form's literal (or the inline constant of that value) */
      unsigned c = gen_inline_equiv(g->gen, t, x);
      f.enc = 32;
      f.src[0] = c ? (int)c : GCN_CODE_LITERAL;
      f.lit = x;
      return gen_emit(g, ch, (enum gcn_op)op, &f);
    }
    if (t == GCN_T_F16) x |= (uint32_t)gcn_rng_next(&g->rng) & 0xFFFF0000u; /* the high half is not read */
    unsigned s = gen_pick_sgpr(g, 32, true);
    if (gen_emit_mov32(g, ch, s, x)) return -1;
    f.src[0] = (int)s;
    if (way >= 2) { /* through a VGPR: the SDWA and DPP forms take it */
      force_t m = gen_force0();
      m.enc = 32;
      m.vdst = (int)gen_pick_vdst(g);
      m.src[0] = (int)s;
      if (gen_emit(g, ch, GCN_OP_V_MOV_B32, &m)) return -1;
      f.src[0] = (int)GCN_CODE_VGPR0 + m.vdst;
    }
  }
  return gen_emit(g, ch, (enum gcn_op)op, &f);
}

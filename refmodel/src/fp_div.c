/* gcnref division helpers: v_div_scale, v_div_fmas and v_div_fixup on f32 and f64,
 * following AMD's published pseudocode (gcn_semantics.md section 9, A). docs/float.md
 * "Division" has the choices where the pseudocode is silent. */
#include "fp_core.h"

static const fp_fmt *fmt_of(gcn_fp_type t) { return t == GCN_FP16 ? F16 : t == GCN_FP64 ? F64 : F32; }

/* |a| < 2^k * |b| for finite nonzero a, b (exact). */
static bool ratio_below(const fp_fmt *f, uint64_t a, uint64_t b, int32_t k) {
  fp_val va = unpack_finite(f, a), vb = unpack_finite(f, b);
  normalize126(&va);
  normalize126(&vb);
  int32_t ea = va.exp, eb = vb.exp + k;
  return ea != eb ? ea < eb : va.sig < vb.sig;
}

/* V_DIV_SCALE: S0 is the operand to scale (the numerator or the denominator), S1 the
 * denominator, S2 the numerator. *vcc gets the lane's VCC bit. Inputs are not flushed
 * (the pseudocode tests for denormals); a NaN operand propagates (choice); D = NaN for a
 * zero S1 or S2 is the sign-set default NaN (section 9's family). *undef: the VCC bit on
 * gcn10 is not known (section 8 item 6; the caller decides by generation). */
uint64_t gcn_fp_div_scale(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2,
                          const gcn_fp_env *e, bool *vcc) {
  const fp_fmt *f = fmt_of(t);
  const int32_t big = t == GCN_FP64 ? 768 : 96, scale = t == GCN_FP64 ? 128 : 64;
  const int32_t mant = t == GCN_FP64 ? 53 : 23;
  uint64_t ops[3] = {s0, s1, s2}, nan;
  *vcc = false;
  if (nan_operand(f, e, 3, ops, &nan)) return nan;
  if (is_zero(f, s1) || is_zero(f, s2)) return default_nan_neg(f);
  if (is_inf(f, s0)) return s0;
  int32_t e1 = (int32_t)exp_field(f, s1), e2 = (int32_t)exp_field(f, s2);
  uint64_t up = is_zero(f, s0) ? s0 : scale_finite(f, s0, scale, e->round);
  bool inf1 = is_inf(f, s1), inf2 = is_inf(f, s2);
  /* 1/S1 denormal: |S1| > 2^-emin; S2/S1 denormal: |S2/S1| < 2^emin (finite operands) */
  bool rcp_den = !inf1 && magnitude(f, s1) > ((uint64_t)(2 * f->bias - 1) << f->mbits);
  bool quo_den = !inf1 && !inf2 && ratio_below(f, s2, s1, emin(f));
  if (e2 - e1 >= big) {
    *vcc = true;
    return s0 == s1 ? up : s0;
  }
  if (is_denormal(f, s1)) return up;
  if (rcp_den && quo_den) {
    *vcc = true;
    return s0 == s1 ? up : s0;
  }
  if (rcp_den) return is_zero(f, s0) ? s0 : scale_finite(f, s0, -scale, e->round);
  if (quo_den) {
    *vcc = true;
    return s0 == s2 ? up : s0;
  }
  if (e2 <= mant) return up;
  return s0;
}

/* V_DIV_FMAS: fma(S0, S1, S2), scaled by 2^32 (f32) / 2^64 (f64) when the lane's VCC bit
 * is set, with one rounding; input denormals are not flushed, the output flush follows
 * MODE (section 9). */
uint64_t gcn_fp_div_fmas(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2, bool vcc,
                         const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  gcn_fp_env k = *e;
  k.flush_in = false;
  bool finite = !is_nan(f, s0) && !is_nan(f, s1) && !is_nan(f, s2) && !is_inf(f, s0) &&
                !is_inf(f, s1) && !is_inf(f, s2);
  if (!vcc || !finite) return gcn_fp_fma_bits(f, s0, s1, s2, &k); /* scaling keeps inf/NaN */
  /* fma of (S0 * 2^k, S1, S2 * 2^k), exact before its one rounding */
  int32_t sc = t == GCN_FP64 ? 64 : 32;
  fp_val p = mul_exact(unpack_finite(f, s0), unpack_finite(f, s1)), c = unpack_finite(f, s2);
  p.exp += sc;
  c.exp += sc;
  return flush_out(f, add_vals(f, p, c, e->round), e);
}

/* V_DIV_FIXUP (f16 too, gcn12+): S0 the quotient estimate, S1 the denominator, S2 the numerator; in this
 * order (section 9): S2 NaN -> quiet(S2); S1 NaN -> quiet(S1); 0/0, inf/inf -> the
 * sign-set default NaN; S1 zero or S2 infinite -> +-inf; S1 infinite or S2 zero -> +-0;
 * exponent(S2) - exponent(S1) < -150 [-1075; f16 -25] -> +-0 (the "underflow value", choice);
 * exponent(S1) all ones -> +-inf; else +-|S0|; the sign is sign(S1) xor sign(S2). A NaN
 * S0 passes as +-|S0| (choice). Inputs are flushed by MODE (choice). */
uint64_t gcn_fp_div_fixup(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2,
                          const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  s0 = flush_in(f, s0, e);
  s1 = flush_in(f, s1, e);
  s2 = flush_in(f, s2, e);
  bool s = sign_of(f, s1) != sign_of(f, s2);
  if (is_nan(f, s2)) return s2 | quiet_bit(f);
  if (is_nan(f, s1)) return s1 | quiet_bit(f);
  if ((is_zero(f, s1) && is_zero(f, s2)) || (is_inf(f, s1) && is_inf(f, s2)))
    return default_nan_neg(f);
  if (is_zero(f, s1) || is_inf(f, s2)) return signed_inf(f, s);
  if (is_inf(f, s1) || is_zero(f, s2)) return signed_zero(f, s);
  int32_t under = -(f->bias + (int32_t)f->mbits); /* -150 f32, -1075 f64, -25 f16 */
  if ((int32_t)exp_field(f, s2) - (int32_t)exp_field(f, s1) < under) return signed_zero(f, s);
  return flush_out(f, magnitude(f, s0) | signed_zero(f, s), e);
}

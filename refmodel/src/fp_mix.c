/* gcnref float core: the mixed-precision multiply-add of gcn14's VOP3P v_mad_mix_f32,
 * v_mad_mixlo_f16 and v_mad_mixhi_f16 (clrx/GcnInstrsVop3p.md; docs/float.md, "Mixed
 * precision"): each source is f32 or f16, f16 sources are widened exactly, and
 * a * b + c is rounded once, to f32 or f16. */
#include "fp_core.h"

/* An f16 (after input flushing by the f16 env) as the f32 of the same value: exact for
 * every finite value; a NaN keeps its sign and payload (shifted to the top). */
static uint64_t widen_f16(uint64_t h, const gcn_fp_env *e16) {
  h = flush_in(F16, h, e16);
  bool s = sign_of(F16, h);
  if (is_nan(F16, h) || is_inf(F16, h))
    return (s ? sign_bit(F32) : 0) | inf_bits(F32) | (h & frac_mask(F16)) << 13;
  if (is_zero(F16, h)) return signed_zero(F32, s);
  fp_val v = unpack_finite(F16, h);
  return round_pack(F32, v.sign, v.exp, v.sig, GCN_RND_NEAREST_EVEN); /* exact */
}

/* An f32 NaN as the f16 NaN of the result: sign and the top of the payload, quieted. */
static uint64_t narrow_nan(uint64_t x) {
  return (sign_of(F32, x) ? sign_bit(F16) : 0) | inf_bits(F16) | quiet_bit(F16) |
         ((x & frac_mask(F32)) >> 13);
}

uint64_t gcn_fp_mad_mix(gcn_fp_type to, const uint32_t src[3], unsigned f16_mask, uint32_t mode) {
  const gcn_fp_env e16 = gcn_fp_env_f16(mode), e32 = gcn_fp_env_f32(mode);
  const gcn_fp_env *eo = to == GCN_FP16 ? &e16 : &e32;
  const fp_fmt *fo = to == GCN_FP16 ? F16 : F32;
  uint64_t x[3], nan;
  for (unsigned i = 0; i < 3; i++)
    x[i] = f16_mask >> i & 1u ? widen_f16(src[i] & 0xFFFFu, &e16) : flush_in(F32, src[i], &e32);
  if (nan_operand(F32, eo, 3, x, &nan)) return to == GCN_FP16 ? narrow_nan(nan) : nan;
  bool sp = sign_of(F32, x[0]) != sign_of(F32, x[1]);
  if (is_inf(F32, x[0]) || is_inf(F32, x[1])) {
    if (is_zero(F32, x[0]) || is_zero(F32, x[1])) return default_nan(fo);
    if (is_inf(F32, x[2]) && sign_of(F32, x[2]) != sp) return default_nan(fo);
    return signed_inf(fo, sp);
  }
  if (is_inf(F32, x[2])) return signed_inf(fo, sign_of(F32, x[2]));
  fp_val p = mul_exact(unpack_finite(F32, x[0]), unpack_finite(F32, x[1]));
  return flush_out(fo, add_vals(fo, p, unpack_finite(F32, x[2]), eo->round), eo);
}

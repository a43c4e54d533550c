/* gcnref: the floating-point core of the vector ALU (binary32 and binary16).
 *
 * Every function works on raw bit patterns (uint32_t for f32, uint16_t for f16) with
 * integer arithmetic only: results never depend on the host FPU or its state.
 * Correctly rounded IEEE-754 arithmetic in the four rounding modes, plus the GCN rules
 * (MODE denormal flushing, NaN quieting and propagation, legacy ops, OMOD/CLAMP).
 * Every rule, with its source in gcn_semantics.md or the choice made, is in docs/float.md.
 *
 * Operand order follows the instruction pages: a = SRC0, b = SRC1, c = SRC2. Input
 * modifiers (abs, then neg) are applied by the caller with gcn_f32_absneg/gcn_f16_absneg
 * before the call; output modifiers with gcn_f32_omod_clamp/gcn_f16_omod_clamp after it. */
#ifndef GCNREF_FP_H
#define GCNREF_FP_H

#include <stdbool.h>
#include <stdint.h>

/* Rounding modes, as encoded in MODE.FP_ROUND. */
enum {
  GCN_RND_NEAREST_EVEN = 0,
  GCN_RND_UP = 1,   /* toward +inf */
  GCN_RND_DOWN = 2, /* toward -inf */
  GCN_RND_ZERO = 3, /* toward zero */
};

/* MODE register fields (gcn_semantics.md section 2). */
#define GCN_MODE_FP_ROUND_F32_SHIFT 0
#define GCN_MODE_FP_ROUND_F16_SHIFT 2 /* shared with f64 */
#define GCN_MODE_FP_DENORM_F32_SHIFT 4
#define GCN_MODE_FP_DENORM_F16_SHIFT 6 /* shared with f64 */
#define GCN_MODE_DX10_CLAMP (1u << 8)
#define GCN_MODE_IEEE (1u << 9)

typedef struct {
  uint8_t round;    /* 0 = nearest even, 1 = toward +inf, 2 = toward -inf, 3 = toward zero */
  bool flush_in;    /* denormal inputs read as +-0 (sign kept) */
  bool flush_out;   /* denormal results written as +-0 (sign kept) */
  bool ieee;        /* MODE.IEEE */
  bool dx10_clamp;  /* MODE.DX10_CLAMP */
} gcn_fp_env;

/* The environment of one type from the 32-bit MODE register: FP_ROUND[1:0] f32, [3:2]
 * f16/f64; FP_DENORM[5:4] f32, [7:6] f16/f64 with 0 = flush in+out, 1 = allow in/flush
 * out, 2 = flush in/allow out, 3 = allow both; DX10_CLAMP bit 8, IEEE bit 9. */
gcn_fp_env gcn_fp_env_f32(uint32_t mode);
gcn_fp_env gcn_fp_env_f16(uint32_t mode);

/* ------------------------------------------------------------------ input modifiers */
/* abs clears the sign bit, then neg flips it: pure sign-bit operations (NaN included). */
static inline uint32_t gcn_f32_absneg(uint32_t x, bool abs, bool neg) {
  if (abs) x &= 0x7FFFFFFFu;
  if (neg) x ^= 0x80000000u;
  return x;
}
static inline uint16_t gcn_f16_absneg(uint16_t x, bool abs, bool neg) {
  if (abs) x = (uint16_t)(x & 0x7FFFu);
  if (neg) x = (uint16_t)(x ^ 0x8000u);
  return x;
}

/* ------------------------------------------------------------------ classification */
static inline bool gcn_f32_is_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool gcn_f16_is_nan(uint16_t x) { return (x & 0x7FFFu) > 0x7C00u; }
#define GCN_F32_DEFAULT_NAN 0x7FC00000u
#define GCN_F16_DEFAULT_NAN ((uint16_t)0x7E00u)

/* ------------------------------------------------------------------ f32 arithmetic */
/* V_ADD_F32, V_SUB_F32 (a - b; V_SUBREV is sub(b, a)), V_MUL_F32: follow the env. */
uint32_t gcn_f32_add(uint32_t a, uint32_t b, const gcn_fp_env *e);
uint32_t gcn_f32_sub(uint32_t a, uint32_t b, const gcn_fp_env *e);
uint32_t gcn_f32_mul(uint32_t a, uint32_t b, const gcn_fp_env *e);
/* V_FMA_F32: a * b + c with one rounding; follows the env. */
uint32_t gcn_f32_fma(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e);
/* V_MAD_F32 / V_MAC_F32 (c = VDST) / V_MADMK_F32 (b = K) / V_MADAK_F32 (c = K):
 * round(round(a * b) + c). Always flushes f32 denormals in and out (also the
 * intermediate product), whatever e says; rounding, IEEE and DX10_CLAMP come from e. */
uint32_t gcn_f32_mad(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e);
/* V_MIN_F32 / V_MAX_F32. flush_ok = the generation honours the denorm mode in min/max
 * (gcn14 only); when false, inputs and result are never flushed. */
uint32_t gcn_f32_min(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok);
uint32_t gcn_f32_max(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok);
/* V_LDEXP_F32: a * 2^(int32_t)s1, correctly rounded. */
uint32_t gcn_f32_ldexp(uint32_t a, uint32_t s1, const gcn_fp_env *e);

/* Legacy ops (gcn10/gcn11). */
/* V_MUL_LEGACY_F32: +-0 (after input flushing) times anything, inf and NaN included, is
 * +0.0; otherwise gcn_f32_mul. */
uint32_t gcn_f32_mul_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e);
/* V_MAD_LEGACY_F32 / V_MAC_LEGACY_F32: the legacy product, then + c, as gcn_f32_mad
 * (forced flush). When a or b is +-0 the result is +0.0 + c (so c = -0 gives +0). */
uint32_t gcn_f32_mad_legacy(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e);
/* V_MIN_LEGACY_F32 = a < b ? a : b, V_MAX_LEGACY_F32 = a > b ? a : b: any NaN selects b.
 * No denormal flushing (gcn10/gcn11 min/max ignore the denorm mode). */
uint32_t gcn_f32_min_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e);
uint32_t gcn_f32_max_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e);

/* ------------------------------------------------------------------ f16 arithmetic */
uint16_t gcn_f16_add(uint16_t a, uint16_t b, const gcn_fp_env *e);
uint16_t gcn_f16_sub(uint16_t a, uint16_t b, const gcn_fp_env *e);
uint16_t gcn_f16_mul(uint16_t a, uint16_t b, const gcn_fp_env *e);
uint16_t gcn_f16_fma(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e);
/* V_MAD/MAC/MADMK/MADAK_F16: round(round(a * b) + c), following the env (an uncertain
 * choice, docs/float.md): the product is flushed as a result, then as an input. */
uint16_t gcn_f16_mad(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e);
uint16_t gcn_f16_min(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok);
uint16_t gcn_f16_max(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok);
/* V_LDEXP_F16: a * 2^(int16_t)s1[15:0]: the exponent register is truncated to its low
 * 16 bits (read as signed), not saturated; the scaling itself is correctly rounded. */
uint16_t gcn_f16_ldexp(uint16_t a, uint32_t s1, const gcn_fp_env *e);

/* ------------------------------------------------------------------ conversions */
/* V_CVT_PKRTZ_F16_F32: {rtz16(s1) << 16 | rtz16(s0)}. Rounds toward zero whatever MODE
 * says, always quiets NaN (payload: top 10 fraction bits). f16 denormal results are
 * flushed when e16->flush_out (the f16 env of MODE); f32 input denormals cannot affect
 * the result (they truncate to +-0 in f16 either way). */
uint32_t gcn_cvt_pkrtz_f16_f32(uint32_t s0, uint32_t s1, const gcn_fp_env *e16);
/* V_CVT_PKNORM_I16_F32: {n(s1) << 16 | n(s0)}, n(x) = clamp(rne(x * 32767), -32767,
 * 32767), NaN -> 0. V_CVT_PKNORM_U16_F32: n(x) = clamp(rne(x * 65535), 0, 65535). The
 * product x * K is exact (one rounding). Independent of MODE. */
uint32_t gcn_cvt_pknorm_i16_f32(uint32_t s0, uint32_t s1);
uint32_t gcn_cvt_pknorm_u16_f32(uint32_t s0, uint32_t s1);
/* V_CVT_PKACCUM_U8_F32: u8(s0) = clamp(round(s0), 0, 255) rounded in e->round (the
 * MODE f32 rounding mode), e->flush_in applies, NaN -> 0. gcn_pkaccum_insert merges it
 * into byte s1[1:0] of the old VDST. */
uint8_t gcn_cvt_pkaccum_u8_f32(uint32_t s0, const gcn_fp_env *e);
static inline uint32_t gcn_pkaccum_insert(uint32_t vdst, uint32_t s1, uint8_t byte) {
  unsigned shift = (s1 & 3u) * 8u;
  return (vdst & ~(0xFFu << shift)) | ((uint32_t)byte << shift);
}

/* ------------------------------------------------------------------ output modifiers */
/* OMOD (1 = *2, 2 = *4, 3 = *0.5), an exact scaling of r rounded in e->round with
 * overflow and output flushing, then CLAMP to [0, 1] (NaN -> +0 when dx10_clamp, NaN
 * unchanged otherwise; -0 stays -0). OMOD is ignored when e->flush_out is false (the
 * type's output denormals enabled) or e->ieee is true. Pass the env of MODE. */
uint32_t gcn_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, const gcn_fp_env *e);
uint16_t gcn_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, const gcn_fp_env *e);

#endif

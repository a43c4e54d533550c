/* gcnref: the floating-point core of the vector ALU (binary32 and binary16).
 *
 * Every function works on raw bit patterns (uint32_t for f32, uint16_t for f16): results
 * never depend on the host FPU's state. Integer arithmetic, except the fast path for
 * normal operands (fp_fast.h), which sets and restores the host's rounding and flush mode.
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
#define GCN_F64_DEFAULT_NAN 0x7FF8000000000000ull

/* ------------------------------------------------------------------ f32 lanes */
/* N lanes at once (the VALU's 64): R[l] = A[l] + B[l] (SUB: A[l] - B[l]), A[l] * B[l],
 * round(round(A[l] * B[l]) + C[l]): exactly gcn_f32_add/sub/mul/mad lane by lane. R must
 * not overlap the sources. Normal lanes run on the host FPU with the rounding and flush
 * state set and restored here (docs/float.md, "Fast path"). */
#define GCN_FP_LANES_MAX 64
void gcn_f32_add_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, bool sub, unsigned n, const gcn_fp_env *e);
void gcn_f32_mul_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, const gcn_fp_env *e);
void gcn_f32_mad_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                       const gcn_fp_env *e);
/* R[l] = gcn_f32_max (IS_MAX) or gcn_f32_min of A[l], B[l]; R[l] = gcn_f32_omod_clamp(R[l]). */
void gcn_f32_minmax_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, bool is_max, bool flush_ok, unsigned n,
                          const gcn_fp_env *e);
void gcn_f32_omod_clamp_lanes(uint32_t *r, unsigned n, unsigned omod, bool clamp, const gcn_fp_env *e);

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

/* ------------------------------------------------------------------ f64 arithmetic */
/* f64 shares the f16 MODE fields (gcn_fp_env_f16). */
uint64_t gcn_f64_add(uint64_t a, uint64_t b, const gcn_fp_env *e);
uint64_t gcn_f64_mul(uint64_t a, uint64_t b, const gcn_fp_env *e);
uint64_t gcn_f64_fma(uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e);
uint64_t gcn_f64_min(uint64_t a, uint64_t b, const gcn_fp_env *e, bool flush_ok);
uint64_t gcn_f64_max(uint64_t a, uint64_t b, const gcn_fp_env *e, bool flush_ok);
/* V_LDEXP_F64: a * 2^(int32_t)s1, correctly rounded. */
uint64_t gcn_f64_ldexp(uint64_t a, uint32_t s1, const gcn_fp_env *e);
uint64_t gcn_f64_omod_clamp(uint64_t r, unsigned omod, bool clamp, const gcn_fp_env *e);

/* ------------------------------------------------------------------ any format */
/* The newer operations take the format as a parameter and values as raw bits in a
 * uint64_t (f16 in the low 16 bits, f32 in the low 32). */
typedef enum { GCN_FP16, GCN_FP32, GCN_FP64 } gcn_fp_type;
/* The env of a type from MODE (f64 and f16 share their fields). */
gcn_fp_env gcn_fp_env_of(gcn_fp_type t, uint32_t mode);

/* Float -> float (V_CVT_F16_F32, _F32_F16, _F32_F64, _F64_F32): input flush by the
 * source type's MODE field, rounding and output flush by the destination's; NaN keeps
 * its sign and the top of its payload, quieted with IEEE = 1 and always when narrowing. */
uint64_t gcn_fp_cvt(gcn_fp_type to, gcn_fp_type from, uint64_t x, uint32_t mode);
/* An integer (i32, u32, i16, u16, a byte) in a float format, rounded in e->round (the
 * destination type's env). */
uint64_t gcn_fp_from_int(gcn_fp_type to, int64_t v, const gcn_fp_env *e);
/* V_MAD_MIX_F32 (TO = GCN_FP32), V_MAD_MIXLO/MIXHI_F16 (TO = GCN_FP16): a * b + c with
 * one rounding, to TO in its MODE rounding mode. Source i is an f16 (low 16 bits of src[i]) when bit i of F16_MASK is set, else an f32; input modifiers are already
 * applied. f16 sources are flushed by the f16 denorm field and widened exactly, f32 ones by
 * the f32 field; the result is flushed by TO's field (fp_mix.c, docs/float.md). */
uint64_t gcn_fp_mad_mix(gcn_fp_type to, const uint32_t src[3], unsigned f16_mask, uint32_t mode);
/* Rounding directions of float -> integer and of the rounding ops. */
typedef enum {
  GCN_CVT_TRUNC, /* toward zero: v_cvt_i32_f32 and the other float -> int, v_trunc */
  GCN_CVT_FLOOR, /* v_cvt_flr_i32_f32, v_floor */
  GCN_CVT_CEIL,  /* v_ceil */
  GCN_CVT_RNE,   /* v_rndne */
  GCN_CVT_RPI,   /* v_cvt_rpi_i32_f32: floor(x + 0.5), exact */
} gcn_fp_int_round;
/* Float -> integer: NaN -> 0, input flush by e (the source's env), rounding `how`,
 * saturation to [lo, hi] (+-inf included). */
int64_t gcn_fp_to_int(gcn_fp_type from, uint64_t x, gcn_fp_int_round how, int64_t lo,
                      int64_t hi, const gcn_fp_env *e);
/* V_CVT_OFF_F32_I4: the signed 4-bit S0[3:0] / 16. */
uint32_t gcn_cvt_off_f32_i4(uint32_t s0);
/* V_TRUNC/CEIL/FLOOR/RNDNE (how = TRUNC, CEIL, FLOOR, RNE): the integral value, sign kept;
 * NaN quieted with IEEE; inf and zero unchanged. */
uint64_t gcn_fp_round_integral(gcn_fp_type t, uint64_t x, gcn_fp_int_round how,
                               const gcn_fp_env *e);
/* V_FRACT: min(x - floor(x), the largest value below 1); inf -> default NaN. *undef (may
 * be NULL) is set when the clamp was needed (the case gcn10's erratum leaves open). */
uint64_t gcn_fp_fract(gcn_fp_type t, uint64_t x, const gcn_fp_env *e, bool *undef);
/* V_FREXP_MANT (|m| in [0.5, 1); inf/NaN give the input, 0 gives 0) and V_FREXP_EXP (0 for
 * 0, inf and NaN). */
uint64_t gcn_fp_frexp_mant(gcn_fp_type t, uint64_t x, const gcn_fp_env *e);
int32_t gcn_fp_frexp_exp(gcn_fp_type t, uint64_t x, const gcn_fp_env *e);

/* V_CMP_*: predicate p = the opcode's low 4 bits (F, LT, EQ, LE, GT, LG, GE, O, U, NGE,
 * NLG, NGT, NLE, NEQ, NLT, TRU); operands input-flushed by e. */
bool gcn_fp_cmp(gcn_fp_type t, unsigned p, uint64_t a, uint64_t b, const gcn_fp_env *e);
/* V_CMP_CLASS: mask bits 0..9 = sNaN, qNaN, -inf, -normal, -denormal, -0, +0, +denormal,
 * +normal, +inf; x is never flushed. */
bool gcn_fp_class(gcn_fp_type t, uint64_t x, uint32_t mask);
/* An approximate result GOT accepted against the model's WANT: NaN, inf and zero exact,
 * else the same sign and at most ULPS representable values apart (the table's approx=N). */
bool gcn_fp_within_ulps(gcn_fp_type t, uint64_t want, uint64_t got, uint32_t ulps);
/* V_MIN3, V_MAX3, V_MED3 (flush_ok as for min/max). */
uint64_t gcn_fp_min3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok);
uint64_t gcn_fp_max3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok);
uint64_t gcn_fp_med3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok);

/* V_DIV_SCALE (s0 scaled, s1 denominator, s2 numerator; *vcc = the lane's VCC bit),
 * V_DIV_FMAS (fma scaled by 2^32 / 2^64 when vcc), V_DIV_FIXUP (s0 quotient, s1
 * denominator, s2 numerator). f32 and f64; div_fixup also f16. */
uint64_t gcn_fp_div_scale(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2,
                          const gcn_fp_env *e, bool *vcc);
uint64_t gcn_fp_div_fmas(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2, bool vcc,
                         const gcn_fp_env *e);
uint64_t gcn_fp_div_fixup(gcn_fp_type t, uint64_t s0, uint64_t s1, uint64_t s2,
                          const gcn_fp_env *e);

/* V_CUBEID/SC/TC/MA_F32 (which = 0..3) of the direction (x, y, z) = (S0, S1, S2). */
uint32_t gcn_cube(unsigned which, uint32_t x, uint32_t y, uint32_t z, const gcn_fp_env *e);
/* V_MULLIT_F32 (gcn10/11): -max unless c > 0; then +0 if a or b is zero, else a * b. */
uint32_t gcn_mullit_f32(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e);
/* V_TRIG_PREOP_F64: 53 bits of 2/pi selected by S1[4:0] and S0's exponent. */
uint64_t gcn_trig_preop_f64(uint64_t s0, uint32_t s1, const gcn_fp_env *e);
/* V_CVT_NORM_I16_F16 / V_CVT_NORM_U16_F16 (and each half of V_CVT_PKNORM_*_F16). */
uint16_t gcn_cvt_norm16_f16(uint16_t x, bool is_signed, const gcn_fp_env *e);

/* Transcendentals: no public bit-exact definition exists; the model's result is the
 * function rounded to nearest (docs/float.md "Approximate results"), special cases exact.
 * LOG = log2, EXP = 2^x, SIN/COS of 2*pi*x (revolutions). Variants: CLAMP (an infinite
 * result becomes +-max), LEGACY (v_rcp_legacy: 0 and inf give +-0; v_rsq_legacy: an
 * infinite result becomes +0; v_log/exp_legacy: as PLAIN). *undef (may be NULL) is set
 * when the sources leave the result open (v_sin/v_cos with |x| > 256). Denormals: f32
 * flushes in and out whatever MODE says (sin/cos keep them), f64 keeps them, f16
 * follows e. */
typedef enum { GCN_FN_RCP, GCN_FN_RSQ, GCN_FN_SQRT, GCN_FN_LOG, GCN_FN_EXP, GCN_FN_SIN, GCN_FN_COS } gcn_fp_func;
typedef enum { GCN_FV_PLAIN, GCN_FV_CLAMP, GCN_FV_LEGACY } gcn_fp_variant;
uint64_t gcn_fp_trans(gcn_fp_type t, gcn_fp_func fn, gcn_fp_variant var, uint64_t x,
                      const gcn_fp_env *e, bool *undef);
/* The function and variant of the ISA table's row OP (an enum gcn_op) when it is a
 * transcendental (else false). */
bool gcn_fp_trans_of(unsigned op, gcn_fp_func *fn, gcn_fp_variant *var);

/* ------------------------------------------------------------------ output modifiers */
/* OMOD (1 = *2, 2 = *4, 3 = *0.5), an exact scaling of r rounded in e->round with
 * overflow and output flushing, then CLAMP to [0, 1] (NaN -> +0 when dx10_clamp, NaN
 * unchanged otherwise; -0 stays -0). OMOD is ignored when e->flush_out is false (the
 * type's output denormals enabled) or e->ieee is true. Pass the env of MODE. */
uint32_t gcn_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, const gcn_fp_env *e);
uint16_t gcn_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, const gcn_fp_env *e);

#endif

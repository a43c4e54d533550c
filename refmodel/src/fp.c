/* gcnref float arithmetic: add, sub, mul, fma, mad, min/max, ldexp, the legacy ops and
 * OMOD/CLAMP, generic over f16, f32 and f64, and their public wrappers. The format table,
 * the IEEE core and every GCN rule are in fp_core.h; docs/float.md lists every rule and
 * where it comes from. */
#include "fp_core.h"
#include "fp_fast.h"
#include "kernel_clones.h"

/* ====================================================================================
 * Operations, generic over the format: input flush, NaN operands, infinities/invalid,
 * the core, output flush.
 * ==================================================================================== */

/* a + (negate_b ? -b : b). A NaN operand is returned as it was read (sub does not flip
 * the sign of a NaN src1). */
static uint64_t op_add(const fp_fmt *f, uint64_t a, uint64_t b, bool negate_b,
                       const gcn_fp_env *e) {
  uint64_t ops[2], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  if (nan_operand(f, e, 2, ops, &nan)) return nan;
  if (negate_b) b ^= sign_bit(f);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_inf(f, a) && is_inf(f, b) && a != b) return default_nan(f);
    return is_inf(f, a) ? a : b;
  }
  uint64_t r = add_vals(f, unpack_finite(f, a), unpack_finite(f, b), e->round);
  return flush_out(f, r, e);
}

static uint64_t op_mul(const fp_fmt *f, uint64_t a, uint64_t b, const gcn_fp_env *e) {
  uint64_t ops[2], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  if (nan_operand(f, e, 2, ops, &nan)) return nan;
  bool s = sign_of(f, a) != sign_of(f, b);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_zero(f, a) || is_zero(f, b)) return default_nan(f);
    return signed_inf(f, s);
  }
  fp_val p = mul_exact(unpack_finite(f, a), unpack_finite(f, b));
  return flush_out(f, round_pack(f, p.sign, p.exp, p.sig, e->round), e);
}

/* a * b + c with one rounding, flushing per the env (fp_div.c's div_fmas passes an env
 * that keeps input denormals). */
uint64_t gcn_fp_fma_bits(const fp_fmt *f, uint64_t a, uint64_t b, uint64_t c,
                         const gcn_fp_env *e) {
  uint64_t ops[3], nan;
  ops[0] = a = flush_in(f, a, e);
  ops[1] = b = flush_in(f, b, e);
  ops[2] = c = flush_in(f, c, e);
  if (nan_operand(f, e, 3, ops, &nan)) return nan;
  bool sp = sign_of(f, a) != sign_of(f, b);
  if (is_inf(f, a) || is_inf(f, b)) {
    if (is_zero(f, a) || is_zero(f, b)) return default_nan(f);
    if (is_inf(f, c) && sign_of(f, c) != sp) return default_nan(f);
    return signed_inf(f, sp);
  }
  if (is_inf(f, c)) return c;
  fp_val p = mul_exact(unpack_finite(f, a), unpack_finite(f, b));
  return flush_out(f, add_vals(f, p, unpack_finite(f, c), e->round), e);
}
#define op_fma gcn_fp_fma_bits

/* Unfused multiply-add: NaN operands are resolved over (a, b, c) first, as for fma; then
 * the product is rounded and written (output flush), read back (input flush) and added. */
static uint64_t op_mad(const fp_fmt *f, uint64_t a, uint64_t b, uint64_t c,
                       const gcn_fp_env *e) {
  uint64_t ops[3] = {flush_in(f, a, e), flush_in(f, b, e), flush_in(f, c, e)}, nan;
  if (nan_operand(f, e, 3, ops, &nan)) return nan;
  return op_add(f, op_mul(f, a, b, e), c, false, e);
}

static uint64_t op_mad_legacy(const fp_fmt *f, uint64_t a, uint64_t b, uint64_t c,
                              const gcn_fp_env *e) {
  if (legacy_zero_product(f, flush_in(f, a, e), flush_in(f, b, e)))
    return op_add(f, 0 /* +0.0 */, c, false, e);
  return op_mad(f, a, b, c, e);
}

static uint64_t op_minmax(const fp_fmt *f, uint64_t a, uint64_t b, const gcn_fp_env *e,
                          bool flush_ok, bool is_max) {
  if (!flush_ok) return minmax_select(f, a, b, e, is_max);
  uint64_t r = minmax_select(f, flush_in(f, a, e), flush_in(f, b, e), e, is_max);
  return flush_out(f, r, e);
}

static uint64_t op_ldexp(const fp_fmt *f, uint64_t a, int32_t n, const gcn_fp_env *e) {
  a = flush_in(f, a, e);
  if (is_nan(f, a)) return nan_result(f, a, e);
  if (is_inf(f, a) || is_zero(f, a)) return a;
  return flush_out(f, scale_finite(f, a, n, e->round), e);
}

/* OMOD first (an exact scaling of r by 2^k, rounded, overflow and output flush as for any
 * result; r itself is not input-flushed), then CLAMP (section 4: clamp after omod). */
static uint64_t op_omod_clamp(const fp_fmt *f, uint64_t r, unsigned omod, bool clamp,
                              const gcn_fp_env *e) {
  if (GCN_FP_FAULT == 2 && clamp) r = clamp01(f, r, e), clamp = false;
  unsigned rm = GCN_FP_FAULT == 1 ? GCN_RND_NEAREST_EVEN : e->round;
  if ((omod & 3u) && omod_active(e) && !is_nan(f, r) && !is_inf(f, r) && !is_zero(f, r))
    r = flush_out(f, scale_finite(f, r, omod_exponent(omod), rm), e);
  return clamp ? clamp01(f, r, e) : r;
}

/* ====================================================================================
 * Public API
 * ==================================================================================== */

static gcn_fp_env env_from_mode(uint32_t mode, unsigned round_shift_, unsigned denorm_shift) {
  unsigned d = (mode >> denorm_shift) & 3u;
  gcn_fp_env e;
  e.round = (uint8_t)((mode >> round_shift_) & 3u);
  e.flush_in = (d & 1u) == 0;  /* 0 and 2 flush inputs */
  e.flush_out = (d & 2u) == 0; /* 0 and 1 flush outputs */
  e.ieee = (mode & GCN_MODE_IEEE) != 0;
  e.dx10_clamp = (mode & GCN_MODE_DX10_CLAMP) != 0;
  return e;
}
gcn_fp_env gcn_fp_env_f32(uint32_t mode) {
  return env_from_mode(mode, GCN_MODE_FP_ROUND_F32_SHIFT, GCN_MODE_FP_DENORM_F32_SHIFT);
}
gcn_fp_env gcn_fp_env_f16(uint32_t mode) {
  return env_from_mode(mode, GCN_MODE_FP_ROUND_F16_SHIFT, GCN_MODE_FP_DENORM_F16_SHIFT);
}

/* Each of add, sub, mul and mad tries the host FPU on normal lanes first (fp_fast.h), then
 * the integer fast path, then the generic path. The one-value functions are one-lane
 * calls of the lane functions, so every test of them (MPFR oracle, KATs) runs that code. */
static uint32_t f32_add_one(uint32_t a, uint32_t b, bool sub, const gcn_fp_env *e) {
  uint32_t r;
  return fp_fast_add(a, b, sub, e->round, &FP_FAST_F32, &r) ? r : (uint32_t)op_add(F32, a, b, sub, e);
}
static uint32_t f32_mul_one(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  uint32_t r;
  return fp_fast_mul(a, b, e->round, &FP_FAST_F32, &r) ? r : (uint32_t)op_mul(F32, a, b, e);
}
static uint32_t f32_mad_one(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  uint32_t r;
  if (fp_fast_mad(a, b, c, e->round, &FP_FAST_F32, &r)) return r;
  gcn_fp_env m = env_flushing(e, true); /* v_mad_f32 always flushes (section 2, C) */
  return (uint32_t)op_mad(F32, a, b, c, &m);
}

#if FP_HOST_ENABLED
/* Runs KERNEL (fp_fast.h) on the host FPU for lanes [0, N) in chunks of 64, then ONE on
 * every lane the host may not decide. */
#define HOST_LANES(kernel, args, one)                                                   \
  for (unsigned k = 0; k < n; k += GCN_FP_LANES_MAX) {                                  \
    unsigned m = n - k < GCN_FP_LANES_MAX ? n - k : GCN_FP_LANES_MAX;                   \
    uint32_t ok[GCN_FP_LANES_MAX], all;                                                 \
    unsigned saved = fp_host_enter(e->round);                                           \
    all = m == GCN_FP_LANES_MAX ? kernel##_64 args : kernel##_n args;                   \
    fp_host_leave(saved);                                                               \
    if (!all)                                                                           \
      for (unsigned l = k; l < k + m; l++)                                              \
        if (!ok[l - k]) r[l] = one;                                                     \
  }
__attribute__((noinline)) GCN_KERNEL_CLONES static uint32_t fp_host_add32_64(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, uint32_t negb, unsigned n) {
  (void)n;
  return fp_host_add32_body(r, ok, a, b, negb, GCN_FP_LANES_MAX);
}
__attribute__((noinline)) static uint32_t fp_host_add32_n(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, uint32_t negb, unsigned n) {
  return fp_host_add32_body(r, ok, a, b, negb, n);
}
__attribute__((noinline)) GCN_KERNEL_CLONES static uint32_t fp_host_mul32_64(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, unsigned n) {
  (void)n;
  return fp_host_mul32_body(r, ok, a, b, GCN_FP_LANES_MAX);
}
__attribute__((noinline)) static uint32_t fp_host_mul32_n(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, unsigned n) {
  return fp_host_mul32_body(r, ok, a, b, n);
}
__attribute__((noinline)) GCN_KERNEL_CLONES static uint32_t fp_host_mad32_64(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, const uint32_t *restrict c, unsigned n) {
  (void)n;
  return fp_host_mad32_body(r, ok, a, b, c, GCN_FP_LANES_MAX);
}
__attribute__((noinline)) static uint32_t fp_host_mad32_n(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, const uint32_t *restrict c, unsigned n) {
  return fp_host_mad32_body(r, ok, a, b, c, n);
}
#endif

void gcn_f32_add_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, bool sub, unsigned n, const gcn_fp_env *e) {
#if FP_HOST_ENABLED
  HOST_LANES(fp_host_add32, (r + k, ok, a + k, b + k, sub ? 0x80000000u : 0, m), f32_add_one(a[l], b[l], sub, e))
#else
  for (unsigned l = 0; l < n; l++) r[l] = f32_add_one(a[l], b[l], sub, e);
#endif
}
void gcn_f32_mul_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, unsigned n, const gcn_fp_env *e) {
#if FP_HOST_ENABLED
  HOST_LANES(fp_host_mul32, (r + k, ok, a + k, b + k, m), f32_mul_one(a[l], b[l], e))
#else
  for (unsigned l = 0; l < n; l++) r[l] = f32_mul_one(a[l], b[l], e);
#endif
}
void gcn_f32_mad_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, unsigned n,
                       const gcn_fp_env *e) {
#if FP_HOST_ENABLED
  HOST_LANES(fp_host_mad32, (r + k, ok, a + k, b + k, c + k, m), f32_mad_one(a[l], b[l], c[l], e))
#else
  for (unsigned l = 0; l < n; l++) r[l] = f32_mad_one(a[l], b[l], c[l], e);
#endif
}

/* min/max of two normal numbers is the plain selection in every MODE (op_minmax's NaN,
 * zero and flush rules do not apply), compared as sign-magnitude keys: integer lanes. */
static inline uint32_t minmax_lanes_body(uint32_t *restrict r, uint32_t *restrict ok, const uint32_t *restrict a,
                                         const uint32_t *restrict b, uint32_t pick_ge, unsigned n) {
  uint32_t all = 1;
  for (unsigned l = 0; l < n; l++) {
    uint32_t x = a[l], y = b[l];
    uint32_t kx = x ^ ((uint32_t)((int32_t)x >> 31) | 0x80000000u), ky = y ^ ((uint32_t)((int32_t)y >> 31) | 0x80000000u);
    uint32_t take_x = (uint32_t)(kx >= ky) ^ pick_ge ^ 1u; /* max: x >= y; min: x < y */
    r[l] = take_x ? x : y;
    ok[l] = fp_normal32(x) & fp_normal32(y);
    all &= ok[l];
  }
  return all;
}
__attribute__((noinline)) GCN_KERNEL_CLONES static uint32_t minmax_lanes_64(uint32_t *restrict r, uint32_t *restrict ok,
    const uint32_t *restrict a, const uint32_t *restrict b, uint32_t pick_ge) {
  return minmax_lanes_body(r, ok, a, b, pick_ge, GCN_FP_LANES_MAX);
}
void gcn_f32_minmax_lanes(uint32_t *r, const uint32_t *a, const uint32_t *b, bool is_max, bool flush_ok, unsigned n,
                          const gcn_fp_env *e) {
  for (unsigned k = 0; k < n; k += GCN_FP_LANES_MAX) {
    unsigned m = n - k < GCN_FP_LANES_MAX ? n - k : GCN_FP_LANES_MAX;
    uint32_t ok[GCN_FP_LANES_MAX];
    uint32_t all = m == GCN_FP_LANES_MAX ? minmax_lanes_64(r + k, ok, a + k, b + k, is_max)
                                         : minmax_lanes_body(r + k, ok, a + k, b + k, is_max, m);
    if (!all)
      for (unsigned l = k; l < k + m; l++)
        if (!ok[l - k]) r[l] = (uint32_t)op_minmax(F32, a[l], b[l], e, flush_ok, is_max);
  }
}

/* OMOD and CLAMP over N lanes: CLAMP alone of a normal number is the selection of
 * clamp01 (+0 below zero, 1.0 above one); everything else op_omod_clamp. */
static inline uint32_t clamp_lanes_body(uint32_t *restrict r, uint32_t *restrict ok, unsigned n) {
  uint32_t all = 1;
  for (unsigned l = 0; l < n; l++) {
    uint32_t x = r[l], normal = fp_normal32(x);
    uint32_t c = x >> 31 ? 0 : x > 0x3F800000u ? 0x3F800000u : x;
    r[l] = normal ? c : x; /* the others keep their value for op_omod_clamp */
    ok[l] = normal;
    all &= normal;
  }
  return all;
}
__attribute__((noinline)) GCN_KERNEL_CLONES static uint32_t clamp_lanes_64(uint32_t *restrict r, uint32_t *restrict ok) {
  return clamp_lanes_body(r, ok, GCN_FP_LANES_MAX);
}
void gcn_f32_omod_clamp_lanes(uint32_t *r, unsigned n, unsigned omod, bool clamp, const gcn_fp_env *e) {
  if (!omod && !clamp) return;
  for (unsigned k = 0; k < n; k += GCN_FP_LANES_MAX) {
    unsigned m = n - k < GCN_FP_LANES_MAX ? n - k : GCN_FP_LANES_MAX;
    uint32_t ok[GCN_FP_LANES_MAX], all = 0;
    if (!omod) all = m == GCN_FP_LANES_MAX ? clamp_lanes_64(r + k, ok) : clamp_lanes_body(r + k, ok, m);
    if (!all)
      for (unsigned l = k; l < k + m; l++)
        if (omod || !ok[l - k]) r[l] = (uint32_t)op_omod_clamp(F32, r[l], omod, clamp, e);
  }
}

uint32_t gcn_f32_add(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  uint32_t r;
  gcn_f32_add_lanes(&r, &a, &b, false, 1, e);
  return r;
}
uint32_t gcn_f32_sub(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  uint32_t r;
  gcn_f32_add_lanes(&r, &a, &b, true, 1, e);
  return r;
}
uint32_t gcn_f32_mul(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  uint32_t r;
  gcn_f32_mul_lanes(&r, &a, &b, 1, e);
  return r;
}
uint32_t gcn_f32_fma(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  return (uint32_t)op_fma(F32, a, b, c, e);
}
uint32_t gcn_f32_mad(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  uint32_t r;
  gcn_f32_mad_lanes(&r, &a, &b, &c, 1, e);
  return r;
}
uint32_t gcn_f32_min(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok) {
  uint32_t r;
  gcn_f32_minmax_lanes(&r, &a, &b, false, flush_ok, 1, e);
  return r;
}
uint32_t gcn_f32_max(uint32_t a, uint32_t b, const gcn_fp_env *e, bool flush_ok) {
  uint32_t r;
  gcn_f32_minmax_lanes(&r, &a, &b, true, flush_ok, 1, e);
  return r;
}
uint32_t gcn_f32_omod_clamp(uint32_t r, unsigned omod, bool clamp, const gcn_fp_env *e) {
  gcn_f32_omod_clamp_lanes(&r, 1, omod, clamp, e);
  return r;
}
uint32_t gcn_f32_ldexp(uint32_t a, uint32_t s1, const gcn_fp_env *e) {
  return (uint32_t)op_ldexp(F32, a, (int32_t)s1, e);
}
uint32_t gcn_f32_mul_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  if (legacy_zero_product(F32, flush_in(F32, a, e), flush_in(F32, b, e))) return 0;
  return (uint32_t)op_mul(F32, a, b, e);
}
uint32_t gcn_f32_mad_legacy(uint32_t a, uint32_t b, uint32_t c, const gcn_fp_env *e) {
  gcn_fp_env m = env_flushing(e, true);
  return (uint32_t)op_mad_legacy(F32, a, b, c, &m);
}
uint32_t gcn_f32_min_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  return (uint32_t)legacy_select(F32, a, b, e, false);
}
uint32_t gcn_f32_max_legacy(uint32_t a, uint32_t b, const gcn_fp_env *e) {
  return (uint32_t)legacy_select(F32, a, b, e, true);
}

uint16_t gcn_f16_add(uint16_t a, uint16_t b, const gcn_fp_env *e) {
  uint32_t r;
  return (uint16_t)(fp_fast_add(a, b, false, e->round, &FP_FAST_F16, &r) ? r : op_add(F16, a, b, false, e));
}
uint16_t gcn_f16_sub(uint16_t a, uint16_t b, const gcn_fp_env *e) {
  uint32_t r;
  return (uint16_t)(fp_fast_add(a, b, true, e->round, &FP_FAST_F16, &r) ? r : op_add(F16, a, b, true, e));
}
uint16_t gcn_f16_mul(uint16_t a, uint16_t b, const gcn_fp_env *e) {
  uint32_t r;
  return (uint16_t)(fp_fast_mul(a, b, e->round, &FP_FAST_F16, &r) ? r : op_mul(F16, a, b, e));
}
uint16_t gcn_f16_fma(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e) {
  return (uint16_t)op_fma(F16, a, b, c, e);
}
uint16_t gcn_f16_mad(uint16_t a, uint16_t b, uint16_t c, const gcn_fp_env *e) {
  uint32_t r;
  if (fp_fast_mad(a, b, c, e->round, &FP_FAST_F16, &r)) return (uint16_t)r;
  return (uint16_t)op_mad(F16, a, b, c, e);
}
uint16_t gcn_f16_min(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok) {
  return (uint16_t)op_minmax(F16, a, b, e, flush_ok, false);
}
uint16_t gcn_f16_max(uint16_t a, uint16_t b, const gcn_fp_env *e, bool flush_ok) {
  return (uint16_t)op_minmax(F16, a, b, e, flush_ok, true);
}
uint16_t gcn_f16_ldexp(uint16_t a, uint32_t s1, const gcn_fp_env *e) {
  /* The exponent is the low 16 bits of S1 read as signed: truncation, not saturation
   * (gcn_semantics.md section 6, C). */
  return (uint16_t)op_ldexp(F16, a, (int16_t)(uint16_t)(s1 & 0xFFFFu), e);
}

uint64_t gcn_f64_add(uint64_t a, uint64_t b, const gcn_fp_env *e) { return op_add(F64, a, b, false, e); }
uint64_t gcn_f64_mul(uint64_t a, uint64_t b, const gcn_fp_env *e) { return op_mul(F64, a, b, e); }
uint64_t gcn_f64_fma(uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e) {
  return op_fma(F64, a, b, c, e);
}
uint64_t gcn_f64_min(uint64_t a, uint64_t b, const gcn_fp_env *e, bool flush_ok) {
  return op_minmax(F64, a, b, e, flush_ok, false);
}
uint64_t gcn_f64_max(uint64_t a, uint64_t b, const gcn_fp_env *e, bool flush_ok) {
  return op_minmax(F64, a, b, e, flush_ok, true);
}
uint64_t gcn_f64_ldexp(uint64_t a, uint32_t s1, const gcn_fp_env *e) {
  return op_ldexp(F64, a, (int32_t)s1, e);
}

uint16_t gcn_f16_omod_clamp(uint16_t r, unsigned omod, bool clamp, const gcn_fp_env *e) {
  return (uint16_t)op_omod_clamp(F16, r, omod, clamp, e);
}
uint64_t gcn_f64_omod_clamp(uint64_t r, unsigned omod, bool clamp, const gcn_fp_env *e) {
  return op_omod_clamp(F64, r, omod, clamp, e);
}

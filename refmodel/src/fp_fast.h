/* gcnref internal: the float fast path (docs/float.md, "Fast path"). f32 and f16 add, sub,
 * mul and mad on normal operands with a normal result: the host computes the exact result
 * in double (a product of two f32 or f16 significands, and a sum whose exponents differ
 * by at most FP_FAST_ADD_SPAN, fit in 53 bits), and the rounding to the format under
 * MODE's rounding mode is integer code here. An exact double operation has the same
 * result in every host rounding mode, and no value here is a double denormal, so the
 * host's rounding and flush state (MXCSR) cannot change a result. Anything else (a zero,
 * denormal, infinity or NaN operand, a larger exponent gap, a result that is zero or
 * leaves the normal range) returns false: the caller takes the generic path in fp.c,
 * which is the reference; the MPFR oracle suites run through both. */
#ifndef GCNREF_FP_FAST_H
#define GCNREF_FP_FAST_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gcnref/fp.h"

/* The host must evaluate double expressions in double (x86-64, AArch64: yes). */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define FP_FAST_ENABLED 1
#else
#define FP_FAST_ENABLED 0
#endif

/* A format: significand bits below the hidden bit, exponent bias, largest biased
 * exponent of a normal number (the exponent field is all ones above it), sign bit. */
typedef struct {
  unsigned man;
  int bias;
  int emax;
  unsigned sign;
} fp_fast_fmt;
static const fp_fast_fmt FP_FAST_F32 = {23, 127, 254, 31};
static const fp_fast_fmt FP_FAST_F16 = {10, 15, 30, 15};
#define FP_FAST_ADD_SPAN(f) (52 - (int)(f).man - 1) /* 28 for f32; f16 gaps are at most 29 */

static inline double fp_fast_bits_to_double(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}
static inline uint64_t fp_fast_double_bits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

/* The biased exponent of X (format F), or -1 if X is not a normal number. */
static inline int fp_fast_normal_exp(uint32_t x, const fp_fast_fmt *f) {
  int e = (int)((x >> f->man) & (uint32_t)(f->emax + 1));
  return e >= 1 && e <= f->emax ? e : -1;
}

/* X (format F, normal) as a double: exact. */
static inline double fp_fast_to_double(uint32_t x, int e, const fp_fast_fmt *f) {
  uint64_t sign = (uint64_t)(x >> f->sign & 1u) << 63;
  uint64_t man = (uint64_t)(x & ((1u << f->man) - 1)) << (52 - f->man);
  return fp_fast_bits_to_double(sign | (uint64_t)(e - f->bias + 1023) << 52 | man);
}

/* Rounds the exact, nonzero double D to format F under rounding mode RND (GCN_RND_*);
 * false if the result is not a normal number of F. */
static inline bool fp_fast_round(double d, unsigned rnd, const fp_fast_fmt *f, uint32_t *out) {
  uint64_t u = fp_fast_double_bits(d);
  uint32_t sign = (uint32_t)(u >> 63);
  int e = (int)(u >> 52 & 0x7FF) - 1023 + f->bias;
  if (e < 1 || e > f->emax) return false;
  unsigned drop = 52 - f->man;
  uint64_t sig = (u & ((1ull << 52) - 1)) | 1ull << 52;
  uint64_t q = sig >> drop, rem = sig & ((1ull << drop) - 1), half = 1ull << (drop - 1);
  bool up;
  switch (rnd) {
    case GCN_RND_NEAREST_EVEN: up = rem > half || (rem == half && (q & 1)); break;
    case GCN_RND_UP: up = rem != 0 && !sign; break;
    case GCN_RND_DOWN: up = rem != 0 && sign; break;
    default: up = false; break;
  }
  q += up;
  if (q >> (f->man + 1)) { /* carried into the next binade */
    q >>= 1;
    e++;
    if (e > f->emax) return false;
  }
  *out = sign << f->sign | (uint32_t)e << f->man | (uint32_t)(q & ((1ull << f->man) - 1));
  return true;
}

/* a + b (NEG_B: a - b). */
static inline bool fp_fast_add(uint32_t a, uint32_t b, bool neg_b, unsigned rnd, const fp_fast_fmt *f,
                               uint32_t *out) {
  int ea = fp_fast_normal_exp(a, f), eb = fp_fast_normal_exp(b, f);
  if (!FP_FAST_ENABLED) return false;
  uint32_t mag = (1u << f->sign) - 1;
  if (ea >= 0 && (b & mag) == 0) { /* a + +-0 = a exactly */
    *out = a;
    return true;
  }
  if (eb >= 0 && (a & mag) == 0 && !neg_b) { /* +-0 + b = b exactly (0 - b: the generic path) */
    *out = b;
    return true;
  }
  if (ea < 0 || eb < 0) return false;
  /* An operand more than SPAN binades below the other lies below a quarter ulp of the
   * result's neighbours: a stand-in of the same sign at exactly SPAN + 2 binades below
   * rounds the same way in every mode, and keeps the sum exact in double. */
  const int span = FP_FAST_ADD_SPAN(*f);
  uint32_t sgn = 1u << f->sign;
  if (ea - eb > span) b = (b & sgn) | (uint32_t)(ea - span - 2) << f->man, eb = ea - span - 2;
  if (eb - ea > span) a = (a & sgn) | (uint32_t)(eb - span - 2) << f->man, ea = eb - span - 2;
  if (ea < 1 || eb < 1) return false; /* the stand-in would be denormal */
  double x = fp_fast_to_double(a, ea, f), y = fp_fast_to_double(b, eb, f);
  double s = neg_b ? x - y : x + y; /* exact */
  if (s == 0) return false;         /* the sign of an exact zero: the generic path */
  return fp_fast_round(s, rnd, f, out);
}

static inline bool fp_fast_mul(uint32_t a, uint32_t b, unsigned rnd, const fp_fast_fmt *f, uint32_t *out) {
  int ea = fp_fast_normal_exp(a, f), eb = fp_fast_normal_exp(b, f);
  if (!FP_FAST_ENABLED || ea < 0 || eb < 0) return false;
  return fp_fast_round(fp_fast_to_double(a, ea, f) * fp_fast_to_double(b, eb, f), rnd, f, out); /* exact */
}

/* 1 if the f32 X is a normal number (the lane loops' test: branch-free, vectorisable). */
static inline uint32_t fp_normal32(uint32_t x) { return ((x >> 23) & 0xFFu) - 1u < 254u; }

/* ------------------------------------------------------------------------------------
 * f32 lanes on the host FPU (gcn_f32_*_lanes in fp.c; docs/float.md, "Fast path"). On x86
 * with SSE2 the host's binary32 add, subtract and multiply are IEEE operations whose
 * rounding is MXCSR's: fp_host_enter sets MXCSR to MODE's rounding mode with every
 * exception masked and FTZ and DAZ off, whatever the host process had, and fp_host_leave
 * puts the caller's MXCSR back (its flags included). A lane's host result is kept only when
 * the result (for mad, also the rounded product of two nonzero factors) is a normal number
 * and every operand is a normal number (add and mad: or a zero, an exact identity): there
 * IEEE and GCN agree in every MODE (no denormal to flush, no NaN, no infinity, no exact
 * zero whose sign depends on the mode). Every other lane goes to the generic path.
 * The kernels are not inlined: their loads and stores stay between the two MXCSR writes.
 * -std=c11 keeps GCC from contracting mad's multiply and add into one fma. */
#if FP_FAST_ENABLED && defined(__SSE2__) && (defined(__x86_64__) || defined(__i386__)) && defined(__STRICT_ANSI__)
#include <xmmintrin.h>
#define FP_HOST_ENABLED 1
static inline unsigned fp_host_enter(unsigned rnd) {
  /* MXCSR.RC (bits 14:13): 0 nearest, 1 toward -inf, 2 toward +inf, 3 toward zero. */
  static const unsigned rc[4] = {[GCN_RND_NEAREST_EVEN] = 0u << 13, [GCN_RND_UP] = 2u << 13,
                                 [GCN_RND_DOWN] = 1u << 13, [GCN_RND_ZERO] = 3u << 13};
  unsigned saved = _mm_getcsr();
  _mm_setcsr(0x1F80u | rc[rnd & 3u]); /* exceptions masked (bits 12:7), FTZ (15) and DAZ (6) off */
  __asm__ volatile("" ::: "memory");
  return saved;
}
static inline void fp_host_leave(unsigned saved) {
  __asm__ volatile("" ::: "memory");
  _mm_setcsr(saved);
}
static inline uint32_t fp_host_zero32(uint32_t x) { return (x << 1) == 0; }
/* A normal number or a zero: an operand of a sum the host may compute (x + -0 = x, and a
 * normal result excludes the zero sums whose sign depends on the mode). */
static inline uint32_t fp_host_nz32(uint32_t x) { return fp_normal32(x) | fp_host_zero32(x); }
static inline float fp_host_f(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}
static inline uint32_t fp_host_u(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  return x;
}
/* The kernels: R = A + (B ^ NEGB), A * B, round(round(A * B) + C) over N lanes; OK[l] = the
 * lane's result is GCN's; they return whether every lane is OK. fp.c instantiates each for
 * 64 lanes (a constant count, so that the compiler vectorises it) and for any count. */
static inline uint32_t fp_host_add32_body(uint32_t *restrict r, uint32_t *restrict ok, const uint32_t *restrict a,
                                          const uint32_t *restrict b, uint32_t negb, unsigned n) {
  uint32_t all = 1;
  for (unsigned l = 0; l < n; l++) {
    uint32_t x = a[l], y = b[l] ^ negb, z = fp_host_u(fp_host_f(x) + fp_host_f(y));
    r[l] = z;
    ok[l] = fp_host_nz32(x) & fp_host_nz32(y) & fp_normal32(z);
    all &= ok[l];
  }
  return all;
}
static inline uint32_t fp_host_mul32_body(uint32_t *restrict r, uint32_t *restrict ok, const uint32_t *restrict a,
                                          const uint32_t *restrict b, unsigned n) {
  uint32_t all = 1;
  for (unsigned l = 0; l < n; l++) {
    uint32_t x = a[l], y = b[l], z = fp_host_u(fp_host_f(x) * fp_host_f(y));
    r[l] = z;
    ok[l] = fp_normal32(x) & fp_normal32(y) & fp_normal32(z);
    all &= ok[l];
  }
  return all;
}
static inline uint32_t fp_host_mad32_body(uint32_t *restrict r, uint32_t *restrict ok, const uint32_t *restrict a,
                                          const uint32_t *restrict b, const uint32_t *restrict c, unsigned n) {
  uint32_t all = 1;
  for (unsigned l = 0; l < n; l++) {
    uint32_t x = a[l], y = b[l], w = c[l], p = fp_host_u(fp_host_f(x) * fp_host_f(y));
    uint32_t z = fp_host_u(fp_host_f(p) + fp_host_f(w));
    r[l] = z;
    /* A zero factor gives an exact zero product (z = w); a product of two nonzero factors
     * must be normal (an underflow to zero or a denormal is flushed by GCN's rules). */
    ok[l] = fp_host_nz32(x) & fp_host_nz32(y) & fp_host_nz32(w) &
            (fp_normal32(p) | fp_host_zero32(x) | fp_host_zero32(y)) & fp_normal32(z);
    all &= ok[l];
  }
  return all;
}
#else
#define FP_HOST_ENABLED 0
#endif

/* round(round(a * b) + c): V_MAD / V_MAC / V_MADMK / V_MADAK. */
static inline bool fp_fast_mad(uint32_t a, uint32_t b, uint32_t c, unsigned rnd, const fp_fast_fmt *f,
                               uint32_t *out) {
  uint32_t p;
  return fp_fast_mul(a, b, rnd, f, &p) && fp_fast_add(p, c, false, rnd, f, out);
}
#endif

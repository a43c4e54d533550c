/* Unit tests of the float core (refmodel/src/fp.c): hand-derived bit patterns for the
 * corner cases of docs/float.md. Every expected value is worked out in the comment beside
 * it; none comes from running the model. */
#include <fenv.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "gcnref/fp.h"

/* ------------------------------------------------------------------ helpers */
enum { RNE = GCN_RND_NEAREST_EVEN, RUP = GCN_RND_UP, RDN = GCN_RND_DOWN, RTZ = GCN_RND_ZERO };

static gcn_fp_env env(unsigned round, bool fin, bool fout, bool ieee, bool dx10) {
  gcn_fp_env e;
  e.round = (uint8_t)round;
  e.flush_in = fin;
  e.flush_out = fout;
  e.ieee = ieee;
  e.dx10_clamp = dx10;
  return e;
}
/* Shorthands: denormals allowed / flushed, IEEE on. */
static gcn_fp_env allow(unsigned round) { return env(round, false, false, true, true); }
static gcn_fp_env flush(unsigned round) { return env(round, true, true, true, true); }

#define CHECK(got, want)                                                                    \
  do {                                                                                      \
    unsigned long g_ = (unsigned long)(got), w_ = (unsigned long)(want);                    \
    if (g_ != w_) {                                                                         \
      print_error("%s:%d: %s = 0x%lx, want 0x%lx\n", __FILE__, __LINE__, #got, g_, w_);    \
      fail();                                                                               \
    }                                                                                       \
  } while (0)

/* f32 constants */
#define P0 0x00000000u
#define N0 0x80000000u
#define ONE 0x3F800000u
#define TWO 0x40000000u
#define HALF 0x3F000000u
#define MONE 0xBF800000u
#define MAXF 0x7F7FFFFFu
#define INF 0x7F800000u
#define NINF 0xFF800000u
#define MINN 0x00800000u /* smallest normal 2^-126 */
#define QNAN 0x7FC00000u

/* ------------------------------------------------------------------ MODE -> env */
static void test_env_from_mode(void **state) {
  (void)state;
  gcn_fp_env e = gcn_fp_env_f32(0);
  CHECK(e.round, 0);
  CHECK(e.flush_in, 1);
  CHECK(e.flush_out, 1);
  CHECK(e.ieee, 0);
  CHECK(e.dx10_clamp, 0);
  /* 0x1B: FP_ROUND f32 = 3, f16 = 2; FP_DENORM f32 = 1 (allow in / flush out), f16 = 0 */
  e = gcn_fp_env_f32(0x1B);
  CHECK(e.round, 3);
  CHECK(e.flush_in, 0);
  CHECK(e.flush_out, 1);
  e = gcn_fp_env_f16(0x1B);
  CHECK(e.round, 2);
  CHECK(e.flush_in, 1);
  CHECK(e.flush_out, 1);
  /* 0xA0: both denorm fields = 2 (flush in / allow out) */
  e = gcn_fp_env_f32(0xA0);
  CHECK(e.flush_in, 1);
  CHECK(e.flush_out, 0);
  e = gcn_fp_env_f16(0xA0);
  CHECK(e.flush_in, 1);
  CHECK(e.flush_out, 0);
  /* 0x3F0: both denorm fields = 3, DX10_CLAMP and IEEE */
  e = gcn_fp_env_f32(0x3F0);
  CHECK(e.flush_in, 0);
  CHECK(e.flush_out, 0);
  CHECK(e.ieee, 1);
  CHECK(e.dx10_clamp, 1);
  /* old LLVM compute default 0xC0: f32 flushes, f16 allows denormals */
  CHECK(gcn_fp_env_f32(0xC0).flush_out, 1);
  CHECK(gcn_fp_env_f16(0xC0).flush_out, 0);
  CHECK(gcn_fp_env_f16(0xC0).flush_in, 0);
}

static void test_absneg(void **state) {
  (void)state;
  CHECK(gcn_f32_absneg(ONE, false, true), MONE);
  CHECK(gcn_f32_absneg(MONE, true, false), ONE);
  CHECK(gcn_f32_absneg(ONE, true, true), MONE);  /* -|x|: abs first, then neg */
  CHECK(gcn_f32_absneg(MONE, true, true), MONE);
  CHECK(gcn_f32_absneg(0xFFC00001u, true, false), 0x7FC00001u); /* NaN: sign bit only */
  CHECK(gcn_f16_absneg(0x8001u, true, false), 0x0001u);
  CHECK(gcn_f16_absneg(0x0001u, false, true), 0x8001u);
}

/* ------------------------------------------------------------------ rounding */
static void test_round_ties_f32(void **state) {
  (void)state;
  gcn_fp_env e;
  /* 1 + 2^-24 (0x33800000) is exactly half an ulp of 1.0: even is 1.0 */
  const uint32_t want_tie[4] = {0x3F800000u, 0x3F800001u, 0x3F800000u, 0x3F800000u};
  /* -1 - 2^-24: magnitude rounds up only toward -inf */
  const uint32_t want_ntie[4] = {0xBF800000u, 0xBF800000u, 0xBF800001u, 0xBF800000u};
  /* (1 + 2^-23) + 2^-24 = 1 + 3*2^-24: tie between ...01 and ...02, even is ...02 */
  const uint32_t want_odd[4] = {0x3F800002u, 0x3F800002u, 0x3F800001u, 0x3F800001u};
  /* 1 + (2^-24 + 2^-47) (0x33800001): just above the tie */
  const uint32_t want_above[4] = {0x3F800001u, 0x3F800001u, 0x3F800000u, 0x3F800000u};
  /* 1 + (2^-24 - 2^-48) (0x337FFFFF): just below the tie */
  const uint32_t want_below[4] = {0x3F800000u, 0x3F800001u, 0x3F800000u, 0x3F800000u};
  for (unsigned rm = 0; rm < 4; rm++) {
    e = allow(rm);
    CHECK(gcn_f32_add(ONE, 0x33800000u, &e), want_tie[rm]);
    CHECK(gcn_f32_add(MONE, 0xB3800000u, &e), want_ntie[rm]);
    CHECK(gcn_f32_add(0x3F800001u, 0x33800000u, &e), want_odd[rm]);
    CHECK(gcn_f32_add(ONE, 0x33800001u, &e), want_above[rm]);
    CHECK(gcn_f32_add(ONE, 0x337FFFFFu, &e), want_below[rm]);
    /* sub: 1 - (-2^-24) is the same tie */
    CHECK(gcn_f32_sub(ONE, 0xB3800000u, &e), want_tie[rm]);
  }
  /* mul tie: 0x3F800001 (1 + 2^-23) * 1.5 = 1.5 + 2^-23 + 2^-24, half way between
   * 0x3FC00001 and 0x3FC00002; 0x3FC00001 * 2.0 = 0x40400001 is exact */
  const uint32_t want_mul[4] = {0x3FC00002u, 0x3FC00002u, 0x3FC00001u, 0x3FC00001u};
  for (unsigned rm = 0; rm < 4; rm++) {
    e = allow(rm);
    CHECK(gcn_f32_mul(0x3F800001u, 0x3FC00000u, &e), want_mul[rm]);
    CHECK(gcn_f32_mul(0x3FC00001u, TWO, &e), 0x40400001u);
  }
}

/* The host's floating-point state must not change a result (fp_fast.h runs normal lanes
 * on the host FPU with its own rounding and flush mode): the ties above under every host
 * rounding mode, and on x86 with FTZ and DAZ set; the host's mode is left as it was. The
 * lane functions on 64 lanes (the tie cases spread over normal, denormal, zero and NaN
 * lanes) give what the one-value functions give. */
static void test_host_state(void **state) {
  (void)state;
  static const int host_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  /* 1 + 2^-24 per GCN mode (see test_round_ties_f32), and 1.5 * (1 + 2^-23) */
  const uint32_t want_tie[4] = {0x3F800000u, 0x3F800001u, 0x3F800000u, 0x3F800000u};
  const uint32_t want_mul[4] = {0x3FC00002u, 0x3FC00002u, 0x3FC00001u, 0x3FC00001u};
  /* mad (1 + 2^-23) * 1.5 + 2: the product 1.5 + 2^-23 + 2^-24 rounds (want_mul) to
   * 1.5 + 2^-22 (RNE, RUP) or 1.5 + 2^-23 (RDN, RTZ); + 2 is 3.5 + 2^-22, one ulp above 3.5
   * (0x40600000) and exact, or 3.5 + 2^-23, half an ulp, which RDN and RTZ round down */
  const uint32_t want_mad[4] = {0x40600001u, 0x40600001u, 0x40600000u, 0x40600000u};
  for (unsigned h = 0; h < 5; h++) {
#if defined(__SSE2__)
    unsigned saved_csr = __builtin_ia32_stmxcsr();
    if (h == 4) __builtin_ia32_ldmxcsr(saved_csr | 0x8040u); /* FTZ and DAZ on */
#endif
    int saved = fegetround();
    if (h < 4) fesetround(host_modes[h]);
    for (unsigned rm = 0; rm < 4; rm++) {
      gcn_fp_env e = allow(rm);
      CHECK(gcn_f32_add(ONE, 0x33800000u, &e), want_tie[rm]);
      CHECK(gcn_f32_sub(ONE, 0xB3800000u, &e), want_tie[rm]);
      CHECK(gcn_f32_mul(0x3F800001u, 0x3FC00000u, &e), want_mul[rm]);
      CHECK(gcn_f32_mad(0x3F800001u, 0x3FC00000u, TWO, &e), want_mad[rm]);
      uint32_t a[64], b[64], c[64], r[64];
      for (unsigned l = 0; l < 64; l++) {
        static const uint32_t odd[8] = {0x00000001u, MINN, P0, N0, QNAN, INF, 0x00400000u, MAXF};
        a[l] = l % 3 ? ONE : odd[l / 8];
        b[l] = l % 5 ? 0x33800000u : odd[(l * 3) % 8];
        c[l] = l % 7 ? TWO : odd[(l * 5) % 8];
      }
      gcn_f32_add_lanes(r, a, b, false, 64, &e);
      for (unsigned l = 0; l < 64; l++) CHECK(r[l], gcn_f32_add(a[l], b[l], &e));
      gcn_f32_add_lanes(r, a, b, true, 64, &e);
      for (unsigned l = 0; l < 64; l++) CHECK(r[l], gcn_f32_sub(a[l], b[l], &e));
      gcn_f32_mul_lanes(r, a, b, 64, &e);
      for (unsigned l = 0; l < 64; l++) CHECK(r[l], gcn_f32_mul(a[l], b[l], &e));
      gcn_f32_mad_lanes(r, a, b, c, 64, &e);
      for (unsigned l = 0; l < 64; l++) CHECK(r[l], gcn_f32_mad(a[l], b[l], c[l], &e));
      CHECK(r[1], rm == RUP ? 0x40000001u : 0x40000000u); /* 1 * 2^-24 + 2: a quarter ulp of 2 */
    }
    CHECK(fegetround(), h < 4 ? host_modes[h] : saved);
    fesetround(saved);
#if defined(__SSE2__)
    CHECK(__builtin_ia32_stmxcsr() & 0x8040u, h == 4 ? 0x8040u : (saved_csr & 0x8040u));
    __builtin_ia32_ldmxcsr(saved_csr);
#endif
  }
}

static void test_round_ties_f16(void **state) {
  (void)state;
  /* 1.0 (0x3C00) + 2^-11 (0x1000) is half an ulp */
  const uint16_t want_tie[4] = {0x3C00u, 0x3C01u, 0x3C00u, 0x3C00u};
  /* 0x3C01 + 2^-11: even is 0x3C02 */
  const uint16_t want_odd[4] = {0x3C02u, 0x3C02u, 0x3C01u, 0x3C01u};
  /* -1 - 2^-11 */
  const uint16_t want_neg[4] = {0xBC00u, 0xBC00u, 0xBC01u, 0xBC00u};
  /* 1 + (2^-11 + 2^-21) (0x1001): above the tie */
  const uint16_t want_above[4] = {0x3C01u, 0x3C01u, 0x3C00u, 0x3C00u};
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env e = allow(rm);
    CHECK(gcn_f16_add(0x3C00u, 0x1000u, &e), want_tie[rm]);
    CHECK(gcn_f16_add(0x3C01u, 0x1000u, &e), want_odd[rm]);
    CHECK(gcn_f16_add(0xBC00u, 0x9000u, &e), want_neg[rm]);
    CHECK(gcn_f16_add(0x3C00u, 0x1001u, &e), want_above[rm]);
    CHECK(gcn_f16_sub(0x3C00u, 0x3800u, &e), 0x3800u); /* 1 - 0.5 */
  }
}

static void test_overflow(void **state) {
  (void)state;
  /* max + max: inf for RNE, and for the direction of the sign; max finite otherwise */
  const uint32_t pos[4] = {INF, INF, MAXF, MAXF};
  const uint32_t neg[4] = {NINF, 0xFF7FFFFFu, NINF, 0xFF7FFFFFu};
  /* max + 2^103 (0x73000000) is half an ulp of max (2^104): the even neighbour is 2^128 */
  const uint32_t half_ulp[4] = {INF, INF, MAXF, MAXF};
  /* max + 2^102 (0x72800000): below half */
  const uint32_t below[4] = {MAXF, INF, MAXF, MAXF};
  /* f16 65504 + 65504 */
  const uint16_t pos16[4] = {0x7C00u, 0x7C00u, 0x7BFFu, 0x7BFFu};
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env e = flush(rm);
    CHECK(gcn_f32_add(MAXF, MAXF, &e), pos[rm]);
    CHECK(gcn_f32_add(0xFF7FFFFFu, 0xFF7FFFFFu, &e), neg[rm]);
    CHECK(gcn_f32_add(MAXF, 0x73000000u, &e), half_ulp[rm]);
    CHECK(gcn_f32_add(MAXF, 0x72800000u, &e), below[rm]);
    CHECK(gcn_f32_mul(0x7F000000u, TWO, &e), pos[rm]);         /* 2^127 * 2 */
    CHECK(gcn_f32_mul(0x7F000000u, 0xC0000000u, &e), neg[rm]); /* 2^127 * -2 */
    CHECK(gcn_f16_add(0x7BFFu, 0x7BFFu, &e), pos16[rm]);
    CHECK(gcn_f16_mul(0x7800u, 0x4000u, &e), pos16[rm]); /* 2^15 * 2 */
  }
}

/* ------------------------------------------------------------------ denormals */
static void test_denormals(void **state) {
  (void)state;
  gcn_fp_env a = allow(RNE), f = flush(RNE);
  gcn_fp_env in_only = env(RNE, true, false, true, true);   /* MODE denorm 2 */
  gcn_fp_env out_only = env(RNE, false, true, true, true);  /* MODE denorm 1 */
  /* 2^-126 * 0.5 = 2^-127 = 0x00400000, a denormal result */
  CHECK(gcn_f32_mul(MINN, HALF, &a), 0x00400000u);
  CHECK(gcn_f32_mul(MINN, HALF, &f), P0);
  CHECK(gcn_f32_mul(MINN, HALF, &out_only), P0);
  CHECK(gcn_f32_mul(MINN, HALF, &in_only), 0x00400000u);
  CHECK(gcn_f32_mul(0x80800000u, HALF, &f), N0); /* sign kept */
  CHECK(gcn_f32_mul(0x80800000u, HALF, &a), 0x80400000u);
  /* denormal input: 2^-149 + 2^-126 */
  CHECK(gcn_f32_add(0x00000001u, MINN, &a), 0x00800001u);
  CHECK(gcn_f32_add(0x00000001u, MINN, &out_only), 0x00800001u); /* normal result */
  CHECK(gcn_f32_add(0x00000001u, MINN, &in_only), MINN);
  CHECK(gcn_f32_add(0x00000001u, MINN, &f), MINN);
  /* denormal * 2 reads as 0 when flushed in: 0x00400000 * 2 = 0x00800000 */
  CHECK(gcn_f32_mul(0x00400000u, TWO, &a), MINN);
  CHECK(gcn_f32_mul(0x00400000u, TWO, &in_only), P0);
  CHECK(gcn_f32_mul(0x80400000u, TWO, &in_only), N0); /* -0 * 2 = -0 */
  /* exact denormal difference 2^-149 */
  CHECK(gcn_f32_sub(0x00800001u, MINN, &a), 0x00000001u);
  CHECK(gcn_f32_sub(0x00800001u, MINN, &f), P0);
  CHECK(gcn_f32_sub(MINN, 0x00800001u, &f), N0);
  /* f16: 2^-14 * 0.5 = 2^-15 = 0x0200 */
  CHECK(gcn_f16_mul(0x0400u, 0x3800u, &a), 0x0200u);
  CHECK(gcn_f16_mul(0x0400u, 0x3800u, &f), 0x0000u);
  CHECK(gcn_f16_mul(0x8400u, 0x3800u, &f), 0x8000u);
  CHECK(gcn_f16_add(0x0001u, 0x0400u, &in_only), 0x0400u);
  CHECK(gcn_f16_add(0x0001u, 0x0400u, &a), 0x0401u);
}

/* Tininess is judged on the rounded result: 0x3F7FFFFF (1 - 2^-24) * 2^-126 =
 * 2^-126 - 2^-150, exactly half way between the largest denormal 0x007FFFFF (odd) and
 * 2^-126 (even). */
static void test_tininess(void **state) {
  (void)state;
  const uint32_t fl[4] = {MINN, MINN, P0, P0};                   /* flush out on */
  const uint32_t kept[4] = {MINN, MINN, 0x007FFFFFu, 0x007FFFFFu}; /* flush out off */
  const uint32_t negfl[4] = {0x80800000u, N0, 0x80800000u, N0};
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env f = flush(rm), a = allow(rm);
    CHECK(gcn_f32_mul(0x3F7FFFFFu, MINN, &f), fl[rm]);
    CHECK(gcn_f32_mul(0x3F7FFFFFu, MINN, &a), kept[rm]);
    CHECK(gcn_f32_mul(0xBF7FFFFFu, MINN, &f), negfl[rm]);
  }
  /* f16: 0x3BFF (1 - 2^-11) * 2^-14 = 2^-14 - 2^-25, half way between 0x03FF and 0x0400 */
  gcn_fp_env f = flush(RNE);
  CHECK(gcn_f16_mul(0x3BFFu, 0x0400u, &f), 0x0400u);
  f = flush(RTZ);
  CHECK(gcn_f16_mul(0x3BFFu, 0x0400u, &f), 0x0000u);
}

/* ------------------------------------------------------------------ signed zeros */
static void test_zero_signs(void **state) {
  (void)state;
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env e = flush(rm);
    uint32_t mixed = rm == RDN ? N0 : P0; /* opposite-signed exact zero sum */
    CHECK(gcn_f32_add(P0, N0, &e), mixed);
    CHECK(gcn_f32_add(N0, P0, &e), mixed);
    CHECK(gcn_f32_add(N0, N0, &e), N0);
    CHECK(gcn_f32_add(P0, P0, &e), P0);
    CHECK(gcn_f32_sub(P0, P0, &e), mixed);
    CHECK(gcn_f32_sub(N0, P0, &e), N0);
    CHECK(gcn_f32_sub(ONE, ONE, &e), mixed);
    CHECK(gcn_f32_add(ONE, MONE, &e), mixed);
    CHECK(gcn_f32_add(0x00000001u, 0x80000001u, &e), mixed); /* flushed: +0 + -0 */
    CHECK(gcn_f32_fma(P0, ONE, N0, &e), mixed);   /* +0 + -0 */
    CHECK(gcn_f32_fma(N0, ONE, N0, &e), N0);      /* -0 + -0 */
    CHECK(gcn_f32_fma(ONE, ONE, MONE, &e), mixed); /* 1 - 1 exactly */
    CHECK(gcn_f32_mul(N0, ONE, &e), N0);
    CHECK(gcn_f32_mul(N0, MONE, &e), P0);
    CHECK(gcn_f16_sub(0x3C00u, 0x3C00u, &e), rm == RDN ? 0x8000u : 0x0000u);
    gcn_fp_env a = allow(rm);
    CHECK(gcn_f32_add(0x00000001u, 0x80000001u, &a), mixed); /* exact cancellation */
  }
}

/* ------------------------------------------------------------------ NaN */
static void test_nan_propagation(void **state) {
  (void)state;
  gcn_fp_env i = flush(RNE), n = env(RNE, true, true, false, true);
  /* sNaN quieted by bit 22 only, with IEEE = 1; unchanged with IEEE = 0 */
  CHECK(gcn_f32_add(0x7F800001u, ONE, &i), 0x7FC00001u);
  CHECK(gcn_f32_add(0x7F800001u, ONE, &n), 0x7F800001u);
  CHECK(gcn_f32_add(ONE, 0xFFA00000u, &i), 0xFFE00000u); /* sign and payload kept */
  CHECK(gcn_f32_add(ONE, 0xFFA00000u, &n), 0xFFA00000u);
  /* both NaN: src0 wins */
  CHECK(gcn_f32_add(0x7FC00123u, 0x7F800456u, &i), 0x7FC00123u);
  CHECK(gcn_f32_add(0x7F800456u, 0x7FC00123u, &i), 0x7FC00456u);
  CHECK(gcn_f32_add(0x7F800456u, 0x7FC00123u, &n), 0x7F800456u);
  CHECK(gcn_f32_mul(0xFFC00009u, 0x7FC00007u, &n), 0xFFC00009u);
  /* sub does not flip the sign of a NaN src1 */
  CHECK(gcn_f32_sub(ONE, 0x7FC00005u, &i), 0x7FC00005u);
  /* an input NaN wins over an invalid operation */
  CHECK(gcn_f32_mul(P0, 0x7F800001u, &i), 0x7FC00001u);
  CHECK(gcn_f32_mul(INF, 0x7FC00002u, &i), 0x7FC00002u);
  CHECK(gcn_f32_fma(ONE, ONE, 0x7F800010u, &i), 0x7FC00010u);
  CHECK(gcn_f32_fma(P0, INF, 0x7FC00007u, &i), 0x7FC00007u);
  CHECK(gcn_f32_fma(0x7FC00001u, 0x7FC00002u, 0x7FC00003u, &i), 0x7FC00001u);
  CHECK(gcn_f32_fma(ONE, 0x7F800002u, 0x7FC00003u, &n), 0x7F800002u);
  CHECK(gcn_f32_ldexp(0x7F800003u, 5, &i), 0x7FC00003u);
  CHECK(gcn_f32_ldexp(0x7F800003u, 5, &n), 0x7F800003u);
  /* f16: quiet bit is bit 9 */
  CHECK(gcn_f16_add(0x7C01u, 0x3C00u, &i), 0x7E01u);
  CHECK(gcn_f16_add(0x7C01u, 0x3C00u, &n), 0x7C01u);
  CHECK(gcn_f16_mul(0x3C00u, 0xFD00u, &i), 0xFF00u);
  CHECK(gcn_f16_fma(0x3C00u, 0x3C00u, 0x7C10u, &i), 0x7E10u);
}

static void test_default_nan(void **state) {
  (void)state;
  for (int ieee = 0; ieee < 2; ieee++) {
    gcn_fp_env e = env(RNE, true, true, ieee, true);
    CHECK(gcn_f32_add(INF, NINF, &e), QNAN);
    CHECK(gcn_f32_add(NINF, INF, &e), QNAN);
    CHECK(gcn_f32_sub(INF, INF, &e), QNAN);
    CHECK(gcn_f32_mul(P0, INF, &e), QNAN);
    CHECK(gcn_f32_mul(NINF, N0, &e), QNAN);
    CHECK(gcn_f32_mul(0x00000001u, INF, &e), QNAN); /* denormal flushed to 0 */
    CHECK(gcn_f32_fma(INF, ONE, NINF, &e), QNAN);
    CHECK(gcn_f32_fma(P0, INF, ONE, &e), QNAN);
    CHECK(gcn_f32_mad(INF, P0, ONE, &e), QNAN);
    CHECK(gcn_f16_add(0x7C00u, 0xFC00u, &e), 0x7E00u);
    CHECK(gcn_f16_mul(0x0000u, 0xFC00u, &e), 0x7E00u);
    CHECK(gcn_f16_fma(0x7C00u, 0x0000u, 0x3C00u, &e), 0x7E00u);
  }
  gcn_fp_env a = allow(RNE);
  CHECK(gcn_f32_mul(0x00000001u, INF, &a), INF); /* denormal kept: tiny * inf = inf */
  CHECK(gcn_f32_add(INF, INF, &a), INF);
  CHECK(gcn_f32_fma(INF, MONE, NINF, &a), NINF);
}

/* ------------------------------------------------------------------ fma and mad */
static void test_fma_mad(void **state) {
  (void)state;
  gcn_fp_env a = allow(RNE);
  /* (1 + 2^-23)(1 + 2^-22) - 1 = 3*2^-23 + 2^-45. fma keeps the 2^-45:
   * 2^-22 * (1.5 + 2^-23) = 0x34C00001. mad rounds the product to 1 + 3*2^-23 first:
   * 3*2^-23 = 0x34C00000. */
  CHECK(gcn_f32_fma(0x3F800001u, 0x3F800002u, MONE, &a), 0x34C00001u);
  CHECK(gcn_f32_mad(0x3F800001u, 0x3F800002u, MONE, &a), 0x34C00000u);
  CHECK(gcn_f32_mad(TWO, 0x40400000u, ONE, &a), 0x40E00000u); /* 2*3+1 = 7 */
  /* v_mad_f32 flushes whatever MODE says: denormal input, denormal product */
  CHECK(gcn_f32_mad(0x00400000u, TWO, P0, &a), P0);
  CHECK(gcn_f32_fma(0x00400000u, TWO, P0, &a), MINN);
  /* 2^-100 (0x0D800000) * 2^-30 (0x30800000) = 2^-130 = 0x00080000, a denormal */
  CHECK(gcn_f32_fma(0x0D800000u, 0x30800000u, P0, &a), 0x00080000u);
  CHECK(gcn_f32_mad(0x0D800000u, 0x30800000u, P0, &a), P0);
  CHECK(gcn_f32_mad(0x0D800000u, 0x30800000u, 0x00000001u, &a), P0);
  /* product overflow in mad: RNE rounds max*2 to inf, then inf - inf; fma stays finite */
  CHECK(gcn_f32_mad(MAXF, TWO, NINF, &a), QNAN);
  CHECK(gcn_f32_fma(MAXF, TWO, NINF, &a), NINF);
  gcn_fp_env z = allow(RTZ);
  CHECK(gcn_f32_mad(MAXF, TWO, NINF, &z), NINF); /* RTZ: product = max, + -inf */
  /* NaN operands win over the invalid product */
  CHECK(gcn_f32_mad(INF, P0, 0x7FC00042u, &a), 0x7FC00042u);
  CHECK(gcn_f32_mad(ONE, 0x7F800001u, 0x7FC00002u, &a), 0x7FC00001u);
  /* f16 mad follows the env: 2^-15 (0x0200) * 2 = 2^-14 (0x0400) */
  CHECK(gcn_f16_mad(0x0200u, 0x4000u, 0x0000u, &a), 0x0400u);
  gcn_fp_env f = flush(RNE);
  CHECK(gcn_f16_mad(0x0200u, 0x4000u, 0x0000u, &f), 0x0000u);
  /* f16 product denormal: 2^-8 * 2^-8 = 2^-16 (0x0100), + 2^-14 */
  CHECK(gcn_f16_mad(0x1C00u, 0x1C00u, 0x0400u, &a), 0x0500u);
  CHECK(gcn_f16_mad(0x1C00u, 0x1C00u, 0x0400u, &f), 0x0400u);
  gcn_fp_env out_only = env(RNE, false, true, true, true);
  CHECK(gcn_f16_mad(0x1C00u, 0x1C00u, 0x0400u, &out_only), 0x0400u);
  CHECK(gcn_f16_fma(0x1C00u, 0x1C00u, 0x0400u, &out_only), 0x0500u);
}

/* ------------------------------------------------------------------ min / max */
static void test_min_max(void **state) {
  (void)state;
  for (int ieee = 0; ieee < 2; ieee++) {
    gcn_fp_env e = env(RNE, true, true, ieee, true);
    CHECK(gcn_f32_max(P0, N0, &e, true), P0);
    CHECK(gcn_f32_max(N0, P0, &e, true), P0);
    CHECK(gcn_f32_min(P0, N0, &e, true), N0);
    CHECK(gcn_f32_min(N0, P0, &e, true), N0);
    CHECK(gcn_f32_min(ONE, TWO, &e, false), ONE);
    CHECK(gcn_f32_max(ONE, TWO, &e, false), TWO);
    CHECK(gcn_f32_max(MONE, 0xC0000000u, &e, false), MONE);
    CHECK(gcn_f32_min(NINF, MAXF, &e, false), NINF);
    /* quiet NaN: the other operand */
    CHECK(gcn_f32_max(ONE, 0x7FC00001u, &e, false), ONE);
    CHECK(gcn_f32_max(0x7FC00001u, ONE, &e, false), ONE);
    CHECK(gcn_f32_min(0x7FC00001u, 0x7FC00002u, &e, false), 0x7FC00002u); /* a NaN -> b */
    CHECK(gcn_f16_max(0x8000u, 0x0000u, &e, true), 0x0000u);
    CHECK(gcn_f16_min(0x0000u, 0x8000u, &e, true), 0x8000u);
    CHECK(gcn_f16_min(0x7E00u, 0xBC00u, &e, true), 0xBC00u);
  }
  gcn_fp_env i = flush(RNE), n = env(RNE, true, true, false, true);
  /* signaling NaN: quieted result with IEEE = 1; the other operand with IEEE = 0 */
  CHECK(gcn_f32_max(0x7F800001u, ONE, &i, false), 0x7FC00001u);
  CHECK(gcn_f32_max(0x7F800001u, ONE, &n, false), ONE);
  CHECK(gcn_f32_min(ONE, 0xFF800003u, &i, false), 0xFFC00003u);
  CHECK(gcn_f32_min(ONE, 0xFF800003u, &n, false), ONE);
  CHECK(gcn_f32_max(0x7FC00001u, 0x7F800002u, &i, false), 0x7FC00002u); /* step 1 first */
  CHECK(gcn_f32_max(0x7F800001u, 0x7F800002u, &i, false), 0x7FC00001u);
  CHECK(gcn_f32_max(0x7F800001u, 0x7F800002u, &n, false), 0x7F800002u);
  CHECK(gcn_f16_max(0x7C01u, 0x3C00u, &i, false), 0x7E01u);
  CHECK(gcn_f16_max(0x7C01u, 0x3C00u, &n, false), 0x3C00u);
}

static void test_min_max_flush(void **state) {
  (void)state;
  gcn_fp_env f = flush(RNE);
  gcn_fp_env out_only = env(RNE, false, true, true, true);
  /* gcn14 (flush_ok): denormals read as +-0, then the +-0 rule */
  CHECK(gcn_f32_min(0x00000001u, 0x80000001u, &f, true), N0);
  CHECK(gcn_f32_max(0x00000005u, P0, &f, true), P0);
  /* before gcn14: no flushing at all */
  CHECK(gcn_f32_min(0x00000001u, 0x80000001u, &f, false), 0x80000001u);
  CHECK(gcn_f32_max(0x00000005u, P0, &f, false), 0x00000005u);
  /* allow in / flush out: the denormal wins the compare, then is flushed on output */
  CHECK(gcn_f32_max(0x00000005u, P0, &out_only, true), P0);
  CHECK(gcn_f32_min(0x80000005u, P0, &out_only, true), N0);
  CHECK(gcn_f16_max(0x0003u, 0x0001u, &f, false), 0x0003u);
  CHECK(gcn_f16_max(0x0003u, 0x0001u, &f, true), 0x0000u);
}

/* ------------------------------------------------------------------ legacy ops */
static void test_legacy_mul(void **state) {
  (void)state;
  gcn_fp_env i = flush(RNE), a = allow(RNE);
  CHECK(gcn_f32_mul_legacy(P0, INF, &i), P0);
  CHECK(gcn_f32_mul_legacy(NINF, P0, &i), P0);
  CHECK(gcn_f32_mul_legacy(N0, ONE, &i), P0);       /* +0 even from -0 * 1 */
  CHECK(gcn_f32_mul_legacy(N0, 0x7FC00000u, &i), P0);
  CHECK(gcn_f32_mul_legacy(0x7F800001u, P0, &i), P0);  /* even an sNaN */
  CHECK(gcn_f32_mul_legacy(TWO, 0x40400000u, &i), 0x40C00000u); /* 2 * 3 = 6 */
  CHECK(gcn_f32_mul_legacy(0x00000001u, INF, &i), P0);  /* flushed denormal is 0 */
  CHECK(gcn_f32_mul_legacy(0x00000001u, INF, &a), INF); /* kept denormal */
  CHECK(gcn_f32_mul_legacy(INF, 0x7F800001u, &i), 0x7FC00001u);
  CHECK(gcn_f32_mul_legacy(MINN, HALF, &a), 0x00400000u); /* follows the env */
}

static void test_legacy_mad(void **state) {
  (void)state;
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env e = flush(rm);
    /* +0.0 + c: c = -0 gives +0 (toward -inf: -0, since +0 + -0 = -0 there) */
    CHECK(gcn_f32_mad_legacy(P0, 0x7FC00000u, N0, &e), rm == RDN ? N0 : P0);
    CHECK(gcn_f32_mad_legacy(N0, ONE, N0, &e), rm == RDN ? N0 : P0);
    CHECK(gcn_f32_mad_legacy(P0, INF, 0x40A00000u, &e), 0x40A00000u); /* 0 * inf + 5 = 5 */
    CHECK(gcn_f32_mad_legacy(TWO, 0x40400000u, ONE, &e), 0x40E00000u); /* 2*3+1 = 7 */
  }
  gcn_fp_env a = allow(RNE);
  /* c NaN propagates; the NaN multiplicand is ignored */
  CHECK(gcn_f32_mad_legacy(P0, 0x7FC00001u, 0x7F800002u, &a), 0x7FC00002u);
  /* forced flush: a denormal multiplicand is 0 */
  CHECK(gcn_f32_mad_legacy(0x00400000u, INF, ONE, &a), ONE);
  /* otherwise an ordinary mad: NaN order a, b, c */
  CHECK(gcn_f32_mad_legacy(ONE, 0x7FC00001u, 0x7FC00002u, &a), 0x7FC00001u);
}

static void test_legacy_min_max(void **state) {
  (void)state;
  gcn_fp_env i = flush(RNE), n = env(RNE, true, true, false, true);
  CHECK(gcn_f32_min_legacy(ONE, TWO, &i), ONE);
  CHECK(gcn_f32_max_legacy(ONE, TWO, &i), TWO);
  CHECK(gcn_f32_min_legacy(ONE, QNAN, &i), QNAN);  /* any NaN: src1 */
  CHECK(gcn_f32_min_legacy(QNAN, ONE, &i), ONE);
  CHECK(gcn_f32_max_legacy(ONE, QNAN, &i), QNAN);
  CHECK(gcn_f32_max_legacy(QNAN, ONE, &i), ONE);
  CHECK(gcn_f32_min_legacy(P0, N0, &i), N0);       /* tie: src1 */
  CHECK(gcn_f32_min_legacy(N0, P0, &i), P0);
  CHECK(gcn_f32_max_legacy(P0, N0, &i), N0);
  CHECK(gcn_f32_min_legacy(ONE, 0x7F800001u, &i), 0x7FC00001u);
  CHECK(gcn_f32_min_legacy(ONE, 0x7F800001u, &n), 0x7F800001u);
  CHECK(gcn_f32_min_legacy(0x7F800001u, ONE, &i), ONE);
  CHECK(gcn_f32_min_legacy(0x00000001u, P0, &i), P0); /* no flushing: 2^-149 > 0 */
  CHECK(gcn_f32_max_legacy(0x00000001u, P0, &i), 0x00000001u);
}

/* ------------------------------------------------------------------ OMOD and CLAMP */
static void test_omod_clamp(void **state) {
  (void)state;
  gcn_fp_env o = env(RNE, true, true, false, true); /* flush out, IEEE off: OMOD works */
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 1, false, &o), 0x40400000u); /* 1.5 * 2 = 3 */
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 2, false, &o), 0x40C00000u); /* * 4 = 6 */
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 3, false, &o), 0x3F400000u); /* * 0.5 = 0.75 */
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 0, false, &o), 0x3FC00000u);
  CHECK(gcn_f32_omod_clamp(0xBFC00000u, 1, false, &o), 0xC0400000u);
  CHECK(gcn_f32_omod_clamp(0x7FC00001u, 1, false, &o), 0x7FC00001u); /* NaN unchanged */
  CHECK(gcn_f32_omod_clamp(NINF, 3, false, &o), NINF);
  CHECK(gcn_f32_omod_clamp(N0, 2, false, &o), N0);
  /* ignored with IEEE = 1, and with output denormals enabled */
  gcn_fp_env ie = env(RNE, true, true, true, true), dn = env(RNE, true, false, false, true);
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 1, false, &ie), 0x3FC00000u);
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 3, false, &dn), 0x3FC00000u);
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 1, true, &ie), ONE); /* clamp still applies */
  /* overflow of the scaled value, per rounding mode */
  const uint32_t ovf[4] = {INF, INF, MAXF, MAXF};
  /* 0x00FFFFFF * 0.5 = 2^-126 - 2^-150: ties to 2^-126; RTZ/RDN give a denormal,
   * which is flushed (OMOD only works with output flushing) */
  const uint32_t tiny[4] = {MINN, MINN, P0, P0};
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env r = env(rm, true, true, false, true);
    CHECK(gcn_f32_omod_clamp(MAXF, 1, false, &r), ovf[rm]);
    CHECK(gcn_f32_omod_clamp(0x00FFFFFFu, 3, false, &r), tiny[rm]);
  }
  CHECK(gcn_f32_omod_clamp(MINN, 3, false, &o), P0);          /* 2^-127 flushed */
  CHECK(gcn_f32_omod_clamp(0x80800000u, 3, false, &o), N0);   /* sign kept */
  CHECK(gcn_f32_omod_clamp(0x00400000u, 1, false, &o), MINN); /* denormal r scaled */
  /* CLAMP */
  CHECK(gcn_f32_omod_clamp(TWO, 0, true, &o), ONE);
  CHECK(gcn_f32_omod_clamp(0xC0000000u, 0, true, &o), P0);
  CHECK(gcn_f32_omod_clamp(HALF, 0, true, &o), HALF);
  CHECK(gcn_f32_omod_clamp(ONE, 0, true, &o), ONE);
  CHECK(gcn_f32_omod_clamp(0x3F800001u, 0, true, &o), ONE);
  CHECK(gcn_f32_omod_clamp(INF, 0, true, &o), ONE);
  CHECK(gcn_f32_omod_clamp(NINF, 0, true, &o), P0);
  CHECK(gcn_f32_omod_clamp(N0, 0, true, &o), N0);         /* -0 stays (choice) */
  CHECK(gcn_f32_omod_clamp(0x80000001u, 0, true, &o), P0); /* negative denormal */
  CHECK(gcn_f32_omod_clamp(0x7FC00001u, 0, true, &o), P0); /* DX10_CLAMP: NaN -> 0 */
  CHECK(gcn_f32_omod_clamp(0xFF800001u, 0, true, &o), P0);
  gcn_fp_env nd = env(RNE, true, true, false, false);
  CHECK(gcn_f32_omod_clamp(0x7FC00001u, 0, true, &nd), 0x7FC00001u); /* passes */
  CHECK(gcn_f32_omod_clamp(0x7F800001u, 0, true, &nd), 0x7F800001u);
  /* OMOD first, then CLAMP: 0.75 * 2 = 1.5 -> 1; -0.75 * 2 -> 0 */
  CHECK(gcn_f32_omod_clamp(0x3F400000u, 1, true, &o), ONE);
  CHECK(gcn_f32_omod_clamp(0xBF400000u, 1, true, &o), P0);
  CHECK(gcn_f32_omod_clamp(0x3F400000u, 3, true, &o), 0x3EC00000u); /* 0.375 */
}

static void test_omod_clamp_f16(void **state) {
  (void)state;
  gcn_fp_env o = env(RNE, true, true, false, true);
  CHECK(gcn_f16_omod_clamp(0x3E00u, 1, false, &o), 0x4200u); /* 1.5 * 2 = 3 */
  CHECK(gcn_f16_omod_clamp(0x3E00u, 2, false, &o), 0x4600u); /* * 4 = 6 */
  CHECK(gcn_f16_omod_clamp(0x3E00u, 3, false, &o), 0x3A00u); /* * 0.5 = 0.75 */
  CHECK(gcn_f16_omod_clamp(0x3E00u, 1, true, &o), 0x3C00u);
  CHECK(gcn_f16_omod_clamp(0x7BFFu, 1, false, &o), 0x7C00u);
  CHECK(gcn_f16_omod_clamp(0x0400u, 3, false, &o), 0x0000u);
  CHECK(gcn_f16_omod_clamp(0xC000u, 0, true, &o), 0x0000u);
  CHECK(gcn_f16_omod_clamp(0x7E00u, 0, true, &o), 0x0000u);
  gcn_fp_env dn = env(RNE, false, false, false, false);
  CHECK(gcn_f16_omod_clamp(0x3E00u, 1, false, &dn), 0x3E00u); /* f16 denormals on */
  CHECK(gcn_f16_omod_clamp(0x7E01u, 1, true, &dn), 0x7E01u);
  /* the MODE-derived envs: 0x40 = f32 flush (OMOD works), f16 denorm 1 (flush out) */
  gcn_fp_env m32 = gcn_fp_env_f32(0x40), m16 = gcn_fp_env_f16(0x40);
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 1, false, &m32), 0x40400000u);
  CHECK(gcn_f16_omod_clamp(0x3E00u, 1, false, &m16), 0x4200u);
  m16 = gcn_fp_env_f16(0xC0); /* f16 denormals on: OMOD ignored */
  CHECK(gcn_f16_omod_clamp(0x3E00u, 1, false, &m16), 0x3E00u);
  m32 = gcn_fp_env_f32(0x200); /* IEEE: OMOD ignored */
  CHECK(gcn_f32_omod_clamp(0x3FC00000u, 1, false, &m32), 0x3FC00000u);
}

/* ------------------------------------------------------------------ conversions */
static void test_pkrtz(void **state) {
  (void)state;
  gcn_fp_env h = allow(RNE), hf = flush(RUP);
  CHECK(gcn_cvt_pkrtz_f16_f32(ONE, 0xC0000000u, &h), 0xC0003C00u); /* {-2, 1} */
  /* 1 + 0x1FFF * 2^-23 truncates to 1.0 (RNE would give 0x3C01) */
  CHECK(gcn_cvt_pkrtz_f16_f32(0x3F801FFFu, 0xBF801FFFu, &h), 0xBC003C00u);
  CHECK(gcn_cvt_pkrtz_f16_f32(0x3F801FFFu, 0, &hf), 0x00003C00u); /* MODE rounding ignored */
  /* 65520 (0x477FF000) truncates to 65504; overflow saturates to max, inf stays inf */
  CHECK(gcn_cvt_pkrtz_f16_f32(0x477FF000u, 0x501502F9u /* 1e10 */, &h), 0x7BFF7BFFu);
  CHECK(gcn_cvt_pkrtz_f16_f32(INF, NINF, &h), 0xFC007C00u);
  CHECK(gcn_cvt_pkrtz_f16_f32(0xCF000000u, 0, &h), 0x0000FBFFu);
  /* NaN always quieted, top 10 fraction bits kept, whatever IEEE says */
  gcn_fp_env n = env(RNE, false, false, false, false);
  CHECK(gcn_cvt_pkrtz_f16_f32(0x7F800001u, 0x7FA00000u, &n), 0x7F007E00u);
  CHECK(gcn_cvt_pkrtz_f16_f32(0xFFC02000u, QNAN, &n), 0x7E00FE01u);
  /* f16 denormal results: 2^-20 (0x35800000) = 0x0010, flushed when f16 flushes out */
  CHECK(gcn_cvt_pkrtz_f16_f32(0x35800000u, 0xB5800000u, &h), 0x80100010u);
  CHECK(gcn_cvt_pkrtz_f16_f32(0x35800000u, 0xB5800000u, &hf), 0x80000000u);
  /* below the smallest f16 denormal: 2^-25, and f32 denormals */
  CHECK(gcn_cvt_pkrtz_f16_f32(0x33000000u, 0x807FFFFFu, &h), 0x80000000u);
  CHECK(gcn_cvt_pkrtz_f16_f32(N0, P0, &h), 0x00008000u);
}

static void test_pknorm(void **state) {
  (void)state;
  /* i16: 1 -> 32767, -1 -> -32767 (0x8001), 0.5 -> 16383.5 -> 16384 (even) */
  CHECK(gcn_cvt_pknorm_i16_f32(ONE, MONE), 0x80017FFFu);
  CHECK(gcn_cvt_pknorm_i16_f32(HALF, 0xBF000000u), 0xC0004000u);
  CHECK(gcn_cvt_pknorm_i16_f32(TWO, NINF), 0x80017FFFu);
  CHECK(gcn_cvt_pknorm_i16_f32(0xC0000000u, INF), 0x7FFF8001u); /* -2 saturates at -32767 */
  CHECK(gcn_cvt_pknorm_i16_f32(QNAN, 0x7F800001u), 0u);
  CHECK(gcn_cvt_pknorm_i16_f32(N0, 0x80000001u), 0u);
  /* 2^-16 * 32767 = 0.49998 -> 0; 2^-15 * 32767 = 0.99997 -> 1; -2^-15 -> -1 (0xFFFF) */
  CHECK(gcn_cvt_pknorm_i16_f32(0x37800000u, 0x38000000u), 0x00010000u);
  CHECK(gcn_cvt_pknorm_i16_f32(0xB8000000u, 0), 0x0000FFFFu);
  /* 3 * 2^-16 (0x38400000): 3 * 32767 / 65536 = 1.49995 -> 1 */
  CHECK(gcn_cvt_pknorm_i16_f32(0x38400000u, 0), 0x00000001u);
  /* u16: 1 -> 65535, 0.5 -> 32767.5 -> 32768 (even), negatives -> 0 */
  CHECK(gcn_cvt_pknorm_u16_f32(ONE, HALF), 0x8000FFFFu);
  CHECK(gcn_cvt_pknorm_u16_f32(MONE, TWO), 0xFFFF0000u);
  CHECK(gcn_cvt_pknorm_u16_f32(QNAN, NINF), 0u);
  CHECK(gcn_cvt_pknorm_u16_f32(INF, 0x37000000u /* 2^-17 -> 0.49999 */), 0x0000FFFFu);
}

static void test_pkaccum(void **state) {
  (void)state;
  const uint8_t r25[4] = {2, 3, 2, 2};   /* 2.5 */
  const uint8_t r35[4] = {4, 4, 3, 3};   /* 3.5 */
  const uint8_t r27[4] = {3, 3, 2, 2};   /* 2.75 (0x40300000) */
  for (unsigned rm = 0; rm < 4; rm++) {
    gcn_fp_env e = allow(rm);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x40200000u, &e), r25[rm]);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x40600000u, &e), r35[rm]);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x40300000u, &e), r27[rm]);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x437F8000u, &e), 255); /* 255.5 */
    CHECK(gcn_cvt_pkaccum_u8_f32(0x43960000u, &e), 255); /* 300 */
    CHECK(gcn_cvt_pkaccum_u8_f32(INF, &e), 255);
    CHECK(gcn_cvt_pkaccum_u8_f32(MONE, &e), 0);
    CHECK(gcn_cvt_pkaccum_u8_f32(0xBF000000u, &e), 0);
    CHECK(gcn_cvt_pkaccum_u8_f32(NINF, &e), 0);
    CHECK(gcn_cvt_pkaccum_u8_f32(QNAN, &e), 0);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x7F800001u, &e), 0);
    CHECK(gcn_cvt_pkaccum_u8_f32(0x437F0000u, &e), 255); /* 255.0 */
  }
  gcn_fp_env up = allow(RUP), upf = flush(RUP);
  CHECK(gcn_cvt_pkaccum_u8_f32(0x00000001u, &up), 1);  /* denormal kept: rounds up */
  CHECK(gcn_cvt_pkaccum_u8_f32(0x00000001u, &upf), 0); /* flushed */
  CHECK(gcn_cvt_pkaccum_u8_f32(0x437F4000u, &up), 255); /* 255.25 up -> 256 -> 255 */
  CHECK(gcn_pkaccum_insert(0x11223344u, 2, 0xAB), 0x11AB3344u);
  CHECK(gcn_pkaccum_insert(0x11223344u, 7, 0xAB), 0xAB223344u); /* s1[1:0] = 3 */
  CHECK(gcn_pkaccum_insert(0x11223344u, 0, 0x00), 0x11223300u);
}

/* ------------------------------------------------------------------ ldexp */
static void test_ldexp_f32(void **state) {
  (void)state;
  gcn_fp_env a = allow(RNE), f = flush(RNE), up = allow(RUP), z = allow(RTZ);
  CHECK(gcn_f32_ldexp(ONE, 127, &a), 0x7F000000u);
  CHECK(gcn_f32_ldexp(ONE, 128, &a), INF);
  CHECK(gcn_f32_ldexp(ONE, 128, &z), MAXF);
  CHECK(gcn_f32_ldexp(MONE, 128, &z), 0xFF7FFFFFu);
  CHECK(gcn_f32_ldexp(ONE, 0x7FFFFFFFu, &a), INF);
  CHECK(gcn_f32_ldexp(ONE, (uint32_t)-126, &f), MINN);
  CHECK(gcn_f32_ldexp(ONE, (uint32_t)-149, &a), 0x00000001u);
  CHECK(gcn_f32_ldexp(ONE, (uint32_t)-149, &f), P0);
  CHECK(gcn_f32_ldexp(ONE, (uint32_t)-150, &a), P0);          /* tie with 0: even */
  CHECK(gcn_f32_ldexp(ONE, (uint32_t)-150, &up), 0x00000001u);
  CHECK(gcn_f32_ldexp(0x3FC00000u, (uint32_t)-150, &a), 0x00000001u); /* 0.75 ulp */
  CHECK(gcn_f32_ldexp(0x3FC00000u, (uint32_t)-150, &z), P0);
  CHECK(gcn_f32_ldexp(0x40400000u, (uint32_t)-150, &a), 0x00000002u); /* 1.5 ulp -> 2 */
  CHECK(gcn_f32_ldexp(ONE, 0x80000000u, &a), P0);
  CHECK(gcn_f32_ldexp(ONE, 0x80000000u, &up), 0x00000001u);
  CHECK(gcn_f32_ldexp(MONE, 0x80000000u, &up), N0);
  CHECK(gcn_f32_ldexp(0x00000001u, 149, &a), ONE);  /* denormal input kept */
  CHECK(gcn_f32_ldexp(0x00000001u, 149, &f), P0);   /* flushed input */
  CHECK(gcn_f32_ldexp(0x007FFFFFu, 1, &a), 0x00FFFFFEu);
  CHECK(gcn_f32_ldexp(N0, 5, &a), N0);
  CHECK(gcn_f32_ldexp(INF, (uint32_t)-1000, &a), INF);
  CHECK(gcn_f32_ldexp(MAXF, (uint32_t)-1, &a), 0x7EFFFFFFu);
  /* max = (2 - 2^-23) * 2^127: * 2^-253 = (2 - 2^-23) * 2^-126 = 0x00FFFFFF exactly;
   * * 2^-254 = 2^-126 - 2^-150, the tie between 0x007FFFFF and 0x00800000 */
  CHECK(gcn_f32_ldexp(MAXF, (uint32_t)-253, &a), 0x00FFFFFFu);
  CHECK(gcn_f32_ldexp(MAXF, (uint32_t)-254, &a), MINN);
  CHECK(gcn_f32_ldexp(MAXF, (uint32_t)-254, &z), 0x007FFFFFu);
  CHECK(gcn_f32_ldexp(MAXF, (uint32_t)-254, &f), MINN);
}

static void test_ldexp_f16(void **state) {
  (void)state;
  gcn_fp_env a = allow(RNE), up = allow(RUP);
  CHECK(gcn_f16_ldexp(0x3C00u, 15, &a), 0x7800u);
  CHECK(gcn_f16_ldexp(0x3C00u, 16, &a), 0x7C00u);
  /* S1 is truncated to its low 16 bits: 0x00010000 is 0, not saturated to 32767 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0x00010000u, &a), 0x3C00u);
  CHECK(gcn_f16_ldexp(0x3C00u, 0x0000FFFFu, &a), 0x3800u);  /* -1 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0xFFFF0001u, &a), 0x4000u);  /* +1, not saturated to -32768 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0x00008000u, &a), 0x0000u);  /* -32768 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0x00008000u, &up), 0x0001u);
  CHECK(gcn_f16_ldexp(0x3C00u, 0x00007FFFu, &a), 0x7C00u);  /* 32767 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0xFFFFFFE8u, &a), 0x0001u);  /* -24 */
  CHECK(gcn_f16_ldexp(0x3C00u, 0xFFFFFFE7u, &a), 0x0000u);  /* -25: tie with 0 */
  gcn_fp_env f = flush(RNE);
  CHECK(gcn_f16_ldexp(0x3C00u, 0xFFFFFFE8u, &f), 0x0000u);
  CHECK(gcn_f16_ldexp(0xFE01u, 3, &a), 0xFE01u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_env_from_mode),   cmocka_unit_test(test_absneg),
      cmocka_unit_test(test_round_ties_f32),  cmocka_unit_test(test_round_ties_f16),
      cmocka_unit_test(test_host_state),
      cmocka_unit_test(test_overflow),        cmocka_unit_test(test_denormals),
      cmocka_unit_test(test_tininess),        cmocka_unit_test(test_zero_signs),
      cmocka_unit_test(test_nan_propagation), cmocka_unit_test(test_default_nan),
      cmocka_unit_test(test_fma_mad),         cmocka_unit_test(test_min_max),
      cmocka_unit_test(test_min_max_flush),   cmocka_unit_test(test_legacy_mul),
      cmocka_unit_test(test_legacy_mad),      cmocka_unit_test(test_legacy_min_max),
      cmocka_unit_test(test_omod_clamp),      cmocka_unit_test(test_omod_clamp_f16),
      cmocka_unit_test(test_pkrtz),           cmocka_unit_test(test_pknorm),
      cmocka_unit_test(test_pkaccum),         cmocka_unit_test(test_ldexp_f32),
      cmocka_unit_test(test_ldexp_f16),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

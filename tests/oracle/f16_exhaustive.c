/* Exhaustive check of V_ADD_F16, V_MUL_F16 and V_FMA_F16 (round to nearest even, f16
 * denormals on, IEEE = 1) over all 2^32 operand pairs (fma: the third operand derived from
 * the pair, half the time near -(a*b) so that the sum cancels), against an oracle built on
 * exact double arithmetic (a sum or product of two binary16 values is exact in binary64;
 * for fma the double sum's rounding error is recovered exactly with TwoSum and breaks an
 * f16 tie) and a rounding routine of its own (host nearbyint/ldexp, not fp.c's rounder).
 * NaN results follow the GCN rules, re-stated here from gcn_semantics.md section 3.
 * `make test-exhaustive`; prints "N passed, N failed" (one test per instruction). */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/fp.h"

static double f16_to_double(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1F, man = h & 0x3FF;
  double v;
  if (exp == 0)
    v = ldexp(man, -24);
  else if (exp == 31)
    v = man ? NAN : INFINITY;
  else
    v = ldexp(man | 0x400, exp - 25);
  return sign ? -v : v;
}

/* Rounds an exact finite double to binary16, nearest even, with denormals. */
static uint16_t double_to_f16(double x) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  if (a == 0) return sign;
  if (a >= 65520.0) return sign | 0x7C00; /* halfway between 65504 and 2^16 rounds up */
  if (a < ldexp(1, -14)) {                  /* denormal range: units of 2^-24 */
    double q = nearbyint(ldexp(a, 24));
    return sign | (uint16_t)q; /* q == 1024 is the smallest normal, encoded the same way */
  }
  int e;
  frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
  e -= 1;       /* a in [2^e, 2^(e+1)) */
  double q = nearbyint(ldexp(a, 10 - e)); /* 11-bit significand */
  if (q == 2048) {
    q = 1024;
    e += 1;
  }
  if (e > 15) return sign | 0x7C00;
  return sign | (uint16_t)((e + 15) << 10) | ((uint16_t)q & 0x3FF);
}

static int is_nan(uint16_t h) { return (h & 0x7FFF) > 0x7C00; }

/* GCN NaN rules with IEEE = 1: the first NaN operand wins, quieted (bit 9 set). */
static uint16_t expected(uint16_t a, uint16_t b, int mul) {
  if (is_nan(a)) return a | 0x200;
  if (is_nan(b)) return b | 0x200;
  double x = f16_to_double(a), y = f16_to_double(b);
  double r = mul ? x * y : x + y;
  if (isnan(r)) return 0x7E00; /* inf - inf, 0 * inf: the default NaN */
  if (isinf(r)) return (uint16_t)((r < 0 ? 0x8000 : 0) | 0x7C00);
  return double_to_f16(r);
}

/* The fma addend of the pair (a, b): a hash, or -(a*b) rounded plus a few ulps. */
static uint16_t addend(uint32_t a, uint32_t b) {
  uint32_t h = (a * 0x9E3779B1u) ^ (b * 0x85EBCA77u);
  h ^= h >> 15;
  if (h & 1) return (uint16_t)(h >> 8);
  double p = f16_to_double((uint16_t)a) * f16_to_double((uint16_t)b);
  if (isnan(p) || isinf(p) || fabs(p) >= 65504.0) return (uint16_t)(h >> 8);
  uint16_t r = double_to_f16(-p);
  return (uint16_t)(r + ((h >> 1) & 3) - 1);
}

/* fma with IEEE = 1: NaN operands in order, invalid -> the default NaN, else a*b + c
 * rounded once to f16. */
static uint16_t expected_fma(uint16_t a, uint16_t b, uint16_t c) {
  if (is_nan(a)) return a | 0x200;
  if (is_nan(b)) return b | 0x200;
  if (is_nan(c)) return c | 0x200;
  double x = f16_to_double(a), y = f16_to_double(b), z = f16_to_double(c);
  double p = x * y; /* exact */
  double r = p + z;
  if (isnan(r)) return 0x7E00;
  if (isinf(r)) return (uint16_t)((r < 0 ? 0x8000 : 0) | 0x7C00);
  double zz = r - p, err = (p - (r - zz)) + (z - zz); /* TwoSum: p + z = r + err exactly */
  if (err != 0) r = nextafter(r, err > 0 ? INFINITY : -INFINITY); /* off any f16 tie */
  return double_to_f16(r);
}

int main(int argc, char **argv) {
  unsigned step = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 1; /* 1 = exhaustive */
  fesetround(FE_TONEAREST);
  /* MODE: f16 round to nearest even (FP_ROUND[3:2] = 0), f16 denormals in and out
   * (FP_DENORM[7:6] = 3), IEEE = 1. */
  gcn_fp_env e = gcn_fp_env_f16(0xC0u | GCN_MODE_IEEE);
  unsigned passed = 0, failed = 0;
  static const char *const name[3] = {"v_add_f16", "v_mul_f16", "v_fma_f16"};
  for (int mul = 0; mul < 3; mul++) {
    unsigned long long bad = 0, n = 0;
    for (uint32_t a = 0; a < 0x10000; a += step) {
      for (uint32_t b = 0; b < 0x10000; b++) {
        uint16_t c = mul == 2 ? addend(a, b) : 0, got, want;
        if (mul == 2) {
          got = gcn_f16_fma((uint16_t)a, (uint16_t)b, c, &e);
          want = expected_fma((uint16_t)a, (uint16_t)b, c);
        } else {
          got = mul ? gcn_f16_mul((uint16_t)a, (uint16_t)b, &e) : gcn_f16_add((uint16_t)a, (uint16_t)b, &e);
          want = expected((uint16_t)a, (uint16_t)b, mul);
        }
        n++;
        if (got != want && bad++ < 10)
          printf("  %s(0x%04x, 0x%04x, 0x%04x): got 0x%04x, expected 0x%04x\n", name[mul], a, b, c,
                 got, want);
      }
    }
    printf("%s: %llu pairs, %llu differences\n", name[mul], n, bad);
    if (bad)
      failed++;
    else
      passed++;
  }
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

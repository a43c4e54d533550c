/* Exhaustive check of V_ADD_F16 and V_MUL_F16 (round to nearest even, f16 denormals on,
 * IEEE = 1) over all 2^32 operand pairs, against an oracle built on exact double
 * arithmetic (a sum or product of two binary16 values is exact in binary64) and a
 * rounding routine of its own (host nearbyint/ldexp, not fp.c's integer rounder).
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

int main(int argc, char **argv) {
  unsigned step = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 1; /* 1 = exhaustive */
  fesetround(FE_TONEAREST);
  /* MODE: f16 round to nearest even (FP_ROUND[3:2] = 0), f16 denormals in and out
   * (FP_DENORM[7:6] = 3), IEEE = 1. */
  gcn_fp_env e = gcn_fp_env_f16(0xC0u | GCN_MODE_IEEE);
  unsigned passed = 0, failed = 0;
  for (int mul = 0; mul < 2; mul++) {
    unsigned long long bad = 0, n = 0;
    for (uint32_t a = 0; a < 0x10000; a += step) {
      for (uint32_t b = 0; b < 0x10000; b++) {
        uint16_t got = mul ? gcn_f16_mul((uint16_t)a, (uint16_t)b, &e) : gcn_f16_add((uint16_t)a, (uint16_t)b, &e);
        uint16_t want = expected((uint16_t)a, (uint16_t)b, mul);
        n++;
        if (got != want && bad++ < 10)
          printf("  %s(0x%04x, 0x%04x): got 0x%04x, expected 0x%04x\n", mul ? "v_mul_f16" : "v_add_f16",
                 a, b, got, want);
      }
    }
    printf("%s: %llu pairs, %llu differences\n", mul ? "v_mul_f16" : "v_add_f16", n, bad);
    if (bad)
      failed++;
    else
      passed++;
  }
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

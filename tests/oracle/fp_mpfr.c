/* fp_mpfr: differential test of the gcnref float core (refmodel/src/fp.c) against GNU MPFR.
 *
 *   fp_mpfr [--cases N] [--seed S] [--only NAME] [--max-report K]
 *
 * For every instruction (add, sub, mul, fma, mad, ldexp and OMOD/CLAMP, each in f32 and
 * f16) x rounding mode (4) x MODE denormal setting (4) it runs N random cases (default
 * 50000 per group; --cases 1000000 is the long run) and compares the bits. Operands are
 * weighted to corner classes (+-0, denormals incl. the smallest and largest, smallest and
 * largest normals, +-inf, qNaN, sNaN, exponents near underflow/overflow, operands built to
 * land near rounding boundaries and to cancel); every other case applies random abs/neg
 * input modifiers; IEEE and DX10_CLAMP are random per case.
 *
 * The oracle is independent of the code under test: binary32/binary16 are emulated with
 * MPFR (precision 24/11, mpfr_set_emin/emax, mpfr_check_range + mpfr_subnormalize), the
 * GCN rules (flushing, NaN choice, OMOD/CLAMP) are re-implemented here from
 * gcn_semantics.md and docs/float.md, and operands go through host doubles only as exact
 * values. Each (instruction, rounding, denorm) group is one test; the last line is
 * "N passed, N failed" and the exit status is non-zero on any failure. Deterministic for
 * a given seed. */
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmp.h>
#include <mpfr.h>

#include "gcnref/fp.h"

/* ------------------------------------------------------------------ formats */
typedef struct {
  const char *name;
  int ebits, mbits, bias;
  int prec;            /* mbits + 1 */
  mpfr_exp_t emin, emax; /* MPFR convention: x = m * 2^e, 0.5 <= m < 1 */
} ofmt;

static const ofmt OF32 = {"f32", 8, 23, 127, 24, -148, 128};
static const ofmt OF16 = {"f16", 5, 10, 15, 11, -23, 16};

static uint32_t o_sign(const ofmt *f) { return 1u << (f->ebits + f->mbits); }
static uint32_t o_expmax(const ofmt *f) { return (1u << f->ebits) - 1u; }
static uint32_t o_fracmask(const ofmt *f) { return (1u << f->mbits) - 1u; }
static uint32_t o_quiet(const ofmt *f) { return 1u << (f->mbits - 1); }
static uint32_t o_inf(const ofmt *f) { return o_expmax(f) << f->mbits; }
static uint32_t o_be(const ofmt *f, uint32_t x) { return (x >> f->mbits) & o_expmax(f); }
static bool o_isnan(const ofmt *f, uint32_t x) {
  return o_be(f, x) == o_expmax(f) && (x & o_fracmask(f)) != 0;
}
static bool o_isinf(const ofmt *f, uint32_t x) {
  return o_be(f, x) == o_expmax(f) && (x & o_fracmask(f)) == 0;
}
static bool o_isdenorm(const ofmt *f, uint32_t x) {
  return o_be(f, x) == 0 && (x & o_fracmask(f)) != 0;
}
static bool o_iszero(const ofmt *f, uint32_t x) { return (x & (o_sign(f) - 1u)) == 0; }

/* Exact value of a non-NaN encoding. */
static double o_value(const ofmt *f, uint32_t x) {
  uint32_t be = o_be(f, x), fr = x & o_fracmask(f);
  double v;
  if (be == o_expmax(f))
    v = INFINITY;
  else if (be == 0)
    v = ldexp((double)fr, 1 - f->bias - f->mbits);
  else
    v = ldexp((double)(fr | (1u << f->mbits)), (int)be - f->bias - f->mbits);
  return (x & o_sign(f)) ? -v : v;
}

/* Encoding of a finite double that is exactly representable in the format. */
static uint32_t o_encode(const ofmt *f, double v) {
  uint32_t s = signbit(v) ? o_sign(f) : 0;
  v = fabs(v);
  if (v == 0) return s;
  int e;
  double m = frexp(v, &e); /* v = m * 2^e, m in [0.5, 1) */
  int unb = e - 1;
  int emin_norm = 1 - f->bias;
  if (unb >= emin_norm) {
    double frac = ldexp(m * 2.0 - 1.0, f->mbits);
    return s | ((uint32_t)(unb + f->bias) << f->mbits) | (uint32_t)frac;
  }
  return s | (uint32_t)ldexp(v, f->mbits - emin_norm);
}

/* ------------------------------------------------------------------ oracle env and rules */
typedef struct {
  unsigned rm;
  bool fin, fout, ieee, dx10;
} oenv;

static const mpfr_rnd_t RND[4] = {MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ};

static uint32_t o_flush(const ofmt *f, uint32_t x, bool on) {
  return on && o_isdenorm(f, x) ? (x & o_sign(f)) : x;
}
/* GCN NaN rule: the first NaN operand in source order; quieted (bit 22 / bit 9 set, rest
 * kept) only when IEEE = 1. */
static bool o_nan_in(const ofmt *f, const oenv *e, const uint32_t *ops, int n, uint32_t *out) {
  for (int i = 0; i < n; i++)
    if (o_isnan(f, ops[i])) {
      *out = e->ieee ? ops[i] | o_quiet(f) : ops[i];
      return true;
    }
  return false;
}
static uint32_t o_default_nan(const ofmt *f) { return o_inf(f) | o_quiet(f); }

static mpfr_t X, Y, Z, R, P;

static void o_set(mpfr_t m, const ofmt *f, uint32_t x) { mpfr_set_d(m, o_value(f, x), MPFR_RNDN); }

/* Finishes an MPFR result computed with ternary t in mode rm: range check, subnormal
 * rounding, then the bits (default NaN for an invalid operation). */
static uint32_t o_finish(const ofmt *f, mpfr_t r, int t, unsigned rm) {
  t = mpfr_check_range(r, t, RND[rm]);
  mpfr_subnormalize(r, t, RND[rm]);
  if (mpfr_nan_p(r)) return o_default_nan(f);
  if (mpfr_inf_p(r)) return (mpfr_signbit(r) ? o_sign(f) : 0) | o_inf(f);
  return o_encode(f, mpfr_get_d(r, MPFR_RNDN));
}

enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_MAD, OP_LDEXP, OP_OMOD, OP_COUNT };
static const char *const OP_NAME[OP_COUNT] = {"add", "sub", "mul", "fma", "mad", "ldexp", "omod_clamp"};

static uint32_t o_binop(const ofmt *f, int op, uint32_t a, uint32_t b, const oenv *e) {
  uint32_t ops[2] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 2, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  int t = op == OP_ADD ? mpfr_add(R, X, Y, RND[e->rm])
          : op == OP_SUB ? mpfr_sub(R, X, Y, RND[e->rm])
                         : mpfr_mul(R, X, Y, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

static uint32_t o_fma(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e) {
  uint32_t ops[3] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin), o_flush(f, c, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 3, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  o_set(Z, f, ops[2]);
  int t = mpfr_fma(R, X, Y, Z, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

/* Unfused: NaN operands first (a, b, c), then p = round(a*b) written (output flush) and
 * read back (input flush), then round(p + c). */
static uint32_t o_mad(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e) {
  uint32_t ops[3] = {o_flush(f, a, e->fin), o_flush(f, b, e->fin), o_flush(f, c, e->fin)}, nan;
  if (o_nan_in(f, e, ops, 3, &nan)) return nan;
  o_set(X, f, ops[0]);
  o_set(Y, f, ops[1]);
  int t = mpfr_mul(P, X, Y, RND[e->rm]);
  uint32_t p = o_flush(f, o_flush(f, o_finish(f, P, t, e->rm), e->fout), e->fin);
  if (o_isnan(f, p)) return p; /* 0 * inf */
  o_set(X, f, p);
  o_set(Z, f, ops[2]);
  t = mpfr_add(R, X, Z, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

static uint32_t o_ldexp(const ofmt *f, uint32_t a, uint32_t s1, const oenv *e) {
  long n = f == &OF16 ? (long)(int16_t)(uint16_t)(s1 & 0xFFFF) : (long)(int32_t)s1;
  uint32_t x = o_flush(f, a, e->fin), nan;
  if (o_nan_in(f, e, &x, 1, &nan)) return nan;
  if (o_isinf(f, x) || o_iszero(f, x)) return x;
  o_set(X, f, x);
  int t = mpfr_mul_2si(R, X, n, RND[e->rm]);
  return o_flush(f, o_finish(f, R, t, e->rm), e->fout);
}

/* OMOD (x2, x4, x0.5) only when output denormals are flushed and IEEE = 0; then CLAMP. */
static uint32_t o_omod_clamp(const ofmt *f, uint32_t r, unsigned omod, bool clamp, const oenv *e) {
  static const long k[4] = {0, 1, 2, -1};
  if (omod != 0 && e->fout && !e->ieee && !o_isnan(f, r) && !o_isinf(f, r) && !o_iszero(f, r)) {
    o_set(X, f, r);
    int t = mpfr_mul_2si(R, X, k[omod], RND[e->rm]);
    r = o_flush(f, o_finish(f, R, t, e->rm), e->fout);
  }
  if (!clamp) return r;
  if (o_isnan(f, r)) return e->dx10 ? 0 : r;
  double v = o_value(f, r);
  if (v < 0) return 0;
  if (v > 1.0) return (uint32_t)f->bias << f->mbits;
  return r; /* [-0, 1]: -0 stays -0 */
}

/* ------------------------------------------------------------------ random operands */
static uint64_t rng_state;
static uint64_t rnd64(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static uint32_t rndn(uint32_t n) { return (uint32_t)(rnd64() % n); }

static uint32_t gen_frac(const ofmt *f) {
  uint32_t m = o_fracmask(f), r = (uint32_t)rnd64() & m;
  switch (rndn(10)) {
    case 0: return 0;
    case 1: return m;                                     /* all ones */
    case 2: return r & ~(m >> (1 + rndn(f->mbits)));      /* few top bits */
    case 3: return r & (m >> rndn(f->mbits));             /* low bits */
    case 4: return rndn(4);                               /* tiny */
    case 5: return m - rndn(4);                           /* near all ones */
    case 6: return (1u << rndn(f->mbits)) ^ (rndn(2) ? r & 3u : 0); /* single bit */
    default: return r;
  }
}

static uint32_t gen_val(const ofmt *f) {
  uint32_t s = rndn(2) ? o_sign(f) : 0, em = o_expmax(f), m = o_fracmask(f), p = (uint32_t)f->prec;
  uint32_t c = rndn(100);
  if (c < 5) return s;                                            /* +-0 */
  if (c < 8) return s | 1u;                                       /* smallest denormal */
  if (c < 10) return s | m;                                       /* largest denormal */
  if (c < 18) return s | (gen_frac(f) | 1u);                      /* denormal */
  if (c < 21) return s | (1u << f->mbits) | rndn(3);              /* smallest normals */
  if (c < 24) return s | (((em - 1) << f->mbits) | (m - rndn(3))); /* largest normals */
  if (c < 28) return s | o_inf(f);                                /* +-inf */
  if (c < 32) return s | o_inf(f) | o_quiet(f) | ((uint32_t)rnd64() & (rndn(2) ? m : 1u)); /* qNaN */
  if (c < 36) {                                                   /* sNaN */
    uint32_t pay = (uint32_t)rnd64() & (m >> 1);
    return s | o_inf(f) | (pay ? pay : 1u);
  }
  uint32_t be;
  if (c < 48) be = 1 + rndn(p + 3);                               /* near underflow */
  else if (c < 60) be = em - 1 - rndn(p + 3);                     /* near overflow */
  else if (c < 80) be = (uint32_t)f->bias - 4 + rndn(9);          /* around 1.0 */
  else be = 1 + rndn(em - 1);                                     /* anywhere */
  return s | (be << f->mbits) | gen_frac(f);
}

/* b related to a so that a + b or a - b lands near a rounding boundary or cancels. */
static uint32_t gen_related(const ofmt *f, uint32_t a) {
  uint32_t sgn = rndn(2) ? o_sign(f) : 0;
  if (o_isnan(f, a) || o_isinf(f, a)) return gen_val(f);
  if (rndn(2)) { /* cancellation: +-a plus a few ulps */
    uint32_t mag = a & (o_sign(f) - 1u);
    int32_t d = (int32_t)rndn(7) - 3;
    int64_t nm = (int64_t)mag + d;
    if (nm < 0) nm = 0;
    if (nm >= (int64_t)o_inf(f)) nm = o_inf(f) - 1;
    return sgn | (uint32_t)nm;
  }
  int32_t be = (int32_t)o_be(f, a) - (int32_t)rndn((uint32_t)f->prec + 4);
  if (be < 0) be = 0;
  return sgn | ((uint32_t)be << f->mbits) | gen_frac(f);
}

/* c close to -(a*b): rounded product (in a random mode) with the sign flipped and a few
 * ulps of noise; drives fma/mad into cancellation. */
static uint32_t gen_neg_product(const ofmt *f, uint32_t a, uint32_t b) {
  if (o_isnan(f, a) || o_isnan(f, b) || o_isinf(f, a) || o_isinf(f, b)) return gen_val(f);
  o_set(X, f, a);
  o_set(Y, f, b);
  unsigned rm = rndn(4);
  int t = mpfr_mul(P, X, Y, RND[rm]);
  uint32_t p = o_finish(f, P, t, rm);
  if (o_isinf(f, p)) return gen_val(f);
  uint32_t mag = p & (o_sign(f) - 1u);
  int64_t nm = (int64_t)mag + (int32_t)rndn(5) - 2;
  if (nm < 0) nm = 0;
  if (nm >= (int64_t)o_inf(f)) nm = o_inf(f) - 1;
  return (p & o_sign(f) ? 0 : o_sign(f)) | (uint32_t)nm;
}

static uint32_t gen_ldexp_exp(const ofmt *f) {
  int32_t range = f == &OF32 ? 300 : 45;
  switch (rndn(8)) {
    case 0: return (uint32_t)rnd64();
    case 1: {
      static const uint32_t special[] = {0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x00010000u,
                                         0x00008000u, 0x00007FFFu, 0x0000FFFFu, 0xFFFF8000u,
                                         0x00010001u, 0xFFFF0001u, 0x0001FFFFu, 0};
      return special[rndn(sizeof special / sizeof special[0])];
    }
    case 2: return (uint32_t)(rnd64() & 0xFFFF0000u) | (uint32_t)(uint16_t)((int32_t)rndn(2 * range + 1) - range);
    default: return (uint32_t)((int32_t)rndn(2 * (uint32_t)range + 1) - range);
  }
}

/* ------------------------------------------------------------------ model adapters */
static gcn_fp_env to_env(const oenv *o) {
  gcn_fp_env e;
  e.round = (uint8_t)o->rm;
  e.flush_in = o->fin;
  e.flush_out = o->fout;
  e.ieee = o->ieee;
  e.dx10_clamp = o->dx10;
  return e;
}

static uint32_t model(const ofmt *f, int op, const uint32_t *v, unsigned omod, bool clamp,
                      const gcn_fp_env *e) {
  if (f == &OF32) {
    switch (op) {
      case OP_ADD: return gcn_f32_add(v[0], v[1], e);
      case OP_SUB: return gcn_f32_sub(v[0], v[1], e);
      case OP_MUL: return gcn_f32_mul(v[0], v[1], e);
      case OP_FMA: return gcn_f32_fma(v[0], v[1], v[2], e);
      case OP_MAD: return gcn_f32_mad(v[0], v[1], v[2], e);
      case OP_LDEXP: return gcn_f32_ldexp(v[0], v[1], e);
      default: return gcn_f32_omod_clamp(v[0], omod, clamp, e);
    }
  }
  uint16_t a = (uint16_t)v[0], b = (uint16_t)v[1], c = (uint16_t)v[2];
  switch (op) {
    case OP_ADD: return gcn_f16_add(a, b, e);
    case OP_SUB: return gcn_f16_sub(a, b, e);
    case OP_MUL: return gcn_f16_mul(a, b, e);
    case OP_FMA: return gcn_f16_fma(a, b, c, e);
    case OP_MAD: return gcn_f16_mad(a, b, c, e);
    case OP_LDEXP: return gcn_f16_ldexp(a, v[1], e);
    default: return gcn_f16_omod_clamp(a, omod, clamp, e);
  }
}

static uint32_t oracle(const ofmt *f, int op, const uint32_t *v, unsigned omod, bool clamp,
                       const oenv *e) {
  oenv m = *e;
  switch (op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL: return o_binop(f, op, v[0], v[1], e);
    case OP_FMA: return o_fma(f, v[0], v[1], v[2], e);
    case OP_MAD:
      if (f == &OF32) m.fin = m.fout = true; /* v_mad_f32 always flushes f32 denormals */
      return o_mad(f, v[0], v[1], v[2], &m);
    case OP_LDEXP: return o_ldexp(f, v[0], v[1], e);
    default: return o_omod_clamp(f, v[0], omod, clamp, e);
  }
}

static int n_operands(int op) {
  return op == OP_FMA || op == OP_MAD ? 3 : op == OP_OMOD ? 1 : 2;
}

/* ------------------------------------------------------------------ driver */
static const char *const RM_NAME[4] = {"rne", "rup", "rdn", "rtz"};
static const char *const DM_NAME[4] = {"flush-in+out", "allow-in/flush-out",
                                       "flush-in/allow-out", "allow-both"};

typedef struct {
  unsigned long cases, with_mods, failed;
} group_result;

static group_result run_group(const ofmt *f, int op, unsigned rm, unsigned dm, unsigned long n,
                              uint64_t seed, unsigned max_report) {
  group_result g = {0, 0, 0};
  rng_state = seed;
  for (unsigned long i = 0; i < n; i++) {
    oenv oe;
    oe.rm = rm;
    oe.fin = (dm & 1u) == 0;
    oe.fout = (dm & 2u) == 0;
    oe.ieee = rndn(2);
    oe.dx10 = rndn(2);
    uint32_t v[3];
    int k = n_operands(op);
    for (int j = 0; j < 3; j++) v[j] = gen_val(f);
    if ((op == OP_ADD || op == OP_SUB || op == OP_MAD || op == OP_FMA) && rndn(4) == 0) {
      int j = op == OP_MAD || op == OP_FMA ? 2 : 1;
      v[j] = gen_related(f, v[0]);
    }
    if ((op == OP_MAD || op == OP_FMA) && rndn(4) == 0) v[2] = gen_neg_product(f, v[0], v[1]);
    if (op == OP_LDEXP) v[1] = gen_ldexp_exp(f);
    unsigned omod = rndn(4);
    bool clamp = rndn(2);
    bool mods = (i & 1u) && op != OP_OMOD;
    unsigned abs_bits = 0, neg_bits = 0;
    if (mods) {
      g.with_mods++;
      do {
        abs_bits = rndn(8);
        neg_bits = rndn(8);
      } while (abs_bits == 0 && neg_bits == 0);
      int nf = op == OP_LDEXP ? 1 : k; /* ldexp's src1 is an integer: no modifiers */
      for (int j = 0; j < nf; j++) {
        v[j] = f == &OF32 ? gcn_f32_absneg(v[j], abs_bits >> j & 1u, neg_bits >> j & 1u)
                          : gcn_f16_absneg((uint16_t)v[j], abs_bits >> j & 1u, neg_bits >> j & 1u);
      }
    }
    gcn_fp_env e = to_env(&oe);
    uint32_t want = oracle(f, op, v, omod, clamp, &oe);
    uint32_t got = model(f, op, v, omod, clamp, &e);
    g.cases++;
    if (want != got) {
      if (g.failed < max_report) {
        printf("  MISMATCH %s_%s rm=%s dm=%u ieee=%d dx10=%d:", OP_NAME[op], f->name, RM_NAME[rm],
               dm, oe.ieee, oe.dx10);
        for (int j = 0; j < k; j++) printf(" %0*" PRIx32, f == &OF32 ? 8 : 4, v[j]);
        if (op == OP_LDEXP) printf(" (exp %08" PRIx32 ")", v[1]);
        if (op == OP_OMOD) printf(" omod=%u clamp=%d", omod, clamp);
        printf(" -> model %0*" PRIx32 ", mpfr %0*" PRIx32 "\n", f == &OF32 ? 8 : 4, got,
               f == &OF32 ? 8 : 4, want);
      }
      g.failed++;
    }
  }
  return g;
}

static void usage(void) {
  fprintf(stderr,
          "usage: fp_mpfr [--cases N] [--seed S] [--only NAME] [--max-report K]\n"
          "  --cases N   cases per (instruction, rounding mode, denorm mode) group (default 50000)\n"
          "  --seed S    random seed (default 1)\n"
          "  --only NAME run only instructions whose name contains NAME (e.g. fma_f16)\n");
}

int main(int argc, char **argv) {
  unsigned long cases = 50000;
  uint64_t seed = 1;
  const char *only = NULL;
  unsigned max_report = 5;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc)
      cases = strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--max-report") && i + 1 < argc)
      max_report = (unsigned)strtoul(argv[++i], NULL, 0);
    else {
      usage();
      return 2;
    }
  }
  mpfr_inits2(24, X, Y, Z, R, P, (mpfr_ptr)0);
  const ofmt *fmts[2] = {&OF32, &OF16};
  unsigned long passed = 0, failed = 0, total = 0;
  clock_t t0 = clock();
  printf("fp_mpfr: %lu cases per group, seed %" PRIu64 "\n", cases, seed);
  for (int fi = 0; fi < 2; fi++) {
    const ofmt *f = fmts[fi];
    mpfr_set_emin(f->emin);
    mpfr_set_emax(f->emax);
    mpfr_set_prec(X, f->prec);
    mpfr_set_prec(Y, f->prec);
    mpfr_set_prec(Z, f->prec);
    mpfr_set_prec(R, f->prec);
    mpfr_set_prec(P, f->prec);
    for (int op = 0; op < OP_COUNT; op++) {
      char name[32];
      snprintf(name, sizeof name, "%s_%s", OP_NAME[op], f->name);
      if (only && !strstr(name, only)) continue;
      for (unsigned rm = 0; rm < 4; rm++)
        for (unsigned dm = 0; dm < 4; dm++) {
          uint64_t gseed = seed * 0x100000001B3ull ^ ((uint64_t)(fi * 64 + op * 16 + (int)(rm * 4 + dm)) << 40);
          group_result g = run_group(f, op, rm, dm, cases, gseed, max_report);
          total += g.cases;
          printf("%-16s %s %-18s %8lu cases (%lu with input modifiers): %s",
                 name, RM_NAME[rm], DM_NAME[dm], g.cases, g.with_mods, g.failed ? "FAIL" : "ok");
          if (g.failed) printf(" (%lu mismatches)", g.failed);
          printf("\n");
          if (g.failed) failed++;
          else passed++;
        }
    }
  }
  mpfr_clears(X, Y, Z, R, P, (mpfr_ptr)0);
  mpfr_free_cache();
  printf("%lu cases in %.1f s\n", total, (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed ? 1 : 0;
}

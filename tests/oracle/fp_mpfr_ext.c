/* fp_mpfr_ext: the GNU MPFR oracle for the float operations added for issue 21 (f64
 * arithmetic, conversions, rounding ops, fract, frexp, compares, class, transcendentals).
 *
 *   fp_mpfr_ext [--cases N] [--seed S] [--only NAME]
 *
 * Each group runs N random cases (default 20000; --cases 1000000 is make test-long) in
 * every rounding mode x MODE denormal setting where the op reads MODE, plus every f16
 * input of each one-source f16 op (exhaustive). Binary16/32/64 are emulated with MPFR
 * (precision, exponent range, mpfr_subnormalize); the GCN rules (flushing, NaN choice,
 * saturation, special cases) are written here from docs/float.md, independent of the
 * model. Correctly rounded ops must match bit for bit; the transcendentals must be the
 * correctly rounded value too (the model's documented choice; the ISA table's approx bound
 * is what a comparison with hardware accepts) and their special cases exact. The last line
 * is "N passed, N failed". */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <mpfr.h>

#include "gcnref/fp.h"
#include "../../vectors/rng.h"

/* ------------------------------------------------------------------ formats */
typedef struct {
  const char *name;
  gcn_fp_type t;
  int ebits, mbits, bias;
  mpfr_exp_t emin, emax; /* MPFR convention */
} fmt;
static const fmt G16 = {"f16", GCN_FP16, 5, 10, 15, -23, 16};
static const fmt G32 = {"f32", GCN_FP32, 8, 23, 127, -148, 128};
static const fmt G64 = {"f64", GCN_FP64, 11, 52, 1023, -1073, 1024};

static uint64_t sgn(const fmt *f) { return (uint64_t)1 << (f->ebits + f->mbits); }
static uint64_t fracm(const fmt *f) { return ((uint64_t)1 << f->mbits) - 1; }
static uint64_t infb(const fmt *f) { return (((uint64_t)1 << f->ebits) - 1) << f->mbits; }
static uint64_t qbit(const fmt *f) { return (uint64_t)1 << (f->mbits - 1); }
static uint64_t mag(const fmt *f, uint64_t x) { return x & (sgn(f) - 1); }
static bool isnan_(const fmt *f, uint64_t x) { return mag(f, x) > infb(f); }
static bool isinf_(const fmt *f, uint64_t x) { return mag(f, x) == infb(f); }
static bool isden(const fmt *f, uint64_t x) { return mag(f, x) && mag(f, x) < ((uint64_t)1 << f->mbits); }
static uint64_t flush(const fmt *f, uint64_t x, bool on) { return on && isden(f, x) ? x & sgn(f) : x; }
static uint64_t one(const fmt *f) { return (uint64_t)f->bias << f->mbits; }

static double value(const fmt *f, uint64_t x) { /* finite x, exact */
  uint64_t be = (x >> f->mbits) & (((uint64_t)1 << f->ebits) - 1), fr = x & fracm(f);
  double v = be == 0 ? ldexp((double)fr, 1 - f->bias - f->mbits)
                     : ldexp((double)(fr | ((uint64_t)1 << f->mbits)), (int)be - f->bias - f->mbits);
  return (x & sgn(f)) ? -v : v;
}
static uint64_t encode(const fmt *f, double v) { /* exactly representable v */
  uint64_t s = signbit(v) ? sgn(f) : 0;
  v = fabs(v);
  if (isinf(v)) return s | infb(f);
  if (v == 0) return s;
  int e;
  double m = frexp(v, &e);
  int unb = e - 1, en = 1 - f->bias;
  if (unb >= en)
    return s | ((uint64_t)(unb + f->bias) << f->mbits) | (uint64_t)ldexp(m * 2.0 - 1.0, f->mbits);
  return s | (uint64_t)ldexp(v, f->mbits - en);
}

static const mpfr_rnd_t RND[4] = {MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ};
static mpfr_t X, Y, Z, R;

static void use_fmt(const fmt *f) {
  mpfr_set_emin(f->emin);
  mpfr_set_emax(f->emax);
}
static void use_wide(void) {
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
}
static void setv(mpfr_t m, const fmt *f, uint64_t x) { mpfr_set_d(m, value(f, x), MPFR_RNDN); }
/* R (computed in format f's range with ternary t) to bits; mpfr NaN -> dnan. */
static uint64_t finish(const fmt *f, mpfr_t r, int t, unsigned rm, uint64_t dnan) {
  t = mpfr_check_range(r, t, RND[rm]);
  mpfr_subnormalize(r, t, RND[rm]);
  if (mpfr_nan_p(r)) return dnan;
  return encode(f, mpfr_get_d(r, MPFR_RNDN));
}

/* ------------------------------------------------------------------ operands */
static uint64_t rs;
static uint64_t rnd64(void) { return gcn_splitmix64(&rs); }
static uint32_t rndn(uint32_t n) { return (uint32_t)(rnd64() % n); }

static uint64_t gen_val(const fmt *f) {
  uint64_t s = rndn(2) ? sgn(f) : 0, m = fracm(f), r = rnd64() & m;
  uint64_t em = ((uint64_t)1 << f->ebits) - 1;
  switch (rndn(16)) {
    case 0: return s;
    case 1: return s | (rndn(2) ? 1 : m);
    case 2: return s | (r | 1);
    case 3: return s | infb(f);
    case 4: return s | infb(f) | qbit(f) | (r & 7);
    case 5: return s | infb(f) | ((r >> 1) | 1);
    case 6: return s | ((uint64_t)(1 + rndn(3)) << f->mbits) | r;
    case 7: return s | ((em - 1 - rndn(3)) << f->mbits) | r;
    case 8: case 9: case 10: /* around 1 and small integers, exact halves */
      return s | ((uint64_t)(f->bias - 3 + rndn(f->mbits + 6)) << f->mbits) | (rndn(2) ? r : r & ~(m >> 3));
    default: return s | ((uint64_t)(1 + rndn((uint32_t)em - 1)) << f->mbits) | r;
  }
}

/* ------------------------------------------------------------------ checking */
static unsigned long long n_pass, n_fail;
static const char *only;
static unsigned long cases = 20000;

typedef struct {
  char name[64];
  unsigned long bad;
  char first[256];
} group;
static void g_begin(group *g, const char *fmt_, ...) __attribute__((format(printf, 2, 3)));
static void g_begin(group *g, const char *fmt_, ...) {
  va_list ap;
  va_start(ap, fmt_);
  vsnprintf(g->name, sizeof g->name, fmt_, ap);
  va_end(ap);
  g->bad = 0;
  g->first[0] = 0;
}
static void g_check(group *g, uint64_t got, uint64_t want, uint64_t a, uint64_t b, uint64_t c,
                    unsigned mode) {
  if (got == want) return;
  if (!g->bad++)
    snprintf(g->first, sizeof g->first,
             "a=0x%" PRIx64 " b=0x%" PRIx64 " c=0x%" PRIx64 " mode=0x%x: got 0x%" PRIx64
             " want 0x%" PRIx64, a, b, c, mode, got, want);
}
static void g_end(group *g, unsigned long n) {
  if (g->bad) {
    n_fail++;
    printf("%-34s %8lu cases: FAIL (%lu): %s\n", g->name, n, g->bad, g->first);
  } else {
    n_pass++;
    printf("%-34s %8lu cases: ok\n", g->name, n);
  }
}
static bool selected(const char *name) { return !only || strstr(name, only); }

/* MODE with f32 round/denorm = (rm, dn) and the f16/f64 fields the same, IEEE random. */
static unsigned mode_of(unsigned rm, unsigned dn) {
  return rm | rm << 2 | dn << 4 | dn << 6 | (rndn(2) ? GCN_MODE_IEEE : 0);
}
static const fmt *FMTS[3] = {&G16, &G32, &G64};

/* ------------------------------------------------------------------ f64 arithmetic */
static uint64_t o_nan(const fmt *f, unsigned mode, const uint64_t *ops, int n, bool *hit) {
  for (int i = 0; i < n; i++)
    if (isnan_(f, ops[i])) {
      *hit = true;
      return (mode & GCN_MODE_IEEE) ? ops[i] | qbit(f) : ops[i];
    }
  *hit = false;
  return 0;
}

static void test_f64_arith(void) {
  const fmt *f = &G64;
  static const char *const names[4] = {"add", "mul", "fma", "ldexp"};
  for (int op = 0; op < 4; op++) {
    char nm[32];
    snprintf(nm, sizeof nm, "%s_f64", names[op]);
    if (!selected(nm)) continue;
    for (unsigned rm = 0; rm < 4; rm++)
      for (unsigned dn = 0; dn < 4; dn++) {
        group g;
        g_begin(&g, "%s rm%u dn%u", nm, rm, dn);
        for (unsigned long i = 0; i < cases; i++) {
          unsigned mode = mode_of(rm, dn);
          gcn_fp_env e = gcn_fp_env_of(GCN_FP64, mode);
          uint64_t a = gen_val(f), b = gen_val(f), c = gen_val(f);
          uint32_t k = (uint32_t)((int32_t)rndn(4200) - 2100);
          if (op == 0 && rndn(3) == 0) b = (a ^ sgn(f)) + rndn(5) - 2; /* cancellation */
          uint64_t ops[3] = {flush(f, a, !(dn & 1)), flush(f, b, !(dn & 1)), flush(f, c, !(dn & 1))};
          bool hit;
          uint64_t want = o_nan(f, mode, ops, op == 3 ? 1 : op == 2 ? 3 : 2, &hit), got;
          if (!hit) {
            use_fmt(f);
            mpfr_set_prec(R, f->mbits + 1);
            setv(X, f, ops[0]);
            int t;
            if (op == 3) {
              if (isinf_(f, ops[0]) || mag(f, ops[0]) == 0) goto same;
              t = mpfr_mul_2si(R, X, (int32_t)k, RND[rm]);
            } else {
              if (isinf_(f, ops[1])) mpfr_set_inf(Y, (ops[1] & sgn(f)) ? -1 : 1); else setv(Y, f, ops[1]);
              if (isinf_(f, ops[0])) mpfr_set_inf(X, (ops[0] & sgn(f)) ? -1 : 1);
              if (op == 2) {
                if (isinf_(f, ops[2])) mpfr_set_inf(Z, (ops[2] & sgn(f)) ? -1 : 1); else setv(Z, f, ops[2]);
              }
              t = op == 0 ? mpfr_add(R, X, Y, RND[rm]) : op == 1 ? mpfr_mul(R, X, Y, RND[rm])
                                                              : mpfr_fma(R, X, Y, Z, RND[rm]);
            }
            want = flush(f, finish(f, R, t, rm, GCN_F64_DEFAULT_NAN), !(dn & 2));
            mpfr_set_prec(R, 200);
            goto done;
          same:
            mpfr_set_prec(R, 200);
            want = ops[0];
          done:;
          }
          got = op == 0 ? gcn_f64_add(a, b, &e) : op == 1 ? gcn_f64_mul(a, b, &e)
                : op == 2 ? gcn_f64_fma(a, b, c, &e) : gcn_f64_ldexp(a, k, &e);
          g_check(&g, got, want, a, op == 3 ? k : b, c, mode);
        }
        g_end(&g, cases);
      }
  }
}

/* ------------------------------------------------------------------ conversions */
static void test_cvt_float(void) {
  static const struct { const fmt *to, *from; } pairs[] = {
      {&G16, &G32}, {&G32, &G16}, {&G32, &G64}, {&G64, &G32}};
  for (unsigned p = 0; p < 4; p++) {
    const fmt *to = pairs[p].to, *from = pairs[p].from;
    char nm[32];
    snprintf(nm, sizeof nm, "cvt_%s_%s", to->name, from->name);
    if (!selected(nm)) continue;
    for (unsigned rm = 0; rm < 4; rm++)
      for (unsigned dn = 0; dn < 4; dn++) {
        group g;
        g_begin(&g, "%s rm%u dn%u", nm, rm, dn);
        unsigned long n = from == &G16 ? 65536 : cases;
        for (unsigned long i = 0; i < n; i++) {
          unsigned mode = mode_of(rm, dn);
          uint64_t x = from == &G16 ? i : gen_val(from);
          if (from != &G16 && rndn(2)) { /* near the destination's boundaries */
            uint64_t y = gen_val(to);
            if (!isnan_(to, y) && !isinf_(to, y)) {
              use_wide();
              mpfr_set_d(X, value(to, y), MPFR_RNDN);
              x = encode(from, mpfr_get_d(X, MPFR_RNDN)) + rndn(5) - 2;
            }
          }
          uint64_t xf = flush(from, x, !(dn & 1)), want;
          bool narrowing = to->mbits < from->mbits;
          if (isnan_(from, xf)) {
            uint64_t pay = xf & fracm(from);
            pay = narrowing ? pay >> (from->mbits - to->mbits) : pay << (to->mbits - from->mbits);
            want = ((xf & sgn(from)) ? sgn(to) : 0) | infb(to) | pay |
                   ((narrowing || (mode & GCN_MODE_IEEE)) ? qbit(to) : 0);
          } else if (isinf_(from, xf)) {
            want = ((xf & sgn(from)) ? sgn(to) : 0) | infb(to);
          } else {
            use_fmt(to);
            mpfr_set_prec(R, to->mbits + 1);
            int t = mpfr_set_d(R, value(from, xf), RND[rm]);
            want = flush(to, finish(to, R, t, rm, 0), !(dn & 2));
            mpfr_set_prec(R, 200);
          }
          g_check(&g, gcn_fp_cvt(to->t, from->t, x, mode), want, x, 0, 0, mode);
        }
        g_end(&g, n);
      }
  }
}

/* int -> float */
static void test_from_int(void) {
  static const struct { const char *name; const fmt *to; int64_t lo, hi; } v[] = {
      {"cvt_f32_i32", &G32, INT32_MIN, INT32_MAX}, {"cvt_f32_u32", &G32, 0, UINT32_MAX},
      {"cvt_f64_i32", &G64, INT32_MIN, INT32_MAX}, {"cvt_f64_u32", &G64, 0, UINT32_MAX},
      {"cvt_f16_i16", &G16, INT16_MIN, INT16_MAX}, {"cvt_f16_u16", &G16, 0, UINT16_MAX}};
  for (unsigned k = 0; k < 6; k++) {
    if (!selected(v[k].name)) continue;
    const fmt *f = v[k].to;
    for (unsigned rm = 0; rm < 4; rm++) {
      group g;
      g_begin(&g, "%s rm%u", v[k].name, rm);
      for (unsigned long i = 0; i < cases; i++) {
        unsigned mode = mode_of(rm, 3);
        int64_t x = rndn(2) ? v[k].lo + (int64_t)(rnd64() % (uint64_t)(v[k].hi - v[k].lo + 1))
                            : (int64_t)(rnd64() >> rndn(64)) * (rndn(2) && v[k].lo < 0 ? -1 : 1);
        if (x < v[k].lo || x > v[k].hi) x = v[k].hi - rndn(3);
        gcn_fp_env e = gcn_fp_env_of(f->t, mode);
        use_fmt(f);
        mpfr_set_prec(R, f->mbits + 1);
        int t = mpfr_set_sj(R, x, RND[rm]);
        uint64_t want = finish(f, R, t, rm, 0);
        mpfr_set_prec(R, 200);
        g_check(&g, gcn_fp_from_int(f->t, x, &e), want, (uint64_t)x, 0, 0, mode);
      }
      g_end(&g, cases);
    }
  }
}

/* float -> int and the rounding ops */
static void test_to_int(void) {
  static const struct { const char *name; const fmt *from; gcn_fp_int_round how; int64_t lo, hi; } v[] = {
      {"cvt_i32_f32", &G32, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX},
      {"cvt_u32_f32", &G32, GCN_CVT_TRUNC, 0, UINT32_MAX},
      {"cvt_i32_f64", &G64, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX},
      {"cvt_u32_f64", &G64, GCN_CVT_TRUNC, 0, UINT32_MAX},
      {"cvt_flr_i32_f32", &G32, GCN_CVT_FLOOR, INT32_MIN, INT32_MAX},
      {"cvt_rpi_i32_f32", &G32, GCN_CVT_RPI, INT32_MIN, INT32_MAX},
      {"cvt_i16_f16", &G16, GCN_CVT_TRUNC, INT16_MIN, INT16_MAX},
      {"cvt_u16_f16", &G16, GCN_CVT_TRUNC, 0, UINT16_MAX}};
  for (unsigned k = 0; k < 8; k++) {
    if (!selected(v[k].name)) continue;
    const fmt *f = v[k].from;
    for (unsigned dn = 0; dn < 4; dn++) {
      group g;
      g_begin(&g, "%s dn%u", v[k].name, dn);
      unsigned long n = f == &G16 ? 65536 : cases;
      for (unsigned long i = 0; i < n; i++) {
        unsigned mode = mode_of(rndn(4), dn);
        uint64_t x = f == &G16 ? i : gen_val(f);
        gcn_fp_env e = gcn_fp_env_of(f->t, mode);
        uint64_t xf = flush(f, x, !(dn & 1));
        int64_t want;
        if (isnan_(f, xf)) want = 0;
        else if (isinf_(f, xf)) want = (xf & sgn(f)) ? v[k].lo : v[k].hi;
        else {
          use_wide();
          mpfr_set_d(X, value(f, xf), MPFR_RNDN);
          if (v[k].how == GCN_CVT_RPI) {
            mpfr_add_d(X, X, 0.5, MPFR_RNDN); /* exact at precision 200 */
            mpfr_floor(R, X);
          } else if (v[k].how == GCN_CVT_FLOOR) mpfr_floor(R, X);
          else mpfr_trunc(R, X);
          if (mpfr_cmp_si(R, 0) < 0 && mpfr_cmp_d(R, (double)v[k].lo) < 0) want = v[k].lo;
          else if (mpfr_cmp_d(R, (double)v[k].hi) > 0) want = v[k].hi;
          else want = mpfr_get_sj(R, MPFR_RNDN);
          if (want < v[k].lo) want = v[k].lo;
        }
        g_check(&g, (uint64_t)gcn_fp_to_int(f->t, x, v[k].how, v[k].lo, v[k].hi, &e),
                (uint64_t)want, x, 0, 0, mode);
      }
      g_end(&g, n);
    }
  }
}

static void test_round_ops(void) {
  static const char *const names[4] = {"trunc", "floor", "ceil", "rndne"};
  static const gcn_fp_int_round how[4] = {GCN_CVT_TRUNC, GCN_CVT_FLOOR, GCN_CVT_CEIL, GCN_CVT_RNE};
  for (unsigned fi = 0; fi < 3; fi++)
    for (unsigned k = 0; k < 5; k++) {
      const fmt *f = FMTS[fi];
      char nm[32];
      snprintf(nm, sizeof nm, "%s_%s", k < 4 ? names[k] : "fract", f->name);
      if (!selected(nm)) continue;
      for (unsigned rm = 0; rm < 4; rm++)
        for (unsigned dn = 0; dn < 4; dn++) {
          group g;
          g_begin(&g, "%s rm%u dn%u", nm, rm, dn);
          unsigned long n = f == &G16 ? 65536 : cases;
          for (unsigned long i = 0; i < n; i++) {
            unsigned mode = mode_of(rm, dn);
            uint64_t x = f == &G16 ? i : gen_val(f), want;
            gcn_fp_env e = gcn_fp_env_of(f->t, mode);
            uint64_t xf = flush(f, x, !(dn & 1));
            if (isnan_(f, xf)) want = (mode & GCN_MODE_IEEE) ? xf | qbit(f) : xf;
            else if (isinf_(f, xf)) want = k < 4 ? xf : infb(f) | qbit(f);
            else {
              use_wide();
              mpfr_set_d(X, value(f, xf), MPFR_RNDN);
              if (k < 4) {
                static const mpfr_rnd_t r4[4] = {MPFR_RNDZ, MPFR_RNDD, MPFR_RNDU, MPFR_RNDN};
                mpfr_rint(R, X, r4[k]);
                want = encode(f, mpfr_get_d(R, MPFR_RNDN));
                if (mpfr_zero_p(R)) want = xf & sgn(f); /* the sign is kept */
              } else { /* x - floor(x) rounded in the mode, then the clamp */
                mpfr_floor(Y, X);
                use_fmt(f);
                mpfr_set_prec(R, f->mbits + 1);
                int t = mpfr_sub(R, X, Y, RND[rm]);
                want = flush(f, finish(f, R, t, rm, 0), !(dn & 2));
                mpfr_set_prec(R, 200);
                if (!(want & sgn(f)) && want >= one(f)) want = one(f) - 1;
              }
            }
            uint64_t got = k < 4 ? gcn_fp_round_integral(f->t, x, how[k], &e) : gcn_fp_fract(f->t, x, &e, NULL);
            g_check(&g, got, want, x, 0, 0, mode);
          }
          g_end(&g, n);
        }
    }
}

static void test_frexp(void) {
  for (unsigned fi = 0; fi < 3; fi++) {
    const fmt *f = FMTS[fi];
    char nm[32];
    snprintf(nm, sizeof nm, "frexp_%s", f->name);
    if (!selected(nm)) continue;
    for (unsigned dn = 0; dn < 4; dn++) {
      group g;
      g_begin(&g, "%s dn%u", nm, dn);
      unsigned long n = f == &G16 ? 65536 : cases;
      for (unsigned long i = 0; i < n; i++) {
        unsigned mode = mode_of(rndn(4), dn);
        uint64_t x = f == &G16 ? i : gen_val(f), wm;
        int64_t we;
        gcn_fp_env e = gcn_fp_env_of(f->t, mode);
        uint64_t xf = flush(f, x, !(dn & 1));
        if (isnan_(f, xf)) { wm = (mode & GCN_MODE_IEEE) ? xf | qbit(f) : xf; we = 0; }
        else if (isinf_(f, xf) || mag(f, xf) == 0) { wm = xf; we = 0; }
        else {
          use_wide();
          mpfr_set_d(X, value(f, xf), MPFR_RNDN);
          mpfr_exp_t ex;
          mpfr_frexp(&ex, R, X, MPFR_RNDN);
          wm = encode(f, mpfr_get_d(R, MPFR_RNDN));
          we = ex;
        }
        g_check(&g, gcn_fp_frexp_mant(f->t, x, &e), wm, x, 0, 0, mode);
        g_check(&g, (uint64_t)(int64_t)gcn_fp_frexp_exp(f->t, x, &e), (uint64_t)we, x, 1, 0, mode);
      }
      g_end(&g, n);
    }
  }
}

/* ------------------------------------------------------------------ compares and class */
static void test_cmp(void) {
  for (unsigned fi = 0; fi < 3; fi++) {
    const fmt *f = FMTS[fi];
    char nm[32];
    snprintf(nm, sizeof nm, "cmp_class_%s", f->name);
    if (!selected(nm)) continue;
    for (unsigned dn = 0; dn < 4; dn++) {
      group g;
      g_begin(&g, "%s dn%u", nm, dn);
      for (unsigned long i = 0; i < cases; i++) {
        unsigned mode = mode_of(0, dn), p = rndn(16);
        uint64_t a = gen_val(f), b = rndn(4) ? gen_val(f) : a ^ (rndn(2) ? sgn(f) : 0);
        gcn_fp_env e = gcn_fp_env_of(f->t, mode);
        uint64_t af = flush(f, a, !(dn & 1)), bf = flush(f, b, !(dn & 1));
        bool want;
        if (isnan_(f, af) || isnan_(f, bf)) want = p >= 8;
        else {
          use_wide();
          if (isinf_(f, af)) mpfr_set_inf(X, (af & sgn(f)) ? -1 : 1); else setv(X, f, af);
          if (isinf_(f, bf)) mpfr_set_inf(Y, (bf & sgn(f)) ? -1 : 1); else setv(Y, f, bf);
          want = mpfr_less_p(X, Y) ? (p & 1) : mpfr_equal_p(X, Y) ? (p >> 1 & 1) : (p >> 2 & 1);
        }
        g_check(&g, gcn_fp_cmp(f->t, p, a, b, &e), want, a, b, p, mode);
        /* class: written from the bit patterns */
        uint32_t mask = (uint32_t)rnd64() & 0x3FF;
        unsigned cls;
        bool s = (a & sgn(f)) != 0;
        if (isnan_(f, a)) cls = (a & qbit(f)) ? 1 : 0;
        else if (isinf_(f, a)) cls = s ? 2 : 9;
        else if (mag(f, a) == 0) cls = s ? 5 : 6;
        else if (isden(f, a)) cls = s ? 4 : 7;
        else cls = s ? 3 : 8;
        g_check(&g, gcn_fp_class(f->t, a, mask), (mask >> cls) & 1, a, mask, 0, mode);
      }
      g_end(&g, cases);
    }
  }
}

/* ------------------------------------------------------------------ transcendentals */
static const char *const FN_NAME[7] = {"rcp", "rsq", "sqrt", "log", "exp", "sin", "cos"};

/* The correctly rounded (RNE) value of the function, the special cases from docs/float.md. */
static uint64_t o_trans(const fmt *f, gcn_fp_func fn, uint64_t x, unsigned mode) {
  bool f32 = f == &G32, trig = fn == GCN_FN_SIN || fn == GCN_FN_COS;
  bool fl_in = f == &G16 ? !(mode >> 6 & 1) : f32 && !trig;
  bool fl_out = f == &G16 ? !(mode >> 7 & 1) : f32 && !trig;
  uint64_t nneg = infb(f) | qbit(f) | sgn(f);
  x = flush(f, x, fl_in);
  if (isnan_(f, x)) return (mode & GCN_MODE_IEEE) ? x | qbit(f) : x;
  bool s = (x & sgn(f)) != 0;
  use_wide();
  if (isinf_(f, x)) mpfr_set_inf(X, s ? -1 : 1);
  else setv(X, f, x);
  if (mag(f, x) == 0) mpfr_set_zero(X, s ? -1 : 1);
  switch (fn) {
    case GCN_FN_RSQ:
      if (mag(f, x) == 0) return (s ? sgn(f) : 0) | infb(f);
      if (s) return nneg;
      break;
    case GCN_FN_SQRT:
    case GCN_FN_LOG:
      if (s && mag(f, x) != 0) return nneg;
      if (fn == GCN_FN_LOG && mag(f, x) == 0) return sgn(f) | infb(f);
      break;
    case GCN_FN_SIN:
    case GCN_FN_COS:
      if (isinf_(f, x)) return nneg;
      break;
    default: break;
  }
  mpfr_mul_2si(Y, X, 1, MPFR_RNDN); /* 2x, exact in the wide range */
  use_fmt(f);
  mpfr_set_prec(R, f->mbits + 1);
  int t;
  switch (fn) {
    case GCN_FN_RCP: t = mpfr_ui_div(R, 1, X, MPFR_RNDN); break;
    case GCN_FN_RSQ: t = mpfr_rec_sqrt(R, X, MPFR_RNDN); break;
    case GCN_FN_SQRT: t = mpfr_sqrt(R, X, MPFR_RNDN); break;
    case GCN_FN_LOG: t = mpfr_log2(R, X, MPFR_RNDN); break;
    case GCN_FN_EXP: t = mpfr_exp2(R, X, MPFR_RNDN); break;
    case GCN_FN_SIN: t = mpfr_sinpi(R, Y, MPFR_RNDN); break;
    default: t = mpfr_cospi(R, Y, MPFR_RNDN); break;
  }
  uint64_t r = finish(f, R, t, 0, nneg);
  mpfr_set_prec(R, 200);
  if (fn == GCN_FN_SIN && mag(f, r) == 0) r = s ? sgn(f) : 0; /* exact zero: the sign of x */
  if (fn == GCN_FN_COS && mag(f, r) == 0) r = 0;
  return flush(f, r, fl_out);
}

static void test_trans(void) {
  for (unsigned fi = 0; fi < 3; fi++)
    for (unsigned fn = 0; fn < 7; fn++) {
      const fmt *f = FMTS[fi];
      if (f == &G64 && fn > GCN_FN_SQRT) continue; /* no f64 log/exp/sin/cos */
      char nm[32];
      snprintf(nm, sizeof nm, "%s_%s", FN_NAME[fn], f->name);
      if (!selected(nm)) continue;
      for (unsigned dn = 0; dn < 4; dn++) {
        group g;
        g_begin(&g, "%s dn%u", nm, dn);
        unsigned long n = f == &G16 ? 65536 : cases;
        for (unsigned long i = 0; i < n; i++) {
          unsigned mode = mode_of(rndn(4), dn);
          uint64_t x = f == &G16 ? i : gen_val(f);
          if ((fn == GCN_FN_SIN || fn == GCN_FN_COS || fn == GCN_FN_EXP) && f != &G16 && rndn(2))
            x = encode(f, ldexp((double)((int32_t)(rnd64() >> 40)), -(int)rndn(40))); /* moderate */
          gcn_fp_env e = gcn_fp_env_of(f->t, mode);
          uint64_t got = gcn_fp_trans(f->t, (gcn_fp_func)fn, GCN_FV_PLAIN, x, &e, NULL);
          uint64_t want = o_trans(f, (gcn_fp_func)fn, x, mode);
          /* f64 rsq is faithfully rounded (docs/float.md): one ulp either way, same sign */
          if (f == &G64 && fn == GCN_FN_RSQ && !isnan_(f, want) && (got == want + 1 || got + 1 == want))
            want = got;
          g_check(&g, got, want, x, 0, 0, mode);
        }
        g_end(&g, n);
      }
    }
}

int main(int argc, char **argv) {
  uint64_t seed = 21;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc) cases = strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
    else {
      fprintf(stderr, "usage: fp_mpfr_ext [--cases N] [--seed S] [--only NAME]\n");
      return 2;
    }
  }
  rs = seed;
  mpfr_inits2(200, X, Y, Z, R, (mpfr_ptr)0);
  test_f64_arith();
  test_cvt_float();
  test_from_int();
  test_to_int();
  test_round_ops();
  test_frexp();
  test_cmp();
  test_trans();
  mpfr_clears(X, Y, Z, R, (mpfr_ptr)0);
  mpfr_free_cache();
  printf("%llu passed, %llu failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

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
/* setv, infinities included. */
static void setx(mpfr_t m, const fmt *f, uint64_t x) {
  if (isinf_(f, x)) mpfr_set_inf(m, (x & sgn(f)) ? -1 : 1);
  else setv(m, f, x);
}
/* X, Y, Z = the three (non-NaN) operands. */
static void set3(const fmt *f, const uint64_t *ops) {
  setx(X, f, ops[0]);
  setx(Y, f, ops[1]);
  setx(Z, f, ops[2]);
}
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

/* One test family: groups by rounding mode (by_rm; else the mode is random per case) and
 * by MODE denormal setting (by_dn; else 3 = allow both), N random cases each, or every
 * input when the source format is f16 and `exhaustive`. The body checks one case. */
typedef struct {
  group *g;
  unsigned long i; /* case number (the f16 input when exhaustive) */
  unsigned rm, dn, mode;
  const void *arg;
} tcase;
typedef void (*case_fn)(tcase *c);

static void run_family(const char *nm, const fmt *src, bool by_rm, bool by_dn, bool exhaustive,
                       case_fn fn, const void *arg) {
  if (!selected(nm)) return;
  for (unsigned rm = 0; rm < (by_rm ? 4u : 1u); rm++)
    for (unsigned dn = 0; dn < (by_dn ? 4u : 1u); dn++) {
      group g;
      char rs_[8] = "", ds_[8] = "";
      if (by_rm) snprintf(rs_, sizeof rs_, " rm%u", rm);
      if (by_dn) snprintf(ds_, sizeof ds_, " dn%u", dn);
      g_begin(&g, "%s%s%s", nm, rs_, ds_);
      unsigned long n = exhaustive && src == &G16 ? 65536 : cases;
      for (unsigned long i = 0; i < n; i++) {
        tcase c = {&g, i, by_rm ? rm : rndn(4), by_dn ? dn : 3, 0, arg};
        c.mode = mode_of(c.rm, c.dn);
        fn(&c);
      }
      g_end(&g, n);
    }
}

/* The case's source operand: every f16 input in turn, else a random value. */
static uint64_t src_val(const tcase *c, const fmt *f) { return f == &G16 ? c->i : gen_val(f); }

/* ------------------------------------------------------------------ f64 arithmetic */
static void case_f64_arith(tcase *c) {
  const fmt *f = &G64;
  int op = *(const int *)c->arg;
  unsigned rm = c->rm, dn = c->dn, mode = c->mode;
  gcn_fp_env e = gcn_fp_env_of(GCN_FP64, mode);
  uint64_t a = gen_val(f), b = gen_val(f), cc = gen_val(f);
  uint32_t k = (uint32_t)((int32_t)rndn(4200) - 2100);
  if (op == 0 && rndn(3) == 0) b = (a ^ sgn(f)) + rndn(5) - 2; /* cancellation */
  uint64_t ops[3] = {flush(f, a, !(dn & 1)), flush(f, b, !(dn & 1)), flush(f, cc, !(dn & 1))};
  bool hit;
  uint64_t want = o_nan(f, mode, ops, op == 3 ? 1 : op == 2 ? 3 : 2, &hit);
  if (!hit && op == 3 && (isinf_(f, ops[0]) || mag(f, ops[0]) == 0)) {
    want = ops[0];
  } else if (!hit) {
    use_fmt(f);
    mpfr_set_prec(R, f->mbits + 1);
    set3(f, ops);
    int t = op == 0   ? mpfr_add(R, X, Y, RND[rm])
            : op == 1 ? mpfr_mul(R, X, Y, RND[rm])
            : op == 2 ? mpfr_fma(R, X, Y, Z, RND[rm])
                      : mpfr_mul_2si(R, X, (int32_t)k, RND[rm]);
    want = flush(f, finish(f, R, t, rm, GCN_F64_DEFAULT_NAN), !(dn & 2));
    mpfr_set_prec(R, 200);
  }
  uint64_t got = op == 0 ? gcn_f64_add(a, b, &e) : op == 1 ? gcn_f64_mul(a, b, &e)
                 : op == 2 ? gcn_f64_fma(a, b, cc, &e) : gcn_f64_ldexp(a, k, &e);
  g_check(c->g, got, want, a, op == 3 ? k : b, cc, mode);
}

/* ------------------------------------------------------------------ conversions */
typedef struct { const fmt *to, *from; } cvt_pair;
static void case_cvt_float(tcase *c) {
  const cvt_pair *p = c->arg;
  const fmt *to = p->to, *from = p->from;
  unsigned rm = c->rm, dn = c->dn, mode = c->mode;
  uint64_t x = src_val(c, from);
  if (from != &G16 && rndn(2)) { /* near the destination's boundaries */
    uint64_t y = gen_val(to);
    if (!isnan_(to, y) && !isinf_(to, y)) x = encode(from, value(to, y)) + rndn(5) - 2;
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
  g_check(c->g, gcn_fp_cvt(to->t, from->t, x, mode), want, x, 0, 0, mode);
}

typedef struct { const char *name; const fmt *f; gcn_fp_int_round how; int64_t lo, hi; } int_cvt;

static void case_from_int(tcase *c) { /* int -> float */
  const int_cvt *v = c->arg;
  const fmt *f = v->f;
  int64_t x = rndn(2) ? v->lo + (int64_t)(rnd64() % (uint64_t)(v->hi - v->lo + 1))
                      : (int64_t)(rnd64() >> rndn(64)) * (rndn(2) && v->lo < 0 ? -1 : 1);
  if (x < v->lo || x > v->hi) x = v->hi - rndn(3);
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  use_fmt(f);
  mpfr_set_prec(R, f->mbits + 1);
  int t = mpfr_set_sj(R, x, RND[c->rm]);
  uint64_t want = finish(f, R, t, c->rm, 0);
  mpfr_set_prec(R, 200);
  g_check(c->g, gcn_fp_from_int(f->t, x, &e), want, (uint64_t)x, 0, 0, c->mode);
}

static void case_to_int(tcase *c) { /* float -> int */
  const int_cvt *v = c->arg;
  const fmt *f = v->f;
  uint64_t x = src_val(c, f);
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  uint64_t xf = flush(f, x, !(c->dn & 1));
  int64_t want;
  if (isnan_(f, xf)) want = 0;
  else if (isinf_(f, xf)) want = (xf & sgn(f)) ? v->lo : v->hi;
  else {
    use_wide();
    mpfr_set_d(X, value(f, xf), MPFR_RNDN);
    if (v->how == GCN_CVT_RPI) {
      mpfr_add_d(X, X, 0.5, MPFR_RNDN); /* exact at precision 200 */
      mpfr_floor(R, X);
    } else if (v->how == GCN_CVT_FLOOR) mpfr_floor(R, X);
    else mpfr_trunc(R, X);
    if (mpfr_cmp_d(R, (double)v->lo) < 0) want = v->lo;
    else if (mpfr_cmp_d(R, (double)v->hi) > 0) want = v->hi;
    else want = mpfr_get_sj(R, MPFR_RNDN);
  }
  g_check(c->g, (uint64_t)gcn_fp_to_int(f->t, x, v->how, v->lo, v->hi, &e), (uint64_t)want, x, 0, 0,
          c->mode);
}

/* ------------------------------------------------------------------ rounding ops, frexp */
typedef struct { const fmt *f; int k; } fmt_op;

static void case_round(tcase *c) { /* k 0..3: trunc, floor, ceil, rndne; 4: fract */
  static const gcn_fp_int_round how[4] = {GCN_CVT_TRUNC, GCN_CVT_FLOOR, GCN_CVT_CEIL, GCN_CVT_RNE};
  static const mpfr_rnd_t r4[4] = {MPFR_RNDZ, MPFR_RNDD, MPFR_RNDU, MPFR_RNDN};
  const fmt_op *o = c->arg;
  const fmt *f = o->f;
  int k = o->k;
  uint64_t x = src_val(c, f), want;
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  uint64_t xf = flush(f, x, !(c->dn & 1));
  if (isnan_(f, xf)) want = (c->mode & GCN_MODE_IEEE) ? xf | qbit(f) : xf;
  else if (isinf_(f, xf)) want = k < 4 ? xf : infb(f) | qbit(f);
  else {
    use_wide();
    mpfr_set_d(X, value(f, xf), MPFR_RNDN);
    if (k < 4) {
      mpfr_rint(R, X, r4[k]);
      want = mpfr_zero_p(R) ? xf & sgn(f) : encode(f, mpfr_get_d(R, MPFR_RNDN)); /* sign kept */
    } else { /* x - floor(x) rounded in the mode, then the clamp */
      mpfr_floor(Y, X);
      use_fmt(f);
      mpfr_set_prec(R, f->mbits + 1);
      int t = mpfr_sub(R, X, Y, RND[c->rm]);
      want = flush(f, finish(f, R, t, c->rm, 0), !(c->dn & 2));
      mpfr_set_prec(R, 200);
      if (!(want & sgn(f)) && want >= one(f)) want = one(f) - 1;
    }
  }
  uint64_t got = k < 4 ? gcn_fp_round_integral(f->t, x, how[k], &e) : gcn_fp_fract(f->t, x, &e, NULL);
  g_check(c->g, got, want, x, 0, 0, c->mode);
}

static void case_frexp(tcase *c) {
  const fmt *f = c->arg;
  uint64_t x = src_val(c, f), wm;
  int64_t we = 0;
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  uint64_t xf = flush(f, x, !(c->dn & 1));
  if (isnan_(f, xf)) wm = (c->mode & GCN_MODE_IEEE) ? xf | qbit(f) : xf;
  else if (isinf_(f, xf) || mag(f, xf) == 0) wm = xf;
  else {
    use_wide();
    mpfr_set_d(X, value(f, xf), MPFR_RNDN);
    mpfr_exp_t ex;
    mpfr_frexp(&ex, R, X, MPFR_RNDN);
    wm = encode(f, mpfr_get_d(R, MPFR_RNDN));
    we = ex;
  }
  g_check(c->g, gcn_fp_frexp_mant(f->t, x, &e), wm, x, 0, 0, c->mode);
  g_check(c->g, (uint64_t)(int64_t)gcn_fp_frexp_exp(f->t, x, &e), (uint64_t)we, x, 1, 0, c->mode);
}

/* ------------------------------------------------------------------ compares and class */
static void case_cmp(tcase *c) {
  const fmt *f = c->arg;
  unsigned p = rndn(16), mode = c->mode;
  uint64_t a = gen_val(f), b = rndn(4) ? gen_val(f) : a ^ (rndn(2) ? sgn(f) : 0);
  gcn_fp_env e = gcn_fp_env_of(f->t, mode);
  uint64_t af = flush(f, a, !(c->dn & 1)), bf = flush(f, b, !(c->dn & 1));
  bool want;
  if (isnan_(f, af) || isnan_(f, bf)) want = p >= 8;
  else {
    use_wide();
    setx(X, f, af);
    setx(Y, f, bf);
    want = mpfr_less_p(X, Y) ? (p & 1) : mpfr_equal_p(X, Y) ? (p >> 1 & 1) : (p >> 2 & 1);
  }
  g_check(c->g, gcn_fp_cmp(f->t, p, a, b, &e), want, a, b, p, mode);
  /* class: written from the bit patterns */
  uint32_t mask = (uint32_t)rnd64() & 0x3FF;
  unsigned cls;
  bool s = (a & sgn(f)) != 0;
  if (isnan_(f, a)) cls = (a & qbit(f)) ? 1 : 0;
  else if (isinf_(f, a)) cls = s ? 2 : 9;
  else if (mag(f, a) == 0) cls = s ? 5 : 6;
  else if (isden(f, a)) cls = s ? 4 : 7;
  else cls = s ? 3 : 8;
  g_check(c->g, gcn_fp_class(f->t, a, mask), (mask >> cls) & 1, a, mask, 0, mode);
}

/* ------------------------------------------------------------------ transcendentals */
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
  setx(X, f, x);
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

static void case_trans(tcase *c) {
  const fmt_op *o = c->arg;
  const fmt *f = o->f;
  gcn_fp_func fn = (gcn_fp_func)o->k;
  uint64_t x = src_val(c, f);
  if ((fn == GCN_FN_SIN || fn == GCN_FN_COS || fn == GCN_FN_EXP) && f != &G16 && rndn(2))
    x = encode(f, ldexp((double)((int32_t)(rnd64() >> 40)), -(int)rndn(40))); /* moderate */
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  uint64_t got = gcn_fp_trans(f->t, fn, GCN_FV_PLAIN, x, &e, NULL);
  uint64_t want = o_trans(f, fn, x, c->mode);
  /* f64 rsq is faithfully rounded (docs/float.md): one ulp either way, same sign */
  if (f == &G64 && fn == GCN_FN_RSQ && !isnan_(f, want) && (got == want + 1 || got + 1 == want))
    want = got;
  g_check(c->g, got, want, x, 0, 0, c->mode);
}

/* ------------------------------------------------------------------ min3/max3/med3 */
/* The min/max rules of gcn_semantics.md section 3, on values compared through MPFR. */
static int o_cmp(const fmt *f, uint64_t a, uint64_t b) { /* non-NaN */
  use_wide();
  setx(X, f, a);
  setx(Y, f, b);
  return mpfr_cmp(X, Y);
}
static uint64_t o_minmax(const fmt *f, uint64_t a, uint64_t b, bool ieee, bool is_max) {
  bool sa = isnan_(f, a) && !(a & qbit(f)), sb = isnan_(f, b) && !(b & qbit(f));
  if (ieee && sa) return a | qbit(f);
  if (ieee && sb) return b | qbit(f);
  if (isnan_(f, a)) return b;
  if (isnan_(f, b)) return a;
  if (mag(f, a) == 0 && mag(f, b) == 0 && a != b) return is_max ? 0 : sgn(f);
  int c = o_cmp(f, a, b);
  if (is_max) return (ieee ? c >= 0 : c > 0) ? a : b;
  return c < 0 ? a : b;
}
static void case_min3(tcase *c) { /* k: 0 min3, 1 max3, 2 med3; flush_ok random */
  const fmt_op *o = c->arg;
  const fmt *f = o->f;
  bool ieee = (c->mode & GCN_MODE_IEEE) != 0, fl = rndn(2), fin = fl && !(c->dn & 1);
  bool fout = fl && !(c->dn & 2);
  uint64_t v[3];
  for (int j = 0; j < 3; j++) v[j] = rndn(4) ? gen_val(f) : j ? v[rndn(j)] ^ (rndn(2) ? sgn(f) : 0) : gen_val(f);
  uint64_t a = flush(f, v[0], fin), b = flush(f, v[1], fin), cc = flush(f, v[2], fin), want;
  uint64_t mn = o_minmax(f, o_minmax(f, a, b, ieee, false), cc, ieee, false);
  uint64_t mx = o_minmax(f, o_minmax(f, a, b, ieee, true), cc, ieee, true);
  if (o->k == 0) want = mn;
  else if (o->k == 1) want = mx;
  else if (isnan_(f, a) || isnan_(f, b) || isnan_(f, cc)) want = mn;
  else if (o_cmp(f, mx, a) == 0) want = o_minmax(f, b, cc, ieee, true);
  else if (o_cmp(f, mx, b) == 0) want = o_minmax(f, a, cc, ieee, true);
  else want = o_minmax(f, a, b, ieee, true);
  want = flush(f, want, fout);
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  uint64_t got = o->k == 0 ? gcn_fp_min3(f->t, v[0], v[1], v[2], &e, fl)
                 : o->k == 1 ? gcn_fp_max3(f->t, v[0], v[1], v[2], &e, fl)
                             : gcn_fp_med3(f->t, v[0], v[1], v[2], &e, fl);
  g_check(c->g, got, want, v[0], v[1], v[2], c->mode | (fl ? 0x80000000u : 0));
}

/* V_MIN/MAX_F64: the min/max rules; flush_ok random (gcn14 or earlier). */
static void case_minmax_f64(tcase *c) {
  const fmt *f = &G64;
  bool is_max = *(const int *)c->arg, ieee = (c->mode & GCN_MODE_IEEE) != 0, fl = rndn(2);
  uint64_t a = gen_val(f), b = rndn(4) ? gen_val(f) : a ^ (rndn(2) ? sgn(f) : 0);
  uint64_t want = o_minmax(f, flush(f, a, fl && !(c->dn & 1)), flush(f, b, fl && !(c->dn & 1)), ieee, is_max);
  want = flush(f, want, fl && !(c->dn & 2));
  gcn_fp_env e = gcn_fp_env_of(GCN_FP64, c->mode);
  uint64_t got = is_max ? gcn_f64_max(a, b, &e, fl) : gcn_f64_min(a, b, &e, fl);
  g_check(c->g, got, want, a, b, fl, c->mode);
}

/* ------------------------------------------------------------------ division helpers */
static void case_div_fmas(tcase *c) { /* fma(a, b, c) * 2^32 [2^64] with VCC, one rounding */
  const fmt *f = c->arg;
  uint64_t a = gen_val(f), b = gen_val(f), cc = gen_val(f), want;
  bool vcc = rndn(2), hit;
  uint64_t ops[3] = {a, b, cc};
  want = o_nan(f, c->mode, ops, 3, &hit);
  if (!hit) {
    use_fmt(f);
    mpfr_set_prec(R, f->mbits + 1);
    set3(f, ops);
    use_wide();
    if (vcc) { /* exact scaling of the product and the addend */
      mpfr_mul_2si(X, X, f == &G64 ? 64 : 32, MPFR_RNDN);
      mpfr_mul_2si(Z, Z, f == &G64 ? 64 : 32, MPFR_RNDN);
    }
    int t = mpfr_fma(R, X, Y, Z, RND[c->rm]);
    use_fmt(f);
    want = flush(f, finish(f, R, t, c->rm, f == &G64 ? GCN_F64_DEFAULT_NAN : GCN_F32_DEFAULT_NAN),
                 !(c->dn & 2));
    mpfr_set_prec(R, 200);
  }
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  g_check(c->g, gcn_fp_div_fmas(f->t, a, b, cc, vcc, &e), want, a, b, cc, c->mode | (vcc ? 0x80000000u : 0));
}

/* V_DIV_SCALE from the pseudocode of gcn_semantics.md section 9 (quotients compared
 * through MPFR at 200 bits) and the choices of docs/float.md (no input flush, NaN
 * operands propagate with VCC 0, an infinite S0 is returned). */
static void case_div_scale(tcase *c) {
  const fmt *f = c->arg;
  bool f64 = f == &G64;
  uint64_t a = gen_val(f), b = gen_val(f), n = gen_val(f), want;
  if (rndn(3) == 0) a = rndn(2) ? b : n; /* S0 is the denominator or the numerator */
  bool vcc = false, hit;
  uint64_t ops[3] = {a, b, n};
  int big = f64 ? 768 : 96, sc = f64 ? 128 : 64, mant = f64 ? 53 : 23;
  int e1 = (int)((b >> f->mbits) & (((uint64_t)1 << f->ebits) - 1));
  int e2 = (int)((n >> f->mbits) & (((uint64_t)1 << f->ebits) - 1));
  want = o_nan(f, c->mode, ops, 3, &hit);
  use_wide();
  /* S0 * 2^k rounded in the mode (exact unless it under/overflows) */
  uint64_t up = a, down = a;
  if (!hit && !isinf_(f, a) && mag(f, a) != 0) {
    use_fmt(f);
    mpfr_set_prec(R, f->mbits + 1);
    setv(X, f, a);
    int t = mpfr_mul_2si(R, X, sc, RND[c->rm]);
    up = finish(f, R, t, c->rm, 0);
    setv(X, f, a);
    t = mpfr_mul_2si(R, X, -sc, RND[c->rm]);
    down = finish(f, R, t, c->rm, 0);
    mpfr_set_prec(R, 200);
    use_wide();
  }
  if (hit) {
  } else if (mag(f, b) == 0 || mag(f, n) == 0) want = sgn(f) | infb(f) | qbit(f);
  else if (isinf_(f, a)) want = a;
  else {
    bool rcp_den = false, quo_den = false;
    mpfr_set_ui_2exp(Z, 1, -(f->bias - 1), MPFR_RNDN); /* the smallest normal */
    if (!isinf_(f, b)) {
      setv(Y, f, b);
      mpfr_ui_div(R, 1, Y, MPFR_RNDN);
      rcp_den = mpfr_cmpabs(R, Z) < 0;
      if (!isinf_(f, n)) {
        setv(X, f, n);
        mpfr_div(R, X, Y, MPFR_RNDN);
        quo_den = mpfr_cmpabs(R, Z) < 0;
      }
    }
    want = a;
    if (e2 - e1 >= big) { vcc = true; want = a == b ? up : a; }
    else if (isden(f, b)) want = up;
    else if (rcp_den && quo_den) { vcc = true; want = a == b ? up : a; }
    else if (rcp_den) want = down;
    else if (quo_den) { vcc = true; want = a == n ? up : a; }
    else if (e2 <= mant) want = up;
  }
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  bool got_vcc;
  uint64_t got = gcn_fp_div_scale(f->t, a, b, n, &e, &got_vcc);
  g_check(c->g, got, want, a, b, n, c->mode);
  g_check(c->g, got_vcc, vcc, a, b, n, c->mode | 0x40000000u);
}

/* V_DIV_FIXUP from the pseudocode of gcn_semantics.md section 9 and docs/float.md. */
static void case_div_fixup(tcase *c) {
  const fmt *f = c->arg;
  uint64_t q = gen_val(f), d = gen_val(f), n = rndn(4) ? gen_val(f) : d, want;
  bool fin = !(c->dn & 1);
  uint64_t qf = flush(f, q, fin), df = flush(f, d, fin), nf = flush(f, n, fin);
  uint64_t s = ((df ^ nf) & sgn(f)), nneg = sgn(f) | infb(f) | qbit(f);
  int en = (int)((nf >> f->mbits) & (((uint64_t)1 << f->ebits) - 1));
  int ed = (int)((df >> f->mbits) & (((uint64_t)1 << f->ebits) - 1));
  if (isnan_(f, nf)) want = nf | qbit(f);
  else if (isnan_(f, df)) want = df | qbit(f);
  else if ((mag(f, df) == 0 && mag(f, nf) == 0) || (isinf_(f, df) && isinf_(f, nf))) want = nneg;
  else if (mag(f, df) == 0 || isinf_(f, nf)) want = s | infb(f);
  else if (isinf_(f, df) || mag(f, nf) == 0) want = s;
  else if (en - ed < (f == &G64 ? -1075 : -150)) want = s;
  else want = flush(f, mag(f, qf) | s, !(c->dn & 2));
  gcn_fp_env e = gcn_fp_env_of(f->t, c->mode);
  g_check(c->g, gcn_fp_div_fixup(f->t, q, d, n, &e), want, q, d, n, c->mode);
}

/* Every family, in order. */
static void run_all(void) {
  static const char *const arith[4] = {"add_f64", "mul_f64", "fma_f64", "ldexp_f64"};
  static const int arith_op[4] = {0, 1, 2, 3};
  for (int k = 0; k < 4; k++) run_family(arith[k], &G64, true, true, false, case_f64_arith, &arith_op[k]);
  run_family("min_f64", &G64, false, true, false, case_minmax_f64, &arith_op[0]);
  run_family("max_f64", &G64, false, true, false, case_minmax_f64, &arith_op[1]);
  static const cvt_pair pairs[4] = {{&G16, &G32}, {&G32, &G16}, {&G32, &G64}, {&G64, &G32}};
  for (int k = 0; k < 4; k++) {
    char nm[32];
    snprintf(nm, sizeof nm, "cvt_%s_%s", pairs[k].to->name, pairs[k].from->name);
    run_family(nm, pairs[k].from, true, true, true, case_cvt_float, &pairs[k]);
  }
  static const int_cvt from_int[6] = {
      {"cvt_f32_i32", &G32, 0, INT32_MIN, INT32_MAX}, {"cvt_f32_u32", &G32, 0, 0, UINT32_MAX},
      {"cvt_f64_i32", &G64, 0, INT32_MIN, INT32_MAX}, {"cvt_f64_u32", &G64, 0, 0, UINT32_MAX},
      {"cvt_f16_i16", &G16, 0, INT16_MIN, INT16_MAX}, {"cvt_f16_u16", &G16, 0, 0, UINT16_MAX}};
  for (int k = 0; k < 6; k++) run_family(from_int[k].name, from_int[k].f, true, false, false, case_from_int, &from_int[k]);
  static const int_cvt to_int[8] = {
      {"cvt_i32_f32", &G32, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX},
      {"cvt_u32_f32", &G32, GCN_CVT_TRUNC, 0, UINT32_MAX},
      {"cvt_i32_f64", &G64, GCN_CVT_TRUNC, INT32_MIN, INT32_MAX},
      {"cvt_u32_f64", &G64, GCN_CVT_TRUNC, 0, UINT32_MAX},
      {"cvt_flr_i32_f32", &G32, GCN_CVT_FLOOR, INT32_MIN, INT32_MAX},
      {"cvt_rpi_i32_f32", &G32, GCN_CVT_RPI, INT32_MIN, INT32_MAX},
      {"cvt_i16_f16", &G16, GCN_CVT_TRUNC, INT16_MIN, INT16_MAX},
      {"cvt_u16_f16", &G16, GCN_CVT_TRUNC, 0, UINT16_MAX}};
  for (int k = 0; k < 8; k++) run_family(to_int[k].name, to_int[k].f, false, true, true, case_to_int, &to_int[k]);
  static const char *const rnames[5] = {"trunc", "floor", "ceil", "rndne", "fract"};
  static const char *const fnames[7] = {"rcp", "rsq", "sqrt", "log", "exp", "sin", "cos"};
  for (unsigned fi = 0; fi < 3; fi++) {
    const fmt *f = FMTS[fi];
    char nm[32];
    for (int k = 0; k < 5; k++) {
      fmt_op o = {f, k};
      snprintf(nm, sizeof nm, "%s_%s", rnames[k], f->name);
      run_family(nm, f, true, true, true, case_round, &o);
    }
    snprintf(nm, sizeof nm, "frexp_%s", f->name);
    run_family(nm, f, false, true, true, case_frexp, f);
    snprintf(nm, sizeof nm, "cmp_class_%s", f->name);
    run_family(nm, f, false, true, false, case_cmp, f);
    static const char *const m3[3] = {"min3", "max3", "med3"};
    for (int k = 0; k < 3; k++) {
      fmt_op o = {f, k};
      snprintf(nm, sizeof nm, "%s_%s", m3[k], f->name);
      run_family(nm, f, false, true, false, case_min3, &o);
    }
    if (f != &G16) {
      snprintf(nm, sizeof nm, "div_fmas_%s", f->name);
      run_family(nm, f, true, true, false, case_div_fmas, f);
      snprintf(nm, sizeof nm, "div_scale_%s", f->name);
      run_family(nm, f, true, false, false, case_div_scale, f);
      snprintf(nm, sizeof nm, "div_fixup_%s", f->name);
      run_family(nm, f, false, true, false, case_div_fixup, f);
    }
    for (int k = 0; k < 7; k++) {
      if (f == &G64 && k > GCN_FN_SQRT) continue; /* no f64 log/exp/sin/cos */
      fmt_op o = {f, k};
      snprintf(nm, sizeof nm, "%s_%s", fnames[k], f->name);
      run_family(nm, f, false, true, true, case_trans, &o);
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
  run_all();
  mpfr_clears(X, Y, Z, R, (mpfr_ptr)0);
  mpfr_free_cache();
  printf("%llu passed, %llu failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

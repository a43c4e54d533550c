// The transcendental unit's worst error (make fp-trans-test): every approx=N f32/f16 row the
// RTL executes, through gcn_fp_trans alone (fp_trans_tb.sv), against two references:
//   - GNU MPFR, the exact function (1/x, 1/sqrt(x), sqrt(x), log2(x), 2^x, sin(2 pi x),
//     cos(2 pi x)) at 96 bits: the error in ulps of the format (ulp of the exact value,
//     the format's denormal spacing below its smallest normal), worst case printed;
//   - the model (gcn_fp_trans of libgcnref): representable values apart, worst printed.
// f32 rows: SAMPLES inputs (default 10^6) per op, random bits plus the hard regions (near 1,
// near powers of two, denormals, the overflow and underflow edges of exp, near the
// quadrant and octant boundaries of sin/cos and large arguments within [-256, 256]), in a
// random MODE. f16 rows: every one of the 65536 inputs in each of the 8 MODEs that matter
// (f16 denormal in/out, IEEE). A NaN, infinite or zero result (of either side) and a
// special input must be bit-exact with the model; every other result within the ISA
// table's approx=N of both references. v_sin/v_cos with |x| > 256 are left open by the
// sources (docs/float.md item 6): counted, not compared.
// f64 rows (v_rcp/rsq/sqrt_f64, gcn10's v_rcp/rsq_clamp_f64; gcn_fp64_lane): SAMPLES inputs
// per op, random bits plus near 1, near powers of two, denormals, the largest values and
// exact squares, in a random MODE, against MPFR at 160 bits (ulps of f64) and the model;
// the same special-case rule.
//
// Usage: fp_trans_tb [seed] [samples]
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <mpfr.h>

#include "Vfp_trans_tb.h"
#include "verilated.h"
#include "../../../vectors/rng.h"  // the project's one seeded PRNG

extern "C" {
#include "gcnref/fp.h"
#include "gcnref/isa.h"
}

namespace {

struct Fmt {
  bool f16;
  int p, emin;
  uint32_t sign, exp_mask, man_mask;
};
const Fmt kF32 = {false, 24, -126, 0x80000000u, 0x7f800000u, 0x007fffffu};
const Fmt kF16 = {true, 11, -14, 0x8000u, 0x7c00u, 0x03ffu};

double to_double(const Fmt &f, uint32_t x) {
  const int mb = f.p - 1, bias = f.f16 ? 15 : 127;
  const int be = (int)((x & f.exp_mask) >> mb);
  const double m = (double)(x & f.man_mask);
  const double v = be == 0 ? std::ldexp(m, f.emin - mb) : std::ldexp(m + std::ldexp(1.0, mb), be - bias - mb);
  return (x & f.sign) ? -v : v;
}
bool is_nan(const Fmt &f, uint32_t x) { return (x & f.exp_mask) == f.exp_mask && (x & f.man_mask); }
bool is_inf(const Fmt &f, uint32_t x) { return (x & ~f.sign) == f.exp_mask; }
bool is_zero(const Fmt &f, uint32_t x) { return (x & ~f.sign) == 0; }
bool is_den(const Fmt &f, uint32_t x) { return (x & f.exp_mask) == 0 && (x & f.man_mask); }

// The function of a row, from its name (the oracle's own statement of what each op is).
enum Fn { RCP, RSQ, SQRT, LOG, EXP, SIN, COS };
Fn fn_of(const std::string &id) {
  if (id.find("RCP") != std::string::npos) return RCP;
  if (id.find("RSQ") != std::string::npos) return RSQ;
  if (id.find("SQRT") != std::string::npos) return SQRT;
  if (id.find("LOG") != std::string::npos) return LOG;
  if (id.find("EXP") != std::string::npos) return EXP;
  return id.find("SIN") != std::string::npos ? SIN : COS;
}
gcn_fp_variant var_of(const std::string &id) {
  if (id.find("_CLAMP") != std::string::npos) return GCN_FV_CLAMP;
  if (id.find("_LEGACY") != std::string::npos) return GCN_FV_LEGACY;
  return GCN_FV_PLAIN;
}

// f64: the same tests on 64-bit encodings.
const int kP64 = 53, kEmin64 = -1022;
double d64(uint64_t x) {
  double d;
  memcpy(&d, &x, 8);
  return d;
}
bool nan64(uint64_t x) { return (x & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
bool inf64(uint64_t x) { return (x & 0x7fffffffffffffffull) == 0x7ff0000000000000ull; }
bool zero64(uint64_t x) { return (x & 0x7fffffffffffffffull) == 0; }

struct Harness {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vfp_trans_tb> top;
  Harness() : ctx(new VerilatedContext), top(new Vfp_trans_tb(ctx.get())) {}
  ~Harness() { top->final(); }
};

struct Stats {
  uint64_t n = 0, specials = 0, undef = 0, fails = 0;
  double worst_mpfr = 0;
  uint32_t worst_x_mpfr = 0;
  uint64_t worst_model = 0;
  uint32_t worst_x_model = 0;
};

// The exact function at x (MPFR, 96 bits; sin/cos via mpfr_sinu/cosu with period 1).
void exact(Fn fn, double x, mpfr_t y) {
  mpfr_t t;
  mpfr_init2(t, 96);
  mpfr_set_d(t, x, MPFR_RNDN);
  switch (fn) {
    case RCP: mpfr_ui_div(y, 1, t, MPFR_RNDN); break;
    case RSQ: mpfr_rec_sqrt(y, t, MPFR_RNDN); break;
    case SQRT: mpfr_sqrt(y, t, MPFR_RNDN); break;
    case LOG: mpfr_log2(y, t, MPFR_RNDN); break;
    case EXP: mpfr_exp2(y, t, MPFR_RNDN); break;
    case SIN: mpfr_sinu(y, t, 1, MPFR_RNDN); break;
    case COS: mpfr_cosu(y, t, 1, MPFR_RNDN); break;
  }
  mpfr_clear(t);
}

// |got - y| in ulps at y of a format of P bits and smallest normal exponent EMIN.
double ulp_error_p(int p, int emin, double got, mpfr_t y) {
  mpfr_t d;
  mpfr_init2(d, 300);
  mpfr_set_d(d, got, MPFR_RNDN);
  mpfr_sub(d, d, y, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  long e = mpfr_zero_p(y) ? emin : mpfr_get_exp(y) - 1;  // y in [2^e, 2^(e+1))
  if (e < emin) e = emin;
  mpfr_mul_2si(d, d, -(e - (p - 1)), MPFR_RNDN);
  double r = mpfr_get_d(d, MPFR_RNDN);
  mpfr_clear(d);
  return r;
}
double ulp_error(const Fmt &f, double got, mpfr_t y) { return ulp_error_p(f.p, f.emin, got, y); }

// Representable values between two finite results of one sign.
uint64_t ulps_apart(const Fmt &f, uint32_t a, uint32_t b) {
  if ((a & f.sign) != (b & f.sign)) return ~0ull;
  const uint32_t ma = a & ~f.sign, mb = b & ~f.sign;
  return ma > mb ? ma - mb : mb - ma;
}

void one(Harness &h, const gcn_inst_desc *d, Fn fn, gcn_fp_variant var, const Fmt &f, uint32_t x,
         uint32_t mode, mpfr_t y, Stats &st) {
  const gcn_fp_type t = f.f16 ? GCN_FP16 : GCN_FP32;
  h.top->x_i = x;
  h.top->mode_i = mode;
  h.top->eval();
  const uint32_t got = h.top->result_o;
  const gcn_fp_env env = gcn_fp_env_of(t, mode);
  const uint32_t want = (uint32_t)gcn_fp_trans(t, (gcn_fp_func)fn, var, x, &env, nullptr);
  st.n++;
  if ((fn == SIN || fn == COS) && std::fabs(to_double(f, x)) > 256.0) {
    st.undef++;  // left open by the sources (docs/float.md item 6)
    return;
  }
  const bool flush_in = f.f16 ? !(mode & 0x40) : !(fn == SIN || fn == COS);
  const bool special = is_nan(f, x) || is_inf(f, x) || is_zero(f, x) || (is_den(f, x) && flush_in) ||
                       is_nan(f, want) || is_inf(f, want) || is_zero(f, want) || is_nan(f, got) ||
                       is_inf(f, got) || is_zero(f, got);
  auto fail = [&](const char *why) {
    if (st.fails++ < 4)
      printf("FAIL %s x=0x%0*x mode=0x%03x: model 0x%0*x, rtl 0x%0*x (%s)\n", d->id, f.f16 ? 4 : 8, x,
             mode, f.f16 ? 4 : 8, want, f.f16 ? 4 : 8, got, why);
  };
  if (special) {
    st.specials++;
    if (got != want) fail("special case differs");
    return;
  }
  const uint64_t apart = ulps_apart(f, want, got);
  if (apart > st.worst_model || st.n == 1) {
    st.worst_model = apart;
    st.worst_x_model = x;
  }
  exact(fn, to_double(f, x), y);
  const double err = ulp_error(f, to_double(f, got), y);
  if (err > st.worst_mpfr) {
    st.worst_mpfr = err;
    st.worst_x_mpfr = x;
  }
  if (apart > d->approx_ulp) fail("beyond the bound from the model");
  else if (err > (double)d->approx_ulp) fail("beyond the bound from MPFR");
}

// A hard f32 input for FN (the regions where an approximation goes wrong first).
uint32_t hard_f32(Rng &r, Fn fn) {
  const uint32_t s = r.bit() ? 0x80000000u : 0;
  const uint32_t pos = (fn == SIN || fn == COS || fn == EXP || fn == RCP) ? s : 0;
  switch (r.below(10)) {
    case 0: return 0x3f800000u + (uint32_t)r.below(1u << 17) - (1u << 16);          // near 1
    case 1: return pos | ((1u + r.below(253)) << 23) | (uint32_t)r.below(64);         // just above 2^k
    case 2: return pos | ((1u + r.below(253)) << 23) | (0x7fffffu - r.below(64));    // just below 2^(k+1)
    case 3: return s | (r.next32() & 0x007fffffu);                                   // denormal
    case 4: return pos | ((1u + r.below(4)) << 23) | (r.next32() & 0x7fffffu);       // near the smallest normal
    case 5: return pos | ((250u + r.below(5)) << 23) | (r.next32() & 0x7fffffu);    // near the largest
    default: break;
  }
  float v;
  switch (fn) {
    case EXP: {
      const float edges[] = {128.0f, -126.0f, -149.0f, -125.0f, 127.0f, 0.0f, 1.0f, -1.0f};
      v = r.below(2) ? edges[r.below(8)] : (float)((int)r.below(281) - 152);  // near integers, the edges
      uint32_t b;
      memcpy(&b, &v, 4);
      return b + (uint32_t)r.below(4097) - 2048u;
    }
    case SIN: case COS: {
      const uint32_t k = r.below(2049);  // multiples of 1/8 revolution in [-256, 256]
      v = (float)k / 8.0f;
      uint32_t b;
      memcpy(&b, &v, 4);
      if (r.below(3) == 0) return s | (r.next32() & 0x807fffffu) | ((100u + r.below(35)) << 23);  // |x| < 256
      return s | (k ? b + (uint32_t)r.below(257) - 128u : (r.next32() & 0x3fffffffu) >> r.below(30));
    }
    default:
      return pos | (0x3f000000u + (uint32_t)r.below(1u << 24));  // [0.5, 2): the tables' whole range
  }
}

// A hard f64 input for FN.
uint64_t hard_f64(Rng &r, Fn fn) {
  const uint64_t s = (fn == RCP && r.bit()) ? 0x8000000000000000ull : 0, frac = r.next64() & 0xfffffffffffffull;
  switch (r.below(7)) {
    case 0: return 0x3ff0000000000000ull + (r.next64() >> (20 + r.below(40))) - (r.bit() ? (r.next64() >> (20 + r.below(40))) : 0);
    case 1: return s | (uint64_t)(1 + r.below(2045)) << 52 | r.below(64);                      // just above 2^k
    case 2: return s | (uint64_t)(1 + r.below(2045)) << 52 | (0xfffffffffffffull - r.below(64));  // just below
    case 3: return s | (frac >> r.below(52));                                               // denormal
    case 4: return s | (uint64_t)(2040 + r.below(7)) << 52 | frac;                          // near the largest
    case 5: {                                                                               // an exact square
      const double m = (double)(r.next32() | 1u);
      uint64_t b;
      const double sq = m * m;  // < 2^64: rounded, still a hard case near a square
      memcpy(&b, &sq, 8);
      return b + ((uint64_t)r.below(1800) << 52) - ((uint64_t)900 << 52);
    }
    default: return s | 0x3fe0000000000000ull | (r.next64() & 0x1fffffffffffffull);       // [0.5, 2)
  }
}

bool run_op64(Harness &h, Rng &rng, const gcn_inst_desc *d, gcn_gen gen, uint64_t samples) {
  const std::string id = d->id;
  const Fn fn = fn_of(id);
  const gcn_fp_variant var = var_of(id);
  h.top->gen_i = gen;
  h.top->opcode_i = (unsigned)d->opcode[gen];
  h.top->eval();
  if (!h.top->hit64_o) {
    printf("FAIL %s %s: not executed by gcn_fp64_lane\n", d->id, gcn_gen_name(gen));
    return false;
  }
  mpfr_t y, t;
  mpfr_init2(y, 160);
  mpfr_init2(t, 160);
  Stats st;
  double worst = 0;
  uint64_t worst_x = 0, worst_xm = 0, fails = 0;
  while (st.n < samples) {
    const uint64_t x = rng.below(5) < 2 ? rng.next64() : hard_f64(rng, fn);
    const uint32_t mode = rng.next32() & 0x3ffu;
    h.top->x64_i = x;
    h.top->mode_i = mode;
    h.top->eval();
    const uint64_t got = h.top->result64_o;
    const gcn_fp_env env = gcn_fp_env_of(GCN_FP64, mode);
    const uint64_t want = gcn_fp_trans(GCN_FP64, (gcn_fp_func)fn, var, x, &env, nullptr);
    st.n++;
    auto fail = [&](const char *why) {
      if (fails++ < 4)
        printf("FAIL %s x=0x%016" PRIx64 " mode=0x%03x: model 0x%016" PRIx64 ", rtl 0x%016" PRIx64 " (%s)\n",
               d->id, x, mode, want, got, why);
    };
    // f64 forms keep denormals whatever MODE says (docs/float.md item 4): no flushed input. The
    // _clamp forms' largest finite value (an overflowing 1/denormal) is a special case too.
    const bool clamped = var == GCN_FV_CLAMP && (want & ~(1ull << 63)) == 0x7fefffffffffffffull;
    if (nan64(x) || inf64(x) || zero64(x) || nan64(want) || inf64(want) || zero64(want) || nan64(got) ||
        inf64(got) || zero64(got) || clamped) {
      st.specials++;
      if (got != want) fail("special case differs");
      continue;
    }
    const uint64_t apart = (got >> 63) != (want >> 63) ? ~0ull
                         : (got & ~(1ull << 63)) > (want & ~(1ull << 63)) ? (got - want) : (want - got);
    if (apart > st.worst_model || st.n == 1) st.worst_model = apart, worst_xm = x;
    mpfr_set_d(t, d64(x), MPFR_RNDN);
    if (fn == RCP) mpfr_ui_div(y, 1, t, MPFR_RNDN);
    else if (fn == RSQ) mpfr_rec_sqrt(y, t, MPFR_RNDN);
    else mpfr_sqrt(y, t, MPFR_RNDN);
    const double err = ulp_error_p(kP64, kEmin64, d64(got), y);
    if (err > worst) worst = err, worst_x = x;
    if (apart > d->approx_ulp) fail("beyond the bound from the model");
    else if (err > (double)d->approx_ulp) fail("beyond the bound from MPFR");
  }
  printf("%s %-18s %s %8" PRIu64 " inputs: worst %.6f ulp vs MPFR (x=0x%016" PRIx64 "), %" PRIu64
         " ulp vs model (x=0x%016" PRIx64 "), bound %u; %" PRIu64 " special\n",
         fails ? "FAIL" : "ok  ", d->id, gcn_gen_name(gen), st.n, worst, worst_x, st.worst_model, worst_xm,
         d->approx_ulp, st.specials);
  if (fails) printf("FAIL %s: %" PRIu64 " inputs\n", d->id, fails);
  mpfr_clear(y);
  mpfr_clear(t);
  return fails == 0;
}

bool run_op(Harness &h, Rng &rng, const gcn_inst_desc *d, gcn_gen gen, uint64_t samples, mpfr_t y) {
  const std::string id = d->id;
  const Fn fn = fn_of(id);
  const gcn_fp_variant var = var_of(id);
  const bool f16 = gcn_isa_operand(d, GCN_ROLE_D)->type == GCN_T_F16;
  const Fmt &f = f16 ? kF16 : kF32;
  h.top->gen_i = gen;
  h.top->opcode_i = (unsigned)d->opcode[gen];
  h.top->x_i = 0;
  h.top->eval();
  if (!h.top->hit_o) {
    printf("FAIL %s %s: not decoded by gcn_fp_trans_dec\n", d->id, gcn_gen_name(gen));
    return false;
  }
  Stats st;
  if (f16) {
    for (uint32_t m = 0; m < 8; m++) {  // f16 denormal in (MODE[6]), out (MODE[7]), IEEE (MODE[9])
      const uint32_t mode = ((m & 3u) << 6) | ((m >> 2) << 9) | (rng.next32() & 0x13fu);
      for (uint32_t x = 0; x < 0x10000u; x++) one(h, d, fn, var, f, x, mode, y, st);
    }
  } else {
    while (st.n - st.undef < samples) {  // SAMPLES defined inputs
      const uint32_t x = rng.below(5) < 2 ? rng.next32() : hard_f32(rng, fn);
      one(h, d, fn, var, f, x, rng.next32() & 0x3ffu, y, st);
    }
  }
  printf("%s %-18s %s %8" PRIu64 " inputs%s: worst %.6f ulp vs MPFR (x=0x%0*x), %" PRIu64
         " ulp vs model (x=0x%0*x), bound %u; %" PRIu64 " special, %" PRIu64 " undefined\n",
         st.fails ? "FAIL" : "ok  ", d->id, gcn_gen_name(gen), st.n, f16 ? " (all f16 x 8 MODEs)" : "",
         st.worst_mpfr, f16 ? 4 : 8, st.worst_x_mpfr, st.worst_model, f16 ? 4 : 8, st.worst_x_model,
         d->approx_ulp, st.specials, st.undef);
  if (st.fails) printf("FAIL %s: %" PRIu64 " inputs\n", d->id, st.fails);
  return st.fails == 0;
}

}  // namespace

int main(int argc, char **argv) {
  const uint64_t seed = argc > 1 ? strtoull(argv[1], nullptr, 0) : 1;
  const uint64_t samples = argc > 2 ? strtoull(argv[2], nullptr, 0) : 1000000;
  setvbuf(stdout, nullptr, _IOLBF, 0);  // one line per op as it finishes (make test tees it)
  Harness h;
  Rng rng(seed);
  mpfr_t y;
  mpfr_init2(y, 96);
  unsigned passed = 0, failed = 0;
  printf("gcn_fp_trans worst error: seed %" PRIu64 ", %" PRIu64 " f32 and f64 inputs per op, every f16 input\n",
         seed, samples);
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    if (!d->approx_ulp || d->cls != GCN_CLASS_VOP1 || (d->flags & GCN_F_NORTL)) continue;
    unsigned g = 0;
    while (g < GCN_GEN_COUNT && (!d->mnemonic[g] || gcn_isa_class(d, (gcn_gen)g) != GCN_CLASS_VOP1)) g++;
    if (gcn_isa_operand(d, GCN_ROLE_D)->type == GCN_T_F64 ? run_op64(h, rng, d, (gcn_gen)g, samples)
                                                         : run_op(h, rng, d, (gcn_gen)g, samples, y))
      passed++;
    else failed++;
  }
  mpfr_clear(y);
  mpfr_free_cache();
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

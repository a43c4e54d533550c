/* GNU MPFR oracle for gcn14's VOP3P float ops, run through the model's instruction path
 * (decode-free: a gcn_inst executed on a wave, 64 lanes per batch):
 *   v_pk_add_f16, v_pk_mul_f16, v_pk_fma_f16 (fused), v_pk_min_f16, v_pk_max_f16: each
 *     result half against the f16 oracle of fp_oracle.c on the halves op_sel / op_sel_hi
 *     pick, neg_lo / neg_hi applied, then clamp;
 *   v_mad_mix_f32, v_mad_mixlo_f16, v_mad_mixhi_f16: a * b + c rounded once by MPFR to the
 *     result format, each source an f32 or an f16 (op_sel_hi), abs (neg_hi) and neg (neg_lo)
 *     applied, the rules of docs/float.md "Mixed precision" (f16 sources flushed by the f16
 *     MODE field and widened exactly, f32 ones by the f32 field, the result by its own).
 * Every rounding mode and denormal setting of the result's MODE fields (and, for the mix ops,
 * every denormal setting of the other format), IEEE on and off, random modifiers per batch.
 * Prints "N passed, N failed" (one check per group). Nothing here computes with the model. */
#include <inttypes.h>
#include <math.h>
#include <time.h>

#include "../../vectors/rng.h"
#include "fp_oracle.h"
#include "gcnref/model.h"
#include "gcnref/operand.h"

static uint64_t rng_state;
static uint32_t rnd32(void) { return (uint32_t)gcn_splitmix64(&rng_state); }
static uint32_t rndn(uint32_t n) { return rnd32() % n; }

/* A value of format F: specials, boundaries and random encodings. */
static uint32_t gen_val(const ofmt *f) {
  uint32_t sign = rndn(2) ? o_sign(f) : 0, frac = rnd32() & o_fracmask(f);
  switch (rndn(12)) {
    case 0: return sign;                                         /* zero */
    case 1: return sign | o_inf(f);                              /* inf */
    case 2: return sign | o_inf(f) | (frac ? frac : 1u);         /* NaN, quiet or signalling */
    case 3: return sign | (frac ? frac : 1u);                    /* denormal */
    case 4: return sign | (1u << f->mbits) | (rndn(2) ? 0 : frac); /* near the smallest normal */
    case 5: return sign | (o_inf(f) - 1u - (rnd32() & 3u));      /* near the largest finite */
    case 6: return sign | ((uint32_t)f->bias << f->mbits) | (rnd32() & 7u); /* near 1.0 */
    default: return rnd32() & (o_sign(f) | (o_sign(f) - 1u));
  }
}

static oenv env_of(unsigned rm, unsigned dm, bool ieee) {
  oenv e = {rm, !(dm & 1u), !(dm & 2u), ieee, false};
  return e;
}

static uint32_t half_of(uint32_t x, unsigned sel) { return sel ? x >> 16 : x & 0xFFFFu; }

/* One result half of a packed f16 op. */
static uint32_t o_pk(enum gcn_op op, const uint32_t *s, unsigned sel, unsigned neg, bool clamp, const oenv *e) {
  uint32_t x[3];
  for (unsigned i = 0; i < 3; i++) x[i] = o_absneg(&OF16, half_of(s[i], sel >> i & 1u), false, neg >> i & 1u);
  uint32_t r;
  switch (op) {
    case GCN_OP_V_PK_ADD_F16: r = o_binop(&OF16, OP_ADD, x[0], x[1], e); break;
    case GCN_OP_V_PK_MUL_F16: r = o_binop(&OF16, OP_MUL, x[0], x[1], e); break;
    case GCN_OP_V_PK_FMA_F16: r = o_fma(&OF16, x[0], x[1], x[2], e); break;
    case GCN_OP_V_PK_MIN_F16: r = o_minmax(&OF16, x[0], x[1], e, true, false); break;
    default: r = o_minmax(&OF16, x[0], x[1], e, true, true); break;
  }
  return o_omod_clamp(&OF16, r, 0, clamp, e);
}

/* v_mad_mix*: X are the sources after abs/neg (f16 in the low bits where F16 has the bit). */
static uint32_t o_mix(const ofmt *fo, const uint32_t *x, unsigned f16, const oenv *e16, const oenv *e32, bool clamp) {
  const oenv *eo = fo == &OF16 ? e16 : e32;
  uint32_t w[3], nan;
  for (unsigned i = 0; i < 3; i++) {
    if (!(f16 >> i & 1u)) {
      w[i] = o_flush(&OF32, x[i], e32->fin);
      continue;
    }
    uint32_t h = o_flush(&OF16, x[i] & 0xFFFFu, e16->fin), s = (h & 0x8000u) << 16;
    w[i] = o_isnan(&OF16, h) || o_isinf(&OF16, h) ? s | o_inf(&OF32) | (h & o_fracmask(&OF16)) << 13
                                                   : o_encode(&OF32, o_value(&OF16, h));
  }
  uint32_t r;
  if (o_nan_in(&OF32, eo, w, 3, &nan)) {
    r = fo == &OF32 ? nan : ((nan >> 16) & 0x8000u) | o_inf(&OF16) | o_quiet(&OF16) | (nan & o_fracmask(&OF32)) >> 13;
  } else {
    use_wide_range();
    mpfr_set_prec(R, fo->prec);
    o_set(X, &OF32, w[0]);
    o_set(Y, &OF32, w[1]);
    o_set(Z, &OF32, w[2]);
    int t = mpfr_fma(R, X, Y, Z, RND[eo->rm]);
    use_format_range(fo);
    r = o_flush(fo, o_finish(fo, R, t, eo->rm), eo->fout);
    mpfr_set_prec(R, 24);
  }
  return o_omod_clamp(fo, r, 0, clamp, eo);
}

typedef struct {
  enum gcn_op op;
  bool mix;
} vop;

static const vop OPS3P[] = {
    {GCN_OP_V_PK_ADD_F16, false}, {GCN_OP_V_PK_MUL_F16, false}, {GCN_OP_V_PK_FMA_F16, false},
    {GCN_OP_V_PK_MIN_F16, false}, {GCN_OP_V_PK_MAX_F16, false}, {GCN_OP_V_MAD_MIX_F32, true},
    {GCN_OP_V_MAD_MIXLO_F16, true}, {GCN_OP_V_MAD_MIXHI_F16, true},
};

static const char *const RM_NAME[4] = {"rne", "rup", "rdn", "rtz"};

/* One group: CASES lanes (rounded up to batches of 64) of OP with the result's rounding mode
 * RM and denorm setting DM, the other format's denorm setting DO (mix ops). */
static unsigned long run_group(const vop *v, unsigned rm, unsigned dm, unsigned dother, unsigned long cases,
                               unsigned long *failed, unsigned max_report) {
  const gcn_inst_desc *d = &gcn_isa[v->op];
  bool out16 = v->op != GCN_OP_V_MAD_MIX_F32;
  static gcn_wave w;
  gcn_wave_init(&w, GCN14, (gcn_program){0, NULL, 0});
  unsigned long n = 0;
  for (; n < cases; n += GCN_WAVE_SIZE) {
    gcn_inst in;
    memset(&in, 0, sizeof in);
    in.desc = d;
    in.gen = GCN14;
    in.enc = GCN_ENC_VOP3P;
    in.size = 8;
    in.vdst = 1;
    unsigned nsrc = gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2, all = (1u << nsrc) - 1;
    for (unsigned i = 0; i < nsrc; i++) in.src[i] = (uint16_t)(GCN_CODE_VGPR0 + 2 + i);
    in.opsel = (uint8_t)(rndn(8) & all);
    in.opsel_hi = (uint8_t)(v->mix ? rndn(8) : (rndn(8) & all) | (7u & ~all));
    in.neg = (uint8_t)(rndn(8) & all);
    if (v->mix)
      in.abs = (uint8_t)rndn(8);
    else
      in.neg_hi = (uint8_t)(rndn(8) & all);
    in.clamp = rndn(4) == 0;
    gcn_error err;
    if (gcn_validate(&in, &err)) oracle_error(err.msg);
    bool ieee = rndn(2);
    unsigned d16 = out16 ? dm : dother, d32 = out16 ? dother : dm;
    w.st.mode = (out16 ? rm << 2 : rm) | d32 << 4 | d16 << 6 | (ieee ? 1u << 9 : 0);
    w.st.exec = ~0ull;
    w.st.pc = 0;
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      for (unsigned i = 0; i < 3; i++) {
        bool f16 = !v->mix || (in.opsel_hi >> i & 1u);
        w.st.vgpr[2 + i][l] = f16 ? gen_val(&OF16) | gen_val(&OF16) << 16 : gen_val(&OF32);
      }
      w.st.vgpr[1][l] = rnd32();
    }
    uint32_t before[GCN_WAVE_SIZE];
    memcpy(before, w.st.vgpr[1], sizeof before);
    if (gcn_execute(&w, &in, NULL, &err) != GCN_STEP_OK) oracle_error(err.msg);
    oenv e16 = env_of(out16 ? rm : 0, d16, ieee), e32 = env_of(out16 ? 0 : rm, d32, ieee);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      uint32_t s[3] = {w.st.vgpr[2][l], w.st.vgpr[3][l], w.st.vgpr[4][l]}, want;
      if (!v->mix) {
        want = o_pk(v->op, s, in.opsel, in.neg, in.clamp, &e16) |
               o_pk(v->op, s, in.opsel_hi, in.neg_hi, in.clamp, &e16) << 16;
      } else {
        uint32_t x[3];
        for (unsigned i = 0; i < 3; i++) {
          bool f16 = in.opsel_hi >> i & 1u;
          const ofmt *f = f16 ? &OF16 : &OF32;
          x[i] = o_absneg(f, f16 ? half_of(s[i], in.opsel >> i & 1u) : s[i], in.abs >> i & 1u, in.neg >> i & 1u);
        }
        uint32_t r = o_mix(out16 ? &OF16 : &OF32, x, in.opsel_hi, &e16, &e32, in.clamp);
        want = v->op == GCN_OP_V_MAD_MIX_F32 ? r
               : v->op == GCN_OP_V_MAD_MIXLO_F16 ? (before[l] & 0xFFFF0000u) | r
                                                 : (before[l] & 0xFFFFu) | r << 16;
      }
      uint32_t got = w.st.vgpr[1][l];
      if (got != want && (*failed)++ < max_report) {
        char text[160];
        gcn_disasm(&in, text, sizeof text);
        printf("  MISMATCH %s mode=0x%x v2=0x%08x v3=0x%08x v4=0x%08x old=0x%08x: model 0x%08x, mpfr 0x%08x\n",
               text, w.st.mode, s[0], s[1], s[2], before[l], got, want);
      }
    }
  }
  gcn_wave_free(&w);
  return n;
}

int main(int argc, char **argv) {
  unsigned long cases = 4096;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc)
      cases = strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: fp_mpfr_vop3p [--cases N] [--seed S]\n");
      return 2;
    }
  }
  WIDE_EMIN = mpfr_get_emin();
  WIDE_EMAX = mpfr_get_emax();
  mpfr_inits2(24, X, Y, Z, R, P, CX, (mpfr_ptr)0);
  unsigned long passed = 0, failed = 0, total = 0;
  clock_t t0 = clock();
  printf("fp_mpfr_vop3p: %lu cases per group, seed %" PRIu64 "\n", cases, seed);
  for (size_t k = 0; k < sizeof OPS3P / sizeof OPS3P[0]; k++) {
    const vop *v = &OPS3P[k];
    unsigned nother = v->mix ? 4 : 1;
    for (unsigned g = 0; g < 16 * nother; g++) {
      unsigned rm = g / 4 % 4, dm = g % 4, dother = g / 16;
      rng_state = seed * 0x100000001B3ull ^ ((uint64_t)(k * 64 + g) << 40);
      /* the pk ops work in f16 throughout */
      if (!v->mix) {
        use_format_range(&OF16);
        mpfr_set_prec(X, 11), mpfr_set_prec(Y, 11), mpfr_set_prec(Z, 11), mpfr_set_prec(R, 11), mpfr_set_prec(P, 11);
      } else {
        mpfr_set_prec(X, 24), mpfr_set_prec(Y, 24), mpfr_set_prec(Z, 24), mpfr_set_prec(R, 24), mpfr_set_prec(P, 24);
      }
      unsigned long bad = 0;
      total += run_group(v, rm, dm, dother, cases, &bad, 5);
      printf("%-18s %s denorm %u%s%s: %s\n", gcn_isa[v->op].mnemonic[GCN14], RM_NAME[rm], dm,
             v->mix ? " other-format denorm " : "", v->mix ? (const char *[]){"0", "1", "2", "3"}[dother] : "",
             bad ? "FAIL" : "ok");
      if (bad)
        failed++;
      else
        passed++;
    }
  }
  mpfr_clears(X, Y, Z, R, P, CX, (mpfr_ptr)0);
  mpfr_free_cache();
  printf("%lu cases in %.1f s\n", total, (double)(clock() - t0) / CLOCKS_PER_SEC);
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed ? 1 : 0;
}

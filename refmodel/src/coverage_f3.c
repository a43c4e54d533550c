/* gcnref: the f3 coverage bins (docs/coverage.md, group `f3`): the hard cases of the float
 * VOP3-only three-source rows (table group valu_f3), which the fpclass bins of SRC0/SRC1
 * and the result do not tell apart.
 *   f3.<mn>.abs2|neg2         instructions with SRC2's ABS / NEG (VOP3 modifier bit 2)
 * v_mad_f32, v_mad_legacy_f32, v_fma_f32, lanes whose operands a, b, c (after ABS/NEG) give:
 *   f3.<mn>.cancel            a, b, c finite and non-zero and |a * b + c| below 2^-20 |c|
 *                             (the exact sum cancels at least 20 bits: fused and unfused differ)
 *   f3.<mn>.prod_ovf          a, b finite and |a * b| above f32's largest finite value
 *   f3.<mn>.tiny              a, b, c finite and a * b + c non-zero below 2^-126 in magnitude
 *                             (a denormal result, or one MODE flushes)
 *   f3.<mn>.nan2              c a NaN, a and b not (SRC2's NaN priority)
 *   f3.<mn>.inf               a, b or c an infinity
 * v_min3_f32, v_max3_f32, v_med3_f32, lanes whose operands:
 *   f3.<mn>.nan               include a NaN
 *   f3.<mn>.zeros             include +0 and -0
 *   f3.<mn>.tie               include two equal non-zero numbers (med3's first-equal rule)
 * Lanes are the ones the instruction writes, the values those read before it executed. */
#include <math.h>

#include "coverage_priv.h"
#include "exec_ctx.h"
#include "gcnref/operand.h"

enum { F_ABS2, F_NEG2, F_B2, F_B3, F_B4, F_B5, F_B6 }; /* per kind: the bins after abs2/neg2 */
_Static_assert(F_B6 + 1 <= GCN_COV_F3_BINS, "gcn_coverage.f3 is too small");

static const enum gcn_op f3_ops[GCN_COV_F3_OPS] = {GCN_OP_V_MAD_F32, GCN_OP_V_MAD_LEGACY_F32, GCN_OP_V_FMA_F32,
                                                   GCN_OP_V_MIN3_F32, GCN_OP_V_MAX3_F32, GCN_OP_V_MED3_F32};
static const char *const mad_bin[] = {"cancel", "prod_ovf", "tiny", "nan2", "inf"};
static const char *const sel_bin[] = {"nan", "zeros", "tie"};

/* The index of OP in f3_ops, or -1. */
static int f3_index(enum gcn_op op) {
  for (int i = 0; i < GCN_COV_F3_OPS; i++)
    if (f3_ops[i] == op) return i;
  return -1;
}
static bool is_select(int i) { return i >= 3; }

static double value_of(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof f);
  return (double)f;
}

void gcn_covf3_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  gcn_covfd_before(cov, in, st); /* the fdiv group (coverage_fdiv.c) */
  gcn_covf64_before(cov, in, st); /* the f64 group's (coverage_f64.c) */
  int i = f3_index(gcn_isa_op(in->desc));
  memset(cov->pre_f3, 0, sizeof cov->pre_f3);
  if (i < 0) return;
  uint32_t x[3][GCN_WAVE_SIZE];
  for (unsigned s = 0; s < 3; s++) gcn_cov_src_lanes(in, st, s, GCN_T_F32, x[s]);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    double v[3];
    uint32_t b[3];
    for (unsigned s = 0; s < 3; s++) {
      b[s] = (uint32_t)absneg(x[s][l], 32, in->abs >> s & 1, in->neg >> s & 1);
      v[s] = value_of(b[s]);
    }
    uint64_t bit = 1ull << l;
    bool nan = isnan(v[0]) || isnan(v[1]) || isnan(v[2]);
    if (is_select(i)) {
      bool pz = false, nz = false, tie = false;
      for (unsigned s = 0; s < 3; s++) {
        pz |= b[s] == 0;
        nz |= b[s] == 0x80000000u;
        tie |= v[s] != 0 && !isnan(v[s]) && v[s] == v[(s + 1) % 3];
      }
      if (nan) cov->pre_f3[F_B2] |= bit;
      if (pz && nz) cov->pre_f3[F_B3] |= bit;
      if (tie) cov->pre_f3[F_B4] |= bit;
      continue;
    }
    bool fin = isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
    double p = v[0] * v[1], sum = p + v[2]; /* the product of two f32 is exact in double */
    if (fin && v[0] != 0 && v[1] != 0 && v[2] != 0 && fabs(sum) < ldexp(fabs(v[2]), -20)) cov->pre_f3[F_B2] |= bit;
    if (isfinite(v[0]) && isfinite(v[1]) && fabs(p) > 3.4028234663852886e38) cov->pre_f3[F_B3] |= bit;
    if (fin && sum != 0 && fabs(sum) < ldexp(1.0, -126)) cov->pre_f3[F_B4] |= bit;
    if (isnan(v[2]) && !isnan(v[0]) && !isnan(v[1])) cov->pre_f3[F_B5] |= bit;
    if (isinf(v[0]) || isinf(v[1]) || isinf(v[2])) cov->pre_f3[F_B6] |= bit;
  }
}

void gcn_covf3_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  gcn_covfd_after(cov, in, ret, pre);
  gcn_covf64_after(cov, in, ret, pre);
  int i = f3_index(gcn_isa_op(in->desc));
  gcn_covh_after(cov, in, ret); /* the f16x bins (coverage_f16x.c) */
  if (!pre || i < 0) return;
  uint64_t written = 0;
  for (unsigned k = 0; k < ret->n_writes; k++)
    if (ret->writes[k].kind == GCN_W_VGPR) written |= ret->writes[k].value;
  if (!written) return; /* EXEC 0 or VSKIP: nothing ran */
  cov->f3[i][F_ABS2] += in->abs >> 2 & 1;
  cov->f3[i][F_NEG2] += in->neg >> 2 & 1;
  for (unsigned b = F_B2; b < GCN_COV_F3_BINS; b++) cov->f3[i][b] += (unsigned)__builtin_popcountll(cov->pre_f3[b] & written);
}

void gcn_covf3_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  v->fl = true;
  for (int i = 0; i < GCN_COV_F3_OPS; i++) {
    const gcn_inst_desc *d = &gcn_isa[f3_ops[i]];
    const char *mn = d->mnemonic[gen];
    if (!mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    const uint64_t *c = cov->f3[i];
    emit(v, c[F_ABS2], NULL, "f3.%s.abs2", mn);
    emit(v, c[F_NEG2], NULL, "f3.%s.neg2", mn);
    unsigned n = is_select(i) ? 3 : 5;
    for (unsigned b = 0; b < n; b++) emit(v, c[F_B2 + b], NULL, "f3.%s.%s", mn, is_select(i) ? sel_bin[b] : mad_bin[b]);
  }
  v->fl = false;
  gcn_covfd_visit(cov, v);
  gcn_covh_visit(cov, v); /* the f16x bins (coverage_f16x.c) */
  gcn_covf64_visit(cov, v);
}

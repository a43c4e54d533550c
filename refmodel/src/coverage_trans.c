/* gcnref: the trans coverage bins (docs/coverage.md, group `trans`): the special cases and
 * hard regions of the transcendentals (table group valu_trans; docs/float.md "Approximate
 * results"), which the fpclass bins of SRC0 and the result do not tell apart. Per row, the
 * lanes whose source x (after SDWA's selection and the VOP3 ABS/NEG, and the op's input
 * flush: a flushed denormal is a zero) and whose result r (the model's, before OMOD) give:
 *   rcp:      trans.<mn>.zero   x = +-0 (r = +-inf; _clamp +-max, _legacy +-0)
 *             trans.<mn>.inf    x = +-inf (r = +-0)
 *             trans.<mn>.near1  0 < |x - 1| <= 2^-8 (where a seed table and iteration start)
 *             trans.<mn>.tiny   x finite, r a zero or denormal (|x| near the largest values)
 *   rsq, sqrt: zero, inf (+inf), near1, and trans.<mn>.neg: x < 0 finite (r = NaN)
 *   log:      zero, neg, near1, and trans.<mn>.one: x = 1 (r = +0)
 *   exp:      zero (r = 1), trans.<mn>.ovf: x finite, r = +inf; trans.<mn>.unf: x finite,
 *             r = +0; trans.<mn>.big: |x| >= 1024 finite (the special-cased range)
 *   sin, cos: trans.<mn>.exact0: x finite non-zero, r = +-0 (multiples of 1/2 or 1/4
 *             revolution); inf (r = NaN); trans.<mn>.large: 16 <= |x| <= 256;
 *             trans.<mn>.undef: |x| > 256 finite (left open by the sources, item 6)
 * The f64 rows (v_rcp/rsq/sqrt_f64 and their _clamp forms) read SRC0's VGPR pair and keep
 * denormals (no input flush); their rcp tiny bin is a result below 2^-1022.
 * A DPP form is not sampled (its lanes read other lanes). */
#include <math.h>

#include "coverage_priv.h"
#include "exec_ctx.h"
#include "gcnref/fp.h"
#include "gcnref/operand.h"

enum { B0, B1, B2, B3 };
_Static_assert(B3 + 1 <= GCN_COV_TRANS_BINS, "gcn_coverage.trans is too small");

static const char *const bin_name[7][4] = {
    [GCN_FN_RCP] = {"zero", "inf", "near1", "tiny"},  [GCN_FN_RSQ] = {"zero", "inf", "near1", "neg"},
    [GCN_FN_SQRT] = {"zero", "inf", "near1", "neg"},  [GCN_FN_LOG] = {"zero", "neg", "near1", "one"},
    [GCN_FN_EXP] = {"zero", "ovf", "unf", "big"},     [GCN_FN_SIN] = {"exact0", "inf", "large", "undef"},
    [GCN_FN_COS] = {"exact0", "inf", "large", "undef"}};

/* SRC0 per lane: a 32-bit source's lanes (SDWA's selection applied), or an f64's pair. */
static void src0_lanes(const gcn_inst *in, const gcn_state *st, gcn_type t, uint64_t *x) {
  uint32_t lo[GCN_WAVE_SIZE];
  unsigned code = in->src[0];
  if (gcn_type_bits(t) == 64 && code >= GCN_CODE_VGPR0) {
    unsigned r = gcn_vgpr_index(st, 0, code - GCN_CODE_VGPR0);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++)
      x[l] = st->vgpr[r][l] | (uint64_t)st->vgpr[(r + 1) % GCN_NUM_VGPRS][l] << 32;
  } else if (gcn_type_bits(t) == 64) {
    gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
    uint64_t v = gcn_read_operand(&c, code, t);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) x[l] = v;
  } else {
    gcn_cov_src0_lanes(in, st, t, lo);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) x[l] = lo[l];
  }
}

static double fvalue(uint64_t b, unsigned bits) {
  double d;
  if (bits != 64) return gcn_cov_fvalue((uint32_t)b, bits);
  memcpy(&d, &b, sizeof d);
  return d;
}

void gcn_covt_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  gcn_fp_func fn;
  gcn_fp_variant var;
  memset(cov->pre_trans, 0, sizeof cov->pre_trans);
  if (!gcn_fp_trans_of(gcn_isa_op(in->desc), &fn, &var) || gcn_inst_is_dpp(in)) return;
  gcn_type t = (gcn_type)gcn_isa_operand(in->desc, GCN_ROLE_S0)->type;
  unsigned bits = gcn_type_bits(t);
  gcn_fp_type ft = bits == 16 ? GCN_FP16 : bits == 64 ? GCN_FP64 : GCN_FP32;
  uint64_t x[GCN_WAVE_SIZE];
  src0_lanes(in, st, t, x);
  const gcn_fp_env env = gcn_fp_env_of(ft, st->mode);
  const bool trig = fn == GCN_FN_SIN || fn == GCN_FN_COS;
  const bool flush = bits == 16 ? env.flush_in : bits == 32 && !trig; /* docs/float.md item 4 */
  const double tiny = bits == 16 ? ldexp(1.0, -14) : bits == 64 ? ldexp(1.0, -1022) : ldexp(1.0, -126);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint64_t b = absneg(bits == 16 ? x[l] & 0xFFFFu : x[l], bits, in->abs & 1, in->neg & 1);
    double d = fvalue(b, bits);
    if (flush && fabs(d) < tiny) d = copysign(0.0, d);
    double r = fvalue(gcn_fp_trans(ft, fn, var, b, &env, NULL), bits);
    bool fin = isfinite(d), zero = d == 0, near1 = fin && d != 1.0 && fabs(d - 1.0) <= ldexp(1.0, -8);
    bool hit[4] = {false, false, false, false};
    switch (fn) {
      case GCN_FN_RCP: hit[0] = zero; hit[1] = isinf(d); hit[2] = near1; hit[3] = fin && !zero && fabs(r) < tiny; break;
      case GCN_FN_RSQ: case GCN_FN_SQRT:
        hit[0] = zero; hit[1] = isinf(d) && d > 0; hit[2] = near1; hit[3] = fin && d < 0; break;
      case GCN_FN_LOG: hit[0] = zero; hit[1] = d < 0 && fin; hit[2] = near1; hit[3] = d == 1.0; break;
      case GCN_FN_EXP:
        hit[0] = zero; hit[1] = fin && isinf(r); hit[2] = fin && r == 0; hit[3] = fin && fabs(d) >= 1024; break;
      default:
        hit[0] = fin && !zero && r == 0; hit[1] = isinf(d);
        hit[2] = fabs(d) >= 16 && fabs(d) <= 256; hit[3] = fin && fabs(d) > 256; break;
    }
    for (unsigned k = 0; k < 4; k++) cov->pre_trans[k] |= (uint64_t)hit[k] << l;
  }
}

void gcn_covt_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  unsigned op = gcn_isa_op(in->desc);
  gcn_fp_func fn;
  gcn_fp_variant var;
  if (!pre || !gcn_fp_trans_of(op, &fn, &var)) return;
  uint64_t written = 0;
  for (unsigned i = 0; i < ret->n_writes; i++)
    if (ret->writes[i].kind == GCN_W_VGPR) written |= ret->writes[i].value;
  for (unsigned b = 0; b < GCN_COV_TRANS_BINS; b++)
    cov->trans[op][b] += (unsigned)__builtin_popcountll(cov->pre_trans[b] & written);
}

/* Result classes a transcendental cannot produce (OMOD scales by 2, 4 or 0.5 and acts only
 * when the type's denormal results are flushed; CLAMP maps into [0, 1]), with the reason. */
const char *gcn_covt_result_unreachable(unsigned op, int k) {
  gcn_fp_func fn;
  gcn_fp_variant var;
  if (!gcn_fp_trans_of(op, &fn, &var)) return NULL;
  const bool f16 = gcn_isa_operand(&gcn_isa[op], GCN_ROLE_D)->type == GCN_T_F16;
  const bool f64 = gcn_isa_operand(&gcn_isa[op], GCN_ROLE_D)->type == GCN_T_F64;
  const bool den = k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM;
  const bool neg = k == GCN_COV_FP_NEG_ZERO || k == GCN_COV_FP_NEG_DENORM || k == GCN_COV_FP_NEG_NORMAL ||
                   k == GCN_COV_FP_NEG_INF;
  const bool inf = k == GCN_COV_FP_POS_INF || k == GCN_COV_FP_NEG_INF;
  switch (fn) {
    case GCN_FN_RCP:
      return den && !f16 && !f64 ? "the f32 transcendentals flush denormal results whatever MODE says (docs/float.md)" : NULL;
    case GCN_FN_RSQ:
      if (neg && k != GCN_COV_FP_NEG_INF && !(var == GCN_FV_CLAMP && k == GCN_COV_FP_NEG_NORMAL))
        return "rsq is positive, +-inf (of +-0) or NaN (the _clamp form: -max of -0)";
      if (inf && var == GCN_FV_LEGACY) return "v_rsq_legacy makes an infinite result +0; 1/sqrt(x) * 4 stays below 2^66";
      return den ? "rsq is above 2^-65 (f32), 2^-8 (f16), 2^-513 (f64): never denormal, even halved" : NULL;
    case GCN_FN_SQRT:
      if (neg && k != GCN_COV_FP_NEG_ZERO) return "sqrt of x < 0 is NaN; only -0 keeps its sign";
      return den ? "sqrt of the smallest denormal is 2^-12 (f16; f32 flushes), 2^-537 (f64): never denormal, even halved" : NULL;
    case GCN_FN_LOG:
      if (k == GCN_COV_FP_NEG_ZERO) return "log2 is +0 at 1 only";
      return den ? "|log2(x)| is 0 or above 2^-24 (f32), 2^-10 (f16): never denormal, even halved" : NULL;
    case GCN_FN_EXP:
      if (neg) return "2^x is +0 or above";
      return den && !f16 ? "the f32 transcendentals flush denormal results whatever MODE says (docs/float.md)" : NULL;
    default:
      if (inf) return "|sin|, |cos| <= 1 (OMOD at most quadruples it); sin/cos of inf is NaN";
      if (fn == GCN_FN_COS && k == GCN_COV_FP_NEG_ZERO) return "an exact zero of cos is +0";
      return fn == GCN_FN_COS && den ? "cos(2 pi x) is 0 or above 2^-22 in magnitude (x a multiple of 2^-25 near 1/4)"
                                     : NULL;
  }
}

void gcn_covt_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  v->fl = true;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    gcn_fp_func fn;
    gcn_fp_variant var;
    if (!gcn_fp_trans_of(op, &fn, &var) || !mn || gcn_isa_has(d, gen, GCN_F_NORTL) ||
        gcn_isa_group_on(d, gen) == GCN_GROUP_NONE)
      continue;
    const uint64_t *c = cov->trans[op];
    for (unsigned b = 0; b < 4; b++) emit(v, c[b], NULL, "trans.%s.%s", mn, bin_name[fn][b]);
  }
  v->fl = false;
}

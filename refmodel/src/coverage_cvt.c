/* gcnref: the cvt coverage bins (docs/coverage.md, group `cvt`): the saturation and NaN
 * cases of the float conversions, which the fpclass bins do not tell apart (an integer
 * result has no class; an infinite f16 result may come from an infinite source).
 *   cvt.<mn>.in_range|sat_max|sat_min|nan   float -> integer (v_cvt_i32/u32/flr_i32/rpi_i32_f32,
 *                                           v_cvt_i16/u16_f16, v_cvt_norm_i16/u16_f16): lanes whose
 *                                           source, rounded as the op rounds (truncated, floor,
 *                                           floor(x + 0.5), x * 32767 or 65535 to nearest even),
 *                                           is within D's range, above it (+inf included: D = max),
 *                                           below it (-inf included: D = min, 0 when unsigned), a NaN (D = 0)
 *   cvt.<mn>.overflow                       v_cvt_f16_f32, v_cvt_f16_u16: lanes whose finite source
 *                                           is above f16's largest finite value 65504 in magnitude
 *                                           (the rounding mode makes it +-inf or +-65504)
 * Lanes are the ones the instruction writes, from the source read before it executed (after
 * SDWA's selection and the VOP3 ABS/NEG); a DPP form is not sampled (its lanes read other
 * lanes). */
#include <math.h>

#include "coverage_priv.h"
#include "exec_ctx.h"
#include "gcnref/operand.h"
#include "sdwa_dpp.h"

enum { K_NONE, K_TRUNC, K_FLOOR, K_RPI, K_NORM, K_NARROW };
enum { C_IN = 0, C_MAX, C_MIN, C_NAN };     /* float -> integer */
enum { C_OVER = 0 };                        /* overflow of an f16 result */
_Static_assert(C_NAN + 1 <= GCN_COV_CVT_BINS, "gcn_coverage.cvt is too small");

/* The kind of OP and its destination's range [*lo, *hi] (float -> integer). */
static int kind_of(enum gcn_op op, double *lo, double *hi) {
  *lo = 0;
  *hi = 65535;
  switch (op) {
    case GCN_OP_V_CVT_I32_F32: *lo = -2147483648.0; *hi = 2147483647.0; return K_TRUNC;
    case GCN_OP_V_CVT_FLR_I32_F32: *lo = -2147483648.0; *hi = 2147483647.0; return K_FLOOR;
    case GCN_OP_V_CVT_RPI_I32_F32: *lo = -2147483648.0; *hi = 2147483647.0; return K_RPI;
    case GCN_OP_V_CVT_U32_F32: *hi = 4294967295.0; return K_TRUNC;
    case GCN_OP_V_CVT_I16_F16: *lo = -32768; *hi = 32767; return K_TRUNC;
    case GCN_OP_V_CVT_U16_F16: return K_TRUNC;
    case GCN_OP_V_CVT_NORM_I16_F16: *lo = -32767; *hi = 32767; return K_NORM; /* -32768 is never produced */
    case GCN_OP_V_CVT_NORM_U16_F16: return K_NORM;
    case GCN_OP_V_CVT_F16_F32: case GCN_OP_V_CVT_F16_U16: return K_NARROW;
    default: return K_NONE;
  }
}

/* coverage_priv.h: the value of the float X of BITS (16 or 32) as a double (exact), NaN for a NaN. */
double gcn_cov_fvalue(uint32_t x, unsigned bits) {
  unsigned mb = bits == 16 ? 10 : 23, eb = bits == 16 ? 5 : 8, bias = bits == 16 ? 15 : 127;
  uint32_t m = x & ((1u << mb) - 1), e = x >> mb & ((1u << eb) - 1);
  double s = x >> (bits - 1) & 1 ? -1.0 : 1.0;
  if (e == (1u << eb) - 1) return m ? NAN : s * INFINITY;
  return s * (e ? ldexp((double)(m | 1u << mb), (int)e - (int)bias - (int)mb) : ldexp((double)m, 1 - (int)bias - (int)mb));
}

/* coverage_priv.h: source S of IN per lane as read before it executes (of type T). */
void gcn_cov_src_lanes(const gcn_inst *in, const gcn_state *st, unsigned s, gcn_type t, uint32_t *x) {
  unsigned code = in->src[s];
  if (code >= GCN_CODE_VGPR0) {
    memcpy(x, st->vgpr[gcn_vgpr_index(st, s, code - GCN_CODE_VGPR0)], GCN_WAVE_SIZE * sizeof *x);
  } else {
    gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
    uint32_t v = (uint32_t)gcn_read_operand(&c, code, t);
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) x[l] = v;
  }
}

/* coverage_priv.h: SRC0 of IN per lane as read before it executes (of type T), after SDWA's selection. */
void gcn_cov_src0_lanes(const gcn_inst *in, const gcn_state *st, gcn_type t, uint32_t *x) {
  uint32_t unused[GCN_WAVE_SIZE] = {0};
  gcn_cov_src_lanes(in, st, 0, t, x);
  if (gcn_inst_is_sdwa(in)) gcn_sdwa_select_sources(in, x, unused);
}

void gcn_covc_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  enum gcn_op op = gcn_isa_op(in->desc);
  double lo, hi;
  int k = kind_of(op, &lo, &hi);
  memset(cov->pre_cvt, 0, sizeof cov->pre_cvt);
  if (k == K_NONE || gcn_inst_is_dpp(in)) return;
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, GCN_ROLE_S0);
  gcn_type t = (gcn_type)o->type;
  unsigned bits = gcn_type_bits(t);
  uint32_t x[GCN_WAVE_SIZE];
  gcn_cov_src0_lanes(in, st, t, x);
  bool fl = gcn_type_is_float(t);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t b = bits == 16 ? x[l] & 0xFFFFu : x[l];
    if (fl) b = (uint32_t)absneg(b, bits, in->abs & 1, in->neg & 1);
    uint64_t bit = 1ull << l;
    if (k == K_NARROW) { /* f32 -> f16, u16 -> f16 */
      double d = fl ? gcn_cov_fvalue(b, bits) : (double)b;
      if (isfinite(d) && fabs(d) > 65504.0) cov->pre_cvt[C_OVER] |= bit;
      continue;
    }
    double d = gcn_cov_fvalue(b, bits);
    if (isnan(d)) {
      cov->pre_cvt[C_NAN] |= bit;
      continue;
    }
    double r = k == K_TRUNC ? trunc(d) : k == K_FLOOR ? floor(d) : k == K_RPI ? floor(d + 0.5)
                                                                   : nearbyint(d * (lo < 0 ? 32767.0 : 65535.0));
    cov->pre_cvt[r > hi ? C_MAX : r < lo ? C_MIN : C_IN] |= bit;
  }
}

void gcn_covc_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  unsigned op = gcn_isa_op(in->desc);
  double lo, hi;
  if (!pre || kind_of((enum gcn_op)op, &lo, &hi) == K_NONE) return;
  uint64_t written = 0;
  for (unsigned i = 0; i < ret->n_writes; i++)
    if (ret->writes[i].kind == GCN_W_VGPR) written |= ret->writes[i].value;
  for (unsigned b = 0; b < GCN_COV_CVT_BINS; b++) cov->cvt[op][b] += (unsigned)__builtin_popcountll(cov->pre_cvt[b] & written);
}

void gcn_covc_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  v->fl = true;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    double lo, hi;
    int k = kind_of((enum gcn_op)op, &lo, &hi);
    if (k == K_NONE || !mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    const uint64_t *c = cov->cvt[op];
    if (k == K_NARROW) {
      emit(v, c[C_OVER], NULL, "cvt.%s.overflow", mn);
      continue;
    }
    static const char *const name[4] = {"in_range", "sat_max", "sat_min", "nan"};
    for (unsigned b = 0; b <= C_NAN; b++) emit(v, c[b], NULL, "cvt.%s.%s", mn, name[b]);
  }
  v->fl = false;
}

/* gcnref: the fdiv coverage bins (docs/coverage.md, group `fdiv`): the rules of the f32
 * division helpers and of the other float VOP3-only rows (table groups valu_fdiv and
 * valu_fmisc), which the fpclass bins of the sources and the result do not tell apart.
 * Per lane (the lanes the instruction writes, the operands a, b, c after ABS/NEG as read
 * before it executed), the case that decides the result:
 *   fdiv.v_div_scale_f32.nan|zero|inf|big|den|rcp_quo|rcp|quo|small|plain
 *       a NaN operand; S1 or S2 zero; S0 infinite; exponent(S2) - exponent(S1) >= 96;
 *       S1 denormal; |S1| > 2^126 with |S2| < 2^-126 |S1|; |S1| > 2^126 alone;
 *       |S2| < 2^-126 |S1| alone; exponent(S2) <= 23; none (fp_div.c's order)
 *   fdiv.v_div_fmas_f32.vcc0|vcc1|vcc1_special    VCC 0; VCC 1, operands finite; VCC 1
 *       with an infinite or NaN operand (no scaling)
 *   fdiv.v_div_fixup_f32.nan2|nan1|invalid|inf|zero|under|est
 *       S2 NaN; S1 NaN; 0/0 or inf/inf; S1 zero or S2 infinite; S1 infinite or S2 zero;
 *       exponent(S2) - exponent(S1) < -150; the estimate (after MODE's input flush)
 *   fdiv.v_cube*_f32.xmaj|ymaj|zmaj|neg|nan|tie   the major axis x, y or z; the major
 *       coordinate negative; a NaN coordinate; two coordinates of equal magnitude, the
 *       larger (after MODE's input flush)
 *   fdiv.v_mullit_f32.nonpos|zero|product         S2 <= 0 or NaN; a zero factor; the product
 *   fdiv.v_cvt_pk_u8_f32.byte0..byte3              the byte S1[1:0] selects */
#include <string.h>

#include "coverage_priv.h"
#include "exec_ctx.h"
#include "gcnref/operand.h"

_Static_assert(10 <= GCN_COV_FDIV_BINS, "gcn_coverage.fdiv is too small");

static const enum gcn_op fd_ops[GCN_COV_FDIV_OPS] = {
    GCN_OP_V_DIV_SCALE_F32, GCN_OP_V_DIV_FMAS_F32, GCN_OP_V_DIV_FIXUP_F32, GCN_OP_V_CUBEID_F32, GCN_OP_V_CUBESC_F32,
    GCN_OP_V_CUBETC_F32,    GCN_OP_V_CUBEMA_F32,   GCN_OP_V_MULLIT_F32,    GCN_OP_V_CVT_PK_U8_F32};
enum { K_SCALE, K_FMAS, K_FIXUP, K_CUBE, K_MULLIT = 7, K_PKU8 };
static const char *const bins_scale[] = {"nan", "zero", "inf", "big", "den", "rcp_quo", "rcp", "quo", "small", "plain"};
static const char *const bins_fmas[] = {"vcc0", "vcc1", "vcc1_special"};
static const char *const bins_fixup[] = {"nan2", "nan1", "invalid", "inf", "zero", "under", "est"};
static const char *const bins_cube[] = {"xmaj", "ymaj", "zmaj", "neg", "nan", "tie"};
static const char *const bins_mullit[] = {"nonpos", "zero", "product"};
static const char *const bins_pku8[] = {"byte0", "byte1", "byte2", "byte3"};

static int fd_index(enum gcn_op op) {
  for (int i = 0; i < GCN_COV_FDIV_OPS; i++)
    if (fd_ops[i] == op) return i;
  return -1;
}
static int kind_of(int i) { return i >= K_CUBE && i < K_MULLIT ? K_CUBE : i; }
static const char *const *names_of(int i, unsigned *n) {
  switch (kind_of(i)) {
    case K_SCALE: *n = 10; return bins_scale;
    case K_FMAS: *n = 3; return bins_fmas;
    case K_FIXUP: *n = 7; return bins_fixup;
    case K_CUBE: *n = 6; return bins_cube;
    case K_MULLIT: *n = 3; return bins_mullit;
    default: *n = 4; return bins_pku8;
  }
}

static unsigned ex(uint32_t x) { return x >> 23 & 0xFF; }
static uint32_t mag(uint32_t x) { return x & 0x7FFFFFFFu; }
static bool nan_(uint32_t x) { return mag(x) > 0x7F800000u; }
static bool inf_(uint32_t x) { return mag(x) == 0x7F800000u; }
static bool zero_(uint32_t x) { return mag(x) == 0; }
static bool den_(uint32_t x) { return ex(x) == 0 && mag(x) != 0; }

/* |b| < 2^-126 |a| (finite, non-zero): by the normalized exponents, then the significands. */
static bool quo_tiny(uint32_t b, uint32_t a) {
  uint32_t sa = mag(a) & 0x7FFFFFu, sb = mag(b) & 0x7FFFFFu;
  int ea = ex(a) ? (int)ex(a) : 1, eb = ex(b) ? (int)ex(b) : 1;
  sa |= ex(a) ? 0x800000u : 0, sb |= ex(b) ? 0x800000u : 0;
  while (!(sa & 0x800000u)) sa <<= 1, ea--;
  while (!(sb & 0x800000u)) sb <<= 1, eb--;
  ea -= 126;
  return eb != ea ? eb < ea : sb < sa;
}

static int scale_case(uint32_t s0, uint32_t s1, uint32_t s2) {
  if (nan_(s0) || nan_(s1) || nan_(s2)) return 0;
  if (zero_(s1) || zero_(s2)) return 1;
  if (inf_(s0)) return 2;
  bool rcp = !inf_(s1) && mag(s1) > 0x7E800000u, quo = !inf_(s1) && !inf_(s2) && quo_tiny(s2, s1);
  if ((int)ex(s2) - (int)ex(s1) >= 96) return 3;
  if (den_(s1)) return 4;
  if (rcp && quo) return 5;
  if (rcp) return 6;
  if (quo) return 7;
  return ex(s2) <= 23 ? 8 : 9;
}

static int fixup_case(uint32_t s1, uint32_t s2) {
  if (nan_(s2)) return 0;
  if (nan_(s1)) return 1;
  if ((zero_(s1) && zero_(s2)) || (inf_(s1) && inf_(s2))) return 2;
  if (zero_(s1) || inf_(s2)) return 3;
  if (inf_(s1) || zero_(s2)) return 4;
  return (int)ex(s2) - (int)ex(s1) < -150 ? 5 : 6;
}

/* The cube bins of (x, y, z): a bit per bin. */
static unsigned cube_bits(uint32_t x, uint32_t y, uint32_t z) {
  bool nx = nan_(x), ny = nan_(y), nz = nan_(z);
  uint32_t ax = mag(x), ay = mag(y), az = mag(z);
  int axis = !nx && !ny && !nz && az >= ax && az >= ay ? 2 : !nx && !ny && ay >= ax ? 1 : 0;
  uint32_t m = axis == 2 ? z : axis == 1 ? y : x, am = mag(m);
  unsigned r = 1u << axis;
  if (m >> 31) r |= 1u << 3;
  if (nx || ny || nz) r |= 1u << 4;
  if (!nan_(m) && (((axis != 0 && ax == am) + (axis != 1 && ay == am) + (axis != 2 && az == am)) > 0)) r |= 1u << 5;
  return r;
}

void gcn_covfd_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  int i = fd_index(gcn_isa_op(in->desc));
  memset(cov->pre_fdiv, 0, sizeof cov->pre_fdiv);
  if (i < 0) return;
  uint32_t x[3][GCN_WAVE_SIZE];
  for (unsigned s = 0; s < 3; s++) gcn_cov_src_lanes(in, st, s, i == K_PKU8 && s > 0 ? GCN_T_U32 : GCN_T_F32, x[s]);
  bool flush = !(st->mode >> 4 & 1); /* MODE's f32 input flush */
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t b[3];
    for (unsigned s = 0; s < 3; s++) {
      b[s] = i == K_PKU8 && s > 0 ? x[s][l] : (uint32_t)absneg(x[s][l], 32, in->abs >> s & 1, in->neg >> s & 1);
      if (flush && den_(b[s]) && i != K_SCALE && i != K_FMAS && !(i == K_PKU8 && s > 0)) b[s] &= 0x80000000u;
    }
    uint64_t bit = 1ull << l;
    unsigned bins = 0;
    switch (kind_of(i)) {
      case K_SCALE: bins = 1u << scale_case(b[0], b[1], b[2]); break;
      case K_FMAS: {
        bool special = nan_(b[0]) || nan_(b[1]) || nan_(b[2]) || inf_(b[0]) || inf_(b[1]) || inf_(b[2]);
        bins = !(st->vcc >> l & 1) ? 1u : special ? 4u : 2u;
        break;
      }
      case K_FIXUP: bins = 1u << fixup_case(b[1], b[2]); break;
      case K_CUBE: bins = cube_bits(b[0], b[1], b[2]); break;
      case K_MULLIT:
        bins = nan_(b[2]) || (b[2] >> 31) || zero_(b[2]) ? 1u : zero_(b[0]) || zero_(b[1]) ? 2u : 4u;
        break;
      default: bins = 1u << (b[1] & 3u); break;
    }
    for (unsigned k = 0; k < GCN_COV_FDIV_BINS; k++)
      if (bins >> k & 1) cov->pre_fdiv[k] |= bit;
  }
}

void gcn_covfd_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  int i = fd_index(gcn_isa_op(in->desc));
  if (!pre || i < 0) return;
  uint64_t written = 0;
  for (unsigned k = 0; k < ret->n_writes; k++)
    if (ret->writes[k].kind == GCN_W_VGPR) written |= ret->writes[k].value;
  for (unsigned b = 0; b < GCN_COV_FDIV_BINS; b++)
    cov->fdiv[i][b] += (unsigned)__builtin_popcountll(cov->pre_fdiv[b] & written);
}

void gcn_covfd_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  v->fl = true;
  for (int i = 0; i < GCN_COV_FDIV_OPS; i++) {
    const gcn_inst_desc *d = &gcn_isa[fd_ops[i]];
    const char *mn = d->mnemonic[gen];
    if (!mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    unsigned n;
    const char *const *names = names_of(i, &n);
    for (unsigned b = 0; b < n; b++) emit(v, cov->fdiv[i][b], NULL, "fdiv.%s.%s", mn, names[b]);
  }
  v->fl = false;
}

const char *gcn_covfd_result_unreachable(enum gcn_op op, int k) {
  if (op == GCN_OP_V_CUBEID_F32 && k != GCN_COV_FP_POS_ZERO && k != GCN_COV_FP_POS_NORMAL)
    return "the face id is 0.0..5.0 (OMOD and CLAMP keep it +0 or a positive normal)";
  if (op == GCN_OP_V_TRIG_PREOP_F64 && k != GCN_COV_FP_POS_ZERO && k != GCN_COV_FP_POS_DENORM &&
      k != GCN_COV_FP_POS_NORMAL)
    return "trig_preop is a segment of 2/pi times 2^(-53 - shift) (2^128 more only when shift >= 891): "
           "+0, a denormal or a normal below 1.0, whatever S0's sign or class (OMOD at most quadruples it)";
  return gcn_covt_result_unreachable(op, k); /* the transcendentals (coverage_trans.c) */
}

const char *gcn_covfd_clamp_unreachable(const gcn_inst_desc *d, gcn_gen gen) {
  if (d->flags_on[gen] & GCN_F_NOCLAMP) return "OMOD without CLAMP on this generation (noclamp: llvm-mc 14 rejects clamp)";
  if (gcn_isa_operand(d, GCN_ROLE_CO) && !gcn_enc_has(gcn_enc_lookup(gen, GCN_ENC_VOP3B), GCN_FLD_CLAMP))
    return "VOP3B (v_div_scale) has no CLAMP field before gcn12";
  return NULL;
}

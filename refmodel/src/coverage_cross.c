/* gcnref: the coverage crosses where rules interact (docs/coverage.md "Crosses"): the fpx
 * group (float results' bands under rounding mode, denormal mode, an active OMOD and CLAMP;
 * MODE fields per float type) and integer CLAMP x carry-in x carry/borrow out. Sampling
 * re-evaluates the rounding float instructions through the float core's public API in
 * the rounding modes that bracket the exact result. */
#include "coverage_priv.h"
#include "sdwa_dpp.h"

#include "exec_ctx.h"
#include "gcnref/fp.h"
#include "gcnref/operand.h"

static const char *const band_name[GCN_COV_FB_BANDS] = {"exact", "inexact", "overflow", "underflow", "tiny_up"};
static const char *const region_name[GCN_COV_CL_REGIONS] = {"neg", "unit", "above", "overflow", "nan"};
static const char *const omod_name[3] = {"mul2", "mul4", "div2"};

const char *gcn_cov_band_name(int k) { return k >= 0 && k < GCN_COV_FB_BANDS ? band_name[k] : "?"; }
const char *gcn_cov_clamp_region_name(int k) { return k >= 0 && k < GCN_COV_CL_REGIONS ? region_name[k] : "?"; }
const char *gcn_cov_round_name(int k) { return k >= 0 && k < 4 ? round_name[k] : "?"; }
const char *gcn_cov_denorm_name(int k) { return k >= 0 && k < 4 ? denorm_name[k] : "?"; }
const char *gcn_cov_omod_name(int k) { return k >= 0 && k < 3 ? omod_name[k] : "?"; }

int gcn_cov_fp_band(uint32_t z, uint32_t a, uint32_t r, unsigned bits) {
  unsigned mbits = bits == 16 ? 10 : 23;
  uint32_t mag = (1u << (bits - 1)) - 1, inf = mag ^ ((1u << mbits) - 1), minnorm = 1u << mbits;
  if ((z & mag) >= inf) return -1; /* NaN or infinity: special operands, no band */
  if ((a & mag) == inf) return GCN_COV_FB_OVERFLOW;
  if ((z & mag) < minnorm && ((z & mag) || (a & mag)))
    return (r & mag) == minnorm ? GCN_COV_FB_TINY_UP : GCN_COV_FB_UNDERFLOW;
  return z == a ? GCN_COV_FB_EXACT : GCN_COV_FB_INEXACT;
}

/* How the float crosses evaluate an op again (fx_kind): the operation (low 3 bits), f16
 * (bit 3), and where its operands (a, b, c) come from (bits 4..6). The rounding float
 * instructions that the generator emits; the others have no fpx bins. */
enum { FX_ADD = 1, FX_SUB, FX_MUL, FX_MUL_LEGACY, FX_MAD, FX_MAD_LEGACY, FX_LDEXP };
enum { FX_F16 = 8 };
enum { FXA_AB = 0, FXA_BA = 1, FXA_AB_OLD = 2, FXA_AK_B = 3, FXA_AB_K = 4 };
#define FX(op, arr) ((op) | (arr) << 4)

uint8_t gcn_covx_fx_kind(enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_ADD_F32: return FX(FX_ADD, FXA_AB);
    case GCN_OP_V_SUB_F32: return FX(FX_SUB, FXA_AB);
    case GCN_OP_V_SUBREV_F32: return FX(FX_SUB, FXA_BA);
    case GCN_OP_V_MUL_F32: return FX(FX_MUL, FXA_AB);
    case GCN_OP_V_MUL_LEGACY_F32: return FX(FX_MUL_LEGACY, FXA_AB);
    case GCN_OP_V_MAC_F32: return FX(FX_MAD, FXA_AB_OLD);
    case GCN_OP_V_MAC_LEGACY_F32: return FX(FX_MAD_LEGACY, FXA_AB_OLD);
    case GCN_OP_V_MADMK_F32: return FX(FX_MAD, FXA_AK_B);
    case GCN_OP_V_MADAK_F32: return FX(FX_MAD, FXA_AB_K);
    case GCN_OP_V_LDEXP_F32: return FX(FX_LDEXP, FXA_AB);
    case GCN_OP_V_ADD_F16: return FX(FX_ADD, FXA_AB) | FX_F16;
    case GCN_OP_V_SUB_F16: return FX(FX_SUB, FXA_AB) | FX_F16;
    case GCN_OP_V_SUBREV_F16: return FX(FX_SUB, FXA_BA) | FX_F16;
    case GCN_OP_V_MUL_F16: return FX(FX_MUL, FXA_AB) | FX_F16;
    case GCN_OP_V_MAC_F16: return FX(FX_MAD, FXA_AB_OLD) | FX_F16;
    case GCN_OP_V_MADMK_F16: return FX(FX_MAD, FXA_AK_B) | FX_F16;
    case GCN_OP_V_MADAK_F16: return FX(FX_MAD, FXA_AB_K) | FX_F16;
    case GCN_OP_V_LDEXP_F16: return FX(FX_LDEXP, FXA_AB) | FX_F16;
    default: return 0;
  }
}

/* The operation of kind K on (a, b, c) in env E, through the float core's public API. */
static uint32_t fx_eval(unsigned k, const uint32_t x[3], const gcn_fp_env *e) {
  bool h = k & FX_F16;
  uint16_t a = (uint16_t)x[0], b = (uint16_t)x[1], c = (uint16_t)x[2];
  switch (k & 7) {
    case FX_ADD: return h ? gcn_f16_add(a, b, e) : gcn_f32_add(x[0], x[1], e);
    case FX_SUB: return h ? gcn_f16_sub(a, b, e) : gcn_f32_sub(x[0], x[1], e);
    case FX_MUL: return h ? gcn_f16_mul(a, b, e) : gcn_f32_mul(x[0], x[1], e);
    case FX_MUL_LEGACY: return gcn_f32_mul_legacy(x[0], x[1], e);
    case FX_MAD: return h ? gcn_f16_mad(a, b, c, e) : gcn_f32_mad(x[0], x[1], x[2], e);
    case FX_MAD_LEGACY: return gcn_f32_mad_legacy(x[0], x[1], x[2], e);
    default: return h ? gcn_f16_ldexp(a, x[1], e) : gcn_f32_ldexp(x[0], x[1], e);
  }
}

/* Integer CLAMP crosses (ic_kind): 1 add, 2 sub (s0 - s1), 3 subrev (low 2 bits); 16-bit
 * (bit 2); with a carry-in (bit 3). Every VOP2 row with integer clamp. */
uint8_t gcn_covx_ic_kind(const gcn_inst_desc *d, enum gcn_op op) {
  if (!(d->flags & GCN_F_ICLAMP) || !gcn_class_is_vector(d->cls) || is_float_op(d)) return 0;
  int k = carry_kind(op);
  switch (op) {
    case GCN_OP_V_ADD_U16: case GCN_OP_V_ADD_U32: k = 1; break;
    case GCN_OP_V_SUB_U16: case GCN_OP_V_SUB_U32: k = 2; break;
    case GCN_OP_V_SUBREV_U16: case GCN_OP_V_SUBREV_U32: k = 3; break;
    default: break;
  }
  if (!k) return 0;
  const gcn_operand_desc *o = gcn_isa_operand(d, GCN_ROLE_D);
  bool w16 = o && gcn_type_bits((gcn_type)o->type) == 16;
  return (uint8_t)(k | (w16 ? 4 : 0) | (gcn_isa_operand(d, GCN_ROLE_CI) ? 8 : 0));
}

/* The 32-bit lanes of source SLOT's code CODE (a VGPR row, through VGPR indexing as the
 * VALU reads it, or the scalar value broadcast). */
static void src_lanes(gcn_exec_ctx *c, unsigned slot, unsigned code, gcn_type t, uint32_t out[GCN_WAVE_SIZE]) {
  if (code >= GCN_CODE_VGPR0) {
    memcpy(out, c->st->vgpr[gcn_vgpr_index(c->st, slot, code - GCN_CODE_VGPR0)], sizeof(uint32_t) * GCN_WAVE_SIZE);
    return;
  }
  uint32_t x = (uint32_t)gcn_read_operand(c, code, t);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) out[l] = x;
}

/* The operands of a float-cross op (a, b, c after abs/neg), or the carry
 * in / out lanes of an integer op with CLAMP. */
void gcn_covx_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  unsigned op = gcn_isa_op(in->desc), fk = cov->fx_kind[op], ik = cov->ic_kind[op];
  if (!fk && !(ik && in->clamp && gcn_inst_is_vop3(in))) return;
  gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
  uint32_t s0[GCN_WAVE_SIZE], s1[GCN_WAVE_SIZE];
  bool present; /* constants are read at the operand's type (an f16 1.0 is 0x3C00) */
  src_lanes(&c, 0, in->src[0], role_type(in->desc, GCN_ROLE_S0, &present), s0);
  src_lanes(&c, 1, in->src[1], role_type(in->desc, GCN_ROLE_S1, &present), s1);
  if (gcn_inst_is_sdwa(in)) gcn_sdwa_select_sources(in, s0, s1); /* the parts the op reads */
  if (fk) {
    unsigned bits = fk & FX_F16 ? 16 : 32, arr = fk >> 4 & 7;
    bool ldexp = (fk & 7) == FX_LDEXP;
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      uint32_t a = absneg(s0[l] & (bits == 16 ? 0xFFFFu : ~0u), bits, in->abs & 1, in->neg & 1);
      uint32_t b = ldexp ? s1[l] : absneg(s1[l] & (bits == 16 ? 0xFFFFu : ~0u), bits, in->abs >> 1 & 1, in->neg >> 1 & 1);
      uint32_t *x = &cov->pre_src[0][l], *y = &cov->pre_src[1][l], *z = &cov->pre_src[2][l];
      switch (arr) {
        case FXA_BA: *x = b, *y = a, *z = 0; break;
        case FXA_AB_OLD: *x = a, *y = b, *z = st->vgpr[gcn_vdst_index(&c)][l]; break;
        case FXA_AK_B: *x = a, *y = in->literal, *z = b; break;
        case FXA_AB_K: *x = a, *y = b, *z = in->literal; break;
        default: *x = a, *y = b, *z = 0; break;
      }
    }
    return;
  }
  uint64_t ci = ik & 8 ? gcn_read_operand(&c, in->src[2], GCN_T_B64) : 0, co = 0;
  uint32_t mask = ik & 4 ? 0xFFFFu : 0xFFFFFFFFu;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint64_t x = (ik & 3) == 3 ? s1[l] & mask : s0[l] & mask, y = (ik & 3) == 3 ? s0[l] & mask : s1[l] & mask;
    uint64_t cin = ci >> l & 1;
    bool out = (ik & 3) == 1 ? x + y + cin > mask : y + cin > x;
    co |= (uint64_t)out << l;
  }
  cov->pre_ci = ci;
  cov->pre_co = co;
}

/* After a float-cross op: per lane of LANES, the band of its result and where CLAMP saw it. */
static void sample_fpx_lanes(gcn_coverage *cov, const gcn_inst *in, unsigned fk, unsigned rm, unsigned dm,
                             const gcn_fp_env *env, uint64_t lanes) {
  bool h = fk & FX_F16;
  unsigned bits = h ? 16 : 32, omod = in->omod & 3;
  bool omod_on = omod && env->flush_out && !env->ieee;
  int k = omod == 3 ? -1 : (int)omod; /* OMOD's power of two */
  gcn_fp_env nf = *env, nz, nu, nd;
  nf.flush_out = false; /* the exact band is judged before output flushing */
  nz = nu = nd = nf;
  nz.round = GCN_RND_ZERO, nu.round = GCN_RND_UP, nd.round = GCN_RND_DOWN;
  uint32_t sign = 1u << (bits - 1), one = h ? 0x3C00u : 0x3F800000u;
  for (uint64_t m = lanes; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    uint32_t x[3] = {cov->pre_src[0][l], cov->pre_src[1][l], cov->pre_src[2][l]};
    uint32_t z = fx_eval(fk, x, &nz);
    uint32_t a = fx_eval(fk, x, z & sign ? &nd : &nu);
    uint32_t r = rm == GCN_RND_ZERO ? z : fx_eval(fk, x, &nf);
    int band = gcn_cov_fp_band(z, a, r, bits);
    uint32_t res = fx_eval(fk, x, env); /* the op's result as executed (flushed) */
    bool special = (res & (sign - 1)) >= (h ? 0x7C00u : 0x7F800000u) || !(res & (sign - 1));
    if (omod_on && !special) { /* OMOD's scaling is a second rounding of the same kind */
      uint32_t sz = h ? gcn_f16_ldexp((uint16_t)res, (uint32_t)k, &nz) : gcn_f32_ldexp(res, (uint32_t)k, &nz);
      const gcn_fp_env *ea = sz & sign ? &nd : &nu;
      uint32_t sa = h ? gcn_f16_ldexp((uint16_t)res, (uint32_t)k, ea) : gcn_f32_ldexp(res, (uint32_t)k, ea);
      uint32_t sr = h ? gcn_f16_ldexp((uint16_t)res, (uint32_t)k, &nf) : gcn_f32_ldexp(res, (uint32_t)k, &nf);
      int b2 = gcn_cov_fp_band(sz, sa, sr, bits);
      static const int prio[GCN_COV_FB_BANDS] = {0, 1, 4, 2, 3}; /* overflow > tiny_up > underflow > inexact */
      if (b2 >= 0 && (band < 0 || prio[b2] > prio[band])) band = b2;
    }
    if (band >= 0) {
      cov->fpx_round[h][rm][band]++;
      if (band == GCN_COV_FB_UNDERFLOW || band == GCN_COV_FB_TINY_UP)
        cov->fpx_denorm[h][dm][band == GCN_COV_FB_TINY_UP]++;
      if (omod_on) cov->fpx_omod[h][omod - 1][rm][band]++;
    }
    if (omod_on && in->clamp) {
      uint32_t v = h ? gcn_f16_omod_clamp((uint16_t)res, omod, false, env) : gcn_f32_omod_clamp(res, omod, false, env);
      uint32_t mag = v & (sign - 1);
      int reg = mag > (h ? 0x7C00u : 0x7F800000u) ? GCN_COV_CL_NAN
                : band == GCN_COV_FB_OVERFLOW   ? GCN_COV_CL_OVERFLOW
                : (v & sign) && mag             ? GCN_COV_CL_NEG
                : !(v & sign) && mag > one      ? GCN_COV_CL_ABOVE
                                                : GCN_COV_CL_UNIT;
      cov->fpx_clamp[h][omod - 1][reg]++;
    }
  }
}

/* After IN: the float crosses (MODE per float instruction; bands per lane) and the integer
 * CLAMP lanes. F16 and MODE as gcn_coverage_after read them. */
void gcn_covx_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, uint32_t mode, bool f16,
                    bool pre) {
  unsigned op = gcn_isa_op(in->desc), ik = cov->ic_kind[op];
  uint64_t exec = 0; /* the lanes written (EXEC; none when VSKIP skipped the instruction) */
  for (unsigned k = 0; k < ret->n_writes; k++)
    if (ret->writes[k].kind == GCN_W_VGPR) exec |= ret->writes[k].value;
  if (!(cov->opf[op] & OPF_FLOAT)) {
    if (pre && ik && in->clamp && gcn_inst_is_vop3(in)) {
      for (unsigned ci = 0; ci < 2; ci++) {
        uint64_t lanes = exec & (ci ? cov->pre_ci : ~cov->pre_ci);
        unsigned n = (unsigned)__builtin_popcountll(lanes), c1 = (unsigned)__builtin_popcountll(lanes & cov->pre_co);
        cov->iclamp[op][ci][1] += c1;
        cov->iclamp[op][ci][0] += n - c1;
      }
    }
    return;
  }
  gcn_fp_env env = f16 ? gcn_fp_env_f16(mode) : gcn_fp_env_f32(mode);
  unsigned rm = env.round, dm = f16 ? mode >> GCN_MODE_FP_DENORM_F16_SHIFT & 3 : mode >> GCN_MODE_FP_DENORM_F32_SHIFT & 3;
  cov->fpx_mode[f16][rm][dm]++;
  cov->fpx_mode_flags[f16][env.ieee][env.dx10_clamp]++;
  if (gcn_inst_is_vop3(in) && (in->omod & 3) && (in->desc->flags & GCN_F_OMOD)) {
    if (env.ieee) cov->fpx_omod_ignored[f16][0]++;
    if (!env.flush_out) cov->fpx_omod_ignored[f16][1]++;
  }
  unsigned fk = cov->fx_kind[op];
  if (fk && pre) sample_fpx_lanes(cov, in, fk, rm, dm, &env, exec);
}

/* mod.<mn>.clamp.[ci<c>.]co<o>: lanes of an integer op with CLAMP, by carry-in and by a
 * carry / borrow out of the destination's width (where saturation takes effect). */
void gcn_covx_visit_iclamp(const gcn_coverage *cov, visitor *v, const gcn_inst_desc *d, unsigned op, const char *mn) {
  unsigned ik = gcn_covx_ic_kind(d, (enum gcn_op)op);
  if (!ik) return;
  const char *why = cov->gen < GCN12 ? "integer clamp exists from gcn12" : NULL;
  for (unsigned ci = 0; ci < (ik & 8 ? 2u : 1u); ci++)
    for (unsigned co = 0; co < 2; co++) {
      if (ik & 8)
        emit(v, cov->iclamp[op][ci][co], why, "mod.%s.clamp.ci%u.co%u", mn, ci, co);
      else
        emit(v, cov->iclamp[op][0][co], why, "mod.%s.clamp.co%u", mn, co);
    }
}

/* The fpx group (float scope), per type: see docs/coverage.md "Float crosses". */
void gcn_covx_visit_fpx(const gcn_coverage *cov, visitor *v) {
  v->fl = true;
  for (unsigned h = 0; h < 2; h++) {
    const char *ty = h ? "f16" : "f32", *no16 = h && cov->gen < GCN12 ? "no f16 instruction before gcn12" : NULL;
    const char *rtz_up = "rounding toward zero never rounds up to the smallest normal";
    for (unsigned rm = 0; rm < 4; rm++)
      for (int b = 0; b < GCN_COV_FB_BANDS; b++)
        emit(v, cov->fpx_round[h][rm][b], no16 ? no16 : rm == GCN_RND_ZERO && b == GCN_COV_FB_TINY_UP ? rtz_up : NULL,
             "fpx.%s.round.%s.%s", ty, round_name[rm], band_name[b]);
    for (unsigned dm = 0; dm < 4; dm++)
      for (unsigned t = 0; t < 2; t++)
        emit(v, cov->fpx_denorm[h][dm][t], no16, "fpx.%s.denorm.%s.%s", ty, denorm_name[dm],
             band_name[t ? GCN_COV_FB_TINY_UP : GCN_COV_FB_UNDERFLOW]);
    for (unsigned o = 0; o < 3; o++)
      for (unsigned rm = 0; rm < 4; rm++)
        for (int b = 0; b < GCN_COV_FB_BANDS; b++)
          emit(v, cov->fpx_omod[h][o][rm][b],
               no16 ? no16 : rm == GCN_RND_ZERO && b == GCN_COV_FB_TINY_UP ? rtz_up : NULL, "fpx.%s.omod.%s.%s.%s", ty,
               omod_name[o], round_name[rm], band_name[b]);
    for (unsigned o = 0; o < 3; o++)
      for (int r = 0; r < GCN_COV_CL_REGIONS; r++)
        emit(v, cov->fpx_clamp[h][o][r], no16, "fpx.%s.clamp_omod.%s.%s", ty, omod_name[o], region_name[r]);
    emit(v, cov->fpx_omod_ignored[h][0], no16, "fpx.%s.omod_ignored.ieee", ty);
    emit(v, cov->fpx_omod_ignored[h][1], no16, "fpx.%s.omod_ignored.denorm_out", ty);
    for (unsigned rm = 0; rm < 4; rm++)
      for (unsigned dm = 0; dm < 4; dm++)
        emit(v, cov->fpx_mode[h][rm][dm], no16, "fpx.%s.mode.%s.%s", ty, round_name[rm], denorm_name[dm]);
    for (unsigned i = 0; i < 2; i++)
      for (unsigned x = 0; x < 2; x++)
        emit(v, cov->fpx_mode_flags[h][i][x], no16, "fpx.%s.mode.ieee%u.dx10_clamp%u", ty, i, x);
  }
  v->fl = false;
}

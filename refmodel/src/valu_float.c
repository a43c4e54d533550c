/* gcnref: the float instructions of VOP1, VOPC and VOP3-only (f16, f32, f64) over the 64
 * lanes of one instruction: input modifiers by operand type, the float core (fp.h), then
 * OMOD/CLAMP by destination type. Every float rule is in the float core; this file only
 * maps an instruction to its operation. docs/float.md has the rules, docs/semantics.md
 * the per-instruction choices. */
#include <string.h>

#include "gcnref/fp.h"
#include "valu.h"

typedef struct {
  const uint64_t *src[3]; /* the lanes of SRC0..SRC2, raw (64-bit operands whole) */
  const uint32_t *old;    /* VDST before (its low dword) */
  uint64_t vcc;           /* VCC, for v_div_fmas */
} gcn_float_io;

typedef struct {
  uint64_t d[64];    /* results (64-bit for f64 destinations) */
  uint64_t cc;       /* compare results, v_div_scale's VCC bits */
  uint64_t cc_undef; /* cc bits the sources leave open (gcn10's v_div_scale VCC) */
  uint64_t undef;    /* result lanes the sources leave open (docs/float.md, policy 6) */
  bool is_compare;   /* VOPC: cc is the result */
  bool sets_cc;      /* cc is written (VOPC, v_div_scale) */
} gcn_float_out;


static gcn_fp_type fp_type_of(gcn_type t) {
  return t == GCN_T_F16 ? GCN_FP16 : t == GCN_T_F64 ? GCN_FP64 : GCN_FP32;
}

/* abs (clear the sign), then neg (flip it), on a float operand of TYPE (section 4). */
static uint64_t absneg(gcn_type t, uint64_t x, bool abs, bool neg) {
  unsigned b = gcn_type_bits(t);
  if (t != GCN_T_F16 && t != GCN_T_F32 && t != GCN_T_F64) return x;
  uint64_t s = (uint64_t)1 << (b - 1);
  if (abs) x &= ~s;
  if (neg) x ^= s;
  return x;
}

/* Output modifiers of a float result of TYPE (OMOD, then CLAMP), with the type's env. */
static uint64_t outmod(gcn_type t, uint64_t r, const gcn_inst *in, const gcn_fp_env *e) {
  switch (t) {
    case GCN_T_F16: return gcn_f16_omod_clamp((uint16_t)r, in->omod, in->clamp, e);
    case GCN_T_F32: return gcn_f32_omod_clamp((uint32_t)r, in->omod, in->clamp, e);
    case GCN_T_F64: return gcn_f64_omod_clamp(r, in->omod, in->clamp, e);
    default: return r;
  }
}

typedef enum {
  K_NONE, K_CMP, K_CLASS, K_CVT, K_FROM_INT, K_TO_INT, K_ROUND, K_FRACT, K_MANT, K_EXP,
  K_TRANS, K_FMA, K_MAD, K_MAD_LEGACY, K_MIN3, K_MAX3, K_MED3, K_DIV_SCALE, K_DIV_FMAS,
  K_DIV_FIXUP, K_ADD, K_MUL, K_MIN, K_MAX, K_LDEXP, K_CUBE, K_MULLIT, K_TRIG_PREOP,
  K_NORM16, K_PKNORM16, K_PACK16, K_PK_U8, K_UBYTE, K_OFF_I4,
} kind;

typedef struct {
  kind k;
  int arg;        /* predicate, rounding direction, function, byte, cube selector ... */
  int arg2;       /* transcendental variant; integer saturation selector */
  gcn_type td;    /* destination type */
  gcn_type ts[3]; /* source types */
} plan;

#define OP(name) case GCN_OP_##name
static bool make_plan(enum gcn_op op, const gcn_inst_desc *d, plan *p) {
  memset(p, 0, sizeof *p);
  const gcn_operand_desc *o;
  p->td = (o = gcn_isa_operand(d, GCN_ROLE_D)) ? (gcn_type)o->type : GCN_T_B32;
  static const gcn_role roles[3] = {GCN_ROLE_S0, GCN_ROLE_S1, GCN_ROLE_S2};
  for (int i = 0; i < 3; i++)
    p->ts[i] = (o = gcn_isa_operand(d, roles[i])) ? (gcn_type)o->type : GCN_T_B32;
  if (d->cls == GCN_CLASS_VOPC) { /* the relation is the table's (@symbols relation) */
    if (d->rel < 0) p->k = K_CLASS;
    else if ((p->arg = d->rel) >= 0 && gcn_type_is_float(p->ts[0])) p->k = K_CMP;
    return p->k != K_NONE;
  }
  switch (op) {
    OP(V_CVT_F16_F32): OP(V_CVT_F32_F16): OP(V_CVT_F32_F64): OP(V_CVT_F64_F32): p->k = K_CVT; break;
    OP(V_CVT_F32_I32): OP(V_CVT_F32_U32): OP(V_CVT_F64_I32): OP(V_CVT_F64_U32):
    OP(V_CVT_F16_U16): OP(V_CVT_F16_I16): p->k = K_FROM_INT; break;
    OP(V_CVT_I32_F32): OP(V_CVT_U32_F32): OP(V_CVT_I32_F64): OP(V_CVT_U32_F64):
    OP(V_CVT_I16_F16): OP(V_CVT_U16_F16): p->k = K_TO_INT; p->arg = GCN_CVT_TRUNC; break;
    OP(V_CVT_FLR_I32_F32): p->k = K_TO_INT; p->arg = GCN_CVT_FLOOR; break;
    OP(V_CVT_RPI_I32_F32): p->k = K_TO_INT; p->arg = GCN_CVT_RPI; break;
    OP(V_CVT_F32_UBYTE0): OP(V_CVT_F32_UBYTE1): OP(V_CVT_F32_UBYTE2): OP(V_CVT_F32_UBYTE3):
      p->k = K_UBYTE;
      p->arg = d->id[strlen(d->id) - 1] - '0';
      break;
    OP(V_CVT_OFF_F32_I4): p->k = K_OFF_I4; break;
    OP(V_TRUNC_F16): OP(V_TRUNC_F32): OP(V_TRUNC_F64): p->k = K_ROUND; p->arg = GCN_CVT_TRUNC; break;
    OP(V_CEIL_F16): OP(V_CEIL_F32): OP(V_CEIL_F64): p->k = K_ROUND; p->arg = GCN_CVT_CEIL; break;
    OP(V_FLOOR_F16): OP(V_FLOOR_F32): OP(V_FLOOR_F64): p->k = K_ROUND; p->arg = GCN_CVT_FLOOR; break;
    OP(V_RNDNE_F16): OP(V_RNDNE_F32): OP(V_RNDNE_F64): p->k = K_ROUND; p->arg = GCN_CVT_RNE; break;
    OP(V_FRACT_F16): OP(V_FRACT_F32): OP(V_FRACT_F64): p->k = K_FRACT; break;
    OP(V_FREXP_MANT_F16): OP(V_FREXP_MANT_F32): OP(V_FREXP_MANT_F64): p->k = K_MANT; break;
    OP(V_FREXP_EXP_I16_F16): OP(V_FREXP_EXP_I32_F32): OP(V_FREXP_EXP_I32_F64): p->k = K_EXP; break;
    OP(V_RCP_F16): OP(V_RCP_F32): OP(V_RCP_F64): OP(V_RCP_IFLAG_F32): p->k = K_TRANS; p->arg = GCN_FN_RCP; break;
    OP(V_RCP_CLAMP_F32): OP(V_RCP_CLAMP_F64): p->k = K_TRANS; p->arg = GCN_FN_RCP; p->arg2 = GCN_FV_CLAMP; break;
    OP(V_RCP_LEGACY_F32): p->k = K_TRANS; p->arg = GCN_FN_RCP; p->arg2 = GCN_FV_LEGACY; break;
    OP(V_RSQ_F16): OP(V_RSQ_F32): OP(V_RSQ_F64): p->k = K_TRANS; p->arg = GCN_FN_RSQ; break;
    OP(V_RSQ_CLAMP_F32): OP(V_RSQ_CLAMP_F64): p->k = K_TRANS; p->arg = GCN_FN_RSQ; p->arg2 = GCN_FV_CLAMP; break;
    OP(V_RSQ_LEGACY_F32): p->k = K_TRANS; p->arg = GCN_FN_RSQ; p->arg2 = GCN_FV_LEGACY; break;
    OP(V_SQRT_F16): OP(V_SQRT_F32): OP(V_SQRT_F64): p->k = K_TRANS; p->arg = GCN_FN_SQRT; break;
    OP(V_LOG_F16): OP(V_LOG_F32): OP(V_LOG_LEGACY_F32): p->k = K_TRANS; p->arg = GCN_FN_LOG; break;
    OP(V_LOG_CLAMP_F32): p->k = K_TRANS; p->arg = GCN_FN_LOG; p->arg2 = GCN_FV_CLAMP; break;
    OP(V_EXP_F16): OP(V_EXP_F32): OP(V_EXP_LEGACY_F32): p->k = K_TRANS; p->arg = GCN_FN_EXP; break;
    OP(V_SIN_F16): OP(V_SIN_F32): p->k = K_TRANS; p->arg = GCN_FN_SIN; break;
    OP(V_COS_F16): OP(V_COS_F32): p->k = K_TRANS; p->arg = GCN_FN_COS; break;
    OP(V_FMA_F16): OP(V_FMA_LEGACY_F16): OP(V_FMA_F32): OP(V_FMA_F64): p->k = K_FMA; break;
    OP(V_MAD_F16): OP(V_MAD_LEGACY_F16): OP(V_MAD_F32): p->k = K_MAD; break;
    OP(V_MAD_LEGACY_F32): p->k = K_MAD_LEGACY; break;
    OP(V_MIN3_F16): OP(V_MIN3_F32): p->k = K_MIN3; break;
    OP(V_MAX3_F16): OP(V_MAX3_F32): p->k = K_MAX3; break;
    OP(V_MED3_F16): OP(V_MED3_F32): p->k = K_MED3; break;
    OP(V_DIV_SCALE_F32): OP(V_DIV_SCALE_F64): p->k = K_DIV_SCALE; break;
    OP(V_DIV_FMAS_F32): OP(V_DIV_FMAS_F64): p->k = K_DIV_FMAS; break;
    OP(V_DIV_FIXUP_F16): OP(V_DIV_FIXUP_LEGACY_F16): OP(V_DIV_FIXUP_F32): OP(V_DIV_FIXUP_F64):
      p->k = K_DIV_FIXUP;
      break;
    OP(V_ADD_F64): p->k = K_ADD; break;
    OP(V_MUL_F64): p->k = K_MUL; break;
    OP(V_MIN_F64): p->k = K_MIN; break;
    OP(V_MAX_F64): p->k = K_MAX; break;
    OP(V_LDEXP_F64): p->k = K_LDEXP; break;
    OP(V_CUBEID_F32): p->k = K_CUBE; p->arg = 0; break;
    OP(V_CUBESC_F32): p->k = K_CUBE; p->arg = 1; break;
    OP(V_CUBETC_F32): p->k = K_CUBE; p->arg = 2; break;
    OP(V_CUBEMA_F32): p->k = K_CUBE; p->arg = 3; break;
    OP(V_MULLIT_F32): p->k = K_MULLIT; break;
    OP(V_TRIG_PREOP_F64): p->k = K_TRIG_PREOP; break;
    OP(V_CVT_NORM_I16_F16): p->k = K_NORM16; p->arg = 1; break;
    OP(V_CVT_NORM_U16_F16): p->k = K_NORM16; p->arg = 0; break;
    OP(V_CVT_PKNORM_I16_F16): p->k = K_PKNORM16; p->arg = 1; break;
    OP(V_CVT_PKNORM_U16_F16): p->k = K_PKNORM16; p->arg = 0; break;
    OP(V_PACK_B32_F16): p->k = K_PACK16; break;
    OP(V_CVT_PK_U8_F32): p->k = K_PK_U8; break;
    default: return false;
  }
  return true;
}

/* Saturation range of an integer destination. */
static void int_range(gcn_type t, int64_t *lo, int64_t *hi) {
  switch (t) {
    case GCN_T_U32: *lo = 0; *hi = UINT32_MAX; break;
    case GCN_T_I16: *lo = INT16_MIN; *hi = INT16_MAX; break;
    case GCN_T_U16: *lo = 0; *hi = UINT16_MAX; break;
    default: *lo = INT32_MIN; *hi = INT32_MAX; break;
  }
}

static uint64_t mask_of(gcn_type t) {
  unsigned b = gcn_type_bits(t);
  return b >= 64 ? ~0ull : ((uint64_t)1 << b) - 1;
}

/* gcnref/fp.h: the function and variant of a transcendental row. */
bool gcn_fp_trans_of(unsigned op, gcn_fp_func *fn, gcn_fp_variant *var) {
  plan p;
  if (op >= GCN_OP_COUNT || !make_plan((enum gcn_op)op, &gcn_isa[op], &p) || p.k != K_TRANS) return false;
  *fn = (gcn_fp_func)p.arg;
  *var = (gcn_fp_variant)p.arg2;
  return true;
}

static bool float_has(const gcn_inst_desc *d) {
  plan p;
  return make_plan(gcn_isa_op(d), d, &p);
}

/* Computes every lane of IN (whatever EXEC says; the caller writes under EXEC). */
static bool float_lanes(const gcn_inst *in, gcn_gen gen, uint32_t mode, const gcn_float_io *io,
                        gcn_float_out *out) {
  const gcn_inst_desc *d = in->desc;
  plan p;
  if (!make_plan(gcn_isa_op(d), d, &p)) return false;
  gcn_fp_type ft = fp_type_of(p.td), st = fp_type_of(p.ts[0]);
  /* The env of the operation's float type: the destination's, or the source's for compares
   * and float -> integer. */
  gcn_fp_type et = gcn_type_is_float(p.td) ? ft : st;
  const gcn_fp_env e = gcn_fp_env_of(et, mode), ed = gcn_fp_env_of(ft, mode);
  const bool flush_ok = gen >= GCN14; /* min/max honour the denorm modes from gfx9 (section 2) */
  int64_t lo, hi;
  int_range(p.td, &lo, &hi);
  out->cc = 0;
  out->cc_undef = 0;
  out->undef = 0;
  /* gcn14's op_sel-capable 16-bit VOP3 ops write one half and keep the other (choice,
   * docs/semantics.md); the others zero the high half on gcn12/gcn14 (section 8 item 11). */
  const bool keep_high = p.td == GCN_T_F16 && gcn_valu_keeps_high16(d, gen);
  for (unsigned l = 0; l < 64; l++) {
    uint64_t s[3], r = 0;
    bool cc = false, undef = false;
    for (int i = 0; i < 3; i++)
      s[i] = absneg(p.ts[i], io->src[i][l] & mask_of(p.ts[i]), in->abs >> i & 1, in->neg >> i & 1);
    switch (p.k) {
      case K_CMP: cc = gcn_fp_cmp(st, (unsigned)p.arg, s[0], s[1], &e); break;
      case K_CLASS: cc = gcn_fp_class(st, s[0], (uint32_t)s[1]); break;
      case K_CVT: r = gcn_fp_cvt(ft, st, s[0], mode); break;
      case K_FROM_INT: {
        int64_t v = p.ts[0] == GCN_T_I32 ? (int32_t)s[0] : p.ts[0] == GCN_T_I16 ? (int16_t)s[0] : (int64_t)s[0];
        r = gcn_fp_from_int(ft, v, &e);
        break;
      }
      case K_TO_INT: r = (uint64_t)gcn_fp_to_int(st, s[0], (gcn_fp_int_round)p.arg, lo, hi, &e); break;
      case K_UBYTE: r = gcn_fp_from_int(GCN_FP32, (s[0] >> (8 * p.arg)) & 0xFF, &e); break;
      case K_OFF_I4: r = gcn_cvt_off_f32_i4((uint32_t)s[0]); break;
      case K_ROUND: r = gcn_fp_round_integral(ft, s[0], (gcn_fp_int_round)p.arg, &e); break;
      case K_FRACT: r = gcn_fp_fract(ft, s[0], &e, &undef); undef = undef && gen == GCN10; break;
      case K_MANT: r = gcn_fp_frexp_mant(ft, s[0], &e); break;
      case K_EXP: r = (uint64_t)(int64_t)gcn_fp_frexp_exp(st, s[0], &e); break;
      case K_TRANS:
        r = gcn_fp_trans(ft, (gcn_fp_func)p.arg, (gcn_fp_variant)p.arg2, s[0], &e, &undef);
        break;
      case K_FMA:
        r = ft == GCN_FP16 ? gcn_f16_fma((uint16_t)s[0], (uint16_t)s[1], (uint16_t)s[2], &e)
            : ft == GCN_FP64 ? gcn_f64_fma(s[0], s[1], s[2], &e)
                             : gcn_f32_fma((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], &e);
        break;
      case K_MAD:
        r = ft == GCN_FP16 ? gcn_f16_mad((uint16_t)s[0], (uint16_t)s[1], (uint16_t)s[2], &e)
                           : gcn_f32_mad((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], &e);
        break;
      case K_MAD_LEGACY: r = gcn_f32_mad_legacy((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], &e); break;
      case K_MIN3: r = gcn_fp_min3(ft, s[0], s[1], s[2], &e, flush_ok); break;
      case K_MAX3: r = gcn_fp_max3(ft, s[0], s[1], s[2], &e, flush_ok); break;
      case K_MED3: r = gcn_fp_med3(ft, s[0], s[1], s[2], &e, flush_ok); break;
      case K_DIV_SCALE:
        r = gcn_fp_div_scale(ft, s[0], s[1], s[2], &e, &cc);
        out->cc_undef |= (uint64_t)(gen == GCN10) << l; /* SI's VCC bit (section 8 item 6) */
        break;
      case K_DIV_FMAS: r = gcn_fp_div_fmas(ft, s[0], s[1], s[2], io->vcc >> l & 1, &e); break;
      case K_DIV_FIXUP: r = gcn_fp_div_fixup(ft, s[0], s[1], s[2], &e); break;
      case K_ADD: r = gcn_f64_add(s[0], s[1], &e); break;
      case K_MUL: r = gcn_f64_mul(s[0], s[1], &e); break;
      case K_MIN: r = gcn_f64_min(s[0], s[1], &e, flush_ok); break;
      case K_MAX: r = gcn_f64_max(s[0], s[1], &e, flush_ok); break;
      case K_LDEXP: r = gcn_f64_ldexp(s[0], (uint32_t)s[1], &e); break;
      case K_CUBE: r = gcn_cube((unsigned)p.arg, (uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], &e); break;
      case K_MULLIT: r = gcn_mullit_f32((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], &e); break;
      case K_TRIG_PREOP: r = gcn_trig_preop_f64(s[0], (uint32_t)s[1], &e); break;
      case K_NORM16: r = gcn_cvt_norm16_f16((uint16_t)s[0], p.arg, &e); break;
      case K_PKNORM16:
        r = (uint32_t)gcn_cvt_norm16_f16((uint16_t)s[1], p.arg, &e) << 16 |
            gcn_cvt_norm16_f16((uint16_t)s[0], p.arg, &e);
        break;
      case K_PACK16: r = (s[1] & 0xFFFF) << 16 | (s[0] & 0xFFFF); break;
      case K_PK_U8:
        r = gcn_pkaccum_insert((uint32_t)s[2], (uint32_t)s[1], gcn_cvt_pkaccum_u8_f32((uint32_t)s[0], &e));
        break;
      default: break;
    }
    if (gcn_type_is_float(p.td)) r = outmod(p.td, r, in, &ed);
    out->d[l] = (r & mask_of(p.td)) | (keep_high ? io->old[l] & 0xFFFF0000u : 0);
    out->cc |= (uint64_t)cc << l;
    out->undef |= (uint64_t)undef << l;
  }
  out->is_compare = p.k == K_CMP || p.k == K_CLASS;
  out->sets_cc = out->is_compare || p.k == K_DIV_SCALE;
  return true;
}

/* The handler (valu.h): the sources as 64-bit lanes, the float core, the result back into
 * the lanes (r/rh), the compare mask or div_scale's VCC bits (the carry-out), and the
 * lanes the sources leave open. */
gcn_valu_result gcn_valu_fp(gcn_valu *v, enum gcn_op op) {
  static uint64_t src[3][GCN_WAVE_SIZE];
  static gcn_float_out out;
  (void)op;
  if (!float_has(v->in->desc)) return GCN_VALU_NONE;
  FOR_LANES {
    src[0][lane] = S0_64;
    src[1][lane] = S1_64;
    src[2][lane] = S2_64;
  }
  gcn_float_io io = {{src[0], src[1], src[2]}, v->dst, v->st->vcc};
  float_lanes(v->in, v->st->gen, v->st->mode, &io, &out);
  if (out.is_compare) {
    v->mask = out.cc;
    return GCN_VALU_MASK;
  }
  FOR_LANES {
    v->r[lane] = (uint32_t)out.d[lane];
    v->rh[lane] = (uint32_t)(out.d[lane] >> 32);
    v->cout[lane] = (uint32_t)(out.cc >> lane) & 1u;
  }
  v->undef = out.undef;
  v->cout_undef = out.cc_undef;
  return GCN_VALU_LANES;
}

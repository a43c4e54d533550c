/* gcnref vectors: the float-band stream (docs/vectors.md "Streams", docs/coverage.md "Float
 * crosses"): MODE set for a rounding mode, denormal mode, IEEE and DX10_CLAMP
 * (s_setreg_imm32_b32), an SGPR loaded with an operand near a band edge (s_mov_b32), then one
 * rounding float instruction in VOP3 (that SGPR and an inline constant; OMOD and CLAMP as
 * asked) whose result overflows, rounds up to the smallest normal, underflows, is inexact
 * or exact. Random constrained generation rarely lands in these bands; coverage-directed
 * generation takes its target from an fpx hole (bias.c). */
#include "gen_priv.h"

#include "gcnref/fp.h"

typedef struct {
  unsigned bits, mbits, bias, emax; /* width, fraction bits, exponent bias, largest normal exponent field */
} fmt_t;

/* A normal value of F with exponent field EXP (clamped to the normal range) and sign S. */
static uint32_t normal(gctx *g, const fmt_t *f, int exp, bool s) {
  if (exp < 1) exp = 1;
  if (exp > (int)f->emax) exp = (int)f->emax;
  uint32_t man = gcn_rng_next32(&g->rng) & ((1u << f->mbits) - 1);
  return (uint32_t)s << (f->bits - 1) | (uint32_t)exp << f->mbits | man;
}

/* The hwreg(HW_REG_MODE, 0, 10) operand of s_setreg: MODE's float fields. */
uint16_t gen_mode_fields(gcn_gen gen) {
  unsigned id = 0;
  for (unsigned i = 0; i < GCN_NUM_SYMBOLS; i++)
    if (gcn_symbols[i].kind == GCN_SYM_HWREG && gcn_symbols[i].attr == GCN_HWREG_MODE) id = gcn_symbols[i].code;
  uint32_t x = gcn_imm_put(gen, GCN_IMMF_HWREG_ID, 0, id);
  x = gcn_imm_put(gen, GCN_IMMF_HWREG_OFFSET, x, 0);
  return (uint16_t)gcn_imm_put(gen, GCN_IMMF_HWREG_SIZE, x, 9);
}

int gen_emit_set_mode(gctx *g, chunk *ch, uint32_t mode) {
  if (g->p->op[GCN_OP_S_SETREG_IMM32_B32] == 0) return 0;
  force_t fm = gen_force0();
  fm.simm = gen_mode_fields(g->gen);
  fm.lit = mode;
  return gen_emit(g, ch, GCN_OP_S_SETREG_IMM32_B32, &fm);
}

enum { C_ZERO = GCN_CODE_ZERO, C_HALF = GCN_CODE_FLOAT_MIN, C_ONE = GCN_CODE_FLOAT_MIN + 2,
       C_TWO = GCN_CODE_FLOAT_MIN + 4, C_FOUR = GCN_CODE_FLOAT_MIN + 6, C_M1 = GCN_CODE_INT_NEG_MIN };

int gen_fpband_item(gctx *g, chunk *ch) {
  bool on32 = gen_group_on(g, GCN_GROUP_VALU_F32), on16 = gen_group_on(g, GCN_GROUP_VALU_F16);
  if ((!on32 && !on16) || !g->p->vop3) return -1; /* OMOD and CLAMP need VOP3 */
  gen_fpx_target t = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
  const gcn_gen_bias *b = g->bias;
  if (b && b->n_fpx && gcn_rng_pct(&g->rng, 80)) t = b->fpx[gcn_rng_below(&g->rng, b->n_fpx)];
  bool h = t.ty >= 0 ? t.ty == 1 : on16 && (!on32 || gcn_rng_pct(&g->rng, 50));
  if (h ? !on16 : !on32) return -1;
  int grp = h ? GCN_GROUP_VALU_F16 : GCN_GROUP_VALU_F32;
  fmt_t f = h ? (fmt_t){16, 10, 15, 30} : (fmt_t){32, 23, 127, 254};
  /* the crosses' fields: the target's, the rest at random */
  unsigned rm = t.rm >= 0 ? (unsigned)t.rm : gcn_rng_below(&g->rng, 4);
  unsigned dm = t.dm >= 0 ? (unsigned)t.dm : gcn_rng_pct(&g->rng, 70) ? gcn_rng_below(&g->rng, 2) : 2 + gcn_rng_below(&g->rng, 2);
  unsigned ieee = t.ieee >= 0 ? (unsigned)t.ieee : gcn_rng_pct(&g->rng, 15);
  unsigned dx10 = t.dx10 >= 0 ? (unsigned)t.dx10 : gcn_rng_below(&g->rng, 2);
  unsigned omod = t.omod >= 0 ? (unsigned)t.omod : gcn_rng_pct(&g->rng, 30) ? 0 : 1 + gcn_rng_below(&g->rng, 3);
  bool clamp = t.region >= 0 || gcn_rng_pct(&g->rng, 25);
  static const unsigned band_w[GCN_COV_FB_BANDS] = {15, 20, 25, 15, 25};
  int band = t.band >= 0 ? t.band : gcn_rng_weighted(&g->rng, band_w, GCN_COV_FB_BANDS);
  int region = t.region >= 0 ? t.region : clamp ? (int)gcn_rng_below(&g->rng, GCN_COV_CL_REGIONS) : -1;
  if (t.kind == GEN_FPX_OMOD || t.kind == GEN_FPX_CLAMP) ieee = 0, dm &= 1; /* OMOD active */
  if (t.kind == GEN_FPX_IGNORED) {
    if (!omod) omod = 1 + gcn_rng_below(&g->rng, 3);
    if (t.ieee < 0) dm |= 2; /* ignored for output denormals */
  }
  if (!g->p->modifiers) omod = 0, clamp = false, region = -1;
  if (band == GCN_COV_FB_TINY_UP && rm == GCN_RND_ZERO) band = GCN_COV_FB_UNDERFLOW;
  if (region == GCN_COV_CL_OVERFLOW) band = GCN_COV_FB_OVERFLOW;
  /* MODE */
  uint32_t mode = rm | rm << 2 | dm << 4 | dm << 6 | dx10 << 8 | ieee << 9;
  if ((g->w.st.mode & 0x3FFu) != mode && g->p->op[GCN_OP_S_SETREG_IMM32_B32] != 0) {
    force_t fm = gen_force0();
    fm.simm = gen_mode_fields(g->gen);
    fm.lit = mode;
    if (gen_emit(g, ch, GCN_OP_S_SETREG_IMM32_B32, &fm)) return -1;
  }
  /* the operation and its operands: A in an SGPR, then an inline constant (or A again) */
  enum gcn_op add = h ? GCN_OP_V_ADD_F16 : GCN_OP_V_ADD_F32, mul = h ? GCN_OP_V_MUL_F16 : GCN_OP_V_MUL_F32;
  enum gcn_op ldexp = h ? GCN_OP_V_LDEXP_F16 : GCN_OP_V_LDEXP_F32;
  bool has_ldexp = gen_op_on(g, grp, ldexp);
  bool s = gcn_rng_pct(&g->rng, 50);
  uint32_t a;
  enum gcn_op op = add;
  int c1 = C_ZERO;
  bool omod_up = omod == 1 || omod == 2, omod_down = omod == 3;
  if (region >= 0 && region != GCN_COV_CL_OVERFLOW) { /* where CLAMP sees the result */
    int e = (int)f.bias;
    a = region == GCN_COV_CL_NAN ? (uint32_t)(f.emax + 1) << f.mbits | 1u << (f.mbits - 1) | (gcn_rng_next32(&g->rng) & 0xFF)
        : region == GCN_COV_CL_NEG ? normal(g, &f, e - 2 + (int)gcn_rng_below(&g->rng, 5), true)
        : region == GCN_COV_CL_UNIT ? normal(g, &f, e - 8 + (int)gcn_rng_below(&g->rng, 6), false)
                                    : normal(g, &f, e + 2 + (int)gcn_rng_below(&g->rng, 3), false);
  } else {
    switch (band) {
      case GCN_COV_FB_OVERFLOW: {
        a = normal(g, &f, (int)f.emax - (int)gcn_rng_below(&g->rng, 2), s);
        unsigned k = omod_up && gcn_rng_pct(&g->rng, 50) ? 3 : gcn_rng_below(&g->rng, 3);
        if (k == 0) op = mul, c1 = gcn_rng_pct(&g->rng, 50) ? C_TWO : C_FOUR;
        else if (k == 1 && has_ldexp) op = ldexp, c1 = (int)(GCN_CODE_ZERO + 2 + gcn_rng_below(&g->rng, 3));
        else if (k == 1 || k == 2) a = normal(g, &f, (int)f.emax, s), c1 = -1; /* A + A */
        break;
      }
      case GCN_COV_FB_TINY_UP: { /* (2^(p+1) - 1) ulps of the smallest normal, halved */
        bool neg = rm == GCN_RND_UP ? false : rm == GCN_RND_DOWN ? true : s;
        a = (uint32_t)neg << (f.bits - 1) | ((2u << f.mbits) - 1);
        if (!(omod_down && gcn_rng_pct(&g->rng, 60))) {
          if (has_ldexp && gcn_rng_pct(&g->rng, 40)) op = ldexp, c1 = C_M1;
          else op = mul, c1 = C_HALF;
        }
        break;
      }
      case GCN_COV_FB_UNDERFLOW:
        a = normal(g, &f, 1, s);
        if (!(omod_down && gcn_rng_pct(&g->rng, 60))) {
          if (has_ldexp && gcn_rng_pct(&g->rng, 40)) op = ldexp, c1 = (int)(C_M1 + gcn_rng_below(&g->rng, 4));
          else op = mul, c1 = C_HALF;
        }
        break;
      case GCN_COV_FB_INEXACT: /* an ulp of 2 or more, plus 1 */
        a = normal(g, &f, (int)(f.bias + f.mbits + 1 + gcn_rng_below(&g->rng, 2)), s);
        c1 = gcn_rng_pct(&g->rng, 50) ? C_ONE : C_ONE + 1;
        break;
      default:
        a = normal(g, &f, (int)f.bias - 4 + (int)gcn_rng_below(&g->rng, 9), s);
        if (gcn_rng_pct(&g->rng, 50)) op = mul, c1 = gcn_rng_pct(&g->rng, 50) ? C_ONE : C_TWO;
        break;
    }
  }
  if (!gen_op_on(g, grp, op)) op = gen_op_on(g, grp, add) ? add : mul;
  if (!gen_op_on(g, grp, op)) return -1;
  if (op == ldexp && c1 < 0) c1 = C_ZERO;
  unsigned sa = gen_pick_sgpr(g, 32, true);
  if (gen_emit_mov32(g, ch, sa, a)) return -1;
  force_t fo = gen_force0();
  fo.enc = 64;
  fo.no_mods = true;
  fo.omod = (int)omod;
  fo.clamp = clamp;
  fo.src[0] = (int)sa;
  fo.src[1] = c1 < 0 ? (int)sa : c1;
  return gen_emit(g, ch, op, &fo);
}

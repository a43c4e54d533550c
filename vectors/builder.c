/* gcnref vectors: building one instruction field by field (it must pass gcn_validate and
 * the encode / decode / disassemble / assemble round trip), appending it to a chunk, and
 * the small fixed sequences the streams are made of. */
#include "gen_priv.h"
#include "gcnref/fp.h"

#include <string.h>

/* Validates IN and checks that it survives encode / decode / disassemble / assemble. */
bool gen_finalize(gctx *g, gcn_inst *in) {
  gcn_error e;
  in->gen = g->gen;
  in->size = (gcn_inst_is_vop3(in) || in->has_literal || gcn_inst_is_sdwa(in) || gcn_inst_is_dpp(in)) ? 8 : 4;
  if (gcn_validate(in, &e)) return false;
  uint32_t w[2], w2[2];
  unsigned n = gcn_encode(in, w);
  uint8_t bytes[8];
  for (unsigned i = 0; i < 4 * n; i++) bytes[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
  gcn_inst d, a;
  if (gcn_decode_bytes(g->gen, bytes, 4 * n, &d, &e) || d.size != 4 * n) return false;
  char text[GCN_VEC_TEXT_MAX];
  gcn_disasm(&d, text, sizeof text);
  if (gcn_assemble(g->gen, text, &a, &e)) return false;
  if (gcn_encode(&a, w2) != n || w2[0] != w[0] || (n == 2 && w2[1] != w[1])) return false;
  *in = d;
  return true;
}

static const gcn_operand_desc *opnd(const gcn_inst_desc *d, gcn_role r) { return gcn_isa_operand(d, r); }

/* hwreg(ID, OFFSET, SIZE) of s_getreg (READ), s_setreg_b32 or s_setreg_imm32_b32 (IMM32):
 * half the time MODE, inside its float fields (bits 0..9: rounding, denormals, DX10_CLAMP,
 * IEEE; later float instructions run in the new mode; s_getreg also reads all of MODE,
 * s_setreg_imm32 writes all of it, its other bits unchanged: build_sop's literal), else any
 * other hardware register of the table on the generation (STATUS, TRAPSTS, the
 * configuration registers: read, and written, TRAPSTS kept, the others ignored) at any
 * offset and size. MODE's other bits (VSKIP, GPR_IDX_EN, CSP) steer control flow: their own
 * instructions change them. */
#define FLOAT_FIELDS ((GCN_MODE_IEEE << 1) - 1) /* MODE bits 0..9 (fp.h) */
static uint16_t pick_hwreg(gctx *g, bool read, bool imm32) {
  unsigned mode = 0, other[GCN_NUM_HWREGS], n = 0;
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++) {
    const gcn_symbol_desc *s = gcn_symbol(g->gen, GCN_SYM_HWREG, id);
    if (s && s->attr == GCN_HWREG_MODE) mode = id;
    else if (s) other[n++] = id;
  }
  unsigned id = mode, off, size;
  uint64_t want = g->bias ? g->bias->hwreg_want[!read] : 0;
  if (want && gcn_rng_pct(&g->rng, 70)) { /* coverage-directed: a register not yet read / written, all of it
                                            (MODE: its field bins) */
    unsigned k = gcn_rng_below(&g->rng, (unsigned)__builtin_popcountll(want));
    for (id = 0; !(want >> id & 1) || k--; id++) {}
    off = 0, size = 32;
    if (id == mode && !read && !imm32) size = 10; /* s_setreg_b32 of MODE: its float fields only */
  } else if (!n || gcn_rng_pct(&g->rng, 50)) {
    off = gcn_rng_below(&g->rng, 10), size = 1 + gcn_rng_below(&g->rng, 10 - off);
    if (gcn_rng_pct(&g->rng, 25)) off = 0, size = 10;
    if ((read || imm32) && gcn_rng_pct(&g->rng, 30)) off = 0, size = 32; /* all of MODE (CSP, vskip...) */
  } else {
    id = other[gcn_rng_below(&g->rng, n)];
    off = gcn_rng_below(&g->rng, 32), size = 1 + gcn_rng_below(&g->rng, 32);
    if (gcn_rng_pct(&g->rng, 30)) off = 0, size = 32;
  }
  uint32_t x = gcn_imm_put(g->gen, GCN_IMMF_HWREG_ID, 0, id);
  x = gcn_imm_put(g->gen, GCN_IMMF_HWREG_OFFSET, x, off);
  return (uint16_t)gcn_imm_put(g->gen, GCN_IMMF_HWREG_SIZE, x, size - 1);
}

bool gen_hwreg_stored(const gctx *g, unsigned id) {
  const gcn_symbol_desc *s = gcn_symbol(g->gen, GCN_SYM_HWREG, id);
  return s && s->attr != GCN_HWREG_MODE;
}

int gen_getreg_whole(gctx *g, chunk *ch, unsigned id) {
  force_t f = gen_force0();
  f.simm = (int)gcn_imm_put(g->gen, GCN_IMMF_HWREG_SIZE, gcn_imm_put(g->gen, GCN_IMMF_HWREG_ID, 0, id), 31);
  return gen_emit(g, ch, GCN_OP_S_GETREG_B32, &f);
}

/* s_getreg_b32 of a whole hardware register other than MODE (generator version 23): every
 * stored bit of STATUS, TRAPSTS and the configuration registers (their initial values are
 * random) read at once; pick_hwreg's reads of them take a random field (1 in 4 of its reads
 * reach one given bit of one given register). 1: not emitted. */
int gen_getreg_all_item(gctx *g, chunk *ch) {
  unsigned ids[GCN_NUM_HWREGS], n = 0;
  for (unsigned id = 0; id < GCN_NUM_HWREGS; id++)
    if (gen_hwreg_stored(g, id)) ids[n++] = id;
  if (!n || !gen_has_op(g, GCN_OP_S_GETREG_B32)) return 1;
  return gen_getreg_whole(g, ch, ids[gcn_rng_below(&g->rng, n)]);
}

/* A random SIMM16 for IN's immediate of TYPE (branch offsets are always forced). */
static bool pick_simm16(gctx *g, const gcn_inst_desc *d, gcn_inst *in) {
  const gcn_operand_desc *o = opnd(d, GCN_ROLE_IMM);
  enum gcn_op op = gcn_isa_op(d);
  unsigned k = gcn_rng_below(&g->rng, 10);
  if (!o) return true;
  switch (o->type) {
    case GCN_T_REL16: return false;
    case GCN_T_HWREG: in->simm16 = pick_hwreg(g, opnd(d, GCN_ROLE_D) != NULL, opnd(d, GCN_ROLE_K) != NULL); return true;
    case GCN_T_WAITCNT: in->simm16 = (uint16_t)gcn_rng_next(&g->rng); return true; /* finalize keeps the legal ones */
    case GCN_T_MSG: in->simm16 = (uint16_t)(k < 6 ? gcn_rng_below(&g->rng, 4) : gcn_rng_below(&g->rng, 0x400)); return true;
    case GCN_T_GPRIDX: return false;
    default: break;
  }
  if (op == GCN_OP_S_NOP) {
    in->simm16 = (uint16_t)(k < 7 ? gcn_rng_below(&g->rng, 16) : k < 9 ? gcn_rng_below(&g->rng, 65)
                                                                       : (unsigned)gcn_rng_next(&g->rng));
  } else if (op == GCN_OP_S_SLEEP) { /* 64 cycles per unit: mostly 0 or 1 */
    in->simm16 = (uint16_t)(k < 8 ? gcn_rng_below(&g->rng, 2) : gcn_rng_next(&g->rng));
  } else { /* i16 / u16: corners (0, -1, 0x7fff, 0x8000) or small values */
    static const uint16_t corner[4] = {0, 0xffff, 0x7fff, 0x8000};
    in->simm16 = (uint16_t)(k < 3 ? corner[gcn_rng_below(&g->rng, 4)] : k < 7 ? gcn_rng_below(&g->rng, 64) - 16
                                                                                : gcn_rng_next(&g->rng));
  }
  if (d->flags & GCN_F_STOPBIT0) in->simm16 &= (uint16_t)~1u; /* bit 0 would stop the wave */
  return true;
}

static bool build_sop(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  if (d->cls == GCN_CLASS_SOPP || d->cls == GCN_CLASS_SOPK) {
    in->enc = d->cls == GCN_CLASS_SOPP ? GCN_ENC_SOPP : GCN_ENC_SOPK;
    if (f->simm >= 0)
      in->simm16 = (uint16_t)f->simm;
    else if (!pick_simm16(g, d, in))
      return false;
    if (d->cls == GCN_CLASS_SOPK) {
      if (opnd(d, GCN_ROLE_D)) {
        in->sdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : gen_pick_sdst(g, gcn_operand_width(d, GCN_ROLE_D)));
      } else if (opnd(d, GCN_ROLE_S0)) { /* s_cmpk_*, s_setreg_b32: SDST names the source */
        in->sdst = (uint16_t)(f->src[0] >= 0 ? (unsigned)f->src[0]
                              : gcn_rng_pct(&g->rng, 25) ? gen_pick_special_src(g, 32, true)
                                                         : gen_pick_sgpr(g, 32, false));
        in->src[0] = in->sdst;
        /* s_cmpk_*: often the register's own value as the immediate (both SCC outcomes). */
        const gcn_operand_desc *imm = opnd(d, GCN_ROLE_IMM);
        uint32_t v = in->sdst < GCN_MAX_SGPRS ? g->w.st.sgpr[in->sdst] : 0;
        bool fits = imm && (imm->type == GCN_T_I16 ? (uint32_t)(int32_t)(int16_t)v == v : v <= 0xffff);
        if (f->simm < 0 && imm && imm->type != GCN_T_HWREG && fits && gcn_rng_pct(&g->rng, 40))
          in->simm16 = (uint16_t)v;
      }
      if (opnd(d, GCN_ROLE_K)) { /* s_setreg_imm32_b32 */
        in->literal = (uint32_t)(f->lit >= 0 ? (uint64_t)f->lit : gcn_rng_next(&g->rng));
        in->has_literal = true;
        const gcn_symbol_desc *s = gcn_symbol(g->gen, GCN_SYM_HWREG, gcn_imm_get(g->gen, GCN_IMMF_HWREG_ID, in->simm16));
        if (f->lit < 0 && s && s->attr == GCN_HWREG_MODE && gcn_imm_get(g->gen, GCN_IMMF_HWREG_SIZE, in->simm16) == 31)
          in->literal = (g->w.st.mode & ~FLOAT_FIELDS) | (in->literal & FLOAT_FIELDS); /* all of MODE: new float fields only */
      }
    }
    return gen_finalize(g, in);
  }
  in->enc = d->cls == GCN_CLASS_SOP1 ? GCN_ENC_SOP1 : d->cls == GCN_CLASS_SOPC ? GCN_ENC_SOPC : GCN_ENC_SOP2;
  if (f->lit >= 0) {
    in->literal = (uint32_t)f->lit;
    in->has_literal = true;
  }
  if (!(d->flags & GCN_F_NODST) && opnd(d, GCN_ROLE_D)) {
    unsigned wd = gcn_operand_width(d, GCN_ROLE_D);
    in->sdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : gen_pick_sdst(g, wd));
  }
  const unsigned sop_allow = 1u << GCN_OPC_SGPR | 1u << GCN_OPC_SPECIAL | 1u << GCN_OPC_INLINE | 1u << GCN_OPC_LITERAL;
  static const gcn_role roles[2] = {GCN_ROLE_S0, GCN_ROLE_S1};
  /* Corner operands (generator versions 2-5): sometimes the sources are 0, -1 (all ones
   * at any width: s_nand_b64 -1, -1 = 0) or 0x80000000 (s_abs_i32), and a bit-field extract gets a field operand
   * with offset 0 and a full width (the sign bit reaches the result). */
  bool corners = opnd(d, GCN_ROLE_S0) && !(d->flags & (GCN_F_NOLIT | GCN_F_SREGSRC | GCN_F_NOSRC)) &&
                 gcn_rng_pct(&g->rng, g->bias && g->bias->value_want[gcn_isa_op(d)] ? 50 : 20);
  g->cur_op = (int)gcn_isa_op(d);
  enum gcn_op opid = gcn_isa_op(d);
  bool bfe = opid == GCN_OP_S_BFE_U32 || opid == GCN_OP_S_BFE_I32 || opid == GCN_OP_S_BFE_U64 ||
             opid == GCN_OP_S_BFE_I64;
  bool field_set = false;
  if (bfe && f->src[1] < 0 && gcn_rng_pct(&g->rng, 40)) { /* 25% before generator version 13 */
    unsigned bits = gcn_operand_width(d, GCN_ROLE_S0);
    uint32_t off = gcn_rng_pct(&g->rng, 50) ? 0 : gcn_rng_below(&g->rng, bits);
    uint32_t width = gcn_rng_pct(&g->rng, 50) ? bits - off : gcn_rng_below(&g->rng, 128);
    uint32_t field = width << 16 | off;
    unsigned c = gen_inline_equiv(g->gen, GCN_T_U32, field);
    if (c) {
      in->src[1] = (uint16_t)c;
      field_set = true;
    } else if (!in->has_literal && g->p->operand[GCN_OPC_LITERAL]) {
      in->src[1] = GCN_CODE_LITERAL;
      in->literal = field;
      in->has_literal = true;
      field_set = true;
    }
  }
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = opnd(d, roles[s]);
    if (!o || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
    if (s == 1 && field_set) continue; /* the bit-field operand above */
    if (corners && f->src[s] < 0) { /* 0, -1 or the literal 0x80000000 (s_absdiff_i32 0x80000000, 0) */
      unsigned k = gcn_rng_below(&g->rng, 5);
      if (s == 1 && (in->src[0] == GCN_CODE_ZERO || in->src[0] == GCN_CODE_INT_NEG_MIN)) {
        unsigned r = gcn_rng_below(&g->rng, 10); /* the same (s_nand -1, -1), the complement (s_orn2 0, -1) */
        bool zero = in->src[0] == GCN_CODE_ZERO;
        if (r < 4) k = zero ? 0 : 2;
        else if (r < 7) k = zero ? 2 : 0;
      }
      if (k == 4 && g->p->operand[GCN_OPC_LITERAL] && (!in->has_literal || in->literal == 0x80000000u)) {
        in->src[s] = GCN_CODE_LITERAL;
        in->literal = 0x80000000u;
        in->has_literal = true;
      } else {
        in->src[s] = (uint16_t)(k < 2 ? GCN_CODE_ZERO : GCN_CODE_INT_NEG_MIN);
      }
      continue;
    }
    bool reg_only = s == 0 && (d->flags & GCN_F_SREGSRC);
    unsigned allow = sop_allow & ~((d->flags & GCN_F_NOLIT) ? 1u << GCN_OPC_LITERAL : 0);
    g->cur_slot = (int)s;
    in->src[s] = (uint16_t)(f->src[s] >= 0 ? (unsigned)f->src[s]
                                           : gen_pick_src(g, (gcn_type)o->type, allow, NULL, reg_only, in));
  }
  g->cur_op = g->cur_slot = -1;
  /* SOPC: half the compares see equal operands (both SCC outcomes of every compare). */
  if (d->cls == GCN_CLASS_SOPC && f->src[1] < 0 && gcn_rng_pct(&g->rng, 40)) in->src[1] = in->src[0];
  if (in->has_literal && in->src[0] != GCN_CODE_LITERAL && in->src[1] != GCN_CODE_LITERAL) in->has_literal = false;
  return gen_finalize(g, in);
}

/* A VGPR (of the simulated state) with a value of float class K (BITS 16: the low half; 64:
 * the pair v, v+1) in a lane of EXEC (any lane when EXEC is 0), searched from a random
 * register; -1: none. */
static int vgpr_of_class(gctx *g, int k, unsigned bits) {
  uint64_t lanes = g->w.st.exec ? g->w.st.exec : ~0ull;
  unsigned start = gcn_rng_below(&g->rng, GCN_NUM_VGPRS);
  uint32_t keep = bits == 16 ? 0xFFFFu : 0xFFFFFFFFu;
  for (unsigned i = 0; i < GCN_NUM_VGPRS; i++) {
    unsigned v = (start + i) % GCN_NUM_VGPRS;
    if (bits == 64 && v + 1 == GCN_NUM_VGPRS) continue;
    for (uint64_t m = lanes; m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctzll(m);
      uint64_t x = bits == 64 ? (uint64_t)g->w.st.vgpr[v + 1][l] << 32 | g->w.st.vgpr[v][l] : g->w.st.vgpr[v][l] & keep;
      if (gcn_cov_fp_class(x, bits) == k) return (int)v;
    }
  }
  return -1;
}

/* One operand class of ALLOW that the profile enables, each alike (ALLOW when none is). */
static unsigned one_class(gctx *g, unsigned allow) {
  unsigned on = 0;
  for (unsigned k = 0; k < GCN_OPC_COUNT; k++)
    if ((allow >> k & 1) && g->p->operand[k]) on |= 1u << k;
  return on ? 1u << gcn_rng_pick_bit(&g->rng, on) : allow;
}

static bool build_vop(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in) {
  if (gen_dpp_wanted(g, d, f)) return gen_dpp_fill(g, d, f, in) && gen_finalize(g, in); /* vectors/dpp.c */
  memset(in, 0, sizeof *in);
  in->desc = d;
  in->gen = g->gen;
  bool rl = d->flags & GCN_F_READLANE, wl = d->flags & GCN_F_WRITELANE;
  bool has_k = opnd(d, GCN_ROLE_K) != NULL, has_co = opnd(d, GCN_ROLE_CO) != NULL;
  bool has_ci = opnd(d, GCN_ROLE_CI) != NULL, has_sd = opnd(d, GCN_ROLE_SD) != NULL;
  bool has_s0 = opnd(d, GCN_ROLE_S0) != NULL, has_s1 = opnd(d, GCN_ROLE_S1) != NULL; /* VOP1: no S1; v_nop: none */
  bool e64;
  if (f->enc == 32 || (d->flags & GCN_F_NOVOP3))
    e64 = false;
  else if (f->enc == 64)
    e64 = true;
  else /* compares take VOP3 half the time: their SRC1 classes (and SGPR-pair masks) need it */
    e64 = gcn_rng_pct(&g->rng, has_sd ? 50 : g->p->vop3);
  const gcn_gen_bias *bias = g->bias;
  unsigned opid = gcn_isa_op(d);
  if (bias && f->enc == 0 && !(d->flags & GCN_F_NOVOP3)) {
    unsigned fw = bias->form_want[opid];
    if (bias->mod_want[opid]) fw |= 1u << GCN_COV_FORM_VOP3;
    if (bias->fp_want[opid][1]) fw |= 1u << GCN_COV_FORM_VOP3;
    if (bias->src_want[opid][1] & ~(1u << GCN_COV_SRC_VGPR)) /* a scalar or constant SRC1: VOP3 only (version 15) */
      fw |= 1u << GCN_COV_FORM_VOP3;
    if (bias->value_want[opid]) fw |= 1u << GCN_COV_FORM_VOP3; /* corner values in both sources (version 15) */
    if (bias->src_want[opid][0] & (1u << GCN_COV_SRC_LITERAL) && gcn_isa_enc32(d, g->gen) >= 0)
      fw |= 1u << GCN_COV_FORM_VOP2; /* a literal SRC0: the e32 form only (version 17) */
    if (fw && gcn_rng_pct(&g->rng, 70)) e64 = gcn_rng_pick_bit(&g->rng, fw) == GCN_COV_FORM_VOP3;
  }
  if (f->enc == 64 && (d->flags & GCN_F_NOVOP3)) return false;
  int enc32 = gcn_isa_enc32(d, g->gen); /* VOP2, VOP1 or VOPC */
  if (enc32 < 0 && f->enc != 32) e64 = true; /* a VOP3-only row (generator version 14) */
  if (!e64 && enc32 < 0) return false;
  in->enc = !e64 ? (gcn_enc)enc32 : d->cls == GCN_CLASS_VOP3P ? GCN_ENC_VOP3P : has_co ? GCN_ENC_VOP3B : GCN_ENC_VOP3A;
  bus_t bus = {false, 0, 0};
  if (!e64 && has_ci) gen_bus_take(&bus, GCN_CODE_VCC_LO, 64);
  if (has_k) {
    gcn_type kt = (gcn_type)opnd(d, GCN_ROLE_K)->type;
    in->literal = f->lit >= 0 ? (uint32_t)f->lit : gen_value_for(g, kt);
    in->has_literal = true;
    gen_bus_take(&bus, GCN_CODE_LITERAL, 0);
  } else if (f->lit >= 0) {
    in->literal = (uint32_t)f->lit;
    in->has_literal = true;
  }
  /* Destinations. */
  if (rl)
    in->vdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : gen_pick_sdst(g, 32));
  else if (has_sd) /* a compare's mask: VCC (e32) or an SGPR pair in VDST (e64) */
    in->vdst = (uint16_t)(!e64 ? 0 : f->sdst >= 0 ? (unsigned)f->sdst : gen_pick_pair_dst(g));
  else if (!opnd(d, GCN_ROLE_D))
    in->vdst = 0;
  else
    in->vdst = (uint16_t)(f->vdst >= 0 ? (unsigned)f->vdst : gen_pick_vdst(g));
  if (e64 && has_co) in->sdst = (uint16_t)(f->sdst >= 0 ? (unsigned)f->sdst : gen_pick_pair_dst(g));
  /* Forced sources claim the bus first. */
  static const gcn_role roles[3] = {GCN_ROLE_S0, GCN_ROLE_S1, GCN_ROLE_CI};
  for (unsigned s = 0; s < 3; s++) {
    if (f->src[s] < 0) continue;
    in->src[s] = (uint16_t)f->src[s];
    const gcn_operand_desc *o = opnd(d, roles[s]);
    unsigned width = o && gcn_type_bits((gcn_type)o->type) == 64 ? 64 : 32;
    if (gen_is_scalar_code(g->gen, (unsigned)f->src[s]) &&
        !gen_bus_take(&bus, (unsigned)f->src[s], f->src[s] == GCN_CODE_LITERAL ? 0 : width))
      return false;
  }
  /* SRC2 of a VOP3-only row (any class but a literal; no bias slot for it): drawn first half
   * the time, so that it, too, often finds the constant bus free (generator version 14). */
  const bool s2_any = opnd(d, GCN_ROLE_S2) && f->src[2] < 0;
  const bool s2_first = s2_any && gcn_rng_pct(&g->rng, 50);
  if (s2_first) {
    g->cur_op = (int)opid, g->cur_slot = 2; /* the bias's src.<mn>.src2 holes (version 15) */
    in->src[2] = (uint16_t)gen_pick_src(g, (gcn_type)opnd(d, GCN_ROLE_S2)->type,
                                        (1u << GCN_OPC_SGPR | 1u << GCN_OPC_VGPR | 1u << GCN_OPC_SPECIAL |
                                         1u << GCN_OPC_INLINE), &bus, false, in);
    g->cur_slot = -1;
  }
  /* SRC2 of a VOP3 carry-in / select: a scalar pair; it goes first. */
  if (e64 && has_ci && f->src[2] < 0) {
    unsigned c;
    if (bus.used) {
      if (bus.width != 64) return false;
      c = bus.code;
    } else {
      c = gcn_rng_pct(&g->rng, 40)   ? GCN_CODE_VCC_LO
          : gcn_rng_pct(&g->rng, 85) || !g->p->operand[GCN_OPC_SPECIAL] ? gen_pick_sgpr(g, 64, false)
                                                                  : gen_pick_special_src(g, 64, true);
      gen_bus_take(&bus, c, 64);
    }
    in->src[2] = (uint16_t)c;
  }
  const unsigned all = 1u << GCN_OPC_SGPR | 1u << GCN_OPC_VGPR | 1u << GCN_OPC_SPECIAL | 1u << GCN_OPC_INLINE |
                       1u << GCN_OPC_LITERAL;
  const gcn_type t0 = has_s0 ? (gcn_type)opnd(d, GCN_ROLE_S0)->type : GCN_T_B32;
  const gcn_type t1 = has_s1 ? (gcn_type)opnd(d, GCN_ROLE_S1)->type : GCN_T_B32;
  g->cur_op = (int)opid;
  bool src1_set = false, src0_set = false;
  /* Compares: sources shaped by class (below) unless the bias wants a source class of this one. */
  bool shape = has_sd && !(bias && (bias->src_want[opid][0] | bias->src_want[opid][1]));
  bool self = has_sd && gcn_rng_pct(&g->rng, 10); /* a compare of a source with itself */
  if (bias && has_s0 && !rl && !wl && f->src[0] < 0 && f->src[1] < 0) {
    /* Corner values for result / carry holes; values of the float classes not yet read. */
    if (bias->value_want[opid] && gcn_rng_pct(&g->rng, 50)) {
      static const unsigned corner[] = {GCN_CODE_ZERO, GCN_CODE_INT_NEG_MIN, GCN_CODE_ZERO + 1};
      bool lit = !e64 && !has_k && !bus.used && gcn_rng_pct(&g->rng, 30);
      if (lit) {
        in->src[0] = GCN_CODE_LITERAL;
        in->literal = gcn_rng_pct(&g->rng, 50) ? 0x80000000u : 0x7FFFFFFFu;
        in->has_literal = true;
        gen_bus_take(&bus, GCN_CODE_LITERAL, 0);
      } else {
        in->src[0] = (uint16_t)corner[gcn_rng_below(&g->rng, 3)];
      }
      if (e64 && has_s1) { /* half the time SRC0's corner again: zero results of two zeros (version 15) */
        in->src[1] = in->src[0] != GCN_CODE_LITERAL && gcn_rng_pct(&g->rng, 50) ? in->src[0]
                                                                                : (uint16_t)corner[gcn_rng_below(&g->rng, 3)];
        src1_set = true;
      }
      goto src0_done;
    }
    for (unsigned s = 0; s < 2; s++) {
      unsigned want = bias->fp_want[opid][s];
      gcn_type t = s ? t1 : t0;
      if (!want || !gen_is_float_type(t)) continue;
      if (bias->src_want[opid][s] && gcn_rng_pct(&g->rng, 50)) continue; /* its operand-class holes too */
      unsigned gain; /* a VGPR whose lanes hold several wanted classes (a rainbow, rainbow.c: version 15) */
      int rv = gen_vgpr_covering(g, want, gcn_type_bits(t), &gain);
      bool rainbow = rv >= 0 && gain >= 2;
      if (!gcn_rng_pct(&g->rng, rainbow ? 90 : 50)) continue;
      if (rainbow) {
        in->src[s] = (uint16_t)(GCN_CODE_VGPR0 + (unsigned)rv);
        if (s == 1) {
          src1_set = true;
          continue;
        }
        goto src0_done;
      }
      int k = gcn_rng_pick_bit(&g->rng, want);
      bool f16 = t == GCN_T_F16;
      if (s == 0 && !e64 && !has_k && !bus.used) { /* a literal of that class (f64: the high dword) */
        uint64_t r = k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM ? gcn_rng_below(&g->rng, f16 ? 0x3FF : 0x7FFFFF) : 0;
        uint32_t v = t == GCN_T_F64 ? gen_f64_literal_of_class(g, k) : (uint32_t)gen_fp_class_value(k, f16 ? 16 : 32, r);
        unsigned c = gen_inline_equiv(g->gen, t, v);
        if (c) {
          in->src[0] = (uint16_t)c;
        } else {
          in->src[0] = GCN_CODE_LITERAL;
          in->literal = v;
          in->has_literal = true;
          gen_bus_take(&bus, GCN_CODE_LITERAL, 0);
        }
        goto src0_done;
      }
      if (e64 && (k == GCN_COV_FP_POS_ZERO || k == GCN_COV_FP_NEG_ZERO || k == GCN_COV_FP_POS_NORMAL ||
                  k == GCN_COV_FP_NEG_NORMAL)) { /* an inline constant, negated by the modifier */
        unsigned c = k <= GCN_COV_FP_NEG_ZERO ? GCN_CODE_ZERO : GCN_CODE_FLOAT_MIN + 2 * gcn_rng_below(&g->rng, 4);
        in->src[s] = (uint16_t)c;
        if (k == GCN_COV_FP_NEG_ZERO || k == GCN_COV_FP_NEG_NORMAL) in->neg |= (uint8_t)(1u << s);
        if (s == 1) src1_set = true;
        else goto src0_done;
      } else { /* a VGPR holding that class in a lane that runs (generator version 12) */
        int v = vgpr_of_class(g, k, gcn_type_bits(t)); /* f64: a pair (version 15) */
        if (v >= 0) {
          in->src[s] = (uint16_t)(GCN_CODE_VGPR0 + (unsigned)v);
          if (s == 1) src1_set = true;
          else goto src0_done;
        }
      }
    }
  }
  if (!rl && !wl && f->src[0] < 0 && f->src[1] < 0) { /* not reached when the bias above chose SRC0 */
    /* Float sources: 10% a VGPR with a rare class drawn alike (a denormal, an infinity or a NaN) in a
     * lane that runs; SRC1 then takes SRC0's class 70% of the time (min/max results of the class)
     * (generator version 13). */
    static const int rare[] = {GCN_COV_FP_POS_DENORM, GCN_COV_FP_NEG_DENORM, GCN_COV_FP_POS_INF,
                               GCN_COV_FP_NEG_INF, GCN_COV_FP_QNAN, GCN_COV_FP_SNAN, GCN_COV_FP_NEG_ZERO};
    int k0 = -1;
    for (unsigned s = 0; s < 2 && !src1_set; s++) {
      gcn_type t = s ? t1 : t0;
      if (!(s ? has_s1 : has_s0) || !gcn_type_is_float(t)) continue; /* f64: version 14 */
      int k = s && k0 >= 0 && gcn_rng_pct(&g->rng, 70) ? k0 : -1;
      if (k < 0 && !gcn_rng_pct(&g->rng, has_sd ? 50 : 10)) continue; /* compares 50% (version 14) */
      if (k < 0) k = rare[gcn_rng_below(&g->rng, 7)];
      int v = vgpr_of_class(g, k, gcn_type_bits(t));
      if (v < 0) continue;
      if (!s) k0 = k;
      in->src[s] = (uint16_t)(GCN_CODE_VGPR0 + (unsigned)v);
      if (s) src1_set = true;
      else src0_set = true;
    }
  }
  if (f->src[0] < 0 && has_s0 && !src0_set) {
    unsigned allow = all;
    if (rl) allow = 1u << GCN_OPC_VGPR;
    else if (wl) allow &= ~(1u << GCN_OPC_VGPR);
    if (e64 || has_k) allow &= ~(1u << GCN_OPC_LITERAL);
    if (shape) /* a compare's SRC0: in VOPC form an SGPR, a special register or a literal alike (any class a
                   tenth of the time); in VOP3 a VGPR or an inline constant, leaving the bus to SRC1 */
      allow = e64 ? one_class(g, allow & (1u << GCN_OPC_VGPR | 1u << GCN_OPC_INLINE))
              : self ? 1u << GCN_OPC_VGPR
              : gcn_rng_pct(&g->rng, 90) ? one_class(g, allow & (1u << GCN_OPC_SGPR | 1u << GCN_OPC_SPECIAL |
                                                                 1u << GCN_OPC_LITERAL))
                                         : allow;
    const unsigned vi = 1u << GCN_OPC_VGPR | 1u << GCN_OPC_INLINE;
    if (bias && e64 && !bias->src_want[opid][0] && (allow & vi) &&
        (bias->src_want[opid][1] & (1u << GCN_COV_SRC_SGPR | 1u << GCN_COV_SRC_SPECIAL)))
      allow &= vi; /* the constant bus left to SRC1's wanted class (version 17) */
    g->cur_slot = 0;
    in->src[0] = (uint16_t)gen_pick_src(g, t0, allow, &bus, false, in);
  }
src0_done:
  g->cur_slot = 1;
  if (f->src[1] < 0 && !src1_set && has_s1) {
    if (rl || wl) { /* lane select: a scalar register or an inline integer */
      unsigned c = GCN_CODE_ZERO + gcn_rng_below(&g->rng, 65);
      if (gcn_rng_pct(&g->rng, 50)) {
        unsigned r = gcn_rng_pct(&g->rng, 85) ? gen_pick_sgpr(g, 32, false) : gen_pick_special_src(g, 32, true);
        if (gen_bus_take(&bus, r, 32)) c = r;
      }
      in->src[1] = (uint16_t)c;
    } else if (self && in->src[0] != GCN_CODE_LITERAL && (e64 || in->src[0] >= GCN_CODE_VGPR0)) {
      /* equal in every lane */
      in->src[1] = in->src[0];
    } else if (!e64) {
      in->src[1] = (uint16_t)(GCN_CODE_VGPR0 + gen_pick_vgpr_src(g));
    } else {
      unsigned allow = all & ~(1u << GCN_OPC_LITERAL);
      if (shape) { /* a compare's SRC1 (VGPR in every VOPC form): an inline constant (integer or float) 45%,
                       an SGPR or a special register 45% */
        unsigned r = gcn_rng_below(&g->rng, 20);
        if (r < 18)
          allow = one_class(g, allow & (r < 9 ? 1u << GCN_OPC_INLINE : 1u << GCN_OPC_SGPR | 1u << GCN_OPC_SPECIAL));
      }
      in->src[1] = (uint16_t)gen_pick_src(g, t1, allow, &bus, false, in);
    }
  }
  g->cur_op = g->cur_slot = -1;
  /* ... or last. */
  if (s2_any && !s2_first) {
    g->cur_op = (int)opid, g->cur_slot = 2;
    in->src[2] = (uint16_t)gen_pick_src(g, (gcn_type)opnd(d, GCN_ROLE_S2)->type, all & ~(1u << GCN_OPC_LITERAL),
                                        &bus, false, in);
    g->cur_op = g->cur_slot = -1;
  }
  /* ... and now and then all the sources of a VOP3-only or VOP3P row one corner constant (0
   * half the time, -1 or 1): the zero results of min3/max3/med3, add3, the SADs, the
   * multiply-adds and the packed ops (generator version 14). */
  if (enc32 < 0 && has_s1 && f->src[0] < 0 && f->src[1] < 0 && f->src[2] < 0 &&
      (opnd(d, GCN_ROLE_S2) || d->cls == GCN_CLASS_VOP3P) &&
      gcn_rng_pct(&g->rng, bias && bias->value_want[opid] &&
                                   !(bias->src_want[opid][0] | bias->src_want[opid][1] | bias->src_want[opid][2])
                               ? 40
                               : 15)) { /* result holes (and no operand-class hole): 40% (version 15) */
    static const unsigned corner3[] = {GCN_CODE_ZERO, GCN_CODE_ZERO, GCN_CODE_INT_NEG_MIN, GCN_CODE_ZERO + 1};
    in->src[0] = in->src[1] = (uint16_t)corner3[gcn_rng_below(&g->rng, 4)];
    if (opnd(d, GCN_ROLE_S2)) in->src[2] = in->src[0];
  }
  /* gcn14 op_sel of the 16-bit sources (the table's opsel rows): each half alike. */
  if (e64 && gcn_isa_has(d, g->gen, GCN_F_OPSEL) && !(d->flags & GCN_F_OMOD)) {
    for (unsigned s = 0; s < 2; s++)
      if (gcn_type_bits((gcn_type)opnd(d, roles[s])->type) == 16 && gcn_rng_pct(&g->rng, 50))
        in->opsel |= (uint8_t)(1u << s);
    gen_int16_opsel(g, d, in); /* SRC2's and VDST's halves (vectors/int16.c, generator version 15) */
  }
  /* gcn14 packed math (VOP3P): OP_SEL and OP_SEL_HI of each source (OP_SEL_HI all ones, the
   * assembler's default, half the time; an absent SRC2's OP_SEL_HI bit is 1, as llvm-mc
   * sets it), SRC0's NEG_LO / NEG_HI (integer ops ignore them) and CLAMP at the modifier
   * rate (generator version 14). */
  if (in->enc == GCN_ENC_VOP3P && !f->no_mods) {
    unsigned n = opnd(d, GCN_ROLE_S2) ? 3 : 2, used = (1u << n) - 1, m = g->p->modifiers;
    in->opsel = (uint8_t)gcn_rng_below(&g->rng, 1u << n);
    in->opsel_hi = (uint8_t)((gcn_rng_pct(&g->rng, 50) ? used : gcn_rng_below(&g->rng, 1u << n)) | (7u & ~used));
    if (gcn_rng_pct(&g->rng, m)) in->neg |= 1u;
    if (gcn_rng_pct(&g->rng, m)) in->neg_hi |= 1u;
    if (gcn_rng_pct(&g->rng, m)) in->clamp = true;
  } else if (in->enc == GCN_ENC_VOP3P) {
    in->opsel_hi = 7u;
  }
  if (d->flags & GCN_F_TIED) in->src[2] = 0;
  in->has_literal = has_k || in->src[0] == GCN_CODE_LITERAL || in->src[1] == GCN_CODE_LITERAL;
  /* VOP3 modifiers. */
  if (e64 && !f->no_mods) {
    unsigned m = g->p->modifiers;
    for (unsigned s = 0; s < 2; s++) {
      gcn_type t = s ? t1 : t0;
      if (!gcn_type_is_float(t)) continue; /* f64 too (generator version 14: the f64 compares) */
      if (in->enc == GCN_ENC_VOP3A && gcn_rng_pct(&g->rng, m)) in->abs |= (uint8_t)(1u << s);
      if (gcn_rng_pct(&g->rng, m)) in->neg |= (uint8_t)(1u << s);
    }
    if (d->flags & GCN_F_OMOD) {
      if (gcn_rng_pct(&g->rng, m)) in->omod = (uint8_t)(1 + gcn_rng_below(&g->rng, 3));
      if (gcn_rng_pct(&g->rng, m)) in->clamp = true;
    } else if ((d->flags & GCN_F_ICLAMP) && g->gen >= GCN12 && gcn_rng_pct(&g->rng, m)) {
      in->clamp = true;
    }
    unsigned mw = bias ? bias->mod_want[opid] : 0;
    if (mw && gcn_rng_pct(&g->rng, 60)) { /* a modifier not yet seen, where it is legal */
      int k = gcn_rng_pick_bit(&g->rng, mw);
      unsigned s = k == GCN_COV_MOD_ABS1 || k == GCN_COV_MOD_NEG1;
      bool fl_src = gcn_type_is_float(s ? t1 : t0);
      if ((k == GCN_COV_MOD_ABS0 || k == GCN_COV_MOD_ABS1) && fl_src && in->enc == GCN_ENC_VOP3A)
        in->abs |= (uint8_t)(1u << s);
      else if ((k == GCN_COV_MOD_NEG0 || k == GCN_COV_MOD_NEG1) && fl_src)
        in->neg |= (uint8_t)(1u << s);
      else if (k == GCN_COV_MOD_CLAMP && ((d->flags & GCN_F_OMOD) || ((d->flags & GCN_F_ICLAMP) && g->gen >= GCN12)))
        in->clamp = true;
      else if (k >= GCN_COV_MOD_OMOD_MUL2 && (d->flags & GCN_F_OMOD))
        in->omod = (uint8_t)(1 + k - GCN_COV_MOD_OMOD_MUL2);
    }
  }
  if (e64 && f->omod >= 0 && (d->flags & GCN_F_OMOD)) in->omod = (uint8_t)f->omod;
  if (e64 && f->clamp >= 0 && (d->flags & (GCN_F_OMOD | GCN_F_ICLAMP))) in->clamp = f->clamp != 0;
  return gen_finalize(g, in);
}

bool gen_build(gctx *g, enum gcn_op op, const force_t *f, gcn_inst *in) {
  const gcn_inst_desc *d = &gcn_isa[op];
  if (!d->mnemonic[g->gen]) return false;
  if (gen_sdwa_build(g, d, f, in)) return true; /* sdwa.c: at the profile's sdwa rate */
  for (int tries = 0; tries < 24; tries++) {
    bool ok = gcn_class_is_vector(d->cls) ? build_vop(g, d, f, in) : build_sop(g, d, f, in);
    if (ok) return true;
  }
  return false;
}

/* Records the registers IN writes as recent (for reuse by later sources). */
static void note_writes(gctx *g, const gcn_inst *in) {
  const gcn_inst_desc *d = in->desc;
  if (gcn_class_is_vector(d->cls)) {
    if (d->flags & GCN_F_READLANE)
      gen_push_recent_s(g, in->vdst, 32);
    else if (opnd(d, GCN_ROLE_D))
      gen_push_recent_v(g, in->vdst);
    if (opnd(d, GCN_ROLE_CO)) gen_push_recent_s(g, gcn_inst_is_vop3(in) ? in->sdst : GCN_CODE_VCC_LO, 64);
    if (opnd(d, GCN_ROLE_SD)) gen_push_recent_s(g, gen_mask_dst(in), 64);
  } else if (d->cls != GCN_CLASS_SOPP && !(d->flags & GCN_F_NODST) && opnd(d, GCN_ROLE_D)) {
    gen_push_recent_s(g, in->sdst, gcn_operand_width(d, GCN_ROLE_D));
  }
}

/* Does IN write a forbidden scalar register or EXEC while that is not allowed? */
static bool writes_forbidden(const gctx *g, const gcn_inst *in) {
  const gcn_inst_desc *d = in->desc;
  if ((g->restrict_flags & R_NO_EXEC) && (d->implicit_writes & GCN_IMPL_EXEC)) return true;
  if ((g->restrict_flags & R_NO_MOVREL) && gcn_group_of(d) == GCN_GROUP_SALU_MOVREL) return true;
  if (gcn_class_is_vector(d->cls)) {
    if ((d->flags & GCN_F_READLANE) && gen_forbidden(g, in->vdst, 32)) return true;
    if (opnd(d, GCN_ROLE_CO) && gen_forbidden(g, gcn_inst_is_vop3(in) ? in->sdst : GCN_CODE_VCC_LO, 64)) return true;
    if (opnd(d, GCN_ROLE_SD) && gen_forbidden(g, gen_mask_dst(in), 64)) return true;
    return false;
  }
  if (d->cls == GCN_CLASS_SOPP || (d->flags & GCN_F_NODST) || !opnd(d, GCN_ROLE_D)) return false;
  return gen_forbidden(g, in->sdst, gcn_operand_width(d, GCN_ROLE_D));
}

int gen_put(gctx *g, chunk *ch, const gcn_inst *in, bool dead) {
  if (ch->n == MAX_CHUNK || writes_forbidden(g, in)) return -1;
  ch->in[ch->n] = *in;
  ch->dead[ch->n] = dead;
  ch->n++;
  note_writes(g, in);
  return 0;
}

/* Builds OP with F and appends it. */
int gen_emit(gctx *g, chunk *ch, enum gcn_op op, const force_t *f) {
  gcn_inst in;
  for (int tries = 0; tries < 4; tries++) {
    if (!gen_build(g, op, f, &in)) return -1;
    if (!writes_forbidden(g, &in)) return gen_put(g, ch, &in, false);
  }
  return -1;
}

static unsigned inst_size(const gcn_inst *in) { return in->size; }

/* Picks an instruction of group GRP (by op weight). */
int gen_pick_op(gctx *g, int grp) {
  int i = gcn_rng_weighted(&g->rng, g->gw[grp], g->n_gop[grp]);
  return i < 0 ? -1 : g->gop[grp][i];
}

/* Picks an enabled group (by profile weight) among those in MASK. */
int gen_pick_group(gctx *g, uint64_t mask) {
  unsigned w[GCN_GROUP_COUNT];
  for (unsigned k = 0; k < GCN_GROUP_COUNT; k++) w[k] = (mask >> k & 1) && g->n_gop[k] ? g->p->group[k] : 0;
  return gcn_rng_weighted(&g->rng, w, GCN_GROUP_COUNT);
}

/* A random instruction of one of the groups in MASK (restricted: no EXEC writes, no movrel,
 * no forbidden destinations). Falls back to s_nop. */
int gen_emit_random_in(gctx *g, chunk *ch, uint64_t mask, bool dead) {
  for (int tries = 0; tries < 8; tries++) {
    int grp = gen_pick_group(g, mask);
    if (grp < 0) break;
    int op = gen_pick_op(g, grp);
    if (op < 0) continue;
    gcn_inst in;
    force_t f = gen_force0();
    if (!gen_build(g, (enum gcn_op)op, &f, &in) || writes_forbidden(g, &in)) continue;
    return gen_put(g, ch, &in, dead);
  }
  force_t f = gen_force0();
  gcn_inst in;
  if (!gen_build(g, GCN_OP_S_NOP, &f, &in)) return -1;
  return gen_put(g, ch, &in, dead);
}

/* A random VALU instruction (or, when the profile has none, a plain SALU one). */
int gen_emit_body(gctx *g, chunk *ch) {
  uint64_t mask = gen_any_valu(g) ? VALU_MASK : SALU_PLAIN_MASK;
  if (g->p->group[GCN_GROUP_VALU_LANE] && g->n_gop[GCN_GROUP_VALU_LANE]) mask |= GROUP_BIT(GCN_GROUP_VALU_LANE);
  if (!gen_any_valu(g)) mask |= GROUP_BIT(GCN_GROUP_NOP) | GROUP_BIT(GCN_GROUP_SALU_PC);
  return gen_emit_random_in(g, ch, mask, false);
}

unsigned gen_chunk_bytes(const chunk *ch, unsigned from, unsigned to) {
  unsigned n = 0;
  for (unsigned i = from; i < to; i++) n += inst_size(&ch->in[i]);
  return n;
}

/* s_mov_b32 DST, VALUE (inline or literal). */
int gen_emit_mov32(gctx *g, chunk *ch, unsigned dst, uint32_t value) {
  force_t f = gen_force0();
  f.sdst = (int)dst;
  unsigned c = gen_inline_equiv(g->gen, GCN_T_B32, value);
  if (c) {
    f.src[0] = (int)c;
  } else {
    f.src[0] = GCN_CODE_LITERAL;
    f.lit = value;
  }
  return gen_emit(g, ch, GCN_OP_S_MOV_B32, &f);
}

/* s_getpc_b64 T; s_add_u32 T.lo, T.lo, K; [s_addc_u32 T.hi, T.hi, 0]: T = the address of
 * the s_add_u32 + K (the s_add_u32 is 8 bytes when K > 64 needs a literal). */
int gen_emit_target(gctx *g, chunk *ch, unsigned t, unsigned k, bool addc) {
  force_t f = gen_force0();
  f.sdst = (int)t;
  if (gen_emit(g, ch, GCN_OP_S_GETPC_B64, &f)) return -1;
  f = gen_force0();
  f.sdst = f.src[0] = (int)t;
  if (k <= 64) {
    f.src[1] = (int)(GCN_CODE_ZERO + k);
  } else {
    f.src[1] = GCN_CODE_LITERAL;
    f.lit = k;
  }
  if (gen_emit(g, ch, GCN_OP_S_ADD_U32, &f)) return -1;
  if (addc) {
    f = gen_force0();
    f.sdst = f.src[0] = (int)t + 1;
    f.src[1] = GCN_CODE_ZERO;
    if (gen_emit(g, ch, GCN_OP_S_ADDC_U32, &f)) return -1;
  }
  return 0;
}

/* gcnref vectors: deliberately illegal encodings and s_rfe_* at an executed instruction
 * (docs/vectors.md, "Illegal encodings"). */
#include "gen_priv.h"

#include <string.h>

/* A first dword of encoding ENC on the generation of G with the given fields (the rest 0);
 * every layout and fixed bit comes from the table (gcn_enc_descs). */
static uint32_t word_of(const gctx *g, gcn_enc enc, const uint32_t fields[GCN_FLD_COUNT]) {
  uint32_t w[2] = {0, 0};
  gcn_enc_pack(gcn_enc_lookup(g->gen, enc), fields, w);
  return w[0];
}

/* A SOP2 word. */
static uint32_t sop2(const gctx *g, unsigned op, unsigned sdst, unsigned ssrc1, unsigned ssrc0) {
  uint32_t f[GCN_FLD_COUNT] = {0};
  f[GCN_FLD_OP] = op, f[GCN_FLD_SDST] = sdst, f[GCN_FLD_SSRC1] = ssrc1, f[GCN_FLD_SSRC0] = ssrc0;
  return word_of(g, GCN_ENC_SOP2, f);
}

/* A SOP1 word. */
static uint32_t sop1(const gctx *g, unsigned op, unsigned sdst, unsigned ssrc0) {
  uint32_t f[GCN_FLD_COUNT] = {0};
  f[GCN_FLD_OP] = op, f[GCN_FLD_SDST] = sdst, f[GCN_FLD_SSRC0] = ssrc0;
  return word_of(g, GCN_ENC_SOP1, f);
}

/* A VOP2 word (SRC0 is an operand code, VSRC1 and VDST register numbers). */
static uint32_t vop2(const gctx *g, unsigned op, unsigned vdst, unsigned vsrc1, unsigned src0) {
  uint32_t f[GCN_FLD_COUNT] = {0};
  f[GCN_FLD_OP] = op, f[GCN_FLD_VDST] = vdst, f[GCN_FLD_VSRC1] = vsrc1, f[GCN_FLD_SRC0] = src0;
  return word_of(g, GCN_ENC_VOP2, f);
}

/* A source operand code that is reserved (or outside gcnref's scope) on GEN: the operand map
 * classifies it illegal. */
static unsigned reserved_src(gctx *g) {
  for (;;) {
    unsigned c = gcn_rng_below(&g->rng, GCN_CODE_VGPR0);
    if (gcn_operand_kind(g->gen, c) == GCN_OPND_ILLEGAL) return c;
  }
}

/* A 4-byte word that does not decode on GEN (several kinds, docs/vectors.md). */
static uint32_t illegal_word(gctx *g) {
  gcn_gen gen = g->gen;
  unsigned s0 = gcn_rng_below(&g->rng, g->nsg), s1 = gcn_rng_below(&g->rng, g->nsg),
           sd = gcn_rng_below(&g->rng, g->nsg);
  for (;;) {
    switch (gcn_rng_below(&g->rng, 8)) {
      case 0: { /* SOP2 opcode that this generation lacks */
        unsigned op = gcn_rng_below(&g->rng, 0x60);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_SOP2, op)) continue;
        return sop2(g, op, sd, s1, s0);
      }
      case 1: { /* SOP1 opcode that this generation lacks */
        unsigned op = gcn_rng_below(&g->rng, 256);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_SOP1, op)) continue;
        return sop1(g, op, sd, s0);
      }
      case 2: { /* VOP2 opcode that this generation lacks */
        unsigned op = gcn_rng_below(&g->rng, 0x3E);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op)) continue;
        unsigned src0 = GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, 256);
        unsigned vsrc1 = gcn_rng_below(&g->rng, 256);
        unsigned vdst = gcn_rng_below(&g->rng, 256);
        return vop2(g, op, vdst, vsrc1, src0);
      }
      case 3: /* a reserved or out-of-scope source operand code in s_add_u32 */
        return sop2(g, (unsigned)gcn_isa[GCN_OP_S_ADD_U32].opcode[gen], sd, s1, reserved_src(g));
      case 4: /* an odd register pair in a 64-bit operand (s_and_b64) */
        return sop2(g, (unsigned)gcn_isa[GCN_OP_S_AND_B64].opcode[gen], sd & ~1u, s1 & ~1u, s0 | 1u);
      case 5: /* s_setpc_b64 with a destination field set */
        return sop1(g, (unsigned)gcn_isa[GCN_OP_S_SETPC_B64].opcode[gen], 1 + gcn_rng_below(&g->rng, 100),
                    s0 & ~1u);
      case 6: { /* a SOPP opcode no generation has (0x20..0x33) */
        uint32_t f[GCN_FLD_COUNT] = {0};
        f[GCN_FLD_OP] = 0x20 + gcn_rng_below(&g->rng, 20);
        f[GCN_FLD_SIMM16] = gcn_rng_below(&g->rng, 0x10000);
        return word_of(g, GCN_ENC_SOPP, f);
      }
      default: { /* a VOP1 or VOPC opcode that this generation lacks */
        bool vopc = gcn_rng_pct(&g->rng, 50);
        unsigned op = gcn_rng_below(&g->rng, 256);
        if (gcn_isa_by_opcode(gen, vopc ? GCN_CLASS_VOPC : GCN_CLASS_VOP1, op)) continue;
        uint32_t f[GCN_FLD_COUNT] = {0};
        f[GCN_FLD_OP] = op, f[GCN_FLD_VDST] = gcn_rng_below(&g->rng, 256);
        f[GCN_FLD_VSRC1] = gcn_rng_below(&g->rng, 256), f[GCN_FLD_SRC0] = GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, 256);
        return word_of(g, vopc ? GCN_ENC_VOPC : GCN_ENC_VOP1, f);
      }
    }
  }
}

/* A VOP2 word (4 bytes) that breaks an operand rule: the constant bus with the implicit VCC,
 * a reserved source code, v_readlane from a scalar (gcn10/11). */
static uint32_t illegal_vop2_word(gctx *g) {
  gcn_gen gen = g->gen;
  unsigned vdst = gcn_rng_below(&g->rng, 256), vsrc1 = gcn_rng_below(&g->rng, 256),
           sgpr = gcn_rng_below(&g->rng, g->nsg);
  switch (gcn_rng_below(&g->rng, 3)) {
    case 0: { /* v_cndmask_b32_e32 / v_addc_co_u32_e32 with an SGPR src0: two scalar values */
      enum gcn_op op = gcn_rng_pct(&g->rng, 50) ? GCN_OP_V_CNDMASK_B32 : GCN_OP_V_ADDC_CO_U32;
      return vop2(g, (unsigned)gcn_isa[op].opcode[gen], vdst, vsrc1, sgpr);
    }
    case 1: /* a reserved source code in v_and_b32_e32 */
      return vop2(g, (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen], vdst, vsrc1, reserved_src(g));
    default:
      if (gen_has_op(g, GCN_OP_V_READLANE_B32)) /* v_readlane_b32 reads a VGPR, not an SGPR */
        return vop2(g, (unsigned)gcn_isa[GCN_OP_V_READLANE_B32].opcode[gen], sgpr,
                    gcn_rng_below(&g->rng, 65), sgpr);
      return vop2(g, (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen], vdst, vsrc1, reserved_src(g));
  }
}

/* Two words of a VOP3 encoding that breaks a rule: the constant bus, a literal, abs/neg on
 * an integer operand, OMOD or CLAMP where not allowed, gcn14 op_sel, the VOP3 form of
 * v_madmk (none exists), an opcode the generation lacks, a VGPR as carry-in, an odd
 * carry-out pair. Starts from a legal VOP3 instruction and changes one field. */
static bool illegal_vop3_words(gctx *g, uint32_t w[2]) {
  gcn_gen gen = g->gen;
  unsigned kind = gcn_rng_below(&g->rng, 10);
  enum gcn_op op = kind <= 1 || kind == 5 ? GCN_OP_V_ADD_F32 : kind == 8 ? GCN_OP_V_CNDMASK_B32
                   : kind == 9 ? GCN_OP_V_ADD_CO_U32 : GCN_OP_V_AND_B32;
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return false;
  gcn_encode(&in, w);
  const gcn_enc_desc *e = gcn_enc_lookup(gen, in.enc);
  unsigned s1 = gcn_rng_below(&g->rng, g->nsg), s2 = (s1 + 1 + gcn_rng_below(&g->rng, 8)) % g->nsg;
  switch (kind) {
    case 0: /* two different SGPRs */
      gcn_enc_put(e, GCN_FLD_SRC0, w, s1);
      gcn_enc_put(e, GCN_FLD_SRC1, w, s2);
      break;
    case 1: /* a literal in a VOP3 */
      gcn_enc_put(e, GCN_FLD_SRC0, w, GCN_CODE_LITERAL);
      break;
    case 2: /* neg on an integer operand (src0) */
      gcn_enc_put(e, GCN_FLD_NEG, w, gcn_enc_get(e, GCN_FLD_NEG, w) | 1u);
      break;
    case 3: /* OMOD on an integer instruction */
      gcn_enc_put(e, GCN_FLD_OMOD, w, 1u + gcn_rng_below(&g->rng, 3));
      break;
    case 4: /* CLAMP on v_and_b32 (no clamp), or abs on an integer operand */
      if (gcn_rng_pct(&g->rng, 50))
        gcn_enc_put(e, GCN_FLD_CLAMP, w, 1);
      else
        gcn_enc_put(e, GCN_FLD_ABS, w, gcn_enc_get(e, GCN_FLD_ABS, w) | 1u);
      break;
    case 5: /* op_sel (gcn14), else abs on an unused source slot */
      if (gcn_enc_has(e, GCN_FLD_OPSEL))
        gcn_enc_put(e, GCN_FLD_OPSEL, w, 1u + gcn_rng_below(&g->rng, 15));
      else
        gcn_enc_put(e, GCN_FLD_ABS, w, gcn_enc_get(e, GCN_FLD_ABS, w) | 4u);
      break;
    case 6: /* the VOP3 form of v_madmk_f32 */
      gcn_enc_put(e, GCN_FLD_OP, w, GCN_VOP3_FROM_VOP2((unsigned)gcn_isa[GCN_OP_V_MADMK_F32].opcode[gen]));
      break;
    case 7: { /* a VOP3 opcode of a VOP2 instruction the generation lacks */
      unsigned op2 = gcn_rng_below(&g->rng, 0x40);
      if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op2)) return false;
      gcn_enc_put(e, GCN_FLD_OP, w, GCN_VOP3_FROM_VOP2(op2));
      break;
    }
    case 8: /* a VGPR as the select mask of v_cndmask_b32_e64 */
      gcn_enc_put(e, GCN_FLD_SRC2, w, GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, 256));
      break;
    default: /* an odd SGPR as the carry-out pair */
      gcn_enc_put(e, GCN_FLD_SDST, w, s1 | 1u);
      break;
  }
  return true;
}

/* Two words of an earlyclobber instruction (v_qsad_pk_u16_u8, v_mqsad_pk_u16_u8,
 * v_mqsad_u32_u8) whose 64-bit SRC0 pair ends at its VDST's first VGPR, v[d-1:d] (generator
 * version 23): only the pair's second VGPR overlaps, so a decoder that counts a b64 source as
 * one VGPR (gcn_decode_wide's nregs) takes it for legal. False: none on this generation. */
static bool illegal_overlap_words(gctx *g, uint32_t w[2]) {
  static const enum gcn_op ops[3] = {GCN_OP_V_QSAD_PK_U16_U8, GCN_OP_V_MQSAD_PK_U16_U8, GCN_OP_V_MQSAD_U32_U8};
  enum gcn_op op = ops[gcn_rng_below(&g->rng, 3)];
  if (!gen_has_op(g, op)) return false;
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  f.vdst = 1 + (int)gcn_rng_below(&g->rng, 248); /* v1..v248: even the b128 VDST ends below v252 */
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return false;
  gcn_encode(&in, w);
  gcn_enc_put(gcn_enc_lookup(g->gen, in.enc), GCN_FLD_SRC0, w, GCN_CODE_VGPR0 + in.vdst - 1);
  return true;
}

/* The first try of an 8-byte slot that gen_aim_control_illegal leaves: illegal_overlap_words,
 * half the time at version 23 (a draw of gctx.aux), the other half too at version 25 (that half's
 * draws undone when the generation lacks the op drawn: its slot keeps version 24's word). */
static bool overlap_first_try(gctx *g, uint32_t w[2]) {
  if (gcn_rng_pct(&g->aux, 50)) return illegal_overlap_words(g, w);
  gcn_rng keep = g->rng;
  if (illegal_overlap_words(g, w)) return true;
  g->rng = keep;
  return false;
}

/* Replaces the instruction at index I with a deliberately illegal encoding of the same size
 * that fails to decode where it is (with the bytes that follow it). */
bool gen_inject_illegal(gctx *g, size_t i) {
  pinst *p = &g->prog[i];
  size_t off = 0;
  for (size_t k = 0; k < i; k++) off += g->prog[k].size;
  uint8_t save[8];
  memcpy(save, g->img + off, p->size);
  for (int tries = 0; tries < 64; tries++) {
    uint32_t w[2] = {0, (uint32_t)gcn_rng_next(&g->rng)};
    if (!tries && gen_aim_control_illegal(g, p->size, w)) {
      /* version 24: the decoder's rules (vectors/aim_control.c, drawn from a stream of its own) */
    } else if (!tries && p->size == 8 && overlap_first_try(g, w)) {
      /* version 23 (version 25: every first try that aim_control.c leaves) */
    } else if (p->size == 8 && gcn_rng_pct(&g->rng, 60)) {
      if (!illegal_vop3_words(g, w)) continue;
    } else {
      w[0] = gcn_rng_pct(&g->rng, 25) ? illegal_vop2_word(g) : illegal_word(g);
    }
    for (unsigned b = 0; b < p->size; b++) g->img[off + b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
    gcn_inst in;
    gcn_error e;
    if (gcn_decode_bytes(g->gen, g->img + off, g->size - off, &in, &e) != 0) {
      p->raw = p->illegal = true;
      memcpy(p->bytes, g->img + off, p->size);
      return true;
    }
    memcpy(g->img + off, save, p->size);
  }
  return false;
}

/* Replaces the instruction at index I with s_rfe_b64 (or s_rfe_restore_b64), plus an
 * s_nop 0 when the slot is 8 bytes. */
bool gen_inject_rfe(gctx *g, size_t i) {
  enum gcn_op op =
      gen_has_op(g, GCN_OP_S_RFE_RESTORE_B64) && gcn_rng_pct(&g->rng, 30) ? GCN_OP_S_RFE_RESTORE_B64 : GCN_OP_S_RFE_B64;
  force_t f = gen_force0();
  f.src[0] = (int)gen_pick_sgpr(g, 64, false);
  if (op == GCN_OP_S_RFE_RESTORE_B64) f.src[1] = (int)gen_pick_sgpr(g, 32, false);
  gcn_inst in;
  if (!gen_build(g, op, &f, &in) || in.size != 4) return false;
  pinst *p = &g->prog[i];
  unsigned old = p->size;
  p->in = in;
  p->raw = false;
  if (old == 8) {
    gcn_inst nop;
    memset(&nop, 0, sizeof nop);
    nop.desc = &gcn_isa[GCN_OP_S_NOP];
    nop.gen = g->gen;
    nop.enc = GCN_ENC_SOPP;
    nop.size = 4;
    memmove(&g->prog[i + 2], &g->prog[i + 1], (g->n_prog - i - 1) * sizeof *g->prog);
    g->n_prog++;
    memset(&g->prog[i + 1], 0, sizeof *g->prog);
    g->prog[i + 1].in = nop;
    g->prog[i + 1].dead = true;
  }
  return true;
}

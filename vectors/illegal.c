/* gcnref vectors: deliberately illegal encodings and s_rfe_* at an executed instruction
 * (docs/vectors.md, "Illegal encodings"). */
#include "gen_priv.h"

#include <string.h>

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
        return 2u << 30 | op << 23 | sd << 16 | s1 << 8 | s0;
      }
      case 1: { /* SOP1 opcode that this generation lacks */
        unsigned op = gcn_rng_below(&g->rng, 256);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_SOP1, op)) continue;
        return 0x17Du << 23 | sd << 16 | op << 8 | s0;
      }
      case 2: { /* VOP2 opcode that this generation lacks */
        unsigned op = gcn_rng_below(&g->rng, 0x3E);
        if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op)) continue;
        return op << 25 | gcn_rng_below(&g->rng, 256) << 17 | gcn_rng_below(&g->rng, 256) << 9 |
               (GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, 256));
      }
      case 3: { /* a reserved or out-of-scope source operand code in s_add_u32 */
        static const unsigned bad[] = {209, 215, 222, 230, 234, 125, 249, 250, 254};
        unsigned c = bad[gcn_rng_below(&g->rng, sizeof bad / sizeof bad[0])];
        if (gen == GCN10 && gcn_rng_pct(&g->rng, 30)) c = 104;
        if (gen <= GCN11 && gcn_rng_pct(&g->rng, 20)) c = GCN_CODE_INV_2PI;
        if (gen != GCN14 && gcn_rng_pct(&g->rng, 20)) c = GCN_CODE_SHARED_BASE + gcn_rng_below(&g->rng, 5);
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_ADD_U32].opcode[gen];
        return 2u << 30 | op << 23 | sd << 16 | s1 << 8 | c;
      }
      case 4: { /* an odd register pair in a 64-bit operand (s_and_b64) */
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_AND_B64].opcode[gen];
        return 2u << 30 | op << 23 | (sd & ~1u) << 16 | (s1 & ~1u) << 8 | (s0 | 1u);
      }
      case 5: { /* s_setpc_b64 with a destination field set */
        unsigned op = (unsigned)gcn_isa[GCN_OP_S_SETPC_B64].opcode[gen];
        return 0x17Du << 23 | (1 + gcn_rng_below(&g->rng, 100)) << 16 | op << 8 | (s0 & ~1u);
      }
      case 6: { /* a SOPP opcode outside gcnref's scope (s_branch, s_cbranch_*, s_waitcnt...) */
        unsigned op = 2 + gcn_rng_below(&g->rng, 20);
        return 0x17Fu << 23 | op << 16 | gcn_rng_below(&g->rng, 0x10000);
      }
      default: { /* out-of-scope encodings: SOPK, SOPC, VOP1, VOPC */
        switch (gcn_rng_below(&g->rng, 4)) {
          case 0: return 0xBu << 28 | gcn_rng_below(&g->rng, 0x1000000);
          case 1: return 0x17Eu << 23 | gcn_rng_below(&g->rng, 0x800000);
          case 2: return 0x3Fu << 25 | gcn_rng_below(&g->rng, 0x2000000);
          default: return 0x3Eu << 25 | gcn_rng_below(&g->rng, 0x2000000);
        }
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
      return (unsigned)gcn_isa[op].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | sgpr;
    }
    case 1: { /* a reserved source code in v_and_b32_e32 */
      static const unsigned bad[] = {209, 220, 234, 125, 249, 250, 254};
      unsigned c = bad[gcn_rng_below(&g->rng, sizeof bad / sizeof bad[0])];
      return (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | c;
    }
    default:
      if (gen_has_op(g, GCN_OP_V_READLANE_B32)) /* v_readlane_b32 reads a VGPR, not an SGPR */
        return (unsigned)gcn_isa[GCN_OP_V_READLANE_B32].opcode[gen] << 25 | sgpr << 17 |
               gcn_rng_below(&g->rng, 65) << 9 | sgpr;
      return (unsigned)gcn_isa[GCN_OP_V_AND_B32].opcode[gen] << 25 | vdst << 17 | vsrc1 << 9 | 230;
  }
}

/* Two words of a VOP3 encoding that breaks a rule: the constant bus, a literal, abs/neg on
 * an integer operand, OMOD or CLAMP where not allowed, gcn14 op_sel, the VOP3 form of
 * v_madmk (none exists), an opcode the generation lacks, a VGPR as carry-in, an odd
 * carry-out pair. Starts from a legal VOP3 instruction and changes one field. */
static bool illegal_vop3_words(gctx *g, uint32_t w[2]) {
  gcn_gen gen = g->gen;
  bool si = gen <= GCN11;
  unsigned kind = gcn_rng_below(&g->rng, 10);
  enum gcn_op op = kind <= 1 || kind == 5 ? GCN_OP_V_ADD_F32 : kind == 8 ? GCN_OP_V_CNDMASK_B32
                   : kind == 9 ? GCN_OP_V_ADD_CO_U32 : GCN_OP_V_AND_B32;
  force_t f = gen_force0();
  f.enc = 64;
  f.no_mods = true;
  gcn_inst in;
  if (!gen_build(g, op, &f, &in)) return false;
  gcn_encode(&in, w);
  unsigned s1 = gcn_rng_below(&g->rng, g->nsg), s2 = (s1 + 1 + gcn_rng_below(&g->rng, 8)) % g->nsg;
  switch (kind) {
    case 0: /* two different SGPRs */
      w[1] = (w[1] & ~0x3FFFFu) | s1 | s2 << 9;
      break;
    case 1: /* a literal in a VOP3 */
      w[1] = (w[1] & ~0x1FFu) | GCN_CODE_LITERAL;
      break;
    case 2: /* neg on an integer operand */
      w[1] |= 1u << 29;
      break;
    case 3: /* OMOD on an integer instruction */
      w[1] |= (1u + gcn_rng_below(&g->rng, 3)) << 27;
      break;
    case 4: /* CLAMP on v_and_b32 (no clamp), or abs on an integer operand */
      w[0] |= gcn_rng_pct(&g->rng, 50) ? (si ? 1u << 11 : 1u << 15) : 1u << 8;
      break;
    case 5: /* op_sel (gcn14), else abs on an unused source slot */
      w[0] |= gen == GCN14 ? (1u + gcn_rng_below(&g->rng, 15)) << 11 : 1u << 10;
      break;
    case 6: { /* the VOP3 form of v_madmk_f32 */
      unsigned op3 = GCN_VOP3_FROM_VOP2((unsigned)gcn_isa[GCN_OP_V_MADMK_F32].opcode[gen]);
      w[0] = (w[0] & (si ? ~(0x1FFu << 17) : ~(0x3FFu << 16))) | (si ? op3 << 17 : op3 << 16);
      break;
    }
    case 7: { /* a VOP3 opcode of a VOP2 instruction the generation lacks */
      unsigned op2 = gcn_rng_below(&g->rng, 0x40);
      if (gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op2)) return false;
      unsigned op3 = GCN_VOP3_FROM_VOP2(op2);
      w[0] = (w[0] & (si ? ~(0x1FFu << 17) : ~(0x3FFu << 16))) | (si ? op3 << 17 : op3 << 16);
      break;
    }
    case 8: /* a VGPR as the select mask of v_cndmask_b32_e64 */
      w[1] = (w[1] & ~(0x1FFu << 18)) | (GCN_CODE_VGPR0 + gcn_rng_below(&g->rng, 256)) << 18;
      break;
    default: /* an odd SGPR as the carry-out pair */
      w[0] = (w[0] & ~(0x7Fu << 8)) | (s1 | 1u) << 8;
      break;
  }
  return true;
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
    if (p->size == 8 && gcn_rng_pct(&g->rng, 60)) {
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

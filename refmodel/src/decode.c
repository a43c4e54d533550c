/* gcnref: decoder, validator and encoder for SOP1, SOP2, SOPC, SOPK, SOPP, VOP2, VOP3A, VOP3B.
 * Field layouts and fixed bits come from gcn_isa.tab @encodings (../shared/spec SOP2 000,
 * SOP1 002, VOP2/VOP3 003). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gcnref/inst.h"
#include "gcnref/operand.h"
#include "sdwa_dpp.h"
#include "sop_syntax.h"
#include "vop3p_syntax.h"

int gcn_fail(gcn_error *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    gcn_escape_controls(err->msg, sizeof err->msg);
  }
  return -1;
}

unsigned gcn_operand_width(const gcn_inst_desc *d, gcn_role role) {
  const gcn_operand_desc *o = gcn_isa_operand(d, role);
  return o ? gcn_type_reg_bits((gcn_type)o->type) : 32;
}

/* Which source slots an instruction reads from its encoding fields. */
static bool uses_src(const gcn_inst *in, unsigned slot) {
  const gcn_inst_desc *d = in->desc;
  if (slot < 2) return gcn_isa_operand(d, gcn_isa_src_role(d, slot)) != NULL;
  if (gcn_isa_operand(d, GCN_ROLE_S2)) return true;
  return gcn_inst_is_vop3(in) && gcn_isa_operand(d, GCN_ROLE_CI) != NULL;
}

static gcn_type src_type(const gcn_inst *in, unsigned slot) {
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, gcn_isa_src_role(in->desc, slot));
  return o ? (gcn_type)o->type : GCN_T_B32;
}

static bool needs_literal(const gcn_inst *in) {
  if (gcn_isa_operand(in->desc, GCN_ROLE_K)) return true;
  for (unsigned s = 0; s < 3; s++)
    if (uses_src(in, s) && in->src[s] == GCN_CODE_LITERAL) return true;
  return false;
}

/* The row of a word's opcode field, or -1 with the message for an unknown opcode. */
static int decode_row(gcn_gen gen, const gcn_enc_desc *e, const uint32_t *words, gcn_inst *out,
                      gcn_error *err) {
  const char *gname = gcn_gen_name(gen);
  unsigned op = gcn_enc_get(e, (gcn_enc_field)e->opcode_field, words);
  if (e->enc == GCN_ENC_VOP3A) { /* the VOP3 forms of VOPC, VOP2, VOP1 and the VOP3-only rows */
    bool known;
    out->desc = gcn_isa_by_vop3(gen, op, &known);
    if (!known)
      return gcn_fail(err, "unsupported VOP3 opcode %u (0x%03x) on %s: outside the VOPC, VOP2, VOP1 and "
                  "VOP3-only ranges gcnref covers (VINTRP, VOP3P)", op, op, gname);
    if (!out->desc) return gcn_fail(err, "illegal VOP3 opcode %u (0x%03x) on %s", op, op, gname);
    return 0;
  }
  out->desc = gcn_isa_by_opcode(gen, (gcn_class)e->cls, op);
  if (out->desc) return 0;
  return gcn_fail(err, "illegal %s opcode %u (0x%02x) on %s", e->name, op, op, gname);
}

int gcn_decode(gcn_gen gen, const uint32_t *words, size_t n, gcn_inst *out, gcn_error *err) {
  memset(out, 0, sizeof *out);
  out->gen = gen;
  if (n < 1) return gcn_fail(err, "truncated instruction: expected 4 bytes");
  uint32_t w = words[0];
  const gcn_enc_desc *e = gcn_enc_match(gen, w);
  if (!e) return gcn_fail(err, "unsupported encoding (0x%08x): not SOP1, SOP2, SOPP, VOP1, VOP2, VOPC or VOP3", w);
  if (e->cls < 0) return gcn_fail(err, "unsupported encoding %s (0x%08x): outside gcnref's scope", e->name, w);
  bool vop3 = e->enc == GCN_ENC_VOP3A;
  if (n < e->dwords) return gcn_fail(err, "truncated instruction: %s needs %u bytes", e->name, 4u * e->dwords);
  if (decode_row(gen, e, words, out, err)) return -1;
  const gcn_inst_desc *d = out->desc;
  if (vop3 && (d->flags_on[gen] & GCN_F_NOVOP3))
    return gcn_fail(err, "%s has no VOP3 form%s", d->mnemonic[gen],
                    gcn_isa_operand(d, GCN_ROLE_K) ? " (its constant K needs a literal)" : "");
  if (vop3 && gcn_isa_operand(d, GCN_ROLE_CO)) e = gcn_enc_lookup(gen, GCN_ENC_VOP3B); /* same fixed bits */
  out->enc = (gcn_enc)e->enc;
  out->size = (uint8_t)(4 * e->dwords);
#define GET(f) gcn_enc_get(e, GCN_FLD_##f, words)
  if (!gcn_class_is_vector(d->cls)) { /* SOP1, SOP2, SOPC, SOPK, SOPP */
    out->src[0] = (uint16_t)GET(SSRC0);
    out->src[1] = (uint16_t)GET(SSRC1);
    out->sdst = (uint16_t)GET(SDST);
    out->simm16 = (uint16_t)GET(SIMM16);
    gcn_sop_fields_decode(out);
  } else if (e->enc == GCN_ENC_VOP3P) {
    gcn_vop3p_decode(e, words, out);
  } else if (!vop3) { /* VOP2, VOP1, VOPC */
    out->src[0] = (uint16_t)GET(SRC0);
    out->vdst = (uint16_t)GET(VDST);
    unsigned vsrc1 = GET(VSRC1);
    if (gcn_enc_has(e, GCN_FLD_VSRC1))
      out->src[1] = (uint16_t)((d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) ? vsrc1 : GCN_CODE_VGPR0 + vsrc1);
    if (gcn_inst_is_sdwa(out) && gcn_sdwa_decode(e, words, out, err)) return -1;
    if (gcn_inst_is_dpp(out) && gcn_dpp_decode(e, words, out, err)) return -1;
  } else { /* VOP3A, VOP3B */
    out->vdst = (uint16_t)GET(VDST);
    out->sdst = (uint16_t)GET(SDST);
    out->abs = (uint8_t)GET(ABS);
    out->clamp = GET(CLAMP);
    out->opsel = (uint8_t)GET(OPSEL);
    if (out->opsel && !gcn_isa_has(d, gen, GCN_F_OPSEL))
      return gcn_fail(err, "op_sel is not supported by %s on %s (docs/semantics.md)", d->mnemonic[gen],
                  gcn_gen_name(gen));
    out->src[0] = (uint16_t)GET(SRC0);
    out->src[1] = (uint16_t)GET(SRC1);
    out->src[2] = (uint16_t)GET(SRC2);
    out->omod = (uint8_t)GET(OMOD);
    out->neg = (uint8_t)GET(NEG);
    if (d->flags & GCN_F_TIED) out->src[2] = 0; /* SRC2 is VDST; the field is unused */
  }
#undef GET
  if (e->literal && needs_literal(out)) {
    if (n < 2) return gcn_fail(err, "truncated instruction: %s needs a 32-bit literal", d->mnemonic[gen]);
    out->literal = words[1];
    out->has_literal = true;
    out->size = 8;
  }
  return gcn_validate(out, err);
}

int gcn_decode_bytes(gcn_gen gen, const uint8_t *bytes, size_t n, gcn_inst *out, gcn_error *err) {
  uint32_t words[2] = {0, 0};
  size_t nw = n / 4 > 2 ? 2 : n / 4;
  if (n < 4) return gcn_fail(err, "truncated instruction: expected 4 bytes, got %zu", n);
  for (size_t i = 0; i < nw; i++)
    words[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
               (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
  return gcn_decode(gen, words, nw, out, err);
}

/* Describes a source code for messages. */
static const char *code_desc(gcn_gen gen, unsigned code, unsigned width, char *buf, size_t len) {
  if (!gcn_operand_reg_name(gen, code, width, buf, len)) snprintf(buf, len, "operand code %u", code);
  return buf;
}

/* VGPR number range [*lo, *hi) of source SLOT, or false when it is not a VGPR. */
static bool src_vgprs(const gcn_inst *in, unsigned slot, unsigned *lo, unsigned *hi) {
  if (!uses_src(in, slot) || gcn_operand_kind(in->gen, in->src[slot]) != GCN_OPND_VGPR) return false;
  *lo = in->src[slot] - GCN_CODE_VGPR0;
  *hi = *lo + gcn_type_reg_bits(src_type(in, slot)) / 32;
  return true;
}

/* Why src_lds_direct (code 254) may not be source SLOT of IN, or NULL when it may: llvm-mc
 * 14's rules (validateLdsDirect and its operand classes): a 32-bit SRC0 of a vector
 * instruction, not of the reversed-operand ops (v_subrev*, v_subbrev*, v_lshlrev*, v_lshrrev*,
 * v_ashrrev*), not of v_writelane_b32's VOP3 form (its SRC0 is a scalar operand there). */
static const char *lds_direct_refusal(const gcn_inst *in, unsigned slot) {
  const gcn_inst_desc *d = in->desc;
  if (!gcn_class_is_vector(d->cls)) return "is a source of vector instructions only";
  if (slot != 0) return "may be used as src0 only";
  if (strstr(d->id, "SUBREV") || strstr(d->id, "SUBBREV") || strstr(d->id, "SHLREV") || strstr(d->id, "SHRREV"))
    return "cannot be used with a reversed-operand instruction";
  if ((d->flags & GCN_F_WRITELANE) && gcn_inst_is_vop3(in)) return "cannot be the VOP3 v_writelane_b32's data";
  return NULL;
}

/* The vector destination rules: VGPR ranges, SGPR destinations in the VDST field, v_swap_b32,
 * early-clobber destinations. */
static int validate_vdst(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  const char *mn = d->mnemonic[gen];
  bool vop3 = gcn_inst_is_vop3(in);
  char buf[48];
  if (gcn_isa_operand(d, GCN_ROLE_SD)) { /* VOPC: VCC (e32) or an SGPR pair in VDST (e64) */
    if (vop3 && !gcn_operand_legal_sdst(gen, in->vdst, 64))
      return gcn_fail(err, "%s: destination %s is not a writable 64-bit scalar register pair", mn,
                      gcn_operand_reg_name(gen, in->vdst, 64, buf, sizeof buf) ? buf : "code");
    if (!vop3 && in->vdst) return gcn_fail(err, "%s_e32 writes vcc (VDST must be 0)", mn);
    return 0;
  }
  if (!gcn_isa_operand(d, GCN_ROLE_D)) {
    if (in->vdst) return gcn_fail(err, "%s takes no destination (VDST must be 0)", mn);
    return 0;
  }
  if (d->flags & GCN_F_READLANE) {
    if (!gcn_operand_legal_sdst(gen, in->vdst, 32))
      return gcn_fail(err, "%s: destination must be a writable scalar register", mn);
    return 0;
  }
  unsigned n = gcn_operand_width(d, GCN_ROLE_D) / 32;
  if (in->vdst + n > 256) return gcn_fail(err, "%s: destination v[%u:%u] is past v255", mn, in->vdst, in->vdst + n - 1);
  if (d->flags & GCN_F_SWAP && gcn_operand_kind(gen, in->src[0]) != GCN_OPND_VGPR)
    return gcn_fail(err, "%s: src0 must be a VGPR (it is written too)", mn);
  if (d->flags & GCN_F_EARLYCLOBBER)
    for (unsigned s = 0, lo, hi; s < 3; s++)
      if (src_vgprs(in, s, &lo, &hi) && lo < in->vdst + n && in->vdst < hi)
        return gcn_fail(err, "%s: the destination must not overlap a source (src%u)", mn, s);
  return 0;
}

/* Source slots whose field the instruction does not read must be 0 (except in the VOP3
 * forms of VOP2 rows, which gcnref has always decoded with those fields ignored). */
static int validate_unused(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  if (d->cls == GCN_CLASS_VOP2 || !gcn_class_is_vector(d->cls)) return 0;
  for (unsigned s = 0; s < 3; s++)
    if (!uses_src(in, s) && in->src[s] && !(s == 2 && (d->flags & GCN_F_TIED)) && !(s == 1 && !gcn_inst_is_vop3(in)))
      return gcn_fail(err, "%s takes no src%u (the field must be 0)", d->mnemonic[in->gen], s);
  return 0;
}

int gcn_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  const char *mn = d->mnemonic[gen];
  char buf[48];
  if (!mn) return gcn_fail(err, "%s does not exist on %s", d->id, gcn_gen_name(gen));
  bool vop = gcn_class_is_vector(d->cls);
  bool lane = d->flags & (GCN_F_READLANE | GCN_F_WRITELANE);

  if (in->enc == GCN_ENC_SOPP || in->enc == GCN_ENC_SOPC || in->enc == GCN_ENC_SOPK)
    if (gcn_sop_imm_validate(in, err)) return -1;
  if (in->enc == GCN_ENC_SOPP) return 0;

  /* Destinations. */
  if (!vop) {
    if (!gcn_isa_operand(d, GCN_ROLE_D)) {
      if (in->sdst && !(in->enc == GCN_ENC_SOPK && gcn_isa_operand(d, GCN_ROLE_S0))) return gcn_fail(err, "%s takes no destination (SDST must be 0)", mn);
    } else if (d->flags & GCN_F_NODST) {
      if (in->sdst) return gcn_fail(err, "%s takes no destination (SDST must be 0)", mn);
    } else {
      unsigned wd = gcn_operand_width(d, GCN_ROLE_D);
      if (!gcn_operand_legal_sdst(gen, in->sdst, wd))
        return gcn_fail(err, "%s: destination %s is not a writable %u-bit scalar register on %s", mn,
                    code_desc(gen, in->sdst, wd, buf, sizeof buf), wd, gcn_gen_name(gen));
    }
    if ((d->flags & GCN_F_NOSRC) && in->src[0])
      return gcn_fail(err, "%s takes no source (SSRC0 must be 0)", mn);
  } else if (validate_vdst(in, err) || validate_unused(in, err)) {
    return -1;
  }
  if (in->enc == GCN_ENC_VOP3B && !gcn_operand_legal_sdst(gen, in->sdst, 64))
    return gcn_fail(err, "%s: carry-out %s is not a 64-bit scalar register pair", mn,
                code_desc(gen, in->sdst, 64, buf, sizeof buf));

  /* Sources. The constant bus carries one scalar value per instruction before gfx10: the
   * same register (same code and width) may be read more than once. */
  unsigned bus_code = 0, bus_width = 0, bus_uses = 0;
  bool literal_used = false;
  for (unsigned s = 0; s < 3; s++) {
    if (!uses_src(in, s)) continue;
    unsigned code = in->src[s];
    gcn_type t = src_type(in, s);
    unsigned w = gcn_type_reg_bits(t);
    gcn_opnd_kind k = gcn_operand_kind(gen, code);
    const char *slot = s == 2 ? "src2" : s == 1 ? "src1" : "src0";
    if (!gcn_operand_legal_src(gen, code, w))
      return gcn_fail(err, "%s: %s: %s is not a legal %u-bit source on %s", mn, slot,
                  code_desc(gen, code, w, buf, sizeof buf), w, gcn_gen_name(gen));
    if (!vop && k == GCN_OPND_VGPR) return gcn_fail(err, "%s: %s: scalar instructions cannot read VGPRs", mn, slot);
    const bool lds = code == GCN_CODE_LDS_DIRECT;
    const char *why = lds ? lds_direct_refusal(in, s) : NULL;
    if (why) return gcn_fail(err, "%s: %s: src_lds_direct %s", mn, slot, why);
    bool is_reg = k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL;
    if ((d->flags & GCN_F_SREGSRC) && s == 0 && !is_reg)
      return gcn_fail(err, "%s: %s must be a scalar register", mn, slot);
    if ((d->flags & GCN_F_VGPRSRC) && s == 0 && k != GCN_OPND_VGPR)
      return gcn_fail(err, "%s: %s must be a VGPR", mn, slot);
    if (s == 2 && !is_reg && gcn_isa_src_role(d, 2) == GCN_ROLE_CI)
      return gcn_fail(err, "%s: %s must be a scalar register pair (SGPR pair, vcc, exec...)", mn, slot);
    if (lane) {
      if (s == 0 && (d->flags & GCN_F_READLANE) && k != GCN_OPND_VGPR && !lds)
        return gcn_fail(err, "%s: src0 must be a VGPR", mn);
      if (s == 0 && (d->flags & GCN_F_WRITELANE) && k == GCN_OPND_VGPR)
        return gcn_fail(err, "%s: src0 must be a scalar register or constant", mn);
      if (s == 1 && !is_reg && k != GCN_OPND_INLINE_INT)
        return gcn_fail(err, "%s: lane select must be a scalar register or an inline integer", mn);
    }
    if (k == GCN_OPND_LITERAL) { /* with a constant K, the literal is K (llvm-mc shares it) */
      if (gcn_inst_is_vop3(in) || gcn_inst_is_vop3p(in))
        return gcn_fail(err, "%s: VOP3%s encodings cannot take a literal", mn, gcn_inst_is_vop3p(in) ? "P" : "");
      if (d->flags & GCN_F_NOLIT) return gcn_fail(err, "%s takes no literal", mn);
      literal_used = true;
    }
    if (vop && (is_reg || k == GCN_OPND_READONLY) && !lds) { /* LDS data is not on the constant bus */
      if (!bus_uses || bus_code != code || bus_width != w) bus_uses++;
      bus_code = code;
      bus_width = w;
    }
  }
  if (vop) {
    /* The implicit VCC read of the VOP2 carry-in / select form, an implicit VCC or M0 read
     * (v_div_fmas, v_movrel*), and the literal, use the constant bus too. */
    unsigned implicit = 0, iw = 0;
    if ((!gcn_inst_is_vop3(in) && gcn_isa_operand(d, GCN_ROLE_CI)) || (d->implicit_reads & GCN_IMPL_VCC))
      implicit = GCN_CODE_VCC_LO, iw = 64;
    else if (d->implicit_reads & GCN_IMPL_M0)
      implicit = GCN_CODE_M0, iw = 32;
    if (iw) {
      if (!bus_uses || bus_code != implicit || bus_width != iw) bus_uses++;
      bus_code = implicit;
      bus_width = iw;
    }
    if (literal_used || gcn_isa_operand(d, GCN_ROLE_K)) bus_uses++;
    if (bus_uses > 1)
      return gcn_fail(err, "%s: more than one scalar value (SGPR, special register or literal) read: "
                  "violates the constant bus limit", mn);
  }

  if (gcn_inst_is_sdwa(in)) return gcn_sdwa_validate(in, err);
  if (gcn_inst_is_dpp(in)) return gcn_dpp_validate(in, err);

  /* VOP3 modifiers. */
  if (gcn_inst_is_vop3p(in)) return gcn_vop3p_validate(in, err);
  if (gcn_inst_is_vop3(in)) {
    for (unsigned s = 0; s < 3; s++) {
      unsigned bit = 1u << s;
      if (!(in->abs & bit) && !(in->neg & bit)) continue;
      if (s == 2 && gcn_isa_src_role(d, 2) == GCN_ROLE_CI) return gcn_fail(err, "%s: src2 takes no modifiers", mn);
      if (!uses_src(in, s) || !(gcn_type_is_float(src_type(in, s)) || (d->flags & GCN_F_BITMODS)))
        return gcn_fail(err, "%s: src%u is not a float operand: abs/neg not supported", mn, s);
    }
    if (in->enc == GCN_ENC_VOP3B && in->abs) return gcn_fail(err, "%s: VOP3B has no abs", mn);
    if (in->opsel && gcn_opsel_validate(in, err)) return -1;
    if (in->omod && !gcn_isa_has(d, gen, GCN_F_OMOD)) return gcn_fail(err, "%s: output modifier not supported", mn);
    bool clamp_ok = (gcn_isa_has(d, gen, GCN_F_OMOD) && !gcn_isa_has(d, gen, GCN_F_NOCLAMP)) ||
                    gcn_isa_has(d, gen, GCN_F_CLAMP) || (gcn_isa_has(d, gen, GCN_F_ICLAMP) && gen >= GCN12);
    if (in->clamp && (!clamp_ok || !gcn_enc_has(gcn_enc_lookup(gen, in->enc), GCN_FLD_CLAMP)))
      return gcn_fail(err, "%s: clamp not supported on %s", mn, gcn_gen_name(gen));
  }
  return 0;
}

unsigned gcn_encode(const gcn_inst *in, uint32_t words[2]) {
  const gcn_inst_desc *d = in->desc;
  const gcn_enc_desc *e = gcn_enc_lookup(in->gen, in->enc);
  unsigned op = (unsigned)d->opcode[in->gen];
  bool lane = d->flags & (GCN_F_READLANE | GCN_F_WRITELANE);
  uint32_t v[GCN_FLD_COUNT] = {0};
  v[GCN_FLD_OP] = gcn_inst_is_vop3(in) ? (unsigned)gcn_isa_vop3_opcode(d, in->gen) : op;
  v[GCN_FLD_SSRC0] = v[GCN_FLD_SRC0] = in->src[0];
  v[GCN_FLD_SSRC1] = v[GCN_FLD_SRC1] = gcn_isa_operand(d, GCN_ROLE_IMM) ? in->simm16 : in->src[1]; /* SOPC */
  v[GCN_FLD_VSRC1] = lane ? in->src[1] : in->src[1] - GCN_CODE_VGPR0; /* VOP2 only */
  v[GCN_FLD_SRC2] = in->src[2];
  v[GCN_FLD_SDST] = in->sdst;
  v[GCN_FLD_VDST] = in->vdst;
  v[GCN_FLD_SIMM16] = in->simm16;
  v[GCN_FLD_ABS] = in->abs;
  v[GCN_FLD_NEG] = in->neg;
  v[GCN_FLD_OMOD] = in->omod;
  v[GCN_FLD_CLAMP] = in->clamp;
  if (gcn_inst_is_sdwa(in) || gcn_inst_is_dpp(in)) gcn_sdwa_dpp_encode(in, v);
  v[GCN_FLD_OPSEL] = in->opsel;
  if (gcn_inst_is_vop3p(in)) gcn_vop3p_encode(in, v);
  unsigned n = gcn_enc_pack(e, v, words);
  if (e->literal && in->has_literal) words[n++] = in->literal;
  return n;
}

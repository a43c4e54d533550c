/* gcnref: decoder, validator and encoder for SOP1, SOP2, SOPP, VOP2, VOP3A, VOP3B.
 * Field layouts follow ../shared/spec (SOP2 000, SOP1 002, VOP2/VOP3 003). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gcnref/inst.h"
#include "gcnref/operand.h"

#define FIELD(w, lo, n) (((w) >> (lo)) & ((1u << (n)) - 1u))

int gcn_fail(gcn_error *err, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return -1;
}

unsigned gcn_operand_width(const gcn_inst_desc *d, gcn_role role) {
  const gcn_operand_desc *o = gcn_isa_operand(d, role);
  return o && gcn_type_bits(o->type) == 64 ? 64 : 32;
}

/* Which source slots an instruction reads from its encoding fields. */
static bool uses_src(const gcn_inst *in, unsigned slot) {
  const gcn_inst_desc *d = in->desc;
  if (slot == 0) return gcn_isa_operand(d, GCN_ROLE_S0) != NULL;
  if (slot == 1) return gcn_isa_operand(d, GCN_ROLE_S1) != NULL;
  return gcn_inst_is_vop3(in) && gcn_isa_operand(d, GCN_ROLE_CI) != NULL;
}

static gcn_type src_type(const gcn_inst *in, unsigned slot) {
  static const gcn_role roles[3] = {GCN_ROLE_S0, GCN_ROLE_S1, GCN_ROLE_CI};
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, roles[slot]);
  return o ? (gcn_type)o->type : GCN_T_B32;
}

static bool needs_literal(const gcn_inst *in) {
  if (gcn_isa_operand(in->desc, GCN_ROLE_K)) return true;
  for (unsigned s = 0; s < 3; s++)
    if (uses_src(in, s) && in->src[s] == GCN_CODE_LITERAL) return true;
  return false;
}

int gcn_decode(gcn_gen gen, const uint32_t *words, size_t n, gcn_inst *out, gcn_error *err) {
  memset(out, 0, sizeof *out);
  out->gen = gen;
  if (n < 1) return gcn_fail(err, "truncated instruction: expected 4 bytes");
  uint32_t w = words[0];
  const gcn_inst_desc *d = NULL;
  const char *gname = gcn_gen_name(gen);
  unsigned op;
  if (FIELD(w, 23, 9) == 0x17D) { /* SOP1 */
    out->enc = GCN_ENC_SOP1;
    op = FIELD(w, 8, 8);
    out->src[0] = FIELD(w, 0, 8);
    out->sdst = FIELD(w, 16, 7);
    d = gcn_isa_by_opcode(gen, GCN_CLASS_SOP1, op);
    if (!d) return gcn_fail(err, "illegal SOP1 opcode %u (0x%02x) on %s", op, op, gname);
  } else if (FIELD(w, 23, 9) == 0x17F) { /* SOPP */
    out->enc = GCN_ENC_SOPP;
    op = FIELD(w, 16, 7);
    out->simm16 = FIELD(w, 0, 16);
    d = gcn_isa_by_opcode(gen, GCN_CLASS_SOPP, op);
    if (!d)
      return gcn_fail(err, "unsupported SOPP opcode %u on %s: gcnref models only s_nop and s_endpgm", op,
                  gname);
  } else if (FIELD(w, 23, 9) == 0x17E) {
    return gcn_fail(err, "unsupported encoding SOPC (0x%08x): outside gcnref's scope", w);
  } else if (FIELD(w, 28, 4) == 0xB) {
    return gcn_fail(err, "unsupported encoding SOPK (0x%08x): outside gcnref's scope", w);
  } else if (FIELD(w, 30, 2) == 2) { /* SOP2 */
    out->enc = GCN_ENC_SOP2;
    op = FIELD(w, 23, 7);
    out->src[0] = FIELD(w, 0, 8);
    out->src[1] = FIELD(w, 8, 8);
    out->sdst = FIELD(w, 16, 7);
    d = gcn_isa_by_opcode(gen, GCN_CLASS_SOP2, op);
    if (!d) return gcn_fail(err, "illegal SOP2 opcode %u (0x%02x) on %s", op, op, gname);
  } else if (FIELD(w, 31, 1) == 0) { /* VOP2, VOP1, VOPC */
    op = FIELD(w, 25, 6);
    if (op == 0x3F) return gcn_fail(err, "unsupported encoding VOP1 (0x%08x): outside gcnref's scope", w);
    if (op == 0x3E) return gcn_fail(err, "unsupported encoding VOPC (0x%08x): outside gcnref's scope", w);
    out->enc = GCN_ENC_VOP2;
    d = gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op);
    if (!d) return gcn_fail(err, "illegal VOP2 opcode %u (0x%02x) on %s", op, op, gname);
    out->src[0] = FIELD(w, 0, 9);
    out->vdst = FIELD(w, 17, 8);
    unsigned vsrc1 = FIELD(w, 9, 8);
    out->src[1] = (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) ? vsrc1 : GCN_CODE_VGPR0 + vsrc1;
  } else if (FIELD(w, 26, 6) == 0x34) { /* VOP3 */
    if (n < 2) return gcn_fail(err, "truncated instruction: VOP3 needs 8 bytes");
    uint32_t w1 = words[1];
    bool si = gen <= GCN11;
    op = si ? FIELD(w, 17, 9) : FIELD(w, 16, 10);
    if (op < 0x100 || op >= 0x140)
      return gcn_fail(err, "unsupported VOP3 opcode %u (0x%03x) on %s: gcnref covers the VOP3 forms of "
                  "VOP2 (0x100-0x13f)", op, op, gname);
    d = gcn_isa_by_opcode(gen, GCN_CLASS_VOP2, op - 0x100);
    if (!d) return gcn_fail(err, "illegal VOP3 opcode %u (0x%03x) on %s", op, op, gname);
    if (d->flags & GCN_F_NOVOP3)
      return gcn_fail(err, "%s has no VOP3 form (its constant K needs a literal)", d->mnemonic[gen]);
    bool vop3b = gcn_isa_operand(d, GCN_ROLE_CO) != NULL;
    out->enc = vop3b ? GCN_ENC_VOP3B : GCN_ENC_VOP3A;
    out->size = 8;
    out->vdst = FIELD(w, 0, 8);
    if (vop3b) {
      out->sdst = FIELD(w, 8, 7);
      if (!si) out->clamp = FIELD(w, 15, 1);
    } else {
      out->abs = FIELD(w, 8, 3);
      out->clamp = si ? FIELD(w, 11, 1) : FIELD(w, 15, 1);
      if (gen == GCN14 && FIELD(w, 11, 4))
        return gcn_fail(err, "op_sel is not supported by %s on gcn14 (docs/semantics.md)",
                    d->mnemonic[gen]);
    }
    out->src[0] = FIELD(w1, 0, 9);
    out->src[1] = FIELD(w1, 9, 9);
    out->src[2] = FIELD(w1, 18, 9);
    out->omod = FIELD(w1, 27, 2);
    out->neg = FIELD(w1, 29, 3);
    if (d->flags & GCN_F_TIED) out->src[2] = 0; /* SRC2 is VDST; the field is unused */
  } else {
    return gcn_fail(err, "unsupported encoding (0x%08x): not SOP1, SOP2, SOPP, VOP2 or VOP3", w);
  }
  out->desc = d;
  if (!out->size) out->size = 4;
  if (!gcn_inst_is_vop3(out) && needs_literal(out)) {
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

int gcn_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  const char *mn = d->mnemonic[gen];
  char buf[48];
  if (!mn) return gcn_fail(err, "%s does not exist on %s", d->id, gcn_gen_name(gen));
  bool vop = in->enc == GCN_ENC_VOP2 || gcn_inst_is_vop3(in);
  bool lane = d->flags & (GCN_F_READLANE | GCN_F_WRITELANE);

  if (in->enc == GCN_ENC_SOPP) return 0;

  /* Destinations. */
  if (!vop) {
    if (d->flags & GCN_F_NODST) {
      if (in->sdst) return gcn_fail(err, "%s takes no destination (SDST must be 0)", mn);
    } else {
      unsigned wd = gcn_operand_width(d, GCN_ROLE_D);
      if (!gcn_operand_legal_sdst(gen, in->sdst, wd))
        return gcn_fail(err, "%s: destination %s is not a writable %u-bit scalar register on %s", mn,
                    code_desc(gen, in->sdst, wd, buf, sizeof buf), wd, gcn_gen_name(gen));
    }
    if ((d->flags & GCN_F_NOSRC) && in->src[0])
      return gcn_fail(err, "%s takes no source (SSRC0 must be 0)", mn);
  } else if (d->flags & GCN_F_READLANE) {
    if (!gcn_operand_legal_sdst(gen, in->vdst, 32))
      return gcn_fail(err, "%s: destination must be a writable scalar register", mn);
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
    unsigned w = gcn_type_bits(t) == 64 ? 64 : 32;
    gcn_opnd_kind k = gcn_operand_kind(gen, code);
    const char *slot = s == 2 ? "src2" : s == 1 ? "src1" : "src0";
    if (!gcn_operand_legal_src(gen, code, w))
      return gcn_fail(err, "%s: %s: %s is not a legal %u-bit source on %s", mn, slot,
                  code_desc(gen, code, w, buf, sizeof buf), w, gcn_gen_name(gen));
    if (!vop && k == GCN_OPND_VGPR) return gcn_fail(err, "%s: %s: scalar instructions cannot read VGPRs", mn, slot);
    bool is_reg = k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL;
    if ((d->flags & GCN_F_SREGSRC) && s == 0 && !is_reg)
      return gcn_fail(err, "%s: %s must be a scalar register", mn, slot);
    if (s == 2 && !is_reg)
      return gcn_fail(err, "%s: %s must be a scalar register pair (SGPR pair, vcc, exec...)", mn, slot);
    if (lane) {
      if (s == 0 && (d->flags & GCN_F_READLANE) && k != GCN_OPND_VGPR)
        return gcn_fail(err, "%s: src0 must be a VGPR", mn);
      if (s == 0 && (d->flags & GCN_F_WRITELANE) && k == GCN_OPND_VGPR)
        return gcn_fail(err, "%s: src0 must be a scalar register or constant", mn);
      if (s == 1 && !is_reg && k != GCN_OPND_INLINE_INT)
        return gcn_fail(err, "%s: lane select must be a scalar register or an inline integer", mn);
    }
    if (k == GCN_OPND_LITERAL) {
      if (gcn_inst_is_vop3(in)) return gcn_fail(err, "%s: VOP3 encodings cannot take a literal", mn);
      if (gcn_isa_operand(d, GCN_ROLE_K))
        return gcn_fail(err, "%s: only one literal is allowed, and the constant K is one", mn);
      if (d->flags & GCN_F_NOLIT) return gcn_fail(err, "%s takes no literal", mn);
      literal_used = true;
    }
    if (vop && (is_reg || k == GCN_OPND_READONLY)) {
      if (!bus_uses || bus_code != code || bus_width != w) bus_uses++;
      bus_code = code;
      bus_width = w;
    }
  }
  if (vop) {
    /* The implicit VCC read of the VOP2 carry-in / select form, and the literal, use the
     * constant bus too. */
    if (in->enc == GCN_ENC_VOP2 && gcn_isa_operand(d, GCN_ROLE_CI)) {
      if (!bus_uses || bus_code != GCN_CODE_VCC_LO || bus_width != 64) bus_uses++;
      bus_code = GCN_CODE_VCC_LO;
      bus_width = 64;
    }
    if (literal_used || gcn_isa_operand(d, GCN_ROLE_K)) bus_uses++;
    if (bus_uses > 1)
      return gcn_fail(err, "%s: more than one scalar value (SGPR, special register or literal) read: "
                  "violates the constant bus limit", mn);
  }

  /* VOP3 modifiers. */
  if (gcn_inst_is_vop3(in)) {
    for (unsigned s = 0; s < 2; s++) {
      unsigned bit = 1u << s;
      if (!(in->abs & bit) && !(in->neg & bit)) continue;
      if (!uses_src(in, s) || !gcn_type_is_float(src_type(in, s)))
        return gcn_fail(err, "%s: src%u is not a float operand: abs/neg not supported", mn, s);
    }
    if (in->abs & 4 || in->neg & 4) return gcn_fail(err, "%s: src2 takes no modifiers", mn);
    if (in->enc == GCN_ENC_VOP3B && in->abs) return gcn_fail(err, "%s: VOP3B has no abs", mn);
    if (in->omod && !(d->flags & GCN_F_OMOD)) return gcn_fail(err, "%s: output modifier not supported", mn);
    if (in->clamp && !(d->flags & GCN_F_OMOD) && !((d->flags & GCN_F_ICLAMP) && gen >= GCN12))
      return gcn_fail(err, "%s: clamp not supported on %s", mn, gcn_gen_name(gen));
  }
  return 0;
}

unsigned gcn_encode(const gcn_inst *in, uint32_t words[2]) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  unsigned op = (unsigned)d->opcode[gen];
  uint32_t w = 0;
  unsigned n = 1;
  switch (in->enc) {
    case GCN_ENC_SOP1:
      w = 0x17Du << 23 | (uint32_t)in->sdst << 16 | op << 8 | in->src[0];
      break;
    case GCN_ENC_SOP2:
      w = 2u << 30 | op << 23 | (uint32_t)in->sdst << 16 | (uint32_t)in->src[1] << 8 | in->src[0];
      break;
    case GCN_ENC_SOPP:
      w = 0x17Fu << 23 | op << 16 | in->simm16;
      break;
    case GCN_ENC_VOP2: {
      bool lane = d->flags & (GCN_F_READLANE | GCN_F_WRITELANE);
      unsigned vsrc1 = lane ? in->src[1] : in->src[1] - GCN_CODE_VGPR0;
      w = op << 25 | (uint32_t)in->vdst << 17 | vsrc1 << 9 | in->src[0];
      break;
    }
    case GCN_ENC_VOP3A:
    case GCN_ENC_VOP3B: {
      bool si = gen <= GCN11;
      unsigned op3 = GCN_VOP3_FROM_VOP2(op);
      w = 0x34u << 26 | (si ? op3 << 17 : op3 << 16) | in->vdst;
      if (in->enc == GCN_ENC_VOP3B)
        w |= (uint32_t)in->sdst << 8 | (!si && in->clamp ? 1u << 15 : 0);
      else
        w |= (uint32_t)in->abs << 8 | (in->clamp ? (si ? 1u << 11 : 1u << 15) : 0);
      words[1] = in->src[0] | (uint32_t)in->src[1] << 9 | (uint32_t)in->src[2] << 18 |
                 (uint32_t)in->omod << 27 | (uint32_t)in->neg << 29;
      words[0] = w;
      return 2;
    }
  }
  words[0] = w;
  if (in->has_literal) {
    words[1] = in->literal;
    n = 2;
  }
  return n;
}

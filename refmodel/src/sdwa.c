/* gcnref: the SDWA form of VOP1/VOP2/VOPC (gcn12, gcn14): fields, rules and the sub-dword
 * selection, read against clrx/GcnSdwaDpp.md ("VOP_SDWA", its operation code) and
 * gcn_semantics.md section 8 item 13; which rows have the form, and on which generation
 * each modifier exists, is llvm-mc 14's (the table's sdwa flag, docs/sdwa_dpp.md). */
#include "gcnref/operand.h"
#include "sdwa_dpp.h"

enum { SEL_WORD_0 = 4, SEL_WORD_1 = 5, SEL_DWORD = 6, UNUSED_PAD = 0, UNUSED_SEXT = 1, UNUSED_PRESERVE = 2 };

/* A source code from an SDWA source field: a VGPR, or on gcn14 with the S bit set the
 * scalar operand code itself (SGPR, special register, inline constant). */
static uint16_t src_code(unsigned field, bool scalar) { return (uint16_t)(scalar ? field : GCN_CODE_VGPR0 + field); }

int gcn_sdwa_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *in, gcn_error *err) {
  (void)err;
#define GET(f) gcn_enc_get(e, GCN_FLD_##f, words)
  in->src[0] = src_code(GET(SRC0), GET(S0));
  if (gcn_enc_has(e, GCN_FLD_VSRC1)) in->src[1] = src_code(GET(VSRC1), GET(S1));
  if (!in->desc->n_operands && !GET(SRC0)) in->src[0] = 0; /* v_nop: no source (the field is 0) */
  in->sel[0] = (uint8_t)GET(SRC0_SEL);
  in->sel[1] = (uint8_t)(gcn_enc_has(e, GCN_FLD_SRC1_SEL) ? GET(SRC1_SEL) : 0);
  in->sext = (uint8_t)(GET(SRC0_SEXT) | GET(SRC1_SEXT) << 1);
  in->neg = (uint8_t)(GET(SRC0_NEG) | GET(SRC1_NEG) << 1);
  in->abs = (uint8_t)(GET(SRC0_ABS) | GET(SRC1_ABS) << 1);
  in->dst_sel = (uint8_t)(gcn_enc_has(e, GCN_FLD_DST_SEL) ? GET(DST_SEL) : SEL_DWORD);
  in->dst_unused = (uint8_t)GET(DST_UNUSED);
  in->clamp = GET(CLAMP);
  in->omod = (uint8_t)GET(OMOD);
  in->sd = GET(SD);
  in->sdst = (uint16_t)(in->sd ? GET(SDST) : GCN_CODE_VCC_LO);
  if (!in->sd && GET(SDST)) return gcn_fail(err, "SDWA compare: SDST must be 0 when SD is 0 (VCC)");
#undef GET
  return 0;
}

int gcn_sdwa_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  const char *mn = d->mnemonic[gen];
  bool vopc = d->cls == GCN_CLASS_VOPC;
  if (!gcn_isa_has(d, gen, GCN_F_SDWA)) return gcn_fail(err, "%s has no SDWA form on %s", mn, gcn_gen_name(gen));
  if (!d->n_operands && (in->sel[0] | in->sel[1] | in->dst_sel | in->dst_unused | in->clamp | in->omod))
    return gcn_fail(err, "%s_sdwa: takes no operands and no modifiers (its fields must be 0)", mn);
  if ((d->flags & GCN_F_TIED) && in->dst_sel != SEL_DWORD)
    return gcn_fail(err, "%s_sdwa: dst_sel must be DWORD (the addend is the whole VDST)", mn);
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, s));
    if (!o && ((in->abs | in->neg | in->sext) >> s & 1)) return gcn_fail(err, "%s_sdwa: takes no src%u modifiers", mn, s);
    if (!o && s == 1 && in->sel[1]) return gcn_fail(err, "%s_sdwa: takes no src1_sel", mn);
    if (!o) continue;
    gcn_opnd_kind k = gcn_operand_kind(gen, in->src[s]);
    if (in->src[s] == GCN_CODE_LDS_DIRECT) /* as llvm-mc 14: lds_direct is not an SDWA source */
      return gcn_fail(err, "%s_sdwa: src%u cannot be src_lds_direct", mn, s);
    if (k != GCN_OPND_VGPR && (gen < GCN14 || k == GCN_OPND_LITERAL))
      return gcn_fail(err, "%s_sdwa: src%u must be a VGPR%s", mn, s, gen < GCN14 ? " on gcn12" : " or a scalar operand (no literal)");
    bool fl = gcn_type_is_float((gcn_type)o->type);
    if (in->sel[s] > SEL_DWORD) return gcn_fail(err, "%s_sdwa: src%u_sel %u is not a selector (0..6)", mn, s, in->sel[s]);
    if ((in->sext >> s & 1) && fl) return gcn_fail(err, "%s_sdwa: sext on the float src%u", mn, s);
    if (((in->abs | in->neg) >> s & 1) && !fl) return gcn_fail(err, "%s_sdwa: abs/neg on the integer src%u", mn, s);
  }
  if (in->dst_sel > SEL_DWORD) return gcn_fail(err, "%s_sdwa: dst_sel %u is not a selector (0..6)", mn, in->dst_sel);
  if (in->dst_unused > UNUSED_PRESERVE) return gcn_fail(err, "%s_sdwa: dst_unused %u is reserved", mn, in->dst_unused);
  const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D);
  bool float_dst = dst && gcn_type_is_float((gcn_type)dst->type);
  if (in->omod && (gen < GCN14 || !gcn_isa_has(d, gen, GCN_F_OMOD) || !float_dst)) /* llvm-mc 14 */
    return gcn_fail(err, "%s_sdwa: output modifier not supported on %s", mn, gcn_gen_name(gen));
  if (in->clamp && vopc && gen >= GCN14) return gcn_fail(err, "%s_sdwa: clamp not supported on %s", mn, gcn_gen_name(gen));
  if (in->sd && gen < GCN14) return gcn_fail(err, "%s: an SGPR-pair destination needs gcn14's SDWA", mn);
  if (vopc && in->sd && !gcn_operand_legal_sdst(gen, in->sdst, 64))
    return gcn_fail(err, "%s_sdwa: destination is not a writable 64-bit scalar register pair", mn);
  return 0;
}

/* SRC_SEL: (SOURCE >> PARTSHIFT) & PARTMASK, sign-extended with sext (the page's switch). */
uint32_t gcn_sdwa_select(uint32_t x, unsigned sel, bool sext) {
  if (sel == SEL_DWORD) return x;
  unsigned shift = sel < SEL_WORD_0 ? 8 * sel : 16 * (sel - SEL_WORD_0), bits = sel < SEL_WORD_0 ? 8 : 16;
  uint32_t part = (x >> shift) & ((1u << bits) - 1);
  if (sext && part >> (bits - 1)) part |= ~0u << bits;
  return part;
}

void gcn_sdwa_select_sources(const gcn_inst *in, uint32_t *s0, uint32_t *s1) {
  uint32_t *src[2] = {s0, s1};
  for (unsigned s = 0; s < 2; s++)
    if (in->sel[s] != SEL_DWORD || (in->sext >> s & 1))
      for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) src[s][l] = gcn_sdwa_select(src[s][l], in->sel[s], in->sext >> s & 1);
}

/* DST_SEL: the result's low part goes to the selected part; the other bits are zero
 * (UNUSED_PAD), the part's sign bit above and zero below (UNUSED_SEXT), or the old VDST's
 * (UNUSED_PRESERVE). */
void gcn_sdwa_merge_dst(const gcn_inst *in, uint32_t *r, const uint32_t *old) {
  unsigned sel = in->dst_sel;
  if (sel == SEL_DWORD || in->desc->cls == GCN_CLASS_VOPC) return;
  unsigned shift = sel < SEL_WORD_0 ? 8 * sel : 16 * (sel - SEL_WORD_0), bits = sel < SEL_WORD_0 ? 8 : 16;
  uint32_t mask = ((1u << bits) - 1) << shift;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t v = (r[l] << shift) & mask;
    if (in->dst_unused == UNUSED_PRESERVE)
      v |= old[l] & ~mask;
    else if (in->dst_unused == UNUSED_SEXT && shift + bits < 32 && (v >> (shift + bits - 1) & 1))
      v |= ~0u << (shift + bits); /* (a part ending at bit 31 has nothing above it) */
    r[l] = v;
  }
}

void gcn_sdwa_dpp_encode(const gcn_inst *in, uint32_t *v) {
  bool sdwa = gcn_inst_is_sdwa(in);
  for (unsigned s = 0; s < 2; s++) {
    if (!gcn_isa_operand(in->desc, gcn_isa_src_role(in->desc, s))) continue; /* v_nop: zero fields */
    bool scalar = in->src[s] < GCN_CODE_VGPR0;
    unsigned field = scalar ? in->src[s] : in->src[s] - GCN_CODE_VGPR0;
    if (s == 0) v[GCN_FLD_SRC0] = field, v[GCN_FLD_S0] = scalar;
    else v[GCN_FLD_VSRC1] = field, v[GCN_FLD_S1] = scalar;
  }
  v[GCN_FLD_SRC0_NEG] = in->neg & 1;
  v[GCN_FLD_SRC1_NEG] = in->neg >> 1 & 1;
  v[GCN_FLD_SRC0_ABS] = in->abs & 1;
  v[GCN_FLD_SRC1_ABS] = in->abs >> 1 & 1;
  if (sdwa) {
    v[GCN_FLD_SRC0_SEL] = in->sel[0];
    v[GCN_FLD_SRC1_SEL] = in->sel[1];
    v[GCN_FLD_SRC0_SEXT] = in->sext & 1;
    v[GCN_FLD_SRC1_SEXT] = in->sext >> 1 & 1;
    v[GCN_FLD_DST_SEL] = in->dst_sel;
    v[GCN_FLD_DST_UNUSED] = in->dst_unused;
    v[GCN_FLD_SD] = in->sd;
    v[GCN_FLD_SDST] = in->sd ? in->sdst : 0;
  } else {
    v[GCN_FLD_DPP_CTRL] = in->dpp_ctrl;
    v[GCN_FLD_ROW_MASK] = in->row_mask;
    v[GCN_FLD_BANK_MASK] = in->bank_mask;
    v[GCN_FLD_BOUND_CTRL] = in->bound_ctrl;
  }
}

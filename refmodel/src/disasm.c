/* gcnref: disassembler, printing LLVM AMDGPU syntax exactly as llvm-mc does
 * (differences are listed in docs/semantics.md, "Assembly syntax"). */
#include <stdio.h>
#include <string.h>

#include "gcnref/inst.h"
#include "gcnref/operand.h"
#include "sdwa_dpp.h"
#include "sop_syntax.h"
#include "vop3p_syntax.h"

typedef struct {
  char *p;
  size_t left;
} out_buf;

static void put(out_buf *o, const char *s) {
  size_t n = strlen(s);
  if (n >= o->left) n = o->left ? o->left - 1 : 0;
  memcpy(o->p, s, n);
  o->p += n;
  o->left -= n;
  if (o->left) *o->p = '\0';
}

/* Prints a source operand code of TYPE with optional abs/neg modifiers. */
static void put_src(out_buf *o, const gcn_inst *in, unsigned code, gcn_type type, bool abs, bool neg) {
  char val[48];
  unsigned width = gcn_type_reg_bits(type);
  gcn_opnd_kind k = gcn_operand_kind(in->gen, code);
  bool constant = k == GCN_OPND_INLINE_INT || k == GCN_OPND_INLINE_FLOAT || k == GCN_OPND_LITERAL;
  if (k == GCN_OPND_LITERAL) /* (a 16-bit operand reads the low half: lit() when the rest is set) */
    snprintf(val, sizeof val, gcn_literal_needs_lit(in->gen, type, in->literal) ? "lit(0x%x)" : "0x%x", in->literal);
  else if (k == GCN_OPND_INLINE_FLOAT && gcn_type_is_packed(type) && type != GCN_T_PK_F16)
    snprintf(val, sizeof val, "0x%x", (unsigned)gcn_inline_value(in->gen, code, type)); /* llvm-mc 14 */
  else if (constant)
    snprintf(val, sizeof val, "%s", gcn_inline_text(in->gen, code, type));
  else if (!gcn_operand_reg_name(in->gen, code, width, val, sizeof val))
    snprintf(val, sizeof val, "<bad operand %u>", code);
  char text[64];
  if (abs)
    snprintf(text, sizeof text, "%s|%s|", neg ? "-" : "", val);
  else if (neg)
    snprintf(text, sizeof text, constant ? "neg(%s)" : "-%s", val);
  else
    snprintf(text, sizeof text, "%s", val);
  put(o, text);
}

static void put_sreg(out_buf *o, gcn_gen gen, unsigned code, unsigned width) {
  char name[48];
  if (!gcn_operand_reg_name(gen, code, width, name, sizeof name))
    snprintf(name, sizeof name, "<bad register %u>", code);
  put(o, name);
}

void gcn_disasm(const gcn_inst *in, char *buf, size_t len) {
  out_buf o = {buf, len};
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  bool vop3 = gcn_inst_is_vop3(in);
  bool lane = d->flags & (GCN_F_READLANE | GCN_F_WRITELANE);
  bool srcmods = vop3 || (gcn_inst_is_vop3p(in) && gcn_vop3p_is_mix(d)); /* -x, |x| */
  if (len) *buf = '\0';
  put(&o, d->mnemonic[gen]);
  /* llvm-mc names the two forms _e32/_e64 where both exist; v_nop and v_clrexcp (no
   * operands), v_readlane/v_writelane's VOP2 form and the VOP3-only rows go without. */
  bool e32 = in->enc == GCN_ENC_VOP2 || in->enc == GCN_ENC_VOP1 || in->enc == GCN_ENC_VOPC;
  if (d->n_operands && e32 && !lane && !gcn_isa_has(d, gen, GCN_F_NOVOP3)) put(&o, "_e32");
  if (d->n_operands && vop3 && gcn_isa_enc32(d, gen) >= 0) put(&o, "_e64");
  bool xf = gcn_inst_is_sdwa(in) || gcn_inst_is_dpp(in); /* abs/neg as in VOP3; sext; modifiers */
  if (xf) put(&o, gcn_sdwa_dpp_suffix(in));

  for (unsigned i = 0; i < d->n_operands; i++) {
    const gcn_operand_desc *op = &d->operand[i];
    gcn_type t = (gcn_type)op->type;
    unsigned width = gcn_type_reg_bits(t);
    put(&o, i ? ", " : " ");
    char num[24];
    switch (op->role) {
      case GCN_ROLE_D:
        if (in->enc == GCN_ENC_SOP1 || in->enc == GCN_ENC_SOP2 || in->enc == GCN_ENC_SOPK)
          put_sreg(&o, gen, in->sdst, width);
        else if (d->flags & GCN_F_READLANE)
          put_sreg(&o, gen, in->vdst, 32);
        else if (width > 32)
          put_sreg(&o, gen, GCN_CODE_VGPR0 + in->vdst, width);
        else {
          snprintf(num, sizeof num, "v%u", in->vdst);
          put(&o, num);
        }
        break;
      case GCN_ROLE_SD:
        if (vop3 || in->sd)
          put_sreg(&o, gen, vop3 ? in->vdst : in->sdst, 64);
        else
          put(&o, "vcc");
        break;
      case GCN_ROLE_S0:
      case GCN_ROLE_S1:
      case GCN_ROLE_S2: {
        unsigned s = op->role == GCN_ROLE_S0 ? 0 : op->role == GCN_ROLE_S1 ? 1 : 2;
        if (in->sext >> s & 1) put(&o, "sext(");
        put_src(&o, in, in->src[s], t, (srcmods || xf) && (in->abs >> s & 1), (srcmods || xf) && (in->neg >> s & 1));
        if (in->sext >> s & 1) put(&o, ")");
        break;
      }
      case GCN_ROLE_CO:
        if (vop3)
          put_sreg(&o, gen, in->sdst, 64);
        else
          put(&o, "vcc");
        break;
      case GCN_ROLE_CI:
        if (vop3)
          put_src(&o, in, in->src[2], t, false, false);
        else
          put(&o, "vcc");
        break;
      case GCN_ROLE_K:
        if (in->enc == GCN_ENC_SOPK)
          gcn_sop_lit_print(in, num, sizeof num);
        else
          snprintf(num, sizeof num, "0x%x", in->literal);
        put(&o, num);
        break;
      case GCN_ROLE_IMM: {
        char imm[96];
        gcn_sop_imm_print(in, imm, sizeof imm);
        put(&o, imm);
        break;
      }
    }
  }
  if (gcn_inst_is_vop3p(in)) gcn_vop3p_print_mods(in, buf, len);

  if (vop3 || xf) {

    static const char *const omod[4] = {"", " mul:2", " mul:4", " div:2"};
    if (in->opsel && len) { /* appended to BUF: continue after it */
      gcn_opsel_print(in, buf, len);
      o.p = buf + strlen(buf);
      o.left = len - (size_t)(o.p - buf);
    }
    if (in->clamp) put(&o, " clamp");
    put(&o, omod[in->omod & 3]);
  }
  if (xf) {
    char mods[160];
    gcn_sdwa_dpp_print_mods(in, mods, sizeof mods);
    put(&o, mods);
  }
}

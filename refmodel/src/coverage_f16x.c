/* gcnref: the f16x coverage bins (docs/coverage.md, group `f16x`): the modifiers of gcn14's
 * op_sel float rows and float VOP3P rows (table groups valu_f3h and valu_pk_f16) that the op,
 * source and fpclass bins do not tell apart. Instructions that wrote a VGPR:
 *   f16x.<mn>.opsel.src0|src1|src2|dst   gcn14 VOP3 op_sel rows (v_mad/fma_f16,
 *                                        v_min3/max3/med3_f16, v_cvt_pknorm_*_f16, v_pack_b32_f16):
 *                                        that OP_SEL bit set (16-bit operands only)
 *   f16x.<mn>.pk.opsel|opsel_hi0|neg_lo|neg_hi.srcN   packed f16 ops: source N's OP_SEL bit
 *                                        set (the low result reads its high half), its
 *                                        OP_SEL_HI bit clear (the high result reads its low half),
 *                                        its NEG_LO, its NEG_HI
 *   f16x.<mn>.mix.f32|f16lo|f16hi|abs|neg.srcN   v_mad_mix*: source N read as an f32
 *                                        (OP_SEL_HI 0), as the low or the high f16 half, with
 *                                        ABS (the NEG_HI field), with NEG
 *   f16x.<mn>.clamp                      the float VOP3P rows with CLAMP
 * Sampled from coverage_f3.c's hooks (coverage.c is at its size limit). */
#include "coverage_priv.h"

#include "vop3p_syntax.h"

enum { K_NONE, K_OPSEL, K_PK, K_MIX };
enum { C_CLAMP = GCN_COV_F16X_BINS - 1 };
_Static_assert(5 * 3 + 1 <= GCN_COV_F16X_BINS, "gcn_coverage.f16x is too small");

static int kind_of(const gcn_inst_desc *d, gcn_gen gen) {
  if (d->cls == GCN_CLASS_VOP3P) {
    gcn_type t = (gcn_type)gcn_isa_operand(d, GCN_ROLE_D)->type;
    if (t == GCN_T_PK_F16) return K_PK;
    return gcn_vop3p_is_mix(d) ? K_MIX : K_NONE;
  }
  if (!gcn_isa_has(d, gen, GCN_F_OPSEL)) return K_NONE;
  for (unsigned i = 0; i < d->n_operands; i++)
    if (d->operand[i].type == GCN_T_F16) return K_OPSEL;
  return K_NONE;
}

static unsigned nsrc(const gcn_inst_desc *d) { return gcn_isa_operand(d, GCN_ROLE_S2) ? 3 : 2; }

void gcn_covh_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret) {
  const gcn_inst_desc *d = in->desc;
  int k = kind_of(d, cov->gen);
  if (k == K_NONE || (k == K_OPSEL && !gcn_inst_is_vop3(in))) return;
  uint64_t written = 0;
  for (unsigned i = 0; i < ret->n_writes; i++)
    if (ret->writes[i].kind == GCN_W_VGPR) written |= ret->writes[i].value;
  if (!written) return; /* VSKIP, or EXEC 0 */
  uint64_t *c = cov->f16x[gcn_isa_op(d)];
  if (k == K_OPSEL) {
    for (unsigned b = 0; b < 4; b++) c[b] += in->opsel >> b & 1u;
    return;
  }
  for (unsigned s = 0; s < nsrc(d); s++) {
    bool sel = in->opsel >> s & 1u, hi = in->opsel_hi >> s & 1u;
    if (k == K_PK) {
      c[4 * s] += sel;
      c[4 * s + 1] += !hi;
      c[4 * s + 2] += in->neg >> s & 1u;
      c[4 * s + 3] += in->neg_hi >> s & 1u;
    } else {
      c[5 * s + (hi ? 1u + sel : 0u)]++;
      c[5 * s + 3] += in->abs >> s & 1u;
      c[5 * s + 4] += in->neg >> s & 1u;
    }
  }
  c[C_CLAMP] += in->clamp;
}

void gcn_covh_visit(const gcn_coverage *cov, visitor *v) {
  static const char *const sel[4] = {"src0", "src1", "src2", "dst"};
  static const char *const pk[4] = {"opsel", "opsel_hi0", "neg_lo", "neg_hi"};
  static const char *const mix[5] = {"f32", "f16lo", "f16hi", "abs", "neg"};
  const gcn_gen gen = cov->gen;
  v->fl = true;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    int k = kind_of(d, gen);
    if (k == K_NONE || !mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    const uint64_t *c = cov->f16x[op];
    if (k == K_OPSEL) {
      for (unsigned b = 0; b < 4; b++) {
        const gcn_operand_desc *o = gcn_isa_operand(d, b < 3 ? gcn_isa_src_role(d, b) : GCN_ROLE_D);
        if (o && gcn_type_bits((gcn_type)o->type) == 16) emit(v, c[b], NULL, "f16x.%s.opsel.%s", mn, sel[b]);
      }
      continue;
    }
    for (unsigned s = 0; s < nsrc(d); s++) {
      if (k == K_PK)
        for (unsigned b = 0; b < 4; b++) emit(v, c[4 * s + b], NULL, "f16x.%s.pk.%s.%s", mn, pk[b], sel[s]);
      else
        for (unsigned b = 0; b < 5; b++) emit(v, c[5 * s + b], NULL, "f16x.%s.mix.%s.%s", mn, mix[b], sel[s]);
    }
    emit(v, c[C_CLAMP], NULL, "f16x.%s.clamp", mn);
  }
  v->fl = false;
}

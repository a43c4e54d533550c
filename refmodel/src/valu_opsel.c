/* gcnref: gcn14's VOP3 op_sel on the 16-bit VOP3 instructions (rows flagged opsel;
 * gcn_semantics.md section 4 C: OPSEL bits 11-13 read the high half of src0-2, bit 14
 * writes the high half of VDST). Applied around the op's own semantics: the sources are
 * narrowed before it, the result placed after it. Choices (docs/semantics.md, "op_sel"):
 * a 32-bit source or destination ignores its bit; a 16-bit result keeps the other half of
 * VDST, with or without op_sel (gcn_semantics.md section 6: gfx9's op_sel ops preserve it). */
#include "valu.h"

static bool is16(const gcn_inst_desc *d, gcn_role role) {
  const gcn_operand_desc *o = gcn_isa_operand(d, role);
  return o && gcn_type_bits((gcn_type)o->type) == 16;
}

void gcn_valu_opsel_sources(gcn_valu *v) {
  const gcn_inst_desc *d = v->in->desc;
  if (!v->in->opsel) return;
  uint32_t *src[3] = {v->s0, v->s1, v->s2};
  for (unsigned i = 0; i < 3; i++)
    if ((v->in->opsel >> i & 1u) && is16(d, gcn_isa_src_role(d, i)))
      FOR_LANES src[i][lane] >>= 16;
}

void gcn_valu_opsel_result(gcn_valu *v) {
  if (!is16(v->in->desc, GCN_ROLE_D)) return;
  if (v->in->opsel & 8u)
    FOR_LANES v->r[lane] = (OLD & 0xFFFFu) | v->r[lane] << 16;
  else
    FOR_LANES v->r[lane] = (OLD & 0xFFFF0000u) | (v->r[lane] & 0xFFFFu);
}

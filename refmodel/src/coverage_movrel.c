/* gcnref: the movrel coverage bins (docs/coverage.md, group `movrel`): per v_movrels/movreld/
 * movrelsd_b32 (gcn10-12) the M0 offset of its indexed VGPR: M0 = 0 (the field's own VGPR), an
 * M0 > 0 that stays in range, and an index past v255 (a run-time error, valu_lane.c). */
#include "coverage_priv.h"
#include "gcnref/operand.h"

static int movrel_slot(enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MOVRELS_B32: return 0;
    case GCN_OP_V_MOVRELD_B32: return 1;
    case GCN_OP_V_MOVRELSD_B32: return 2;
    default: return -1;
  }
}

static const char *const index_name[3] = {"m0_zero", "m0_nonzero", "past_v255"};

void gcn_covm_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  int k = movrel_slot(gcn_isa_op(in->desc));
  if (k < 0) return;
  /* the largest indexed field: SRC0 (movrels, movrelsd) and VDST (movreld, movrelsd) */
  unsigned field = k != 1 ? in->src[0] - GCN_CODE_VGPR0 : 0;
  if (k != 0 && in->vdst > field) field = in->vdst;
  uint64_t i = (uint64_t)field + st->m0;
  cov->movrel[k][i >= GCN_NUM_VGPRS ? 2 : st->m0 ? 1 : 0]++;
}

void gcn_covm_visit(const gcn_coverage *cov, visitor *v) {
  bool fl = v->fl;
  v->fl = false;
  for (enum gcn_op op = 0; op < GCN_OP_COUNT; op++) {
    int k = movrel_slot(op);
    const char *mn = gcn_isa[op].mnemonic[cov->gen];
    if (k < 0 || !mn) continue;
    for (unsigned c = 0; c < 3; c++) emit(v, cov->movrel[k][c], NULL, "movrel.%s.%s", mn, index_name[c]);
  }
  v->fl = fl;
}

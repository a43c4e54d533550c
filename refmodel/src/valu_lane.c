/* gcnref: vector moves and lane ops of VOP1 (v_nop, v_mov_b32, v_readfirstlane_b32,
 * v_swap_b32), each case read against clrx/GcnInstrsVop1.md and gcn_semantics.md section 9.
 * v_readlane_b32 / v_writelane_b32 (VOP2, or VOP3-only on gcn12+) are in valu.c. */
#include <string.h>

#include "valu.h"

/* V_READFIRSTLANE_B32: SDST = VSRC0[first active lane], lane 0 when EXEC is 0 (the page's
 * loop, and gcn_semantics.md section 9); it ignores EXEC otherwise. */
static void readfirstlane(gcn_valu *v) {
  uint64_t exec = v->st->exec;
  unsigned lane = exec ? (unsigned)__builtin_ctzll(exec) : 0;
  gcn_write_sreg(v->c, v->in->vdst, v->st->vgpr[gcn_vgpr_index(v->st, 0, v->in->src[0] - GCN_CODE_VGPR0)][lane], 32);
}

/* V_SWAP_B32: VDST = SRC0 and SRC0 = old VDST, in the active lanes. */
static void swap(gcn_valu *v) {
  unsigned va = gcn_vdst_index(v->c), vb = gcn_vgpr_index(v->st, 0, v->in->src[0] - GCN_CODE_VGPR0);
  uint32_t *a = v->st->vgpr[va], *b = v->st->vgpr[vb];
  FOR_LANES if (v->exec >> lane & 1) {
    uint32_t t = a[lane];
    a[lane] = b[lane];
    b[lane] = t;
  }
  gcn_log(v->c, GCN_W_VGPR, va, v->exec);
  gcn_log(v->c, GCN_W_VGPR, vb, v->exec);
}

gcn_valu_result gcn_valu_lane(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_NOP: return GCN_VALU_DONE; /* no effect */
    case GCN_OP_V_MOV_B32: VOP(S0); return GCN_VALU_LANES;
    case GCN_OP_V_READFIRSTLANE_B32: readfirstlane(v); return GCN_VALU_DONE;
    case GCN_OP_V_SWAP_B32: swap(v); return GCN_VALU_DONE;
    default: return GCN_VALU_NONE;
  }
}

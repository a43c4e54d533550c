/* gcnref: vector moves and lane ops of VOP1 (v_nop, v_clrexcp, v_mov_b32, v_readfirstlane_b32,
 * v_swap_b32, the M0-relative v_movrels/movreld/movrelsd_b32), each case read against
 * clrx/GcnInstrsVop1.md and gcn_semantics.md sections 8 and 9.
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

/* V_MOVRELS/MOVRELD/MOVRELSD_B32: the VGPR numbered by the operand field plus M0 (unsigned,
 * all 32 bits; VGPR indexing's MODE.gpr_idx_en is not applied on top). An index past v255 is
 * a run-time error, as for s_movrels (docs/semantics.md). */
static bool movrel_index(gcn_valu *v, unsigned field, unsigned *index) {
  uint64_t i = (uint64_t)field + v->st->m0;
  if (i < GCN_NUM_VGPRS) {
    *index = (unsigned)i;
    return true;
  }
  gcn_exec_fail(v->c, GCN_STEP_ERROR, "%s: VGPR index %llu (v%u + M0 %u) is past v%u (docs/semantics.md)",
                v->in->desc->mnemonic[v->st->gen], (unsigned long long)i, field, v->st->m0, GCN_NUM_VGPRS - 1);
  return false;
}

/* READ: SRC0 is indexed (movrels, movrelsd); WRITE: VDST is (movreld, movrelsd). */
static gcn_valu_result movrel(gcn_valu *v, bool read, bool write) {
  unsigned src = 0, dst = gcn_vdst_index(v->c);
  if (read && !movrel_index(v, v->in->src[0] - GCN_CODE_VGPR0, &src)) return GCN_VALU_ERROR;
  if (write && !movrel_index(v, v->in->vdst, &dst)) return GCN_VALU_ERROR;
  const uint32_t *from = read ? v->st->vgpr[src] : v->s0; /* movreld: SRC0 as gathered */
  uint32_t val[GCN_WAVE_SIZE], *to = v->st->vgpr[dst];
  memcpy(val, from, sizeof val);
  FOR_LANES if (v->exec >> lane & 1) to[lane] = val[lane];
  gcn_log(v->c, GCN_W_VGPR, dst, v->exec);
  return GCN_VALU_DONE;
}

gcn_valu_result gcn_valu_lane(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_NOP: return GCN_VALU_DONE; /* no effect */
    case GCN_OP_V_CLREXCP: return GCN_VALU_DONE; /* the model keeps no SIMD exception state (docs/semantics.md) */
    case GCN_OP_V_MOVRELS_B32: return movrel(v, true, false);
    case GCN_OP_V_MOVRELD_B32: return movrel(v, false, true);
    case GCN_OP_V_MOVRELSD_B32: return movrel(v, true, true);
    case GCN_OP_V_MOV_B32: VOP(S0); return GCN_VALU_LANES;
    case GCN_OP_V_READFIRSTLANE_B32: readfirstlane(v); return GCN_VALU_DONE;
    case GCN_OP_V_SWAP_B32: swap(v); return GCN_VALU_DONE;
    default: return GCN_VALU_NONE;
  }
}

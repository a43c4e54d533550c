/* gcnref: V_SCREEN_PARTITION_4SE_B32 (gcn14 VOP1): VDST = TABLE[SRC0 & 0xFF], the 256-entry
 * lookup table of clrx/GcnInstrsVop1.md, typed once in gcn_isa.tab (@symbols lut
 * screen_partition_4se: the C array here, the RTL's gcn_isa_pkg::lut_screen_partition_4se).
 * The page's is the only public statement of the table; the 4SE screen partitioning it
 * serves is outside the ALU (docs/semantics.md). */
#include "valu.h"

gcn_valu_result gcn_valu_lut(gcn_valu *v, enum gcn_op op) {
  if (op != GCN_OP_V_SCREEN_PARTITION_4SE_B32) return GCN_VALU_NONE;
  VOP(gcn_lut_screen_partition_4se[S0 & 0xFF]);
  return GCN_VALU_LANES;
}

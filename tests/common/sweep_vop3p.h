/* gcnref tests: the VOP3P part of the operand sweep (sweep_vop3p.c, called by sweep.c). */
#ifndef GCNREF_TEST_SWEEP_VOP3P_H
#define GCNREF_TEST_SWEEP_VOP3P_H

#include "gcnref/inst.h"

/* Passes a candidate to the sweep (which validates it first). */
typedef void (*gcn_sweep_emit)(void *s, const gcn_inst *in);

void gcn_sweep_vop3p(gcn_gen gen, const gcn_inst_desc *d, gcn_sweep_emit emit, void *s);
/* gcn14 VOP3 op_sel: every OPSEL value on BASE (a VOP3A form of a row flagged opsel), alone,
 * with clamp, and with a constant or an SGPR in src0. */
void gcn_sweep_opsel(const gcn_inst *base, gcn_sweep_emit emit, void *s);

#endif

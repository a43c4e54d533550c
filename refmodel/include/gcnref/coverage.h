/* gcnref: functional coverage counted on the model side (Verilator 5.006 has no
 * covergroups). This is the first layer: which instructions ran in which encoding, the
 * operand class of each source, EXEC patterns and SCC outcomes. The coverage issue extends
 * it (float classes, MODE, timing, merging, reports). */
#ifndef GCNREF_COVERAGE_H
#define GCNREF_COVERAGE_H

#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gcnref/state.h"

enum { GCN_COV_FORM_SCALAR, GCN_COV_FORM_VOP2, GCN_COV_FORM_VOP3, GCN_COV_FORMS };
enum {
  GCN_COV_SRC_SGPR,
  GCN_COV_SRC_SPECIAL,
  GCN_COV_SRC_VGPR,
  GCN_COV_SRC_INLINE_INT,
  GCN_COV_SRC_INLINE_FLOAT,
  GCN_COV_SRC_LITERAL,
  GCN_COV_SRC_CLASSES
};
enum { GCN_COV_EXEC_ALL_ON, GCN_COV_EXEC_ALL_OFF, GCN_COV_EXEC_PARTIAL, GCN_COV_EXEC_PATTERNS };

typedef struct {
  gcn_gen gen;
  uint64_t executed[GCN_OP_COUNT][GCN_COV_FORMS];
  uint64_t source[GCN_OP_COUNT][3][GCN_COV_SRC_CLASSES];
  uint64_t exec[GCN_COV_EXEC_PATTERNS]; /* EXEC when a VALU instruction ran */
  uint64_t scc[GCN_OP_COUNT][2];        /* SCC written as 0 / 1 */
} gcn_coverage;

void gcn_coverage_reset(gcn_coverage *cov, gcn_gen gen);
/* Counts one executed instruction. EXEC is the mask it ran under; SCC_WRITTEN is -1 when
 * it did not write SCC, else the value written. */
void gcn_coverage_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec, int scc_written);
/* Writes "bin count" lines for every bin that can be hit on the generation (hit or not),
 * in a fixed order, after a "# gcnref coverage v1 GEN" header. Returns 0 or -1. */
int gcn_coverage_write(const gcn_coverage *cov, FILE *out);
/* Number of bins that can be hit on the generation, and of those hit. */
void gcn_coverage_totals(const gcn_coverage *cov, unsigned long *bins, unsigned long *hit);

#endif

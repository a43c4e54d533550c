/* gcnref tests: the operand sweep. For every instruction of a generation and each of its
 * encodings, varies one operand slot at a time over every code legal for it (SGPRs,
 * special registers, inline constants, a literal, a sample of VGPRs) and, for VOP3, each
 * legal modifier; calls FN for every candidate that gcn_validate accepts. The same sweep
 * feeds the round-trip test and the llvm-mc differential test. */
#ifndef GCNREF_TEST_SWEEP_H
#define GCNREF_TEST_SWEEP_H

#include "gcnref/inst.h"

typedef void (*gcn_sweep_fn)(const gcn_inst *in, void *ctx);

/* Returns the number of candidates passed to FN. */
unsigned long gcn_sweep(gcn_gen gen, gcn_sweep_fn fn, void *ctx);

#endif

/* gcnref: the float instructions of VOP1, VOPC and VOP3-only over the 64 lanes of one
 * instruction (valu_float.c), called by the vector ALU (valu.c). Internal. */
#ifndef GCNREF_VALU_FLOAT_H
#define GCNREF_VALU_FLOAT_H

#include <stdbool.h>
#include <stdint.h>

#include "gcnref/inst.h"

typedef struct {
  const uint64_t *src[3]; /* the lanes of SRC0..SRC2, raw (64-bit operands whole) */
  const uint32_t *old;    /* VDST before (its low dword) */
  uint64_t vcc;           /* VCC, for v_div_fmas */
} gcn_float_io;

typedef struct {
  uint64_t d[64];    /* results (64-bit for f64 destinations) */
  uint64_t cc;       /* compare results, v_div_scale's VCC bits */
  uint64_t cc_undef; /* cc bits the sources leave open (gcn10's v_div_scale VCC) */
  uint64_t undef;    /* result lanes the sources leave open (docs/float.md, policy 6) */
  bool is_compare;   /* VOPC: cc is the result */
  bool sets_cc;      /* cc is written (VOPC, v_div_scale) */
} gcn_float_out;

/* Is D a float instruction gcn_valu_float computes? */
bool gcn_valu_float_has(const gcn_inst_desc *d);
/* Computes every lane of IN (whatever EXEC says; the caller writes under EXEC). Returns
 * false when IN is not a float instruction of VOP1/VOPC/VOP3-only. */
bool gcn_valu_float(const gcn_inst *in, gcn_gen gen, uint32_t mode, const gcn_float_io *io,
                    gcn_float_out *out);

#endif

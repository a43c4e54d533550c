/* gcnref internal: the execution plan of one instruction (docs/performance.md, "The
 * execution plan"). Built once when an address is first decoded (plan.c) and cached per
 * program by word offset (gcn_wave.plan), so that running the program again does no decode
 * or table work: the class's semantics as a function pointer, every source operand
 * resolved (an SGPR index, a VGPR number, or the value of an inline constant or literal at
 * the operand's type), and the facts the VALU reads per instruction (encoding form,
 * modifiers, destination width, carry-out) as flags. The VALU handler that implements the
 * row (GCN_VALU_HANDLERS) is recorded on the first execution, so a new handler file slots
 * in with no change here. gcn_execute builds a plan on the stack for an instruction that
 * does not come from the cache (tests, the vector generator, timing). */
#ifndef GCNREF_PLAN_H
#define GCNREF_PLAN_H

#include "exec_ctx.h"

/* How a source slot is read. */
enum {
  GCN_PSRC_NONE,    /* the row has no such source */
  GCN_PSRC_SGPR,    /* st->sgpr[code] (and code + 1 when wide): codes below GCN_SGPR_FAST_LIMIT */
  GCN_PSRC_CONST,   /* an inline constant or the literal: VALUE at the operand's type */
  GCN_PSRC_VGPR,    /* v[code] (VGPR indexing applies at run time) */
  GCN_PSRC_GENERIC, /* any other register: gcn_read_operand */
};

typedef struct {
  uint8_t kind;  /* GCN_PSRC_* */
  uint8_t wide;  /* a 64-bit operand */
  uint8_t type;  /* gcn_type */
  uint16_t code; /* the source code; for VGPR the VGPR number */
  uint64_t value;
} gcn_plan_src;

/* Flags of gcn_plan.f. */
enum {
  GCN_PF_VOP3 = 1u << 0,      /* a VOP3A/VOP3B encoding */
  GCN_PF_SDWA = 1u << 1,
  GCN_PF_DPP = 1u << 2,
  GCN_PF_OPSEL = 1u << 3,     /* gcn14 VOP3 op_sel row */
  GCN_PF_CLAMP_INT = 1u << 4, /* integer CLAMP in effect */
  GCN_PF_D64 = 1u << 5,       /* a 64-bit vector destination */
  GCN_PF_CO = 1u << 6,        /* writes a carry-out */
  GCN_PF_CI = 1u << 7,        /* reads a carry-in / select mask */
  GCN_PF_S2 = 1u << 8,        /* has a third source */
  GCN_PF_LDS_DIRECT = 1u << 9, /* SRC0 is src_lds_direct (not modelled) */
  GCN_PF_OMOD_CLAMP = 1u << 10, /* OMOD or CLAMP set */
};

typedef gcn_step_status (*gcn_plan_fn)(gcn_exec_ctx *c);
/* A VALU row computed by one kernel over 64 lanes, R = f(S0, S1) (valu.c's SIMPLE_INT_OPS). */
typedef void (*gcn_valu_kernel)(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1);
/* The kernel of OP, or NULL; the execution of a row in the plain form (valu.c). */
gcn_valu_kernel gcn_valu_kernel_of(enum gcn_op op);
gcn_step_status gcn_valu_execute_kernel(gcn_exec_ctx *c);

struct gcn_plan {
  gcn_inst in;      /* first: gcn_fetch hands out &plan->in */
  gcn_plan_fn exec; /* the class's semantics (or the not-modelled / unknown-class failure) */
  uint32_t f;       /* GCN_PF_* */
  uint32_t vskip_mask;   /* MODE bits of MODE.VSKIP (vector classes; 0 otherwise) */
  uint8_t ready;         /* built */
  uint8_t valu_handler;  /* 1 + the index in GCN_VALU_HANDLERS of the row's handler; 0 unknown */
  uint16_t op;           /* enum gcn_op */
  gcn_plan_src src[3];   /* SRC0, SRC1, SRC2 (the third source) */
  gcn_plan_src ci;       /* VOP3's carry-in / select mask (SRC2 read as B64) */
  gcn_valu_kernel kernel; /* the row's kernel when the plain form applies (no modifier, SDWA,
                           * DPP, op_sel, carry or third source): the VALU runs it on the rows */
};

/* Builds the plan of IN for a wave of generation GEN. */
void gcn_plan_build(gcn_plan *p, const gcn_inst *in, gcn_gen gen);

/* The value of a resolved scalar source (a VGPR source reads 0: the VALU reads it per lane). */
static inline uint64_t gcn_plan_read(gcn_exec_ctx *c, const gcn_plan_src *s) {
  const gcn_state *st = c->st;
  if (s->kind == GCN_PSRC_SGPR) /* the common cases first, without the switch's jump */
    return s->wide ? st->sgpr[s->code] | (uint64_t)st->sgpr[s->code + 1] << 32 : st->sgpr[s->code];
  if (s->kind == GCN_PSRC_CONST) return s->value;
  return s->kind == GCN_PSRC_GENERIC ? gcn_read_operand(c, s->code, (gcn_type)s->type) : 0;
}
#endif

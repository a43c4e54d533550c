/* gcnref internal: the vector ALU's lanes and its semantics hook.
 *
 * gcn_valu_execute (valu.c) gathers the sources of one instruction into per-lane arrays,
 * asks each handler of GCN_VALU_HANDLERS in turn to compute it, and writes the result back
 * under EXEC. A handler is one file per concern (valu.c: VOP2; valu_int3.c: the integer
 * VOP3-only ops; valu_int16.c: the 16-bit ones; valu_lut.c: table look-ups; valu_lane.c: moves
 * and lane ops; valu_cmp.c: integer compares; the float
 * files add theirs): it returns GCN_VALU_NONE for an op it does not implement. To add a
 * family, write `gcn_valu_result gcn_valu_NAME(gcn_valu *v, enum gcn_op op)` in a file of
 * its own, declare it below and add it to GCN_VALU_HANDLERS. */
#ifndef GCNREF_VALU_H
#define GCNREF_VALU_H

#include <stdint.h>
#include <string.h>

#include "exec_ctx.h"

/* The lanes of one instruction: sources gathered into arrays (low dword; the high dword of
 * a 64-bit source in the *h array), results computed for all 64 lanes, then written under
 * EXEC. Plain loops over arrays let the compiler vectorise them. */
typedef struct {
  gcn_exec_ctx *c;
  gcn_state *st;
  const gcn_inst *in;
  uint32_t s0[GCN_WAVE_SIZE], s1[GCN_WAVE_SIZE], s2[GCN_WAVE_SIZE]; /* sources, low 32 bits */
  uint32_t s0h[GCN_WAVE_SIZE], s1h[GCN_WAVE_SIZE], s2h[GCN_WAVE_SIZE]; /* high dwords (64-bit) */
  const uint32_t *dst;                           /* VDST (read before the write-back) */
  uint32_t r[GCN_WAVE_SIZE], rh[GCN_WAVE_SIZE];  /* results: low dword, high dword (64-bit D) */
  uint64_t exec;                                 /* lanes that execute */
  uint32_t cin[GCN_WAVE_SIZE];                   /* carry-in / select bit of each lane */
  uint32_t cout[GCN_WAVE_SIZE];                  /* carry-out bit of each lane */
  uint64_t mask;                                 /* a compare's result, bit per lane */
  uint64_t undef, cout_undef; /* result lanes / carry-out bits the sources leave open
                                 (docs/float.md, "Approximate results" 6): logged, not compared */
  bool clamp_int;                                /* integer CLAMP in effect */
} gcn_valu;

typedef enum {
  GCN_VALU_NONE,  /* not this handler's op */
  GCN_VALU_LANES, /* r (and rh for a 64-bit D) hold the result: write VDST (and the carry-out) */
  GCN_VALU_MASK,  /* mask holds a compare result: write VCC / the SGPR pair (and EXEC for cmpx) */
  GCN_VALU_DONE,  /* the handler wrote everything itself (lane ops, moves) */
  GCN_VALU_NOT_MODELLED, /* the handler knows the op but not this case: c->err says why */
  GCN_VALU_ERROR,        /* a run-time error (v_movrels index past v255): c->err says why */
} gcn_valu_result;

typedef gcn_valu_result (*gcn_valu_handler)(gcn_valu *v, enum gcn_op op);

gcn_valu_result gcn_valu_vop2(gcn_valu *v, enum gcn_op op);  /* valu.c */
gcn_valu_result gcn_valu_int3(gcn_valu *v, enum gcn_op op);  /* valu_int3.c */
gcn_valu_result gcn_valu_lane(gcn_valu *v, enum gcn_op op);  /* valu_lane.c */
gcn_valu_result gcn_valu_cmp(gcn_valu *v, enum gcn_op op);   /* valu_cmp.c */
gcn_valu_result gcn_valu_fp(gcn_valu *v, enum gcn_op op);    /* valu_float.c */
gcn_valu_result gcn_valu_int16(gcn_valu *v, enum gcn_op op); /* valu_int16.c */
gcn_valu_result gcn_valu_lut(gcn_valu *v, enum gcn_op op);   /* valu_lut.c */
gcn_valu_result gcn_valu_vop3p(gcn_valu *v, enum gcn_op op); /* vop3p.c */

/* gcn14 VOP3 op_sel (valu_opsel.c): narrows the gathered sources to the halves OPSEL
 * picks, and places a 16-bit result in the half it picks (keeping the other). */
void gcn_valu_opsel_sources(gcn_valu *v);
void gcn_valu_opsel_result(gcn_valu *v);

/* Every handler, asked in this order. */
#define GCN_VALU_HANDLERS gcn_valu_vop3p, gcn_valu_vop2, gcn_valu_int3, gcn_valu_lane, gcn_valu_cmp, gcn_valu_fp, \
                          gcn_valu_int16, gcn_valu_lut

/* Per-lane bodies. Inside: S0, S1, S2 = the lane's 32-bit sources; S0_64... the 64-bit
 * ones; CC = its carry-in bit; LANE = lane id; OLD = VDST before. */
#define S0 v->s0[lane]
#define S1 v->s1[lane]
#define S2 v->s2[lane]
#define S0_64 ((uint64_t)v->s0h[lane] << 32 | v->s0[lane])
#define S1_64 ((uint64_t)v->s1h[lane] << 32 | v->s1[lane])
#define S2_64 ((uint64_t)v->s2h[lane] << 32 | v->s2[lane])
#define S0_16 (S0 & 0xFFFFu)
#define S1_16 (S1 & 0xFFFFu)
#define S2_16 (S2 & 0xFFFFu)
#define I32(x) ((int32_t)(x))
#define I16(x) ((int16_t)(uint16_t)(x))
#define CC (v->cin[lane])
#define LANE lane
#define OLD v->dst[lane]
#define FOR_LANES for (unsigned lane = 0; lane < GCN_WAVE_SIZE; lane++)
/* D = expr for every lane. */
#define VOP(expr) do { FOR_LANES v->r[lane] = (uint32_t)(expr); } while (0)
/* A 64-bit D = expr for every lane. */
#define VOP64(expr)                                   \
  do {                                                \
    FOR_LANES {                                       \
      uint64_t r64_ = (uint64_t)(expr);               \
      v->r[lane] = (uint32_t)r64_;                    \
      v->rh[lane] = (uint32_t)(r64_ >> 32);           \
    }                                                 \
  } while (0)
/* A 16-bit result: the upper half of VDST is zeroed on gcn12 and gcn14 (gcn14 keeps it
 * for v_mac/madmk/madak_f16, which use VOP16_KEEP; gcn_semantics.md section 6). */
#define VOP16(expr) VOP((expr) & 0xFFFFu)
#define VOP16_KEEP(expr) VOP((OLD & 0xFFFF0000u) | ((expr) & 0xFFFFu))
/* A compare: bit LANE of the result mask = expr (inactive lanes are cleared on write). */
#define CMP(expr) do { v->mask = 0; FOR_LANES v->mask |= (uint64_t)((expr) != 0) << lane; } while (0)

/* Three-operand minimum, maximum and median. MED3 is the middle value of the three, as AMD's
 * pseudocode has it (max3 == S0 ? max(S1, S2) : max3 == S1 ? max(S0, S2) : max(S0, S1)); the
 * pages' "S2 if strictly between, else S1 if strictly between, else S0" gives S0 when S1 == S2
 * on one side of it (med3(5, 3, 3) = 5, not the median 3): docs/semantics.md. */
#define MED3(a, b, c) ((a) >= (b) ? ((b) >= (c) ? (b) : (a) >= (c) ? (c) : (a)) \
                                  : ((a) >= (c) ? (a) : (b) >= (c) ? (c) : (b)))
#define MIN3(a, b, c) ((a) < (b) ? ((a) < (c) ? (a) : (c)) : ((b) < (c) ? (b) : (c)))
#define MAX3(a, b, c) ((a) > (b) ? ((a) > (c) ? (a) : (c)) : ((b) > (c) ? (b) : (c)))

/* Integer CLAMP: the exact result saturated to the destination type's range
 * (gcn_semantics.md section 4: unsigned at 0 / the maximum, signed at INT_MIN / INT_MAX). */
static inline uint32_t gcn_sat_u32(uint64_t x) { return x > 0xFFFFFFFFull ? 0xFFFFFFFFu : (uint32_t)x; }
static inline uint32_t gcn_sat_i32(int64_t x) {
  return (uint32_t)(x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (int32_t)x);
}
static inline uint32_t gcn_sat_u16(uint32_t x) { return x > 0xFFFFu ? 0xFFFFu : x; }
static inline uint32_t gcn_sat_i16(int32_t x) { return (uint16_t)(x > 0x7FFF ? 0x7FFF : x < -0x8000 ? -0x8000 : x); }

/* gcn14's op_sel-capable 16-bit VOP3-only ops (v_mad_f16/u16/i16, v_fma_f16, v_div_fixup_f16,
 * min3/max3/med3 of 16 bits, v_add/sub_i16) write the low half of VDST and keep the high half
 * (op_sel chooses the half they write); their *_LEGACY_* twins (the gcn12 encodings) and
 * every gcn12 16-bit op zero it (docs/float.md, docs/semantics.md). */
static inline bool gcn_valu_keeps_high16(const gcn_inst_desc *d, gcn_gen gen) {
  return gen == GCN14 && gcn_isa_class(d, gen) == GCN_CLASS_VOP3 && strstr(d->id, "LEGACY") == NULL;
}

static inline uint32_t gcn_popcount32(uint32_t x) { return (uint32_t)__builtin_popcount(x); }

#endif

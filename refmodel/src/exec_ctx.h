/* gcnref internal: the execution context shared by the step loop and the ALU semantics,
 * and the operand-access helpers every instruction body uses. */
#ifndef GCNREF_EXEC_CTX_H
#define GCNREF_EXEC_CTX_H

#include <stdarg.h>
#include <stdio.h>

#include "gcnref/model.h"
#include "gcnref/operand.h"

typedef struct gcn_plan gcn_plan; /* plan.h */

struct gcn_exec_ctx {
  gcn_wave *w;
  gcn_state *st;
  const gcn_inst *in;
  gcn_retire *ret; /* NULL: nobody reads the write log */
  gcn_error *err;
  uint64_t in_pc;   /* address of the instruction being executed */
  uint64_t next_pc; /* PC + size unless a branch sets it */
  gcn_plan *plan;   /* the instruction's execution plan (NULL outside gcn_execute) */
};

static inline gcn_step_status gcn_exec_fail(gcn_exec_ctx *c, gcn_step_status s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
  va_end(ap);
  return s;
}

static inline void gcn_log(gcn_exec_ctx *c, int kind, unsigned code, uint64_t value) {
  gcn_retire *r = c->ret;
  if (r && r->n_writes < GCN_MAX_WRITES) r->writes[r->n_writes++] = (gcn_write){kind, code, value};
}

/* Codes below the table's smallest SGPR count are SGPRs on every generation: the fast path
 * of scalar access. */
#define GCN_SGPR_FAST_LIMIT GCN_TAB_MIN_SGPRS

static inline uint32_t gcn_sreg_get(const gcn_state *st, unsigned code) {
  return code < GCN_SGPR_FAST_LIMIT ? st->sgpr[code] : gcn_sreg_read(st, code);
}

static inline void gcn_sreg_put(gcn_state *st, unsigned code, uint32_t value) {
  if (code < GCN_SGPR_FAST_LIMIT)
    st->sgpr[code] = value;
  else
    gcn_sreg_write(st, code, value);
}

/* Writes WIDTH (32/64) bits to the scalar register CODE and logs each dword. */
static inline __attribute__((always_inline)) void gcn_write_sreg(gcn_exec_ctx *c, unsigned code, uint64_t value,
                                                                 unsigned width) {
  if (!c->ret && code + (width == 64) < GCN_SGPR_FAST_LIMIT) { /* the common case: SGPRs, no log */
    c->st->sgpr[code] = (uint32_t)value;
    if (width == 64) c->st->sgpr[code + 1] = (uint32_t)(value >> 32);
    return;
  }
  gcn_sreg_put(c->st, code, (uint32_t)value);
  gcn_log(c, GCN_W_SREG, code, (uint32_t)value);
  if (width == 64) {
    gcn_sreg_put(c->st, code + 1, (uint32_t)(value >> 32));
    gcn_log(c, GCN_W_SREG, code + 1, (uint32_t)(value >> 32));
  }
}

static inline void gcn_write_scc(gcn_exec_ctx *c, bool v) {
  c->st->scc = v;
  gcn_log(c, GCN_W_SCC, 0, v);
}

static inline void gcn_write_mode(gcn_exec_ctx *c, uint32_t v) {
  c->st->mode = v;
  gcn_log(c, GCN_W_MODE, 0, v);
}

/* Reads a source operand code as an operand of TYPE: registers at the type's width,
 * inline constants and literals per gcn_semantics.md section 1. */
static inline uint64_t gcn_read_operand(gcn_exec_ctx *c, unsigned code, gcn_type type) {
  const gcn_state *st = c->st;
  unsigned bits = gcn_type_bits(type);
  if (code < GCN_SGPR_FAST_LIMIT) /* the common case: an SGPR (or an aligned pair) */
    return bits == 64 ? st->sgpr[code] | (uint64_t)st->sgpr[code + 1] << 32 : st->sgpr[code];
  switch (gcn_operand_kind(st->gen, code)) {
    case GCN_OPND_INLINE_INT:
    case GCN_OPND_INLINE_FLOAT: return gcn_inline_value(st->gen, code, type);
    case GCN_OPND_LITERAL: return gcn_literal_value(c->in->literal, type);
    case GCN_OPND_READONLY:
      /* Apertures read as 64 bits are {value, 0} (the 32-bit read is the high dword). */
      if (bits == 64 && code >= GCN_CODE_SHARED_BASE && code <= GCN_CODE_POPS_EXITING_WAVE_ID)
        return (uint64_t)gcn_sreg_read(st, code) << 32;
      return gcn_sreg_read(st, code);
    case GCN_OPND_VGPR: return 0; /* vector operands are read per lane by the VALU */
    default:
      if (bits == 64) return gcn_sreg_get(st, code) | (uint64_t)gcn_sreg_get(st, code + 1) << 32;
      return gcn_sreg_get(st, code);
  }
}

/* s_getreg/s_setreg on the hardware register field named by IMM (hwreg.c). */
gcn_step_status gcn_hwreg_read(gcn_exec_ctx *c, uint16_t imm, uint32_t *out);
gcn_step_status gcn_hwreg_write(gcn_exec_ctx *c, uint16_t imm, uint32_t value);

/* The VGPR that operand OPERAND (0..2: SRC0..SRC2, 3: VDST) of a VALU instruction names
 * when it names V: with VGPR indexing on (gcn12+, MODE.gpr_idx_en, s_set_gpr_idx_on), the
 * index M0[7:0] is added when the operand's mode bit M0[12 + OPERAND] is set; past v255
 * the operand reads v0 (clrx/GcnState.md, docs/semantics.md). */
static inline unsigned gcn_vgpr_index(const gcn_state *st, unsigned operand, unsigned v) {
  if (st->gen < GCN12 || !(st->mode & gcn_imm_mask(st->gen, GCN_IMMF_MODE_GPR_IDX_EN))) return v;
  if (!(gcn_imm_get(st->gen, GCN_IMMF_M0_GPR_MODE, st->m0) >> operand & 1)) return v;
  unsigned i = v + gcn_imm_get(st->gen, GCN_IMMF_M0_GPR_IDX, st->m0);
  return i < GCN_NUM_VGPRS ? i : 0;
}

/* The VGPR a VALU instruction's VDST field names, after VGPR indexing. */
static inline unsigned gcn_vdst_index(const gcn_exec_ctx *c) { return gcn_vgpr_index(c->st, 3, c->in->vdst); }
#endif

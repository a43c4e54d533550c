/* gcnref internal: what coverage.c (the bins and their sampling) shares with
 * coverage_cross.c (the float and integer-CLAMP crosses). */
#ifndef GCNREF_COVERAGE_PRIV_H
#define GCNREF_COVERAGE_PRIV_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gcnref/coverage.h"

static const char *const round_name[4] = {"rne", "rpi", "rni", "rtz"};
static const char *const denorm_name[4] = {"flush_all", "allow_in", "allow_out", "allow_all"};

/* ------------------------------------------------------------ instruction facts */

static inline bool is_float_op(const gcn_inst_desc *d) {
  for (unsigned i = 0; i < d->n_operands; i++)
    if (gcn_type_is_float((gcn_type)d->operand[i].type)) return true;
  return false;
}

static inline gcn_type role_type(const gcn_inst_desc *d, gcn_role r, bool *present) {
  const gcn_operand_desc *o = gcn_isa_operand(d, r);
  *present = o != NULL;
  return o ? (gcn_type)o->type : GCN_T_B32;
}

/* 0: not an add/sub with carry-out; 1 add, 2 sub (s0 - s1), 3 subrev (s1 - s0). */
static inline int carry_kind(enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_ADD_CO_U32: case GCN_OP_V_ADDC_CO_U32: return 1;
    case GCN_OP_V_SUB_CO_U32: case GCN_OP_V_SUBB_CO_U32: return 2;
    case GCN_OP_V_SUBREV_CO_U32: case GCN_OP_V_SUBBREV_CO_U32: return 3;
    default: return 0;
  }
}

static inline uint64_t absneg(uint64_t v, unsigned bits, bool abs, bool neg) {
  uint64_t sign = 1ull << (bits - 1);
  if (abs) v &= ~sign;
  if (neg) v ^= sign;
  return v;
}

/* Per-instruction flags of gcn_coverage.opf. */
enum {
  OPF_VOP = 1,       /* VOP2 row (VOP2/VOP3 encodings) */
  OPF_FLOAT = 2,     /* has an f16/f32 operand */
  OPF_RESULT = 4,    /* integer result bins */
  OPF_CO = 8,        /* writes a carry-out or compare mask */
  OPF_LANE = 16,     /* v_readlane / v_writelane (EXEC not counted) */
  OPF_CK_SHIFT = 5,  /* 2 bits: carry_kind */
};

/* ------------------------------------------------------------ bins */

typedef struct {
  gcn_cov_bin_fn fn;
  void *ctx;
  char prefix[16];
  char name[128];
  bool fl; /* the bin being emitted is in the float scope (gcn_covbin_is_float) */
} visitor;

static inline void emit(visitor *v, uint64_t count, const char *reason, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline void emit(visitor *v, uint64_t count, const char *reason, const char *fmt, ...) {
  size_t n = strlen(v->prefix);
  memcpy(v->name, v->prefix, n);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->name + n, sizeof v->name - n, fmt, ap);
  va_end(ap);
  v->fn(v->ctx, v->name, count, count ? NULL : reason); /* a hit bin is reachable after all */
}

/* ------------------------------------------------------------ the crosses (coverage_cross.c) */

/* How the float crosses evaluate OP again (0: no fpx bins), and its integer-CLAMP kind. */
uint8_t gcn_covx_fx_kind(enum gcn_op op);
uint8_t gcn_covx_ic_kind(const gcn_inst_desc *d, enum gcn_op op);
/* Before IN executes: the operands the crosses need. */
void gcn_covx_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
/* After IN (its write log RET): MODE under which it ran, whether it is an f16 instruction,
 * and whether gcn_covx_before saw it (PRE). Lanes are those its VGPR writes name. */
void gcn_covx_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, uint32_t mode, bool f16,
                    bool pre);
/* The bins: mod.<mn>.clamp.* of one instruction, and the fpx group. */
void gcn_covx_visit_iclamp(const gcn_coverage *cov, visitor *v, const gcn_inst_desc *d, unsigned op, const char *mn);
void gcn_covx_visit_fpx(const gcn_coverage *cov, visitor *v);

/* ------------------------------------------------------------ DPP (coverage_dpp.c) */

/* Counts a DPP instruction that ran under EXEC; emits the `dpp` group. */
void gcn_covd_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec);
void gcn_covd_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ SDWA (coverage_sdwa.c) */

/* Before / after an SDWA instruction IN (others: nothing): sext's sign bits, the fields. */
void gcn_covs_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covs_after(gcn_coverage *cov, const gcn_inst *in);
/* The sdwa group's bins (none before gcn12). */
void gcn_covs_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ v_movrel* (coverage_movrel.c) */

/* Before a v_movrel* IN (others: nothing): the M0 offset of its indexed VGPR; the bins. */
void gcn_covm_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covm_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ x16 (coverage_int16.c) */

/* Before / after a 16-bit VOP3-only row, v_sat_pk_u8_i16 or a quad SAD (others: nothing):
 * the lanes of each value band; after, the lanes written and the op_sel bits. */
void gcn_cov16_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_cov16_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
/* The x16 group's bins. */
void gcn_cov16_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ cvt (coverage_cvt.c) */

/* Before / after a float conversion with cvt bins (others: nothing): the lanes of each
 * saturation / NaN / overflow case; the cvt group's bins. */
void gcn_covc_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covc_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
void gcn_covc_visit(const gcn_coverage *cov, visitor *v);
/* Source S of IN per lane as read before it executes, of type T (coverage_cvt.c). */
void gcn_cov_src_lanes(const gcn_inst *in, const gcn_state *st, unsigned s, gcn_type t, uint32_t *x);
/* The value of the float X of BITS (16 or 32) as a double (exact; NaN for a NaN), and SRC0
 * of IN per lane as read before it executes (type T, after SDWA's selection; X holds
 * GCN_WAVE_SIZE lanes): shared by the cvt and trans bins. */
double gcn_cov_fvalue(uint32_t x, unsigned bits);
void gcn_cov_src0_lanes(const gcn_inst *in, const gcn_state *st, gcn_type t, uint32_t *x);
/* ------------------------------------------------------------ f3 (coverage_f3.c) */

/* Before / after a float VOP3-only three-source row (others: nothing); the f3 group's bins. */
void gcn_covf3_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covf3_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
void gcn_covf3_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ fdiv (coverage_fdiv.c) */

/* Before / after a division helper, cube op, v_mullit_f32 or v_cvt_pk_u8_f32 (others:
 * nothing); the fdiv group's bins. Called from the f3 hooks (coverage.c is at its size limit). */
void gcn_covfd_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covfd_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
void gcn_covfd_visit(const gcn_coverage *cov, visitor *v);

/* Float result classes (gcn_cov_fp_class) a row of the fdiv group, v_trig_preop_f64 or a
 * transcendental (gcn_covt_result_unreachable) cannot produce, with the reason, or NULL
 * (coverage.c's fp_result_unreachable asks for the ops it does not list). */
const char *gcn_covfd_result_unreachable(enum gcn_op op, int k);
/* Why D's fpmod CLAMP bin is unreachable on GEN (the noclamp flag; a VOP3B row before
 * gcn12), or NULL (in coverage_fdiv.c: coverage.c is at its size limit). */
const char *gcn_covfd_clamp_unreachable(const gcn_inst_desc *d, gcn_gen gen);
/* ------------------------------------------------------------ f16x (coverage_f16x.c) */

/* After a gcn14 op_sel float row or a float VOP3P row (others: nothing): its modifiers; the
 * f16x group's bins. Called from gcn_covf3_after / gcn_covf3_visit. */
void gcn_covh_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret);
void gcn_covh_visit(const gcn_coverage *cov, visitor *v);
/* ------------------------------------------------------------ trans (coverage_trans.c) */

/* Before / after a transcendental (others: nothing); the trans group's bins; the result
 * classes a transcendental cannot produce (the reason, or NULL). */
void gcn_covt_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covt_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
void gcn_covt_visit(const gcn_coverage *cov, visitor *v);
const char *gcn_covt_result_unreachable(unsigned op, int k);

/* ------------------------------------------------------------ f64 (coverage_f64.c) */

/* Before / after an f64 VOP3 arithmetic row (others: nothing); the f64 group's bins. Called
 * from the f3 hooks (coverage.c is at its size limit). */
void gcn_covf64_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_covf64_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre);
void gcn_covf64_visit(const gcn_coverage *cov, visitor *v);

#endif

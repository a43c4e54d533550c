/* gcnref: the functional model of one wavefront: load a program, step, observe writes. */
#ifndef GCNREF_MODEL_H
#define GCNREF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnref/inst.h"
#include "gcnref/state.h"

/* One architectural register write of a retired instruction. GCN_W_UNDEF_V / _S follow
 * a write whose value the sources leave open in some lanes / bits (docs/float.md,
 * "Approximate results" 6): the state holds the model's defined value, and a comparison
 * with hardware must not count those lanes / bits. */
typedef struct {
  enum { GCN_W_SREG, GCN_W_SCC, GCN_W_PC, GCN_W_MODE, GCN_W_VGPR, GCN_W_HWREG, GCN_W_EVENT, GCN_W_UNDEF_V, GCN_W_UNDEF_S } kind;
  unsigned code;  /* GCN_W_SREG, _UNDEF_S: 7-bit scalar code of the dword; GCN_W_VGPR, _UNDEF_V: VGPR;
                   * GCN_W_HWREG: hwreg id (TRAPSTS); GCN_W_EVENT: the instruction's enum gcn_op */
  uint64_t value; /* GCN_W_VGPR: the mask of lanes written (values are in the state);
                   * GCN_W_EVENT: SIMM16 (an event: s_sendmsg, s_trap, s_sethalt, ...);
                   * GCN_W_UNDEF_V: the lanes left open; GCN_W_UNDEF_S: the bits left open */
} gcn_write;

#define GCN_MAX_WRITES 12

/* What one instruction did, in program order. */
typedef struct {
  uint64_t pc;
  gcn_inst inst;
  unsigned n_writes;
  gcn_write writes[GCN_MAX_WRITES];
} gcn_retire;

typedef enum {
  GCN_STEP_OK,          /* retired one instruction */
  GCN_STEP_END,         /* s_endpgm retired, or PC reached the end of the program */
  GCN_STEP_ERROR,       /* bad fetch, illegal instruction, or a run-time error */
  GCN_STEP_NOT_MODELLED /* decoded, but its behaviour is not modelled (docs/semantics.md) */
} gcn_step_status;

/* A program image in instruction memory. */
typedef struct {
  uint64_t base;
  const uint8_t *bytes;
  size_t size;
} gcn_program;

typedef struct {
  gcn_state st;
  gcn_program prog;
  bool ended;
  /* Execution plans (decoded instruction, handler, resolved operands) by word offset in
   * the program (instruction memory is read-only while a program runs), built on first
   * use of each address; free with gcn_wave_free. */
  struct gcn_plan *plan;
} gcn_wave;

/* Resets the wave to the initial state of GEN with PC at the program's base. */
void gcn_wave_init(gcn_wave *w, gcn_gen gen, gcn_program prog);
/* Releases the decode cache (the wave may be initialised again afterwards). */
void gcn_wave_free(gcn_wave *w);

/* Executes exactly one instruction at PC. Fills RET (may be NULL). On ERROR or
 * NOT_MODELLED the state is unchanged and ERR says why. */
gcn_step_status gcn_step(gcn_wave *w, gcn_retire *ret, gcn_error *err);

/* Fetches and decodes (once per address) the instruction at PC into *IN (TMP is scratch).
 * Returns OK, END when PC is just past the program (an implicit s_endpgm), or ERROR. */
gcn_step_status gcn_fetch(gcn_wave *w, const gcn_inst **in, gcn_inst *tmp, gcn_error *err);

/* Executes an already decoded instruction at PC (used by tests and the step loop). */
gcn_step_status gcn_execute(gcn_wave *w, const gcn_inst *in, gcn_retire *ret, gcn_error *err);

/* Name of a write's target ("s5", "vcc_lo", "scc", "pc", "mode") into BUF. */
void gcn_write_name(gcn_gen gen, const gcn_write *wr, char *buf, size_t len);

/* Scalar and vector ALUs (salu.c, valu.c), program control (sopp.c). Internal to the model. */
typedef struct gcn_exec_ctx gcn_exec_ctx;
gcn_step_status gcn_salu_execute(gcn_exec_ctx *c);
gcn_step_status gcn_sopp_execute(gcn_exec_ctx *c);
gcn_step_status gcn_valu_execute(gcn_exec_ctx *c);

#endif

/* gcn_checker.h: the co-simulation checker, in plain C. It runs the model's timing core
 * (gcnref/timing.h) beside a design under test, one cycle at a time, and compares what the
 * DUT commits with what the model commits: it loads programs (assembly or vector files),
 * aligns the DUT's events of a cycle with the model's, compares them field by field and
 * keeps one message per mismatch. Any testbench can drive it (the SystemVerilog DPI
 * adapter dpi/gcnref_dpi.c, a C++ or Python harness); it knows nothing of a simulator.
 *
 * Errors: a function that can fail returns -1 (or NULL) and writes a message into ERR
 * (which may be NULL); a failed load leaves the checker as it was. A load resets the run:
 * cycle, events, DUT events and mismatches. Messages name the mismatching field and the
 * instruction (its PC) that produced it. Not thread-safe per checker. */
#ifndef GCN_CHECKER_H
#define GCN_CHECKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gcnref/state.h"
#include "gcnref/timing.h"

/* Mismatch messages kept per checker (all are counted). */
#define GCN_CHECKER_MAX_MESSAGES 10000

typedef struct gcn_checker gcn_checker;

/* One kept mismatch: "cycle C: what differs", the field it names ("s1 bits 0-3 (as a
 * lane mask: lanes 0-3)", "v2 pass 1 lane 5 (wave lanes 21)", "missing event ..."), and
 * the PC of the instruction it belongs to (-1 when the cycle does not say). */
typedef struct {
  const char *message;
  const char *field;
  long long pc;
} gcn_mismatch;

/* ---------------------------------------------------------------- create, load */
gcn_checker *gcn_checker_new(gcn_gen gen, const gcn_timing_config *cfg, gcn_error *err);
void gcn_checker_free(gcn_checker *c);
gcn_gen gcn_checker_gen(const gcn_checker *c);

/* Assembles PROG (PROG_NAME in messages, "NAME:LINE: error: ...") and applies the state
 * file STATE ("reg=value" lines, '#' comments; may be NULL) to a fresh initial state; the
 * program is loaded at that state's PC. 0 or -1. */
int gcn_checker_load_asm(gcn_checker *c, FILE *prog, const char *prog_name, FILE *state,
                         const char *state_name, gcn_error *err);
/* The same from text (NULL or "" is empty) and from files (STATE_PATH may be NULL or ""). */
int gcn_checker_load_text(gcn_checker *c, const char *program, const char *state, gcn_error *err);
int gcn_checker_load_files(gcn_checker *c, const char *asm_path, const char *state_path, gcn_error *err);
/* Loads vector INDEX (0-based) of the vector file PATH (docs/vectors.md): its program at
 * its base and its whole initial state. Loading vectors 0, 1, 2... of one file reads it
 * once. A vector of another generation than the checker's is an error. */
int gcn_checker_load_vector(gcn_checker *c, const char *path, long index, gcn_error *err);
/* The number of vectors in the vector file PATH, or -1. */
long gcn_checker_vector_count(const char *path, gcn_error *err);
/* The name and seed of the vector loaded last ("" and 0 after another kind of load). */
const char *gcn_checker_vector_name(const gcn_checker *c);
uint64_t gcn_checker_vector_seed(const gcn_checker *c);

/* ---------------------------------------------------------------- the loaded program */
const uint8_t *gcn_checker_image(const gcn_checker *c, size_t *size);
uint64_t gcn_checker_base(const gcn_checker *c);
const gcn_state *gcn_checker_initial(const gcn_checker *c);
/* The canonical text of the instruction at PC ("" outside the program, ".illegal (why)"
 * where the bytes do not decode) into OUT. */
void gcn_checker_disasm_at(const gcn_checker *c, uint64_t pc, char *out, size_t size);
/* Does an instruction that may run (every dword decoded as an instruction start: a branch
 * may land after an illegal word or a literal) name source operand CODE (0..511)? */
bool gcn_checker_program_reads(const gcn_checker *c, unsigned code);
/* The VGPRs such instructions name as a source or a destination, and the one after each
 * (a 64-bit operand): VGPR v in bit v % 32 of USED[v / 32]. */
void gcn_checker_program_vgprs(const gcn_checker *c, uint32_t used[GCN_NUM_VGPRS / 32]);

/* ---------------------------------------------------------------- stepping */
/* Simulates one cycle of the model: the number of events it committed, or -1 (nothing
 * loaded, or the program has ended). */
int gcn_checker_step(gcn_checker *c, gcn_error *err);
bool gcn_checker_done(const gcn_checker *c);
/* The cycle the last step simulated; -1 before the first. */
long long gcn_checker_cycle(const gcn_checker *c);
/* The model's events of that cycle. */
const gcn_event *gcn_checker_events(const gcn_checker *c, size_t *n);
/* The timing core (its state and coverage). */
gcn_core *gcn_checker_core(gcn_checker *c);
const gcn_core *gcn_checker_core_const(const gcn_checker *c);

/* ---------------------------------------------------------------- checking */
/* Records an event the DUT committed in the current cycle (kind, code, value, pass, mask,
 * lanes and pc as the model's events carry them; a DUT's writes need no pc). */
void gcn_checker_dut_event(gcn_checker *c, const gcn_event *ev);
/* Compares the DUT's events recorded since the last check with the model's events of the
 * last step: pairs them (the longest common subsequence of same-field events, so one
 * missing or extra event costs one mismatch), reports each difference, clears the DUT's
 * events. Returns the number of mismatches found. */
int gcn_checker_check_cycle(gcn_checker *c);
unsigned long long gcn_checker_mismatch_count(const gcn_checker *c);
/* Lanes (vector writes) and bits (scalar writes) the checker did not compare because the
 * sources leave their value open (the model marks them; docs/float.md "Approximate
 * results" 6), since the last clear. */
unsigned long long gcn_checker_undefined_count(const gcn_checker *c);
/* The number of mismatches kept (at most GCN_CHECKER_MAX_MESSAGES) and mismatch I of them
 * (NULL when I is out of range). */
size_t gcn_checker_mismatches_kept(const gcn_checker *c);
const gcn_mismatch *gcn_checker_mismatch(const gcn_checker *c, size_t i);

/* ---------------------------------------------------------------- functional coverage */
/* Writes the coverage database of every instruction executed so far to PATH, through a
 * temporary file renamed into place, so that a crash never leaves half a database. */
int gcn_checker_coverage_write(gcn_checker *c, const char *path, gcn_error *err);
void gcn_checker_coverage_reset(gcn_checker *c);
/* Bins that can be hit on the checker's generation, and bins hit so far. */
void gcn_checker_coverage_totals(gcn_checker *c, unsigned long *bins, unsigned long *hit);

/* ================================================================ retire mode
 * The per-instruction (retire-order) compare, for a DUT with its own timing (docs/retire.md).
 * The DUT reports each instruction it retires: first its architectural writes
 * (gcn_checker_retire_sgpr/scc/mode/pc/vgpr), then gcn_checker_retire (its PC, kind and,
 * optionally, its instruction words), at any cycle and with any latency. The checker steps
 * the functional model one instruction (gcn_step, not the timing core) and compares every
 * write: values, lanes, writes the DUT made that the model did not, writes the model made
 * that the DUT did not report. Mismatches are kept with the per-cycle mode's ones
 * (gcn_checker_mismatch: message "retire N (PC 0x...  TEXT): ...", field, PC). A load
 * starts a new run. gcn_checker_retire_clock counts the DUT's cycles for the watchdog. */
typedef struct {
  /* 1: the DUT retires in program order. N > 1: a retirement may overtake up to N-1
   * older instructions (a DUT whose units commit out of order, e.g. the reference core,
   * whose SALU overtakes a running VALU). */
  unsigned window;
  /* false: a write is compared by its effect (a reported write that leaves a register as
   * it was equals no write; a VGPR lane outside EXEC the DUT rewrites with its old value is
   * no mismatch). true: every write the model makes must be reported, and nothing else. */
  bool strict;
  /* DUT cycles without a retirement before the watchdog fires (0: never). */
  unsigned long long watchdog;
  /* Instructions listed in a report before the first mismatch. */
  unsigned history;
} gcn_retire_config;

/* window 1, strict false, watchdog 10000, history 8. */
gcn_retire_config gcn_retire_config_default(void);
/* Sets the configuration (it stays across loads). -1 if WINDOW is 0 or over 256. */
int gcn_checker_retire_config(gcn_checker *c, const gcn_retire_config *cfg, gcn_error *err);
/* Loads a DUT capability file (docs/retire.md; NULL or "": everything); a retired
 * instruction outside it is reported as such (field "capability"). Stays across loads. */
int gcn_checker_retire_capability(gcn_checker *c, const char *path, gcn_error *err);

/* The writes of the instruction the DUT retires next (any order; a 64-bit write is two
 * dwords). CODE is the 7-bit scalar code (VCC 106/107, M0 124, EXEC 126/127, ...). */
void gcn_checker_retire_sgpr(gcn_checker *c, unsigned code, uint32_t value);
void gcn_checker_retire_scc(gcn_checker *c, unsigned value);
void gcn_checker_retire_mode(gcn_checker *c, uint32_t value);
/* A taken branch's target (the model's PC write: s_setpc, s_swappc, fork, join). */
void gcn_checker_retire_pc(gcn_checker *c, uint64_t target);
/* N lanes FIRST..FIRST+N-1 of VGPR V, written where bit k of MASK is set with
 * VALUES[k]; several calls for one VGPR add lanes (a 16-lane DUT reports 4 groups). */
void gcn_checker_retire_vgpr(gcn_checker *c, unsigned v, unsigned first, unsigned n, uint64_t mask,
                             const uint32_t *values);
/* The DUT retired the instruction at PC with the writes reported since the last call.
 * KIND: GCN_EV_RETIRE, GCN_EV_END (s_endpgm, or the end of the program), GCN_EV_ILLEGAL
 * or GCN_EV_UNSUPPORTED (the DUT refused it). WORDS (N_WORDS 0..2, may be NULL) are the
 * instruction words the DUT executed, compared with the program's. Returns the number of
 * mismatches found. */
int gcn_checker_retire(gcn_checker *c, unsigned kind, uint64_t pc, const uint32_t *words, unsigned n_words);
/* N DUT cycles have passed (a testbench calls it every cycle, or with the cycles since its
 * last call). Returns 1 once, the cycle the watchdog fires (a "watchdog" mismatch naming
 * the instruction the model retires next and the cycles waited), else 0. */
int gcn_checker_retire_clock(gcn_checker *c, unsigned long long n);
/* The DUT has stopped (done, or the testbench gives up): a model instruction not retired
 * by then is one "missing retire" mismatch. Returns the mismatches found. */
int gcn_checker_retire_finish(gcn_checker *c);
/* Has the DUT retired the model's end (END matched, nothing pending)? */
bool gcn_checker_retire_ended(const gcn_checker *c);
/* Instructions the DUT has retired in this run, and cycles counted. */
unsigned long long gcn_checker_retired(const gcn_checker *c);
/* The run's report: the first mismatching instruction and field ("first mismatch: retire
 * N, PC 0x...  TEXT | field: F"), its mismatches, the instructions retired before it with
 * their writes, and "reproduce: REPRO" (when REPRO is not NULL). "" when nothing
 * mismatched. Valid until the next call. */
const char *gcn_checker_retire_report(gcn_checker *c, const char *repro);

/* Steps the model alone one instruction (no DUT: `gcnref run` through the library, the
 * Python binding): the record's kind (GCN_EV_RETIRE ... GCN_EV_END), or -1 when the
 * program has ended. TEXT gets "PC  INSTRUCTION  WRITES" as a trace line. */
int gcn_checker_model_step(gcn_checker *c, char *text, size_t size);
/* A register of the model's state after the instructions stepped so far (the retire
 * mode's or gcn_checker_model_step's): NAME as in state files ("s5", "vcc", "v3[7]",
 * "scc", "pc"). 0, or -1 for a bad name. */
int gcn_checker_model_reg(gcn_checker *c, const char *name, uint64_t *value, gcn_error *err);

/* ================================================================ plain values (ffi.c)
 * For a foreign-function interface (the Python binding, docs/python.md). GEN is 0..3. */
/* The generation named NAME (gcn10, gfx9, ...), or -1. */
int gcn_ffi_gen_parse(const char *name);
/* Assembles one line into WORDS: the number of dwords (1 or 2), or -1 with ERR. */
int gcn_ffi_assemble(int gen, const char *line, uint32_t words[2], char *err, size_t size);
/* Disassembles the instruction at WORDS (N dwords available) into OUT: its size in bytes,
 * or -1 with the decoder's message in OUT. */
int gcn_ffi_disasm(int gen, const uint32_t *words, size_t n, char *out, size_t size);
/* The loaded program's initial state: scalar CODE, lane LANE of VGPR V, SCC. */
uint32_t gcn_ffi_init_sreg(const gcn_checker *c, unsigned code);
uint32_t gcn_ffi_init_vgpr(const gcn_checker *c, unsigned v, unsigned lane);
int gcn_ffi_init_scc(const gcn_checker *c);

#endif

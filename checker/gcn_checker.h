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

#endif

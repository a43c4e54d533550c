/* gcnref: the cycle-accurate timing layer (docs/microarch.md is the contract). A core
 * runs one wavefront: gcn_core_step advances one clock cycle and returns the commit
 * events of that cycle. The functional model executes each instruction when it issues;
 * its writes are reported in their commit cycles. */
#ifndef GCNREF_TIMING_H
#define GCNREF_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "gcnref/coverage.h"
#include "gcnref/model.h"

/* Latencies (docs/microarch.md, "Parameters"). The RTL reads the same values. */
typedef struct {
  unsigned salu_latency;   /* SALU issue to commit */
  unsigned valu_depth;     /* VALU pass entry to commit */
  unsigned branch_penalty; /* taken branch issue to target issue */
} gcn_timing_config;

#define GCN_VALU_PASSES 4
#define GCN_PASS_LANES 16

gcn_timing_config gcn_timing_default(void);
/* Checks a configuration (all >= 1, valu_depth <= 64); 0 or -1 with a message. */
int gcn_timing_validate(const gcn_timing_config *cfg, gcn_error *err);

typedef enum {
  GCN_EV_SCALAR,      /* code, value: a 32-bit scalar register write */
  GCN_EV_SCC,         /* value */
  GCN_EV_MODE,        /* value */
  GCN_EV_VECTOR,      /* vgpr, pass, mask, lanes[16] */
  GCN_EV_RETIRE,      /* pc */
  GCN_EV_ILLEGAL,     /* pc, and a message (gcn_core_message) */
  GCN_EV_UNSUPPORTED, /* pc, and a message */
  GCN_EV_END,         /* pc of s_endpgm (or of the address after the program) */
  GCN_EV_HWREG,       /* code (hwreg id), value: a hardware register write (TRAPSTS); in a
                         commit group after MODE, before the vector write (gcn_event_rank) */
} gcn_event_kind;

/* The place of an event kind in its commit group (the contract's order): scalar writes,
 * SCC, MODE, hwreg, vector, retire; then illegal / unsupported / end. */
unsigned gcn_event_rank(unsigned kind);

typedef struct {
  uint8_t kind;   /* gcn_event_kind */
  uint8_t pass;   /* GCN_EV_VECTOR */
  uint16_t mask;  /* GCN_EV_VECTOR: lanes written in this pass */
  uint16_t code;  /* GCN_EV_SCALAR: 7-bit register code; GCN_EV_VECTOR: VGPR; GCN_EV_HWREG: id */
  uint32_t value; /* GCN_EV_SCALAR/SCC/MODE/HWREG */
  uint64_t pc;    /* RETIRE/ILLEGAL/UNSUPPORTED/END; for a write, its instruction's PC */
  uint32_t lanes[GCN_PASS_LANES]; /* GCN_EV_VECTOR */
  uint32_t undef; /* model events only: GCN_EV_VECTOR lanes (of this pass) / GCN_EV_SCALAR
                     bits whose value the sources leave open; the checker does not compare
                     them (docs/float.md "Approximate results" 6) */
} gcn_event;

typedef enum { GCN_CORE_RUNNING, GCN_CORE_DONE } gcn_core_status;

typedef struct gcn_core gcn_core;

/* A core for GEN with CFG (NULL: the defaults). Returns NULL when out of memory or CFG is
 * invalid (ERR says why). */
gcn_core *gcn_core_new(gcn_gen gen, const gcn_timing_config *cfg, gcn_error *err);
void gcn_core_free(gcn_core *core);

/* Loads a program image (copied) and the initial state (NULL: the documented default
 * with PC at BASE); resets the cycle count to 0. */
void gcn_core_load(gcn_core *core, uint64_t base, const uint8_t *bytes, size_t size,
                   const gcn_state *initial);

/* Advances one cycle. Sets *EVENTS and *N to the events committed in it (valid until the
 * next call). Returns GCN_CORE_DONE once the program has ended (END, or ILLEGAL /
 * UNSUPPORTED and the drain) - the cycle that reported END is the last. */
gcn_core_status gcn_core_step(gcn_core *core, const gcn_event **events, unsigned *n);

/* The cycle that the next gcn_core_step will simulate (0 before the first). */
uint64_t gcn_core_cycle(const gcn_core *core);
/* Architectural state as executed so far (every issued instruction applied). */
const gcn_state *gcn_core_state(const gcn_core *core);
/* The message of the last ILLEGAL / UNSUPPORTED event ("" if none). */
const char *gcn_core_message(const gcn_core *core);
const gcn_timing_config *gcn_core_config(const gcn_core *core);
/* Functional coverage of every instruction the core has executed; it accumulates across
 * loaded programs (gcn_coverage_reset clears it). */
gcn_coverage *gcn_core_coverage(gcn_core *core);

/* An instruction issued but not yet retired: its PC, issue cycle and retire cycle. */
typedef struct {
  uint64_t pc, issued, retires;
} gcn_in_flight;

/* The instructions issued but not retired after the last gcn_core_step (those that
 * retire in a later cycle), in issue order: the first MAX go to OUT; returns how many
 * there are. (A mismatch report lists them: an instruction that issued early and has not
 * retired is in neither the cycle's commits nor the retired history.) */
size_t gcn_core_in_flight(const gcn_core *core, gcn_in_flight *out, size_t max);

/* Formats the events of one cycle as "@CYCLE EVENT EVENT ..." (the timing tests' form). */
void gcn_events_format(gcn_gen gen, uint64_t cycle, const gcn_event *ev, unsigned n, char *buf,
                       size_t len);

/* Formats an event as one line ("s5=0x00000003", "v1.p2[0x00ff]=...", "retire 0x10"). */
void gcn_event_format(gcn_gen gen, const gcn_event *ev, char *buf, size_t len);

#endif

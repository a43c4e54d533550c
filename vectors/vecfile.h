/* gcnref vectors: the vector file format (docs/vectors.md is the specification).
 *
 * A vector is one test: a generation, a seed, MODE, an initial state (the seeded default
 * state of docs/vectors.md changed by `init` assignments), a program (canonical assembly
 * text with its encoding bytes, deliberately illegal encodings marked `.illegal`, an intended
 * run-time error marked `.fails`) and,
 * optionally, the expected outcome (`result`) and final state (`expect` assignments).
 * A file holds a `gcnvec 1` header and any number of vectors.
 *
 * Reading checks everything a consumer relies on (addresses, encodings that decode, text
 * that assembles to its bytes, illegal encodings that really fail to decode in place);
 * every error is one line "FILE:LINE: error: expected ...". Writing is canonical and
 * deterministic: writing a parsed vector reproduces a canonical file byte for byte. */
#ifndef GCNVEC_VECFILE_H
#define GCNVEC_VECFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gcnref/model.h"
#include "gcnref/state.h"
#include "gcnref/timing.h"

#define GCN_VEC_VERSION 1
#define GCN_VEC_NAME_MAX 64    /* including the terminating NUL */
#define GCN_VEC_ORIGIN_MAX 160 /* including the terminating NUL */
/* Room for the longest canonical text: an SDWA form with two src_pops_exiting_wave_id sources and every
 * selector prints about 170 characters (128 cut its `src1_sel:` off; tests/unit/test_vecfile.c). */
#define GCN_VEC_TEXT_MAX 256

/* One instruction of a vector's program. */
typedef struct {
  uint64_t addr;               /* absolute address (base + offset) */
  uint8_t size;                /* 4 or 8 bytes */
  bool illegal;                /* a deliberately illegal encoding, written ".illegal" */
  bool fails;                  /* a legal instruction meant to end the run with a run-time error (ILLEGAL), written
                                * ".fails TEXT" (generator version 26; docs/vectors.md) */
  char text[GCN_VEC_TEXT_MAX]; /* canonical text (gcn_disasm), or ".illegal" */
  unsigned line;               /* its `code` line in the file read (0: not read from a file) */
} gcn_vec_inst;

/* How a run ends (the `result` line). */
typedef enum {
  GCN_VEC_END,         /* s_endpgm, or the PC reached the end of the program */
  GCN_VEC_ILLEGAL,     /* an instruction failed to decode, or a run-time error */
  GCN_VEC_UNSUPPORTED, /* an instruction that decodes but is not modelled (s_rfe_*) */
} gcn_vec_status;

typedef struct {
  gcn_vec_status status;
  uint64_t pc;      /* PC of s_endpgm / the end of the program / the failing instruction */
  uint64_t retired; /* instructions retired (s_endpgm and the failing one not counted) */
} gcn_vec_result;

typedef struct {
  char name[GCN_VEC_NAME_MAX];
  unsigned line; /* the `vector` line in the file read (0: not read from a file) */
  char origin[GCN_VEC_ORIGIN_MAX]; /* free text ("" when absent), e.g. how it was generated */
  gcn_gen gen;
  uint64_t seed; /* the seed of the default state */
  uint64_t base; /* load address of the program; the initial PC */
  gcn_state init; /* the whole initial state: default(seed) + mode + init lines, pc = base */
  uint8_t *image; /* the program bytes (size bytes) */
  size_t size, cap;
  gcn_vec_inst *code;
  size_t n_code, cap_code;
  bool has_expect;       /* a `result` line (and `expect` lines) are present */
  gcn_vec_result result;
  gcn_state expect;      /* the whole expected final state (init + expect lines) */
} gcn_vector;

/* A vector is large (two wavefront states): allocate it on the heap. gcn_vec_new returns
 * NULL when out of memory. gcn_vec_reset empties V and sets gen, seed and base, with
 * init = the seeded default state, MODE 0, PC = base. */
gcn_vector *gcn_vec_new(void);
void gcn_vec_free(gcn_vector *v);
void gcn_vec_reset(gcn_vector *v, gcn_gen gen, uint64_t seed, uint64_t base);

/* The seeded default state (docs/vectors.md, "The default state"): gcn_state_init, then
 * SGPRs, VCC, TTMPs and every VGPR lane filled from SEED. PC 0, MODE 0, M0 0, SCC 0. */
void gcn_vec_default_state(gcn_state *st, gcn_gen gen, uint64_t seed);
/* The corner-weighted 32-bit value drawn from one 64-bit random word (docs/vectors.md). */
uint32_t gcn_vec_value(uint64_t r);

/* Appends an instruction at the end of V's program. A legal one (ILLEGAL false) must
 * decode from exactly these SIZE bytes; its canonical text is filled in. 0 or -1. */
int gcn_vec_append(gcn_vector *v, const uint8_t *bytes, unsigned size, bool illegal, gcn_error *err);

/* Reading. A reader returns the vectors of one file in order. gcn_vec_read returns 1 and
 * fills V (reset first), 0 at the end of the file, -1 on an error, with ERR holding
 * "NAME:LINE: error: expected ..." (after an error the reader only returns -1). */
typedef struct gcn_vec_reader gcn_vec_reader;
gcn_vec_reader *gcn_vec_reader_new(FILE *f, const char *name);
int gcn_vec_read(gcn_vec_reader *r, gcn_vector *v, gcn_error *err);
void gcn_vec_reader_free(gcn_vec_reader *r);
/* From now on R checks each vector as gcn_vec_read does (the same errors at the same lines)
 * but fills only what the checks need: the vector's states hold only its init and expect
 * lines' registers (the rest is left as it was: no default state from the seed) and its
 * instructions no canonical text. For counting a file's vectors (gcn_checker_vector_count:
 * the co-simulation counts each file before it loads the vectors one by one). */
void gcn_vec_reader_check_only(gcn_vec_reader *r);
/* From now on R trusts each code line's text: it does not assemble the text to check it
 * against the bytes (the bytes are still decoded: a legal encoding of the stated size, or
 * '.illegal' that fails to decode), and the instructions get no canonical text. Only for a
 * file that a full check of this process read without an error (gcn_checker_load_vector
 * trusts a file gcn_checker_vector_count read: the same device, inode, size and mtime); the
 * assembler was about a third of loading a vector (docs/performance.md). */
void gcn_vec_reader_trust_text(gcn_vec_reader *r);
/* Does the file's first non-blank, non-comment line start with "gcnvec"? (For a command
 * that accepts either a vector file or an assembly file.) Reads F from its start and
 * rewinds it; false for streams that cannot seek. */
bool gcn_vec_sniff(FILE *f);

/* Writing: the header line "gcnvec 1", then each vector as a block preceded by a blank
 * line. Canonical: init and expect list, in a fixed order, exactly the registers that
 * differ from the default state (init) or from the initial state (expect). */
void gcn_vec_write_header(FILE *f);
/* 0, or -1 when out of memory or the stream reports an error (ferror). */
int gcn_vec_write(FILE *f, const gcn_vector *v);

/* Runs V's program on the functional model from V's initial state until it ends, or
 * MAX_STEPS instructions have retired (then -1 with a message). W (caller-provided; it is
 * large) holds the final state afterwards. Fills RES. */
int gcn_vec_run(const gcn_vector *v, gcn_wave *w, uint64_t max_steps, gcn_vec_result *res,
                gcn_error *err);

/* Whether V's run (functional model, a million steps at most) ends with a run-time error at
 * instruction I (its `.fails` mark's meaning): 1 yes, 0 no (RES says how it ends), -1 when it
 * cannot run (ERR says why). */
int gcn_vec_fails_at(const gcn_vector *v, size_t i, gcn_vec_result *res, gcn_error *err);

/* Runs V on the timing core CORE (created for V's generation; gcn_core_load is done here)
 * until it is done, or MAX_CYCLES cycles have passed (then -1 with a message); fills RES
 * from the events. The final state is gcn_core_state(CORE). */
int gcn_vec_run_core(const gcn_vector *v, gcn_core *core, uint64_t max_cycles, gcn_vec_result *res,
                     gcn_error *err);
/* Accumulates a run's outcome from timing-core events, for callers that step the core
 * themselves (start from a zeroed gcn_vec_result): RETIRE counts an instruction; END,
 * ILLEGAL and UNSUPPORTED set the status and PC. */
void gcn_vec_result_add_event(gcn_vec_result *res, const gcn_event *ev);

/* Compares a run's outcome with V's `result` and final state with V's expected state
 * (V must have has_expect). Prints one line per difference to OUT (when not NULL; at most
 * 32 register lines), "NAME: expected REG=VALUE, got VALUE", and returns the number of
 * differences. */
unsigned gcn_vec_compare(const gcn_vector *v, const gcn_vec_result *res, const gcn_state *final,
                         FILE *out);

const char *gcn_vec_status_name(gcn_vec_status s);

#endif

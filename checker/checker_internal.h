/* checker_internal.h: the checker's state, shared by its files (load.c, compare.c); not
 * for users of the library (they see gcn_checker.h). */
#ifndef GCN_CHECKER_INTERNAL_H
#define GCN_CHECKER_INTERNAL_H

#include "gcn_checker.h"
#include "vecfile.h"
#include "gcnref/fp.h"

typedef struct {
  gcn_event *v;
  size_t n, cap;
} gcn_event_list;

struct gcn_checker {
  gcn_gen gen;
  gcn_core *core;
  uint8_t *image; /* the loaded program, as instruction memory holds it */
  size_t image_size;
  uint64_t base;
  gcn_state *initial; /* the state the program starts from (64 KiB: on the heap) */
  bool loaded, done;
  long long cycle;      /* simulated by the last step; -1 before the first */
  gcn_event_list model; /* events of that cycle */
  gcn_event_list dut;   /* DUT events reported since the last check */
  gcn_mismatch *kept;   /* the first GCN_CHECKER_MAX_MESSAGES mismatches (owned strings) */
  size_t n_kept, cap_kept;
  unsigned long long n_mismatch;
  unsigned long long n_undefined; /* lanes and bits not compared: the sources leave them open */
  /* The open vector file (loading vectors 0, 1, 2... of one file reads it once), its
   * path, the index of the vector it returns next, the loaded vector's name and seed. */
  gcn_vec_reader *vr;
  FILE *vf;
  char *vpath;
  long vnext;
  gcn_vector *vbuf; /* the vector each load reads into (one allocation for every load) */
  char vname[GCN_VEC_NAME_MAX];
  uint64_t vseed;
  /* Retire mode (retire.c): its state, made on first use, and the number of loads so far
   * (a load starts a new retire-mode run). */
  struct gcn_retire_ck *rt;
  unsigned long loads;
};

_Noreturn void gcn_checker_out_of_memory(void);
void *gcn_checker_realloc(void *p, size_t size);
/* Forgets the kept mismatches and the count. */
void gcn_checker_clear_mismatches(gcn_checker *c);
/* Counts a mismatch and keeps MESSAGE (copied) with FIELD and PC. */
/* The ULP bound of the approximate instruction at PC whose float result is one VGPR (f32, or
 * f16 in the low half; *t gets its type), else 0; and whether a DUT lane value is accepted
 * against the model's (equal, or within the bound). Both compare modes use them. */
uint32_t gcn_checker_approx_bound(const gcn_checker *c, uint64_t pc, gcn_fp_type *t);
bool gcn_checker_lane_accepted(uint32_t want, uint32_t got, uint32_t ulps, gcn_fp_type t);
void gcn_checker_keep(gcn_checker *c, const char *field, long long pc, const char *message);
/* Frees the retire-mode state (retire.c). */
void gcn_checker_retire_free(gcn_checker *c);

#endif

/* gcnref: architectural state of one wavefront. */
#ifndef GCNREF_STATE_H
#define GCNREF_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gcnref/isa.h"

#define GCN_MAX_SGPRS GCN_TAB_MAX_SGPRS /* the ISA table's largest SGPR count */
#define GCN_MAX_TTMPS 16
#define GCN_NUM_VGPRS 256
#define GCN_WAVE_SIZE 64
#define GCN_NUM_HWREGS 64 /* hwreg ids: 6 bits */

/* MODE register fields (gcn_semantics.md section 2). */
#define GCN_MODE_CSP_SHIFT 29
#define GCN_MODE_CSP_MASK (7u << GCN_MODE_CSP_SHIFT)

typedef struct {
  gcn_gen gen;
  uint32_t sgpr[GCN_MAX_SGPRS];
  uint64_t vcc;
  uint64_t exec;
  uint32_t m0;
  bool scc;
  uint64_t pc;
  uint32_t mode;
  uint32_t ttmp[GCN_MAX_TTMPS];
  uint64_t tba, tma;          /* gcn10-gcn12 */
  uint64_t flat_scratch;      /* gcn11+ */
  uint64_t xnack_mask;        /* gcn12+ */
  uint32_t aperture[5];       /* gcn14 read-only sources 235..239 (src_shared_base...) */
  /* Hardware registers by hwreg id (gcn_isa.tab @symbols hwreg; MODE is .mode): TRAPSTS,
   * and the values of STATUS and the configuration registers the initial state sets. */
  uint32_t hwreg[GCN_NUM_HWREGS];
  uint32_t vgpr[GCN_NUM_VGPRS][GCN_WAVE_SIZE];
} gcn_state;

/* Resets to the documented initial state: everything 0 except EXEC = all ones. */
void gcn_state_init(gcn_state *st, gcn_gen gen);

/* 32-bit access to a scalar register by its 7-bit operand code (SGPR or special).
 * Reads of other codes return 0; the decoder has already rejected illegal codes. */
uint32_t gcn_sreg_read(const gcn_state *st, unsigned code);
void gcn_sreg_write(gcn_state *st, unsigned code, uint32_t value);

/* A named register of the state, as used in state files, traces and tests:
 * "s5", "s[2:3]", "vcc", "vcc_lo", "exec", "m0", "scc", "pc", "mode", "ttmp3",
 * "flat_scratch_lo", "v3" (all lanes), "v3[17]" (one lane), "v3[0:31]" (lanes 0..31),
 * and the hardware registers other than MODE by their hwreg name without HW_REG_ in lower
 * case: "trapsts", "status", "hw_id", "gpr_alloc", "lds_alloc", "ib_sts". */
typedef struct {
  enum { GCN_REG_SCALAR, GCN_REG_SCC, GCN_REG_PC, GCN_REG_MODE, GCN_REG_VGPR, GCN_REG_HWREG } kind;
  unsigned code;  /* scalar code of the low dword, VGPR number, or hwreg id */
  unsigned width; /* 32 or 64 (scalar), 1 (scc) */
  int lane;       /* first VGPR lane, or -1 for all lanes */
  int lane_last;  /* last VGPR lane of a range v1[a:b] (== lane for one lane) */
} gcn_reg_ref;

bool gcn_reg_parse(gcn_gen gen, const char *name, gcn_reg_ref *out);
uint64_t gcn_reg_get(const gcn_state *st, const gcn_reg_ref *r);
void gcn_reg_set(gcn_state *st, const gcn_reg_ref *r, uint64_t value);

/* Applies "name=value" assignments separated by white space (a state line). On error
 * fills ERR with what was wrong and returns -1. */
int gcn_state_assign(gcn_state *st, const char *text, gcn_error *err);

/* Calls FN for each maximal run of consecutive lanes of MASK whose VGPR V values are
 * equal; FIRST = LAST = -1 when MASK is all 64 lanes and they all hold one value. Used to
 * print lanes compactly: v1=0x5, or v1[0:31]=0x5 v1[32:63]=0x7. */
typedef void (*gcn_lane_run_fn)(void *ctx, unsigned v, int first, int last, uint32_t value);
void gcn_vgpr_runs(const gcn_state *st, unsigned v, uint64_t mask, gcn_lane_run_fn fn, void *ctx);
/* Formats a run as "v1", "v1[5]" or "v1[0:31]". */
void gcn_lane_run_name(unsigned v, int first, int last, char *buf, size_t len);

/* Prints every scalar register that differs from the initial state, and the non-zero
 * VGPR lanes (runs of equal lanes grouped), as "name = value" lines (fixed order). */
void gcn_state_print(const gcn_state *st, FILE *out);
void gcn_state_print_json(const gcn_state *st, FILE *out);

/* State name of a hwreg symbol ("trapsts" for HW_REG_TRAPSTS) into BUF. */
void gcn_hwreg_state_name(const gcn_symbol_desc *s, char *buf, size_t len);

#endif

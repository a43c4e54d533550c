/* retire_internal.h: the retire-mode checker's state (checker/retire.c, retire_report.c);
 * not for users of the library (they see the retire section of gcn_checker.h). */
#ifndef GCN_RETIRE_INTERNAL_H
#define GCN_RETIRE_INTERNAL_H

#include "capability.h"
#include "checker_internal.h"
#include "gcnref/model.h"

#define RT_MAX_SW 16 /* scalar dword writes of one instruction */
#define RT_MAX_VW 4  /* VGPR writes of one instruction */
#define RT_HIST(rt) ((rt)->cfg.history ? (rt)->cfg.history : 1u) /* history ring size */

typedef struct {
  uint16_t vgpr;
  uint64_t mask;                   /* lanes written */
  uint32_t lanes[GCN_WAVE_SIZE];   /* the values written (lanes in MASK) */
  uint32_t old[GCN_WAVE_SIZE];     /* model records: every lane before the instruction */
  uint64_t undef;                  /* model records: lanes whose value the sources leave open */
} rt_vwrite;

/* One retired instruction with its writes: the model's (with the values before it) or the
 * DUT's. */
typedef struct {
  unsigned kind; /* GCN_EV_RETIRE, _ILLEGAL, _UNSUPPORTED, _END */
  uint64_t pc;
  uint32_t words[2];
  unsigned n_words; /* DUT: 0 = not reported */
  unsigned n_s;
  struct {
    uint16_t code;
    uint32_t value, old;
  } s[RT_MAX_SW];
  bool scc_w, mode_w, pc_w;
  uint32_t scc, scc_old, mode, mode_old;
  uint64_t next_pc; /* PC write (a branch target) */
  uint64_t end_pc;  /* model END record: the final PC (after s_trap and the like, the next one) */
  /* model records */
  bool matched, outside;
  unsigned long long seq; /* 1-based program-order number */
  char text[96];          /* the instruction's canonical text */
  char why[160];          /* outside the capability: what is missing; illegal: the message */
  unsigned n_v;           /* last: a record is cleared up to V */
  rt_vwrite v[RT_MAX_VW];
} rt_rec;

struct gcn_retire_ck {
  unsigned long loads; /* the checker's load count this state belongs to */
  gcn_retire_config cfg;
  gcn_capability *cap; /* NULL: everything */
  gcn_wave wave;
  bool wave_ok;
  gcn_state *prev;     /* the wave's state before its last step */
  rt_rec *rob;         /* model records not yet retired by the DUT, oldest first */
  size_t n_rob;
  rt_rec dut;          /* the DUT's record being built */
  bool model_ended;    /* the model has produced its last record */
  bool stopped;        /* the DUT retired the model's end (END, ILLEGAL, UNSUPPORTED) */
  bool ended;          /* ... and every older instruction */
  bool watchdog_fired;
  unsigned long long seq, retired, idle;
  long long first_bad;       /* seq of the first record with a mismatch (-1 none) */
  size_t first_kept;         /* its first kept mismatch */
  char *first_hist;          /* the history lines when it was found */
  unsigned long long cycle;  /* DUT cycles reported through gcn_checker_retire_clock */
  char (*hist)[200];         /* the last records retired, a ring of max(cfg.history, 1) */
  unsigned long long n_hist;
  char *report;              /* the last report (gcn_checker_retire_report) */
};

/* retire.c: the record a mismatch belongs to; retire_report.c: the lines of a report. */
void rt_add_mismatch(gcn_checker *c, const rt_rec *r, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void rt_record_history(struct gcn_retire_ck *rt, gcn_gen gen, const rt_rec *r);
/* The history lines now (owned by the caller), for the first mismatch. */
char *rt_history_text(const struct gcn_retire_ck *rt);

#endif

/* Retire mode's report (docs/retire.md, "Reading a report"): the instructions retired
 * (a ring of trace lines), and the report of a failing run: the first mismatching
 * instruction and field, its mismatches, the instructions before it, a reproduction line. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#endif

#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"
#include "retire_internal.h"

#define REPORT_MESSAGES 16 /* mismatch messages of the first bad instruction listed */

/* "retire N  PC 0x000010  TEXT  WRITES" of record R into OUT. */
static void trace_line(gcn_gen gen, const rt_rec *r, char *out, size_t size) {
  size_t len = (size_t)snprintf(out, size, "retire %-5llu PC 0x%06llx  %-36s", r->seq, (unsigned long long)r->pc, r->text);
  char name[48];
  for (unsigned i = 0; i < r->n_s && len < size; i++) {
    if (!gcn_operand_reg_name(gen, r->s[i].code, 32, name, sizeof name)) snprintf(name, sizeof name, "sreg%u", r->s[i].code);
    len += (size_t)snprintf(out + len, size - len, " %s=0x%08x", name, r->s[i].value);
  }
  if (r->scc_w && len < size) len += (size_t)snprintf(out + len, size - len, " scc=%u", r->scc);
  if (r->mode_w && len < size) len += (size_t)snprintf(out + len, size - len, " mode=0x%08x", r->mode);
  if (r->pc_w && len < size) len += (size_t)snprintf(out + len, size - len, " pc=0x%llx", (unsigned long long)r->next_pc);
  for (unsigned i = 0; i < r->n_v && len < size; i++)
    len += (size_t)snprintf(out + len, size - len, " v%u[mask 0x%016llx]", r->v[i].vgpr, (unsigned long long)r->v[i].mask);
  if (r->kind != GCN_EV_RETIRE && len < size)
    snprintf(out + len, size - len, " (%s%s%s)", r->kind == GCN_EV_END ? "end" : r->kind == GCN_EV_ILLEGAL ? "illegal"
                                                                                              : "unsupported",
             r->why[0] ? ": " : "", r->why);
}

void rt_record_history(struct gcn_retire_ck *rt, gcn_gen gen, const rt_rec *r) {
  trace_line(gen, r, rt->hist[rt->n_hist % RT_HIST(rt)], sizeof rt->hist[0]);
  rt->n_hist++;
}

char *rt_history_text(const struct gcn_retire_ck *rt) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) gcn_checker_out_of_memory();
  unsigned long long n = rt->n_hist < rt->cfg.history ? rt->n_hist : rt->cfg.history;
  fprintf(f, "  last %llu instruction%s retired before it (model):\n", n, n == 1 ? "" : "s");
  for (unsigned long long k = rt->n_hist - n; k < rt->n_hist; k++) fprintf(f, "    %s\n", rt->hist[k % RT_HIST(rt)]);
  if (fclose(f)) gcn_checker_out_of_memory();
  return buf;
}

const char *gcn_checker_retire_report(gcn_checker *c, const char *repro) {
  struct gcn_retire_ck *rt = c->rt;
  if (!rt || rt->loads != c->loads || rt->first_bad < 0 || rt->first_kept >= c->n_kept) return "";
  free(rt->report);
  rt->report = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&rt->report, &len);
  if (!f) gcn_checker_out_of_memory();
  const gcn_mismatch *first = &c->kept[rt->first_kept];
  char text[96] = "";
  if (first->pc >= 0) gcn_checker_disasm_at(c, (uint64_t)first->pc, text, sizeof text);
  if (first->pc >= 0)
    fprintf(f, "first mismatch: retire %lld, PC 0x%06llx  %s | field: %s\n", rt->first_bad, (unsigned long long)first->pc,
            text[0] ? text : "(the end of the program)", first->field);
  else
    fprintf(f, "first mismatch: after the end | field: %s\n", first->field);
  size_t shown = 0;
  for (size_t i = rt->first_kept; i < c->n_kept && shown < REPORT_MESSAGES; i++) {
    if (c->kept[i].pc != first->pc && shown) break; /* the first bad instruction's messages */
    fprintf(f, "  %s\n", c->kept[i].message);
    shown++;
  }
  if (c->n_mismatch > shown)
    fprintf(f, "  (%llu mismatch%s in this run in all)\n", c->n_mismatch, c->n_mismatch == 1 ? "" : "es");
  if (rt->first_hist) fputs(rt->first_hist, f);
  if (repro && *repro) fprintf(f, "reproduce: %s\n", repro);
  if (fclose(f)) gcn_checker_out_of_memory();
  return rt->report;
}

/* Retire mode (docs/retire.md): the DUT reports each instruction it retires with its
 * writes; the functional model steps one instruction per retirement (in a reorder window
 * when the DUT may retire out of program order) and every write is compared. The report
 * text is retire_report.c. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strdup */
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"
#include "retire_internal.h"

#define LANE_MESSAGES 4 /* lane mismatches of one VGPR kept one by one; the rest as one */

gcn_retire_config gcn_retire_config_default(void) {
  return (gcn_retire_config){.window = 1, .strict = false, .watchdog = 10000, .history = 8};
}

void gcn_checker_keep(gcn_checker *c, const char *field, long long pc, const char *message) {
  c->n_mismatch++;
  if (c->n_kept >= GCN_CHECKER_MAX_MESSAGES) return;
  if (c->n_kept == c->cap_kept) {
    c->cap_kept = c->cap_kept ? 2 * c->cap_kept : 16;
    c->kept = gcn_checker_realloc(c->kept, c->cap_kept * sizeof *c->kept);
  }
  char *m = strdup(message), *f = strdup(field);
  if (!m || !f) gcn_checker_out_of_memory();
  c->kept[c->n_kept++] = (gcn_mismatch){m, f, pc};
}

/* ================================================================ state, run reset */

static void rt_reset(gcn_checker *c) {
  struct gcn_retire_ck *rt = c->rt;
  gcn_wave_free(&rt->wave);
  gcn_wave_init(&rt->wave, c->gen, (gcn_program){c->base, c->image, c->image_size});
  rt->wave.st = *c->initial;
  rt->wave.st.pc = c->base;
  *rt->prev = rt->wave.st;
  rt->wave_ok = c->loaded;
  rt->n_rob = 0;
  memset(&rt->dut, 0, sizeof rt->dut);
  rt->model_ended = !c->loaded;
  rt->ended = rt->stopped = rt->watchdog_fired = false;
  rt->seq = rt->retired = rt->idle = rt->cycle = rt->n_hist = 0;
  rt->first_bad = -1;
  free(rt->first_hist);
  rt->first_hist = NULL;
  rt->loads = c->loads;
}

/* The retire-mode state of C for its current load (a new run after each load). */
static struct gcn_retire_ck *rt_of(gcn_checker *c) {
  if (!c->rt) {
    c->rt = calloc(1, sizeof *c->rt);
    gcn_state *prev = malloc(sizeof *prev);
    if (!c->rt || !prev) gcn_checker_out_of_memory();
    c->rt->prev = prev;
    c->rt->cfg = gcn_retire_config_default();
    c->rt->hist = gcn_checker_realloc(NULL, c->rt->cfg.history * sizeof *c->rt->hist);
    rt_reset(c);
  } else if (c->rt->loads != c->loads) {
    rt_reset(c);
  }
  return c->rt;
}

void gcn_checker_retire_free(gcn_checker *c) {
  struct gcn_retire_ck *rt = c->rt;
  if (!rt) return;
  gcn_wave_free(&rt->wave);
  free(rt->prev);
  free(rt->rob);
  free(rt->cap);
  free(rt->hist);
  free(rt->report);
  free(rt->first_hist);
  free(rt);
  c->rt = NULL;
}

int gcn_checker_retire_config(gcn_checker *c, const gcn_retire_config *cfg, gcn_error *err) {
  if (cfg->window < 1 || cfg->window > 256) return gcn_fail(err, "retire window %u: expected 1..256", cfg->window);
  if (cfg->history > 1000) return gcn_fail(err, "retire history %u: expected 0..1000", cfg->history);
  struct gcn_retire_ck *rt = rt_of(c);
  rt->cfg = *cfg;
  rt->hist = gcn_checker_realloc(rt->hist, (cfg->history ? cfg->history : 1) * sizeof *rt->hist);
  rt->n_hist = 0;
  return 0;
}

int gcn_checker_retire_capability(gcn_checker *c, const char *path, gcn_error *err) {
  struct gcn_retire_ck *rt = rt_of(c);
  if (!path || !*path) {
    free(rt->cap);
    rt->cap = NULL;
    return 0;
  }
  gcn_capability *cap = malloc(sizeof *cap);
  if (!cap) return gcn_fail(err, "out of memory");
  if (gcn_capability_load(path, cap, err)) {
    free(cap);
    return -1;
  }
  free(rt->cap);
  rt->cap = cap;
  return 0;
}

/* ================================================================ the model's records */

/* Steps the model one instruction into a new record at the end of the reorder buffer;
 * NULL once the model has ended. */
static rt_rec *model_next(gcn_checker *c) {
  struct gcn_retire_ck *rt = c->rt;
  if (rt->model_ended) return NULL;
  rt->rob = gcn_checker_realloc(rt->rob, (rt->n_rob + 1) * sizeof *rt->rob);
  rt_rec *r = &rt->rob[rt->n_rob++];
  memset(r, 0, offsetof(rt_rec, v));
  gcn_wave *w = &rt->wave;
  gcn_retire ret;
  gcn_error err = {{0}};
  r->pc = w->st.pc;
  r->seq = ++rt->seq;
  ret.n_writes = 0;
  gcn_step_status s = gcn_step(w, &ret, &err);
  r->kind = s == GCN_STEP_OK ? GCN_EV_RETIRE : s == GCN_STEP_END ? GCN_EV_END
            : s == GCN_STEP_NOT_MODELLED ? GCN_EV_UNSUPPORTED : GCN_EV_ILLEGAL;
  rt->model_ended = s != GCN_STEP_OK;
  r->end_pc = w->st.pc;
  gcn_checker_disasm_at(c, r->pc, r->text, sizeof r->text);
  if (!r->text[0]) snprintf(r->text, sizeof r->text, "(the end of the program)");
  bool decoded = s == GCN_STEP_OK || s == GCN_STEP_NOT_MODELLED || (s == GCN_STEP_END && r->pc < c->base + c->image_size);
  if (decoded) {
    r->n_words = ret.inst.size / 4;
    for (unsigned k = 0; k < r->n_words; k++) {
      size_t at = (size_t)(r->pc - c->base) + 4 * k;
      for (unsigned b = 0; b < 4 && at + b < c->image_size; b++) r->words[k] |= (uint32_t)c->image[at + b] << (8 * b);
    }
    if (rt->cap && !gcn_capability_allows(rt->cap, c->gen, &ret.inst, r->why, sizeof r->why)) r->outside = true;
  } else if (s != GCN_STEP_END) {
    snprintf(r->why, sizeof r->why, "%.150s", err.msg);
  }
  if (s != GCN_STEP_OK) return r;
  for (unsigned k = 0; k < ret.n_writes; k++) {
    const gcn_write *wr = &ret.writes[k];
    switch (wr->kind) {
      case GCN_W_SREG:
        if (r->n_s < RT_MAX_SW) {
          r->s[r->n_s].code = (uint16_t)wr->code;
          r->s[r->n_s].value = gcn_sreg_read(&w->st, wr->code);
          r->s[r->n_s++].old = gcn_sreg_read(rt->prev, wr->code);
        }
        break;
      case GCN_W_SCC: r->scc_w = true, r->scc = w->st.scc, r->scc_old = rt->prev->scc; break;
      case GCN_W_MODE: r->mode_w = true, r->mode = w->st.mode, r->mode_old = rt->prev->mode; break;
      case GCN_W_PC: r->pc_w = true, r->next_pc = wr->value; break;
      case GCN_W_VGPR:
        if (r->n_v < RT_MAX_VW) {
          rt_vwrite *v = &r->v[r->n_v++];
          v->vgpr = (uint16_t)wr->code;
          v->mask = wr->value;
          v->undef = 0;
          memcpy(v->lanes, w->st.vgpr[wr->code], sizeof v->lanes);
          memcpy(v->old, rt->prev->vgpr[wr->code], sizeof v->old);
        }
        break;
      case GCN_W_UNDEF_V: /* lanes left open (docs/float.md): not compared */
        for (unsigned i = 0; i < r->n_v; i++)
          if (r->v[i].vgpr == wr->code) r->v[i].undef |= wr->value;
        break;
      case GCN_W_UNDEF_S: /* bits of a scalar left open (gcn10 v_div_scale's VCC): not in the */
      case GCN_W_HWREG:   /* retire interface, like TRAPSTS writes and events (docs/retire.md) */
      case GCN_W_EVENT: break;
    }
  }
  /* PREV follows the state: its scalar part whole, and the VGPRs written. */
  memcpy(rt->prev, &w->st, offsetof(gcn_state, vgpr));
  for (unsigned k = 0; k < r->n_v; k++) memcpy(rt->prev->vgpr[r->v[k].vgpr], w->st.vgpr[r->v[k].vgpr], sizeof rt->prev->vgpr[0]);
  return r;
}

/* The value of scalar CODE, SCC, MODE or lane L of VGPR V before record K of the reorder
 * buffer: the state now, walked back through the records after K and K itself. */
static uint32_t sreg_before(const struct gcn_retire_ck *rt, size_t k, unsigned code) {
  uint32_t v = gcn_sreg_read(&rt->wave.st, code);
  for (size_t j = rt->n_rob; j-- > k;)
    for (unsigned i = rt->rob[j].n_s; i-- > 0;)
      if (rt->rob[j].s[i].code == code) v = rt->rob[j].s[i].old;
  return v;
}

static uint32_t vlane_before(const struct gcn_retire_ck *rt, size_t k, unsigned vgpr, unsigned lane) {
  uint32_t v = rt->wave.st.vgpr[vgpr][lane];
  for (size_t j = rt->n_rob; j-- > k;)
    for (unsigned i = rt->rob[j].n_v; i-- > 0;)
      if (rt->rob[j].v[i].vgpr == vgpr) v = rt->rob[j].v[i].old[lane];
  return v;
}

static uint32_t flag_before(const struct gcn_retire_ck *rt, size_t k, bool mode) {
  uint32_t v = mode ? rt->wave.st.mode : rt->wave.st.scc;
  for (size_t j = rt->n_rob; j-- > k;) {
    const rt_rec *r = &rt->rob[j];
    if (mode ? r->mode_w : r->scc_w) v = mode ? r->mode_old : r->scc_old;
  }
  return v;
}

/* ================================================================ mismatches */

void rt_add_mismatch(gcn_checker *c, const rt_rec *r, const char *field, const char *fmt, ...) {
  struct gcn_retire_ck *rt = c->rt;
  char msg[512];
  int len = r ? snprintf(msg, sizeof msg, "retire %llu (PC 0x%06llx  %s): ", r->seq, (unsigned long long)r->pc, r->text)
              : snprintf(msg, sizeof msg, "after the end: ");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg + len, sizeof msg - (size_t)len, fmt, ap);
  va_end(ap);
  if (rt->first_bad < 0) {
    rt->first_bad = r ? (long long)r->seq : 0;
    rt->first_kept = c->n_kept;
    free(rt->first_hist);
    rt->first_hist = rt_history_text(rt);
  }
  gcn_checker_keep(c, field, r ? (long long)r->pc : -1, msg);
}

static const char *kind_name(unsigned kind) {
  switch (kind) {
    case GCN_EV_RETIRE: return "retire";
    case GCN_EV_ILLEGAL: return "illegal";
    case GCN_EV_UNSUPPORTED: return "unsupported";
    default: return "end";
  }
}

static void sreg_name(gcn_gen gen, unsigned code, char *buf, size_t size) {
  if (!gcn_operand_reg_name(gen, code, 32, buf, size)) snprintf(buf, size, "sreg%u", code);
}

/* Compares the scalar writes, SCC, MODE and PC of model record M (reorder-buffer index K)
 * with the DUT's record D. */
static unsigned compare_scalar(gcn_checker *c, size_t k, const rt_rec *m, const rt_rec *d) {
  struct gcn_retire_ck *rt = c->rt;
  bool strict = rt->cfg.strict;
  unsigned found = 0;
  char name[48];
  /* Per register: an instruction may write one several times (s_and_saveexec_b64 exec,
   * ...: its SDST, then EXEC), in an order the DUT need not follow; the last model write is
   * the register's new value, which the DUT must report among its writes of it. */
  bool done_code[512] = {false};
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigned n = pass ? d->n_s : m->n_s;
    for (unsigned i = 0; i < n; i++) {
      unsigned code = pass ? d->s[i].code : m->s[i].code;
      if (code >= 512 || done_code[code]) continue;
      done_code[code] = true;
      int mlast = -1, dlast = -1, mfirst = -1;
      unsigned n_m = 0, n_d = 0;
      bool has_final = false;
      for (unsigned j = 0; j < m->n_s; j++)
        if (m->s[j].code == code) mlast = (int)j, n_m++, mfirst = mfirst < 0 ? (int)j : mfirst;
      for (unsigned j = 0; j < d->n_s; j++)
        if (d->s[j].code == code) {
          dlast = (int)j, n_d++;
          if (mlast >= 0 && d->s[j].value == m->s[mlast].value) has_final = true;
        }
      sreg_name(c->gen, code, name, sizeof name);
      if (mlast >= 0 && dlast >= 0) {
        if (!has_final) {
          rt_add_mismatch(c, m, name, "%s: expected 0x%08x, got 0x%08x", name, m->s[mlast].value, d->s[dlast].value);
          found++;
        } else if (strict && n_m != n_d) {
          rt_add_mismatch(c, m, name, "%s: written %u times, reported %u times", name, n_m, n_d);
          found++;
        }
      } else if (mlast >= 0) {
        uint32_t old = m->s[mfirst].old;
        if (strict || m->s[mlast].value != old) {
          rt_add_mismatch(c, m, name, "missing write %s=0x%08x (not reported; it held 0x%08x)", name, m->s[mlast].value,
                          old);
          found++;
        }
      } else {
        uint32_t before = sreg_before(rt, k, code);
        if (strict || before != d->s[dlast].value) {
          rt_add_mismatch(c, m, name, "unexpected write %s=0x%08x (the instruction does not write %s, which holds 0x%08x)",
                          name, d->s[dlast].value, name, before);
          found++;
        }
      }
    }
  }
  for (int mode = 0; mode < 2; mode++) {
    const char *fname = mode ? "MODE" : "SCC";
    bool mw = mode ? m->mode_w : m->scc_w, dw = mode ? d->mode_w : d->scc_w;
    uint32_t mv = mode ? m->mode : m->scc, dv = mode ? d->mode : d->scc;
    uint32_t before = mw ? (mode ? m->mode_old : m->scc_old) : flag_before(rt, k, mode);
    if (mw && dw && mv != dv) {
      rt_add_mismatch(c, m, fname, "%s: expected 0x%x, got 0x%x", fname, mv, dv);
      found++;
    } else if (mw && !dw && (strict || mv != before)) {
      rt_add_mismatch(c, m, fname, "missing write %s=0x%x (not reported; it held 0x%x)", fname, mv, before);
      found++;
    } else if (!mw && dw && (strict || dv != before)) {
      rt_add_mismatch(c, m, fname, "unexpected write %s=0x%x (the instruction does not write %s, which holds 0x%x)",
                      fname, dv, fname, before);
      found++;
    }
  }
  /* A branch target the DUT does not report is checked by the next retirement's PC
   * (unless strict). */
  uint64_t fall = m->pc + 4 * (m->n_words ? m->n_words : 1);
  uint64_t mt = m->pc_w ? m->next_pc : fall, dt = d->pc_w ? d->next_pc : fall;
  if ((d->pc_w || (strict && m->pc_w)) && (mt != dt || (strict && m->pc_w != d->pc_w))) {
    rt_add_mismatch(c, m, "PC", "branch target: expected 0x%llx%s, got 0x%llx%s", (unsigned long long)mt,
                    m->pc_w ? "" : " (no branch)", (unsigned long long)dt, d->pc_w ? "" : " (not reported)");
    found++;
  }
  return found;
}

/* The lanes of VGPR V in a DUT record: MASK and values (merged over its writes of V). */
static bool dut_vgpr(const rt_rec *d, unsigned vgpr, uint64_t *mask, uint32_t *lanes) {
  bool any = false;
  *mask = 0;
  for (unsigned i = 0; i < d->n_v; i++) {
    if (d->v[i].vgpr != vgpr) continue;
    any = true;
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++)
      if (d->v[i].mask >> l & 1) lanes[l] = d->v[i].lanes[l];
    *mask |= d->v[i].mask;
  }
  return any;
}

static void lane_list(uint64_t mask, char *out, size_t size) {
  size_t len = 0;
  out[0] = 0;
  for (unsigned b = 0; b < 64 && len < size; b++) {
    if (!(mask >> b & 1)) continue;
    unsigned e = b;
    while (e + 1 < 64 && (mask >> (e + 1) & 1)) e++;
    len += (size_t)(e == b ? snprintf(out + len, size - len, "%s%u", len ? "," : "", b)
                           : snprintf(out + len, size - len, "%s%u-%u", len ? "," : "", b, e));
    b = e;
  }
}

static unsigned compare_vgpr(gcn_checker *c, size_t k, const rt_rec *m, unsigned vgpr, const rt_vwrite *mv,
                             const rt_rec *d) {
  struct gcn_retire_ck *rt = c->rt;
  uint32_t got[GCN_WAVE_SIZE];
  uint64_t dm;
  bool dw = dut_vgpr(d, vgpr, &dm, got);
  uint64_t mm = mv ? mv->mask : 0;
  gcn_fp_type ft = GCN_FP32;
  uint32_t ulps = mv ? gcn_checker_approx_bound(c, m->pc, &ft) : 0; /* approx=Nulp rows */
  unsigned found = 0, lanes_bad = 0;
  uint64_t rest = 0;
  char field[64], list[200];
  if (rt->cfg.strict && (mm != dm || (mv != NULL) != dw)) {
    lane_list(mm ^ dm, list, sizeof list);
    snprintf(field, sizeof field, "v%u mask", vgpr);
    rt_add_mismatch(c, m, field, "v%u lane mask: expected 0x%016llx%s, got 0x%016llx%s (lanes %s differ)", vgpr,
                    (unsigned long long)mm, mv ? "" : " (no write)", (unsigned long long)dm,
                    dw ? "" : " (not reported)", list[0] ? list : "none");
    found++;
  }
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    bool in_m = mm >> l & 1, in_d = dm >> l & 1;
    if (!in_m && !in_d) continue;
    if (rt->cfg.strict && !(in_m && in_d)) continue; /* the mask message covers it */
    uint32_t before = mv ? mv->old[l] : vlane_before(rt, k, vgpr, l);
    uint32_t exp = in_m ? mv->lanes[l] : before, val = in_d ? got[l] : before;
    if (in_m && in_d && (mv->undef >> l & 1)) continue; /* the sources leave it open */
    if (in_m && in_d ? gcn_checker_lane_accepted(exp, val, ulps, ft) : exp == val) continue;
    if (++lanes_bad > LANE_MESSAGES) {
      rest |= 1ull << l;
      continue;
    }
    snprintf(field, sizeof field, "v%u lane %u", vgpr, l);
    if (!in_d)
      rt_add_mismatch(c, m, field, "v%u lane %u: expected 0x%08x, got no write (it holds 0x%08x)", vgpr, l, exp, before);
    else if (!in_m)
      rt_add_mismatch(c, m, field, "v%u lane %u: expected no write (the lane keeps 0x%08x), got 0x%08x", vgpr, l, before,
                      val);
    else
      rt_add_mismatch(c, m, field, "v%u lane %u: expected 0x%08x, got 0x%08x", vgpr, l, exp, val);
    found++;
  }
  if (rest) {
    lane_list(rest, list, sizeof list);
    snprintf(field, sizeof field, "v%u lanes", vgpr);
    rt_add_mismatch(c, m, field, "v%u: %u more lanes differ (lanes %s)", vgpr, lanes_bad - LANE_MESSAGES, list);
    found++;
  }
  return found;
}

/* Compares model record K of the reorder buffer with the DUT's record. */
static unsigned compare(gcn_checker *c, size_t k, const rt_rec *d) {
  const rt_rec *m = &c->rt->rob[k];
  if (m->outside) {
    rt_add_mismatch(c, m, "capability", "retired instruction outside the DUT's capability (%s): %s",
                    c->rt->cap->name, m->why);
    return 1;
  }
  if (m->kind != d->kind) {
    rt_add_mismatch(c, m, "kind", "expected %s%s%s, got %s", kind_name(m->kind), m->why[0] ? ": " : "", m->why,
                    kind_name(d->kind));
    return 1;
  }
  unsigned found = 0;
  if (d->n_words && (d->n_words > m->n_words || memcmp(d->words, m->words, d->n_words * 4))) {
    rt_add_mismatch(c, m, "instruction word", "instruction word: expected 0x%08x%s, got 0x%08x (the DUT executed other bits)",
                    m->words[0], m->n_words > 1 ? " + literal" : "", d->words[0]);
    found++;
  }
  found += compare_scalar(c, k, m, d);
  /* Every VGPR either side writes. */
  for (unsigned i = 0; i < m->n_v; i++) found += compare_vgpr(c, k, m, m->v[i].vgpr, &m->v[i], d);
  for (unsigned i = 0; i < d->n_v; i++) {
    bool seen = false;
    for (unsigned j = 0; j < m->n_v; j++) seen |= m->v[j].vgpr == d->v[i].vgpr;
    for (unsigned j = 0; j < i; j++) seen |= d->v[j].vgpr == d->v[i].vgpr;
    if (!seen) found += compare_vgpr(c, k, m, d->v[i].vgpr, NULL, d);
  }
  return found;
}

/* ================================================================ the DUT's records */

void gcn_checker_retire_sgpr(gcn_checker *c, unsigned code, uint32_t value) {
  rt_rec *d = &rt_of(c)->dut;
  if (d->n_s < RT_MAX_SW) {
    d->s[d->n_s].code = (uint16_t)code;
    d->s[d->n_s++].value = value;
  }
}

void gcn_checker_retire_scc(gcn_checker *c, unsigned value) {
  rt_rec *d = &rt_of(c)->dut;
  d->scc_w = true;
  d->scc = value;
}

void gcn_checker_retire_mode(gcn_checker *c, uint32_t value) {
  rt_rec *d = &rt_of(c)->dut;
  d->mode_w = true;
  d->mode = value;
}

void gcn_checker_retire_pc(gcn_checker *c, uint64_t target) {
  rt_rec *d = &rt_of(c)->dut;
  d->pc_w = true;
  d->next_pc = target;
}

void gcn_checker_retire_vgpr(gcn_checker *c, unsigned v, unsigned first, unsigned n, uint64_t mask,
                             const uint32_t *values) {
  rt_rec *d = &rt_of(c)->dut;
  rt_vwrite *w = NULL;
  for (unsigned i = 0; i < d->n_v; i++)
    if (d->v[i].vgpr == (v & 255u)) w = &d->v[i];
  if (!w) {
    if (d->n_v == RT_MAX_VW) return;
    w = &d->v[d->n_v++];
    w->vgpr = (uint16_t)(v & 255u);
    w->mask = 0;
  }
  for (unsigned k = 0; k < n && first + k < GCN_WAVE_SIZE; k++) {
    if (!(mask >> k & 1)) continue;
    w->lanes[first + k] = values[k];
    w->mask |= 1ull << (first + k);
  }
}

/* Retires the matched records at the head of the reorder buffer. */
static void pop_matched(struct gcn_retire_ck *rt) {
  size_t n = 0;
  while (n < rt->n_rob && rt->rob[n].matched) n++;
  if (!n) return;
  memmove(rt->rob, rt->rob + n, (rt->n_rob - n) * sizeof *rt->rob);
  rt->n_rob -= n;
}

int gcn_checker_retire(gcn_checker *c, unsigned kind, uint64_t pc, const uint32_t *words, unsigned n_words) {
  struct gcn_retire_ck *rt = rt_of(c);
  unsigned long long before = c->n_mismatch;
  rt_rec *d = &rt->dut;
  d->kind = kind;
  d->pc = pc;
  d->n_words = n_words > 2 ? 2 : n_words;
  for (unsigned k = 0; k < d->n_words; k++) d->words[k] = words[k];
  rt->idle = 0;
  rt->retired++;
  if (rt->ended || !c->loaded) {
    rt_add_mismatch(c, NULL, "retire after the end", "the DUT retired PC 0x%06llx (%s) %s", (unsigned long long)pc,
                    kind_name(kind), c->loaded ? "after the program ended" : "with no program loaded");
  } else {
    /* The oldest pending record with the DUT's PC within the window, stepping the model. */
    long found = -1, oldest = -1;
    for (;;) {
      unsigned pending = 0;
      for (size_t j = 0; j < rt->n_rob && pending < rt->cfg.window && found < 0; j++) {
        if (rt->rob[j].matched) continue;
        if (oldest < 0) oldest = (long)j;
        pending++;
        /* An end may name the stopping instruction or the final PC (docs/retire.md). */
        if (rt->rob[j].pc == pc || (kind == GCN_EV_END && rt->rob[j].kind == GCN_EV_END && rt->rob[j].end_pc == pc))
          found = (long)j;
      }
      if (found >= 0 || pending >= rt->cfg.window || !model_next(c)) break;
    }
    if (found < 0 && oldest < 0) {
      rt_add_mismatch(c, NULL, "retire after the end", "the DUT retired PC 0x%06llx (%s) after the model's last instruction",
                      (unsigned long long)pc, kind_name(kind));
    } else {
      size_t k = (size_t)(found >= 0 ? found : oldest);
      rt_rec *m = &rt->rob[k];
      if (found < 0) {
        char text[96];
        gcn_checker_disasm_at(c, pc, text, sizeof text);
        rt_add_mismatch(c, m, "retire PC", "retire PC: expected 0x%06llx (%s), got 0x%06llx (%s)",
                        (unsigned long long)m->pc, m->text, (unsigned long long)pc, text[0] ? text : "outside the program");
      } else {
        compare(c, k, d);
      }
      m->matched = true;
      rt_record_history(rt, c->gen, m);
      if (m->kind != GCN_EV_RETIRE) rt->stopped = true; /* older records may still retire */
      pop_matched(rt);
      rt->ended = rt->stopped && rt->n_rob == 0;
    }
  }
  memset(d, 0, offsetof(rt_rec, v));
  return (int)(c->n_mismatch - before);
}

/* The oldest record the DUT has not retired, stepping the model if needed (NULL: none). */
static rt_rec *next_expected(gcn_checker *c) {
  struct gcn_retire_ck *rt = c->rt;
  for (size_t j = 0; j < rt->n_rob; j++)
    if (!rt->rob[j].matched) return &rt->rob[j];
  return model_next(c);
}

int gcn_checker_retire_clock(gcn_checker *c, unsigned long long n) {
  struct gcn_retire_ck *rt = rt_of(c);
  rt->cycle += n;
  if (rt->ended || rt->watchdog_fired || !rt->cfg.watchdog || !c->loaded) return 0;
  rt->idle += n;
  if (rt->idle < rt->cfg.watchdog) return 0;
  rt->watchdog_fired = true;
  rt_rec *m = next_expected(c);
  rt_add_mismatch(c, m, "watchdog", "watchdog: no instruction retired for %llu cycles (DUT cycle %llu, %llu retired); "
                  "the DUT hangs on this instruction (the model retires it next)",
                  rt->idle, rt->cycle, rt->retired);
  return 1;
}

int gcn_checker_retire_finish(gcn_checker *c) {
  struct gcn_retire_ck *rt = rt_of(c);
  if (rt->ended || rt->watchdog_fired || !c->loaded) return 0;
  rt_rec *m = next_expected(c);
  if (!m) return 0;
  rt_add_mismatch(c, m, "missing retire", "missing retire: the DUT stopped after %llu retirements; the model retires "
                  "this instruction next", rt->retired);
  rt->ended = true;
  return 1;
}

bool gcn_checker_retire_ended(const gcn_checker *c) {
  return c->rt && c->rt->loads == c->loads && c->rt->ended && c->rt->n_rob == 0;
}

unsigned long long gcn_checker_retired(const gcn_checker *c) {
  return c->rt && c->rt->loads == c->loads ? c->rt->retired : 0;
}

/* ================================================================ the model alone */

int gcn_checker_model_step(gcn_checker *c, char *text, size_t size) {
  struct gcn_retire_ck *rt = rt_of(c);
  if (size) text[0] = 0;
  if (rt->ended) return -1;
  rt_rec *m = next_expected(c);
  if (!m) return -1;
  m->matched = true;
  rt_record_history(rt, c->gen, m);
  if (size) snprintf(text, size, "%s", rt->hist[(rt->n_hist - 1) % RT_HIST(rt)]);
  int kind = (int)m->kind;
  if (m->kind != GCN_EV_RETIRE) rt->ended = true;
  pop_matched(rt);
  return kind;
}

int gcn_checker_model_reg(gcn_checker *c, const char *name, uint64_t *value, gcn_error *err) {
  struct gcn_retire_ck *rt = rt_of(c);
  gcn_reg_ref ref;
  if (!gcn_reg_parse(c->gen, name, &ref))
    return gcn_fail(err, "unknown register '%.40s' (s5, s[2:3], vcc, exec, m0, scc, pc, mode, v3[7])", name);
  if (ref.kind == GCN_REG_VGPR && (ref.lane < 0 || ref.lane != ref.lane_last))
    return gcn_fail(err, "'%.40s': name one lane of a VGPR (v3[7])", name);
  *value = gcn_reg_get(&rt->wave.st, &ref);
  return 0;
}

/* gcnref vectors: running a vector on the functional model or the timing core, and
 * counting a run's events into a result (docs/vectors.md; the file format is vecfile.c's). */
#include "vecfile.h"

#include <stdlib.h>
#include <string.h>

int gcn_vec_run(const gcn_vector *v, gcn_wave *w, uint64_t max_steps, gcn_vec_result *res,
                gcn_error *err) {
  gcn_wave_init(w, v->gen, (gcn_program){v->base, v->image, v->size});
  w->st = v->init;
  w->st.gen = v->gen;
  w->st.pc = v->base;
  memset(res, 0, sizeof *res);
  for (;;) {
    gcn_error e;
    gcn_step_status s = gcn_step(w, NULL, &e);
    if (s == GCN_STEP_OK) {
      if (++res->retired >= max_steps) {
        gcn_wave_free(w);
        return gcn_fail(err, "%s: still running after %llu instructions", v->name,
                        (unsigned long long)res->retired);
      }
      continue;
    }
    res->status = s == GCN_STEP_END ? GCN_VEC_END : s == GCN_STEP_NOT_MODELLED ? GCN_VEC_UNSUPPORTED
                                                                              : GCN_VEC_ILLEGAL;
    res->pc = w->st.pc; /* after a stop: the final PC (s_endpgm's own, or the next instruction) */
    break;
  }
  gcn_wave_free(w);
  return 0;
}

void gcn_vec_result_add_event(gcn_vec_result *res, const gcn_event *ev) {
  switch ((gcn_event_kind)ev->kind) {
    case GCN_EV_RETIRE: res->retired++; break;
    case GCN_EV_END: res->status = GCN_VEC_END, res->pc = ev->pc; break;
    case GCN_EV_ILLEGAL: res->status = GCN_VEC_ILLEGAL, res->pc = ev->pc; break;
    case GCN_EV_UNSUPPORTED: res->status = GCN_VEC_UNSUPPORTED, res->pc = ev->pc; break;
    default: break;
  }
}

int gcn_vec_run_core(const gcn_vector *v, gcn_core *core, uint64_t max_cycles, gcn_vec_result *res,
                     gcn_error *err) {
  memset(res, 0, sizeof *res);
  gcn_core_load(core, v->base, v->image, v->size, &v->init);
  gcn_core_status st = GCN_CORE_RUNNING;
  while (st == GCN_CORE_RUNNING) {
    if (gcn_core_cycle(core) >= max_cycles)
      return gcn_fail(err, "%s: still running after %llu cycles", v->name, (unsigned long long)max_cycles);
    const gcn_event *ev;
    unsigned n;
    st = gcn_core_step(core, &ev, &n);
    for (unsigned i = 0; i < n; i++) gcn_vec_result_add_event(res, &ev[i]);
  }
  return 0;
}

int gcn_vec_fails_at(const gcn_vector *v, size_t i, gcn_vec_result *res, gcn_error *err) {
  gcn_wave *w = malloc(sizeof *w);
  if (!w) return gcn_fail(err, "out of memory");
  int rc = gcn_vec_run(v, w, 1000000, res, err);
  free(w);
  if (rc) return -1;
  return res->status == GCN_VEC_ILLEGAL && res->pc == v->code[i].addr;
}

/* gcnref: the step loop: fetch at PC, decode, execute, advance PC. */
#include <stdlib.h>
#include <string.h>

#include "plan.h"

void gcn_wave_init(gcn_wave *w, gcn_gen gen, gcn_program prog) {
  gcn_state_init(&w->st, gen);
  w->prog = prog;
  w->st.pc = prog.base;
  w->ended = false;
  w->plan = NULL;
}

void gcn_wave_free(gcn_wave *w) {
  free(w->plan);
  w->plan = NULL;
}

/* The instruction at byte offset OFF: decoded, and its plan built, once. */
static const gcn_inst *fetch(gcn_wave *w, size_t off, gcn_inst *tmp, gcn_error *err) {
  const gcn_program *p = &w->prog;
  if (!w->plan && p->size >= 4) w->plan = calloc(p->size / 4, sizeof *w->plan); /* NULL: run uncached */
  if (w->plan && w->plan[off / 4].ready) return &w->plan[off / 4].in;
  if (gcn_decode_bytes(w->st.gen, p->bytes + off, p->size - off, tmp, err)) return NULL;
  if (!w->plan) return tmp;
  gcn_plan_build(&w->plan[off / 4], tmp, w->st.gen);
  return &w->plan[off / 4].in;
}

/* The cached plan whose instruction IN is (gcn_fetch hands out &plan->in), or NULL. */
static gcn_plan *cached_plan(const gcn_wave *w, const gcn_inst *in) {
  if (!w->plan) return NULL;
  uintptr_t a = (uintptr_t)in, b = (uintptr_t)w->plan;
  size_t n = w->prog.size / 4;
  if (a < b || a >= b + n * sizeof *w->plan || (a - b) % sizeof *w->plan) return NULL;
  gcn_plan *p = &w->plan[(a - b) / sizeof *w->plan];
  return p->ready ? p : NULL;
}

void gcn_write_name(gcn_gen gen, const gcn_write *wr, char *buf, size_t len) {
  switch (wr->kind) {
    case GCN_W_SCC: snprintf(buf, len, "scc"); break;
    case GCN_W_PC: snprintf(buf, len, "pc"); break;
    case GCN_W_MODE: snprintf(buf, len, "mode"); break;
    case GCN_W_VGPR: snprintf(buf, len, "v%u", wr->code); break;
    case GCN_W_HWREG: {
      const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, wr->code);
      if (s)
        gcn_hwreg_state_name(s, buf, len);
      else
        snprintf(buf, len, "hwreg%u", wr->code);
      break;
    }
    case GCN_W_EVENT: /* "event:s_sendmsg": the value is the instruction's SIMM16 */
      snprintf(buf, len, "event:%s", wr->code < GCN_OP_COUNT ? gcn_isa[wr->code].mnemonic[gen] : "?");
      break;
    case GCN_W_UNDEF_V: snprintf(buf, len, "v%u.undefined_lanes", wr->code); break;
    default: {
      size_t n;
      if (!gcn_operand_reg_name(gen, wr->code, 32, buf, len)) snprintf(buf, len, "sreg%u", wr->code);
      n = strlen(buf);
      if (wr->kind == GCN_W_UNDEF_S && n < len) snprintf(buf + n, len - n, ".undefined_bits");
    }
  }
}

static inline gcn_step_status run_plan(gcn_wave *w, gcn_plan *p, gcn_retire *ret, gcn_error *err) {
  const gcn_inst *in = &p->in;
  /* No write log unless the caller reads it (RET NULL: gcn_log does nothing). */
  if (ret) {
    ret->inst = *in;
    ret->n_writes = 0;
    ret->pc = w->st.pc;
  }
  gcn_exec_ctx c = {w, &w->st, in, ret, err, w->st.pc, w->st.pc + in->size, p};
  gcn_step_status s = p->exec(&c);
  if (s == GCN_STEP_END) { /* s_endpgm and the instructions that stop the wave */
    w->ended = true;
    if (!(in->desc->flags & GCN_F_ENDPGM)) w->st.pc = c.next_pc;
    return s;
  }
  if (s != GCN_STEP_OK) return s;
  w->st.pc = c.next_pc;
  return GCN_STEP_OK;
}

gcn_step_status gcn_execute(gcn_wave *w, const gcn_inst *in, gcn_retire *ret, gcn_error *err) {
  gcn_plan *p = cached_plan(w, in);
  if (p) return run_plan(w, p, ret, err);
  gcn_plan tmp; /* an instruction from elsewhere: planned for this one execution */
  gcn_plan_build(&tmp, in, w->st.gen);
  return run_plan(w, &tmp, ret, err);
}

gcn_step_status gcn_fetch(gcn_wave *w, const gcn_inst **in, gcn_inst *tmp, gcn_error *err) {
  const gcn_program *p = &w->prog;
  uint64_t pc = w->st.pc;
  if (pc == p->base + p->size) return GCN_STEP_END; /* ran off the end: an implicit s_endpgm */
  if (pc < p->base || pc > p->base + p->size || pc % 4) {
    snprintf(err->msg, sizeof err->msg, "fetch at PC 0x%llx: outside the program [0x%llx, 0x%llx) "
             "or not 4-byte aligned", (unsigned long long)pc, (unsigned long long)p->base,
             (unsigned long long)(p->base + p->size));
    return GCN_STEP_ERROR;
  }
  *in = fetch(w, (size_t)(pc - p->base), tmp, err);
  if (!*in) {
    char msg[sizeof err->msg];
    memcpy(msg, err->msg, sizeof msg);
    int n = snprintf(err->msg, sizeof err->msg, "PC 0x%llx: ", (unsigned long long)pc);
    snprintf(err->msg + n, sizeof err->msg - (size_t)n, "%.200s", msg);
    return GCN_STEP_ERROR;
  }
  return GCN_STEP_OK;
}

/* gcn_step without a ready plan at PC: fetch, decode and plan (out of line, so that the
 * common case below keeps a small frame). */
static __attribute__((noinline, cold)) gcn_step_status step_slow(gcn_wave *w, gcn_retire *ret, gcn_error *err) {
  if (w->ended) {
    snprintf(err->msg, sizeof err->msg, "the program has ended");
    return GCN_STEP_END;
  }
  gcn_inst tmp;
  const gcn_inst *in = NULL;
  gcn_step_status s = gcn_fetch(w, &in, &tmp, err);
  if (s == GCN_STEP_END) w->ended = true;
  if (s != GCN_STEP_OK) return s;
  return gcn_execute(w, in, ret, err);
}

gcn_step_status gcn_step(gcn_wave *w, gcn_retire *ret, gcn_error *err) {
  uint64_t off = w->st.pc - w->prog.base;
  if (!w->ended && w->plan && off < w->prog.size && off % 4 == 0 && w->plan[off / 4].ready) /* the common case */
    return run_plan(w, &w->plan[off / 4], ret, err);
  return step_slow(w, ret, err);
}

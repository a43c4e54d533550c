/* gcnref: the step loop: fetch at PC, decode, execute, advance PC. */
#include <stdlib.h>
#include <string.h>

#include "exec_ctx.h"

void gcn_wave_init(gcn_wave *w, gcn_gen gen, gcn_program prog) {
  gcn_state_init(&w->st, gen);
  w->prog = prog;
  w->st.pc = prog.base;
  w->ended = false;
  w->decoded = NULL;
  w->decoded_ok = NULL;
}

void gcn_wave_free(gcn_wave *w) {
  free(w->decoded);
  free(w->decoded_ok);
  w->decoded = NULL;
  w->decoded_ok = NULL;
}

/* Decodes the instruction at byte offset OFF, once. */
static const gcn_inst *fetch(gcn_wave *w, size_t off, gcn_inst *tmp, gcn_error *err) {
  const gcn_program *p = &w->prog;
  if (!w->decoded && p->size >= 4) {
    w->decoded = malloc(p->size / 4 * sizeof *w->decoded);
    w->decoded_ok = calloc(p->size / 4, 1);
    if (!w->decoded || !w->decoded_ok) gcn_wave_free(w); /* run uncached */
  }
  if (w->decoded && w->decoded_ok[off / 4]) return &w->decoded[off / 4];
  if (gcn_decode_bytes(w->st.gen, p->bytes + off, p->size - off, tmp, err)) return NULL;
  if (w->decoded) {
    w->decoded[off / 4] = *tmp;
    w->decoded_ok[off / 4] = 1;
  }
  return tmp;
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

gcn_step_status gcn_execute(gcn_wave *w, const gcn_inst *in, gcn_retire *ret, gcn_error *err) {
  /* No write log unless the caller reads it (RET NULL: gcn_log does nothing). */
  if (ret) {
    ret->inst = *in;
    ret->n_writes = 0;
    ret->pc = w->st.pc;
  }
  gcn_exec_ctx c = {w, &w->st, in, ret, err, w->st.pc, w->st.pc + in->size};
  const gcn_inst_desc *d = in->desc;
  const char *mn = d->mnemonic[w->st.gen];
  if (gcn_isa_has(d, w->st.gen, GCN_F_NOMODEL))
    return gcn_exec_fail(&c, GCN_STEP_NOT_MODELLED,
                         "%s is not modelled: its behaviour is not knowable from any source "
                         "(docs/semantics.md)", mn);
  gcn_step_status s;
  switch (d->cls) {
    case GCN_CLASS_SOPP: s = gcn_sopp_execute(&c); break;
    case GCN_CLASS_SOP1:
    case GCN_CLASS_SOP2:
    case GCN_CLASS_SOPC:
    case GCN_CLASS_SOPK: s = gcn_salu_execute(&c); break;
    default:
      if (!gcn_class_is_vector(d->cls))
        return gcn_exec_fail(&c, GCN_STEP_ERROR, "%s: unknown instruction class", mn);
      /* MODE.VSKIP set (s_setvskip): vector instructions are skipped */
      s = gcn_imm_get(w->st.gen, GCN_IMMF_MODE_VSKIP, w->st.mode) ? GCN_STEP_OK : gcn_valu_execute(&c);
      break;
  }
  if (s == GCN_STEP_END) { /* s_endpgm and the instructions that stop the wave */
    w->ended = true;
    if (!(d->flags & GCN_F_ENDPGM)) w->st.pc = c.next_pc;
    return s;
  }
  if (s != GCN_STEP_OK) return s;
  w->st.pc = c.next_pc;
  return GCN_STEP_OK;
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

gcn_step_status gcn_step(gcn_wave *w, gcn_retire *ret, gcn_error *err) {
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

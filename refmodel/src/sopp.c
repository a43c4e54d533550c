/* gcnref: program control (SOPP): branches, the VGPR indexing switches, the architectural
 * no-ops and the events. Each case is its line of clrx/GcnInstrsSopp.md; gcn_semantics.md
 * 8.1 says which instructions are no-ops for one wave and which are events (recorded, their
 * effect outside the ALU not invented); the choices are in docs/semantics.md. */
#include "exec_ctx.h"

/* Branch target: the next instruction plus SIMM16 dwords (RELADDR = NEXTPC + 4 * SIMM16). */
static uint64_t target(const gcn_exec_ctx *c) { return c->in_pc + 4 + (uint64_t)(int64_t)(int16_t)c->in->simm16 * 4; }

static void branch_if(gcn_exec_ctx *c, bool taken) {
  if (!taken) return;
  c->next_pc = target(c);
  gcn_log(c, GCN_W_PC, 0, c->next_pc);
}

/* Records the instruction as an event (trace, JSON); the value is its SIMM16. */
static void event(gcn_exec_ctx *c) { gcn_log(c, GCN_W_EVENT, (unsigned)gcn_isa_op(c->in->desc), c->in->simm16); }

gcn_step_status gcn_sopp_execute(gcn_exec_ctx *c) {
  const gcn_inst *in = c->in;
  const gcn_inst_desc *d = in->desc;
  gcn_state *st = c->st;
  gcn_gen gen = st->gen;
  if (d->flags & GCN_F_EVENT) event(c);
  if (d->flags & (GCN_F_ENDPGM | GCN_F_STOPS)) return GCN_STEP_END;
  if ((d->flags & GCN_F_STOPBIT0) && (in->simm16 & 1)) return GCN_STEP_END;
  switch (gcn_isa_op(d)) {
    case GCN_OP_S_BRANCH: branch_if(c, true); break;
    case GCN_OP_S_CBRANCH_SCC0: branch_if(c, !st->scc); break;
    case GCN_OP_S_CBRANCH_SCC1: branch_if(c, st->scc); break;
    case GCN_OP_S_CBRANCH_VCCZ: branch_if(c, st->vcc == 0); break;
    case GCN_OP_S_CBRANCH_VCCNZ: branch_if(c, st->vcc != 0); break;
    case GCN_OP_S_CBRANCH_EXECZ: branch_if(c, st->exec == 0); break;
    case GCN_OP_S_CBRANCH_EXECNZ: branch_if(c, st->exec != 0); break;
    case GCN_OP_S_SET_GPR_IDX_OFF: /* MODE.gpr_idx_en = 0 */
      gcn_write_mode(c, gcn_imm_put(gen, GCN_IMMF_MODE_GPR_IDX_EN, st->mode, 0));
      break;
    case GCN_OP_S_SET_GPR_IDX_MODE: /* M0[15:12] = SIMM16[3:0] */
      st->m0 = gcn_imm_put(gen, GCN_IMMF_M0_GPR_MODE, st->m0, in->simm16);
      gcn_log(c, GCN_W_SREG, GCN_CODE_M0, st->m0);
      break;
    default: /* s_nop, s_waitcnt, s_sleep, s_barrier, s_setprio, s_icache_inv, s_wakeup,
              * s_incperflevel/decperflevel, s_ttracedata, s_sendmsg, s_sethalt 0, s_setkill 0:
              * no architectural effect on one wave (gcn_semantics.md 8.1) */
      break;
  }
  return GCN_STEP_OK;
}

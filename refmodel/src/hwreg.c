/* gcnref: the hardware registers of s_getreg_b32, s_setreg_b32 and s_setreg_imm32_b32
 * (clrx/GcnInstrsSopk.md; gcn_semantics.md 8.2). Which ids exist and what the model keeps
 * for each is the table's (@symbols hwreg): MODE is the architectural MODE register (every
 * float instruction reads it), TRAPSTS architectural state, STATUS read-only (SCC, EXECZ
 * and VCCZ live, its other bits a value of the initial state), the configuration registers
 * (HW_ID, GPR_ALLOC, LDS_ALLOC, IB_STS, SH_MEM_BASES) values of the initial state whose
 * writes are ignored. Any other id is not modelled. */
#include "exec_ctx.h"

typedef struct {
  const gcn_symbol_desc *sym;
  unsigned offset;
  uint32_t mask; /* the field's bits in the register */
} hwreg_field;

static gcn_step_status field_of(gcn_exec_ctx *c, uint16_t imm, hwreg_field *f) {
  gcn_gen gen = c->st->gen;
  unsigned id = gcn_imm_get(gen, GCN_IMMF_HWREG_ID, imm);
  unsigned size = gcn_imm_get(gen, GCN_IMMF_HWREG_SIZE, imm) + 1;
  f->offset = gcn_imm_get(gen, GCN_IMMF_HWREG_OFFSET, imm);
  f->mask = (uint32_t)((((uint64_t)1 << size) - 1) << f->offset);
  f->sym = gcn_symbol(gen, GCN_SYM_HWREG, id);
  if (!f->sym)
    return gcn_exec_fail(c, GCN_STEP_NOT_MODELLED, "%s: hardware register %u is not modelled on %s "
                         "(docs/semantics.md)", c->in->desc->mnemonic[gen], id, gcn_gen_name(gen));
  return GCN_STEP_OK;
}

gcn_step_status gcn_hwreg_read(gcn_exec_ctx *c, uint16_t imm, uint32_t *out) {
  hwreg_field f;
  gcn_step_status s = field_of(c, imm, &f);
  if (s) return s;
  const gcn_state *st = c->st;
  uint32_t v = st->hwreg[f.sym->code];
  if (f.sym->attr == GCN_HWREG_MODE) v = st->mode;
  if (f.sym->attr == GCN_HWREG_STATUS) {
    v = gcn_imm_put(st->gen, GCN_IMMF_STATUS_SCC, v, st->scc);
    v = gcn_imm_put(st->gen, GCN_IMMF_STATUS_EXECZ, v, st->exec == 0);
    v = gcn_imm_put(st->gen, GCN_IMMF_STATUS_VCCZ, v, st->vcc == 0);
  }
  *out = (v & f.mask) >> f.offset;
  return GCN_STEP_OK;
}

gcn_step_status gcn_hwreg_write(gcn_exec_ctx *c, uint16_t imm, uint32_t value) {
  hwreg_field f;
  gcn_step_status s = field_of(c, imm, &f);
  if (s) return s;
  gcn_state *st = c->st;
  uint32_t bits = (uint32_t)((uint64_t)value << f.offset) & f.mask;
  if (f.sym->attr == GCN_HWREG_MODE) {
    gcn_write_mode(c, (st->mode & ~f.mask) | bits);
  } else if (f.sym->attr == GCN_HWREG_TRAPSTS) {
    st->hwreg[f.sym->code] = (st->hwreg[f.sym->code] & ~f.mask) | bits;
    gcn_log(c, GCN_W_HWREG, f.sym->code, st->hwreg[f.sym->code]);
  } /* STATUS and the configuration registers: the write is ignored */
  return GCN_STEP_OK;
}

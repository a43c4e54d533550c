/* gcnref: the cycle-accurate timing layer. Implements docs/microarch.md: in-order issue
 * of one instruction per cycle under the scoreboard rules, the SALU and the four-pass
 * VALU pipeline, and the per-cycle commit events. Each instruction is executed by the
 * functional model when it issues (program order); its writes are queued and reported in
 * their commit cycles. Rule numbers below are those of the contract. */
#include "gcnref/timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/operand.h"
#include "exec_ctx.h"

/* Scoreboard slots: scalar codes 0..127, then SCC and MODE. */
enum { SB_SCC = 128, SB_MODE = 129, SB_COUNT = 130 };

typedef struct {
  uint64_t cycle;  /* the commit cycle */
  uint64_t issued; /* the issue cycle of the event's instruction */
  gcn_event ev;
} pending;

struct gcn_core {
  gcn_timing_config cfg;
  gcn_wave wave;
  uint8_t *bytes;
  uint64_t cycle;           /* the cycle the next step simulates */
  uint64_t next_issue;      /* earliest issue cycle of the next instruction */
  uint64_t next_valu_issue; /* rule 3 */
  uint64_t drain;           /* cycle of the last commit scheduled so far */
  uint64_t sready[SB_COUNT]; /* rule 1: commit cycle of the last write of each scalar slot */
  uint64_t vready[256];      /* rule 2: issue cycle + valu_depth of the last VALU write */
  uint8_t sprod[SB_COUNT];   /* coverage: the last writer of each scalar slot was a VALU */
  bool stopped;              /* issues nothing more (END, ILLEGAL, UNSUPPORTED) */
  bool ended;                /* END reported or the drain after a stop is complete */
  pending *queue;
  size_t n_queue, cap_queue;
  gcn_event *out;
  size_t cap_out;
  char message[256];
  uint64_t base_issue;       /* cycle the next instruction issues in without a stall */
  int next_issue_kind;       /* GCN_STALL_BRANCH or _NOP when next_issue was pushed, else -1 */
  uint64_t setreg_issue;     /* rule 9: issue cycle of the last s_setreg* + 1 (0: none yet) */
  bool setreg_mode;          /* ... and whether it wrote MODE */
  gcn_coverage cov;
};

gcn_timing_config gcn_timing_default(void) { return (gcn_timing_config){1, 6, 2}; }

int gcn_timing_validate(const gcn_timing_config *cfg, gcn_error *err) {
  if (cfg->salu_latency < 1 || cfg->salu_latency > 64)
    return gcn_fail(err, "salu_latency %u: expected 1..64", cfg->salu_latency);
  if (cfg->valu_depth < 1 || cfg->valu_depth > 64)
    return gcn_fail(err, "valu_depth %u: expected 1..64", cfg->valu_depth);
  if (cfg->branch_penalty < 1 || cfg->branch_penalty > 64)
    return gcn_fail(err, "branch_penalty %u: expected 1..64", cfg->branch_penalty);
  return 0;
}

gcn_core *gcn_core_new(gcn_gen gen, const gcn_timing_config *cfg, gcn_error *err) {
  gcn_timing_config c = cfg ? *cfg : gcn_timing_default();
  if (gcn_timing_validate(&c, err)) return NULL;
  gcn_core *core = calloc(1, sizeof *core);
  if (!core) {
    gcn_fail(err, "out of memory");
    return NULL;
  }
  core->cfg = c;
  gcn_coverage_reset(&core->cov, gen);
  gcn_coverage_set_timing(&core->cov, c.salu_latency, c.valu_depth, c.branch_penalty);
  core->cov.timed = true;
  gcn_wave_init(&core->wave, gen, (gcn_program){0, NULL, 0});
  core->stopped = core->ended = true; /* nothing loaded */
  return core;
}

void gcn_core_free(gcn_core *core) {
  if (!core) return;
  gcn_wave_free(&core->wave);
  free(core->bytes);
  free(core->queue);
  free(core->out);
  free(core);
}

void gcn_core_load(gcn_core *core, uint64_t base, const uint8_t *bytes, size_t size,
                   const gcn_state *initial) {
  gcn_gen gen = core->wave.st.gen;
  gcn_wave_free(&core->wave);
  free(core->bytes);
  core->bytes = malloc(size ? size : 1);
  if (core->bytes && size) memcpy(core->bytes, bytes, size);
  gcn_wave_init(&core->wave, gen, (gcn_program){base, core->bytes, core->bytes ? size : 0});
  if (initial) {
    core->wave.st = *initial;
    core->wave.st.gen = gen;
  }
  core->cycle = core->next_issue = core->next_valu_issue = core->drain = 0;
  core->base_issue = 0;
  core->setreg_issue = 0;
  core->setreg_mode = false;
  core->next_issue_kind = -1;
  memset(core->sready, 0, sizeof core->sready);
  memset(core->vready, 0, sizeof core->vready);
  memset(core->sprod, 0, sizeof core->sprod);
  core->stopped = core->ended = false;
  core->n_queue = 0;
  core->message[0] = '\0';
}

uint64_t gcn_core_cycle(const gcn_core *core) { return core->cycle; }
const gcn_state *gcn_core_state(const gcn_core *core) { return &core->wave.st; }
const char *gcn_core_message(const gcn_core *core) { return core->message; }
const gcn_timing_config *gcn_core_config(const gcn_core *core) { return &core->cfg; }
gcn_coverage *gcn_core_coverage(gcn_core *core) { return &core->cov; }

static void post(gcn_core *core, uint64_t cycle, const gcn_event *ev) {
  if (core->n_queue == core->cap_queue) {
    size_t cap = core->cap_queue ? 2 * core->cap_queue : 64;
    pending *q = realloc(core->queue, cap * sizeof *q);
    if (!q) abort(); /* out of memory: nothing sensible to report per cycle */
    core->queue = q;
    core->cap_queue = cap;
  }
  core->queue[core->n_queue++] = (pending){cycle, core->cycle, *ev};
  if (cycle > core->drain) core->drain = cycle;
}

static void post_simple(gcn_core *core, uint64_t cycle, gcn_event_kind kind, uint64_t pc) {
  gcn_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = (uint8_t)kind;
  ev.pc = pc;
  post(core, cycle, &ev);
}

/* ------------------------------------------------------------ read and write sets */

/* VGPRs an instruction can read: three sources of up to four VGPRs each, and VDST; or every
 * VGPR (v_movrels/movrelsd_b32 read VGPR[SRC0 + M0], known only at issue). */
#define GCN_TIMING_MAX_VREGS (GCN_NUM_VGPRS + 16)

typedef struct {
  uint16_t sreg[140];
  unsigned n_sreg;
  uint16_t vreg[GCN_TIMING_MAX_VREGS];
  unsigned n_vreg;
} regset;

static void add_sreg(regset *r, unsigned slot) {
  for (unsigned i = 0; i < r->n_sreg; i++)
    if (r->sreg[i] == slot) return;
  if (r->n_sreg < sizeof r->sreg / sizeof r->sreg[0]) r->sreg[r->n_sreg++] = (uint16_t)slot;
}

static void add_all_sgprs(regset *r, gcn_gen gen) {
  for (unsigned c = 0; c < gcn_num_sgprs(gen); c++) add_sreg(r, c);
}

static void add_implicit(regset *r, unsigned impl) {
  if (impl & GCN_IMPL_SCC) add_sreg(r, SB_SCC);
  if (impl & GCN_IMPL_EXEC) add_sreg(r, GCN_CODE_EXEC_LO), add_sreg(r, GCN_CODE_EXEC_HI);
  if (impl & GCN_IMPL_VCC) add_sreg(r, GCN_CODE_VCC_LO), add_sreg(r, GCN_CODE_VCC_HI);
  if (impl & GCN_IMPL_M0) add_sreg(r, GCN_CODE_M0);
  if (impl & GCN_IMPL_MODE) add_sreg(r, SB_MODE);
}

/* Scalar slots (and VGPRs) that source operand SLOT (3: VDST), CODE of WIDTH bits, reads;
 * a VGPR after VGPR indexing in state ST (NULL: a scalar instruction, none). */
static void add_source(regset *r, gcn_gen gen, const gcn_state *st, unsigned slot, unsigned code,
                       unsigned width) {
  switch (gcn_operand_kind(gen, code)) {
    case GCN_OPND_SGPR:
    case GCN_OPND_SPECIAL:
      add_sreg(r, code);
      if (width == 64) add_sreg(r, code + 1);
      break;
    case GCN_OPND_READONLY:
      if (code == GCN_CODE_VCCZ) add_sreg(r, GCN_CODE_VCC_LO), add_sreg(r, GCN_CODE_VCC_HI);
      if (code == GCN_CODE_EXECZ) add_sreg(r, GCN_CODE_EXEC_LO), add_sreg(r, GCN_CODE_EXEC_HI);
      if (code == GCN_CODE_SCC) add_sreg(r, SB_SCC);
      break;
    case GCN_OPND_VGPR:
      for (unsigned k = 0; st && k < width / 32 && r->n_vreg < GCN_TIMING_MAX_VREGS; k++)
        r->vreg[r->n_vreg++] = (uint16_t)((gcn_vgpr_index(st, slot, code - GCN_CODE_VGPR0) + k) % GCN_NUM_VGPRS);
      break;
    default: break;
  }
}

/* Reads and writes SGPRs by a run-time index (M0, the control stack): the table's allsgprs. */
static bool is_movrel_or_stack(const gcn_inst_desc *d) { return (d->flags & GCN_F_ALLSGPRS) != 0; }

/* Does the instruction read VDST (the table's rdvdst): the addend of the tied v_mac_*, or
 * a kept upper half (valu.c's rule)? docs/microarch.md rule 8. */
static bool keeps_vdst(const gcn_inst *in) { return gcn_isa_has(in->desc, in->gen, GCN_F_RDVDST); }

/* An SDWA form whose result keeps the other bits of the old VDST (dst_sel below DWORD with
 * UNUSED_PRESERVE, sdwa.c gcn_sdwa_merge_dst) reads VDST too (rule 8). */
static bool sdwa_preserves(const gcn_inst *in) {
  return gcn_inst_is_sdwa(in) && in->desc->cls != GCN_CLASS_VOPC && in->dst_sel != 6 && in->dst_unused == 2;
}

/* The registers IN reads, issuing in state ST (the VGPR numbers after VGPR indexing). A
 * vector instruction also reads MODE (VSKIP, GPR_IDX_EN) and, with indexing on, M0. */
static void read_set(const gcn_inst *in, const gcn_state *st, regset *r) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  bool vop = gcn_class_is_vector(d->cls);
  const gcn_state *vst = vop ? st : NULL;
  r->n_sreg = r->n_vreg = 0; /* the arrays are read up to their counts */
  for (unsigned s = 0; s < 3; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, s));
    if (!o || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
    unsigned width = gcn_type_reg_bits((gcn_type)o->type);
    if (s == 2 && !gcn_inst_is_vop3(in) && gcn_isa_src_role(d, s) == GCN_ROLE_CI) {
      add_sreg(r, GCN_CODE_VCC_LO), add_sreg(r, GCN_CODE_VCC_HI); /* VOP2: implicit VCC */
      continue;
    }
    add_source(r, gen, vst, s, in->src[s], width);
  }
  add_implicit(r, d->implicit_reads);
  if (gcn_isa_op(d) == GCN_OP_S_GETREG_B32) { /* STATUS: SCC, EXECZ and VCCZ live (hwreg.c) */
    const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, gcn_imm_get(gen, GCN_IMMF_HWREG_ID, in->simm16));
    if (s && s->attr == GCN_HWREG_STATUS) add_implicit(r, GCN_IMPL_SCC | GCN_IMPL_EXEC | GCN_IMPL_VCC);
  }
  if (vop) add_sreg(r, SB_MODE);
  if (vop && gen >= GCN12 && gcn_imm_get(gen, GCN_IMMF_MODE_GPR_IDX_EN, st->mode)) add_sreg(r, GCN_CODE_M0);
  if (d->flags & GCN_F_SGPRDST) add_source(r, gen, NULL, 0, in->sdst, gcn_operand_width(d, GCN_ROLE_D));
  if (is_movrel_or_stack(d)) add_all_sgprs(r, gen);
  if (vop && (d->flags & GCN_F_VGPRSRC) && (d->implicit_reads & GCN_IMPL_M0)) /* M0-relative VGPR read */
    for (unsigned v = 0; v < GCN_NUM_VGPRS && r->n_vreg < GCN_TIMING_MAX_VREGS; v++) r->vreg[r->n_vreg++] = (uint16_t)v;
  unsigned vdst = vop ? gcn_vgpr_index(st, 3, in->vdst) : in->vdst;
  if (vop && (keeps_vdst(in) || sdwa_preserves(in)) && r->n_vreg < GCN_TIMING_MAX_VREGS) r->vreg[r->n_vreg++] = (uint16_t)vdst;
  if (vop && (d->flags & GCN_F_SWAP) && r->n_vreg < GCN_TIMING_MAX_VREGS) r->vreg[r->n_vreg++] = (uint16_t)vdst;
}

/* Scalar slots an instruction may write (checked so that writes commit in order). */
static void write_set(const gcn_inst *in, regset *w) {
  const gcn_inst_desc *d = in->desc;
  w->n_sreg = w->n_vreg = 0;
  bool vop = gcn_class_is_vector(d->cls);
  if (!vop && gcn_isa_operand(d, GCN_ROLE_D) && !(d->flags & GCN_F_NODST)) {
    add_sreg(w, in->sdst);
    if (gcn_operand_width(d, GCN_ROLE_D) == 64) add_sreg(w, in->sdst + 1);
  }
  if (vop && (d->flags & GCN_F_READLANE)) add_sreg(w, in->vdst);
  if (vop && gcn_isa_operand(d, GCN_ROLE_SD)) { /* a compare's mask: VCC, or the VOP3 SGPR pair */
    unsigned code = gcn_inst_is_vop3(in) ? in->vdst : gcn_inst_is_sdwa(in) ? in->sdst : GCN_CODE_VCC_LO;
    add_sreg(w, code), add_sreg(w, code + 1);
  }
  if (vop && gcn_isa_operand(d, GCN_ROLE_CO)) {
    unsigned code = gcn_inst_is_vop3(in) ? in->sdst : GCN_CODE_VCC_LO;
    add_sreg(w, code), add_sreg(w, code + 1);
  }
  add_implicit(w, d->implicit_writes & ~GCN_IMPL_PC);
  if (is_movrel_or_stack(d)) add_all_sgprs(w, in->gen);
}

/* s_setreg_b32 / s_setreg_imm32_b32 (SET) or s_getreg_b32: the ops of rule 9. */
static bool is_hwreg_op(const gcn_inst_desc *d, bool set) {
  enum gcn_op op = gcn_isa_op(d);
  if (set) return op == GCN_OP_S_SETREG_B32 || op == GCN_OP_S_SETREG_IMM32_B32;
  return op == GCN_OP_S_GETREG_B32;
}

/* Earliest cycle at which IN may issue under rules 1-3, 7 and 9. When PARTS is not NULL it
 * receives the cycle each constraint allows (coverage: the stall kind). */
static uint64_t ready_cycle(const gcn_core *core, const gcn_inst *in, uint64_t *parts, regset *rout) {
  uint64_t t = core->next_issue;
  uint64_t p[GCN_STALL_KINDS] = {0};
  if (core->next_issue_kind >= 0) p[core->next_issue_kind] = core->next_issue;
  regset local, w;
  regset *r = rout ? rout : &local;
  read_set(in, &core->wave.st, r);
  write_set(in, &w);
  for (unsigned i = 0; i < r->n_sreg; i++)
    if (core->sready[r->sreg[i]] > p[GCN_STALL_SREG_RAW]) p[GCN_STALL_SREG_RAW] = core->sready[r->sreg[i]];
  for (unsigned i = 0; i < w.n_sreg; i++)
    if (core->sready[w.sreg[i]] > p[GCN_STALL_SREG_WAW]) p[GCN_STALL_SREG_WAW] = core->sready[w.sreg[i]];
  if (gcn_class_is_vector(in->desc->cls)) {
    for (unsigned i = 0; i < r->n_vreg; i++)
      if (core->vready[r->vreg[i]] > p[GCN_STALL_VGPR_RAW]) p[GCN_STALL_VGPR_RAW] = core->vready[r->vreg[i]];
    if (gcn_inst_is_dpp(in) && gcn_isa_operand(in->desc, GCN_ROLE_S0)) {
      /* rule 12: DPP reads all four passes of SRC0 in its first pass, after the writer's last */
      uint64_t v = core->vready[gcn_vgpr_index(&core->wave.st, 0, in->src[0] - GCN_CODE_VGPR0) % GCN_NUM_VGPRS];
      if (v && v + GCN_VALU_PASSES - 1 > p[GCN_STALL_VGPR_RAW]) p[GCN_STALL_VGPR_RAW] = v + GCN_VALU_PASSES - 1;
    }
    p[GCN_STALL_VALU_ISSUE] = core->next_valu_issue;
  }
  if ((in->desc->flags & (GCN_F_ENDPGM | GCN_F_STOPS)) || ((in->desc->flags & GCN_F_STOPBIT0) && (in->simm16 & 1)))
    p[GCN_STALL_DRAIN] = core->drain; /* rule 7: s_sethalt/s_setkill only with SIMM16 bit 0 */
  if (core->setreg_issue) { /* rule 9: wait states after s_setreg (counted as rule 6 stalls) */
    uint64_t at = core->setreg_issue - 1, need = 0;
    if (is_hwreg_op(in->desc, false)) need = at + 3;                       /* s_getreg: 2 */
    if (is_hwreg_op(in->desc, true)) need = at + (in->gen >= GCN12 ? 3 : 2); /* s_setreg: 2 (1 on gcn10/11) */
    if (gcn_class_is_vector(in->desc->cls) && core->setreg_mode) need = at + 3;  /* MODE to the VALU: 2 */
    if (need > p[GCN_STALL_NOP]) p[GCN_STALL_NOP] = need;
  }
  for (int k = 0; k < GCN_STALL_KINDS; k++)
    if (p[k] > t) t = p[k];
  if (parts) memcpy(parts, p, sizeof p);
  return t;
}

/* Coverage: the live dependencies of IN (issuing now) through the registers R it reads. */
static void sample_deps(gcn_core *core, const gcn_inst *in, const regset *r) {
  bool cons = gcn_class_is_vector(in->desc->cls);
  unsigned seen = 0, nsg = gcn_num_sgprs(in->gen);
  for (unsigned i = 0; i < r->n_sreg; i++) {
    unsigned slot = r->sreg[i];
    uint64_t t = core->sready[slot];
    if (!t || t < core->base_issue) continue;
    int k = slot == SB_SCC ? GCN_COV_DEP_SCC : slot == SB_MODE ? GCN_COV_DEP_MODE : slot < nsg ? GCN_COV_DEP_SGPR
          : slot == GCN_CODE_VCC_LO || slot == GCN_CODE_VCC_HI ? GCN_COV_DEP_VCC
          : slot == GCN_CODE_EXEC_LO || slot == GCN_CODE_EXEC_HI ? GCN_COV_DEP_EXEC
          : slot == GCN_CODE_M0 ? GCN_COV_DEP_M0 : GCN_COV_DEP_SPECIAL;
    seen |= 1u << (core->sprod[slot] * GCN_COV_DEP_REGS + k);
  }
  if (cons)
    for (unsigned i = 0; i < r->n_vreg; i++)
      if (core->vready[r->vreg[i]] && core->vready[r->vreg[i]] >= core->base_issue)
        seen |= 1u << (GCN_COV_DEP_REGS + GCN_COV_DEP_VGPR);
  for (; seen; seen &= seen - 1) {
    int b = __builtin_ctz(seen);
    gcn_coverage_dep(&core->cov, b >= GCN_COV_DEP_REGS, cons, b % GCN_COV_DEP_REGS);
  }
}

/* ------------------------------------------------------------ issue */

static void stop(gcn_core *core, gcn_event_kind kind, uint64_t pc, const char *msg) {
  snprintf(core->message, sizeof core->message, "%s", msg);
  post_simple(core, core->cycle, kind, pc);
  core->stopped = true;
}

/* Schedules the commits of an SALU instruction that issued in this cycle. */
static void commit_salu(gcn_core *core, const gcn_retire *ret, uint64_t at) {
  bool branch = false;
  for (unsigned i = 0; i < ret->n_writes; i++) {
    const gcn_write *wr = &ret->writes[i];
    gcn_event ev;
    memset(&ev, 0, sizeof ev);
    ev.pc = ret->pc; /* the producer of the write (for reports) */
    switch (wr->kind) {
      case GCN_W_SREG:
        ev.kind = GCN_EV_SCALAR;
        ev.code = (uint16_t)wr->code;
        ev.value = (uint32_t)wr->value;
        core->sready[wr->code] = at;
        core->sprod[wr->code] = 0;
        break;
      case GCN_W_SCC:
        ev.kind = GCN_EV_SCC;
        ev.value = (uint32_t)wr->value;
        core->sready[SB_SCC] = at;
        core->sprod[SB_SCC] = 0;
        break;
      case GCN_W_MODE:
        ev.kind = GCN_EV_MODE;
        ev.value = (uint32_t)wr->value;
        core->sready[SB_MODE] = at;
        core->sprod[SB_MODE] = 0;
        break;
      case GCN_W_HWREG: /* TRAPSTS: no scoreboard slot (the RTL forwards it, docs/rtl.md) */
        ev.kind = GCN_EV_HWREG;
        ev.code = (uint16_t)wr->code;
        ev.value = (uint32_t)wr->value;
        break;
      case GCN_W_PC: branch = true; continue;
      default: continue;
    }
    post(core, at, &ev);
  }
  /* Scalar events first, then SCC, then MODE (the contract's order within an instruction). */
  post_simple(core, at, GCN_EV_RETIRE, ret->pc);
  if (branch) {
    core->next_issue = core->cycle + core->cfg.branch_penalty;
    core->next_issue_kind = GCN_STALL_BRANCH;
  }
}

unsigned gcn_event_rank(unsigned kind) {
  static const uint8_t rank[] = {[GCN_EV_SCALAR] = 0, [GCN_EV_SCC] = 1, [GCN_EV_MODE] = 2,
                                 [GCN_EV_HWREG] = 3, [GCN_EV_VECTOR] = 4, [GCN_EV_RETIRE] = 5,
                                 [GCN_EV_ILLEGAL] = 6, [GCN_EV_UNSUPPORTED] = 6, [GCN_EV_END] = 6};
  return kind < sizeof rank ? rank[kind] : 6;
}

/* Reorders the events an instruction posted since START into the contract's order
 * (gcn_event_rank; stable within a kind). */
static void order_events(gcn_core *core, size_t start) {
  for (size_t i = start + 1; i < core->n_queue; i++) {
    pending p = core->queue[i];
    size_t j = i;
    while (j > start && gcn_event_rank(core->queue[j - 1].ev.kind) > gcn_event_rank(p.ev.kind)) {
      core->queue[j] = core->queue[j - 1];
      j--;
    }
    core->queue[j] = p;
  }
}

/* The lanes / bits of write WR that the retire marks as left open (GCN_W_UNDEF_V after a
 * VGPR write, GCN_W_UNDEF_S after a scalar write of the same register), or 0. */
static uint64_t undefined_of(const gcn_retire *ret, const gcn_write *wr) {
  int want = wr->kind == GCN_W_VGPR ? GCN_W_UNDEF_V : wr->kind == GCN_W_SREG ? GCN_W_UNDEF_S : -1;
  for (unsigned k = 0; k < ret->n_writes; k++)
    if ((int)ret->writes[k].kind == want && ret->writes[k].code == wr->code) return ret->writes[k].value;
  return 0;
}

/* Schedules the commits of a VALU instruction that issued in this cycle. */
static void commit_valu(gcn_core *core, const gcn_retire *ret) {
  uint64_t i = core->cycle, depth = core->cfg.valu_depth;
  uint64_t last = i + GCN_VALU_PASSES - 1 + depth;
  for (unsigned k = 0; k < ret->n_writes; k++) {
    const gcn_write *wr = &ret->writes[k];
    gcn_event ev;
    memset(&ev, 0, sizeof ev);
    ev.pc = ret->pc; /* the producer of the write (for reports) */
    uint64_t undef = undefined_of(ret, wr);
    if (wr->kind == GCN_W_SREG) {
      ev.kind = GCN_EV_SCALAR;
      ev.code = (uint16_t)wr->code;
      ev.value = (uint32_t)wr->value;
      ev.undef = (uint32_t)undef;
      core->sready[wr->code] = last;
      core->sprod[wr->code] = 1;
      post(core, last, &ev);
    } else if (wr->kind == GCN_W_VGPR) {
      const uint32_t *lanes = core->wave.st.vgpr[wr->code];
      for (unsigned p = 0; p < GCN_VALU_PASSES; p++) {
        ev.kind = GCN_EV_VECTOR;
        ev.code = (uint16_t)wr->code;
        ev.pass = (uint8_t)p;
        ev.mask = (uint16_t)(wr->value >> (GCN_PASS_LANES * p));
        ev.undef = (uint16_t)(undef >> (GCN_PASS_LANES * p));
        memcpy(ev.lanes, lanes + GCN_PASS_LANES * p, sizeof ev.lanes);
        post(core, i + p + depth, &ev);
      }
      core->vready[wr->code] = i + depth;
    }
  }
  post_simple(core, last, GCN_EV_RETIRE, ret->pc);
  core->next_valu_issue = i + GCN_VALU_PASSES;
}

static void try_issue(gcn_core *core) {
  gcn_wave *w = &core->wave;
  if (core->stopped || core->cycle < core->next_issue) return;
  gcn_error err;
  gcn_inst tmp;
  const gcn_inst *in = NULL;
  uint64_t pc = w->st.pc;
  gcn_step_status s = gcn_fetch(w, &in, &tmp, &err);
  if (s == GCN_STEP_END) { /* an implicit s_endpgm after the last instruction (rule 7) */
    if (core->cycle < core->drain) return;
    if (core->cycle > core->base_issue) { /* the implicit s_endpgm waited for the drain */
      uint64_t p[GCN_STALL_KINDS] = {0};
      p[GCN_STALL_DRAIN] = core->drain;
      if (core->next_issue_kind >= 0) p[core->next_issue_kind] = core->next_issue;
      gcn_coverage_stall(&core->cov, gcn_cov_stall_kind(p, core->cycle), core->cycle - core->base_issue);
    }
    post_simple(core, core->cycle + core->cfg.salu_latency, GCN_EV_END, pc);
    core->stopped = true;
    return;
  }
  if (s != GCN_STEP_OK) {
    stop(core, GCN_EV_ILLEGAL, pc, err.msg);
    return;
  }
  uint64_t parts[GCN_STALL_KINDS];
  regset reads;
  if (ready_cycle(core, in, parts, &reads) > core->cycle) return; /* stall */
  sample_deps(core, in, &reads);
  gcn_inst issued = *in; /* the decode cache entry may move when the wave is reused */
  gcn_retire ret;
  gcn_coverage_before(&core->cov, &issued, &w->st);
  s = gcn_execute(w, &issued, &ret, &err);
  if (s == GCN_STEP_NOT_MODELLED) {
    stop(core, GCN_EV_UNSUPPORTED, pc, err.msg);
    return;
  }
  if (s == GCN_STEP_ERROR) {
    stop(core, GCN_EV_ILLEGAL, pc, err.msg);
    return;
  }
  if (core->cycle > core->base_issue) /* a stall before this issue: count its kind */
    gcn_coverage_stall(&core->cov, gcn_cov_stall_kind(parts, core->cycle), core->cycle - core->base_issue);
  core->base_issue = core->cycle + 1;
  core->next_issue_kind = -1;
  if (!core->cov.timed) { /* after gcn_coverage_reset */
    gcn_coverage_set_timing(&core->cov, core->cfg.salu_latency, core->cfg.valu_depth, core->cfg.branch_penalty);
    core->cov.timed = true;
  }
  if (s == GCN_STEP_END) { /* s_endpgm, issued after the drain (rule 7) */
    ret.n_writes = 0;
    gcn_coverage_after(&core->cov, &issued, &w->st, &ret);
    /* END carries the final PC: s_endpgm's own, the next instruction after a stop */
    post_simple(core, core->cycle + core->cfg.salu_latency, GCN_EV_END, w->st.pc);
    core->stopped = true;
    return;
  }
  core->cov.prog = &w->prog;
  gcn_coverage_after(&core->cov, &issued, &w->st, &ret);
  size_t start = core->n_queue;
  core->next_issue = core->cycle + 1;
  if (gcn_class_is_vector(issued.desc->cls)) {
    commit_valu(core, &ret);
  } else {
    uint64_t at = core->cycle + core->cfg.salu_latency;
    commit_salu(core, &ret, at);
    if (is_movrel_or_stack(issued.desc)) /* treated as writing every SGPR (rule 1) */
      for (unsigned c = 0; c < gcn_num_sgprs(issued.gen); c++)
        if (core->sready[c] < at) core->sready[c] = at, core->sprod[c] = 0;
    if (gcn_isa_op(issued.desc) == GCN_OP_S_NOP) { /* rule 6 */
      core->next_issue = core->cycle + 1 + (issued.simm16 & 15);
      core->next_issue_kind = GCN_STALL_NOP;
    }
    if (gcn_isa_op(issued.desc) == GCN_OP_S_SLEEP) { /* rule 6: 64 * (N & 7) cycles */
      core->next_issue = core->cycle + 1 + 64 * (issued.simm16 & 7u);
      core->next_issue_kind = GCN_STALL_NOP;
    }
    if (is_hwreg_op(issued.desc, true)) { /* rule 9 */
      core->setreg_issue = core->cycle + 1;
      core->setreg_mode = false;
      for (unsigned k = 0; k < ret.n_writes; k++) core->setreg_mode |= ret.writes[k].kind == GCN_W_MODE;
    }
  }
  order_events(core, start);
}

gcn_core_status gcn_core_step(gcn_core *core, const gcn_event **events, unsigned *n) {
  *events = NULL;
  *n = 0;
  if (core->ended) return GCN_CORE_DONE;
  try_issue(core);
  /* Collect this cycle's events in posting order (program order). */
  size_t k = 0, m = 0;
  if (core->cap_out < core->n_queue) {
    gcn_event *o = realloc(core->out, core->n_queue * sizeof *o);
    if (!o) abort();
    core->out = o;
    core->cap_out = core->n_queue;
  }
  bool end = false;
  for (size_t i = 0; i < core->n_queue; i++) {
    if (core->queue[i].cycle == core->cycle) {
      core->out[m++] = core->queue[i].ev;
      end |= core->queue[i].ev.kind == GCN_EV_END;
    } else {
      core->queue[k++] = core->queue[i];
    }
  }
  core->n_queue = k;
  *events = core->out;
  *n = (unsigned)m;
  core->cycle++;
  if (end || (core->stopped && core->n_queue == 0)) core->ended = true;
  return core->ended ? GCN_CORE_DONE : GCN_CORE_RUNNING;
}

size_t gcn_core_in_flight(const gcn_core *core, gcn_in_flight *out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < core->n_queue; i++) { /* posting order: issue order */
    const pending *p = &core->queue[i];
    if (p->ev.kind != GCN_EV_RETIRE) continue;
    if (n < max) out[n] = (gcn_in_flight){p->ev.pc, p->issued, p->cycle};
    n++;
  }
  return n;
}

void gcn_event_format(gcn_gen gen, const gcn_event *ev, char *buf, size_t len) {
  char name[48];
  switch ((gcn_event_kind)ev->kind) {
    case GCN_EV_SCALAR:
      if (!gcn_operand_reg_name(gen, ev->code, 32, name, sizeof name)) snprintf(name, sizeof name, "sreg%u", ev->code);
      snprintf(buf, len, "%s=0x%08x", name, ev->value);
      break;
    case GCN_EV_SCC: snprintf(buf, len, "scc=%u", ev->value); break;
    case GCN_EV_MODE: snprintf(buf, len, "mode=0x%08x", ev->value); break;
    case GCN_EV_VECTOR: snprintf(buf, len, "v%u.p%u/%04x", ev->code, ev->pass, ev->mask); break;
    case GCN_EV_RETIRE: snprintf(buf, len, "retire 0x%llx", (unsigned long long)ev->pc); break;
    case GCN_EV_ILLEGAL: snprintf(buf, len, "illegal 0x%llx", (unsigned long long)ev->pc); break;
    case GCN_EV_UNSUPPORTED: snprintf(buf, len, "unsupported 0x%llx", (unsigned long long)ev->pc); break;
    case GCN_EV_END: snprintf(buf, len, "end 0x%llx", (unsigned long long)ev->pc); break;
    case GCN_EV_HWREG: {
      const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, ev->code);
      if (s) gcn_hwreg_state_name(s, name, sizeof name);
      else snprintf(name, sizeof name, "hwreg%u", ev->code);
      snprintf(buf, len, "%s=0x%08x", name, ev->value);
      break;
    }
  }
}

void gcn_events_format(gcn_gen gen, uint64_t cycle, const gcn_event *ev, unsigned n, char *buf,
                       size_t len) {
  size_t used = (size_t)snprintf(buf, len, "@%llu", (unsigned long long)cycle);
  for (unsigned i = 0; i < n && used + 1 < len; i++) {
    char text[64];
    gcn_event_format(gen, &ev[i], text, sizeof text);
    used += (size_t)snprintf(buf + used, len - used, " %s", text);
  }
}

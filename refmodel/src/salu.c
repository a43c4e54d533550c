/* gcnref: scalar ALU semantics (SOP1, SOP2, SOPC, SOPK). Each case is the spec line it
 * implements: ../shared/spec pages (clrx/GcnInstrsSopc.md, GcnInstrsSopk.md for SOPC and
 * SOPK) as corrected by gcn_semantics.md sections 5 and 8; choices where both are silent
 * are in docs/semantics.md. */
#include <stdint.h>

#include "plan.h"

/* Operands of the instruction being executed, read at their table types. */
#define S0 s0 /* sources are read once, before any write: D may alias them */
#define S1 s1
#define U32(x) ((uint32_t)(x))
#define I32(x) ((int32_t)(uint32_t)(x))
#define I64(x) ((int64_t)(x))
#define D32(v) gcn_write_sreg(c, c->in->sdst, U32(v), 32)
#define D64(v) gcn_write_sreg(c, c->in->sdst, (uint64_t)(v), 64)
#define SCC_OUT(v) gcn_write_scc(c, (v) != 0)
#define SCC (c->st->scc)
#define EXEC (c->st->exec)
#define M0 (c->st->m0)
#define PC (c->in_pc)
#define SET_EXEC(v) gcn_write_sreg(c, GCN_CODE_EXEC_LO, (uint64_t)(v), 64)
#define JUMP(target) (c->next_pc = (target), gcn_log(c, GCN_W_PC, 0, c->next_pc))

/* SOPK's SIMM16 extended to 32 bits by its table type: i16 sign-extends, u16 zero-extends. */
static uint32_t imm_value(const gcn_exec_ctx *c) {
  const gcn_operand_desc *o = gcn_isa_operand(c->in->desc, GCN_ROLE_IMM);
  uint16_t x = c->in->simm16;
  return o && gcn_type_is_signed((gcn_type)o->type) ? (uint32_t)(int32_t)(int16_t)x : x;
}

/* SOPK branch target: the next instruction plus SIMM16 dwords. */
#define REL16_TARGET (PC + 4 + (uint64_t)(int64_t)(int16_t)c->in->simm16 * 4)

/* Source SLOT as the plan resolved it (plan.h); 0 when the row has none. */
static inline uint64_t src_value(gcn_exec_ctx *c, unsigned slot) { return gcn_plan_read(c, &c->plan->src[slot]); }

/* Current value of the destination register (S_CMOV, S_BITSET read-modify-write). */
static uint64_t dst_value(gcn_exec_ctx *c, unsigned width) {
  uint64_t lo = gcn_sreg_read(c->st, c->in->sdst);
  return width == 64 ? lo | (uint64_t)gcn_sreg_read(c->st, c->in->sdst + 1) << 32 : lo;
}

static unsigned popcount64(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static uint64_t reverse_bits(uint64_t x, unsigned width) {
  uint64_t r = 0;
  for (unsigned i = 0; i < width; i++) r |= ((x >> i) & 1) << (width - 1 - i);
  return r;
}

/* Index of the first bit equal to BIT scanning from the LSB, or -1. */
static int32_t find_first(uint64_t x, unsigned width, unsigned bit) {
  for (unsigned i = 0; i < width; i++)
    if (((x >> i) & 1) == bit) return (int32_t)i;
  return -1;
}

/* Number of leading bits before the first bit that differs from BIT, or -1. */
static int32_t leading(uint64_t x, unsigned width, unsigned bit) {
  for (unsigned i = 0; i < width; i++)
    if (((x >> (width - 1 - i)) & 1) != bit) return (int32_t)i;
  return -1;
}

/* Whole-quad mode: a 4-bit group is all ones when any bit of it is set. */
static uint64_t wqm(uint64_t x, unsigned width) {
  uint64_t r = 0;
  for (unsigned i = 0; i < width; i += 4)
    if ((x >> i) & 0xF) r |= 0xFull << i;
  return r;
}

/* One bit per 4-bit group: set when any bit of the group is set. */
static uint64_t quadmask(uint64_t x, unsigned width) {
  uint64_t r = 0;
  for (unsigned i = 0; i < width / 4; i++)
    if ((x >> (4 * i)) & 0xF) r |= 1ull << i;
  return r;
}

/* Mask of W low bits, saturating at WIDTH (docs/semantics.md: BFE widths >= 32/64). */
static uint64_t low_mask(unsigned w, unsigned width) {
  if (w >= width) return width == 64 ? ~0ull : 0xFFFFFFFFull;
  return (1ull << w) - 1;
}

/* Sign-extends the low W bits of X to WIDTH bits (no change when w is 0 or >= width). */
static uint64_t signext_from_bit(uint64_t x, unsigned w, unsigned width) {
  if (w == 0 || w >= width) return x;
  uint64_t sign = 1ull << (w - 1);
  uint64_t v = (x ^ sign) - sign;
  return width == 64 ? v : v & 0xFFFFFFFFull;
}

/* Bit field extract (S_BFE_*): offset S1[4:0] or S1[5:0], width S1[22:16]. */
static uint64_t bfe(uint64_t s0, uint32_t s1, unsigned width, bool is_signed) {
  unsigned off = s1 & (width - 1);
  unsigned w = (s1 >> 16) & 0x7F;
  uint64_t shifted;
  if (is_signed)
    shifted = width == 64 ? (uint64_t)(I64(s0) >> off) : U32(I32(s0) >> off);
  else
    shifted = s0 >> off;
  uint64_t tmp = shifted & low_mask(w, width);
  return is_signed ? signext_from_bit(tmp, w, width) : tmp;
}

/* SGPR number of the relative operand CODE + M0 for S_MOVRELS/S_MOVRELD. */
static gcn_step_status movrel_index(gcn_exec_ctx *c, unsigned code, unsigned width, unsigned *index) {
  uint64_t i = (uint64_t)code + c->st->m0;
  unsigned n = gcn_num_sgprs(c->st->gen);
  if (i + width / 32 > n)
    return gcn_exec_fail(c, GCN_STEP_ERROR, "%s: SGPR index %llu (operand %u + M0 %u) is outside "
                         "s0..s%u (docs/semantics.md)", c->in->desc->mnemonic[c->st->gen],
                         (unsigned long long)i, code, c->st->m0, n - 1);
  if (width == 64 && i % 2)
    return gcn_exec_fail(c, GCN_STEP_ERROR, "%s: SGPR index %llu is odd; 64-bit moves need an "
                         "even index", c->in->desc->mnemonic[c->st->gen], (unsigned long long)i);
  *index = (unsigned)i;
  return GCN_STEP_OK;
}

/* S_*_SAVEEXEC: D = old EXEC, EXEC = NEW_EXEC, SCC = EXEC != 0. */
static void saveexec(gcn_exec_ctx *c, uint64_t new_exec) {
  D64(EXEC);
  SET_EXEC(new_exec);
  SCC_OUT(EXEC);
}

/* S_*_WREXEC: EXEC = NEW_EXEC, D = new EXEC, SCC = EXEC != 0. */
static void wrexec(gcn_exec_ctx *c, uint64_t new_exec) {
  SET_EXEC(new_exec);
  D64(EXEC);
  SCC_OUT(EXEC);
}

static void cbranch_g_fork(gcn_exec_ctx *c, uint64_t mask, uint64_t target) {
  uint64_t pass = mask & EXEC, fail = ~mask & EXEC;
  if (pass == EXEC) {
    JUMP(target);
    return;
  }
  if (fail == EXEC) return;
  unsigned csp = (c->st->mode & GCN_MODE_CSP_MASK) >> GCN_MODE_CSP_SHIFT;
  unsigned slot = csp * 4;
  uint64_t other_mask, other_pc;
  if (popcount64(fail) < popcount64(pass)) { /* run the smaller set (fail) first */
    SET_EXEC(fail);
    other_mask = pass;
    other_pc = target;
  } else {
    SET_EXEC(pass);
    other_mask = fail;
    other_pc = c->in_pc + 4;
    JUMP(target);
  }
  gcn_write_sreg(c, slot, other_mask, 64);
  gcn_write_sreg(c, slot + 2, other_pc, 64);
  gcn_write_mode(c, (c->st->mode & ~GCN_MODE_CSP_MASK) | (((csp + 1) & 7) << GCN_MODE_CSP_SHIFT));
}

static void cbranch_join(gcn_exec_ctx *c, uint32_t saved_csp) {
  unsigned csp = (c->st->mode & GCN_MODE_CSP_MASK) >> GCN_MODE_CSP_SHIFT;
  if (csp == saved_csp) return; /* PC += 4 */
  csp = (csp - 1) & 7;
  gcn_write_mode(c, (c->st->mode & ~GCN_MODE_CSP_MASK) | (csp << GCN_MODE_CSP_SHIFT));
  unsigned slot = csp * 4;
  uint64_t mask = c->st->sgpr[slot] | (uint64_t)c->st->sgpr[slot + 1] << 32;
  uint64_t pc = c->st->sgpr[slot + 2] | (uint64_t)c->st->sgpr[slot + 3] << 32;
  SET_EXEC(mask);
  JUMP(pc);
}

gcn_step_status gcn_salu_execute(gcn_exec_ctx *c) {
  const gcn_inst *in = c->in;
  const uint64_t s0 = src_value(c, 0), s1 = src_value(c, 1);
  uint64_t t;
  unsigned idx;
  gcn_step_status s;
  switch ((enum gcn_op)c->plan->op) {
    /* ------------------------------------------------------------ SOP2 */
    case GCN_OP_S_ADD_U32: t = (uint64_t)U32(S0) + U32(S1); D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_SUB_U32: D32(U32(S0) - U32(S1)); SCC_OUT(U32(S1) > U32(S0)); break;
    case GCN_OP_S_ADD_I32:
      t = U32(S0) + U32(S1);
      D32(t);
      SCC_OUT((U32(S0) >> 31) == (U32(S1) >> 31) && (U32(S0) >> 31) != (U32(t) >> 31));
      break;
    case GCN_OP_S_SUB_I32:
      t = U32(S0) - U32(S1);
      D32(t);
      SCC_OUT((U32(S0) >> 31) != (U32(S1) >> 31) && (U32(S0) >> 31) != (U32(t) >> 31));
      break;
    case GCN_OP_S_ADDC_U32: t = (uint64_t)U32(S0) + U32(S1) + SCC; D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_SUBB_U32:
      t = (uint64_t)U32(S1) + SCC;
      D32(U32(S0) - U32(t));
      SCC_OUT(t > U32(S0));
      break;
    case GCN_OP_S_MIN_I32: SCC_OUT(I32(S0) < I32(S1)); D32(I32(S0) < I32(S1) ? S0 : S1); break;
    case GCN_OP_S_MIN_U32: SCC_OUT(U32(S0) < U32(S1)); D32(U32(S0) < U32(S1) ? S0 : S1); break;
    case GCN_OP_S_MAX_I32: SCC_OUT(I32(S0) > I32(S1)); D32(I32(S0) > I32(S1) ? S0 : S1); break;
    case GCN_OP_S_MAX_U32: SCC_OUT(U32(S0) > U32(S1)); D32(U32(S0) > U32(S1) ? S0 : S1); break;
    case GCN_OP_S_CSELECT_B32: D32(SCC ? S0 : S1); break;
    case GCN_OP_S_CSELECT_B64: D64(SCC ? S0 : S1); break;
    case GCN_OP_S_AND_B32: t = U32(S0 & S1); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_AND_B64: t = S0 & S1; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_OR_B32: t = U32(S0 | S1); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_OR_B64: t = S0 | S1; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_XOR_B32: t = U32(S0 ^ S1); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_XOR_B64: t = S0 ^ S1; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_ANDN2_B32: t = U32(S0 & ~S1); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_ANDN2_B64: t = S0 & ~S1; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_ORN2_B32: t = U32(S0 | ~S1); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_ORN2_B64: t = S0 | ~S1; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_NAND_B32: t = U32(~(S0 & S1)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_NAND_B64: t = ~(S0 & S1); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_NOR_B32: t = U32(~(S0 | S1)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_NOR_B64: t = ~(S0 | S1); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_XNOR_B32: t = U32(~(S0 ^ S1)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_XNOR_B64: t = ~(S0 ^ S1); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_LSHL_B32: t = U32(U32(S0) << (S1 & 31)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_LSHL_B64: t = S0 << (S1 & 63); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_LSHR_B32: t = U32(S0) >> (S1 & 31); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_LSHR_B64: t = S0 >> (S1 & 63); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_ASHR_I32: t = U32(I32(S0) >> (S1 & 31)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_ASHR_I64: t = (uint64_t)(I64(S0) >> (S1 & 63)); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_BFM_B32: D32(((1ull << (S0 & 31)) - 1) << (S1 & 31)); break;
    case GCN_OP_S_BFM_B64: D64(((S0 & 63) ? (~0ull >> (64 - (S0 & 63))) : 0) << (S1 & 63)); break;
    case GCN_OP_S_MUL_I32: D32(U32(S0) * U32(S1)); break;
    case GCN_OP_S_BFE_U32: t = bfe(U32(S0), U32(S1), 32, false); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_BFE_I32: t = bfe(U32(S0), U32(S1), 32, true); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_BFE_U64: t = bfe(S0, U32(S1), 64, false); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_BFE_I64: t = bfe(S0, U32(S1), 64, true); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_CBRANCH_G_FORK: cbranch_g_fork(c, S0, S1); break;
    case GCN_OP_S_ABSDIFF_I32:
      t = U32(S0) - U32(S1);
      if (I32(t) < 0) t = 0u - U32(t);
      D32(t);
      SCC_OUT(U32(t));
      break;
    case GCN_OP_S_MUL_HI_U32: D32(((uint64_t)U32(S0) * U32(S1)) >> 32); break;
    case GCN_OP_S_MUL_HI_I32: D32((uint64_t)(((int64_t)I32(S0) * I32(S1)) >> 32)); break;
    case GCN_OP_S_LSHL1_ADD_U32: t = ((uint64_t)U32(S0) << 1) + U32(S1); D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_LSHL2_ADD_U32: t = ((uint64_t)U32(S0) << 2) + U32(S1); D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_LSHL3_ADD_U32: t = ((uint64_t)U32(S0) << 3) + U32(S1); D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_LSHL4_ADD_U32: t = ((uint64_t)U32(S0) << 4) + U32(S1); D32(t); SCC_OUT(t >> 32); break;
    case GCN_OP_S_PACK_LL_B32_B16: D32((S0 & 0xFFFF) | (S1 & 0xFFFF) << 16); break;
    case GCN_OP_S_PACK_LH_B32_B16: D32((S0 & 0xFFFF) | (S1 & 0xFFFF0000)); break;
    case GCN_OP_S_PACK_HH_B32_B16: D32((U32(S0) >> 16) | (S1 & 0xFFFF0000)); break;

    /* ------------------------------------------------------------ SOP1 */
    case GCN_OP_S_MOV_B32:
    case GCN_OP_S_MOV_REGRD_B32:
    case GCN_OP_S_MOV_FED_B32: D32(S0); break;
    case GCN_OP_S_MOV_B64: D64(S0); break;
    case GCN_OP_S_CMOV_B32: if (SCC) D32(S0); break;
    case GCN_OP_S_CMOV_B64: if (SCC) D64(S0); break;
    case GCN_OP_S_NOT_B32: t = U32(~S0); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_NOT_B64: t = ~S0; D64(t); SCC_OUT(t); break;
    case GCN_OP_S_WQM_B32: t = wqm(U32(S0), 32); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_WQM_B64: t = wqm(S0, 64); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_BREV_B32: D32(reverse_bits(U32(S0), 32)); break;
    case GCN_OP_S_BREV_B64: D64(reverse_bits(S0, 64)); break;
    case GCN_OP_S_BCNT0_I32_B32: t = 32 - popcount64(U32(S0)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_BCNT0_I32_B64: t = 64 - popcount64(S0); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_BCNT1_I32_B32: t = popcount64(U32(S0)); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_BCNT1_I32_B64: t = popcount64(S0); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_FF0_I32_B32: D32(find_first(U32(S0), 32, 0)); break;
    case GCN_OP_S_FF0_I32_B64: D32(find_first(S0, 64, 0)); break;
    case GCN_OP_S_FF1_I32_B32: D32(find_first(U32(S0), 32, 1)); break;
    case GCN_OP_S_FF1_I32_B64: D32(find_first(S0, 64, 1)); break;
    case GCN_OP_S_FLBIT_I32_B32: D32(leading(U32(S0), 32, 0)); break;
    case GCN_OP_S_FLBIT_I32_B64: D32(leading(S0, 64, 0)); break;
    case GCN_OP_S_FLBIT_I32: D32(leading(U32(S0), 32, U32(S0) >> 31)); break;
    case GCN_OP_S_FLBIT_I32_I64: D32(leading(S0, 64, (unsigned)(S0 >> 63))); break;
    case GCN_OP_S_SEXT_I32_I8: D32((int32_t)(int8_t)S0); break;
    case GCN_OP_S_SEXT_I32_I16: D32((int32_t)(int16_t)S0); break;
    case GCN_OP_S_BITSET0_B32: D32(dst_value(c, 32) & ~(1ull << (S0 & 31))); break;
    case GCN_OP_S_BITSET0_B64: D64(dst_value(c, 64) & ~(1ull << (S0 & 63))); break;
    case GCN_OP_S_BITSET1_B32: D32(dst_value(c, 32) | 1ull << (S0 & 31)); break;
    case GCN_OP_S_BITSET1_B64: D64(dst_value(c, 64) | 1ull << (S0 & 63)); break;
    case GCN_OP_S_GETPC_B64: D64(PC + 4); break;
    case GCN_OP_S_SETPC_B64: JUMP(S0); break;
    case GCN_OP_S_SWAPPC_B64: t = S0; D64(PC + 4); JUMP(t); break;
    case GCN_OP_S_AND_SAVEEXEC_B64: saveexec(c, S0 & EXEC); break;
    case GCN_OP_S_OR_SAVEEXEC_B64: saveexec(c, S0 | EXEC); break;
    case GCN_OP_S_XOR_SAVEEXEC_B64: saveexec(c, S0 ^ EXEC); break;
    case GCN_OP_S_ANDN2_SAVEEXEC_B64: saveexec(c, S0 & ~EXEC); break;
    case GCN_OP_S_ORN2_SAVEEXEC_B64: saveexec(c, S0 | ~EXEC); break;
    case GCN_OP_S_NAND_SAVEEXEC_B64: saveexec(c, ~(S0 & EXEC)); break;
    case GCN_OP_S_NOR_SAVEEXEC_B64: saveexec(c, ~(S0 | EXEC)); break;
    case GCN_OP_S_XNOR_SAVEEXEC_B64: saveexec(c, ~(S0 ^ EXEC)); break;
    case GCN_OP_S_ANDN1_SAVEEXEC_B64: saveexec(c, ~S0 & EXEC); break;
    case GCN_OP_S_ORN1_SAVEEXEC_B64: saveexec(c, ~S0 | EXEC); break;
    case GCN_OP_S_ANDN1_WREXEC_B64: wrexec(c, ~S0 & EXEC); break;
    case GCN_OP_S_ANDN2_WREXEC_B64: wrexec(c, S0 & ~EXEC); break;
    case GCN_OP_S_QUADMASK_B32: t = quadmask(U32(S0), 32); D32(t); SCC_OUT(t); break;
    case GCN_OP_S_QUADMASK_B64: t = quadmask(S0, 64); D64(t); SCC_OUT(t); break;
    case GCN_OP_S_MOVRELS_B32:
      if ((s = movrel_index(c, in->src[0], 32, &idx))) return s;
      D32(c->st->sgpr[idx]);
      break;
    case GCN_OP_S_MOVRELS_B64:
      if ((s = movrel_index(c, in->src[0], 64, &idx))) return s;
      D64(c->st->sgpr[idx] | (uint64_t)c->st->sgpr[idx + 1] << 32);
      break;
    case GCN_OP_S_MOVRELD_B32:
      if ((s = movrel_index(c, in->sdst, 32, &idx))) return s;
      gcn_write_sreg(c, idx, S0, 32);
      break;
    case GCN_OP_S_MOVRELD_B64:
      if ((s = movrel_index(c, in->sdst, 64, &idx))) return s;
      gcn_write_sreg(c, idx, S0, 64);
      break;
    case GCN_OP_S_CBRANCH_JOIN: cbranch_join(c, U32(S0)); break;
    case GCN_OP_S_ABS_I32: t = I32(S0) < 0 ? 0u - U32(S0) : U32(S0); D32(t); SCC_OUT(U32(t)); break;
    case GCN_OP_S_SET_GPR_IDX_IDX:
      M0 = (M0 & ~0xFFu) | (U32(S0) & 0xFF);
      gcn_log(c, GCN_W_SREG, GCN_CODE_M0, M0);
      break;
    /* ------------------------------------------------------------ SOPC */
    case GCN_OP_S_CMP_EQ_I32:
    case GCN_OP_S_CMP_EQ_U32: SCC_OUT(U32(S0) == U32(S1)); break;
    case GCN_OP_S_CMP_LG_I32:
    case GCN_OP_S_CMP_LG_U32: SCC_OUT(U32(S0) != U32(S1)); break;
    case GCN_OP_S_CMP_GT_I32: SCC_OUT(I32(S0) > I32(S1)); break;
    case GCN_OP_S_CMP_GE_I32: SCC_OUT(I32(S0) >= I32(S1)); break;
    case GCN_OP_S_CMP_LT_I32: SCC_OUT(I32(S0) < I32(S1)); break;
    case GCN_OP_S_CMP_LE_I32: SCC_OUT(I32(S0) <= I32(S1)); break;
    case GCN_OP_S_CMP_GT_U32: SCC_OUT(U32(S0) > U32(S1)); break;
    case GCN_OP_S_CMP_GE_U32: SCC_OUT(U32(S0) >= U32(S1)); break;
    case GCN_OP_S_CMP_LT_U32: SCC_OUT(U32(S0) < U32(S1)); break;
    case GCN_OP_S_CMP_LE_U32: SCC_OUT(U32(S0) <= U32(S1)); break;
    case GCN_OP_S_CMP_EQ_U64: SCC_OUT(S0 == S1); break;
    case GCN_OP_S_CMP_LG_U64: SCC_OUT(S0 != S1); break;
    case GCN_OP_S_BITCMP0_B32: SCC_OUT(!((U32(S0) >> (S1 & 31)) & 1)); break;
    case GCN_OP_S_BITCMP1_B32: SCC_OUT((U32(S0) >> (S1 & 31)) & 1); break;
    case GCN_OP_S_BITCMP0_B64: SCC_OUT(!((S0 >> (S1 & 63)) & 1)); break;
    case GCN_OP_S_BITCMP1_B64: SCC_OUT((S0 >> (S1 & 63)) & 1); break;
    case GCN_OP_S_SETVSKIP: /* MODE.VSKIP = S0[S1 & 31] */
      gcn_write_mode(c, gcn_imm_put(c->st->gen, GCN_IMMF_MODE_VSKIP, c->st->mode, (U32(S0) >> (S1 & 31)) & 1));
      break;
    case GCN_OP_S_SET_GPR_IDX_ON: /* MODE.gpr_idx_en = 1; M0[7:0] = S0[7:0]; M0[15:12] = IMM[3:0] */
      M0 = gcn_imm_put(c->st->gen, GCN_IMMF_M0_GPR_IDX, M0, U32(S0));
      M0 = gcn_imm_put(c->st->gen, GCN_IMMF_M0_GPR_MODE, M0, in->simm16);
      gcn_log(c, GCN_W_SREG, GCN_CODE_M0, M0);
      gcn_write_mode(c, gcn_imm_put(c->st->gen, GCN_IMMF_MODE_GPR_IDX_EN, c->st->mode, 1));
      break;

    /* ------------------------------------------------------------ SOPK */
    case GCN_OP_S_MOVK_I32: D32(imm_value(c)); break;
    case GCN_OP_S_CMOVK_I32: if (SCC) D32(imm_value(c)); break;
    case GCN_OP_S_CMPK_EQ_I32:
    case GCN_OP_S_CMPK_EQ_U32: SCC_OUT(U32(S0) == imm_value(c)); break;
    case GCN_OP_S_CMPK_LG_I32:
    case GCN_OP_S_CMPK_LG_U32: SCC_OUT(U32(S0) != imm_value(c)); break;
    case GCN_OP_S_CMPK_GT_I32: SCC_OUT(I32(S0) > I32(imm_value(c))); break;
    case GCN_OP_S_CMPK_GE_I32: SCC_OUT(I32(S0) >= I32(imm_value(c))); break;
    case GCN_OP_S_CMPK_LT_I32: SCC_OUT(I32(S0) < I32(imm_value(c))); break;
    case GCN_OP_S_CMPK_LE_I32: SCC_OUT(I32(S0) <= I32(imm_value(c))); break;
    case GCN_OP_S_CMPK_GT_U32: SCC_OUT(U32(S0) > imm_value(c)); break;
    case GCN_OP_S_CMPK_GE_U32: SCC_OUT(U32(S0) >= imm_value(c)); break;
    case GCN_OP_S_CMPK_LT_U32: SCC_OUT(U32(S0) < imm_value(c)); break;
    case GCN_OP_S_CMPK_LE_U32: SCC_OUT(U32(S0) <= imm_value(c)); break;
    case GCN_OP_S_ADDK_I32: { /* D = D + SIMM16; SCC = signed overflow (as s_add_i32) */
      uint32_t a = U32(dst_value(c, 32)), b = imm_value(c), r = a + b;
      D32(r);
      SCC_OUT((a >> 31) == (b >> 31) && (a >> 31) != (r >> 31));
      break;
    }
    case GCN_OP_S_MULK_I32: D32(U32(dst_value(c, 32)) * imm_value(c)); break;
    case GCN_OP_S_CBRANCH_I_FORK: cbranch_g_fork(c, S0, REL16_TARGET); break;
    case GCN_OP_S_GETREG_B32: {
      uint32_t v;
      if ((s = gcn_hwreg_read(c, in->simm16, &v))) return s;
      D32(v);
      break;
    }
    case GCN_OP_S_SETREG_B32:
      if ((s = gcn_hwreg_write(c, in->simm16, U32(S0)))) return s;
      break;
    case GCN_OP_S_SETREG_IMM32_B32:
      if ((s = gcn_hwreg_write(c, in->simm16, in->literal))) return s;
      break;
    case GCN_OP_S_CALL_B64: D64(PC + 4); JUMP(REL16_TARGET); break;
    case GCN_OP_S_BITREPLICATE_B64_B32:
      t = 0;
      for (unsigned i = 0; i < 32; i++) t |= ((S0 >> i) & 1) * (3ull << (2 * i));
      D64(t);
      break;
    default:
      return gcn_exec_fail(c, GCN_STEP_NOT_MODELLED, "%s is not modelled (docs/semantics.md)",
                           in->desc->mnemonic[c->st->gen]);
  }
  return GCN_STEP_OK;
}

/* gcnref: the DPP form of VOP1/VOP2 (gcn12, gcn14): fields, rules and the lane
 * permutation of SRC0, read against clrx/GcnSdwaDpp.md ("VOP_DPP": the controls, row and
 * bank masks) corrected by gcn_semantics.md section 7 item 16 (BOUND_CTRL) and section 8
 * item 13; the choices where the page is silent are in docs/sdwa_dpp.md. */
#include "gcnref/operand.h"
#include "sdwa_dpp.h"

/* DPP_CTRL values (the page's table; llvm-mc 14 names them quad_perm, row_shl, ...). */
enum {
  QUAD_PERM_LAST = 0x0ff,
  ROW_SHL0 = 0x100, ROW_SHR0 = 0x110, ROW_ROR0 = 0x120,
  WAVE_SHL1 = 0x130, WAVE_ROL1 = 0x134, WAVE_SHR1 = 0x138, WAVE_ROR1 = 0x13c,
  ROW_MIRROR = 0x140, ROW_HALF_MIRROR = 0x141, ROW_BCAST15 = 0x142, ROW_BCAST31 = 0x143,
};
enum { NO_LANE = GCN_WAVE_SIZE };

int gcn_dpp_decode(const gcn_enc_desc *e, const uint32_t *words, gcn_inst *in, gcn_error *err) {
  (void)err;
#define GET(f) gcn_enc_get(e, GCN_FLD_##f, words)
  in->src[0] = (uint16_t)(GCN_CODE_VGPR0 + GET(SRC0));
  if (gcn_enc_has(e, GCN_FLD_VSRC1)) in->src[1] = (uint16_t)(GCN_CODE_VGPR0 + GET(VSRC1));
  if (!in->desc->n_operands && !GET(SRC0)) in->src[0] = 0; /* v_nop: no source (the field is 0) */
  in->dpp_ctrl = (uint16_t)GET(DPP_CTRL);
  in->bound_ctrl = GET(BOUND_CTRL);
  in->neg = (uint8_t)(GET(SRC0_NEG) | GET(SRC1_NEG) << 1);
  in->abs = (uint8_t)(GET(SRC0_ABS) | GET(SRC1_ABS) << 1);
  in->bank_mask = (uint8_t)GET(BANK_MASK);
  in->row_mask = (uint8_t)GET(ROW_MASK);
#undef GET
  return 0;
}

bool gcn_dpp_ctrl_legal(unsigned c) {
  if (c <= QUAD_PERM_LAST) return true;
  if (c > ROW_SHL0 && c < ROW_ROR0 + 16) return c % 16 != 0;
  return c == WAVE_SHL1 || c == WAVE_ROL1 || c == WAVE_SHR1 || c == WAVE_ROR1 || (c >= ROW_MIRROR && c <= ROW_BCAST31);
}

int gcn_dpp_validate(const gcn_inst *in, gcn_error *err) {
  const gcn_inst_desc *d = in->desc;
  gcn_gen gen = in->gen;
  const char *mn = d->mnemonic[gen];
  if (!gcn_isa_has(d, gen, GCN_F_DPP)) return gcn_fail(err, "%s has no DPP form on %s", mn, gcn_gen_name(gen));
  if (!gcn_dpp_ctrl_legal(in->dpp_ctrl)) return gcn_fail(err, "%s_dpp: DPP_CTRL 0x%x is reserved", mn, in->dpp_ctrl);
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, s));
    if (!o && ((in->abs | in->neg) >> s & 1)) return gcn_fail(err, "%s_dpp: takes no src%u modifiers", mn, s);
    if (!o) continue;
    if (gcn_operand_kind(gen, in->src[s]) != GCN_OPND_VGPR) return gcn_fail(err, "%s_dpp: src%u must be a VGPR", mn, s);
    if (((in->abs | in->neg) >> s & 1) && !gcn_type_is_float((gcn_type)o->type))
      return gcn_fail(err, "%s_dpp: abs/neg on the integer src%u", mn, s);
  }
  if (in->clamp || in->omod) return gcn_fail(err, "%s_dpp: DPP has no clamp or output modifier", mn);
  return 0;
}

/* The lane whose SRC0 lane L reads, or NO_LANE when it is out of range. */
static unsigned source_lane(unsigned c, unsigned l) {
  unsigned row = l & ~15u, in_row = l & 15u;
  if (c <= QUAD_PERM_LAST) return (l & ~3u) + (c >> (2 * (l & 3)) & 3);
  if (c > ROW_SHL0 && c < ROW_SHL0 + 16) return in_row + (c & 15) <= 15 ? l + (c & 15) : NO_LANE;
  if (c > ROW_SHR0 && c < ROW_SHR0 + 16) return in_row >= (c & 15) ? l - (c & 15) : NO_LANE;
  if (c > ROW_ROR0 && c < ROW_ROR0 + 16) return row + ((in_row - (c & 15)) & 15);
  switch (c) {
    case WAVE_SHL1: return l == GCN_WAVE_SIZE - 1 ? NO_LANE : l + 1;
    case WAVE_ROL1: return (l + 1) % GCN_WAVE_SIZE;
    case WAVE_SHR1: return l == 0 ? NO_LANE : l - 1;
    case WAVE_ROR1: return (l + GCN_WAVE_SIZE - 1) % GCN_WAVE_SIZE;
    case ROW_MIRROR: return row + (15 - in_row);
    case ROW_HALF_MIRROR: return (l & ~7u) + (7 - (l & 7));
    case ROW_BCAST15: return l < 16 ? l : row - 1;  /* lane 15 of the row before */
    case ROW_BCAST31: return l < 32 ? l : 31;       /* lane 31 to rows 2 and 3 */
    default: return NO_LANE;                          /* reserved (refused by the validator) */
  }
}

unsigned gcn_dpp_source_lane(unsigned ctrl, unsigned lane) { return source_lane(ctrl, lane); }

uint64_t gcn_dpp_permute(const gcn_inst *in, uint32_t *s0, uint64_t exec) {
  uint32_t orig[GCN_WAVE_SIZE];
  uint64_t write = 0;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) orig[l] = s0[l];
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    unsigned src = source_lane(in->dpp_ctrl, l);
    bool enabled = (in->row_mask >> (l / 16) & 1) && (in->bank_mask >> (l / 4 % 4) & 1);
    bool valid = src < GCN_WAVE_SIZE && (exec >> src & 1); /* a lane off in EXEC is invalid too */
    s0[l] = valid ? orig[src] : 0;
    if (enabled && (valid || in->bound_ctrl)) write |= 1ull << l;
  }
  return write;
}

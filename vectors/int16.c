/* gcnref vectors: the 16-bit VOP3-only integer rows, v_sat_pk_u8_i16 and the quad SADs
 * (generator version 15; v_mqsad_u32_u8 from version 16; docs/vectors.md "16-bit integer and
 * quad SAD operand classes").
 * Their hard cases are value bands that random registers reach seldom: a 16-bit sum next to
 * the i16 / u16 limits (CLAMP saturates or not), halves of v_sat_pk_u8_i16 around 0 and 255,
 * 16-bit SAD accumulators next to 0xffff (32-bit ones next to 0xffffffff); and gcn14's op_sel
 * of SRC2 and of VDST. An item of the groups valu_int16 / valu_int64 that draws such a row sets
 * a VGPR (pair, quad) to a value of a band first (v_mov_b32) and reads it as the row's source.
 * Version 22: 30% of the v_mqsad_u32_u8 items then read VDST + 2 or + 3 in a DPP v_mov_b32 at
 * once (gcn12/14: the DPP read of the high pair waits for the writer's last pass, rule 12). */
#include "gen_priv.h"

/* The rows of this file (the others of the groups are left to the plain item). */
static bool is_x16(enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MAD_U16: case GCN_OP_V_MAD_I16: case GCN_OP_V_MAD_LEGACY_U16: case GCN_OP_V_MAD_LEGACY_I16:
    case GCN_OP_V_MIN3_I16: case GCN_OP_V_MIN3_U16: case GCN_OP_V_MAX3_I16: case GCN_OP_V_MAX3_U16:
    case GCN_OP_V_MED3_I16: case GCN_OP_V_MED3_U16: case GCN_OP_V_ADD_I16: case GCN_OP_V_SUB_I16:
    case GCN_OP_V_SAT_PK_U8_I16: case GCN_OP_V_QSAD_PK_U16_U8: case GCN_OP_V_MQSAD_PK_U16_U8:
    case GCN_OP_V_MQSAD_U32_U8:
    case GCN_OP_V_ADD_U16: case GCN_OP_V_SUB_U16: case GCN_OP_V_SUBREV_U16: /* CLAMP x carry / borrow */
      return true;
    default: return false;
  }
}

void gen_int16_opsel(gctx *g, const gcn_inst_desc *d, gcn_inst *in) {
  const gcn_operand_desc *s2 = gcn_isa_operand(d, GCN_ROLE_S2), *dst = gcn_isa_operand(d, GCN_ROLE_D);
  if (s2 && gcn_type_bits((gcn_type)s2->type) == 16 && gcn_rng_pct(&g->rng, 50)) in->opsel |= 4u;
  if (dst && gcn_type_bits((gcn_type)dst->type) == 16 && gcn_rng_pct(&g->rng, 50)) in->opsel |= 8u;
}

/* A 16-bit value of OP's band for source S (both halves get one: op_sel reads either). */
static uint32_t band16(gctx *g, enum gcn_op op, unsigned s) {
  uint32_t r = gcn_rng_below(&g->rng, 16);
  bool up = gcn_rng_pct(&g->rng, 50);
  switch (op) {
    case GCN_OP_V_ADD_I16: case GCN_OP_V_SUB_I16: /* both operands near +-2^15: the sum leaves i16 or not */
      return up ? 0x7FF0u + r : 0x8000u + r;
    case GCN_OP_V_MAD_U16: case GCN_OP_V_MAD_LEGACY_U16: /* small factors, an addend near 0xffff */
      return s == 2 ? 0xFFF0u + r : r;
    case GCN_OP_V_MAD_I16: case GCN_OP_V_MAD_LEGACY_I16: /* small factors, an addend near +-2^15 */
      return s == 2 ? (up ? 0x7FF0u + r : 0x8000u + r) : (gcn_rng_pct(&g->rng, 50) ? r : 0x10000u - r) & 0xFFFFu;
    case GCN_OP_V_ADD_U16: case GCN_OP_V_SUB_U16: case GCN_OP_V_SUBREV_U16: /* near 0xffff or 0: a carry / borrow or not */
      return up ? 0xFFF0u + r : r;
    case GCN_OP_V_SAT_PK_U8_I16: /* around 0 and 255 */
      return up ? 0xF8u + r : (r - 8u) & 0xFFFFu;
    default: /* min3/max3/med3: the sign bit set or not (signed and unsigned orders differ) */
      return up ? 0x8000u + gcn_rng_below(&g->rng, 0x8000) : gcn_rng_below(&g->rng, 0x8000);
  }
}

/* Source S of OP set to a band value in a fresh VGPR (pair, quad): the 16-bit band in both
 * halves, for a quad SAD's SRC2 four 16-bit accumulators near 0xffff, or v_mqsad_u32_u8's four
 * 32-bit ones near 0xffffffff (a SAD is at most 1020: they saturate or not). USED: VGPRs taken
 * by earlier preloads. */
static int preload(gctx *g, chunk *ch, enum gcn_op op, unsigned s, force_t *f, uint32_t *used) {
  bool pair = op == GCN_OP_V_QSAD_PK_U16_U8 || op == GCN_OP_V_MQSAD_PK_U16_U8;
  if (op == GCN_OP_V_MQSAD_U32_U8) { /* the only preload of the row: no clash */
    unsigned q = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 3);
    for (unsigned w = 0; w < 4; w++)
      if (gen_emit_vmov32(g, ch, q + w, 0xFFFFFC00u + gcn_rng_below(&g->rng, 0x400))) return -1;
    f->src[s] = (int)(GCN_CODE_VGPR0 + q);
    return 0;
  }
  unsigned v = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 1);
  for (unsigned tries = 0; tries < 4; tries++) { /* not over an earlier preload's register(s) */
    bool clash = false;
    for (unsigned k = 0; k < 3; k++) clash |= used[k] == v || used[k] == v + 1 || used[k] + 1 == v;
    if (!clash) break;
    v = (v + 2) % (GCN_NUM_VGPRS - 1);
  }
  used[s] = v;
  if (pair) {
    for (unsigned w = 0; w < 2; w++) {
      uint32_t lo = 0xFC00u + gcn_rng_below(&g->rng, 0x400), hi = 0xFC00u + gcn_rng_below(&g->rng, 0x400);
      if (gen_emit_vmov32(g, ch, v + w, hi << 16 | lo)) return -1;
    }
  } else {
    uint32_t h = band16(g, op, s);
    if (gen_emit_vmov32(g, ch, v, h << 16 | h)) return -1;
  }
  f->src[s] = (int)(GCN_CODE_VGPR0 + v);
  return 0;
}

/* One of OPS[0..N) that the profile emits in GRP, drawn evenly; -1: none is on. */
static int pick_op_on(gctx *g, int grp, const enum gcn_op *ops, unsigned n) {
  unsigned on = 0;
  for (unsigned k = 0; k < n; k++)
    if (gen_op_on(g, grp, ops[k])) on |= 1u << k;
  return on ? (int)ops[gcn_rng_pick_bit(&g->rng, on)] : -1;
}

/* gcn14's v_min3/max3/med3_i16/u16 on three sources on both sides of bit 15 (generator
 * version 23): each VGPR {h, h} (the same whatever op_sel picks), h's bit 15 set in one or two
 * of the three, so that the signed and the unsigned order disagree (a signed compare of a u16
 * row, or the reverse, gives another result); the group's random items draw these six rows
 * once in ~20. 1: not emitted (none on). */
static int minmax3_16_item(gctx *g, chunk *ch) {
  static const enum gcn_op ops[6] = {GCN_OP_V_MIN3_I16, GCN_OP_V_MIN3_U16, GCN_OP_V_MAX3_I16,
                                     GCN_OP_V_MAX3_U16, GCN_OP_V_MED3_I16, GCN_OP_V_MED3_U16};
  int op = pick_op_on(g, GCN_GROUP_VALU_INT16, ops, 6);
  if (op < 0) return 1;
  unsigned neg = 1 + gcn_rng_below(&g->rng, 6); /* which sources have bit 15 set: 1..6 of 0..7 */
  unsigned base = gen_pick_vdst(g) % (GCN_NUM_VGPRS - 2);
  force_t f = gen_force0();
  f.no_mods = true;
  for (unsigned s = 0; s < 3; s++) {
    uint32_t h = ((uint32_t)gcn_rng_next(&g->rng) & 0x7FFFu) | ((neg >> s & 1) ? 0x8000u : 0);
    if (gen_emit_vmov32(g, ch, base + s, h << 16 | h)) return -1;
    f.src[s] = (int)(GCN_CODE_VGPR0 + base + s);
  }
  return gen_emit(g, ch, (enum gcn_op)op, &f);
}

int gen_int16_item(gctx *g, chunk *ch, int grp) {
  if (grp == GCN_GROUP_VALU_INT16 && gcn_rng_pct(&g->aux, 10)) { /* version 23 */
    int rc = minmax3_16_item(g, ch);
    if (rc <= 0) return rc;
  }
  if (!gen_has_op(g, GCN_OP_V_MOV_B32) || !gcn_rng_pct(&g->rng, 40)) return gen_emit_random_in(g, ch, GROUP_BIT(grp), false);
  int op = gen_pick_op(g, grp);
  if (op < 0 || !is_x16((enum gcn_op)op)) return gen_emit_random_in(g, ch, GROUP_BIT(grp), false);
  force_t f = gen_force0();
  uint32_t used[3] = {~0u - 1, ~0u - 1, ~0u - 1};
  const gcn_inst_desc *d = &gcn_isa[op];
  switch (op) {
    case GCN_OP_V_SAT_PK_U8_I16:
      if (preload(g, ch, (enum gcn_op)op, 0, &f, used)) return -1;
      break;
    case GCN_OP_V_QSAD_PK_U16_U8: case GCN_OP_V_MQSAD_PK_U16_U8: case GCN_OP_V_MQSAD_U32_U8:
      if (preload(g, ch, (enum gcn_op)op, 2, &f, used)) return -1;
      break;
    default: /* two of the three sources (or both of v_add/sub_i16) */
      for (unsigned s = 0, skip = gcn_isa_operand(d, GCN_ROLE_S2) ? gcn_rng_below(&g->rng, 3) : 2; s < 3; s++)
        if (s != skip && preload(g, ch, (enum gcn_op)op, s, &f, used)) return -1;
      break;
  }
  if ((op == GCN_OP_V_ADD_U16 || op == GCN_OP_V_SUB_U16 || op == GCN_OP_V_SUBREV_U16) && gcn_rng_pct(&g->rng, 50))
    f.enc = 64, f.clamp = 1; /* the VOP2 16-bit add/sub under CLAMP (mod.<mn>.clamp.co0|co1) */
  else if ((op == GCN_OP_V_ADD_I16 || op == GCN_OP_V_SUB_I16) && g->gen >= GCN12 &&
           (gcn_isa[op].flags_on[g->gen] & GCN_F_ICLAMP) && gcn_rng_pct(&g->rng, 40))
    f.enc = 64, f.clamp = 1; /* their band under CLAMP: x16.<mn>.clamp.over|under (version 19) */
  else if ((op == GCN_OP_V_MAD_I16 || op == GCN_OP_V_MAD_U16) && (gcn_isa[op].flags_on[g->gen] & GCN_F_ICLAMP) &&
           gcn_rng_pct(&g->aux, 30))
    f.clamp = 1; /* the same for v_mad_i16/u16 (version 23: x16.v_mad_i16.clamp.over closed late) */
  if (gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
  if (op == GCN_OP_V_MQSAD_U32_U8 && gcn_rng_pct(&g->aux, 30)) { /* a DPP read of the high pair (version 22): */
    unsigned hi = ch->in[ch->n - 1].vdst + 2 + gcn_rng_below(&g->rng, 2); /* held to the writer's last pass */
    if (gen_emit_dpp(g, ch, GCN_OP_V_MOV_B32, (int)(GCN_CODE_VGPR0 + hi)) < 0) return -1;
  }
  return 0;
}

/* v_mqsad_u32_u8, then at once a DPP read of its high pair (generator version 23): that pair
 * (vdst+2, vdst+3, passes 4..7) is readable by a DPP SRC0 from issue + 7 + valu_depth
 * (rules 2, 12), one cycle after rule 3 lets the next VALU instruction issue (issue + 8) when
 * valu_depth is 2: only gcn_valu_quad's history holds it then. gen_int16_item's own such read
 * comes with 40% of the group's items times the op's share times 30%: too rare for the first
 * vectors of make run. 1: not emitted (no DPP on the generation, or the op is off). */
int gen_mqsad_dpp_item(gctx *g, chunk *ch) {
  if (g->gen < GCN12 || !gen_op_on(g, GCN_GROUP_VALU_INT64, GCN_OP_V_MQSAD_U32_U8)) return 1;
  force_t f = gen_force0();
  if (gen_emit(g, ch, GCN_OP_V_MQSAD_U32_U8, &f)) return -1;
  unsigned hi = ch->in[ch->n - 1].vdst + 2 + gcn_rng_below(&g->rng, 2);
  return gen_emit_dpp(g, ch, GCN_OP_V_MOV_B32, (int)(GCN_CODE_VGPR0 + hi)) < 0 ? -1 : 0;
}

/* v_pk_min/max_i16/u16 on sources whose halves differ in bit 0 only (generator version 23):
 * {x, x} and {x ^ 1, x ^ 1} (the same whatever op_sel picks) in both orders, x with bit 14
 * clear half the time: a comparator that misreads the low bit takes the other source; random
 * halves are that close once in 2^15. 1: not emitted (none of the four on). */
int gen_pk_minmax_item(gctx *g, chunk *ch) {
  static const enum gcn_op ops[4] = {GCN_OP_V_PK_MIN_I16, GCN_OP_V_PK_MIN_U16, GCN_OP_V_PK_MAX_I16,
                                     GCN_OP_V_PK_MAX_U16};
  int op = pick_op_on(g, GCN_GROUP_VALU_PK_INT, ops, 4);
  if (op < 0) return 1;
  uint32_t x = (uint32_t)gcn_rng_next(&g->rng) & 0xFFFFu;
  if (gcn_rng_pct(&g->rng, 50)) x &= ~0x4000u;
  unsigned a = gen_pick_vdst(g), b = (a + 1 + gcn_rng_below(&g->rng, GCN_NUM_VGPRS - 1)) % GCN_NUM_VGPRS;
  if (gen_emit_vmov32(g, ch, a, x * 0x10001u) || gen_emit_vmov32(g, ch, b, (x ^ 1u) * 0x10001u)) return -1;
  for (unsigned k = 0; k < 2; k++) { /* both orders: the smaller value as SRC0, then as SRC1 */
    force_t f = gen_force0();
    f.no_mods = true; /* no neg_lo/neg_hi: they would move one source away */
    f.src[0] = (int)(GCN_CODE_VGPR0 + (k ? b : a));
    f.src[1] = (int)(GCN_CODE_VGPR0 + (k ? a : b));
    if (gen_emit(g, ch, (enum gcn_op)op, &f)) return -1;
  }
  return 0;
}

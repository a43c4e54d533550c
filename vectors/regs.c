/* gcnref vectors: registers and operands of the instructions being built: the SGPR and
 * VGPR pools, recently written registers, special registers, inline constants, literals,
 * corner-weighted values and the constant bus. */
#include "gen_priv.h"

bool gen_forbidden(const gctx *g, unsigned code, unsigned width) {
  if (code >= 128) return true;
  return g->forbid[code] || (width == 64 && (code + 1 >= 128 || g->forbid[code + 1]));
}

void gen_push_recent_s(gctx *g, unsigned code, unsigned width) {
  recent_t *r = &g->rec;
  r->s_code[r->pos_s] = (uint16_t)code;
  r->s_width[r->pos_s] = (uint8_t)width;
  r->pos_s = (r->pos_s + 1) % RECENT;
  if (r->n_s < RECENT) r->n_s++;
}

void gen_push_recent_v(gctx *g, unsigned v) {
  recent_t *r = &g->rec;
  r->v[r->pos_v] = (uint16_t)v;
  r->pos_v = (r->pos_v + 1) % RECENT;
  if (r->n_v < RECENT) r->n_v++;
}

/* An SGPR (WIDTH 64: an aligned pair) from the pool, or for a source sometimes a recently
 * written one. */
unsigned gen_pick_sgpr(gctx *g, unsigned width, bool write) {
  if (!write && g->rec.n_s && gcn_rng_pct(&g->rng, g->p->reuse)) {
    unsigned i = gcn_rng_below(&g->rng, g->rec.n_s);
    unsigned c = g->rec.s_code[i];
    if (c < g->nsg) {
      if (width == 64) c &= ~1u;
      if (c + (width == 64) < g->nsg) return c;
    }
  }
  for (int tries = 0; tries < 16; tries++) {
    unsigned c = g->spool[gcn_rng_below(&g->rng, POOL_S)];
    if (width == 64) c &= ~1u;
    if (!write || !gen_forbidden(g, c, width)) return c;
  }
  unsigned start = gcn_rng_below(&g->rng, g->nsg);
  for (unsigned k = 0; k < g->nsg; k++) {
    unsigned c = (start + k) % g->nsg;
    if (width == 64) c &= ~1u;
    if (c + (width == 64) < g->nsg && !gen_forbidden(g, c, width)) return c;
  }
  return 0; /* unreachable: the forbidden set is small */
}

unsigned gen_pick_vgpr_src(gctx *g) {
  if (g->rec.n_v && gcn_rng_pct(&g->rng, g->p->reuse)) return g->rec.v[gcn_rng_below(&g->rng, g->rec.n_v)];
  return g->vpool[gcn_rng_below(&g->rng, POOL_V)];
}

unsigned gen_pick_vdst(gctx *g) {
  if (g->rec.n_v && gcn_rng_pct(&g->rng, 20)) return g->rec.v[gcn_rng_below(&g->rng, g->rec.n_v)];
  return g->vpool[gcn_rng_below(&g->rng, POOL_V)];
}

unsigned gen_pick_sdst(gctx *g, unsigned width) {
  if (gcn_rng_pct(&g->rng, g->p->sdst_special)) {
    const unsigned *l = width == 64 ? g->dst64 : g->dst32;
    unsigned n = width == 64 ? g->n_dst64 : g->n_dst32;
    for (int tries = 0; n && tries < 8; tries++) {
      unsigned c = l[gcn_rng_below(&g->rng, n)];
      if (!gen_forbidden(g, c, width)) return c;
    }
  }
  return gen_pick_sgpr(g, width, true);
}

/* A pair for a carry-out / mask: vcc or an SGPR pair. */
unsigned gen_pick_pair_dst(gctx *g) {
  if (gcn_rng_pct(&g->rng, 35) && !gen_forbidden(g, GCN_CODE_VCC_LO, 64)) return GCN_CODE_VCC_LO;
  return gen_pick_sdst(g, 64);
}

unsigned gen_pick_special_src(gctx *g, unsigned width, bool reg_only) {
  const unsigned *l = width == 64 ? g->src64 : g->src32;
  unsigned n = width == 64 ? g->n_src64 : g->n_src32;
  for (int tries = 0; tries < 16; tries++) {
    unsigned c = l[gcn_rng_below(&g->rng, n)];
    if (reg_only && gcn_operand_kind(g->gen, c) != GCN_OPND_SPECIAL) continue;
    return c;
  }
  return GCN_CODE_VCC_LO;
}

/* A special register pair that may hold a jump target or a mask (vcc, ttmp, tba, ...;
 * never EXEC), not forbidden; an SGPR pair when there is none. */
unsigned gen_pick_special_pair(gctx *g) {
  for (int tries = 0; g->n_dst64 && tries < 8; tries++) {
    unsigned c = g->dst64[gcn_rng_below(&g->rng, g->n_dst64)];
    if (c != GCN_CODE_EXEC_LO && !gen_forbidden(g, c, 64)) return c;
  }
  return gen_pick_sgpr(g, 64, true);
}

unsigned gen_inline_float_code(gctx *g) { /* 240..248 (248: 1/(2pi), gcn12+) */
  return GCN_CODE_FLOAT_MIN + gcn_rng_below(&g->rng, g->gen >= GCN12 ? 9 : 8);
}
unsigned gen_inline_int_code(gctx *g) { return GCN_CODE_ZERO + gcn_rng_below(&g->rng, GCN_CODE_INT_NEG_MAX - GCN_CODE_ZERO + 1); }

static unsigned pick_inline(gctx *g) {
  static const unsigned common[] = {128, 129, 130, 193, 192, 208, 191, 159, 160, 144};
  if (gcn_rng_pct(&g->rng, 50)) return gen_inline_float_code(g); /* float constants half the time for every type (version 13) */
  if (gcn_rng_pct(&g->rng, 40)) return common[gcn_rng_below(&g->rng, sizeof common / sizeof common[0])];
  return gen_inline_int_code(g);
}

/* The inline constant whose value for TYPE equals the literal LIT, or 0. */
unsigned gen_inline_equiv(gcn_gen gen, gcn_type t, uint32_t lit) {
  uint64_t v = gcn_literal_value(lit, t);
  for (unsigned c = GCN_CODE_ZERO; c <= GCN_CODE_INV_2PI; c++) {
    gcn_opnd_kind k = gcn_operand_kind(gen, c);
    if (k != GCN_OPND_INLINE_INT && k != GCN_OPND_INLINE_FLOAT) continue;
    if (k == GCN_OPND_INLINE_FLOAT && (t == GCN_T_I16 || t == GCN_T_U16 || t == GCN_T_B16)) continue;
    if (gcn_inline_value(gen, c, t) == v) return c;
  }
  return 0;
}

/* A corner-weighted value for an operand of TYPE (16-bit types: the low half only). */
uint32_t gen_value_for(gctx *g, gcn_type t) {
  uint64_t r = gcn_rng_next(&g->rng);
  if (t == GCN_T_F32 && gcn_rng_pct(&g->rng, 50)) {
    static const unsigned cls[] = {6, 7, 12};
    r = (r & ~15ull) | cls[gcn_rng_below(&g->rng, 3)];
  } else if ((t == GCN_T_F16 || t == GCN_T_I16F) && gcn_rng_pct(&g->rng, 60)) {
    r = (r & ~15ull) | (gcn_rng_pct(&g->rng, 50) ? 8 : 13);
  } else if (t == GCN_T_F64 && gcn_rng_pct(&g->rng, 60)) { /* an f64 literal is the high dword: a class
                                                              drawn alike (version 15: vectors/f64.c) */
    return gen_f64_literal_of_class(g, (int)gcn_rng_below(&g->rng, GCN_COV_FP_CLASSES));
  }
  uint32_t v = gcn_vec_value(r);
  return gcn_type_bits(t) == 16 ? v & 0xFFFF : v;
}

/* A literal (or the equivalent inline constant) for TYPE; shares an existing literal. */
static unsigned pick_literal(gctx *g, gcn_type t, gcn_inst *in) {
  uint32_t lit = in->has_literal ? in->literal : gen_value_for(g, t);
  if (gcn_type_bits(t) == 16 && lit > 0xFFFF) return pick_inline(g);
  unsigned c = gen_inline_equiv(g->gen, t, lit);
  if (c && !in->has_literal) { /* a second draw when the first is an inline constant (generator version 13) */
    lit = gen_value_for(g, t);
    c = gen_inline_equiv(g->gen, t, lit);
  }
  if (c) return c;
  in->literal = lit;
  in->has_literal = true;
  return GCN_CODE_LITERAL;
}

bool gen_bus_take(bus_t *b, unsigned code, unsigned width) {
  if (b->used) return b->code == code && b->width == width && code != GCN_CODE_LITERAL;
  b->used = true;
  b->code = code;
  b->width = width;
  return true;
}

bool gen_is_scalar_code(gcn_gen gen, unsigned code) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  return k == GCN_OPND_SGPR || k == GCN_OPND_SPECIAL || k == GCN_OPND_READONLY || k == GCN_OPND_LITERAL;
}

/* A source for an operand of TYPE. ALLOW: bit per gcn_opclass. BUS: NULL for SALU. */
unsigned gen_pick_src(gctx *g, gcn_type t, unsigned allow, bus_t *bus, bool reg_only, gcn_inst *in) {
  if (gcn_type_reg_bits(t) > 64) return GCN_CODE_VGPR0 + gen_pick_vgpr_src(g); /* a VGPR quad only (version 16) */
  unsigned width = gcn_type_bits(t) == 64 ? 64 : 32;
  unsigned w[GCN_OPC_COUNT];
  for (unsigned i = 0; i < GCN_OPC_COUNT; i++) w[i] = (allow >> i & 1) ? g->p->operand[i] : 0;
  if (reg_only) w[GCN_OPC_INLINE] = w[GCN_OPC_LITERAL] = w[GCN_OPC_VGPR] = 0;
  if (bus && gcn_rng_pct(&g->rng, 30)) /* VALU sources: sometimes every allowed class alike (version 7) */
    for (unsigned i = 0; i < GCN_OPC_COUNT; i++) w[i] = w[i] ? 1 : 0;
  int cls = gcn_rng_weighted(&g->rng, w, GCN_OPC_COUNT);
  if (cls < 0)
    cls = (allow >> GCN_OPC_VGPR & 1) ? GCN_OPC_VGPR : (allow >> GCN_OPC_SGPR & 1) ? GCN_OPC_SGPR : GCN_OPC_INLINE;
  int inline_kind = -1; /* the bias wants an integer (0) or float (1) inline constant */
  if (g->bias && g->cur_op >= 0 && g->cur_slot >= 0 && g->bias->src_want[g->cur_op][g->cur_slot] &&
      gcn_rng_pct(&g->rng, 85)) { /* (60% before version 17) */
    static const int opc_of[GCN_COV_SRC_CLASSES] = {GCN_OPC_SGPR, GCN_OPC_SPECIAL, GCN_OPC_VGPR,
                                                    GCN_OPC_INLINE, GCN_OPC_INLINE, GCN_OPC_LITERAL};
    int k = gcn_rng_pick_bit(&g->rng, g->bias->src_want[g->cur_op][g->cur_slot]);
    int oc = opc_of[k];
    bool ok = (allow >> oc & 1) && !(reg_only && oc != GCN_OPC_SGPR && oc != GCN_OPC_SPECIAL);
    if (ok) {
      cls = oc;
      if (oc == GCN_OPC_INLINE) inline_kind = k == GCN_COV_SRC_INLINE_FLOAT;
    }
  }
  unsigned code;
  switch (cls) {
    case GCN_OPC_SGPR: code = gen_pick_sgpr(g, width, false); break;
    case GCN_OPC_SPECIAL: code = gen_pick_special_src(g, width, reg_only); break;
    case GCN_OPC_INLINE:
      if (inline_kind == 1)
        code = gen_inline_float_code(g);
      else if (inline_kind == 0)
        code = gen_inline_int_code(g);
      else
        code = pick_inline(g);
      break;
    case GCN_OPC_LITERAL: code = pick_literal(g, t, in); break;
    default: return GCN_CODE_VGPR0 + gen_pick_vgpr_src(g);
  }
  if (bus && gen_is_scalar_code(g->gen, code) && !gen_bus_take(bus, code, code == GCN_CODE_LITERAL ? 0 : width)) {
    if (code == GCN_CODE_LITERAL && in->has_literal) { /* undo the literal just taken */
      bool other = false;
      for (unsigned s = 0; s < 3; s++) other |= in->src[s] == GCN_CODE_LITERAL;
      if (!other && !gcn_isa_operand(in->desc, GCN_ROLE_K)) in->has_literal = false;
    }
    if (allow >> GCN_OPC_VGPR & 1) return GCN_CODE_VGPR0 + gen_pick_vgpr_src(g);
    return pick_inline(g);
  }
  return code;
}

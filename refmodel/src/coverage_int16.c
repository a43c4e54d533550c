/* gcnref: the x16 coverage bins (docs/coverage.md "16-bit integer and quad SAD bins"): the
 * value bands of the 16-bit VOP3-only integer rows, v_sat_pk_u8_i16 and the 64-bit quad SADs
 * that the op / src / result bins do not see, and gcn14's op_sel halves of the 16-bit rows.
 *   x16.<mn>.clamp.in|over|under     lanes under integer CLAMP whose exact result (S0 * S1 + S2,
 *                                    S0 +- S1) is within D's 16-bit range, above it, below it
 *   x16.<mn>.sign.same|mixed         min3/max3/med3: the three 16-bit sources' sign bits agree
 *                                    or not (signed and unsigned orders differ only then)
 *   x16.<mn>.half.neg|in|over        v_sat_pk_u8_i16: 16-bit halves below 0, in 0..255, above
 *   x16.<mn>.acc.fit|over.clamp|noclamp  quad SADs: lanes where no / some 16-bit accumulator
 *                                    field's sum passes 0xffff (saturates / wraps)
 *   x16.<mn>.opsel.src0|src1|src2|dst  gcn14 op_sel rows: instructions with that OP_SEL bit
 * Lanes are the ones the instruction writes; a DPP form (v_sat_pk_u8_i16) is not sampled
 * (its lanes read other lanes' sources). */
#include "coverage_priv.h"

#include "exec_ctx.h"
#include "gcnref/operand.h"
#include "sdwa_dpp.h"

enum { K_NONE, K_MAD, K_ADDSUB, K_MINMAX, K_SATPK, K_QSAD };
/* Counter layout of gcn_coverage.x16[op] (per kind). */
enum { C_IN = 0, C_OVER, C_UNDER };                  /* clamp.*, half.* */
enum { C_SAME = 0, C_MIXED };                        /* sign.* */
enum { C_FIT_CL = 0, C_OVER_CL, C_FIT_NC, C_OVER_NC }; /* acc.* */
enum { C_OPSEL = 4 };                                /* opsel.src0..dst: 4..7 */
_Static_assert(C_OPSEL + 4 <= GCN_COV_X16_BINS, "gcn_coverage.x16 is too small");

static int kind_of(enum gcn_op op, bool *sgn) {
  *sgn = false;
  switch (op) {
    case GCN_OP_V_MAD_I16: case GCN_OP_V_MAD_LEGACY_I16: *sgn = true; return K_MAD;
    case GCN_OP_V_MAD_U16: case GCN_OP_V_MAD_LEGACY_U16: return K_MAD;
    case GCN_OP_V_ADD_I16: case GCN_OP_V_SUB_I16: *sgn = true; return K_ADDSUB;
    case GCN_OP_V_MIN3_I16: case GCN_OP_V_MAX3_I16: case GCN_OP_V_MED3_I16: *sgn = true; return K_MINMAX;
    case GCN_OP_V_MIN3_U16: case GCN_OP_V_MAX3_U16: case GCN_OP_V_MED3_U16: return K_MINMAX;
    case GCN_OP_V_SAT_PK_U8_I16: return K_SATPK;
    case GCN_OP_V_QSAD_PK_U16_U8: case GCN_OP_V_MQSAD_PK_U16_U8: return K_QSAD;
    default: return K_NONE;
  }
}

/* The 32-bit lanes of source S (dword HI of a 64-bit one), as the VALU reads them. */
static void src_dw(const gcn_state *st, const gcn_inst *in, unsigned s, unsigned hi, uint32_t out[GCN_WAVE_SIZE]) {
  unsigned code = in->src[s];
  if (code >= GCN_CODE_VGPR0) {
    memcpy(out, st->vgpr[(gcn_vgpr_index(st, s, code - GCN_CODE_VGPR0) + hi) % GCN_NUM_VGPRS],
           sizeof(uint32_t) * GCN_WAVE_SIZE);
    return;
  }
  gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, gcn_isa_src_role(in->desc, s));
  uint64_t x = gcn_read_operand(&c, code, o ? (gcn_type)o->type : GCN_T_B32);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) out[l] = (uint32_t)(x >> (32 * hi));
}

static unsigned sad4(uint32_t a, uint32_t b, bool masked) {
  unsigned s = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned x = a >> (8 * i) & 0xFF, y = b >> (8 * i) & 0xFF;
    if (!masked || y) s += x > y ? x - y : y - x;
  }
  return s;
}

void gcn_cov16_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  bool sgn;
  int k = kind_of((enum gcn_op)gcn_isa_op(in->desc), &sgn);
  memset(cov->pre_x16, 0, sizeof cov->pre_x16);
  if (k == K_NONE || gcn_inst_is_dpp(in) || ((k == K_MAD || k == K_ADDSUB) && !in->clamp)) return;
  uint32_t s[3][2][GCN_WAVE_SIZE];
  unsigned n = k == K_SATPK ? 1 : k == K_ADDSUB ? 2 : 3;
  for (unsigned i = 0; i < n; i++) src_dw(st, in, i, 0, s[i][0]);
  if (k == K_QSAD) {
    src_dw(st, in, 0, 1, s[0][1]);
    src_dw(st, in, 2, 1, s[2][1]);
  }
  if (gcn_inst_is_sdwa(in)) gcn_sdwa_select_sources(in, s[0][0], s[1][0]);
  uint64_t *m = cov->pre_x16;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint64_t bit = 1ull << l;
    int32_t x[3];
    for (unsigned i = 0; i < 3 && k != K_QSAD && k != K_SATPK; i++) { /* the 16-bit sources after op_sel */
      uint32_t h = i < n ? s[i][0][l] >> (in->opsel >> i & 1 ? 16 : 0) & 0xFFFF : 0;
      x[i] = sgn ? (int16_t)h : (int32_t)h;
    }
    if (k == K_MAD || k == K_ADDSUB) {
      int64_t r = k == K_MAD ? (int64_t)x[0] * x[1] + x[2] : gcn_isa_op(in->desc) == GCN_OP_V_SUB_I16 ? x[0] - x[1] : x[0] + x[1];
      m[r > (sgn ? 0x7FFF : 0xFFFF) ? C_OVER : r < (sgn ? -0x8000 : 0) ? C_UNDER : C_IN] |= bit;
    } else if (k == K_MINMAX) {
      unsigned sb = (unsigned)(x[0] >> 15 & 1) + (unsigned)(x[1] >> 15 & 1) + (unsigned)(x[2] >> 15 & 1);
      m[sb == 0 || sb == 3 ? C_SAME : C_MIXED] |= bit;
    } else if (k == K_SATPK) {
      for (unsigned h = 0; h < 2; h++) { /* low half in counters 0..2, high half in 4..6 */
        int32_t v = (int16_t)(s[0][0][l] >> (16 * h));
        m[4 * h + (v < 0 ? C_UNDER : v > 255 ? C_OVER : C_IN)] |= bit;
      }
    } else {
      uint64_t a = (uint64_t)s[0][1][l] << 32 | s[0][0][l], c = (uint64_t)s[2][1][l] << 32 | s[2][0][l];
      bool over = false, masked = gcn_isa_op(in->desc) == GCN_OP_V_MQSAD_PK_U16_U8;
      for (unsigned i = 0; i < 4; i++) over |= (c >> (16 * i) & 0xFFFF) + sad4((uint32_t)(a >> (8 * i)), s[1][0][l], masked) > 0xFFFF;
      m[(over ? C_OVER_CL : C_FIT_CL) + (in->clamp ? 0 : 2)] |= bit;
    }
  }
}

void gcn_cov16_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  bool sgn;
  unsigned op = gcn_isa_op(in->desc);
  int k = kind_of((enum gcn_op)op, &sgn);
  if (k == K_NONE || !pre) return;
  uint64_t written = 0;
  for (unsigned i = 0; i < ret->n_writes; i++)
    if (ret->writes[i].kind == GCN_W_VGPR) written |= ret->writes[i].value;
  if (!written) return; /* VSKIP, or EXEC 0 */
  uint64_t *c = cov->x16[op];
  for (unsigned b = 0; b < C_OPSEL; b++)
    c[b] += (unsigned)__builtin_popcountll(cov->pre_x16[b] & written) +
            (k == K_SATPK ? (unsigned)__builtin_popcountll(cov->pre_x16[4 + b] & written) : 0u);
  if (gcn_inst_is_vop3(in))
    for (unsigned b = 0; b < 4; b++)
      if (in->opsel >> b & 1) c[C_OPSEL + b]++;
}

void gcn_cov16_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  const char *no_iclamp = gen < GCN12 ? "integer clamp exists from gcn12" : NULL;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    bool sgn;
    int k = kind_of((enum gcn_op)op, &sgn);
    if (k == K_NONE || !mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    const uint64_t *c = cov->x16[op];
    static const char *const band[3] = {"in", "over", "under"};
    if (k == K_MAD || k == K_ADDSUB)
      for (unsigned b = 0; b < 3; b++)
        emit(v, c[b], no_iclamp ? no_iclamp : b == C_UNDER && !sgn ? "an unsigned multiply-add is never negative" : NULL,
             "x16.%s.clamp.%s", mn, band[b]);
    if (k == K_MINMAX)
      for (unsigned b = 0; b < 2; b++) emit(v, c[b], NULL, "x16.%s.sign.%s", mn, b ? "mixed" : "same");
    if (k == K_SATPK) {
      static const char *const half[3] = {"in", "over", "neg"};
      for (unsigned b = 0; b < 3; b++) emit(v, c[b], NULL, "x16.%s.half.%s", mn, half[b]);
    }
    if (k == K_QSAD)
      for (unsigned b = 0; b < 4; b++)
        emit(v, c[b], b < 2 ? no_iclamp : NULL, "x16.%s.acc.%s.%s", mn, b & 1 ? "over" : "fit", b < 2 ? "clamp" : "noclamp");
    if (!gcn_isa_has(d, gen, GCN_F_OPSEL)) continue;
    static const char *const sel[4] = {"src0", "src1", "src2", "dst"};
    for (unsigned b = 0; b < 4; b++) {
      const gcn_operand_desc *o = gcn_isa_operand(d, b < 3 ? gcn_isa_src_role(d, b) : GCN_ROLE_D);
      if (o && gcn_type_bits((gcn_type)o->type) == 16) emit(v, c[C_OPSEL + b], NULL, "x16.%s.opsel.%s", mn, sel[b]);
    }
  }
}

/* gcnref: functional coverage sampling and the bin definitions (see coverage.h and
 * docs/coverage.md). */
#include "gcnref/coverage.h"

#include "coverage_priv.h"
#include "sdwa_dpp.h"

#include <string.h> /* (stdarg.h: coverage_priv.h) */

#include "exec_ctx.h"
#include "gcnref/fp.h"
#include "gcnref/operand.h"

static const char *const form_name[GCN_COV_FORMS] = {"sop", "vop2", "vop3"};
static const char *const src_name[GCN_COV_SRC_CLASSES] = {"sgpr", "special", "vgpr",
                                                          "inline_int", "inline_float", "literal"};
static const char *const exec_name[GCN_COV_EXEC_PATTERNS] = {"all_on", "all_off", "partial"};
static const char *const res_name[GCN_COV_RES_CLASSES] = {"zero", "pos", "neg"};
static const char *const fp_name[GCN_COV_FP_CLASSES] = {
    "pos_zero", "neg_zero", "pos_denorm", "neg_denorm", "pos_normal",
    "neg_normal", "pos_inf", "neg_inf", "qnan", "snan"};
static const char *const mod_name[GCN_COV_MODS] = {"abs0", "abs1", "neg0", "neg1",
                                                    "clamp", "omod_mul2", "omod_mul4", "omod_div2"};
static const char *const stall_name[GCN_STALL_KINDS] = {"branch", "nop", "sreg_raw", "sreg_waw",
                                                        "vgpr_raw", "valu_issue", "drain"};
static const char *const dep_name[GCN_COV_DEP_REGS] = {"sgpr", "vcc", "exec", "m0", "scc", "mode", "special", "vgpr"};

const char *gcn_cov_src_name(int k) { return k >= 0 && k < GCN_COV_SRC_CLASSES ? src_name[k] : "?"; }
const char *gcn_cov_fp_name(int k) { return k >= 0 && k < GCN_COV_FP_CLASSES ? fp_name[k] : "?"; }
const char *gcn_cov_stall_name(int k) { return k >= 0 && k < GCN_STALL_KINDS ? stall_name[k] : "?"; }
/* ------------------------------------------------------------ classifications */

int gcn_cov_src_class(gcn_gen gen, unsigned code) {
  switch (gcn_operand_kind(gen, code)) {
    case GCN_OPND_SGPR: return GCN_COV_SRC_SGPR;
    case GCN_OPND_SPECIAL:
    case GCN_OPND_READONLY: return GCN_COV_SRC_SPECIAL;
    case GCN_OPND_VGPR: return GCN_COV_SRC_VGPR;
    case GCN_OPND_INLINE_INT: return GCN_COV_SRC_INLINE_INT;
    case GCN_OPND_INLINE_FLOAT: return GCN_COV_SRC_INLINE_FLOAT;
    case GCN_OPND_LITERAL: return GCN_COV_SRC_LITERAL;
    default: return -1;
  }
}

int gcn_cov_exec_class(uint64_t exec) {
  return exec == ~0ull ? GCN_COV_EXEC_ALL_ON : exec == 0 ? GCN_COV_EXEC_ALL_OFF : GCN_COV_EXEC_PARTIAL;
}

int gcn_cov_result_class(uint64_t value, unsigned bits) {
  if (bits < 64) value &= (1ull << bits) - 1;
  if (value == 0) return GCN_COV_RES_ZERO;
  return value >> (bits - 1) & 1 ? GCN_COV_RES_NEG : GCN_COV_RES_POS;
}

int gcn_cov_fp_class(uint64_t value, unsigned bits) {
  unsigned mant_bits = bits == 16 ? 10 : bits == 64 ? 52 : 23, exp_bits = bits == 16 ? 5 : bits == 64 ? 11 : 8;
  uint64_t sign = value >> (bits - 1) & 1;
  uint64_t exp = value >> mant_bits & ((1u << exp_bits) - 1);
  uint64_t mant = value & ((1ull << mant_bits) - 1);
  if (exp == (1u << exp_bits) - 1) {
    if (mant == 0) return sign ? GCN_COV_FP_NEG_INF : GCN_COV_FP_POS_INF;
    return mant >> (mant_bits - 1) & 1 ? GCN_COV_FP_QNAN : GCN_COV_FP_SNAN;
  }
  if (exp == 0) {
    if (mant == 0) return sign ? GCN_COV_FP_NEG_ZERO : GCN_COV_FP_POS_ZERO;
    return sign ? GCN_COV_FP_NEG_DENORM : GCN_COV_FP_POS_DENORM;
  }
  return sign ? GCN_COV_FP_NEG_NORMAL : GCN_COV_FP_POS_NORMAL;
}

int gcn_cov_stall_kind(const uint64_t ready[GCN_STALL_KINDS], uint64_t issue) {
  int best = -1;
  for (int k = 0; k < GCN_STALL_KINDS; k++)
    if (ready[k] >= issue && (best < 0 || ready[k] > ready[best])) best = k;
  return best;
}

/* ------------------------------------------------------------ instruction facts */

/* Does the op get integer result bins? */
static bool has_result(const gcn_inst_desc *d, gcn_gen gen) {
  if (d->cls == GCN_CLASS_SOPP || (d->flags_on[gen] & (GCN_F_NODST | GCN_F_NOMODEL))) return false;
  return gcn_isa_operand(d, GCN_ROLE_D) && !is_float_op(d);
}

/* f32 multiply-adds: always flush f32 denormals in and out (docs/float.md). */
static bool is_f32_mad(enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MAC_F32: case GCN_OP_V_MAC_LEGACY_F32: case GCN_OP_V_MADMK_F32: case GCN_OP_V_MADAK_F32:
    case GCN_OP_V_MAD_F32: case GCN_OP_V_MAD_LEGACY_F32: return true;
    default: return false;
  }
}

/* Float result classes that a rounding op or a conversion cannot produce, with the reason, or NULL. */
static const char *fp_result_unreachable(enum gcn_op op, int k) {
  bool den = k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM;
  switch (op) {
    case GCN_OP_V_TRUNC_F32: case GCN_OP_V_CEIL_F32: case GCN_OP_V_FLOOR_F32: case GCN_OP_V_RNDNE_F32:
    case GCN_OP_V_TRUNC_F16: case GCN_OP_V_CEIL_F16: case GCN_OP_V_FLOOR_F16: case GCN_OP_V_RNDNE_F16:
    case GCN_OP_V_TRUNC_F64: case GCN_OP_V_CEIL_F64: case GCN_OP_V_FLOOR_F64: case GCN_OP_V_RNDNE_F64:
      return den ? "an integral value is never denormal (and OMOD acts only when denormal results are flushed)"
                 : NULL;
    case GCN_OP_V_CVT_F32_U32: case GCN_OP_V_CVT_F32_UBYTE0: case GCN_OP_V_CVT_F32_UBYTE1:
    case GCN_OP_V_CVT_F32_UBYTE2: case GCN_OP_V_CVT_F32_UBYTE3: case GCN_OP_V_CVT_F16_U16: case GCN_OP_V_CVT_F64_U32:
      if (k == GCN_COV_FP_NEG_NORMAL || k == GCN_COV_FP_NEG_INF) return "an unsigned integer converts to a value >= 0";
      /* fall through */
    case GCN_OP_V_CVT_F32_I32: case GCN_OP_V_CVT_OFF_F32_I4: case GCN_OP_V_CVT_F16_I16: case GCN_OP_V_CVT_F64_I32:
      if (den || k == GCN_COV_FP_QNAN || k == GCN_COV_FP_SNAN || k == GCN_COV_FP_NEG_ZERO)
        return "an integer converts to +0 or a normal value (OMOD scales it by 2, 4 or 0.5)";
      if ((k == GCN_COV_FP_POS_INF || k == GCN_COV_FP_NEG_INF) && op != GCN_OP_V_CVT_F16_I16 && op != GCN_OP_V_CVT_F16_U16)
        return "|the integer| times 4 (OMOD) is below f32's (f64's) largest value";
      return NULL;
    case GCN_OP_V_CVT_F16_F32: case GCN_OP_V_CVT_F32_F64:
      return k == GCN_COV_FP_SNAN ? "the narrowing conversion always quiets a NaN (gcn_semantics.md section 3)" : NULL;
    case GCN_OP_V_CVT_F32_F16: case GCN_OP_V_FREXP_MANT_F32: case GCN_OP_V_FREXP_MANT_F16:
    case GCN_OP_V_CVT_F64_F32: case GCN_OP_V_FREXP_MANT_F64:
      return den ? "an f16 (f32) is a normal f32 (f64), a frexp mantissa is in [0.5, 1) (and OMOD acts only when denormal "
                   "results are flushed)"
                 : NULL;
    case GCN_OP_V_FRACT_F32: case GCN_OP_V_FRACT_F16: case GCN_OP_V_FRACT_F64:
      return k == GCN_COV_FP_NEG_DENORM || k == GCN_COV_FP_NEG_NORMAL || k == GCN_COV_FP_NEG_INF || k == GCN_COV_FP_POS_INF
                 ? "fract gives +0..below 1.0 (-0 rounding toward -inf), or a NaN; OMOD at most quadruples it"
                 : NULL;
    default: return gcn_covfd_result_unreachable(op, k); /* coverage_fdiv.c */
  }
}

/* Result classes that the op cannot produce, with the reason, or NULL. */
static const char *result_unreachable(enum gcn_op op, int cls) {
  switch (op) {
    case GCN_OP_S_BCNT0_I32_B32: case GCN_OP_S_BCNT0_I32_B64: case GCN_OP_S_BCNT1_I32_B32:
    case GCN_OP_S_BCNT1_I32_B64:
      return cls == GCN_COV_RES_NEG ? "a bit count is 0..64, never negative" : NULL;
    case GCN_OP_S_QUADMASK_B32: case GCN_OP_S_QUADMASK_B64:
      return cls == GCN_COV_RES_NEG ? "the quad mask has 8 (16) significant bits, the sign bit is 0" : NULL;
    case GCN_OP_V_MUL_HI_U32_U24:
      return cls == GCN_COV_RES_NEG ? "bits 47:32 of a 48-bit product: the sign bit is 0" : NULL;
    case GCN_OP_V_SAT_PK_U8_I16:
      return cls == GCN_COV_RES_NEG ? "two bytes packed into bits 15:0: the sign bit is 0" : NULL;
    case GCN_OP_V_BFE_U32:
      return cls == GCN_COV_RES_NEG ? "a zero-extended field of at most 31 bits, or S0 shifted right by 1 or more: "
                                      "the sign bit is 0" : NULL;
    case GCN_OP_S_BITSET1_B32: case GCN_OP_S_BITSET1_B64:
      return cls == GCN_COV_RES_ZERO ? "a bit is set: never zero" : NULL;
    case GCN_OP_S_FLBIT_I32: case GCN_OP_S_FLBIT_I32_I64: case GCN_OP_V_FFBH_I32:
      return cls == GCN_COV_RES_ZERO ? "the sign bit always matches itself: the count is 1.. or -1" : NULL;
    case GCN_OP_V_SCREEN_PARTITION_4SE_B32:
      return cls != GCN_COV_RES_POS ? "every entry of the table (gcn_isa.tab @symbols lut) is 1..15" : NULL;
    case GCN_OP_S_GETPC_B64: case GCN_OP_S_SWAPPC_B64: case GCN_OP_S_CALL_B64:
      return cls != GCN_COV_RES_POS ? "the result is PC + 4 of a program below 2^48: positive" : NULL;
    default: return NULL;
  }
}

/* Can source slot S of D read operands of class K at all? (Unreachable bins are left out.) */
static const char *src_unreachable(const gcn_inst_desc *d, unsigned s, int k) {
  bool vop = gcn_class_is_vector(d->cls);
  bool reg = k == GCN_COV_SRC_SGPR || k == GCN_COV_SRC_SPECIAL;
  if (!vop && k == GCN_COV_SRC_VGPR) return "scalar instructions read no VGPR";
  if ((d->flags & GCN_F_NOLIT) && k == GCN_COV_SRC_LITERAL) return "the instruction takes no literal";
  if (s == 0 && (d->flags & GCN_F_SREGSRC)) {
    if (gcn_isa_op(d) == GCN_OP_S_MOVRELS_B32 || gcn_isa_op(d) == GCN_OP_S_MOVRELS_B64)
      return k == GCN_COV_SRC_SGPR ? NULL : "s_movrels reads s[src0 + M0], which must be an SGPR: a special "
                                            "register base is past the last SGPR (a run-time error)";
    return reg ? NULL : "the source names a scalar register";
  }
  if (d->cls == GCN_CLASS_SOPK && s == 0)
    return reg ? NULL : "a SOPK source is the register SDST names (s_cmpk_*, s_setreg_b32)";
  if (k == GCN_COV_SRC_INLINE_FLOAT &&
      ((gcn_isa_op(d) == GCN_OP_S_SWAPPC_B64 && s == 0) || (gcn_isa_op(d) == GCN_OP_S_CBRANCH_G_FORK && s == 1)))
    return "a float constant read as a 64-bit jump target is an address of 2^61 or more: outside any program";
  if ((d->cls == GCN_CLASS_VOP3 || d->cls == GCN_CLASS_VOP3P) && k == GCN_COV_SRC_LITERAL)
    return "a VOP3-only or VOP3P instruction: neither encoding takes a literal";
  if (s == 2 && gcn_isa_src_role(d, 2) == GCN_ROLE_CI) return reg ? NULL : "the VOP3 mask source is a scalar register pair";
  const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, s));
  if (vop && o && gcn_type_reg_bits((gcn_type)o->type) > 64)
    return k == GCN_COV_SRC_VGPR ? NULL : "a 128-bit operand is a VGPR quad (v_mqsad_u32_u8's SRC2)";
  if (d->flags & GCN_F_READLANE) {
    if (s == 0) return k == GCN_COV_SRC_VGPR ? NULL : "v_readlane reads a VGPR";
    return reg || k == GCN_COV_SRC_INLINE_INT ? NULL : "the lane select is a scalar register or an integer constant";
  }
  if (d->flags & GCN_F_WRITELANE) {
    if (s == 1) return reg || k == GCN_COV_SRC_INLINE_INT ? NULL : "the lane select is a scalar register or an integer constant";
    return k != GCN_COV_SRC_VGPR ? NULL : "v_writelane's data is scalar";
  }
  if (vop && s == 0 && (d->flags & (GCN_F_VGPRSRC | GCN_F_SWAP)))
    return k == GCN_COV_SRC_VGPR ? NULL : "SRC0 is a VGPR (v_movrels/movrelsd read VGPR[SRC0 + M0], v_swap_b32 writes it)";
  if (vop && s == 0 && (d->implicit_reads & GCN_IMPL_M0) && (k == GCN_COV_SRC_SGPR || k == GCN_COV_SRC_LITERAL))
    return "M0 (v_movreld's index) takes the constant bus: its one scalar source is M0 itself (special)";
  if (vop && s == 1 && (d->flags & GCN_F_NOVOP3))
    return k == GCN_COV_SRC_VGPR ? NULL : "VOP2-only instruction: VSRC1 is a VGPR";
  if (vop && s == 1 && k == GCN_COV_SRC_LITERAL) return "a literal is SRC0 only (VOP2) and VOP3 has none";
  bool bus = reg || k == GCN_COV_SRC_LITERAL;
  if (vop && bus && ((s < 2 && gcn_isa_operand(d, GCN_ROLE_CI)) || (d->implicit_reads & GCN_IMPL_VCC)))
    return "the 64-bit carry-in/select mask (VCC or SRC2; v_div_fmas's VCC) takes the constant bus (one scalar value)";
  if (vop && s == 0 && reg && gcn_isa_operand(d, GCN_ROLE_K))
    return "the K literal takes the constant bus (one scalar value)";
  if (vop && k == GCN_COV_SRC_LITERAL && gcn_isa_operand(d, GCN_ROLE_K))
    return "the K constant takes the literal slot";
  return NULL;
}

/* ------------------------------------------------------------ sampling */

void gcn_coverage_reset(gcn_coverage *cov, gcn_gen gen) {
  memset(cov, 0, sizeof *cov);
  cov->gen = gen;
  gcn_coverage_set_timing(cov, 1, 6, 2);
  cov->timed = false;
  for (unsigned c = 0; c < 512; c++) cov->src_cls[c] = (int8_t)gcn_cov_src_class(gen, c);
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    unsigned f = 0;
    if (gcn_class_is_vector(d->cls)) f |= OPF_VOP;
    if (is_float_op(d)) f |= OPF_FLOAT;
    if (has_result(d, gen)) f |= OPF_RESULT;
    if (gcn_class_is_vector(d->cls) && (gcn_isa_operand(d, GCN_ROLE_CO) || gcn_isa_operand(d, GCN_ROLE_SD))) f |= OPF_CO;
    if (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) f |= OPF_LANE;
    f |= (unsigned)carry_kind((enum gcn_op)op) << OPF_CK_SHIFT;
    cov->opf[op] = (uint8_t)f;
    const gcn_operand_desc *o = gcn_isa_operand(d, GCN_ROLE_D);
    unsigned bits = o ? gcn_type_bits((gcn_type)o->type) : 32;
    if (!gcn_class_is_vector(d->cls) && o) bits = gcn_operand_width(d, GCN_ROLE_D);
    cov->dbits[op] = (uint8_t)bits;
    cov->fx_kind[op] = gcn_isa_group_on(d, gen) == GCN_GROUP_NONE ? 0 : gcn_covx_fx_kind((enum gcn_op)op);
    cov->ic_kind[op] = gen >= GCN12 ? gcn_covx_ic_kind(d, (enum gcn_op)op) : 0;
  }
}

void gcn_coverage_set_timing(gcn_coverage *cov, unsigned salu_latency, unsigned valu_depth,
                             unsigned branch_penalty) {
  unsigned passes = 4, valu_sreg = passes - 2 + valu_depth;
  unsigned sreg = salu_latency - 1 > valu_sreg ? salu_latency - 1 : valu_sreg;
  cov->max_stall[GCN_STALL_BRANCH] = branch_penalty - 1;
  cov->max_stall[GCN_STALL_NOP] = 15;
  cov->max_stall[GCN_STALL_SREG_RAW] = sreg;
  cov->max_stall[GCN_STALL_SREG_WAW] = sreg;
  /* rule 12: a DPP read of SRC0 (gcn12, gcn14) waits for the writer's last pass, 3 cycles more */
  cov->max_stall[GCN_STALL_VGPR_RAW] = valu_depth - 1 + (cov->gen >= GCN12 ? passes - 1 : 0);
  cov->max_stall[GCN_STALL_VALU_ISSUE] = passes - 1;
  cov->max_stall[GCN_STALL_DRAIN] = sreg;
  for (int k = 0; k < GCN_STALL_KINDS; k++)
    if (cov->max_stall[k] > GCN_COV_STALL_MAX) cov->max_stall[k] = GCN_COV_STALL_MAX;
}

void gcn_coverage_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec, int scc_written) {
  const gcn_inst_desc *d = in->desc;
  unsigned op = gcn_isa_op(d), f = cov->opf[op];
  bool vop3 = gcn_inst_is_vop3(in) || gcn_inst_is_vop3p(in); /* VOP3P: the vop3 form */
  unsigned form = !(f & OPF_VOP) ? GCN_COV_FORM_SCALAR : vop3 ? GCN_COV_FORM_VOP3 : GCN_COV_FORM_VOP2;
  cov->executed[op][form]++;
  int8_t o0 = d->operand_of_role[GCN_ROLE_S0], o1 = d->operand_of_role[GCN_ROLE_S1];
  if (o0 >= 0 && !(d->flags & GCN_F_NOSRC)) {
    int k = cov->src_cls[in->src[0] & 511];
    if (k >= 0) cov->source[op][0][k]++;
  }
  if (o1 >= 0) {
    int k = cov->src_cls[in->src[1] & 511];
    if (k >= 0) cov->source[op][1][k]++;
  }
  if (vop3 && (d->operand_of_role[GCN_ROLE_CI] >= 0 || d->operand_of_role[GCN_ROLE_S2] >= 0)) {
    /* SRC2 (a VOP3 mask or third source); VOP2's implicit VCC is no source bin */
    int k = cov->src_cls[in->src[2] & 511];
    if (k >= 0) cov->source[op][2][k]++;
  }
  if ((f & (OPF_VOP | OPF_LANE)) == OPF_VOP) cov->exec[gcn_cov_exec_class(exec)]++;
  if (gcn_inst_is_dpp(in)) gcn_covd_sample(cov, in, exec);
  if (scc_written >= 0) cov->scc[op][scc_written ? 1 : 0]++;
}

/* Source S's value as an SDWA instruction reads it (its selected part), else X. */
static uint32_t sdwa_part(const gcn_inst *in, unsigned s, uint32_t x) {
  return gcn_inst_is_sdwa(in) ? gcn_sdwa_select(x, in->sel[s], in->sext >> s & 1) : x;
}

void gcn_coverage_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  const gcn_inst_desc *d = in->desc;
  cov->pre_valid = true;
  cov->pre_exec = st->exec;
  gcn_covx_before(cov, in, st);
  gcn_covs_before(cov, in, st);
  gcn_covm_before(cov, in, st);
  gcn_cov16_before(cov, in, st);
  gcn_covc_before(cov, in, st);
  gcn_covf3_before(cov, in, st), gcn_covt_before(cov, in, st);
  unsigned op = gcn_isa_op(d), f = cov->opf[op];
  int ck = (int)(f >> OPF_CK_SHIFT & 3);
  bool fl = (f & OPF_FLOAT) != 0;
  if (!ck && !fl) return;
  cov->pre_fp[0] = cov->pre_fp[1] = 0;
  cov->pre_ovf = 0;
  gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
  uint64_t lanes = st->exec;
  if (fl) {
    for (unsigned s = 0; s < 2; s++) {
      bool present;
      gcn_type t = role_type(d, s ? GCN_ROLE_S1 : GCN_ROLE_S0, &present);
      if (!present || !gcn_type_is_float(t)) continue;
      unsigned bits = gcn_type_bits(t), code = in->src[s];
      bool a = in->abs >> s & 1, n = in->neg >> s & 1;
      uint16_t seen = 0;
      if (code >= GCN_CODE_VGPR0) {
        const uint32_t *v = st->vgpr[code - GCN_CODE_VGPR0];
        const uint32_t *vh = st->vgpr[(code - GCN_CODE_VGPR0 + 1) % GCN_NUM_VGPRS]; /* f64: the pair's high dword */
        for (uint64_t m = lanes; m; m &= m - 1) {
          unsigned l = (unsigned)__builtin_ctzll(m);
          uint64_t x = bits == 64 ? (uint64_t)vh[l] << 32 | v[l] : sdwa_part(in, s, v[l]);
          seen |= (uint16_t)(1u << gcn_cov_fp_class(absneg(x, bits, a, n), bits));
        }
      } else if (lanes) {
        seen = (uint16_t)(1u << gcn_cov_fp_class(absneg(bits == 64 ? gcn_read_operand(&c, code, t)
                                                                    : sdwa_part(in, s, (uint32_t)gcn_read_operand(&c, code, t)),
                                                          bits, a, n), bits));
      }
      cov->pre_fp[s] = seen;
    }
    return;
  }
  /* add / sub with carry-out: signed overflow per lane, from the values read */
  uint64_t ci = 0;
  if (d->operand_of_role[GCN_ROLE_CI] >= 0)
    ci = gcn_inst_is_vop3(in) ? gcn_read_operand(&c, in->src[2], GCN_T_B64) : st->vcc;
  uint32_t a[GCN_WAVE_SIZE], b[GCN_WAVE_SIZE];
  if (in->src[0] >= GCN_CODE_VGPR0) memcpy(a, st->vgpr[in->src[0] - GCN_CODE_VGPR0], sizeof a);
  else for (unsigned l = 0, x = (uint32_t)gcn_read_operand(&c, in->src[0], GCN_T_U32); l < GCN_WAVE_SIZE; l++) a[l] = x;
  if (in->src[1] >= GCN_CODE_VGPR0) memcpy(b, st->vgpr[in->src[1] - GCN_CODE_VGPR0], sizeof b);
  else for (unsigned l = 0, x = (uint32_t)gcn_read_operand(&c, in->src[1], GCN_T_U32); l < GCN_WAVE_SIZE; l++) b[l] = x;
  if (gcn_inst_is_sdwa(in)) gcn_sdwa_select_sources(in, a, b);
  uint64_t ovf = 0;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t x = ck == 3 ? b[l] : a[l], y = ck == 3 ? a[l] : b[l], cin = (uint32_t)(ci >> l & 1), o;
    if (ck == 1) {
      uint32_t r = x + y + cin;
      o = (~(x ^ y) & (x ^ r)) >> 31;
    } else {
      uint32_t r = x - y - cin;
      o = ((x ^ y) & (x ^ r)) >> 31;
    }
    ovf |= (uint64_t)o << l;
  }
  cov->pre_ovf = ovf & lanes;
}

/* Integer result classes of the lanes of MASK of V (BITS 16, 32, or 64: a 64-bit result is
 * written as two VGPR writes, each classified as a 32-bit value), branch-free. */
static void count_int_lanes(uint64_t *bins, uint64_t mask, const uint32_t *v, unsigned bits) {
  uint64_t zero = 0, neg = 0;
  uint32_t keep = bits == 16 ? 0xFFFFu : 0xFFFFFFFFu;
  unsigned sh = bits == 16 ? 15 : 31;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t x = v[l] & keep;
    zero |= (uint64_t)(x == 0) << l;
    neg |= (uint64_t)(x >> sh & 1) << l;
  }
  unsigned nz = (unsigned)__builtin_popcountll(zero & mask), nn = (unsigned)__builtin_popcountll(neg & mask);
  bins[GCN_COV_RES_ZERO] += nz;
  bins[GCN_COV_RES_NEG] += nn;
  bins[GCN_COV_RES_POS] += (unsigned)__builtin_popcountll(mask) - nz - nn;
}

static void count_fp_lanes(uint64_t *bins, uint64_t mask, const uint32_t *v, const uint32_t *vh, unsigned bits) {
  for (uint64_t m = mask; m; m &= m - 1) /* f64: VH the pair's high VGPR */
    bins[gcn_cov_fp_class(v[__builtin_ctzll(m)] | (bits == 64 ? (uint64_t)vh[__builtin_ctzll(m)] << 32 : 0), bits)]++;
}

/* ------------------------------------------------------------ control flow */

/* The hwreg bins: MODE's fields (fp.h), then every other hardware register of the table
 * whole (by id), STATUS's live bits, and an id the table does not have. */
static const struct {
  const char *name;
  uint32_t mask;
} mode_field[GCN_COV_HWREG_MODE_FIELDS] = {
    {"mode.round_f32", 3u << GCN_MODE_FP_ROUND_F32_SHIFT},
    {"mode.round_f16", 3u << GCN_MODE_FP_ROUND_F16_SHIFT},
    {"mode.denorm_f32", 3u << GCN_MODE_FP_DENORM_F32_SHIFT},
    {"mode.denorm_f16", 3u << GCN_MODE_FP_DENORM_F16_SHIFT},
    {"mode.dx10_clamp", GCN_MODE_DX10_CLAMP},
    {"mode.ieee", GCN_MODE_IEEE},
    {"mode.other", ~((GCN_MODE_IEEE << 1) - 1)},
};
#define HWREG_BIN_ID(id) (GCN_COV_HWREG_MODE_FIELDS + (id))
#define HWREG_BIN_STATUS_LIVE (GCN_COV_HWREG_MODE_FIELDS + 64)
#define HWREG_BIN_UNKNOWN (GCN_COV_HWREG_MODE_FIELDS + 65)

/* STATUS's bits that s_getreg reads live (the table's status_* fields). */
static uint32_t status_live(gcn_gen gen) {
  static const gcn_imm_field f[] = {GCN_IMMF_STATUS_SCC, GCN_IMMF_STATUS_EXECZ, GCN_IMMF_STATUS_VCCZ};
  uint32_t m = 0;
  for (unsigned k = 0; k < 3; k++) m |= gcn_imm_put(gen, f[k], 0, gcn_imm_max(gen, f[k]));
  return m;
}

static void sample_hwreg(gcn_coverage *cov, const gcn_inst *in, bool write) {
  gcn_gen gen = in->gen;
  unsigned id = gcn_imm_get(gen, GCN_IMMF_HWREG_ID, in->simm16), off = gcn_imm_get(gen, GCN_IMMF_HWREG_OFFSET, in->simm16);
  unsigned size = gcn_imm_get(gen, GCN_IMMF_HWREG_SIZE, in->simm16) + 1;
  uint32_t mask = (uint32_t)((((uint64_t)1 << size) - 1) << off);
  const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, id);
  if (!s) {
    cov->hwreg[write][HWREG_BIN_UNKNOWN]++;
  } else if (s->attr == GCN_HWREG_MODE) {
    for (unsigned k = 0; k < GCN_COV_HWREG_MODE_FIELDS; k++)
      if (mask & mode_field[k].mask) cov->hwreg[write][k]++;
  } else {
    cov->hwreg[write][HWREG_BIN_ID(id)]++;
    if (s->attr == GCN_HWREG_STATUS && (mask & status_live(gen))) cov->hwreg[write][HWREG_BIN_STATUS_LIVE]++;
  }
}

/* Does the taken forward branch IN (at RET->pc, to TARGET) skip a whole loop: is the
 * instruction before TARGET a backward SOPP branch to an address after IN? (The generator's
 * guard of a zero-trip loop, vectors/control.c.) */
static bool skips_loop(const gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, uint64_t target) {
  const gcn_program *p = cov->prog;
  uint64_t last = target - 4;
  if (!p || last < ret->pc + in->size || last < p->base || last + 4 > p->base + p->size) return false;
  uint32_t word;
  memcpy(&word, p->bytes + (last - p->base), 4);
  gcn_inst b;
  gcn_error err;
  if (gcn_decode(cov->gen, &word, 1, &b, &err) || b.desc->cls != GCN_CLASS_SOPP) return false;
  const gcn_operand_desc *imm = gcn_isa_operand(b.desc, GCN_ROLE_IMM);
  if (!imm || imm->type != GCN_T_REL16 || (int16_t)b.simm16 >= 0) return false;
  uint64_t back = last + 4 + (uint64_t)(int64_t)(int16_t)b.simm16 * 4;
  return back >= ret->pc + in->size && back <= last;
}

/* Branches taken or not; a loop's trip count when its backward branch falls through. */
static void sample_flow(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret) {
  const gcn_inst_desc *d = in->desc;
  enum gcn_op op = gcn_isa_op(d);
  if (op == GCN_OP_S_GETREG_B32) sample_hwreg(cov, in, false);
  if (op == GCN_OP_S_SETREG_B32 || op == GCN_OP_S_SETREG_IMM32_B32) sample_hwreg(cov, in, true);
  const gcn_operand_desc *imm = gcn_isa_operand(d, GCN_ROLE_IMM);
  if (!imm || imm->type != GCN_T_REL16 || (d->flags & GCN_F_CORE)) return;
  bool taken = false;
  for (unsigned k = 0; k < ret->n_writes; k++) taken |= ret->writes[k].kind == GCN_W_PC;
  cov->branch[op][taken]++;
  if ((int16_t)in->simm16 >= 0) { /* forward */
    uint64_t target = ret->pc + in->size + (uint64_t)(int64_t)(int16_t)in->simm16 * 4;
    if (taken && skips_loop(cov, in, ret, target)) cov->trips[0]++;
    return;
  }
  unsigned slot = GCN_COV_LOOPS, free_slot = GCN_COV_LOOPS;
  for (unsigned k = 0; k < GCN_COV_LOOPS; k++) {
    if (cov->loop_n[k] && cov->loop_pc[k] == ret->pc) slot = k;
    if (!cov->loop_n[k] && free_slot == GCN_COV_LOOPS) free_slot = k;
  }
  if (slot == GCN_COV_LOOPS) slot = free_slot;
  if (slot == GCN_COV_LOOPS) return; /* more loops at once than tracked */
  cov->loop_pc[slot] = ret->pc;
  cov->loop_n[slot]++; /* runs of the body so far */
  if (!taken) {
    unsigned n = cov->loop_n[slot];
    cov->trips[n >= GCN_COV_TRIPS ? GCN_COV_TRIPS - 1 : n]++;
    cov->loop_n[slot] = 0;
  }
}

void gcn_coverage_after(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st, const gcn_retire *ret) {
  const gcn_inst_desc *d = in->desc;
  unsigned op = gcn_isa_op(d), f = cov->opf[op];
  if (d->cls == GCN_CLASS_SOPP || d->cls == GCN_CLASS_SOPK) sample_flow(cov, in, ret);
  uint64_t exec = cov->pre_valid ? cov->pre_exec : st->exec;
  int scc = -1;
  for (unsigned k = 0; k < ret->n_writes; k++)
    if (ret->writes[k].kind == GCN_W_SCC) scc = (int)ret->writes[k].value;
  gcn_coverage_sample(cov, in, exec, scc);
  bool pre = cov->pre_valid;
  cov->pre_valid = false;
  gcn_covs_after(cov, in);
  gcn_cov16_after(cov, in, ret, pre);
  gcn_covc_after(cov, in, ret, pre);
  gcn_covf3_after(cov, in, ret, pre), gcn_covt_after(cov, in, ret, pre);
  if (!(f & OPF_VOP)) {
    if (!(f & OPF_RESULT)) return;
    unsigned i = 0; /* the first scalar register write is D (or EXEC = D for s_*_wrexec) */
    while (i < ret->n_writes && ret->writes[i].kind != GCN_W_SREG) i++;
    if (i < ret->n_writes) {
      uint64_t v = ret->writes[i].value;
      unsigned bits = cov->dbits[op];
      if (bits == 64 && i + 1 < ret->n_writes && ret->writes[i + 1].kind == GCN_W_SREG)
        v |= ret->writes[i + 1].value << 32;
      cov->result[op][gcn_cov_result_class(v, bits)]++;
    }
    return;
  }
  bool fl = (f & OPF_FLOAT) != 0, present;
  unsigned dbits = cov->dbits[op];
  gcn_type dt = fl ? role_type(d, GCN_ROLE_D, &present) : GCN_T_B32;
  uint64_t co = 0;
  unsigned n_co = 0;
  /* An SDWA result merged into a part of VDST: the VGPR holds more than the op's result, which
   * the result and fpclass bins classify (the sdwa group counts the merge). */
  bool merged = gcn_inst_is_sdwa(in) && in->dst_sel != 6 && d->cls != GCN_CLASS_VOPC;
  for (unsigned k = 0; k < ret->n_writes; k++) {
    const gcn_write *w = &ret->writes[k];
    if (w->kind == GCN_W_VGPR && merged) {
      continue;
    } else if (w->kind == GCN_W_VGPR) {
      if (!fl)
        count_int_lanes(cov->result[op], w->value, st->vgpr[w->code], dbits);
      else if (gcn_type_is_float(dt) && (dbits < 64 || k == 0 || ret->writes[k - 1].kind != GCN_W_VGPR)) /* f64: the pair */
        count_fp_lanes(cov->fpres[op], w->value, st->vgpr[w->code], st->vgpr[(w->code + 1) % GCN_NUM_VGPRS], dbits);
    } else if (w->kind == GCN_W_SREG) {
      if (d->flags & GCN_F_READLANE)
        cov->result[op][gcn_cov_result_class(w->value, 32)]++;
      else if (n_co < 2)
        co |= (w->value & 0xffffffffu) << (32 * n_co++);
    }
  }
  if (f & OPF_CO) {
    unsigned n = (unsigned)__builtin_popcountll(exec), c1 = (unsigned)__builtin_popcountll(co & exec);
    cov->carry[op][1] += c1;
    cov->carry[op][0] += n - c1;
    if (pre && (f >> OPF_CK_SHIFT & 3)) {
      unsigned o1 = (unsigned)__builtin_popcountll(cov->pre_ovf & exec);
      cov->ovf[op][1] += o1;
      cov->ovf[op][0] += n - o1;
    }
  }
  if (gcn_inst_is_vop3(in)) {
    uint64_t *m = cov->mods[op];
    if (in->abs & 1) m[GCN_COV_MOD_ABS0]++;
    if (in->abs & 2) m[GCN_COV_MOD_ABS1]++;
    if (in->neg & 1) m[GCN_COV_MOD_NEG0]++;
    if (in->neg & 2) m[GCN_COV_MOD_NEG1]++;
    if (in->clamp) m[GCN_COV_MOD_CLAMP]++;
    if (in->omod) m[GCN_COV_MOD_OMOD_MUL2 + in->omod - 1]++;
  }
  if (fl) {
    if (pre)
      for (unsigned s = 0; s < 2; s++)
        for (unsigned k = 0; k < GCN_COV_FP_CLASSES; k++)
          if (cov->pre_fp[s] >> k & 1) cov->fpsrc[op][s][k]++;
    gcn_type t0 = role_type(d, GCN_ROLE_S0, &present);
    bool f16 = dt == GCN_T_F16 || t0 == GCN_T_F16, f64 = dt == GCN_T_F64 || t0 == GCN_T_F64;
    uint32_t mode = st->mode; /* f16 and f64 share MODE's second fields (gcn_semantics.md 3) */
    unsigned rm = f16 || f64 ? mode >> 2 & 3 : mode & 3, dn = f16 || f64 ? mode >> 6 & 3 : mode >> 4 & 3;
    unsigned w = f64 ? 2 : f16;
    cov->op_round[op][rm]++;
    cov->op_denorm[op][dn]++;
    cov->mode_round[w][rm]++;
    cov->mode_denorm[w][dn]++;
    cov->mode_dx10[mode >> 8 & 1]++;
    cov->mode_ieee[mode >> 9 & 1]++;
    if (!f64) gcn_covx_after(cov, in, ret, mode, f16, pre); /* the fpx crosses are f32 and f16's */
    return;
  }
  gcn_covx_after(cov, in, ret, st->mode, false, pre);
}

/* ------------------------------------------------------------ bins */

static void lower_id(const gcn_inst_desc *d, char *buf, size_t len) {
  size_t i = 0;
  for (; d->id[i] && i + 1 < len; i++) buf[i] = (char)(d->id[i] >= 'A' && d->id[i] <= 'Z' ? d->id[i] + 32 : d->id[i]);
  buf[i] = '\0';
}


static void visit_op(const gcn_coverage *cov, visitor *v, unsigned op) {
  const gcn_inst_desc *d = &gcn_isa[op];
  gcn_gen gen = cov->gen;
  const char *mn = d->mnemonic[gen];
  bool vop = gcn_class_is_vector(d->cls);
  v->fl = is_float_op(d);
  /* A vector op the random generator never emits on GEN (group none: the RTL lacks it) has
   * its bins excluded as not generated; a run that does execute it still counts them. */
  bool ungenerated = vop && mn && gcn_isa_group_on(d, gen) == GCN_GROUP_NONE;
  if (!mn || (d->flags_on[gen] & (GCN_F_NOMODEL | GCN_F_NORTL)) || ungenerated) {
    char id[48];
    lower_id(d, id, sizeof id);
    if (!mn && gcn_isa_by_mnemonic(gen, id)) return; /* another row spells it so here (v_add_u32 on gcn12) */
    const char *why = !mn ? "the instruction does not exist on this generation"
                      : (d->flags_on[gen] & GCN_F_NOMODEL) ? "not modelled: run stops with 'unsupported' (docs/semantics.md)"
                      : (d->flags_on[gen] & GCN_F_NORTL) ? "nortl: not yet in the RTL or the random generator"
                      : "not emitted by the random generator (group none on this generation): the RTL lacks it";
    for (unsigned f = 0; f < GCN_COV_FORMS; f++) {
      if ((f == GCN_COV_FORM_SCALAR) == vop) continue;
      if (f == GCN_COV_FORM_VOP3 && (d->flags_on[gen] & GCN_F_NOVOP3)) continue;
      if (f == GCN_COV_FORM_VOP2 && mn && gcn_isa_enc32(d, gen) < 0) continue;
      emit(v, mn ? cov->executed[op][f] : 0, why, "op.%s.%s", mn ? mn : id, form_name[f]);
    }
    return;
  }
  for (unsigned f = 0; f < GCN_COV_FORMS; f++) {
    if ((f == GCN_COV_FORM_SCALAR) == vop) continue;
    if (f == GCN_COV_FORM_VOP2 && gcn_isa_enc32(d, gen) < 0) continue; /* VOP3-only: no one-dword form */
    const char *why = f == GCN_COV_FORM_VOP3 && (d->flags & GCN_F_NOVOP3)
                          ? "no VOP3 encoding: the K constant needs the literal" : NULL;
    if (f == GCN_COV_FORM_VOP3 && (op == GCN_OP_V_NOP || op == GCN_OP_V_CLREXCP)) /* reachable from assembly
                                                                                   * (v_nop_e64), not from gen */
      why = "v_nop's and v_clrexcp's VOP3 form disassembles without _e64 (llvm-mc 14), which assembles to the "
            "VOP1 form: the generator's encode/print/assemble round trip never emits it";
    emit(v, cov->executed[op][f], why, "op.%s.%s", mn, form_name[f]);
  }
  for (unsigned s = 0; s < 3; s++) {
    if (!gcn_isa_operand(d, gcn_isa_src_role(d, s)) || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
    if (s == 2 && (d->flags & GCN_F_NOVOP3)) continue;
    for (int k = 0; k < GCN_COV_SRC_CLASSES; k++) {
      const char *why = src_unreachable(d, s, k);
      if (!why && vop && k == GCN_COV_SRC_LITERAL && gcn_isa_enc32(d, gen) < 0) /* v_writelane, v_bfm_b32 on gcn12+ */
        why = "VOP3-only on this generation: VOP3 takes no literal";
      emit(v, cov->source[op][s][k], why, "src.%s.src%u.%s", mn, s, src_name[k]);
    }
  }
  if (d->implicit_writes & GCN_IMPL_SCC)
    for (unsigned b = 0; b < 2; b++) emit(v, cov->scc[op][b], NULL, "scc.%s.%u", mn, b);
  if (vop && gcn_isa_operand(d, GCN_ROLE_SD)) { /* lanes whose compare bit is 0 / 1 */
    /* The relation (@symbols relation): F accepts no outcome, T every one (an integer has no unordered). */
    bool fl_src = gcn_type_is_float(role_type(d, GCN_ROLE_S0, &(bool){false}));
    bool f_rel = d->rel == 0, t_rel = d->rel >= 0 && (d->rel | (fl_src ? 0 : 8)) == 15;
    for (unsigned b = 0; b < 2; b++)
      emit(v, cov->carry[op][b], b && f_rel ? "v_cmp*_f_* gives 0 in every lane"
                                 : !b && t_rel ? "v_cmp*_t_* and v_cmp*_tru_* give 1 in every lane" : NULL,
           "cmp.%s.bit%u", mn, b);
  }
  if (vop && gcn_isa_operand(d, GCN_ROLE_CO)) {
    for (unsigned b = 0; b < 2; b++) emit(v, cov->carry[op][b], NULL, "carry.%s.co%u", mn, b);
    if (carry_kind((enum gcn_op)op))
      for (unsigned b = 0; b < 2; b++) emit(v, cov->ovf[op][b], NULL, "carry.%s.ovf%u", mn, b);
  }
  if (has_result(d, gen))
    for (int k = 0; k < GCN_COV_RES_CLASSES; k++)
      emit(v, cov->result[op][k], result_unreachable((enum gcn_op)op, k), "result.%s.%s", mn, res_name[k]);
  if (vop && (d->flags & GCN_F_ICLAMP) && !is_float_op(d)) {
    emit(v, cov->mods[op][GCN_COV_MOD_CLAMP], gen < GCN12 ? "integer clamp exists from gcn12" : NULL,
         "mod.%s.clamp", mn);
    gcn_covx_visit_iclamp(cov, v, d, op, mn);
  }
  if (!vop || !is_float_op(d)) return;
  bool present;
  for (unsigned s = 0; s < 2; s++) {
    gcn_type t = role_type(d, s ? GCN_ROLE_S1 : GCN_ROLE_S0, &present);
    if (!present || !gcn_type_is_float(t)) continue;
    for (int k = 0; k < GCN_COV_FP_CLASSES; k++)
      emit(v, cov->fpsrc[op][s][k], NULL, "fpclass.%s.src%u.%s", mn, s, fp_name[k]);
    if (!(d->flags & GCN_F_NOVOP3)) {
      emit(v, cov->mods[op][GCN_COV_MOD_ABS0 + s], gcn_isa_operand(d, GCN_ROLE_CO) ? "VOP3B has no ABS" : NULL, "fpmod.%s.abs%u", mn, s);
      emit(v, cov->mods[op][GCN_COV_MOD_NEG0 + s], NULL, "fpmod.%s.neg%u", mn, s);
    }
  }
  gcn_type dt = role_type(d, GCN_ROLE_D, &present);
  if (gcn_type_is_float(dt))
    for (int k = 0; k < GCN_COV_FP_CLASSES; k++) {
      const char *why = NULL; /* sNaN results are reachable: IEEE = 0 passes an sNaN through */
      if ((k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM) && is_f32_mad((enum gcn_op)op))
        why = "f32 mad/mac flush denormal results whatever MODE says (docs/float.md)";
      if (!why) why = fp_result_unreachable((enum gcn_op)op, k);
      emit(v, cov->fpres[op][k], why, "fpclass.%s.result.%s", mn, fp_name[k]);
    }
  if ((d->flags & GCN_F_OMOD) && !(d->flags & GCN_F_NOVOP3))
    for (int k = GCN_COV_MOD_CLAMP; k < GCN_COV_MODS; k++)
      emit(v, cov->mods[op][k],
           k == GCN_COV_MOD_CLAMP ? gcn_covfd_clamp_unreachable(d, gen) : NULL, /* noclamp, VOP3B */
           "fpmod.%s.%s", mn, mod_name[k]);
  for (unsigned m = 0; m < 4; m++) emit(v, cov->op_round[op][m], NULL, "mode.%s.round.%s", mn, round_name[m]);
  for (unsigned m = 0; m < 4; m++) emit(v, cov->op_denorm[op][m], NULL, "mode.%s.denorm.%s", mn, denorm_name[m]);
}

static void visit_all(const gcn_coverage *cov, visitor *v) {
  snprintf(v->prefix, sizeof v->prefix, "%s.", gcn_gen_name(cov->gen));
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) visit_op(cov, v, op);
  v->fl = false;
  for (unsigned e = 0; e < GCN_COV_EXEC_PATTERNS; e++) emit(v, cov->exec[e], NULL, "exec.%s", exec_name[e]);
  v->fl = true;
  const char *no16 = cov->gen < GCN12 ? "no f16 instruction before gcn12" : NULL;
  for (unsigned w = 0; w < 3; w++) { /* f64 (generator version 15): the f64 compares and class tests */
    const char *ty = w == 2 ? "f64" : w ? "f16" : "f32";
    for (unsigned m = 0; m < 4; m++)
      emit(v, cov->mode_round[w][m], w == 1 ? no16 : NULL, "mode.%s_round.%s", ty, round_name[m]);
    for (unsigned m = 0; m < 4; m++)
      emit(v, cov->mode_denorm[w][m], w == 1 ? no16 : NULL, "mode.%s_denorm.%s", ty, denorm_name[m]);
  }
  for (unsigned b = 0; b < 2; b++) emit(v, cov->mode_dx10[b], NULL, "mode.dx10_clamp.%u", b);
  for (unsigned b = 0; b < 2; b++) emit(v, cov->mode_ieee[b], NULL, "mode.ieee.%u", b);
  gcn_covx_visit_fpx(cov, v);
  gcn_covd_visit(cov, v);
  gcn_covs_visit(cov, v);
  gcn_covm_visit(cov, v);
  gcn_cov16_visit(cov, v);
  gcn_covc_visit(cov, v);
  gcn_covf3_visit(cov, v), gcn_covt_visit(cov, v);
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) { /* branches taken / not taken, per condition */
    const gcn_inst_desc *d = &gcn_isa[op];
    const gcn_operand_desc *imm = gcn_isa_operand(d, GCN_ROLE_IMM);
    const char *mn = d->mnemonic[cov->gen];
    if (!mn || !imm || imm->type != GCN_T_REL16 || (d->flags & (GCN_F_CORE | GCN_F_NOMODEL | GCN_F_NORTL))) continue;
    bool always = !(d->implicit_reads & (GCN_IMPL_SCC | GCN_IMPL_VCC | GCN_IMPL_EXEC));
    emit(v, cov->branch[op][0], always ? "an unconditional branch is always taken" : NULL, "branch.%s.not_taken", mn);
    emit(v, cov->branch[op][1], NULL, "branch.%s.taken", mn);
  }
  static const char *const trips_name[GCN_COV_TRIPS] = {"0", "1", "2", "3", "4plus"};
  for (unsigned k = 0; k < GCN_COV_TRIPS; k++) emit(v, cov->trips[k], NULL, "loop.trips.%s", trips_name[k]);
  for (unsigned w = 0; w < 2; w++) {
    const char *rw = w ? "write" : "read";
    for (unsigned k = 0; k < GCN_COV_HWREG_MODE_FIELDS; k++)
      emit(v, cov->hwreg[w][k], NULL, "hwreg.%s.%s", rw, mode_field[k].name);
    char name[32];
    for (unsigned id = 0; id < 64; id++) {
      const gcn_symbol_desc *s = gcn_symbol(cov->gen, GCN_SYM_HWREG, id);
      if (!s || s->attr == GCN_HWREG_MODE) continue;
      gcn_hwreg_state_name(s, name, sizeof name);
      emit(v, cov->hwreg[w][HWREG_BIN_ID(id)], NULL, "hwreg.%s.%s", rw, name);
      if (s->attr == GCN_HWREG_STATUS)
        emit(v, cov->hwreg[w][HWREG_BIN_STATUS_LIVE], NULL, "hwreg.%s.%s.live", rw, name);
    }
    emit(v, cov->hwreg[w][HWREG_BIN_UNKNOWN], "an id the table does not have stops the run (not modelled; "
         "unsupported in the RTL): the generator names the table's ids only", "hwreg.%s.unknown", rw);
  }
  if (!cov->timed) return;
  for (int k = 0; k < GCN_STALL_KINDS; k++) {
    unsigned lo = k == GCN_STALL_BRANCH ? cov->max_stall[k] : 1, hi = cov->max_stall[k];
    for (unsigned len = 1; len <= GCN_COV_STALL_MAX; len++) {
      if ((len < lo || len > hi) && !cov->stall[k][len]) continue; /* not listed: config bound */
      emit(v, cov->stall[k][len], NULL, "timing.%s.%u", stall_name[k], len);
    }
  }
  for (unsigned pv = 0; pv < 2; pv++)
    for (unsigned cv = 0; cv < 2; cv++)
      for (int r = 0; r < GCN_COV_DEP_REGS; r++) {
        const char *why = NULL;
        if (r == GCN_COV_DEP_VGPR && !(pv && cv)) why = "SALU instructions neither read nor write VGPRs";
        else if (pv && r == GCN_COV_DEP_SCC) why = "no VALU instruction writes SCC";
        else if (pv && r == GCN_COV_DEP_MODE) why = "no VALU instruction writes MODE";
        v->fl = cv && r == GCN_COV_DEP_MODE; /* VALU instructions read MODE only when they are float */
        emit(v, cov->dep[pv][cv][r], why, "timing.dep.%s_%s.%s", pv ? "valu" : "salu", cv ? "valu" : "salu",
             dep_name[r]);
      }
  v->fl = false;
}

void gcn_coverage_visit(const gcn_coverage *cov, gcn_cov_bin_fn fn, void *ctx) {
  visitor v;
  memset(&v, 0, sizeof v);
  v.fn = fn;
  v.ctx = ctx;
  visit_all(cov, &v);
}

struct adder {
  gcn_covdb *db;
  int rc;
};

static void add_bin(void *ctx, const char *name, uint64_t count, const char *reason) {
  struct adder *a = ctx;
  if ((reason ? gcn_covdb_exclude(a->db, name, reason) : gcn_covdb_add(a->db, name, count)) != 0) a->rc = -1;
}

int gcn_covdb_add_coverage(gcn_covdb *db, const gcn_coverage *cov) {
  struct adder a = {db, 0};
  gcn_coverage_visit(cov, add_bin, &a);
  return a.rc;
}

int gcn_coverage_write(const gcn_coverage *cov, FILE *out) {
  gcn_covdb db;
  gcn_covdb_init(&db);
  int rc = gcn_covdb_add_coverage(&db, cov);
  if (rc == 0) rc = gcn_covdb_write(&db, out);
  gcn_covdb_free(&db);
  return rc;
}

struct totals {
  visitor *v;
  gcn_cov_scope scope;
  unsigned long bins, hit;
};

static void count_bin(void *ctx, const char *name, uint64_t count, const char *reason) {
  struct totals *t = ctx;
  (void)name;
  if (reason) return;
  if ((t->scope == GCN_COV_SCOPE_INT && t->v->fl) || (t->scope == GCN_COV_SCOPE_FLOAT && !t->v->fl)) return;
  t->bins++;
  if (count) t->hit++;
}

void gcn_coverage_totals_scope(const gcn_coverage *cov, gcn_cov_scope scope, unsigned long *bins,
                               unsigned long *hit) {
  struct totals t = {NULL, scope, 0, 0};
  visitor v;
  memset(&v, 0, sizeof v);
  v.fn = count_bin;
  v.ctx = &t;
  t.v = &v;
  visit_all(cov, &v);
  *bins = t.bins;
  *hit = t.hit;
}

void gcn_coverage_totals(const gcn_coverage *cov, unsigned long *bins, unsigned long *hit) {
  gcn_coverage_totals_scope(cov, GCN_COV_SCOPE_ALL, bins, hit);
}

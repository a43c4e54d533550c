/* gcnref: the DPP coverage bins (`dpp` group, docs/coverage.md): which rows ran in DPP form
 * (`dpp.<mn>`, in the row's scope like the other per-instruction groups),
 * each control (each shift amount), the row and bank mask patterns, and bound_ctrl with an
 * invalid source lane (out of range, or off in EXEC) in a lane that writes otherwise. */
#include "coverage_priv.h"
#include "sdwa_dpp.h"

/* DPP_CTRL value -> control bin (GCN_COV_DPP_CTRLS of them), -1 for a reserved value. */
static int ctrl_bin(unsigned c) {
  if (c <= 0xff) return 0;                                               /* quad_perm */
  if (c > 0x100 && c < 0x130 && c % 16) return 1 + (int)((c - 0x100) / 16) * 15 + (int)(c % 16) - 1; /* row_* N */
  static const unsigned fixed[] = {0x130, 0x134, 0x138, 0x13c, 0x140, 0x141, 0x142, 0x143};
  for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    if (c == fixed[i]) return 46 + (int)i;
  return -1;
}

static const char *const fixed_name[8] = {"wave_shl", "wave_rol", "wave_shr", "wave_ror",
                                          "row_mirror", "row_half_mirror", "row_bcast15", "row_bcast31"};
static const char *const row_name[3] = {"row_shl", "row_shr", "row_ror"};
static const char *const mask_name[3] = {"all", "partial", "none"};

static unsigned mask_class(unsigned m) { return m == 0xF ? 0 : m ? 1 : 2; }

void gcn_covd_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec) {
  cov->dpp_op[gcn_isa_op(in->desc)]++;
  int b = ctrl_bin(in->dpp_ctrl);
  if (b >= 0) cov->dpp_ctrl[b]++;
  cov->dpp_mask[0][mask_class(in->row_mask)]++;
  cov->dpp_mask[1][mask_class(in->bank_mask)]++;
  bool oob = false, off = false;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    if (!(exec >> l & 1) || !(in->row_mask >> (l / 16) & 1) || !(in->bank_mask >> (l / 4 % 4) & 1)) continue;
    unsigned src = gcn_dpp_source_lane(in->dpp_ctrl, l);
    if (src >= GCN_WAVE_SIZE) oob = true;
    else if (!(exec >> src & 1)) off = true;
  }
  if (oob) cov->dpp_bound[in->bound_ctrl][0]++;
  if (off) cov->dpp_bound[in->bound_ctrl][1]++;
}

void gcn_covd_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  const char *none = gen < GCN12 ? "no DPP before gcn12" : NULL;
  bool fl = v->fl;
  v->fl = false;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    if (!mn || !gcn_isa_has(d, gen, GCN_F_DPP)) continue;
    bool gen_off = gcn_isa_group_on(d, gen) == GCN_GROUP_NONE || (d->flags_on[gen] & GCN_F_NORTL);
    v->fl = is_float_op(d); /* the row's scope, as its other bins */
    emit(v, cov->dpp_op[op], none ? none : gen_off ? "nortl: not yet in the RTL or the random generator" : NULL,
         "dpp.%s", mn);
  }
  v->fl = false;
  emit(v, cov->dpp_ctrl[0], none, "dpp.ctrl.quad_perm");
  for (unsigned k = 0; k < 3; k++)
    for (unsigned n = 1; n < 16; n++) emit(v, cov->dpp_ctrl[1 + 15 * k + n - 1], none, "dpp.ctrl.%s.%u", row_name[k], n);
  for (unsigned i = 0; i < 8; i++) emit(v, cov->dpp_ctrl[46 + i], none, "dpp.ctrl.%s", fixed_name[i]);
  for (unsigned w = 0; w < 2; w++)
    for (unsigned k = 0; k < 3; k++)
      emit(v, cov->dpp_mask[w][k], none, "dpp.%s_mask.%s", w ? "bank" : "row", mask_name[k]);
  for (unsigned bc = 0; bc < 2; bc++) {
    emit(v, cov->dpp_bound[bc][0], none, "dpp.bound_ctrl%u.out_of_range", bc);
    emit(v, cov->dpp_bound[bc][1], none, "dpp.bound_ctrl%u.exec_off", bc);
  }
  v->fl = fl;
}

/* gcnref: the SDWA coverage bins (group `sdwa`, gcn12 and gcn14; docs/coverage.md "SDWA"):
 * the form (VOP1, VOP2, VOPC), each source's selector, sext with the selected part's sign
 * bit 0 or 1 in a lane that runs (the sign extension changes the value only then), each
 * dst_sel with each dst_unused, the modifiers, the source kinds (gcn14: scalar) and a
 * compare's destination (gcn14: an SGPR pair). gcn10/gcn11 have no SDWA: no bins. */
#include "coverage_priv.h"

#include "exec_ctx.h"
#include "gcnref/operand.h"

enum { SEL_WORD_0 = 4, SEL_DWORD = 6, SELS = 7, UNUSED_MODES = 3 };

/* Counter layout of gcn_coverage.sdwa. */
enum {
  C_FORM = 0,                           /* vop1, vop2, vopc */
  C_SEL = C_FORM + 3,                   /* [src][sel] */
  C_SEXT = C_SEL + 2 * SELS,            /* [src][byte, word, dword][pos, neg] */
  C_DST = C_SEXT + 2 * 3 * 2,           /* [sel 0..5][unused], then DWORD */
  C_DST_DWORD = C_DST + 6 * UNUSED_MODES,
  C_MOD = C_DST_DWORD + 1,              /* abs0, abs1, neg0, neg1, clamp, omod */
  C_KIND = C_MOD + 6,                   /* [src][vgpr, scalar] */
  C_SD = C_KIND + 2 * 2,                /* vcc, sgpr pair */
  C_COUNT = C_SD + 2
};
_Static_assert(C_COUNT <= GCN_COV_SDWA_BINS, "gcn_coverage.sdwa is too small");

static const char *const sel_name[SELS] = {"byte0", "byte1", "byte2", "byte3", "word0", "word1", "dword"};
static const char *const width_name[3] = {"byte", "word", "dword"};
static const char *const unused_name[UNUSED_MODES] = {"pad", "sext", "preserve"};
static const char *const mod_name[6] = {"abs0", "abs1", "neg0", "neg1", "clamp", "omod"};
static const char *const form_name[3] = {"vop1", "vop2", "vopc"};

static unsigned width_of(unsigned sel) { return sel < SEL_WORD_0 ? 0 : sel < SEL_DWORD ? 1 : 2; }

void gcn_covs_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  if (!gcn_inst_is_sdwa(in)) return;
  const gcn_inst_desc *d = in->desc;
  gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
  for (unsigned s = 0; s < 2; s++) {
    const gcn_operand_desc *o = gcn_isa_operand(d, s ? GCN_ROLE_S1 : GCN_ROLE_S0);
    if (!o || !(in->sext >> s & 1)) continue;
    unsigned sel = in->sel[s], shift = sel < SEL_WORD_0 ? 8 * sel : sel < SEL_DWORD ? 16 * (sel - SEL_WORD_0) : 0;
    unsigned top = shift + (sel < SEL_WORD_0 ? 7 : sel < SEL_DWORD ? 15 : 31); /* the part's sign bit */
    bool seen[2] = {false, false};
    if (in->src[s] >= GCN_CODE_VGPR0) {
      const uint32_t *v = st->vgpr[gcn_vgpr_index(st, s, in->src[s] - GCN_CODE_VGPR0)];
      for (uint64_t m = st->exec; m; m &= m - 1) seen[v[__builtin_ctzll(m)] >> top & 1] = true;
    } else if (st->exec) {
      seen[(uint32_t)gcn_read_operand(&c, in->src[s], (gcn_type)o->type) >> top & 1] = true;
    }
    for (unsigned b = 0; b < 2; b++)
      if (seen[b]) cov->sdwa[C_SEXT + s * 6 + width_of(sel) * 2 + b]++;
  }
}

void gcn_covs_after(gcn_coverage *cov, const gcn_inst *in) {
  if (!gcn_inst_is_sdwa(in)) return;
  const gcn_inst_desc *d = in->desc;
  uint64_t *c = cov->sdwa;
  bool vopc = d->cls == GCN_CLASS_VOPC;
  c[C_FORM + (d->cls == GCN_CLASS_VOP1 ? 0 : vopc ? 2 : 1)]++;
  for (unsigned s = 0; s < 2; s++) {
    if (!gcn_isa_operand(d, s ? GCN_ROLE_S1 : GCN_ROLE_S0)) continue;
    c[C_SEL + s * SELS + in->sel[s]]++;
    c[C_KIND + 2 * s + (in->src[s] < GCN_CODE_VGPR0)]++;
    if (in->abs >> s & 1) c[C_MOD + s]++;
    if (in->neg >> s & 1) c[C_MOD + 2 + s]++;
  }
  if (in->clamp) c[C_MOD + 4]++;
  if (in->omod) c[C_MOD + 5]++;
  if (vopc)
    c[C_SD + in->sd]++;
  else if (gcn_isa_operand(d, GCN_ROLE_D))
    c[in->dst_sel == SEL_DWORD ? C_DST_DWORD : C_DST + in->dst_sel * UNUSED_MODES + in->dst_unused]++;
}

void gcn_covs_visit(const gcn_coverage *cov, visitor *v) {
  if (cov->gen < GCN12) return;
  const uint64_t *c = cov->sdwa;
  bool g14 = cov->gen >= GCN14;
  const char *no_scalar = g14 ? NULL : "SDWA sources are VGPRs on gcn12 (scalar ones from gcn14)";
  v->fl = false;
  for (unsigned f = 0; f < 3; f++) emit(v, c[C_FORM + f], NULL, "sdwa.form.%s", form_name[f]);
  for (unsigned s = 0; s < 2; s++)
    for (unsigned k = 0; k < SELS; k++) emit(v, c[C_SEL + s * SELS + k], NULL, "sdwa.src%u_sel.%s", s, sel_name[k]);
  for (unsigned s = 0; s < 2; s++)
    for (unsigned w = 0; w < 3; w++)
      for (unsigned b = 0; b < 2; b++)
        emit(v, c[C_SEXT + s * 6 + w * 2 + b], NULL, "sdwa.src%u_sext.%s.%s", s, width_name[w], b ? "neg" : "pos");
  for (unsigned k = 0; k < SEL_DWORD; k++)
    for (unsigned u = 0; u < UNUSED_MODES; u++)
      emit(v, c[C_DST + k * UNUSED_MODES + u], NULL, "sdwa.dst_sel.%s.%s", sel_name[k], unused_name[u]);
  emit(v, c[C_DST_DWORD], NULL, "sdwa.dst_sel.dword");
  for (unsigned m = 0; m < 6; m++) {
    v->fl = m != 4; /* abs, neg, omod: float scope (gcn_covbin_is_float) */
    emit(v, c[C_MOD + m], m == 5 && !g14 ? "SDWA has OMOD from gcn14 (llvm-mc 14)" : NULL, "sdwa.mod.%s", mod_name[m]);
  }
  v->fl = false;
  for (unsigned s = 0; s < 2; s++) {
    emit(v, c[C_KIND + 2 * s], NULL, "sdwa.src%u.vgpr", s);
    emit(v, c[C_KIND + 2 * s + 1], no_scalar, "sdwa.src%u.scalar", s);
  }
  emit(v, c[C_SD], NULL, "sdwa.vopc_dst.vcc");
  emit(v, c[C_SD + 1], g14 ? NULL : "an SDWA compare writes VCC on gcn12 (an SGPR pair from gcn14)",
       "sdwa.vopc_dst.sgpr_pair");
}

/* gcnref vectors: coverage-directed generation (docs/coverage.md): a bias built from the
 * holes of a coverage database, which the builder, the streams and the set-up read. */
#include "gen_priv.h"

#include <stdlib.h>
#include <string.h>

static int name_index(const char *s, size_t n, const char *const *names, int count) {
  for (int i = 0; i < count; i++)
    if (strlen(names[i]) == n && strncmp(names[i], s, n) == 0) return i;
  return -1;
}

/* Splits "a.b.c" at the next dot: the component [*p, end) and *p past the dot. */
static size_t component(const char **p) {
  const char *e = strchr(*p, '.');
  size_t n = e ? (size_t)(e - *p) : strlen(*p);
  return n;
}

/* An fpx hole (fpx.<ty>.<kind>...) as a target of the float-band stream. */
static void note_fpx(gcn_gen_bias *b, const char *p) {
  const char *rounds[4], *denorms[4], *omods[3], *band[GCN_COV_FB_BANDS], *region[GCN_COV_CL_REGIONS];
  for (int i = 0; i < 4; i++) rounds[i] = gcn_cov_round_name(i), denorms[i] = gcn_cov_denorm_name(i);
  for (int i = 0; i < 3; i++) omods[i] = gcn_cov_omod_name(i);
  for (int i = 0; i < GCN_COV_FB_BANDS; i++) band[i] = gcn_cov_band_name(i);
  for (int i = 0; i < GCN_COV_CL_REGIONS; i++) region[i] = gcn_cov_clamp_region_name(i);
  gen_fpx_target t = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
  const char *f[6];
  size_t n[6];
  unsigned k = 0;
  for (const char *q = p; k < 6; k++) { /* up to 6 dotted components */
    f[k] = q;
    n[k] = component(&q);
    if (!q[n[k]]) {
      k++;
      break;
    }
    q += n[k] + 1;
  }
  if (k < 2 || b->n_fpx >= GEN_FPX_TARGETS) return;
  t.ty = (int8_t)(n[0] == 3 && !strncmp(f[0], "f16", 3));
#define IS(i, s) (n[i] == strlen(s) && !strncmp(f[i], s, n[i]))
#define IDX(i, tab, cnt) (int8_t) name_index(f[i], n[i], tab, cnt)
  if (IS(1, "round") && k == 4) t.kind = GEN_FPX_ROUND, t.rm = IDX(2, rounds, 4), t.band = IDX(3, band, GCN_COV_FB_BANDS);
  else if (IS(1, "denorm") && k == 4)
    t.kind = GEN_FPX_DENORM, t.dm = IDX(2, denorms, 4), t.band = IDX(3, band, GCN_COV_FB_BANDS);
  else if (IS(1, "omod") && k == 5)
    t.kind = GEN_FPX_OMOD, t.omod = (int8_t)(IDX(2, omods, 3) + 1), t.rm = IDX(3, rounds, 4),
    t.band = IDX(4, band, GCN_COV_FB_BANDS);
  else if (IS(1, "clamp_omod") && k == 4)
    t.kind = GEN_FPX_CLAMP, t.omod = (int8_t)(IDX(2, omods, 3) + 1), t.region = IDX(3, region, GCN_COV_CL_REGIONS);
  else if (IS(1, "omod_ignored") && k == 3)
    t.kind = GEN_FPX_IGNORED, t.ieee = (int8_t)IS(2, "ieee");
  else if (IS(1, "mode") && k == 4 && IDX(2, rounds, 4) >= 0)
    t.kind = GEN_FPX_MODE, t.rm = IDX(2, rounds, 4), t.dm = IDX(3, denorms, 4);
  else if (IS(1, "mode") && k == 4 && n[2] == 5 && n[3] == 11)
    t.kind = GEN_FPX_MODE, t.ieee = (int8_t)(f[2][4] == '1'), t.dx10 = (int8_t)(f[3][10] == '1');
  else
    return;
#undef IS
#undef IDX
  b->fpx[b->n_fpx++] = t;
}

static void bias_note(gcn_gen_bias *b, const char *name) {
  static const char *const forms[] = {"sop", "vop2", "vop3"};
  static const char *const mods[] = {"abs0", "abs1", "neg0", "neg1", "clamp", "omod_mul2", "omod_mul4", "omod_div2"};
  const char *rounds[4], *denorms[4];
  for (int i = 0; i < 4; i++) rounds[i] = gcn_cov_round_name(i), denorms[i] = gcn_cov_denorm_name(i);
  static const char *const execs[] = {"all_on", "all_off", "partial"};
  const char *src[GCN_COV_SRC_CLASSES], *fp[GCN_COV_FP_CLASSES];
  for (int i = 0; i < GCN_COV_SRC_CLASSES; i++) src[i] = gcn_cov_src_name(i);
  for (int i = 0; i < GCN_COV_FP_CLASSES; i++) fp[i] = gcn_cov_fp_name(i);
  gcn_gen gen;
  const char *grp;
  size_t glen;
  if (!gcn_covbin_name_valid(name, &gen, &grp, &glen) || gen != b->gen) return;
  b->holes++;
  const char *p = grp + glen + 1;
  if (glen == 6 && strncmp(grp, "timing", 6) == 0) {
    b->timing_holes++;
    if (!strncmp(p, "drain.", 6)) b->drain_want = true;
    if (!strncmp(p, "vgpr_raw.", 9)) b->vgpr_raw_want = true;
    static const char *const regs[] = {"sgpr", "vcc", "exec", "m0", "scc", "mode", "special", "vgpr"};
    if (!strncmp(p, "dep.", 4) && strlen(p) > 14 && p[8] == '_' && p[13] == '.') { /* dep.<p>_<c>.<reg> */
      int k = name_index(p + 14, strlen(p + 14), regs, GCN_COV_DEP_REGS);
      if (k >= 0 && k != GCN_COV_DEP_VGPR) b->dep_want[p[4] == 'v'][p[9] == 'v'] |= (uint8_t)(1u << k);
    }
    return;
  }
  if (glen == 3 && strncmp(grp, "fpx", 3) == 0) {
    note_fpx(b, p);
    return;
  }
  if (glen == 4 && strncmp(grp, "exec", 4) == 0) {
    int k = name_index(p, strlen(p), execs, 3);
    if (k >= 0) b->exec_want |= (uint8_t)(1u << k);
    return;
  }
  if (glen == 5 && strncmp(grp, "hwreg", 5) == 0) { /* hwreg.<read|write>.<register>[.live] (not MODE's fields) */
    bool w = !strncmp(p, "write.", 6);
    const char *r = p + (w ? 6 : 5);
    size_t rl = strcspn(r, ".");
    char hw[32];
    for (unsigned id = 0; id < 64; id++) {
      const gcn_symbol_desc *s = gcn_symbol(gen, GCN_SYM_HWREG, id);
      if (!s) continue;
      if (s->attr == GCN_HWREG_MODE) /* MODE's field bins: hwreg.<rw>.mode.<field> */
        strcpy(hw, "mode");
      else
        gcn_hwreg_state_name(s, hw, sizeof hw);
      if (strlen(hw) == rl && !strncmp(hw, r, rl)) b->hwreg_want[w] |= 1ull << id;
    }
    static const enum gcn_op ops[2][2] = {{GCN_OP_S_GETREG_B32, GCN_OP_S_GETREG_B32},
                                          {GCN_OP_S_SETREG_B32, GCN_OP_S_SETREG_IMM32_B32}};
    for (unsigned k = 0; k < 2; k++) /* draws the salu_hwreg group and these instructions */
      if (b->op_holes[ops[w][k]] < UINT16_MAX) b->op_holes[ops[w][k]]++;
    return;
  }
  if (glen == 4 && strncmp(grp, "loop", 4) == 0 && !strncmp(p, "trips.", 6)) { /* loop.trips.<n>: the loops */
    static const char *const trips[] = {"0", "1", "2", "3", "4plus"};
    int k = name_index(p + 6, strlen(p + 6), trips, 5);
    if (k >= 0) b->trips_want |= (uint8_t)(1u << k);
    b->op_holes[GCN_OP_S_CBRANCH_SCC0]++, b->op_holes[GCN_OP_S_CBRANCH_SCC1]++;
    return;
  }
  size_t n = component(&p);
  char mn[64];
  if (n >= sizeof mn) return;
  memcpy(mn, p, n);
  mn[n] = '\0';
  const char *rest = p[n] ? p + n + 1 : "";
  if (glen == 4 && strncmp(grp, "mode", 4) == 0 && (mn[0] == 'f' && mn[3] == '_') &&
      (!strcmp(mn + 1, "32_round") || !strcmp(mn + 1, "16_round") || !strcmp(mn + 1, "64_round") ||
       !strcmp(mn + 1, "32_denorm") || !strcmp(mn + 1, "16_denorm") || !strcmp(mn + 1, "64_denorm"))) {
    bool f16 = mn[1] != '3', round = mn[4] == 'r'; /* f16 and f64 share MODE's second fields */
    int k = name_index(rest, strlen(rest), round ? rounds : denorms, 4);
    if (k >= 0) (round ? b->round_want : b->denorm_want)[f16] |= (uint8_t)(1u << k);
    return;
  }
  const gcn_inst_desc *d = gcn_isa_by_mnemonic(gen, mn);
  if (!d) {
    b->loose_holes++; /* (dpp.ctrl.*, ...: no instruction to aim at) */
    if (glen == 3 && strncmp(grp, "dpp", 3) == 0) b->dpp_any = true;
    return;
  }
  unsigned op = gcn_isa_op(d);
  if (b->op_holes[op] < UINT16_MAX) b->op_holes[op]++;
  size_t rn = strlen(rest);
  if (glen == 3 && strncmp(grp, "dpp", 3) == 0) {
    b->dpp_want[op] = 1;
  } else if (glen == 2 && strncmp(grp, "op", 2) == 0) {
    int k = name_index(rest, rn, forms, 3);
    if (k >= 0) b->form_want[op] |= (uint8_t)(1u << k);
  } else if (glen == 3 && strncmp(grp, "src", 3) == 0) {
    if (rn > 5 && strncmp(rest, "src", 3) == 0 && rest[3] >= '0' && rest[3] <= '2' && rest[4] == '.') {
      int k = name_index(rest + 5, rn - 5, src, GCN_COV_SRC_CLASSES);
      if (k >= 0) b->src_want[op][rest[3] - '0'] |= (uint8_t)(1u << k);
    }
  } else if ((glen == 3 && strncmp(grp, "scc", 3) == 0) || (glen == 5 && strncmp(grp, "carry", 5) == 0) ||
             (glen == 6 && strncmp(grp, "result", 6) == 0) || (glen == 3 && strncmp(grp, "cmp", 3) == 0)) {
    b->value_want[op] = 1;
  } else if (glen == 7 && strncmp(grp, "fpclass", 7) == 0) {
    if (rn > 5 && strncmp(rest, "src", 3) == 0 && (rest[3] == '0' || rest[3] == '1') && rest[4] == '.') {
      int k = name_index(rest + 5, rn - 5, fp, GCN_COV_FP_CLASSES);
      if (k >= 0) b->fp_want[op][rest[3] - '0'] |= (uint16_t)(1u << k);
      const gcn_operand_desc *o = gcn_isa_operand(d, rest[3] == '0' ? GCN_ROLE_S0 : GCN_ROLE_S1);
      unsigned bits = o ? gcn_type_bits((gcn_type)o->type) : 32;
      b->fp_widths |= (uint8_t)(bits == 16 ? 1 : bits == 64 ? 4 : 2); /* rainbow VGPRs of that width (setup.c) */
    } else if (rn > 7 && strncmp(rest, "result.", 7) == 0) {
      /* a result class: corner values, and a source of that class (sNaN passes through
       * with IEEE = 0, infinities and denormals mostly come from their own kind) */
      int k = name_index(rest + 7, rn - 7, fp, GCN_COV_FP_CLASSES);
      b->value_want[op] = 1;
      if (k >= 0 && k != GCN_COV_FP_POS_NORMAL && k != GCN_COV_FP_NEG_NORMAL) {
        b->fp_want[op][0] |= (uint16_t)(1u << k); /* both: min/max return the other operand of one NaN */
        b->fp_want[op][1] |= (uint16_t)(1u << k);
        if (k == GCN_COV_FP_SNAN) b->ieee_off = 1;
        if (k == GCN_COV_FP_POS_DENORM || k == GCN_COV_FP_NEG_DENORM) b->denorm_out = 1;
      }
    } else {
      b->value_want[op] = 1;
    }
  } else if ((glen == 5 && strncmp(grp, "fpmod", 5) == 0) || (glen == 3 && strncmp(grp, "mod", 3) == 0)) {
    int k = name_index(rest, rn, mods, 8);
    if (k < 0 && rn > 6 && !strncmp(rest, "clamp.", 6)) { /* mod.<mn>.clamp.[ci1.]co1: CLAMP, corner values */
      k = GCN_COV_MOD_CLAMP;
      b->value_want[op] = 1;
    }
    if (k >= 0) b->mod_want[op] |= (uint8_t)(1u << k);
  } else if (glen == 4 && strncmp(grp, "mode", 4) == 0) { /* mode.<mn>.round.rne */
    const gcn_operand_desc *dst = gcn_isa_operand(d, GCN_ROLE_D), *s0 = gcn_isa_operand(d, GCN_ROLE_S0);
    bool f16 = (dst && (dst->type == GCN_T_F16 || dst->type == GCN_T_F64)) ||
               (s0 && (s0->type == GCN_T_F16 || s0->type == GCN_T_F64)); /* MODE's f16/f64 fields */
    if (!strncmp(rest, "round.", 6)) {
      int k = name_index(rest + 6, rn - 6, rounds, 4);
      if (k >= 0) b->round_want[f16] |= (uint8_t)(1u << k);
    } else if (!strncmp(rest, "denorm.", 7)) {
      int k = name_index(rest + 7, rn - 7, denorms, 4);
      if (k >= 0) b->denorm_want[f16] |= (uint8_t)(1u << k);
    }
  }
}

gcn_gen_bias *gcn_gen_bias_new(const void *covdb, gcn_gen gen) {
  const gcn_covdb *db = covdb;
  gcn_gen_bias *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->gen = gen;
  for (size_t i = 0; i < db->n; i++) {
    const gcn_covbin *bin = &db->bins[i];
    if (bin->count == 0 && !gcn_covbin_excluded(bin)) bias_note(b, bin->name);
  }
  return b;
}

gcn_gen_bias *gcn_gen_bias_with(const void *base, const gcn_coverage *cov) {
  const gcn_covdb *db = base;
  gcn_covdb now;
  gcn_covdb_init(&now);
  int rc = 0;
  for (size_t k = 0; db && k < db->n && !rc; k++) {
    const gcn_covbin *b = &db->bins[k];
    rc = gcn_covbin_excluded(b) ? gcn_covdb_exclude(&now, b->name, b->reason) : gcn_covdb_add(&now, b->name, b->count);
  }
  if (!rc) rc = gcn_covdb_add_coverage(&now, cov);
  gcn_gen_bias *nb = rc ? NULL : gcn_gen_bias_new(&now, cov->gen);
  gcn_covdb_free(&now);
  return nb;
}

void gcn_gen_bias_free(gcn_gen_bias *b) { free(b); }
unsigned long gcn_gen_bias_holes(const gcn_gen_bias *b) { return b ? b->holes : 0; }

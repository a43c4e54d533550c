/* gcnref: the first layer of functional coverage (see coverage.h). */
#include "gcnref/coverage.h"

#include <string.h>

#include "gcnref/operand.h"

static const char *const form_name[GCN_COV_FORMS] = {"sop", "vop2", "vop3"};
static const char *const src_name[GCN_COV_SRC_CLASSES] = {"sgpr", "special", "vgpr",
                                                          "inline_int", "inline_float", "literal"};
static const char *const exec_name[GCN_COV_EXEC_PATTERNS] = {"all_on", "all_off", "partial"};
static const gcn_role src_role[3] = {GCN_ROLE_S0, GCN_ROLE_S1, GCN_ROLE_CI};

void gcn_coverage_reset(gcn_coverage *cov, gcn_gen gen) {
  memset(cov, 0, sizeof *cov);
  cov->gen = gen;
}

static int src_class(gcn_gen gen, unsigned code) {
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

void gcn_coverage_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec, int scc_written) {
  const gcn_inst_desc *d = in->desc;
  unsigned op = gcn_isa_op(d);
  bool vop = d->cls == GCN_CLASS_VOP2;
  unsigned form = !vop ? GCN_COV_FORM_SCALAR : gcn_inst_is_vop3(in) ? GCN_COV_FORM_VOP3 : GCN_COV_FORM_VOP2;
  cov->executed[op][form]++;
  for (unsigned s = 0; s < 3; s++) {
    if (!gcn_isa_operand(d, src_role[s]) || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
    if (s == 2 && !gcn_inst_is_vop3(in)) continue; /* VOP2: the implicit VCC */
    int k = src_class(in->gen, in->src[s]);
    if (k >= 0) cov->source[op][s][k]++;
  }
  if (vop && !(d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)))
    cov->exec[exec == ~0ull ? GCN_COV_EXEC_ALL_ON : exec == 0 ? GCN_COV_EXEC_ALL_OFF : GCN_COV_EXEC_PARTIAL]++;
  if (scc_written >= 0) cov->scc[op][scc_written ? 1 : 0]++;
}

/* Can source slot S of D read operands of class K at all? (Unreachable bins are left out.) */
static bool src_possible(const gcn_inst_desc *d, unsigned s, int k) {
  bool vop = d->cls == GCN_CLASS_VOP2;
  bool reg = k == GCN_COV_SRC_SGPR || k == GCN_COV_SRC_SPECIAL;
  if (!vop && k == GCN_COV_SRC_VGPR) return false;
  if ((d->flags & GCN_F_NOLIT) && k == GCN_COV_SRC_LITERAL) return false;
  if (s == 0 && (d->flags & GCN_F_SREGSRC)) return reg;
  if (s == 2) return reg; /* VOP3 carry-in / select mask */
  if (d->flags & GCN_F_READLANE) return s == 0 ? k == GCN_COV_SRC_VGPR : reg || k == GCN_COV_SRC_INLINE_INT;
  if (d->flags & GCN_F_WRITELANE) {
    if (s == 1) return reg || k == GCN_COV_SRC_INLINE_INT;
    return k != GCN_COV_SRC_VGPR;
  }
  if (vop && s == 1 && k == GCN_COV_SRC_LITERAL) return false; /* a literal is src0 only */
  if (vop && k == GCN_COV_SRC_LITERAL && gcn_isa_operand(d, GCN_ROLE_K)) return false;
  return true;
}

typedef void (*bin_fn)(void *ctx, const char *name, uint64_t count);

static void visit(const gcn_coverage *cov, bin_fn fn, void *ctx) {
  char name[96];
  gcn_gen gen = cov->gen;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    const char *mn = d->mnemonic[gen];
    if (!mn) continue;
    bool vop = d->cls == GCN_CLASS_VOP2;
    for (unsigned f = 0; f < GCN_COV_FORMS; f++) {
      if ((f == GCN_COV_FORM_SCALAR) == vop) continue;
      if (f == GCN_COV_FORM_VOP3 && (d->flags & GCN_F_NOVOP3)) continue;
      snprintf(name, sizeof name, "op.%s.%s", mn, form_name[f]);
      fn(ctx, name, cov->executed[op][f]);
    }
    for (unsigned s = 0; s < 3; s++) {
      if (!gcn_isa_operand(d, src_role[s]) || (s == 0 && (d->flags & GCN_F_NOSRC))) continue;
      if (s == 2 && (d->flags & GCN_F_NOVOP3)) continue;
      for (int k = 0; k < GCN_COV_SRC_CLASSES; k++) {
        if (!src_possible(d, s, k)) continue;
        snprintf(name, sizeof name, "src.%s.%s.%s", mn, s == 2 ? "src2" : s ? "src1" : "src0", src_name[k]);
        fn(ctx, name, cov->source[op][s][k]);
      }
    }
    if (d->implicit_writes & GCN_IMPL_SCC) {
      for (unsigned v = 0; v < 2; v++) {
        snprintf(name, sizeof name, "scc.%s.%u", mn, v);
        fn(ctx, name, cov->scc[op][v]);
      }
    }
  }
  for (unsigned e = 0; e < GCN_COV_EXEC_PATTERNS; e++) {
    snprintf(name, sizeof name, "exec.%s", exec_name[e]);
    fn(ctx, name, cov->exec[e]);
  }
}

static void write_bin(void *ctx, const char *name, uint64_t count) {
  fprintf((FILE *)ctx, "%s %llu\n", name, (unsigned long long)count);
}

int gcn_coverage_write(const gcn_coverage *cov, FILE *out) {
  fprintf(out, "# gcnref coverage v1 %s\n", gcn_gen_name(cov->gen));
  visit(cov, write_bin, out);
  return ferror(out) ? -1 : 0;
}

struct totals {
  unsigned long bins, hit;
};

static void count_bin(void *ctx, const char *name, uint64_t count) {
  struct totals *t = ctx;
  (void)name;
  t->bins++;
  if (count) t->hit++;
}

void gcn_coverage_totals(const gcn_coverage *cov, unsigned long *bins, unsigned long *hit) {
  struct totals t = {0, 0};
  visit(cov, count_bin, &t);
  *bins = t.bins;
  *hit = t.hit;
}

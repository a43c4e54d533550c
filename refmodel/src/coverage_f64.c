/* gcnref: the f64 coverage bins (docs/coverage.md, group `f64`): the hard cases of the f64
 * VOP3 arithmetic (table group valu_f64) that the fpclass bins of SRC0/SRC1 and the result,
 * and the per-instruction MODE bins, do not tell apart.
 *   f64.v_fma_f64.abs2|neg2    instructions with SRC2's ABS / NEG (VOP3 modifier bit 2)
 *   f64.v_fma_f64.src2.<class> lanes whose SRC2 (after ABS/NEG) is of that class: zero,
 *                              denorm, normal, inf, nan (the fpclass bins see SRC0/SRC1 only)
 * v_add_f64, v_mul_f64, v_fma_f64, v_ldexp_f64, lanes whose operands a, b (c) give:
 *   f64.<mn>.cancel            (add, fma) all finite and non-zero and the exact sum below
 *                              2^-20 of the addend's magnitude: at least 20 bits cancel
 *   f64.<mn>.ovf               all finite and the exact result above f64's largest value
 *   f64.<mn>.tiny              all finite and the exact result non-zero below 2^-1022 (a
 *                              denormal result, or one MODE flushes)
 *   f64.<mn>.den_in            a finite non-zero operand is a denormal (MODE's input flush)
 * v_min_f64, v_max_f64, lanes whose operands:
 *   f64.<mn>.zeros             are +0 and -0
 *   f64.<mn>.snan              include a signalling NaN (quieted and returned with IEEE = 1)
 * Lanes are the ones the instruction writes, the values those read before it executed. The
 * exact results are judged in long double (64-bit significand, 15-bit exponent): enough for
 * these magnitude tests, which never decide a rounding. */
#include <math.h>

#include "coverage_priv.h"
#include "exec_ctx.h"
#include "gcnref/operand.h"

enum { B_ABS2, B_NEG2, B_S2 }; /* fma: abs2, neg2, src2 classes (5), then the arithmetic bins */
enum { A_CANCEL, A_OVF, A_TINY, A_DEN_IN, A_ZEROS = 0, A_SNAN = 1 };
#define B_ARITH (B_S2 + 5)
_Static_assert(B_ARITH + 4 <= GCN_COV_F64_BINS, "gcn_coverage.f64c is too small");

static const enum gcn_op f64_ops[GCN_COV_F64_OPS] = {GCN_OP_V_ADD_F64, GCN_OP_V_MUL_F64, GCN_OP_V_FMA_F64,
                                                     GCN_OP_V_LDEXP_F64, GCN_OP_V_MIN_F64, GCN_OP_V_MAX_F64};
static const char *const arith_bin[] = {"cancel", "ovf", "tiny", "den_in"};
static const char *const sel_bin[] = {"zeros", "snan"};
static const char *const s2_bin[] = {"zero", "denorm", "normal", "inf", "nan"};

static int f64_index(enum gcn_op op) {
  for (int i = 0; i < GCN_COV_F64_OPS; i++)
    if (f64_ops[i] == op) return i;
  return -1;
}
static bool is_select(int i) { return i >= 4; }
static bool is_fma(int i) { return i == 2; }

static long double value_of(uint64_t x) {
  double d;
  memcpy(&d, &x, sizeof d);
  return (long double)d;
}
static bool is_den(uint64_t x) { return (x >> 52 & 0x7FF) == 0 && (x & 0xFFFFFFFFFFFFFull) != 0; }

void gcn_covf64_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st) {
  int i = f64_index(gcn_isa_op(in->desc));
  memset(cov->pre_f64, 0, sizeof cov->pre_f64);
  if (i < 0) return;
  unsigned n = is_fma(i) ? 3 : 2;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint64_t b[3] = {0, 0, 0};
    long double v[3] = {0, 0, 0};
    for (unsigned s = 0; s < n; s++) {
      unsigned code = in->src[s];
      bool f = !(s == 1 && i == 3); /* ldexp's SRC1 is an i32 */
      if (code >= GCN_CODE_VGPR0) {
        unsigned r = gcn_vgpr_index(st, s, code - GCN_CODE_VGPR0);
        b[s] = st->vgpr[r][l] | (f ? (uint64_t)st->vgpr[(r + 1) % GCN_NUM_VGPRS][l] << 32 : 0);
      } else {
        gcn_exec_ctx c = {NULL, (gcn_state *)st, in, NULL, NULL, 0, 0, NULL};
        b[s] = gcn_read_operand(&c, code, f ? GCN_T_F64 : GCN_T_I32);
      }
      if (f) b[s] = absneg(b[s], 64, in->abs >> s & 1, in->neg >> s & 1);
      v[s] = f ? value_of(b[s]) : (long double)(int32_t)b[s];
    }
    uint64_t bit = 1ull << l;
    if (is_select(i)) {
      if ((b[0] == 0 && b[1] == 1ull << 63) || (b[1] == 0 && b[0] == 1ull << 63)) cov->pre_f64[B_ARITH + A_ZEROS] |= bit;
      for (unsigned s = 0; s < 2; s++)
        if (isnan(v[s]) && !(b[s] >> 51 & 1)) cov->pre_f64[B_ARITH + A_SNAN] |= bit;
      continue;
    }
    if (is_fma(i)) {
      uint64_t x = b[2];
      int k = isnan(v[2]) ? 4 : isinf(v[2]) ? 3 : v[2] == 0 ? 0 : is_den(x) ? 1 : 2;
      cov->pre_f64[B_S2 + k] |= bit;
    }
    bool fin = isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
    if (!fin) continue;
    long double r, addend = 0;
    switch (i) {
      case 0: r = v[0] + v[1], addend = fabsl(v[0]) > fabsl(v[1]) ? v[0] : v[1]; break;
      case 1: r = v[0] * v[1]; break;
      case 2: r = v[0] * v[1] + v[2], addend = v[2]; break;
      default: r = ldexpl(v[0], (int)v[1] > 20000 ? 20000 : (int)v[1] < -20000 ? -20000 : (int)v[1]); break;
    }
    if ((i == 0 || i == 2) && v[0] != 0 && v[1] != 0 && addend != 0 && fabsl(r) < ldexpl(fabsl(addend), -20))
      cov->pre_f64[B_ARITH + A_CANCEL] |= bit;
    if (fabsl(r) > (long double)1.7976931348623157e308) cov->pre_f64[B_ARITH + A_OVF] |= bit;
    if (r != 0 && fabsl(r) < ldexpl(1.0L, -1022)) cov->pre_f64[B_ARITH + A_TINY] |= bit;
    if (is_den(b[0]) || (i != 3 && is_den(b[1])) || (i == 2 && is_den(b[2]))) cov->pre_f64[B_ARITH + A_DEN_IN] |= bit;
  }
}

void gcn_covf64_after(gcn_coverage *cov, const gcn_inst *in, const gcn_retire *ret, bool pre) {
  int i = f64_index(gcn_isa_op(in->desc));
  if (!pre || i < 0) return;
  uint64_t written = 0;
  for (unsigned k = 0; k < ret->n_writes; k++)
    if (ret->writes[k].kind == GCN_W_VGPR) written |= ret->writes[k].value;
  if (!written) return; /* EXEC 0 or VSKIP: nothing ran */
  if (is_fma(i)) {
    cov->f64c[i][B_ABS2] += in->abs >> 2 & 1;
    cov->f64c[i][B_NEG2] += in->neg >> 2 & 1;
  }
  for (unsigned b = B_S2; b < GCN_COV_F64_BINS; b++)
    cov->f64c[i][b] += (unsigned)__builtin_popcountll(cov->pre_f64[b] & written);
}

void gcn_covf64_visit(const gcn_coverage *cov, visitor *v) {
  gcn_gen gen = cov->gen;
  v->fl = true;
  for (int i = 0; i < GCN_COV_F64_OPS; i++) {
    const gcn_inst_desc *d = &gcn_isa[f64_ops[i]];
    const char *mn = d->mnemonic[gen];
    if (!mn || gcn_isa_has(d, gen, GCN_F_NORTL) || gcn_isa_group_on(d, gen) == GCN_GROUP_NONE) continue;
    const uint64_t *c = cov->f64c[i];
    if (is_fma(i)) {
      emit(v, c[B_ABS2], NULL, "f64.%s.abs2", mn);
      emit(v, c[B_NEG2], NULL, "f64.%s.neg2", mn);
      for (unsigned k = 0; k < 5; k++) emit(v, c[B_S2 + k], NULL, "f64.%s.src2.%s", mn, s2_bin[k]);
    }
    if (is_select(i)) {
      for (unsigned b = 0; b < 2; b++) emit(v, c[B_ARITH + b], NULL, "f64.%s.%s", mn, sel_bin[b]);
      continue;
    }
    for (unsigned b = 0; b < 4; b++) {
      if (b == A_CANCEL && (i == 1 || i == 3)) continue; /* mul and ldexp add nothing */
      emit(v, c[B_ARITH + b], NULL, "f64.%s.%s", mn, arith_bin[b]);
    }
  }
  v->fl = false;
}

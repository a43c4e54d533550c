/* gcnref float compares and selections: v_cmp/v_cmpx/v_cmps/v_cmpsx with the 16
 * predicates, v_cmp_class, and v_min3/v_max3/v_med3, on f16, f32 and f64. Rules and
 * sources: docs/float.md "Compares" and "min3/max3/med3". */
#include "fp_core.h"

static const fp_fmt *fmt_of(gcn_fp_type t) { return t == GCN_FP16 ? F16 : t == GCN_FP64 ? F64 : F32; }

/* Predicate p (the VOPC opcode's low 4 bits: F, LT, EQ, LE, GT, LG, GE, O, U, NGE, NLG,
 * NGT, NLE, NEQ, NLT, TRU): bits 0..2 of p accept less, equal, greater; an unordered pair
 * (a NaN) is accepted by p >= 8. Operands are input-flushed by the type's MODE field
 * (choice, docs/float.md); -0 == +0. */
bool gcn_fp_cmp(gcn_fp_type t, unsigned p, uint64_t a, uint64_t b, const gcn_fp_env *e) {
  const fp_fmt *f = fmt_of(t);
  a = flush_in(f, a, e);
  b = flush_in(f, b, e);
  if (is_nan(f, a) || is_nan(f, b)) return (p & 15u) >= 8;
  int c = order_cmp(f, a, b);
  return (p >> (c < 0 ? 0 : c == 0 ? 1 : 2)) & 1u;
}

/* V_CMP_CLASS: bit k of the mask names a class (0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
 * 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf); src0 is never flushed
 * (gcn_semantics.md section 8 item 9). */
bool gcn_fp_class(gcn_fp_type t, uint64_t x, uint32_t mask) {
  const fp_fmt *f = fmt_of(t);
  unsigned k;
  bool s = sign_of(f, x);
  if (is_nan(f, x)) k = is_snan(f, x) ? 0 : 1;
  else if (is_inf(f, x)) k = s ? 2 : 9;
  else if (is_zero(f, x)) k = s ? 5 : 6;
  else if (is_denormal(f, x)) k = s ? 4 : 7;
  else k = s ? 3 : 8;
  return (mask >> k) & 1u;
}

/* V_MIN3/V_MAX3 = min(min(a, b), c), max(max(a, b), c) with the min/max selection rules;
 * V_MED3 (AMD's pseudocode, docs/float.md): any NaN -> min3; else the max of the two
 * operands that are not max3 (the first equal to max3 in source order is dropped). With
 * flush_ok (gcn14) the operands are input-flushed first and the selected value is
 * output-flushed once at the end (no flushing between the steps). */
enum { SEL_MIN3, SEL_MAX3, SEL_MED3 };
static uint64_t select3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                        bool flush_ok, int kind) {
  const fp_fmt *f = fmt_of(t);
  if (flush_ok) {
    a = flush_in(f, a, e);
    b = flush_in(f, b, e);
    c = flush_in(f, c, e);
  }
  uint64_t mn = minmax_select(f, minmax_select(f, a, b, e, false), c, e, false);
  uint64_t mx = minmax_select(f, minmax_select(f, a, b, e, true), c, e, true), r;
  if (kind == SEL_MIN3) r = mn;
  else if (kind == SEL_MAX3) r = mx;
  else if (is_nan(f, a) || is_nan(f, b) || is_nan(f, c)) r = mn;
  else if (order_cmp(f, mx, a) == 0) r = minmax_select(f, b, c, e, true);
  else if (order_cmp(f, mx, b) == 0) r = minmax_select(f, a, c, e, true);
  else r = minmax_select(f, a, b, e, true);
  return flush_ok ? flush_out(f, r, e) : r;
}
uint64_t gcn_fp_min3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok) {
  return select3(t, a, b, c, e, flush_ok, SEL_MIN3);
}
uint64_t gcn_fp_max3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok) {
  return select3(t, a, b, c, e, flush_ok, SEL_MAX3);
}
uint64_t gcn_fp_med3(gcn_fp_type t, uint64_t a, uint64_t b, uint64_t c, const gcn_fp_env *e,
                     bool flush_ok) {
  return select3(t, a, b, c, e, flush_ok, SEL_MED3);
}

/* The comparison of an approximate result (docs/float.md "Approximate results"): NaN,
 * infinity and zero results must match bit for bit (the special cases are exact); other
 * results must have the same sign and be at most `ulps` representable values apart. */
bool gcn_fp_within_ulps(gcn_fp_type t, uint64_t want, uint64_t got, uint32_t ulps) {
  const fp_fmt *f = fmt_of(t);
  if (want == got) return true;
  if (is_nan(f, want) || is_inf(f, want) || is_zero(f, want)) return false;
  if (is_nan(f, got) || is_inf(f, got) || sign_of(f, want) != sign_of(f, got)) return false;
  uint64_t a = magnitude(f, want), b = magnitude(f, got);
  return (a > b ? a - b : b - a) <= ulps;
}

/* The checker's cycle: stepping the model, collecting the DUT's events, aligning the two
 * event lists, comparing them field by field and keeping the mismatch reports. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* strdup */
#endif

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "checker_internal.h"
#include "gcnref/fp.h"
#include "gcnref/operand.h"

/* Above this many event pairs in one cycle, events are paired in order, not aligned. */
#define MAX_ALIGN (1u << 20)

static void push_event(gcn_event_list *l, const gcn_event *ev) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 32;
    l->v = gcn_checker_realloc(l->v, l->cap * sizeof *l->v);
  }
  l->v[l->n++] = *ev;
}

/* ================================================================ stepping */

int gcn_checker_step(gcn_checker *c, gcn_error *err) {
  if (!c->loaded) return gcn_fail(err, "no program loaded");
  if (c->done) return gcn_fail(err, "the program has ended (its last cycle was %lld)", c->cycle);
  long long cycle = (long long)gcn_core_cycle(c->core);
  const gcn_event *ev;
  unsigned n;
  gcn_core_status s = gcn_core_step(c->core, &ev, &n);
  c->model.n = 0;
  for (unsigned i = 0; i < n; i++) push_event(&c->model, &ev[i]);
  c->cycle = cycle;
  c->done = s == GCN_CORE_DONE;
  return (int)n;
}

bool gcn_checker_done(const gcn_checker *c) { return c->done; }
long long gcn_checker_cycle(const gcn_checker *c) { return c->cycle; }

const gcn_event *gcn_checker_events(const gcn_checker *c, size_t *n) {
  *n = c->model.n;
  return c->model.v;
}

gcn_core *gcn_checker_core(gcn_checker *c) { return c->core; }
const gcn_core *gcn_checker_core_const(const gcn_checker *c) { return c->core; }

void gcn_checker_dut_event(gcn_checker *c, const gcn_event *ev) { push_event(&c->dut, ev); }

/* ================================================================ mismatch reports */

void gcn_checker_clear_mismatches(gcn_checker *c) {
  for (size_t i = 0; i < c->n_kept; i++) {
    free((char *)c->kept[i].message);
    free((char *)c->kept[i].field);
  }
  c->n_kept = 0;
  c->n_mismatch = 0;
  c->n_undefined = 0;
}

unsigned long long gcn_checker_mismatch_count(const gcn_checker *c) { return c->n_mismatch; }
unsigned long long gcn_checker_undefined_count(const gcn_checker *c) { return c->n_undefined; }
size_t gcn_checker_mismatches_kept(const gcn_checker *c) { return c->n_kept; }

const gcn_mismatch *gcn_checker_mismatch(const gcn_checker *c, size_t i) {
  return i < c->n_kept ? &c->kept[i] : NULL;
}

/* Counts a mismatch of FIELD, of the instruction at PC, and keeps its message. */
static void add_mismatch(gcn_checker *c, const char *field, long long pc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_mismatch(gcn_checker *c, const char *field, long long pc, const char *fmt, ...) {
  char buf[512];
  int len = snprintf(buf, sizeof buf, "cycle %lld: ", c->cycle);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, sizeof buf - (size_t)len, fmt, ap);
  va_end(ap);
  gcn_checker_keep(c, field, pc, buf);
}

/* The PC of the instruction that event I of L belongs to, or -1 if the cycle does not say.
 * A commit group is its scalar writes, SCC, MODE, vector pass, then its retire (the
 * contract's order; only the last VALU pass retires), so the group's retire is the next
 * one, unless a new group starts first (an event kind lower than the one before). */
static long long owner_pc(const gcn_event_list *l, size_t i, bool model) {
  /* The model's events name their instruction; the DUT's writes do not, so its retire in
   * the same commit group stands in (a vector write's retire follows only its last pass). */
  unsigned retire = gcn_event_rank(GCN_EV_RETIRE);
  if (model || gcn_event_rank(l->v[i].kind) >= retire) return (long long)l->v[i].pc;
  if (l->v[i].kind == GCN_EV_VECTOR)
    return l->v[i].pass == GCN_VALU_PASSES - 1 && i + 1 < l->n && l->v[i + 1].kind == GCN_EV_RETIRE
               ? (long long)l->v[i + 1].pc
               : -1;
  for (size_t k = i + 1; k < l->n; k++) {
    if (gcn_event_rank(l->v[k].kind) >= retire) return (long long)l->v[k].pc;
    if (gcn_event_rank(l->v[k].kind) < gcn_event_rank(l->v[k - 1].kind)) break;
  }
  return -1;
}

/* "a,b-c,...": the set bits of MASK (bit numbers + BASE), at most 8 runs. */
static void bit_ranges(uint64_t mask, unsigned base, char *out, size_t size) {
  size_t len = 0;
  unsigned runs = 0;
  out[0] = 0;
  for (unsigned b = 0; b < 64 && len < size; b++) {
    if (!(mask >> b & 1)) continue;
    unsigned e = b;
    while (e + 1 < 64 && (mask >> (e + 1) & 1)) e++;
    if (++runs > 8) {
      snprintf(out + len, size - len, ",...");
      return;
    }
    if (e == b) len += (size_t)snprintf(out + len, size - len, "%s%u", len ? "," : "", b + base);
    else len += (size_t)snprintf(out + len, size - len, "%s%u-%u", len ? "," : "", b + base, e + base);
    b = e;
  }
}

/* Do two events report the same thing (the field that a value is compared in)? Scalar
 * writes by register, vector writes by VGPR and pass, the others by kind. */
static bool same_field(const gcn_event *a, const gcn_event *b) {
  if (a->kind != b->kind) return false;
  if (a->kind == GCN_EV_SCALAR || a->kind == GCN_EV_HWREG) return a->code == b->code;
  if (a->kind == GCN_EV_VECTOR) return a->code == b->code && a->pass == b->pass;
  return true;
}

/* Are the values of two same-field events equal? (lanes only where EXP's mask is set) */
static bool same_value(const gcn_event *exp, const gcn_event *got) {
  switch ((gcn_event_kind)exp->kind) {
    case GCN_EV_SCALAR: return ((exp->value ^ got->value) & ~exp->undef) == 0;
    case GCN_EV_SCC:
    case GCN_EV_MODE:
    case GCN_EV_HWREG: return exp->value == got->value;
    case GCN_EV_VECTOR:
      if (exp->mask != got->mask) return false;
      for (unsigned l = 0; l < GCN_PASS_LANES; l++)
        if ((exp->mask >> l & 1) && !(exp->undef >> l & 1) && exp->lanes[l] != got->lanes[l]) return false;
      return true;
    default: return exp->pc == got->pc;
  }
}

static const char *pc_kind_name(unsigned kind) {
  switch (kind) {
    case GCN_EV_RETIRE: return "retire";
    case GCN_EV_ILLEGAL: return "illegal";
    case GCN_EV_UNSUPPORTED: return "unsupported";
    default: return "end";
  }
}

/* The approximate instruction (the table's approx=Nulp) at PC: its bound, else 0 (its
 * lanes compare exactly); *t gets the result type and *vdst its first VGPR. */
static uint32_t approx_of(const gcn_checker *c, uint64_t pc, gcn_fp_type *t, unsigned *vdst) {
  if (!c->image || pc < c->base || pc - c->base >= c->image_size) return 0;
  gcn_inst in;
  size_t off = (size_t)(pc - c->base);
  if (gcn_decode_bytes(c->gen, c->image + off, c->image_size - off, &in, NULL)) return 0;
  if (!(in.desc->flags_on[c->gen] & GCN_F_APPROX)) return 0;
  const gcn_operand_desc *d = gcn_isa_operand(in.desc, GCN_ROLE_D);
  if (!d || (d->type != GCN_T_F32 && d->type != GCN_T_F16 && d->type != GCN_T_F64)) return 0;
  *t = d->type == GCN_T_F32 ? GCN_FP32 : d->type == GCN_T_F16 ? GCN_FP16 : GCN_FP64;
  *vdst = in.vdst;
  return in.desc->approx_ulp;
}

/* The ULP bound of the approximate instruction at PC whose float result is one VGPR (f32,
 * or f16 in the low half), else 0. An f64 result spans two VGPR events: compare_values
 * accepts it across the pair (approx_of). */
uint32_t gcn_checker_approx_bound(const gcn_checker *c, uint64_t pc, gcn_fp_type *t) {
  unsigned vdst;
  uint32_t ulps = approx_of(c, pc, t, &vdst);
  return *t == GCN_FP64 ? 0 : ulps;
}

/* Is a DUT lane value accepted against the model's? Equal, or within the bound. */
bool gcn_checker_lane_accepted(uint32_t want, uint32_t got, uint32_t ulps, gcn_fp_type t) {
  if (want == got) return true;
  if (!ulps) return false;
  if (t == GCN_FP16)
    return (want >> 16) == (got >> 16) && gcn_fp_within_ulps(t, want & 0xFFFFu, got & 0xFFFFu, ulps);
  return gcn_fp_within_ulps(t, want, got, ulps);
}

/* Reports each differing field of two same-field events (one message per mismatch) as
 * belonging to the instruction at PC. EXP2 and GOT2 (or NULL): the other dword of an
 * approximate f64 result (the same pass), whose lanes are accepted within the bound as
 * 64-bit values; LOW: EXP holds the low dword. */
static unsigned compare_values(gcn_checker *c, const gcn_event *exp, const gcn_event *got, long long pc,
                               const gcn_event *exp2, const gcn_event *got2, bool low, uint32_t ulps64) {
  unsigned found = 0;
  char name[48], field[256], bits[80], lanes[80];
  switch ((gcn_event_kind)exp->kind) {
    case GCN_EV_SCALAR:
      c->n_undefined += (unsigned)__builtin_popcount(exp->undef);
      if (((exp->value ^ got->value) & ~exp->undef) == 0) break;
      if (!gcn_operand_reg_name(c->gen, exp->code, 32, name, sizeof name))
        snprintf(name, sizeof name, "sreg%u", exp->code);
      /* The differing bits, and the lanes they are if the register is half of a 64-bit
       * lane mask (an even-aligned pair: VCC, EXEC, s[2k:2k+1]). */
      bit_ranges((exp->value ^ got->value) & ~exp->undef, 0, bits, sizeof bits);
      bit_ranges((exp->value ^ got->value) & ~exp->undef, exp->code & 1 ? 32 : 0, lanes, sizeof lanes);
      snprintf(field, sizeof field, "%s bits %s (as a lane mask: lanes %s)", name, bits, lanes);
      add_mismatch(c, field, pc, "%s (scalar code %u): expected 0x%08x, got 0x%08x", name, exp->code,
                   exp->value, got->value);
      found++;
      break;
    case GCN_EV_SCC:
      if (exp->value == got->value) break;
      add_mismatch(c, "SCC", pc, "SCC: expected %u, got %u", exp->value, got->value);
      found++;
      break;
    case GCN_EV_MODE:
      if (exp->value == got->value) break;
      add_mismatch(c, "MODE", pc, "MODE: expected 0x%08x, got 0x%08x", exp->value, got->value);
      found++;
      break;
    case GCN_EV_HWREG:
      if (exp->value == got->value) break;
      gcn_event_format(c->gen, exp, name, sizeof name);
      name[strcspn(name, "=")] = 0;
      bit_ranges(exp->value ^ got->value, 0, bits, sizeof bits);
      snprintf(field, sizeof field, "%s bits %s", name, bits);
      add_mismatch(c, field, pc, "%s (hwreg %u): expected 0x%08x, got 0x%08x", name, exp->code, exp->value,
                   got->value);
      found++;
      break;
    case GCN_EV_VECTOR:
      if (exp->mask != got->mask) {
        bit_ranges((uint64_t)(exp->mask ^ got->mask) << (exp->pass * GCN_PASS_LANES), 0, lanes,
                   sizeof lanes);
        snprintf(field, sizeof field, "v%u pass %u mask (wave lanes %s)", exp->code, exp->pass, lanes);
        add_mismatch(c, field, pc, "v%u pass %u mask: expected 0x%04x, got 0x%04x", exp->code,
                     exp->pass, exp->mask, got->mask);
        found++;
      }
      gcn_fp_type t = GCN_FP32;
      uint32_t ulps = 0;
      bool bound = false; /* the approximate bound, looked up at the first differing lane */
      c->n_undefined += (unsigned)__builtin_popcount(exp->undef & exp->mask);
      for (unsigned l = 0; l < GCN_PASS_LANES; l++) {
        if (!(exp->mask >> l & 1) || (exp->undef >> l & 1) || exp->lanes[l] == got->lanes[l]) continue;
        if (!bound) {
          ulps = gcn_checker_approx_bound(c, exp->pc, &t);
          bound = true;
        }
        if (gcn_checker_lane_accepted(exp->lanes[l], got->lanes[l], ulps, t)) continue;
        if (exp2 && got2 && (exp2->mask & got2->mask) >> l & 1) { /* f64 across the pair */
          uint64_t w = low ? (uint64_t)exp2->lanes[l] << 32 | exp->lanes[l] : (uint64_t)exp->lanes[l] << 32 | exp2->lanes[l];
          uint64_t g = low ? (uint64_t)got2->lanes[l] << 32 | got->lanes[l] : (uint64_t)got->lanes[l] << 32 | got2->lanes[l];
          if (gcn_fp_within_ulps(GCN_FP64, w, g, ulps64)) continue;
        }
        snprintf(field, sizeof field, "v%u pass %u lane %u (wave lanes %u)", exp->code, exp->pass, l,
                 exp->pass * GCN_PASS_LANES + l);
        add_mismatch(c, field, pc, "v%u pass %u lane %u (wave lane %u): expected 0x%08x, got 0x%08x",
                     exp->code, exp->pass, l, exp->pass * GCN_PASS_LANES + l, exp->lanes[l],
                     got->lanes[l]);
        found++;
      }
      break;
    default:
      if (exp->pc == got->pc) break;
      snprintf(field, sizeof field, "%s PC", pc_kind_name(exp->kind));
      add_mismatch(c, field, pc, "%s PC: expected 0x%llx, got 0x%llx", pc_kind_name(exp->kind),
                   (unsigned long long)exp->pc, (unsigned long long)got->pc);
      found++;
      break;
  }
  return found;
}

/* Pairs model events with DUT events: the longest common subsequence of same-field
 * events (preferring pairs whose values are equal too), so that one missing or extra
 * event costs one mismatch, not a misaligned tail. PAIR[i] is the DUT event of model
 * event i or -1. Very long cycles are paired in order instead. */
static void align(const gcn_event_list *m, const gcn_event_list *d, long *pair) {
  size_t n = m->n, k = d->n;
  for (size_t i = 0; i < n; i++) pair[i] = -1;
  if ((n + 1) * (k + 1) > MAX_ALIGN) {
    for (size_t i = 0; i < n && i < k; i++)
      if (same_field(&m->v[i], &d->v[i])) pair[i] = (long)i;
    return;
  }
  const long w = (long)(n + k + 1); /* one pair outweighs every equal-value bonus */
  long *dp = gcn_checker_realloc(NULL, (n + 1) * (k + 1) * sizeof *dp);
#define DP(i, j) dp[(i) * (k + 1) + (j)]
  for (size_t i = n + 1; i-- > 0;) {
    for (size_t j = k + 1; j-- > 0;) {
      if (i == n || j == k) {
        DP(i, j) = 0;
        continue;
      }
      long best = DP(i + 1, j) > DP(i, j + 1) ? DP(i + 1, j) : DP(i, j + 1);
      if (same_field(&m->v[i], &d->v[j])) {
        long take = w + same_value(&m->v[i], &d->v[j]) + DP(i + 1, j + 1);
        if (take > best) best = take;
      }
      DP(i, j) = best;
    }
  }
  for (size_t i = 0, j = 0; i < n && j < k;) {
    if (same_field(&m->v[i], &d->v[j]) &&
        DP(i, j) == w + same_value(&m->v[i], &d->v[j]) + DP(i + 1, j + 1)) {
      pair[i++] = (long)j++;
    } else if (DP(i, j) == DP(i + 1, j)) {
      i++;
    } else {
      j++;
    }
  }
#undef DP
  free(dp);
}

/* Do a vector event's active, defined lanes hold the same values on both sides? (Then
 * compare_values needs no approximate bound: the common case, without a decode.) */
static bool lanes_equal(const gcn_event *exp, const gcn_event *got) {
  for (unsigned l = 0; l < GCN_PASS_LANES; l++)
    if ((exp->mask >> l & 1) && !(exp->undef >> l & 1) && exp->lanes[l] != got->lanes[l]) return false;
  return true;
}

int gcn_checker_check_cycle(gcn_checker *c) {
  const gcn_event_list *m = &c->model, *d = &c->dut;
  /* A cycle has a few events: the arrays on the stack unless it has many (one call a cycle). */
  enum { FEW = 64 };
  long pair_few[FEW + 1];
  bool used_few[FEW + 1], moved_few[FEW + 1];
  bool many = m->n > FEW || d->n > FEW;
  long *pair = many ? gcn_checker_realloc(NULL, (m->n + 1) * sizeof *pair) : pair_few;
  bool *used = many ? gcn_checker_realloc(NULL, (d->n + 1) * sizeof *used) : used_few;
  bool *moved = many ? gcn_checker_realloc(NULL, (m->n + 1) * sizeof *moved) : moved_few;
  align(m, d, pair);
  memset(used, 0, (d->n + 1) * sizeof *used);
  for (size_t i = 0; i < m->n; i++) {
    moved[i] = false;
    if (pair[i] >= 0) used[pair[i]] = true;
  }
  /* An event reported out of order: the same field left over on both sides. */
  for (size_t i = 0; i < m->n; i++) {
    if (pair[i] >= 0) continue;
    for (size_t j = 0; j < d->n; j++) {
      if (!used[j] && same_field(&m->v[i], &d->v[j])) {
        pair[i] = (long)j;
        used[j] = moved[i] = true;
        break;
      }
    }
  }
  unsigned found = 0;
  char text[128], field[160];
  for (size_t i = 0; i < m->n; i++) {
    const gcn_event *exp = &m->v[i];
    if (pair[i] < 0 || moved[i]) gcn_event_format(c->gen, exp, text, sizeof text); /* for the messages */
    long long pc = owner_pc(m, i, true);
    if (pc < 0 && pair[i] >= 0) pc = owner_pc(d, (size_t)pair[i], false);
    if (pair[i] < 0) {
      snprintf(field, sizeof field, "missing event %s", text);
      add_mismatch(c, field, pc, "missing event %s (model event %zu of %zu)", text, i + 1, m->n);
      found++;
      continue;
    }
    if (moved[i]) {
      snprintf(field, sizeof field, "event order %s", text);
      add_mismatch(c, field, pc, "event order: %s is model event %zu of %zu, DUT event %ld of %zu",
                   text, i + 1, m->n, pair[i] + 1, d->n);
      found++;
    }
    const gcn_event *exp2 = NULL, *got2 = NULL;
    gcn_fp_type t = GCN_FP32;
    unsigned vdst = 0;
    bool differ = exp->kind == GCN_EV_VECTOR && !lanes_equal(exp, &d->v[pair[i]]);
    uint32_t ulps64 = differ ? approx_of(c, exp->pc, &t, &vdst) : 0;
    bool low = exp->code == vdst;
    if (ulps64 && t == GCN_FP64 && (low || exp->code == vdst + 1)) { /* the pair's other dword */
      for (size_t k = 0; k < m->n; k++)
        if (m->v[k].kind == GCN_EV_VECTOR && m->v[k].pc == exp->pc && m->v[k].pass == exp->pass &&
            m->v[k].code == (low ? vdst + 1 : vdst) && pair[k] >= 0) {
          exp2 = &m->v[k];
          got2 = &d->v[pair[k]];
        }
    }
    found += compare_values(c, exp, &d->v[pair[i]], pc, exp2, got2, low, ulps64);
  }
  for (size_t j = 0; j < d->n; j++) {
    if (used[j]) continue;
    gcn_event_format(c->gen, &d->v[j], text, sizeof text);
    snprintf(field, sizeof field, "unexpected event %s", text);
    add_mismatch(c, field, owner_pc(d, j, false), "unexpected event %s (DUT event %zu of %zu)", text,
                 j + 1, d->n);
    found++;
  }
  if (many) {
    free(pair);
    free(used);
    free(moved);
  }
  c->dut.n = 0;
  return (int)found;
}

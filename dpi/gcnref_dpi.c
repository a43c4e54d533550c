/* gcnref_dpi.c: the SystemVerilog DPI-C adapter of the gcnref co-simulation checker. The
 * only file of gcnref that includes svdpi.h; dpi/gcnref_pkg.sv lists the matching imports.
 *
 * A thin adapter: every import marshals its arguments to the checker library
 * (checker/gcn_checker.h), which loads programs and vectors, steps the model, aligns and
 * compares the DUT's events and keeps the mismatch reports; the handle (a chandle) is a
 * gcn_checker. Here: svBitVecVal lanes, the "FUNCTION: message" error convention and the
 * strings returned to SV.
 *
 * Conventions: every function is a plain (not `context`), zero-time import. A NULL
 * handle or an out-of-range argument makes the call return 0 (or -1 where the prototype
 * reports failure) and records a message for gcnref_last_error(), which returns the
 * message of the last failure (gcnref_create and the loads clear it first). Returned
 * strings stay valid until the next call that returns a string (one simulator thread
 * makes these calls); the last-error string is static. A load resets the run: cycle,
 * events, DUT events and mismatches; a failed load leaves the handle as it was.
 *
 * Compiled as C11 by gcc (never by verilator, which would compile a .c as C++). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "svdpi.h"

#include "gcn_checker.h"
#include "gcnref/operand.h"

/* The in-flight instructions a report can name (gcnref_in_flight_*). */
#define GCN_IN_FLIGHT_REPORT 64

/* dpi/gcnref_pkg.sv repeats these values as localparams: keep the two in step. */
_Static_assert(GCN10 == 0 && GCN11 == 1 && GCN12 == 2 && GCN14 == 3, "gcnref_pkg.sv: GCNxx");
_Static_assert(GCN_EV_SCALAR == 0 && GCN_EV_SCC == 1 && GCN_EV_MODE == 2 && GCN_EV_VECTOR == 3 &&
                   GCN_EV_RETIRE == 4 && GCN_EV_ILLEGAL == 5 && GCN_EV_UNSUPPORTED == 6 &&
                   GCN_EV_END == 7 && GCN_EV_HWREG == 8,
               "gcnref_pkg.sv: GCN_EV_*");
_Static_assert(GCN_VALU_PASSES == 4 && GCN_PASS_LANES == 16, "gcnref_pkg.sv: bit [511:0] lanes");
_Static_assert(sizeof(svBitVecVal) == 4, "svBitVecVal is one 32-bit lane");

static char last_error[1024];
static char text[192]; /* the string returned by gcnref_event_text and friends */

static void set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void set_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
}

/* Makes the checker's message the last error, named after the import FN; returns RC. */
static int fail(const char *fn, const gcn_error *err, int rc) {
  set_error("%s: %s", fn, err->msg);
  return rc;
}

/* The handle, or NULL (with a message naming FN) when the testbench passed null. */
static gcn_checker *checker_of(void *h, const char *fn) {
  if (!h) set_error("%s: null gcnref handle (gcnref_create failed or was not called)", fn);
  return h;
}

/* ================================================================ create, load */

const char *gcnref_last_error(void) { return last_error; }

void *gcnref_create(int gen, int salu_latency, int valu_depth, int branch_penalty) {
  last_error[0] = '\0';
  bool gen_ok = gen >= GCN10 && gen < GCN_GEN_COUNT; /* else the checker names the gen */
  if (gen_ok && (salu_latency < 0 || valu_depth < 0 || branch_penalty < 0)) {
    set_error("gcnref_create: negative latency (salu_latency %d, valu_depth %d, branch_penalty %d)",
              salu_latency, valu_depth, branch_penalty);
    return NULL;
  }
  gcn_timing_config cfg = {(unsigned)salu_latency, (unsigned)valu_depth, (unsigned)branch_penalty};
  gcn_error err;
  gcn_checker *c = gcn_checker_new((gcn_gen)gen, &cfg, &err);
  if (!c) fail("gcnref_create", &err, 0);
  return c;
}

void gcnref_destroy(void *h) { gcn_checker_free(h); }

int gcnref_load_asm(void *h, const char *program_text, const char *state_text) {
  gcn_checker *c = checker_of(h, "gcnref_load_asm");
  if (!c) return -1;
  last_error[0] = '\0';
  gcn_error err;
  if (gcn_checker_load_text(c, program_text, state_text, &err)) return fail("gcnref_load_asm", &err, -1);
  return 0;
}

int gcnref_load_file(void *h, const char *asm_path, const char *state_path) {
  gcn_checker *c = checker_of(h, "gcnref_load_file");
  if (!c) return -1;
  last_error[0] = '\0';
  gcn_error err;
  if (gcn_checker_load_files(c, asm_path, state_path, &err)) return fail("gcnref_load_file", &err, -1);
  return 0;
}

int gcnref_load_vector(void *h, const char *path, int index) {
  gcn_checker *c = checker_of(h, "gcnref_load_vector");
  if (!c) return -1;
  last_error[0] = '\0';
  gcn_error err;
  if (gcn_checker_load_vector(c, path, index, &err)) return fail("gcnref_load_vector", &err, -1);
  return 0;
}

int gcnref_vector_count(const char *path) {
  last_error[0] = '\0';
  gcn_error err;
  long n = gcn_checker_vector_count(path, &err);
  if (n < 0) return fail("gcnref_vector_count", &err, -1);
  return n > INT_MAX ? INT_MAX : (int)n;
}

const char *gcnref_vector_name(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_vector_name");
  return c ? gcn_checker_vector_name(c) : "";
}

long long gcnref_vector_seed(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_vector_seed");
  return c ? (long long)gcn_checker_vector_seed(c) : 0;
}

/* ================================================================ the loaded program */

const char *gcnref_disasm_at(void *h, long long pc) {
  gcn_checker *c = checker_of(h, "gcnref_disasm_at");
  if (!c) return "";
  gcn_checker_disasm_at(c, (uint64_t)pc, text, sizeof text);
  return text;
}

int gcnref_program_reads(void *h, int code) {
  gcn_checker *c = checker_of(h, "gcnref_program_reads");
  return c && code >= 0 && gcn_checker_program_reads(c, (unsigned)code);
}

void gcnref_program_vgprs(void *h, svBitVecVal *used) {
  gcn_checker *c = checker_of(h, "gcnref_program_vgprs");
  uint32_t mask[GCN_NUM_VGPRS / 32] = {0};
  if (c) gcn_checker_program_vgprs(c, mask);
  for (unsigned w = 0; w < GCN_NUM_VGPRS / 32; w++) used[w] = mask[w];
}

int gcnref_imem_size(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_imem_size");
  size_t size = 0;
  if (c) gcn_checker_image(c, &size);
  return (int)size;
}

int gcnref_imem_word(void *h, int byte_offset) {
  gcn_checker *c = checker_of(h, "gcnref_imem_word");
  if (!c) return 0;
  size_t size;
  const uint8_t *image = gcn_checker_image(c, &size);
  if (byte_offset < 0 || (size_t)byte_offset >= size) {
    set_error("gcnref_imem_word: byte offset %d outside the program (%zu bytes)", byte_offset, size);
    return 0;
  }
  uint32_t w = 0;
  for (unsigned b = 0; b < 4; b++) {
    size_t at = (size_t)byte_offset + b;
    if (at < size) w |= (uint32_t)image[at] << (8 * b);
  }
  return (int)w;
}

long long gcnref_base_pc(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_base_pc");
  return c ? (long long)gcn_checker_base(c) : 0;
}

/* Scalar codes 0..127, and on gcn14 the read-only apertures 235..239 (src_shared_base
 * ... src_pops_exiting_wave_id), which a vector's initial state may set. */
static bool check_code(const gcn_checker *c, int code, const char *fn) {
  if (code >= 0 && code < 128) return true;
  if (gcn_checker_gen(c) == GCN14 && code >= GCN_CODE_SHARED_BASE && code <= GCN_CODE_POPS_EXITING_WAVE_ID)
    return true;
  set_error("%s: scalar register code %d: expected 0..127 (or 235..239 on gcn14)", fn, code);
  return false;
}

int gcnref_init_sgpr(void *h, int code) {
  gcn_checker *c = checker_of(h, "gcnref_init_sgpr");
  if (!c || !check_code(c, code, "gcnref_init_sgpr")) return 0;
  return (int)gcn_sreg_read(gcn_checker_initial(c), (unsigned)code);
}

int gcnref_init_scc(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_init_scc");
  return c ? (int)gcn_checker_initial(c)->scc : 0;
}

int gcnref_init_mode(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_init_mode");
  return c ? (int)gcn_checker_initial(c)->mode : 0;
}

int gcnref_init_hwreg(void *h, int id) {
  gcn_checker *c = checker_of(h, "gcnref_init_hwreg");
  if (!c) return 0;
  if (id < 0 || id >= GCN_NUM_HWREGS) {
    set_error("gcnref_init_hwreg: hwreg id %d: expected 0..%d", id, GCN_NUM_HWREGS - 1);
    return 0;
  }
  return (int)gcn_checker_initial(c)->hwreg[id];
}

void gcnref_init_vgpr16(void *h, int vgpr, int pass, svBitVecVal *lanes) {
  gcn_checker *c = checker_of(h, "gcnref_init_vgpr16");
  memset(lanes, 0, GCN_PASS_LANES * sizeof *lanes);
  if (!c) return;
  if (vgpr < 0 || vgpr >= GCN_NUM_VGPRS || pass < 0 || pass >= GCN_VALU_PASSES) {
    set_error("gcnref_init_vgpr16: v%d pass %d: expected v0..v255, pass 0..3", vgpr, pass);
    return;
  }
  for (unsigned l = 0; l < GCN_PASS_LANES; l++)
    lanes[l] = gcn_checker_initial(c)->vgpr[vgpr][(unsigned)pass * GCN_PASS_LANES + l];
}

/* ================================================================ stepping, model events */

int gcnref_step(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_step");
  if (!c) return -1;
  gcn_error err;
  int n = gcn_checker_step(c, &err);
  return n < 0 ? fail("gcnref_step", &err, -1) : n;
}

int gcnref_done(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_done");
  return c ? gcn_checker_done(c) : 1;
}

long long gcnref_cycle(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_cycle");
  return c ? gcn_checker_cycle(c) : -1;
}

/* Instruction I (issue order) of those issued but not retired after the last step: its
 * PC, issue or retire cycle; -1 when there is no such instruction. */
int gcnref_in_flight_count(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_in_flight_count");
  size_t n = c ? gcn_core_in_flight(gcn_checker_core_const(c), NULL, 0) : 0;
  return n > INT_MAX ? INT_MAX : (int)n;
}

static long long in_flight(void *h, int i, int what) {
  gcn_checker *c = checker_of(h, "gcnref_in_flight");
  if (!c || i < 0) return -1;
  gcn_in_flight f[GCN_IN_FLIGHT_REPORT];
  size_t n = gcn_core_in_flight(gcn_checker_core_const(c), f, GCN_IN_FLIGHT_REPORT);
  if ((size_t)i >= n || i >= GCN_IN_FLIGHT_REPORT) return -1;
  return (long long)(what == 0 ? f[i].pc : what == 1 ? f[i].issued : f[i].retires);
}
long long gcnref_in_flight_pc(void *h, int i) { return in_flight(h, i, 0); }
long long gcnref_in_flight_issued(void *h, int i) { return in_flight(h, i, 1); }
long long gcnref_in_flight_retires(void *h, int i) { return in_flight(h, i, 2); }

/* Event I of the last stepped cycle, or NULL (with a message naming FN). */
static const gcn_event *model_event(void *h, int i, const char *fn) {
  gcn_checker *c = checker_of(h, fn);
  if (!c) return NULL;
  size_t n;
  const gcn_event *ev = gcn_checker_events(c, &n);
  if (i < 0 || (size_t)i >= n) {
    set_error("%s: event %d: cycle %lld has %zu event%s", fn, i, gcn_checker_cycle(c), n, n == 1 ? "" : "s");
    return NULL;
  }
  return &ev[i];
}

/* gcnref_event_NAME(h, i): field EXPR of event I, or NONE when there is no such event. */
#define EVENT_FIELD(name, type, expr, none)                            \
  type gcnref_event_##name(void *h, int i) {                           \
    const gcn_event *ev = model_event(h, i, "gcnref_event_" #name);    \
    return ev ? (type)(expr) : (none);                                 \
  }
EVENT_FIELD(kind, int, ev->kind, -1)
EVENT_FIELD(code, int, ev->code, 0)
EVENT_FIELD(value, int, ev->value, 0)
EVENT_FIELD(pass, int, ev->pass, 0)
EVENT_FIELD(mask, int, ev->mask, 0)
EVENT_FIELD(pc, long long, ev->pc, 0)
#undef EVENT_FIELD

void gcnref_event_lanes(void *h, int i, svBitVecVal *lanes) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_lanes");
  for (unsigned l = 0; l < GCN_PASS_LANES; l++) lanes[l] = ev ? ev->lanes[l] : 0;
}

const char *gcnref_event_text(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_text");
  if (!ev) return "";
  gcn_event_format(gcn_checker_gen(h), ev, text, sizeof text);
  return text;
}

/* ================================================================ DUT events, checking */

static void dut_push(void *h, const char *fn, gcn_event_kind kind, unsigned code, uint32_t value, uint64_t pc) {
  gcn_checker *c = checker_of(h, fn);
  if (!c) return;
  gcn_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = (uint8_t)kind;
  ev.code = (uint16_t)code;
  ev.value = value;
  ev.pc = pc;
  gcn_checker_dut_event(c, &ev);
}

void gcnref_dut_scalar(void *h, int code, int value) {
  dut_push(h, "gcnref_dut_scalar", GCN_EV_SCALAR, (unsigned)code & 0xffffu, (uint32_t)value, 0);
}
void gcnref_dut_scc(void *h, int value) { dut_push(h, "gcnref_dut_scc", GCN_EV_SCC, 0, (uint32_t)value, 0); }
void gcnref_dut_mode(void *h, int value) { dut_push(h, "gcnref_dut_mode", GCN_EV_MODE, 0, (uint32_t)value, 0); }
void gcnref_dut_hwreg(void *h, int id, int value) {
  dut_push(h, "gcnref_dut_hwreg", GCN_EV_HWREG, (unsigned)id & 0xffffu, (uint32_t)value, 0);
}
void gcnref_dut_retire(void *h, long long pc) { dut_push(h, "gcnref_dut_retire", GCN_EV_RETIRE, 0, 0, (uint64_t)pc); }
void gcnref_dut_illegal(void *h, long long pc) {
  dut_push(h, "gcnref_dut_illegal", GCN_EV_ILLEGAL, 0, 0, (uint64_t)pc);
}
void gcnref_dut_unsupported(void *h, long long pc) {
  dut_push(h, "gcnref_dut_unsupported", GCN_EV_UNSUPPORTED, 0, 0, (uint64_t)pc);
}
void gcnref_dut_end(void *h, long long pc) { dut_push(h, "gcnref_dut_end", GCN_EV_END, 0, 0, (uint64_t)pc); }

void gcnref_dut_vector(void *h, int vgpr, int pass, int mask, const svBitVecVal *lanes) {
  gcn_checker *c = checker_of(h, "gcnref_dut_vector");
  if (!c) return;
  gcn_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = GCN_EV_VECTOR;
  ev.code = (uint16_t)vgpr;
  ev.pass = (uint8_t)pass;
  ev.mask = (uint16_t)mask;
  for (unsigned l = 0; l < GCN_PASS_LANES; l++) ev.lanes[l] = lanes[l];
  gcn_checker_dut_event(c, &ev);
}

int gcnref_check_cycle(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_check_cycle");
  return c ? gcn_checker_check_cycle(c) : 0;
}

int gcnref_mismatch_count(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_mismatch_count");
  unsigned long long n = c ? gcn_checker_mismatch_count(c) : 0;
  return n > INT_MAX ? INT_MAX : (int)n;
}

/* Mismatch I among those kept, or NULL (with a message naming FN). */
static const gcn_mismatch *kept_mismatch(void *h, int i, const char *fn) {
  gcn_checker *c = checker_of(h, fn);
  if (!c) return NULL;
  const gcn_mismatch *m = i >= 0 ? gcn_checker_mismatch(c, (size_t)i) : NULL;
  if (!m) set_error("%s: %d: %zu mismatch messages are kept", fn, i, gcn_checker_mismatches_kept(c));
  return m;
}

const char *gcnref_mismatch_message(void *h, int i) {
  gcn_checker *c = checker_of(h, "gcnref_mismatch_message");
  if (!c) return "";
  const gcn_mismatch *m = i >= 0 ? gcn_checker_mismatch(c, (size_t)i) : NULL;
  if (m) return m->message;
  if (i >= 0 && (unsigned long long)i < gcn_checker_mismatch_count(c)) {
    snprintf(text, sizeof text, "(mismatch %d: message not kept, only the first %d are)", i,
             GCN_CHECKER_MAX_MESSAGES);
    return text;
  }
  set_error("gcnref_mismatch_message: %d: there are %llu mismatches", i, gcn_checker_mismatch_count(c));
  return "";
}

const char *gcnref_mismatch_field(void *h, int i) {
  const gcn_mismatch *m = kept_mismatch(h, i, "gcnref_mismatch_field");
  return m ? m->field : "";
}

long long gcnref_mismatch_pc(void *h, int i) {
  const gcn_mismatch *m = kept_mismatch(h, i, "gcnref_mismatch_pc");
  return m ? m->pc : -1;
}

/* ================================================================ architectural state */

/* The model's current state, or NULL (with a message naming FN). */
static const gcn_state *state_of(void *h, const char *fn) {
  gcn_checker *c = checker_of(h, fn);
  return c ? gcn_core_state(gcn_checker_core(c)) : NULL;
}

int gcnref_sgpr(void *h, int code) {
  const gcn_state *st = state_of(h, "gcnref_sgpr");
  if (!st || !check_code(h, code, "gcnref_sgpr")) return 0;
  return (int)gcn_sreg_read(st, (unsigned)code);
}

int gcnref_vgpr(void *h, int vgpr, int lane) {
  const gcn_state *st = state_of(h, "gcnref_vgpr");
  if (!st) return 0;
  if (vgpr < 0 || vgpr >= GCN_NUM_VGPRS || lane < 0 || lane >= GCN_WAVE_SIZE) {
    set_error("gcnref_vgpr: v%d lane %d: expected v0..v255, lane 0..63", vgpr, lane);
    return 0;
  }
  return (int)st->vgpr[vgpr][lane];
}

int gcnref_scc(void *h) {
  const gcn_state *st = state_of(h, "gcnref_scc");
  return st ? st->scc : 0;
}

long long gcnref_exec(void *h) {
  const gcn_state *st = state_of(h, "gcnref_exec");
  return st ? (long long)st->exec : 0;
}

long long gcnref_pc(void *h) {
  const gcn_state *st = state_of(h, "gcnref_pc");
  return st ? (long long)st->pc : 0;
}

/* ================================================================ functional coverage */

int gcnref_coverage_write(void *h, const char *path) {
  gcn_checker *c = checker_of(h, "gcnref_coverage_write");
  gcn_error err;
  if (c && gcn_checker_coverage_write(c, path, &err)) return fail("gcnref_coverage_write", &err, -1);
  return c ? 0 : -1;
}

void gcnref_coverage_reset(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_coverage_reset");
  if (c) gcn_checker_coverage_reset(c);
}

/* Bins that can be hit on the model's generation, and bins hit so far. */
int gcnref_coverage_bins(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_coverage_bins");
  unsigned long bins = 0, hit = 0;
  if (c) gcn_checker_coverage_totals(c, &bins, &hit);
  return (int)bins;
}

int gcnref_coverage_hit(void *h) {
  gcn_checker *c = checker_of(h, "gcnref_coverage_hit");
  unsigned long bins = 0, hit = 0;
  if (c) gcn_checker_coverage_totals(c, &bins, &hit);
  return (int)hit;
}

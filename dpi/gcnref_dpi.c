/* gcnref_dpi.c: the SystemVerilog DPI-C adapter of the gcnref model. The only file of
 * gcnref that includes svdpi.h; dpi/gcnref_pkg.sv lists the matching imports.
 *
 * A thin adapter: it marshals values between the simulator and the timing core
 * (gcnref/timing.h) and keeps, per model instance (a chandle), what a testbench needs
 * between calls: the core, the loaded program image, the initial state, the events the
 * model committed in the last stepped cycle, the events the DUT reported for it, and the
 * mismatch messages. It decides nothing about timing or semantics: the core does.
 *
 * Conventions: every function is a plain (not `context`), zero-time import. A NULL
 * handle or an out-of-range argument makes the call return 0 (or -1 where the prototype
 * reports failure) and records a message for gcnref_last_error(), which returns the
 * message of the last failure (gcnref_create and the loads clear it first). Returned
 * strings stay valid until the next call on the same handle; the last-error string is
 * static (one simulator thread makes these calls). A load resets the run: cycle, events,
 * DUT events and mismatches; a failed load leaves the handle as it was.
 *
 * Compiled as C11 by gcc (never by verilator, which would compile a .c as C++). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream, strdup */
#endif

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"

#include "gcnref/operand.h"
#include "gcnref/program.h"
#include "gcnref/state.h"
#include "gcnref/timing.h"

/* The vector file reader (vectors/vecfile.c, libgcnvec.a). Its functions are weak
 * references: an executable that never loads a vector file (the DPI self-test, the
 * directed co-simulation) links without libgcnvec; one that calls gcnref_load_vector must
 * link vecfile.o (an archive member is not extracted for a weak reference), else the call
 * fails with a message saying so. */
#include "../vectors/vecfile.h"
#pragma weak gcn_vec_new
#pragma weak gcn_vec_free
#pragma weak gcn_vec_reader_new
#pragma weak gcn_vec_read
#pragma weak gcn_vec_reader_free

/* dpi/gcnref_pkg.sv repeats these values as localparams: keep the two in step. */
_Static_assert(GCN10 == 0 && GCN11 == 1 && GCN12 == 2 && GCN14 == 3, "gcnref_pkg.sv: GCNxx");
_Static_assert(GCN_EV_SCALAR == 0 && GCN_EV_SCC == 1 && GCN_EV_MODE == 2 && GCN_EV_VECTOR == 3 &&
                   GCN_EV_RETIRE == 4 && GCN_EV_ILLEGAL == 5 && GCN_EV_UNSUPPORTED == 6 &&
                   GCN_EV_END == 7,
               "gcnref_pkg.sv: GCN_EV_*");
_Static_assert(GCN_VALU_PASSES == 4 && GCN_PASS_LANES == 16, "gcnref_pkg.sv: bit [511:0] lanes");
_Static_assert(sizeof(svBitVecVal) == 4, "svBitVecVal is one 32-bit lane");

/* Mismatch messages kept per handle (all are counted). */
#define GCNREF_MAX_MESSAGES 10000
/* Above this many event pairs in one cycle, events are paired in order, not aligned. */
#define GCNREF_MAX_ALIGN (1u << 20)

typedef struct {
  gcn_event *v;
  size_t n, cap;
} event_list;

typedef struct {
  gcn_gen gen;
  gcn_core *core;
  uint8_t *image; /* the loaded program, as instruction memory holds it */
  size_t image_size;
  uint64_t base;
  gcn_state *initial; /* the state the program starts from (64 KiB: on the heap) */
  bool loaded, done;
  long long cycle;  /* simulated by the last gcnref_step; -1 before the first */
  event_list model; /* events of that cycle */
  event_list dut;   /* DUT events reported since the last check */
  char **msgs;
  char **fields;     /* per message: the field it names (gcnref_mismatch_field) */
  long long *pcs;    /* per message: the instruction's PC, -1 unknown (gcnref_mismatch_pc) */
  size_t n_msgs, cap_msgs;
  const char *next_field; /* add_mismatch's field and PC, set by its caller */
  long long next_pc;
  unsigned long long n_mismatch;
  /* gcnref_load_vector: the open reader (so that loading vectors 0, 1, 2... of one file
   * reads it once), its path, the index of the vector it returns next, the loaded
   * vector's name and seed. */
  gcn_vec_reader *vr;
  FILE *vf;
  char *vpath;
  long vnext;
  char vname[GCN_VEC_NAME_MAX];
  uint64_t vseed;
  char text[192]; /* the string returned by gcnref_event_text and friends */
} gcnref_model;

static char last_error[1024];

static void set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void set_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
}

static _Noreturn void out_of_memory(void) {
  fprintf(stderr, "gcnref_dpi: out of memory\n");
  abort(); /* nothing sensible to report to the testbench mid-cycle (as timing.c) */
}

static void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q) out_of_memory();
  return q;
}

/* The handle, or NULL (with a message naming FN) when the testbench passed null. */
static gcnref_model *model_of(void *h, const char *fn) {
  if (!h) set_error("%s: null gcnref handle (gcnref_create failed or was not called)", fn);
  return h;
}

static void push_event(event_list *l, const gcn_event *ev) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 32;
    l->v = xrealloc(l->v, l->cap * sizeof *l->v);
  }
  l->v[l->n++] = *ev;
}

/* ================================================================ create / destroy */

const char *gcnref_last_error(void) { return last_error; }

void *gcnref_create(int gen, int salu_latency, int valu_depth, int branch_penalty) {
  last_error[0] = '\0';
  if (gen < GCN10 || gen >= GCN_GEN_COUNT) {
    set_error("gcnref_create: gen %d: expected 0..%d (gcn10, gcn11, gcn12, gcn14)", gen,
              GCN_GEN_COUNT - 1);
    return NULL;
  }
  if (salu_latency < 0 || valu_depth < 0 || branch_penalty < 0) {
    set_error("gcnref_create: negative latency (salu_latency %d, valu_depth %d, branch_penalty %d)",
              salu_latency, valu_depth, branch_penalty);
    return NULL;
  }
  gcn_timing_config cfg = {(unsigned)salu_latency, (unsigned)valu_depth, (unsigned)branch_penalty};
  gcn_error err;
  gcn_core *core = gcn_core_new((gcn_gen)gen, &cfg, &err);
  if (!core) {
    set_error("gcnref_create: %s", err.msg);
    return NULL;
  }
  gcnref_model *h = calloc(1, sizeof *h);
  gcn_state *initial = malloc(sizeof *initial);
  if (!h || !initial) {
    free(h);
    free(initial);
    gcn_core_free(core);
    set_error("gcnref_create: out of memory");
    return NULL;
  }
  h->gen = (gcn_gen)gen;
  h->core = core;
  h->initial = initial;
  gcn_state_init(h->initial, h->gen);
  h->done = true; /* nothing loaded: nothing to run */
  h->cycle = -1;
  return h;
}

static void clear_messages(gcnref_model *h) {
  for (size_t i = 0; i < h->n_msgs; i++) {
    free(h->msgs[i]);
    free(h->fields[i]);
  }
  h->n_msgs = 0;
  h->n_mismatch = 0;
}

void gcnref_destroy(void *vh) {
  gcnref_model *h = vh;
  if (!h) return;
  gcn_core_free(h->core);
  free(h->image);
  free(h->initial);
  free(h->model.v);
  free(h->dut.v);
  clear_messages(h);
  free(h->msgs);
  free(h->fields);
  free(h->pcs);
  if (h->vr) gcn_vec_reader_free(h->vr);
  if (h->vf) fclose(h->vf);
  free(h->vpath);
  free(h);
}

/* ================================================================ load */

/* Text of the errors that gcn_each_line printed to ERRS ("NAME:LINE: error: ..."), at
 * most the first one plus a count of the rest. */
static void set_error_from_stream(const char *fn, const char *buf, unsigned errors) {
  size_t len = strcspn(buf, "\n");
  if (errors > 1)
    set_error("%s: %.*s (and %u more error%s)", fn, (int)len, buf, errors - 1, errors > 2 ? "s" : "");
  else
    set_error("%s: %.*s", fn, (int)len, buf);
}

static int state_line(void *ctx, char *line, unsigned lineno, gcn_error *err) {
  (void)lineno;
  char *hash = strchr(line, '#'); /* state files take '#' comments, as `gcnref run --state` */
  if (hash) *hash = '\0';
  return gcn_state_assign(ctx, line, err);
}

/* Makes IMAGE (SIZE bytes) and ST (both owned by the handle from now on) the loaded
 * program and initial state, the program at ST's PC, and resets the run. */
static void install(gcnref_model *h, uint8_t *image, size_t size, gcn_state *st) {
  free(h->image);
  h->image = image;
  h->image_size = size;
  free(h->initial);
  h->initial = st;
  h->base = st->pc; /* the program is loaded where the state's PC points */
  gcn_core_load(h->core, h->base, h->image, h->image_size, h->initial);
  h->loaded = true;
  h->done = false;
  h->cycle = -1;
  h->model.n = h->dut.n = 0;
  clear_messages(h);
}

/* Assembles PROG (NAME in messages) and applies STATE (may be NULL) to a fresh initial
 * state; on success replaces the handle's program, resets the run and returns 0. A failure
 * leaves the handle as it was. */
static int load(gcnref_model *h, const char *fn, FILE *prog, const char *prog_name, FILE *state,
                const char *state_name) {
  char *errbuf = NULL;
  size_t errlen = 0;
  FILE *errs = open_memstream(&errbuf, &errlen);
  if (!errs) {
    set_error("%s: cannot open a message stream: %s", fn, strerror(errno));
    return -1;
  }
  gcn_image img = {0};
  gcn_state *st = malloc(sizeof *st);
  unsigned errors = 0;
  if (!st) {
    fclose(errs);
    free(errbuf);
    set_error("%s: out of memory", fn);
    return -1;
  }
  gcn_state_init(st, h->gen);
  if (prog) errors = gcn_assemble_file(h->gen, prog, prog_name, &img, errs);
  if (!errors && state) errors = gcn_each_line(state, state_name, errs, state_line, st);
  fclose(errs);
  if (errors) {
    set_error_from_stream(fn, errbuf ? errbuf : "", errors);
    free(errbuf);
    gcn_image_free(&img);
    free(st);
    return -1;
  }
  free(errbuf);
  free(img.line_of_word);
  install(h, img.bytes, img.size, st); /* keep the bytes, drop the line table */
  h->vname[0] = '\0';
  h->vseed = 0;
  return 0;
}

/* A read stream over TEXT (NULL for empty text: fmemopen rejects size 0 on old glibc).
 * *COPY receives the buffer to free after fclose. */
static FILE *text_stream(const char *text, char **copy) {
  *copy = NULL;
  if (!text || !*text) return NULL;
  *copy = strdup(text);
  if (!*copy) return NULL;
  return fmemopen(*copy, strlen(*copy), "r");
}

int gcnref_load_asm(void *vh, const char *program_text, const char *state_text) {
  gcnref_model *h = model_of(vh, "gcnref_load_asm");
  if (!h) return -1;
  last_error[0] = '\0';
  char *pcopy, *scopy;
  FILE *pf = text_stream(program_text, &pcopy);
  FILE *sf = text_stream(state_text, &scopy);
  int rc;
  if ((program_text && *program_text && !pf) || (state_text && *state_text && !sf)) {
    set_error("gcnref_load_asm: cannot open the text as a stream: %s", strerror(errno));
    rc = -1;
  } else {
    rc = load(h, "gcnref_load_asm", pf, "program", sf, "state");
  }
  if (pf) fclose(pf);
  if (sf) fclose(sf);
  free(pcopy);
  free(scopy);
  return rc;
}

int gcnref_load_file(void *vh, const char *asm_path, const char *state_path) {
  gcnref_model *h = model_of(vh, "gcnref_load_file");
  if (!h) return -1;
  last_error[0] = '\0';
  if (!asm_path || !*asm_path) {
    set_error("gcnref_load_file: no program path");
    return -1;
  }
  FILE *pf = fopen(asm_path, "r");
  if (!pf) {
    set_error("gcnref_load_file: cannot open %s: %s", asm_path, strerror(errno));
    return -1;
  }
  FILE *sf = NULL;
  if (state_path && *state_path) {
    sf = fopen(state_path, "r");
    if (!sf) {
      set_error("gcnref_load_file: cannot open %s: %s", state_path, strerror(errno));
      fclose(pf);
      return -1;
    }
  }
  int rc = load(h, "gcnref_load_file", pf, asm_path, sf, state_path);
  fclose(pf);
  if (sf) fclose(sf);
  return rc;
}

/* ================================================================ vector files */

static bool vec_linked(const char *fn) {
  if (gcn_vec_new && gcn_vec_free && gcn_vec_reader_new && gcn_vec_read && gcn_vec_reader_free)
    return true;
  set_error("%s: the vector file reader is not linked into this simulator (link vecfile.o "
            "of libgcnvec)", fn);
  return false;
}

static void vec_close(gcnref_model *h) {
  if (h->vr) gcn_vec_reader_free(h->vr);
  if (h->vf) fclose(h->vf);
  free(h->vpath);
  h->vr = NULL;
  h->vf = NULL;
  h->vpath = NULL;
  h->vnext = 0;
}

/* Loads vector INDEX (0-based) of the vector file PATH: its program at its base and its
 * whole initial state. 0, or -1 with a message (the reader's "FILE:LINE: error: ...", an
 * index past the last vector, a vector of another generation than the handle's). */
int gcnref_load_vector(void *vh, const char *path, int index) {
  static const char fn[] = "gcnref_load_vector";
  gcnref_model *h = model_of(vh, fn);
  if (!h) return -1;
  last_error[0] = '\0';
  if (!vec_linked(fn)) return -1;
  if (!path || !*path) {
    set_error("%s: no vector file path", fn);
    return -1;
  }
  if (index < 0) {
    set_error("%s: %s: vector index %d: expected 0 or more", fn, path, index);
    return -1;
  }
  /* Reuse the open reader when it is at or before INDEX of the same file. */
  if (!h->vr || strcmp(h->vpath, path) != 0 || h->vnext > index) {
    vec_close(h);
    h->vf = fopen(path, "r");
    if (!h->vf) {
      set_error("%s: cannot open %s: %s", fn, path, strerror(errno));
      return -1;
    }
    h->vpath = strdup(path);
    h->vr = gcn_vec_reader_new(h->vf, path);
    if (!h->vpath || !h->vr) {
      vec_close(h);
      set_error("%s: out of memory", fn);
      return -1;
    }
  }
  gcn_vector *v = gcn_vec_new();
  if (!v) {
    set_error("%s: out of memory", fn);
    return -1;
  }
  gcn_error err;
  int rc = 1;
  while (h->vnext <= index) {
    rc = gcn_vec_read(h->vr, v, &err);
    if (rc != 1) break;
    h->vnext++;
  }
  if (rc < 0) {
    set_error("%s: %s", fn, err.msg);
    vec_close(h);
    gcn_vec_free(v);
    return -1;
  }
  if (rc == 0) {
    set_error("%s: %s: vector index %d: the file has %ld vector%s", fn, path, index, h->vnext,
              h->vnext == 1 ? "" : "s");
    vec_close(h);
    gcn_vec_free(v);
    return -1;
  }
  if (v->gen != h->gen) {
    set_error("%s: %s: vector %d (%s) is for %s, the model instance for %s", fn, path, index,
              v->name, gcn_gen_name(v->gen), gcn_gen_name(h->gen));
    gcn_vec_free(v);
    return -1;
  }
  uint8_t *image = malloc(v->size ? v->size : 1);
  gcn_state *st = malloc(sizeof *st);
  if (!image || !st) {
    free(image);
    free(st);
    gcn_vec_free(v);
    set_error("%s: out of memory", fn);
    return -1;
  }
  if (v->size) memcpy(image, v->image, v->size);
  *st = v->init;
  st->pc = v->base;
  install(h, image, v->size, st);
  snprintf(h->vname, sizeof h->vname, "%s", v->name);
  h->vseed = v->seed;
  gcn_vec_free(v);
  return 0;
}

/* The number of vectors in the vector file PATH, or -1 with a message (the reader's). */
int gcnref_vector_count(const char *path) {
  static const char fn[] = "gcnref_vector_count";
  last_error[0] = '\0';
  if (!vec_linked(fn)) return -1;
  FILE *f = path && *path ? fopen(path, "r") : NULL;
  if (!f) {
    set_error("%s: cannot open %s: %s", fn, path ? path : "", path && *path ? strerror(errno) : "no path");
    return -1;
  }
  gcn_vec_reader *r = gcn_vec_reader_new(f, path);
  gcn_vector *v = gcn_vec_new();
  int n = -1;
  if (!r || !v) {
    set_error("%s: out of memory", fn);
  } else {
    gcn_error err;
    int rc;
    n = 0;
    while ((rc = gcn_vec_read(r, v, &err)) == 1) n++;
    if (rc < 0) {
      set_error("%s: %s", fn, err.msg);
      n = -1;
    }
  }
  if (v) gcn_vec_free(v);
  if (r) gcn_vec_reader_free(r);
  fclose(f);
  return n;
}

/* The name and seed of the vector loaded last ("" and 0 after another kind of load). */
const char *gcnref_vector_name(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_vector_name");
  return h ? h->vname : "";
}

long long gcnref_vector_seed(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_vector_seed");
  return h ? (long long)h->vseed : 0;
}

/* The canonical text of the instruction at PC in the loaded program ("" outside it,
 * ".illegal" where the bytes do not decode). */
const char *gcnref_disasm_at(void *vh, long long pc) {
  gcnref_model *h = model_of(vh, "gcnref_disasm_at");
  if (!h) return "";
  uint64_t off = (uint64_t)pc - h->base;
  if ((uint64_t)pc < h->base || off >= h->image_size) return "";
  gcn_inst in;
  gcn_error err;
  size_t n = h->image_size - off < 8 ? h->image_size - off : 8;
  if (gcn_decode_bytes(h->gen, h->image + off, n, &in, &err) < 0) {
    snprintf(h->text, sizeof h->text, ".illegal (%.160s)", err.msg);
    return h->text;
  }
  gcn_disasm(&in, h->text, sizeof h->text);
  return h->text;
}

/* Does an instruction of the loaded program (decoded from its start, instruction by
 * instruction, up to the first that does not decode) name source operand CODE (0..511)?
 * Jumps land on instruction starts (docs/vectors.md), so this is every instruction that
 * can run. 1 or 0. */
int gcnref_program_reads(void *vh, int code) {
  gcnref_model *h = model_of(vh, "gcnref_program_reads");
  if (!h) return 0;
  /* Every dword is decoded as if an instruction started there: a branch may land after
   * an illegal word or a literal, so a linear walk would miss reachable code. Marking a
   * few VGPRs too many only costs initialisation time. */
  for (size_t off = 0; off + 4 <= h->image_size; off += 4) {
    gcn_inst in;
    gcn_error err;
    size_t n = h->image_size - off < 8 ? h->image_size - off : 8;
    if (gcn_decode_bytes(h->gen, h->image + off, n, &in, &err) < 0) continue;
    for (unsigned k = 0; k < 3; k++)
      if (in.src[k] == (unsigned)code) return 1;
    off += in.size;
  }
  return 0;
}

/* The VGPRs that an instruction of the loaded program (walked as gcnref_program_reads)
 * names as a source or a destination, and the one after each (a 64-bit operand), as a
 * 256-bit mask: VGPR v in bit v (word v / 32). A VGPR outside the mask is neither read nor
 * written by the program, so a testbench may leave it uninitialised in its DUT. */
void gcnref_program_vgprs(void *vh, svBitVecVal *used) {
  gcnref_model *h = model_of(vh, "gcnref_program_vgprs");
  for (unsigned w = 0; w < GCN_NUM_VGPRS / 32; w++) used[w] = 0;
  if (!h) return;
#define MARK(v) (used[((v) & 255u) / 32] |= (svBitVecVal)1 << ((v) & 31u))
  /* Every dword is decoded as if an instruction started there: a branch may land after
   * an illegal word or a literal, so a linear walk would miss reachable code. Marking a
   * few VGPRs too many only costs initialisation time. */
  for (size_t off = 0; off + 4 <= h->image_size; off += 4) {
    gcn_inst in;
    gcn_error err;
    size_t n = h->image_size - off < 8 ? h->image_size - off : 8;
    if (gcn_decode_bytes(h->gen, h->image + off, n, &in, &err) < 0) continue;
    for (unsigned k = 0; k < 3; k++) {
      if (in.src[k] >= 256 && in.src[k] < 512) {
        MARK(in.src[k] - 256u);
        MARK(in.src[k] - 255u);
      }
    }
    if (in.enc == GCN_ENC_VOP2 || in.enc == GCN_ENC_VOP3A || in.enc == GCN_ENC_VOP3B) {
      MARK(in.vdst); /* v_readlane's is an SGPR code: one extra VGPR, harmless */
      MARK(in.vdst + 1u);
    }
  }
#undef MARK
}

/* ================================================================ program, initial state */

int gcnref_imem_size(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_imem_size");
  return h ? (int)h->image_size : 0;
}

int gcnref_imem_word(void *vh, int byte_offset) {
  gcnref_model *h = model_of(vh, "gcnref_imem_word");
  if (!h) return 0;
  if (byte_offset < 0 || (size_t)byte_offset >= h->image_size) {
    set_error("gcnref_imem_word: byte offset %d outside the program (%zu bytes)", byte_offset,
              h->image_size);
    return 0;
  }
  uint32_t w = 0;
  for (unsigned b = 0; b < 4; b++) {
    size_t at = (size_t)byte_offset + b;
    if (at < h->image_size) w |= (uint32_t)h->image[at] << (8 * b);
  }
  return (int)w;
}

long long gcnref_base_pc(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_base_pc");
  return h ? (long long)h->base : 0;
}

/* Scalar codes 0..127, and on gcn14 the read-only apertures 235..239 (src_shared_base
 * ... src_pops_exiting_wave_id), which a vector's initial state may set. */
static bool check_code_gen(int code, gcn_gen gen, const char *fn) {
  if (code >= 0 && code < 128) return true;
  if (gen == GCN14 && code >= GCN_CODE_SHARED_BASE && code <= GCN_CODE_POPS_EXITING_WAVE_ID)
    return true;
  set_error("%s: scalar register code %d: expected 0..127 (or 235..239 on gcn14)", fn, code);
  return false;
}
#define check_code(code, fn) check_code_gen((code), h->gen, (fn))

int gcnref_init_sgpr(void *vh, int code) {
  gcnref_model *h = model_of(vh, "gcnref_init_sgpr");
  if (!h || !check_code(code, "gcnref_init_sgpr")) return 0;
  return (int)gcn_sreg_read(h->initial, (unsigned)code);
}

int gcnref_init_scc(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_init_scc");
  return h ? (int)h->initial->scc : 0;
}

int gcnref_init_mode(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_init_mode");
  return h ? (int)h->initial->mode : 0;
}

void gcnref_init_vgpr16(void *vh, int vgpr, int pass, svBitVecVal *lanes) {
  gcnref_model *h = model_of(vh, "gcnref_init_vgpr16");
  memset(lanes, 0, GCN_PASS_LANES * sizeof *lanes);
  if (!h) return;
  if (vgpr < 0 || vgpr >= GCN_NUM_VGPRS || pass < 0 || pass >= GCN_VALU_PASSES) {
    set_error("gcnref_init_vgpr16: v%d pass %d: expected v0..v255, pass 0..3", vgpr, pass);
    return;
  }
  for (unsigned l = 0; l < GCN_PASS_LANES; l++)
    lanes[l] = h->initial->vgpr[vgpr][(unsigned)pass * GCN_PASS_LANES + l];
}

/* ================================================================ stepping, model events */

int gcnref_step(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_step");
  if (!h) return -1;
  if (!h->loaded) {
    set_error("gcnref_step: no program loaded");
    return -1;
  }
  if (h->done) {
    set_error("gcnref_step: the program has ended (its last cycle was %lld)", h->cycle);
    return -1;
  }
  long long cycle = (long long)gcn_core_cycle(h->core);
  const gcn_event *ev;
  unsigned n;
  gcn_core_status s = gcn_core_step(h->core, &ev, &n);
  h->model.n = 0;
  for (unsigned i = 0; i < n; i++) push_event(&h->model, &ev[i]);
  h->cycle = cycle;
  h->done = s == GCN_CORE_DONE;
  return (int)n;
}

int gcnref_done(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_done");
  return h ? h->done : 1;
}

long long gcnref_cycle(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_cycle");
  return h ? h->cycle : -1;
}

/* Event I of the last stepped cycle, or NULL (with a message naming FN). */
static const gcn_event *model_event(void *vh, int i, const char *fn) {
  gcnref_model *h = model_of(vh, fn);
  if (!h) return NULL;
  if (i < 0 || (size_t)i >= h->model.n) {
    set_error("%s: event %d: cycle %lld has %zu event%s", fn, i, h->cycle, h->model.n,
              h->model.n == 1 ? "" : "s");
    return NULL;
  }
  return &h->model.v[i];
}

int gcnref_event_kind(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_kind");
  return ev ? ev->kind : -1;
}

int gcnref_event_code(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_code");
  return ev ? ev->code : 0;
}

int gcnref_event_value(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_value");
  return ev ? (int)ev->value : 0;
}

int gcnref_event_pass(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_pass");
  return ev ? ev->pass : 0;
}

int gcnref_event_mask(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_mask");
  return ev ? ev->mask : 0;
}

long long gcnref_event_pc(void *h, int i) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_pc");
  return ev ? (long long)ev->pc : 0;
}

void gcnref_event_lanes(void *h, int i, svBitVecVal *lanes) {
  const gcn_event *ev = model_event(h, i, "gcnref_event_lanes");
  for (unsigned l = 0; l < GCN_PASS_LANES; l++) lanes[l] = ev ? ev->lanes[l] : 0;
}

const char *gcnref_event_text(void *vh, int i) {
  const gcn_event *ev = model_event(vh, i, "gcnref_event_text");
  if (!ev) return "";
  gcnref_model *h = vh;
  gcn_event_format(h->gen, ev, h->text, sizeof h->text);
  return h->text;
}

/* ================================================================ DUT events, checking */

static void dut_push(void *vh, const char *fn, gcn_event_kind kind, unsigned code, uint32_t value,
                     uint64_t pc) {
  gcnref_model *h = model_of(vh, fn);
  if (!h) return;
  gcn_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = (uint8_t)kind;
  ev.code = (uint16_t)code;
  ev.value = value;
  ev.pc = pc;
  push_event(&h->dut, &ev);
}

void gcnref_dut_scalar(void *h, int code, int value) {
  dut_push(h, "gcnref_dut_scalar", GCN_EV_SCALAR, (unsigned)code & 0xffffu, (uint32_t)value, 0);
}
void gcnref_dut_scc(void *h, int value) {
  dut_push(h, "gcnref_dut_scc", GCN_EV_SCC, 0, (uint32_t)value, 0);
}
void gcnref_dut_mode(void *h, int value) {
  dut_push(h, "gcnref_dut_mode", GCN_EV_MODE, 0, (uint32_t)value, 0);
}
void gcnref_dut_retire(void *h, long long pc) {
  dut_push(h, "gcnref_dut_retire", GCN_EV_RETIRE, 0, 0, (uint64_t)pc);
}
void gcnref_dut_illegal(void *h, long long pc) {
  dut_push(h, "gcnref_dut_illegal", GCN_EV_ILLEGAL, 0, 0, (uint64_t)pc);
}
void gcnref_dut_unsupported(void *h, long long pc) {
  dut_push(h, "gcnref_dut_unsupported", GCN_EV_UNSUPPORTED, 0, 0, (uint64_t)pc);
}
void gcnref_dut_end(void *h, long long pc) {
  dut_push(h, "gcnref_dut_end", GCN_EV_END, 0, 0, (uint64_t)pc);
}

void gcnref_dut_vector(void *vh, int vgpr, int pass, int mask, const svBitVecVal *lanes) {
  gcnref_model *h = model_of(vh, "gcnref_dut_vector");
  if (!h) return;
  gcn_event ev;
  memset(&ev, 0, sizeof ev);
  ev.kind = GCN_EV_VECTOR;
  ev.code = (uint16_t)vgpr;
  ev.pass = (uint8_t)pass;
  ev.mask = (uint16_t)mask;
  for (unsigned l = 0; l < GCN_PASS_LANES; l++) ev.lanes[l] = lanes[l];
  push_event(&h->dut, &ev);
}

static void add_mismatch(gcnref_model *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_mismatch(gcnref_model *h, const char *fmt, ...) {
  h->n_mismatch++;
  if (h->n_msgs >= GCNREF_MAX_MESSAGES) return;
  char buf[512];
  int len = snprintf(buf, sizeof buf, "cycle %lld: ", h->cycle);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, sizeof buf - (size_t)len, fmt, ap);
  va_end(ap);
  if (h->n_msgs == h->cap_msgs) {
    h->cap_msgs = h->cap_msgs ? 2 * h->cap_msgs : 16;
    h->msgs = xrealloc(h->msgs, h->cap_msgs * sizeof *h->msgs);
    h->fields = xrealloc(h->fields, h->cap_msgs * sizeof *h->fields);
    h->pcs = xrealloc(h->pcs, h->cap_msgs * sizeof *h->pcs);
  }
  char *copy = strdup(buf);
  char *field = strdup(h->next_field ? h->next_field : "");
  if (!copy || !field) out_of_memory();
  h->fields[h->n_msgs] = field;
  h->pcs[h->n_msgs] = h->next_pc;
  h->msgs[h->n_msgs++] = copy;
}

/* The PC of the instruction that event I of L belongs to, or -1 if the cycle does not say.
 * A commit group is its scalar writes, SCC, MODE, vector pass, then its retire (the
 * contract's order; only the last VALU pass retires), so the group's retire is the next
 * one, unless a new group starts first (an event kind lower than the one before). A vector
 * pass belongs to a retire only if the retire follows it at once. */
static long long owner_pc(const event_list *l, size_t i, bool model) {
  /* The model's events name their instruction; the DUT's writes do not, so its retire in
   * the same commit group stands in (a vector write's retire follows only its last pass). */
  if (model || l->v[i].kind >= GCN_EV_RETIRE) return (long long)l->v[i].pc;
  if (l->v[i].kind == GCN_EV_VECTOR)
    return l->v[i].pass == GCN_VALU_PASSES - 1 && i + 1 < l->n && l->v[i + 1].kind == GCN_EV_RETIRE
               ? (long long)l->v[i + 1].pc
               : -1;
  for (size_t k = i + 1; k < l->n; k++) {
    if (l->v[k].kind >= GCN_EV_RETIRE) return (long long)l->v[k].pc;
    if (l->v[k].kind < l->v[k - 1].kind) break;
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
  if (a->kind == GCN_EV_SCALAR) return a->code == b->code;
  if (a->kind == GCN_EV_VECTOR) return a->code == b->code && a->pass == b->pass;
  return true;
}

/* Are the values of two same-field events equal? (lanes only where EXP's mask is set) */
static bool same_value(const gcn_event *exp, const gcn_event *got) {
  switch ((gcn_event_kind)exp->kind) {
    case GCN_EV_SCALAR:
    case GCN_EV_SCC:
    case GCN_EV_MODE: return exp->value == got->value;
    case GCN_EV_VECTOR:
      if (exp->mask != got->mask) return false;
      for (unsigned l = 0; l < GCN_PASS_LANES; l++)
        if ((exp->mask >> l & 1) && exp->lanes[l] != got->lanes[l]) return false;
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

/* Reports each differing field of two same-field events (one message per mismatch). */
static unsigned compare_values(gcnref_model *h, const gcn_event *exp, const gcn_event *got) {
  unsigned found = 0;
  char name[48], field[256], bits[80], lanes[80];
  h->next_field = field;
  switch ((gcn_event_kind)exp->kind) {
    case GCN_EV_SCALAR:
      if (exp->value == got->value) break;
      if (!gcn_operand_reg_name(h->gen, exp->code, 32, name, sizeof name))
        snprintf(name, sizeof name, "sreg%u", exp->code);
      /* The differing bits, and the lanes they are if the register is half of a 64-bit
       * lane mask (an even-aligned pair: VCC, EXEC, s[2k:2k+1]). */
      bit_ranges(exp->value ^ got->value, 0, bits, sizeof bits);
      bit_ranges(exp->value ^ got->value, exp->code & 1 ? 32 : 0, lanes, sizeof lanes);
      snprintf(field, sizeof field, "%s bits %s (as a lane mask: lanes %s)", name, bits, lanes);
      add_mismatch(h, "%s (scalar code %u): expected 0x%08x, got 0x%08x", name, exp->code,
                   exp->value, got->value);
      found++;
      break;
    case GCN_EV_SCC:
      if (exp->value == got->value) break;
      snprintf(field, sizeof field, "SCC");
      add_mismatch(h, "SCC: expected %u, got %u", exp->value, got->value);
      found++;
      break;
    case GCN_EV_MODE:
      if (exp->value == got->value) break;
      snprintf(field, sizeof field, "MODE");
      add_mismatch(h, "MODE: expected 0x%08x, got 0x%08x", exp->value, got->value);
      found++;
      break;
    case GCN_EV_VECTOR:
      if (exp->mask != got->mask) {
        bit_ranges((uint64_t)(exp->mask ^ got->mask) << (exp->pass * GCN_PASS_LANES), 0, lanes,
                   sizeof lanes);
        snprintf(field, sizeof field, "v%u pass %u mask (wave lanes %s)", exp->code, exp->pass, lanes);
        add_mismatch(h, "v%u pass %u mask: expected 0x%04x, got 0x%04x", exp->code, exp->pass,
                     exp->mask, got->mask);
        found++;
      }
      for (unsigned l = 0; l < GCN_PASS_LANES; l++) {
        if (!(exp->mask >> l & 1) || exp->lanes[l] == got->lanes[l]) continue;
        snprintf(field, sizeof field, "v%u pass %u lane %u (wave lanes %u)", exp->code, exp->pass, l,
                 exp->pass * GCN_PASS_LANES + l);
        add_mismatch(h, "v%u pass %u lane %u (wave lane %u): expected 0x%08x, got 0x%08x",
                     exp->code, exp->pass, l, exp->pass * GCN_PASS_LANES + l, exp->lanes[l],
                     got->lanes[l]);
        found++;
      }
      break;
    default:
      if (exp->pc == got->pc) break;
      snprintf(field, sizeof field, "%s PC", pc_kind_name(exp->kind));
      add_mismatch(h, "%s PC: expected 0x%llx, got 0x%llx", pc_kind_name(exp->kind),
                   (unsigned long long)exp->pc, (unsigned long long)got->pc);
      found++;
      break;
  }
  h->next_field = NULL;
  return found;
}

/* Pairs model events with DUT events: the longest common subsequence of same-field
 * events (preferring pairs whose values are equal too), so that one missing or extra
 * event costs one mismatch, not a misaligned tail. PAIR[i] is the DUT event of model
 * event i or -1. Very long cycles are paired in order instead. */
static void align(const event_list *m, const event_list *d, long *pair) {
  size_t n = m->n, k = d->n;
  for (size_t i = 0; i < n; i++) pair[i] = -1;
  if ((n + 1) * (k + 1) > GCNREF_MAX_ALIGN) {
    for (size_t i = 0; i < n && i < k; i++)
      if (same_field(&m->v[i], &d->v[i])) pair[i] = (long)i;
    return;
  }
  const long w = (long)(n + k + 1); /* one pair outweighs every equal-value bonus */
  long *dp = xrealloc(NULL, (n + 1) * (k + 1) * sizeof *dp);
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

int gcnref_check_cycle(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_check_cycle");
  if (!h) return 0;
  const event_list *m = &h->model, *d = &h->dut;
  long *pair = xrealloc(NULL, (m->n + 1) * sizeof *pair);
  bool *used = xrealloc(NULL, (d->n + 1) * sizeof *used);
  bool *moved = xrealloc(NULL, (m->n + 1) * sizeof *moved);
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
  char text[128];
  for (size_t i = 0; i < m->n; i++) {
    const gcn_event *exp = &m->v[i];
    gcn_event_format(h->gen, exp, text, sizeof text);
    char field[160];
    h->next_field = field;
    h->next_pc = owner_pc(m, i, true);
    if (h->next_pc < 0 && pair[i] >= 0) h->next_pc = owner_pc(d, (size_t)pair[i], false);
    if (pair[i] < 0) {
      snprintf(field, sizeof field, "missing event %s", text);
      add_mismatch(h, "missing event %s (model event %zu of %zu)", text, i + 1, m->n);
      found++;
      continue;
    }
    if (moved[i]) {
      snprintf(field, sizeof field, "event order %s", text);
      add_mismatch(h, "event order: %s is model event %zu of %zu, DUT event %ld of %zu", text, i + 1,
                   m->n, pair[i] + 1, d->n);
      found++;
    }
    found += compare_values(h, exp, &d->v[pair[i]]);
  }
  for (size_t j = 0; j < d->n; j++) {
    if (used[j]) continue;
    gcn_event_format(h->gen, &d->v[j], text, sizeof text);
    char field[160];
    snprintf(field, sizeof field, "unexpected event %s", text);
    h->next_field = field;
    h->next_pc = owner_pc(d, j, false);
    add_mismatch(h, "unexpected event %s (DUT event %zu of %zu)", text, j + 1, d->n);
    found++;
  }
  h->next_field = NULL;
  h->next_pc = -1;
  free(pair);
  free(used);
  free(moved);
  h->dut.n = 0;
  return (int)found;
}

int gcnref_mismatch_count(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_mismatch_count");
  if (!h) return 0;
  return h->n_mismatch > INT_MAX ? INT_MAX : (int)h->n_mismatch;
}

const char *gcnref_mismatch_message(void *vh, int i) {
  gcnref_model *h = model_of(vh, "gcnref_mismatch_message");
  if (!h) return "";
  if (i >= 0 && (size_t)i < h->n_msgs) return h->msgs[i];
  if (i >= 0 && (unsigned long long)i < h->n_mismatch) {
    snprintf(h->text, sizeof h->text, "(mismatch %d: message not kept, only the first %d are)", i,
             GCNREF_MAX_MESSAGES);
    return h->text;
  }
  set_error("gcnref_mismatch_message: %d: there are %llu mismatches", i, h->n_mismatch);
  return "";
}

const char *gcnref_mismatch_field(void *vh, int i) {
  gcnref_model *h = model_of(vh, "gcnref_mismatch_field");
  if (!h) return "";
  if (i >= 0 && (size_t)i < h->n_msgs) return h->fields[i];
  set_error("gcnref_mismatch_field: %d: %zu mismatch messages are kept", i, h->n_msgs);
  return "";
}

long long gcnref_mismatch_pc(void *vh, int i) {
  gcnref_model *h = model_of(vh, "gcnref_mismatch_pc");
  if (!h) return -1;
  if (i >= 0 && (size_t)i < h->n_msgs) return h->pcs[i];
  set_error("gcnref_mismatch_pc: %d: %zu mismatch messages are kept", i, h->n_msgs);
  return -1;
}

/* ================================================================ architectural state */

int gcnref_sgpr(void *vh, int code) {
  gcnref_model *h = model_of(vh, "gcnref_sgpr");
  if (!h || !check_code(code, "gcnref_sgpr")) return 0;
  return (int)gcn_sreg_read(gcn_core_state(h->core), (unsigned)code);
}

int gcnref_vgpr(void *vh, int vgpr, int lane) {
  gcnref_model *h = model_of(vh, "gcnref_vgpr");
  if (!h) return 0;
  if (vgpr < 0 || vgpr >= GCN_NUM_VGPRS || lane < 0 || lane >= GCN_WAVE_SIZE) {
    set_error("gcnref_vgpr: v%d lane %d: expected v0..v255, lane 0..63", vgpr, lane);
    return 0;
  }
  return (int)gcn_core_state(h->core)->vgpr[vgpr][lane];
}

int gcnref_scc(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_scc");
  return h ? gcn_core_state(h->core)->scc : 0;
}

long long gcnref_exec(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_exec");
  return h ? (long long)gcn_core_state(h->core)->exec : 0;
}

long long gcnref_pc(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_pc");
  return h ? (long long)gcn_core_state(h->core)->pc : 0;
}

/* ================================================================ functional coverage */

/* Writes the coverage database of every instruction executed so far to PATH, through a
 * temporary file renamed into place, so that a crash never leaves half a database. */
int gcnref_coverage_write(void *vh, const char *path) {
  gcnref_model *h = model_of(vh, "gcnref_coverage_write");
  if (!h) return -1;
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
    set_error("gcnref_coverage_write: path too long");
    return -1;
  }
  FILE *f = fopen(tmp, "w");
  if (!f) {
    set_error("gcnref_coverage_write: cannot create %s", tmp);
    return -1;
  }
  int rc = gcn_coverage_write(gcn_core_coverage(h->core), f);
  if (fclose(f) != 0 || rc != 0 || rename(tmp, path) != 0) {
    remove(tmp);
    set_error("gcnref_coverage_write: cannot write %s", path);
    return -1;
  }
  return 0;
}

void gcnref_coverage_reset(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_coverage_reset");
  if (h) gcn_coverage_reset(gcn_core_coverage(h->core), h->gen);
}

/* Bins that can be hit on the model's generation, and bins hit so far. */
int gcnref_coverage_bins(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_coverage_bins");
  unsigned long bins = 0, hit = 0;
  if (h) gcn_coverage_totals(gcn_core_coverage(h->core), &bins, &hit);
  return (int)bins;
}

int gcnref_coverage_hit(void *vh) {
  gcnref_model *h = model_of(vh, "gcnref_coverage_hit");
  unsigned long bins = 0, hit = 0;
  if (h) gcn_coverage_totals(gcn_core_coverage(h->core), &bins, &hit);
  return (int)hit;
}

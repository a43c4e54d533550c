/* The checker's lifetime, program loading (assembly, state files, vector files) and the
 * questions a testbench asks about the loaded program. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream, strdup */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "checker_internal.h"
#include "gcnref/program.h"

_Noreturn void gcn_checker_out_of_memory(void) {
  fprintf(stderr, "gcn_checker: out of memory\n");
  abort(); /* nothing sensible to report to the testbench mid-cycle (as timing.c) */
}

void *gcn_checker_realloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q) gcn_checker_out_of_memory();
  return q;
}

gcn_checker *gcn_checker_new(gcn_gen gen, const gcn_timing_config *cfg, gcn_error *err) {
  if ((int)gen < GCN10 || gen >= GCN_GEN_COUNT) {
    gcn_fail(err, "gen %d: expected 0..%d (gcn10, gcn11, gcn12, gcn14)", (int)gen, GCN_GEN_COUNT - 1);
    return NULL;
  }
  gcn_core *core = gcn_core_new(gen, cfg, err);
  if (!core) return NULL;
  gcn_checker *c = calloc(1, sizeof *c);
  gcn_state *initial = malloc(sizeof *initial);
  if (!c || !initial) {
    free(c);
    free(initial);
    gcn_core_free(core);
    gcn_fail(err, "out of memory");
    return NULL;
  }
  c->gen = gen;
  c->core = core;
  c->initial = initial;
  gcn_state_init(c->initial, gen);
  c->done = true; /* nothing loaded: nothing to run */
  c->cycle = -1;
  return c;
}

static void vec_close(gcn_checker *c) {
  if (c->vr) gcn_vec_reader_free(c->vr);
  if (c->vf) fclose(c->vf);
  free(c->vpath);
  c->vr = NULL;
  c->vf = NULL;
  c->vpath = NULL;
  c->vnext = 0;
}

void gcn_checker_free(gcn_checker *c) {
  if (!c) return;
  gcn_core_free(c->core);
  free(c->image);
  free(c->initial);
  free(c->model.v);
  free(c->dut.v);
  gcn_checker_clear_mismatches(c);
  free(c->kept);
  vec_close(c);
  gcn_vec_free(c->vbuf);
  gcn_checker_retire_free(c);
  free(c);
}

gcn_gen gcn_checker_gen(const gcn_checker *c) { return c->gen; }

/* ================================================================ load */

/* The first error that gcn_each_line printed to a stream ("NAME:LINE: error: ..."), plus
 * a count of the rest. */
static int fail_from_stream(gcn_error *err, const char *buf, unsigned errors) {
  int len = (int)strcspn(buf, "\n");
  if (errors > 1)
    return gcn_fail(err, "%.*s (and %u more error%s)", len, buf, errors - 1, errors > 2 ? "s" : "");
  return gcn_fail(err, "%.*s", len, buf);
}

static int state_line(void *ctx, char *line, unsigned lineno, gcn_error *err) {
  (void)lineno;
  char *hash = strchr(line, '#'); /* state files take '#' comments, as `gcnref run --state` */
  if (hash) *hash = '\0';
  return gcn_state_assign(ctx, line, err);
}

/* Makes IMAGE (SIZE bytes) and ST (both owned by the checker from now on) the loaded
 * program and initial state, the program at ST's PC, and resets the run. */
static void install(gcn_checker *c, uint8_t *image, size_t size, gcn_state *st) {
  free(c->image);
  c->image = image;
  c->image_size = size;
  free(c->initial);
  c->initial = st;
  c->base = st->pc; /* the program is loaded where the state's PC points */
  gcn_core_load(c->core, c->base, c->image, c->image_size, c->initial);
  c->loaded = true;
  c->done = false;
  c->cycle = -1;
  c->model.n = c->dut.n = 0;
  c->loads++;
  gcn_checker_clear_mismatches(c);
}

int gcn_checker_load_asm(gcn_checker *c, FILE *prog, const char *prog_name, FILE *state,
                         const char *state_name, gcn_error *err) {
  char *errbuf = NULL;
  size_t errlen = 0;
  FILE *errs = open_memstream(&errbuf, &errlen);
  if (!errs) return gcn_fail(err, "cannot open a message stream: %s", strerror(errno));
  gcn_image img = {0};
  gcn_state *st = malloc(sizeof *st);
  unsigned errors = 0;
  if (!st) {
    fclose(errs);
    free(errbuf);
    return gcn_fail(err, "out of memory");
  }
  gcn_state_init(st, c->gen);
  if (prog) errors = gcn_assemble_file(c->gen, prog, prog_name, &img, errs);
  if (!errors && state) errors = gcn_each_line(state, state_name, errs, state_line, st);
  fclose(errs);
  if (errors) {
    fail_from_stream(err, errbuf ? errbuf : "", errors);
    free(errbuf);
    gcn_image_free(&img);
    free(st);
    return -1;
  }
  free(errbuf);
  free(img.line_of_word);
  install(c, img.bytes, img.size, st); /* keep the bytes, drop the line table */
  c->vname[0] = '\0';
  c->vseed = 0;
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

int gcn_checker_load_text(gcn_checker *c, const char *program, const char *state, gcn_error *err) {
  char *pcopy, *scopy;
  FILE *pf = text_stream(program, &pcopy);
  FILE *sf = text_stream(state, &scopy);
  int rc;
  if ((program && *program && !pf) || (state && *state && !sf))
    rc = gcn_fail(err, "cannot open the text as a stream: %s", strerror(errno));
  else
    rc = gcn_checker_load_asm(c, pf, "program", sf, "state", err);
  if (pf) fclose(pf);
  if (sf) fclose(sf);
  free(pcopy);
  free(scopy);
  return rc;
}

int gcn_checker_load_files(gcn_checker *c, const char *asm_path, const char *state_path, gcn_error *err) {
  if (!asm_path || !*asm_path) return gcn_fail(err, "no program path");
  FILE *pf = fopen(asm_path, "r");
  if (!pf) return gcn_fail(err, "cannot open %s: %s", asm_path, strerror(errno));
  FILE *sf = NULL;
  if (state_path && *state_path) {
    sf = fopen(state_path, "r");
    if (!sf) {
      fclose(pf);
      return gcn_fail(err, "cannot open %s: %s", state_path, strerror(errno));
    }
  }
  int rc = gcn_checker_load_asm(c, pf, asm_path, sf, state_path, err);
  fclose(pf);
  if (sf) fclose(sf);
  return rc;
}

/* ================================================================ vector files */

/* The files gcn_checker_vector_count read in full without an error, known by their size and
 * a 64-bit hash of their bytes: gcn_checker_load_vector reads such a file with a reader
 * that trusts each code line's text (gcn_vec_reader_trust_text), since the count assembled
 * every one of them already. The co-simulation counts each file, then loads its vectors one
 * by one: the assembler ran twice per code line, a third of the loading. A file whose bytes
 * changed since (even within the file system's timestamp granularity) is checked in full
 * again. Process-wide (the count has no checker); the last CHECKED_FILES files. */
typedef struct {
  uint64_t size, hash;
} checked_file;
enum { CHECKED_FILES = 64 };
static checked_file checked[CHECKED_FILES];
static unsigned n_checked, next_checked;
static mtx_t checked_mtx;
static once_flag checked_once = ONCE_FLAG_INIT;
static void checked_init(void) { mtx_init(&checked_mtx, mtx_plain); }

/* F's size and hash, read from its start (then rewound); false if it cannot be read. */
static bool file_hash(FILE *f, checked_file *out) {
  if (fseek(f, 0, SEEK_SET)) return false;
  uint64_t h = 0x84222325cbf29ce4ull, size = 0;
  unsigned char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      memcpy(&w, buf + i, 8);
      h = (h ^ w) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
    for (; i < n; i++) h = (h ^ buf[i]) * 0x100000001b3ull;
    size += n;
  }
  bool ok = !ferror(f);
  clearerr(f);
  if (fseek(f, 0, SEEK_SET)) return false;
  *out = (checked_file){size, h};
  return ok;
}

/* Records F (read in full without an error) as checked, or (RECORD false) asks whether it is. */
static bool checked_file_of(FILE *f, bool record) {
  checked_file k;
  if (!file_hash(f, &k)) return false;
  call_once(&checked_once, checked_init);
  mtx_lock(&checked_mtx);
  bool found = false;
  for (unsigned i = 0; i < n_checked && !found; i++) found = checked[i].size == k.size && checked[i].hash == k.hash;
  if (record && !found) {
    checked[next_checked] = k;
    next_checked = (next_checked + 1) % CHECKED_FILES;
    if (n_checked < CHECKED_FILES) n_checked++;
  }
  mtx_unlock(&checked_mtx);
  return found;
}

int gcn_checker_load_vector(gcn_checker *c, const char *path, long index, gcn_error *err) {
  if (!path || !*path) return gcn_fail(err, "no vector file path");
  if (index < 0) return gcn_fail(err, "%s: vector index %ld: expected 0 or more", path, index);
  /* Reuse the open reader when it is at or before INDEX of the same file. */
  if (!c->vr || strcmp(c->vpath, path) != 0 || c->vnext > index) {
    vec_close(c);
    c->vf = fopen(path, "r");
    if (!c->vf) return gcn_fail(err, "cannot open %s: %s", path, strerror(errno));
    c->vpath = strdup(path);
    c->vr = gcn_vec_reader_new(c->vf, path);
    if (!c->vpath || !c->vr) {
      vec_close(c);
      return gcn_fail(err, "out of memory");
    }
    if (checked_file_of(c->vf, false)) gcn_vec_reader_trust_text(c->vr);
  }
  if (!c->vbuf && !(c->vbuf = gcn_vec_new())) return gcn_fail(err, "out of memory");
  gcn_vector *v = c->vbuf; /* gcn_vec_read resets it */
  int rc = 1;
  while (c->vnext <= index) {
    rc = gcn_vec_read(c->vr, v, err);
    if (rc != 1) break;
    c->vnext++;
  }
  if (rc <= 0) {
    if (rc == 0)
      gcn_fail(err, "%s: vector index %ld: the file has %ld vector%s", path, index, c->vnext,
               c->vnext == 1 ? "" : "s");
    vec_close(c);
    return -1;
  }
  if (v->gen != c->gen) {
    gcn_fail(err, "%s:%u: error: vector %ld (%s) is for %s, the model instance for %s", path, v->line, index,
             v->name, gcn_gen_name(v->gen), gcn_gen_name(c->gen));
    return -1;
  }
  uint8_t *image = malloc(v->size ? v->size : 1);
  gcn_state *st = malloc(sizeof *st);
  if (!image || !st) {
    free(image);
    free(st);
    return gcn_fail(err, "out of memory");
  }
  if (v->size) memcpy(image, v->image, v->size);
  *st = v->init;
  st->pc = v->base;
  install(c, image, v->size, st);
  snprintf(c->vname, sizeof c->vname, "%s", v->name);
  c->vseed = v->seed;
  return 0;
}

long gcn_checker_vector_count(const char *path, gcn_error *err) {
  FILE *f = path && *path ? fopen(path, "r") : NULL;
  if (!f) return gcn_fail(err, "cannot open %s: %s", path ? path : "", path && *path ? strerror(errno) : "no path");
  gcn_vec_reader *r = gcn_vec_reader_new(f, path);
  if (r) gcn_vec_reader_check_only(r); /* every error found; no state or text built */
  gcn_vector *v = gcn_vec_new();
  long n = -1;
  if (!r || !v) {
    gcn_fail(err, "out of memory");
  } else {
    int rc;
    n = 0;
    while ((rc = gcn_vec_read(r, v, err)) == 1) n++;
    if (rc < 0) n = -1;
    else checked_file_of(f, true);
  }
  if (v) gcn_vec_free(v);
  if (r) gcn_vec_reader_free(r);
  fclose(f);
  return n;
}

const char *gcn_checker_vector_name(const gcn_checker *c) { return c->vname; }
uint64_t gcn_checker_vector_seed(const gcn_checker *c) { return c->vseed; }

/* ================================================================ the loaded program */

const uint8_t *gcn_checker_image(const gcn_checker *c, size_t *size) {
  *size = c->image_size;
  return c->image;
}
uint64_t gcn_checker_base(const gcn_checker *c) { return c->base; }
const gcn_state *gcn_checker_initial(const gcn_checker *c) { return c->initial; }

void gcn_checker_disasm_at(const gcn_checker *c, uint64_t pc, char *out, size_t size) {
  uint64_t off = pc - c->base;
  out[0] = '\0';
  if (pc < c->base || off >= c->image_size) return;
  gcn_inst in;
  gcn_error err;
  size_t n = c->image_size - off < 8 ? c->image_size - off : 8;
  if (gcn_decode_bytes(c->gen, c->image + off, n, &in, &err) < 0)
    snprintf(out, size, ".illegal (%.160s)", err.msg);
  else
    gcn_disasm(&in, out, size);
}

/* Calls FN on every instruction decoded at a dword of the program: a branch may land
 * after an illegal word or a literal, so a linear walk would miss reachable code (a few
 * false starts only cost a few extra VGPRs marked). Stops when FN returns true. */
static bool each_start(const gcn_checker *c, bool (*fn)(const gcn_inst *, void *), void *ctx) {
  for (size_t off = 0; off + 4 <= c->image_size; off += 4) {
    gcn_inst in;
    gcn_error err;
    size_t n = c->image_size - off < 8 ? c->image_size - off : 8;
    if (gcn_decode_bytes(c->gen, c->image + off, n, &in, &err) < 0) continue;
    if (fn(&in, ctx)) return true;
  }
  return false;
}

static bool names_source(const gcn_inst *in, void *ctx) {
  unsigned code = *(const unsigned *)ctx;
  for (unsigned k = 0; k < 3; k++)
    if (in->src[k] == code) return true;
  return false;
}

bool gcn_checker_program_reads(const gcn_checker *c, unsigned code) {
  return each_start(c, names_source, &code);
}

static void mark(uint32_t *used, unsigned v) { used[(v & 255u) / 32] |= (uint32_t)1 << (v & 31u); }

/* Can IN turn VGPR indexing on (gcn12+: s_set_gpr_idx_on, an s_setreg of MODE bit 27)?
 * Then any VGPR may be named at run time. */
static bool may_index(const gcn_inst *in) {
  enum gcn_op op = gcn_isa_op(in->desc);
  if (in->gen < GCN12) return false;
  if (op == GCN_OP_S_SET_GPR_IDX_ON) return true;
  if (op != GCN_OP_S_SETREG_B32 && op != GCN_OP_S_SETREG_IMM32_B32) return false;
  const gcn_symbol_desc *sym = gcn_symbol(in->gen, GCN_SYM_HWREG, gcn_imm_get(in->gen, GCN_IMMF_HWREG_ID, in->simm16));
  uint32_t bit = gcn_imm_put(in->gen, GCN_IMMF_MODE_GPR_IDX_EN, 0, 1);
  unsigned off = gcn_imm_get(in->gen, GCN_IMMF_HWREG_OFFSET, in->simm16);
  unsigned size = gcn_imm_get(in->gen, GCN_IMMF_HWREG_SIZE, in->simm16) + 1;
  uint64_t field = (((uint64_t)1 << size) - 1) << off;
  return sym && sym->attr == GCN_HWREG_MODE && (field & bit);
}

/* VGPRs marked for an operand of ROLE: a pair (the next one read or kept whatever the width),
 * four for a 128-bit one (v_mqsad_u32_u8's SRC2 and VDST). */
static unsigned span(const gcn_inst *in, gcn_role role) {
  const gcn_operand_desc *o = gcn_isa_operand(in->desc, role);
  return o && gcn_type_reg_bits((gcn_type)o->type) > 64 ? gcn_type_reg_bits((gcn_type)o->type) / 32 : 2;
}

static bool mark_vgprs(const gcn_inst *in, void *ctx) {
  uint32_t *used = ctx;
  bool movrel = gcn_class_is_vector(in->desc->cls) && (in->desc->implicit_reads & GCN_IMPL_M0);
  if (may_index(in) || movrel) { /* v_movrel*: VGPR[field + M0] */
    memset(used, 0xff, GCN_NUM_VGPRS / 32 * sizeof *used);
    return true;
  }
  for (unsigned k = 0; k < 3; k++) {
    if (in->src[k] >= 256 && in->src[k] < 512)
      for (unsigned j = 0, n = span(in, gcn_isa_src_role(in->desc, k)); j < n; j++) mark(used, in->src[k] - 256u + j);
  }
  if (in->enc == GCN_ENC_VOP2 || in->enc == GCN_ENC_VOP3A || in->enc == GCN_ENC_VOP3B || in->enc == GCN_ENC_VOP3P ||
      gcn_inst_is_sdwa(in) || gcn_inst_is_dpp(in) || (in->desc->flags & GCN_F_SWAP)) {
    /* SDWA: UNUSED_PRESERVE keeps the old VDST's other bits; DPP: v_mac's addend is VDST
     * (VOP2_DPP), and the lanes a row or bank mask leaves out keep it; v_swap_b32 (VOP1)
     * moves the old VDST into SRC0; VOP3P: v_mad_mixlo/mixhi_f16 keep its other half */
    for (unsigned j = 0, n = span(in, GCN_ROLE_D); j < n; j++) /* v_readlane's is an SGPR code: one extra VGPR, harmless */
      mark(used, in->vdst + j);
  }
  return false;
}

void gcn_checker_program_vgprs(const gcn_checker *c, uint32_t used[GCN_NUM_VGPRS / 32]) {
  memset(used, 0, GCN_NUM_VGPRS / 32 * sizeof *used);
  if (c->gen >= GCN12 && gcn_imm_get(c->gen, GCN_IMMF_MODE_GPR_IDX_EN, c->initial->mode)) { /* indexed from the start */
    memset(used, 0xff, GCN_NUM_VGPRS / 32 * sizeof *used);
    return;
  }
  each_start(c, mark_vgprs, used);
}

/* The float-rule acceptance test (issue 20; docs/coverage.md "Float rule faults"): is each
 * hard float case exercised before the coverage model reports closure on make run's
 * vectors?
 *
 * This program runs vector files on the model's timing core, vector by vector, and per
 * vector hashes every event the core commits (what the co-simulation compares against the
 * RTL: scalar, SCC, MODE and vector-pass writes with their values, retire, end). It is
 * built twice: against the model (the reference), and with a float-core source changed by
 * -DGCN_FP_FAULT=N (refmodel/src/fp_core.h; one build per rule change).
 *
 *   fp_faults --write DIGESTS PROFILE COUNT PREFIX GEN=SEED...
 *       the reference: generates COUNT vectors of PROFILE per generation (vector i from
 *       SEED + i, as `gcnref gen --seed SEED` does: make run's vectors), writes them to
 *       PREFIX<GEN>.vec and one digest per vector to DIGESTS, and prints per generation
 *       the vector whose run made the coverage (every bin, timing core) reach 100%
 *   fp_faults --check DIGESTS FILE...
 *       a faulty build: runs the vector files the reference wrote (vector by vector, so it
 *       reads only up to the first difference) and prints the first vector whose digest
 *       differs from the reference's
 *
 * Output lines: "FILE closure N" / "FILE first_difference N" (N counts vectors from 1; 0:
 * never). tests/faults/check_fp_faults.py compares them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/coverage.h"
#include "gcnref/timing.h"
#include "gen.h"
#include "vecfile.h"

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}

/* Runs V on CORE; the hash of its committed events (undefined lanes and bits left out). */
static uint64_t run_digest(const gcn_vector *v, gcn_core *core) {
  gcn_core_load(core, v->base, v->image, v->size, &v->init);
  uint64_t h = 1469598103934665603ull;
  for (gcn_core_status st = GCN_CORE_RUNNING; st == GCN_CORE_RUNNING && gcn_core_cycle(core) < 4000000;) {
    const gcn_event *ev;
    unsigned n;
    st = gcn_core_step(core, &ev, &n);
    for (unsigned i = 0; i < n; i++) {
      const gcn_event *e = &ev[i];
      h = mix(h, (uint64_t)e->kind << 48 | (uint64_t)e->pass << 40 | (uint64_t)e->code << 16 | e->mask);
      h = mix(h, gcn_core_cycle(core));
      if (e->kind == GCN_EV_VECTOR) {
        for (unsigned l = 0; l < GCN_PASS_LANES; l++)
          if ((e->mask >> l & 1) && !(e->undef >> l & 1)) h = mix(h, (uint64_t)l << 32 | e->lanes[l]);
      } else {
        h = mix(h, (e->value & ~e->undef) ^ e->pc << 32);
      }
    }
  }
  return h;
}

/* The reference digests of --check: every line "FILE N HASH". */
typedef struct {
  char *name;
  unsigned long i;
  unsigned long long h;
} ref_line;

static ref_line *load_refs(FILE *f, size_t *n) {
  ref_line *refs = NULL;
  size_t cap = 0;
  char name[4096];
  unsigned long i;
  unsigned long long h;
  *n = 0;
  while (fscanf(f, "%4095s %lu %llx", name, &i, &h) == 3) {
    if (*n == cap && !(refs = realloc(refs, (cap = cap ? 2 * cap : 4096) * sizeof *refs))) return NULL;
    refs[*n] = (ref_line){strdup(name), i, h};
    (*n)++;
  }
  return refs;
}

/* The coverage totals walk every bin (about 1 ms a call): the reference reads them every
 * CLOSURE_STEP vectors, and in the block where they reach 100% finds the exact vector by
 * running that block again on a core whose coverage starts from the block's (the counts
 * are plain arrays: a copy is a snapshot). */
enum { CLOSURE_STEP = 64 };
static bool closed(const gcn_coverage *cov) {
  unsigned long bins, hit;
  gcn_coverage_totals(cov, &bins, &hit);
  return hit == bins;
}
/* The vector (counted from 1) of FROM..TO (indexes; vector i from SEED + i) after which the
 * coverage, START before FROM, first reaches 100%; 0 on an error. */
static unsigned long closure_in(gcn_gen gen, uint64_t seed, const gcn_profile *prof, unsigned long from,
                                unsigned long to, const gcn_coverage *start) {
  gcn_error err;
  gcn_core *core = gcn_core_new(gen, NULL, &err);
  gcn_vector *v = gcn_vec_new();
  unsigned long mark = 0;
  if (core && v) {
    gcn_coverage *cov = gcn_core_coverage(core);
    const gcn_program *prog = cov->prog;
    memcpy(cov, start, sizeof *cov);
    cov->prog = prog;
    for (unsigned long i = from; i <= to && !mark; i++) {
      if (gcn_generate(gen, seed + i, prof, false, v, &err)) break;
      run_digest(v, core);
      if (closed(cov)) mark = i + 1;
    }
  }
  gcn_vec_free(v);
  gcn_core_free(core);
  return mark;
}
/* --write: the reference run of one generation. */
static int write_gen(const char *arg, const gcn_profile *prof, unsigned long count, const char *prefix, FILE *dig,
                     gcn_vector *v) {
  char name[64];
  const char *eq = strchr(arg, '=');
  gcn_gen gen;
  if (!eq || (size_t)(eq - arg) >= sizeof name) return -1;
  memcpy(name, arg, (size_t)(eq - arg));
  name[eq - arg] = '\0';
  if (!gcn_gen_parse(name, &gen)) return -1;
  uint64_t seed = strtoull(eq + 1, NULL, 0);
  char path[4096];
  snprintf(path, sizeof path, "%s%s.vec", prefix, name);
  FILE *out = fopen(path, "w");
  gcn_error err;
  gcn_core *core = gcn_core_new(gen, NULL, &err);
  if (!out || !core) return -1;
  gcn_coverage *snap = malloc(sizeof *snap);
  if (!snap) return -1;
  gcn_vec_write_header(out);
  unsigned long mark = 0, block = 0; /* block: the first vector since the last read of the totals */
  memcpy(snap, gcn_core_coverage(core), sizeof *snap);
  for (unsigned long i = 0; i < count; i++) {
    if (gcn_generate(gen, seed + i, prof, false, v, &err) || gcn_vec_write(out, v)) {
      fprintf(stderr, "fp_faults: %s\n", err.msg);
      return -1;
    }
    fprintf(dig, "%s %lu %016llx\n", path, i + 1, (unsigned long long)run_digest(v, core));
    if (!mark && ((i + 1) % CLOSURE_STEP == 0 || i + 1 == count)) {
      if (closed(gcn_core_coverage(core))) {
        if (!(mark = closure_in(gen, seed, prof, block, i, snap))) return -1;
      } else {
        block = i + 1;
        memcpy(snap, gcn_core_coverage(core), sizeof *snap);
      }
    }
  }
  printf("%s closure %lu\n", path, mark);
  free(snap);
  gcn_core_free(core);
  return fclose(out);
}

int main(int argc, char **argv) {
  bool write = argc >= 7 && !strcmp(argv[1], "--write");
  if (!write && (argc < 4 || strcmp(argv[1], "--check"))) {
    fprintf(stderr, "usage: fp_faults --write DIGESTS PROFILE COUNT PREFIX GEN=SEED...\n"
                    "       fp_faults --check DIGESTS FILE...\n");
    return 2;
  }
  FILE *dig = fopen(argv[2], write ? "w" : "r");
  if (!dig) {
    fprintf(stderr, "fp_faults: cannot open %s\n", argv[2]);
    return 2;
  }
  gcn_vector *v = gcn_vec_new();
  gcn_error err;
  int rc = 0;
  if (write) {
    gcn_profile *prof = malloc(sizeof *prof);
    if (!prof || gcn_profile_load(argv[3], prof, &err)) {
      fprintf(stderr, "fp_faults: %s\n", prof ? err.msg : "out of memory");
      return 2;
    }
    for (int k = 6; k < argc && !rc; k++)
      if (write_gen(argv[k], prof, strtoul(argv[4], NULL, 10), argv[5], dig, v)) {
        fprintf(stderr, "fp_faults: cannot generate %s\n", argv[k]);
        rc = 2;
      }
    free(prof);
    gcn_vec_free(v);
    return fclose(dig) || rc ? 2 : 0;
  }
  size_t n_refs = 0;
  ref_line *refs = load_refs(dig, &n_refs);
  for (int k = 3; k < argc && !rc; k++) {
    FILE *f = fopen(argv[k], "r");
    gcn_vec_reader *r = f ? gcn_vec_reader_new(f, argv[k]) : NULL;
    if (!r) {
      fprintf(stderr, "fp_faults: cannot read %s\n", argv[k]);
      return 2;
    }
    size_t first = 0; /* this file's first reference line */
    while (first < n_refs && strcmp(refs[first].name, argv[k])) first++;
    gcn_core *core = NULL;
    unsigned long i = 0, mark = 0;
    int got;
    while ((got = gcn_vec_read(r, v, &err)) == 1) {
      if (!core && !(core = gcn_core_new(v->gen, NULL, &err))) break;
      uint64_t h = run_digest(v, core);
      i++;
      const ref_line *ref = first + i - 1 < n_refs ? &refs[first + i - 1] : NULL;
      if (!ref || ref->i != i || strcmp(ref->name, argv[k])) {
        fprintf(stderr, "fp_faults: %s does not list vector %lu of %s\n", argv[2], i, argv[k]);
        rc = 2;
        break;
      }
      if (ref->h != h) {
        mark = i;
        break;
      }
    }
    if (got < 0) {
      fprintf(stderr, "%s\n", err.msg);
      rc = 2;
    }
    printf("%s first_difference %lu\n", argv[k], mark);
    gcn_core_free(core);
    gcn_vec_reader_free(r);
    fclose(f);
  }
  for (size_t j = 0; j < n_refs; j++) free(refs[j].name);
  free(refs);
  gcn_vec_free(v);
  fclose(dig);
  return rc;
}

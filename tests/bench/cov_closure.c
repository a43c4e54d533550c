/* Coverage closure figure for `make bench` (docs/coverage.md, "Closure"): how many
 * instructions (and vectors) the constrained-random generator needs to reach 95% and 100%
 * of the reachable functional bins of a scope, per generation, without and with
 * coverage-directed generation (the bias of `gcnref gen --coverage`, recomputed every 16
 * vectors from what the vectors so far hit), measured in one run on the timing core.
 *
 * usage: cov_closure [--profile FILE] [--scope int|float|all] [--cap N] [--seed S] [--holes-at N]
 *                    [--curve FILE] [GEN...]
 * (--holes-at N: the bins still holes after N vectors, for the scope "all"; --curve FILE: the
 * closure curves as JSON, bins hit after every 4 vectors per generation and mode, which
 * scripts/report.py draws as SVG. No clock is read into it: same seed, same bytes.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gcnref/coverage.h"
#include "gcnref/ofile.h"
#include "gcnref/timing.h"
#include "gen.h"
#include "vecfile.h"

#define BATCH 16

typedef struct {
  unsigned long bins, hit;
  unsigned long vec95, vec100;
  unsigned long long inst95, inst100, inst;
  unsigned long vectors;
  double seconds;
} result;

static FILE *curve; /* --curve: the JSON being written, NULL without it; a point is
                     * [vectors, instructions, bins hit] */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned long holes_at; /* --holes-at N: print the holes left after N vectors */

static void print_hole(void *ctx, const char *name, uint64_t count, const char *reason) {
  (void)ctx;
  if (!count && !reason) printf("    hole: %s\n", name);
}

static int closure(gcn_gen gen, const gcn_profile *prof, gcn_cov_scope scope, bool directed, unsigned long cap,
                   uint64_t seed, result *r) {
  gcn_error err;
  gcn_core *core = gcn_core_new(gen, NULL, &err);
  gcn_vector *v = gcn_vec_new();
  if (!core || !v) {
    fprintf(stderr, "cov_closure: out of memory\n");
    return -1;
  }
  memset(r, 0, sizeof *r);
  gcn_gen_bias *bias = NULL;
  double t0 = now();
  for (unsigned long i = 0; i < cap; i++) {
    if (directed && i % BATCH == 0) {
      gcn_gen_bias_free(bias);
      bias = gcn_gen_bias_with(NULL, gcn_core_coverage(core));
    }
    if (gcn_generate_biased(gen, seed + i, prof, bias, false, v, &err)) {
      fprintf(stderr, "cov_closure: %s\n", err.msg);
      return -1;
    }
    gcn_vec_result res;
    memset(&res, 0, sizeof res);
    gcn_vec_run_core(v, core, 64000000, &res, &err);
    r->inst += res.retired;
    r->vectors = i + 1;
    if (i + 1 == holes_at) {
      printf("    %s %s: holes after %lu vectors:\n", gcn_gen_name(gen), directed ? "directed" : "random", holes_at);
      gcn_coverage_visit(gcn_core_coverage(core), print_hole, NULL);
    }
    if (i % 4 == 3 || i + 1 == cap) {
      gcn_coverage_totals_scope(gcn_core_coverage(core), scope, &r->bins, &r->hit);
      if (curve)
        fprintf(curve, "%s[%lu, %llu, %lu]", r->vectors > 4 ? ", " : "", i + 1, r->inst, r->hit);
      if (!r->vec95 && r->hit * 100 >= r->bins * 95) {
        r->vec95 = i + 1;
        r->inst95 = r->inst;
      }
      if (r->hit == r->bins) {
        r->vec100 = i + 1;
        r->inst100 = r->inst;
        break;
      }
    }
  }
  r->seconds = now() - t0;
  gcn_gen_bias_free(bias);
  gcn_core_free(core);
  gcn_vec_free(v);
  return 0;
}

static void figure(char *buf, size_t n, unsigned long vec, unsigned long long inst) {
  if (vec)
    snprintf(buf, n, "%8llu (%5lu vectors)", inst, vec);
  else
    snprintf(buf, n, "%8s (%5s vectors)", "not", "-");
}

int main(int argc, char **argv) {
  const char *profile = "vectors/profiles/cosim.prof", *scope_name = "all"; /* make run's vectors */
  const char *curve_path = NULL;
  unsigned long cap = 6000;
  uint64_t seed = 1;
  gcn_gen gens[GCN_GEN_COUNT];
  unsigned ngens = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--profile") && i + 1 < argc) profile = argv[++i];
    else if (!strcmp(argv[i], "--scope") && i + 1 < argc) scope_name = argv[++i];
    else if (!strcmp(argv[i], "--cap") && i + 1 < argc) cap = strtoul(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--holes-at") && i + 1 < argc) holes_at = strtoul(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--curve") && i + 1 < argc) curve_path = argv[++i];
    else if (ngens < GCN_GEN_COUNT && gcn_gen_parse(argv[i], &gens[ngens])) ngens++;
    else {
      fprintf(stderr, "usage: cov_closure [--profile FILE] [--scope int|float|all] [--cap N] [--seed S] [--holes-at N]\n"
                      "                   [--curve FILE] [GEN...]\n");
      return 2;
    }
  }
  if (!ngens)
    for (int g = 0; g < GCN_GEN_COUNT; g++) gens[ngens++] = (gcn_gen)g;
  gcn_cov_scope scope = !strcmp(scope_name, "float") ? GCN_COV_SCOPE_FLOAT
                        : !strcmp(scope_name, "all") ? GCN_COV_SCOPE_ALL : GCN_COV_SCOPE_INT;
  gcn_profile *prof = malloc(sizeof *prof);
  gcn_error err;
  if (!prof || gcn_profile_load(profile, prof, &err)) {
    fprintf(stderr, "cov_closure: %s\n", prof ? err.msg : "out of memory");
    return 2;
  }
  printf("coverage closure (profile %s, %s-scope bins, timing core, seeds %llu.., cap %lu vectors;\n"
         "directed = gen --coverage bias recomputed every %d vectors): instructions to reach\n",
         prof->name, scope_name, (unsigned long long)seed, cap, BATCH);
  printf("  %-6s %-9s %5s %25s %25s %7s\n", "gen", "mode", "bins", "95%", "100%", "seconds");
  int status = 0;
  gcn_ofile out = {0};
  if (curve_path) {
    if (gcn_ofile_open(&out, curve_path, &err)) {
      fprintf(stderr, "cov_closure: %s\n", err.msg);
      return 2;
    }
    curve = out.f;
    fprintf(curve, "{\"tool\": \"cov_closure\", \"profile\": \"%s\", \"scope\": \"%s\", \"seed\": %llu, "
                   "\"cap\": %lu, \"batch\": %d,\n  \"curves\": [\n",
            prof->name, scope_name, (unsigned long long)seed, cap, BATCH);
  }
  for (unsigned k = 0; k < ngens; k++) {
    for (int directed = 0; directed < 2; directed++) {
      result r;
      if (curve)
        fprintf(curve, "%s    {\"gen\": \"%s\", \"mode\": \"%s\", \"points\": [", k || directed ? ",\n" : "",
                gcn_gen_name(gens[k]), directed ? "directed" : "random");
      if (closure(gens[k], prof, scope, directed, cap, seed, &r)) {
        gcn_ofile_abort(&out);
        return 2;
      }
      if (curve) fprintf(curve, "], \"bins\": %lu}", r.bins);
      char a[64], b[64];
      figure(a, sizeof a, r.vec95, r.inst95);
      figure(b, sizeof b, r.vec100, r.inst100);
      printf("  %-6s %-9s %5lu %25s %25s %7.2f", gcn_gen_name(gens[k]), directed ? "directed" : "random", r.bins,
             a, b, r.seconds);
      if (!r.vec100) printf("  (%lu of %lu hit after %llu instructions)", r.hit, r.bins, r.inst);
      printf("\n");
      fflush(stdout);
    }
  }
  if (curve) {
    fprintf(curve, "\n  ]\n}\n");
    curve = NULL;
    if (gcn_ofile_commit(&out, &err)) {
      fprintf(stderr, "cov_closure: %s\n", err.msg);
      status = 2;
    }
  }
  free(prof);
  return status;
}

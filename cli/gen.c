/* gcnref gen: the command-line front of the random program generator (vectors/gen.h);
 * cli/gcnref.c dispatches "gen" here. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gcnref/coverage.h"
#include "gcnref/ofile.h"
#include "gcnref/timing.h"
#include "capability.h"
#include "gen.h"
#include "vecfile.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#define GEN_VERSION_TEXT STRINGIFY(GCN_GENERATOR_VERSION)

static const char *const usage_gen =
    "usage: gcnref gen --gen G --seed S [--count N] [--profile FILE] [--expect] [-o FILE]\n"
    "\n"
    "Generates N constrained-random test vectors for generation G (gcn10, gcn11, gcn12,\n"
    "gcn14; aliases gfx6/si, gfx7/ci, gfx8/vi, gfx9/vega) in the vector file format of\n"
    "docs/vectors.md: legal programs (plus a configurable share of deliberately illegal\n"
    "encodings), initial states, EXEC and MODE variations, directed streams.\n"
    "Vector i (0-based) is generated from seed S+i alone, so '--seed S+i --count 1'\n"
    "regenerates it. The same arguments give byte-identical output for one generator\n"
    "version (this is version " GEN_VERSION_TEXT "; each vector's origin line names it).\n"
    "  --gen G         the generation (required)\n"
    "  --seed S        a 64-bit seed, decimal or 0x hex (required)\n"
    "  --count N       the number of vectors, 1..1000000 (default 1)\n"
    "  --profile FILE  instruction-group weights and knobs (format in docs/vectors.md); a\n"
    "                  NAME without '/' that is not a file means vectors/profiles/NAME.prof.\n"
    "                  Default: the built-in profile (= vectors/profiles/default.prof)\n"
    "  --expect        also write each vector's expected result and final state (from the\n"
    "                  functional model)\n"
    "  -o FILE         write to FILE (atomically) instead of standard output\n"
    "  --coverage DB   coverage-directed: bias the vectors toward the bins of G that the\n"
    "                  coverage database DB (docs/coverage.md) has not hit; the vectors\n"
    "                  generated are run on the timing core as they are made and every 16\n"
    "                  the bias is recomputed from DB plus what they hit. Deterministic for\n"
    "                  the same arguments and DB\n"
    "  --capability F  restrict the vectors to what the DUT capability file F implements\n"
    "                  (docs/retire.md: instructions, operand forms, streams)\n";

static int bad(const char *fmt, const char *arg) {
  fprintf(stderr, "gcnref: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_gen);
  return EXIT_BAD;
}

static int parse_u64(const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  if (!s) return -1;
  bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  const char *digits = hex ? s + 2 : s; /* digits only: strtoull would take "0x-5", " 5" */
  if (!*digits || strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789") != strlen(digits)) return -1;
  unsigned long long v = strtoull(digits, &end, hex ? 16 : 10);
  if (*end || errno) return -1;
  *out = v;
  return 0;
}

int gcn_cli_gen(int argc, char **argv) {
  const char *gen_text = NULL, *seed_text = NULL, *count_text = NULL, *profile = NULL, *out = NULL;
  const char *cov_path = NULL, *cap_path = NULL;
  bool expect = false, help = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      help = true;
      continue;
    }
    if (!strcmp(a, "--expect")) {
      expect = true;
      continue;
    }
    if (!strcmp(a, "--gen")) slot = &gen_text;
    else if (!strcmp(a, "--seed")) slot = &seed_text;
    else if (!strcmp(a, "--count")) slot = &count_text;
    else if (!strcmp(a, "--profile")) slot = &profile;
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) slot = &out;
    else if (!strcmp(a, "--coverage")) slot = &cov_path;
    else if (!strcmp(a, "--capability")) slot = &cap_path;
    if (slot) {
      if (++i == argc) return bad("%s needs a value", a);
      *slot = argv[i];
      continue;
    }
    const char *eq = strchr(a, '=');
    if (eq && !strncmp(a, "--gen=", 6)) gen_text = eq + 1;
    else if (eq && !strncmp(a, "--seed=", 7)) seed_text = eq + 1;
    else if (eq && !strncmp(a, "--count=", 8)) count_text = eq + 1;
    else if (eq && !strncmp(a, "--profile=", 10)) profile = eq + 1;
    else if (eq && !strncmp(a, "--coverage=", 11)) cov_path = eq + 1;
    else if (a[0] == '-') return bad("unknown option '%s'", a);
    else return bad("unexpected argument '%s'", a);
  }
  if (help) {
    fputs(usage_gen, stdout);
    return 0;
  }
  gcn_gen gen;
  uint64_t seed, count = 1;
  if (!gen_text) return bad("%s", "--gen is required (gcn10, gcn11, gcn12 or gcn14)");
  if (!gcn_gen_parse(gen_text, &gen))
    return bad("unknown generation '%s': expected gcn10, gcn11, gcn12 or gcn14", gen_text);
  if (!seed_text) return bad("%s", "--seed is required (a 64-bit number, decimal or 0x hex)");
  if (parse_u64(seed_text, &seed)) return bad("bad --seed '%s': expected a 64-bit number, decimal or 0x hex", seed_text);
  if (count_text && (parse_u64(count_text, &count) || count < 1 || count > 1000000))
    return bad("bad --count '%s': expected 1..1000000", count_text);

  gcn_profile *prof = malloc(sizeof *prof);
  gcn_vector *v = gcn_vec_new();
  gcn_error err;
  int status = EXIT_BAD;
  FILE *f = NULL;
  gcn_ofile of = {0};
  gcn_covdb base;
  gcn_covdb_init(&base);
  gcn_gen_bias *bias = NULL;
  gcn_core *core = NULL;
  if (cov_path) {
    if (gcn_covdb_load(&base, cov_path, &err)) {
      gcn_cli_error(&err);
      gcn_covdb_free(&base);
      free(prof);
      gcn_vec_free(v);
      return EXIT_BAD;
    }
    core = gcn_core_new(gen, NULL, &err);
    bias = gcn_gen_bias_new(&base, gen);
    if (!core || !bias) {
      fprintf(stderr, "gcnref: error: out of memory\n");
      goto done;
    }
  }
  if (!prof || !v) {
    fprintf(stderr, "gcnref: error: out of memory\n");
    goto done;
  }
  if (profile) {
    if (gcn_profile_load(profile, prof, &err)) {
      gcn_cli_error(&err);
      goto done;
    }
  } else {
    gcn_profile_default(prof);
  }
  if (cap_path && gcn_capability_restrict_file(cap_path, gen, prof, &err)) {
    fprintf(stderr, strstr(err.msg, ": error: ") ? "%s\n" : "gcnref: error: %s\n", err.msg);
    goto done;
  }
  if (out) {
    if (gcn_ofile_open(&of, out, &err)) {
      fprintf(stderr, "gcnref: error: %s\n", err.msg);
      goto done;
    }
    f = of.f;
  } else {
    f = stdout;
  }
  gcn_vec_write_header(f);
  for (uint64_t i = 0; i < count; i++) {
    if (gcn_generate_biased(gen, seed + i, prof, bias, expect, v, &err)) {
      fprintf(stderr, "gcnref: error: %s\n", err.msg);
      goto done;
    }
    if (bias) { /* what this vector covers; every 16 vectors, a new bias */
      gcn_vec_result res;
      gcn_vec_run_core(v, core, 64000000, &res, &err);
      if (i % 16 == 15) {
        gcn_gen_bias *nb = gcn_gen_bias_with(&base, gcn_core_coverage(core));
        if (!nb) {
          fprintf(stderr, "gcnref: error: out of memory\n");
          goto done;
        }
        gcn_gen_bias_free(bias);
        bias = nb;
      }
    }
    if (gcn_vec_write(f, v)) {
      fprintf(stderr, "gcnref: error: write failed: %s\n", strerror(errno));
      goto done;
    }
  }
  if (out ? gcn_ofile_commit(&of, &err) != 0 : fflush(f) != 0 || ferror(f)) {
    if (out) fprintf(stderr, "gcnref: error: %s\n", err.msg);
    else fprintf(stderr, "gcnref: error: write failed: %s\n", strerror(errno));
    goto done;
  }
  status = 0;
done:
  gcn_ofile_abort(&of); /* nothing left to do after a commit */
  free(prof);
  gcn_vec_free(v);
  gcn_gen_bias_free(bias);
  gcn_core_free(core);
  gcn_covdb_free(&base);
  return status;
}

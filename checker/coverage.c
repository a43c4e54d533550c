/* The checker's functional coverage: what the model executed, as a database file. */
#include <stdio.h>

#include "checker_internal.h"
#include "gcnref/coverage.h"

int gcn_checker_coverage_write(gcn_checker *c, const char *path, gcn_error *err) {
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) return gcn_fail(err, "path too long");
  FILE *f = fopen(tmp, "w");
  if (!f) return gcn_fail(err, "cannot create %s", tmp);
  int rc = gcn_coverage_write(gcn_core_coverage(c->core), f);
  if (fclose(f) != 0 || rc != 0 || rename(tmp, path) != 0) {
    remove(tmp);
    return gcn_fail(err, "cannot write %s", path);
  }
  return 0;
}

void gcn_checker_coverage_reset(gcn_checker *c) { gcn_coverage_reset(gcn_core_coverage(c->core), c->gen); }

void gcn_checker_coverage_totals(gcn_checker *c, unsigned long *bins, unsigned long *hit) {
  gcn_coverage_totals(gcn_core_coverage(c->core), bins, hit);
}

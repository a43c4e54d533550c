/* The checker's functional coverage: what the model executed, as a database file. */
#include <stdio.h>

#include "checker_internal.h"
#include "gcnref/coverage.h"
#include "gcnref/ofile.h"

int gcn_checker_coverage_write(gcn_checker *c, const char *path, gcn_error *err) {
  gcn_ofile o;
  if (gcn_ofile_open(&o, path, err)) return -1;
  if (gcn_coverage_write(gcn_core_coverage(c->core), o.f)) {
    gcn_ofile_abort(&o);
    return gcn_fail(err, "cannot write %s", path);
  }
  return gcn_ofile_commit(&o, err);
}

void gcn_checker_coverage_reset(gcn_checker *c) { gcn_coverage_reset(gcn_core_coverage(c->core), c->gen); }

void gcn_checker_coverage_totals(gcn_checker *c, unsigned long *bins, unsigned long *hit) {
  gcn_coverage_totals(gcn_core_coverage(c->core), bins, hit);
}

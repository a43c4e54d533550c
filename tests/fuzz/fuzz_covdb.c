/* Fuzz target: coverage databases (cov merge/summary, gen --coverage). Property: a
 * database that reads writes a database that reads to the same text (idempotent), and its
 * totals do not crash. */
#include "fuzz.h"
#include "gcnref/coverage.h"

static char *write_text(gcn_covdb *db, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f) abort();
  FUZZ_CHECK(gcn_covdb_write(db, f) == 0, "write failed");
  fclose(f);
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fuzz_stream(data, size);
  if (!f) return 0;
  gcn_covdb db;
  gcn_error err;
  gcn_covdb_init(&db);
  int rc = gcn_covdb_read(&db, f, "fuzz.db", &err);
  fclose(f);
  if (rc == 0) {
    unsigned long bins, hit, excl;
    gcn_covdb_totals(&db, GCN_COV_SCOPE_INT, NULL, &bins, &hit, &excl);
    gcn_covdb_conflicts(&db, NULL);
    size_t len, len2;
    char *text = write_text(&db, &len);
    gcn_covdb db2;
    gcn_covdb_init(&db2);
    FILE *g = fmemopen(text, len, "r");
    FUZZ_CHECK(gcn_covdb_read(&db2, g, "again.db", &err) == 0, "a written database does not read: %s", err.msg);
    fclose(g);
    char *text2 = write_text(&db2, &len2);
    FUZZ_CHECK(len == len2 && memcmp(text, text2, len) == 0, "write(read(write(db))) differs");
    free(text);
    free(text2);
    gcn_covdb_free(&db2);
  }
  gcn_covdb_free(&db);
  return 0;
}

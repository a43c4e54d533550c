/* Fuzz target: the vector file reader (gcnref run, minimize; the generator's output).
 * Property: a vector that reads writes canonically, and that text reads back and writes to
 * the same bytes; reading it runs on the functional model (bounded) without a crash. */
#include "fuzz.h"
#include "gcnref/model.h"
#include "vecfile.h"

static char *write_text(const gcn_vector *v, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f) abort();
  gcn_vec_write_header(f);
  FUZZ_CHECK(gcn_vec_write(f, v) == 0, "write failed");
  fclose(f);
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fuzz_stream(data, size);
  if (!f) return 0;
  gcn_vec_reader *r = gcn_vec_reader_new(f, "fuzz.vec");
  gcn_vector *v = gcn_vec_new(), *v2 = gcn_vec_new();
  static gcn_wave w;
  gcn_error err;
  for (int k = 0; k < 4 && gcn_vec_read(r, v, &err) == 1; k++) {
    size_t len, len2;
    char *text = write_text(v, &len);
    FILE *g = fmemopen(text, len, "r");
    gcn_vec_reader *r2 = gcn_vec_reader_new(g, "again.vec");
    FUZZ_CHECK(gcn_vec_read(r2, v2, &err) == 1, "a written vector does not read: %s", err.msg);
    char *text2 = write_text(v2, &len2);
    FUZZ_CHECK(len == len2 && memcmp(text, text2, len) == 0, "write(read(write(v))) differs");
    gcn_vec_reader_free(r2);
    fclose(g);
    free(text);
    free(text2);
    gcn_vec_result res;
    gcn_vec_run(v, &w, 200, &res, &err);
    if (v->has_expect) gcn_vec_compare(v, &res, &w.st, NULL);
    gcn_wave_free(&w);
  }
  gcn_vec_free(v);
  gcn_vec_free(v2);
  gcn_vec_reader_free(r);
  fclose(f);
  return 0;
}

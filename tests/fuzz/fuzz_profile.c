/* Fuzz target: generator profiles (gen --profile). A profile that parses generates a
 * vector (input byte 0 picks the generation and the seed) that the vector reader accepts. */
#include "fuzz.h"
#include "gen.h"
#include "vecfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  FILE *f = fuzz_stream(data + 1, size - 1);
  if (!f) return 0;
  static gcn_profile p;
  gcn_error err;
  int rc = gcn_profile_parse(f, "fuzz.prof", &p, &err);
  fclose(f);
  if (rc) return 0;
  gcn_vector *v = gcn_vec_new();
  if (gcn_generate(fuzz_gen(data[0]), data[0], &p, true, v, &err) == 0) {
    char *buf = NULL;
    size_t len;
    FILE *m = open_memstream(&buf, &len);
    gcn_vec_write_header(m);
    gcn_vec_write(m, v);
    fclose(m);
    FILE *g = fmemopen(buf, len, "r");
    gcn_vec_reader *r = gcn_vec_reader_new(g, "generated.vec");
    FUZZ_CHECK(gcn_vec_read(r, v, &err) == 1, "a generated vector does not read: %s", err.msg);
    gcn_vec_reader_free(r);
    fclose(g);
    free(buf);
  }
  gcn_vec_free(v);
  return 0;
}

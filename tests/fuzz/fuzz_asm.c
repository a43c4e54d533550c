/* Fuzz target: the assembler, one line (gcn_assemble) and a whole file (gcn_assemble_file,
 * the reader of `as`, `run` and the checker's programs). Property: whatever assembles
 * encodes, decodes to the same instruction bytes, prints, and that text assembles to the
 * same bytes again. Input: byte 0 picks the generation, the rest is the text. */
#include "fuzz.h"
#include "gcnref/program.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  gcn_gen gen = fuzz_gen(data[0]);
  char *text = fuzz_text(data + 1, size - 1);
  gcn_inst in, dec, again;
  gcn_error err;
  if (gcn_assemble(gen, text, &in, &err) == 0) {
    uint32_t w[2], w2[2];
    unsigned n = gcn_encode(&in, w);
    FUZZ_CHECK(gcn_decode(gen, w, n, &dec, &err) == 0, "'%s' assembles but its bytes do not decode: %s", text,
               err.msg);
    char out[256];
    gcn_disasm(&dec, out, sizeof out);
    FUZZ_CHECK(gcn_assemble(gen, out, &again, &err) == 0, "'%s' prints as '%s', which does not assemble: %s", text,
               out, err.msg);
    unsigned n2 = gcn_encode(&again, w2);
    FUZZ_CHECK(n2 == n && memcmp(w, w2, 4 * n) == 0, "'%s' -> '%s' changes the bytes", text, out);
  }
  free(text);
  FILE *f = fuzz_stream(data + 1, size - 1);
  if (f) {
    gcn_image img = {0};
    gcn_assemble_file(gen, f, "fuzz.s", &img, fuzz_null());
    gcn_image_free(&img);
    fclose(f);
  }
  return 0;
}

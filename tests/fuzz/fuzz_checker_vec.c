/* Fuzz target: the checker library's vector loader (the DPI's gcnref_load_vector): count
 * the vectors of a file, load each (at most 4) and step the model a few hundred cycles, as
 * a testbench does. Input: byte 0 picks the generation, the rest is the file. */
#include "fuzz.h"
#include "gcn_checker.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  const char *path = fuzz_file(data + 1, size - 1, ".vec");
  gcn_error err;
  static gcn_checker *c[GCN_GEN_COUNT];
  gcn_gen gen = fuzz_gen(data[0]);
  if (!c[gen]) c[gen] = gcn_checker_new(gen, NULL, &err);
  if (!c[gen]) abort();
  long n = gcn_checker_vector_count(path, &err);
  for (long i = 0; i < n && i < 4; i++) {
    if (gcn_checker_load_vector(c[gen], path, i, &err)) continue;
    for (int k = 0; k < 400 && !gcn_checker_done(c[gen]); k++)
      if (gcn_checker_step(c[gen], &err)) break;
    char text[128];
    gcn_checker_disasm_at(c[gen], gcn_checker_base(c[gen]), text, sizeof text);
  }
  gcn_checker_load_vector(c[gen], path, n + 1, &err); /* past the end: an error, no crash */
  unlink(path);
  return 0;
}

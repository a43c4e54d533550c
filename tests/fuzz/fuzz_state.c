/* Fuzz target: state files (`gcnref run --state`, the checker's state text): every line a
 * list of register=value assignments, through the same line reader. Input: byte 0 picks the
 * generation, the rest is the file. */
#include "fuzz.h"
#include "gcnref/program.h"
#include "gcnref/state.h"

static int state_line(void *ctx, char *line, unsigned lineno, gcn_error *err) {
  (void)lineno;
  char *hash = strchr(line, '#');
  if (hash) *hash = '\0';
  return gcn_state_assign(ctx, line, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  static gcn_state st;
  gcn_state_init(&st, fuzz_gen(data[0]));
  FILE *f = fuzz_stream(data + 1, size - 1);
  if (!f) return 0;
  gcn_each_line(f, "fuzz.state", fuzz_null(), state_line, &st);
  fclose(f);
  return 0;
}

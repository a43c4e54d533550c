/* gcnref tests: prints the operand sweep of a generation, one candidate per line:
 * "<canonical text>\t<bytes as 0x..,0x..>". Used by tests/oracle/llvm_diff.py. */
#include <stdio.h>
#include <string.h>

#include "../common/sweep.h"

static void print_one(const gcn_inst *in, void *ctx) {
  (void)ctx;
  char text[256];
  uint32_t words[2];
  unsigned n = gcn_encode(in, words);
  gcn_disasm(in, text, sizeof text);
  fputs(text, stdout);
  for (unsigned i = 0; i < 4 * n; i++)
    printf("%s0x%02x", i ? "," : "\t", (words[i / 4] >> (8 * (i % 4))) & 0xFF);
  putchar('\n');
}

int main(int argc, char **argv) {
  gcn_gen gen;
  if (argc != 2 || !gcn_gen_parse(argv[1], &gen)) {
    fprintf(stderr, "usage: sweep_tool GEN\n");
    return 2;
  }
  gcn_sweep(gen, print_one, NULL);
  return 0;
}

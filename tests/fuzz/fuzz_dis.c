/* Fuzz target: the decoder and disassembler (gcnref dis, the vector reader's bytes, the
 * checker's program words), and the byte-line parser. Property (decode-print-assemble):
 * bytes that decode print as text that assembles to the same size and the same literal
 * dword, to bytes that decode and print as the same text. (Not byte equality: fields an
 * instruction does not have, such as an unused VOP3 SRC2 or s_endpgm's SIMM16, and reserved
 * bits are ignored by the decoder and written as 0 by the assembler; docs/semantics.md.)
 * Input: byte 0 picks the generation; bytes 1..8 are the instruction; the whole input after
 * byte 0 is also parsed as a byte line. */
#include "fuzz.h"
#include "gcnref/program.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  gcn_gen gen = fuzz_gen(data[0]);
  const uint8_t *b = data + 1;
  size_t n = size - 1 > 8 ? 8 : size - 1;
  gcn_inst in, as;
  gcn_error err;
  if (gcn_decode_bytes(gen, b, n, &in, &err) == 0) {
    char text[256];
    gcn_disasm(&in, text, sizeof text);
    FUZZ_CHECK(gcn_assemble(gen, text, &as, &err) == 0, "decoded bytes print as '%s', which does not assemble: %s",
               text, err.msg);
    FUZZ_CHECK(as.size == in.size && as.has_literal == in.has_literal && (!in.has_literal || as.literal == in.literal),
               "'%s' assembles to %u bytes (literal 0x%x) from %u bytes (literal 0x%x)", text, as.size, as.literal,
               in.size, in.literal);
    uint32_t w[2];
    unsigned words = gcn_encode(&as, w);
    gcn_inst dec2;
    FUZZ_CHECK(gcn_decode(gen, w, words, &dec2, &err) == 0, "'%s' assembles to bytes that do not decode", text);
    char again[256];
    gcn_disasm(&dec2, again, sizeof again);
    FUZZ_CHECK(strcmp(again, text) == 0, "'%s' assembles to '%s'", text, again);
  }
  char *line = fuzz_text(data + 1, size - 1);
  uint8_t parsed[16];
  gcn_parse_byte_line(line, parsed, sizeof parsed, &err);
  free(line);
  return 0;
}

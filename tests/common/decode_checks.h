/* The checks the decoder unit tests share (tests/unit/test_decode.c, test_decode_errors.c):
 * decode WORDS and compare with the expected text, expect a decode error, assemble TEXT and
 * compare with the expected words, expect an assembler error. Include after cmocka.h. */
#ifndef GCNREF_TEST_DECODE_CHECKS_H
#define GCNREF_TEST_DECODE_CHECKS_H

#include <stdio.h>
#include <string.h>

#include "gcnref/inst.h"
#include "gcnref/isa.h"
#include "gcnref/operand.h"


static const gcn_gen all_gens[] = {GCN10, GCN11, GCN12, GCN14};
#define N_GENS (sizeof all_gens / sizeof all_gens[0])

/* ------------------------------------------------------------------ helpers */

static inline const char *gname(gcn_gen gen) { return gcn_gen_name(gen); }

/* Decodes WORDS[0..n), expects success, the canonical text, the size, and that encode
 * and assemble(disasm) both give the same words back. Returns the decoded inst. */
static inline gcn_inst check_decode(gcn_gen gen, const uint32_t *words, size_t n, const char *text,
                             unsigned size) {
  gcn_inst in;
  gcn_error err;
  memset(&err, 0, sizeof err);
  int rc = gcn_decode(gen, words, n, &in, &err);
  if (rc != 0)
    print_error("%s: decode %08x %08x failed: %s (expected '%s')\n", gname(gen), words[0],
                n > 1 ? words[1] : 0, err.msg, text);
  assert_int_equal(rc, 0);
  assert_int_equal(in.gen, gen);
  assert_int_equal(in.size, size);
  char buf[256];
  gcn_disasm(&in, buf, sizeof buf);
  if (strcmp(buf, text) != 0)
    print_error("%s: disasm of %08x: got '%s', expected '%s'\n", gname(gen), words[0], buf, text);
  assert_string_equal(buf, text);
  assert_int_equal(gcn_validate(&in, &err), 0);
  uint32_t out[2] = {0xDEADBEEF, 0xDEADBEEF};
  unsigned nw = gcn_encode(&in, out);
  assert_int_equal(nw, size / 4);
  for (unsigned i = 0; i < nw; i++) {
    if (out[i] != words[i])
      print_error("%s: '%s': encode word %u = %08x, expected %08x\n", gname(gen), text, i, out[i],
                  words[i]);
    assert_int_equal(out[i], words[i]);
  }
  /* assemble(text) gives the same words */
  gcn_inst as;
  rc = gcn_assemble(gen, text, &as, &err);
  if (rc != 0) print_error("%s: assemble '%s' failed: %s\n", gname(gen), text, err.msg);
  assert_int_equal(rc, 0);
  uint32_t out2[2] = {0xDEADBEEF, 0xDEADBEEF};
  unsigned nw2 = gcn_encode(&as, out2);
  assert_int_equal(nw2, nw);
  for (unsigned i = 0; i < nw; i++) assert_int_equal(out2[i], words[i]);
  return in;
}

#define W1(a) ((const uint32_t[]){a}), 1
#define W2(a, b) ((const uint32_t[]){a, b}), 2
#define W3(a, b, c) ((const uint32_t[]){a, b, c}), 3

static inline void check_decode_error(gcn_gen gen, const uint32_t *words, size_t n, const char *why) {
  gcn_inst in;
  gcn_error err;
  memset(&err, 0, sizeof err);
  int rc = gcn_decode(gen, words, n, &in, &err);
  if (rc != -1) {
    char buf[256] = "";
    if (rc == 0) gcn_disasm(&in, buf, sizeof buf);
    print_error("%s: decode of %08x %08x (n=%zu) should fail (%s); rc=%d, decoded as '%s'\n",
                gname(gen), n ? words[0] : 0, n > 1 ? words[1] : 0, n, why, rc, buf);
  }
  assert_int_equal(rc, -1);
  if (err.msg[0] == '\0') print_error("%s: empty error message (%s)\n", gname(gen), why);
  assert_true(err.msg[0] != '\0');
  assert_non_null(memchr(err.msg, '\0', sizeof err.msg));
}

/* Assembles TEXT and checks the encoding. */
static inline gcn_inst check_asm(gcn_gen gen, const char *text, const uint32_t *words, size_t n) {
  gcn_inst in;
  gcn_error err;
  memset(&err, 0, sizeof err);
  int rc = gcn_assemble(gen, text, &in, &err);
  if (rc != 0) print_error("%s: assemble '%s' failed: %s\n", gname(gen), text, err.msg);
  assert_int_equal(rc, 0);
  assert_int_equal(in.size, 4 * n);
  uint32_t out[2] = {0xDEADBEEF, 0xDEADBEEF};
  unsigned nw = gcn_encode(&in, out);
  assert_int_equal(nw, n);
  for (unsigned i = 0; i < nw; i++) {
    if (out[i] != words[i])
      print_error("%s: '%s': word %u = %08x, expected %08x\n", gname(gen), text, i, out[i], words[i]);
    assert_int_equal(out[i], words[i]);
  }
  return in;
}

static inline void check_asm_error(gcn_gen gen, const char *text) {
  gcn_inst in;
  gcn_error err;
  memset(&err, 0, sizeof err);
  int rc = gcn_assemble(gen, text, &in, &err);
  if (rc != -1) print_error("%s: assemble '%s' should fail, rc=%d\n", gname(gen), text, rc);
  assert_int_equal(rc, -1);
  if (err.msg[0] == '\0') print_error("%s: '%s': empty error message\n", gname(gen), text);
  assert_true(err.msg[0] != '\0');
}

#endif

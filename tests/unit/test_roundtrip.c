/* Round trip over the operand sweep, for every generation:
 *   dis(as(text)) == text   and   as(dis(bytes)) == bytes   (and decode(encode(x)) == x). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "../common/sweep.h"
#include "gcnref/isa.h"
#include "gcnref/operand.h"

typedef struct {
  unsigned long checked, failed;
} rt_ctx;

static void check_one(const gcn_inst *in, void *vctx) {
  rt_ctx *ctx = vctx;
  char text[256], text2[256], text3[256];
  uint32_t words[2], words2[2];
  gcn_error err;
  gcn_inst dec, as;
  ctx->checked++;
  unsigned n = gcn_encode(in, words);
  gcn_disasm(in, text, sizeof text);
  /* bytes -> dis -> as -> bytes */
  if (gcn_decode(in->gen, words, n, &dec, &err)) {
    if (ctx->failed++ < 20) print_error("%s: decode of own encoding failed: %s\n", text, err.msg);
    return;
  }
  gcn_disasm(&dec, text2, sizeof text2);
  if (strcmp(text, text2) != 0) {
    if (ctx->failed++ < 20) print_error("dis(bytes) '%s' != '%s'\n", text2, text);
    return;
  }
  if (gcn_assemble(in->gen, text2, &as, &err)) {
    if (ctx->failed++ < 20) print_error("as('%s') failed: %s\n", text2, err.msg);
    return;
  }
  /* llvm-mc prints the VOP3 and SDWA forms of v_nop / v_clrexcp as plain 'v_nop', which
   * assembles to the VOP1 form (docs/semantics.md): gcnref prints what llvm prints, so those
   * forms have no byte round trip. */
  if (in->desc->n_operands == 0 && (gcn_inst_is_vop3(in) || gcn_inst_is_sdwa(in))) return;
  unsigned n2 = gcn_encode(&as, words2);
  if (n2 != n || memcmp(words, words2, 4 * n) != 0) {
    if (ctx->failed++ < 20)
      print_error("as(dis(bytes)) != bytes for '%s': %08x %08x vs %08x %08x\n", text, words[0],
                  n > 1 ? words[1] : 0, words2[0], n2 > 1 ? words2[1] : 0);
    return;
  }
  /* text -> as -> dis -> text */
  gcn_disasm(&as, text3, sizeof text3);
  if (strcmp(text3, text) != 0) {
    if (ctx->failed++ < 20) print_error("dis(as('%s')) = '%s'\n", text, text3);
  }
}

static void roundtrip(gcn_gen gen, unsigned long min_candidates) {
  rt_ctx ctx = {0, 0};
  unsigned long n = gcn_sweep(gen, check_one, &ctx);
  assert_true(n >= min_candidates);
  assert_int_equal(ctx.failed, 0);
}

/* Issue 18 item 9: a literal whose value is also an inline constant (0..64, -16..-1, the
 * float constants' bits, 1/(2pi)), or a 16-bit operand's literal with its unread high half
 * set (found by fuzz_dis), must stay the same literal through dis and as: every sweep
 * candidate with a literal source, with each such value. (Failed before lit(): "0x0"
 * reassembled to the inline 0, 4 bytes instead of 8.) */
static void literal_values(const gcn_inst *in, void *vctx) {
  static const uint32_t values[] = {0, 1, 16, 63, 64, 0xfffffff0u, 0xffffffffu, 0x3f000000u, 0xbf000000u,
                                    0x3f800000u, 0xbf800000u, 0x40000000u, 0xc0000000u, 0x40800000u,
                                    0xc0800000u, 0x3e22f983u, 0x3800u, 0xb800u, 0x3c00u, 0xbc00u, 0x4000u,
                                    0xc000u, 0x4400u, 0xc400u, 0x3118u, 0xfff0u, 0xffffu};
  bool lit = false;
  for (unsigned i = 0; i < 3; i++) lit |= in->src[i] == GCN_CODE_LITERAL;
  if (!lit || !in->has_literal || gcn_isa_operand(in->desc, GCN_ROLE_K)) return;
  const gcn_operand_desc *s0 = gcn_isa_operand(in->desc, in->src[0] == GCN_CODE_LITERAL ? GCN_ROLE_S0 : GCN_ROLE_S1);
  bool narrow = s0 && gcn_type_bits((gcn_type)s0->type) == 16;
  for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
    gcn_inst x = *in;
    x.literal = narrow ? values[i] & 0xFFFF : values[i];
    check_one(&x, vctx);
    if (narrow) { /* the high half of a 16-bit operand's literal dword is not read, but kept */
      x.literal = (values[i] & 0xFFFF) | 0x00490000u;
      check_one(&x, vctx);
    }
  }
}

static void test_literal_inline_values(void **state) {
  (void)state;
  for (int g = 0; g < GCN_GEN_COUNT; g++) {
    rt_ctx ctx = {0, 0};
    gcn_sweep((gcn_gen)g, literal_values, &ctx);
    assert_true(ctx.checked > 1000);
    assert_int_equal(ctx.failed, 0);
  }
}

static void test_roundtrip_gcn10(void **state) { (void)state; roundtrip(GCN10, 20000); }
static void test_roundtrip_gcn11(void **state) { (void)state; roundtrip(GCN11, 20000); }
static void test_roundtrip_gcn12(void **state) { (void)state; roundtrip(GCN12, 20000); }
static void test_roundtrip_gcn14(void **state) { (void)state; roundtrip(GCN14, 20000); }

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_roundtrip_gcn10),
      cmocka_unit_test(test_roundtrip_gcn11),
      cmocka_unit_test(test_roundtrip_gcn12),
      cmocka_unit_test(test_roundtrip_gcn14),
      cmocka_unit_test(test_literal_inline_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

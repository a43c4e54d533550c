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
  /* llvm-mc prints the VOP3 form of v_nop / v_clrexcp as plain 'v_nop', which assembles to
   * the VOP1 form (docs/semantics.md): gcnref prints what llvm prints, so that form has no
   * byte round trip. */
  if (in->desc->n_operands == 0 && gcn_inst_is_vop3(in)) return;
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
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

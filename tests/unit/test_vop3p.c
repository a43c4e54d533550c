/* gcnref unit tests: gcn14's VOP3P encoding and the VOP3 op_sel, decoded, printed, encoded
 * and assembled. Every word and text below is llvm-mc 14's (-mcpu=gfx900 -show-encoding or
 * --disassemble), except where a comment says gcnref differs on purpose (docs/semantics.md
 * "VOP3P and op_sel"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "decode_checks.h"

/* Little-endian bytes b0..b7 of llvm's "encoding: [...]" as two words. */
#define LE(b0, b1, b2, b3) ((uint32_t)(b0) | (uint32_t)(b1) << 8 | (uint32_t)(b2) << 16 | (uint32_t)(b3) << 24)
#define ENC(b0, b1, b2, b3, b4, b5, b6, b7) W2(LE(b0, b1, b2, b3), LE(b4, b5, b6, b7))

static void test_vop3p_decode(void **state) {
  (void)state;
  check_decode(GCN14, ENC(0x01, 0x40, 0x80, 0xd3, 0x02, 0x07, 0x12, 0x1c), "v_pk_mad_i16 v1, v2, v3, v4", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18), "v_pk_add_f16 v1, v2, v3", 8);
  check_decode(GCN14, ENC(0x01, 0xca, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x30),
               "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1] clamp", 8);
  check_decode(GCN14, ENC(0x01, 0x38, 0x8e, 0xd3, 0x02, 0x07, 0x12, 0x04),
               "v_pk_fma_f16 v1, v2, v3, v4 op_sel:[1,1,1] op_sel_hi:[0,0,0]", 8);
  check_decode(GCN14, ENC(0x01, 0x86, 0xa0, 0xd3, 0x02, 0x07, 0x12, 0xa4), "v_mad_mix_f32 v1, -v2, |v3|, -|v4| clamp", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0xa1, 0xd3, 0x02, 0x05, 0x02, 0x00),
               "v_mad_mixlo_f16 v1, v2, v2, s0 op_sel_hi:[0,0,1]", 8);
  check_decode(GCN14, ENC(0x01, 0x00, 0xa2, 0xd3, 0x02, 0x07, 0x12, 0x04), "v_mad_mixhi_f16 v1, v2, v3, v4", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0xf8, 0x04, 0x02, 0x18), "v_pk_add_f16 v1, 0.15915494, v2", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0x8a, 0xd3, 0xc1, 0x04, 0x02, 0x18), "v_pk_add_u16 v1, -1, v2", 8);
  check_decode(GCN14, ENC(0xff, 0x40, 0x8f, 0xd3, 0xff, 0xff, 0x03, 0x18), "v_pk_add_f16 v255, v255, v255", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0xeb, 0x06, 0x02, 0x18), "v_pk_add_f16 v1, src_shared_base, v3", 8);
  /* a float inline constant in a packed integer operand prints as its f16 bits (llvm-mc 14);
   * its assembler rejects that text, gcnref's takes it back (documented difference 12) */
  check_decode(GCN14, ENC(0x01, 0x40, 0x8a, 0xd3, 0xf2, 0x04, 0x02, 0x18), "v_pk_add_u16 v1, 0x3c00, v2", 8);
  /* neg_lo on src0 of an integer op is legal */
  check_decode(GCN14, ENC(0x01, 0x40, 0x81, 0xd3, 0x02, 0x05, 0x02, 0x38), "v_pk_mul_lo_u16 v1, v2, v2 neg_lo:[1,0]", 8);
}

/* A two-source op's op_sel_hi bit of src2 (bit 14) is ignored: both values decode to the same
 * text (llvm-mc 14), and gcnref keeps the bit when it encodes the decoded word again. */
static void test_vop3p_absent_src2_opsel_hi(void **state) {
  (void)state;
  gcn_inst in;
  gcn_error err;
  char buf[128];
  static const uint32_t w[2] = {LE(0x01, 0x00, 0x8f, 0xd3), LE(0x02, 0x05, 0x02, 0x18)};
  assert_int_equal(gcn_decode(GCN14, w, 2, &in, &err), 0);
  gcn_disasm(&in, buf, sizeof buf);
  assert_string_equal(buf, "v_pk_add_f16 v1, v2, v2");
  uint32_t out[2];
  assert_int_equal(gcn_encode(&in, out), 2);
  assert_int_equal(out[0], w[0]);
  assert_int_equal(out[1], w[1]);
  check_decode(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x05, 0x02, 0x00), "v_pk_add_f16 v1, v2, v2 op_sel_hi:[0,0]", 8);
}

static void test_vop3p_decode_errors(void **state) {
  (void)state;
  /* "invalid instruction encoding" in llvm-mc 14: src2 field, its neg_lo / neg_hi / op_sel
   * bits on a two-source op; neg of src1 on an integer op; an opcode gcn14 lacks */
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x05, 0x06, 0x18), "src2 field of v_pk_add_f16");
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x05, 0x02, 0xf8), "neg_lo of src2");
  check_decode_error(GCN14, ENC(0x01, 0x47, 0x8f, 0xd3, 0x02, 0x05, 0x02, 0x18), "neg_hi of src2");
  check_decode_error(GCN14, ENC(0x01, 0x20, 0x8f, 0xd3, 0x02, 0x05, 0x02, 0x00), "op_sel of src2");
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x81, 0xd3, 0x02, 0x05, 0x02, 0x98), "neg_lo of an integer src1");
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x93, 0xd3, 0x02, 0x05, 0x02, 0x18), "VOP3P opcode 0x13");
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0xff, 0x04, 0x02, 0x18), "a literal in VOP3P");
  check_decode_error(GCN14, ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x06, 0x00, 0x18), "s2, s3: the constant bus");
}

static void test_vop3p_assemble(void **state) {
  (void)state;
  /* llvm-mc 14 defaults and inlinability */
  check_asm(GCN14, "v_pk_add_f16 v1, v2, v3 op_sel_hi:[0,0]", ENC(0x01, 0x40, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x00));
  check_asm(GCN14, "v_pk_fma_f16 v1, v2, v3, v4 op_sel_hi:[0,0]", ENC(0x01, 0x00, 0x8e, 0xd3, 0x02, 0x07, 0x12, 0x04));
  check_asm(GCN14, "v_pk_add_f16 v1, v2, v3 op_sel:[1,1,1]", ENC(0x01, 0x58, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18));
  check_asm(GCN14, "v_pk_add_u16 v1, 0x10001, v2", ENC(0x01, 0x40, 0x8a, 0xd3, 0x81, 0x04, 0x02, 0x18));
  check_asm(GCN14, "v_pk_add_u16 v1, 0xfff0fff0, v3", ENC(0x01, 0x40, 0x8a, 0xd3, 0xd0, 0x06, 0x02, 0x18));
  check_asm(GCN14, "v_pk_add_u16 v1, 0xffff, v3", ENC(0x01, 0x40, 0x8a, 0xd3, 0xc1, 0x06, 0x02, 0x18));
  check_asm(GCN14, "v_pk_add_f16 v1, 0x3c003c00, v2", ENC(0x01, 0x40, 0x8f, 0xd3, 0xf2, 0x04, 0x02, 0x18));
  check_asm(GCN14, "v_pk_add_f16 v1, 0xbc00, v3", ENC(0x01, 0x40, 0x8f, 0xd3, 0xf3, 0x06, 0x02, 0x18));
  check_asm(GCN14, "v_mad_mix_f32 v1, 0x3c00, v3, v4", ENC(0x01, 0x00, 0xa0, 0xd3, 0xf2, 0x06, 0x12, 0x04));
  check_asm(GCN14, "v_mad_mix_f32 v1, neg(1.0), v3, v4", ENC(0x01, 0x00, 0xa0, 0xd3, 0xf2, 0x06, 0x12, 0x24));
  check_asm(GCN14, "v_mad_mix_f32 v1, v2, v3, v4 op_sel:[1,1]", ENC(0x01, 0x18, 0xa0, 0xd3, 0x02, 0x07, 0x12, 0x04));
  /* gcnref takes the modifiers in any order (llvm-mc 14 insists on its order) */
  check_asm(GCN14, "v_pk_add_f16 v1, v2, v3 clamp neg_hi:[0,1] neg_lo:[1,0] op_sel_hi:[0,1] op_sel:[1,0]",
            ENC(0x01, 0xca, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x30));
  /* llvm-mc 14 rejects these too */
  check_asm_error(GCN14, "v_pk_add_f16 v1, -v2, v3");
  check_asm_error(GCN14, "v_pk_add_f16 v1, |v2|, v3");
  check_asm_error(GCN14, "v_pk_add_f16 v1, v2, v3 op_sel:[2,0]");
  check_asm_error(GCN14, "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel:[0,1]");
  check_asm_error(GCN14, "v_pk_add_f16 v1, v2, v3 op_sel:1");
  check_asm_error(GCN14, "v_pk_add_f16 v1, s2, s3");
  check_asm_error(GCN14, "v_pk_add_f16 v[1:2], v2, v3");
  check_asm_error(GCN14, "v_pk_add_f16 v1, 0x40004400, v3");
  check_asm_error(GCN14, "v_mad_mix_f32 v1, 0x3f800000, v3, v4");
  check_asm_error(GCN14, "v_mad_mix_f32 v1, v2, v3, v4 neg_lo:[1,0,0]");
  check_asm_error(GCN14, "v_mad_mix_f32 v1, v2, v3, v4 mul:2");
  /* gcnref rejects what llvm-mc 14 silently drops: neg of an integer op's src1 */
  check_asm_error(GCN14, "v_pk_add_u16 v1, v2, v3 neg_lo:[0,1]");
  for (size_t g = 0; g < N_GENS; g++)
    if (all_gens[g] != GCN14) check_asm_error(all_gens[g], "v_pk_add_f16 v1, v2, v3");
}

static void test_vop3_opsel(void **state) {
  (void)state;
  check_decode(GCN14, ENC(0x01, 0x88, 0x03, 0xd2, 0x02, 0x07, 0x12, 0x04), "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,0] clamp", 8);
  check_decode(GCN14, ENC(0x01, 0x52, 0x03, 0xd2, 0x02, 0x07, 0x12, 0x24), "v_mad_f16 v1, -v2, |v3|, v4 op_sel:[0,1,0,1]", 8);
  check_decode(GCN14, ENC(0x01, 0xc0, 0x9e, 0xd2, 0x02, 0x07, 0x02, 0x00), "v_add_i16 v1, v2, v3 op_sel:[0,0,1] clamp", 8);
  check_decode(GCN14, ENC(0x01, 0x40, 0xf1, 0xd1, 0x02, 0x07, 0x12, 0x04), "v_mad_u32_u16 v1, v2, v3, v4 op_sel:[0,0,0,1]", 8);
  check_decode(GCN14, ENC(0x01, 0x18, 0x06, 0xd2, 0xf2, 0x06, 0x10, 0x04), "v_fma_f16 v1, 1.0, s3, v4 op_sel:[1,1,0,0]", 8);
  check_decode(GCN14, ENC(0x01, 0x58, 0xa0, 0xd2, 0x02, 0x07, 0x02, 0x00), "v_pack_b32_f16 v1, v2, v3 op_sel:[1,1,1]", 8);
  /* op_sel of src2 on a two-source op; op_sel on a VOP2 row's VOP3 form (gcnref: illegal) */
  check_decode_error(GCN14, ENC(0x01, 0x20, 0x9e, 0xd2, 0x02, 0x07, 0x02, 0x00), "op_sel of src2 of v_add_i16");
  check_decode_error(GCN14, ENC(0x01, 0x08, 0x1f, 0xd1, 0x02, 0x07, 0x02, 0x00), "op_sel on v_add_f16_e64");
  /* an element past the list is dropped, as llvm-mc 14 does */
  check_asm(GCN14, "v_add_i16 v1, v2, v3 op_sel:[0,0,0,1]", ENC(0x01, 0x00, 0x9e, 0xd2, 0x02, 0x07, 0x02, 0x00));
  check_asm_error(GCN14, "v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]");
  check_asm_error(GCN14, "v_mad_f16 v1, v2, v3, v4 op_sel_hi:[1,0,0]");
  check_asm_error(GCN12, "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vop3p_decode),
      cmocka_unit_test(test_vop3p_absent_src2_opsel_hi),
      cmocka_unit_test(test_vop3p_decode_errors),
      cmocka_unit_test(test_vop3p_assemble),
      cmocka_unit_test(test_vop3_opsel),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the decoder, validator, encoder, disassembler and assembler
 * (refmodel/include/gcnref/inst.h): the encodings. test_decode_errors.c has the errors,
 * validation and assembler forms; decode_checks.h the checks both use.
 *
 * Every encoding below was assembled by hand from the field tables of
 * /work/shared/spec/003_f1e938befe08182b.txt (VOP2; VOP3A/VOP3B for GCN 1.0/1.1 and for
 * GCN 1.2/1.4), 000_*.txt (SOP2), 002_*.txt (SOP1) and the operand codes of
 * gcn_semantics.md section 1, and then confirmed with llvm-mc 14 (-show-encoding for
 * tahiti=gcn10, bonaire=gcn11, fiji=gcn12, gfx900=gcn14). Hand derivations, e.g.:
 *   VOP2:  OPCODE<<25 | VDST<<17 | VSRC1<<9 | SRC0        (SRC0 9-bit, v2 = 256+2 = 0x102)
 *   VOP3 (SI/CI): 0x34<<26 | OP<<17 | CLAMP<<11 | ABS<<8 | VDST
 *   VOP3 (VI/gfx9): 0x34<<26 | OP<<16 | CLAMP<<15 | OP_SEL<<11 | ABS<<8 | VDST
 *   VOP3 word 1: NEG<<29 | OMOD<<27 | SRC2<<18 | SRC1<<9 | SRC0
 *   VOP3 OP = 0x100 + VOP2 opcode ("VOP2 opcodes (0-63) are reflected in VOP3 in range: 256-319")
 *   SOP2:  0b10<<30 | OP<<23 | SDST<<16 | SSRC1<<8 | SSRC0;  SOP1: 0x17D<<23 | SDST<<16 | OP<<8 | SSRC0
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "decode_checks.h"

/* ------------------------------------------------------------------ VOP3A layout */

/* v_add_f32_e64 v1, -|v2|, v3 clamp mul:2
 * SI/CI: V_ADD_F32 VOP3 op 259 (0x103): 0xD0000000 | 0x103<<17 (0x02060000) | clamp bit 11
 *        (0x800) | abs[0] (0x100) | vdst 1                     = 0xD2060901
 * VI/gfx9: op 257 (0x101): 0xD0000000 | 0x101<<16 (0x01010000) | clamp bit 15 (0x8000) |
 *        abs[0] (0x100) | vdst 1                               = 0xD1018101
 * word1: neg[0]<<29 (0x20000000) | omod 1<<27 (0x08000000) | v3 (0x103)<<9 (0x20600) |
 *        v2 (0x102)                                            = 0x28020702 */
static void test_vop3a_layout(void **state) {
  (void)state;
  const char *t = "v_add_f32_e64 v1, -|v2|, v3 clamp mul:2";
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    bool si = gen <= GCN11;
    uint32_t w0 = si ? 0xD2060901u : 0xD1018101u;
    gcn_inst in = check_decode(gen, W2(w0, 0x28020702u), t, 8);
    assert_ptr_equal(in.desc, &gcn_isa[GCN_OP_V_ADD_F32]);
    assert_int_equal(in.enc, GCN_ENC_VOP3A);
    assert_int_equal(in.vdst, 1);
    assert_int_equal(in.src[0], 0x102);
    assert_int_equal(in.src[1], 0x103);
    assert_int_equal(in.abs, 1);
    assert_int_equal(in.neg, 1);
    assert_int_equal(in.omod, 1);
    assert_true(in.clamp);
    assert_false(in.has_literal);
    check_asm(gen, t, W2(w0, 0x28020702u));

    /* clamp alone: bit 11 on SI/CI, bit 15 on VI/gfx9 */
    in = check_decode(gen, W2(si ? 0xD2060801u : 0xD1018001u, 0x00020702u),
                      "v_add_f32_e64 v1, v2, v3 clamp", 8);
    assert_true(in.clamp);
    assert_int_equal(in.abs, 0);
    /* omod 3 = div:2 (0x18000000), omod 2 = mul:4 with |v3| (abs bit 1 = 0x200) */
    check_decode(gen, W2(si ? 0xD2060001u : 0xD1010001u, 0x18020702u),
                 "v_add_f32_e64 v1, v2, v3 div:2", 8);
    check_decode(gen, W2(si ? 0xD2060201u : 0xD1010201u, 0x10020702u),
                 "v_add_f32_e64 v1, v2, |v3| mul:4", 8);
    /* neg on src1: bit 30 */
    check_decode(gen, W2(si ? 0xD2060001u : 0xD1010001u, 0x40020702u),
                 "v_add_f32_e64 v1, v2, -v3", 8);
    /* modifiers on inline constants: a negated constant prints as neg(...) so that
     * neg(-1) is not read as the constant -1; 1.0 = 242, -1 = 193 */
    uint32_t w0p = si ? 0xD2060001u : 0xD1010001u; /* plain v_add_f32_e64 v1 */
    check_decode(gen, W2(w0p, 0x200206F2u), "v_add_f32_e64 v1, neg(1.0), v3", 8);
    check_decode(gen, W2(w0p, 0x200206C1u), "v_add_f32_e64 v1, neg(-1), v3", 8);
    check_decode(gen, W2(w0p | 0x100u, 0x000206F2u), "v_add_f32_e64 v1, |1.0|, v3", 8);
    check_decode(gen, W2(w0p | 0x100u, 0x200206F2u), "v_add_f32_e64 v1, -|1.0|, v3", 8);
    /* VOP3 src1 may be scalar: v2, s3 */
    check_decode(gen, W2(si ? 0xD2060001u : 0xD1010001u, 0x00000702u), "v_add_f32_e64 v1, v2, s3",
                 8);
  }
  /* The two layouts are not interchangeable: the SI word read with the VI layout has
   * opcode bits 16-25 = 0x206, the VI word read with the SI layout has bits 17-25 =
   * 0x080; neither is the VOP3 form of a VOP2 instruction. */
  check_decode_error(GCN12, W2(0xD2060901u, 0x28020702u), "SI VOP3 layout on VI");
  check_decode_error(GCN14, W2(0xD2060901u, 0x28020702u), "SI VOP3 layout on gfx9");
  check_decode_error(GCN10, W2(0xD1018101u, 0x28020702u), "VI VOP3 layout on SI");
  check_decode_error(GCN11, W2(0xD1018101u, 0x28020702u), "VI VOP3 layout on CI");
}

/* gcn_decode_bytes: little-endian bytes (llvm-mc prints the same byte order). */
static void test_decode_bytes(void **state) {
  (void)state;
  static const uint8_t vi[] = {0x01, 0x81, 0x01, 0xd1, 0x02, 0x07, 0x02, 0x28};
  static const uint8_t si[] = {0x01, 0x09, 0x06, 0xd2, 0x02, 0x07, 0x02, 0x28};
  static const uint8_t sadd[] = {0xff, 0x03, 0x01, 0x80, 0x78, 0x56, 0x34, 0x12};
  gcn_inst in;
  gcn_error err;
  char buf[128];
  assert_int_equal(gcn_decode_bytes(GCN12, vi, sizeof vi, &in, &err), 0);
  gcn_disasm(&in, buf, sizeof buf);
  assert_string_equal(buf, "v_add_f32_e64 v1, -|v2|, v3 clamp mul:2");
  assert_int_equal(in.size, 8);
  assert_int_equal(gcn_decode_bytes(GCN10, si, sizeof si, &in, &err), 0);
  gcn_disasm(&in, buf, sizeof buf);
  assert_string_equal(buf, "v_add_f32_e64 v1, -|v2|, v3 clamp mul:2");
  /* s_add_u32 s1, 0x12345678, s3: SSRC0 = 255 (literal) */
  assert_int_equal(gcn_decode_bytes(GCN14, sadd, sizeof sadd, &in, &err), 0);
  gcn_disasm(&in, buf, sizeof buf);
  assert_string_equal(buf, "s_add_u32 s1, 0x12345678, s3");
  assert_true(in.has_literal);
  assert_int_equal(in.literal, 0x12345678u);
  assert_int_equal(in.size, 8);
  /* a 4-byte instruction followed by more bytes: only 4 are consumed */
  static const uint8_t two[] = {0x02, 0x03, 0x01, 0x80, 0x00, 0x00, 0x81, 0xbf};
  assert_int_equal(gcn_decode_bytes(GCN12, two, sizeof two, &in, &err), 0);
  assert_int_equal(in.size, 4);
  gcn_disasm(&in, buf, sizeof buf);
  assert_string_equal(buf, "s_add_u32 s1, s2, s3");
  /* truncated byte strings */
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_decode_bytes(GCN12, vi, 0, &in, &err), -1);
  assert_true(err.msg[0] != '\0');
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_decode_bytes(GCN12, vi, 3, &in, &err), -1);
  assert_true(err.msg[0] != '\0');
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_decode_bytes(GCN12, vi, 4, &in, &err), -1); /* VOP3 needs 8 */
  assert_true(err.msg[0] != '\0');
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_decode_bytes(GCN12, vi, 7, &in, &err), -1);
  assert_true(err.msg[0] != '\0');
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_decode_bytes(GCN14, sadd, 4, &in, &err), -1); /* literal missing */
  assert_true(err.msg[0] != '\0');
}

/* ------------------------------------------------------------------ VOP3B */

/* v_add_co_u32 (v_add_i32 on SI/CI, v_add_u32 on VI): VOP2 37 (0x25) on SI/CI, 25 (0x19)
 * on VI/gfx9; VOP3B op 0x125 / 0x119. SDST bits 8-14. */
static void test_vop3b_sdst(void **state) {
  (void)state;
  /* SI/CI: 0xD0000000 | 0x125<<17 (0x024A0000) | s[4:5] 4<<8 | vdst 1 = 0xD24A0401 */
  gcn_inst in = check_decode(GCN10, W2(0xD24A0401u, 0x00020702u), "v_add_i32_e64 v1, s[4:5], v2, v3", 8);
  assert_int_equal(in.enc, GCN_ENC_VOP3B);
  assert_ptr_equal(in.desc, &gcn_isa[GCN_OP_V_ADD_CO_U32]);
  assert_int_equal(in.sdst, 4);
  assert_int_equal(in.vdst, 1);
  check_decode(GCN11, W2(0xD24A0401u, 0x00020702u), "v_add_i32_e64 v1, s[4:5], v2, v3", 8);
  /* VI/gfx9: 0xD0000000 | 0x119<<16 (0x01190000) | 4<<8 | 1 = 0xD1190401 */
  in = check_decode(GCN12, W2(0xD1190401u, 0x00020702u), "v_add_u32_e64 v1, s[4:5], v2, v3", 8);
  assert_int_equal(in.enc, GCN_ENC_VOP3B);
  assert_int_equal(in.sdst, 4);
  check_decode(GCN14, W2(0xD1190401u, 0x00020702u), "v_add_co_u32_e64 v1, s[4:5], v2, v3", 8);
  /* vcc as SDST: code 106 = 0x6A */
  check_decode(GCN10, W2(0xD24A6A01u, 0x00020702u), "v_add_i32_e64 v1, vcc, v2, v3", 8);
  check_decode(GCN14, W2(0xD1196A01u, 0x00020702u), "v_add_co_u32_e64 v1, vcc, v2, v3", 8);
  check_decode(GCN14, W2(0xD1196401u, 0x00020702u), "v_add_co_u32_e64 v1, s[100:101], v2, v3", 8);
  /* SDST s[8:9] sets bit 11: that is the SI CLAMP bit of VOP3A and a gfx9 OP_SEL bit of
   * VOP3A, but in VOP3B it belongs to SDST. */
  in = check_decode(GCN10, W2(0xD24A0801u, 0x00020702u), "v_add_i32_e64 v1, s[8:9], v2, v3", 8);
  assert_false(in.clamp);
  assert_int_equal(in.sdst, 8);
  in = check_decode(GCN14, W2(0xD1190801u, 0x00020702u), "v_add_co_u32_e64 v1, s[8:9], v2, v3", 8);
  assert_false(in.clamp);
  /* one SGPR source plus an SDST is fine (SDST is written, not read) */
  check_decode(GCN14, W2(0xD1190401u, 0x00020602u), "v_add_co_u32_e64 v1, s[4:5], s2, v3", 8);
  /* carry-in in SRC2: v_addc (0x128 SI/CI, 0x11c VI/gfx9); s[6:7] = 6<<18 = 0x180000 */
  in = check_decode(GCN10, W2(0xD2500401u, 0x001A0702u), "v_addc_u32_e64 v1, s[4:5], v2, v3, s[6:7]", 8);
  assert_int_equal(in.enc, GCN_ENC_VOP3B);
  assert_int_equal(in.src[2], 6);
  check_decode(GCN12, W2(0xD11C0401u, 0x001A0702u), "v_addc_u32_e64 v1, s[4:5], v2, v3, s[6:7]", 8);
  check_decode(GCN14, W2(0xD11C0401u, 0x001A0702u), "v_addc_co_u32_e64 v1, s[4:5], v2, v3, s[6:7]",
               8);
  /* v_cndmask_b32_e64 is VOP3A with a select mask in SRC2 */
  in = check_decode(GCN10, W2(0xD2000001u, 0x001A0702u), "v_cndmask_b32_e64 v1, v2, v3, s[6:7]", 8);
  assert_int_equal(in.enc, GCN_ENC_VOP3A);
  check_decode(GCN12, W2(0xD1000001u, 0x001A0702u), "v_cndmask_b32_e64 v1, v2, v3, s[6:7]", 8);

  /* SDST must be an aligned 64-bit scalar pair */
  check_decode_error(GCN14, W2(0xD1190501u, 0x00020702u), "SDST s[5:6] unaligned");
  check_decode_error(GCN10, W2(0xD24A0501u, 0x00020702u), "SDST s[5:6] unaligned");
  check_decode_error(GCN14, W2(0xD1197C01u, 0x00020702u), "SDST m0 has no 64-bit form");
  check_decode_error(GCN14, W2(0xD1196B01u, 0x00020702u), "SDST vcc_hi is no pair base");
  check_decode_error(GCN10, W2(0xD24A7D01u, 0x00020702u), "SDST 125 reserved");
  /* SRC2 carry-in: unaligned pair, VGPR */
  check_decode_error(GCN14, W2(0xD11C0401u, 0x001E0702u), "SRC2 s[7:8] unaligned");
  check_decode_error(GCN14, W2(0xD11C0401u, 0x041A0702u), "SRC2 v6 is not a scalar mask");
  /* two different scalar values: s2 in SRC0 and s[6:7] in SRC2 */
  check_decode_error(GCN14, W2(0xD11C0401u, 0x001A0602u), "constant bus: s2 and s[6:7]");
  /* s4 (32-bit) and s[4:5] (64-bit) are different scalar values for the constant bus
   * (llvm-mc: v_cndmask_b32_e64 v1, s4, v3, s[4:5] violates constant bus restrictions) */
  check_decode_error(GCN12, W2(0xD1000001u, 0x00120604u), "constant bus: s4 and s[4:5]");
}

/* ------------------------------------------------------------------ VOP2 carry forms */

static void test_vop2_carry_implicit_vcc(void **state) {
  (void)state;
  /* SI/CI: 0x25<<25 (0x4A000000) | 1<<17 | 3<<9 | 0x102 = 0x4A020702 */
  gcn_inst in = check_decode(GCN10, W1(0x4A020702u), "v_add_i32_e32 v1, vcc, v2, v3", 4);
  assert_int_equal(in.enc, GCN_ENC_VOP2);
  assert_ptr_equal(in.desc, &gcn_isa[GCN_OP_V_ADD_CO_U32]);
  assert_int_equal(in.src[1], 0x103); /* VSRC1 stored as a source code */
  check_decode(GCN11, W1(0x4A020702u), "v_add_i32_e32 v1, vcc, v2, v3", 4);
  /* VI/gfx9: 0x19<<25 = 0x32000000 */
  check_decode(GCN12, W1(0x32020702u), "v_add_u32_e32 v1, vcc, v2, v3", 4);
  check_decode(GCN14, W1(0x32020702u), "v_add_co_u32_e32 v1, vcc, v2, v3", 4);
  /* carry-in from vcc: 0x28<<25 = 0x50000000 (SI/CI), 0x1c<<25 = 0x38000000 (VI/gfx9) */
  check_decode(GCN10, W1(0x50020702u), "v_addc_u32_e32 v1, vcc, v2, v3, vcc", 4);
  check_decode(GCN11, W1(0x50020702u), "v_addc_u32_e32 v1, vcc, v2, v3, vcc", 4);
  check_decode(GCN12, W1(0x38020702u), "v_addc_u32_e32 v1, vcc, v2, v3, vcc", 4);
  check_decode(GCN14, W1(0x38020702u), "v_addc_co_u32_e32 v1, vcc, v2, v3, vcc", 4);
  /* select from vcc: v_cndmask_b32 opcode 0 on every generation */
  for (size_t g = 0; g < N_GENS; g++) {
    check_decode(all_gens[g], W1(0x00020702u), "v_cndmask_b32_e32 v1, v2, v3, vcc", 4);
    /* an inline constant does not use the constant bus: 1.0 = 242 = 0xF2 */
    check_decode(all_gens[g], W1(0x000206F2u), "v_cndmask_b32_e32 v1, 1.0, v3, vcc", 4);
    /* the implicit vcc read plus an SGPR or a literal is two scalar values */
    check_decode_error(all_gens[g], W1(0x00020602u), "v_cndmask_b32_e32 v1, s2, v3, vcc");
    check_decode_error(all_gens[g], W2(0x000206FFu, 0x12345678u),
                       "v_cndmask_b32_e32 v1, 0x12345678, v3, vcc");
  }
  check_decode_error(GCN10, W1(0x50020602u), "v_addc_u32_e32 v1, vcc, s2, v3, vcc");
  check_decode_error(GCN14, W1(0x38020602u), "v_addc_co_u32_e32 v1, vcc, s2, v3, vcc");
  /* only a carry-out: an SGPR source is fine */
  check_decode(GCN14, W1(0x32020602u), "v_add_co_u32_e32 v1, vcc, s2, v3", 4);
  /* gfx9 v_add_u32 (0x34<<25 = 0x68000000) has no carry */
  check_decode(GCN14, W1(0x68020702u), "v_add_u32_e32 v1, v2, v3", 4);
}

/* ------------------------------------------------------------------ v_readlane (SI/CI) */

/* V_READLANE_B32 VOP2 opcode 1 on GCN 1.0/1.1: "SDST, VSRC0, SSRC1"; the VDST field holds
 * the SGPR, VSRC1 the scalar lane select. s5 in VDST = 5<<17 = 0xA0000. */
static void test_readlane_gcn10(void **state) {
  (void)state;
  for (gcn_gen gen = GCN10; gen <= GCN11; gen = (gcn_gen)(gen + 1)) {
    /* 0x02000000 | 0xA0000 | s2 2<<9 | v1 0x101 = 0x020A0501 */
    gcn_inst in = check_decode(gen, W1(0x020A0501u), "v_readlane_b32 s5, v1, s2", 4);
    assert_ptr_equal(in.desc, &gcn_isa[GCN_OP_V_READLANE_B32]);
    assert_int_equal(in.enc, GCN_ENC_VOP2);
    assert_int_equal(in.vdst, 5);
    assert_int_equal(in.src[0], 0x101);
    assert_int_equal(in.src[1], 2); /* scalar code, not 256 + 2 */
    /* m0 lane select: 124<<9 = 0xF800 */
    check_decode(gen, W1(0x020AF901u), "v_readlane_b32 s5, v1, m0", 4);
    /* inline-constant lane select (gcn_semantics.md section 6): 3 = 131, 131<<9 = 0x10600 */
    check_decode(gen, W1(0x020B0701u), "v_readlane_b32 s5, v1, 3", 4);
    /* vcc_lo destination: 106<<17 = 0xD40000 */
    check_decode(gen, W1(0x02D40501u), "v_readlane_b32 vcc_lo, v1, s2", 4);
    check_asm(gen, "v_readlane_b32 s5, v1, s2", W1(0x020A0501u));
    /* VSRC0 must be a VGPR */
    check_decode_error(gen, W1(0x020A0401u), "v_readlane_b32 s5, s1, s2");
    /* the destination must be a writable scalar register: 125 reserved, 128 a constant */
    check_decode_error(gen, W1(0x02FA0501u), "v_readlane_b32 with VDST 125");
    check_decode_error(gen, W1(0x03000501u), "v_readlane_b32 with VDST 128");
    /* a literal lane select (VSRC1 = 255 = 0x1FE00) is not allowed */
    check_decode_error(gen, W2(0x020BFF01u, 0x00000003u), "v_readlane_b32 with a literal lane");
    check_asm_error(gen, "v_readlane_b32 v5, v1, s2");
    check_asm_error(gen, "v_readlane_b32 s5, s1, s2");
  }
  /* VOP2 opcode 1 is v_add_f32 on VI/gfx9: the same word is v_add_f32_e32 v5, v1, v2 */
  check_decode(GCN12, W1(0x020A0501u), "v_add_f32_e32 v5, v1, v2", 4);
  check_decode(GCN14, W1(0x020A0501u), "v_add_f32_e32 v5, v1, v2", 4);
  /* v_writelane_b32 v1, s2, 3 (opcode 2): 0x04000000 | 1<<17 | 131<<9 | 2 = 0x04030602 */
  check_decode(GCN10, W1(0x04030602u), "v_writelane_b32 v1, s2, 3", 4);
}

/* ------------------------------------------------------------------ v_madmk */

/* V_MADMK_F32 VDST, SRC0, FLOATLIT, SRC1: VOP2 32 (0x20) on SI/CI, 23 (0x17) on VI/gfx9;
 * "Constant literal follows after instruction word"; no VOP3 form. */
static void test_madmk_literal_k(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    bool si = gen <= GCN11;
    uint32_t op = si ? 0x40000000u : 0x2E000000u; /* 0x20<<25, 0x17<<25 */
    gcn_inst in = check_decode(gen, W2(op | 0x00020702u, 0x41200000u),
                               "v_madmk_f32 v1, v2, 0x41200000, v3", 8);
    assert_ptr_equal(in.desc, &gcn_isa[GCN_OP_V_MADMK_F32]);
    assert_true(in.has_literal);
    assert_int_equal(in.literal, 0x41200000u);
    assert_int_equal(in.src[0], 0x102);
    assert_int_equal(in.src[1], 0x103);
    check_decode(gen, W2(op | 0x000206F2u, 0x41200000u), "v_madmk_f32 v1, 1.0, 0x41200000, v3", 8);
    /* v_madak_f32 v1, v2, v3, 0x41200000: 0x21 / 0x18 */
    check_decode(gen, W2((si ? 0x42000000u : 0x30000000u) | 0x00020702u, 0x41200000u),
                 "v_madak_f32 v1, v2, v3, 0x41200000", 8);
    /* K missing */
    check_decode_error(gen, W1(op | 0x00020702u), "v_madmk_f32 without its K dword");
    /* K is the one literal: an SGPR, or a second literal, is too much */
    check_decode_error(gen, W2(op | 0x00020602u, 0x41200000u), "v_madmk_f32 v1, s2, K, v3");
    /* a literal src0 is the K dword itself (llvm-mc 14: v_madmk_f32 v1, 0x41200000, 0x41200000, v3) */
    check_decode(gen, W2(op | 0x000206FFu, 0x41200000u), "v_madmk_f32 v1, 0x41200000, 0x41200000, v3", 8);
    check_asm_error(gen, "v_madmk_f32 v1, 0x41300000, 0x41200000, v3");
    /* VOP3 encoding of madmk: 0x120 (SI/CI) / 0x117 (VI/gfx9) */
    check_decode_error(gen, W2(si ? 0xD2400001u : 0xD1170001u, 0x00020702u), "VOP3 v_madmk_f32");
    check_asm_error(gen, "v_madmk_f32_e64 v1, v2, 0x41200000, v3");
  }
}

/* ------------------------------------------------------------------ scalar encodings */

static void test_scalar_encodings(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    /* s_add_u32 s1, s2, s3: 0x80000000 | 1<<16 | 3<<8 | 2 */
    gcn_inst in = check_decode(gen, W1(0x80010302u), "s_add_u32 s1, s2, s3", 4);
    assert_int_equal(in.enc, GCN_ENC_SOP2);
    assert_int_equal(in.sdst, 1);
    check_decode(gen, W2(0x800103FFu, 0x12345678u), "s_add_u32 s1, 0x12345678, s3", 8);
    check_decode(gen, W1(0x8001C102u), "s_add_u32 s1, s2, -1", 4); /* 193 = 0xC1 */
    check_decode(gen, W1(0xBF810000u), "s_endpgm", 4);
    check_decode(gen, W1(0xBF800000u), "s_nop 0", 4);
    /* s_and_b64 s[0:1], vcc, exec (0x6A, 0x7E) */
    check_decode(gen, W1((gen <= GCN11 ? 0x87800000u : 0x86800000u) | 0x7E6Au),
                 "s_and_b64 s[0:1], vcc, exec", 4);
  }
  /* s_mov_b32 s1, s2: SOP1 opcode 3 (SI/CI), 0 (VI/gfx9) */
  check_decode(GCN10, W1(0xBE810302u), "s_mov_b32 s1, s2", 4);
  check_decode(GCN12, W1(0xBE810002u), "s_mov_b32 s1, s2", 4);
  /* 64-bit inline constant and literal: s_mov_b64 s[0:1], -1 / 0xffefffff (op 4 / 1) */
  check_decode(GCN10, W1(0xBE8004C1u), "s_mov_b64 s[0:1], -1", 4);
  check_decode(GCN14, W1(0xBE8001C1u), "s_mov_b64 s[0:1], -1", 4);
  gcn_inst in = check_decode(GCN14, W2(0xBE8001FFu, 0xFFEFFFFFu), "s_mov_b64 s[0:1], 0xffefffff", 8);
  assert_int_equal(in.literal, 0xFFEFFFFFu);
  /* gfx9 read-only source: s_add_u32 s1, src_shared_base, s3 (235 = 0xEB) */
  check_decode(GCN14, W1(0x800103EBu), "s_add_u32 s1, src_shared_base, s3", 4);
  check_decode_error(GCN12, W1(0x800103EBu), "235 is reserved before gfx9");
  /* flat_scratch_lo: 104 on CI, 102 on VI; s102 is an SGPR on SI/CI */
  check_decode(GCN11, W1(0xBE800368u), "s_mov_b32 s0, flat_scratch_lo", 4);
  check_decode(GCN12, W1(0xBE800066u), "s_mov_b32 s0, flat_scratch_lo", 4);
  check_decode(GCN10, W1(0xBE800366u), "s_mov_b32 s0, s102", 4);
  check_decode(GCN12, W1(0xBE800068u), "s_mov_b32 s0, xnack_mask_lo", 4);
  check_decode_error(GCN10, W1(0xBE800368u), "104 is reserved on SI");
  /* ttmp0: 112 on SI/CI/VI, 108 on gfx9 */
  check_decode(GCN12, W1(0xBE800070u), "s_mov_b32 s0, ttmp0", 4);
  check_decode(GCN14, W1(0xBE80006Cu), "s_mov_b32 s0, ttmp0", 4);
  check_decode(GCN12, W1(0xBE80006Cu), "s_mov_b32 s0, tba_lo", 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_vop3a_layout),
      cmocka_unit_test(test_decode_bytes),
      cmocka_unit_test(test_vop3b_sdst),
      cmocka_unit_test(test_vop2_carry_implicit_vcc),
      cmocka_unit_test(test_readlane_gcn10),
      cmocka_unit_test(test_madmk_literal_k),
      cmocka_unit_test(test_scalar_encodings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

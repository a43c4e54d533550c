/* Unit tests of the decoder, validator, encoder, disassembler and assembler: decode errors,
 * integer clamp by generation, validation and encoding by hand, disassembly truncation and
 * assembler forms and errors. The encodings were derived as test_decode.c explains. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "decode_checks.h"

/* ------------------------------------------------------------------ decode errors */

static void test_decode_truncated(void **state) {
  (void)state;
  static const uint32_t dummy[2] = {0x80010302u, 0};
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    bool si = gen <= GCN11;
    check_decode_error(gen, dummy, 0, "no words at all");
    check_decode_error(gen, W1(si ? 0xD2060901u : 0xD1018101u), "VOP3 with only one word");
    check_decode_error(gen, W1(0x800103FFu), "SOP2 literal missing");
    /* v_add_f32_e32 v1, <literal>, v3 without the literal */
    check_decode_error(gen, W1((si ? 0x06000000u : 0x02000000u) | 0x000206FFu), "VOP2 literal missing");
  }
}

static void test_decode_absent_opcode(void **state) {
  (void)state;
  /* SOP2 opcode 44 (0x2c): S_ABSDIFF_I32 on GCN1.0/1.1, "--" on GCN1.2, S_MUL_HI_U32 on
   * GCN1.4 (000 opcode table). 0x80000000 | 0x2c<<23 (0x16000000) | s1, s3, s2. */
  check_decode(GCN10, W1(0x96010302u), "s_absdiff_i32 s1, s2, s3", 4);
  check_decode(GCN11, W1(0x96010302u), "s_absdiff_i32 s1, s2, s3", 4);
  check_decode_error(GCN12, W1(0x96010302u), "SOP2 opcode 0x2c on gcn12");
  check_decode(GCN14, W1(0x96010302u), "s_mul_hi_u32 s1, s2, s3", 4);
  /* SOP2 opcodes 0xc/0xd are "--" on GCN1.0/1.1 */
  check_decode_error(GCN10, W1(0x86010302u), "SOP2 opcode 0xc on gcn10");
  /* SOP1 0x36 exists only on gfx9 (s_andn2_wrexec_b64) */
  check_decode_error(GCN12, W1(0xBE803602u), "SOP1 opcode 0x36 on gcn12");
  check_decode(GCN14, W1(0xBE803602u), "s_andn2_wrexec_b64 s[0:1], s[2:3]", 4);
  /* VOP2 opcode 0x34 (v_add_u32, gfx9 only); 0x32-0x33 are "--" on GCN1.0/1.1 */
  check_decode_error(GCN12, W1(0x68020702u), "VOP2 opcode 0x34 on gcn12");
  check_decode_error(GCN10, W1(0x68020702u), "VOP2 opcode 0x34 on gcn10");
  check_decode_error(GCN10, W1(0x64020702u), "VOP2 opcode 0x32 on gcn10");
  check_decode_error(GCN10, W2(0xD2640001u, 0x00020702u), "VOP3 opcode 0x132 on gcn10");
}

static void test_decode_out_of_scope(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    check_decode_error(gen, W1(0xBF7F0100u), "SOPC opcode 0x7f");
    check_decode_error(gen, W1(0xBFFF0000u), "SOPP opcode 0x7f");
    check_decode_error(gen, W1(0xBF8A0001u), "s_barrier with an immediate");
    /* a VOP1 opcode no generation has (0x7f), in VOP1 and in VOP3 form */
    check_decode_error(gen, W1(0x7E00FF01u), "VOP1 opcode 0x7f");
    check_decode_error(gen, W2(gen <= GCN11 ? 0xD3FE0001u : 0xD1BF0001u, 0x00000102u), "VOP3 of VOP1 0x7f");
  }
  /* VOP3 opcodes outside every @vop3 window: VINTRP's (gcn12+ 0x270), and on gcn12 the word
   * that is gcn14's VOP3P v_pk_mad_i16; VOP3P opcodes gcn14 lacks (0x13, 0x23: llvm-mc 14
   * "invalid instruction encoding") */
  check_decode_error(GCN12, W2(0xD2700001u, 0x00000102u), "v_interp_p1ll_f16 (VINTRP in VOP3)");
  check_decode_error(GCN12, W2(0xD3800001u, 0x04060702u), "gcn14's v_pk_mad_i16 on gcn12");
  check_decode_error(GCN14, W2(0xD3934001u, 0x18020502u), "VOP3P opcode 0x13");
  check_decode_error(GCN14, W2(0xD3A34001u, 0x18020502u), "VOP3P opcode 0x23");
  /* SMRD (SI/CI) s_load_dword s0, s[0:1], 0x0 and SMEM (VI/gfx9) */
  check_decode_error(GCN10, W1(0xC0000100u), "SMRD");
  check_decode_error(GCN11, W1(0xC0000100u), "SMRD");
  check_decode_error(GCN12, W2(0xC0020000u, 0x00000000u), "SMEM");
  check_decode_error(GCN14, W2(0xC0020000u, 0x00000000u), "SMEM");
}

/* VOP1, VOPC, VOP3-only and VOPC-in-VOP3 words (texts from llvm-mc 14 -mcpu=fiji --disassemble;
 * the gcn10 words are the same fields at the SI opcodes). */
static void test_decode_new_classes(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    check_decode(gen, W1(0x7E000301u), "v_mov_b32_e32 v0, v1", 4);
    check_decode(gen, W1(gen <= GCN11 ? 0x7C040300u : 0x7C840300u), "v_cmp_eq_f32_e32 vcc, v0, v1", 4);
    check_decode(gen, W2(gen <= GCN11 ? 0xD2820001u : 0xD1C10001u, 0x040E0702u), "v_mad_f32 v1, v2, v3, v3", 8);
    check_decode(gen, W2(gen <= GCN11 ? 0xD0040000u : 0xD0420000u, 0x00020702u),
                 "v_cmp_eq_f32_e64 s[0:1], v2, v3", 8);
  }
}

/* SOPC, SOPK and SOPP immediates (docs/semantics.md; words derived by hand from the
 * encodings of clrx/GcnInstrsSop*.md and the llvm-mc 14 output listed in the CLI tests). */
static void test_decode_sop_immediates(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    /* s_waitcnt: bit 7 is no counter on any generation */
    check_decode_error(gen, W1(0xBF8C0080u), "s_waitcnt bit 7");
    /* s_barrier (0x0a) takes no immediate */
    check_decode_error(gen, W1(0xBF8A0001u), "s_barrier 1");
    /* s_branch -1: PC-relative, printed as the raw SIMM16 */
    check_decode(gen, W1(0xBF82FFFFu), "s_branch 65535", 4);
    /* s_cmp_lt_i32 s1, -1 (SOPC 0x04): SSRC1 = 193 */
    check_decode(gen, W1(0xBF04C101u), "s_cmp_lt_i32 s1, -1", 4);
  }
  /* gcn14's vmcnt has bits 15:14: 0x4000 is vmcnt(16) there, unused bits elsewhere */
  check_decode(GCN14, W1(0xBF8C4000u), "s_waitcnt vmcnt(16) expcnt(0) lgkmcnt(0)", 4);
  check_decode_error(GCN12, W1(0xBF8C4000u), "s_waitcnt bit 14 on gcn12");
  /* s_setreg_imm32_b32 (SOPK 0x14 on gcn12) has no register: SDST must be 0 */
  check_decode(GCN12, W2(0xBA00F801u, 0x2F0u), "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x2f0", 8);
  check_decode_error(GCN12, W2(0xBA01F801u, 0x2F0u), "s_setreg_imm32_b32 with SDST 1");
  /* s_cmpk_eq_u32 reads its register from SDST; s_cbranch_i_fork needs an even pair */
  check_decode(GCN12, W1(0xB4050010u), "s_cmpk_eq_u32 s5, 0x10", 4);
  check_decode_error(GCN12, W1(0xB8030004u), "s_cbranch_i_fork s3 (odd pair)");
  /* s_call_b64 (SOPK 0x15) exists on gcn14 only; 0x15 on gcn12 is nothing */
  check_decode(GCN14, W1(0xBA820004u), "s_call_b64 s[2:3], 4", 4);
  check_decode_error(GCN12, W1(0xBA820004u), "SOPK 0x15 on gcn12");
}

/* gfx9 VOP3A OP_SEL, bits 11-14: the VOP2-derived ops do not honour it (section 4 U);
 * the project rejects it. */
static void test_decode_op_sel_gcn14(void **state) {
  (void)state;
  check_decode(GCN14, W2(0xD1010001u, 0x00020702u), "v_add_f32_e64 v1, v2, v3", 8);
  check_decode_error(GCN14, W2(0xD1010801u, 0x00020702u), "op_sel bit 11");
  check_decode_error(GCN14, W2(0xD1011001u, 0x00020702u), "op_sel bit 12");
  check_decode_error(GCN14, W2(0xD1012001u, 0x00020702u), "op_sel bit 13");
  check_decode_error(GCN14, W2(0xD1014001u, 0x00020702u), "op_sel bit 14");
  check_decode_error(GCN14, W2(0xD1264001u, 0x00020702u), "op_sel:[0,0,1] on v_add_u16");
}

static void test_decode_illegal_operand(void **state) {
  (void)state;
  /* VOP2 v_add_f32_e32 v1, <code>, v3 on VI/gfx9: 0x02020600 | code */
  static const unsigned bad[] = {125, 209, 220, 234, 249, 250};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    check_decode_error(GCN12, W1(0x02020600u | bad[i]), "illegal VOP2 SRC0");
    check_decode_error(GCN14, W1(0x02020600u | bad[i]), "illegal VOP2 SRC0");
    check_decode_error(GCN10, W1(0x06020600u | bad[i]), "illegal VOP2 SRC0");
    /* the same code in VOP3 SRC1 (code<<9) and in a SOP2 source */
    check_decode_error(GCN12, W2(0xD1010001u, 0x00000102u | bad[i] << 9), "illegal VOP3 SRC1");
    check_decode_error(GCN10, W1(0x80010002u | bad[i] << 8), "illegal SOP2 SSRC1");
  }
  /* src_lds_direct (254): SRC0 of a vector instruction only, not the reversed-operand ops */
  check_decode_error(GCN12, W2(0xD1010001u, 0x00000102u | 254u << 9), "src_lds_direct in VOP3 SRC1");
  check_decode_error(GCN10, W1(0x80010002u | 254u << 8), "src_lds_direct in SOP2 SSRC1");
  check_decode_error(GCN10, W1(0xBE8003FEu), "src_lds_direct in SOP1 SSRC0");
  check_decode_error(GCN10, W1(0x0A0206FEu), "src_lds_direct in v_subrev_f32 SRC0");
  check_decode_error(GCN12, W1(0x240206FEu), "src_lds_direct in v_lshlrev_b32 SRC0");
  /* 1/(2pi) (248) is GFX8+ only */
  check_decode_error(GCN10, W1(0x060206F8u), "248 on gcn10");
  check_decode_error(GCN11, W1(0x060206F8u), "248 on gcn11");
  check_decode(GCN12, W1(0x020206F8u), "v_add_f32_e32 v1, 0.15915494, v3", 4);
  check_decode(GCN14, W1(0x020206F8u), "v_add_f32_e32 v1, 0.15915494, v3", 4);
  /* 235 (src_shared_base) is gfx9 only */
  check_decode_error(GCN12, W1(0x020206EBu), "235 on gcn12");
  check_decode(GCN14, W1(0x020206EBu), "v_add_f32_e32 v1, src_shared_base, v3", 4);
  /* read-only sources are legal sources */
  check_decode(GCN12, W1(0x020206FDu), "v_add_f32_e32 v1, src_scc, v3", 4);
  /* read-only and constant codes are not destinations: SOP2 SDST 125, SOP1 SDST 104 (SI) */
  check_decode_error(GCN10, W1(0x807D0302u), "SDST 125");
  check_decode_error(GCN10, W1(0x80680302u), "SDST 104 on gcn10");
  check_decode(GCN11, W1(0x80680302u), "s_add_u32 flat_scratch_lo, s2, s3", 4);
}

static void test_decode_odd_pair(void **state) {
  (void)state;
  /* s_and_b64: SOP2 opcode 0xf (SI/CI), 0xd (VI/gfx9) */
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    uint32_t op = gen <= GCN11 ? 0x87800000u : 0x86800000u;
    check_decode(gen, W1(op | 0x0402u), "s_and_b64 s[0:1], s[2:3], s[4:5]", 4);
    check_decode_error(gen, W1(op | 0x0401u), "s_and_b64 s[0:1], s[1:2], s[4:5]");
    check_decode_error(gen, W1(op | 0x0502u), "s_and_b64 s[0:1], s[2:3], s[5:6]");
    check_decode_error(gen, W1(op | 0x00010402u), "s_and_b64 s[1:2], s[2:3], s[4:5]");
    check_decode_error(gen, W1(op | 0x046Bu), "vcc_hi as a 64-bit source");
    check_decode_error(gen, W1(op | 0x047Cu), "m0 as a 64-bit source");
    check_decode_error(gen, W1(op | 0x007C0402u), "m0 as a 64-bit destination");
  }
  /* the last SGPR pair: s[102:103] exists only with 104 SGPRs */
  check_decode(GCN10, W1(0x87800466u), "s_and_b64 s[0:1], s[102:103], s[4:5]", 4);
  check_decode(GCN12, W1(0x86800466u), "s_and_b64 s[0:1], flat_scratch, s[4:5]", 4);
  /* s_mov_b64 s[0:1], s[3:4] (SOP1 op 1 on VI) */
  check_decode_error(GCN12, W1(0xBE800103u), "s_mov_b64 s[0:1], s[3:4]");
}

static void test_decode_constant_bus(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    uint32_t w0 = gen <= GCN11 ? 0xD2060001u : 0xD1010001u; /* v_add_f32_e64 v1, ... */
    check_decode_error(gen, W2(w0, 0x00000602u), "v_add_f32_e64 v1, s2, s3");
    check_decode(gen, W2(w0, 0x00000402u), "v_add_f32_e64 v1, s2, s2", 8);
    check_decode_error(gen, W2(w0, 0x0000D402u), "v_add_f32_e64 v1, s2, vcc_lo");
    check_decode_error(gen, W2(w0, 0x0000FC02u), "v_add_f32_e64 v1, s2, exec_lo");
    check_decode(gen, W2(w0, 0x0000F87Cu), "v_add_f32_e64 v1, m0, m0", 8);
    check_decode(gen, W2(w0, 0x0001E402u), "v_add_f32_e64 v1, s2, 1.0", 8);
    check_decode(gen, W2(w0, 0x00000702u), "v_add_f32_e64 v1, v2, s3", 8);
    check_decode_error(gen, W2(w0, 0x0001FA02u), "v_add_f32_e64 v1, s2, src_scc");
    check_decode_error(gen, W2(w0, 0x0001F602u), "v_add_f32_e64 v1, s2, src_vccz");
    check_decode(gen, W2(w0, 0x0001F702u), "v_add_f32_e64 v1, v2, src_vccz", 8);
    /* VOP2: an SGPR in SRC0 is one scalar value */
    check_decode(gen, W1((gen <= GCN11 ? 0x06000000u : 0x02000000u) | 0x00020602u),
                 "v_add_f32_e32 v1, s2, v3", 4);
  }
}

static void test_decode_literal_in_vop3(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    uint32_t w0 = gen <= GCN11 ? 0xD2060001u : 0xD1010001u;
    check_decode_error(gen, W3(w0, 0x000206FFu, 0x3F800000u), "VOP3 SRC0 = literal");
    check_decode_error(gen, W3(w0, 0x0001FF02u, 0x3F800000u), "VOP3 SRC1 = literal");
  }
  check_decode_error(GCN14, W3(0xD11C0401u, 0x03FE0702u, 0u), "VOP3B SRC2 = literal");
}

static void test_decode_modifiers_on_integer(void **state) {
  (void)state;
  /* v_min_i32: VOP2 0x11 (SI/CI) -> VOP3 0x111; 0x0c (VI/gfx9) -> 0x10c */
  check_decode(GCN12, W2(0xD10C0001u, 0x00020702u), "v_min_i32_e64 v1, v2, v3", 8);
  check_decode(GCN10, W2(0xD2220001u, 0x00020702u), "v_min_i32_e64 v1, v2, v3", 8);
  check_decode_error(GCN12, W2(0xD10C0101u, 0x00020702u), "abs on an integer operand");
  check_decode_error(GCN12, W2(0xD10C0201u, 0x00020702u), "abs on integer src1");
  check_decode_error(GCN10, W2(0xD2220101u, 0x00020702u), "abs on an integer operand");
  check_decode_error(GCN12, W2(0xD10C0001u, 0x20020702u), "neg on an integer operand");
  check_decode_error(GCN14, W2(0xD1190401u, 0x20020702u), "neg on v_add_co_u32 (VOP3B)");
  check_decode_error(GCN12, W2(0xD10C0001u, 0x08020702u), "omod on an integer result");
  /* v_min_i32 has no integer clamp (llvm-mc: invalid operand) */
  check_decode_error(GCN12, W2(0xD10C8001u, 0x00020702u), "clamp on v_min_i32");
  check_decode_error(GCN10, W2(0xD2220801u, 0x00020702u), "clamp on v_min_i32 (SI)");
  /* v_ldexp_f32 src1 is an integer (SI/CI: 0x2b -> 0x12b; 0x12b<<17 = 0x02560000) */
  check_decode(GCN10, W2(0xD2560101u, 0x00020702u), "v_ldexp_f32_e64 v1, |v2|, v3", 8);
  check_decode_error(GCN10, W2(0xD2560201u, 0x00020702u), "abs on v_ldexp_f32 src1");
}

/* Integer clamp exists on VI and gfx9 only (section 4, int-clamp-insts). On SI/CI VOP3B
 * has no CLAMP field at all (bits 8-14 are SDST), so the case is built by hand. */
static void test_integer_clamp_by_gen(void **state) {
  (void)state;
  /* VI/gfx9: clamp bit 15 -> 0xD1198401 */
  gcn_inst in = check_decode(GCN12, W2(0xD1198401u, 0x00020702u), "v_add_u32_e64 v1, s[4:5], v2, v3 clamp", 8);
  assert_true(in.clamp);
  check_decode(GCN14, W2(0xD1198401u, 0x00020702u), "v_add_co_u32_e64 v1, s[4:5], v2, v3 clamp", 8);
  check_decode(GCN14, W2(0xD1348001u, 0x00020702u), "v_add_u32_e64 v1, v2, v3 clamp", 8);
  check_decode(GCN12, W2(0xD1268001u, 0x00020702u), "v_add_u16_e64 v1, v2, v3 clamp", 8);
  check_asm(GCN12, "v_add_u32_e64 v1, s[4:5], v2, v3 clamp", W2(0xD1198401u, 0x00020702u));
  check_asm(GCN14, "v_add_co_u32_e64 v1, s[4:5], v2, v3 clamp", W2(0xD1198401u, 0x00020702u));

  for (gcn_gen gen = GCN10; gen <= GCN11; gen = (gcn_gen)(gen + 1)) {
    gcn_error err;
    in = check_decode(gen, W2(0xD24A0401u, 0x00020702u), "v_add_i32_e64 v1, s[4:5], v2, v3", 8);
    in.clamp = true;
    memset(&err, 0, sizeof err);
    assert_int_equal(gcn_validate(&in, &err), -1);
    assert_true(err.msg[0] != '\0');
    check_asm_error(gen, "v_add_i32_e64 v1, s[4:5], v2, v3 clamp");
    check_asm_error(gen, "v_add_i32 v1, vcc, v2, v3 clamp");
  }
  /* The same hand-built instruction is accepted on gcn12 and encodes bit 15. */
  gcn_error err;
  in = check_decode(GCN12, W2(0xD1190401u, 0x00020702u), "v_add_u32_e64 v1, s[4:5], v2, v3", 8);
  in.clamp = true;
  assert_int_equal(gcn_validate(&in, &err), 0);
  uint32_t w[2];
  assert_int_equal(gcn_encode(&in, w), 2);
  assert_int_equal(w[0], 0xD1198401u);
  assert_int_equal(w[1], 0x00020702u);
}

/* gcn_validate / gcn_encode on instructions built field by field. */
static void test_validate_and_encode_by_hand(void **state) {
  (void)state;
  gcn_inst in;
  gcn_error err;
  uint32_t w[2];
  memset(&in, 0, sizeof in);
  in.desc = &gcn_isa[GCN_OP_V_ADD_F32];
  in.gen = GCN12;
  in.enc = GCN_ENC_VOP2;
  in.size = 4;
  in.vdst = 1;
  in.src[0] = 0x102;
  in.src[1] = 0x103;
  assert_int_equal(gcn_validate(&in, &err), 0);
  assert_int_equal(gcn_encode(&in, w), 1);
  assert_int_equal(w[0], 0x02020702u);
  in.gen = GCN10; /* same fields, SI opcode 3 */
  assert_int_equal(gcn_validate(&in, &err), 0);
  assert_int_equal(gcn_encode(&in, w), 1);
  assert_int_equal(w[0], 0x06020702u);
  in.gen = GCN12;
  in.src[0] = 125;
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_validate(&in, &err), -1);
  assert_true(err.msg[0] != '\0');
  in.src[0] = GCN_CODE_LITERAL;
  in.literal = 0x3F000001u;
  in.has_literal = true;
  in.size = 8;
  assert_int_equal(gcn_validate(&in, &err), 0);
  assert_int_equal(gcn_encode(&in, w), 2);
  assert_int_equal(w[0], 0x020206FFu);
  assert_int_equal(w[1], 0x3F000001u);
  /* the same as VOP3A: a literal is illegal */
  in.enc = GCN_ENC_VOP3A;
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_validate(&in, &err), -1);
  assert_true(err.msg[0] != '\0');
  /* VOP3A with inline 0.5 (240) in src1 and abs on src0 */
  in.src[0] = 0x102;
  in.src[1] = 240;
  in.has_literal = false;
  in.literal = 0;
  in.abs = 1;
  in.omod = 3;
  assert_int_equal(gcn_validate(&in, &err), 0);
  assert_int_equal(gcn_encode(&in, w), 2);
  assert_int_equal(w[0], 0xD1010101u);
  assert_int_equal(w[1], 0x1801E102u); /* 3<<27 | 240<<9 (0x1E000) | 0x102 */
  /* an instruction absent on the generation */
  memset(&in, 0, sizeof in);
  in.desc = gcn_isa_by_mnemonic(GCN12, "v_add_f16");
  assert_non_null(in.desc);
  in.gen = GCN10;
  in.enc = GCN_ENC_VOP2;
  in.size = 4;
  in.src[0] = 0x102;
  in.src[1] = 0x103;
  memset(&err, 0, sizeof err);
  assert_int_equal(gcn_validate(&in, &err), -1);
  assert_true(err.msg[0] != '\0');
}

/* gcn_disasm truncates to the buffer and always terminates it. */
static void test_disasm_truncation(void **state) {
  (void)state;
  gcn_inst in;
  gcn_error err;
  static const uint32_t w[2] = {0xD1018101u, 0x28020702u};
  assert_int_equal(gcn_decode(GCN12, w, 2, &in, &err), 0);
  char buf[16];
  memset(buf, 'x', sizeof buf);
  gcn_disasm(&in, buf, 8);
  assert_string_equal(buf, "v_add_f");
  assert_int_equal(buf[8], 'x');
  memset(buf, 'x', sizeof buf);
  gcn_disasm(&in, buf, 1);
  assert_int_equal(buf[0], '\0');
  assert_int_equal(buf[1], 'x');
  char full[64];
  gcn_disasm(&in, full, sizeof full);
  assert_string_equal(full, "v_add_f32_e64 v1, -|v2|, v3 clamp mul:2");
  /* exactly fitting: strlen + 1 */
  char exact[40];
  gcn_disasm(&in, exact, sizeof exact);
  assert_string_equal(exact, "v_add_f32_e64 v1, -|v2|, v3 clamp mul:2");
}

/* ------------------------------------------------------------------ assembler */

static void test_assemble_forms(void **state) {
  (void)state;
  /* abs(x) and neg(x) spellings: abs[0] = 0x100, neg[0] = 1<<29 */
  check_asm(GCN12, "v_add_f32_e64 v1, abs(v2), v3", W2(0xD1010101u, 0x00020702u));
  check_asm(GCN12, "v_add_f32_e64 v1, |v2|, v3", W2(0xD1010101u, 0x00020702u));
  check_asm(GCN12, "v_add_f32_e64 v1, neg(v2), v3", W2(0xD1010001u, 0x20020702u));
  check_asm(GCN12, "v_add_f32_e64 v1, -v2, v3", W2(0xD1010001u, 0x20020702u));
  check_asm(GCN12, "v_add_f32_e64 v1, neg(abs(v2)), v3", W2(0xD1010101u, 0x20020702u));
  check_asm(GCN10, "v_add_f32_e64 v1, abs(v2), v3", W2(0xD2060101u, 0x00020702u));
  check_asm(GCN14, "v_add_f32_e64 v1, v2, abs(v3)", W2(0xD1010201u, 0x00020702u));
  /* modifiers in any order (003: "can be given in random order"): clamp + div:2 */
  check_asm(GCN12, "v_add_f32_e64 v1, v2, v3 div:2 clamp", W2(0xD1018001u, 0x18020702u));
  check_asm(GCN12, "v_add_f32_e64 v1, v2, v3 clamp div:2", W2(0xD1018001u, 0x18020702u));
  check_asm(GCN10, "v_add_f32_e64 v1, v2, v3 mul:4 clamp", W2(0xD2060801u, 0x10020702u));
  check_asm(GCN14, "v_add_f32_e64 v1, -|v2|, v3 mul:2 clamp", W2(0xD1018101u, 0x28020702u));
  /* suffix-less: VOP3 when src1 is scalar, VOP2 when it fits */
  gcn_inst in = check_asm(GCN12, "v_add_f32 v1, v2, s3", W2(0xD1010001u, 0x00000702u));
  assert_int_equal(in.enc, GCN_ENC_VOP3A);
  check_asm(GCN10, "v_add_f32 v1, v2, s3", W2(0xD2060001u, 0x00000702u));
  in = check_asm(GCN12, "v_add_f32 v1, s3, v2", W1(0x02020403u));
  assert_int_equal(in.enc, GCN_ENC_VOP2);
  check_asm(GCN10, "v_add_f32 v1, s3, v2", W1(0x06020403u));
  /* suffix-less with modifiers goes to VOP3 */
  check_asm(GCN14, "v_add_f32 v1, v2, v3 clamp", W2(0xD1018001u, 0x00020702u));
  /* suffix-less carry forms: vcc -> VOP2, an SGPR pair -> VOP3B */
  in = check_asm(GCN10, "v_add_i32 v1, vcc, v2, v3", W1(0x4A020702u));
  assert_int_equal(in.enc, GCN_ENC_VOP2);
  in = check_asm(GCN10, "v_add_i32 v1, s[4:5], v2, v3", W2(0xD24A0401u, 0x00020702u));
  assert_int_equal(in.enc, GCN_ENC_VOP3B);
  check_asm(GCN14, "v_addc_co_u32 v1, vcc, v2, v3, vcc", W1(0x38020702u));
  check_asm(GCN14, "v_add_co_u32_e64 v1, vcc, v2, v3", W2(0xD1196A01u, 0x00020702u));
  /* constants: inline 1.0 (242), 1/(2pi) inline only on GFX8+, literal otherwise */
  check_asm(GCN12, "v_add_f32 v1, 1.0, v3", W1(0x020206F2u));
  check_asm(GCN12, "v_add_f32 v1, 0.15915494, v3", W1(0x020206F8u));
  check_asm(GCN10, "v_add_f32 v1, 0.15915494, v3", W2(0x060206FFu, 0x3E22F983u));
  check_asm(GCN10, "v_add_f32 v1, 0x3f000001, v3", W2(0x060206FFu, 0x3F000001u));
  check_asm(GCN12, "v_add_f32 v1, -16, v3", W1(0x020206D0u));
  check_asm(GCN14, "s_add_u32 s1, 0x12345678, s3", W2(0x800103FFu, 0x12345678u));
  check_asm(GCN14, "s_add_u32 s1, 64, s3", W1(0x800103C0u));
  check_asm(GCN12, "v_madmk_f32 v1, v2, 0x41200000, v3", W2(0x2E020702u, 0x41200000u));
  check_asm(GCN10, "v_readlane_b32 s5, v1, m0", W1(0x020AF901u));
  check_asm(GCN11, "s_mov_b32 s0, flat_scratch_lo", W1(0xBE800368u));
  check_asm(GCN12, "s_mov_b32 s0, flat_scratch_lo", W1(0xBE800066u));
  check_asm(GCN14, "s_mov_b32 s0, ttmp0", W1(0xBE80006Cu));
  check_asm(GCN12, "S_ADD_U32 S1, S2, S3", W1(0x80010302u)); /* case-insensitive */
  check_asm(GCN12, "  s_add_u32   s1 ,  s2 , s3  ", W1(0x80010302u));
}

static void test_assemble_errors(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    /* unknown mnemonic */
    check_asm_error(gen, "v_frobnicate_f32 v1, v2, v3");
    check_asm_error(gen, "s_add_u32_e64 s1, s2, s3");
    check_asm_error(gen, "");
    /* wrong operand count */
    check_asm_error(gen, "v_add_f32 v1, v2");
    check_asm_error(gen, "v_add_f32 v1, v2, v3, v4");
    check_asm_error(gen, "s_add_u32 s1, s2");
    check_asm_error(gen, "s_add_u32 s1, s2, s3, s4");
    check_asm_error(gen, "s_endpgm 0, 1");
    /* malformed registers */
    check_asm_error(gen, "v_add_f32 v1, v2, vx");
    check_asm_error(gen, "v_add_f32 v1, v256, v3");
    check_asm_error(gen, "v_add_f32 v1, v2, v");
    check_asm_error(gen, "s_add_u32 s1, s[2:, s3");
    check_asm_error(gen, "s_and_b64 s[0:1], s[1:2], s[4:5]");
    check_asm_error(gen, "s_and_b64 s[0:1], s2, s[4:5]"); /* 32-bit register for a 64-bit operand */
    check_asm_error(gen, "s_add_u32 s[0:1], s2, s3");      /* 64-bit register for a 32-bit one */
    check_asm_error(gen, "v_add_f32 s1, v2, v3");          /* VDST must be a VGPR */
    /* operand rules */
    check_asm_error(gen, "v_add_f32 v1, s2, s3");            /* constant bus */
    check_asm_error(gen, "v_add_f32_e64 v1, v2, 0x3f000001"); /* literal in VOP3 */
    check_asm_error(gen, "v_add_f32_e32 v1, v2, s3");         /* VSRC1 must be a VGPR */
    check_asm_error(gen, "v_add_f32_e32 v1, |v2|, v3");       /* abs needs VOP3 */
    check_asm_error(gen, "v_add_f32 v1, v2, v3 mul:3");
    check_asm_error(gen, "v_add_f32 v1, v2, v3 clamp clamp");
    check_asm_error(gen, "s_add_u32 s1, s2, s3 clamp");
    check_asm_error(gen, "v_cndmask_b32_e32 v1, s2, v3, vcc");
  }
  /* instruction absent on the generation */
  check_asm_error(GCN10, "v_add_f16 v1, v2, v3");
  check_asm_error(GCN11, "v_add_f16 v1, v2, v3");
  check_asm_error(GCN12, "s_mul_hi_u32 s1, s2, s3");
  check_asm_error(GCN10, "s_mul_hi_u32 s1, s2, s3");
  check_asm_error(GCN12, "v_add_co_u32 v1, vcc, v2, v3"); /* spelled v_add_u32 on VI */
  check_asm_error(GCN14, "v_add_i32 v1, vcc, v2, v3");    /* spelled v_add_co_u32 on gfx9 */
  check_asm_error(GCN10, "v_add_u32 v1, vcc, v2, v3");
  check_asm_error(GCN12, "v_min_legacy_f32 v1, v2, v3");  /* SI/CI only */
  /* v_add_u32 on gfx9 has three operands */
  check_asm_error(GCN14, "v_add_u32 v1, vcc, v2, v3");
  check_asm(GCN14, "v_add_u32 v1, v2, v3", W1(0x68020702u));
  /* registers absent on the generation */
  check_asm_error(GCN12, "s_add_u32 s1, s102, s3");
  check_asm_error(GCN12, "s_mov_b32 s0, ttmp12");
  check_asm_error(GCN11, "s_mov_b32 s0, xnack_mask_lo");
  check_asm_error(GCN14, "s_mov_b32 s0, tba_lo");
  check_asm_error(GCN10, "s_mov_b32 s0, flat_scratch_lo");
  /* abs/neg on an integer operand */
  check_asm_error(GCN12, "v_min_i32_e64 v1, |v2|, v3");
  check_asm_error(GCN12, "v_min_i32_e64 v1, -v2, v3");
  check_asm_error(GCN12, "v_min_i32_e64 v1, v2, v3 mul:2");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_decode_truncated),
      cmocka_unit_test(test_decode_absent_opcode),
      cmocka_unit_test(test_decode_out_of_scope),
      cmocka_unit_test(test_decode_sop_immediates),
      cmocka_unit_test(test_decode_new_classes),
      cmocka_unit_test(test_decode_op_sel_gcn14),
      cmocka_unit_test(test_decode_illegal_operand),
      cmocka_unit_test(test_decode_odd_pair),
      cmocka_unit_test(test_decode_constant_bus),
      cmocka_unit_test(test_decode_literal_in_vop3),
      cmocka_unit_test(test_decode_modifiers_on_integer),
      cmocka_unit_test(test_integer_clamp_by_gen),
      cmocka_unit_test(test_validate_and_encode_by_hand),
      cmocka_unit_test(test_disasm_truncation),
      cmocka_unit_test(test_assemble_forms),
      cmocka_unit_test(test_assemble_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

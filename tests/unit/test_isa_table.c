/* Unit tests of the generated ISA tables (refmodel/isa/gcn_isa.tab through scripts/gen_isa.py):
 * encoding descriptors, inline constants, generation names, per-instruction flags.
 *
 * Expected words are LLVM 14's encodings (llvm-mc --show-encoding); inline constant values
 * are checked against the C library's reading of their printed text and against
 * gcn_semantics.md section 1; the lists of ops are docs/rtl.md's and docs/microarch.md's. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gcnref/isa.h"

/* Every descriptor packs its own fields back: fields do not overlap each other or the
 * fixed bits, and the packed word (opcode 0) matches the descriptor's own encoding. */
static void test_enc_pack_match(void **state) {
  (void)state;
  for (unsigned i = 0; i < GCN_NUM_ENC_DESCS; i++) {
    const gcn_enc_desc *e = &gcn_enc_descs[i];
    for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
      if (!(e->gens >> g & 1u)) continue;
      assert_int_equal(gcn_enc_lookup((gcn_gen)g, (gcn_enc)e->enc)->enc, e->enc);
      uint32_t ones[GCN_FLD_COUNT], w[2] = {0, 0};
      for (unsigned f = 0; f < GCN_FLD_COUNT; f++) ones[f] = 0xFFFFFFFFu;
      assert_int_equal(gcn_enc_pack(e, ones, w), e->dwords);
      uint32_t seen[2] = {e->mask, 0};
      for (unsigned f = 0; f < GCN_FLD_COUNT; f++) {
        const gcn_field_desc *d = &e->field[f];
        if (!d->width) continue;
        uint32_t m = (uint32_t)(((1ull << d->width) - 1) << d->lsb);
        if (seen[d->dword] & m) fail_msg("%s: field %u overlaps", e->name, f);
        seen[d->dword] |= m;
        assert_int_equal(gcn_enc_get(e, (gcn_enc_field)f, w), (uint32_t)((1ull << d->width) - 1));
      }
      /* Opcode 0: high SOP2 opcodes are the other SOP encodings' prefixes. */
      if (e->opcode_field >= 0) gcn_enc_put(e, (gcn_enc_field)e->opcode_field, w, 0);
      const gcn_enc_desc *m = gcn_enc_match((gcn_gen)g, w[0]);
      assert_non_null(m);
      /* VOP3B has VOP3A's fixed bits: the decoder picks it by the row. */
      assert_int_equal(m->enc == GCN_ENC_VOP3A && e->enc == GCN_ENC_VOP3B ? GCN_ENC_VOP3B : m->enc, e->enc);
    }
  }
}

static uint32_t pack(gcn_gen gen, gcn_enc enc, const uint32_t *v, uint32_t *w) {
  const gcn_enc_desc *e = gcn_enc_lookup(gen, enc);
  uint32_t vals[GCN_FLD_COUNT] = {0};
  for (unsigned i = 0; v[i] != ~0u; i += 2) vals[v[i]] = v[i + 1];
  gcn_enc_pack(e, vals, w);
  return w[0];
}

/* Words from llvm-mc 14 (--show-encoding). */
static void test_enc_known_words(void **state) {
  (void)state;
  uint32_t w[2];
  /* s_mov_b32 s0, s1: SOP1 op 0 on tonga, 3 on tahiti. */
  const uint32_t mov_vi[] = {GCN_FLD_OP, 0, GCN_FLD_SSRC0, 1, ~0u};
  const uint32_t mov_si[] = {GCN_FLD_OP, 3, GCN_FLD_SSRC0, 1, ~0u};
  assert_int_equal(pack(GCN12, GCN_ENC_SOP1, mov_vi, w), 0xBE800001u);
  assert_int_equal(pack(GCN10, GCN_ENC_SOP1, mov_si, w), 0xBE800301u);
  /* s_add_u32 s2, s3, s4 */
  const uint32_t add[] = {GCN_FLD_OP, 0, GCN_FLD_SDST, 2, GCN_FLD_SSRC0, 3, GCN_FLD_SSRC1, 4, ~0u};
  assert_int_equal(pack(GCN14, GCN_ENC_SOP2, add, w), 0x80020403u);
  /* s_endpgm */
  const uint32_t end[] = {GCN_FLD_OP, 1, ~0u};
  assert_int_equal(pack(GCN11, GCN_ENC_SOPP, end, w), 0xBF810000u);
  /* v_add_f32_e64 v0, v1, v2: opcode 0x101 at bit 16 on tonga, 0x103 at bit 17 on tahiti. */
  const uint32_t v3_vi[] = {GCN_FLD_OP, 0x101, GCN_FLD_SRC0, 257, GCN_FLD_SRC1, 258, ~0u};
  const uint32_t v3_si[] = {GCN_FLD_OP, 0x103, GCN_FLD_SRC0, 257, GCN_FLD_SRC1, 258, ~0u};
  assert_int_equal(pack(GCN12, GCN_ENC_VOP3A, v3_vi, w), 0xD1010000u);
  assert_int_equal(w[1], 0x00020501u);
  assert_int_equal(pack(GCN10, GCN_ENC_VOP3A, v3_si, w), 0xD2060000u);
  /* Encodings are recognised by their fixed bits. */
  assert_int_equal(gcn_enc_match(GCN12, 0xBF000000u)->enc, GCN_ENC_SOPC); /* s_cmp_eq_i32 */
  assert_int_equal(gcn_enc_match(GCN12, 0xB0000000u)->enc, GCN_ENC_SOPK); /* s_movk_i32 */
  assert_int_equal(gcn_enc_match(GCN12, 0x7E000200u)->enc, GCN_ENC_VOP1); /* v_mov_b32 */
  assert_int_equal(gcn_enc_match(GCN12, 0x7C000000u)->enc, GCN_ENC_VOPC);
  assert_true(gcn_enc_match(GCN12, 0xC0000000u) == NULL); /* SMEM: not in the table */
  assert_int_equal(gcn_enc_lookup(GCN12, GCN_ENC_SOPC)->cls, GCN_CLASS_SOPC);
  assert_int_equal(gcn_enc_lookup(GCN12, GCN_ENC_VOP1)->cls, GCN_CLASS_VOP1);
}

static uint64_t f64_bits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* f16 of +-2^e (exact, normal range). */
static uint16_t f16_pow2(double v) {
  int e;
  double m = frexp(v < 0 ? -v : v, &e); /* v = m * 2^e, m = 0.5 */
  assert_true(m == 0.5);
  return (uint16_t)((v < 0 ? 0x8000u : 0) | (unsigned)(e - 1 + 15) << 10);
}

static void test_inline_floats(void **state) {
  (void)state;
  for (unsigned i = 0; i < GCN_NUM_INLINE_FLOATS; i++) {
    const gcn_inline_float_desc *f = &gcn_inline_floats[i];
    assert_int_equal(f64_bits(strtod(f->text64, NULL)), f->f64);
    assert_int_equal(f32_bits(strtof(f->text, NULL)), f->f32);
    if (f->code != 248) assert_int_equal(f16_pow2(strtod(f->text, NULL)), f->f16);
  }
  /* 1/(2pi): gcn_semantics.md section 1; only gcn12 and later. */
  const gcn_inline_float_desc *inv = &gcn_inline_floats[GCN_NUM_INLINE_FLOATS - 1];
  assert_int_equal(inv->code, 248);
  assert_int_equal(inv->f16, 0x3118);
  assert_int_equal(inv->gens, 1u << GCN12 | 1u << GCN14);
}

static void test_generations(void **state) {
  (void)state;
  static const struct {
    const char *name;
    gcn_gen gen;
  } names[] = {{"gcn10", GCN10}, {"gfx6", GCN10}, {"si", GCN10},   {"gcn11", GCN11},
               {"gfx7", GCN11},  {"ci", GCN11},   {"gcn12", GCN12}, {"gfx8", GCN12},
               {"vi", GCN12},    {"gcn14", GCN14}, {"gfx9", GCN14}, {"vega", GCN14}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    gcn_gen g = GCN_GEN_COUNT;
    assert_true(gcn_gen_parse(names[i].name, &g));
    assert_int_equal(g, names[i].gen);
  }
  gcn_gen g;
  assert_false(gcn_gen_parse("gfx10", &g));
  assert_false(gcn_gen_parse("GCN10", &g));
  assert_string_equal(gcn_gen_name(GCN14), "gcn14");
}

/* gcn_imm_mask (generated from @symbols field): MODE.VSKIP is bit 28 and GPR_IDX_EN bit 27
 * (gcn_semantics.md section 2; GPR_IDX_EN from gcn12), M0's gpr_idx 7:0 and mode 15:12
 * (s_set_gpr_idx_on, gcn12+); and on every generation and field the mask agrees with
 * gcn_imm_get. */
static void test_imm_masks(void **state) {
  (void)state;
  for (int g = 0; g < GCN_GEN_COUNT; g++) {
    assert_int_equal(gcn_imm_mask((gcn_gen)g, GCN_IMMF_MODE_VSKIP), 1u << 28);
    assert_int_equal(gcn_imm_mask((gcn_gen)g, GCN_IMMF_MODE_GPR_IDX_EN), g >= GCN12 ? 1u << 27 : 0);
    assert_int_equal(gcn_imm_mask((gcn_gen)g, GCN_IMMF_M0_GPR_IDX), g >= GCN12 ? 0xFFu : 0);
    assert_int_equal(gcn_imm_mask((gcn_gen)g, GCN_IMMF_M0_GPR_MODE), g >= GCN12 ? 0xF000u : 0);
    for (int f = 0; f < GCN_IMMF_COUNT; f++) {
      uint32_t m = gcn_imm_mask((gcn_gen)g, (gcn_imm_field)f);
      assert_int_equal(gcn_imm_get((gcn_gen)g, (gcn_imm_field)f, m), gcn_imm_max((gcn_gen)g, (gcn_imm_field)f));
      assert_int_equal(gcn_imm_get((gcn_gen)g, (gcn_imm_field)f, ~m), 0);
    }
  }
}

static void test_flags(void **state) {
  (void)state;
  /* docs/rtl.md: the core, not gcn_salu, executes these. */
  static const enum gcn_op core[] = {
      GCN_OP_S_MOVRELS_B32, GCN_OP_S_MOVRELS_B64, GCN_OP_S_MOVRELD_B32,     GCN_OP_S_MOVRELD_B64,
      GCN_OP_S_CBRANCH_G_FORK, GCN_OP_S_CBRANCH_JOIN, GCN_OP_S_SET_GPR_IDX_IDX, GCN_OP_S_RFE_B64,
      GCN_OP_S_RFE_RESTORE_B64, GCN_OP_S_CBRANCH_I_FORK};
  unsigned n_core = 0;
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) n_core += (gcn_isa[i].flags & GCN_F_CORE) != 0;
  assert_int_equal(n_core, sizeof core / sizeof core[0]);
  for (size_t i = 0; i < sizeof core / sizeof core[0]; i++) assert_true(gcn_isa[core[i]].flags & GCN_F_CORE);
  /* docs/microarch.md rule 8: v_madmk_f16 keeps VDST's upper half on gcn14 only. */
  const gcn_inst_desc *mk = &gcn_isa[GCN_OP_V_MADMK_F16];
  assert_false(gcn_isa_has(mk, GCN12, GCN_F_RDVDST));
  assert_true(gcn_isa_has(mk, GCN14, GCN_F_RDVDST));
  assert_true(gcn_isa_has(&gcn_isa[GCN_OP_V_MAC_F16], GCN12, GCN_F_RDVDST));
  assert_false(gcn_isa_has(&gcn_isa[GCN_OP_V_ADD_F32], GCN12, GCN_F_RDVDST));
  /* Groups: the generator never emits the program-flow ops. */
  assert_int_equal(gcn_isa[GCN_OP_S_ENDPGM].group, GCN_GROUP_NONE);
  assert_int_equal(gcn_isa[GCN_OP_S_NOP].group, GCN_GROUP_NOP);
  assert_int_equal(gcn_isa[GCN_OP_V_ADD_CO_U32].group, GCN_GROUP_VALU_CARRY);
  assert_string_equal(gcn_group_names[GCN_GROUP_VALU_F16], "valu_f16");
}

/* The compare relations (@symbols relation): bit 0 less, 1 equal, 2 greater, 3 unordered,
 * from the predicates' definitions (IEEE 754; the float ones are opcode[3:0] in the
 * clrx/GcnInstrsVopc.md opcode table). */
static void test_relations(void **state) {
  (void)state;
  assert_int_equal(gcn_isa[GCN_OP_V_CMP_F_F32].rel, 0);
  assert_int_equal(gcn_isa[GCN_OP_V_CMP_LG_F32].rel, 1 | 4);             /* ordered and not equal */
  assert_int_equal(gcn_isa[GCN_OP_V_CMP_O_F64].rel, 1 | 2 | 4);          /* ordered */
  assert_int_equal(gcn_isa[GCN_OP_V_CMPX_NGE_F16].rel, 8 | 1);           /* !(a >= b): less or unordered */
  assert_int_equal(gcn_isa[GCN_OP_V_CMPS_NLG_F32].rel, 8 | 2);           /* equal or unordered */
  assert_int_equal(gcn_isa[GCN_OP_V_CMPSX_TRU_F64].rel, 15);
  assert_int_equal(gcn_isa[GCN_OP_V_CMP_NE_I32].rel, 1 | 4);
  assert_int_equal(gcn_isa[GCN_OP_V_CMPX_T_U64].rel, 7);
  assert_int_equal(gcn_isa[GCN_OP_V_CMP_CLASS_F32].rel, -1);
  assert_int_equal(gcn_isa[GCN_OP_V_ADD_F32].rel, -1);
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) /* every float compare's relation is its opcode[3:0] */
    if (gcn_isa[i].cls == GCN_CLASS_VOPC && gcn_isa[i].rel >= 0 && gcn_types[gcn_isa[i].operand[1].type].is_float)
      for (unsigned g = 0; g < GCN_GEN_COUNT; g++)
        if (gcn_isa[i].opcode[g] >= 0) assert_int_equal(gcn_isa[i].opcode[g] & 15, gcn_isa[i].rel);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_relations),
      cmocka_unit_test(test_enc_pack_match), cmocka_unit_test(test_enc_known_words),
      cmocka_unit_test(test_inline_floats),  cmocka_unit_test(test_generations),
      cmocka_unit_test(test_flags),          cmocka_unit_test(test_imm_masks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the operand layer (refmodel/include/gcnref/operand.h).
 *
 * Every expected value below is written by hand from /work/shared/spec/gcn_semantics.md
 * section 1 ("Operand encoding (9-bit SRC / 7-bit SDST)", the "Constant value by operand
 * type" table and the "Extending a 32-bit literal" bullet); section 1 wins over the CLRX
 * pages. Where the spec is UNCERTAIN (code 104-105 on GCN1.0) the project's documented
 * choice (reserved / illegal) is tested. Names follow LLVM AMDGPUOperandSyntax.rst, which
 * section 1 cites. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gcnref/isa.h"
#include "gcnref/operand.h"

static const gcn_gen all_gens[] = {GCN10, GCN11, GCN12, GCN14};
#define N_GENS (sizeof all_gens / sizeof all_gens[0])

/* Failure context: cmocka's assert_* print only the values, so name gen/code first. */
static char ctx[160];
#define CTX(...) snprintf(ctx, sizeof ctx, __VA_ARGS__)
#define CHECK(cond)                                        \
  do {                                                     \
    if (!(cond)) print_error("context: %s\n", ctx);        \
    assert_true(cond);                                     \
  } while (0)
#define CHECK_U64(a, b)                                                                   \
  do {                                                                                    \
    uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                      \
    if (a_ != b_)                                                                         \
      print_error("context: %s: got 0x%016llx, expected 0x%016llx\n", ctx,               \
                  (unsigned long long)a_, (unsigned long long)b_);                        \
    assert_true(a_ == b_);                                                                \
  } while (0)
#define CHECK_STR(a, b)                                                                   \
  do {                                                                                    \
    const char *a_ = (a), *b_ = (b);                                                      \
    if (!a_ || strcmp(a_, b_) != 0)                                                       \
      print_error("context: %s: got '%s', expected '%s'\n", ctx, a_ ? a_ : "(null)", b_); \
    assert_true(a_ && strcmp(a_, b_) == 0);                                               \
  } while (0)

/* ------------------------------------------------------------------ register counts */

/* Section 1 C bullet: "104 SGPRs GFX7, 102 GFX8/9; 12/16 TTMPs"; table row 102-103 is SGPR
 * on GCN1.0/1.1; SIDefines TTMP_VI_MIN=112, TTMP_GFX9PLUS_MIN=108. */
static void test_num_sgprs_and_ttmps(void **state) {
  (void)state;
  assert_int_equal(gcn_num_sgprs(GCN10), 104);
  assert_int_equal(gcn_num_sgprs(GCN11), 104);
  assert_int_equal(gcn_num_sgprs(GCN12), 102);
  assert_int_equal(gcn_num_sgprs(GCN14), 102);
  assert_int_equal(gcn_num_ttmps(GCN10), 12);
  assert_int_equal(gcn_num_ttmps(GCN11), 12);
  assert_int_equal(gcn_num_ttmps(GCN12), 12);
  assert_int_equal(gcn_num_ttmps(GCN14), 16);
  assert_int_equal(gcn_ttmp_base(GCN10), 112);
  assert_int_equal(gcn_ttmp_base(GCN11), 112);
  assert_int_equal(gcn_ttmp_base(GCN12), 112);
  assert_int_equal(gcn_ttmp_base(GCN14), 108);
}

/* ------------------------------------------------------------------ operand kinds */

/* Expected kind of every code 0..511 on GEN, from the section 1 table and its bullets. */
static gcn_opnd_kind expected_kind(gcn_gen gen, unsigned code) {
  if (code <= 101) return GCN_OPND_SGPR;                  /* 0-101 SGPR everywhere */
  if (code <= 103) return gen <= GCN11 ? GCN_OPND_SGPR    /* SGPR on SI/CI */
                                       : GCN_OPND_SPECIAL; /* FLAT_SCRATCH on VI/gfx9 */
  if (code <= 105) {
    if (gen == GCN10) return GCN_OPND_ILLEGAL; /* "SGPR? (U)": project choice, reserved */
    return GCN_OPND_SPECIAL;                   /* FLAT_SCRATCH (CI), XNACK_MASK (VI, gfx9) */
  }
  if (code <= 107) return GCN_OPND_SPECIAL;  /* VCC */
  if (code <= 111) return GCN_OPND_SPECIAL;  /* TBA/TMA, TTMP0-3 on gfx9 */
  if (code <= 123) return GCN_OPND_SPECIAL;  /* TTMP */
  if (code == 124) return GCN_OPND_SPECIAL;  /* M0 */
  if (code == 125) return GCN_OPND_ILLEGAL;  /* reserved */
  if (code <= 127) return GCN_OPND_SPECIAL;  /* EXEC */
  if (code <= 208) return GCN_OPND_INLINE_INT; /* 0..64, -1..-16 */
  if (code <= 234) return GCN_OPND_ILLEGAL;  /* 209-234 reserved */
  if (code <= 239) return gen == GCN14 ? GCN_OPND_READONLY : GCN_OPND_ILLEGAL; /* gfx9 only */
  if (code <= 247) return GCN_OPND_INLINE_FLOAT;
  if (code == 248) return gen >= GCN12 ? GCN_OPND_INLINE_FLOAT : GCN_OPND_ILLEGAL; /* GFX8+ */
  if (code <= 250) return GCN_OPND_ILLEGAL;  /* SDWA/DPP: not operands of the model */
  if (code <= 254) return GCN_OPND_READONLY; /* VCCZ, EXECZ, SCC, LDS_DIRECT */
  if (code == 255) return GCN_OPND_LITERAL;
  return GCN_OPND_VGPR; /* 256-511 */
}

static void test_operand_kind_all_codes(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    for (unsigned code = 0; code < 512; code++) {
      CTX("gcn_operand_kind(%s, %u)", gcn_gen_name(all_gens[g]), code);
      CHECK(gcn_operand_kind(all_gens[g], code) == expected_kind(all_gens[g], code));
    }
  }
}

/* The same facts, spelled out for the boundary codes so that a failure reads plainly. */
static void test_operand_kind_boundaries(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    assert_int_equal(gcn_operand_kind(gen, 0), GCN_OPND_SGPR);
    assert_int_equal(gcn_operand_kind(gen, 101), GCN_OPND_SGPR);
    assert_int_equal(gcn_operand_kind(gen, 106), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 107), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 108), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 111), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 112), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 123), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 124), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 125), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(gen, 126), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 127), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(gen, 128), GCN_OPND_INLINE_INT);
    assert_int_equal(gcn_operand_kind(gen, 192), GCN_OPND_INLINE_INT);
    assert_int_equal(gcn_operand_kind(gen, 193), GCN_OPND_INLINE_INT);
    assert_int_equal(gcn_operand_kind(gen, 208), GCN_OPND_INLINE_INT);
    assert_int_equal(gcn_operand_kind(gen, 209), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(gen, 234), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(gen, 240), GCN_OPND_INLINE_FLOAT);
    assert_int_equal(gcn_operand_kind(gen, 247), GCN_OPND_INLINE_FLOAT);
    assert_int_equal(gcn_operand_kind(gen, 249), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(gen, 250), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(gen, 251), GCN_OPND_READONLY);
    assert_int_equal(gcn_operand_kind(gen, 252), GCN_OPND_READONLY);
    assert_int_equal(gcn_operand_kind(gen, 253), GCN_OPND_READONLY);
    assert_int_equal(gcn_operand_kind(gen, 254), GCN_OPND_READONLY);
    assert_int_equal(gcn_operand_kind(gen, 255), GCN_OPND_LITERAL);
    assert_int_equal(gcn_operand_kind(gen, 256), GCN_OPND_VGPR);
    assert_int_equal(gcn_operand_kind(gen, 511), GCN_OPND_VGPR);
  }
  /* 102-105 per generation (table rows 102-103 and 104-105). */
  assert_int_equal(gcn_operand_kind(GCN10, 102), GCN_OPND_SGPR);
  assert_int_equal(gcn_operand_kind(GCN10, 103), GCN_OPND_SGPR);
  assert_int_equal(gcn_operand_kind(GCN10, 104), GCN_OPND_ILLEGAL);
  assert_int_equal(gcn_operand_kind(GCN10, 105), GCN_OPND_ILLEGAL);
  assert_int_equal(gcn_operand_kind(GCN11, 102), GCN_OPND_SGPR);
  assert_int_equal(gcn_operand_kind(GCN11, 103), GCN_OPND_SGPR);
  assert_int_equal(gcn_operand_kind(GCN11, 104), GCN_OPND_SPECIAL);
  assert_int_equal(gcn_operand_kind(GCN11, 105), GCN_OPND_SPECIAL);
  for (unsigned code = 102; code <= 105; code++) {
    assert_int_equal(gcn_operand_kind(GCN12, code), GCN_OPND_SPECIAL);
    assert_int_equal(gcn_operand_kind(GCN14, code), GCN_OPND_SPECIAL);
  }
  /* 235-239 gfx9 only; 248 GFX8+ only. */
  for (unsigned code = 235; code <= 239; code++) {
    assert_int_equal(gcn_operand_kind(GCN10, code), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(GCN11, code), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(GCN12, code), GCN_OPND_ILLEGAL);
    assert_int_equal(gcn_operand_kind(GCN14, code), GCN_OPND_READONLY);
  }
  assert_int_equal(gcn_operand_kind(GCN10, 248), GCN_OPND_ILLEGAL);
  assert_int_equal(gcn_operand_kind(GCN11, 248), GCN_OPND_ILLEGAL);
  assert_int_equal(gcn_operand_kind(GCN12, 248), GCN_OPND_INLINE_FLOAT);
  assert_int_equal(gcn_operand_kind(GCN14, 248), GCN_OPND_INLINE_FLOAT);
}

/* ------------------------------------------------------------------ register names */

typedef struct {
  gcn_gen gen;
  unsigned code, width;
  const char *name;
} name_case;

/* Names by the section 1 table (LLVM spelling: _lo/_hi halves, [a:b] pairs). */
static const name_case names[] = {
    /* SGPRs */
    {GCN10, 0, 32, "s0"},       {GCN11, 0, 32, "s0"},       {GCN12, 0, 32, "s0"},
    {GCN14, 0, 32, "s0"},       {GCN10, 2, 64, "s[2:3]"},   {GCN11, 2, 64, "s[2:3]"},
    {GCN12, 2, 64, "s[2:3]"},   {GCN14, 2, 64, "s[2:3]"},   {GCN12, 101, 32, "s101"},
    {GCN14, 100, 64, "s[100:101]"},
    {GCN10, 103, 32, "s103"},   {GCN10, 102, 64, "s[102:103]"}, /* 104 SGPRs on SI/CI */
    {GCN11, 103, 32, "s103"},   {GCN11, 102, 64, "s[102:103]"},
    /* VCC, EXEC, M0 */
    {GCN10, 106, 32, "vcc_lo"}, {GCN11, 106, 32, "vcc_lo"}, {GCN12, 106, 32, "vcc_lo"},
    {GCN14, 106, 32, "vcc_lo"}, {GCN10, 107, 32, "vcc_hi"}, {GCN14, 107, 32, "vcc_hi"},
    {GCN10, 106, 64, "vcc"},    {GCN11, 106, 64, "vcc"},    {GCN12, 106, 64, "vcc"},
    {GCN14, 106, 64, "vcc"},    {GCN10, 126, 32, "exec_lo"}, {GCN14, 126, 32, "exec_lo"},
    {GCN10, 127, 32, "exec_hi"}, {GCN11, 127, 32, "exec_hi"}, {GCN12, 127, 32, "exec_hi"},
    {GCN14, 127, 32, "exec_hi"}, {GCN10, 126, 64, "exec"},  {GCN14, 126, 64, "exec"},
    {GCN10, 124, 32, "m0"},     {GCN11, 124, 32, "m0"},     {GCN12, 124, 32, "m0"},
    {GCN14, 124, 32, "m0"},
    /* FLAT_SCRATCH: 104-105 on CI, 102-103 on VI/gfx9 */
    {GCN11, 104, 32, "flat_scratch_lo"}, {GCN11, 105, 32, "flat_scratch_hi"},
    {GCN11, 104, 64, "flat_scratch"},    {GCN12, 102, 32, "flat_scratch_lo"},
    {GCN12, 103, 32, "flat_scratch_hi"}, {GCN12, 102, 64, "flat_scratch"},
    {GCN14, 102, 32, "flat_scratch_lo"}, {GCN14, 102, 64, "flat_scratch"},
    /* XNACK_MASK: 104-105 on VI/gfx9 */
    {GCN12, 104, 64, "xnack_mask"},      {GCN14, 104, 64, "xnack_mask"},
    {GCN12, 104, 32, "xnack_mask_lo"},   {GCN12, 105, 32, "xnack_mask_hi"},
    {GCN14, 105, 32, "xnack_mask_hi"},
    /* TBA/TMA: 108-111 on SI/CI/VI */
    {GCN10, 108, 32, "tba_lo"}, {GCN11, 108, 32, "tba_lo"}, {GCN12, 108, 32, "tba_lo"},
    {GCN10, 109, 32, "tba_hi"}, {GCN12, 110, 32, "tma_lo"}, {GCN12, 111, 32, "tma_hi"},
    {GCN10, 108, 64, "tba"},    {GCN12, 110, 64, "tma"},
    /* TTMP: TTMP0 = 112 (SI/CI/VI), 108 (gfx9) */
    {GCN10, 112, 32, "ttmp0"},  {GCN11, 112, 32, "ttmp0"},  {GCN12, 112, 32, "ttmp0"},
    {GCN14, 108, 32, "ttmp0"},  {GCN10, 123, 32, "ttmp11"}, {GCN12, 123, 32, "ttmp11"},
    {GCN14, 123, 32, "ttmp15"}, {GCN14, 111, 32, "ttmp3"},  {GCN14, 112, 32, "ttmp4"},
    {GCN10, 114, 64, "ttmp[2:3]"}, {GCN11, 114, 64, "ttmp[2:3]"}, {GCN12, 114, 64, "ttmp[2:3]"},
    {GCN14, 110, 64, "ttmp[2:3]"}, {GCN14, 122, 64, "ttmp[14:15]"},
    /* read-only sources */
    {GCN10, 251, 32, "src_vccz"},  {GCN11, 251, 32, "src_vccz"},  {GCN12, 251, 32, "src_vccz"},
    {GCN14, 251, 32, "src_vccz"},  {GCN10, 252, 32, "src_execz"}, {GCN14, 252, 32, "src_execz"},
    {GCN10, 253, 32, "src_scc"},   {GCN12, 253, 32, "src_scc"},   {GCN14, 253, 32, "src_scc"},
    {GCN14, 235, 32, "src_shared_base"},  {GCN14, 236, 32, "src_shared_limit"},
    {GCN14, 237, 32, "src_private_base"}, {GCN14, 238, 32, "src_private_limit"},
    {GCN14, 239, 32, "src_pops_exiting_wave_id"},
    {GCN10, 254, 32, "src_lds_direct"}, {GCN11, 254, 32, "src_lds_direct"}, {GCN14, 254, 32, "src_lds_direct"},
    /* VGPRs: 256-511 */
    {GCN10, 256, 32, "v0"},     {GCN11, 256, 32, "v0"},     {GCN12, 256, 32, "v0"},
    {GCN14, 256, 32, "v0"},     {GCN10, 511, 32, "v255"},   {GCN14, 511, 32, "v255"},
    {GCN12, 263, 32, "v7"},
};

static void test_reg_name_exact(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const name_case *c = &names[i];
    char buf[64];
    memset(buf, 'x', sizeof buf);
    CTX("gcn_operand_reg_name(%s, %u, %u)", gcn_gen_name(c->gen), c->code, c->width);
    CHECK(gcn_operand_reg_name(c->gen, c->code, c->width, buf, sizeof buf));
    CHECK_STR(buf, c->name);
  }
}

static void test_parse_reg_exact(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const name_case *c = &names[i];
    unsigned code = 9999, width = 9999;
    CTX("gcn_operand_parse_reg(%s, \"%s\")", gcn_gen_name(c->gen), c->name);
    CHECK(gcn_operand_parse_reg(c->gen, c->name, &code, &width));
    CHECK_U64(code, c->code);
    CHECK_U64(width, c->width);
  }
}

/* name(parse(name)) == name and parse(name(code)) == code for every nameable code. */
static void test_reg_name_round_trip_all_codes(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    unsigned named32 = 0;
    for (unsigned code = 0; code < 512; code++) {
      for (unsigned width = 32; width <= 64; width += 32) {
        char buf[64];
        if (!gcn_operand_reg_name(gen, code, width, buf, sizeof buf)) continue;
        gcn_opnd_kind k = gcn_operand_kind(gen, code);
        if (width == 64 && (k == GCN_OPND_VGPR || k == GCN_OPND_READONLY)) continue;
        if (width == 32) named32++;
        unsigned c2 = 9999, w2 = 9999;
        CTX("%s: code %u width %u name '%s'", gcn_gen_name(gen), code, width, buf);
        CHECK(gcn_operand_parse_reg(gen, buf, &c2, &w2));
        CHECK_U64(c2, code);
        CHECK_U64(w2, width);
      }
    }
    /* Every SGPR, special register, read-only source and VGPR has a 32-bit name:
     * SI: 104 SGPR + 2 vcc + 4 tba/tma + 12 ttmp + m0 + 2 exec + 4 ro (with src_lds_direct)
     * + 256 VGPR = 385; CI: + 2 flat_scratch = 387; VI: 102 + 2 flat_scratch + 2 xnack + 2 + 4
     * + 12 + 1 + 2 + 4 + 256 = 387; gfx9: 102 + 2 + 2 + 2 + 16 ttmp + 1 + 2 + 5 ro + 4 + 256 = 392. */
    static const unsigned expect[] = {385, 387, 387, 392};
    CTX("%s: count of codes with a 32-bit name", gcn_gen_name(gen));
    CHECK_U64(named32, expect[g]);
  }
}

typedef struct {
  gcn_gen gen;
  const char *name;
} reject_case;

static const reject_case rejects[] = {
    /* odd (unaligned) pairs: section 1 C bullet, LLVM "invalid register alignment" */
    {GCN10, "s[1:2]"}, {GCN11, "s[1:2]"}, {GCN12, "s[1:2]"}, {GCN14, "s[1:2]"},
    {GCN14, "s[3:4]"}, {GCN12, "ttmp[1:2]"}, {GCN14, "ttmp[3:4]"},
    /* more than a pair, reversed range */
    {GCN12, "s[0:2]"}, {GCN12, "s[3:2]"},
    /* SGPRs past the end: 102 on VI/gfx9, 104 on SI/CI */
    {GCN12, "s102"}, {GCN14, "s102"}, {GCN12, "s[102:103]"}, {GCN10, "s104"}, {GCN11, "s104"},
    {GCN14, "s[101:102]"},
    /* TTMPs past the end: 12 on SI/CI/VI, 16 on gfx9 */
    {GCN12, "ttmp12"}, {GCN10, "ttmp12"}, {GCN14, "ttmp16"}, {GCN12, "ttmp[12:13]"},
    /* registers the generation does not have */
    {GCN11, "xnack_mask_lo"}, {GCN11, "xnack_mask"}, {GCN10, "xnack_mask_lo"},
    {GCN10, "flat_scratch_lo"}, {GCN10, "flat_scratch"},
    {GCN14, "tba_lo"}, {GCN14, "tma_hi"}, {GCN14, "tba"},
    {GCN12, "src_shared_base"}, {GCN10, "src_shared_base"},
    /* malformed */
    {GCN12, "v256"}, {GCN12, "v"}, {GCN12, "s"}, {GCN12, "vx"}, {GCN12, "s[2:"},
    {GCN12, "m1"}, {GCN12, "vcc_mid"}, {GCN12, ""}, {GCN12, "s-1"},
};

static void test_parse_reg_rejects(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof rejects / sizeof rejects[0]; i++) {
    unsigned code = 0, width = 0;
    CTX("gcn_operand_parse_reg(%s, \"%s\") must fail", gcn_gen_name(rejects[i].gen), rejects[i].name);
    CHECK(!gcn_operand_parse_reg(rejects[i].gen, rejects[i].name, &code, &width));
  }
}

static void test_reg_name_rejects(void **state) {
  (void)state;
  char buf[64];
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    CTX("%s", gcn_gen_name(gen));
    CHECK(!gcn_operand_reg_name(gen, 1, 64, buf, sizeof buf));   /* s[1:2] unaligned */
    CHECK(!gcn_operand_reg_name(gen, 107, 64, buf, sizeof buf)); /* vcc_hi is no pair base */
    CHECK(!gcn_operand_reg_name(gen, 124, 64, buf, sizeof buf)); /* m0 has no 64-bit form */
    CHECK(!gcn_operand_reg_name(gen, 125, 32, buf, sizeof buf)); /* reserved */
    CHECK(!gcn_operand_reg_name(gen, 128, 32, buf, sizeof buf)); /* inline constant */
    CHECK(!gcn_operand_reg_name(gen, 240, 32, buf, sizeof buf)); /* inline constant */
    CHECK(!gcn_operand_reg_name(gen, 209, 32, buf, sizeof buf)); /* reserved */
    CHECK(!gcn_operand_reg_name(gen, 255, 32, buf, sizeof buf)); /* literal */
  }
  /* gfx9: code 108 is ttmp0, never tba_lo (108-111 = TTMP0-3). */
  CTX("gcn14 code 108");
  CHECK(gcn_operand_reg_name(GCN14, 108, 32, buf, sizeof buf));
  CHECK_STR(buf, "ttmp0");
  CHECK(!gcn_operand_reg_name(GCN10, 104, 32, buf, sizeof buf)); /* reserved on SI */
  CHECK(!gcn_operand_reg_name(GCN12, 235, 32, buf, sizeof buf)); /* gfx9 only */
  CHECK(!gcn_operand_reg_name(GCN14, 109, 64, buf, sizeof buf)); /* ttmp[1:2] unaligned */
  CHECK(!gcn_operand_reg_name(GCN12, 113, 64, buf, sizeof buf)); /* ttmp[1:2] unaligned */
}

/* ------------------------------------------------------------------ legality */

typedef struct {
  gcn_gen gen;
  unsigned code;
  bool src32, src64, dst32, dst64;
} legal_case;

/* Sources: every code of the table except reserved ones; 64-bit register operands name
 * an aligned pair (section 1, LLVM register alignment); m0 is 32-bit only. Destinations:
 * SGPRs and special registers only (7-bit SDST; constants and read-only codes are not
 * writable). */
static const legal_case legal[] = {
    /* gen   code  s32    s64    d32    d64 */
    {GCN10, 0, true, true, true, true},
    {GCN14, 0, true, true, true, true},
    {GCN10, 1, true, false, true, false},
    {GCN14, 1, true, false, true, false},
    {GCN12, 100, true, true, true, true},
    {GCN12, 101, true, false, true, false},
    {GCN10, 102, true, true, true, true},  /* s[102:103] on SI */
    {GCN10, 103, true, false, true, false},
    {GCN10, 104, false, false, false, false}, /* reserved on SI (project choice) */
    {GCN10, 105, false, false, false, false},
    {GCN11, 102, true, true, true, true},  /* s[102:103] on CI */
    {GCN11, 104, true, true, true, true},  /* flat_scratch on CI */
    {GCN11, 105, true, false, true, false},
    {GCN12, 102, true, true, true, true},  /* flat_scratch on VI */
    {GCN12, 103, true, false, true, false},
    {GCN12, 104, true, true, true, true},  /* xnack_mask on VI */
    {GCN14, 104, true, true, true, true},
    {GCN14, 105, true, false, true, false},
    {GCN10, 106, true, true, true, true},  /* vcc */
    {GCN14, 106, true, true, true, true},
    {GCN14, 107, true, false, true, false},
    {GCN10, 108, true, true, true, true},  /* tba */
    {GCN12, 110, true, true, true, true},  /* tma */
    {GCN12, 111, true, false, true, false},
    {GCN14, 108, true, true, true, true},  /* ttmp[0:1] */
    {GCN14, 109, true, false, true, false},
    {GCN10, 112, true, true, true, true},  /* ttmp[0:1] */
    {GCN10, 113, true, false, true, false},
    {GCN12, 122, true, true, true, true},  /* ttmp[10:11] */
    {GCN14, 122, true, true, true, true},  /* ttmp[14:15] */
    {GCN10, 124, true, false, true, false}, /* m0: no 64-bit form */
    {GCN11, 124, true, false, true, false},
    {GCN12, 124, true, false, true, false},
    {GCN14, 124, true, false, true, false},
    {GCN10, 125, false, false, false, false},
    {GCN14, 125, false, false, false, false},
    {GCN10, 126, true, true, true, true},  /* exec */
    {GCN14, 126, true, true, true, true},
    {GCN14, 127, true, false, true, false},
    {GCN10, 128, true, true, false, false}, /* inline 0 */
    {GCN14, 192, true, true, false, false}, /* inline 64 */
    {GCN12, 208, true, true, false, false}, /* inline -16 */
    {GCN12, 209, false, false, false, false},
    {GCN14, 234, false, false, false, false},
    {GCN12, 235, false, false, false, false},
    {GCN14, 235, true, true, false, false},  /* src_shared_base: read-only */
    {GCN14, 239, true, true, false, false},
    {GCN10, 240, true, true, false, false},
    {GCN14, 247, true, true, false, false},
    {GCN10, 248, false, false, false, false}, /* 1/(2pi): GFX8+ */
    {GCN11, 248, false, false, false, false},
    {GCN12, 248, true, true, false, false},
    {GCN14, 248, true, true, false, false},
    {GCN12, 249, false, false, false, false},
    {GCN12, 250, false, false, false, false},
    {GCN10, 251, true, true, false, false},  /* src_vccz */
    {GCN12, 252, true, true, false, false},  /* src_execz */
    {GCN14, 253, true, true, false, false},  /* src_scc */
    {GCN10, 254, true, false, false, false},  /* src_lds_direct: 32-bit only */
    {GCN14, 254, true, false, false, false},
    {GCN10, 255, true, true, false, false},   /* literal */
    {GCN10, 256, true, true, false, false},   /* v0 */
    {GCN14, 510, true, true, false, false},   /* v254, v[254:255] */
    {GCN14, 511, true, false, false, false},  /* v255: no v[255:256] (llvm-mc 14 rejects it) */
};

static void test_legal_src_sdst(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof legal / sizeof legal[0]; i++) {
    const legal_case *c = &legal[i];
    CTX("%s code %u: legal_src(32)", gcn_gen_name(c->gen), c->code);
    CHECK(gcn_operand_legal_src(c->gen, c->code, 32) == c->src32);
    CTX("%s code %u: legal_src(64)", gcn_gen_name(c->gen), c->code);
    CHECK(gcn_operand_legal_src(c->gen, c->code, 64) == c->src64);
    CTX("%s code %u: legal_sdst(32)", gcn_gen_name(c->gen), c->code);
    CHECK(gcn_operand_legal_sdst(c->gen, c->code, 32) == c->dst32);
    CTX("%s code %u: legal_sdst(64)", gcn_gen_name(c->gen), c->code);
    CHECK(gcn_operand_legal_sdst(c->gen, c->code, 64) == c->dst64);
  }
}

/* Sweep: a 64-bit SGPR source/destination is legal exactly for even n with n+1 an SGPR. */
static void test_legal_sgpr_pairs_sweep(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    unsigned nsgpr = gen <= GCN11 ? 104 : 102;
    for (unsigned code = 0; code < nsgpr; code++) {
      bool pair = code % 2 == 0 && code + 1 < nsgpr;
      CTX("%s s%u", gcn_gen_name(gen), code);
      CHECK(gcn_operand_legal_src(gen, code, 32));
      CHECK(gcn_operand_legal_sdst(gen, code, 32));
      CHECK(gcn_operand_legal_src(gen, code, 64) == pair);
      CHECK(gcn_operand_legal_sdst(gen, code, 64) == pair);
    }
    /* 8-bit-and-up codes are never scalar destinations (SDST is 7 bits). */
    for (unsigned code = 128; code < 512; code++) {
      CTX("%s sdst code %u", gcn_gen_name(gen), code);
      CHECK(!gcn_operand_legal_sdst(gen, code, 32));
      CHECK(!gcn_operand_legal_sdst(gen, code, 64));
    }
  }
}

/* ------------------------------------------------------------------ inline constants */

/* Section 1 table, 240-247 = +-0.5, +-1, +-2, +-4 and 248 = 1/(2pi). */
static const uint32_t f32_consts[9] = {0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000,
                                       0xC0000000, 0x40800000, 0xC0800000, 0x3E22F983};
static const uint64_t f64_consts[9] = {
    0x3FE0000000000000ull, 0xBFE0000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull,
    0x4000000000000000ull, 0xC000000000000000ull, 0x4010000000000000ull, 0xC010000000000000ull,
    0x3FC45F306DC9C882ull};
static const uint16_t f16_consts[9] = {0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000,
                                       0xC000, 0x4400, 0xC400, 0x3118};
/* I16/U16: "low 16 bits of the f32 encoding (1.0 -> 0x0000)", 248 -> 0xF983. */
static const uint16_t i16_consts[9] = {0x0000, 0x0000, 0x0000, 0x0000, 0x0000,
                                       0x0000, 0x0000, 0x0000, 0xF983};

/* Value of integer code 128..208: 0..64, then -1..-16 (section 1 bullet). */
static int64_t int_code_value(unsigned code) {
  return code <= 192 ? (int64_t)code - 128 : 192 - (int64_t)code;
}

static void test_inline_int_all_types(void **state) {
  (void)state;
  static const gcn_type t32[] = {GCN_T_F32, GCN_T_I32, GCN_T_U32, GCN_T_B32};
  static const gcn_type t64[] = {GCN_T_B64, GCN_T_I64, GCN_T_U64};
  static const gcn_type t16[] = {GCN_T_F16, GCN_T_I16, GCN_T_U16, GCN_T_I16F};
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    for (unsigned code = 128; code <= 208; code++) {
      int64_t v = int_code_value(code);
      for (size_t i = 0; i < 4; i++) { /* "raw 32-bit value" */
        CTX("%s code %u type %s", gcn_gen_name(gen), code, gcn_type_name(t32[i]));
        CHECK_U64(gcn_inline_value(gen, code, t32[i]), (uint32_t)v);
      }
      for (size_t i = 0; i < 3; i++) { /* "sign-extended (-1 = all ones)" */
        CTX("%s code %u type %s", gcn_gen_name(gen), code, gcn_type_name(t64[i]));
        CHECK_U64(gcn_inline_value(gen, code, t64[i]), (uint64_t)v);
      }
      for (size_t i = 0; i < 4; i++) { /* "raw 16-bit pattern, not converted" */
        CTX("%s code %u type %s", gcn_gen_name(gen), code, gcn_type_name(t16[i]));
        CHECK_U64(gcn_inline_value(gen, code, t16[i]), (uint16_t)v);
      }
    }
  }
}

/* Spot checks written out in full. */
static void test_inline_int_literals(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    CTX("%s", gcn_gen_name(gen));
    CHECK_U64(gcn_inline_value(gen, 128, GCN_T_F32), 0x00000000);
    CHECK_U64(gcn_inline_value(gen, 129, GCN_T_U32), 0x00000001);
    CHECK_U64(gcn_inline_value(gen, 192, GCN_T_I32), 0x00000040); /* 64 */
    CHECK_U64(gcn_inline_value(gen, 192, GCN_T_F16), 0x0040);     /* not converted */
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_B32), 0xFFFFFFFF); /* -1 */
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_I32), 0xFFFFFFF0); /* -16 */
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_F32), 0xFFFFFFF0);
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_B64), 0xFFFFFFFFFFFFFFFFull);
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_I64), 0xFFFFFFFFFFFFFFFFull);
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_U64), 0xFFFFFFFFFFFFFFFFull);
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_U64), 0xFFFFFFFFFFFFFFF0ull);
    CHECK_U64(gcn_inline_value(gen, 192, GCN_T_U64), 0x40);
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_F16), 0xFFFF); /* -1 -> 0xFFFF */
    CHECK_U64(gcn_inline_value(gen, 193, GCN_T_I16), 0xFFFF);
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_I16), 0xFFF0); /* -16 */
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_U16), 0xFFF0);
    CHECK_U64(gcn_inline_value(gen, 208, GCN_T_I16F), 0xFFF0);
  }
}

static void test_inline_float_all_types(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    unsigned last = gen >= GCN12 ? 248 : 247; /* 248 is GFX8+ only */
    for (unsigned code = 240; code <= last; code++) {
      unsigned i = code - 240;
      CTX("%s code %u", gcn_gen_name(gen), code);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_F32), f32_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_B32), f32_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_I32), f32_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_U32), f32_consts[i]);
      /* "F64 and every 64-bit operand, incl. SALU B64": doubles */
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_B64), f64_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_I64), f64_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_U64), f64_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_F16), f16_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_I16), i16_consts[i]);
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_U16), i16_consts[i]);
      /* src1 of v_ldexp_f16 "is read as f16" (issue #58167) */
      CHECK_U64(gcn_inline_value(gen, code, GCN_T_I16F), f16_consts[i]);
    }
  }
}

static void test_inline_float_literals(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    CTX("%s", gcn_gen_name(gen));
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_F32), 0x3F800000);           /* 1.0 */
    CHECK_U64(gcn_inline_value(gen, 247, GCN_T_F32), 0xC0800000);           /* -4.0 */
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_B64), 0x3FF0000000000000ull); /* 1.0 */
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_F16), 0x3C00);
    CHECK_U64(gcn_inline_value(gen, 240, GCN_T_F16), 0x3800);
    CHECK_U64(gcn_inline_value(gen, 247, GCN_T_F16), 0xC400);
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_I16), 0x0000); /* 1.0 -> 0x0000 */
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_U16), 0x0000);
    CHECK_U64(gcn_inline_value(gen, 242, GCN_T_I16F), 0x3C00);
  }
  for (size_t g = 2; g < N_GENS; g++) { /* gcn12, gcn14 */
    gcn_gen gen = all_gens[g];
    CTX("%s 1/(2pi)", gcn_gen_name(gen));
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_F32), 0x3E22F983);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_B64), 0x3FC45F306DC9C882ull);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_I64), 0x3FC45F306DC9C882ull);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_U64), 0x3FC45F306DC9C882ull);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_F16), 0x3118);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_I16), 0xF983);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_U16), 0xF983);
    CHECK_U64(gcn_inline_value(gen, 248, GCN_T_I16F), 0x3118);
  }
}

/* ------------------------------------------------------------------ literals */

static void test_literal_value(void **state) {
  (void)state;
  /* OperandSyntax.rst examples quoted in section 1. */
  CTX("literal 0xffefffff");
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_I64), 0xffffffffffefffffull); /* s_bfe_i64 */
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_U64), 0x00000000ffefffffull); /* s_bfe_u64 */
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_B64), 0x00000000ffefffffull); /* s_mov_b64 */
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_F32), 0xffefffffu);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_I32), 0xffefffffu);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_U32), 0xffefffffu);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_B32), 0xffefffffu);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_F16), 0xffff);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_I16), 0xffff);
  CHECK_U64(gcn_literal_value(0xffefffffu, GCN_T_U16), 0xffff);
  CTX("literal 0x12345678");
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_F16), 0x5678); /* F16: low 16 bits */
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_I16), 0x5678);
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_U16), 0x5678);
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_I16F), 0x5678);
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_I64), 0x12345678); /* positive: unchanged */
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_U64), 0x12345678);
  CHECK_U64(gcn_literal_value(0x12345678u, GCN_T_B32), 0x12345678);
  CTX("literal sign boundary");
  CHECK_U64(gcn_literal_value(0x80000000u, GCN_T_I64), 0xFFFFFFFF80000000ull);
  CHECK_U64(gcn_literal_value(0x7FFFFFFFu, GCN_T_I64), 0x000000007FFFFFFFull);
  CHECK_U64(gcn_literal_value(0x80000000u, GCN_T_U64), 0x0000000080000000ull);
  CHECK_U64(gcn_literal_value(0xFFFFFFFFu, GCN_T_B64), 0x00000000FFFFFFFFull);
  CHECK_U64(gcn_literal_value(0xFFFFFFFFu, GCN_T_I64), 0xFFFFFFFFFFFFFFFFull);
  CHECK_U64(gcn_literal_value(0x00018000u, GCN_T_I16), 0x8000);
}

/* ------------------------------------------------------------------ inline text */

static void test_inline_text(void **state) {
  (void)state;
  for (size_t g = 0; g < N_GENS; g++) {
    gcn_gen gen = all_gens[g];
    CTX("%s", gcn_gen_name(gen));
    CHECK_STR(gcn_inline_text(gen, 128, GCN_T_I32), "0");
    CHECK_STR(gcn_inline_text(gen, 129, GCN_T_U32), "1");
    CHECK_STR(gcn_inline_text(gen, 192, GCN_T_I32), "64");
    CHECK_STR(gcn_inline_text(gen, 192, GCN_T_B64), "64");
    CHECK_STR(gcn_inline_text(gen, 193, GCN_T_I32), "-1");
    CHECK_STR(gcn_inline_text(gen, 208, GCN_T_I32), "-16");
    CHECK_STR(gcn_inline_text(gen, 208, GCN_T_F32), "-16");
    CHECK_STR(gcn_inline_text(gen, 208, GCN_T_I16), "-16");
    CHECK_STR(gcn_inline_text(gen, 208, GCN_T_I64), "-16");
    CHECK_STR(gcn_inline_text(gen, 240, GCN_T_F32), "0.5");
    CHECK_STR(gcn_inline_text(gen, 241, GCN_T_F32), "-0.5");
    CHECK_STR(gcn_inline_text(gen, 242, GCN_T_F32), "1.0");
    CHECK_STR(gcn_inline_text(gen, 243, GCN_T_F32), "-1.0");
    CHECK_STR(gcn_inline_text(gen, 244, GCN_T_F32), "2.0");
    CHECK_STR(gcn_inline_text(gen, 245, GCN_T_F32), "-2.0");
    CHECK_STR(gcn_inline_text(gen, 246, GCN_T_F32), "4.0");
    CHECK_STR(gcn_inline_text(gen, 247, GCN_T_F32), "-4.0");
    CHECK_STR(gcn_inline_text(gen, 242, GCN_T_F16), "1.0");
    CHECK_STR(gcn_inline_text(gen, 242, GCN_T_B64), "1.0");
    CHECK_STR(gcn_inline_text(gen, 247, GCN_T_U64), "-4.0");
    /* every integer code prints its value in decimal */
    for (unsigned code = 128; code <= 208; code++) {
      char want[8];
      snprintf(want, sizeof want, "%lld", (long long)int_code_value(code));
      CTX("%s code %u", gcn_gen_name(gen), code);
      CHECK_STR(gcn_inline_text(gen, code, GCN_T_U32), want);
    }
  }
  for (size_t g = 2; g < N_GENS; g++) { /* gcn12, gcn14 */
    gcn_gen gen = all_gens[g];
    CTX("%s 1/(2pi) text", gcn_gen_name(gen));
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_F32), "0.15915494");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_B32), "0.15915494");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_F16), "0.15915494");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_I16), "0.15915494");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_U16), "0.15915494");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_B64), "0.15915494309189532");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_I64), "0.15915494309189532");
    CHECK_STR(gcn_inline_text(gen, 248, GCN_T_U64), "0.15915494309189532");
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_num_sgprs_and_ttmps),
      cmocka_unit_test(test_operand_kind_all_codes),
      cmocka_unit_test(test_operand_kind_boundaries),
      cmocka_unit_test(test_reg_name_exact),
      cmocka_unit_test(test_parse_reg_exact),
      cmocka_unit_test(test_reg_name_round_trip_all_codes),
      cmocka_unit_test(test_parse_reg_rejects),
      cmocka_unit_test(test_reg_name_rejects),
      cmocka_unit_test(test_legal_src_sdst),
      cmocka_unit_test(test_legal_sgpr_pairs_sweep),
      cmocka_unit_test(test_inline_int_all_types),
      cmocka_unit_test(test_inline_int_literals),
      cmocka_unit_test(test_inline_float_all_types),
      cmocka_unit_test(test_inline_float_literals),
      cmocka_unit_test(test_literal_value),
      cmocka_unit_test(test_inline_text),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

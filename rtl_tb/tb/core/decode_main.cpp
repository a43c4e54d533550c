// gcn_decode against the C decoder (libgcnref.a, refmodel/src/decode.c): instruction words
// that no assembler writes, so that the core's `illegal` decisions are checked too.
//
// For each generation: every SOP1/SOP2/SOPC/SOPK/SOPP/VOP2/VOP1/VOPC opcode with random fields,
// VOP3 words over the VOPC, VOP2 and VOP1 ranges, DPP words (SRC0 0xfa: the DPP fields, abs and neg compared
// too), and fully random words; the second dword random, present or
// absent (the end of the program). RTL valid_o must equal gcn_decode() == 0; for a valid
// word the op (the package's op_e is the C enum + 1), size, SDST, VDST, the source codes,
// CLAMP and the constant value of each inline or literal source (gcn_inline_value /
// gcn_literal_value at the operand's type) must be equal. One test per generation; the
// summary line is "N passed, N failed".
//
// Usage: decode_main [seed] [words per generation]   (defaults 1 and 300000)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vgcn_decode.h"
#include "verilated.h"

extern "C" {
#include "gcnref/inst.h"
#include "gcnref/isa.h"
#include "gcnref/operand.h"
}
#include "../../../vectors/rng.h"  // the project's one seeded PRNG

static Rng rng(1);
static uint32_t rnd() { return rng.next32(); }

// Dword 1 of an SDWA word: random, without the float modifiers or without sext (half the time
// each), so that many pass the rules.
static uint32_t sdwa_word1() {
  uint32_t w = rnd();
  return rnd() % 2 ? w & ~0x30300000u : w & ~0x08080000u;
}

// A word biased towards the encodings the core handles.
static uint32_t word0(gcn_gen gen, unsigned i) {
  uint32_t w = rnd();
  switch (i % 8) {
    case 0: w = (w & 0x007FFFFF) | 0xBE800000u; w = (w & ~0xFF00u) | (rnd() % 64) << 8; break;  // SOP1
    case 1: w = (w & 0x3FFFFFFF) | 0x80000000u; w = (w & ~(0x7Fu << 23)) | (rnd() % 64) << 23; break;  // SOP2
    case 2:                                                           // SOPP (small SIMM16 half the time)
      w = (w & 0x007FFFFF) | 0xBF800000u; w = (w & ~(0x7Fu << 16)) | (rnd() % 32) << 16;
      if (rnd() % 2) w &= ~0xFFF0u;
      break;
    case 5:                                                           // SOPC
      w = (w & 0x007FFFFF) | 0xBF000000u; w = (w & ~(0x7Fu << 16)) | (rnd() % 24) << 16; break;
    case 6: w = (w & 0x0FFFFFFF) | 0xB0000000u; break;                // SOPK
    case 3:                                                           // VOP2, VOP1, VOPC
      w &= 0x7FFFFFFF;
      if (rnd() % 3 == 0) w = (w & 0x01FFFFFF) | 0x7E000000u;        // VOP1
      else if (rnd() % 2 == 0) w = (w & 0x01FFFFFF) | 0x7C000000u;   // VOPC
      if (rnd() % 4 == 0) w = (w & ~0x1FFu) | 0xFAu;                  // DPP (dword 1: the controls)
      break;
    case 4: {                                                         // VOP3: VOPC, VOP2, VOP1 windows
      uint32_t op = rnd() % 0x210;
      w = 0xD0000000u | (gen <= GCN11 ? op << 17 : op << 16) | (w & (gen <= GCN11 ? 0x1FFFF : 0xFFFF));
      break;
    }
    default: break;
  }
  if (i % 3 == 0) w = (w & ~0xFFu) | (rnd() % 2 ? rnd() % 128 : 128 + rnd() % 128);  // SRC0 codes
  if (i % 8 == 3 && gen >= GCN12 && rnd() % 2) w = (w & ~0x1FFu) | 0xF9u;  // SDWA (dword 1: sdwa_word1)
  return w;
}

int main(int argc, char **argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto dut = std::make_unique<Vgcn_decode>(ctx.get());
  if (argc > 1 && argv[1][0] != '+') rng = Rng(strtoull(argv[1], nullptr, 0));
  unsigned count = argc > 2 && argv[2][0] != '+' ? (unsigned)strtoul(argv[2], nullptr, 0) : 300000;
  int passed = 0, failed = 0;
  for (int g = GCN10; g < GCN_GEN_COUNT; g++) {
    gcn_gen gen = (gcn_gen)g;
    unsigned bad = 0, valid = 0, skipped = 0;
    for (unsigned i = 0; i < count; i++) {
      uint32_t words[2] = {word0(gen, i), rnd()};
      if (i % 4 == 1) words[1] = 0xFF & rnd();  // small literals / VOP3 fields
      if ((words[0] & 0x800001FFu) == 0xF9u) words[1] = sdwa_word1();
      size_t n = rnd() % 6 == 0 ? 1 : 2;
      gcn_inst in;
      gcn_error err;
      bool ok = gcn_decode(gen, words, n, &in, &err) == 0;
      // The core decodes the classes of the table's @rtl (GCN_RTL_CLASS_MASK: SOP1, SOP2, SOPC,
      // SOPK, SOPP, VOP2, VOP1, VOPC, VOP3) with the VOP3 forms of the one-dword vector ones;
      // the words of the other classes are illegal to the RTL.
      if (ok) {
        gcn_class c = gcn_isa_class(in.desc, gen);
        if (!(GCN_RTL_CLASS_MASK >> c & 1u)) ok = false;
        // Nor does it take v_cndmask_b32_e64's abs/neg (bitmods), or in the SDWA forms the CLAMP
        // of the clamp-flagged rows whose result is not a float (v_mul_i32_i24 / v_mul_u32_u24,
        // compares, conversions to integers; the model accepts it as llvm-mc does; not generated).
        if ((in.abs || in.neg) && (in.desc->flags & GCN_F_BITMODS)) ok = false;
        const gcn_operand_desc *dd = gcn_isa_operand(in.desc, GCN_ROLE_D);
        bool float_d = dd && gcn_type_is_float((gcn_type)dd->type);
        if (in.clamp && gcn_isa_has(in.desc, gen, GCN_F_CLAMP) && !float_d && gcn_inst_is_sdwa(&in)) ok = false;
      }
      dut->gen_i = g;
      dut->inst_i = (uint64_t)words[1] << 32 | words[0];
      dut->dw1_valid_i = n == 2;
      dut->eval();
      // A word of a row the RTL does not execute (the table's nortl) is not compared,
      // whichever side recognises it: gcn_decode knows only that the row exists (op
      // OP_NORTL = GCN_OP_COUNT + 1, scripts/gen_isa_sv.py), not its operand rules.
      unsigned rtl_op = dut->valid_o ? (unsigned)dut->op_o : 0u;
      if ((ok && (in.desc->flags & GCN_F_NORTL)) || rtl_op == GCN_OP_COUNT + 1u) {
        skipped++;
        continue;
      }
      // src_lds_direct (code 254): the model takes it only as a 32-bit SRC0 of a vector op
      // (llvm-mc's rules) and run refuses it; the RTL, which reads no LDS, sees a read-only
      // code of the table in any slot (and on the constant bus). Words that carry it are not compared.
      if ((ok && in.src[0] == GCN_CODE_LDS_DIRECT) ||
          (dut->valid_o && (dut->src0_o == GCN_CODE_LDS_DIRECT || dut->src1_o == GCN_CODE_LDS_DIRECT ||
                            dut->src2_o == GCN_CODE_LDS_DIRECT))) {
        skipped++;
        continue;
      }
      bool same = (bool)dut->valid_o == ok;
      if (same && ok) {
        valid++;
        const gcn_inst_desc *d = in.desc;
        same = dut->op_o == (unsigned)gcn_isa_op(d) + 1 && dut->size_o == in.size &&
               dut->src0_o == in.src[0] && dut->src1_o == in.src[1] && dut->src2_o == in.src[2];
        if (d->cls != GCN_CLASS_SOPP) {
          bool vop = gcn_class_is_vector(d->cls);
          if (!vop || in.enc == GCN_ENC_VOP3B) same = same && dut->sdst_o == in.sdst;
          // An SDWA compare's SGPR pair (SD) is the RTL's VDST, as in the VOP3 form.
          unsigned vdst = gcn_inst_is_sdwa(&in) && in.sd ? in.sdst : in.vdst;
          if (vop) same = same && dut->vdst_o == vdst && (bool)dut->clamp_o == in.clamp;
          if (vop) same = same && (bool)dut->dpp_o == gcn_inst_is_dpp(&in);
          if (gcn_inst_is_dpp(&in))
            same = same && dut->dpp_ctrl_o == in.dpp_ctrl && dut->dpp_row_mask_o == in.row_mask &&
                   dut->dpp_bank_mask_o == in.bank_mask && (bool)dut->dpp_bound_ctrl_o == in.bound_ctrl &&
                   dut->abs_o == in.abs && dut->neg_o == in.neg;
        }
        // SDWA: the selectors, sext, dst_sel, dst_unused (gcn_core_pkg::sdwa_t, the first
        // member the top bit) and the float modifiers.
        unsigned sdwa = 0;
        if (gcn_inst_is_sdwa(&in))
          sdwa = 1u << 13 | in.sel[0] << 10 | (d->cls == GCN_CLASS_VOP1 ? 6u : in.sel[1]) << 7 | in.sext << 5 |
                 in.dst_sel << 2 | in.dst_unused;
        same = same && dut->sdwa_o == sdwa;
        if (gcn_inst_is_sdwa(&in))
          same = same && dut->abs_o == in.abs && dut->neg_o == in.neg && dut->omod_o == in.omod;
        if (d->cls == GCN_CLASS_SOPP || d->cls == GCN_CLASS_SOPK || gcn_isa_operand(d, GCN_ROLE_IMM))
          same = same && dut->simm16_o == in.simm16;
        const bool mix = gcn_inst_is_vop3p(&in) && gcn_vop3p_is_mix(d);
        for (unsigned s = 0; s < 3 && same; s++) {
          const gcn_operand_desc *o = gcn_isa_operand(d, gcn_isa_src_role(d, s));  // SRC2: s2 or ci
          if (!o) continue;
          gcn_opnd_kind k = gcn_operand_kind(gen, in.src[s]);
          uint64_t want = 0;
          // v_mad_mix*: a source OP_SEL_HI makes f32 reads an inline float as its f32 value (vop3p.c).
          gcn_type t = mix && !(in.opsel_hi >> s & 1) ? GCN_T_F32 : (gcn_type)o->type;
          if (k == GCN_OPND_INLINE_INT || k == GCN_OPND_INLINE_FLOAT)
            want = gcn_inline_value(gen, in.src[s], t);
          else if (k == GCN_OPND_LITERAL)
            want = gcn_literal_value(in.literal, (gcn_type)o->type);
          else
            continue;
          uint64_t got = (uint64_t)dut->src_const_o[2 * s] | (uint64_t)dut->src_const_o[2 * s + 1] << 32;
          same = got == want;
        }
      }
      if (!same) {
        if (bad < 5)
          printf("     %s: %08x %08x (%zu dwords): model %s (%s), RTL valid %u op %u (%s) size %u\n",
                 gcn_gen_name(gen), words[0], words[1], n, ok ? "valid" : "illegal",
                 ok ? in.desc->id : err.msg, dut->valid_o, dut->op_o,
                 dut->op_o >= 1 && dut->op_o <= GCN_OP_COUNT ? gcn_isa[dut->op_o - 1].id : "-", dut->size_o);
        bad++;
      }
    }
    if (bad == 0) passed++; else failed++;
    printf("%s %s: gcn_decode = decode.c on %u words (%u valid, %u of nortl rows skipped), %u differ\n",
           bad ? "FAIL" : "ok  ", gcn_gen_name(gen), count, valid, skipped, bad);
  }
  dut->final();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

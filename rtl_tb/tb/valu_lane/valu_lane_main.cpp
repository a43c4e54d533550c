// gcn_valu_lane against the C model (libgcnref.a), lane by lane.
//
// Tests (the summary line counts them):
//  - one per (op, generation) for every integer VOP2 op of the C table that exists on the
//    generation: CALLS one-instruction programs, each run through gcn_step with 64 lanes of
//    corner-weighted sources, carry-in, VDST; every lane (so lane numbers 0..63) is then
//    driven through the RTL and result, carry-out and supported_o are compared. Encodings
//    alternate VOP2 / VOP3 (VOP3A, or VOP3B for carry-out ops); CLAMP is random on VOP3
//    where it is legal (gcn12/gcn14 and the ICLAMP flag). Where the model has no integer
//    clamp, clamp_i is driven at random anyway: the lane must ignore it there.
//  - one "decode map" test: for every (generation, class, opcode 0..255), decode_op must
//    agree with the C table (OP_INVALID where the C table has no row; otherwise the row's
//    flags and carry roles), and supported_o must be 1 exactly for the integer VOP2 ops.
// The integer VOP2 ops are the VOP2 rows with no float operand type other than the lane ops
// v_readlane/v_writelane: the ops valu.c's integer_op implements (printed at the start).
//
// Usage: valu_lane_tb [seed] [calls]   (defaults 1 and 48; 48 x 64 = 3072 cases per test)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vvalu_lane_tb.h"
#include "verilated.h"
#include "../../../vectors/rng.h"  // the project's one seeded PRNG

extern "C" {
#include "gcnref/inst.h"
#include "gcnref/isa.h"
#include "gcnref/model.h"
#include "gcnref/operand.h"
#include "gcnref/state.h"
}

namespace {

constexpr unsigned kMaxPrint = 4;  // mismatches printed per test

// A source value weighted to the corners of every op.
uint32_t corner(Rng &r) {
  static const uint32_t c32[] = {0u,          1u,          2u,          0xffffffffu, 0xfffffffeu,
                                 0x7fffffffu, 0x80000000u, 0x80000001u, 0x7ffffffeu, 0x00800000u,
                                 0x007fffffu, 0x00ffffffu, 0x01000000u, 0xff800000u, 0x0000ffffu,
                                 0x00010000u, 0x00007fffu, 0x00008000u, 0xffff8000u, 0xffff7fffu,
                                 0xffff0000u, 0x0001ffffu, 0x55555555u, 0xaaaaaaaau};
  static const uint32_t c24[] = {0u, 1u, 2u, 0x7fffffu, 0x800000u, 0x800001u, 0xffffffu, 0x7ffffeu};
  static const uint32_t c16[] = {0u, 1u, 2u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu, 0xfffeu};
  static const uint32_t shift[] = {0u, 1u, 15u, 16u, 17u, 31u, 32u, 33u, 47u, 63u};
  switch (r.below(8)) {
    case 0: return pick(r, c32);
    case 1: return (r.next32() & 0xff000000u) | pick(r, c24);  // 24-bit corner, garbage 31:24
    case 2: return (r.next32() & 0xffff0000u) | pick(r, c16);  // 16-bit corner, garbage 31:16
    case 3: return r.bit() ? pick(r, shift) : (r.next32() & ~0x3fu) | pick(r, shift);
    case 4: return (uint32_t)((int32_t)r.below(81) - 16);       // inline integers -16..64
    case 5: return (uint32_t)(int32_t)(int16_t)r.next32();      // sign-extended 16-bit
    default: return r.next32();
  }
}

// SRC1 of a lane: often related to SRC0, for the equal / off-by-one compare and borrow edges.
uint32_t partner(Rng &r, uint32_t s0) {
  switch (r.below(10)) {
    case 0: return s0;
    case 1: return s0 + 1;
    case 2: return s0 - 1;
    case 3: return (r.next32() & 0xffff0000u) | (s0 & 0xffffu);  // equal low half
    default: return corner(r);
  }
}

bool is_lane_op(const gcn_inst_desc *d) { return d->flags & (GCN_F_READLANE | GCN_F_WRITELANE); }

// The ops integer_op implements: VOP2 rows without a float operand, other than lane ops.
bool is_integer_vop2(const gcn_inst_desc *d) {
  if (d->cls != GCN_CLASS_VOP2 || is_lane_op(d)) return false;
  for (unsigned i = 0; i < d->n_operands; i++) {
    gcn_type t = (gcn_type)d->operand[i].type;
    if (gcn_type_is_float(t) || t == GCN_T_I16F) return false;
  }
  return true;
}

struct Harness {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vvalu_lane_tb> top;
  Harness() : ctx(new VerilatedContext), top(new Vvalu_lane_tb(ctx.get())) {}
  ~Harness() { top->final(); }
  void select(gcn_gen gen, gcn_class cls, unsigned opcode) {
    top->gen_i = gen;
    top->cls_i = cls;
    top->opcode_i = opcode;
  }
};

gcn_wave g_wave;  // 64 KiB of VGPRs: static

// One model call: 64 lanes of one op. Returns false (with a message) on a model error.
struct Call {
  uint32_t s0[GCN_WAVE_SIZE], s1[GCN_WAVE_SIZE], old[GCN_WAVE_SIZE];
  uint64_t cin;
  bool vop3, clamp;
  uint32_t r[GCN_WAVE_SIZE];
  uint64_t cout;
};

bool run_model(enum gcn_op op, gcn_gen gen, Call &c, char *msg, size_t len) {
  const gcn_inst_desc *d = &gcn_isa[op];
  bool has_ci = gcn_isa_operand(d, GCN_ROLE_CI) != nullptr;
  bool has_co = gcn_isa_operand(d, GCN_ROLE_CO) != nullptr;
  gcn_inst in;
  memset(&in, 0, sizeof in);
  in.desc = d;
  in.gen = gen;
  in.vdst = 3;
  in.src[0] = GCN_CODE_VGPR0 + 1;
  in.src[1] = GCN_CODE_VGPR0 + 2;
  if (c.vop3) {
    in.enc = has_co ? GCN_ENC_VOP3B : GCN_ENC_VOP3A;
    in.size = 8;
    in.src[2] = has_ci ? 10 : 0;  // s[10:11]
    in.sdst = has_co ? 12 : 0;    // s[12:13]
    in.clamp = c.clamp;
  } else {
    in.enc = GCN_ENC_VOP2;
    in.size = 4;
  }
  gcn_error err;
  if (gcn_validate(&in, &err)) {
    snprintf(msg, len, "gcn_validate: %s", err.msg);
    return false;
  }
  uint32_t words[2] = {0, 0};
  unsigned n = gcn_encode(&in, words);
  uint8_t bytes[8];
  for (unsigned i = 0; i < 4 * n; i++) bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
  gcn_program prog = {0, bytes, 4 * n};

  gcn_wave *w = &g_wave;
  gcn_wave_init(w, gen, prog);
  memcpy(w->st.vgpr[1], c.s0, sizeof c.s0);
  memcpy(w->st.vgpr[2], c.s1, sizeof c.s1);
  memcpy(w->st.vgpr[3], c.old, sizeof c.old);
  if (c.vop3) {
    w->st.sgpr[10] = (uint32_t)c.cin;
    w->st.sgpr[11] = (uint32_t)(c.cin >> 32);
    w->st.sgpr[12] = 0xdeadbeefu;  // overwritten by the carry-out of VOP3B
    w->st.sgpr[13] = 0xdeadbeefu;
    w->st.vcc = ~c.cin;            // not read by VOP3
  } else {
    w->st.vcc = c.cin;
  }
  w->st.exec = ~0ull;
  gcn_retire ret;
  gcn_step_status s = gcn_step(w, &ret, &err);
  if (s != GCN_STEP_OK) {
    snprintf(msg, len, "gcn_step returned %d: %s", (int)s, err.msg);
    gcn_wave_free(w);
    return false;
  }
  memcpy(c.r, w->st.vgpr[3], sizeof c.r);
  c.cout = c.vop3 ? ((uint64_t)w->st.sgpr[13] << 32 | w->st.sgpr[12]) : w->st.vcc;
  gcn_wave_free(w);
  return true;
}

// One (op, gen) test. Returns true when it passed.
bool test_op(Harness &h, Rng &rng, enum gcn_op op, gcn_gen gen, unsigned calls, uint64_t *cases) {
  const gcn_inst_desc *d = &gcn_isa[op];
  const bool has_co = gcn_isa_operand(d, GCN_ROLE_CO) != nullptr;
  const bool clamp_legal = gen >= GCN12 && (d->flags & GCN_F_ICLAMP);
  unsigned fails = 0;
  char msg[512];
  Call c;
  h.select(gen, GCN_CLASS_VOP2, (unsigned)d->opcode[gen]);
  for (unsigned k = 0; k < calls; k++) {
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      c.s0[l] = corner(rng);
      c.s1[l] = partner(rng, c.s0[l]);
      if (rng.below(4) == 0) std::swap(c.s0[l], c.s1[l]);
      c.old[l] = rng.next32();
    }
    switch (rng.below(4)) {
      case 0: c.cin = 0; break;
      case 1: c.cin = ~0ull; break;
      default: c.cin = rng.next64(); break;
    }
    c.vop3 = k & 1;
    c.clamp = c.vop3 && clamp_legal && rng.bit();
    if (!run_model(op, gen, c, msg, sizeof msg)) {
      printf("FAIL %s %s: model: %s\n", d->id, gcn_gen_name(gen), msg);
      return false;
    }
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      const bool cin = c.cin >> l & 1;
      // clamp_i: the model's clamp where it has one; elsewhere random (must be ignored).
      const bool clamp_i = clamp_legal ? c.clamp : rng.bit();
      h.top->src0_i = c.s0[l];
      h.top->src1_i = c.s1[l];
      h.top->old_i = c.old[l];
      h.top->cin_i = cin;
      h.top->lane_i = l;
      h.top->clamp_i = clamp_i;
      h.top->eval();
      ++*cases;
      const uint32_t want_r = c.r[l];
      const bool want_c = c.cout >> l & 1;
      const bool bad = h.top->invalid_o || !h.top->supported_o || h.top->result_o != want_r ||
                       (has_co && h.top->carry_o != want_c);
      if (!bad) continue;
      if (fails++ < kMaxPrint)
        printf("FAIL %s (%s) %s %s lane %u: src0=0x%08x src1=0x%08x old=0x%08x cin=%d clamp=%d "
               "(clamp_i=%d): model result=0x%08x carry=%d; rtl result=0x%08x carry=%d "
               "supported=%d invalid=%d\n",
               d->id, d->mnemonic[gen], gcn_gen_name(gen), c.vop3 ? "VOP3" : "VOP2", l, c.s0[l],
               c.s1[l], c.old[l], cin, c.clamp, clamp_i, want_r, has_co ? want_c : 0,
               h.top->result_o, h.top->carry_o, h.top->supported_o, h.top->invalid_o);
    }
  }
  if (fails) printf("FAIL %s %s: %u mismatching lanes\n", d->id, gcn_gen_name(gen), fails);
  return fails == 0;
}

// decode_op, op_flags, carry roles and supported_o over every (gen, class, opcode).
bool test_decode_map(Harness &h, unsigned *n_supported) {
  static const gcn_class classes[] = {GCN_CLASS_SOP1, GCN_CLASS_SOP2, GCN_CLASS_SOPP,
                                      GCN_CLASS_VOP2};
  unsigned fails = 0;
  *n_supported = 0;
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    for (gcn_class cls : classes) {
      for (unsigned opc = 0; opc < 256; opc++) {
        const gcn_gen gen = (gcn_gen)g;
        const gcn_inst_desc *d = gcn_isa_by_opcode(gen, cls, opc);
        h.select(gen, cls, opc);
        h.top->src0_i = 0;
        h.top->src1_i = 0;
        h.top->cin_i = 0;
        h.top->clamp_i = 0;
        h.top->eval();
        // The core issues a VOP2 op unless the table marks it nortl (gcn_issue.sv); the lanes
        // (this one for integer ops, gcn_fp_lane for float ones) must compute exactly those.
        const bool nortl = d && (d->flags & GCN_F_NORTL);
        const bool want_sup = d && is_integer_vop2(d) && !nortl;
        bool ok = h.top->supported_o == want_sup;
        if (!d) {
          ok = ok && h.top->invalid_o;
        } else {
          ok = ok && !h.top->invalid_o && h.top->flags_o == (d->flags & 0xFFFFu) &&
               h.top->nortl_o == nortl &&
               h.top->has_ci_o == (gcn_isa_operand(d, GCN_ROLE_CI) != nullptr) &&
               h.top->has_co_o == (gcn_isa_operand(d, GCN_ROLE_CO) != nullptr);
        }
        if (want_sup) ++*n_supported;
        if (!ok && fails++ < kMaxPrint)
          printf("FAIL decode map %s class %d opcode %u (%s): supported=%d (want %d) invalid=%d "
                 "flags=0x%x (want 0x%x) ci=%d co=%d\n",
                 gcn_gen_name(gen), (int)cls, opc, d ? d->id : "no row", h.top->supported_o,
                 want_sup, h.top->invalid_o, h.top->flags_o, d ? d->flags : 0, h.top->has_ci_o,
                 h.top->has_co_o);
      }
    }
  }
  if (fails) printf("FAIL decode map: %u mismatching (gen, class, opcode)\n", fails);
  return fails == 0;
}

}  // namespace

int main(int argc, char **argv) {
  const uint64_t seed = argc > 1 ? strtoull(argv[1], nullptr, 0) : 1;
  const unsigned calls = argc > 2 ? (unsigned)strtoul(argv[2], nullptr, 0) : 48;
  Harness h;
  Rng rng(seed);
  unsigned passed = 0, failed = 0;
  uint64_t cases = 0;

  printf("gcn_valu_lane vs libgcnref: seed %" PRIu64 ", %u model calls x %u lanes per (op, gen)\n",
         seed, calls, GCN_WAVE_SIZE);
  printf("integer VOP2 ops (supported_o = 1):");
  for (unsigned op = 0; op < GCN_OP_COUNT; op++)
    if (is_integer_vop2(&gcn_isa[op])) printf(" %s", gcn_isa[op].id);
  printf("\n");

  unsigned n_supported = 0;
  if (test_decode_map(h, &n_supported)) {
    passed++;
    printf("ok   decode map: decode_op/op_flags/carry roles match gcn_isa[]; supported_o = 1 "
           "for %u (gen, opcode) pairs and 0 elsewhere\n", n_supported);
  } else {
    failed++;
  }

  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    if (!is_integer_vop2(d)) continue;
    char gens[64] = "";
    unsigned ok = 0, n = 0;
    uint64_t before = cases;
    for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
      if (!d->mnemonic[g] || gcn_isa_class(d, (gcn_gen)g) != GCN_CLASS_VOP2) continue; /* VOP3-only there */
      n++;
      if (test_op(h, rng, (enum gcn_op)op, (gcn_gen)g, calls, &cases)) {
        passed++;
        ok++;
        strcat(gens, " ");
        strcat(gens, gcn_gen_name((gcn_gen)g));
      } else {
        failed++;
      }
    }
    printf("%s %-22s%s (%" PRIu64 " lanes)\n", ok == n ? "ok  " : "FAIL", d->id, gens,
           cases - before);
  }
  printf("%" PRIu64 " lane cases\n", cases);
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}

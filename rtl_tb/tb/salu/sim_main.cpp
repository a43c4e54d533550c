// gcn_salu against the C model (libgcnref.a): one instruction at a time.
//
// Tests (the summary line counts them):
//  - one per (op, generation) for every SOP1/SOP2 op of the C table that gcn_salu covers
//    and that exists on the generation: the op is assembled once ("s_add_u32 s20, s2, s4",
//    64-bit operands as pairs s[20:21], s[2:3], s[4:5]); each case sets s[2:3], s[4:5],
//    s[20:21], SCC, EXEC and PC in the model's state, runs gcn_execute, and reads the retire
//    write log: writes of s20/s21 are SDST, of exec_lo/exec_hi are EXEC, plus SCC and PC.
//    The RTL gets the same values (src0_i = s[3:2] and src1_i = s[5:4] whatever the
//    operand width, so a 32-bit op must ignore the upper halves; dst_i = s[21:20]) and
//    result/SCC/EXEC/PC and their write enables are compared; a 32-bit destination must
//    read back with result_o[63:32] = 0. Cases: every pair of corner values (or every
//    corner with each SCC/EXEC corner for SOP1), then RANDOM corner-weighted cases.
//  - one per (op, generation) for the ops the core does itself (s_movrel*, s_cbranch_g_fork,
//    s_cbranch_join, s_set_gpr_idx_idx, s_rfe*) and for every SOPP/VOP2 op: random inputs,
//    no write enable may be set.
//  - one per generation, "decode": every (class, opcode 0..255) of SOP1, SOP2, SOPP and
//    VOP2: decode_op gives OP_INVALID exactly where the C table has no row, and an
//    OP_INVALID drives no write.
//
// Usage: sim_main [seed] [random]   (defaults 1 and 5000)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vsalu_tb.h"
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
constexpr unsigned kDst = 20, kS0 = 2, kS1 = 4;  // SGPRs of SDST, SSRC0, SSRC1

// The ops the core executes itself (the table's `core` flag; docs/rtl.md): gcn_salu must
// drive no write for them.
bool is_core_op(const gcn_inst_desc *d) { return (d->flags & GCN_F_CORE) != 0; }

bool starts_with(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

const uint32_t kCorner32[] = {0,          1,          2,          3,          0x7F,
                              0x80,       0xFF,       0x7FFF,     0x8000,     0xFFFF,
                              0x10000,    31,         32,         33,         63,
                              64,         0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE,
                              0xFFFFFFFF, 0xFFFF8000, 0xAAAAAAAA, 0x55555555, 0x0000F00F};
const uint64_t kCorner64[] = {0,
                              1,
                              2,
                              0x7F,
                              0xFF,
                              31,
                              32,
                              63,
                              64,
                              0x7FFFFFFFull,
                              0x80000000ull,
                              0xFFFFFFFFull,
                              0x100000000ull,
                              0x1FFFFFFFFull,
                              0xFFFFFFFF00000000ull,
                              0xFFFFFFFF80000000ull,
                              0x7FFFFFFFFFFFFFFFull,
                              0x8000000000000000ull,
                              0x8000000000000001ull,
                              0xFFFFFFFFFFFFFFFEull,
                              ~0ull,
                              0xAAAAAAAAAAAAAAAAull,
                              0x5555555555555555ull,
                              0x000F0000F000000Full,
                              0x0123456789ABCDEFull};
// Shift amounts / bit numbers: 0, 31, 32, 63, 64 and neighbours, with high garbage too.
const uint32_t kCornerShift[] = {0, 1, 2, 4, 15, 16, 31, 32, 33, 62, 63, 64, 65, 127, 0xFFFFFFFF,
                                 0xFFFFFFE0, 0x80000000, 0x8000001F, 0x1000003F};
// S_BFE S1: offsets (bits [5:0]) x widths (bits [22:16]).
const uint32_t kBfeOffset[] = {0, 1, 7, 16, 31, 32, 33, 63};
const uint32_t kBfeWidth[] = {0, 1, 2, 8, 16, 31, 32, 33, 63, 64, 65, 127};
const uint64_t kCornerExec[] = {0, ~0ull, 0xFFFFFFFFull, 0xFFFFFFFF00000000ull, 0x8000000000000001ull};
const uint64_t kCornerPc[] = {0, 4, 0x100, 0xFFFFFFFCull, 0x7FFFFFFFFFFFFFFCull,
                              0xFFFFFFFFFFFFFFF8ull, 0xFFFFFFFFFFFFFFFCull};

uint32_t gen32(Rng &r) {
  unsigned k = r.below(32);
  switch (r.below(10)) {
    case 0:
    case 1:
    case 2: return kCorner32[r.below(sizeof kCorner32 / sizeof kCorner32[0])];
    case 3: return 1u << k;
    case 4: return ~(1u << k);
    case 5: return r.chance(50) ? (1u << k) - 1 : ~((1u << k) - 1);  // low / high masks
    case 6: return r.next32() & r.next32() & r.next32();              // sparse
    case 7: return r.next32() | r.next32() | r.next32();              // dense
    case 8: return 0u - r.below(20);                                  // small negative
    default: return r.next32();
  }
}

uint64_t gen64(Rng &r) {
  unsigned k = r.below(64);
  switch (r.below(12)) {
    case 0:
    case 1:
    case 2: return kCorner64[r.below(sizeof kCorner64 / sizeof kCorner64[0])];
    case 3: return 1ull << k;
    case 4: return ~(1ull << k);
    case 5: return r.chance(50) ? (1ull << k) - 1 : ~((1ull << k) - 1);
    case 6: return r.next64() & r.next64() & r.next64();
    case 7: return r.next64() | r.next64() | r.next64();
    case 8: return 0ull - r.below(20);
    case 9: return (uint64_t)gen32(r) << 32 | gen32(r);
    case 10: return (uint64_t)(int64_t)(int32_t)gen32(r);  // a sign-extended 32-bit value
    default: return r.next64();
  }
}

// Upper half of a 32-bit operand's register pair: ignored by the ALU, so often garbage.
uint64_t with_hi(Rng &r, uint32_t lo) {
  uint64_t hi;
  switch (r.below(4)) {
    case 0: hi = 0; break;
    case 1: hi = 0xFFFFFFFFull; break;
    default: hi = r.next32();
  }
  return hi << 32 | lo;
}

uint32_t gen_shift(Rng &r) {
  if (r.chance(40)) return kCornerShift[r.below(sizeof kCornerShift / sizeof kCornerShift[0])];
  uint32_t v = r.below(r.chance(50) ? 64 : 128);
  if (r.chance(25)) v |= r.next32() & ~0x7Fu;
  return v;
}

uint32_t bfe_s1(uint32_t off, uint32_t width, uint32_t garbage) {
  return (garbage & ~0x007F003Fu) | (off & 0x3F) | (width & 0x7F) << 16;
}

uint32_t gen_bfe(Rng &r) {
  uint32_t off = r.chance(50) ? kBfeOffset[r.below(8)] : r.below(64);
  uint32_t w = r.chance(50) ? kBfeWidth[r.below(12)] : r.below(128);
  return bfe_s1(off, w, r.chance(30) ? r.next32() : 0);
}

// How a source operand's values are chosen.
enum class Kind { kNone, kValue32, kValue64, kShift, kBfe };

struct OpInfo {
  const gcn_inst_desc *d;
  Kind s0, s1;
  unsigned dst_bits;  // 0, 32 or 64
  bool exec_op;       // reads EXEC (saveexec, wrexec)
};

Kind value_kind(const gcn_inst_desc *d, gcn_role role) {
  if (!gcn_isa_operand(d, role)) return Kind::kNone;
  return gcn_operand_width(d, role) == 64 ? Kind::kValue64 : Kind::kValue32;
}

OpInfo op_info(const gcn_inst_desc *d) {
  OpInfo o{d, value_kind(d, GCN_ROLE_S0), value_kind(d, GCN_ROLE_S1), 0, false};
  if (gcn_isa_operand(d, GCN_ROLE_D)) o.dst_bits = gcn_operand_width(d, GCN_ROLE_D);
  const char *id = d->id;
  if (starts_with(id, "S_LSHL_") || starts_with(id, "S_LSHR_") || starts_with(id, "S_ASHR_"))
    o.s1 = Kind::kShift;
  if (starts_with(id, "S_BFM_")) o.s0 = o.s1 = Kind::kShift;
  if (starts_with(id, "S_BITSET")) o.s0 = Kind::kShift;
  if (starts_with(id, "S_BFE_")) o.s1 = Kind::kBfe;
  o.exec_op = (d->implicit_reads & GCN_IMPL_EXEC) != 0;
  return o;
}

uint64_t gen_operand(Rng &r, Kind k) {
  switch (k) {
    case Kind::kValue32: return with_hi(r, gen32(r));
    case Kind::kValue64: return gen64(r);
    case Kind::kShift: return with_hi(r, gen_shift(r));
    case Kind::kBfe: return with_hi(r, gen_bfe(r));
    default: return r.next64();  // unused operand: whatever the core drives
  }
}

// Corner values of an operand kind.
std::vector<uint64_t> corners(Rng &r, Kind k) {
  std::vector<uint64_t> v;
  switch (k) {
    case Kind::kValue32:
      for (uint32_t c : kCorner32) v.push_back(with_hi(r, c));
      break;
    case Kind::kValue64:
      for (uint64_t c : kCorner64) v.push_back(c);
      break;
    case Kind::kShift:
      for (uint32_t c : kCornerShift) v.push_back(with_hi(r, c));
      break;
    case Kind::kBfe:
      for (uint32_t o : kBfeOffset)
        for (uint32_t w : kBfeWidth) v.push_back(with_hi(r, bfe_s1(o, w, 0)));
      break;
    default: v.push_back(r.next64());
  }
  return v;
}

struct Inputs {
  uint64_t s0, s1, dst, exec, pc;
  bool scc;
};

struct Outputs {
  uint64_t result, exec, pc;
  bool result_we, scc, scc_we, exec_we, pc_we;
};

std::string fmt_inputs(const Inputs &in) {
  char buf[256];
  snprintf(buf, sizeof buf,
           "s0=0x%016" PRIx64 " s1=0x%016" PRIx64 " dst=0x%016" PRIx64 " scc=%d exec=0x%016" PRIx64
           " pc=0x%016" PRIx64,
           in.s0, in.s1, in.dst, in.scc ? 1 : 0, in.exec, in.pc);
  return buf;
}

std::string fmt_outputs(const Outputs &o) {
  char buf[256];
  int n = 0;
  buf[0] = 0;
  if (o.result_we) n += snprintf(buf + n, sizeof buf - n, " d=0x%016" PRIx64, o.result);
  if (o.scc_we) n += snprintf(buf + n, sizeof buf - n, " scc=%d", o.scc ? 1 : 0);
  if (o.exec_we) n += snprintf(buf + n, sizeof buf - n, " exec=0x%016" PRIx64, o.exec);
  if (o.pc_we) n += snprintf(buf + n, sizeof buf - n, " pc=0x%016" PRIx64, o.pc);
  if (!n) snprintf(buf, sizeof buf, " (no write)");
  return buf;
}

bool same(const Outputs &a, const Outputs &b) {
  if (a.result_we != b.result_we || a.scc_we != b.scc_we || a.exec_we != b.exec_we ||
      a.pc_we != b.pc_we)
    return false;
  if (a.result_we && a.result != b.result) return false;
  if (a.scc_we && a.scc != b.scc) return false;
  if (a.exec_we && a.exec != b.exec) return false;
  if (a.pc_we && a.pc != b.pc) return false;
  return true;
}

class Harness {
 public:
  Harness() : ctx_(new VerilatedContext), top_(new Vsalu_tb(ctx_.get())) {}
  ~Harness() { top_->final(); }

  Outputs rtl(gcn_gen gen, const gcn_inst_desc *d, const Inputs &in) {
    return rtl_raw(gen, d->cls, (unsigned)d->opcode[gen], in);
  }

  Outputs rtl_raw(gcn_gen gen, unsigned cls, unsigned opcode, const Inputs &in) {
    top_->gen_i = gen;
    top_->cls_i = cls;
    top_->opcode_i = opcode;
    top_->src0_i = in.s0;
    top_->src1_i = in.s1;
    top_->dst_i = in.dst;
    top_->scc_i = in.scc;
    top_->exec_i = in.exec;
    top_->pc_i = in.pc;
    top_->eval();
    Outputs o;
    o.result = top_->result_o;
    o.result_we = top_->result_we_o;
    o.scc = top_->scc_o;
    o.scc_we = top_->scc_we_o;
    o.exec = top_->exec_o;
    o.exec_we = top_->exec_we_o;
    o.pc = top_->pc_o;
    o.pc_we = top_->pc_we_o;
    return o;
  }

  bool invalid() const { return top_->invalid_o; }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vsalu_tb> top_;
};

// The model side of one op on one generation: the assembled instruction and a wave.
class Model {
 public:
  Model() : w_(new gcn_wave) {}
  ~Model() { gcn_wave_free(w_.get()); }

  // Assembles the op with SDST s20, SSRC0 s2, SSRC1 s4 (pairs for 64-bit operands).
  bool load(gcn_gen gen, const OpInfo &o, std::string *msg) {
    std::string text = o.d->mnemonic[gen];
    const char *sep = " ";
    const struct {
      gcn_role role;
      unsigned reg;
    } roles[] = {{GCN_ROLE_D, kDst}, {GCN_ROLE_S0, kS0}, {GCN_ROLE_S1, kS1}};
    for (const auto &r : roles) {
      if (!gcn_isa_operand(o.d, r.role)) continue;
      char buf[32];
      if (gcn_operand_width(o.d, r.role) == 64)
        snprintf(buf, sizeof buf, "%ss[%u:%u]", sep, r.reg, r.reg + 1);
      else
        snprintf(buf, sizeof buf, "%ss%u", sep, r.reg);
      text += buf;
      sep = ", ";
    }
    gcn_error err;
    if (gcn_assemble(gen, text.c_str(), &inst_, &err)) {
      *msg = "gcn_assemble(\"" + text + "\"): " + err.msg;
      return false;
    }
    gcn_wave_free(w_.get());
    gcn_program prog = {0, nullptr, 0};  // gcn_execute runs inst_ itself: no fetch
    gcn_wave_init(w_.get(), gen, prog);
    return true;
  }

  bool run(const Inputs &in, Outputs *out, std::string *msg) {
    gcn_state &st = w_->st;
    st.sgpr[kS0] = (uint32_t)in.s0;
    st.sgpr[kS0 + 1] = (uint32_t)(in.s0 >> 32);
    st.sgpr[kS1] = (uint32_t)in.s1;
    st.sgpr[kS1 + 1] = (uint32_t)(in.s1 >> 32);
    st.sgpr[kDst] = (uint32_t)in.dst;
    st.sgpr[kDst + 1] = (uint32_t)(in.dst >> 32);
    st.scc = in.scc;
    st.exec = in.exec;
    st.pc = in.pc;
    gcn_retire ret;
    gcn_error err;
    gcn_step_status s = gcn_execute(w_.get(), &inst_, &ret, &err);
    if (s != GCN_STEP_OK) {
      *msg = "gcn_execute returned " + std::to_string((int)s) + ": " + err.msg;
      return false;
    }
    *out = Outputs{};
    bool d_lo = false, d_hi = false, e_lo = false, e_hi = false;
    uint32_t dv[2] = {0, 0}, ev[2] = {0, 0};
    for (unsigned i = 0; i < ret.n_writes; i++) {
      const gcn_write &wr = ret.writes[i];
      if (wr.kind == gcn_write::GCN_W_SCC) {
        out->scc_we = true;
        out->scc = wr.value != 0;
      } else if (wr.kind == gcn_write::GCN_W_PC) {
        out->pc_we = true;
        out->pc = wr.value;
      } else if (wr.kind == gcn_write::GCN_W_SREG && (wr.code == kDst || wr.code == kDst + 1)) {
        (wr.code == kDst ? d_lo : d_hi) = true;
        dv[wr.code - kDst] = (uint32_t)wr.value;
      } else if (wr.kind == gcn_write::GCN_W_SREG &&
                 (wr.code == GCN_CODE_EXEC_LO || wr.code == GCN_CODE_EXEC_HI)) {
        (wr.code == GCN_CODE_EXEC_LO ? e_lo : e_hi) = true;
        ev[wr.code - GCN_CODE_EXEC_LO] = (uint32_t)wr.value;
      } else {
        *msg = "unexpected write kind " + std::to_string((int)wr.kind) + " code " +
               std::to_string(wr.code);
        return false;
      }
    }
    if (d_hi && !d_lo) {
      *msg = "SDST high dword written alone";
      return false;
    }
    out->result_we = d_lo;
    out->result = (uint64_t)dv[1] << 32 | dv[0];  // a 32-bit SDST: high half 0
    if (e_lo != e_hi) {
      *msg = "EXEC half written";
      return false;
    }
    out->exec_we = e_lo;
    out->exec = (uint64_t)ev[1] << 32 | ev[0];
    return true;
  }

 private:
  std::unique_ptr<gcn_wave> w_;
  gcn_inst inst_;
};

struct Tally {
  unsigned passed = 0, failed = 0;
  void add(bool ok) { ok ? passed++ : failed++; }
};

// A covered op on one generation against the model. Returns the number of cases run, or
// -1 on failure (mismatches printed).
long test_op(Harness &h, Model &m, gcn_gen gen, const OpInfo &o, Rng &r, unsigned n_random) {
  std::string msg;
  const char *mn = o.d->mnemonic[gen];
  if (!m.load(gen, o, &msg)) {
    printf("FAIL %s %s: %s\n", mn, gcn_gen_name(gen), msg.c_str());
    return -1;
  }
  unsigned bad = 0;
  long cases = 0;
  auto check = [&](const Inputs &in) {
    Outputs exp, got;
    cases++;
    if (!m.run(in, &exp, &msg)) {
      if (bad++ < kMaxPrint)
        printf("FAIL %s %s: model: %s (%s)\n", mn, gcn_gen_name(gen), msg.c_str(),
               fmt_inputs(in).c_str());
      return;
    }
    got = h.rtl(gen, o.d, in);
    if (same(exp, got)) return;
    if (bad++ < kMaxPrint)
      printf("MISMATCH %s %s: %s\n    expected%s\n    got     %s%s\n", mn, gcn_gen_name(gen),
             fmt_inputs(in).c_str(), fmt_outputs(exp).c_str(),
             (got.result_we && o.dst_bits == 32 && (got.result >> 32)) ? "(high half set) " : "",
             fmt_outputs(got).c_str());
  };
  auto random_rest = [&](Inputs *in) {
    in->dst = gen64(r);
    in->exec = r.chance(20) ? 0 : r.chance(25) ? ~0ull : gen64(r);
    in->pc = r.chance(20) ? kCornerPc[r.below(sizeof kCornerPc / sizeof kCornerPc[0])]
                          : r.next64() & ~3ull;
  };

  // Corners: every pair of S0 and S1 corners with SCC 0 and 1 (two-source ops), or every
  // S0 corner (or PC corner, s_getpc) with every SCC and EXEC corner.
  std::vector<uint64_t> c0 = corners(r, o.s0), c1 = corners(r, o.s1);
  for (uint64_t a : c0) {
    if (o.s1 != Kind::kNone) {
      for (uint64_t b : c1)
        for (int scc = 0; scc < 2; scc++) {
          Inputs in{a, b, 0, 0, 0, scc != 0};
          random_rest(&in);
          check(in);
        }
    } else {
      for (uint64_t e : kCornerExec)
        for (int scc = 0; scc < 2; scc++) {
          Inputs in{a, r.next64(), 0, e, 0, scc != 0};
          random_rest(&in);
          in.exec = e;
          if (o.exec_op && r.chance(30)) in.s0 = r.chance(50) ? e : ~e;
          check(in);
          if (o.s0 == Kind::kNone)  // s_getpc: the PC corners
            for (uint64_t pc : kCornerPc) {
              in.pc = pc;
              check(in);
            }
        }
    }
  }
  // Random cases.
  for (unsigned i = 0; i < n_random; i++) {
    Inputs in;
    in.s0 = gen_operand(r, o.s0);
    in.s1 = gen_operand(r, o.s1);
    in.scc = r.chance(50);
    random_rest(&in);
    if (o.s1 == Kind::kValue32 && r.chance(15)) {  // ties and neighbours (min/max, sub)
      uint32_t lo = (uint32_t)in.s0 + (uint32_t)(r.below(3) - 1);
      in.s1 = with_hi(r, lo);
    } else if (o.s1 == Kind::kValue64 && r.chance(10)) {
      in.s1 = in.s0;
    }
    if (o.exec_op && r.chance(20)) in.s0 = r.chance(50) ? in.exec : ~in.exec;
    check(in);
  }
  return bad ? -1 : cases;
}

// An op that gcn_salu must not execute: no write enable, for random inputs.
bool test_no_write(Harness &h, gcn_gen gen, unsigned cls, unsigned opcode, const char *what,
                   Rng &r, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    Inputs in{gen64(r), gen64(r), gen64(r), r.chance(30) ? ~0ull : gen64(r),
              r.next64() & ~3ull, r.chance(50)};
    Outputs got = h.rtl_raw(gen, cls, opcode, in);
    if (got.result_we || got.scc_we || got.exec_we || got.pc_we) {
      printf("MISMATCH %s %s: %s\n    expected (no write)\n    got     %s\n", what,
             gcn_gen_name(gen), fmt_inputs(in).c_str(), fmt_outputs(got).c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], nullptr, 0) : 1;
  unsigned n_random = argc > 2 ? (unsigned)strtoul(argv[2], nullptr, 0) : 5000;
  Rng r(seed);
  Harness h;
  Model m;
  Tally t;
  long total_cases = 0;
  const gcn_gen gens[] = {GCN10, GCN11, GCN12, GCN14};
  printf("gcn_salu vs libgcnref: seed %" PRIu64 ", %u random cases per (op, generation)\n", seed,
         n_random);

  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    bool scalar = d->cls == GCN_CLASS_SOP1 || d->cls == GCN_CLASS_SOP2;
    bool covered = scalar && !is_core_op(d);
    std::string line;
    bool all_ok = true;
    long cases = 0;
    for (gcn_gen gen : gens) {
      if (!d->mnemonic[gen]) continue;
      if (!scalar && gcn_isa_class(d, gen) != d->cls) continue; /* a VOP2 op that is VOP3-only here */
      if (!scalar && d->cls != GCN_CLASS_VOP2) continue;      /* VOP1/VOPC/VOP3: not the SALU's ports */
      bool ok;
      if (covered) {
        long c = test_op(h, m, gen, op_info(d), r, n_random);
        ok = c >= 0;
        if (ok) cases += c;
      } else {
        ok = test_no_write(h, gen, d->cls, (unsigned)d->opcode[gen], d->mnemonic[gen], r, 64);
      }
      t.add(ok);
      all_ok = all_ok && ok;
      line += " ";
      line += gcn_gen_name(gen);
    }
    total_cases += cases;
    if (line.empty()) continue; /* on no generation a SALU-port op (VOP1, VOPC, VOP3-only) */
    if (covered)
      printf("%s %-26s%s (%ld cases)\n", all_ok ? "ok  " : "FAIL", d->id, line.c_str(), cases);
    else
      printf("%s %-26s%s (%s: no write)\n", all_ok ? "ok  " : "FAIL", d->id, line.c_str(),
             scalar ? "done by the core" : "not scalar");
  }

  // Decode: OP_INVALID exactly where the C table has no row; OP_INVALID writes nothing.
  const gcn_class classes[] = {GCN_CLASS_SOP1, GCN_CLASS_SOP2, GCN_CLASS_SOPP, GCN_CLASS_VOP2};
  for (gcn_gen gen : gens) {
    bool ok = true;
    for (gcn_class cls : classes)
      for (unsigned opc = 0; opc < 256; opc++) {
        bool c_invalid = gcn_isa_by_opcode(gen, cls, opc) == nullptr;
        Inputs in{r.next64(), r.next64(), r.next64(), ~0ull, 0, r.chance(50)};
        h.rtl_raw(gen, cls, opc, in);
        if (h.invalid() != c_invalid) {
          printf("MISMATCH decode %s class %d opcode %u: decode_op %s, C table %s\n",
                 gcn_gen_name(gen), (int)cls, opc, h.invalid() ? "OP_INVALID" : "an op",
                 c_invalid ? "no row" : "a row");
          ok = false;
        } else if (c_invalid) {
          ok = test_no_write(h, gen, cls, opc, "OP_INVALID", r, 4) && ok;
        }
      }
    printf("%s decode %s\n", ok ? "ok  " : "FAIL", gcn_gen_name(gen));
    t.add(ok);
  }

  printf("%ld model comparisons\n", total_cases);
  printf("%u passed, %u failed\n", t.passed, t.failed);
  return t.failed ? 1 : 0;
}

// gcn_fp_lane against the C model (libgcnref.a), lane by lane.
//
// One test per (float op, generation) of the C table: CALLS one-instruction programs, each
// run through gcn_step with 64 lanes of float-corner sources (zeros, denormals, the
// smallest normal, the largest finite value, infinities, quiet and signaling NaNs with
// payloads, halfway and cancelling pairs, random bits), a random MODE (every rounding and
// denormal mode of f32 and f16, IEEE, DX10_CLAMP), alternating VOP2 / VOP3 encodings with
// random ABS/NEG/OMOD/CLAMP where the op takes them, and a random K for v_madmk/v_madak.
// Every lane is then driven through the RTL with the same operands and modifiers, and the
// result is compared with the model's VDST. The VOP3-only float rows the core executes
// (v_mad_f32, v_mad_legacy_f32, v_fma_f32, v_min3/max3/med3_f32) run in their VOP3 form with
// a random SRC2 (for f32 half the time the negated product of SRC0 and SRC1, rounded, or one
// ulp beside it: fma's deep cancellations) and ABS/NEG on all three sources; every call has a
// random VCC, which v_div_fmas_f32 reads (vcc_i), and v_div_scale_f32's VCC bit (vcc_o, VOP3B:
// no ABS) is compared too, but on gcn10 where the model leaves it undefined. The expected values are the model's
// (gcn_step), never the RTL's. A final "decode map" test checks that supported_o is 1
// exactly for the float VOP2 and VOP1 ops (the VOP1 ones the core executes) of every
// generation. The f64 rows the core executes (gcn_fp64_lane, beside the lane in the tb as in
// the core) run the same way on 64-bit operands: f64 corners (zeros, denormals with the
// fraction in either dword, the ends of the range, infinities, NaNs, ties, halfway and
// cancelling pairs; v_fma_f64's SRC2 half the time -(SRC0 * SRC1) rounded or beside it); a
// row with an f64 destination and a 32-bit source (v_cvt_f64_i32/u32/f32) takes that type's
// corners, and the VDST pair's high dword is compared when the destination is f64 (the
// v_div_scale_f64 VCC bit and v_div_fmas_f64's VCC as the f32 rows').
//
// Usage: fp_lane_tb [seed] [calls]   (defaults 1 and 200; 200 x 64 lanes per test)
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include "Vfp_lane_tb.h"
#include "verilated.h"
#include "../../../vectors/rng.h"  // the project's one seeded PRNG

extern "C" {
#include "gcnref/fp.h"
#include "gcnref/inst.h"
#include "gcnref/isa.h"
#include "gcnref/model.h"
#include "gcnref/operand.h"
#include "gcnref/state.h"
}

namespace {

constexpr unsigned kMaxPrint = 4;  // mismatches printed per test

// An f32 weighted to the float corners.
uint32_t f32_corner(Rng &r) {
  static const uint32_t c[] = {
      0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
      0x7fc12345u, 0x7f800001u, 0xffa00000u, 0x7fbfffffu, 0x00000001u, 0x807fffffu,
      0x007fffffu, 0x00400000u, 0x00800000u, 0x80800000u, 0x00800001u, 0x7f7fffffu,
      0xff7fffffu, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x3f800001u, 0x40000000u,
      0x3f000000u, 0x437f8000u, 0x43800000u, 0x437f0000u, 0x3fffffffu, 0x477fe000u,
      0x477ff000u, 0x38800000u, 0x387fffffu, 0x33800000u, 0x33000000u, 0x3effffffu,
      0x3fc00000u, 0x40200000u, 0xc0200000u, 0xbf000000u, 0x4b000000u, 0x4affffffu, 0xcb7fffffu};
  switch (r.below(8)) {
    case 0: case 1: case 2: return pick(r, c);
    case 3: return (r.next32() & 0x807fffffu);                            // denormal
    case 4: return (r.next32() & 0x80ffffffu) | ((r.below(40)) << 23);     // near emin
    case 5: return (r.next32() & 0x807fffffu) | ((100 + r.below(60)) << 23);  // moderate
    case 6: return (r.next32() & 0x807fffffu) | ((220 + r.below(35)) << 23);  // near overflow
    default: return r.next32();
  }
}

// An f16 in [15:0], garbage in [31:16].
uint32_t f16_corner(Rng &r) {
  static const uint32_t c[] = {0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7e00u, 0xfe00u, 0x7e55u,
                               0x7c01u, 0xfd00u, 0x7dffu, 0x0001u, 0x83ffu, 0x03ffu, 0x0200u,
                               0x0400u, 0x8400u, 0x0401u, 0x7bffu, 0xfbffu, 0x3c00u, 0xbc00u,
                               0x3bffu, 0x3c01u, 0x4000u, 0x3800u, 0x5bf8u, 0x5c00u, 0x3fffu,
                               0x3e00u, 0x4100u, 0xc100u, 0xb800u, 0x6400u, 0x63ffu, 0xe7ffu};
  uint32_t hi = r.bit() ? 0 : (r.next32() & 0xffff0000u);
  switch (r.below(7)) {
    case 0: case 1: case 2: return hi | pick(r, c);
    case 3: return hi | (r.next32() & 0x83ffu);                                // denormal
    case 4: return hi | (r.next32() & 0x83ffu) | (r.below(6) << 10);            // near emin
    case 5: return hi | (r.next32() & 0x83ffu) | ((24 + r.below(7)) << 10);     // near overflow
    default: return r.next32();
  }
}

// An f64 weighted to the float corners.
uint64_t f64_corner(Rng &r) {
  static const uint64_t c[] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7ff8000000000000ull, 0xfff8000000000001ull, 0x7ff0000000000001ull, 0xfff4000000000000ull,
      0x0000000000000001ull, 0x800fffffffffffffull, 0x0000000080000000ull, 0x0010000000000000ull,
      0x8010000000000000ull, 0x0010000000000001ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
      0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3fefffffffffffffull, 0x3ff0000000000001ull,
      0x4000000000000000ull, 0x3fe0000000000000ull, 0x4330000000000000ull, 0x432fffffffffffffull,
      0x3ca0000000000000ull, 0x3cb0000000000000ull, 0x7fe0000000000000ull, 0x0008000000000000ull};
  const uint64_t x = (uint64_t)r.next32() << 32 | r.next32();
  switch (r.below(8)) {
    case 0: case 1: case 2: return c[r.below(sizeof c / sizeof c[0])];
    case 3: return x & (r.bit() ? 0x800fffffffffffffull : 0x80000000ffffffffull);        // denormal
    case 4: return (x & 0x801fffffffffffffull) | ((uint64_t)r.below(60) << 52);            // near emin
    case 5: return (x & 0x800fffffffffffffull) | ((uint64_t)(1000 + r.below(50)) << 52);   // moderate
    case 6: return (x & 0x800fffffffffffffull) | ((uint64_t)(1990 + r.below(57)) << 52);   // near overflow
    default: return x;
  }
}

uint64_t partner64(Rng &r, uint64_t s0) {
  const uint64_t sign = 1ull << 63;
  switch (r.below(10)) {
    case 0: return s0;
    case 1: return s0 ^ sign;
    case 2: return s0 + 1;
    case 3: return (s0 - 1) ^ sign;
    case 4: return (s0 ^ sign) + (1ull << 52) * r.below(60);
    case 5: return (s0 & ~0xffffffffull) | (r.next32());       // the same high dword
    default: return f64_corner(r);
  }
}

// SRC1 related to SRC0: equal, negated, one ulp apart, shifted exponent (cancellation and
// alignment edges), else an independent corner.
uint32_t partner(Rng &r, uint32_t s0, bool f16) {
  const uint32_t sign = f16 ? 0x8000u : 0x80000000u;
  const uint32_t one_exp = f16 ? 0x400u : 0x800000u;
  switch (r.below(10)) {
    case 0: return s0;
    case 1: return s0 ^ sign;
    case 2: return s0 + 1;
    case 3: return (s0 - 1) ^ sign;
    case 4: return (s0 ^ sign) + one_exp * r.below(30);
    default: return f16 ? f16_corner(r) : f32_corner(r);
  }
}

uint32_t value_of_type(Rng &r, gcn_type t, uint32_t s0, bool related) {
  switch (t) {
    case GCN_T_F32: return related ? partner(r, s0, false) : f32_corner(r);
    case GCN_T_F16: return related ? partner(r, s0, true) : f16_corner(r);
    case GCN_T_PK_F16:  // two f16 corners (halves of SRC0's when related), an f32 now and then (v_mad_mix*)
      if (!related && r.below(4) == 0) return f32_corner(r);
      return related ? partner(r, s0 >> 16, true) << 16 | (partner(r, s0, true) & 0xffffu)
                     : f16_corner(r) << 16 | (f16_corner(r) & 0xffffu);
    default:  // ldexp exponents, pkaccum byte selects
      switch (r.below(4)) {
        case 0: return (uint32_t)((int32_t)r.below(80) - 40);
        case 1: return (uint32_t)((int32_t)r.below(700) - 350);
        case 2: return r.bit() ? (r.next32() & 0xffff0000u) | (r.next32() & 0x7f) : r.next32();
        default: return r.next32();
      }
  }
}

// gcn14's float VOP3P rows (gcn_fp_pk): the packed f16 ops and v_mad_mix*.
bool is_pk_float(const gcn_inst_desc *d) {
  if (d->cls != GCN_CLASS_VOP3P || (d->flags & GCN_F_NORTL)) return false;
  gcn_type t = (gcn_type)gcn_isa_operand(d, GCN_ROLE_D)->type;
  return t == GCN_T_PK_F16 || t == GCN_T_F32 || t == GCN_T_B32;
}

// A float op of the lane: VOP2, or VOP1 or VOP3-only when the core executes it (not `nortl`),
// or a float VOP3P row (gcn_fp_pk beside the lane).
bool is_float_lane_op(const gcn_inst_desc *d) {
  if (is_pk_float(d)) return true;
  if (d->cls != GCN_CLASS_VOP2 &&
      !((d->cls == GCN_CLASS_VOP1 || d->cls == GCN_CLASS_VOP3) && !(d->flags & GCN_F_NORTL)))
    return false;
  for (unsigned i = 0; i < d->n_operands; i++) {
    gcn_type t = (gcn_type)d->operand[i].type;
    if (gcn_type_is_float(t) || t == GCN_T_I16F) return true;
  }
  return false;
}

struct Harness {
  std::unique_ptr<VerilatedContext> ctx;
  std::unique_ptr<Vfp_lane_tb> top;
  Harness() : ctx(new VerilatedContext), top(new Vfp_lane_tb(ctx.get())) {}
  ~Harness() { top->final(); }
};

gcn_wave g_wave;  // 64 KiB of VGPRs: static

// One model call: 64 lanes of one op.
struct Call {
  uint32_t s0[GCN_WAVE_SIZE], s1[GCN_WAVE_SIZE], s2[GCN_WAVE_SIZE], old[GCN_WAVE_SIZE];
  uint32_t s0h[GCN_WAVE_SIZE], s1h[GCN_WAVE_SIZE], s2h[GCN_WAVE_SIZE], oldh[GCN_WAVE_SIZE];  // f64 high dwords
  uint32_t mode, k;
  bool vop3, clamp;
  unsigned abs, neg, omod, opsel, opsel_hi, neg_hi;
  uint32_t r[GCN_WAVE_SIZE], rh[GCN_WAVE_SIZE];
  uint64_t vcc_in, vcc_out;  // VCC before (v_div_fmas reads it) and after (v_div_scale writes it)
};

bool run_model(enum gcn_op op, gcn_gen gen, Call &c, char *msg, size_t len) {
  const gcn_inst_desc *d = &gcn_isa[op];
  gcn_inst in;
  memset(&in, 0, sizeof in);
  in.desc = d;
  in.gen = gen;
  in.vdst = 16;  // pairs (f64): v[10:11], v[12:13], v[14:15], v[16:17]
  in.src[0] = GCN_CODE_VGPR0 + 10;
  if (gcn_isa_operand(d, GCN_ROLE_S1)) in.src[1] = GCN_CODE_VGPR0 + 12;
  if (gcn_isa_operand(d, GCN_ROLE_S2)) in.src[2] = GCN_CODE_VGPR0 + 14;
  if (gcn_isa_operand(d, GCN_ROLE_K)) {
    in.literal = c.k;
    in.has_literal = true;
  }
  if (gcn_isa_operand(d, GCN_ROLE_CO)) in.sdst = GCN_CODE_VCC_LO;  // VOP3B: v_div_scale's VCC
  if (d->cls == GCN_CLASS_VOP3P) {
    in.enc = GCN_ENC_VOP3P;
    in.size = 8;
    in.opsel = (uint8_t)c.opsel;
    in.opsel_hi = (uint8_t)c.opsel_hi;
    in.neg = (uint8_t)c.neg;
    if (gcn_isa_operand(d, GCN_ROLE_D)->type == GCN_T_PK_F16) in.neg_hi = (uint8_t)c.neg_hi;
    else in.abs = (uint8_t)c.neg_hi;  // v_mad_mix*: NEG_HI is ABS
    in.clamp = c.clamp;
  } else if (c.vop3) {
    in.enc = gcn_isa_operand(d, GCN_ROLE_CO) ? GCN_ENC_VOP3B : GCN_ENC_VOP3A;
    in.size = 8;
    in.abs = (uint8_t)c.abs;
    in.neg = (uint8_t)c.neg;
    in.omod = (uint8_t)c.omod;
    in.clamp = c.clamp;
    in.opsel = (uint8_t)c.opsel;
  } else {
    in.enc = d->cls == GCN_CLASS_VOP1 ? GCN_ENC_VOP1 : GCN_ENC_VOP2;
    in.size = in.has_literal ? 8 : 4;
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
  memcpy(w->st.vgpr[10], c.s0, sizeof c.s0);
  memcpy(w->st.vgpr[11], c.s0h, sizeof c.s0h);
  memcpy(w->st.vgpr[12], c.s1, sizeof c.s1);
  memcpy(w->st.vgpr[13], c.s1h, sizeof c.s1h);
  memcpy(w->st.vgpr[14], c.s2, sizeof c.s2);
  memcpy(w->st.vgpr[15], c.s2h, sizeof c.s2h);
  memcpy(w->st.vgpr[16], c.old, sizeof c.old);
  memcpy(w->st.vgpr[17], c.oldh, sizeof c.oldh);
  w->st.exec = ~0ull;
  w->st.mode = c.mode;
  w->st.vcc = c.vcc_in;
  gcn_retire ret;
  gcn_step_status s = gcn_step(w, &ret, &err);
  if (s != GCN_STEP_OK) {
    snprintf(msg, len, "gcn_step returned %d: %s", (int)s, err.msg);
    gcn_wave_free(w);
    return false;
  }
  memcpy(c.r, w->st.vgpr[16], sizeof c.r);
  memcpy(c.rh, w->st.vgpr[17], sizeof c.rh);
  c.vcc_out = w->st.vcc;
  gcn_wave_free(w);
  return true;
}

// An approx=N row's result (docs/float.md "Approximate results"): within N ulps of the
// model's, the kept upper half of an f16 result exact (as checker/compare.c accepts it).
bool approx_ok(bool f16, uint32_t want, uint32_t got, uint32_t ulps) {
  if (f16)
    return (want >> 16) == (got >> 16) && gcn_fp_within_ulps(GCN_FP16, want & 0xffffu, got & 0xffffu, ulps);
  return gcn_fp_within_ulps(GCN_FP32, want, got, ulps);
}

// One (op, gen) test. Returns true when it passed.
bool test_op(Harness &h, Rng &rng, enum gcn_op op, gcn_gen gen, unsigned calls, uint64_t *cases) {
  const gcn_inst_desc *d = &gcn_isa[op];
  const gcn_operand_desc *o0 = gcn_isa_operand(d, GCN_ROLE_S0);
  const gcn_operand_desc *o1 = gcn_isa_operand(d, GCN_ROLE_S1);
  const gcn_operand_desc *od = gcn_isa_operand(d, GCN_ROLE_D);
  const gcn_operand_desc *ok = gcn_isa_operand(d, GCN_ROLE_K);
  const gcn_operand_desc *o2 = gcn_isa_operand(d, GCN_ROLE_S2);
  const gcn_type t0 = (gcn_type)o0->type, t1 = o1 ? (gcn_type)o1->type : GCN_T_B32;
  const gcn_type t2 = o2 ? (gcn_type)o2->type : GCN_T_B32;
  const bool vop3only = d->cls == GCN_CLASS_VOP3;
  const bool f16 = t0 == GCN_T_F16;
  const bool vop3_ok = !(d->flags & GCN_F_NOVOP3);
  const bool omod_ok = d->flags_on[gen] & GCN_F_OMOD;
  unsigned fails = 0;
  char msg[512];
  Call c;
  h.top->gen_i = gen;
  h.top->opcode_i = (unsigned)d->opcode[gen];
  h.top->vop1_i = d->cls == GCN_CLASS_VOP1;
  h.top->vop3_i = vop3only;
  h.top->vop3p_i = d->cls == GCN_CLASS_VOP3P;
  // The f64 rows (an f64 source or destination; gcn_fp64_lane): the VDST pair's high dword
  // is compared when the destination is 64-bit.
  const bool d64 = od && od->type == GCN_T_F64;
  const bool f64 = t0 == GCN_T_F64 || d64;
  for (unsigned k = 0; k < calls; k++) {
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      c.s0h[l] = c.s1h[l] = c.s2h[l] = c.oldh[l] = rng.next32();  // 32-bit operands: ignored
      if (f64) {  // the f64 rows: 64-bit corners, SRC1 an i32 exponent (ldexp) or an f64
        uint64_t a = t0 == GCN_T_F64 ? f64_corner(rng)
                   : t0 == GCN_T_F32 ? f32_corner(rng) : value_of_type(rng, t0, 0, false), b = t1 == GCN_T_F64 ? (rng.bit() ? partner64(rng, a) : f64_corner(rng)) : 0;
        uint64_t cc = f64_corner(rng);
        if (t2 == GCN_T_F64 && rng.bit()) {  // -(a * b) rounded, +- 1 ulp: fma's cancellations
          double x, y, p;
          memcpy(&x, &a, 8);
          memcpy(&y, &b, 8);
          p = -(x * y);
          memcpy(&cc, &p, 8);
          cc += (uint64_t)rng.below(3) - 1u;
        }
        c.s0[l] = (uint32_t)a, c.s0h[l] = t0 == GCN_T_F64 ? (uint32_t)(a >> 32) : c.s0h[l];
        c.s1[l] = t1 == GCN_T_F64 ? (uint32_t)b : value_of_type(rng, GCN_T_I32, 0, false);
        c.s1h[l] = t1 == GCN_T_F64 ? (uint32_t)(b >> 32) : c.s1h[l];
        if (t1 != GCN_T_F64 && rng.below(3) == 0) c.s1[l] = (uint32_t)((int32_t)rng.below(4400) - 2200);
        c.s2[l] = (uint32_t)cc, c.s2h[l] = (uint32_t)(cc >> 32);
        c.old[l] = rng.next32();
        continue;
      }
      c.s0[l] = value_of_type(rng, t0, 0, false);
      const bool fl1 = gcn_type_is_float(t1) || t1 == GCN_T_PK_F16, fl2 = gcn_type_is_float(t2) || t2 == GCN_T_PK_F16;
      c.s1[l] = value_of_type(rng, t1, c.s0[l], fl1 && rng.bit());
      if (gcn_type_is_float(t1) && rng.below(4) == 0) std::swap(c.s0[l], c.s1[l]);
      c.s2[l] = o2 ? value_of_type(rng, t2, c.s0[l], fl2 && rng.bit()) : 0;
      if (t2 == GCN_T_F32 && rng.bit()) {  // -(s0 * s1) rounded, +- 1 ulp: fma's cancellations
        float a, b, p;
        memcpy(&a, &c.s0[l], 4);
        memcpy(&b, &c.s1[l], 4);
        p = -(a * b);
        memcpy(&c.s2[l], &p, 4);
        c.s2[l] += (uint32_t)rng.below(3) - 1u;
      }
      c.old[l] = (od && gcn_type_is_float((gcn_type)od->type)) ? value_of_type(rng, t0, 0, false)
                                                                : rng.next32();
    }
    c.k = ok ? value_of_type(rng, t0, 0, false) : 0;
    c.vcc_in = rng.next64();
    c.mode = rng.next32() & 0x3ffu;
    c.vop3 = vop3only || (vop3_ok && (k & 1));
    c.abs = c.neg = c.omod = c.opsel = c.opsel_hi = c.neg_hi = 0;
    c.clamp = false;
    if (d->cls == GCN_CLASS_VOP3P) {  // every modifier of each present source
      const unsigned used = o2 ? 7u : 3u;
      c.opsel = rng.below(8) & used;
      c.opsel_hi = (rng.below(8) & used) | (7u & ~used);
      c.neg = rng.below(8) & used;
      c.neg_hi = rng.below(8) & used;
      c.clamp = rng.bit();
    } else if (c.vop3) {
      const unsigned fmask = (gcn_type_is_float(t0) ? 1u : 0u) | (gcn_type_is_float(t1) ? 2u : 0u) |
                             (gcn_type_is_float(t2) ? 4u : 0u);
      c.abs = rng.below(8) & fmask;
      c.neg = rng.below(8) & fmask;
      if (!omod_ok && (d->flags_on[gen] & GCN_F_CLAMP)) c.clamp = rng.bit();  // clamp without OMOD
      if (d->flags_on[gen] & GCN_F_OPSEL) c.opsel = rng.below(16) & (o2 ? 15u : 11u);  // gcn14 op_sel
      if (omod_ok) {
        c.omod = rng.below(4);
        c.clamp = rng.bit() && !(d->flags_on[gen] & GCN_F_NOCLAMP);
      }
      if (gcn_isa_operand(d, GCN_ROLE_CO)) {  // VOP3B (v_div_scale): no ABS; CLAMP from gcn12
        c.abs = 0;
        c.clamp = c.clamp && gcn_enc_has(gcn_enc_lookup(gen, GCN_ENC_VOP3B), GCN_FLD_CLAMP);
      }
    }
    if (!run_model(op, gen, c, msg, sizeof msg)) {
      printf("FAIL %s %s: model: %s\n", d->id, gcn_gen_name(gen), msg);
      return false;
    }
    h.top->mode_i = c.mode;
    h.top->abs_i = c.abs;
    h.top->neg_i = c.neg;
    h.top->omod_i = c.omod;
    h.top->clamp_i = c.clamp;
    h.top->opsel_i = c.opsel;
    h.top->opsel_hi_i = c.opsel_hi;
    if (d->cls == GCN_CLASS_VOP3P) {  // NEG_LO, NEG_HI on the tb's neg_i, abs_i
      h.top->neg_i = c.neg;
      h.top->abs_i = c.neg_hi;
    }
    h.top->k_i = c.k;
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
      h.top->src0_i = c.s0[l];
      h.top->src1_i = c.s1[l];
      h.top->src2_i = c.s2[l];
      h.top->src0_hi_i = c.s0h[l];
      h.top->src1_hi_i = c.s1h[l];
      h.top->src2_hi_i = c.s2h[l];
      h.top->old_i = c.old[l];
      h.top->vcc_i = c.vcc_in >> l & 1;
      h.top->eval();
      ++*cases;
      const uint32_t want = c.r[l];
      // v_div_scale's VCC bit too (gcn10's is undefined: the checker skips it, so does this).
      const bool vcc_ok = !gcn_isa_operand(d, GCN_ROLE_CO) || gen == GCN10 ||
                          h.top->vcc_o == (c.vcc_out >> l & 1);
      if (h.top->supported_o && h.top->result_o == want && vcc_ok && (!d64 || h.top->result_hi_o == c.rh[l]))
        continue;
      if (h.top->supported_o && vcc_ok && !f64 && d->approx_ulp && approx_ok(f16, want, h.top->result_o, d->approx_ulp))
        continue;  // the transcendentals: within the table's approx=N of the model's value
      if (fails++ < kMaxPrint && f64)
        printf("FAIL %s %s lane %u: src0=0x%08x%08x src1=0x%08x%08x src2=0x%08x%08x mode=0x%03x "
               "abs=%u neg=%u omod=%u clamp=%d: model 0x%08x%08x, rtl 0x%08x%08x (supported=%d)\n",
               d->id, gcn_gen_name(gen), l, c.s0h[l], c.s0[l], c.s1h[l], c.s1[l], c.s2h[l], c.s2[l],
               c.mode, c.abs, c.neg, c.omod, c.clamp, c.rh[l], want, h.top->result_hi_o, h.top->result_o,
               h.top->supported_o);
      else if (fails <= kMaxPrint)
        printf("FAIL %s %s %s lane %u: src0=0x%08x src1=0x%08x src2=0x%08x old=0x%08x k=0x%08x mode=0x%03x "
               "abs=%u neg=%u omod=%u clamp=%d opsel=%u vcc=%u: model 0x%08x vcc %u, rtl 0x%08x vcc %u (supported=%d)\n",
               d->id, gcn_gen_name(gen), c.vop3 ? "VOP3" : "VOP2", l, c.s0[l], c.s1[l], c.s2[l], c.old[l],
               c.k, c.mode, c.abs, c.neg, c.omod, c.clamp, c.opsel, (unsigned)(c.vcc_in >> l & 1), want,
               (unsigned)(c.vcc_out >> l & 1), h.top->result_o, (unsigned)h.top->vcc_o, h.top->supported_o);
    }
  }
  if (fails) printf("FAIL %s %s: %u mismatching lanes\n", d->id, gcn_gen_name(gen), fails);
  return fails == 0;
}

// supported_o over every (gen, VOP2 / VOP1 opcode): 1 exactly for the float ops.
bool test_decode_map(Harness &h, unsigned *n_supported) {
  unsigned fails = 0;
  *n_supported = 0;
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    for (unsigned opc = 0; opc < 512; opc++) {
      const gcn_gen gen = (gcn_gen)g;
      const bool vop1 = opc >= 256;
      const gcn_inst_desc *d = gcn_isa_by_opcode(gen, vop1 ? GCN_CLASS_VOP1 : GCN_CLASS_VOP2, opc & 255);
      h.top->gen_i = gen;
      h.top->opcode_i = opc & 255;
      h.top->vop1_i = vop1;
      h.top->vop3_i = 0;
      h.top->vop3p_i = 0;
      h.top->eval();
      const bool want = d && is_float_lane_op(d) && !(d->flags & GCN_F_NORTL);  // the core issues it (gcn_issue.sv)
      if (want) ++*n_supported;
      if (h.top->supported_o != want && fails++ < kMaxPrint)
        printf("FAIL decode map %s opcode %u (%s): supported=%d (want %d)\n", gcn_gen_name(gen),
               opc, d ? d->id : "no row", h.top->supported_o, want);
    }
  }
  if (fails) printf("FAIL decode map: %u mismatching (gen, opcode)\n", fails);
  return fails == 0;
}

}  // namespace

int main(int argc, char **argv) {
  const uint64_t seed = argc > 1 ? strtoull(argv[1], nullptr, 0) : 1;
  const unsigned calls = argc > 2 ? (unsigned)strtoul(argv[2], nullptr, 0) : 200;
  Harness h;
  Rng rng(seed);
  unsigned passed = 0, failed = 0;
  uint64_t cases = 0;

  printf("gcn_fp_lane vs libgcnref: seed %" PRIu64 ", %u model calls x %u lanes per (op, gen)\n",
         seed, calls, GCN_WAVE_SIZE);
  unsigned n_supported = 0;
  if (test_decode_map(h, &n_supported)) {
    passed++;
    printf("ok   decode map: supported_o = 1 for the %u float (gen, opcode) pairs, 0 elsewhere\n",
           n_supported);
  } else {
    failed++;
  }
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    const gcn_inst_desc *d = &gcn_isa[op];
    if (!is_float_lane_op(d)) continue;
    char gens[64] = "";
    unsigned ok = 0, n = 0;
    uint64_t before = cases;
    for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
      if (!d->mnemonic[g] || gcn_isa_class(d, (gcn_gen)g) != d->cls) continue; /* VOP3-only there */
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

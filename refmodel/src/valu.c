/* gcnref: vector ALU semantics (VOP2 and its VOP3A/VOP3B forms), 64 lanes under EXEC.
 * Each case is the spec line it implements (../shared/spec/003, corrected by
 * gcn_semantics.md sections 4 and 6); float arithmetic and every GCN float quirk live in
 * fp.c. Choices where the sources are silent are in docs/semantics.md. */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gcnref/fp.h"
#include "kernel_clones.h"
#include "sdwa_dpp.h"
#include "plan.h"
#include "valu.h"

typedef gcn_valu valu;

/* The lanes of source SLOT into LO (and HI for a 64-bit operand): its VGPR rows, or the
 * scalar value broadcast. */
static void gather(gcn_exec_ctx *c, unsigned slot, uint32_t *lo, uint32_t *hi) {
  const gcn_plan_src *s = &c->plan->src[slot];
  if (s->kind == GCN_PSRC_NONE) return;
  if (s->kind == GCN_PSRC_VGPR) {
    unsigned r = gcn_vgpr_index(c->st, slot, s->code); /* VGPR indexing: one place */
    memcpy(lo, c->st->vgpr[r], sizeof(uint32_t) * GCN_WAVE_SIZE);
    if (s->wide) memcpy(hi, c->st->vgpr[(r + 1) % GCN_NUM_VGPRS], sizeof(uint32_t) * GCN_WAVE_SIZE);
    return;
  }
  uint64_t x = gcn_plan_read(c, s);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) lo[l] = (uint32_t)x;
  if (s->wide)
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) hi[l] = (uint32_t)(x >> 32);
}

static inline uint32_t sext24(uint32_t x) { return (uint32_t)(((int32_t)(x << 8)) >> 8); }
static inline int32_t clamp_i32(int32_t x, int32_t lo, int32_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Unsigned add and subtract with carry/borrow in and out, over all lanes, with integer
 * clamp (saturation) when in effect. Branch-free over restrict arrays, so that they
 * vectorise. CIN is NO_CARRY when there is no carry-in. */
static const uint32_t NO_CARRY[GCN_WAVE_SIZE];
static void add_lanes(uint32_t *restrict r, uint32_t *restrict cout, const uint32_t *restrict a,
                      const uint32_t *restrict b, const uint32_t *restrict cin, bool clamp) {
  const uint32_t sat = clamp ? 0xFFFFFFFFu : 0;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t c = cin[l], sum = a[l] + b[l] + c;
    uint32_t carry = (sum < a[l]) | ((sum == a[l]) & c);
    r[l] = sum | (-carry & sat); /* saturate at 0xFFFFFFFF */
    cout[l] = carry;
  }
}

static void sub_lanes(uint32_t *restrict r, uint32_t *restrict cout, const uint32_t *restrict a,
                      const uint32_t *restrict b, const uint32_t *restrict cin, bool clamp) {
  const uint32_t sat = clamp ? 0xFFFFFFFFu : 0;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {
    uint32_t c = cin[l];
    uint32_t borrow = (b[l] > a[l]) | ((b[l] == a[l]) & c);
    r[l] = (a[l] - b[l] - c) & ~(-borrow & sat); /* saturate at 0 */
    cout[l] = borrow;
  }
}
#define ADD(a, b, cin) add_lanes(v->r, v->cout, v->a, v->b, cin, v->clamp_int)
#define SUB(a, b, cin) sub_lanes(v->r, v->cout, v->a, v->b, cin, v->clamp_int)

static inline uint32_t add_u16(const valu *v, uint32_t a, uint32_t b) {
  uint32_t t = (a & 0xFFFF) + (b & 0xFFFF);
  return v->clamp_int && t > 0xFFFF ? 0xFFFF : t;
}

static inline uint32_t sub_u16(const valu *v, uint32_t a, uint32_t b) {
  a &= 0xFFFF;
  b &= 0xFFFF;
  return v->clamp_int && b > a ? 0 : a - b;
}

/* V_MBCNT: bits of S0 below this lane, within the low (HI = false) or high dword. */
static inline uint32_t mbcnt(uint32_t s0, unsigned lane, bool hi) {
  uint64_t below = lane ? (~0ull >> (64 - lane)) : 0;
  return gcn_popcount32(s0 & (uint32_t)(hi ? below >> 32 : below));
}

/* Float sources of the lane with the VOP3 input modifiers (abs, then neg) applied. */
#define A32 gcn_f32_absneg(S0, v->in->abs & 1, v->in->neg & 1)
#define B32 gcn_f32_absneg(S1, v->in->abs >> 1 & 1, v->in->neg >> 1 & 1)
#define A16 gcn_f16_absneg((uint16_t)S0, v->in->abs & 1, v->in->neg & 1)
#define B16 gcn_f16_absneg((uint16_t)S1, v->in->abs >> 1 & 1, v->in->neg >> 1 & 1)
#define K32 (v->in->literal)
#define K16 ((uint16_t)v->in->literal)
/* Float results with the output modifiers (OMOD, then CLAMP) of the type's MODE env. */
#define OMOD_CLAMP (v->in->omod || v->in->clamp)
#define F32(expr)                                                              \
  do {                                                                         \
    if (OMOD_CLAMP)                                                            \
      VOP(gcn_f32_omod_clamp((expr), v->in->omod, v->in->clamp, &e32));        \
    else                                                                       \
      VOP(expr);                                                               \
  } while (0)
#define F16(expr)                                                              \
  do {                                                                         \
    if (OMOD_CLAMP)                                                            \
      VOP16(gcn_f16_omod_clamp((expr), v->in->omod, v->in->clamp, &e16));      \
    else                                                                       \
      VOP16(expr);                                                             \
  } while (0)
/* An f32 row computed by a lane function of fp.h (CALL writes v->r), then OMOD / CLAMP. */
#define F32_LANES(call)                                                                         \
  do {                                                                                          \
    call;                                                                                       \
    gcn_f32_omod_clamp_lanes(v->r, GCN_WAVE_SIZE, v->in->omod, v->in->clamp, &e32);             \
  } while (0)
#define SA f32_src(v, 0)
#define SB f32_src(v, 1)
#define SK k32(v)
/* v_mac/madmk/madak_f16 keep VDST's upper half on gcn14 (gcn_semantics.md section 6). */
#define F16_MAC(expr)                                                            \
  do {                                                                           \
    if (v->st->gen == GCN14)                                                     \
      VOP16_KEEP(gcn_f16_omod_clamp((expr), v->in->omod, v->in->clamp, &e16));   \
    else                                                                         \
      F16(expr);                                                                 \
  } while (0)

/* The f32 lanes of source SLOT (0, 1) with the VOP3 input modifiers applied, in place in
 * the gathered copy (read once per instruction). */
static const uint32_t *f32_src(valu *v, unsigned slot) {
  uint32_t *x = slot ? v->s1 : v->s0;
  bool abs = v->in->abs >> slot & 1, neg = v->in->neg >> slot & 1;
  if (abs || neg) FOR_LANES x[lane] = gcn_f32_absneg(x[lane], abs, neg);
  return x;
}
/* The K constant of v_madmk/v_madak in every lane. */
static const uint32_t *k32(valu *v) {
  static uint32_t k[GCN_WAVE_SIZE];
  FOR_LANES k[lane] = v->in->literal;
  return k;
}

/* Float instructions: arithmetic and every GCN float rule are in fp.c. */
static bool float_op(valu *v, enum gcn_op op) {
  const uint32_t mode = v->st->mode;
  const gcn_fp_env e32 = gcn_fp_env_f32(mode), e16 = gcn_fp_env_f16(mode);
  const bool minmax_flush = v->st->gen >= GCN14; /* min/max honour denorm modes from gfx9 */
  switch (op) {
    case GCN_OP_V_ADD_F32: F32_LANES(gcn_f32_add_lanes(v->r, SA, SB, false, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_SUB_F32: F32_LANES(gcn_f32_add_lanes(v->r, SA, SB, true, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_SUBREV_F32: F32_LANES(gcn_f32_add_lanes(v->r, SB, SA, true, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MUL_F32: F32_LANES(gcn_f32_mul_lanes(v->r, SA, SB, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MUL_LEGACY_F32: F32(gcn_f32_mul_legacy(A32, B32, &e32)); break;
    case GCN_OP_V_MAC_LEGACY_F32: F32(gcn_f32_mad_legacy(A32, B32, OLD, &e32)); break;
    case GCN_OP_V_MAC_F32: F32_LANES(gcn_f32_mad_lanes(v->r, SA, SB, v->dst, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MADMK_F32: F32_LANES(gcn_f32_mad_lanes(v->r, SA, SK, SB, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MADAK_F32: F32_LANES(gcn_f32_mad_lanes(v->r, SA, SB, SK, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MIN_F32: F32_LANES(gcn_f32_minmax_lanes(v->r, SA, SB, false, minmax_flush, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MAX_F32: F32_LANES(gcn_f32_minmax_lanes(v->r, SA, SB, true, minmax_flush, GCN_WAVE_SIZE, &e32)); break;
    case GCN_OP_V_MIN_LEGACY_F32: F32(gcn_f32_min_legacy(A32, B32, &e32)); break;
    case GCN_OP_V_MAX_LEGACY_F32: F32(gcn_f32_max_legacy(A32, B32, &e32)); break;
    case GCN_OP_V_LDEXP_F32: F32(gcn_f32_ldexp(A32, S1, &e32)); break;
    case GCN_OP_V_CVT_PKACCUM_U8_F32: VOP(gcn_pkaccum_insert(OLD, S1, gcn_cvt_pkaccum_u8_f32(A32, &e32))); break;
    case GCN_OP_V_CVT_PKNORM_I16_F32: VOP(gcn_cvt_pknorm_i16_f32(A32, B32)); break;
    case GCN_OP_V_CVT_PKNORM_U16_F32: VOP(gcn_cvt_pknorm_u16_f32(A32, B32)); break;
    case GCN_OP_V_CVT_PKRTZ_F16_F32: VOP(gcn_cvt_pkrtz_f16_f32(A32, B32, &e16)); break;
    case GCN_OP_V_ADD_F16: F16(gcn_f16_add(A16, B16, &e16)); break;
    case GCN_OP_V_SUB_F16: F16(gcn_f16_sub(A16, B16, &e16)); break;
    case GCN_OP_V_SUBREV_F16: F16(gcn_f16_sub(B16, A16, &e16)); break;
    case GCN_OP_V_MUL_F16: F16(gcn_f16_mul(A16, B16, &e16)); break;
    case GCN_OP_V_MAC_F16: F16_MAC(gcn_f16_mad(A16, B16, (uint16_t)OLD, &e16)); break;
    case GCN_OP_V_MADMK_F16: F16_MAC(gcn_f16_mad(A16, K16, B16, &e16)); break;
    case GCN_OP_V_MADAK_F16: F16_MAC(gcn_f16_mad(A16, B16, K16, &e16)); break;
    case GCN_OP_V_MAX_F16: F16(gcn_f16_max(A16, B16, &e16, minmax_flush)); break;
    case GCN_OP_V_MIN_F16: F16(gcn_f16_min(A16, B16, &e16, minmax_flush)); break;
    case GCN_OP_V_LDEXP_F16: F16(gcn_f16_ldexp(A16, S1, &e16)); break;
    default: return false;
  }
  return true;
}

/* Lane ops ignore EXEC (gcn_semantics.md section 6). */
static gcn_step_status readlane(gcn_exec_ctx *c) {
  unsigned sel = (uint32_t)gcn_read_operand(c, c->in->src[1], GCN_T_U32) & 63;
  unsigned vnum = gcn_vgpr_index(c->st, 0, c->in->src[0] - GCN_CODE_VGPR0);
  gcn_write_sreg(c, c->in->vdst, c->st->vgpr[vnum][sel], 32);
  return GCN_STEP_OK;
}

static gcn_step_status writelane(gcn_exec_ctx *c) {
  uint32_t value = (uint32_t)gcn_read_operand(c, c->in->src[0], GCN_T_B32);
  unsigned sel = (uint32_t)gcn_read_operand(c, c->in->src[1], GCN_T_U32) & 63;
  unsigned vdst = gcn_vgpr_index(c->st, 3, c->in->vdst);
  c->st->vgpr[vdst][sel] = value;
  gcn_log(c, GCN_W_VGPR, vdst, 1ull << sel);
  return GCN_STEP_OK;
}

/* The integer rows whose lane is one expression of its 32-bit sources A (SRC0) and B (SRC1)
 * with no carry, clamp, lane id or old VDST: each a kernel over 64 lanes (restrict arrays:
 * vectorised), used by integer_op below, and directly on the VGPR rows by
 * gcn_valu_execute's plain form (gcn_valu_kernel_of: no modifier, SDWA, DPP or op_sel). */
#define SIMPLE_INT_OPS(X)                                                         \
  X(V_MUL_I32_I24, (int64_t)I32(sext24(a)) * I32(sext24(b)))                      \
  X(V_MUL_HI_I32_I24, ((int64_t)I32(sext24(a)) * I32(sext24(b))) >> 32)           \
  X(V_MUL_U32_U24, (uint64_t)(a & 0xFFFFFF) * (b & 0xFFFFFF))                     \
  X(V_MUL_HI_U32_U24, ((uint64_t)(a & 0xFFFFFF) * (b & 0xFFFFFF)) >> 32)          \
  X(V_MIN_I32, I32(a) < I32(b) ? a : b)                                           \
  X(V_MAX_I32, I32(a) > I32(b) ? a : b)                                           \
  X(V_MIN_U32, a < b ? a : b)                                                     \
  X(V_MAX_U32, a > b ? a : b)                                                     \
  X(V_LSHR_B32, a >> (b & 31))                                                    \
  X(V_LSHRREV_B32, b >> (a & 31))                                                 \
  X(V_ASHR_I32, I32(a) >> (b & 31))                                               \
  X(V_ASHRREV_I32, I32(b) >> (a & 31))                                            \
  X(V_LSHL_B32, a << (b & 31))                                                    \
  X(V_LSHLREV_B32, b << (a & 31))                                                 \
  X(V_AND_B32, a & b)                                                             \
  X(V_OR_B32, a | b)                                                              \
  X(V_XOR_B32, a ^ b)                                                             \
  X(V_BFM_B32, ((1ull << (a & 31)) - 1) << (b & 31))                              \
  X(V_BCNT_U32_B32, gcn_popcount32(a) + b)                                        \
  X(V_ADD_U32, a + b) /* gcn14, no carry-out; with CLAMP: add_lanes */
#define SIMPLE_KERNEL(name, expr)                                                                           \
  GCN_KERNEL_CLONES static void kernel_##name(uint32_t *restrict r, const uint32_t *restrict s0, const uint32_t *restrict s1) { \
    for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) {                                                          \
      uint32_t a = s0[l], b = s1[l];                                                                        \
      r[l] = (uint32_t)(expr);                                                                              \
    }                                                                                                       \
  }
SIMPLE_INT_OPS(SIMPLE_KERNEL)
#undef SIMPLE_KERNEL

gcn_valu_kernel gcn_valu_kernel_of(enum gcn_op op) {
  switch (op) {
#define SIMPLE_CASE(name, expr) case GCN_OP_##name: return kernel_##name;
    SIMPLE_INT_OPS(SIMPLE_CASE)
#undef SIMPLE_CASE
    default: return NULL;
  }
}

/* Integer, bitwise, shift, carry, lane and conversion instructions. Returns false for an
 * instruction this function does not implement. */
static bool integer_op(valu *v, enum gcn_op op) {
  if (!(op == GCN_OP_V_ADD_U32 && v->clamp_int)) {
    gcn_valu_kernel k = gcn_valu_kernel_of(op);
    if (k) {
      k(v->r, v->s0, v->s1);
      return true;
    }
  }
  switch (op) {
    case GCN_OP_V_CNDMASK_B32: { /* _e64's abs/neg on each source: clear, then flip, bit 31 (the
                                  * table's bitmods), as constants: branch-free lanes */
      const uint32_t keep0 = ~((uint32_t)(v->in->abs & 1u) << 31), flip0 = (uint32_t)(v->in->neg & 1u) << 31;
      const uint32_t keep1 = ~((uint32_t)(v->in->abs >> 1 & 1u) << 31), flip1 = (uint32_t)(v->in->neg >> 1 & 1u) << 31;
      VOP((((S1 & keep1) ^ flip1) & -CC) | (((S0 & keep0) ^ flip0) & (CC - 1u)));
      break;
    }
    case GCN_OP_V_MBCNT_LO_U32_B32: VOP((mbcnt(S0, LANE, false) + S1)); break;
    case GCN_OP_V_MBCNT_HI_U32_B32: VOP((mbcnt(S0, LANE, true) + S1)); break;
    case GCN_OP_V_ADD_CO_U32: ADD(s0, s1, NO_CARRY); break;
    case GCN_OP_V_SUB_CO_U32: SUB(s0, s1, NO_CARRY); break;
    case GCN_OP_V_SUBREV_CO_U32: SUB(s1, s0, NO_CARRY); break;
    case GCN_OP_V_ADDC_CO_U32: ADD(s0, s1, v->cin); break;
    case GCN_OP_V_SUBB_CO_U32: SUB(s0, s1, v->cin); break;
    case GCN_OP_V_SUBBREV_CO_U32: SUB(s1, s0, v->cin); break;
    case GCN_OP_V_ADD_U32: ADD(s0, s1, NO_CARRY); break; /* with CLAMP (else a kernel above) */
    case GCN_OP_V_SUB_U32: SUB(s0, s1, NO_CARRY); break;
    case GCN_OP_V_SUBREV_U32: SUB(s1, s0, NO_CARRY); break;
    case GCN_OP_V_CVT_PK_U16_U32:
      VOP(((S1 < 0xFFFF ? S1 : 0xFFFF) << 16 | (S0 < 0xFFFF ? S0 : 0xFFFF)));
      break;
    case GCN_OP_V_CVT_PK_I16_I32:
      VOP(((uint32_t)(uint16_t)clamp_i32(I32(S1), -0x8000, 0x7FFF) << 16 |
            (uint16_t)clamp_i32(I32(S0), -0x8000, 0x7FFF)));
      break;
    case GCN_OP_V_ADD_U16: VOP16((add_u16(v, S0, S1))); break;
    case GCN_OP_V_SUB_U16: VOP16((sub_u16(v, S0, S1))); break;
    case GCN_OP_V_SUBREV_U16: VOP16((sub_u16(v, S1, S0))); break;
    case GCN_OP_V_MUL_LO_U16: VOP16((S0_16 * S1_16)); break;
    case GCN_OP_V_LSHLREV_B16: VOP16((S1_16 << (S0 & 15))); break;
    case GCN_OP_V_LSHRREV_B16: VOP16((S1_16 >> (S0 & 15))); break;
    case GCN_OP_V_ASHRREV_I16: VOP16((I16(S1) >> (S0 & 15))); break;
    case GCN_OP_V_MAX_U16: VOP16((S0_16 > S1_16 ? S0_16 : S1_16)); break;
    case GCN_OP_V_MAX_I16: VOP16((I16(S0) > I16(S1) ? S0_16 : S1_16)); break;
    case GCN_OP_V_MIN_U16: VOP16((S0_16 < S1_16 ? S0_16 : S1_16)); break;
    case GCN_OP_V_MIN_I16: VOP16((I16(S0) < I16(S1) ? S0_16 : S1_16)); break;
    default: return false;
  }
  return true;
}

gcn_valu_result gcn_valu_vop2(gcn_valu *v, enum gcn_op op) {
  if (!integer_op(v, op) && !float_op(v, op)) return GCN_VALU_NONE;
  if (!v->in->clamp && !v->in->omod) return GCN_VALU_LANES;
  switch (op) { /* VOP3 output modifiers of the rows whose result is not a plain float */
    case GCN_OP_V_MUL_I32_I24: /* CLAMP (gcn12+): the 48-bit product saturated to 32 bits */
      VOP(gcn_sat_i32((int64_t)I32(sext24(S0)) * I32(sext24(S1))));
      return GCN_VALU_LANES;
    case GCN_OP_V_MUL_U32_U24: VOP(gcn_sat_u32((uint64_t)(S0 & 0xFFFFFF) * (S1 & 0xFFFFFF))); return GCN_VALU_LANES;
    case GCN_OP_V_CVT_PKACCUM_U8_F32: case GCN_OP_V_CVT_PKNORM_I16_F32: case GCN_OP_V_CVT_PKNORM_U16_F32:
    case GCN_OP_V_CVT_PKRTZ_F16_F32:
      gcn_exec_fail(v->c, GCN_STEP_NOT_MODELLED, "%s with clamp or omod is not modelled (docs/semantics.md)",
                    v->in->desc->mnemonic[v->st->gen]);
      return GCN_VALU_NOT_MODELLED;
    default: return GCN_VALU_LANES;
  }
}

/* Lane bits (each 0 or 1) to a 64-bit mask and back: four lanes per step (SSE2's movemask
 * on x86, a table of the 16 nibbles elsewhere), not a shift per lane. */
static uint64_t lanes_to_mask(const uint32_t *bits) {
  uint64_t m = 0;
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l += 4) {
#if defined(__SSE2__)
    __m128i x = _mm_slli_epi32(_mm_loadu_si128((const __m128i *)(const void *)(bits + l)), 31);
    m |= (uint64_t)(unsigned)_mm_movemask_ps(_mm_castsi128_ps(x)) << l;
#else
    m |= (uint64_t)((bits[l] & 1u) | (bits[l + 1] & 1u) << 1 | (bits[l + 2] & 1u) << 2 | (bits[l + 3] & 1u) << 3) << l;
#endif
  }
  return m;
}
static void mask_to_lanes(uint64_t m, uint32_t *bits) {
  static const uint32_t nibble[16][4] = {
      {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0},
      {0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1}, {0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}};
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l += 4) memcpy(bits + l, nibble[m >> l & 15u], sizeof nibble[0]);
}

/* Writes the lanes' results to VDST (one or two VGPRs) under EXEC, and the carry-out. */
static void write_lanes(gcn_exec_ctx *c, valu *v) {
  const gcn_inst *in = c->in;
  const uint32_t f = c->plan->f;
  const unsigned vdst = gcn_vdst_index(c);
  uint32_t *dst = c->st->vgpr[vdst];
  if (v->exec == ~0ull)
    memcpy(dst, v->r, sizeof v->r);
  else
    FOR_LANES dst[lane] = (v->exec >> lane & 1) ? v->r[lane] : dst[lane];
  gcn_log(c, GCN_W_VGPR, vdst, v->exec); /* reported even when no lane is active */
  if (v->undef & v->exec) gcn_log(c, GCN_W_UNDEF_V, vdst, v->undef & v->exec);
  if (f & GCN_PF_D64) {
    uint32_t *hi = c->st->vgpr[(vdst + 1) % GCN_NUM_VGPRS];
    FOR_LANES hi[lane] = (v->exec >> lane & 1) ? v->rh[lane] : hi[lane];
    gcn_log(c, GCN_W_VGPR, (vdst + 1u) % GCN_NUM_VGPRS, v->exec);
    if (v->undef & v->exec) gcn_log(c, GCN_W_UNDEF_V, (vdst + 1u) % GCN_NUM_VGPRS, v->undef & v->exec);
  }
  if (f & GCN_PF_CO) {
    unsigned code = (f & GCN_PF_VOP3) ? in->sdst : GCN_CODE_VCC_LO;
    uint64_t carry = lanes_to_mask(v->cout);
    gcn_write_sreg(c, code, carry & v->exec, 64); /* inactive lanes' bits are 0 */
    uint64_t u = v->cout_undef & v->exec;
    if (u) {
      gcn_log(c, GCN_W_UNDEF_S, code, (uint32_t)u);
      gcn_log(c, GCN_W_UNDEF_S, code + 1, (uint32_t)(u >> 32));
    }
  }
}

/* A compare's result: VCC (VOPC) or the SGPR pair of VDST (VOP3), with inactive lanes'
 * bits 0; v_cmpx also writes EXEC (clrx/GcnInstrsVopc.md). */
static void write_mask(gcn_exec_ctx *c, valu *v) {
  uint64_t m = v->mask & v->exec;
  const uint32_t f = c->plan->f;
  gcn_write_sreg(c, (f & GCN_PF_VOP3) ? c->in->vdst : (f & GCN_PF_SDWA) ? c->in->sdst : GCN_CODE_VCC_LO, m, 64);
  if (c->in->desc->implicit_writes & GCN_IMPL_EXEC) gcn_write_sreg(c, GCN_CODE_EXEC_LO, m, 64);
}

/* The handlers, asked in order until one implements the row; the plan remembers which. */
static const gcn_valu_handler handlers[] = {GCN_VALU_HANDLERS};
static valu vv; /* lane arrays: reused rather than on the stack */

/* The lanes of source SLOT of a plain-form row: its VGPR row itself, or the value broadcast
 * into BUF. */
static const uint32_t *lanes_of(gcn_exec_ctx *c, unsigned slot, uint32_t *buf) {
  const gcn_plan_src *s = &c->plan->src[slot];
  if (s->kind == GCN_PSRC_VGPR) return c->st->vgpr[gcn_vgpr_index(c->st, slot, s->code)];
  uint32_t x = (uint32_t)gcn_plan_read(c, s);
  for (unsigned l = 0; l < GCN_WAVE_SIZE; l++) buf[l] = x;
  return buf;
}

/* A row in the plain form (plan.h: kernel): the kernel reads the VGPR rows, no gathering. */
static gcn_step_status run_kernel(gcn_exec_ctx *c, gcn_valu_kernel k) {
  valu *v = &vv;
  const uint32_t *a = lanes_of(c, 0, v->s0), *b = lanes_of(c, 1, v->s1);
  const unsigned vdst = gcn_vdst_index(c);
  uint32_t *dst = c->st->vgpr[vdst];
  if (c->st->exec == ~0ull && dst != a && dst != b) { /* every lane, VDST not a source: in place */
    k(dst, a, b);
    gcn_log(c, GCN_W_VGPR, vdst, ~0ull);
    return GCN_STEP_OK;
  }
  k(v->r, a, b);
  v->exec = c->st->exec;
  v->undef = 0;
  write_lanes(c, v);
  return GCN_STEP_OK;
}

gcn_step_status gcn_valu_execute_kernel(gcn_exec_ctx *c) {
  return (c->st->mode & c->plan->vskip_mask) ? GCN_STEP_OK : run_kernel(c, c->plan->kernel); /* VSKIP: skipped */
}

gcn_step_status gcn_valu_execute(gcn_exec_ctx *c) {
  const gcn_inst *in = c->in;
  const gcn_inst_desc *d = in->desc;
  gcn_plan *p = c->plan;
  const uint32_t f = p->f;
  enum gcn_op op = (enum gcn_op)p->op;
  if (f & GCN_PF_LDS_DIRECT) /* only SRC0 may be */
    return gcn_exec_fail(c, GCN_STEP_NOT_MODELLED, "%s: src_lds_direct reads LDS memory, which gcnref does not "
                         "model (docs/semantics.md)", d->mnemonic[c->st->gen]);
  if (d->flags & GCN_F_READLANE && op == GCN_OP_V_READLANE_B32) return readlane(c);
  if (d->flags & GCN_F_WRITELANE) return writelane(c);

  valu *v = &vv;
  v->c = c;
  v->st = c->st;
  v->in = in;
  gather(c, 0, v->s0, v->s0h);
  gather(c, 1, v->s1, v->s1h);
  if (f & GCN_PF_S2) gather(c, 2, v->s2, v->s2h);
  v->dst = c->st->vgpr[gcn_vdst_index(c)];
  v->exec = c->st->exec;
  if (f & GCN_PF_SDWA) gcn_sdwa_select_sources(in, v->s0, v->s1);
  if (f & GCN_PF_DPP) v->exec &= gcn_dpp_permute(in, v->s0, v->exec);
  v->undef = v->cout_undef = 0;
  v->clamp_int = (f & GCN_PF_CLAMP_INT) != 0;
  if (f & GCN_PF_CI) {
    uint64_t mask = (f & GCN_PF_VOP3) ? gcn_plan_read(c, &p->ci) : c->st->vcc;
    mask_to_lanes(mask, v->cin);
  }

  /* gcn14 op_sel rows (valu_opsel.c): halves read and written, the other VDST half kept */
  const bool opsel = (f & GCN_PF_OPSEL) != 0;
  if (opsel) gcn_valu_opsel_sources(v);

  const unsigned n = sizeof handlers / sizeof handlers[0];
  for (unsigned h = p->valu_handler ? p->valu_handler - 1u : 0; h < n; h++) {
    gcn_valu_result r = handlers[h](v, op);
    if (r == GCN_VALU_NONE) continue;
    p->valu_handler = (uint8_t)(h + 1); /* handlers decide by the row alone: the next run starts here */
    switch (r) {
      case GCN_VALU_LANES:
        if (f & GCN_PF_SDWA) gcn_sdwa_merge_dst(in, v->r, v->dst);
        if (opsel) gcn_valu_opsel_result(v);
        write_lanes(c, v);
        return GCN_STEP_OK;
      case GCN_VALU_MASK: write_mask(c, v); return GCN_STEP_OK;
      case GCN_VALU_DONE: return GCN_STEP_OK;
      case GCN_VALU_NOT_MODELLED: return GCN_STEP_NOT_MODELLED;
      default: return GCN_STEP_ERROR;
    }
  }
  return gcn_exec_fail(c, GCN_STEP_NOT_MODELLED, "%s is not modelled", d->mnemonic[c->st->gen]);
}

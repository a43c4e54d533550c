/* gcnref: the integer bit ops of VOP1 (v_not, v_bfrev, v_ffbh, v_ffbl) and the integer
 * VOP3-only instructions (bit fields, aligns, three-operand min/max/med, multiplies and
 * multiply-adds, 64-bit shifts, SAD and the quad SADs, perm, lerp, and gcn14's
 * three-operand adds and logic, 16-bit multiply-adds to 32 bits and VOP3 v_add_i32/v_sub_i32).
 * Each case is the operation line of its clrx page (GcnInstrsVop1.md, GcnInstrsVop3.md),
 * with gcn_semantics.md section 9 where it settles a case. Integer CLAMP (gcn12/gcn14, the
 * table's iclamp) saturates the exact result to D's type (docs/semantics.md). */
#include "valu.h"

static inline uint32_t sext24(uint32_t x) { return (uint32_t)(((int32_t)(x << 8)) >> 8); }

/* V_FFBH_U32: leading zeros, -1 for 0. V_FFBL_B32: trailing zeros, -1 for 0. */
static inline uint32_t ffbh_u32(uint32_t x) { return x ? (uint32_t)__builtin_clz(x) : 0xFFFFFFFFu; }
static inline uint32_t ffbl_b32(uint32_t x) { return x ? (uint32_t)__builtin_ctz(x) : 0xFFFFFFFFu; }
/* V_FFBH_I32: bits from bit 31 down before the first one that differs from the sign; -1
 * for 0 and 0xFFFFFFFF (so 0x40000000 -> 1, 0x80000000 -> 1, 0xFFFFFFFE -> 31). */
static inline uint32_t ffbh_i32(uint32_t x) { return ffbh_u32((x >> 31) ? ~x : x); }

static inline uint32_t bfrev(uint32_t x) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; i++) r |= (x >> i & 1u) << (31 - i);
  return r;
}

/* V_BFE_U32 / V_BFE_I32: length 0 gives 0; an offset + length reaching bit 32 extracts
 * up to bit 31 (the page's else branch). */
static inline uint32_t bfe_u32(uint32_t s0, uint32_t s1, uint32_t s2) {
  unsigned off = s1 & 31, len = s2 & 31;
  if (!len) return 0;
  if (off + len < 32) return s0 << (32 - off - len) >> (32 - len);
  return s0 >> off;
}
static inline uint32_t bfe_i32(uint32_t s0, uint32_t s1, uint32_t s2) {
  unsigned off = s1 & 31, len = s2 & 31;
  if (!len) return 0;
  if (off + len < 32) return (uint32_t)((int32_t)(s0 << (32 - off - len)) >> (32 - len));
  return (uint32_t)((int32_t)s0 >> off);
}

static inline uint32_t absdiff8(uint32_t a, uint32_t b, unsigned i) {
  uint32_t x = a >> (8 * i) & 0xFF, y = b >> (8 * i) & 0xFF;
  return x > y ? x - y : y - x;
}
static inline uint32_t sad_u8(uint32_t a, uint32_t b) {
  return absdiff8(a, b, 0) + absdiff8(a, b, 1) + absdiff8(a, b, 2) + absdiff8(a, b, 3);
}
/* V_MSAD_U8: bytes of S1 that are 0 do not count. */
static inline uint32_t msad_u8(uint32_t a, uint32_t b) {
  uint32_t s = 0;
  for (unsigned i = 0; i < 4; i++)
    if (b >> (8 * i) & 0xFF) s += absdiff8(a, b, i);
  return s;
}
static inline uint32_t sad_u16(uint32_t a, uint32_t b) {
  uint32_t a0 = a & 0xFFFF, b0 = b & 0xFFFF, a1 = a >> 16, b1 = b >> 16;
  return (a0 > b0 ? a0 - b0 : b0 - a0) + (a1 > b1 ? a1 - b1 : b1 - a1);
}

/* V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8: four 16-bit accumulators of S2, field I adding the
 * (masked) SAD of bytes I..I+3 of the quadword S0 against S1. A field's sum wraps at 16 bits,
 * or saturates at 0xFFFF under CLAMP (docs/semantics.md: the page ORs a wider sum into the
 * next field, which no 16-bit accumulator does). */
static inline uint64_t qsad_pk(uint64_t s0, uint32_t s1, uint64_t s2, bool masked, bool clamp) {
  uint64_t d = 0;
  for (unsigned i = 0; i < 4; i++) {
    uint32_t a = (uint32_t)(s0 >> (8 * i)), sum = (uint32_t)(s2 >> (16 * i) & 0xFFFF);
    sum += masked ? msad_u8(a, s1) : sad_u8(a, s1);
    d |= (uint64_t)(clamp ? gcn_sat_u16(sum) : sum & 0xFFFF) << (16 * i);
  }
  return d;
}

/* V_MQSAD_U32_U8: four 32-bit accumulators (dword I of the 128-bit S2) plus the masked SAD of
 * bytes I..I+3 of S0 against S1, each saturated at 0xFFFFFFFF (the page's MIN, always). It
 * writes the four VGPRs of VDST itself. */
static void mqsad_u32(gcn_valu *v) {
  gcn_exec_ctx *c = v->c;
  unsigned s2 = gcn_vgpr_index(v->st, 2, v->in->src[2] - GCN_CODE_VGPR0), vd = gcn_vdst_index(c);
  uint32_t out[4][GCN_WAVE_SIZE];
  FOR_LANES for (unsigned i = 0; i < 4; i++)
    out[i][lane] = gcn_sat_u32((uint64_t)v->st->vgpr[(s2 + i) % GCN_NUM_VGPRS][lane] +
                               msad_u8((uint32_t)(S0_64 >> (8 * i)), S1));
  for (unsigned i = 0; i < 4; i++) {
    uint32_t *dst = v->st->vgpr[(vd + i) % GCN_NUM_VGPRS];
    FOR_LANES if (v->exec >> lane & 1) dst[lane] = out[i][lane];
    gcn_log(c, GCN_W_VGPR, (vd + i) % GCN_NUM_VGPRS, v->exec);
  }
}

/* V_LERP_U8: per byte (S0 + S1 + S2 bit 0 of the byte) >> 1. */
static inline uint32_t lerp_u8(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 4; i++)
    r |= (((a >> (8 * i) & 0xFF) + (b >> (8 * i) & 0xFF) + (c >> (8 * i) & 1)) >> 1) << (8 * i);
  return r;
}

/* V_PERM_B32: byte i of D chosen by byte i of S2 from the quadword {S0, S1} (S1 low): 0-7
 * a byte, 8-11 0xFF times the sign bit of 16-bit half (choice - 8), 12 zero, 13+ 0xFF. */
static inline uint32_t perm_b32(uint32_t s0, uint32_t s1, uint32_t s2) {
  uint64_t q = (uint64_t)s0 << 32 | s1;
  uint32_t r = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned sel = s2 >> (8 * i) & 0xFF;
    uint32_t b = sel >= 13 ? 0xFF : sel == 12 ? 0 : sel >= 8 ? 0xFF * (uint32_t)(q >> ((sel - 8) * 16 + 15) & 1)
                                                               : (uint32_t)(q >> (sel * 8)) & 0xFF;
    r |= b << (8 * i);
  }
  return r;
}

/* V_MAD_U64_U32 / V_MAD_I64_I32: the 65-bit sum S0 * S1 + S2; D = its low 64 bits, the
 * carry-out bit of the lane = bit 64 (gcn_semantics.md section 9, AMD's CDNA pseudocode). */
static void mad64(gcn_valu *v, bool is_signed) {
  FOR_LANES {
    unsigned __int128 sum;
    if (is_signed)
      sum = (unsigned __int128)((__int128)((int64_t)I32(S0) * I32(S1)) + (__int128)(int64_t)S2_64);
    else
      sum = (unsigned __int128)((uint64_t)S0 * S1) + S2_64;
    v->r[lane] = (uint32_t)sum;
    v->rh[lane] = (uint32_t)(sum >> 32);
    v->cout[lane] = (uint32_t)(sum >> 64) & 1;
  }
}

/* The iclamp ops under integer CLAMP: the exact result, saturated to D's type. The carry-out
 * of v_mad_u64_u32 / v_mad_i64_i32 is bit 64 of the unsaturated sum, as without CLAMP. */
static bool vop3_int_clamped(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MAD_I32_I24: VOP(gcn_sat_i32((int64_t)I32(sext24(S0)) * I32(sext24(S1)) + I32(S2))); break;
    case GCN_OP_V_MAD_U32_U24: VOP(gcn_sat_u32((uint64_t)(S0 & 0xFFFFFF) * (S1 & 0xFFFFFF) + S2)); break;
    case GCN_OP_V_SAD_U8: VOP(gcn_sat_u32((uint64_t)sad_u8(S0, S1) + S2)); break;
    case GCN_OP_V_SAD_HI_U8: VOP(gcn_sat_u32(((uint64_t)sad_u8(S0, S1) << 16) + S2)); break;
    case GCN_OP_V_SAD_U16: VOP(gcn_sat_u32((uint64_t)sad_u16(S0, S1) + S2)); break;
    case GCN_OP_V_SAD_U32: VOP(gcn_sat_u32((uint64_t)(S0 > S1 ? S0 - S1 : S1 - S0) + S2)); break;
    case GCN_OP_V_MSAD_U8: VOP(gcn_sat_u32((uint64_t)msad_u8(S0, S1) + S2)); break;
    case GCN_OP_V_MAD_U32_U16: VOP(gcn_sat_u32((uint64_t)(S0_16 * S1_16) + S2)); break;
    case GCN_OP_V_MAD_I32_I16: VOP(gcn_sat_i32((int64_t)(I16(S0) * I16(S1)) + I32(S2))); break;
    case GCN_OP_V_ADD_I32: VOP(gcn_sat_i32((int64_t)I32(S0) + I32(S1))); break;
    case GCN_OP_V_SUB_I32: VOP(gcn_sat_i32((int64_t)I32(S0) - I32(S1))); break;
    case GCN_OP_V_MAD_U64_U32:
      mad64(v, false);
      FOR_LANES if (v->cout[lane]) v->r[lane] = v->rh[lane] = 0xFFFFFFFFu;
      break;
    case GCN_OP_V_MAD_I64_I32:
      FOR_LANES {
        __int128 sum = (__int128)((int64_t)I32(S0) * I32(S1)) + (__int128)(int64_t)S2_64;
        int64_t r = sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : (int64_t)sum;
        v->r[lane] = (uint32_t)r;
        v->rh[lane] = (uint32_t)((uint64_t)r >> 32);
        v->cout[lane] = (uint32_t)((unsigned __int128)sum >> 64) & 1;
      }
      break;
    case GCN_OP_V_QSAD_PK_U16_U8: VOP64(qsad_pk(S0_64, S1, S2_64, false, true)); break;
    case GCN_OP_V_MQSAD_PK_U16_U8: VOP64(qsad_pk(S0_64, S1, S2_64, true, true)); break;
    default: return false;
  }
  return true;
}

static bool vop1_bits(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_NOT_B32: VOP(~S0); break;
    case GCN_OP_V_BFREV_B32: VOP(bfrev(S0)); break;
    case GCN_OP_V_FFBH_U32: VOP(ffbh_u32(S0)); break;
    case GCN_OP_V_FFBL_B32: VOP(ffbl_b32(S0)); break;
    case GCN_OP_V_FFBH_I32: VOP(ffbh_i32(S0)); break;
    default: return false;
  }
  return true;
}

static bool vop3_int(gcn_valu *v, enum gcn_op op) {
  switch (op) {
    case GCN_OP_V_MAD_I32_I24: VOP((int64_t)I32(sext24(S0)) * I32(sext24(S1)) + I32(S2)); break;
    case GCN_OP_V_MAD_U32_U24: VOP((uint64_t)(S0 & 0xFFFFFF) * (S1 & 0xFFFFFF) + S2); break;
    case GCN_OP_V_BFE_U32: VOP(bfe_u32(S0, S1, S2)); break;
    case GCN_OP_V_BFE_I32: VOP(bfe_i32(S0, S1, S2)); break;
    case GCN_OP_V_BFI_B32: VOP((S0 & S1) | (~S0 & S2)); break;
    case GCN_OP_V_LERP_U8: VOP(lerp_u8(S0, S1, S2)); break;
    case GCN_OP_V_ALIGNBIT_B32: VOP(((uint64_t)S0 << 32 | S1) >> (S2 & 31)); break;
    case GCN_OP_V_ALIGNBYTE_B32: VOP(((uint64_t)S0 << 32 | S1) >> ((S2 & 3) * 8)); break;
    case GCN_OP_V_MIN3_I32: VOP(MIN3(I32(S0), I32(S1), I32(S2))); break;
    case GCN_OP_V_MIN3_U32: VOP(MIN3(S0, S1, S2)); break;
    case GCN_OP_V_MAX3_I32: VOP(MAX3(I32(S0), I32(S1), I32(S2))); break;
    case GCN_OP_V_MAX3_U32: VOP(MAX3(S0, S1, S2)); break;
    case GCN_OP_V_MED3_I32: VOP(MED3(I32(S0), I32(S1), I32(S2))); break;
    case GCN_OP_V_MED3_U32: VOP(MED3(S0, S1, S2)); break;
    case GCN_OP_V_SAD_U8: VOP(sad_u8(S0, S1) + S2); break;
    case GCN_OP_V_SAD_HI_U8: VOP((sad_u8(S0, S1) << 16) + S2); break;
    case GCN_OP_V_SAD_U16: VOP(sad_u16(S0, S1) + S2); break;
    case GCN_OP_V_SAD_U32: VOP((S0 > S1 ? S0 - S1 : S1 - S0) + S2); break;
    case GCN_OP_V_MSAD_U8: VOP(msad_u8(S0, S1) + S2); break;
    case GCN_OP_V_MUL_LO_U32: case GCN_OP_V_MUL_LO_I32: VOP(S0 * S1); break;
    case GCN_OP_V_MUL_HI_U32: VOP((uint64_t)S0 * S1 >> 32); break;
    case GCN_OP_V_MUL_HI_I32: VOP((uint64_t)((int64_t)I32(S0) * I32(S1)) >> 32); break;
    case GCN_OP_V_MAD_U64_U32: mad64(v, false); break;
    case GCN_OP_V_MAD_I64_I32: mad64(v, true); break;
    case GCN_OP_V_LSHL_B64: VOP64(S0_64 << (S1 & 63)); break;
    case GCN_OP_V_LSHR_B64: VOP64(S0_64 >> (S1 & 63)); break;
    case GCN_OP_V_ASHR_I64: VOP64((uint64_t)((int64_t)S0_64 >> (S1 & 63))); break;
    case GCN_OP_V_LSHLREV_B64: VOP64(S1_64 << (S0 & 63)); break;
    case GCN_OP_V_LSHRREV_B64: VOP64(S1_64 >> (S0 & 63)); break;
    case GCN_OP_V_ASHRREV_I64: VOP64((uint64_t)((int64_t)S1_64 >> (S0 & 63))); break;
    case GCN_OP_V_PERM_B32: VOP(perm_b32(S0, S1, S2)); break;
    case GCN_OP_V_XAD_U32: VOP((S0 ^ S1) + S2); break;
    case GCN_OP_V_LSHL_ADD_U32: VOP((S0 << (S1 & 31)) + S2); break;
    case GCN_OP_V_ADD_LSHL_U32: VOP((S0 + S1) << (S2 & 31)); break;
    case GCN_OP_V_ADD3_U32: VOP(S0 + S1 + S2); break;
    case GCN_OP_V_LSHL_OR_B32: VOP((S0 << (S1 & 31)) | S2); break;
    case GCN_OP_V_AND_OR_B32: VOP((S0 & S1) | S2); break;
    case GCN_OP_V_OR3_B32: VOP(S0 | S1 | S2); break;
    case GCN_OP_V_MAD_U32_U16: VOP(S0_16 * S1_16 + S2); break;
    case GCN_OP_V_MAD_I32_I16: VOP((uint32_t)((int32_t)I16(S0) * I16(S1)) + S2); break;
    case GCN_OP_V_ADD_I32: VOP(S0 + S1); break; /* gcn14 VOP3: no carry-out */
    case GCN_OP_V_SUB_I32: VOP(S0 - S1); break;
    case GCN_OP_V_QSAD_PK_U16_U8: VOP64(qsad_pk(S0_64, S1, S2_64, false, false)); break;
    case GCN_OP_V_MQSAD_PK_U16_U8: VOP64(qsad_pk(S0_64, S1, S2_64, true, false)); break;
    default: return false;
  }
  return true;
}

gcn_valu_result gcn_valu_int3(gcn_valu *v, enum gcn_op op) {
  if (vop1_bits(v, op)) return GCN_VALU_LANES;
  if (op == GCN_OP_V_MQSAD_U32_U8) {
    mqsad_u32(v); /* saturates with or without CLAMP */
    return GCN_VALU_DONE;
  }
  if (v->clamp_int && vop3_int_clamped(v, op)) return GCN_VALU_LANES;
  return vop3_int(v, op) ? GCN_VALU_LANES : GCN_VALU_NONE;
}

/* The MPFR float oracle of tests/oracle/fp_mpfr.c: the formats (f32, f16) and the GCN
 * rules written against MPFR (fp_oracle.c), independent of refmodel/src/fp.c. */
#ifndef GCNREF_FP_ORACLE_H
#define GCNREF_FP_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <mpfr.h>

/* ------------------------------------------------------------------ formats */
typedef struct {
  const char *name;
  int ebits, mbits, bias;
  int prec;            /* mbits + 1 */
  mpfr_exp_t emin, emax; /* MPFR convention: x = m * 2^e, 0.5 <= m < 1 */
} ofmt;

/* One object each (fp_oracle.c): the oracle tells the formats apart by address. */
extern const ofmt OF32, OF16;

static inline uint32_t o_sign(const ofmt *f) { return 1u << (f->ebits + f->mbits); }
static inline uint32_t o_expmax(const ofmt *f) { return (1u << f->ebits) - 1u; }
static inline uint32_t o_fracmask(const ofmt *f) { return (1u << f->mbits) - 1u; }
static inline uint32_t o_quiet(const ofmt *f) { return 1u << (f->mbits - 1); }
static inline uint32_t o_inf(const ofmt *f) { return o_expmax(f) << f->mbits; }
static inline uint32_t o_be(const ofmt *f, uint32_t x) { return (x >> f->mbits) & o_expmax(f); }
static inline bool o_isnan(const ofmt *f, uint32_t x) {
  return o_be(f, x) == o_expmax(f) && (x & o_fracmask(f)) != 0;
}
static inline bool o_isinf(const ofmt *f, uint32_t x) {
  return o_be(f, x) == o_expmax(f) && (x & o_fracmask(f)) == 0;
}
static inline bool o_isdenorm(const ofmt *f, uint32_t x) {
  return o_be(f, x) == 0 && (x & o_fracmask(f)) != 0;
}
static inline bool o_iszero(const ofmt *f, uint32_t x) { return (x & (o_sign(f) - 1u)) == 0; }

/* Exact value of a non-NaN encoding. */
static inline double o_value(const ofmt *f, uint32_t x) {
  uint32_t be = o_be(f, x), fr = x & o_fracmask(f);
  double v;
  if (be == o_expmax(f))
    v = INFINITY;
  else if (be == 0)
    v = ldexp((double)fr, 1 - f->bias - f->mbits);
  else
    v = ldexp((double)(fr | (1u << f->mbits)), (int)be - f->bias - f->mbits);
  return (x & o_sign(f)) ? -v : v;
}

/* Encoding of a finite double that is exactly representable in the format. */
static inline uint32_t o_encode(const ofmt *f, double v) {
  uint32_t s = signbit(v) ? o_sign(f) : 0;
  v = fabs(v);
  if (v == 0) return s;
  int e;
  double m = frexp(v, &e); /* v = m * 2^e, m in [0.5, 1) */
  int unb = e - 1;
  int emin_norm = 1 - f->bias;
  if (unb >= emin_norm) {
    double frac = ldexp(m * 2.0 - 1.0, f->mbits);
    return s | ((uint32_t)(unb + f->bias) << f->mbits) | (uint32_t)frac;
  }
  return s | (uint32_t)ldexp(v, f->mbits - emin_norm);
}


typedef struct {
  unsigned rm;
  bool fin, fout, ieee, dx10;
} oenv;

static const mpfr_rnd_t RND[4] = {MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ};

enum {
  OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_MAD, OP_LDEXP, OP_OMOD,
  OP_MIN, OP_MAX,
  OP_MUL_LEGACY, OP_MAD_LEGACY, OP_MIN_LEGACY, OP_MAX_LEGACY,
  OP_PKRTZ, OP_PKNORM_I16, OP_PKNORM_U16, OP_PKACCUM,
  OP_COUNT
};

typedef struct {
  const char *name;
  unsigned fmts;  /* bit 0: f32 operands, bit 1: f16 operands */
  bool suffix;    /* the group is named name_f32 / name_f16 */
  int nsrc;       /* operands (shown in a mismatch) */
  int nfloat;     /* leading float operands, which take abs/neg input modifiers */
  int nvariants;  /* min/max: variant 0 = gcn14 (flush_ok), 1 = gcn10-12 (no flushing) */
  bool has_mode;  /* false: the op reads no MODE field, one group */
} opinfo;

static const opinfo OPS[OP_COUNT] = {
    [OP_ADD] = {"add", 3, true, 2, 2, 1, true},
    [OP_SUB] = {"sub", 3, true, 2, 2, 1, true},
    [OP_MUL] = {"mul", 3, true, 2, 2, 1, true},
    [OP_FMA] = {"fma", 3, true, 3, 3, 1, true},
    [OP_MAD] = {"mad", 3, true, 3, 3, 1, true},
    [OP_LDEXP] = {"ldexp", 3, true, 2, 1, 1, true}, /* src1 is an integer */
    [OP_OMOD] = {"omod_clamp", 3, true, 1, 0, 1, true},
    [OP_MIN] = {"min", 3, true, 2, 2, 2, true},
    [OP_MAX] = {"max", 3, true, 2, 2, 2, true},
    [OP_MUL_LEGACY] = {"mul_legacy", 1, true, 2, 2, 1, true},
    [OP_MAD_LEGACY] = {"mad_legacy", 1, true, 3, 3, 1, true},
    [OP_MIN_LEGACY] = {"min_legacy", 1, true, 2, 2, 1, true},
    [OP_MAX_LEGACY] = {"max_legacy", 1, true, 2, 2, 1, true},
    [OP_PKRTZ] = {"cvt_pkrtz_f16_f32", 1, false, 2, 2, 1, true},
    [OP_PKNORM_I16] = {"cvt_pknorm_i16_f32", 1, false, 2, 2, 1, false},
    [OP_PKNORM_U16] = {"cvt_pknorm_u16_f32", 1, false, 2, 2, 1, false},
    [OP_PKACCUM] = {"cvt_pkaccum_u8_f32", 1, false, 3, 1, 1, true}, /* s0, s1 (byte), vdst */
};

static const char *const VARIANT_NAME[2] = {"_gcn14", "_gcn10-12"};

enum { O_RM_RTZ = 3 }; /* index of MPFR_RNDZ in RND[] */

extern mpfr_t X, Y, Z, R, P;
extern mpfr_t CX, CH, CW;
extern mpfr_exp_t WIDE_EMIN, WIDE_EMAX;

uint32_t o_flush(const ofmt *f, uint32_t x, bool on);
bool o_nan_in(const ofmt *f, const oenv *e, const uint32_t *ops, int n, uint32_t *out);
uint32_t o_default_nan(const ofmt *f);
void o_set(mpfr_t m, const ofmt *f, uint32_t x);
uint32_t o_finish(const ofmt *f, mpfr_t r, int t, unsigned rm);
bool is_conversion(int op);
uint32_t o_binop(const ofmt *f, int op, uint32_t a, uint32_t b, const oenv *e);
uint32_t o_fma(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e);
uint32_t o_mad(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e);
uint32_t o_ldexp(const ofmt *f, uint32_t a, uint32_t s1, const oenv *e);
uint32_t o_omod_clamp(const ofmt *f, uint32_t r, unsigned omod, bool clamp, const oenv *e);
bool o_issnan(const ofmt *f, uint32_t x);
uint32_t o_minmax(const ofmt *f, uint32_t a, uint32_t b, const oenv *e, bool flush_ok,
                         bool is_max);
uint32_t o_minmax_legacy(const ofmt *f, uint32_t a, uint32_t b, const oenv *e,
                                bool is_max);
uint32_t o_mul_legacy(const ofmt *f, uint32_t a, uint32_t b, const oenv *e);
uint32_t o_mad_legacy(const ofmt *f, uint32_t a, uint32_t b, uint32_t c, const oenv *e);
void use_wide_range(void);
void use_format_range(const ofmt *f);
uint16_t o_rtz16(uint32_t x, bool fout16);
void oracle_error(const char *what);
uint16_t o_norm16(uint32_t x, bool is_signed);
uint8_t o_u8(uint32_t s0, const oenv *e);
uint32_t o_pkaccum(uint32_t s0, uint32_t s1, uint32_t vdst, const oenv *e);
uint32_t o_absneg(const ofmt *f, uint32_t x, bool abs, bool neg);

#endif

/* gcnref: functional coverage counted on the model side (Verilator 5.006 has no
 * covergroups), and coverage databases. docs/coverage.md describes every bin group, the
 * database format ("# gcnref coverage v3", ending in "# end N") and the merge.
 *
 * Sampling is cheap: a gcn_coverage holds plain count arrays for one generation; bin
 * names are only built when a database is written. The classification functions
 * (gcn_cov_*_class, gcn_cov_stall_kind) are the definitions of the bins and are unit
 * tested on their own. */
#ifndef GCNREF_COVERAGE_H
#define GCNREF_COVERAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/inst.h"
#include "gcnref/model.h"
#include "gcnref/state.h"

/* ------------------------------------------------------------ classifications */

enum { GCN_COV_FORM_SCALAR, GCN_COV_FORM_VOP2, GCN_COV_FORM_VOP3, GCN_COV_FORMS };
enum {
  GCN_COV_SRC_SGPR,
  GCN_COV_SRC_SPECIAL,
  GCN_COV_SRC_VGPR,
  GCN_COV_SRC_INLINE_INT,
  GCN_COV_SRC_INLINE_FLOAT,
  GCN_COV_SRC_LITERAL,
  GCN_COV_SRC_CLASSES
};
enum { GCN_COV_EXEC_ALL_ON, GCN_COV_EXEC_ALL_OFF, GCN_COV_EXEC_PARTIAL, GCN_COV_EXEC_PATTERNS };
/* Integer result classes: zero, non-zero with the sign bit (of the result's width) clear,
 * sign bit set. */
enum { GCN_COV_RES_ZERO, GCN_COV_RES_POS, GCN_COV_RES_NEG, GCN_COV_RES_CLASSES };
/* Float classes of an f32 or f16 value. */
enum {
  GCN_COV_FP_POS_ZERO,
  GCN_COV_FP_NEG_ZERO,
  GCN_COV_FP_POS_DENORM,
  GCN_COV_FP_NEG_DENORM,
  GCN_COV_FP_POS_NORMAL,
  GCN_COV_FP_NEG_NORMAL,
  GCN_COV_FP_POS_INF,
  GCN_COV_FP_NEG_INF,
  GCN_COV_FP_QNAN,
  GCN_COV_FP_SNAN,
  GCN_COV_FP_CLASSES
};
/* Float modifiers (VOP3) and the integer clamp. */
enum {
  GCN_COV_MOD_ABS0,
  GCN_COV_MOD_ABS1,
  GCN_COV_MOD_NEG0,
  GCN_COV_MOD_NEG1,
  GCN_COV_MOD_CLAMP,
  GCN_COV_MOD_OMOD_MUL2,
  GCN_COV_MOD_OMOD_MUL4,
  GCN_COV_MOD_OMOD_DIV2,
  GCN_COV_MODS
};
/* What held an instruction back (docs/microarch.md rules), in tie-break order: when two
 * constraints end in the same cycle, the first one listed is the one counted. */
typedef enum {
  GCN_STALL_BRANCH,     /* rule 5: the branch penalty after a taken PC write */
  GCN_STALL_NOP,        /* rule 6: s_nop N holds the next issue N & 15 cycles */
  GCN_STALL_SREG_RAW,   /* rule 1: a scalar source (SGPR, special, SCC, MODE) not yet written */
  GCN_STALL_SREG_WAW,   /* rule 1 (WAW note): a scalar destination with an older write in flight */
  GCN_STALL_VGPR_RAW,   /* rules 2, 8: a VGPR read (sources, VDST read) written by a VALU in flight */
  GCN_STALL_VALU_ISSUE, /* rule 3: a VALU instruction occupies the VALU for 4 passes */
  GCN_STALL_DRAIN,      /* rule 7: s_endpgm waits until every write has committed */
  GCN_STALL_KINDS
} gcn_stall_kind;
#define GCN_COV_STALL_MAX 64 /* stall lengths above are counted as 64 */
/* Register classes of a live dependency (timing core): the last write of a register an
 * instruction reads had not committed before the cycle the instruction could first issue,
 * so the scoreboard held it or the value came through the commit bypass. */
enum {
  GCN_COV_DEP_SGPR,
  GCN_COV_DEP_VCC,
  GCN_COV_DEP_EXEC,
  GCN_COV_DEP_M0,
  GCN_COV_DEP_SCC,
  GCN_COV_DEP_MODE,
  GCN_COV_DEP_SPECIAL, /* other named scalar registers: ttmp, flat_scratch, tba, ... */
  GCN_COV_DEP_VGPR,
  GCN_COV_DEP_REGS
};

/* Operand class of the source code CODE on GEN, or -1 for an illegal code. */
int gcn_cov_src_class(gcn_gen gen, unsigned code);
/* EXEC pattern of the mask a VALU instruction ran under. */
int gcn_cov_exec_class(uint64_t exec);
/* Class of an integer result VALUE of BITS (16, 32 or 64) bits. */
int gcn_cov_result_class(uint64_t value, unsigned bits);
/* Float class of the BITS (16 or 32) bit pattern VALUE. */
int gcn_cov_fp_class(uint64_t value, unsigned bits);
/* The stall kind that held an instruction until ISSUE: READY[k] is the earliest cycle
 * constraint k allowed (0 when it did not apply). The kind whose READY is latest, the
 * first in enum order on ties; -1 when no constraint reaches ISSUE (no stall). */
int gcn_cov_stall_kind(const uint64_t ready[GCN_STALL_KINDS], uint64_t issue);

const char *gcn_cov_src_name(int k);
const char *gcn_cov_fp_name(int k);
const char *gcn_cov_stall_name(int k);

/* Float crosses (the `fpx` group, docs/coverage.md "Float crosses"): the band of a rounded
 * float result, judged per lane on the exact value of the instruction's operation (OMOD
 * included when it applies) against the format: exact, inexact, overflow (beyond the
 * largest finite value: infinity or the largest value by the rounding mode), underflow (a
 * non-zero value below the smallest normal that does not round up to it), tiny_up (a
 * value below the smallest normal that rounds to it). */
enum { GCN_COV_FB_EXACT, GCN_COV_FB_INEXACT, GCN_COV_FB_OVERFLOW, GCN_COV_FB_UNDERFLOW, GCN_COV_FB_TINY_UP,
       GCN_COV_FB_BANDS };
/* Where a CLAMP saw the OMOD result: below 0, in [0, 1], above 1, an overflow, a NaN. */
enum { GCN_COV_CL_NEG, GCN_COV_CL_UNIT, GCN_COV_CL_ABOVE, GCN_COV_CL_OVERFLOW, GCN_COV_CL_NAN, GCN_COV_CL_REGIONS };
/* The band of a result from three evaluations of the operation (OMOD included): Z rounded
 * toward zero and A away from zero, both without output flushing, R as executed (rounding
 * mode of MODE, no flushing); BITS 16 or 32. -1 for a NaN or infinite Z (special operands). */
int gcn_cov_fp_band(uint32_t z, uint32_t a, uint32_t r, unsigned bits);
const char *gcn_cov_band_name(int k);
const char *gcn_cov_clamp_region_name(int k);
const char *gcn_cov_round_name(int k);  /* MODE rounding 0..3 in bin names (rne, rpi, rni, rtz) */
const char *gcn_cov_denorm_name(int k); /* MODE denormal setting 0..3 in bin names */
const char *gcn_cov_omod_name(int k);   /* OMOD 1..3 less one in fpx bin names (mul2, mul4, div2) */

/* Control flow: loop trip-count bins (0, 1, 2, 3, 4 or more), loops tracked at once, and the
 * hardware register fields of s_getreg/s_setreg: MODE's fields (7), every other hwreg id
 * whole (64; the table's ids are listed), STATUS's live bits (SCC, EXECZ, VCCZ), an id the
 * table does not have. */
#define GCN_COV_TRIPS 5
#define GCN_COV_LOOPS 4
#define GCN_COV_HWREG_MODE_FIELDS 7
#define GCN_COV_HWREG_FIELDS (GCN_COV_HWREG_MODE_FIELDS + 64 + 2)
/* DPP controls: quad_perm, row_shl/row_shr/row_ror 1..15, wave_shl/rol/shr/ror, row_mirror,
 * row_half_mirror, row_bcast:15, row_bcast:31. */
#define GCN_COV_DPP_CTRLS (1 + 45 + 8)

/* SDWA bins (group sdwa, gcn12/gcn14; refmodel/src/coverage_sdwa.c lays the counters out). */
#define GCN_COV_SDWA_BINS 64
/* x16 bins per instruction (group x16: 16-bit VOP3-only rows, v_sat_pk_u8_i16, quad SADs;
 * refmodel/src/coverage_int16.c lays the counters out). */
#define GCN_COV_X16_BINS 8
/* cvt bins per instruction (group cvt: the float conversions' saturation, NaN and f16
 * overflow cases; refmodel/src/coverage_cvt.c lays the counters out). */
#define GCN_COV_CVT_BINS 4
/* f3 bins (group f3: the float VOP3-only three-source rows' SRC2 modifiers, cancellation,
 * product overflow, tiny results, NaN and tie cases; refmodel/src/coverage_f3.c). */
#define GCN_COV_F3_OPS 6
#define GCN_COV_F3_BINS 7
/* fdiv bins (group fdiv: the rules of v_div_scale/fmas/fixup_f32, the cube ops, v_mullit_f32
 * and v_cvt_pk_u8_f32; refmodel/src/coverage_fdiv.c). */
#define GCN_COV_FDIV_OPS 9
#define GCN_COV_FDIV_BINS 10
/* f16x bins per instruction (group f16x: gcn14's op_sel float rows and float VOP3P rows'
 * modifiers; refmodel/src/coverage_f16x.c lays the counters out). */
#define GCN_COV_F16X_BINS 16
/* trans bins per instruction (group trans: the transcendentals' special cases and hard
 * regions; refmodel/src/coverage_trans.c). */
#define GCN_COV_TRANS_BINS 4
/* f64 bins (group f64: the f64 VOP3 arithmetic's SRC2 classes and modifiers, cancellation,
 * overflow, tiny results, denormal operands, +-0 and sNaN selections; refmodel/src/coverage_f64.c). */
#define GCN_COV_F64_OPS 6
#define GCN_COV_F64_BINS 11

/* ------------------------------------------------------------ sampling */

typedef struct {
  gcn_gen gen;
  bool timed; /* the timing core sampled stalls (timing bins are written) */
  unsigned max_stall[GCN_STALL_KINDS]; /* longest stall the timing configuration allows */
  uint64_t executed[GCN_OP_COUNT][GCN_COV_FORMS];
  uint64_t source[GCN_OP_COUNT][3][GCN_COV_SRC_CLASSES];
  uint64_t exec[GCN_COV_EXEC_PATTERNS]; /* EXEC when a VALU instruction ran */
  uint64_t scc[GCN_OP_COUNT][2];        /* SCC written as 0 / 1 */
  uint64_t carry[GCN_OP_COUNT][2];      /* lanes with carry-out 0 / 1 (VALU carry ops) */
  uint64_t ovf[GCN_OP_COUNT][2];        /* lanes without / with signed overflow */
  uint64_t result[GCN_OP_COUNT][GCN_COV_RES_CLASSES];
  uint64_t fpsrc[GCN_OP_COUNT][2][GCN_COV_FP_CLASSES];
  uint64_t fpres[GCN_OP_COUNT][GCN_COV_FP_CLASSES];
  uint64_t mods[GCN_OP_COUNT][GCN_COV_MODS];
  uint64_t op_round[GCN_OP_COUNT][4];  /* float op ran in MODE rounding mode 0..3 */
  uint64_t op_denorm[GCN_OP_COUNT][4]; /* float op ran in MODE denormal mode 0..3 */
  uint64_t mode_round[3][4];           /* [f32, f16, f64] rounding mode, per float op run */
  uint64_t mode_denorm[3][4];
  uint64_t mode_dx10[2], mode_ieee[2];
  uint64_t stall[GCN_STALL_KINDS][GCN_COV_STALL_MAX + 1];
  uint64_t dep[2][2][GCN_COV_DEP_REGS]; /* [producer VALU?][consumer VALU?][register class] */
  uint64_t branch[GCN_OP_COUNT][2];    /* a branch not taken / taken */
  uint64_t trips[GCN_COV_TRIPS];       /* loops left after 0, 1, 2, 3, 4+ runs of their body */
  uint64_t hwreg[2][GCN_COV_HWREG_FIELDS]; /* [read, written] per hardware register field */
  /* float crosses, [f32, f16] first (lanes, but fpx_mode*: instructions) */
  uint64_t fpx_round[2][4][GCN_COV_FB_BANDS];   /* rounding mode x band */
  uint64_t fpx_denorm[2][4][2];                 /* denormal mode x [underflow, tiny_up] */
  uint64_t fpx_omod[2][3][4][GCN_COV_FB_BANDS]; /* active OMOD (*2, *4, /2) x rounding mode x band */
  uint64_t fpx_clamp[2][3][GCN_COV_CL_REGIONS]; /* CLAMP with an active OMOD x region */
  uint64_t fpx_omod_ignored[2][2];              /* OMOD set but ignored: [IEEE = 1, output denormals] */
  uint64_t fpx_mode[2][4][4];                   /* rounding x denormal mode, per float instruction */
  uint64_t fpx_mode_flags[2][2][2];             /* IEEE x DX10_CLAMP, per float instruction */
  uint64_t iclamp[GCN_OP_COUNT][2][2];          /* integer CLAMP lanes: [carry-in][carry/borrow out] */
  /* DPP (gcn12, gcn14; coverage_dpp.c) */
  uint64_t dpp_op[GCN_OP_COUNT];                /* the row ran in DPP form */
  uint64_t dpp_ctrl[GCN_COV_DPP_CTRLS];         /* quad_perm, row_shl/shr/ror 1..15, wave_*, mirrors, bcasts */
  uint64_t dpp_mask[2][3];                      /* [row, bank] mask: all on, partial, none */
  uint64_t dpp_bound[2][2];                     /* [bound_ctrl][a writing lane's source out of range, off in EXEC] */
  uint64_t sdwa[GCN_COV_SDWA_BINS];             /* SDWA forms (coverage_sdwa.c): selectors, sext, dst, ... */
  uint64_t movrel[3][3];                        /* v_movrels/d/sd: M0 0, M0 > 0 in range, past v255 (coverage_movrel.c) */
  uint64_t x16[GCN_OP_COUNT][GCN_COV_X16_BINS]; /* 16-bit bands, op_sel halves (coverage_int16.c) */
  uint64_t cvt[GCN_OP_COUNT][GCN_COV_CVT_BINS]; /* conversions: in range, saturated, NaN (coverage_cvt.c) */
  uint64_t f3[GCN_COV_F3_OPS][GCN_COV_F3_BINS]; /* mad/fma/min3/max3/med3_f32 (coverage_f3.c) */
  uint64_t fdiv[GCN_COV_FDIV_OPS][GCN_COV_FDIV_BINS]; /* div helpers, cube, mullit, pk_u8 (coverage_fdiv.c) */
  uint64_t f16x[GCN_OP_COUNT][GCN_COV_F16X_BINS]; /* op_sel / VOP3P float modifiers (coverage_f16x.c) */
  uint64_t trans[GCN_OP_COUNT][GCN_COV_TRANS_BINS]; /* transcendentals (coverage_trans.c) */
  uint64_t f64c[GCN_COV_F64_OPS][GCN_COV_F64_BINS]; /* the f64 arithmetic (coverage_f64.c) */
  /* facts computed by gcn_coverage_reset (sampling looks nothing up) */
  int8_t src_cls[512];                 /* gcn_cov_src_class of each source code on gen */
  uint8_t opf[GCN_OP_COUNT];           /* per-instruction flags (coverage.c) */
  uint8_t dbits[GCN_OP_COUNT];         /* destination width: 16, 32 or 64 */
  uint8_t fx_kind[GCN_OP_COUNT];       /* float crosses: how to evaluate the op (coverage.c), 0: not */
  uint8_t ic_kind[GCN_OP_COUNT];       /* integer CLAMP crosses: the add/sub (coverage.c), 0: none */
  /* scratch between gcn_coverage_before and gcn_coverage_after */
  uint16_t pre_fp[2];   /* float classes seen per source (bit per class) */
  uint64_t pre_ovf;     /* lanes with signed overflow */
  uint64_t pre_exec;
  uint64_t pre_ci, pre_co; /* integer CLAMP: lanes with carry-in, with a carry/borrow out of the width */
  uint32_t pre_src[3][GCN_WAVE_SIZE]; /* float crosses: the operands per lane (after abs/neg) */
  uint64_t pre_x16[GCN_COV_X16_BINS]; /* x16 bins: the lanes of each band */
  uint64_t pre_cvt[GCN_COV_CVT_BINS]; /* cvt bins: the lanes of each case */
  uint64_t pre_f3[GCN_COV_F3_BINS];   /* f3 bins: the lanes of each case */
  uint64_t pre_fdiv[GCN_COV_FDIV_BINS]; /* fdiv bins: the lanes of each case */
  uint64_t pre_trans[GCN_COV_TRANS_BINS]; /* trans bins: the lanes of each case */
  uint64_t pre_f64[GCN_COV_F64_BINS]; /* f64 bins: the lanes of each case */
  bool pre_valid;
  uint64_t loop_pc[GCN_COV_LOOPS];     /* backward branches being taken, and how often */
  uint32_t loop_n[GCN_COV_LOOPS];
  /* The running program (set by the caller before gcn_coverage_after; NULL: none): a taken
   * forward branch that skips a whole loop is a zero-trip loop. */
  const gcn_program *prog;
} gcn_coverage;

void gcn_coverage_reset(gcn_coverage *cov, gcn_gen gen);
/* The timing core's configuration: sets which stall lengths are reachable. */
void gcn_coverage_set_timing(gcn_coverage *cov, unsigned salu_latency, unsigned valu_depth,
                             unsigned branch_penalty);
/* Counts one executed instruction (the first layer: encoding, source classes, EXEC, SCC).
 * EXEC is the mask it ran under; SCC_WRITTEN is -1 when it did not write SCC. */
void gcn_coverage_sample(gcn_coverage *cov, const gcn_inst *in, uint64_t exec, int scc_written);
/* The full sampling: BEFORE is called with the state before IN executes (it reads the
 * source values for float classes and signed overflow), AFTER with the state after it
 * and its write log (it calls gcn_coverage_sample and counts the outcomes). */
void gcn_coverage_before(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st);
void gcn_coverage_after(gcn_coverage *cov, const gcn_inst *in, const gcn_state *st, const gcn_retire *ret);
/* A stall of LEN cycles of KIND before an instruction issued (timing core). */
static inline void gcn_coverage_stall(gcn_coverage *cov, int kind, uint64_t len) {
  cov->timed = true;
  if (kind >= 0 && len) cov->stall[kind][len > GCN_COV_STALL_MAX ? GCN_COV_STALL_MAX : len]++;
}

/* A live dependency of a consumer (VALU or SALU) on a producer through a register class. */
static inline void gcn_coverage_dep(gcn_coverage *cov, bool prod_valu, bool cons_valu, int reg) {
  cov->dep[prod_valu][cons_valu][reg]++;
}

/* Calls FN for every bin of the generation, reachable (REASON NULL) or excluded with a
 * reason; NAME is the full bin name "<gen>.<group>.<rest>". */
typedef void (*gcn_cov_bin_fn)(void *ctx, const char *name, uint64_t count, const char *reason);
void gcn_coverage_visit(const gcn_coverage *cov, gcn_cov_bin_fn fn, void *ctx);
/* Writes the database (v2, sorted) of COV to OUT. Returns 0 or -1. */
int gcn_coverage_write(const gcn_coverage *cov, FILE *out);
/* Number of reachable bins of the generation, and of those hit. */
void gcn_coverage_totals(const gcn_coverage *cov, unsigned long *bins, unsigned long *hit);
typedef enum { GCN_COV_SCOPE_ALL, GCN_COV_SCOPE_INT, GCN_COV_SCOPE_FLOAT } gcn_cov_scope;
/* The same within a scope (see gcn_covbin_in_scope); no names are looked up. */
void gcn_coverage_totals_scope(const gcn_coverage *cov, gcn_cov_scope scope, unsigned long *bins,
                               unsigned long *hit);

/* ------------------------------------------------------------ databases */

typedef struct {
  char *name;
  uint64_t count;
  char *reason; /* exclusion reason, or NULL */
  size_t file;  /* index of the last input file that listed it (duplicate check) */
} gcn_covbin;

typedef struct {
  gcn_covbin *bins;
  size_t n, cap;
  size_t *slot; /* open-addressing hash table of indices into bins */
  size_t n_slot;
  size_t n_files;
} gcn_covdb;

void gcn_covdb_init(gcn_covdb *db);
void gcn_covdb_free(gcn_covdb *db);
gcn_covbin *gcn_covdb_find(const gcn_covdb *db, const char *name);
/* Adds COUNT to bin NAME (created when absent). 0 or -1 (out of memory). */
int gcn_covdb_add(gcn_covdb *db, const char *name, uint64_t count);
/* Marks NAME excluded with REASON (the byte-wise smallest reason is kept). */
int gcn_covdb_exclude(gcn_covdb *db, const char *name, const char *reason);
/* Adds every bin of COV (counts and exclusions). 0 or -1. */
int gcn_covdb_add_coverage(gcn_covdb *db, const gcn_coverage *cov);
/* Parses a database from F and merges it into DB (counts summed, exclusions unioned).
 * Errors name PATH:LINE and what was expected. 0 or -1. */
int gcn_covdb_read(gcn_covdb *db, FILE *f, const char *path, gcn_error *err);
/* The same from a file ("-" = stdin). */
int gcn_covdb_load(gcn_covdb *db, const char *path, gcn_error *err);
/* Sorts the bins by name (byte order). */
void gcn_covdb_sort(gcn_covdb *db);
/* Writes DB (sorted first). An excluded bin that was hit is written as a counted bin. */
int gcn_covdb_write(gcn_covdb *db, FILE *out);
/* Writes DB to PATH atomically (gcnref/ofile.h). 0 or -1 with ERR. */
int gcn_covdb_save(gcn_covdb *db, const char *path, gcn_error *err);
/* Is the bin excluded (a reason and no hit)? */
bool gcn_covbin_excluded(const gcn_covbin *b);
/* Bins both excluded and hit; warns about them on WARN (may be NULL). */
unsigned long gcn_covdb_conflicts(const gcn_covdb *db, FILE *warn);
/* Is NAME a well-formed bin name? Sets its generation and group (not NUL-terminated). */
bool gcn_covbin_name_valid(const char *name, gcn_gen *gen, const char **group, size_t *group_len);
/* Does the bin belong to a float instruction or a float-only group (fpclass, fpmod, mode)? */
bool gcn_covbin_is_float(const char *name);
bool gcn_covbin_in_scope(const char *name, gcn_cov_scope scope);
/* Reachable bins, hit bins and excluded bins whose name starts with PREFIX (NULL: all)
 * within SCOPE. */
void gcn_covdb_totals(const gcn_covdb *db, gcn_cov_scope scope, const char *prefix, unsigned long *bins,
                      unsigned long *hit, unsigned long *excluded);

#endif

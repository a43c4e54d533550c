/* gcnref vectors: what the generator's files share (private to vectors/; gen.h is the
 * public interface). The generation context, the shapes of chunks and forced fields, the
 * coverage bias, and the functions each file offers the others. */
#ifndef GCNVEC_GEN_PRIV_H
#define GCNVEC_GEN_PRIV_H

#include <string.h>

#include "gen.h"
#include "rng.h"

#include "gcnref/coverage.h"
#include "gcnref/operand.h"

/* ------------------------------------------------------------------ the generation context */

/* Instructions in one chunk; SGPRs and VGPRs in a vector's working pools (few, so that
 * instructions read what others wrote); recent writes remembered for reuse. */
#define MAX_CHUNK 40
#define POOL_S 12
#define POOL_V 8
#define RECENT 8

typedef struct {
  gcn_inst in[MAX_CHUNK];
  bool dead[MAX_CHUNK]; /* jumped over: never executed */
  unsigned n;
} chunk;

typedef struct {
  uint16_t s_code[RECENT];
  uint8_t s_width[RECENT];
  unsigned n_s, pos_s;
  uint16_t v[RECENT];
  unsigned n_v, pos_v;
} recent_t;

/* One instruction of the program: a gcn_inst, or raw bytes (an illegal encoding). */
typedef struct {
  gcn_inst in;
  bool raw, illegal, dead;
  uint8_t size;
  uint8_t bytes[8];
} pinst;

/* Forced fields of an instruction being built (-1: chosen at random). */
typedef struct {
  int enc;    /* 0: either; 32: VOP2 (_e32); 64: VOP3 (_e64) */
  int vdst;   /* VGPR number */
  int sdst;   /* SOP destination, VOP3B carry-out, v_readlane destination (scalar code) */
  int src[3]; /* source codes */
  int64_t lit; /* the literal when a forced source is 255, or K */
  bool no_mods;
  int simm;    /* SOPP/SOPK SIMM16 (branch offsets: always forced) */
  int omod;    /* VOP3 OMOD (0..3), CLAMP (0/1): set after the random modifiers */
  int clamp;
} force_t;

enum { R_NO_EXEC = 1, R_NO_MOVREL = 2 };

typedef struct {
  gcn_gen gen;
  const gcn_profile *p;
  gcn_rng rng;
  gcn_rng aux; /* version 22: the draws that choose a hole item (RTL line coverage), a stream of their own so that
               * the vectors without one stay as they were (the item itself draws from rng) */
  gcn_rng aim[3]; /* version 24: the draws that choose an item aimed at a mutant (vectors/aimed.c), one stream per
                  * area so that the areas' items do not move one another's */
  gcn_wave w; /* w.st is the simulated state at the end of the program built so far */
  gcn_state init;
  pinst *prog;
  size_t n_prog, cap_prog;
  uint8_t *img;
  size_t size, cap;
  uint8_t *reached; /* per dword: an instruction starts here and has executed */
  unsigned nsg;
  unsigned spool[POOL_S];
  unsigned vpool[POOL_V];
  recent_t rec;
  uint8_t forbid[128]; /* scalar codes that must not be written */
  unsigned restrict_flags;
  /* special registers (weighted by repetition) */
  unsigned src32[64], n_src32, src64[48], n_src64, dst32[48], n_dst32, dst64[32], n_dst64;
  /* instructions of each group on this generation, with their weights */
  uint16_t gop[GCN_GROUP_COUNT][GCN_OP_COUNT];
  unsigned gw[GCN_GROUP_COUNT][GCN_OP_COUNT];
  unsigned n_gop[GCN_GROUP_COUNT];
  unsigned item_w[GCN_GROUP_COUNT + GCN_STREAM_COUNT];
  const gcn_gen_bias *bias; /* coverage-directed generation, or NULL */
  int cur_op, cur_slot;     /* the instruction and source slot being built (for the bias) */
  unsigned exec_off;        /* exec.c: 1 + the items still to run with EXEC = 0; 0: EXEC is not 0 */
  unsigned exec_extra;      /* exec.c: EXEC saves and restores emitted, not counted in the length */
  int fcvt_v[6];            /* valu_fcvt's and valu_trans's lane-rainbow VGPRs (f32, f16, 32-bit, 16-bit int; then
                             * valu_trans's own, f32 and f16: version 19; -1: none) */
} gctx;

/* A float-cross hole (bias.c) that the float-band stream aims at (fpband.c): the kind of
 * fpx bin and its fields, -1 where the bin does not fix one. */
enum { GEN_FPX_ROUND, GEN_FPX_DENORM, GEN_FPX_OMOD, GEN_FPX_CLAMP, GEN_FPX_IGNORED, GEN_FPX_MODE };
typedef struct {
  int8_t ty, kind, omod, rm, dm, band, region, ieee, dx10; /* ty 0 f32, 1 f16 */
} gen_fpx_target;
#define GEN_FPX_TARGETS 128

/* The coverage bias (bias.c): what the holes of one generation ask for. */
struct gcn_gen_bias {
  gcn_gen gen;
  unsigned long holes;
  uint16_t op_holes[GCN_OP_COUNT];    /* holes of any group naming the instruction */
  uint8_t form_want[GCN_OP_COUNT];    /* bit per GCN_COV_FORM_* not hit */
  uint8_t src_want[GCN_OP_COUNT][3];  /* bit per GCN_COV_SRC_* not hit, per slot */
  uint8_t value_want[GCN_OP_COUNT];   /* result, SCC or carry holes: corner values */
  uint16_t fp_want[GCN_OP_COUNT][2];  /* bit per GCN_COV_FP_* not hit, per float source */
  uint8_t mod_want[GCN_OP_COUNT];     /* bit per GCN_COV_MOD_* not hit */
  uint8_t dpp_want[GCN_OP_COUNT];     /* a dpp.<mn> hole: the DPP form half the time (version 17) */
  uint8_t trips_want;                 /* bit per loop.trips.<n> hole (0, 1, 2, 3, 4 or more) */
  bool dpp_any;                       /* a DPP hole of no instruction (dpp.ctrl.*): the DPP forms more often */
  unsigned loose_holes;               /* holes that name no instruction, timing or stream to aim at */
  uint8_t round_want[2], denorm_want[2]; /* [f32, f16]: bit per MODE value not hit */
  uint8_t exec_want;                  /* bit per GCN_COV_EXEC_* not hit */
  bool ieee_off, denorm_out;          /* fpclass result holes: sNaN (IEEE = 0), denormals (kept) */
  uint8_t fp_widths;                  /* fpclass source holes by source width: bit 0 f16, 1 f32, 2 f64 */
  gen_fpx_target fpx[GEN_FPX_TARGETS]; /* fpx holes (the first GEN_FPX_TARGETS) */
  unsigned n_fpx;
  unsigned timing_holes;
  bool drain_want;                    /* a timing.drain.<len> hole: programs end VALU, SALU x 0..8, s_endpgm */
  bool vgpr_raw_want;                 /* a timing.vgpr_raw.<len> hole: VALU write, SALU x 0..8, VALU read */
  uint8_t dep_want[2][2];             /* [producer VALU?][consumer VALU?]: bit per GCN_COV_DEP_* */
  uint64_t hwreg_want[2];             /* [write?]: bit per hardware register id with a read / write hole */
};

/* The constant bus of a vector instruction: at most one scalar value (docs/semantics.md). */
typedef struct {
  bool used;
  unsigned code, width; /* code 255: the literal */
} bus_t;

/* Group masks for gen_emit_random_in / gen_pick_group: bit GROUP_BIT(g) per group (64 bits:
 * the table has more than 32 groups). */
_Static_assert(GCN_GROUP_COUNT <= 64, "group masks are 64 bits");
#define GROUP_BIT(g) ((uint64_t)1 << (g))
#define VALU_MASK (GROUP_BIT(GCN_GROUP_VALU_INT) | GROUP_BIT(GCN_GROUP_VALU_CARRY) | GROUP_BIT(GCN_GROUP_VALU_INT16) | \
                   GROUP_BIT(GCN_GROUP_VALU_F32) | GROUP_BIT(GCN_GROUP_VALU_F16) | GROUP_BIT(GCN_GROUP_VALU_MOVE))
#define SALU_PLAIN_MASK (GROUP_BIT(GCN_GROUP_SALU_ARITH) | GROUP_BIT(GCN_GROUP_SALU_LOGIC) | GROUP_BIT(GCN_GROUP_SALU_BITS))

/* ------------------------------------------------------------------ small helpers */

static const force_t NOFORCE = {0, -1, -1, {-1, -1, -1}, -1, false, -1, -1, -1};

/* No field forced: everything is chosen at random. */
static inline force_t gen_force0(void) { return NOFORCE; }

static inline bool gen_has_op(const gctx *g, enum gcn_op op) { return gcn_isa[op].mnemonic[g->gen] != NULL; }

static inline bool gen_group_on(const gctx *g, int grp) { return g->p->group[grp] > 0 && g->n_gop[grp] > 0; }

/* Is OP emitted by the profile on this generation (in GRP's list)? */
static inline bool gen_op_on(const gctx *g, int grp, enum gcn_op op) {
  for (unsigned k = 0; k < g->n_gop[grp]; k++)
    if (g->gop[grp][k] == op) return true;
  return false;
}

/* Does the profile enable any vector group other than the lane ones? */
static inline bool gen_any_valu(const gctx *g) {
  for (int k = GCN_GROUP_VALU_INT; k < GCN_GROUP_COUNT; k++)
    if (k != GCN_GROUP_VALU_LANE && gen_group_on(g, k)) return true;
  return false;
}

static inline bool gen_is_float_type(gcn_type t) { return t == GCN_T_F32 || t == GCN_T_F16; }

/* ------------------------------------------------------------------ groups.c */

/* The names profiles use, indexed by gcn_group, gcn_stream, gcn_opclass, gcn_execpat, gcn_modepat. */
extern const char *const gen_stream_names[GCN_STREAM_COUNT];
/* An instruction by table id (any case) or by its mnemonic on any generation, or -1
 * (profile.c; profiles and capability files name instructions so). */
int gen_find_op(const char *s);
/* A text file being parsed (profiles, capability files): "FILE:LINE: error: MESSAGE" into
 * ERR, returns -1 (profile.c). */
typedef struct {
  const char *file;
  unsigned line;
  gcn_error *err;
} gen_file_ctx;
int gen_file_fail(const gen_file_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
extern const char *const gen_opclass_names[GCN_OPC_COUNT];
extern const char *const gen_exec_names[GCN_EXEC_COUNT];
extern const char *const gen_mode_names[GCN_MODE_COUNT];

/* ------------------------------------------------------------------ regs.c */

/* Is scalar CODE (a pair when WIDTH is 64) out of bounds or forbidden to write? */
bool gen_forbidden(const gctx *g, unsigned code, unsigned width);
void gen_push_recent_s(gctx *g, unsigned code, unsigned width);
void gen_push_recent_v(gctx *g, unsigned v);
unsigned gen_pick_sgpr(gctx *g, unsigned width, bool write);
unsigned gen_pick_vgpr_src(gctx *g);
unsigned gen_pick_vdst(gctx *g);
unsigned gen_pick_sdst(gctx *g, unsigned width);
unsigned gen_pick_pair_dst(gctx *g);
unsigned gen_pick_special_src(gctx *g, unsigned width, bool reg_only);
unsigned gen_pick_special_pair(gctx *g);
/* The inline constant whose value for TYPE equals the literal LIT, or 0. */
unsigned gen_inline_equiv(gcn_gen gen, gcn_type t, uint32_t lit);
/* A random inline float constant (0.5 .. -4.0, and 1/(2pi) on gcn12+) or integer one (-16..64). */
unsigned gen_inline_float_code(gctx *g);
unsigned gen_inline_int_code(gctx *g);
/* A corner-weighted value for an operand of TYPE (16-bit types: the low half only). */
uint32_t gen_value_for(gctx *g, gcn_type t);
bool gen_bus_take(bus_t *b, unsigned code, unsigned width);
bool gen_is_scalar_code(gcn_gen gen, unsigned code);
/* A source for an operand of TYPE. ALLOW: bit per gcn_opclass. BUS: NULL for SALU. */
unsigned gen_pick_src(gctx *g, gcn_type t, unsigned allow, bus_t *bus, bool reg_only, gcn_inst *in);

/* ------------------------------------------------------------------ builder.c */

/* Validates IN and checks the encode / decode / disassemble / assemble round trip; IN becomes
 * the decoded instruction. */
bool gen_finalize(gctx *g, gcn_inst *in);
/* Builds OP with the forced fields F into IN (a few tries); false when it cannot. */
bool gen_build(gctx *g, enum gcn_op op, const force_t *f, gcn_inst *in);
/* Appends IN to CH (DEAD: jumped over); -1 when CH is full or IN writes a forbidden register. */
int gen_put(gctx *g, chunk *ch, const gcn_inst *in, bool dead);
/* Builds OP with F and appends it. */
int gen_emit(gctx *g, chunk *ch, enum gcn_op op, const force_t *f);
int gen_pick_op(gctx *g, int grp);
int gen_pick_group(gctx *g, uint64_t mask);
int gen_emit_random_in(gctx *g, chunk *ch, uint64_t mask, bool dead);
int gen_emit_body(gctx *g, chunk *ch);
/* Bytes of the instructions FROM..TO-1 of CH. */
unsigned gen_chunk_bytes(const chunk *ch, unsigned from, unsigned to);
int gen_emit_mov32(gctx *g, chunk *ch, unsigned dst, uint32_t value);
int gen_emit_target(gctx *g, chunk *ch, unsigned t, unsigned k, bool addc);

/* ------------------------------------------------------------------ dpp.c */

/* Is OP (forced fields F) to be built as its DPP form (the profile's dpp rate)? */
bool gen_dpp_wanted(gctx *g, const gcn_inst_desc *d, const force_t *f);
/* Fills IN with a random DPP form of D (not yet validated). */
bool gen_dpp_fill(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in);
/* The DPP reduction stream. */
int gen_dpp_stream(gctx *g, chunk *ch);
/* OP's DPP form reading SRC0 (a VGPR code; -1: a random VGPR), the control and masks at
 * random, for the groups whose items force a source that the DPP form cannot take (a
 * literal, an SGPR, VOP3 for OMOD): 1 when OP has no DPP form here (nothing emitted). */
int gen_emit_dpp(gctx *g, chunk *ch, enum gcn_op op, int src0);

/* ------------------------------------------------------------------ sdwa.c */

/* At the profile's sdwa rate, the SDWA form of D (a free instruction: nothing in F forced but
 * VDST) into IN; false when not drawn or not buildable (the caller builds the plain form). */
bool gen_sdwa_build(gctx *g, const gcn_inst_desc *d, const force_t *f, gcn_inst *in);

/* The SGPR pair a compare's mask goes to: VCC, the VOP3 VDST, or gcn14's SDWA SDST. */
static inline unsigned gen_mask_dst(const gcn_inst *in) {
  return gcn_inst_is_vop3(in) ? in->vdst : gcn_inst_is_sdwa(in) ? in->sdst : GCN_CODE_VCC_LO;
}

/* ------------------------------------------------------------------ streams.c */

/* The EXEC value of pattern PAT (a gcn_execpat). */
uint64_t gen_exec_pattern(gctx *g, int pat);
/* Directed stream S into CH. */
int gen_stream(gctx *g, chunk *ch, gcn_stream s);
/* One random instruction of group GRP (movrel with a valid M0). */
int gen_random_item(gctx *g, chunk *ch, int grp);

/* ------------------------------------------------------------------ control.c */

/* One item of the salu_branch group: branch OP forward over a filler, or a bounded loop. */
int gen_control_item(gctx *g, chunk *ch, int op);

/* ------------------------------------------------------------------ fcmp.c */

/* Before a float compare OP (f16, f32, f64; a class test): PCT% of the time a VGPR (pair) set
 * to a value of a rare float class (v_mov_b32 of a literal) and forced as SRC0 or SRC1 in F. */
int gen_fcmp_preload(gctx *g, chunk *ch, int op, force_t *f, unsigned pct);
/* v_mov_b32 VGPR V, VALUE (an inline constant when one is equal). */
int gen_emit_vmov32(gctx *g, chunk *ch, unsigned v, uint32_t value);
/* A value of float class K (GCN_COV_FP_*) in a type of BITS (16, 32, 64); R: the random
 * fraction bits of a denormal. */
uint64_t gen_fp_class_value(int k, unsigned bits, uint64_t r);
/* One item of the groups valu_fcmp, valu_fcmpx, valu_class, valu_fcmp64, valu_fcmpx64: a
 * compare, its source preloaded 75% of the time (f64: always, 70% of it both sources by
 * gen_f64_preload). */
int gen_fcmp_item(gctx *g, chunk *ch, int grp);

/* ------------------------------------------------------------------ rainbow.c */

/* Class-rainbow VGPRs in the initial state ST: two VGPRs (f64: pairs) per width of WIDTHS
 * (bit 0 f16, 1 f32, 2 f64) whose lanes hold every float class. */
void gen_rainbow_vgprs(gctx *g, gcn_state *st, unsigned widths);
/* The VGPR (pair) whose active lanes hold the most float classes of WANT (bit per
 * GCN_COV_FP_*) at width BITS, their count in *GAIN; -1 when none holds one. */
int gen_vgpr_covering(gctx *g, unsigned want, unsigned bits, unsigned *gain);
/* ------------------------------------------------------------------ int16.c */

/* gcn14 op_sel of a 16-bit SRC2 and a 16-bit VDST (the table's opsel rows), each half alike. */
void gen_int16_opsel(gctx *g, const gcn_inst_desc *d, gcn_inst *in);
/* One item of the groups valu_int16 / valu_int64: 40% of the time a 16-bit VOP3-only row,
 * v_sat_pk_u8_i16 or a quad SAD drawn has sources preloaded with a value of its bands. */
int gen_int16_item(gctx *g, chunk *ch, int grp);
/* v_mqsad_u32_u8, then at once a DPP read of its high pair (version 23); 1: not emitted. */
int gen_mqsad_dpp_item(gctx *g, chunk *ch);
/* v_pk_min/max_*16 on halves that differ in bit 0 only (version 23); 1: not emitted. */
int gen_pk_minmax_item(gctx *g, chunk *ch);
/* s_getreg_b32 of all of a hardware register other than MODE (version 23); 1: not emitted. */
int gen_getreg_all_item(gctx *g, chunk *ch);
/* Whether hardware register ID is one the generation stores (not MODE: its own bins) (builder.c). */
bool gen_hwreg_stored(const gctx *g, unsigned id);
/* s_getreg_b32 of all 32 bits of hardware register ID (builder.c). */
int gen_getreg_whole(gctx *g, chunk *ch, unsigned id);
/* ------------------------------------------------------------------ f64.c */

/* A random f64 value of float class K (GCN_COV_FP_*): denormals and sNaNs half the time with
 * their fraction in the low dword alone. */
uint64_t gen_f64_of_class(gctx *g, int k);
/* The high dword of an f64 of class K: an f64 operand's 32-bit literal (its low dword 0). */
uint32_t gen_f64_literal_of_class(gctx *g, int k);
/* A second f64 operand for X: equal, differing only in the low dword, ordered by the low
 * dword alone, negated, or a value of any class. */
uint64_t gen_f64_partner(gctx *g, uint64_t x);
/* The pair v[V:V+1] / s[S:S+1] set to X (two v_mov_b32 / s_mov_b32). */
int gen_f64_load_vgpr(gctx *g, chunk *ch, unsigned v, uint64_t x);
int gen_f64_load_sgpr(gctx *g, chunk *ch, unsigned s, uint64_t x);
/* Before an f64 compare or class test OP: SRC0 an SGPR or VGPR pair of a class drawn alike,
 * SRC1 (a compare) a VGPR pair of its partner value, both forced in F. */
int gen_f64_preload(gctx *g, chunk *ch, int op, force_t *f);

/* ------------------------------------------------------------------ fround.c */

/* One item of the group valu_fround or valu_fcvt: a rounding op or a conversion, half the
 * time on a hard operand (a tie, an integral or tiny value, a range's end, a special) as its
 * literal or written to an SGPR (and a VGPR) first. */
int gen_fround_item(gctx *g, chunk *ch, int grp);
/* v_cvt_pknorm_*_f32 on sources just above 1.0 or below 2^-18 (version 22); 1: not emitted. */
int gen_pknorm_item(gctx *g, chunk *ch);
/* v_fma_f32/f64 and v_frexp_*_f64 at the low end of the normalizers' leading-zero counts (denormals
 * of every width, exact cancellation; version 23); 1: not emitted. */
int gen_lowlz_item(gctx *g, chunk *ch, int grp);
/* The items aimed at the survivors of the 320-mutant run (vectors/aimed.c; version 24): one
 * function per area, each drawing from its own stream gctx.aim[AIM_*]; 1: not emitted. */
enum { AIM_FARITH, AIM_FSPECIAL, AIM_CONTROL };
int gen_aimed_item(gctx *g, chunk *ch, int grp);
int gen_aim_farith_item(gctx *g, chunk *ch, int grp);   /* vectors/aim_farith.c */
int gen_aim_fspecial_item(gctx *g, chunk *ch, int grp); /* vectors/aim_fspecial.c */
int gen_aim_control_item(gctx *g, chunk *ch, int grp);  /* vectors/aim_control.c */
/* The first try of gen_inject_illegal for a slot of SIZE bytes: an illegal word pair aimed at the
 * decoder (vectors/aim_control.c); false: none. */
bool gen_aim_control_illegal(gctx *g, unsigned size, uint32_t w[2]);
bool gen_aim_control_fault(gctx *g, gcn_state *save, gcn_inst out[2]); /* vectors/aim_control.c */
/* SRC0..SRC(NSRC-1) of F: the values V written first to consecutive VGPRs (F64: pairs) from a
 * random one (vectors/ffma.c); -1 on failure. */
int gen_put_vgpr_sources(gctx *g, chunk *ch, force_t *f, const uint64_t *v, unsigned nsrc, bool f64);
/* OP (no modifiers) on NSRC sources written first with V[0..NSRC-1]: consecutive VGPRs (F64:
 * pairs) from a random one (vectors/ffma.c: gen_lowlz_item's and the aimed items' operands). */
int gen_emit_on_vgprs(gctx *g, chunk *ch, enum gcn_op op, const uint64_t v[3], unsigned nsrc, bool f64);
/* Emits OP with the float or integer value X of type T as SRC0: the e32 form's literal (or
 * its inline constant) a quarter of the time (not when F asks for VOP3), else an SGPR
 * written first (s_mov_b32) and half of those then a VGPR (v_mov_b32: the SDWA and DPP
 * forms read it). */
int gen_emit_src0_value(gctx *g, chunk *ch, enum gcn_op op, force_t *f, gcn_type t, uint32_t x);
/* Before an item with OMOD (F's omod set, VOP3): no CLAMP, and, always or 70% of the time, an
 * s_setreg that makes OMOD act (IEEE = 0, f32, f16 and f64 output denormals flushed) when MODE
 * does not (vectors/fround.c). */
int gen_omod_acting(gctx *g, chunk *ch, force_t *f, bool always);
/* valu_fcvt's lane rainbows in the initial state ST (when the profile has the group): four
 * VGPRs outside the pool whose lanes hold every float class and the conversions' hard and
 * range-end values (f32, f16) or hard integers (32-, 16-bit). */
void gen_fcvt_rainbows(gctx *g, gcn_state *st);
/* Lane SLOT (0..15) of valu_trans's rainbow of BITS (16, 32): every trans.* bin's operand and
 * every class across any 16 lanes (vectors/ftrans.c, version 19). */
uint32_t gen_trans_lane_value(gctx *g, unsigned slot, unsigned bits);

/* ------------------------------------------------------------------ ffma.c */

/* One item of the group valu_f3 (v_mad/mad_legacy/fma/min3/max3/med3_f32): 60% of the time
 * its three sources preloaded with a hard triple (cancellation, product overflow, denormal
 * results, specials, ties), SRC2's ABS and NEG 25% of the time each. */
int gen_ffma_item(gctx *g, chunk *ch, int grp);

/* ------------------------------------------------------------------ f32 operand helpers */

/* The bits of an f32 as a host float and back, and a random f32 with a biased exponent in
 * [lo, hi] and either sign (ffma.c, fdiv.c). */
static inline float bits_f(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}
static inline uint32_t f_bits(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  return x;
}
static inline uint32_t f32_exp(gctx *g, unsigned lo, unsigned hi) {
  uint32_t r = (uint32_t)gcn_rng_next(&g->rng);
  return (r & 0x807FFFFFu) | (lo + gcn_rng_below(&g->rng, hi - lo + 1)) << 23;
}

/* ------------------------------------------------------------------ fdiv.c */

/* One item of the groups valu_fdiv (v_div_scale/fmas/fixup_f32: operand triples at their
 * rules, a random VCC before div_fmas, the whole division sequence 20% of the time) and
 * valu_fmisc (cube ops, v_cvt_pk_u8_f32, v_mullit_f32: axis ties, S2 signs, byte indexes). */
int gen_fdiv_item(gctx *g, chunk *ch, int grp);
/* Half of a division helper's random items (f32 and f64, WIDTH): one source of a class its
 * VGPR triples never give: an inline float or integer constant, or (not v_div_fmas, FMAS)
 * a special register or an SGPR (pair). */
void gen_div_other_source(gctx *g, force_t *f, bool fmas, unsigned width);
/* ------------------------------------------------------------------ ftrans.c */

/* One item of the group valu_trans (the transcendentals): a hard operand for the op's
 * function 60% of the time (version 18). */
int gen_ftrans_item(gctx *g, chunk *ch, int grp);
/* ------------------------------------------------------------------ f64arith.c */

/* One item of the group valu_f64 (v_add/mul/fma/min/max/ldexp_f64): 70% of the time its
 * sources' pairs preloaded with a hard set (classes, cancellation, overflow, denormal
 * results, ties; ldexp a hard exponent half the time), SRC2's ABS and NEG 20% each. */
int gen_f64arith_item(gctx *g, chunk *ch, int grp);
/* One item of the group valu_f64cvt (the f64 conversions, rounding ops and frexp, version 20;
 * and of valu_f64trans, the f64 transcendentals, version 21):
 * 70% of the time SRC0 first written with a hard value of its type (f64, f32, i32/u32). */
int gen_f64cvt_item(gctx *g, chunk *ch, int grp);
/* One item of the group valu_f64div (v_div_scale/fmas/fixup_f64, version 20): 60% of the time
 * an operand triple at one of their rules in VGPR pairs (vectors/fdiv.c's kinds at f64). */
int gen_f64div_item(gctx *g, chunk *ch, int grp);

/* ------------------------------------------------------------------ fpband.c */

/* The hwreg(HW_REG_MODE, 0, 10) operand of s_setreg: MODE's float fields. */
uint16_t gen_mode_fields(gcn_gen gen);
/* s_setreg_imm32_b32 of MODE[9:0] = MODE when the profile allows it (0: nothing emitted). */
int gen_emit_set_mode(gctx *g, chunk *ch, uint32_t mode);
/* One item of the fpband stream: MODE, an operand near a band edge, a rounding float op. */
int gen_fpband_item(gctx *g, chunk *ch);

/* ------------------------------------------------------------------ vctl.c */

/* One item of the valu_ctl group: a closed VSKIP or VGPR-indexing window around VALU work. */
int gen_vctl_item(gctx *g, chunk *ch, int op);

/* ------------------------------------------------------------------ vmovrel.c */

/* v_movrel* OP with M0 = M known: its indexed fields keep field + M below 256. */
int gen_vmovrel_emit(gctx *g, chunk *ch, enum gcn_op op, uint32_t m);
/* One item of the valu_movrel group: s_mov_b32 m0 (mostly), then v_movrel* OP. */
int gen_vmovrel_item(gctx *g, chunk *ch, int op);
/* v_swap_b32, then VALU reads of both of its registers. */
int gen_vswap_item(gctx *g, chunk *ch);
/* v_swap_b32, then at once a 64-bit read of v[SRC0-1:SRC0] (version 23); 1: not emitted. */
int gen_vswap_pair_item(gctx *g, chunk *ch);
/* An op and its group. */
typedef struct {
  int grp;
  enum gcn_op op;
} gen_grp_op;
/* v_swap_b32, then at once a 64-bit read of v[SRC0-1:SRC0] as source SLOT of one of the N ops RD
 * the profile enables; 1: not emitted. */
int gen_vswap_pair_read(gctx *g, chunk *ch, const gen_grp_op *rd, unsigned n, unsigned slot);

/* ------------------------------------------------------------------ illegal.c */

/* Replace instruction I of the program with an illegal encoding / an s_rfe_*. */
bool gen_inject_illegal(gctx *g, size_t i);
bool gen_inject_rfe(gctx *g, size_t i);

/* ------------------------------------------------------------------ setup.c */

void gen_setup_lists(gctx *g);
void gen_setup_state(gctx *g, uint64_t seed);

/* ------------------------------------------------------------------ exec.c */

/* The share (percent) of v_cmpx items that save EXEC first and restore it after (version 16). */
#define GEN_CMPX_RESTORE_PCT 70
/* Is GRP one of the v_cmpx groups (valu_cmpx, valu_fcmpx, valu_fcmpx64)? */
bool gen_is_cmpx_group(int grp);
/* One item of a v_cmpx group: GEN_CMPX_RESTORE_PCT% of the time between s_mov_b64 SAVED, exec
 * and a restore of EXEC (s_mov_b64 exec, SAVED or s_or_b64 exec, exec, SAVED). */
int gen_cmpx_item(gctx *g, chunk *ch, int grp);
/* Called after each item: is it time to end a stretch of EXEC = 0? (Each stretch lasts 0..3
 * more items, then gen_exec_revive runs; version 16.) */
bool gen_exec_revive_due(gctx *g);
/* EXEC set to a pattern of the profile's exec weights other than `off` (an item). */
int gen_exec_revive(gctx *g, chunk *ch, int unused);

#endif

/* gcnref vectors: what the generator's files share (private to vectors/; gen.h is the
 * public interface). The generation context, the shapes of chunks and forced fields, the
 * coverage bias, and the functions each file offers the others. */
#ifndef GCNVEC_GEN_PRIV_H
#define GCNVEC_GEN_PRIV_H

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
  uint8_t round_want[2], denorm_want[2]; /* [f32, f16]: bit per MODE value not hit */
  uint8_t exec_want;                  /* bit per GCN_COV_EXEC_* not hit */
  bool ieee_off, denorm_out;          /* fpclass result holes: sNaN (IEEE = 0), denormals (kept) */
  gen_fpx_target fpx[GEN_FPX_TARGETS]; /* fpx holes (the first GEN_FPX_TARGETS) */
  unsigned n_fpx;
  unsigned timing_holes;
  uint8_t dep_want[2][2];             /* [producer VALU?][consumer VALU?]: bit per GCN_COV_DEP_* */
  uint64_t hwreg_want[2];             /* [write?]: bit per hardware register id with a read / write hole */
};

/* The constant bus of a vector instruction: at most one scalar value (docs/semantics.md). */
typedef struct {
  bool used;
  unsigned code, width; /* code 255: the literal */
} bus_t;

/* Group masks for gen_emit_random_in / gen_pick_group. */
#define VALU_MASK (1u << GCN_GROUP_VALU_INT | 1u << GCN_GROUP_VALU_CARRY | 1u << GCN_GROUP_VALU_INT16 | \
                   1u << GCN_GROUP_VALU_F32 | 1u << GCN_GROUP_VALU_F16 | 1u << GCN_GROUP_VALU_MOVE)
#define SALU_PLAIN_MASK (1u << GCN_GROUP_SALU_ARITH | 1u << GCN_GROUP_SALU_LOGIC | 1u << GCN_GROUP_SALU_BITS)

/* ------------------------------------------------------------------ small helpers */

static const force_t NOFORCE = {0, -1, -1, {-1, -1, -1}, -1, false, -1, -1, -1};

/* No field forced: everything is chosen at random. */
static inline force_t gen_force0(void) { return NOFORCE; }

static inline bool gen_has_op(const gctx *g, enum gcn_op op) { return gcn_isa[op].mnemonic[g->gen] != NULL; }

static inline bool gen_group_on(const gctx *g, int grp) { return g->p->group[grp] > 0 && g->n_gop[grp] > 0; }

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
/* A corner-weighted value for an operand of TYPE (16-bit types: the low half only). */
uint32_t gen_value_for(gctx *g, gcn_type t);
bool gen_bus_take(bus_t *b, unsigned code, unsigned width);
bool gen_is_scalar_code(gcn_gen gen, unsigned code);
/* A source for an operand of TYPE. ALLOW: bit per gcn_opclass. BUS: NULL for SALU. */
unsigned gen_pick_src(gctx *g, gcn_type t, unsigned allow, bus_t *bus, bool reg_only, gcn_inst *in);

/* ------------------------------------------------------------------ builder.c */

/* Builds OP with the forced fields F into IN (a few tries); false when it cannot. */
bool gen_build(gctx *g, enum gcn_op op, const force_t *f, gcn_inst *in);
/* Appends IN to CH (DEAD: jumped over); -1 when CH is full or IN writes a forbidden register. */
int gen_put(gctx *g, chunk *ch, const gcn_inst *in, bool dead);
/* Builds OP with F and appends it. */
int gen_emit(gctx *g, chunk *ch, enum gcn_op op, const force_t *f);
int gen_pick_op(gctx *g, int grp);
int gen_pick_group(gctx *g, unsigned mask);
int gen_emit_random_in(gctx *g, chunk *ch, unsigned mask, bool dead);
int gen_emit_body(gctx *g, chunk *ch);
/* Bytes of the instructions FROM..TO-1 of CH. */
unsigned gen_chunk_bytes(const chunk *ch, unsigned from, unsigned to);
int gen_emit_mov32(gctx *g, chunk *ch, unsigned dst, uint32_t value);
int gen_emit_target(gctx *g, chunk *ch, unsigned t, unsigned k, bool addc);

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

/* ------------------------------------------------------------------ fpband.c */

/* One item of the fpband stream: MODE, an operand near a band edge, a rounding float op. */
int gen_fpband_item(gctx *g, chunk *ch);

/* ------------------------------------------------------------------ vctl.c */

/* One item of the valu_ctl group: a closed VSKIP or VGPR-indexing window around VALU work. */
int gen_vctl_item(gctx *g, chunk *ch, int op);

/* ------------------------------------------------------------------ illegal.c */

/* Replace instruction I of the program with an illegal encoding / an s_rfe_*. */
bool gen_inject_illegal(gctx *g, size_t i);
bool gen_inject_rfe(gctx *g, size_t i);

/* ------------------------------------------------------------------ setup.c */

void gen_setup_lists(gctx *g);
void gen_setup_state(gctx *g, uint64_t seed);

#endif

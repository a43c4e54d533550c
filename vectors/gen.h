/* gcnref vectors: the constrained-random program generator (docs/vectors.md, "The
 * generator"). A vector is generated from a generation, a 64-bit seed and a profile, and
 * nothing else: the same three give the same vector, byte for byte, for one
 * GCN_GENERATOR_VERSION. It draws from the project's one seeded PRNG (vectors/rng.h:
 * xoshiro256** seeded through splitmix64); it never calls rand(). */
#ifndef GCNVEC_GEN_H
#define GCNVEC_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gcnref/coverage.h"
#include "gcnref/inst.h"
#include "vecfile.h"

/* Bumped whenever the output for a given (generation, seed, profile) changes. */
#define GCN_GENERATOR_VERSION 26
/* Bumped when the profile format changes (the "profile N" line). */
#define GCN_PROFILE_VERSION 1

/* Instruction groups: every instruction of the ISA table that the generator emits on its
 * own belongs to exactly one, given by the table's group= field (gcn_isa[op].group,
 * GCN_GROUP_*; GCN_GROUP_NONE: never emitted on its own; docs/vectors.md lists them). */
typedef gcn_isa_group gcn_group;

/* Directed streams: short sequences with a purpose, mixed in with the random groups. */
typedef enum {
  GCN_STREAM_CARRY,    /* multi-dword add/sub carry chains (scalar SCC, vector VCC/SGPR pairs) */
  GCN_STREAM_SAVEEXEC, /* EXEC set-ups and SAVEEXEC / VALU / restore sequences */
  GCN_STREAM_MOVREL,   /* M0 set-up then s_movrels/s_movreld in range */
  GCN_STREAM_HAZARD,   /* producer/consumer pairs across SALU, VALU, VCC, EXEC, SCC, s_nop */
  GCN_STREAM_BRANCH,   /* s_getpc, s_add_u32/s_addc_u32, s_setpc or s_swappc, forward */
  GCN_STREAM_FORK,     /* s_cbranch_g_fork / two s_cbranch_join with the control stack set up */
  GCN_STREAM_FPBAND,   /* MODE, an operand near a float band edge, a rounding float op (fpband.c) */
  GCN_STREAM_CMP,      /* a vector compare and a read of its mask (v_cndmask, saveexec), v_cmpx then VALU work
                          under the new EXEC, v_readfirstlane into a scalar op */
  GCN_STREAM_DPP,      /* a DPP reduction: row_shr 1, 2, 4, 8, row_bcast:15/31 (gcn12, gcn14; dpp.c) */
  GCN_STREAM_COUNT
} gcn_stream;

typedef enum { GCN_OPC_SGPR, GCN_OPC_VGPR, GCN_OPC_SPECIAL, GCN_OPC_INLINE, GCN_OPC_LITERAL, GCN_OPC_COUNT } gcn_opclass;
typedef enum { GCN_EXEC_ALL, GCN_EXEC_OFF, GCN_EXEC_ONE, GCN_EXEC_ALTERNATING, GCN_EXEC_HALF, GCN_EXEC_RANDOM, GCN_EXEC_COUNT } gcn_execpat;
typedef enum { GCN_MODE_DEFAULT, GCN_MODE_ROUND, GCN_MODE_DENORM, GCN_MODE_RANDOM, GCN_MODE_CSP, GCN_MODE_COUNT } gcn_modepat;

typedef struct {
  char name[64];       /* the file's base name without ".prof" ("default" when built in) */
  unsigned len_min, len_max; /* instructions per program */
  unsigned illegal;    /* % of vectors with one deliberately illegal encoding */
  unsigned rfe;        /* % of vectors that end at an s_rfe_* (an 'unsupported' event) */
  unsigned vop3;       /* % of VALU instructions in the VOP3 (_e64) encoding where both exist */
  unsigned modifiers;  /* % chance of each VOP3 modifier (abs, neg, omod, clamp) where legal */
  unsigned reuse;      /* % of register sources that read a recently written register */
  unsigned sdst_special; /* % of scalar destinations that are special registers */
  unsigned endpgm;     /* % of programs that end with s_endpgm (else they run off the end) */
  unsigned dpp;        /* % of VOP1/VOP2 instructions with a DPP form built as it (gcn12, gcn14) */
  unsigned sdwa;       /* % of VOP1/VOP2/VOPC instructions with an SDWA form built in it (gcn12, gcn14) */
  unsigned group[GCN_GROUP_COUNT];
  unsigned stream[GCN_STREAM_COUNT];
  unsigned operand[GCN_OPC_COUNT];
  unsigned exec[GCN_EXEC_COUNT];
  unsigned mode[GCN_MODE_COUNT];
  int op[GCN_OP_COUNT]; /* weight of an instruction within its group; -1 = 1 (default) */
} gcn_profile;

const char *gcn_group_name(gcn_group g);
const char *gcn_stream_name(gcn_stream s);
/* The group of an ISA table entry, or -1 for instructions the generator only emits in
 * streams or at the end (s_endpgm, s_setpc/s_swappc, fork/join, s_rfe_*). */
int gcn_group_of(const gcn_inst_desc *d);

/* The built-in profile (the text of vectors/profiles/default.prof). */
const char *gcn_profile_default_text(void);
void gcn_profile_default(gcn_profile *p);
/* Parses a profile from F (NAME for messages and p->name). Keys not in the file keep the
 * built-in default's value, except group, stream and op weights, which start at 0 / 1.
 * 0, or -1 with "NAME:LINE: error: expected ..." in ERR. */
int gcn_profile_parse(FILE *f, const char *name, gcn_profile *p, gcn_error *err);
/* Loads a profile file; PATH without a '/' that does not exist is looked up as
 * vectors/profiles/PATH.prof. */
int gcn_profile_load(const char *path, gcn_profile *p, gcn_error *err);

/* Generates the vector of (GEN, SEED, PROFILE) into V. With EXPECT, the expected result
 * and final state (from the functional model) are included. 0, or -1 with a message. */
int gcn_generate(gcn_gen gen, uint64_t seed, const gcn_profile *profile, bool expect, gcn_vector *v,
                 gcn_error *err);

/* Coverage-directed generation (docs/coverage.md, "gcnref gen --coverage"): a bias built
 * from a coverage database's holes of one generation. It raises the weight of
 * instructions (and their groups and streams) that have holes, picks the operand
 * classes, encodings, corner values, MODE fields and float values that the holes ask for.
 * The same database and seed give the same vectors. */
typedef struct gcn_gen_bias gcn_gen_bias;
/* Builds the bias of GEN from DB (a gcn_covdb, coverage.h); NULL when out of memory. */
gcn_gen_bias *gcn_gen_bias_new(const void *covdb, gcn_gen gen);
/* The bias of COV's generation from the database BASE (may be NULL) plus COV's counts. */
gcn_gen_bias *gcn_gen_bias_with(const void *base, const gcn_coverage *cov);
void gcn_gen_bias_free(gcn_gen_bias *b);
/* Number of holes of the generation the bias aims at. */
unsigned long gcn_gen_bias_holes(const gcn_gen_bias *b);
/* gcn_generate with a bias (NULL: exactly gcn_generate). */
int gcn_generate_biased(gcn_gen gen, uint64_t seed, const gcn_profile *profile, const gcn_gen_bias *bias,
                        bool expect, gcn_vector *v, gcn_error *err);

#endif

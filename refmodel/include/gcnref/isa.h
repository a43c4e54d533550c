/* gcnref: instruction facts, as generated from refmodel/isa/gcn_isa.tab. */
#ifndef GCNREF_ISA_H
#define GCNREF_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The enums (gcn_gen, gcn_class, gcn_enc, gcn_enc_field, gcn_type, gcn_role, GCN_IMPL_*,
 * GCN_F_*, gcn_isa_group, enum gcn_op) and counts come from the table. */
#include "gcn_isa_gen.h"

#define GCN_MAX_OPERANDS 5

typedef struct {
  uint8_t role; /* gcn_role */
  uint8_t type; /* gcn_type */
} gcn_operand_desc;

typedef struct {
  const char *id;                        /* upper-case table id, e.g. "V_ADD_CO_U32" */
  const char *mnemonic[GCN_GEN_COUNT];   /* NULL where the generation lacks it */
  int16_t opcode[GCN_GEN_COUNT];         /* -1 where absent; the class's opcode (VOP3: the VOP3 opcode) */
  uint8_t cls;                           /* gcn_class */
  uint8_t cls_on[GCN_GEN_COUNT];         /* gcn_class per generation (VOP3 where a VOP2 op is VOP3-only) */
  uint8_t n_operands;
  gcn_operand_desc operand[GCN_MAX_OPERANDS];
  int8_t operand_of_role[GCN_ROLE_COUNT]; /* index into operand[], or -1 */
  uint8_t implicit_reads;  /* GCN_IMPL_* */
  uint8_t implicit_writes; /* GCN_IMPL_* */
  uint32_t flags;          /* GCN_F_* that hold on every generation */
  uint32_t flags_on[GCN_GEN_COUNT]; /* GCN_F_* per generation (flags plus FLAG@GENS ones) */
  int8_t group;            /* gcn_isa_group: the random generator's group, or GCN_GROUP_NONE */
  uint32_t approx_ulp;     /* GCN_F_APPROX: the error bound a comparison accepts, in ULPs */
  int8_t rel;              /* a compare's relation (@symbols relation): bit 0 less, 1 equal,
                            * 2 greater, 3 unordered give 1; -1 (not a relation compare) */
} gcn_inst_desc;

typedef struct {
  const char *name;       /* "gcn10" */
  const char *aliases[3]; /* NULL-terminated: "gfx6", "si" */
  uint16_t num_sgprs;     /* s0..s(N-1) */
  uint16_t ttmp_base;     /* code of ttmp0 */
  uint16_t num_ttmps;
} gcn_gen_desc;

typedef struct {
  const char *name; /* "F32" */
  uint8_t bits;     /* 16, 32, 64 */
  bool is_float, is_signed;
  bool inline_f16;  /* inline float constants read as f16 (f16, and i16f) */
} gcn_type_desc;

/* A field of an encoding: WIDTH bits at LSB of dword DWORD; WIDTH 0 = not in the encoding. */
typedef struct {
  uint8_t dword, lsb, width;
} gcn_field_desc;

/* An encoding on a set of generations (one descriptor per layout). */
typedef struct {
  const char *name;
  uint8_t enc;            /* gcn_enc */
  int8_t cls;             /* gcn_class whose rows it decodes, -1: outside gcnref's scope */
  uint8_t gens;           /* bit g: valid on generation g */
  uint32_t mask, match;   /* fixed bits of dword 0: (w0 & mask) == match */
  int8_t opcode_field;    /* gcn_enc_field, or -1 */
  uint8_t dwords;         /* base size in dwords */
  bool literal;           /* a 32-bit literal dword may follow (code 255, K) */
  gcn_field_desc field[GCN_FLD_COUNT];
} gcn_enc_desc;

/* A named scalar register (WIDTH 64: NAME_lo/_hi at CODE, CODE+1) or read-only source. */
typedef struct {
  uint16_t code;
  uint8_t width;
  uint8_t gens; /* bit g: exists on generation g */
  const char *name;
} gcn_special_desc;

typedef struct {
  uint16_t code;
  uint8_t gens;
  uint16_t f16;
  uint32_t f32;
  uint64_t f64;
  const char *text, *text64; /* as LLVM prints it; text64 for 64-bit operands */
} gcn_inline_float_desc;

/* A bit field of an immediate on some generations (@symbols field): up to two ranges of
 * bits, the first holding the low part of the value. */
typedef struct {
  uint8_t field; /* gcn_imm_field */
  uint8_t gens;
  struct {
    uint8_t lsb, width;
  } part[2];
} gcn_imm_field_desc;

/* A named value of an immediate (@symbols hwreg, msg, gsop, sysop, gpridx). */
typedef struct {
  uint8_t kind; /* gcn_symbol_kind */
  uint16_t code;
  uint8_t gens;
  uint8_t attr; /* gcn_hwreg_kind for hwreg, gcn_msg_kind for msg, else 0 */
  const char *name;
} gcn_symbol_desc;

extern const gcn_imm_field_desc gcn_imm_fields[GCN_NUM_IMM_FIELD_DESCS];
extern const gcn_symbol_desc gcn_symbols[GCN_NUM_SYMBOLS];

/* The layout of immediate field F on GEN, or NULL when GEN lacks it. */
const gcn_imm_field_desc *gcn_imm_field_of(gcn_gen gen, gcn_imm_field f);
/* Value of field F in the bits X (0 when GEN lacks it); insertion of V into X. */
uint32_t gcn_imm_get(gcn_gen gen, gcn_imm_field f, uint32_t x);
uint32_t gcn_imm_put(gcn_gen gen, gcn_imm_field f, uint32_t x, uint32_t v);
/* The bits of field F in place (0 when GEN lacks it): gcn_imm_get != 0 iff X & mask. */
extern const uint32_t gcn_imm_field_mask[GCN_GEN_COUNT][GCN_IMMF_COUNT];
static inline uint32_t gcn_imm_mask(gcn_gen gen, gcn_imm_field f) { return gcn_imm_field_mask[gen][f]; }
/* All-ones value of field F on GEN (its maximum). */
uint32_t gcn_imm_max(gcn_gen gen, gcn_imm_field f);
/* The symbol of KIND with CODE on GEN, or NULL; by name (any case), or NULL. */
const gcn_symbol_desc *gcn_symbol(gcn_gen gen, gcn_symbol_kind kind, unsigned code);
const gcn_symbol_desc *gcn_symbol_named(gcn_gen gen, gcn_symbol_kind kind, const char *name);
/* A VOP3 opcode window (@vop3): VOP3 opcodes FIRST..LIMIT-1 on GENS belong to class CLS;
 * VOP3 opcode = FIRST + row opcode, or the row opcode itself when ABSOLUTE (class VOP3). */
typedef struct {
  uint8_t cls;   /* gcn_class */
  uint8_t gens;  /* bit g: on generation g */
  uint16_t first, limit;
  bool absolute;
} gcn_vop3_window;

extern const gcn_inst_desc gcn_isa[GCN_OP_COUNT];
extern const gcn_vop3_window gcn_vop3_windows[GCN_NUM_VOP3_WINDOWS];
extern const gcn_gen_desc gcn_gens[GCN_GEN_COUNT];
extern const gcn_type_desc gcn_types[GCN_T_COUNT];
extern const char *const gcn_group_names[GCN_GROUP_COUNT];
extern const gcn_enc_desc gcn_enc_descs[GCN_NUM_ENC_DESCS];
extern const uint8_t gcn_enc_match_order[GCN_NUM_ENC_DESCS]; /* most fixed bits first */
extern const gcn_special_desc gcn_specials[GCN_NUM_SPECIALS];
extern const gcn_special_desc gcn_readonly[GCN_NUM_READONLY];
extern const gcn_inline_float_desc gcn_inline_floats[GCN_NUM_INLINE_FLOATS];

/* VOP3 opcode of a VOP2 instruction (the same mapping on every generation). */
#define GCN_VOP3_FROM_VOP2(op) (GCN_VOP3_BASE + (op))

/* The class of D on GEN: d->cls, or VOP3 where the generation has only the VOP3 form. */
static inline gcn_class gcn_isa_class(const gcn_inst_desc *d, gcn_gen gen) { return (gcn_class)d->cls_on[gen]; }
/* The random generator's group of D on GEN: the row's group where GEN encodes it in the
 * row's own class, GCN_GROUP_NONE where it is another class's there, except the rows whose
 * VOP3-only forms the RTL and the generator have: v_readlane_b32 / v_writelane_b32 on gcn12+
 * and the valu_int rows (v_bfm_b32, v_bcnt_u32_b32, v_mbcnt_*, v_cvt_pk_*16_*32 from gcn12,
 * generator version 15). */
static inline int gcn_isa_group_on(const gcn_inst_desc *d, gcn_gen gen) {
  return d->cls_on[gen] == d->cls || (d->flags & (GCN_F_READLANE | GCN_F_WRITELANE)) || d->group == GCN_GROUP_VALU_INT
             ? d->group
             : GCN_GROUP_NONE;
}
/* Is CLS a vector class (VOP1, VOP2, VOPC, VOP3: its encodings have a SRC0 field)? */
static inline bool gcn_class_is_vector(int cls) { return cls >= 0 && (GCN_CLASS_VECTOR_MASK >> cls & 1u); }
/* The one-dword encoding of D on GEN (GCN_ENC_SOP1, ..., GCN_ENC_VOP1/VOP2/VOPC), or -1
 * when it has none there (VOP3-only). */
int gcn_isa_enc32(const gcn_inst_desc *d, gcn_gen gen);
/* The VOP3 opcode of D on GEN, or -1 when it has no VOP3 form (scalar, novop3, absent). */
int gcn_isa_vop3_opcode(const gcn_inst_desc *d, gcn_gen gen);
/* The row of VOP3 opcode OP on GEN, or NULL. *IN_WINDOW (may be NULL) tells whether OP lies
 * in a window of @vop3 at all (NULL then means an illegal opcode of a covered class). */
const gcn_inst_desc *gcn_isa_by_vop3(gcn_gen gen, unsigned op, bool *in_window);

/* Does flag F (GCN_F_*) hold for D on GEN? */
static inline bool gcn_isa_has(const gcn_inst_desc *d, gcn_gen gen, uint32_t f) {
  return (d->flags_on[gen] & f) != 0;
}

/* Encodings. gcn_enc_lookup: the layout of ENC on GEN. gcn_enc_match: the encoding of a
 * first dword on GEN (the matching one with the most fixed bits), or NULL. */
const gcn_enc_desc *gcn_enc_lookup(gcn_gen gen, gcn_enc enc);
const gcn_enc_desc *gcn_enc_match(gcn_gen gen, uint32_t w0);
static inline bool gcn_enc_has(const gcn_enc_desc *e, gcn_enc_field f) { return e->field[f].width != 0; }
/* Value of field F of WORDS (0 when the encoding lacks it). */
static inline uint32_t gcn_enc_get(const gcn_enc_desc *e, gcn_enc_field f, const uint32_t *words) {
  const gcn_field_desc *d = &e->field[f];
  if (!d->width) return 0;
  return (uint32_t)((words[d->dword] >> d->lsb) & ((1ull << d->width) - 1));
}
/* Writes V into field F of WORDS (ignored when the encoding lacks it; V is truncated). */
static inline void gcn_enc_put(const gcn_enc_desc *e, gcn_enc_field f, uint32_t *words, uint32_t v) {
  const gcn_field_desc *d = &e->field[f];
  if (!d->width) return;
  uint32_t m = (uint32_t)(((1ull << d->width) - 1) << d->lsb);
  words[d->dword] = (words[d->dword] & ~m) | ((v << d->lsb) & m);
}
/* Starts a word of encoding E: the fixed bits, every field 0. Returns the dword count. */
unsigned gcn_enc_init(const gcn_enc_desc *e, uint32_t *words);
/* Builds the base dwords of E from VALUES[GCN_FLD_COUNT] (a random generator's helper:
 * fields E lacks are ignored). Returns the dword count. */
unsigned gcn_enc_pack(const gcn_enc_desc *e, const uint32_t values[GCN_FLD_COUNT], uint32_t *words);

const char *gcn_gen_name(gcn_gen gen);
/* Accepts gcn10/gcn11/gcn12/gcn14 and the aliases gfx6/si, gfx7/ci, gfx8/vi, gfx9/vega.
 * Returns false for anything else. */
bool gcn_gen_parse(const char *text, gcn_gen *out);
const char *gcn_type_name(gcn_type t);
static inline unsigned gcn_type_bits(gcn_type t) { return t < GCN_T_COUNT ? gcn_types[t].bits : 32; }
/* Bits of registers an operand of type T occupies: 32 (16- and 32-bit types), 64 or 128. */
static inline unsigned gcn_type_reg_bits(gcn_type t) { return gcn_type_bits(t) < 32 ? 32 : gcn_type_bits(t); }
bool gcn_type_is_float(gcn_type t);
/* A packed type (two 16-bit halves in 32 bits, VOP3P: @types kind packed). */
static inline bool gcn_type_is_packed(gcn_type t) {
  return t < GCN_T_COUNT && gcn_types[t].bits == 32 && gcn_types[t].inline_f16;
}
bool gcn_type_is_signed(gcn_type t);
/* A VOP3P row that is v_mad_mix* (its destination is not a packed type): NEG_HI is abs, sources are f32
 * or f16 by OP_SEL_HI, and the sources print with -x and |x|. */
bool gcn_vop3p_is_mix(const gcn_inst_desc *d);

/* Table lookups. They return NULL when nothing matches. */
const gcn_inst_desc *gcn_isa_by_opcode(gcn_gen gen, gcn_class cls, unsigned opcode);
const gcn_inst_desc *gcn_isa_by_mnemonic(gcn_gen gen, const char *mnemonic);
const gcn_operand_desc *gcn_isa_operand(const gcn_inst_desc *d, gcn_role role);
static inline enum gcn_op gcn_isa_op(const gcn_inst_desc *d) { return (enum gcn_op)(d - gcn_isa); }
/* The role read from source slot SLOT (0..2; the encodings' SRC0, SRC1/VSRC1, SRC2): S0, S1,
 * and for slot 2 S2 (a third source) or CI (a carry-in / select mask). */
static inline gcn_role gcn_isa_src_role(const gcn_inst_desc *d, unsigned slot) {
  if (slot < 2) return slot ? GCN_ROLE_S1 : GCN_ROLE_S0;
  return d->operand_of_role[GCN_ROLE_S2] >= 0 ? GCN_ROLE_S2 : GCN_ROLE_CI;
}

#endif

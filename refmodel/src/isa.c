/* gcnref: lookups over the generated ISA table (gcn_isa.tab through scripts/gen_isa.py). */
#include "gcnref/isa.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdatomic.h>
#include <threads.h>

const char *gcn_gen_name(gcn_gen gen) { return gen < GCN_GEN_COUNT ? gcn_gens[gen].name : "?"; }

bool gcn_gen_parse(const char *text, gcn_gen *out) {
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    bool hit = strcmp(text, gcn_gens[g].name) == 0;
    for (const char *const *a = gcn_gens[g].aliases; !hit && *a; a++) hit = strcmp(text, *a) == 0;
    if (hit) {
      *out = (gcn_gen)g;
      return true;
    }
  }
  return false;
}

const char *gcn_type_name(gcn_type t) { return t < GCN_T_COUNT ? gcn_types[t].name : "?"; }
bool gcn_type_is_float(gcn_type t) { return t < GCN_T_COUNT && gcn_types[t].is_float; }
bool gcn_type_is_signed(gcn_type t) { return t < GCN_T_COUNT && gcn_types[t].is_signed; }

/* Each generation's rows sorted by (class, opcode, row), built once: the decoder looks up
 * every instruction it decodes (the co-simulation's vector loader decodes each one), and a
 * search of the whole table cost about 600 host instructions a lookup. The first row of a
 * (class, opcode) in table order is the one the lookup returns, as a search in order would. */
static uint16_t opcode_index[GCN_GEN_COUNT][GCN_OP_COUNT];
static once_flag opcode_once = ONCE_FLAG_INIT;
static atomic_bool opcode_built; /* set (release) once the index is complete */

/* (class, opcode, row) as one number in that order: the class above the opcode (biased, as it
 * is -1 where absent) above the row. */
static uint64_t opcode_key(unsigned cls, int opcode, unsigned row) {
  return (uint64_t)cls << 40 | (uint64_t)(uint16_t)((unsigned)opcode + 0x8000u) << 16 | row;
}

static uint64_t row_key(gcn_gen gen, unsigned r) { return opcode_key(gcn_isa[r].cls_on[gen], gcn_isa[r].opcode[gen], r); }

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void opcode_build(void) {
  static uint64_t keys[GCN_OP_COUNT];
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    for (unsigned i = 0; i < GCN_OP_COUNT; i++) keys[i] = row_key((gcn_gen)g, i);
    qsort(keys, GCN_OP_COUNT, sizeof keys[0], cmp_u64);
    for (unsigned i = 0; i < GCN_OP_COUNT; i++) opcode_index[g][i] = (uint16_t)keys[i];
  }
  atomic_store_explicit(&opcode_built, true, memory_order_release);
}

const gcn_inst_desc *gcn_isa_by_opcode(gcn_gen gen, gcn_class cls, unsigned opcode) {
  if (opcode > INT16_MAX) return NULL; /* no row has it, and the key holds 16 bits */
  if (!atomic_load_explicit(&opcode_built, memory_order_acquire)) call_once(&opcode_once, opcode_build);
  const uint16_t *ix = opcode_index[gen];
  unsigned lo = 0, hi = GCN_OP_COUNT; /* the first row not below (cls, opcode, 0) */
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2, r = ix[mid];
    if (row_key(gen, r) < opcode_key(cls, (int)opcode, 0))
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < GCN_OP_COUNT) {
    const gcn_inst_desc *d = &gcn_isa[ix[lo]];
    if (d->cls_on[gen] == cls && d->opcode[gen] == (int)opcode) return d;
  }
  return NULL;
}

static const gcn_vop3_window *vop3_window(gcn_gen gen, gcn_class cls) {
  for (unsigned i = 0; i < GCN_NUM_VOP3_WINDOWS; i++)
    if (gcn_vop3_windows[i].cls == cls && (gcn_vop3_windows[i].gens >> gen & 1u)) return &gcn_vop3_windows[i];
  return NULL;
}

int gcn_isa_enc32(const gcn_inst_desc *d, gcn_gen gen) {
  gcn_class cls = gcn_isa_class(d, gen);
  for (unsigned i = 0; i < GCN_NUM_ENC_DESCS; i++) {
    const gcn_enc_desc *e = &gcn_enc_descs[i];
    if (e->cls == (int)cls && e->dwords == 1 && (e->gens >> gen & 1u)) return e->enc;
  }
  return -1;
}

int gcn_isa_vop3_opcode(const gcn_inst_desc *d, gcn_gen gen) {
  if (d->opcode[gen] < 0 || (d->flags_on[gen] & GCN_F_NOVOP3)) return -1;
  const gcn_vop3_window *w = vop3_window(gen, gcn_isa_class(d, gen));
  if (!w) return -1;
  return w->absolute ? d->opcode[gen] : w->first + d->opcode[gen];
}

const gcn_inst_desc *gcn_isa_by_vop3(gcn_gen gen, unsigned op, bool *in_window) {
  if (in_window) *in_window = false;
  for (unsigned i = 0; i < GCN_NUM_VOP3_WINDOWS; i++) {
    const gcn_vop3_window *w = &gcn_vop3_windows[i];
    if (!(w->gens >> gen & 1u) || op < w->first || op >= w->limit) continue;
    if (in_window) *in_window = true;
    return gcn_isa_by_opcode(gen, (gcn_class)w->cls, w->absolute ? op : op - w->first);
  }
  return NULL;
}

typedef struct {
  const char *name;
  const gcn_inst_desc *desc;
} mnemonic_entry;

static int cmp_mnemonic(const void *a, const void *b) {
  return strcmp(((const mnemonic_entry *)a)->name, ((const mnemonic_entry *)b)->name);
}

/* Each generation's rows sorted by mnemonic, built once: the assembler looks up every
 * instruction of every vector it loads. A mnemonic names at most one row of a generation. */
static mnemonic_entry mnemonic_index[GCN_GEN_COUNT][GCN_OP_COUNT];
static unsigned mnemonic_count[GCN_GEN_COUNT];
static once_flag mnemonic_once = ONCE_FLAG_INIT;
static atomic_bool mnemonic_built; /* set (release) once the index is complete */
static void mnemonic_build(void) {
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++) {
    unsigned n = 0;
    for (unsigned i = 0; i < GCN_OP_COUNT; i++)
      if (gcn_isa[i].mnemonic[g]) mnemonic_index[g][n++] = (mnemonic_entry){gcn_isa[i].mnemonic[g], &gcn_isa[i]};
    qsort(mnemonic_index[g], n, sizeof mnemonic_index[g][0], cmp_mnemonic);
    mnemonic_count[g] = n;
  }
  atomic_store_explicit(&mnemonic_built, true, memory_order_release);
}

const gcn_inst_desc *gcn_isa_by_mnemonic(gcn_gen gen, const char *mnemonic) {
  if ((unsigned)gen >= GCN_GEN_COUNT || !mnemonic) return NULL;
  if (!atomic_load_explicit(&mnemonic_built, memory_order_acquire)) call_once(&mnemonic_once, mnemonic_build);
  mnemonic_entry key = {mnemonic, NULL};
  const mnemonic_entry *e = bsearch(&key, mnemonic_index[gen], mnemonic_count[gen], sizeof key, cmp_mnemonic);
  return e ? e->desc : NULL;
}

const gcn_operand_desc *gcn_isa_operand(const gcn_inst_desc *d, gcn_role role) {
  int i = d->operand_of_role[role];
  return i < 0 ? NULL : &d->operand[i];
}

const gcn_enc_desc *gcn_enc_lookup(gcn_gen gen, gcn_enc enc) {
  for (unsigned i = 0; i < GCN_NUM_ENC_DESCS; i++)
    if (gcn_enc_descs[i].enc == enc && (gcn_enc_descs[i].gens >> gen & 1u)) return &gcn_enc_descs[i];
  return NULL;
}

const gcn_enc_desc *gcn_enc_match(gcn_gen gen, uint32_t w0) {
  for (unsigned i = 0; i < GCN_NUM_ENC_DESCS; i++) {
    const gcn_enc_desc *e = &gcn_enc_descs[gcn_enc_match_order[i]];
    if ((e->gens >> gen & 1u) && (w0 & e->mask) == e->match) return e;
  }
  return NULL;
}

unsigned gcn_enc_init(const gcn_enc_desc *e, uint32_t *words) {
  for (unsigned i = 0; i < e->dwords; i++) words[i] = 0;
  words[0] = e->match;
  return e->dwords;
}

unsigned gcn_enc_pack(const gcn_enc_desc *e, const uint32_t values[GCN_FLD_COUNT], uint32_t *words) {
  gcn_enc_init(e, words);
  for (unsigned f = 0; f < GCN_FLD_COUNT; f++) gcn_enc_put(e, (gcn_enc_field)f, words, values[f]);
  return e->dwords;
}

/* The field descriptor of each (generation, field), built once from the table: the step
 * loop asks several times per instruction (MODE.vskip, VGPR indexing, the float env). */
static const gcn_imm_field_desc *imm_field_index[GCN_GEN_COUNT][GCN_IMMF_COUNT];
static once_flag imm_field_once = ONCE_FLAG_INIT;
static atomic_bool imm_field_built; /* set (release) once the index is complete */
static void imm_field_build(void) {
  for (unsigned g = 0; g < GCN_GEN_COUNT; g++)
    for (unsigned i = GCN_NUM_IMM_FIELD_DESCS; i-- > 0;) /* the first match wins */
      if (gcn_imm_fields[i].field < GCN_IMMF_COUNT && (gcn_imm_fields[i].gens >> g & 1u))
        imm_field_index[g][gcn_imm_fields[i].field] = &gcn_imm_fields[i];
  atomic_store_explicit(&imm_field_built, true, memory_order_release);
}

const gcn_imm_field_desc *gcn_imm_field_of(gcn_gen gen, gcn_imm_field f) {
  if ((unsigned)gen >= GCN_GEN_COUNT || (unsigned)f >= GCN_IMMF_COUNT) return NULL;
  if (!atomic_load_explicit(&imm_field_built, memory_order_acquire)) call_once(&imm_field_once, imm_field_build);
  return imm_field_index[gen][f];
}

static uint32_t low_bits(unsigned w) { return w >= 32 ? ~0u : (1u << w) - 1; }

uint32_t gcn_imm_get(gcn_gen gen, gcn_imm_field f, uint32_t x) {
  const gcn_imm_field_desc *d = gcn_imm_field_of(gen, f);
  if (!d) return 0;
  uint32_t v = (x >> d->part[0].lsb) & low_bits(d->part[0].width);
  if (d->part[1].width) v |= ((x >> d->part[1].lsb) & low_bits(d->part[1].width)) << d->part[0].width;
  return v;
}

uint32_t gcn_imm_put(gcn_gen gen, gcn_imm_field f, uint32_t x, uint32_t v) {
  const gcn_imm_field_desc *d = gcn_imm_field_of(gen, f);
  if (!d) return x;
  for (unsigned p = 0, shift = 0; p < 2 && d->part[p].width; shift += d->part[p].width, p++) {
    uint32_t m = low_bits(d->part[p].width);
    x = (x & ~(m << d->part[p].lsb)) | (((v >> shift) & m) << d->part[p].lsb);
  }
  return x;
}

uint32_t gcn_imm_max(gcn_gen gen, gcn_imm_field f) {
  const gcn_imm_field_desc *d = gcn_imm_field_of(gen, f);
  return d ? low_bits(d->part[0].width + d->part[1].width) : 0;
}

const gcn_symbol_desc *gcn_symbol(gcn_gen gen, gcn_symbol_kind kind, unsigned code) {
  for (unsigned i = 0; i < GCN_NUM_SYMBOLS; i++) {
    const gcn_symbol_desc *s = &gcn_symbols[i];
    if (s->kind == kind && s->code == code && (s->gens >> gen & 1u)) return s;
  }
  return NULL;
}

const gcn_symbol_desc *gcn_symbol_named(gcn_gen gen, gcn_symbol_kind kind, const char *name) {
  for (unsigned i = 0; i < GCN_NUM_SYMBOLS; i++) {
    const gcn_symbol_desc *s = &gcn_symbols[i];
    if (s->kind == kind && strcasecmp(s->name, name) == 0 && (s->gens >> gen & 1u)) return s;
  }
  return NULL;
}

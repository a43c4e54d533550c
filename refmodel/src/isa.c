/* gcnref: lookups over the generated ISA table. */
#include "gcnref/isa.h"

#include <string.h>

static const char *const gen_names[GCN_GEN_COUNT] = {"gcn10", "gcn11", "gcn12", "gcn14"};

const char *gcn_gen_name(gcn_gen gen) { return gen < GCN_GEN_COUNT ? gen_names[gen] : "?"; }

bool gcn_gen_parse(const char *text, gcn_gen *out) {
  static const struct {
    const char *name;
    gcn_gen gen;
  } names[] = {{"gcn10", GCN10}, {"gfx6", GCN10}, {"si", GCN10},   {"gcn11", GCN11},
               {"gfx7", GCN11},  {"ci", GCN11},   {"gcn12", GCN12}, {"gfx8", GCN12},
               {"vi", GCN12},    {"gcn14", GCN14}, {"gfx9", GCN14}, {"vega", GCN14}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    if (strcmp(text, names[i].name) == 0) {
      *out = names[i].gen;
      return true;
    }
  }
  return false;
}

const char *gcn_type_name(gcn_type t) {
  static const char *const n[] = {"B32", "B64", "I32", "U32", "I64", "U64",
                                  "F32", "F16", "I16", "U16", "B16", "I16F"};
  return t <= GCN_T_I16F ? n[t] : "?";
}

bool gcn_type_is_float(gcn_type t) { return t == GCN_T_F32 || t == GCN_T_F16; }
bool gcn_type_is_signed(gcn_type t) {
  return t == GCN_T_I32 || t == GCN_T_I64 || t == GCN_T_I16 || t == GCN_T_I16F;
}

const gcn_inst_desc *gcn_isa_by_opcode(gcn_gen gen, gcn_class cls, unsigned opcode) {
  for (unsigned i = 0; i < GCN_OP_COUNT; i++)
    if (gcn_isa[i].cls == cls && gcn_isa[i].opcode[gen] == (int)opcode) return &gcn_isa[i];
  return NULL;
}

const gcn_inst_desc *gcn_isa_by_mnemonic(gcn_gen gen, const char *mnemonic) {
  for (unsigned i = 0; i < GCN_OP_COUNT; i++)
    if (gcn_isa[i].mnemonic[gen] && strcmp(gcn_isa[i].mnemonic[gen], mnemonic) == 0)
      return &gcn_isa[i];
  return NULL;
}

const gcn_operand_desc *gcn_isa_operand(const gcn_inst_desc *d, gcn_role role) {
  int i = d->operand_of_role[role];
  return i < 0 ? NULL : &d->operand[i];
}

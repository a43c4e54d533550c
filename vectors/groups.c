/* gcnref vectors: the generator's vocabulary (the names of groups, streams, operand classes,
 * EXEC and MODE patterns, as profiles spell them) and the group of each instruction. */
#include "gen_priv.h"

const char *const gen_stream_names[GCN_STREAM_COUNT] = {"carry", "saveexec", "movrel",
                                                           "hazard", "branch", "fork", "fpband", "cmp", "dpp"};
const char *const gen_opclass_names[GCN_OPC_COUNT] = {"sgpr", "vgpr", "special", "inline", "literal"};
const char *const gen_exec_names[GCN_EXEC_COUNT] = {"all", "off", "one", "alternating", "half", "random"};
const char *const gen_mode_names[GCN_MODE_COUNT] = {"default", "round", "denorm", "random", "csp"};

const char *gcn_group_name(gcn_group g) { return g >= 0 && g < GCN_GROUP_COUNT ? gcn_group_names[g] : "?"; }
const char *gcn_stream_name(gcn_stream s) { return s < GCN_STREAM_COUNT ? gen_stream_names[s] : "?"; }

/* The table's group= field (refmodel/isa/gcn_isa.tab); -1 (GCN_GROUP_NONE): never emitted on
 * its own. */
int gcn_group_of(const gcn_inst_desc *d) { return d->group; }

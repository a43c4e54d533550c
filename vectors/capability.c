/* The DUT capability file (docs/retire.md, "The capability file"): parsing, the check of
 * one decoded instruction, and the restriction of a generator profile to it. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* getline, strcasecmp */
#endif

#include "capability.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gcnref/operand.h"
#include "gen_priv.h"

static const char *const form_names[] = {"vop3", "modifiers", "literal", "special", "illegal", "sdwa", "dpp"};
#define N_FORMS (sizeof form_names / sizeof form_names[0])

void gcn_capability_all(gcn_capability *cap) {
  memset(cap, 0, sizeof *cap);
  snprintf(cap->name, sizeof cap->name, "(everything)");
  cap->gens = (uint8_t)((1u << GCN_GEN_COUNT) - 1);
  memset(cap->op, 1, sizeof cap->op);
  cap->forms = (1u << N_FORMS) - 1;
  cap->streams = (1u << GCN_STREAM_COUNT) - 1;
}

/* The class named S: the table's class whose own encoding has that name (SOP1, SOP2,
 * SOPP, VOP2, ...), or -1. */
static int find_class(const char *s) {
  for (unsigned e = 0; e < GCN_NUM_ENC_DESCS; e++) {
    const gcn_enc_desc *d = &gcn_enc_descs[e];
    if (d->cls >= 0 && strcasecmp(d->name, s) == 0) return d->cls;
  }
  return -1;
}

static int find_name(const char *const *tab, unsigned n, const char *s) {
  for (unsigned i = 0; i < n; i++)
    if (strcasecmp(tab[i], s) == 0) return (int)i;
  return -1;
}

/* One "allow" or "deny" item: group NAME, class NAME, or an instruction. */
static int set_ops(const gen_file_ctx *c, gcn_capability *cap, char **tok, unsigned n, uint8_t v) {
  if (n == 0) return gen_file_fail(c, "expected 'group NAME', 'class NAME' or instruction names");
  if (!strcmp(tok[0], "group") || !strcmp(tok[0], "class")) {
    bool group = !strcmp(tok[0], "group");
    if (n < 2) return gen_file_fail(c, "expected a %s name after '%s'", tok[0], tok[0]);
    for (unsigned k = 1; k < n; k++) {
      int id = group ? find_name(gcn_group_names, GCN_GROUP_COUNT, tok[k]) : find_class(tok[k]);
      if (id < 0)
        return gen_file_fail(c, "unknown %s '%.40s'%s", tok[0], tok[k],
                        group ? " (the groups of docs/vectors.md)" : " (expected SOP1, SOP2, SOPP, VOP2, ...)");
      for (unsigned i = 0; i < GCN_OP_COUNT; i++)
        if (group ? gcn_isa[i].group == id : gcn_isa[i].cls == id) cap->op[i] = v;
    }
    return 0;
  }
  for (unsigned k = 0; k < n; k++) {
    int op = gen_find_op(tok[k]);
    if (op < 0) return gen_file_fail(c, "unknown instruction '%.40s' (a mnemonic or a table id)", tok[k]);
    cap->op[op] = v;
  }
  return 0;
}

static int parse_line(const gen_file_ctx *c, gcn_capability *cap, char **tok, unsigned n, bool *header) {
  const char *kw = tok[0];
  if (!*header) {
    if (strcmp(kw, "capability") || n != 2 || strcmp(tok[1], "1"))
      return gen_file_fail(c, "expected 'capability 1' (the format line) first");
    *header = true;
    return 0;
  }
  if (!strcmp(kw, "gens")) {
    if (n < 2) return gen_file_fail(c, "expected generation names after 'gens'");
    cap->gens = 0;
    for (unsigned k = 1; k < n; k++) {
      gcn_gen g;
      if (!gcn_gen_parse(tok[k], &g))
        return gen_file_fail(c, "unknown generation '%.40s' (expected gcn10, gcn11, gcn12, gcn14)", tok[k]);
      cap->gens |= (uint8_t)(1u << g);
    }
    return 0;
  }
  if (!strcmp(kw, "allow")) return set_ops(c, cap, tok + 1, n - 1, 1);
  if (!strcmp(kw, "deny")) return set_ops(c, cap, tok + 1, n - 1, 0);
  if (!strcmp(kw, "forms") || !strcmp(kw, "streams")) {
    bool forms = !strcmp(kw, "forms");
    unsigned *set = forms ? &cap->forms : &cap->streams;
    *set = 0;
    for (unsigned k = 1; k < n; k++) {
      int i = forms ? find_name(form_names, N_FORMS, tok[k])
                    : find_name(gen_stream_names, GCN_STREAM_COUNT, tok[k]);
      if (i < 0 && strcmp(tok[k], "none"))
        return gen_file_fail(c, "unknown %s '%.40s' (%s)", forms ? "form" : "stream", tok[k],
                        forms ? "expected vop3, modifiers, literal, special, illegal, sdwa, dpp or none"
                              : "the streams of docs/vectors.md, or none");
      if (i >= 0) *set |= 1u << i;
    }
    return 0;
  }
  return gen_file_fail(c, "unknown key '%.40s': expected gens, allow, deny, forms or streams", kw);
}

int gcn_capability_parse(FILE *f, const char *name, gcn_capability *cap, gcn_error *err) {
  gcn_capability tmp;
  memset(&tmp, 0, sizeof tmp);
  snprintf(tmp.name, sizeof tmp.name, "%s", name);
  tmp.gens = (uint8_t)((1u << GCN_GEN_COUNT) - 1);
  tmp.op[GCN_OP_S_ENDPGM] = 1; /* every program ends */
  gen_file_ctx c = {name, 0, err};
  bool header = false;
  char *buf = NULL;
  size_t cap_len = 0;
  int rc = 0;
  while (rc == 0 && getline(&buf, &cap_len, f) >= 0) {
    c.line++;
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *tok[64], *save = NULL;
    unsigned n = 0;
    for (char *t = strtok_r(buf, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
      if (n == 64) {
        rc = gen_file_fail(&c, "expected at most 63 names on a line");
        break;
      }
      tok[n++] = t;
    }
    if (rc == 0 && n) rc = parse_line(&c, &tmp, tok, n, &header);
  }
  free(buf);
  if (rc) return rc;
  if (!header) {
    c.line = c.line ? c.line : 1;
    return gen_file_fail(&c, "expected 'capability 1' (the format line) first");
  }
  *cap = tmp;
  return 0;
}

int gcn_capability_load(const char *path, gcn_capability *cap, gcn_error *err) {
  FILE *f = fopen(path, "r");
  if (!f) return gcn_fail(err, "cannot open capability file %s: %s", path, strerror(errno));
  int rc = gcn_capability_parse(f, path, cap, err);
  fclose(f);
  return rc;
}

/* Is scalar operand CODE one that forms "special" covers (not an SGPR, VCC, EXEC, M0, an
 * inline constant, a literal or a VGPR)? */
static bool special_code(gcn_gen gen, unsigned code) {
  gcn_opnd_kind k = gcn_operand_kind(gen, code);
  if (k == GCN_OPND_READONLY) return true;
  if (k != GCN_OPND_SPECIAL) return false;
  return !(code == GCN_CODE_VCC_LO || code == GCN_CODE_VCC_HI || code == GCN_CODE_EXEC_LO ||
           code == GCN_CODE_EXEC_HI || code == GCN_CODE_M0);
}

bool gcn_capability_allows(const gcn_capability *cap, gcn_gen gen, const gcn_inst *in, char *why, size_t size) {
  const gcn_inst_desc *d = in->desc;
  const char *mn = d->mnemonic[gen] ? d->mnemonic[gen] : d->id;
  if (!(cap->gens >> gen & 1)) {
    snprintf(why, size, "generation %s is not in 'gens'", gcn_gen_name(gen));
    return false;
  }
  if (!cap->op[gcn_isa_op(d)]) {
    snprintf(why, size, "%s is not an allowed instruction", mn);
    return false;
  }
  if (gcn_inst_is_vop3(in) && d->cls == GCN_CLASS_VOP2 && !(cap->forms & GCN_CAP_VOP3)) {
    snprintf(why, size, "the VOP3 (_e64) form of %s: 'forms' lacks vop3", mn);
    return false;
  }
  if (gcn_inst_is_sdwa(in) && !(cap->forms & GCN_CAP_SDWA)) {
    snprintf(why, size, "the SDWA form of %s: 'forms' lacks sdwa", mn);
    return false;
  }
  if (gcn_inst_is_dpp(in) && !(cap->forms & GCN_CAP_DPP)) {
    snprintf(why, size, "the DPP form of %s: 'forms' lacks dpp", mn);
    return false;
  }
  if ((in->abs || in->neg || in->omod || in->clamp) && !(cap->forms & GCN_CAP_MODIFIERS)) {
    snprintf(why, size, "%s with a modifier (abs, neg, omod or clamp): 'forms' lacks modifiers", mn);
    return false;
  }
  if (in->has_literal && !(cap->forms & GCN_CAP_LITERAL)) {
    snprintf(why, size, "%s with a literal constant: 'forms' lacks literal", mn);
    return false;
  }
  if (!(cap->forms & GCN_CAP_SPECIAL)) {
    bool sop = d->cls != GCN_CLASS_VOP2;
    /* The scalar operands: sources, the carry-in / select mask, SOP and VOP3B destinations. */
    const struct {
      gcn_role role;
      unsigned code;
      bool on;
    } opnd[4] = {{GCN_ROLE_S0, in->src[0], true},
                 {GCN_ROLE_S1, in->src[1], true},
                 {GCN_ROLE_CI, in->src[2], gcn_inst_is_vop3(in)},
                 {sop ? GCN_ROLE_D : GCN_ROLE_CO, in->sdst, sop || in->enc == GCN_ENC_VOP3B}};
    for (unsigned k = 0; k < 4; k++) {
      if (!opnd[k].on || !gcn_isa_operand(d, opnd[k].role) || !special_code(gen, opnd[k].code)) continue;
      {
        unsigned code = opnd[k].code;
        char reg[32];
        if (!gcn_operand_reg_name(gen, code, 32, reg, sizeof reg)) snprintf(reg, sizeof reg, "code %u", code);
        snprintf(why, size, "%s with the operand %s: 'forms' lacks special", mn, reg);
        return false;
      }
    }
  }
  return true;
}

int gcn_capability_restrict(const gcn_capability *cap, gcn_gen gen, gcn_profile *p, gcn_error *err) {
  if (!(cap->gens >> gen & 1))
    return gcn_fail(err, "%s: generation %s is not in its 'gens'", cap->name, gcn_gen_name(gen));
  unsigned total = 0;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++)
    if (!cap->op[op]) p->op[op] = 0;
  for (unsigned op = 0; op < GCN_OP_COUNT; op++) {
    int grp = gcn_group_of(&gcn_isa[op]);
    if (grp >= 0 && gcn_isa[op].mnemonic[gen] && p->op[op] != 0) total += p->group[grp];
  }
  for (unsigned s = 0; s < GCN_STREAM_COUNT; s++) {
    if (!(cap->streams >> s & 1) || (s == GCN_STREAM_DPP && !(cap->forms & GCN_CAP_DPP))) p->stream[s] = 0;
    total += p->stream[s];
  }
  if (!total)
    return gcn_fail(err, "%s leaves nothing for profile %s to generate on %s (no allowed instruction "
                    "in a group with a weight, no stream)", cap->name, p->name, gcn_gen_name(gen));
  if (!(cap->forms & GCN_CAP_VOP3)) p->vop3 = 0;
  if (!(cap->forms & GCN_CAP_MODIFIERS)) p->modifiers = 0;
  if (!(cap->forms & GCN_CAP_LITERAL)) p->operand[GCN_OPC_LITERAL] = 0;
  if (!(cap->forms & GCN_CAP_SPECIAL)) {
    p->operand[GCN_OPC_SPECIAL] = 0;
    p->sdst_special = 0;
  }
  if (!(cap->forms & GCN_CAP_ILLEGAL)) p->illegal = 0;
  if (!(cap->forms & GCN_CAP_SDWA)) p->sdwa = 0;
  if (!(cap->forms & GCN_CAP_DPP)) p->dpp = 0;
  if (!cap->op[GCN_OP_S_RFE_B64] && !cap->op[GCN_OP_S_RFE_RESTORE_B64]) p->rfe = 0;
  if (!p->operand[GCN_OPC_SGPR] && !p->operand[GCN_OPC_VGPR])
    return gcn_fail(err, "%s leaves profile %s no operand class", cap->name, p->name);
  return 0;
}

int gcn_capability_restrict_file(const char *path, gcn_gen gen, gcn_profile *p, gcn_error *err) {
  gcn_capability *cap = malloc(sizeof *cap);
  if (!cap) return gcn_fail(err, "out of memory");
  int rc = gcn_capability_load(path, cap, err);
  if (rc == 0) rc = gcn_capability_restrict(cap, gen, p, err);
  free(cap);
  return rc;
}

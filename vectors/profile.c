/* gcnref vectors: generator profiles (docs/vectors.md, "Profiles"): the built-in default,
 * the parser of the profile format and the file loader. */
#include "gen_priv.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gcnref/program.h"

/* The text of vectors/profiles/default.prof, turned into a C string at build time
 * (vectors/vectors.mk): the file is the only copy. */
static const char default_profile_text[] =
#include "default_profile.inc"
    ;

const char *gcn_profile_default_text(void) { return default_profile_text; }

static int find_name(const char *const *names, unsigned n, const char *s) {
  for (unsigned i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return (int)i;
  return -1;
}

static void list_names(char *buf, size_t len, const char *const *names, unsigned n) {
  size_t used = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < n && used + 1 < len; i++)
    used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? (i + 1 == n ? " or " : ", ") : "", names[i]);
}

static bool parse_uint(const char *s, unsigned max, unsigned *out) {
  if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9) return false;
  unsigned long v = strtoul(s, NULL, 10);
  if (v > max) return false;
  *out = (unsigned)v;
  return true;
}

/* Finds an instruction by table id (any case) or by a mnemonic of any generation. */
int gen_find_op(const char *s) {
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) {
    const gcn_inst_desc *d = &gcn_isa[i];
    if (strcasecmp(d->id, s) == 0) return (int)i;
    for (int g = 0; g < GCN_GEN_COUNT; g++)
      if (d->mnemonic[g] && strcmp(d->mnemonic[g], s) == 0) return (int)i;
  }
  return -1;
}

int gen_file_fail(const gen_file_ctx *c, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gcn_fail(c->err, "%.100s:%u: error: %s", c->file, c->line, msg);
}

static int parse_profile(FILE *f, const char *file, gcn_profile *p, gcn_error *err) {
  char *buf = NULL;
  size_t cap = 0;
  gen_file_ctx c = {file, 0, err};
  bool header = false;
  int rc = 0;
  ssize_t len;
  while (!rc && (len = getline(&buf, &cap, f)) >= 0) {
    c.line++;
    gcn_error e;
    if (gcn_text_line(buf, (size_t)len, c.line, &e)) {
      rc = gen_file_fail(&c, "%s", e.msg);
      break;
    }
    char *hash = strchr(buf, '#');
    if (hash) *hash = '\0';
    char *save = NULL;
    char *kw = strtok_r(buf, " \t\r\n", &save);
    if (!kw) continue;
    char *a = strtok_r(NULL, " \t\r\n", &save);
    char *b = strtok_r(NULL, " \t\r\n", &save);
    char *extra = strtok_r(NULL, " \t\r\n", &save);
    char names[200];
    unsigned v, v2;
    if (!header) {
      if (strcmp(kw, "profile") != 0 || !a || b || !parse_uint(a, 1000, &v) || v != GCN_PROFILE_VERSION) {
        rc = gen_file_fail(&c, "expected 'profile 1' (the format line) first, got '%.40s'", kw);
        break;
      }
      header = true;
      continue;
    }
    if (extra) {
      rc = gen_file_fail(&c, "unexpected '%.40s': expected at most two values after '%.20s'", extra, kw);
      break;
    }
    int idx;
    if (strcmp(kw, "length") == 0) {
      if (!parse_uint(a, 4096, &v) || !parse_uint(b, 4096, &v2) || v < 1 || v2 < v)
        rc = gen_file_fail(&c, "expected 'length MIN MAX' with 1 <= MIN <= MAX <= 4096");
      else
        p->len_min = v, p->len_max = v2;
    } else if (!strcmp(kw, "illegal") || !strcmp(kw, "rfe") || !strcmp(kw, "vop3") || !strcmp(kw, "modifiers") ||
               !strcmp(kw, "reuse") || !strcmp(kw, "sdst_special") || !strcmp(kw, "endpgm") || !strcmp(kw, "dpp") ||
               !strcmp(kw, "sdwa")) {
      if (b || !parse_uint(a, 100, &v)) {
        rc = gen_file_fail(&c, "expected a percentage 0..100 after '%s'", kw);
      } else {
        unsigned *field = !strcmp(kw, "illegal") ? &p->illegal : !strcmp(kw, "rfe") ? &p->rfe
                          : !strcmp(kw, "vop3") ? &p->vop3 : !strcmp(kw, "modifiers") ? &p->modifiers
                          : !strcmp(kw, "reuse") ? &p->reuse : !strcmp(kw, "sdst_special") ? &p->sdst_special
                          : !strcmp(kw, "dpp") ? &p->dpp : !strcmp(kw, "endpgm") ? &p->endpgm : &p->sdwa;
        *field = v;
      }
    } else if (!strcmp(kw, "group") || !strcmp(kw, "stream") || !strcmp(kw, "operand") ||
               !strcmp(kw, "exec") || !strcmp(kw, "mode")) {
      const char *const *tab;
      unsigned n, *w;
      if (!strcmp(kw, "group")) tab = gcn_group_names, n = GCN_GROUP_COUNT, w = p->group;
      else if (!strcmp(kw, "stream")) tab = gen_stream_names, n = GCN_STREAM_COUNT, w = p->stream;
      else if (!strcmp(kw, "operand")) tab = gen_opclass_names, n = GCN_OPC_COUNT, w = p->operand;
      else if (!strcmp(kw, "exec")) tab = gen_exec_names, n = GCN_EXEC_COUNT, w = p->exec;
      else tab = gen_mode_names, n = GCN_MODE_COUNT, w = p->mode;
      idx = a ? find_name(tab, n, a) : -1;
      if (idx < 0) {
        list_names(names, sizeof names, tab, n);
        rc = gen_file_fail(&c, "expected one of %s after '%s'", names, kw);
      } else if (!parse_uint(b, 1000000, &v)) {
        rc = gen_file_fail(&c, "expected a weight 0..1000000 after '%s %s'", kw, a);
      } else {
        w[idx] = v;
      }
    } else if (!strcmp(kw, "op")) {
      idx = a ? gen_find_op(a) : -1;
      if (idx < 0 || gcn_group_of(&gcn_isa[idx]) < 0)
        rc = gen_file_fail(&c, "expected an instruction of a group (a mnemonic or table id) after 'op', got "
                       "'%.40s'", a ? a : "");
      else if (!parse_uint(b, 1000, &v))
        rc = gen_file_fail(&c, "expected a weight 0..1000 after 'op %.40s'", a);
      else
        p->op[idx] = (int)v;
    } else {
      rc = gen_file_fail(&c, "unknown key '%.40s': expected length, illegal, rfe, vop3, modifiers, reuse, "
                     "sdst_special, endpgm, dpp, sdwa, group, stream, operand, exec, mode or op", kw);
    }
  }
  free(buf);
  if (rc) return rc;
  if (!header) {
    c.line = c.line ? c.line : 1;
    return gen_file_fail(&c, "expected 'profile 1' (the format line) at the start of the file");
  }
  unsigned total = 0, ops = 0, ex = 0, md = 0;
  for (unsigned i = 0; i < GCN_GROUP_COUNT; i++) total += p->group[i];
  for (unsigned i = 0; i < GCN_STREAM_COUNT; i++) total += p->stream[i];
  for (unsigned i = 0; i < GCN_OPC_COUNT; i++) ops += p->operand[i];
  for (unsigned i = 0; i < GCN_EXEC_COUNT; i++) ex += p->exec[i];
  for (unsigned i = 0; i < GCN_MODE_COUNT; i++) md += p->mode[i];
  c.line = c.line ? c.line : 1;
  if (!total) return gen_file_fail(&c, "expected at least one non-zero group or stream weight by the end of the file");
  if (!p->operand[GCN_OPC_SGPR] && !p->operand[GCN_OPC_VGPR])
    return gen_file_fail(&c, "expected a non-zero 'operand sgpr' or 'operand vgpr' weight by the end of the file");
  if (!ops || !ex || !md)
    return gen_file_fail(&c, "expected non-zero operand, exec and mode weights by the end of the file");
  return 0;
}

static void profile_clear(gcn_profile *p) {
  memset(p, 0, sizeof *p);
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) p->op[i] = -1;
}

void gcn_profile_default(gcn_profile *p) {
  profile_clear(p);
  FILE *f = fmemopen((void *)default_profile_text, sizeof default_profile_text - 1, "r");
  gcn_error err;
  if (!f || parse_profile(f, "<built-in default>", p, &err)) abort(); /* the built-in text is valid */
  fclose(f);
  snprintf(p->name, sizeof p->name, "default");
}

int gcn_profile_parse(FILE *f, const char *name, gcn_profile *p, gcn_error *err) {
  gcn_profile_default(p);
  memset(p->group, 0, sizeof p->group);
  memset(p->stream, 0, sizeof p->stream);
  for (unsigned i = 0; i < GCN_OP_COUNT; i++) p->op[i] = -1;
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".prof") == 0) n -= 5;
  if (n >= sizeof p->name) n = sizeof p->name - 1;
  memcpy(p->name, base, n);
  p->name[n] = '\0';
  for (char *q = p->name; *q; q++)
    if (*q == ' ' || *q == '\t') *q = '_';
  return parse_profile(f, name, p, err);
}

int gcn_profile_load(const char *path, gcn_profile *p, gcn_error *err) {
  char alt[512];
  FILE *f = fopen(path, "r");
  const char *used = path;
  if (!f && !strchr(path, '/')) {
    snprintf(alt, sizeof alt, "vectors/profiles/%s.prof", path);
    f = fopen(alt, "r");
    used = alt;
  }
  if (!f) return gcn_fail(err, "cannot open profile %s: %s", path, strerror(errno));
  int rc = gcn_profile_parse(f, used, p, err);
  fclose(f);
  return rc;
}

/* gcnref: coverage databases (docs/coverage.md, "Database format"): parse, merge, write
 * atomically, summarise. A database is a set of bins; each bin has a name
 * ("<gen>.<group>.<rest>"), a count, and may be excluded (unreachable) with a reason. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcnref/coverage.h"
#include "gcnref/ofile.h"

#define DB_HEADER "# gcnref coverage v4"
/* v3 has the same syntax and an older bin set (no fpx crosses): still read and merged. */
#define DB_HEADER_V3 "# gcnref coverage v3"
#define DB_END "# end " /* the trailer, "# end <number of bin lines>", the file's last line */

void gcn_covdb_init(gcn_covdb *db) { memset(db, 0, sizeof *db); }

void gcn_covdb_free(gcn_covdb *db) {
  for (size_t i = 0; i < db->n; i++) {
    free(db->bins[i].name);
    free(db->bins[i].reason);
  }
  free(db->bins);
  free(db->slot);
  memset(db, 0, sizeof *db);
}

static uint64_t hash_name(const char *s) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static int rehash(gcn_covdb *db, size_t cap) {
  size_t *slot = malloc(cap * sizeof *slot);
  if (!slot) return -1;
  for (size_t i = 0; i < cap; i++) slot[i] = SIZE_MAX;
  for (size_t i = 0; i < db->n; i++) {
    size_t k = hash_name(db->bins[i].name) & (cap - 1);
    while (slot[k] != SIZE_MAX) k = (k + 1) & (cap - 1);
    slot[k] = i;
  }
  free(db->slot);
  db->slot = slot;
  db->n_slot = cap;
  return 0;
}

gcn_covbin *gcn_covdb_find(const gcn_covdb *db, const char *name) {
  if (!db->n_slot) {
    for (size_t i = 0; i < db->n; i++)
      if (strcmp(db->bins[i].name, name) == 0) return &db->bins[i];
    return NULL;
  }
  size_t k = hash_name(name) & (db->n_slot - 1);
  for (; db->slot[k] != SIZE_MAX; k = (k + 1) & (db->n_slot - 1))
    if (strcmp(db->bins[db->slot[k]].name, name) == 0) return &db->bins[db->slot[k]];
  return NULL;
}

/* The bin NAME, created (count 0, not excluded) when absent; NULL when out of memory. */
static gcn_covbin *get_bin(gcn_covdb *db, const char *name, bool *created) {
  gcn_covbin *b = gcn_covdb_find(db, name);
  if (created) *created = b == NULL;
  if (b) return b;
  if (2 * (db->n + 1) > db->n_slot) {
    size_t cap = 1024;
    while (cap < 4 * (db->n + 1)) cap *= 2;
    if (rehash(db, cap)) return NULL;
  }
  if (db->n == db->cap) {
    size_t cap = db->cap ? 2 * db->cap : 1024;
    gcn_covbin *nb = realloc(db->bins, cap * sizeof *nb);
    if (!nb) return NULL;
    db->bins = nb;
    db->cap = cap;
  }
  char *copy = strdup(name);
  if (!copy) return NULL;
  b = &db->bins[db->n];
  memset(b, 0, sizeof *b);
  b->name = copy;
  b->file = SIZE_MAX;
  size_t k = hash_name(name) & (db->n_slot - 1);
  while (db->slot[k] != SIZE_MAX) k = (k + 1) & (db->n_slot - 1);
  db->slot[k] = db->n++;
  return b;
}

static void add_count(gcn_covbin *b, uint64_t count) {
  b->count = b->count > UINT64_MAX - count ? UINT64_MAX : b->count + count; /* saturates */
}

/* Exclusion reasons combine order-independently: the byte-wise smallest one is kept. */
static int add_reason(gcn_covbin *b, const char *reason) {
  if (b->reason && strcmp(b->reason, reason) <= 0) return 0;
  char *copy = strdup(reason);
  if (!copy) return -1;
  free(b->reason);
  b->reason = copy;
  return 0;
}

int gcn_covdb_add(gcn_covdb *db, const char *name, uint64_t count) {
  gcn_covbin *b = get_bin(db, name, NULL);
  if (!b) return -1;
  add_count(b, count);
  return 0;
}

int gcn_covdb_exclude(gcn_covdb *db, const char *name, const char *reason) {
  gcn_covbin *b = get_bin(db, name, NULL);
  return b ? add_reason(b, reason) : -1;
}

bool gcn_covbin_name_valid(const char *name, gcn_gen *gen, const char **group, size_t *group_len) {
  const char *dot = strchr(name, '.');
  if (!dot || dot == name) return false;
  char g[16];
  size_t n = (size_t)(dot - name);
  if (n >= sizeof g) return false;
  memcpy(g, name, n);
  g[n] = '\0';
  gcn_gen gg;
  if (strncmp(g, "gcn", 3) != 0 || !gcn_gen_parse(g, &gg)) return false;
  const char *grp = dot + 1, *dot2 = strchr(grp, '.');
  if (!dot2 || dot2 == grp || !dot2[1]) return false;
  for (const char *p = name; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (c <= ' ' || c >= 127 || c == '!' || c == '#') return false;
    if (c == '.' && (p[1] == '.' || p[1] == '\0')) return false;
  }
  if (gen) *gen = gg;
  if (group) *group = grp;
  if (group_len) *group_len = (size_t)(dot2 - grp);
  return true;
}

static int line_fail(gcn_error *err, const char *path, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int line_fail(gcn_error *err, const char *path, unsigned long line, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return gcn_fail(err, "%s:%lu: error: %s", path, line, msg);
}

/* The trailer "# end N": N the number of bin lines, written digits only. */
static bool parse_end(const char *line, unsigned long long *n) {
  const char *p = line + strlen(DB_END);
  if (strncmp(line, DB_END, strlen(DB_END)) != 0 || *p < '0' || *p > '9') return false;
  char *end;
  errno = 0;
  *n = strtoull(p, &end, 10);
  return !*end && !errno;
}

int gcn_covdb_read(gcn_covdb *db, FILE *f, const char *path, gcn_error *err) {
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned long no = 0, end_line = 0;
  unsigned long long n_bins = 0, n_end = 0;
  bool newline = true;
  int rc = 0;
  size_t file = db->n_files++;
  while ((len = getline(&line, &cap, f)) >= 0) {
    no++;
    newline = len > 0 && line[len - 1] == '\n';
    if (strlen(line) != (size_t)len) {
      rc = line_fail(err, path, no, "NUL byte in the line");
      break;
    }
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
    if (no == 1) {
      if (strcmp(line, DB_HEADER) != 0 && strcmp(line, DB_HEADER_V3) != 0) {
        rc = line_fail(err, path, no, "expected the header '" DB_HEADER "' (or v3)%s",
                       strncmp(line, "# gcnref coverage v", 19) == 0 ? " (an older or newer format)" : "");
        break;
      }
      continue;
    }
    if (end_line) {
      rc = line_fail(err, path, no, "text after the end line ('" DB_END "N', line %lu)", end_line);
      break;
    }
    if (strncmp(line, DB_END, strlen(DB_END)) == 0) {
      if (!parse_end(line, &n_end)) {
        rc = line_fail(err, path, no, "bad end line: expected '" DB_END "N', N the number of bins");
        break;
      }
      end_line = no;
      continue;
    }
    if (line[0] == '#' || len == 0) continue;
    n_bins++;
    bool excl = line[0] == '!';
    char *name = line + excl, *sp = strchr(name, ' ');
    if (!sp) {
      rc = line_fail(err, path, no, excl ? "expected '!<bin> <reason>'" : "expected '<bin> <count>'");
      break;
    }
    *sp = '\0';
    char *rest = sp + 1;
    if (!gcn_covbin_name_valid(name, NULL, NULL, NULL)) {
      rc = line_fail(err, path, no, "bad bin name '%s': expected <gen>.<group>.<rest> (gen gcn10/11/12/14, no spaces)", name);
      break;
    }
    uint64_t count = 0;
    if (excl) {
      if (!*rest) {
        rc = line_fail(err, path, no, "excluded bin '%s' without a reason", name);
        break;
      }
    } else {
      char *end;
      errno = 0;
      unsigned long long v = strtoull(rest, &end, 10);
      if (rest[0] < '0' || rest[0] > '9' || *end || errno) {
        rc = line_fail(err, path, no, "bad count '%s' for bin %s: expected a decimal integer", rest, name);
        break;
      }
      count = v;
    }
    bool created;
    gcn_covbin *b = get_bin(db, name, &created);
    if (!b) {
      rc = gcn_fail(err, "%s: out of memory", path);
      break;
    }
    if (!created && b->file == file) {
      rc = line_fail(err, path, no, "bin %s listed twice", name);
      break;
    }
    b->file = file;
    if (excl) {
      if (add_reason(b, rest)) {
        rc = gcn_fail(err, "%s: out of memory", path);
        break;
      }
    } else {
      add_count(b, count);
    }
  }
  if (rc == 0 && no == 0) rc = line_fail(err, path, 1, "empty file: expected the header '" DB_HEADER "'");
  if (rc == 0 && ferror(f)) rc = gcn_fail(err, "%s: read error: %s", path, strerror(errno));
  /* Cut short (a crash, a full disk, a copy that stopped): the trailer is missing, cut, or
   * counts other bins than the file holds. */
  if (rc == 0 && (!end_line || !newline))
    rc = line_fail(err, path, no, "truncated: no end line '" DB_END "N' (the file was cut short)");
  if (rc == 0 && n_end != n_bins)
    rc = line_fail(err, path, end_line, "the end line counts %llu bins, the file has %llu (damaged or cut)",
                   n_end, n_bins);
  free(line);
  return rc;
}

int gcn_covdb_load(gcn_covdb *db, const char *path, gcn_error *err) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
  if (!f) return gcn_fail(err, "%s: cannot open: %s", path, strerror(errno));
  int rc = gcn_covdb_read(db, f, strcmp(path, "-") == 0 ? "<stdin>" : path, err);
  if (f != stdin) fclose(f);
  return rc;
}

static int cmp_bin(const void *a, const void *b) {
  return strcmp(((const gcn_covbin *)a)->name, ((const gcn_covbin *)b)->name);
}

void gcn_covdb_sort(gcn_covdb *db) {
  if (db->n) qsort(db->bins, db->n, sizeof *db->bins, cmp_bin); /* bins is NULL when empty */
  if (db->n_slot && rehash(db, db->n_slot)) { /* indices moved: without a table, rebuilt on demand */
    free(db->slot);
    db->slot = NULL;
    db->n_slot = 0;
  }
}

bool gcn_covbin_excluded(const gcn_covbin *b) { return b->reason && b->count == 0; }

unsigned long gcn_covdb_conflicts(const gcn_covdb *db, FILE *warn) {
  unsigned long n = 0;
  for (size_t i = 0; i < db->n; i++) {
    const gcn_covbin *b = &db->bins[i];
    if (b->reason && b->count) {
      if (warn && n < 20)
        fprintf(warn, "gcnref: warning: bin %s is excluded (%s) but was hit %" PRIu64 " times: kept as hit\n",
                b->name, b->reason, b->count);
      n++;
    }
  }
  if (warn && n > 20) fprintf(warn, "gcnref: warning: %lu excluded bins were hit in all\n", n);
  return n;
}

int gcn_covdb_write(gcn_covdb *db, FILE *out) {
  gcn_covdb_sort(db);
  fprintf(out, DB_HEADER "\n");
  for (size_t i = 0; i < db->n; i++) {
    const gcn_covbin *b = &db->bins[i];
    if (gcn_covbin_excluded(b))
      fprintf(out, "!%s %s\n", b->name, b->reason);
    else
      fprintf(out, "%s %" PRIu64 "\n", b->name, b->count);
  }
  fprintf(out, DB_END "%zu\n", db->n);
  return ferror(out) ? -1 : 0;
}

int gcn_covdb_save(gcn_covdb *db, const char *path, gcn_error *err) {
  gcn_ofile o;
  if (gcn_ofile_open(&o, path, err)) return -1;
  if (gcn_covdb_write(db, o.f)) {
    gcn_fail(err, "cannot write %s: %s", path, strerror(errno));
    gcn_ofile_abort(&o);
    return -1;
  }
  return gcn_ofile_commit(&o, err);
}

/* ------------------------------------------------------------ summaries */

bool gcn_covbin_is_float(const char *name) {
  gcn_gen gen;
  const char *group;
  size_t glen;
  if (!gcn_covbin_name_valid(name, &gen, &group, &glen)) return false;
  if ((glen == 7 && strncmp(group, "fpclass", 7) == 0) || (glen == 5 && strncmp(group, "fpmod", 5) == 0) ||
      (glen == 4 && strncmp(group, "mode", 4) == 0) || (glen == 3 && strncmp(group, "fpx", 3) == 0) ||
      (glen == 3 && strncmp(group, "cvt", 3) == 0) || (glen == 2 && strncmp(group, "f3", 2) == 0) ||
      (glen == 4 && (strncmp(group, "fdiv", 4) == 0 || strncmp(group, "f16x", 4) == 0)) ||
      (glen == 5 && strncmp(group, "trans", 5) == 0) || (glen == 3 && strncmp(group, "f64", 3) == 0))
    return true;
  if (glen == 4 && strncmp(group, "sdwa", 4) == 0) /* sdwa.mod.abs*, neg*, omod: float sources / results */
    return strncmp(group + 5, "mod.abs", 7) == 0 || strncmp(group + 5, "mod.neg", 7) == 0 ||
           strcmp(group + 5, "mod.omod") == 0;
  static const char *const per_op[] = {"op", "src", "scc", "carry", "cmp", "result", "mod", "dpp"};
  bool op_group = false;
  for (unsigned i = 0; i < sizeof per_op / sizeof per_op[0]; i++)
    if (strlen(per_op[i]) == glen && strncmp(group, per_op[i], glen) == 0) op_group = true;
  if (glen == 6 && strncmp(group, "timing", 6) == 0) { /* timing.dep.<p>_valu.mode: float only */
    size_t n = strlen(name);
    return n > 10 && strcmp(name + n - 10, "_valu.mode") == 0;
  }
  if (!op_group) return false;
  char mn[64];
  const char *m = group + glen + 1, *e = strchr(m, '.');
  size_t n = e ? (size_t)(e - m) : strlen(m);
  if (n >= sizeof mn) return false;
  memcpy(mn, m, n);
  mn[n] = '\0';
  const gcn_inst_desc *d = gcn_isa_by_mnemonic(gen, mn);
  if (!d) return false;
  for (unsigned i = 0; i < d->n_operands; i++)
    if (gcn_type_is_float((gcn_type)d->operand[i].type)) return true;
  return false;
}

bool gcn_covbin_in_scope(const char *name, gcn_cov_scope scope) {
  switch (scope) {
    case GCN_COV_SCOPE_INT: return !gcn_covbin_is_float(name);
    case GCN_COV_SCOPE_FLOAT: return gcn_covbin_is_float(name);
    default: return true;
  }
}

void gcn_covdb_totals(const gcn_covdb *db, gcn_cov_scope scope, const char *prefix, unsigned long *bins,
                      unsigned long *hit, unsigned long *excluded) {
  size_t plen = prefix ? strlen(prefix) : 0;
  unsigned long b = 0, h = 0, x = 0;
  for (size_t i = 0; i < db->n; i++) {
    const gcn_covbin *bin = &db->bins[i];
    if (plen && strncmp(bin->name, prefix, plen) != 0) continue;
    if (!gcn_covbin_in_scope(bin->name, scope)) continue;
    if (gcn_covbin_excluded(bin)) {
      x++;
      continue;
    }
    b++;
    if (bin->count) h++;
  }
  if (bins) *bins = b;
  if (hit) *hit = h;
  if (excluded) *excluded = x;
}

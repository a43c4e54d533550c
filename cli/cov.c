/* gcnref cov: merge and summarise coverage databases (docs/coverage.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gcnref/coverage.h"
#include "gcnref/program.h"

static const char *const usage_cov =
    "usage: gcnref cov merge -o OUT [--list FILE] [DB...]\n"
    "       gcnref cov summary [--group] [--holes] [--scope all|int|float] DB...\n"
    "\n"
    "merge    sums the counts of every bin of the databases (exclusions are unioned; a bin\n"
    "         excluded in one database and hit in another counts as hit, with a warning)\n"
    "         and writes OUT atomically (OUT.tmp.XXXXXX, fsynced, renamed). The result does not\n"
    "         depend on the order of the inputs.\n"
    "  -o OUT       the merged database\n"
    "  --list FILE  read database paths from FILE, one per line ('-' = stdin; blank\n"
    "               lines and '#' comments skipped): no command-line length limit\n"
    "summary  prints reachable bins, hit bins and the percentage, in all and per\n"
    "         generation (several DBs are merged first)\n"
    "  --group      also per generation and group (gcn10.op, gcn10.src, ...)\n"
    "  --holes      then every reachable bin not hit, one name per line\n"
    "  --scope S    only the bins of integer/scalar instructions (int) or of float\n"
    "               instructions and the float groups (float); default all\n"
    "Exit status 2 on a malformed database (FILE:LINE: what was expected) or bad usage.\n";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "gcnref: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n%s", usage_cov);
  return EXIT_BAD;
}

static int load_one(gcn_covdb *db, const char *path) {
  gcn_error err;
  if (gcn_covdb_load(db, path, &err) == 0) return 0;
  gcn_cli_error(&err);
  return -1;
}

/* Loads every path listed in LIST (one per line). */
static int load_list(gcn_covdb *db, const char *list, unsigned long *n) {
  FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
  if (!f) {
    fprintf(stderr, "gcnref: error: %s: cannot open: %s\n", list, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  int rc = 0;
  unsigned long no = 0;
  const char *name = f == stdin ? "<stdin>" : list;
  while ((len = getline(&line, &cap, f)) >= 0) {
    gcn_error err;
    if (gcn_text_line(line, (size_t)len, ++no, &err)) {
      fprintf(stderr, "%s:%lu: error: %s\n", name, no, err.msg);
      rc = -1;
      break;
    }
    len = (ssize_t)strlen(line); /* a byte order mark may have gone */
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ')) line[--len] = '\0';
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p || *p == '#') continue;
    if (strcmp(p, "-") == 0 && f == stdin) {
      fprintf(stderr, "%s:%lu: error: '-' cannot be listed in a list read from stdin\n", name, no);
      rc = -1;
      break;
    }
    if (load_one(db, p)) {
      rc = -1;
      break;
    }
    (*n)++;
  }
  free(line);
  if (f != stdin) fclose(f);
  return rc;
}

static int cmd_merge(int argc, char **argv) {
  const char *out = NULL;
  gcn_covdb db;
  gcn_covdb_init(&db);
  unsigned long n = 0;
  int rc = 0;
  for (int i = 0; i < argc && rc == 0; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
      if (++i == argc) rc = usage_error("%s needs a file", a);
      else out = argv[i];
    } else if (strcmp(a, "--list") == 0) {
      if (++i == argc) rc = usage_error("%s needs a file", a);
      else if (load_list(&db, argv[i], &n)) rc = EXIT_BAD;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage_cov, stdout);
      gcn_covdb_free(&db);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else {
      if (load_one(&db, a)) rc = EXIT_BAD;
      n++;
    }
  }
  if (rc == 0 && !out) rc = usage_error("%s", "merge needs -o OUT");
  if (rc == 0 && n == 0) rc = usage_error("%s", "merge needs at least one database");
  if (rc == 0) {
    gcn_covdb_conflicts(&db, stderr);
    gcn_error err;
    if (gcn_covdb_save(&db, out, &err)) {
      fprintf(stderr, "gcnref: error: %s\n", err.msg);
      rc = EXIT_BAD;
    }
  }
  gcn_covdb_free(&db);
  return rc;
}

static void print_line(const char *scope, unsigned long bins, unsigned long hit, unsigned long excluded) {
  printf("%-16s %7lu of %7lu reachable bins hit (%6.2f%%), %lu excluded\n", scope, hit, bins,
         bins ? 100.0 * (double)hit / (double)bins : 100.0, excluded);
}

static int cmd_summary(int argc, char **argv) {
  bool group = false, holes = false;
  gcn_cov_scope scope = GCN_COV_SCOPE_ALL;
  gcn_covdb db;
  gcn_covdb_init(&db);
  unsigned long n = 0;
  int rc = 0;
  for (int i = 0; i < argc && rc == 0; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--group") == 0) {
      group = true;
    } else if (strcmp(a, "--holes") == 0) {
      holes = true;
    } else if (strcmp(a, "--scope") == 0) {
      if (++i == argc) rc = usage_error("%s needs all, int or float", a);
      else if (strcmp(argv[i], "all") == 0) scope = GCN_COV_SCOPE_ALL;
      else if (strcmp(argv[i], "int") == 0) scope = GCN_COV_SCOPE_INT;
      else if (strcmp(argv[i], "float") == 0) scope = GCN_COV_SCOPE_FLOAT;
      else rc = usage_error("bad scope '%s': expected all, int or float", argv[i]);
    } else if (strcmp(a, "--list") == 0) {
      if (++i == argc) rc = usage_error("%s needs a file", a);
      else if (load_list(&db, argv[i], &n)) rc = EXIT_BAD;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage_cov, stdout);
      gcn_covdb_free(&db);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      rc = usage_error("unknown option '%s'", a);
    } else {
      if (load_one(&db, a)) rc = EXIT_BAD;
      n++;
    }
  }
  if (rc == 0 && n == 0) rc = usage_error("%s", "summary needs a database");
  if (rc) {
    gcn_covdb_free(&db);
    return rc;
  }
  gcn_covdb_conflicts(&db, stderr);
  gcn_covdb_sort(&db);
  unsigned long b, h, x;
  gcn_covdb_totals(&db, scope, NULL, &b, &h, &x);
  print_line("total", b, h, x);
  for (int g = 0; g < GCN_GEN_COUNT; g++) {
    char prefix[32];
    snprintf(prefix, sizeof prefix, "%s.", gcn_gen_name((gcn_gen)g));
    gcn_covdb_totals(&db, scope, prefix, &b, &h, &x);
    if (!b && !x) continue;
    prefix[strlen(prefix) - 1] = '\0';
    print_line(prefix, b, h, x);
    if (!group) continue;
    /* groups in name order (the bins are sorted, so each group is one run) */
    for (size_t i = 0; i < db.n;) {
      const char *name = db.bins[i].name, *grp;
      size_t glen;
      gcn_gen gg;
      if (!gcn_covbin_name_valid(name, &gg, &grp, &glen) || gg != (gcn_gen)g) {
        i++;
        continue;
      }
      char gp[64];
      snprintf(gp, sizeof gp, "%.*s", (int)(grp + glen + 1 - name), name);
      size_t j = i;
      while (j < db.n && strncmp(db.bins[j].name, gp, strlen(gp)) == 0) j++;
      gcn_covdb_totals(&db, scope, gp, &b, &h, &x);
      gp[strlen(gp) - 1] = '\0';
      if (b || x) print_line(gp, b, h, x);
      i = j;
    }
  }
  if (holes) {
    unsigned long nh = 0;
    for (size_t i = 0; i < db.n; i++)
      if (!gcn_covbin_excluded(&db.bins[i]) && !db.bins[i].count && gcn_covbin_in_scope(db.bins[i].name, scope)) nh++;
    printf("holes: %lu\n", nh);
    for (size_t i = 0; i < db.n; i++)
      if (!gcn_covbin_excluded(&db.bins[i]) && !db.bins[i].count && gcn_covbin_in_scope(db.bins[i].name, scope))
        printf("%s\n", db.bins[i].name);
  }
  gcn_covdb_free(&db);
  return 0;
}

int gcn_cli_cov(int argc, char **argv) {
  if (argc < 1) {
    fputs(usage_cov, stderr);
    return EXIT_BAD;
  }
  if (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
    fputs(usage_cov, stdout);
    return 0;
  }
  if (strcmp(argv[0], "merge") == 0) return cmd_merge(argc - 1, argv + 1);
  if (strcmp(argv[0], "summary") == 0) return cmd_summary(argc - 1, argv + 1);
  fprintf(stderr, "gcnref: error: unknown cov command '%s'\n%s", argv[0], usage_cov);
  return EXIT_BAD;
}

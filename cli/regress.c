/* gcnref regress: runs the regression runner, scripts/regress (docs/regress.md), with
 * the arguments as given; its exit status is the command's. The runner is found, in
 * order: $GCNREF_REGRESS; PREFIX/share/gcnref/regress for a binary in PREFIX/bin (an
 * installed tree); scripts/regress in the nearest folder above the binary (a checkout,
 * whatever the build folder is called). */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static int is_file(const char *path) { return access(path, X_OK) == 0; }

/* Writes the runner's path into OUT; 0, or -1 when there is none. */
static int find_runner(const char *self, char *out, size_t size) {
  const char *env = getenv("GCNREF_REGRESS");
  if (env && *env) {
    snprintf(out, size, "%s", env);
    return is_file(out) ? 0 : -1;
  }
  char dir[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
  if (n > 0) dir[n] = '\0';
  else if (!self || !realpath(self, dir)) return -1;
  char *slash = strrchr(dir, '/');
  if (!slash) return -1;
  *slash = '\0'; /* the binary's folder */
  if ((size_t)snprintf(out, size, "%s/../share/gcnref/regress", dir) < size && is_file(out)) return 0;
  while ((slash = strrchr(dir, '/')) != NULL) {
    if ((size_t)snprintf(out, size, "%s/scripts/regress", dir) < size && is_file(out)) return 0;
    *slash = '\0';
  }
  return -1;
}

int gcn_cli_regress(int argc, char **argv, const char *self) {
  char runner[PATH_MAX + 32];
  if (find_runner(self, runner, sizeof runner) != 0) {
    fprintf(stderr, "gcnref: error: regress: cannot find the regression runner (scripts/regress "
                    "above the binary, PREFIX/share/gcnref/regress, or $GCNREF_REGRESS)\n");
    return EXIT_BAD;
  }
  char **args = calloc((size_t)argc + 2, sizeof *args);
  if (!args) {
    fprintf(stderr, "gcnref: error: regress: out of memory\n");
    return EXIT_BAD;
  }
  args[0] = runner;
  for (int i = 0; i < argc; i++) args[i + 1] = argv[i];
  execv(runner, args);
  fprintf(stderr, "gcnref: error: regress: cannot run %s: %s\n", runner, strerror(errno));
  free(args);
  return EXIT_BAD;
}

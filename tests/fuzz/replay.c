/* The fuzz targets' replay driver (make test; no clang needed): runs every file of
 * DIR/corpus/<target>/ and DIR/crashes/<target>/ through that target's
 * LLVMFuzzerTestOneInput (compiled here as gcn_fuzz_<target>), one check per file; built
 * with the project's compiler, and under AddressSanitizer + UBSan in the sanitizer build.
 * A crash or a sanitizer report ends the process (the suite fails); a target that returns
 * counts as passed. Prints "N passed, N failed".
 *   fuzz_replay tests/fuzz [TARGET FILE...]   (FILEs: replay just those through TARGET) */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TARGETS X(asm) X(dis) X(vecfile) X(state) X(profile) X(covdb) X(checker_vec)
#define X(t) int gcn_fuzz_##t(const uint8_t *data, size_t size);
TARGETS
#undef X
static const struct {
  const char *name;
  int (*fn)(const uint8_t *, size_t);
} targets[] = {
#define X(t) {#t, gcn_fuzz_##t},
    TARGETS
#undef X
};
#define N_TARGETS (sizeof targets / sizeof targets[0])

static unsigned long passed, failed;

static void replay_file(unsigned t, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("FAIL %s: cannot open %s\n", targets[t].name, path);
    failed++;
    return;
  }
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n == cap) {
      cap = cap ? 2 * cap : 4096;
      buf = realloc(buf, cap);
      if (!buf) abort();
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (!got) break;
    n += got;
  }
  fclose(f);
  /* a copy of exactly N bytes: ASan sees any read past the input */
  uint8_t *exact = malloc(n ? n : 1);
  if (!exact) abort();
  memcpy(exact, buf, n);
  free(buf);
  targets[t].fn(exact, n);
  free(exact);
  passed++;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every regular file of DIR, in name order (deterministic). */
static void replay_dir(unsigned t, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    names = realloc(names, (n + 1) * sizeof *names);
    size_t len = strlen(dir) + strlen(e->d_name) + 2;
    names[n] = malloc(len);
    snprintf(names[n++], len, "%s/%s", dir, e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, cmp);
  for (size_t i = 0; i < n; i++) {
    replay_file(t, names[i]);
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: fuzz_replay DIR [TARGET FILE...]\n");
    return 2;
  }
  if (argc > 3) {
    for (unsigned t = 0; t < N_TARGETS; t++)
      if (strcmp(argv[2], targets[t].name) == 0)
        for (int i = 3; i < argc; i++) replay_file(t, argv[i]);
  } else {
    for (unsigned t = 0; t < N_TARGETS; t++) {
      unsigned long before = passed;
      char dir[4096];
      snprintf(dir, sizeof dir, "%s/corpus/%s", argv[1], targets[t].name);
      replay_dir(t, dir);
      snprintf(dir, sizeof dir, "%s/crashes/%s", argv[1], targets[t].name);
      replay_dir(t, dir);
      printf("ok   %-12s %lu inputs replayed\n", targets[t].name, passed - before);
      if (passed == before) {
        printf("FAIL %s: no corpus\n", targets[t].name);
        failed++;
      }
    }
  }
  printf("%lu passed, %lu failed\n", passed, failed);
  return failed ? 1 : 0;
}

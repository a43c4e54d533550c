/* gcnref fuzz targets (tests/fuzz/README.md): helpers shared by the targets. Each target
 * is one LLVMFuzzerTestOneInput: built by clang with libFuzzer (make fuzz), and by the
 * project's compiler into the replay driver (replay.c: make test replays the corpora and
 * crash inputs, under the sanitizer build too), where the name is changed by -D. */
#ifndef GCNREF_FUZZ_H
#define GCNREF_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gcnref/inst.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property of the target failed: report and abort (libFuzzer keeps the input). */
#define FUZZ_CHECK(cond, ...)                                            \
  do {                                                                   \
    if (!(cond)) {                                                       \
      fprintf(stderr, "fuzz property failed: %s: ", #cond);              \
      fprintf(stderr, __VA_ARGS__);                                      \
      fprintf(stderr, "\n");                                             \
      abort();                                                           \
    }                                                                    \
  } while (0)

/* The generation chosen by a byte. */
static inline gcn_gen fuzz_gen(uint8_t b) { return (gcn_gen)(b % GCN_GEN_COUNT); }

/* DATA as a read-only stream (NULL for no data). */
static inline FILE *fuzz_stream(const uint8_t *data, size_t size) {
  return size ? fmemopen((void *)data, size, "r") : NULL;
}

/* DATA as a NUL-terminated string (stops at a NUL in it), malloc'ed. */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (!s) abort();
  memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

/* A sink for the error lines the readers print. */
static inline FILE *fuzz_null(void) {
  static FILE *f;
  if (!f) f = fopen("/dev/null", "w");
  return f;
}

/* DATA written to a new file of this process (for APIs that take a path; a new name each
 * time, so that nothing cached by name is reused); returns its path. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *ext) {
  static char path[96];
  static unsigned long serial;
  snprintf(path, sizeof path, "/tmp/gcnref-fuzz-%ld-%lu%s", (long)getpid(), serial++, ext);
  FILE *f = fopen(path, "w");
  if (!f) abort();
  if (size) fwrite(data, 1, size, f);
  fclose(f);
  return path;
}

#endif

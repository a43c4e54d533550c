/* The C test programs' check: counts a pass, or prints "FAIL: ..." and counts a failure (the
 * program ends by printing "N passed, N failed" from the two counters). */
#ifndef GCN_TESTS_CHECKS_H
#define GCN_TESTS_CHECKS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static unsigned passed, failed;

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...) {
  if (ok) {
    passed++;
    return;
  }
  failed++;
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL: ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}

#endif

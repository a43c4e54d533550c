/* The gcnref command's subcommands (cli/): gcnref.c dispatches argv[1] to one of these.
 * Each takes the arguments after its name and returns the exit status: 0, or 2 on bad
 * usage or an error (reported on stderr as FILE:LINE: error: ...). */
#ifndef GCNREF_CLI_H
#define GCNREF_CLI_H

#define EXIT_BAD 2

#include <stdio.h>
#include <string.h>

#include "gcnref/inst.h"

/* Prints ERR's message on stderr: as it is when it already names its place
 * ("FILE:LINE: error: ..."), else after "gcnref: error: ". */
static inline void gcn_cli_error(const gcn_error *err) {
  const char *e = strstr(err->msg, ": error: ");
  const char *colon = strchr(err->msg, ':');
  if (e && colon && colon <= e && colon[1] >= '0' && colon[1] <= '9') /* FILE:LINE: error: */
    fprintf(stderr, "%s\n", err->msg);
  else
    fprintf(stderr, "gcnref: error: %s\n", err->msg);
}

int gcn_cli_gen(int argc, char **argv);      /* gen.c: random test vectors */
int gcn_cli_cov(int argc, char **argv);      /* cov.c: coverage databases */
int gcn_cli_minimize(int argc, char **argv); /* minimize.c: delta debugging */
/* regress.c: runs scripts/regress with ARGV (argv[0] is the command's own path, used
 * to find the script); returns only on failure. */
int gcn_cli_regress(int argc, char **argv, const char *self);

#endif

/* gcnref: the one way the tools write a file (vectors, coverage databases, minimized
 * vectors; scripts/atomic.py is the same for the Python writers): a unique temporary in the
 * destination's folder (mkstemp), written, flushed and fsynced, then renamed over the
 * destination. A reader sees the old file or the whole new one, never a part; concurrent
 * writers to one path each write their own temporary and the last rename wins. On any
 * error the temporary is removed and the destination is left as it was. A symbolic link
 * stays a link (the file it names is replaced); a destination that exists and is not a
 * regular file (/dev/stdout, /dev/null, a FIFO) is written in place. */
#ifndef GCNREF_OFILE_H
#define GCNREF_OFILE_H

#include <stdio.h>

#include "gcnref/inst.h"

typedef struct {
  FILE *f;    /* write here between open and commit */
  char *path; /* the destination */
  char *tmp;  /* the temporary, PATH.tmp.XXXXXX */
} gcn_ofile;

/* Creates the temporary for PATH; O->f is open for writing. 0, or -1 with ERR. */
int gcn_ofile_open(gcn_ofile *o, const char *path, gcn_error *err);
/* Flushes, fsyncs and closes the temporary and renames it to the destination (then fsyncs
 * the folder). 0, or -1 with ERR (the temporary removed). O is released either way. */
int gcn_ofile_commit(gcn_ofile *o, gcn_error *err);
/* Closes and removes the temporary; O is released. Safe on a zeroed or released O. */
void gcn_ofile_abort(gcn_ofile *o);
/* For programs (not libraries inside a simulator, which own their signals): on SIGINT,
 * SIGTERM, SIGHUP or SIGPIPE, remove the temporaries still open, then die of the signal. */
void gcn_ofile_cleanup_on_signals(void);

#endif

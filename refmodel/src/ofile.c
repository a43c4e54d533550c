/* gcnref: atomic file output (gcnref/ofile.h). */
#define _DEFAULT_SOURCE /* realpath (NULL), lstat */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gcnref/ofile.h"

/* The temporaries open now, for the signal handler (async-signal-safe: unlink only). */
#define MAX_OPEN 16
static char *volatile open_tmp[MAX_OPEN];

static void track(char *tmp, bool add) {
  for (unsigned i = 0; i < MAX_OPEN; i++)
    if (add ? open_tmp[i] == NULL : open_tmp[i] == tmp) {
      open_tmp[i] = add ? tmp : NULL;
      return;
    }
}

static void on_signal(int sig) {
  for (unsigned i = 0; i < MAX_OPEN; i++)
    if (open_tmp[i]) unlink(open_tmp[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

void gcn_ofile_cleanup_on_signals(void) {
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue; /* kept ignored */
    sigaction(sigs[i], &sa, NULL);
  }
}

static void release(gcn_ofile *o) {
  track(o->tmp, false);
  free(o->tmp);
  free(o->path);
  memset(o, 0, sizeof *o);
}

/* A destination that is not a regular file (/dev/stdout, /dev/null, a FIFO) is written in
 * place: there is nothing to replace atomically, and a rename would replace the device. */
static int open_direct(gcn_ofile *o, const char *path, gcn_error *err) {
  o->path = strdup(path);
  o->f = o->path ? fopen(path, "w") : NULL;
  if (!o->f) {
    int e = errno;
    release(o);
    return gcn_fail(err, "cannot write %s: %s", path, strerror(e));
  }
  return 0;
}

int gcn_ofile_open(gcn_ofile *o, const char *path, gcn_error *err) {
  memset(o, 0, sizeof *o);
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return open_direct(o, path, err);
  /* A symbolic link keeps pointing at the new file: the file it names is replaced. */
  char *real = lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
  if (real) path = real;
  size_t n = strlen(path);
  o->path = malloc(n + 1);
  o->tmp = malloc(n + sizeof ".tmp.XXXXXX");
  if (!o->path || !o->tmp) {
    free(real);
    release(o);
    return gcn_fail(err, "out of memory");
  }
  memcpy(o->path, path, n + 1);
  free(real);
  path = o->path;
  memcpy(o->tmp, path, n);
  memcpy(o->tmp + n, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    gcn_fail(err, "cannot create a temporary for %s: %s", path, strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    release(o);
    return -1;
  }
  track(o->tmp, true);
  /* mkstemp makes the file 0600: give it the mode a new file gets (0666 less the umask). */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  o->f = fdopen(fd, "w");
  if (!o->f) {
    gcn_fail(err, "cannot write %s: %s", path, strerror(errno));
    close(fd);
    gcn_ofile_abort(o);
    return -1;
  }
  return 0;
}

void gcn_ofile_abort(gcn_ofile *o) {
  if (o->f) fclose(o->f);
  if (o->tmp) unlink(o->tmp);
  release(o);
}

/* The folder of PATH, fsynced so that the rename itself survives a crash (best effort). */
static void sync_dir(const char *path) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
  if (!dir) return;
  int fd = open(dir, O_RDONLY);
  if (fd >= 0) {
    fsync(fd);
    close(fd);
  }
  free(dir);
}

int gcn_ofile_commit(gcn_ofile *o, gcn_error *err) {
  int rc = 0, e = 0;
  if (!o->tmp) { /* written in place (not a regular file) */
    errno = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) rc = -1, e = errno ? errno : EIO;
    if (fclose(o->f) != 0 && !rc) rc = -1, e = errno;
    o->f = NULL;
    if (rc) gcn_fail(err, "cannot write %s: %s", o->path, strerror(e));
    release(o);
    return rc;
  }
  if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0) {
    rc = -1;
    e = errno ? errno : EIO;
  }
  if (fclose(o->f) != 0 && rc == 0) {
    rc = -1;
    e = errno;
  }
  o->f = NULL;
  if (rc) {
    gcn_fail(err, "cannot write %s: %s", o->path, strerror(e));
  } else if (rename(o->tmp, o->path) != 0) {
    gcn_fail(err, "cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
    rc = -1;
  }
  if (rc) {
    gcn_ofile_abort(o);
    return -1;
  }
  track(o->tmp, false);
  sync_dir(o->path);
  release(o);
  return 0;
}

"""The Python writers' one way to write a file (the C tools use refmodel/src/ofile.c, the
same pattern): a unique temporary in the destination's folder (tempfile.mkstemp), written,
flushed and fsynced, then renamed over the destination. A reader sees the old file or the
whole new one; on any error the temporary is removed and the error propagates.

    from atomic import atomic_open
    with atomic_open(path) as f:        # text; atomic_open(path, "wb") for bytes
        f.write(...)
"""
import contextlib
import os
import sys
import tempfile


@contextlib.contextmanager
def atomic_open(path, mode="w", encoding="utf-8"):
    """A symbolic link stays a link (the file it names is replaced); a destination that is
    not a regular file (/dev/stdout, a FIFO) is written in place."""
    if os.path.exists(path) and not os.path.isfile(path):
        with open(path, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
        return
    path = os.path.realpath(path) if os.path.islink(path) else path
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp.", dir=folder)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # the mode a new file gets, not mkstemp's 0600
        with open(fd, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # the rename itself, on disk (best effort)
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def atomic_write(path, data):
    """Writes DATA (str or bytes) to PATH atomically."""
    with atomic_open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


class _Checked:
    """Standard output that remembers a write error, even one a library swallows (argparse
    ignores OSError when it prints --help)."""

    def __init__(self, stream):
        self._stream, self.error = stream, None

    def _call(self, name, *args):
        try:
            return getattr(self._stream, name)(*args)
        except OSError as e:
            self.error = self.error or e
            raise

    def write(self, text):
        return self._call("write", text)

    def flush(self):
        return self._call("flush")

    def __getattr__(self, name):
        return getattr(self._stream, name)


def run_main(main, prog):
    """Runs MAIN() (its return or SystemExit code is the exit status) and then flushes
    standard output: a write error there (a full device, a closed pipe) is a message and
    exit status 2, as for the C tools, instead of being lost at interpreter exit."""
    out = sys.stdout = _Checked(sys.stdout)
    try:
        rc = main()
    except SystemExit as e:
        rc = e.code
    with contextlib.suppress(OSError):
        out.flush()
    if out.error:
        sys.stderr.write(f"{prog}: error: cannot write standard output: {out.error.strerror}\n")
        with contextlib.suppress(OSError):  # what is still buffered goes nowhere at exit
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        rc = rc or 2
    return rc

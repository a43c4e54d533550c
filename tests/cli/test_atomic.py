#!/usr/bin/env python3
"""Files the tools write are always whole (issue 18 items 2 and 4, deliverable 3): every
writer goes through one helper (refmodel/src/ofile.c; scripts/atomic.py for Python): a
unique temporary in the destination's folder, write, fflush + fsync, rename.

  - concurrent `gcnref gen -o ONE_PATH` runs: every one exits 0 and the file is exactly one
    of their outputs (each checked against the same command's standard output); no
    temporary is left (failed on 4349c11: both wrote ONE_PATH.tmp, the file was mixed or a
    rename failed);
  - writers killed mid-write (SIGKILL, SIGTERM, SIGINT): the destination is the old file,
    untouched; after SIGTERM/SIGINT no temporary is left either (4349c11 left FILE.tmp);
  - concurrent `cov merge -o`, `run --coverage` to one path: always one complete database
    (a v3 file whose end line counts its bins);
  - a coverage database cut anywhere (item 4) is an error FILE:LINE: error, exit 2, for
    cov merge, cov summary and gen --coverage (4349c11 accepted a cut file, exit 0);
  - a full disk (RLIMIT_FSIZE, SIGXFSZ ignored) for every file writer: a message, a
    non-zero exit, the old file untouched, no temporary;
  - the Python writers (scripts/atomic.py): killed and concurrent writers to one path;
  - a destination that is a device (/dev/full, /dev/null, /dev/stdout) is written in
    place, never replaced by a rename; a symbolic link stays a link.

    python3 tests/cli/test_atomic.py --bin PATH_TO_GCNREF
Ends with "N passed, N failed".
"""
import glob
import os
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from checks import check, skip, summary  # noqa: E402

SANITIZER = ("AddressSanitizer", "runtime error:", "UndefinedBehaviorSanitizer", "LeakSanitizer")


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)


def leftovers(folder):
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(folder, "*.tmp*")))


def whole_db(path):
    """A v4 coverage database whose end line counts its bin lines, ending in a newline."""
    with open(path) as f:
        text = f.read()
    lines = text.split("\n")
    if not text.endswith("\n") or lines[0] != "# gcnref coverage v4":
        return False
    body = lines[1:-1]
    if not body or not body[-1].startswith("# end "):
        return False
    bins = [l for l in body[:-1] if l and not l.startswith("#")]
    return body[-1] == f"# end {len(bins)}"


def test_gen_concurrent(bin_, tmp):
    out = os.path.join(tmp, "one.vec")
    seeds = [11, 22, 33, 44]
    want = {}
    for s in seeds:
        want[s] = run([bin_, "gen", "--gen", "gcn14", "--seed", str(s), "--count", "150"]).stdout
    for rnd in range(3):
        procs = [subprocess.Popen([bin_, "gen", "--gen", "gcn14", "--seed", str(s), "--count", "150", "-o", out],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for s in seeds]
        res = [p.communicate(timeout=300) + (p.returncode,) for p in procs]
        with open(out) as f:
            got = f.read()
        check(all(r[2] == 0 for r in res) and got in want.values() and not leftovers(tmp),
              f"4 concurrent gen -o to one path (round {rnd}): all exit 0, the file is one whole output, "
              "no temporary left", "\n".join(r[1] for r in res) + f"\nleft: {leftovers(tmp)}")


def test_killed(bin_, tmp):
    """A writer killed mid-write leaves the old file; SIGTERM/SIGINT leave no temporary."""
    out = os.path.join(tmp, "killed.vec")
    cases = [("gen", [bin_, "gen", "--gen", "gcn12", "--seed", "5", "--count", "200000", "-o", out])]
    for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGINT):
        for what, cmd in cases:
            with open(out, "w") as f:
                f.write("old\n")
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            deadline = time.time() + 20
            while not leftovers(tmp) and time.time() < deadline and p.poll() is None:
                time.sleep(0.01)
            time.sleep(0.2)  # well inside the write
            started = bool(leftovers(tmp))
            p.send_signal(sig)
            p.wait(timeout=60)
            with open(out) as f:
                old = f.read() == "old\n"
            left = leftovers(tmp)
            for t in left:
                os.unlink(os.path.join(tmp, t))
            ok = started and p.returncode == -sig and old and (sig == signal.SIGKILL or not left)
            check(ok, f"{what} killed by {signal.Signals(sig).name} mid-write: the old file is untouched"
                  + ("" if sig == signal.SIGKILL else ", no temporary left"),
                  f"started {started} rc {p.returncode} old {old} left {left}")


def test_cov_concurrent(bin_, tmp):
    vec = os.path.join(tmp, "cov.vec")
    # A seed whose 20 vectors have no deliberately illegal word (run exits 2 at one; generator
    # version 15).
    run([bin_, "gen", "--gen", "gcn11", "--seed", "103", "--count", "20", "-o", vec])
    dbs = []
    for i in range(3):
        db = os.path.join(tmp, f"part{i}.db")
        run([bin_, "run", "--coverage", db, vec])
        dbs.append(db)
    out = os.path.join(tmp, "merged.db")
    for rnd in range(3):
        procs = [subprocess.Popen([bin_, "cov", "merge", "-o", out] + dbs[:k + 1], stderr=subprocess.PIPE)
                 for k in range(3)]
        procs += [subprocess.Popen([bin_, "run", "--coverage", out, vec], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)]
        rcs = [p.wait(timeout=300) for p in procs]
        check(all(r == 0 for r in rcs) and whole_db(out) and not leftovers(tmp),
              f"concurrent cov merge -o / run --coverage to one path (round {rnd}): one whole database",
              f"rcs {rcs} left {leftovers(tmp)}")


def test_truncated_db(bin_, tmp):
    """Item 4: every cut of a real database is refused with FILE:LINE: error, exit 2."""
    vec = os.path.join(tmp, "t.vec")
    run([bin_, "gen", "--gen", "gcn10", "--seed", "8", "--count", "5", "-o", vec])
    db = os.path.join(tmp, "whole.db")
    run([bin_, "run", "--coverage", db, vec])
    with open(db, "rb") as f:
        data = f.read()
    check(whole_db(db), "run --coverage writes a v4 database ending in '# end N'")
    n = len(data)
    nl = [i for i, b in enumerate(data) if b == 10]
    cuts = sorted({n - 1, n - 2, n - 4, nl[-2] + 1, nl[len(nl) // 2] + 1, nl[len(nl) // 2] - 1, n // 3, 30})
    bad = []
    cut = os.path.join(tmp, "cut.db")
    for c in cuts:
        with open(cut, "wb") as f:
            f.write(data[:c])
        for args in (["cov", "merge", "-o", os.path.join(tmp, "m.db"), cut], ["cov", "summary", cut],
                     ["gen", "--gen", "gcn10", "--seed", "1", "--coverage", cut]):
            r = run([bin_] + args)
            if not (r.returncode == 2 and r.stderr.startswith(cut + ":") and ": error: " in r.stderr
                    and not any(m in r.stderr for m in SANITIZER)):
                bad.append(f"cut at {c}: {' '.join(args[:2])}: rc {r.returncode}: {r.stderr.strip()[:200]}")
    check(not bad, f"a database cut at {len(cuts)} places: cov merge, cov summary, gen --coverage say "
          "FILE:LINE: error, exit 2", "\n".join(bad))
    r = run([bin_, "cov", "summary", db])
    check(r.returncode == 0, "the whole database is read", r.stderr)


def fsize_limit(nbytes):
    def pre():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return pre


def test_full_disk(bin_, tmp):
    """A full disk, simulated by RLIMIT_FSIZE: every file writer says so and exits non-zero;
    the destination keeps its old content and no temporary is left."""
    vec = os.path.join(tmp, "small.vec")
    run([bin_, "gen", "--gen", "gcn14", "--seed", "2", "--count", "3", "-o", vec])
    db = os.path.join(tmp, "small.db")
    run([bin_, "run", "--coverage", db, vec])
    dest = os.path.join(tmp, "dest")
    cases = {
        "gen -o": [bin_, "gen", "--gen", "gcn14", "--seed", "2", "--count", "50", "-o", dest],
        "cov merge -o": [bin_, "cov", "merge", "-o", dest, db],
        "run --coverage": [bin_, "run", "--coverage", dest, vec],
        "run --timing --coverage": [bin_, "run", "--timing", "--coverage", dest, vec],
        "minimize -o": [bin_, "minimize", "--cmd", "grep -q s_ {}", "-o", dest, vec],
        "report.py": [sys.executable, os.path.join(ROOT, "scripts", "report.py"), "--out", tmp, "--cov", db],
    }
    for what, cmd in cases.items():
        target = os.path.join(tmp, "index.html") if what == "report.py" else dest
        with open(target, "w") as f:
            f.write("old\n")
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, preexec_fn=fsize_limit(2048))
        with open(target) as f:
            old = f.read() == "old\n"
        msg = ("File too large" in p.stderr or "EFBIG" in p.stderr or "Errno 27" in p.stderr)
        check(p.returncode != 0 and msg and old and not leftovers(tmp),
              f"{what} on a full disk: a message, exit non-zero, the old file kept, no temporary",
              f"rc {p.returncode} old {old} left {leftovers(tmp)}\n{p.stderr[-600:]}")
        for t in leftovers(tmp):
            os.unlink(os.path.join(tmp, t))


def test_special_destinations(bin_, tmp):
    """A destination that is not a regular file is written in place, never replaced (as
    root a rename would replace /dev/full itself); a symbolic link stays a link."""
    # Private copies of /dev/full and /dev/null (mknod, as root): a broken writer replaces
    # those, not the machine's.
    for name, minor in (("full", 7), ("null", 3)):
        dev = os.path.join(tmp, name)
        try:
            os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
        except OSError as e:
            skip(f"gen -o a {name} device", f"mknod: {e.strerror}")
            continue
        r = run([bin_, "gen", "--gen", "gcn14", "--seed", "1", "-o", dev])
        check(stat.S_ISCHR(os.stat(dev).st_mode) and (r.returncode != 0) == (name == "full") and not leftovers(tmp),
              f"gen -o a {name} device: written in place ({'an error' if name == 'full' else 'exit 0'}), "
              "still a device", r.stderr)
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    fd = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # the reader, open before the writer (never blocks)
    r = run([bin_, "gen", "--gen", "gcn14", "--seed", "1", "-o", fifo])  # about 5 KB: fits the pipe
    got = b""
    try:
        while True:
            got += os.read(fd, 65536)
    except BlockingIOError:
        pass
    os.close(fd)
    want = run([bin_, "gen", "--gen", "gcn14", "--seed", "1"]).stdout
    check(r.returncode == 0 and got.decode() == want and stat.S_ISFIFO(os.stat(fifo).st_mode),
          "gen -o FIFO: the vectors go through the FIFO, which stays one", r.stderr)
    for args in (["gen", "--gen", "gcn14", "--seed", "1"], ["cov", "merge", whole := os.path.join(tmp, "w.db")]):
        if args[0] == "cov":
            with open(whole, "w") as f:
                f.write("# gcnref coverage v3\n# end 0\n")
        r = run([bin_] + args + ["-o", os.path.join(tmp, "missing", "out")])
        check(r.returncode == 2 and "cannot create a temporary" in r.stderr and r.stderr.count("\n") == 1
              and not any(m in r.stderr for m in SANITIZER),
              f"{' '.join(args[:2])} -o a missing folder: one message, exit 2, no sanitizer report", r.stderr)
    out = os.path.join(tmp, "stdout")  # what /dev/stdout is, in a folder of the test's own
    os.symlink("/proc/self/fd/1", out)
    r = run([bin_, "gen", "--gen", "gcn14", "--seed", "1", "-o", out])
    check(r.returncode == 0 and r.stdout == want and os.path.islink(out),
          "gen -o a link to standard output (a pipe) writes standard output", r.stderr)
    target, link = os.path.join(tmp, "target.vec"), os.path.join(tmp, "link.vec")
    with open(target, "w") as f:
        f.write("old\n")
    os.symlink("target.vec", link)
    r = run([bin_, "gen", "--gen", "gcn14", "--seed", "1", "-o", link])
    with open(target) as f:
        got = f.read()
    check(r.returncode == 0 and os.path.islink(link) and got == want and not leftovers(tmp),
          "gen -o LINK: the link stays, the file it names is replaced", r.stderr)
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    from atomic import atomic_write
    atomic_write(link, "py\n")
    with open(target) as f:
        got = f.read()
    check(os.path.islink(link) and got == "py\n", "atomic.py: a symbolic link stays a link")
    null = os.path.join(tmp, "null")
    if os.path.exists(null):
        atomic_write(null, "x")
        check(stat.S_ISCHR(os.stat(null).st_mode), "atomic.py: a device is written in place, stays a device")


WRITER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from atomic import atomic_open
with atomic_open(sys.argv[2]) as f:
    for i in range(int(sys.argv[4])):
        f.write(sys.argv[3] * 1000 + "\n")
        if i == 5:
            f.flush()
            print("writing", flush=True)
            time.sleep(float(sys.argv[5]))
"""


def test_python_writer(tmp):
    """scripts/atomic.py: killed writers leave the old file; concurrent ones one whole file."""
    scripts = os.path.join(ROOT, "scripts")
    out = os.path.join(tmp, "py.txt")
    for sig in (signal.SIGKILL, signal.SIGTERM):
        with open(out, "w") as f:
            f.write("old\n")
        p = subprocess.Popen([sys.executable, "-c", WRITER, scripts, out, "k", "100", "30"], stdout=subprocess.PIPE,
                             text=True)
        p.stdout.readline()
        started = bool(leftovers(tmp))
        p.send_signal(sig)
        p.wait(timeout=30)
        with open(out) as f:
            old = f.read() == "old\n"
        for t in leftovers(tmp):
            os.unlink(os.path.join(tmp, t))
        check(started and old, f"atomic.py writer killed by {signal.Signals(sig).name}: the old file is untouched")
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, scripts, out, c, "200", "0.05"],
                              stdout=subprocess.DEVNULL) for c in "abcd"]
    rcs = [p.wait(timeout=60) for p in procs]
    with open(out) as f:
        text = f.read()
    check(all(r == 0 for r in rcs) and text in [(c * 1000 + "\n") * 200 for c in "abcd"] and not leftovers(tmp),
          "4 concurrent atomic.py writers to one path: one whole file, no temporary")


def main():
    bin_ = sys.argv[sys.argv.index("--bin") + 1] if "--bin" in sys.argv else "build/bin/gcnref"
    bin_ = os.path.abspath(bin_)
    with tempfile.TemporaryDirectory() as tmp:
        for t in (test_gen_concurrent, test_killed, test_cov_concurrent, test_truncated_db, test_full_disk,
                  test_special_destinations):
            sub = os.path.join(tmp, t.__name__)
            os.mkdir(sub)
            t(bin_, sub)
        sub = os.path.join(tmp, "py")
        os.mkdir(sub)
        test_python_writer(sub)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

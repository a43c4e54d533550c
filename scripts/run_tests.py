#!/usr/bin/env python3
"""Runs gcnref test suites and prints one summary line, "N passed, N failed".

The suites are declared once, in make (tests/suites.mk: each suite's tiers and command, with
every path taken from make's variables); `make test` writes them to BUILD/suites.list, one
per line as `NAME | TIERS | COMMAND`, and hands that file to this runner. Nothing here names
a build artifact.

Each suite's full output goes to BUILD/test-logs/<suite>.log; a failing suite's output is
also shown. Counts come from each suite's own closing line (cmocka's "[  PASSED  ] N
test(s)" / "[  FAILED  ] N test(s)", or "N passed, N failed"); a suite that crashes or
prints no count counts as one failure.

  -k PATTERN     run only the suites whose name contains PATTERN (several -k: any of them)
  --tier T       run only the suites of tier T (quick, full, san)
  -j N           run N suites at once (output stays in list order)
  --first A,B    with -j, start these suites first (the longest: the others fill the gaps)
  --junitxml F   also write a JUnit XML report (one testcase per suite)
  --list-suites  print the selected suites and exit

A suite that runs longer than GCNREF_SUITE_TIMEOUT seconds (default 1200) is killed with every
process it started (its own process group) and counts as one failure.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic import atomic_open, run_main  # noqa: E402

PLAIN = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$", re.M)
CM_PASS = re.compile(r"^\[  PASSED  \] (\d+) test", re.M)
CM_FAIL = re.compile(r"^\[  FAILED  \] (\d+) test", re.M)
SUITE_TIMEOUT = int(os.environ.get("GCNREF_SUITE_TIMEOUT", "1200"))


def count(output):
    m = PLAIN.findall(output)
    if m:
        p, f, s = m[-1]
        return int(p), int(f), int(s or 0)
    p = sum(int(x) for x in CM_PASS.findall(output))
    f = sum(int(x) for x in CM_FAIL.findall(output))
    if p or f:
        return p, f, 0
    return None


def read_list(path):
    """NAME | TIERS | COMMAND lines; '#' comments and blank lines ignored."""
    suites = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|", 2)]
            if len(parts) != 3 or not parts[0] or not parts[2]:
                raise SystemExit(f"{path}:{lineno}: error: expected 'NAME | TIERS | COMMAND'")
            suites.append((parts[0], parts[1].split(), shlex.split(parts[2])))
    return suites


RUNNING = set()  # the suites' processes running now (each the leader of its own group)
RUNNING_LOCK = threading.Lock()
STOPPING = threading.Event()  # the runner was interrupted: start no more suites


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stop_all():
    """Interrupted (Ctrl-C): the suites are not in the terminal's process group, so kill them."""
    STOPPING.set()
    with RUNNING_LOCK:
        for proc in RUNNING:
            kill_group(proc)


def run_suite(name, cmd, logs, env):
    """Runs one suite: (passed, failed, skipped, output, wall seconds, CPU seconds: user + sys
    of the suite and its children, less sensitive to other work than the wall clock)."""
    start = time.time()
    cpu = 0.0
    try:
        if STOPPING.is_set():
            raise OSError("interrupted")
        # Its own process group: a timeout kills the suite and every process it started (a
        # grandchild holding the output pipe would otherwise keep the read waiting).
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
                                errors="replace", start_new_session=True)
    except OSError as e:
        out, rc = f"cannot run {cmd[0]}: {e}\n", -1
    else:
        with RUNNING_LOCK:
            RUNNING.add(proc)
        timer = threading.Timer(SUITE_TIMEOUT, kill_group, (proc,))
        timer.start()
        try:
            out = proc.stdout.read()
            proc.stdout.close()
            # wait4 (not proc.wait) for the suite's resource usage.
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = rc = os.waitstatus_to_exitcode(status)
            cpu = usage.ru_utime + usage.ru_stime
        finally:
            timed_out = not timer.is_alive()
            timer.cancel()
            with RUNNING_LOCK:
                RUNNING.discard(proc)
        if timed_out:
            out, rc = out + f"\n(timed out after {SUITE_TIMEOUT} s)\n", -1
    logname = re.sub(r"[^\w.-]+", "_", name) + ".log"
    with open(os.path.join(logs, logname), "w", encoding="utf-8") as f:
        f.write(out)
    c = count(out)
    if c is None:
        p, fl, s = 0, 1, 0
    else:
        p, fl, s = c
        if rc != 0 and fl == 0:
            fl = 1  # crashed, or a sanitizer fired after the counts
    return p, fl, s, out, time.time() - start, cpu


def write_junit(path, results, wall):
    suites = ET.Element("testsuites", tests=str(len(results)), time=f"{wall:.1f}",
                        failures=str(sum(1 for r in results if r[2])))
    ts = ET.SubElement(suites, "testsuite", name="gcnref", tests=str(len(results)),
                       failures=str(sum(1 for r in results if r[2])), time=f"{wall:.1f}")
    for name, p, fl, s, out, secs in results:
        tc = ET.SubElement(ts, "testcase", classname="gcnref", name=name, time=f"{secs:.1f}")
        ET.SubElement(tc, "system-out").text = f"{p} passed, {fl} failed, {s} skipped"
        if fl:
            ET.SubElement(tc, "failure", message=f"{fl} failed").text = "\n".join(out.splitlines()[-80:])
    with atomic_open(path, "wb") as f:
        ET.ElementTree(suites).write(f, encoding="utf-8", xml_declaration=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", required=True, help="the suite list make wrote (BUILD/suites.list)")
    ap.add_argument("--build", default="build", help="where test-logs/ goes")
    ap.add_argument("--tier", default=None)
    ap.add_argument("-k", action="append", default=[], dest="patterns")
    ap.add_argument("-j", type=int, default=1, dest="jobs")
    ap.add_argument("--first", default="", help="comma-separated suites to start first")
    ap.add_argument("--junitxml", default=None)
    ap.add_argument("--list-suites", action="store_true")
    args = ap.parse_args()
    suites = read_list(args.list)
    if args.tier:
        suites = [s for s in suites if args.tier in s[1]]
    if args.patterns:
        suites = [s for s in suites if any(p in s[0] for p in args.patterns)]
    if args.list_suites:
        for name, tiers, cmd in suites:
            print(f"{name:34} {' '.join(tiers):16} {shlex.join(cmd)}")
        return 0
    if not suites:
        print("run_tests: no suite selected", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    logs = os.path.join(args.build, "test-logs")
    os.makedirs(logs, exist_ok=True)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    wall0 = time.time()
    results = []
    cpu_total = 0.0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        first = [n for n in args.first.split(",") if n]
        order = sorted(suites, key=lambda s: first.index(s[0]) if s[0] in first else len(first))
        futures = {name: pool.submit(run_suite, name, cmd, logs, env) for name, _, cmd in order}
        for name, _, _ in suites:
            try:
                p, fl, s, out, secs, cpu = futures[name].result()
            except KeyboardInterrupt:
                stop_all()
                print("run_tests.py: interrupted: the running suites were stopped", file=sys.stderr)
                return 130
            results.append((name, p, fl, s, out, secs))
            cpu_total += cpu
            status = "ok" if fl == 0 else "FAIL"
            extra = f", {s} skipped" if s else ""
            print(f"  {status:4} {name:34} {p} passed, {fl} failed{extra}  ({secs:.1f}s, CPU {cpu:.1f}s)",
                  flush=True)
            if fl:
                tail = out.strip().splitlines()[-40:]
                print("\n".join("       | " + line for line in tail))
            elif s:
                for line in out.splitlines():
                    if "skip" in line.lower():
                        print("       | " + line)
    wall = time.time() - wall0
    if args.junitxml:
        write_junit(args.junitxml, results, wall)
    total_p = sum(r[1] for r in results)
    total_f = sum(r[2] for r in results)
    total_s = sum(r[3] for r in results)
    print(f"suites: {len(results)}, {args.jobs} at a time, run time {wall:.0f} s, CPU {cpu_total:.0f} s "
          f"(load average {os.getloadavg()[0]:.1f})")
    extra = f", {total_s} skipped" if total_s else ""
    print(f"{total_p} passed, {total_f} failed{extra}")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(run_main(main, "run_tests.py"))

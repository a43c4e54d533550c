#!/usr/bin/env python3
"""exec_census.py: where do a vector file's VALU instructions run with EXEC = 0?

Runs `gcnref run --trace` on a vector file, follows EXEC through every vector (its `init
exec=` line, all ones without one, then every retired write of exec_lo/exec_hi) and counts
each VALU instruction (a mnemonic starting with v_) as all_off, all_on or partial, the bins
of the coverage model's exec group. Each all_off instruction is charged to the instruction
that made EXEC 0 (its mnemonic, `init` for the initial state; a later write of 0 over 0,
such as a v_cmpx under EXEC = 0, keeps the charge where it was), and the instructions are
also summed by kind (v_cmpx, saveexec, s_mov_b64, ...), so the tables say which instructions
leave EXEC = 0 behind and how many VALU instructions run under it.

usage: scripts/exec_census.py [--gcnref build/bin/gcnref] FILE.vec
"""
import argparse
import collections
import re
import subprocess
import sys

ALL = (1 << 64) - 1
WRITE = re.compile(r"\b(exec_lo|exec_hi)=0x([0-9a-f]+)")


def census(gcnref, path):
    init = {}
    name = None
    with open(path) as f:
        for line in f:
            if line.startswith("vector "):
                name = line.split()[1]
                init[name] = ("init", ALL)
            elif line.startswith("init exec=") and name:
                init[name] = ("init", int(line.split("=", 1)[1], 16))
    out = subprocess.run([gcnref, "run", path, "--trace"], capture_output=True, text=True).stdout
    bins = collections.Counter()
    off_by = collections.Counter()
    runs_by = collections.Counter()
    exec_val, writer, in_run = ALL, "init", False
    for line in out.splitlines():
        if line.startswith("; vector "):
            writer, exec_val = init.get(line.split()[2], ("init", ALL))
            in_run = False
            continue
        m = re.match(r"\[0x[0-9a-f]+\] (\S+)", line)
        if not m:
            continue
        mnem = m.group(1)
        if mnem.startswith("v_"):
            if exec_val == 0:
                bins["all_off"] += 1
                off_by[writer] += 1
                if not in_run:
                    runs_by[writer] += 1
                    in_run = True
            else:
                bins["all_on" if exec_val == ALL else "partial"] += 1
        writes = WRITE.findall(line)
        if writes:
            before = exec_val
            for reg, val in writes:
                v = int(val, 16)
                exec_val = (exec_val & ~0xffffffff | v) if reg == "exec_lo" else \
                    (exec_val & 0xffffffff | v << 32)
            if before != 0 or exec_val != 0:
                writer, in_run = mnem, False
    return bins, off_by, runs_by


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcnref", default="build/bin/gcnref")
    ap.add_argument("--top", type=int, default=15, help="mnemonics listed (default 15)")
    ap.add_argument("file")
    a = ap.parse_args()
    bins, off_by, runs_by = census(a.gcnref, a.file)
    total = sum(bins.values()) or 1
    for b in ("all_off", "all_on", "partial"):
        print(f"exec.{b:8} {bins[b]:7}  {100.0 * bins[b] / total:5.1f}%")
    print(f"\nall_off VALU instructions by the last EXEC writer (runs = stretches of them):")
    for w, n in off_by.most_common(a.top):
        print(f"  {w:32} {n:6}  {100.0 * n / total:5.1f}% of VALU  runs {runs_by[w]:5}")
    kinds = collections.Counter()
    kruns = collections.Counter()
    for w, n in off_by.items():
        kinds[kind(w)] += n
        kruns[kind(w)] += runs_by[w]
    print("\nby kind:")
    for k, n in kinds.most_common():
        print(f"  {k:32} {n:6}  {100.0 * n / total:5.1f}% of VALU  runs {kruns[k]:5}")
    return 0


def kind(mnem):
    if re.match(r"v_cmps?x_", mnem):
        return "v_cmpx/v_cmpsx"
    if mnem.startswith("v_"):
        return "other VALU (EXEC as SDST)"
    if "saveexec" in mnem:
        return "s_*_saveexec_b64"
    if mnem.startswith("s_cbranch") or mnem.startswith("s_setpc") or mnem.startswith("s_swappc"):
        return "fork/join"
    return mnem if mnem in ("init", "s_mov_b64") else "other SALU to exec"


if __name__ == "__main__":
    sys.exit(main())

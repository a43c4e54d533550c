#!/usr/bin/env python3
"""The example DUT in retire mode (docs/retire.md; make exdut-test, suite rtl_exdut): the
clean DUT passes every vector of every generation it supports with zero mismatches, with
X and uninitialised values random (+verilator+rand+reset+2); the fault build with no fault
on passes too; each fault of faults.txt is caught, every failing vector's first mismatch at
the fault's instruction and field; the hanging DUT is stopped by the watchdog with a report
and the run goes on with the next vectors; an X result is reported with the seed that
reproduces it; the minimizer shrinks a failing vector in this mode; bad arguments exit 2. Ends with "N passed, N failed"."""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "common"))
from checks import check, summary  # noqa: E402

CAP = os.path.join("rtl_tb", "example_dut", "exdut.cap")
FIRST = re.compile(r"^first mismatch: retire \d+, PC 0x[0-9a-f]+  (.*?) \| field: (.*)$")


def run(sim, args):
    p = subprocess.run([sim] + args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


def faults():
    out = []
    for line in open(os.path.join(HERE, "faults.txt")):
        line = line.split("#")[0].strip()
        if line:
            name, mnemonic, field = line.split(None, 2)
            out.append((name, mnemonic, field.strip()))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True, help="build/rtl/exdut")
    ap.add_argument("--gens", default="gcn10,gcn11")
    a = ap.parse_args()
    clean = os.path.join(a.build, "clean", "tb_exdut")
    faulty = os.path.join(a.build, "faults", "tb_exdut")
    vec = lambda g: os.path.join(a.build, "vec", f"{g}.vec")  # noqa: E731
    seed = ["+verilator+rand+reset+2", "+verilator+seed+11"]

    for g in a.gens.split(","):
        rc, out = run(clean, [f"+vectors={vec(g)}", f"+gen={g}", f"+cap={CAP}"] + seed)
        m = re.search(r"^(\d+) passed, (\d+) failed$", out, re.M)
        check(rc == 0 and m and int(m.group(1)) > 0 and m.group(2) == "0",
              f"clean DUT, {g}: {m.group(0) if m else 'no summary'}, zero mismatches", out)
    g0 = a.gens.split(",")[0]
    base = [f"+vectors={vec(g0)}", f"+gen={g0}", f"+cap={CAP}"] + seed
    rc, out = run(faulty, base)
    check(rc == 0 and re.search(r"^\d+ passed, 0 failed$", out, re.M), "fault build, no fault on: passes", out)

    for name, mnemonic, field in faults():
        rc, out = run(faulty, base + [f"+{name}", "+verbose"])
        firsts = [FIRST.match(l) for l in out.splitlines() if l.startswith("first mismatch:")]
        bad = [f.group(0) for f in firsts if not f or not re.match(mnemonic, f.group(1)) or not re.search(field, f.group(2))]
        check(rc == 1 and firsts and not bad,
              f"{name}: caught in {len(firsts)} vectors, each at {mnemonic}, field {field}",
              "\n".join(bad) if bad else out)
        if name == "EXDUT_MAX_I32_UNSIGNED" and firsts and not bad:
            # The minimizer works in retire mode: the first failing vector shrinks to the
            # instructions the failure needs, s_max_i32 among them.
            idx = re.search(r"^FAIL \S+ \(index (\d+) of", out, re.M).group(1)
            sim = f"{faulty} +gen={g0} +{name} +vectors={{}}"
            p = subprocess.run([os.path.join(ROOT, "build", "bin", "gcnref"), "minimize", vec(g0), "--index", idx,
                                "--cmd", sim, "--fails-when-output", "field: (s[0-9]+|SCC)"],
                               cwd=ROOT, capture_output=True, text=True, timeout=300)
            code = [l for l in p.stdout.splitlines() if l.startswith("code ")]
            check(p.returncode == 0 and any("s_max_i32" in l for l in code) and len(code) <= 4,
                  f"{name}: gcnref minimize shrinks vector {idx} to {len(code)} instructions with s_max_i32",
                  p.stdout + p.stderr)
        if name.startswith("EXDUT_HANG"):
            lines = out.splitlines()
            hung = [i for i, l in enumerate(lines) if l.startswith("FAIL ") and l.endswith(", watchdog")]
            check(hung and any(l.startswith("ok   ") for l in lines[hung[0]:]),
                  f"{name}: the watchdog stops the vector with a report and the next vectors run",
                  out)
            check("watchdog: no instruction retired for 2000 cycles" in out, f"{name}: the report says how long", out)
        if name.startswith("EXDUT_X"):
            check("reproduce: " in out and "+verilator+seed+11" in out, f"{name}: the report names the seed", out)

    # gcnref gen --capability: a bad file is "FILE:LINE: error: ...", exit 2.
    bad = os.path.join(a.build, "bad.cap")
    with open(bad, "w") as f:
        f.write("capability 1\nallow s_frob\n")
    p = subprocess.run([os.path.join(ROOT, "build", "bin", "gcnref"), "gen", "--gen", "gcn10", "--seed", "1",
                        "--capability", bad], capture_output=True, text=True, timeout=60)
    check(p.returncode == 2 and p.stderr.startswith(f"{bad}:2: error: unknown instruction 's_frob'"),
          "gcnref gen --capability with a bad file: FILE:LINE: error, exit 2", p.stdout + p.stderr)
    rc, out = run(clean, ["+gen=gcn99"])
    check(rc == 2 and "usage: tb_exdut" in out, "bad arguments: usage, exit 2", out)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

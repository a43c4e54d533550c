#!/usr/bin/env python3
"""Checks of the random co-simulation testbench (tb_cosim) beyond its smoke run:

- determinism: `gcnref gen` twice with the same seed writes byte-identical vector files;
  the simulator twice on the same vectors writes byte-identical reports apart from the
  lines that start with "wall:" (wall-clock times and rates), for a passing run and, with
  the BUG_SCC_ADD_U32 simulator (make cosim-bugs-build), for a failing one;
- a failing run's report: the first mismatch line, the last instructions retired, the
  reproduction lines, the stop after +max_mismatches failing vectors (default 1);
- malformed vector files (truncated, wrong version, unknown instruction, register out of
  range) and bad plusargs: a clear "FILE:LINE: error: expected ..." message and exit
  status 2, no crash (no abort, no signal).

Usage: test_cosim.py [--build build] ; prints one line per check and "N passed, N failed".
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))), "tests", "common"))
from checks import check, summary  # noqa: E402

GENS = ["gcn10", "gcn11", "gcn12", "gcn14"]
PROFILE = "vectors/profiles/cosim_int.prof"


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace", timeout=600)
    return p.returncode, p.stdout


def stable(log):
    """The report without its wall-clock lines."""
    return "\n".join(l for l in log.splitlines() if not l.startswith("wall:"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    args = ap.parse_args()
    gcnref = os.path.join(args.build, "bin", "gcnref")
    cosim = os.path.join(args.build, "rtl", "cosim")
    sim = os.path.join(cosim, "cfg_1_6_2", "tb_cosim")
    bug = os.path.join(cosim, "bug_BUG_SCC_ADD_U32", "tb_cosim")
    tmp = os.path.join(cosim, "test_cosim")
    os.makedirs(tmp, exist_ok=True)

    # ---------------------------------------------------------------- vector files
    files = []
    for i, g in enumerate(GENS):
        texts = []
        for k in range(2):
            path = os.path.join(tmp, f"{g}_det{k}.vec")
            rc, out = run([gcnref, "gen", "--gen", g, "--seed", str(4242 + i), "--count", "30",
                           "--profile", PROFILE, "-o", path])
            texts.append(open(path, "rb").read() if rc == 0 else None)
        check(texts[0] is not None and texts[0] == texts[1],
              f"gcnref gen --gen {g} --seed {4242 + i} twice: byte-identical files ({len(texts[0] or b'')} bytes)")
        files.append(os.path.join(tmp, f"{g}_det0.vec"))
    vec_arg = "+vectors=" + ",".join(files)
    gen_arg = "+gen=" + ",".join(GENS)
    common = ["+self=" + sim, "+dir=" + tmp]

    # ---------------------------------------------------------------- a passing run, twice
    logs = [run([sim, vec_arg, gen_arg] + common) for _ in range(2)]
    ok_runs = all(rc == 0 and re.search(r"^120 passed, 0 failed$", out, re.M) for rc, out in logs)
    check(ok_runs, "co-simulation of the 4 x 30 vectors passes (twice)", logs[0][1])
    check(all(re.search(r"^wall: total ", out, re.M) for _, out in logs),
          "the wall-clock figures are on 'wall:' lines", logs[0][1])
    check(stable(logs[0][1]) == stable(logs[1][1]),
          "two runs: byte-identical reports apart from 'wall:' lines",
          "\n".join(a + "  <>  " + b for a, b in zip(stable(logs[0][1]).splitlines(),
                                                     stable(logs[1][1]).splitlines()) if a != b))

    # ---------------------------------------------------------------- a failing run, twice
    if os.access(bug, os.X_OK):
        bcommon = ["+self=" + bug, "+dir=" + tmp]
        blogs = [run([bug, vec_arg, gen_arg] + bcommon) for _ in range(2)]
        rc, out = blogs[0]
        check(rc == 1, f"BUG_SCC_ADD_U32 core: exit status 1 (got {rc})", out)
        check(stable(blogs[0][1]) == stable(blogs[1][1]),
              "BUG_SCC_ADD_U32 core, two runs: byte-identical reports apart from 'wall:' lines")
        first = re.search(r"^  first mismatch: cycle \d+, PC 0x[0-9a-f]+\s+(\S+).* \| field: (.*)$", out, re.M)
        check(first is not None and first.group(1) == "s_add_u32" and first.group(2) == "SCC",
              "the report names the first mismatch: s_add_u32, field SCC", out)
        hist = re.search(r"^  last (\d+) instructions retired before cycle \d+ \(model\):\n((?:    cycle +\d+  PC 0x[0-9a-f]+  \S.*\n)*)",
                         out, re.M)
        check(hist is not None and len(hist.group(2).splitlines()) == int(hist.group(1)) and
              int(hist.group(1)) <= 8,
              "the report lists the last (up to 8) instructions retired: cycle, PC, instruction", out)
        check(re.search(r"^reproduce: \S+gcnref gen --gen \S+ --seed \d+ --count 1 .* && \S+ \+vectors=", out, re.M)
              is not None and re.search(r"^reproduce with waves: \S+_waves/tb_cosim \+vectors=\S+ \+gen=\S+ \+only=\d+ .*\+waves=\S+\.fst$",
                                        out, re.M) is not None,
              "the report has the reproduction one-liners (from the seed; alone with waves)", out)
        check(len(re.findall(r"^FAIL ", out, re.M)) == 1 and
              "stopping after 1 failing vector(s) (+max_mismatches=1)" in out,
              "stops after the first failing vector by default", out)
        rc2, out2 = run([bug, vec_arg, gen_arg, "+max_mismatches=3"] + bcommon)
        check(len(re.findall(r"^FAIL ", out2, re.M)) == 3 and "(+max_mismatches=3)" in out2,
              "+max_mismatches=3: stops after 3 failing vectors", out2)
        # The same vector alone (+only), as the waves reproduction line runs it.
        m = re.search(r"^FAIL (\S+) (\S+) \(index (\d+) of (\S+)\)", out, re.M)
        if m:
            rc3, out3 = run([bug, "+vectors=" + m.group(4), "+gen=" + m.group(1), "+only=" + m.group(3)] + bcommon)
            check(rc3 == 1 and re.search(r"^0 passed, 1 failed$", out3, re.M) is not None and
                  f"FAIL {m.group(1)} {m.group(2)} (index {m.group(3)} of" in out3,
                  f"+only={m.group(3)}: that vector alone fails the same way", out3)
    else:
        print(f"     (no {bug}: the failing-run checks need make cosim-bugs-build)")
        check(False, f"{bug} built")

    # ---------------------------------------------------------------- malformed inputs
    good = open(files[2]).read()  # gcn12
    lines = good.splitlines(keepends=True)
    first_code = next(i for i, l in enumerate(lines) if l.startswith("code "))
    first_end = next(i for i, l in enumerate(lines) if l.strip() == "end")
    bad_reg = next(i for i, l in enumerate(lines) if l.startswith(("code ", "init ")))
    cases = [
        ("truncated", "".join(lines[:first_end]), first_end, "before the end of the file"),
        ("wrong version", good.replace("gcnvec 1", "gcnvec 2", 1), 1, "version 1"),
        ("unknown instruction",
         "".join(lines[:first_code]) + re.sub(r"^code (\S+) \S+", r"code \1 s_frobnicate", lines[first_code])
         + "".join(lines[first_code + 1:]), first_code + 1, "s_frobnicate"),
        ("register out of range",
         "".join(lines[:bad_reg]) + "init s200=0x1\n" + "".join(lines[bad_reg:]), bad_reg + 1, "s200"),
    ]
    for name, text, line, word in cases:
        path = os.path.join(tmp, "bad_" + name.replace(" ", "_") + ".vec")
        with open(path, "w") as f:
            f.write(text)
        rc, out = run([sim, "+vectors=" + path, "+gen=gcn12"] + common)
        msg = re.search(r"^ERROR gcn12: .*?%s:(\d+): error: expected (.*)$" % re.escape(path), out, re.M)
        check(rc == 2 and msg is not None and int(msg.group(1)) == line and word in msg.group(2)
              and "Aborting" not in out,
              f"malformed vector file ({name}): exit 2, '{os.path.basename(path)}:{line}: error: expected ...'",
              f"exit status {rc}\n{out}")
    rc, out = run([sim, "+vectors=" + files[0], "+gen=gcn13"] + common)
    check(rc == 2 and "unknown generation 'gcn13'" in out and "Aborting" not in out,
          "+gen=gcn13: exit 2 with a message", f"exit status {rc}\n{out}")
    rc, out = run([sim, "+vectors=" + files[0], "+gen=gcn10", "+valu_depth=3"] + common)
    check(rc == 2 and "rebuild it for" in out and "Aborting" not in out,
          "latencies other than the build's: exit 2 with a message", f"exit status {rc}\n{out}")
    rc, out = run([sim, "+vectors=" + os.path.join(tmp, "no_such.vec"), "+gen=gcn10"] + common)
    check(rc == 2 and "no_such.vec" in out and "Aborting" not in out,
          "a missing vector file: exit 2 with a message", f"exit status {rc}\n{out}")

    return summary()


if __name__ == "__main__":
    sys.exit(main())

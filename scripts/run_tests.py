#!/usr/bin/env python3
"""Runs every gcnref test suite and prints one summary line, "N passed, N failed".

Each suite's full output goes to BUILD/test-logs/<suite>.log; a failing suite's output is
also shown. Counts come from each suite's own closing line (cmocka's "[  PASSED  ] N
test(s)" / "[  FAILED  ] N test(s)", or "N passed, N failed"); a suite that crashes or
prints no count counts as one failure.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import time

PLAIN = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$", re.M)
CM_PASS = re.compile(r"^\[  PASSED  \] (\d+) test", re.M)
CM_FAIL = re.compile(r"^\[  FAILED  \] (\d+) test", re.M)


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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--san-build", default=None)
    args = ap.parse_args()
    logs = os.path.join(args.build, "test-logs")
    os.makedirs(logs, exist_ok=True)
    py = sys.executable
    suites = []
    for t in sorted(glob.glob(os.path.join(args.build, "tests", "test_*"))):
        suites.append((os.path.basename(t), [t]))
    kats = sorted(glob.glob("tests/kat/*.kat"))
    suites.append(("kat", [os.path.join(args.build, "tests", "kat_runner")] + kats))
    timings = sorted(glob.glob("tests/timing/*.timing"))
    if timings:
        suites.append(("timing", [os.path.join(args.build, "tests", "timing_runner")] + timings))
    suites.append(("dpi_selftest (Verilator)", [os.path.join(args.build, "dpi", "dpi_selftest")]))
    core = os.path.join(args.build, "rtl", "core")
    suites.append(("rtl_directed (Verilator)", [os.path.join(core, "tb_core"),
                                                "+manifest=" + os.path.join(core, "manifest.txt"),
                                                "+dir=" + core]))
    suites.append(("rtl_decode (Verilator)", [os.path.join(core, "decode_test")]))
    cosim = os.path.join(args.build, "rtl", "cosim")
    cgens = ["gcn10", "gcn11", "gcn12", "gcn14"]
    suites.append(("rtl_cosim_smoke (Verilator)", [os.path.join(cosim, "cfg_1_6_2", "tb_cosim"),
        "+vectors=" + ",".join(os.path.join(cosim, "vec", g + "_smoke100.vec") for g in cgens),
        "+gen=" + ",".join(cgens)]))
    # Each RTL bug switch caught at its instruction and field (rtl_tb/tb/cosim/bugs.txt).
    suites.append(("rtl_cosim_bugs (Verilator)", [py, "rtl_tb/tb/cosim/check_bugs.py", "--build", cosim,
        "--bugs-file", os.path.join(cosim, "bugs.list"),
        "--vectors", ",".join(os.path.join(cosim, "vec", g + "_bugs50.vec") for g in cgens),
        "--gen", ",".join(cgens)]))
    # Determinism, the failure report, malformed vector files.
    suites.append(("rtl_cosim_checks (Verilator)", [py, "rtl_tb/tb/cosim/test_cosim.py", "--build", args.build]))
    suites.append(("rtl gcn_valu_lane vs model", [os.path.join(args.build, "rtl", "valu_lane", "valu_lane_tb")]))
    suites.append(("rtl gcn_fp_lane vs model", [os.path.join(args.build, "rtl", "fp_lane", "fp_lane_tb")]))
    suites.append(("rtl gcn_salu vs model", [os.path.join(args.build, "rtl", "salu", "Vsalu_tb")]))
    suites.append(("vectors", [os.path.join(args.build, "tests", "vectors_test")]))
    suites.append(("cli", [py, "tests/cli/test_cli.py", "--bin", os.path.join(args.build, "bin", "gcnref")]))
    # Layer walls (docs/architecture.md): includes and link lines; the checker's own self-test.
    suites.append(("walls (layers)", [py, "tests/walls/test_walls.py"]))
    # Report, minimizer, regression runner (docs/regress.md); the Slurm suite skips without root.
    suites.append(("report (HTML, chromium)", [py, "tests/report/test_report.py"]))
    suites.append(("minimize (BUG_SCC_ADD_U32)", [py, "tests/minimize/test_minimize.py",
                                                  "--bin", os.path.join(args.build, "bin", "gcnref"),
                                                  "--sim", os.path.join(cosim, "bug_BUG_SCC_ADD_U32", "tb_cosim"),
                                                  "--good-sim", os.path.join(cosim, "cfg_1_6_2", "tb_cosim")]))
    suites.append(("regress (local, parallel)", [py, "tests/slurm/test_regress_local.py"]))
    suites.append(("regress --slurm (single node)", ["bash", "tests/slurm/test_slurm.sh"]))
    suites.append(("fp_mpfr", [os.path.join(args.build, "tests", "fp_mpfr")]))
    # Every 257th first operand against all second operands; `make test-exhaustive` does all.
    suites.append(("f16_exhaustive (1/257)", [os.path.join(args.build, "tests", "f16_exhaustive"), "257"]))
    suites.append(("llvm_diff", [py, "tests/oracle/llvm_diff.py",
                                 "--sweep", os.path.join(args.build, "tests", "sweep_tool"),
                                 "--bin", os.path.join(args.build, "bin", "gcnref")]))
    if args.san_build:
        env_note = "asan+ubsan"
        for t in sorted(glob.glob(os.path.join(args.san_build, "tests", "test_*"))):
            suites.append((f"{os.path.basename(t)} [{env_note}]", [t]))
        suites.append((f"kat [{env_note}]", [os.path.join(args.san_build, "tests", "kat_runner")] + kats))
        suites.append((f"cli [{env_note}]", [py, "tests/cli/test_cli.py", "--bin",
                                             os.path.join(args.san_build, "bin", "gcnref")]))
        suites.append((f"vectors [{env_note}]", [os.path.join(args.san_build, "tests", "vectors_test")]))
        if timings:
            suites.append((f"timing [{env_note}]", [os.path.join(args.san_build, "tests", "timing_runner")] + timings))
        suites.append((f"fp_mpfr [{env_note}]", [os.path.join(args.san_build, "tests", "fp_mpfr"),
                                                 "--cases", "10000"]))
    total_p = total_f = total_s = 0
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    for name, cmd in suites:
        start = time.time()
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                  timeout=1200, text=True, errors="replace")
            out, rc = proc.stdout, proc.returncode
        except subprocess.TimeoutExpired as e:
            out, rc = (e.stdout or "") if isinstance(e.stdout, str) else "", -1
            out += "\n(timed out)\n"
        except OSError as e:
            out, rc = f"cannot run {cmd[0]}: {e}\n", -1
        logname = re.sub(r"[^\w.-]+", "_", name) + ".log"
        with open(os.path.join(logs, logname), "w") as f:
            f.write(out)
        c = count(out)
        if c is None:
            p, fl, s = 0, 1, 0
        else:
            p, fl, s = c
            if rc != 0 and fl == 0:
                fl = 1  # crashed or a sanitizer fired after the counts
        total_p, total_f, total_s = total_p + p, total_f + fl, total_s + s
        status = "ok" if fl == 0 else "FAIL"
        extra = f", {s} skipped" if s else ""
        print(f"  {status:4} {name:32} {p} passed, {fl} failed{extra}  ({time.time() - start:.1f}s)")
        if fl:
            tail = out.strip().splitlines()[-40:]
            print("\n".join("       | " + line for line in tail))
        elif s:
            for line in out.splitlines():
                if "skip" in line.lower():
                    print("       | " + line)
    extra = f", {total_s} skipped" if total_s else ""
    print(f"{total_p} passed, {total_f} failed{extra}")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs the cocotb testbench of the example DUT (test_exdut.py) under Icarus Verilog, clean
(every vector passes) and with a fault of faults/ switched on (caught at its instruction),
from a build folder. The ISA package is made Icarus-readable on the way (Icarus 11 lacks
`int unsigned` parameters and package-qualified names inside their own package). Ends
with "N passed, N failed"."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "common"))
from checks import check, skip, summary  # noqa: E402

CASES = [  # (name, plusarg, expected: "pass" or the fault's instruction)
    ("clean", "", "pass"),
    ("EXDUT_MAX_I32_UNSIGNED", "+EXDUT_MAX_I32_UNSIGNED", "s_max_i32"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True, help="a folder for the run (e.g. build/rtl/exdut/cocotb)")
    ap.add_argument("--gen", default="gcn10")
    ap.add_argument("--count", type=int, default=6)
    a = ap.parse_args()
    if not shutil.which("cocotb-config") or not shutil.which("iverilog"):
        skip("cocotb testbench", "cocotb or iverilog not installed (scripts/deps.sh)")
        return summary()
    os.makedirs(a.build, exist_ok=True)
    pkg_src = os.path.join(ROOT, "build", "gen", "gcn_isa_pkg.sv")
    pkg = os.path.join(os.path.abspath(a.build), "gcn_isa_pkg_icarus.sv")
    text = open(pkg_src).read()
    text = re.sub(r"localparam int unsigned", "localparam integer", text).replace("gcn_isa_pkg::", "")
    open(pkg, "w").write(text)
    vec = os.path.join(os.path.abspath(a.build), f"{a.gen}.vec")
    cap = os.path.join(ROOT, "rtl_tb", "example_dut", "exdut.cap")
    subprocess.run([os.path.join(ROOT, "build", "bin", "gcnref"), "gen", "--gen", a.gen, "--seed", "77",
                    "--count", str(a.count), "--capability", cap, "-o", vec], check=True)
    for name, plusarg, expect in CASES:
        rtl = os.path.join(ROOT, "rtl_tb", "example_dut", "rtl") if name == "clean" else \
            os.path.join(ROOT, "build", "rtl", "exdut", "faults", "rtl_tb", "example_dut", "rtl")
        run_dir = os.path.join(os.path.abspath(a.build), name)
        os.makedirs(run_dir, exist_ok=True)
        results = os.path.join(run_dir, "results.xml")
        if os.path.exists(results):
            os.remove(results)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([HERE, os.path.join(ROOT, "python")]),
                   EXDUT_VECTORS=vec, EXDUT_GEN=a.gen, EXDUT_CAP=cap, EXDUT_EXPECT=expect,
                   COCOTB_RESULTS_FILE=results)
        cmd = ["make", "-s", "-f", os.path.join(HERE, "Makefile"), f"PKG={pkg}",
               f"SOURCES={rtl}/exdut_alu.sv {rtl}/exdut_core.sv", f"SIM_BUILD={run_dir}/sim_build",
               f"PLUSARGS={plusarg}"]
        p = subprocess.run(cmd, cwd=run_dir, env=env, capture_output=True, text=True, timeout=600)
        ok = False
        if os.path.exists(results):
            cases = ET.parse(results).getroot().iter("testcase")
            ok = all(c.find("failure") is None and c.find("error") is None for c in cases)
        what = f"cocotb + Icarus, {name}: {a.count} {a.gen} vectors " + \
            ("pass" if expect == "pass" else f"caught at {expect}")
        check(p.returncode == 0 and ok, what, p.stdout + p.stderr)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

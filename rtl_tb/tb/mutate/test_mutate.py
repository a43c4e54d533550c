#!/usr/bin/env python3
"""Checks of scripts/mutate.py that need neither yosys nor a simulator (make test-quick):
the netlist patch (the select port becomes the package variable gcn_mut_pkg::sel; gcn_core
gets back the parameters the testbench sets), the classification of a simulator run
(killed with its vector and first mismatch, survived, timed out) and the equivalent-mutant
file. The inputs are written here by hand in the forms yosys 0.23 `write_verilog` and
rtl_tb/tb/cosim/tb_cosim.sv print. Prints "N passed, N failed"."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mutate  # noqa: E402

npass = nfail = 0


def check(ok, what, detail=""):
    global npass, nfail
    if ok:
        npass += 1
        print(f"ok   {what}")
    else:
        nfail += 1
        print(f"FAIL {what}" + (f": {detail}" if detail else ""))


NETLIST = """module gcn_core(clk_i, rst_ni, done_o, mutsel);
  input clk_i;
  wire clk_i;
  input [15:0] mutsel;
  wire [15:0] mutsel;
  output done_o;
  \\$paramod\\gcn_fp_round\\SW=26  u_round (
    .a_i(clk_i),
    .mutsel(mutsel),
    .y_o(done_o)
  );
endmodule
module \\$paramod\\gcn_fp_round\\SW=26 (a_i, y_o, mutsel);
  input [15:0] mutsel;
  input a_i;
  output y_o;
  assign y_o = mutsel == 16'h0003 ? ~a_i : a_i;
endmodule
module gcn_vrf(clk_i);
  input clk_i;
endmodule
"""


def test_patch():
    out = mutate.patch_netlist(NETLIST)
    top = out[out.index("module gcn_core"):out.index("endmodule")]
    check("wire [15:0] mutsel = gcn_mut_pkg::sel;" in top and "input [15:0] mutsel" not in top
          and "  wire [15:0] mutsel;\n" not in top, "gcn_core reads the select from gcn_mut_pkg::sel", out)
    check("module gcn_core #(parameter SALU_LATENCY = 1, VALU_DEPTH = 6, BRANCH_PENALTY = 2, NUM_VGPRS = 256) "
          "(clk_i, rst_ni, done_o);" in top, "gcn_core: its parameters back, no select port", out)
    check(".mutsel(mutsel)," in top and "module \\$paramod\\gcn_fp_round\\SW=26 (a_i, y_o, mutsel);" in out
          and "  input [15:0] mutsel;\n  input a_i;" in out, "below the top, yosys's select ports stay", out)
    check("module gcn_vrf(clk_i);" in out, "an unmutated module is unchanged", out)


KILLED = """MISMATCH gcn11 vector gcn11-0a1b2c (index 3 of build/rtl/cosim/vec/gcn11_mut25.vec), cycle 42:
  cycle 42: SCC: expected 1, got 0
  first mismatch: cycle 42, PC 0x000010  s_add_u32 s1, s2, s3 | field: SCC
FAIL gcn11 gcn11-0a1b2c (index 3 of build/rtl/cosim/vec/gcn11_mut25.vec): 1 mismatches
0 passed, 1 failed
"""
SURVIVED = "co-simulation, salu_latency=1 valu_depth=6 branch_penalty=2:\n4 passed, 0 failed\n"
WATCHDOG = ("WATCHDOG gcn10 vector gcn10-77 (index 0 of x.vec): no retirement for 10000 cycles (cycle 10004, "
            "PC 0x000008)\n0 passed, 1 failed\n")


def fake_sim(text, rc):
    d = tempfile.mkdtemp()
    path = os.path.join(d, "sim")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\ncat <<'EOF'\n{text}EOF\nexit {rc}\n")
    os.chmod(path, 0o755)
    return path


class A:
    vectors, gens, profile, out, plusargs, timeout, nice = ["x.vec"], ["gcn10"], "p.prof", "/tmp", [], 20, 0


def test_classify():
    a = A()
    a.sim = fake_sim(KILLED, 1)
    r = mutate.run_one(a, 7)
    check(r["status"] == "killed" and "gcn11 vector gcn11-0a1b2c (index 3)" in r["detail"]
          and "PC 0x000010 s_add_u32 s1, s2, s3 | SCC" in r["detail"], "killed: the vector and the instruction", r)
    a.sim = fake_sim(SURVIVED, 0)
    check(mutate.run_one(a, 7)["status"] == "survived", "survived: every vector passed")
    a.sim = fake_sim(WATCHDOG, 1)
    r = mutate.run_one(a, 7)
    check(r["status"] == "timeout" and "watchdog" in r["detail"], "the watchdog is a time-out", r)
    a.sim = fake_sim("", 0)
    with open(a.sim, "w") as f:
        f.write("#!/bin/sh\nsleep 5\n")
    a.timeout = 1
    check(mutate.run_one(a, 7)["status"] == "timeout", "the wall-clock limit is a time-out")


def test_equivalent():
    d = tempfile.mkdtemp()
    p = os.path.join(d, "eq.txt")
    with open(p, "w") as f:
        f.write("# comment\nmutate -mode inv -module m -cell c -port Y -portbit 0 | bit 0 is never read\n\n")
    e = mutate.read_equivalent(p)
    check(e == {"mutate -mode inv -module m -cell c -port Y -portbit 0": "bit 0 is never read"},
          "the equivalent-mutant file: spec and reason", e)
    check(mutate.read_equivalent(os.path.join(ROOT, "rtl_tb", "tb", "mutate", "equivalent.txt")) is not None,
          "rtl_tb/tb/mutate/equivalent.txt reads")


def test_help():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "mutate.py"), "--help"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0 and "make mutate" in r.stdout, "scripts/mutate.py --help")


test_patch()
test_classify()
test_equivalent()
test_help()
print(f"{npass} passed, {nfail} failed")
sys.exit(1 if nfail else 0)

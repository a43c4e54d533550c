#!/usr/bin/env python3
"""Checks of scripts/mutate.py (make test-quick), all but one without yosys or a simulator:
the netlist patch (one gcn_core variant per configuration, each reading the select from the
package variable gcn_mut_pkg::sel; a gcn_core with the testbench's parameters picks one),
which configurations hold a module, the classification of a simulator run (killed with its
vector and first mismatch, survived, timed out), the staged budget (a survivor escalates,
the detecting stage is reported, a configuration that does not hold the mutant is skipped),
the miter proof's script and verdicts, and the equivalent-mutant file. The inputs are
written here by hand in the forms yosys 0.23 `write_verilog` and rtl_tb/tb/cosim/tb_cosim.sv
print. One check runs yosys itself (about a second): the miter proof of two mutants behind
an asynchronously reset flop (the $adff import failure) and the proof budget. Prints
"N passed, N failed"."""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mutate  # noqa: E402
import mutate_equiv  # noqa: E402

npass = nfail = 0


def check(ok, what, detail=""):
    global npass, nfail
    if ok:
        npass += 1
        print(f"ok   {what}")
    else:
        nfail += 1
        print(f"FAIL {what}" + (f": {detail}" if detail else ""))


NETLIST = """module gcn_mut_top();
  \\$paramod\\gcn_core\\SALU_LATENCY=3  u_cfg1 (
    .mutsel(mutsel)
  );
  wire [15:0] mutsel;
  \\$paramod\\gcn_core\\SALU_LATENCY=1  u_cfg0 (
    .mutsel(mutsel)
  );
endmodule
module \\$paramod\\gcn_core\\SALU_LATENCY=1 (clk_i, rst_ni, done_o, mutsel);
  input clk_i;
  wire clk_i;
  input [15:0] mutsel;
  wire [15:0] mutsel;
  output [1:0] done_o;
  \\$paramod\\gcn_fp_round\\SW=26  u_round (
    .a_i(clk_i),
    .mutsel(mutsel),
    .y_o(done_o)
  );
endmodule
module \\$paramod\\gcn_core\\SALU_LATENCY=3 (clk_i, rst_ni,
    done_o, mutsel);
  input clk_i;
  input [15:0] mutsel;
  output [1:0] done_o;
  assign done_o = 2'b01;
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
    out = mutate.patch_netlist(NETLIST, ["1,6,2", "3,2,4"])
    v0 = out[out.index("module gcn_core_cfg0"):]
    v0 = v0[:v0.index("endmodule")]
    v1 = out[out.index("module gcn_core_cfg1"):]
    v1 = v1[:v1.index("endmodule")]
    check("wire [15:0] mutsel = gcn_mut_pkg::sel;" in v0 and "input [15:0] mutsel" not in v0
          and "  wire [15:0] mutsel;\n" not in v0 and "wire [15:0] mutsel = gcn_mut_pkg::sel;" in v1,
          "each variant reads the select from gcn_mut_pkg::sel", out)
    check(v0.startswith("module gcn_core_cfg0(clk_i, rst_ni, done_o);")
          and v1.startswith("module gcn_core_cfg1(clk_i, rst_ni, done_o);"),
          "the variants by configuration (u_cfgI), no select port", out)
    check("gcn_mut_top" not in out and "$paramod\\gcn_core" not in out, "gcn_mut_top and yosys's names are gone", out)
    top = out[out.index("module gcn_core #"):]
    check(top.startswith("module gcn_core #(parameter SALU_LATENCY = 1, VALU_DEPTH = 6, BRANCH_PENALTY = 2, "
                         "NUM_VGPRS = 256) (clk_i, rst_ni, done_o);\n  input clk_i;\n  output [1:0] done_o;\n")
          and "if (SALU_LATENCY == 1 && VALU_DEPTH == 6 && BRANCH_PENALTY == 2) begin : g_cfg0\n"
          "    gcn_core_cfg0 u_core (.*);" in top
          and "else if (SALU_LATENCY == 3 && VALU_DEPTH == 2 && BRANCH_PENALTY == 4) begin : g_cfg1\n"
          "    gcn_core_cfg1 u_core (.*);" in top and "$fatal" in top and "mutsel" not in top,
          "gcn_core: the testbench's parameters pick the variant", top)
    check(".mutsel(mutsel)," in out and "module \\$paramod\\gcn_fp_round\\SW=26 (a_i, y_o, mutsel);" in out
          and "  input [15:0] mutsel;\n  input a_i;" in out, "below the top, yosys's select ports stay", out)
    check("module gcn_vrf(clk_i);" in out, "an unmutated module is unchanged", out)
    try:
        mutate.patch_netlist(NETLIST, ["1,6,2"])
        check(False, "a netlist of two configurations for one is refused")
    except SystemExit:
        check(True, "a netlist of two configurations for one is refused")


RTLIL = r"""module \gcn_mut_top
  cell $paramod\gcn_core\S=1 \u_cfg0
  end
  cell $paramod\gcn_core\S=3 \u_cfg1
  end
end
""" + "".join(f"module $paramod\\gcn_core\\S={n}\n  cell \\gcn_decode \\u_dec\n  end\n"
              f"  cell $paramod\\gcn_issue\\S={n} \\u_issue\n  end\n  cell $and \\and{n}\n  end\nend\n"
              for n in (1, 3)) + r"""module \gcn_decode
  cell \gcn_decode_sdwa \u_sdwa
  end
end
module \gcn_decode_sdwa
end
module $paramod\gcn_issue\S=1
end
module $paramod\gcn_issue\S=3
end
"""


def test_reach():
    d = tempfile.mkdtemp()
    p = os.path.join(d, "prep.il")
    with open(p, "w") as f:
        f.write(RTLIL)
    r = mutate.reach(p)
    check(r.get("gcn_decode") == {0, 1} and r.get("gcn_decode_sdwa") == {0, 1}
          and r.get("$paramod\\gcn_issue\\S=1") == {0} and r.get("$paramod\\gcn_issue\\S=3") == {1}
          and r.get("$paramod\\gcn_core\\S=3") == {1} and "$and" not in r,
          "a shared module is in both configurations, a parameterised one in its own", r)


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
    vectors, vectors_max, gens, profile, out, timeout, nice = ["x.vec"], [], ["gcn10"], "p.prof", "/tmp", 20, 0
    cfgs, budget, budget_max = ["1,6,2"], 25, 0


def test_classify():
    a = A()
    a.sims = [fake_sim(KILLED, 1)]
    r = mutate.run_one(a, 7)
    check(r["status"] == "killed" and "gcn11 vector gcn11-0a1b2c (index 3)" in r["detail"]
          and "PC 0x000010 s_add_u32 s1, s2, s3 | SCC" in r["detail"], "killed: the vector and the instruction", r)
    a.sims = [fake_sim(SURVIVED, 0)]
    check(mutate.run_one(a, 7)["status"] == "survived", "survived: every vector passed")
    a.sims = [fake_sim(WATCHDOG, 1)]
    r = mutate.run_one(a, 7)
    check(r["status"] == "timeout" and "watchdog" in r["detail"], "the watchdog is a time-out", r)
    with open(a.sims[0], "w") as f:
        f.write("#!/bin/sh\nsleep 5\n")
    a.timeout = 1
    check(mutate.run_one(a, 7)["status"] == "timeout", "the wall-clock limit is a time-out")


def staged_sim(rule):
    """A simulator that kills only when its arguments match RULE (a shell case pattern) and
    logs each call's arguments."""
    d = tempfile.mkdtemp()
    path, log = os.path.join(d, "sim"), os.path.join(d, "calls")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\necho \"$*\" >> {log}\ncase \"$*\" in\n  {rule}) cat <<'EOF'\n{KILLED}EOF\n"
                f"  exit 1;;\nesac\necho '1 passed, 0 failed'\nexit 0\n")
    os.chmod(path, 0o755)
    return path, log


def calls(log):
    if not os.path.exists(log):
        return []
    with open(log) as f:
        return [(" +valu_depth=2" in ln and "3,2,4" or "1,6,2") + (" big" if "big.vec" in ln else " small")
                for ln in f]


def test_staged():
    a = A()
    a.cfgs, a.vectors, a.vectors_max, a.budget_max = ["1,6,2", "3,2,4"], ["small.vec"], ["big.vec"], 400
    check([s[0] for s in mutate.stages(a)] == ["25@1,6,2", "25@3,2,4", "400@1,6,2", "400@3,2,4"],
          "the stages: the small budget at each configuration, then the large one", mutate.stages(a))
    s0, l0 = staged_sim("*big.vec*+valu_depth=2*")
    a.sims = [s0, s0]
    r = mutate.run_staged(a, 5, {0, 1})
    check(r["status"] == "killed" and r["stage"] == "400@3,2,4"
          and calls(l0) == ["1,6,2 small", "3,2,4 small", "1,6,2 big", "3,2,4 big"],
          "a survivor escalates stage by stage; the stage that killed it is reported", (r, calls(l0)))
    s1, l1 = staged_sim("*small.vec*+valu_depth=6*")
    a.sims = [s1, s1]
    r = mutate.run_staged(a, 5, {0, 1})
    check(r["status"] == "killed" and r["stage"] == "25@1,6,2" and calls(l1) == ["1,6,2 small"],
          "a mutant killed by the small budget goes no further", (r, calls(l1)))
    s2, l2 = staged_sim("*+valu_depth=6*")
    a.sims = [s2, s2]
    r = mutate.run_staged(a, 5, {1})
    check(r["status"] == "survived" and r["stage"] == "" and calls(l2) == ["3,2,4 small", "3,2,4 big"],
          "a mutant of one configuration's module runs only there (another's would kill it)", (r, calls(l2)))
    a.vectors_max = []
    check([s[0] for s in mutate.stages(a)] == ["25@1,6,2", "25@3,2,4"], "no large budget: two stages")


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


def test_proof():
    spec = ("mutate -mode const0 -module $paramod\\gcn_fp_round\\SW=s32'011010 -cell $and$x.sv:3$7 -port A "
            "-portbit 4 -src x.sv:3.1-3.9")
    ys = mutate_equiv.script("/o/prep.il", spec, 12).splitlines()
    check(ys[:4] == ["read_rtlil /o/prep.il", "copy $paramod\\gcn_fp_round\\SW=s32'011010 mut_gold",
                     "copy $paramod\\gcn_fp_round\\SW=s32'011010 mut_gate",
                     "mutate -mode const0 -module mut_gate -cell $and$x.sv:3$7 -port A -portbit 4 -src x.sv:3.1-3.9"]
          and ys[-1].startswith("sat -tempinduct -prove trigger 0 -set-init-zero -maxsteps 12 mut_miter")
          and "miter -equiv -flatten -make_outputs mut_gold mut_gate mut_miter" in ys
          and ys.index("async2sync mut_gold mut_gate") < ys.index("memory_map mut_gold mut_gate"),
          "the miter script: the mutation on the copy only, async resets made synchronous, then the induction "
          "proof", ys)
    ok = "Base case for induction length 1 proven.\nInduction step proven: SUCCESS!\n"
    cex = ("Induction step failed. Incrementing induction length.\n"
           "SAT temporal induction proof finished - model found for base case: FAIL!\n")
    maxed = "Induction step failed. Incrementing induction length.\nReached maximum number of time steps -> proof failed.\n"
    v = [mutate_equiv.verdict(0, ok), mutate_equiv.verdict(1, cex), mutate_equiv.verdict(1, maxed),
         mutate_equiv.verdict(None, ""), mutate_equiv.verdict(1, ok + "ERROR: something\n"),
         mutate_equiv.verdict(0, "Induction step failed.\n")]
    check(v[0][0] and "PROVED" in v[0][1], "PROVED only on the induction's success", v[0])
    check(not v[1][0] and "counterexample" in v[1][1], "a counterexample: not proved", v[1])
    check(not v[2][0] and "did not close" in v[2][1], "an open induction: not proved", v[2])
    check(not v[3][0] and "timed out" in v[3][1], "a time-out: not proved", v[3])
    check(not v[4][0] and not v[5][0], "an error exit or no success line: not proved", v[4:])


ASYNC_FLOP = """module t(input clk, input rst_n, input d, input e, output q);
  reg r;
  always @(posedge clk or negedge rst_n)
    if (!rst_n) r <= 1'b0;
    else r <= d | (d & e);
  assign q = r;
endmodule
"""


def test_proof_yosys():
    """The miter with yosys itself, on a module whose flop has an asynchronous reset ($adff,
    like gcn_valu_quad's): an AND whose output is tied to 0 (d | (d & e) is d) is proved
    equivalent, one whose output is inverted is refuted; neither stops at "Failed to import
    cell" (the miter needs async2sync). A spent budget starts no proof."""
    d = tempfile.mkdtemp()
    with open(os.path.join(d, "t.v"), "w") as f:
        f.write(ASYNC_FLOP)
    r = subprocess.run(["yosys", "-q", "-p", f"read_verilog {d}/t.v", "-p", "prep -top t",
                        "-p", f"write_rtlil {d}/prep.il"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    il = open(os.path.join(d, "prep.il")).read() if r.returncode == 0 else ""
    cells = dict((typ, name) for typ, name in re.findall(r"^  cell (\$\w+) (\S+)$", il, re.M))
    check("$adff" in cells and "$and" in cells, "yosys prep of the test module: an $adff and an $and", (r.stdout, cells))
    if "$and" not in cells:
        return
    a = A()
    a.out, a.yosys, a.nice = d, "yosys", 0
    same = mutate_equiv.prove(a, f"mutate -mode const0 -module t -cell {cells['$and']} -port Y -portbit 0")
    diff = mutate_equiv.prove(a, f"mutate -mode inv -module t -cell {cells['$and']} -port Y -portbit 0")
    check(same[0] and "PROVED" in same[1], "an equivalent mutant behind an async-reset flop: PROVED", same)
    check(not diff[0] and "counterexample" in diff[1], "a real mutant behind an async-reset flop: refuted", diff)
    late = mutate_equiv.prove(a, f"mutate -mode const1 -module t -cell {cells['$and']} -port Y -portbit 0",
                              deadline=time.time())
    check(not late[0] and "budget" in late[1] and not any("const1" in f for f in os.listdir(os.path.join(d, "proofs"))),
          "the proof budget spent: no proof started, the mutant stays a survivor", late)


def test_help():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "mutate.py"), "--help"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(r.returncode == 0 and "make mutate" in r.stdout, "scripts/mutate.py --help")


test_patch()
test_reach()
test_classify()
test_staged()
test_equivalent()
test_proof()
test_proof_yosys()
test_help()
print(f"{npass} passed, {nfail} failed")
sys.exit(1 if nfail else 0)

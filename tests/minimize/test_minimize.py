#!/usr/bin/env python3
"""Tests of `gcnref minimize` (docs/regress.md).

1. A real RTL failure: the BUG_SCC_ADD_U32 simulator (make cosim-build
   COSIM_FAULT=BUG_SCC_ADD_U32: build/rtl/cosim/bug_BUG_SCC_ADD_U32/tb_cosim,
   which `make test` builds) runs generated vectors; the first failing one (named by the
   simulator's FAIL and reproduce lines) is regenerated alone and minimized with --cmd
   running that simulator. The result must have at most 3 instructions (5 when control flow
   it cannot drop surrounds the bug) and be 1-minimal, contain s_add_u32,
   still fail on the faulty core, pass on the correct core (when built), and be the same
   on a second run (deterministic).
2. The model-only predicate: a hand-made vector whose expected s5 is wrong (13 instead of
   5 + 7) among unrelated instructions minimizes to the 3 instructions computing s5.
Prints "N passed, N failed[, N skipped]".
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "common"))
from checks import check, summary  # noqa: E402



def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace", **kw)


def code_lines(vec_text):
    return [l for l in vec_text.splitlines() if l.startswith("code ")]


def sim_cmd(sim, path, gen, tmp):
    return (f"ulimit -c 0; {sim} +vectors={path} +gen={gen} +self={sim} +dir={tmp} "
            f"+max_mismatches=1")


def test_rtl_bug(gcnref, sim, good_sim, profile, tmp):
    if not os.path.exists(sim):
        check(False, f"the BUG_SCC_ADD_U32 simulator exists ({sim}; make test builds it)")
        return
    gen, seed0 = "gcn10", 1500000
    vecs = os.path.join(tmp, "bugs.vec")
    r = run([gcnref, "gen", "--gen", gen, "--seed", str(seed0), "--count", "100", "--profile", profile,
             "-o", vecs])
    check(r.returncode == 0, "gcnref gen writes 100 vectors", r.stdout)
    r = run(["sh", "-c", sim_cmd(sim, vecs, gen, tmp)])
    m = re.search(r"^FAIL (\S+) (\S+) \(index (\d+) of", r.stdout, re.M)
    rep = re.search(r"^reproduce: \S*gcnref gen --gen (\S+) --seed (\d+) --count 1", r.stdout, re.M)
    check(r.returncode != 0 and m and rep, "the faulty core fails a vector and names it", r.stdout)
    if not (m and rep):
        return
    one = os.path.join(tmp, "fail.vec")
    r = run([gcnref, "gen", "--gen", rep.group(1), "--seed", rep.group(2), "--count", "1", "--profile",
             profile, "-o", one])
    with open(one) as f:
        n0 = len(code_lines(f.read()))
    r = run(["sh", "-c", sim_cmd(sim, one, gen, tmp)])
    check(r.returncode != 0 and "MISMATCH" in r.stdout,
          f"the extracted vector {m.group(2)} ({n0} instructions) fails alone", r.stdout)
    out = os.path.join(tmp, "min.vec")
    cmd = [gcnref, "minimize", one, "--cmd", sim_cmd(sim, "{}", gen, tmp), "--timeout", "30", "-o", out]
    r = run(cmd, timeout=600)
    check(r.returncode == 0 and os.path.exists(out), "gcnref minimize exits 0 and writes -o", r.stdout)
    if r.returncode != 0:
        return
    with open(out) as f:
        text = f.read()
    n = len(code_lines(text))
    dis = r.stdout.split("# disassembly", 1)[-1]
    print(r.stdout.strip())
    # At most 3 instructions on a straight-line vector; a vector with a fork/join or a branch
    # keeps the control instructions whose removal changes the path the failing s_add_u32
    # lies on (the minimizer does not rewrite branch offsets): at most 5, and 1-minimal (its
    # last instruction-dropping pass applied no change).
    drops = re.findall(r"^minimize: drop instructions: (\d+) of (\d+) changes applied", r.stdout, re.M)
    one_minimal = bool(drops) and drops[-1][0] == "0"
    check(1 <= n <= 5 and one_minimal and (n <= 3 or re.search(r"s_cbranch|s_branch|s_setpc|s_swappc", dis)),
          f"minimal vector: at most 3 instructions, or 5 around control flow, and 1-minimal "
          f"(got {n} of {n0}, last drop pass {drops[-1] if drops else None})")
    check("s_add_u32" in dis, "its disassembly contains s_add_u32")
    check(text.startswith("gcnvec 1") and run([gcnref, "run", out]).returncode == 0,
          "the result is a valid vector file (gcnref run reads it)")
    r2 = run(["sh", "-c", sim_cmd(sim, out, gen, tmp)])
    check(r2.returncode != 0 and "MISMATCH" in r2.stdout and "SCC" in r2.stdout,
          "the minimal vector still fails on the faulty core (SCC mismatch)", r2.stdout)
    if os.path.exists(good_sim):
        r3 = run(["sh", "-c", sim_cmd(good_sim, out, gen, tmp)])
        check(r3.returncode == 0 and "1 passed, 0 failed" in r3.stdout,
              "the minimal vector passes on the correct core", r3.stdout)
    r4 = run(cmd, timeout=600)
    check(r4.stdout == r.stdout, "a second minimization gives the same output (deterministic)")


HAND = """s_mov_b32 s1, 5
s_mov_b32 s7, 9
s_mov_b32 s2, 7
s_lshl_b32 s8, s7, 2
s_add_u32 s5, s1, s2
s_mov_b32 s6, 1
s_xor_b32 s9, s8, s6
s_endpgm
"""


def test_model_only(gcnref, tmp):
    r = run([gcnref, "as", "--gen", "gcn12"], input=HAND)
    lines = r.stdout.strip().splitlines()
    vec = ["gcnvec 1", "", "vector hand-1", "gen gcn12", "seed 0x1234", "mode 0x000000c0"]
    addr = 0
    for l in lines:
        text, enc = l.split(" ; encoding: ")
        vec.append(f"code 0x{addr:06x} {text} ; encoding: {enc}")
        addr += enc.count(",") + 1
    vec += [f"result end 0x{addr - 4:06x} retired 7", "expect s1=5", "expect s2=7", "expect s5=13",
            "expect s6=1", "expect s7=9", "expect s8=36", "expect s9=37", "expect scc=1", "end", ""]
    path = os.path.join(tmp, "hand.vec")
    with open(path, "w") as f:
        f.write("\n".join(vec))
    r = run([gcnref, "run", path])
    check(r.returncode != 0 and "expected s5=0x0000000d, got 0x0000000c" in r.stdout,
          "the hand-made vector fails on the model (s5)", r.stdout)
    out = os.path.join(tmp, "hand_min.vec")
    r = run([gcnref, "minimize", path, "-o", out])
    check(r.returncode == 0, "gcnref minimize (model predicate) exits 0", r.stdout)
    if r.returncode:
        return
    with open(out) as f:
        codes = [l.split(";")[0].split(None, 2)[2].strip() for l in code_lines(f.read())]
    check(codes == ["s_mov_b32 s1, 5", "s_mov_b32 s2, 7", "s_add_u32 s5, s1, s2"],
          f"minimized to the three instructions computing s5 (got {codes})", r.stdout)
    r = run([gcnref, "minimize", os.path.join(tmp, "hand_min.vec")])
    check(r.returncode == 2 and "no expected state" in r.stdout,
          "a vector without expectations needs --cmd (exit 2)", r.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="build/bin/gcnref")
    ap.add_argument("--sim", default="build/rtl/cosim/bug_BUG_SCC_ADD_U32/tb_cosim")
    ap.add_argument("--good-sim", default="build/rtl/cosim/cfg_1_6_2/tb_cosim")
    ap.add_argument("--profile", default="vectors/profiles/cosim_int.prof")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="gcnref-minimize-") as tmp:
        test_model_only(args.bin, tmp)
        test_rtl_bug(args.bin, args.sim, args.good_sim, args.profile, tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Tests of scripts/regress on this machine (the Slurm back end: test_slurm.sh).

- a small regression on the model (--model-only) and on the co-simulation (when built):
  results table, results.json, JUnit XML, merged coverage, report;
- isolation: a fake simulator that hangs for one job and crashes for another; only those
  jobs fail (timeout, crash), the others pass, and the run ends within its time budget;
- a faulty core (BUG_SCC_ADD_U32, when built): failures with their reproduction commands,
  JUnit <failure> elements;
- GNU parallel (--sshloginfile with ':' = this host), skipped when parallel is absent.
Prints "N passed, N failed[, N skipped]".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "common"))
from checks import check, skip, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REGRESS = os.path.join(ROOT, "scripts", "regress")
SIM = os.path.join(ROOT, "build", "rtl", "cosim", "cfg_1_6_2", "tb_cosim")
BUG = os.path.join(ROOT, "build", "rtl", "cosim", "bug_BUG_SCC_ADD_U32", "tb_cosim")


def regress(*args, timeout=600):
    p = subprocess.run([sys.executable, REGRESS, "--quiet", *args], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=timeout)
    return p.returncode, p.stdout


def load(out):
    with open(os.path.join(out, "results.json")) as f:
        res = json.load(f)
    suite = ET.parse(os.path.join(out, "junit.xml")).getroot().find("testsuite")
    return res, suite


FAKE = """#!/bin/sh
# a fake tb_cosim: job 1 hangs, job 2 crashes, the others pass
case "$*" in
  */jobs/1/*) sleep 600 ;;
  */jobs/2/*) kill -SEGV $$ ;;
esac
echo "gen     vectors  failed     retired      cycles  mismatches"
echo "gcn10         2       0          10          20           0"
echo "2 passed, 0 failed"
"""


def main():
    tmp = tempfile.mkdtemp(prefix="gcnref-regress-")
    try:
        # model only
        out = os.path.join(tmp, "model")
        rc, txt = regress("--model-only", "--seeds", "2", "--gens", "gcn10,gcn12", "--count", "8", "-j", "2",
                          "--out", out)
        check(rc == 0 and "4 passed, 0 failed" in txt, "--model-only: 4 jobs pass", txt)
        res, suite = load(out)
        check(len(res["jobs"]) == 4 and all(j["instructions"] > 0 and j["cycles"] > 0 for j in res["jobs"]),
              "results.json: instructions and cycles per job")
        check(sorted({(j["gen"], j["seed"]) for j in res["jobs"]}) ==
              [("gcn10", 7000000), ("gcn10", 7000008), ("gcn12", 7000000), ("gcn12", 7000008)],
              "jobs = seeds x generations (seed base 7000000, COUNT apart)")
        check(suite.get("tests") == "4" and suite.get("failures") == "0", "JUnit XML: 4 tests, 0 failures")
        check(os.path.getsize(os.path.join(out, "coverage.db")) > 0, "merged functional coverage DB")
        check(os.path.exists(os.path.join(out, "report", "index.html")), "HTML report written")
        # the co-simulation
        if os.path.exists(SIM):
            out = os.path.join(tmp, "sim")
            rc, txt = regress("--seeds", "1", "--gens", "gcn11,gcn14", "--count", "8", "-j", "2", "--out", out)
            check(rc == 0 and "2 passed, 0 failed" in txt, "co-simulation: 2 jobs pass", txt)
        else:
            skip("co-simulation regression", f"no {SIM} (make cosim-build)")
        # isolation: hang and crash
        fake = os.path.join(tmp, "fake_sim")
        with open(fake, "w") as f:
            f.write(FAKE)
        os.chmod(fake, 0o755)
        out = os.path.join(tmp, "iso")
        t0 = time.time()
        rc, txt = regress("--sim", fake, "--seeds", "4", "--gens", "gcn10", "--count", "2", "-j", "2",
                          "--timeout", "4", "--out", out)
        took = time.time() - t0
        res, suite = load(out)
        st = [j["status"] for j in res["jobs"]]
        check(st == ["pass", "timeout", "crash", "pass"], f"a hang and a crash fail only their jobs ({st})", txt)
        check(rc == 1 and "2 passed, 2 failed" in txt, "exit status 1, 2 passed, 2 failed", txt)
        check(took < 60, f"the hanging job is killed at its timeout ({took:.0f} s)")
        check(suite.get("failures") == "2" and len(suite.findall("testcase/failure")) == 2,
              "JUnit XML: 2 <failure> elements")
        check(txt.count("reproduce: ") == 2, "each failing job has a reproduction command", txt)
        # a faulty core
        if os.path.exists(BUG):
            out = os.path.join(tmp, "bug")
            rc, txt = regress("--sim", BUG, "--seeds", "1", "--gens", "gcn10,gcn12", "--count", "30", "-j", "2",
                              "--out", out)
            res, suite = load(out)
            check(rc == 1 and [j["status"] for j in res["jobs"]] == ["fail", "fail"],
                  "BUG_SCC_ADD_U32: both jobs fail", txt)
            check(all("MISMATCH" in j["reason"] and "gcnref gen" in j["repro"] and "--count 1" in j["repro"]
                      for j in res["jobs"]), "failures name the mismatch and the single-vector repro command")
        else:
            skip("faulty-core regression", f"no {BUG}")
        # GNU parallel, ':' = the local host (no ssh needed)
        if shutil.which("parallel"):
            logins = os.path.join(tmp, "hosts")
            with open(logins, "w") as f:
                f.write("2/:\n")
            out = os.path.join(tmp, "par")
            rc, txt = regress("--model-only", "--sshloginfile", logins, "--seeds", "2", "--gens", "gcn11",
                              "--count", "5", "--out", out)
            check(rc == 0 and "2 passed, 0 failed" in txt, "--sshloginfile (GNU parallel, local ':'): 2 jobs pass",
                  txt)
            rc, txt = regress("--model-only", "--sshloginfile", logins, "--dry-run", "--seeds", "1", "--gens",
                              "gcn11", "--out", os.path.join(tmp, "dry"))
            check(rc == 0 and "parallel --sshloginfile" in txt, "--dry-run prints the parallel command", txt)
        else:
            skip("GNU parallel", "parallel is not installed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The float-rule acceptance test of issue 20 (docs/coverage.md "Float rule faults").

On make run's vectors (COSIM_PROFILE, COSIM_VECTORS per generation, make run's seeds), the
coverage model must not report 100% closure before each hard float case has been
exercised. Each case is a float rule changed in a build of the model's float core
(GCN_FP_FAULT=N, refmodel/src/fp_core.h): 1 OMOD rounds to nearest even whatever MODE's
rounding mode, 2 CLAMP before OMOD, 3 overflow gives infinity under every rounding mode,
4 a result that rounds up to the smallest normal is flushed when output denormals are.

The reference build (fp_faults --write) generates the vectors, runs them on the timing core
and records the vector at which every reachable bin is hit (closure) and a digest of every
vector's committed events. Each faulty build (fp_faults_N --check) runs the same vectors
and reports the first vector whose events differ: the vector at which a co-simulation of
an RTL with that bug would first mismatch. Pass: closure is reached on every generation
(the closure claim of make run), and every fault differs on every generation at or before
the closure vector.

usage: check_fp_faults.py --bin-dir DIR --profile P --count N --faults 1,2,3,4
                          --gen GEN=SEED[+OFFSET] ... [-j JOBS]
The reference runs one process per generation, JOBS at once (default: one per CPU).
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

NAMES = {
    "1": "OMOD rounded to nearest even (OMOD active x rounding mode)",
    "2": "CLAMP applied before OMOD (CLAMP x OMOD)",
    "3": "overflow gives infinity under every rounding mode (overflow x directed rounding)",
    "4": "tininess before rounding: a result rounding up to the smallest normal is flushed",
}


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"check_fp_faults: {' '.join(cmd)} failed ({r.returncode}):\n{r.stderr}")
    out = {}
    for line in r.stdout.splitlines():
        path, what, n = line.split()
        out[os.path.basename(path)] = int(n)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--profile", required=True)
    ap.add_argument("--count", required=True)
    ap.add_argument("--faults", required=True)
    ap.add_argument("--gen", action="append", required=True, help="GEN=SEED or GEN=SEED+OFFSET")
    ap.add_argument("-j", "--jobs", type=int, default=0,
                    help="reference runs at once, one per generation (default: the CPUs this process may use)")
    a = ap.parse_args()
    gens = []
    for g in a.gen:
        name, seed = g.split("=", 1)
        gens.append(f"{name}={sum(int(x) for x in seed.split('+'))}")
    failures, passed = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        # The reference, one process per generation at once (a.jobs), its digests then joined
        # in generation order.
        digs = [os.path.join(tmp, g.split("=")[0] + ".digests") for g in gens]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs or len(os.sched_getaffinity(0)))) as pool:
            parts = list(pool.map(lambda gd: run([os.path.join(a.bin_dir, "fp_faults"), "--write", gd[1], a.profile,
                                                  a.count, tmp + "/", gd[0]]), zip(gens, digs)))
        closure = {k: v for part in parts for k, v in part.items()}
        dig = os.path.join(tmp, "ref.digests")
        with open(dig, "w") as out:
            for d in digs:
                with open(d) as f:
                    out.write(f.read())
        files = [os.path.join(tmp, g.split("=")[0] + ".vec") for g in gens]
        print(f"{'fault':<6} {'gen':<6} {'first difference':>16} {'closure':>8}  (vectors, of {a.count})")
        for vec, c in closure.items():
            if c == 0:
                failures.append(f"{vec}: the coverage model does not reach 100% on make run's {a.count} vectors")
        for n in a.faults.split(","):
            first = run([os.path.join(a.bin_dir, f"fp_faults_{n}"), "--check", dig] + files)
            for vec, d in first.items():
                c = closure.get(vec, 0)
                print(f"{n:<6} {vec[:-4]:<6} {d:>16} {c:>8}")
                if d == 0:
                    failures.append(f"fault {n} ({NAMES.get(n, '?')}): never differs on {vec}")
                elif c and d > c:
                    failures.append(f"fault {n} ({NAMES.get(n, '?')}): first differs at vector {d} of {vec}, "
                                    f"after closure at vector {c}")
                else:
                    passed += 1
    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

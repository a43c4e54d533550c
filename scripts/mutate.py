#!/usr/bin/env python3
"""Mutation testing of the co-simulation bench (docs/mutate.md; make mutate).

Stages (each cached in OUT, redone when its inputs change):
  prep    yosys 0.23 reads the core's RTL (rtl_tb/rtl/gcn_core.f), `prep -top gcn_core`,
          and writes OUT/prep.il and the list of its modules
  list    `mutate -list` per module (MUT_PER_MODULE candidates each, seeded), interleaved
          round-robin over the modules and cut to N: an even sample over every module
  apply   every mutation behind one select input (`mutate -ctrl mutsel 16 K`, K = 1..N;
          0 is the unmutated core), `write_verilog` to OUT/gcn_core_mut.v, the select read
          from the package variable gcn_mut_pkg::sel (set by tb_cosim's +mutant=K)
  build   one tb_cosim over the mutated netlist (make mutate-build, rtl_tb/mutate.mk)
  run     mutant 0 must pass; then each mutant on make run's profile with an instruction
          budget (vectors per generation), under a timeout: killed (with the vector, the
          cycle, the instruction and field of its first mismatch), survived, or timed out
          (the simulator's watchdog or the wall-clock limit)
The faulty RTL lives only in OUT (build/), never in rtl_tb/rtl/. Mutants listed in
rtl_tb/tb/mutate/equivalent.txt (proved or reviewed equivalent, with the reason) are
excluded from the score. Prints one line per mutant, then the score; OUT/results.json.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from atomic import atomic_open  # noqa: E402

CTRL_WIDTH = 16
FIRST = re.compile(r"^  first mismatch: cycle (\d+), PC (\S+)\s+(.*?) \| field: (.*)$", re.M)
VECHDR = re.compile(r"^(MISMATCH|WATCHDOG) (\S+) vector (\S+) \(index (\d+) of (\S+)\)", re.M)


def sh(cmd, log, **kw):
    with open(log, "w") as f:
        return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, **kw).returncode


def rtl_files():
    with open(os.path.join(ROOT, "rtl_tb", "rtl", "gcn_core.f")) as f:
        return [ln.strip() for ln in f if ln.strip() and not ln.strip().startswith("//")]


def newer(out, inputs):
    return os.path.exists(out) and all(os.path.getmtime(out) >= os.path.getmtime(i) for i in inputs)


def stage_prep(a):
    il = os.path.join(a.out, "prep.il")
    mods = os.path.join(a.out, "modules.txt")
    files = [os.path.join(ROOT, f) for f in rtl_files()]
    if newer(il, files) and os.path.exists(mods):
        return il
    t0 = time.time()
    rc = sh([a.yosys, "-q", "-p", "read_verilog -sv " + " ".join(rtl_files()), "-p", "prep -top gcn_core",
             "-p", f"write_rtlil {il}.tmp", "-p", f"tee -q -o {mods}.tmp ls"], os.path.join(a.out, "prep.log"))
    if rc != 0:
        sys.exit(f"mutate: yosys prep failed (log {a.out}/prep.log)")
    os.replace(mods + ".tmp", mods)
    os.replace(il + ".tmp", il)
    print(f"mutate: yosys prep of gcn_core in {time.time() - t0:.0f} s", file=sys.stderr)
    return il


def modules(a):
    with open(os.path.join(a.out, "modules.txt")) as f:
        return sorted(w for ln in f for w in ln.split() if w.startswith(("gcn_", "$paramod")))


def stage_list(a, il):
    """The sample: [(module, 'mutate ...' line)], N lines round-robin over the modules."""
    mods = modules(a)
    per = max(1, -(-a.count // len(mods))) * 2  # twice the even share: small modules leave room
    script = [f"read_rtlil {il}"]
    outs = []
    for i, m in enumerate(mods):
        o = os.path.join(a.out, f"list_{i}.txt")
        outs.append(o)
        script.append(f"mutate -list {per} -seed {a.seed} -module {m} -o {o}")
    ys = os.path.join(a.out, "list.ys")
    with open(ys, "w") as f:
        f.write("\n".join(script) + "\n")
    if sh([a.yosys, "-q", "-s", ys], os.path.join(a.out, "list.log")) != 0:
        sys.exit(f"mutate: yosys mutate -list failed (log {a.out}/list.log)")
    lists = []
    for m, o in zip(mods, outs):
        with open(o) as f:
            lists.append([(m, ln.strip()) for ln in f if ln.startswith("mutate ")])
    sample = []
    k = 0
    while len(sample) < a.count and any(k < len(li) for li in lists):
        for li in lists:
            if k < len(li) and len(sample) < a.count:
                sample.append(li[k])
        k += 1
    return sample


def patch_netlist(text):
    """The select as a package variable: yosys adds a select port to each mutated module
    and wires it up through the parents to the top, gcn_core, where it becomes a read of
    gcn_mut_pkg::sel (the testbench sets it); and gcn_core's parameters back (the testbench
    sets them; prep fixed them at the defaults, make run's first configuration)."""
    m = re.search(r"^module gcn_core\(.*?^endmodule", text, flags=re.M | re.S)
    if not m:
        raise SystemExit("mutate: no module gcn_core in the netlist")
    top = m.group(0)
    top = re.sub(r"^(\s*)input (\[\d+:0\] )?mutsel;", r"\1wire \2mutsel = gcn_mut_pkg::sel;", top, flags=re.M)
    top = re.sub(r"^\s*wire (\[\d+:0\] )?mutsel;\n", "", top, flags=re.M)
    head, _, rest = top.partition(";")
    head = re.sub(r",\s*mutsel\b", "", re.sub(r"\(\s*mutsel\s*,", "(", head))
    top = head.replace("module gcn_core(", "module gcn_core #(parameter SALU_LATENCY = 1, VALU_DEPTH = 6, "
                       "BRANCH_PENALTY = 2, NUM_VGPRS = 256) (", 1) + ";" + rest
    return "/* verilator lint_off DECLFILENAME */\n" + text[:m.start()] + top + text[m.end():]


def stage_apply(a, il, sample):
    ys = os.path.join(a.out, "apply.ys")
    lines = [f"read_rtlil {il}"]
    for k, (_, ln) in enumerate(sample, 1):
        lines.append(f"mutate -ctrl mutsel {CTRL_WIDTH} {k} " + ln[len("mutate "):])
    lines.append("opt_clean")
    net = os.path.join(a.out, "gcn_core_mut.v")
    lines.append(f"write_verilog -noattr {net}.tmp")
    with open(ys, "w") as f:
        f.write("\n".join(lines) + "\n")
    if sh([a.yosys, "-q", "-s", ys], os.path.join(a.out, "apply.log")) != 0:
        sys.exit(f"mutate: yosys mutate (apply) failed (log {a.out}/apply.log)")
    with open(net + ".tmp") as f:
        text = patch_netlist(f.read())
    with atomic_open(net) as f:
        f.write(text)
    os.remove(net + ".tmp")
    with atomic_open(os.path.join(a.out, "gcn_mut_pkg.sv")) as f:
        f.write("// The mutant select of the mutated netlist (scripts/mutate.py): 0 is the unmutated core.\n"
                f"package gcn_mut_pkg;\n  logic [{CTRL_WIDTH - 1}:0] sel = '0;\nendpackage\n")


def read_equivalent(path):
    """{'mutate ...' spec: reason} from rtl_tb/tb/mutate/equivalent.txt (SPEC | REASON)."""
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for ln in f:
                if ln.strip() and not ln.startswith("#") and "|" in ln:
                    spec, why = ln.split("|", 1)
                    out[spec.strip()] = why.strip()
    return out


def run_one(a, k):
    cmd = ["nice", "-n", str(a.nice), a.sim, f"+vectors={','.join(a.vectors)}", f"+gen={','.join(a.gens)}",
           "+max_mismatches=1", f"+mutant={k}", f"+profile={a.profile}", f"+dir={a.out}",
           f"+self={a.sim}"] + a.plusargs
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                           cwd=ROOT, timeout=a.timeout)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""), None
    res = {"id": k, "wall": round(time.time() - t0, 2)}
    hdr, first = VECHDR.search(out), FIRST.search(out)
    if rc is None:
        res.update(status="timeout", detail=f"no result within {a.timeout} s")
    elif hdr and hdr.group(1) == "WATCHDOG":
        res.update(status="timeout", detail=f"watchdog: {hdr.group(2)} vector {hdr.group(3)} (index {hdr.group(4)})")
    elif re.search(r"^\d+ passed, 0 failed$", out, re.M) and rc == 0:
        res.update(status="survived", detail="")
    elif hdr:
        where = (f"cycle {first.group(1)}, PC {first.group(2)} {first.group(3).strip()} | {first.group(4)}"
                 if first else "")
        res.update(status="killed", detail=f"{hdr.group(2)} vector {hdr.group(3)} (index {hdr.group(4)}): {where}")
    else:
        tail = [ln for ln in out.splitlines() if ln.strip()][-1:] or [f"exit status {rc}"]
        res.update(status="killed", detail=f"simulator failed: {tail[0][:160]}")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100, help="mutants sampled (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/mut")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--stage", choices=["netlist", "run"], default="run",
                    help="netlist: stop after writing the mutated netlist (the build follows in make)")
    ap.add_argument("--sim", help="tb_cosim built over OUT/gcn_core_mut.v (make mutate-build)")
    ap.add_argument("--vectors", help="vector files, one per generation (comma-separated)")
    ap.add_argument("--gens", default="gcn10,gcn11,gcn12,gcn14")
    ap.add_argument("--profile", default="vectors/profiles/cosim.prof")
    ap.add_argument("--cfg", default="1,6,2")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per mutant")
    ap.add_argument("-j", "--jobs", type=int, default=1)
    ap.add_argument("--nice", type=int, default=0)
    ap.add_argument("--only", help="run these mutant ids only (comma-separated)")
    ap.add_argument("--equivalent", default="rtl_tb/tb/mutate/equivalent.txt")
    ap.add_argument("--results", help="the results file (default OUT/results.json)")
    ap.add_argument("--no-baseline", action="store_true",
                    help="do not run mutant 0 first (scripts/regress --mutate runs it once)")
    a = ap.parse_args()
    a.out = os.path.join(ROOT, a.out) if not os.path.isabs(a.out) else a.out
    os.makedirs(a.out, exist_ok=True)
    il = stage_prep(a)
    sample_path = os.path.join(a.out, "sample.json")
    key = {"count": a.count, "seed": a.seed, "il_mtime": os.path.getmtime(il)}
    cached = None
    if os.path.exists(sample_path):
        with open(sample_path) as f:
            cached = json.load(f)
    if a.stage == "netlist":
        if not (cached and cached.get("key") == key and os.path.exists(os.path.join(a.out, "gcn_core_mut.v"))):
            sample = stage_list(a, il)
            stage_apply(a, il, sample)
            with atomic_open(sample_path) as f:
                json.dump({"key": key, "sample": sample}, f, indent=1)
            print(f"mutate: {len(sample)} mutants over {len(set(m for m, _ in sample))} modules -> "
                  f"{os.path.relpath(a.out, ROOT)}/gcn_core_mut.v", file=sys.stderr)
        return 0
    if not cached:
        sys.exit("mutate: no sample (run --stage netlist first)")
    sample = cached["sample"]
    a.vectors = a.vectors.split(",")
    a.gens = a.gens.split(",")
    lat = a.cfg.split(",")
    a.plusargs = [f"+salu_latency={lat[0]}", f"+valu_depth={lat[1]}", f"+branch_penalty={lat[2]}"]
    equiv = read_equivalent(os.path.join(ROOT, a.equivalent))
    base = {"status": "survived"} if a.no_baseline else run_one(a, 0)
    if base["status"] != "survived":
        print(f"mutate: the unmutated core (mutant 0) fails: {base['status']} {base['detail']}")
        return 1
    ids = [int(x) for x in a.only.split(",")] if a.only else list(range(1, len(sample) + 1))
    t0 = time.time()
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for r in ex.map(lambda k: run_one(a, k), ids):
            mod, spec = sample[r["id"] - 1]
            r["module"], r["spec"] = mod, spec
            src = re.search(r"-src (\S+)", spec)
            r["src"] = src.group(1) if src else ""
            if r["status"] == "survived" and spec in equiv:
                r.update(status="equivalent", detail=equiv[spec])
            results.append(r)
            print(f"{r['id']:4} {r['status']:10} {r['src'][:48]:48} {r['detail'][:140]}", flush=True)
    n = {s: sum(1 for r in results if r["status"] == s) for s in ("killed", "survived", "timeout", "equivalent")}
    scored = n["killed"] + n["survived"] + n["timeout"]
    score = 100.0 * (n["killed"] + n["timeout"]) / scored if scored else 0.0
    with atomic_open(a.results or os.path.join(a.out, "results.json")) as f:
        json.dump({"count": len(results), "seed": a.seed, "counts": n, "score": round(score, 2),
                   "wall": round(time.time() - t0, 1), "mutants": results}, f, indent=1)
    per = {}
    for r in results:
        m = r["module"].split("\\")[1] if r["module"].startswith("$paramod") else r["module"]
        per.setdefault(m, [0, 0])[0] += 1
        per[m][1] += r["status"] in ("killed", "timeout")
    print("per module (killed or timed out / sampled): " + ", ".join(f"{m} {v[1]}/{v[0]}" for m, v in sorted(per.items())))
    print(f"mutation score: {score:.1f}% ({n['killed']} killed, {n['timeout']} timed out, {n['survived']} survived, "
          f"{n['equivalent']} equivalent excluded; {len(results)} mutants in {time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

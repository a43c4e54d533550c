#!/usr/bin/env python3
"""Mutation testing of the co-simulation bench (docs/mutate.md; make mutate).

Stages (each cached in OUT, redone when its inputs change):
  prep    yosys 0.23 reads the core's RTL (rtl_tb/rtl/gcn_core.f) and a top holding
          gcn_core at each core configuration (--cfgs, make run's 1,6,2 and 3,2,4),
          `prep -top gcn_mut_top`: the parameterised modules (issue, commit, the VALU
          history) once per configuration, the others once for all; OUT/prep.il
  list    `mutate -list` per module (twice its even share, seeded), interleaved
          round-robin over the modules and cut to N: an even sample over every module
  apply   every mutation behind one select input (`mutate -ctrl mutsel 16 K`, K = 1..N;
          0 is the unmutated core), `write_verilog` to OUT/gcn_core_mut.v; each gcn_core
          variant reads the select from the package variable gcn_mut_pkg::sel (set by
          tb_cosim's +mutant=K), and a gcn_core with the testbench's parameters picks the
          variant of its configuration
  build   one tb_cosim per configuration over the netlist (make mutate-build)
  run     mutant 0 must pass every stage; then each mutant through a staged budget on
          make run's profile: the small budget (--budget vectors per generation) at each
          configuration that holds it, then, for a survivor only, the large one
          (--budget-max); the first stage that detects it ends its run: killed (with the
          vector, the cycle, the instruction and field of its first mismatch) or timed
          out (the simulator's watchdog or the wall-clock limit); else survived
  prove   (--prove) a yosys miter of each survivor's module and its mutant
          (scripts/mutate_equiv.py), each within --prove-timeout seconds, all within
          --prove-budget: PROVED ones are equivalent, the others (a proof not finished
          included) stay survivors
The faulty RTL lives only in OUT (build/), never in rtl_tb/rtl/. Mutants listed in
rtl_tb/tb/mutate/equivalent.txt (reviewed equivalent, with the reason) are excluded from
the score too. Prints one line per mutant, then the score; OUT/results.json.
"""
import argparse
import concurrent.futures
import json
import os
import re
import resource
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


def cfg_tag(cfg):
    """'3,2,4' -> '3_2_4' (a simulator's directory, a variant's name)."""
    return cfg.replace(",", "_")


def top_source(cfgs):
    """The prep's top: one gcn_core per core configuration (salu_latency,valu_depth,
    branch_penalty), so that yosys elaborates the parameterised modules once per
    configuration and the others once for all (a mutant of a shared module lives in every
    configuration; one of a parameterised module in its own). `keep`: the cores have no
    connected output, and yosys's opt_clean would remove them."""
    lines = ["// scripts/mutate.py: gcn_core at each configuration of make mutate.", "module gcn_mut_top;"]
    for i, c in enumerate(cfgs):
        s, v, b = c.split(",")
        lines.append(f"  (* keep *) gcn_core #(.SALU_LATENCY({s}), .VALU_DEPTH({v}), .BRANCH_PENALTY({b})) u_cfg{i} ();")
    return "\n".join(lines + ["endmodule", ""])


def stage_prep(a):
    il = os.path.join(a.out, "prep.il")
    mods = os.path.join(a.out, "modules.txt")
    top = os.path.join(a.out, "gcn_mut_top.sv")
    text = top_source(a.cfgs)
    if not (os.path.exists(top) and open(top).read() == text):
        with atomic_open(top) as f:
            f.write(text)
    files = [os.path.join(ROOT, f) for f in rtl_files()] + [top]
    if newer(il, files) and os.path.exists(mods):
        return il
    t0 = time.time()
    print(f"mutate: yosys prep of gcn_core at {' and '.join(a.cfgs)} (minutes; log {a.out}/prep.log)",
          file=sys.stderr, flush=True)
    rc = sh([a.yosys, "-q", "-p", "read_verilog -sv " + " ".join(rtl_files() + [top]), "-p", "prep -top gcn_mut_top",
             "-p", f"write_rtlil {il}.tmp", "-p", f"tee -q -o {mods}.tmp ls"], os.path.join(a.out, "prep.log"))
    if rc != 0:
        sys.exit(f"mutate: yosys prep failed (log {a.out}/prep.log)")
    os.replace(mods + ".tmp", mods)
    os.replace(il + ".tmp", il)
    print(f"mutate: yosys prep in {time.time() - t0:.0f} s", file=sys.stderr)
    return il


def modules(a):
    with open(os.path.join(a.out, "modules.txt")) as f:
        return sorted(w for ln in f for w in ln.split() if w.startswith(("gcn_", "$paramod")) and w != "gcn_mut_top")


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


MODULE = re.compile(r"^module (\\\S+ |\w+)\s*\((.*?)\);(.*?)^endmodule\n?", re.M | re.S)


def patch_netlist(text, cfgs):
    """yosys wrote gcn_mut_top (one gcn_core per configuration of CFGS, instances u_cfgI) and
    below it a gcn_core variant per configuration. Each variant is renamed gcn_core_cfgI and
    reads the select from the package variable gcn_mut_pkg::sel (yosys added a select port to
    each mutated module and wired it up through the parents; the testbench sets the variable
    by +mutant=K); gcn_mut_top gives way to a gcn_core with the parameters the testbench
    sets, which instantiates the variant of its configuration (and stops at elaboration for
    another)."""
    mods = {m.group(1).strip(): m for m in MODULE.finditer(text)}
    top = mods.get("gcn_mut_top")
    if not top:
        raise SystemExit("mutate: no module gcn_mut_top in the netlist")
    variants = {}
    for typ, inst in re.findall(r"^\s*(\\\S+ |\w+)\s*(u_cfg\d+)\s*\(", top.group(3), re.M):
        variants[int(inst[len("u_cfg"):])] = typ.strip()
    if sorted(variants) != list(range(len(cfgs))):
        raise SystemExit(f"mutate: gcn_mut_top instantiates {sorted(variants)}, not one core per configuration")
    edits = [(top.start(), top.end(), "")]
    ports = decls = None
    for i, name in sorted(variants.items()):
        m = mods[name]
        body = re.sub(r"^(\s*)input (\[\d+:0\] )?mutsel;", r"\1wire \2mutsel = gcn_mut_pkg::sel;", m.group(3), flags=re.M)
        body = re.sub(r"^\s*wire (\[\d+:0\] )?mutsel;\n", "", body, flags=re.M)
        plist = [p.strip() for p in m.group(2).split(",") if p.strip() and p.strip() != "mutsel"]
        if ports is None:
            ports = plist
            decls = [ln for ln in body.splitlines() if re.match(r"\s*(input|output|inout)\b", ln)]
        edits.append((m.start(), m.end(), f"module gcn_core_cfg{i}({', '.join(plist)});{body}endmodule\n"))
    s0, v0, b0 = cfgs[0].split(",")
    wrap = [f"module gcn_core #(parameter SALU_LATENCY = {s0}, VALU_DEPTH = {v0}, BRANCH_PENALTY = {b0}, "
            f"NUM_VGPRS = 256) ({', '.join(ports)});"] + decls
    for i, c in enumerate(cfgs):
        s, v, b = c.split(",")
        wrap.append(f"  {'if' if i == 0 else 'else if'} (SALU_LATENCY == {s} && VALU_DEPTH == {v} && BRANCH_PENALTY == {b})"
                    f" begin : g_cfg{i}\n    gcn_core_cfg{i} u_core (.*);\n  end")
    wrap.append("  else begin : g_none\n    initial $fatal(1, \"gcn_core (make mutate): no mutated netlist at this "
                "configuration\");\n  end\nendmodule\n")
    out = text
    for st, en, rep in sorted(edits, reverse=True):
        out = out[:st] + rep + out[en:]
    return "/* verilator lint_off DECLFILENAME */\n" + out + "\n".join(wrap)


def stage_apply(a, il, sample):
    ys = os.path.join(a.out, "apply.ys")
    lines = [f"read_rtlil {il}"]
    for k, (_, ln) in enumerate(sample, 1):
        lines.append(f"mutate -ctrl mutsel {CTRL_WIDTH} {k} " + ln[len("mutate "):])
    lines += ["opt_clean", "splitnets -driver"]
    net = os.path.join(a.out, "gcn_core_mut.v")
    lines.append(f"write_verilog -noattr {net}.tmp")
    with open(ys, "w") as f:
        f.write("\n".join(lines) + "\n")
    if sh([a.yosys, "-q", "-s", ys], os.path.join(a.out, "apply.log")) != 0:
        sys.exit(f"mutate: yosys mutate (apply) failed (log {a.out}/apply.log)")
    with open(net + ".tmp") as f:
        text = patch_netlist(f.read(), a.cfgs)
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


def reach(il_path):
    """{module: set of configuration indexes whose gcn_core instantiates it}, from prep.il
    (gcn_mut_top's instance u_cfgI is configuration I)."""
    cells, cur = {}, None
    with open(il_path) as f:
        for ln in f:
            if ln.startswith("module "):
                cur = ln.split(None, 1)[1].strip()
                cells[cur] = []
            elif ln.startswith("  cell ") and cur is not None:
                typ, name = ln.split()[1:3]
                cells[cur].append((typ, name))
    out = {}
    for typ, name in cells.get("\\gcn_mut_top", []):
        if not name.startswith("\\u_cfg"):
            continue
        i, todo = int(name[len("\\u_cfg"):]), [typ]
        while todo:
            m = todo.pop()
            if i in out.setdefault(m.lstrip("\\"), set()):
                continue
            out[m.lstrip("\\")].add(i)
            todo += [t for t, _ in cells.get(m, []) if t in cells]
    return out


def stages(a):
    """The budget, cheapest first: the small one (BUDGET vectors per generation) at each
    configuration, then the large one (BUDGET_MAX) at each. Every mutant
    runs the first stage of a configuration that holds it; only a survivor goes on.
    [(label, configuration index, vector files, vectors per generation)]"""
    out = []
    for n, vecs in ((a.budget, a.vectors), (a.budget_max, a.vectors_max)):
        if vecs:
            out += [(f"{n}@{c}", i, vecs, n) for i, c in enumerate(a.cfgs)]
    return out


def run_one(a, k, cfg=0, vectors=None, timeout=None):
    c = a.cfgs[cfg].split(",")
    cmd = ["nice", "-n", str(a.nice), a.sims[cfg], f"+vectors={','.join(vectors or a.vectors)}",
           f"+gen={','.join(a.gens)}", "+max_mismatches=1", f"+mutant={k}", f"+profile={a.profile}",
           f"+dir={a.out}", f"+self={a.sims[cfg]}", f"+salu_latency={c[0]}", f"+valu_depth={c[1]}",
           f"+branch_penalty={c[2]}"]
    timeout = timeout or a.timeout
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                           cwd=ROOT, timeout=timeout)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""), None
    res = {"id": k, "wall": round(time.time() - t0, 2)}
    hdr, first = VECHDR.search(out), FIRST.search(out)
    if rc is None:
        res.update(status="timeout", detail=f"no result within {timeout} s")
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


def child_cpu():
    """CPU seconds of the finished child processes (the simulators, the proofs)."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def took(mark):
    """(wall, CPU) seconds since MARK = (time.time(), child_cpu())."""
    return time.time() - mark[0], child_cpu() - mark[1]


def run_staged(a, k, held):
    """Mutant K through the stages whose configuration holds it (HELD: their indexes): the
    result of the first stage that detects it (its label in "stage"), else survived."""
    wall, ran = 0.0, []
    for label, cfg, vecs, n in stages(a):
        if cfg not in held:
            continue
        r = run_one(a, k, cfg, vecs, a.timeout * max(1, n // a.budget))
        wall += r["wall"]
        ran.append(label)
        if r["status"] != "survived":
            return dict(r, stage=label, wall=round(wall, 2), stages=ran)
    return {"id": k, "status": "survived", "detail": "", "stage": "", "wall": round(wall, 2), "stages": ran}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100, help="mutants sampled (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/mut")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--stage", choices=["netlist", "run"], default="run",
                    help="netlist: stop after writing the mutated netlist (the build follows in make)")
    ap.add_argument("--sims", help="the simulators over OUT/gcn_core_mut.v (make mutate-build), one per "
                    "configuration of --cfgs (comma-separated)")
    ap.add_argument("--vectors", help="the small budget's vector files, one per generation (comma-separated)")
    ap.add_argument("--budget", type=int, default=25, help="vectors per generation in --vectors")
    ap.add_argument("--vectors-max", help="the large budget's vector files: only survivors of the small one run them")
    ap.add_argument("--budget-max", type=int, default=0, help="vectors per generation in --vectors-max")
    ap.add_argument("--prove", action="store_true",
                    help="try a yosys miter proof (scripts/mutate_equiv.py) on each module-local survivor")
    ap.add_argument("--prove-timeout", type=int, default=60, help="seconds per proof (default 60)")
    ap.add_argument("--prove-budget", type=int, default=300,
                    help="seconds of wall time for all the proofs (0: no limit; default 300): the proofs not "
                    "finished by then leave survivors")
    ap.add_argument("--gens", default="gcn10,gcn11,gcn12,gcn14")
    ap.add_argument("--profile", default="vectors/profiles/cosim.prof")
    ap.add_argument("--cfgs", default="1,6,2 3,2,4",
                    help="the core configurations (salu_latency,valu_depth,branch_penalty), space-separated: "
                    "the netlist holds gcn_core at each (default make run's two)")
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
    a.cfgs = a.cfgs.split()
    os.makedirs(a.out, exist_ok=True)
    il = stage_prep(a)
    sample_path = os.path.join(a.out, "sample.json")
    key = {"count": a.count, "seed": a.seed, "cfgs": a.cfgs, "il_mtime": os.path.getmtime(il)}
    cached = None
    if os.path.exists(sample_path):
        with open(sample_path) as f:
            cached = json.load(f)
    if a.stage == "netlist":
        if not (cached and cached.get("key") == key and os.path.exists(os.path.join(a.out, "gcn_core_mut.v"))):
            sample = stage_list(a, il)
            stage_apply(a, il, sample)
            got = reach(il)
            held = {m: sorted(got.get(m, [])) for m in set(m for m, _ in sample)}
            with atomic_open(sample_path) as f:
                json.dump({"key": key, "sample": sample, "held": held}, f, indent=1)
            print(f"mutate: {len(sample)} mutants over {len(set(m for m, _ in sample))} modules -> "
                  f"{os.path.relpath(a.out, ROOT)}/gcn_core_mut.v", file=sys.stderr)
        return 0
    if not cached:
        sys.exit("mutate: no sample (run --stage netlist first)")
    sample, held = cached["sample"], cached["held"]
    a.sims = a.sims.split(",")
    a.vectors = a.vectors.split(",")
    a.vectors_max = a.vectors_max.split(",") if a.vectors_max else []
    a.gens = a.gens.split(",")
    if len(a.sims) != len(a.cfgs):
        sys.exit(f"mutate: {len(a.sims)} simulators for {len(a.cfgs)} configurations")
    equiv = read_equivalent(os.path.join(ROOT, a.equivalent))
    st = stages(a)
    print(f"mutate: {len(sample)} mutants; stages (vectors per generation @ configuration): "
          f"{', '.join(s[0] for s in st)}; a mutant goes on only if it survives", flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        base = [] if a.no_baseline else list(ex.map(lambda s: (s[0], run_one(a, 0, s[1], s[2], a.timeout * 4 * max(
            1, s[3] // a.budget))), st))
    for label, r in base:
        if r["status"] != "survived":
            print(f"mutate: the unmutated core (mutant 0) fails at {label}: {r['status']} {r['detail']}")
            return 1
    ids = [int(x) for x in a.only.split(",")] if a.only else list(range(1, len(sample) + 1))
    t0 = time.time()
    spent = {}
    mark = (t0, child_cpu())
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for r in ex.map(lambda k: run_staged(a, k, set(held[sample[k - 1][0]])), ids):
            mod, spec = sample[r["id"] - 1]
            r["module"], r["spec"] = mod, spec
            src = re.search(r"-src (\S+)", spec)
            r["src"] = src.group(1) if src else ""
            if r["status"] == "survived" and spec in equiv:
                why = equiv[spec]  # equivalent.txt's reason, marked as a review once
                r.update(status="equivalent", detail=why if why.startswith("review:") else "review: " + why)
            results.append(r)
            print(f"{r['id']:4} {r['status']:10} {r['stage']:12} {r['src'][:48]:48} {r['detail'][:140]}", flush=True)
    spent["stages"] = took(mark)
    print(f"mutate: the stages in {spent['stages'][0]:.0f} s wall, {spent['stages'][1]:.0f} s CPU", flush=True)
    if a.prove:
        mark = (time.time(), child_cpu())
        import mutate_equiv
        todo = [r for r in results if r["status"] == "survived"]
        deadline = time.time() + a.prove_budget if a.prove_budget > 0 else None
        print(f"mutate: the yosys miter proof of {len(todo)} survivors (at most {a.prove_timeout} s each"
              + (f", {a.prove_budget} s in all: a proof not finished leaves a survivor)" if deadline else ")"),
              flush=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            for r, (ok, why) in zip(todo, ex.map(lambda r: mutate_equiv.prove(
                    a, r["spec"], timeout=a.prove_timeout, deadline=deadline), todo)):
                r["proof"] = why
                if ok:
                    r.update(status="equivalent", detail=why)
                print(f"{r['id']:4} {r['status']:10} {'proof':12} {r['src'][:48]:48} {why[:140]}", flush=True)
        spent["proofs"] = took(mark)
        print(f"mutate: the proofs in {spent['proofs'][0]:.0f} s wall, {spent['proofs'][1]:.0f} s CPU", flush=True)
    n = {s: sum(1 for r in results if r["status"] == s) for s in ("killed", "survived", "timeout", "equivalent")}
    scored = n["killed"] + n["survived"] + n["timeout"]
    score = 100.0 * (n["killed"] + n["timeout"]) / scored if scored else 0.0
    killed_at = {x[0]: sum(1 for r in results if r["status"] in ("killed", "timeout") and r["stage"] == x[0])
                 for x in st}
    with atomic_open(a.results or os.path.join(a.out, "results.json")) as f:
        json.dump({"count": len(results), "seed": a.seed, "cfgs": a.cfgs, "stages": [x[0] for x in st],
                   "killed_at": killed_at, "counts": n, "score": round(score, 2),
                   "wall": round(time.time() - t0, 1),
                   "spent": {k: {"wall": round(v[0], 1), "cpu": round(v[1], 1)} for k, v in spent.items()},
                   "mutants": results}, f, indent=1)
    per = {}
    for r in results:
        m = r["module"].split("\\")[1] if r["module"].startswith("$paramod") else r["module"]
        per.setdefault(m, [0, 0])[0] += 1
        per[m][1] += r["status"] in ("killed", "timeout")
    print("per module (killed or timed out / sampled): " + ", ".join(f"{m} {v[1]}/{v[0]}" for m, v in sorted(per.items())))
    print("detected at stage: " + ", ".join(f"{k} {v}" for k, v in killed_at.items()))
    print(f"mutation score: {score:.1f}% ({n['killed']} killed, {n['timeout']} timed out, {n['survived']} survived, "
          f"{n['equivalent']} equivalent excluded; {len(results)} mutants in {time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The equivalence proof of make mutate (scripts/mutate.py --prove; docs/mutate.md): a yosys
miter of a module and its mutated copy. A mutant that survives every stage of the budget is
tried here; a PROVED one is equivalent (excluded from the score, with this reason), any
other stays a survivor.

The proof is module-local: the mutated module's outputs equal the original's for every
input sequence, so no program can tell the core apart. It cannot prove a mutant whose
difference leaves the module and dies in a parent (a bit no reader uses): those need a
review (rtl_tb/tb/mutate/equivalent.txt). yosys 0.23:
  read_rtlil OUT/prep.il; copy M mut_gold; copy M mut_gate; mutate -module mut_gate ...
  flatten; async2sync (SAT takes no asynchronously reset flop: "Failed to import cell ...
  type $adff"; the reset becomes a mux on the flop's output, the same outputs in every
  cycle); memory_map (SAT takes no memory cells); miter -equiv -flatten -make_outputs
  sat -tempinduct -prove trigger 0 -set-init-zero -maxsteps N
Temporal induction from the all-zero state (the state Verilator starts the simulator in;
the reset is one of the free inputs): the base case checks the first steps, the induction
step that the outputs agree in every state reached after K agreeing steps. Only
"Induction step proven: SUCCESS!" counts; a counterexample, an induction that does not
close within N steps, an error, a time-out or a proof never started (make mutate's proof
budget spent) leave the mutant a survivor.
"""
import os
import re
import subprocess
import time

PROVED = "Induction step proven: SUCCESS!"


def module_arg(spec):
    """The -module of a `mutate ...` line (yosys names may hold backslashes and quotes)."""
    m = re.search(r" -module (\S+)", spec)
    if not m:
        raise ValueError(f"no -module in {spec!r}")
    return m.group(1)


def script(il, spec, maxsteps):
    """The yosys script proving SPEC's mutant equivalent to its module."""
    mod = module_arg(spec)
    rest = spec[len("mutate "):].replace(f"-module {mod}", "-module mut_gate", 1)
    return "\n".join([
        f"read_rtlil {il}",
        f"copy {mod} mut_gold",
        f"copy {mod} mut_gate",
        f"mutate {rest}",
        "flatten mut_gold mut_gate",
        "async2sync mut_gold mut_gate",
        "memory_map mut_gold mut_gate",
        "miter -equiv -flatten -make_outputs mut_gold mut_gate mut_miter",
        f"sat -tempinduct -prove trigger 0 -set-init-zero -maxsteps {maxsteps} mut_miter",
        ""])


def verdict(rc, log):
    """(proved, reason) from the yosys run: proved only on the induction's success."""
    if rc is None:
        return False, "not proved: the miter proof timed out"
    if rc == "budget":
        return False, "not proved: not tried (the proof budget was spent)"
    if rc == 0 and PROVED in log:
        return True, "yosys miter of the module and its mutant: sat -tempinduct PROVED (module-local)"
    if "model found for base case: FAIL!" in log or "SAT proof finished - model found: FAIL!" in log:
        return False, "not proved: the miter has a counterexample (the difference reaches the module's outputs)"
    if "Reached maximum number of time steps" in log:
        return False, "not proved: the induction did not close"
    tail = [ln for ln in log.splitlines() if ln.strip()][-1:] or [f"exit status {rc}"]
    return False, f"not proved: {tail[0][:120]}"


def prove(a, spec, maxsteps=12, timeout=600, deadline=None):
    """Runs the miter for mutant SPEC (a: OUT, yosys, nice); (proved, reason). A log newer
    than OUT/prep.il from the same script is reused. DEADLINE (a time.time()): the proof
    stops there (a time-out), and is not started if fewer than 5 s are left."""
    il = os.path.join(a.out, "prep.il")
    d = os.path.join(a.out, "proofs")
    os.makedirs(d, exist_ok=True)
    key = re.sub(r"[^A-Za-z0-9]+", "_", spec)[-120:]
    ys, log = os.path.join(d, key + ".ys"), os.path.join(d, key + ".log")
    text = script(il, spec, maxsteps)
    fresh = (os.path.exists(log) and os.path.exists(ys) and open(ys).read() == text
             and os.path.getmtime(log) >= os.path.getmtime(il))
    if fresh:
        with open(log, errors="replace") as f:
            done = f.read()
        if "End of script." in done or "ERROR" in done:
            return verdict(0 if "End of script." in done else 1, done)
    if deadline is not None:
        timeout = min(timeout, deadline - time.time())
        if timeout < 5:
            return verdict("budget", "")
    with open(ys, "w") as f:
        f.write(text)
    try:
        with open(log, "w") as f:
            rc = subprocess.run(["nice", "-n", str(getattr(a, "nice", 0)), a.yosys, "-s", ys], stdout=f,
                                stderr=subprocess.STDOUT, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        rc = None
    with open(log, errors="replace") as f:
        return verdict(rc, f.read())

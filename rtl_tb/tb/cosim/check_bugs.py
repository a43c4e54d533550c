#!/usr/bin/env python3
"""The co-simulation's self-check: each RTL fault (rtl_tb/tb/faults/) must be caught at the right place.

For every row of the table (rtl_tb/tb/cosim/bugs.txt: NAME MNEMONIC-REGEX FIELD-REGEX
[CHECK]) runs the faulty simulator BUILD/bug_NAME/tb_cosim (made by `make cosim-bugs-build`: the
fault simulator with +fault=NAME)
on the bug vectors, stopping at the first failing vector, and checks that the report's
first "first mismatch:" line names an instruction whose mnemonic matches MNEMONIC-REGEX
and a field matching FIELD-REGEX (and CHECK). Each run's log is BUILD/bug_NAME.log.
Then the same simulator in retire mode (+retire, docs/retire.md) on that failing vector
(the whole set again if retire mode does not see the fault there; check_retire says why
that vector suffices): the fault must be caught there too, and (rows without CHECK: the
faults of a value, not of timing) at an instruction matching MNEMONIC-REGEX: both modes
agree. Its log is BUILD/bug_NAME_retire.log.
With --no-fault SIM (the fault simulator, every switch off: the core as it is), SIM must
pass the same vectors in both modes: the faults' selects change nothing until one is
switched on.
Runs -j simulations at once (default: one per CPU); prints one line per fault and mode, in
the table's order, and "N passed, N failed"; exit status 1 on a failure.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

FIRST = re.compile(r"^  first mismatch: cycle (\d+), PC (\S+)\s+(\S+)\s*(.*?) \| field: (.*)$", re.M)
FIRST_RETIRE = re.compile(r"^first mismatch: retire (\d+), PC (\S+)\s+(\S+)\s*(.*?) \| field: (.*)$", re.M)
VECHDR = re.compile(r"^MISMATCH \S+ vector (\S+) \(index \d+ of (\S+)\)", re.M)
FAILED_VEC = re.compile(r"^FAIL (\S+) \S+ \(index (\d+) of (\S+)\)", re.M)
IN_FLIGHT = re.compile(r"^  (\d+) instructions? issued, not yet retired at cycle \d+ \(model\):?$", re.M)
VGPR = re.compile(r"\bv(\d+)\b|\bv\[(\d+):(\d+)\]")


def read_table(path):
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
            if not line:
                continue
            w = line.split()
            if len(w) not in (3, 4):
                sys.exit(f"{path}:{n}: expected NAME MNEMONIC-REGEX FIELD-REGEX [CHECK], got {len(w)} words")
            if len(w) == 4 and w[3] not in ("raw-vgpr", "branch-target", "sdwa"):
                sys.exit(f"{path}:{n}: unknown check '{w[3]}' (expected raw-vgpr, branch-target or sdwa)")
            try:
                rows.append((w[0], re.compile(w[1]), re.compile(w[2]), w[3] if len(w) == 4 else None))
            except re.error as e:
                sys.exit(f"{path}:{n}: bad regex: {e}")
    return rows


def vgprs(operands):
    """The VGPRs named by an operand list (text)."""
    out = set()
    for m in VGPR.finditer(operands):
        if m.group(1) is not None:
            out.add(int(m.group(1)))
        else:
            out.update(range(int(m.group(2)), int(m.group(3)) + 1))
    return out


def program(path, name):
    """The program of vector NAME in vector file PATH: [(pc, mnemonic, operands)]."""
    code, inside = [], False
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "vector":
                inside = len(w) > 1 and w[1] == name
            elif inside and w[0] == "code":
                text = line.split(";", 1)[0].split(None, 2)[2].strip()
                mn, _, ops = text.partition(" ")
                code.append((int(w[1], 0), mn, ops))
            elif inside and w[0] == "end":
                break
    return code


def raw_vgpr(log, pc):
    """A VGPR read-after-write at the first mismatch: the instruction at PC or one of the
    two before it (in program order; a missing interlock lets the reader and what follows
    it issue early, so the first visible difference may be a later instruction's commit)
    is a VALU instruction that reads a VGPR that one of the 4 instructions before it writes.
    Returns (found, the reader's mnemonic, a note, the reader's PC)."""
    m = VECHDR.search(log)
    if not m or pc == "?":
        return False, None, "no vector or PC", None
    code = program(m.group(2), m.group(1))
    at = [i for i, c in enumerate(code) if c[0] == int(pc, 0)]
    if not at:
        return False, None, f"PC {pc} not in the program", None
    for i in range(at[0], max(-1, at[0] - 3), -1):
        if not code[i][1].startswith("v_"):
            continue
        ops = [o.strip() for o in code[i][2].split(",")]
        # Sources: every operand after the destination.
        srcs = vgprs(",".join(ops[1:]))
        for k in range(i - 1, max(-1, i - 5), -1):
            mn, wops = code[k][1], code[k][2]
            if not mn.startswith("v_"):
                continue
            both = vgprs(wops.split(",")[0]) & srcs
            if both:
                return True, code[i][1], (f"{code[i][1]} {code[i][2]} at 0x{code[i][0]:x} reads v{min(both)}, "
                                          f"written by {mn} {wops} at 0x{code[k][0]:x}"), code[i][0]
    return (False, None, "no VALU instruction at or just before it reads a VGPR written by the 4 instructions "
            "before it", None)


def in_flight(log):
    """The PCs of the first report's "issued, not yet retired" list, or None without one."""
    m = IN_FLIGHT.search(log)
    if not m:
        return None
    return [int(x, 0) for x in re.findall(r"^    issued +\d+, retires +\d+  PC (\S+)", log[m.end():], re.M)
            if x] if m.group(1) != "0" else []


def run_logged(cmd, logpath):
    """Runs the simulator CMD (10 minutes at most), keeps its output in LOGPATH, returns it."""
    try:
        log = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             errors="replace", timeout=600).stdout
    except subprocess.TimeoutExpired:
        log = "(timed out)\n"
    with open(logpath, "w") as f:
        f.write(log)
    return log


def is_sdwa(mn, ops):
    """An SDWA form: the _sdwa suffix, or (gcn12's compares print none) a selector among the
    operands (retire mode's report may cut the text short)."""
    return mn.endswith("_sdwa") or "_sel:" in ops


def check_retire(name, mre, check, sim, common, whole, at, logpath):
    """The faulty simulator in retire mode: (passed, the line to print). AT: lock-step's first
    failing vector (file, generation, index). Retire mode runs that vector alone first: on
    the vectors before it the faulty core committed, cycle by cycle, what the model did, so
    retire mode (which reads the same commits) sees what it sees of the core as it is, and
    the no-fault run in retire mode passes the whole set. A fault that retire mode does not
    see there (a timing fault whose values come out right in that vector) runs the whole set."""
    cmd = sim + common + ["+retire"]
    log = run_logged(cmd + ["+vectors=" + at[0], "+gen=" + at[1], "+only=" + at[2]], logpath) if at else ""
    m = FIRST_RETIRE.search(log)
    where_vec = f"{at[1]} vector {at[2]}" if at else ""
    if not m:
        log = run_logged(cmd + whole, logpath)
        m = FIRST_RETIRE.search(log)
        v = FAILED_VEC.search(log)
        where_vec = f"{v.group(1)} vector {v.group(2)}, the whole set" if v else "the whole set"
    if not m:
        return False, f"FAIL {name} (retire mode): not caught (log {logpath})"
    seq, pc, mn, ops, field = m.groups()
    where = f"{where_vec}, retire {seq}, PC {pc} {mn} {ops} | field: {field}"
    if check in (None, "sdwa") and not mre.search(mn):
        return False, f"FAIL {name} (retire mode): first mismatch at {where}: mnemonic {mn} does not match /{mre.pattern}/"
    if check == "sdwa" and not is_sdwa(mn, ops):
        return False, f"FAIL {name} (retire mode): first mismatch at {where}: not an SDWA form"
    return True, f"ok   {name} (retire mode): first mismatch at {where}"


def branch_target(log, pc, field=""):
    """The first mismatch is at the target of a SOPP branch, s_cbranch_i_fork or s_call_b64 of the program
    (or in the SGPR stack write of the s_cbranch_i_fork itself) (its last operand is SIMM16, the offset in dwords from the next instruction). Returns
    (found, the branch's mnemonic, a note)."""
    m = VECHDR.search(log)
    if not m or pc == "?":
        return False, None, "no vector or PC"
    target = int(pc, 0)
    for bpc, mn, ops in program(m.group(2), m.group(1)):
        if not re.match(r"s_(branch|cbranch_(scc|vcc|exec)\w*|cbranch_i_fork|call_b64)$", mn):
            continue
        simm = int(ops.split(",")[-1].strip(), 0)
        simm = simm - 65536 if simm >= 32768 else simm
        if bpc + 4 + 4 * simm == target:
            return True, mn, f"the target of {mn} {ops} at 0x{bpc:x}"
        # s_cbranch_i_fork pushes the path it does not take (its target or the next PC) to
        # the control stack in SGPRs: a wrong target first shows in that write, at the fork.
        if bpc == target and mn == "s_cbranch_i_fork" and re.match(r"s\d+\b", field):
            return True, mn, f"the stack write of {mn} {ops} at 0x{bpc:x} (it holds the target)"
        # The DUT's own landing one dword after the target, seen first when that dword is not
        # an instruction start (a literal: the DUT reports `illegal` there), or when it is one
        # whose write commits before the skipped target's (a VALU compare at the target: its
        # VCC write comes 3 + valu_depth cycles later than the next SALU instruction's).
        if bpc + 4 + 4 * simm == target - 4 and field.startswith("unexpected event"):
            why = "illegal fetch" if field.startswith("unexpected event illegal") else "landing, committing first"
            return True, mn, f"one dword after the target of {mn} {ops} at 0x{bpc:x} (the DUT's {why})"
    return False, None, f"no branch of the program targets {pc}"


def check_fault(row, args, common, whole):
    """Fault ROW in lock-step mode on the whole set, then in retire mode: ([lines], passed, failed)."""
    name, mre, fre, check = row
    sim = os.path.join(args.build, "bug_" + name, "tb_cosim")
    logpath = os.path.join(args.build, "bug_" + name + ".log")
    if not os.access(sim, os.X_OK):
        return [f"FAIL {name}: {sim} not built (make cosim-bugs-build)"], 0, 1
    cmd = [sim, "+self=" + sim, "+self_waves=" + os.path.join(args.build, "bug_" + name + "_waves", "tb_cosim")]
    log = run_logged(cmd + common + whole, logpath)
    m = FIRST.search(log)
    if not m:
        why = "a watchdog, not a mismatch" if "\nWATCHDOG" in log else "no mismatch reported"
        return [f"FAIL {name}: {why} (log {logpath})"], 0, 1
    v = FAILED_VEC.search(log)
    at = (v.group(3), v.group(1), v.group(2)) if v else None
    cycle, pc, mn, ops, field = m.groups()
    where = (f"{at[1]} vector {at[2]}, " if at else "") + f"cycle {cycle}, PC {pc} {mn} {ops} | field: {field}"
    problems = []
    note = ""
    if check == "raw-vgpr":
        # The mnemonic regex is matched against the reader.
        ok, reader, note, rpc = raw_vgpr(log, pc)
        if not ok:
            problems.append("not a VGPR read-after-write: " + note)
        elif not mre.search(reader):
            problems.append(f"reader {reader} does not match /{mre.pattern}/")
        elif rpc not in (in_flight(log) or []):
            # The reader issued early in the DUT; the report must name it among the
            # instructions the model has issued but not retired (deliverable 3 of issue 20).
            problems.append(f"the report's in-flight list does not name the reader at 0x{rpc:x}")
    elif check == "branch-target":
        ok, br, note = branch_target(log, pc, field)
        if not ok:
            problems.append("not a branch target: " + note)
        elif not mre.search(br):
            problems.append(f"branch {br} does not match /{mre.pattern}/")
    elif not mre.search(mn):
        problems.append(f"mnemonic {mn} does not match /{mre.pattern}/")
    if check == "sdwa" and not is_sdwa(mn, ops):
        problems.append("not an SDWA form (no _sdwa suffix, no selector among its operands)")
    if not fre.search(field):
        problems.append(f"field '{field}' does not match /{fre.pattern}/")
    if in_flight(log) is None:
        problems.append("no list of the instructions issued but not yet retired")
    if problems:
        lines, npass, nfail = [f"FAIL {name}: first mismatch at {where}: {'; '.join(problems)} (log {logpath})"], 0, 1
    else:
        lines, npass, nfail = [f"ok   {name}: first mismatch at {where}" + (f" ({note})" if note else "")], 1, 0
    ok, line = check_retire(name, mre, check, cmd, common, whole, at,
                            os.path.join(args.build, "bug_" + name + "_retire.log"))
    return lines + [line], npass + ok, nfail + (not ok)


def check_no_fault(sim, mode, common, whole, logpath):
    """The fault simulator with no fault switched on must pass the whole set: ([line], passed, failed)."""
    log = run_logged([sim, "+self=" + sim] + common + whole + (["+retire"] if mode else []), logpath)
    ok = re.search(r"^\d+ passed, 0 failed$", log, re.M) is not None
    what = " in retire mode" if mode else ""
    return ([f"{'ok  ' if ok else 'FAIL'} no fault switched on{what}: {'passes' if ok else 'does not pass'} "
             f"the vectors (log {logpath})"], int(ok), int(not ok))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", default="rtl_tb/tb/cosim/bugs.txt")
    ap.add_argument("--build", default="build/rtl/cosim")
    ap.add_argument("--vectors", required=True, help="comma-separated vector files")
    ap.add_argument("--gen", required=True, help="comma-separated generations")
    ap.add_argument("--cfg", default="1,6,2", help="salu_latency,valu_depth,branch_penalty")
    ap.add_argument("--profile", default=None, help="the vectors' profile (for the reproduction lines)")
    ap.add_argument("--bugs-file", default=None,
                    help="the switches to check, one a line (cosim-bugs-build writes BUILD/bugs.list); "
                         "default: every row of the table")
    ap.add_argument("--no-fault", default=None, metavar="SIM",
                    help="the fault simulator, which must pass the vectors with no fault switched on "
                         "(in both modes)")
    ap.add_argument("-j", "--jobs", type=int, default=0,
                    help="simulations at once (default: the CPUs this process may use); the output "
                         "stays in table order")
    args = ap.parse_args()
    rows = read_table(args.table)
    jobs = args.jobs if args.jobs > 0 else len(os.sched_getaffinity(0))
    sl, vd, bp = args.cfg.split(",")
    common = ["+max_mismatches=1", f"+salu_latency={sl}", f"+valu_depth={vd}", f"+branch_penalty={bp}",
              "+dir=" + args.build] + (["+profile=" + args.profile] if args.profile else [])
    whole = ["+vectors=" + args.vectors, "+gen=" + args.gen]
    early = []  # lines printed before the runs: rows missing from the table
    nfail = 0
    if args.bugs_file:
        try:
            want = open(args.bugs_file).read().split()
        except OSError as e:
            print(f"FAIL cannot read {args.bugs_file} ({e.strerror}): make cosim-bugs-build writes it")
            print("0 passed, 1 failed")
            return 1
        names = {r[0] for r in rows}
        for b in want:
            if b not in names:
                early.append(f"FAIL {b}: no row in {args.table} (add: {b}  MNEMONIC-REGEX  FIELD-REGEX)")
                nfail += 1
        rows = [r for r in rows if r[0] in want]
    # The no-fault runs read the whole set (the longest runs): they start first.
    tasks = []
    if args.no_fault:
        tasks += [(check_no_fault, (args.no_fault, 0, common, whole, os.path.join(args.build, "bug_none.log"))),
                  (check_no_fault, (args.no_fault, 1, common, whole,
                                    os.path.join(args.build, "bug_none_retire.log")))]
    tasks += [(check_fault, (row, args, common, whole)) for row in rows]
    npass = 0
    for line in early:
        print(line, flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(f, *a) for f, a in tasks]
        for fut in futures:
            lines, p, f = fut.result()
            for line in lines:
                print(line, flush=True)
            npass, nfail = npass + p, nfail + f
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every fault of rtl_tb/tb/faults/ in one copy of the RTL, each selected at run time.

    fault_merge.py --out DIR PATCH...

Copies rtl_tb/rtl/ to DIR/rtl_tb/rtl/ (the same path below DIR, so the waivers' file
patterns still match) and applies every PATCH to the copy at once, each behind a select:
a line that fault NAME changes keeps its original expression and chooses NAME's when
gcn_fault_pkg::sel == gcn_fault_pkg::NAME, e.g.

    assign lt_s = gcn_fault_pkg::sel == gcn_fault_pkg::BUG_X ? (a < b) : ($signed(a) < $signed(b));

Writes DIR/gcn_fault_pkg.sv: the index of each fault (1..N in name order; 0 is the core as
it is), the variable `sel` and `index_of(NAME)` (0 for an unknown name), which tb_cosim's
+fault=NAME reads (rtl_tb/cosim.mk, make cosim-bugs). One simulator build then carries
every fault, instead of one build per fault.

A patch must apply as it is (like `patch --fuzz=0`: its context and removed lines are in
the file, at the hunk's line numbers or the nearest place they all match), and change whole statements of one line each: in every
hunk each run of removed lines is followed by as many added ones, each pair
  [assign] LHS = EXPR;  (or <=)   the same LHS, another EXPR
  .PORT (EXPR)[,]                 the same port, another EXPR
Several faults may change the same line. Anything else is an error
(PATCH:LINE: error: ..., exit status 2): write the fault as such a line.
"""
import argparse
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic import atomic_open  # noqa: E402

ASSIGN = re.compile(r"^(\s*(?:assign\s+)?[^=;]*?(?:<=|=))(?!=)\s*(.*?)\s*;\s*(//.*)?$")
PORT = re.compile(r"^(\s*\.\w+\s*\()(.*)\)(\s*,?)\s*(//.*)?$")
HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def fail(path, line, msg):
    sys.stderr.write(f"{path}:{line}: error: {msg}\n")
    sys.exit(2)


def split_stmt(text):
    """(kind, head, expr, tail) of a one-line statement, or None."""
    m = ASSIGN.match(text)
    if m:
        return "assign", m.group(1), m.group(2), ";"
    m = PORT.match(text)
    if m:
        return "port", m.group(1), m.group(2), ")" + m.group(3)
    return None


def norm(s):
    return " ".join(s.split())


def read_patch(path):
    """[(file, [(stated start line, [old lines], [(patch line, offset in the old lines, new text)])])]
    of one patch: per file its hunks."""
    with open(path) as f:
        lines = f.read().split("\n")
    files, cur, i = [], None, 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("+++ "):
            name = ln[4:].split("\t")[0].strip()
            if not name.startswith("b/"):
                fail(path, i + 1, "expected '+++ b/PATH' (a patch for patch -p1)")
            cur = (name[2:], [])
            files.append(cur)
            i += 1
            continue
        m = HUNK.match(ln)
        if m:
            if cur is None:
                fail(path, i + 1, "a hunk before its '+++' line")
            block, changes, removed, added = [], [], [], []
            i += 1
            while i < len(lines) and lines[i][:1] in (" ", "-", "+") and not lines[i].startswith(("--- ", "+++ ")):
                t, body = lines[i][0], lines[i][1:]
                if t == "-":
                    if added:
                        fail(path, i + 1, "a removed line after added ones: one run of '-' then '+' per change")
                    removed.append((i + 1, len(block)))
                    block.append(body)
                elif t == "+":
                    added.append((i + 1, body))
                else:
                    pair(path, i + 1, removed, added, changes)
                    removed, added = [], []
                    block.append(body)
                i += 1
            pair(path, i, removed, added, changes)
            cur[1].append((int(m.group(1)), block, changes))
            continue
        i += 1
    if not any(h[2] for f in files for h in f[1]):
        fail(path, 1, "no change (expected a unified diff: '--- a/PATH', '+++ b/PATH', '@@ ...')")
    return files


def pair(path, line, removed, added, changes):
    if len(removed) != len(added):
        fail(path, (removed or added or [(line,)])[0][0],
             f"{len(removed)} removed line(s) and {len(added)} added: each changed line needs one replacement")
    for (pl, off), (_, ntext) in zip(removed, added):
        changes.append((pl, off, ntext))


def locate(text, start, block):
    """The line number (1-based) where BLOCK is in TEXT, nearest to START (patch's offset
    search, without fuzz), or None."""
    hits = [k + 1 for k in range(len(text) - len(block) + 1) if text[k:k + len(block)] == block]
    return min(hits, key=lambda k: abs(k - start)) if hits else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="the folder of the copy (DIR/rtl_tb/rtl/, DIR/gcn_fault_pkg.sv)")
    ap.add_argument("--rtl", default="rtl_tb/rtl", help="the RTL folder to copy (default rtl_tb/rtl)")
    ap.add_argument("patches", nargs="+")
    a = ap.parse_args()
    names = sorted(os.path.splitext(os.path.basename(p))[0] for p in a.patches)
    for p in a.patches:
        n = os.path.splitext(os.path.basename(p))[0]
        if names.count(n) > 1:
            fail(p, 1, f"two patches named {n}")
        if not re.match(r"^[A-Za-z_]\w*$", n):
            fail(p, 1, f"{n}: a fault's name must be an SV identifier")
    index = {n: k for k, n in enumerate(names, 1)}
    root = os.path.normpath(a.rtl)
    # (file, line number) -> [head, original expr, tail, original line, [(fault, its expr)]]
    edits = {}
    texts = {}
    for p in sorted(a.patches):
        name = os.path.splitext(os.path.basename(p))[0]
        for fname, hunks in read_patch(p):
            if not os.path.normpath(fname).startswith(root + os.sep):
                fail(p, 1, f"{fname}: not below {root}/")
            if fname not in texts:
                with open(fname) as f:
                    texts[fname] = f.read().split("\n")
            text = texts[fname]
            for start, block, changes in hunks:
                at = locate(text, start, block)
                if at is None:
                    fail(p, changes[0][0] if changes else 1,
                         f"{fname}: the hunk at line {start} does not fit the file (its lines are not there)")
                for pl, off, ntext in changes:
                    otext = block[off]
                    o, n = split_stmt(otext), split_stmt(ntext)
                    if o is None or n is None or o[0] != n[0] or norm(o[1]) != norm(n[1]):
                        fail(p, pl, "not the same one-line statement with another expression "
                                    "('[assign] LHS = EXPR;' or '.PORT (EXPR),')")
                    e = edits.setdefault((fname, at + off), [o[1], o[2], o[3], otext, []])
                    e[4].append((name, n[2]))
    if os.path.exists(os.path.join(a.out, root)):
        shutil.rmtree(os.path.join(a.out, root))
    shutil.copytree(root, os.path.join(a.out, root))
    for (fname, old), (head, orig, tail, otext, alts) in sorted(edits.items()):
        comment = ASSIGN.match(otext) or PORT.match(otext)
        comment = comment.group(comment.re.groups) or ""
        expr = "".join(f"gcn_fault_pkg::sel == gcn_fault_pkg::{n} ? ({e}) : " for n, e in alts) + f"({orig})"
        sep = "" if head.endswith("(") else " "
        texts[fname][old - 1] = f"{head}{sep}{expr}{tail}" + (f"  {comment}" if comment else "")
    for fname, text in texts.items():
        with atomic_open(os.path.join(a.out, fname)) as f:
            f.write("\n".join(text))
    # Last: the make target (an interrupted run leaves it older than its inputs).
    with atomic_open(os.path.join(a.out, "gcn_fault_pkg.sv")) as f:
        f.write("// The fault select of the merged faulty RTL (scripts/fault_merge.py, from\n"
                "// rtl_tb/tb/faults/*.patch): 0 is the core as it is; +fault=NAME sets sel. Each\n"
                "// hierarchy block of a hierarchical build (rtl_tb/hier.vlt) has its own copy of\n"
                "// the package: every copy reads the plusarg itself.\n"
                "package gcn_fault_pkg;\n")
        for n in names:
            f.write(f"  localparam int unsigned {n} = {index[n]};\n")
        f.write("  function automatic int unsigned index_of(string name);\n")
        for n in names:
            f.write(f"    if (name == \"{n}\") return {n};\n")
        f.write("    return 0;\n  endfunction\n"
                "  function automatic int unsigned plusarg_sel();\n"
                "    string name;\n"
                "    if (!$value$plusargs(\"fault=%s\", name)) return 0;\n"
                "    return index_of(name);\n"
                "  endfunction\n"
                "  // (a hierarchy block without a fault does not read it)\n"
                "  /* verilator lint_off UNUSEDSIGNAL */\n"
                "  int unsigned sel = plusarg_sel();\n"
                "  /* verilator lint_on UNUSEDSIGNAL */\nendpackage\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

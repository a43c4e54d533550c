#!/usr/bin/env python3
"""Every ISA fact is typed once, in the table (issue 12): no hand-written source outside the
ISA table (refmodel/isa/) and its generators (scripts/gen_isa*.py) holds

  - an encoding-format prefix (SOP1 0x17D, SOPC 0x17E, SOPP 0x17F, SOPK 0xB, VOP1 0x3F,
    VOPC 0x3E, VOP3 0x34, SOP2 2 in the top bits, written as the shifted constant);
  - the inline-constant table (1/(2pi) in any width, or six or more of the eight f32
    inline values 0.5 .. -4.0 in one file);
  - an SGPR count (104 or 102 beside "sgpr", or the pair 104 : 102);
  - a list of the ops the core executes itself (five or more of the table's `core` ops
    within eight lines);

and no hand-written source file is over 800 lines (the ISA table and test data excepted).
Each rule is also checked to catch a planted copy (a self-test on a temporary tree).
Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "common"))
from checks import check, summary  # noqa: E402

SOURCE = re.compile(r"\.(c|h|cpp|sv|svh|py|mk|vlt)$|(^|/)Makefile$")
# Where ISA facts may be typed, and the sources whose job is to check them by hand-derived
# expectations (an oracle must not read the table it checks).
ALLOWED = [
    ("refmodel/isa/", "the ISA table itself"),
    ("scripts/gen_isa", "the generators that turn the table into C, SV and Python"),
    ("tests/unit/", "unit tests: hand-derived expected encodings and values"),
    ("tests/kat/", "known-answer tests, derived by hand"),
    ("tests/oracle/", "independent oracles (llvm-mc, MPFR): they must not read the table"),
    ("tests/cli/", "command-line tests: hand-written expected encodings"),
    ("tests/arch/", "this test names the facts it looks for"),
    ("rtl_tb/tb/core/decode_main.cpp", "the RTL decoder test biases random words toward each "
     "encoding's fixed bits independently of the table the decoder reads"),
]
# Per-op behaviour of the core-executed ops (which ops the core executes comes from the
# table: gcn_isa_pkg::op_core/op_allsgprs); a case per op for what each one does is not a list.
CORE_LIST_ALLOWED = [("rtl_tb/rtl/gcn_sctrl.sv", "what each core-executed op does, one case each")]
SIZE_EXEMPT = re.compile(r"\.(tab|kat|timing)$|/fixtures/")
MAX_LINES = 800

PREFIX = re.compile(
    r"0x17[DdEeFf]u?\s*<<\s*23|0x[Bb]u?\s*<<\s*28|0x3[EeFf]u?\s*<<\s*25|0x34u?\s*<<\s*26|"
    r"\b2u?\s*<<\s*30\b|9'h17[DdEeFf]|6'h3[4]")
INV_2PI = re.compile(r"0x3[Ee]22[Ff]983|0x3118\b|0x3[Ff][Cc]45[Ff]306[Dd][Cc]9[Cc]882")
INLINE_F32 = ["3F000000", "BF000000", "3F800000", "BF800000", "40000000", "C0000000", "40800000", "C0800000"]
SGPR_COUNT = re.compile(r"(\b(104|102)\b.*sgpr|sgpr.*\b(104|102)\b|\b104\b\s*:\s*\b102\b|\"gcn1[0-4]\":\s*10[24])", re.I)


def core_ops():
    isa = os.path.join(ROOT, "build", "gen", "gcn_isa.py")
    ns = {}
    if os.path.exists(isa):
        exec(compile(open(isa).read(), isa, "exec"), ns)
        return sorted(r["id"] for r in ns["ROWS"] if "CORE" in r["flags"])
    return ["S_MOVRELS_B32", "S_MOVRELS_B64", "S_MOVRELD_B32", "S_MOVRELD_B64", "S_CBRANCH_G_FORK",
            "S_CBRANCH_JOIN", "S_SET_GPR_IDX_IDX", "S_RFE_B64", "S_RFE_RESTORE_B64"]


def files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout
        names = out.split()
    except (OSError, subprocess.CalledProcessError):
        names = []
        for d, dirs, fs in os.walk(root):
            dirs[:] = [x for x in dirs if x not in ("build", ".git")]
            names += [os.path.relpath(os.path.join(d, f), root) for f in fs]
    return [n for n in names if os.path.isfile(os.path.join(root, n))]


def allowed(path, rules):
    return any(path.startswith(p) for p, _ in rules)


def findings(root, ops):
    """(kind, path, line, text) of every ISA fact typed outside the table."""
    out = []
    pat_ops = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(ops) + r")\b")
    for path in files(root):
        if not SOURCE.search(path):
            continue
        lines = open(os.path.join(root, path), encoding="utf-8", errors="replace").read().splitlines()
        if not SIZE_EXEMPT.search(path) and len(lines) > MAX_LINES:
            out.append(("size", path, len(lines), f"{len(lines)} lines (at most {MAX_LINES})"))
        if allowed(path, ALLOWED):
            continue
        inline_seen = set()
        for i, line in enumerate(lines, 1):
            code = line.split("//")[0] if not path.endswith(".py") else line.split("#")[0]
            if PREFIX.search(code):
                out.append(("encoding prefix", path, i, line.strip()))
            if INV_2PI.search(code):
                out.append(("inline constant", path, i, line.strip()))
            for v in INLINE_F32:
                if re.search(r"0x" + v + r"\b", code, re.I):
                    inline_seen.add(v)
            if SGPR_COUNT.search(code):
                out.append(("SGPR count", path, i, line.strip()))
        if len(inline_seen) >= 6:
            out.append(("inline constant", path, 0, f"{len(inline_seen)} of the 8 f32 inline values"))
        if not allowed(path, CORE_LIST_ALLOWED):
            for i in range(len(lines)):
                named = set()
                for line in lines[i:i + 8]:
                    named.update(pat_ops.findall(line))
                if len(named) >= 5:
                    out.append(("core-op list", path, i + 1, ", ".join(sorted(named))))
                    break
    return out


def self_test(ops):
    """Each rule catches a planted copy in a scratch tree."""
    plants = {
        "encoding prefix": ("vectors/p.c", "unsigned w = 0x17Du << 23 | op << 8;\n"),
        "inline constant": ("rtl_tb/rtl/p.sv", "localparam logic [31:0] INV = 32'h0; // 0x3E22F983\nx = 0x3e22f983;\n"),
        "SGPR count": ("rtl_tb/tb/core/p.py", 'NUM_SGPRS = {"gcn10": 104, "gcn12": 102}\n'),
        "core-op list": ("refmodel/src/p.c", "switch (op) {\n" + "".join(f"case GCN_OP_{o}:\n" for o in ops[:6]) + "}\n"),
        "size": ("cli/p.c", "int x;\n" * (MAX_LINES + 1)),
    }
    for kind, (path, text) in plants.items():
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(tmp, path), "w") as f:
                f.write(text)
            got = [f for f in findings(tmp, ops) if f[0] == kind]
            check(bool(got), f"self-test: a planted {kind} in {path} is caught")


def main():
    ops = core_ops()
    found = findings(ROOT, ops)
    for kind in ("encoding prefix", "inline constant", "SGPR count", "core-op list", "size"):
        mine = [f for f in found if f[0] == kind]
        detail = "\n".join(f"{p}:{i}: {t}" for _, p, i, t in mine)
        what = "no source over 800 lines" if kind == "size" else f"no {kind} outside the table"
        check(not mine, what, detail)
    self_test(ops)
    for p, why in ALLOWED + CORE_LIST_ALLOWED:
        print(f"     allowed: {p}: {why}")
    return summary()


if __name__ == "__main__":
    sys.exit(main())

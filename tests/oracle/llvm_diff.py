#!/usr/bin/env python3
"""Differential test of gcnref's assembler and disassembler against llvm-mc (Debian llvm-14).

The operand sweep (tests/common/sweep.c, printed by the sweep tool) is
  - assembled by llvm-mc for tahiti (gcn10), bonaire (gcn11), fiji (gcn12) and gfx900
    (gcn14): llvm's bytes must equal gcnref's;
  - disassembled by llvm-mc for fiji and gfx900 (llvm-14 cannot disassemble tahiti or
    bonaire): llvm's text must equal gcnref's.
Every remaining difference must match one of the KNOWN rules below, each a documented
decision (docs/semantics.md, "Where gcnref and llvm-mc 14 differ"); any other difference
fails the test. Skipped, with a message, when llvm-mc is absent.
Prints "N passed, N failed[, N skipped]" (one check per generation and direction).
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

TARGETS = [("gcn10", "tahiti", []), ("gcn11", "bonaire", []),
           ("gcn12", "fiji", ["-mattr=+xnack"]), ("gcn14", "gfx900", ["-mattr=+xnack"])]
# llvm-14's fiji (gfx803) has no XNACK, so it rejects xnack_mask; those lines are checked
# against carrizo (gfx801), another GCN 1.2 part that has it.
XNACK_FALLBACK = {"gcn12": "gfx801"}
DISASM_GENS = {"gcn12", "gcn14"}

INLINE_FLOAT = r"(?:-?0\.5|-?1\.0|-?2\.0|-?4\.0|0\.15915494)"
SDEBUG_OPS = r"s_(mov_regrd|mov_fed|getreg_regrd)_b32 "

VDEBUG_OPS = r"v_(mov_fed|mov_prsv|writelane_regwr|readlane_regrd)_b32"
# Mnemonics with a 16-bit integer source, and with a packed integer source (VOP3P), from
# the ISA table (filled in by main()).
I16_MNEMONICS = set()
PK_INT_MNEMONICS = set()


def i16_op(text):
    mn = text.split()[0]
    return re.sub(r"_(e32|e64|sdwa|dpp)$", "", mn) in I16_MNEMONICS


def load_i16_mnemonics(gen_dir):
    """Every mnemonic of the table with an i16/u16/b16 source, on any generation."""
    sys.path.insert(0, gen_dir)
    import gcn_isa  # noqa: E402  (build/gen/gcn_isa.py, generated from the table)
    for r in gcn_isa.ROWS:
        if any(role in ("S0", "S1", "S2") and t in ("I16", "U16", "B16") for role, t in r["operands"]):
            I16_MNEMONICS.update(n for n in r["names"] if n)
        if any(role in ("S0", "S1", "S2") and t in ("PK_I16", "PK_U16", "PK_B16") for role, t in r["operands"]):
            PK_INT_MNEMONICS.update(n for n in r["names"] if n)

# (name, direction, predicate(gen, text, ours, llvm) -> bool, docs/semantics.md reason)
KNOWN = [
    ("s_mov_regrd_b32/s_mov_fed_b32/s_getreg_regrd_b32 unknown to llvm-14", "as",
     lambda g, t, o, l: re.match(SDEBUG_OPS, t) and "invalid instruction" in l,
     "llvm-14 has no s_mov_regrd_b32 / s_mov_fed_b32 / s_getreg_regrd_b32 (debug forms, "
     "gcn_semantics.md 8.1); gcnref assembles them from the spec tables"),
    ("s_mov_regrd_b32/s_mov_fed_b32/s_getreg_regrd_b32 unknown to llvm-14 (dis)", "dis",
     lambda g, t, o, l: re.match(SDEBUG_OPS, t) and l.startswith("<invalid"),
     "llvm-14 has no s_mov_regrd_b32 / s_mov_fed_b32 / s_getreg_regrd_b32"),
    ("gpr_idx immediate above the 4 mode bits", "as",
     lambda g, t, o, l: re.match(r"s_set_gpr_idx_(on|mode) ", t) and "only 4-bit values" in l,
     "llvm-14 disassembles s_set_gpr_idx_on/mode with bits above the 4 mode bits as a number "
     "(0x10) but its assembler rejects that number; gcnref assembles what it prints"),
    ("debug moves unknown to llvm-14", "as",
     lambda g, t, o, l: re.match(VDEBUG_OPS, t) and ("invalid instruction" in l or "not supported" in l),
     "llvm-14 has no v_mov_fed_b32 / v_mov_prsv_b32 / v_writelane_regwr_b32 / v_readlane_regrd_b32 "
     "(gcn_semantics.md 8.1): gcnref decodes them from the spec tables as nomodel"),
    ("debug moves unknown to llvm-14 (dis)", "dis",
     lambda g, t, o, l: re.match(VDEBUG_OPS, t) and l.startswith("<invalid"),
     "llvm-14 has no v_mov_fed_b32 / v_mov_prsv_b32 / v_writelane_regwr_b32 / v_readlane_regrd_b32"),
    ("v_nop/v_clrexcp VOP3 form printed without _e64", "as",
     lambda g, t, o, l: t in ("v_nop", "v_clrexcp") and len(o.split(",")) == 8 and len(l.split(",")) == 4,
     "llvm-14 prints the VOP3 form of v_nop/v_clrexcp as plain 'v_nop', which it reassembles to the "
     "VOP1 form; gcnref prints what llvm prints"),
    ("inline constant in the f16 source of v_cvt_f32_f16_e64 on gcn10/gcn11", "as",
     lambda g, t, o, l: g in ("gcn10", "gcn11") and t.startswith("v_cvt_f32_f16_e64 ") and
     "literal operands are not supported" in l,
     "llvm-14 (tahiti, bonaire) takes every constant in an f16 operand for a literal and so rejects "
     "inline constants in the VOP3 form; the encoding holds them like any other inline constant"),
    ("float inline constant in a 16-bit integer operand", "as",
     lambda g, t, o, l: i16_op(t) and re.search(r"[ ,|(-]" + INLINE_FLOAT + r"(?:[,|) ]|$)", t) is not None,
     "llvm-14 turns 1.0 in an i16 operand into the f16 literal 0x3c00; the hardware reads inline "
     "code 242 there as 0x0000 (gcn_semantics.md 1); gcnref keeps the inline code"),
    ("float inline constant in a 16-bit integer operand (dis)", "dis",
     lambda g, t, o, l: i16_op(t) and re.search(r"[ ,|(-]" + INLINE_FLOAT + r"(?:[,|) ]|$)", t) is not None,
     "llvm-14 prints inline code 242..248 in an i16 operand as an f16 literal"),
    ("float inline constant in a packed integer operand", "as",
     lambda g, t, o, l: t.split()[0] in PK_INT_MNEMONICS and re.search(r"[ ,]0x[0-9a-f]{4}(?:[, ]|$)", t) is not None
     and "literal operands are not supported" in l,
     "llvm-14 prints inline code 240..248 in a packed integer operand (v_pk_add_u16 ...) as the f16 "
     "bits (0x3c00) but rejects that text; gcnref assembles it back to the inline code"),
    ("v_readlane/v_writelane _e64 on gcn10/gcn11", "as",
     lambda g, t, o, l: re.match(r"v_(read|write)lane_b32_e64 ", t) and "e64 variant" in l,
     "llvm-14 has only the VOP2 form of v_readlane/v_writelane on SI/CI; the ISA maps every VOP2 "
     "opcode to VOP3 (256 + op), so gcnref decodes and assembles the VOP3 form too"),
    ("writelane: SGPR source and SGPR lane select", "as",
     lambda g, t, o, l: t.startswith("v_writelane_b32") and "constant bus" in l,
     "llvm-14 counts v_writelane's lane select on the constant bus"),
]


def run_llvm(mc, mcpu, extra, text, disassemble):
    args = [mc, "-arch=amdgcn", f"-mcpu={mcpu}", "-show-encoding"] + extra
    if disassemble:
        args.append("--disassemble")
    # Through files, not pipes: llvm-mc writes a pipe in small pieces, and polling and reading
    # them cost both sides about 14 of the suite's 42 CPU s (docs/performance.md, "make
    # test's run time").
    with tempfile.TemporaryFile("w+") as fin, tempfile.TemporaryFile("w+") as fout, \
            tempfile.TemporaryFile("w+") as ferr:
        fin.write(text)
        fin.seek(0)
        subprocess.run(args, stdin=fin, stdout=fout, stderr=ferr)
        fout.seek(0)
        ferr.seek(0)
        return fout.read(), ferr.read()


ENC = re.compile(r"^\s*(.*?)\s*; encoding: \[(.*)\]\s*$")
ERR = re.compile(r"^<stdin>:(\d+):\d+: (error|warning): (.*)$")


def parse_out(stdout):
    res = []
    for line in stdout.splitlines():
        m = ENC.match(line)
        if m:
            res.append((m.group(1), m.group(2).replace(" ", "")))
    return res


def errors_by_line(stderr):
    errs = {}
    for line in stderr.splitlines():
        m = ERR.match(line)
        if m:
            errs.setdefault(int(m.group(1)), m.group(3))
    return errs


def llvm_assemble(mc, mcpu, extra, texts):
    """Returns, per input line, ('ok', bytes) or ('error', message)."""
    out, err = run_llvm(mc, mcpu, extra, "\n".join(texts) + "\n", False)
    errs = errors_by_line(err)
    enc = parse_out(out)
    res, k = [], 0
    for i in range(len(texts)):
        if i + 1 in errs:
            res.append(("error", errs[i + 1]))
        else:
            res.append(("ok", enc[k][1] if k < len(enc) else "<missing>"))
            k += 1
    return res


def llvm_disassemble(mc, mcpu, extra, byte_lines):
    """Returns, per input line, llvm's text or '<invalid: ...>'. llvm may decode part of a
    line it rejects, which would shift the mapping of the output; so the lines it accepts
    are disassembled again on their own, and the rejected ones are reported as invalid."""
    out, err = run_llvm(mc, mcpu, extra, "\n".join(byte_lines) + "\n", True)
    errs = errors_by_line(err)
    dec = parse_out(out)
    if not errs:
        if len(dec) != len(byte_lines):
            return llvm_disassemble_marked(mc, mcpu, extra, byte_lines)
        return [d[0] for d in dec]
    res = ["<invalid: " + errs[i + 1] + ">" if i + 1 in errs else None for i in range(len(byte_lines))]
    good = [i for i in range(len(byte_lines)) if res[i] is None]
    if good:
        for i, t in zip(good, llvm_disassemble(mc, mcpu, extra, [byte_lines[i] for i in good])):
            res[i] = t
    return res


MARKER = "0x00,0x00,0x80,0xbf"  # s_nop 0


def llvm_disassemble_marked(mc, mcpu, extra, byte_lines):
    """llvm may read one line as two instructions (an SDWA/DPP word it refuses as such is
    taken as a 4-byte instruction plus another): an s_nop 0 after each line keeps the map."""
    out, _ = run_llvm(mc, mcpu, extra, "".join(b + "\n" + MARKER + "\n" for b in byte_lines), True)
    res, cur = [], []
    for text, enc in parse_out(out):
        if enc == "[" + MARKER + "]" or enc == MARKER:
            res.append(cur[0] if len(cur) == 1 else "<split: " + " | ".join(cur) + ">")
            cur = []
        else:
            cur.append(text)
    if len(res) != len(byte_lines):
        raise RuntimeError(f"llvm-mc printed {len(res)} instructions for {len(byte_lines)} inputs")
    return res


def classify(direction, gen, text, ours, theirs):
    for name, d, pred, _ in KNOWN:
        if d == direction and pred(gen, text, ours, theirs):
            return name
    return None


VEC_CODE = re.compile(r"^code\s+0x[0-9a-f]+\s+(.*?)\s*; encoding: \[(.*)\]\s*$")


def vector_rows(path):
    """(text, bytes) of each distinct code line of a vector file, bytes as llvm-mc prints them."""
    rows, seen = [], set()
    with open(path) as f:
        for line in f:
            m = VEC_CODE.match(line)
            if m and m.group(1) not in seen and not m.group(1).startswith("."):
                seen.add(m.group(1))
                rows.append((m.group(1), m.group(2).replace(" ", "")))
    return rows


def generated_dpp(gcnref, gen):
    """The DPP instructions of a few random vectors (`gcnref gen`, make run's profile: its
    DPP forms and dpp stream, generator version 14) as sweep rows (text, bytes): the
    generator's own words checked against llvm-mc like the sweep's."""
    if not gcnref or gen not in ("gcn12", "gcn14"):
        return []
    out = subprocess.run([gcnref, "gen", "--gen", gen, "--seed", "1", "--count", "40", "--profile",
                          "vectors/profiles/cosim.prof"], stdout=subprocess.PIPE, text=True, check=True).stdout
    rows = set()
    for line in out.splitlines():
        m = re.match(r"^code 0x[0-9a-f]+ (\S+_dpp .*?)\s*; encoding: \[(.*)\]$", line)
        if m:
            rows.add((m.group(1).strip(), m.group(2)))
    return [list(r) for r in sorted(rows)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sweep", required=True, help="path of the sweep tool")
    ap.add_argument("--bin", help="gcnref (for --gen-profile; without it, its generated DPP words are "
                                  "checked beside the sweep on gcn12, gcn14)")
    ap.add_argument("--show", type=int, default=25, help="undocumented differences to print")
    ap.add_argument("--gen-dir", help="folder of the generated gcn_isa.py (default: the sweep's build/gen)")
    ap.add_argument("--gens", help="comma-separated generations to check (default: all)")
    ap.add_argument("--match", help="check only the sweep lines whose text matches this regex")
    ap.add_argument("--vectors", action="append", default=[], metavar="GEN=FILE",
                    help="check the code lines of vector file FILE (gcnref gen) of GEN instead of the sweep "
                         "(repeatable): the generator's words, e.g. its SDWA forms")
    ap.add_argument("--gen-profile", metavar="PROFILE",
                    help="generate --gen-count vectors per generation with `BIN gen` and this profile, and "
                         "check their code lines (as --vectors) on gcn12 and gcn14")
    ap.add_argument("--gen-count", type=int, default=200)
    args = ap.parse_args()
    vec_files = dict(v.split("=", 1) for v in args.vectors)
    if args.gen_profile:
        tmp = tempfile.mkdtemp(prefix="llvm_diff_vec")
        for g in sorted(DISASM_GENS):
            vec_files[g] = os.path.join(tmp, f"{g}.vec")
            subprocess.run([args.bin, "gen", "--gen", g, "--seed", "1", "--count", str(args.gen_count),
                            "--profile", args.gen_profile, "-o", vec_files[g]], check=True)
    load_i16_mnemonics(args.gen_dir or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(args.sweep))), "gen"))
    mc = shutil.which("llvm-mc") or shutil.which("llvm-mc-14")
    checks = 2 * len(TARGETS) - (len(TARGETS) - len(DISASM_GENS))
    if not mc:
        print("SKIPPED: llvm-mc not found; install it with: apt-get install llvm-14 (.ci/run does)")
        print(f"0 passed, 0 failed, {checks} skipped")
        return 0
    passed = failed = 0
    for gen, mcpu, extra in TARGETS:
        if (args.gens and gen not in args.gens.split(",")) or (vec_files and gen not in vec_files):
            continue
        if vec_files:
            rows = vector_rows(vec_files[gen])
        else:
            sweep = subprocess.run([args.sweep, gen], stdout=subprocess.PIPE, text=True, check=True).stdout
            rows = [line.split("\t") for line in sweep.splitlines()] + generated_dpp(args.bin, gen)
        if args.match:
            rows = [r for r in rows if re.search(args.match, r[0])]
        texts = [r[0] for r in rows]
        ours = [r[1] for r in rows]
        assembled = llvm_assemble(mc, mcpu, extra, texts)
        if gen in XNACK_FALLBACK:
            redo = [i for i, (st, v) in enumerate(assembled) if st == "error" and "xnack_mask" in texts[i]]
            if redo:
                again = llvm_assemble(mc, XNACK_FALLBACK[gen], extra, [texts[i] for i in redo])
                for i, r in zip(redo, again):
                    assembled[i] = r
        directions = [("as", assembled)]
        if gen in DISASM_GENS:
            directions.append(("dis", llvm_disassemble(mc, mcpu, extra, ours)))
        for direction, results in directions:
            known = collections.Counter()
            bad = []
            for text, our_bytes, r in zip(texts, ours, results):
                if direction == "as":
                    status, val = r
                    same = status == "ok" and val == our_bytes
                    theirs = val if status == "ok" else "error: " + val
                else:
                    theirs = r
                    same = theirs == text
                if same:
                    continue
                rule = classify(direction, gen, text, our_bytes, theirs)
                if rule:
                    known[rule] += 1
                else:
                    bad.append((text, our_bytes, theirs))
            label = f"{gen} ({mcpu}) {'assemble' if direction == 'as' else 'disassemble'}"
            print(f"{label}: {len(texts)} instructions, {sum(known.values())} documented differences, "
                  f"{len(bad)} undocumented")
            for rule, n in sorted(known.items()):
                print(f"    documented: {n:6} x {rule}")
            for text, ob, theirs in bad[:args.show]:
                print(f"    DIFF: gcnref '{text}' [{ob}]  llvm: {theirs}")
            if bad:
                failed += 1
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

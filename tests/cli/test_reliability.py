#!/usr/bin/env python3
"""Hostile-input regressions found by issue 18 (each failed before its fix):

  1. a mnemonic longer than the assembler's buffer, ending in _e32/_e64, wrote past a stack
     array (caught by AddressSanitizer in the _san suite; a plain build may pass silently);
  5. a header-only coverage database made the sanitizer build abort (qsort(NULL, 0));
  6. `run --timing --max-steps 2^58` wrapped the cycle limit to 0 and stopped at once;
  3. output to a full device (/dev/full) exited 0 for as, dis, run, run --json, cov summary
     (and gen, minimize, cov merge's messages are checked here too);
  8. `run --timing` of a two-instruction endless loop printed 666 MB (a line per cycle for
     64,000,000 cycles) before its limit stopped it;
 10. lenient input: text after a NUL byte was ignored (as, dis, run, state, vector,
     profile files); exec=0x-5 was accepted; a vector file starting with a UTF-8 BOM was
     not recognised; raw control bytes of the input were echoed in error messages; cov
     errors started "gcnref: error: FILE:LINE:" and run-time errors of vector runs named
     no line.
 9. a literal whose value is an inline constant printed as the bare number, which
     reassembles to the inline form: no vector `code` line could hold it.
(Items 2 and 4, and the file writers, are in test_atomic.py; item 9 also in
tests/unit/test_roundtrip.c over every literal-taking instruction.)

    python3 tests/cli/test_reliability.py --bin PATH_TO_GCNREF
Ends with "N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import check, summary  # noqa: E402

SANITIZER = ("AddressSanitizer", "runtime error:", "UndefinedBehaviorSanitizer", "LeakSanitizer")


def run(bin_, args, stdin=""):
    return subprocess.run([bin_] + args, input=stdin, capture_output=True, text=True, timeout=60)


def clean(r):
    return not any(m in r.stderr for m in SANITIZER) and r.returncode in (0, 1, 2)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def test_literal_round_trip(bin_, tmp):
    """9. Bytes with a literal equal to an inline constant: dis prints lit(...), as gives the
    same bytes back, and a vector file holds the instruction as a code line that runs."""
    cases = [("gcn14", "0xff,0x04,0x02,0x02,0x00,0x00,0x00,0x00"),  # v_add_f32 literal 0
             ("gcn12", "0xff,0x04,0x02,0x02,0x00,0x00,0x80,0x3f"),  # literal 1.0
             ("gcn10", "0xff,0x04,0x02,0x80,0x40,0x00,0x00,0x00"),  # s_add_u32 literal 64
             ("gcn11", "0xff,0x04,0x02,0x80,0xf0,0xff,0xff,0xff")]  # literal -16
    for gen, hexes in cases:
        d = run(bin_, ["dis", "--gen", gen], hexes + "\n")
        a = run(bin_, ["as", "--gen", gen], d.stdout)
        enc = "[" + hexes + "]"
        check(d.returncode == 0 and "lit(" in d.stdout and a.returncode == 0 and a.stdout.endswith(enc + "\n"),
              f"{gen} [{hexes}]: dis prints lit(...), as gives the same 8 bytes", d.stdout + a.stdout + a.stderr)
    text = run(bin_, ["dis", "--gen", "gcn14"], cases[0][1] + "\n").stdout.strip()
    vec = write(os.path.join(tmp, "lit.vec"),
                "gcnvec 1\n\nvector lit\ngen gcn14\nseed 0x1\nmode 0x0\ninit v2=0x40000000\n"
                f"code 0x000000 {text} ; encoding: [{cases[0][1]}]\n"
                "code 0x000008 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\nresult end 0x000008 retired 1\n"
                "expect v1=0x40000000\nend\n")
    r = run(bin_, ["run", vec])
    check(r.returncode == 0, "a vector file holds a literal-0 instruction as a code line and it runs as expected",
          r.stderr + r.stdout[-300:])
    r = run(bin_, ["as", "--gen", "gcn14"], "v_add_f32 v1, lit(0x123456789), v2\nv_add_f32 v1, lit(v3), v2\n")
    check(r.returncode == 2 and "<stdin>:1: error: lit(0x123456789)" in r.stderr and "<stdin>:2: error: lit(v3)"
          in r.stderr, "lit() of a value that does not fit, or of a register: FILE:LINE: error", r.stderr)


def test_endless_timing(bin_, tmp):
    """8. An endless two-instruction loop on the timing core stops after --max-steps retired
    instructions (100,000 by default with --timing) with FILE:LINE: error, a few MB at most."""
    loop = write(os.path.join(tmp, "loop.s"), "s_getpc_b64 s[0:1]\ns_setpc_b64 s[0:1]\n")
    for extra, steps in (([], 100000), (["--max-steps", "5000"], 5000)):
        with tempfile.TemporaryFile() as out:
            try:
                p = subprocess.run([bin_, "run", "--gen", "gcn14", "--timing", *extra, loop], stdout=out,
                                   stderr=subprocess.PIPE, text=True, timeout=30)
                size, err, rc = out.seek(0, 2), p.stderr, p.returncode
            except subprocess.TimeoutExpired:
                size, err, rc = out.seek(0, 2), "timed out after 30 s", None
        check(rc == 2 and size < 4_000_000 and f"{loop}:2: error: stopped after {steps} instructions" in err
              and clean(p if rc is not None else subprocess.CompletedProcess([], 0, "", "")),
              f"run --timing {' '.join(extra)} of an endless loop: stops after {steps} instructions, "
              f"FILE:LINE: error, {size} bytes of output (< 4 MB)", err)


def test_lenient_input(bin_, tmp):
    """10. Every input file: a NUL byte is an error naming its line; numbers are digits only;
    a UTF-8 BOM starts any text file; control bytes are escaped in messages; every error is
    FILE:LINE: error: ...."""
    vec = os.path.join(tmp, "good.vec")
    run(bin_, ["gen", "--gen", "gcn14", "--seed", "7", "--count", "2", "--expect", "-o", vec])
    with open(vec, "rb") as f:
        good = f.read()
    prof = os.path.join(tmp, "p.prof")
    cases = [  # (what, args, file, content, expected line)
        ("as: text after a NUL byte", ["as", "--gen", "gcn14"], "nul.s", b"s_nop 0\ns_mov_b32 s0, 1\0garbage\n", 2),
        ("dis: text after a NUL byte", ["dis", "--gen", "gcn14"], "nul.txt", b"0x02,0x03,0x01,0x80\0 zz\n", 1),
        ("run: text after a NUL byte", ["run", "--gen", "gcn14"], "nul2.s", b"s_endpgm\0 junk\n", 1),
        ("run --state: text after a NUL byte", ["run", "--gen", "gcn14", "--state", "@", os.path.join(tmp, "ok.s")],
         "nul.state", b"s1=1\ns2=2\0 s3=x\n", 2),
        ("vector file: text after a NUL byte", ["run"], "nul.vec", good.replace(b"\nseed ", b"\0zz\nseed ", 1),
         good[:good.index(b"\nseed ")].count(b"\n") + 1),
        ("profile: text after a NUL byte", ["gen", "--gen", "gcn14", "--seed", "1", "--profile", "@"], "nul.prof",
         b"profile 1\ngroup salu_arith 1\0 junk\n", 2),
        ("state: exec=0x-5", ["run", "--gen", "gcn14", "--state", "@", os.path.join(tmp, "ok.s")], "neg.state",
         b"s1=1\nexec=0x-5\n", 2),
        ("state: s1=0x 5", ["run", "--gen", "gcn14", "--state", "@", os.path.join(tmp, "ok.s")], "sp.state",
         b"s1=0x 5\n", 1),
        ("state: s1=0x+5", ["run", "--gen", "gcn14", "--state", "@", os.path.join(tmp, "ok.s")], "pl.state",
         b"s1=0x+5\n", 1),
        ("as: control bytes echoed", ["as", "--gen", "gcn14"], "ctl.s", b"s_mov\x1b[2J\x07_b32 s0, 1\r\n", 1),
        ("dis: control bytes echoed", ["dis", "--gen", "gcn14"], "ctl.txt", b"0x1\x1b[31m\n", 1),
        ("vector: control bytes echoed", ["run"], "ctl.vec", good.replace(b"\ngen gcn14", b"\ngen gcn\x1b[0m14", 1),
         good[:good.index(b"\ngen gcn14")].count(b"\n") + 2),
        ("cov: FILE:LINE: error", ["cov", "summary"], "bad.db", b"# gcnref coverage v3\ngcn10.op.x.y z\n# end 1\n", 2),
        ("cov merge: FILE:LINE: error", ["cov", "merge", "-o", os.path.join(tmp, "m.db")], "bad2.db",
         b"# gcnref coverage v3\ngcn10.op\x1b.y 1\n# end 1\n", 2),
        ("cov merge --list: text after a NUL byte", ["cov", "merge", "-o", os.path.join(tmp, "m.db"), "--list", "@"],
         "nul.list", b"# list\nx.db\0 y.db\n", 2),
        ("gen --coverage: FILE:LINE: error", ["gen", "--gen", "gcn14", "--seed", "1", "--coverage", "@"], "bad3.db",
         b"# gcnref coverage v9\n", 1),
    ]
    write(os.path.join(tmp, "ok.s"), "s_endpgm\n")
    for what, args, name, content, line in cases:
        path = write(os.path.join(tmp, name), content)
        argv = [path if a == "@" else a for a in args]
        if "@" not in args:
            argv.append(path)
        r = subprocess.run([bin_] + argv, capture_output=True, timeout=60)
        err = r.stderr.decode("utf-8", "replace")
        first = err.splitlines()[0] if err else ""
        ok = (r.returncode == 2 and first.startswith(f"{path}:{line}: error: ")
              and not any(c in r.stderr for c in b"\x00\x07\x1b\r") and clean(subprocess.CompletedProcess([], 2, "", err)))
        check(ok, f"{what}: {name}:{line}: error: ..., no raw control byte, exit 2", err)
    # A UTF-8 BOM at the start of a vector, assembly, state and profile file is allowed.
    bom = b"\xef\xbb\xbf"
    r = run(bin_, ["run", write(os.path.join(tmp, "bom.vec"), bom + good)])
    check(r.returncode == 0 and "; vector gcn14-7" in r.stdout, "a vector file starting with a UTF-8 BOM runs", r.stderr)
    r = run(bin_, ["run", "--gen", "gcn14", "--state", write(os.path.join(tmp, "bom.state"), bom + b"s1=5\n"),
                   write(os.path.join(tmp, "bom.s"), bom + b"s_mov_b32 s2, s1\n")])
    check(r.returncode == 0 and "s2 = 0x00000005" in r.stdout, "assembly and state files starting with a BOM",
          r.stderr + r.stdout)
    write(prof, bom + b"profile 1\ngroup salu_arith 1\n")
    r = run(bin_, ["gen", "--gen", "gcn14", "--seed", "1", "--profile", prof])
    check(r.returncode == 0, "a profile starting with a BOM", r.stderr)
    # Run-time errors of vector runs name the vector's line: a wrong expectation, --max-steps.
    lines = good.split(b"\n")
    exp = next(i for i, l in enumerate(lines) if l.startswith(b"expect "))
    reg = lines[exp].split(b" ")[1].split(b"=")[0]
    lines[exp] = b"expect " + reg + b"=0x1"
    wrong = write(os.path.join(tmp, "wrong.vec"), b"\n".join(lines))
    r = run(bin_, ["run", wrong])
    vline = good[:good.index(b"\nvector ")].count(b"\n") + 2
    check(r.returncode == 2 and f"{wrong}:{vline}: error: vector gcn14-7: the final state differs" in r.stderr,
          f"a vector whose expectation fails: {os.path.basename(wrong)}:{vline}: error", r.stderr)
    for extra in ([], ["--timing"]):
        r = run(bin_, ["run", *extra, "--max-steps", "1", vec])
        lines_ = [l for l in r.stderr.splitlines() if "error:" in l]
        check(r.returncode == 2 and lines_ and all(l.startswith(vec + ":") and l.split(":")[1].isdigit()
                                                   for l in lines_),
              f"run {' '.join(extra)} --max-steps 1 on a vector file: every error FILE:LINE: error", r.stderr)


def main():
    bin_ = sys.argv[sys.argv.index("--bin") + 1] if "--bin" in sys.argv else "build/bin/gcnref"
    with tempfile.TemporaryDirectory() as tmp:
        # 1. Long mnemonics: one line of error naming the line, exit 2, no overflow.
        for n in (59, 60, 63, 64, 65, 200):
            text = "s_nop 0\n" + "a" * n + "_e32 v1, v2, v3\n"
            path = os.path.join(tmp, f"long{n}.s")
            with open(path, "w") as f:
                f.write(text)
            r = run(bin_, ["as", "--gen", "gcn14", path])
            check(clean(r) and r.returncode == 2 and f"{path}:2: error:" in r.stderr,
                  f"as: a {n + 4}-character mnemonic ending in _e32: {path}:2: error, exit 2",
                  r.stderr)
        # 5. A coverage database with no bins (and one with only its header: cut short).
        db = os.path.join(tmp, "empty.db")
        with open(db, "w") as f:
            f.write("# gcnref coverage v3\n# end 0\n")
        out = os.path.join(tmp, "merged.db")
        r = run(bin_, ["cov", "merge", "-o", out, db])
        check(clean(r), "cov merge of a database without bins: no sanitizer report, no crash", r.stderr)
        r = run(bin_, ["cov", "summary", db])
        check(clean(r), "cov summary of a database without bins: no sanitizer report, no crash", r.stderr)
        with open(db, "w") as f:
            f.write("# gcnref coverage v3\n")
        r = run(bin_, ["cov", "summary", db])
        check(clean(r) and r.returncode == 2 and r.stderr.startswith(db + ":1: error: truncated"),
              "cov summary of a header-only database: FILE:1: error: truncated, exit 2", r.stderr)
        # 6. A huge --max-steps must not wrap the cycle limit to 0.
        prog = os.path.join(tmp, "short.s")
        with open(prog, "w") as f:
            f.write("s_mov_b32 s0, 1\ns_add_u32 s1, s0, s0\ns_endpgm\n")
        for steps in (str(2 ** 58), str(2 ** 63), "18446744073709551615"):
            r = run(bin_, ["run", "--gen", "gcn12", "--timing", "--max-steps", steps, prog])
            check(clean(r) and r.returncode == 0 and "stopped after" not in r.stderr,
                  f"run --timing --max-steps {steps}: the program runs to its end", r.stderr + r.stdout[-500:])
        # 3. Standard output on a full device: a message and a non-zero exit, every subcommand.
        if os.path.exists("/dev/full"):
            src = os.path.join(tmp, "one.s")
            with open(src, "w") as f:
                f.write("s_mov_b32 s0, 1\ns_endpgm\n")
            cases = [(["as", "--gen", "gcn14", src], ""), (["dis", "--gen", "gcn14"], "0x02,0x03,0x01,0x80\n"),
                     (["run", "--gen", "gcn14", src], ""), (["run", "--gen", "gcn14", "--json", src], ""),
                     (["run", "--gen", "gcn14", "--timing", src], ""), (["cov", "summary", out], ""),
                     (["--help"], "")]
            vec = os.path.join(tmp, "full.vec")
            run(bin_, ["gen", "--gen", "gcn14", "--seed", "3", "--count", "2", "--expect", "-o", vec])
            cases += [(["gen", "--gen", "gcn14", "--seed", "1"], ""), (["cov", "summary", "--holes", out], ""),
                      (["minimize", "--cmd", "false", vec], ""), (["run", vec], ""), (["cov", "--help"], ""),
                      (["gen", "--help"], ""), (["minimize", "--help"], ""), (["regress", "--help"], ""),
                      (["run", "--help"], ""), (["as", "--help"], ""), (["dis", "--help"], "")]
            for args, stdin in cases:
                with open("/dev/full", "w") as full:
                    p = subprocess.run([bin_] + args, input=stdin, stdout=full, stderr=subprocess.PIPE,
                                       text=True, timeout=60)
                check(p.returncode != 0 and "standard output" in p.stderr and clean(p),
                      f"gcnref {' '.join(args[:2])} > /dev/full: non-zero exit and a message", p.stderr)
            root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
            for script in (["report.py", "--help"], ["run_tests.py", "--help"]):
                with open("/dev/full", "w") as full:
                    p = subprocess.run([sys.executable, os.path.join(root, "scripts", script[0])] + script[1:],
                                       stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
                check(p.returncode != 0 and "cannot write standard output" in p.stderr,
                      f"scripts/{' '.join(script)} > /dev/full: non-zero exit and a message", p.stderr)
        test_literal_round_trip(bin_, tmp)
        test_endless_timing(bin_, tmp)
        test_lenient_input(bin_, tmp)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

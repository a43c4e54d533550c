#!/usr/bin/env python3
"""Hostile-input regressions found by issue 18 (each failed before its fix):

  1. a mnemonic longer than the assembler's buffer, ending in _e32/_e64, wrote past a stack
     array (caught by AddressSanitizer in the _san suite; a plain build may pass silently);
  5. a header-only coverage database made the sanitizer build abort (qsort(NULL, 0));
  6. `run --timing --max-steps 2^58` wrapped the cycle limit to 0 and stopped at once;
  3. output to a full device (/dev/full) exited 0 for as, dis, run, run --json, cov summary.

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
        # 5. A coverage database with only its header line.
        db = os.path.join(tmp, "empty.db")
        with open(db, "w") as f:
            f.write("# gcnref coverage v2\n")
        out = os.path.join(tmp, "merged.db")
        r = run(bin_, ["cov", "merge", "-o", out, db])
        check(clean(r), "cov merge of a header-only database: no sanitizer report, no crash", r.stderr)
        r = run(bin_, ["cov", "summary", db])
        check(clean(r), "cov summary of a header-only database: no sanitizer report, no crash", r.stderr)
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
            for args, stdin in cases:
                with open("/dev/full", "w") as full:
                    p = subprocess.run([bin_] + args, input=stdin, stdout=full, stderr=subprocess.PIPE,
                                       text=True, timeout=60)
                check(p.returncode != 0 and "standard output" in p.stderr and clean(p),
                      f"gcnref {' '.join(args[:2])} > /dev/full: non-zero exit and a message", p.stderr)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

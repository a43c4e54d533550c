#!/usr/bin/env python3
"""Command-line tests for gcnref (as, dis, run, regress; every `run --json` output parsed).

    python3 tests/cli/test_cli.py [--bin PATH_TO_GCNREF] [unittest options]

Standard library only. Ends with one line "N passed, N failed" (N counts test methods; a
method fails when any of its subTests fails) and exits non-zero on any failure.

Where the expected values come from:
  * assembler text and encodings: llvm-mc 14 (llvm-14), copied into AS_CASES below; the
    -mcpu for each generation is tahiti (gcn10), bonaire (gcn11), fiji (gcn12), gfx900 (gcn14);
  * run results: derived by hand from /work/shared/spec (gcn_semantics.md wins), as the
    comments next to each program explain;
  * output and error formats: `gcnref <cmd> --help` and the project brief.
Nothing here was copied from gcnref's own output.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _take_bin(argv):
    """Removes --bin PATH / --bin=PATH from argv (before unittest sees it)."""
    path = os.path.join(ROOT, "build", "bin", "gcnref")
    rest = [argv[0]]
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--bin":
            if i + 1 >= len(argv):
                sys.exit("test_cli.py: --bin needs a path")
            path = argv[i + 1]
            i += 2
            continue
        if a.startswith("--bin="):
            path = a[len("--bin="):]
        else:
            rest.append(a)
        i += 1
    return os.path.abspath(path), rest


BIN, _UNITTEST_ARGV = _take_bin(sys.argv)
GENS = ("gcn10", "gcn11", "gcn12", "gcn14")
TMP = None  # per-run scratch directory (setUpModule)

SANITIZER_MARKS = ("AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
                   "runtime error:", "Segmentation fault", "core dumped", "Assertion", "Aborted")


class Result:
    def __init__(self, args, proc):
        self.args = args
        self.rc = proc.returncode
        self.out = proc.stdout
        self.err = proc.stderr

    @property
    def out_lines(self):
        return [l for l in self.out.splitlines() if l.strip()]

    @property
    def err_lines(self):
        return [l for l in self.err.splitlines() if l.strip()]

    def __repr__(self):
        return "gcnref %s -> exit %s\n--- stdout:\n%s--- stderr:\n%s" % (
            " ".join(self.args), self.rc, self.out[:3000], self.err[:3000])


def gcnref(*args, stdin=None, timeout=20, env=None):
    args = [str(a) for a in args]
    proc = subprocess.run([BIN] + args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=timeout, text=True, errors="replace", env=env)
    r = Result(args, proc)
    if args and args[0] == "run" and "--json" in args and "--help" not in args:
        check_json(r)
    return r


JSON_CHECKED = [0]  # `run --json` outputs parsed so far (every one the tests produce)


def check_json(r):
    """Fails the calling test unless the stdout of `run --json` is JSON: one document, or
    per vector of a vector file its '; vector NAME (GEN)' line and one document."""
    text = "\n".join(l for l in r.out.splitlines() if not l.startswith("; vector "))
    decoder, at, docs = json.JSONDecoder(), 0, 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            break
        try:
            _, at = decoder.raw_decode(text, at)
        except json.JSONDecodeError as e:
            raise AssertionError("run --json printed invalid JSON (%s): %r" % (e, r))
        docs += 1
    if r.out.strip() and not docs:
        raise AssertionError("run --json printed no JSON document: %r" % r)
    JSON_CHECKED[0] += 1


def write(name, text):
    """Writes a scratch file and returns its path."""
    path = os.path.join(TMP, name)
    with open(path, "w", newline="") as f:
        f.write(text)
    return path


def setUpModule():
    global TMP
    TMP = tempfile.mkdtemp(prefix="gcnref_cli_")


def tearDownModule():
    if TMP:
        shutil.rmtree(TMP, ignore_errors=True)


def parse_final_state(text):
    """'name = value' lines of run's final state -> {name: int}."""
    state = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([A-Za-z_][\w\[\]:]*)\s*=\s*(0x[0-9a-fA-F]+|-?\d+)\s*$", line)
        if m:
            state[m.group(1)] = int(m.group(2), 0)
    return state


class CliTestCase(unittest.TestCase):
    maxDiff = None

    def assertNoCrash(self, r):
        self.assertGreaterEqual(r.rc, 0, "killed by signal %s: %r" % (-r.rc if r.rc < 0 else "", r))
        self.assertNotIn(r.rc, (-signal.SIGSEGV, -signal.SIGABRT, 134, 139), repr(r))
        for mark in SANITIZER_MARKS:
            self.assertNotIn(mark, r.err, "crash/sanitizer report: %r" % r)

    def assertOk(self, r):
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 0, repr(r))
        self.assertEqual(r.err.strip(), "", repr(r))

    def assertErrors(self, r, file, lines, mentions=()):
        """Exit 2 and exactly one 'FILE:LINE: error: ...' stderr line per bad line, in order.
        mentions: one tuple of case-insensitive substrings per error line (what is wrong)."""
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        errs = r.err_lines
        self.assertEqual(len(errs), len(lines), "expected %d error line(s): %r" % (len(lines), r))
        for i, (msg, line) in enumerate(zip(errs, lines)):
            self.assertRegex(msg, r"^%s:%d: error: \S.*$" % (re.escape(file), line), repr(r))
            if i < len(mentions):
                for word in mentions[i]:
                    self.assertIn(word.lower(), msg.lower(), repr(r))

    def assertOneError(self, r, file, line, *mentions):
        self.assertErrors(r, file, [line], [mentions])

    def assertUsageError(self, r, *mentions):
        """Command-line misuse: exit 2, a message on stderr, nothing on stdout."""
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertIn("error", r.err.lower(), repr(r))
        for word in mentions:
            self.assertIn(word.lower(), r.err.lower(), repr(r))
        self.assertEqual(r.out.strip(), "", repr(r))


# ======================================================================== llvm-mc reference
# (input, canonical text, encoding) from llvm-mc 14: `llvm-mc -arch=amdgcn -mcpu=CPU -show-encoding`.
AS_CASES = {
    # llvm-mc 14 -mcpu=tahiti
    "gcn10": [
        ('s_add_u32 s1, s2, s3', 's_add_u32 s1, s2, s3', '[0x02,0x03,0x01,0x80]'),
        ('s_sub_i32 s101, s0, s100', 's_sub_i32 s101, s0, s100', '[0x00,0x64,0xe5,0x81]'),
        ('s_addc_u32 s5, 0x12345678, s6', 's_addc_u32 s5, 0x12345678, s6', '[0xff,0x06,0x05,0x82,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, 0x12345678', 's_mov_b32 s1, 0x12345678', '[0xff,0x03,0x81,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, -1', 's_mov_b32 s1, -1', '[0xc1,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 64', 's_mov_b32 s1, 64', '[0xc0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 65', 's_mov_b32 s1, 0x41', '[0xff,0x03,0x81,0xbe,0x41,0x00,0x00,0x00]'),
        ('s_mov_b32 s1, -16', 's_mov_b32 s1, -16', '[0xd0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, -17', 's_mov_b32 s1, 0xffffffef', '[0xff,0x03,0x81,0xbe,0xef,0xff,0xff,0xff]'),
        ('s_mov_b32 s1, 1.0', 's_mov_b32 s1, 1.0', '[0xf2,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, -4.0', 's_mov_b32 s1, -4.0', '[0xf7,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 0.5', 's_mov_b32 s1, 0.5', '[0xf0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 3.0', 's_mov_b32 s1, 0x40400000', '[0xff,0x03,0x81,0xbe,0x00,0x00,0x40,0x40]'),
        ('s_mov_b32 s1, 0xffffffff', 's_mov_b32 s1, -1', '[0xc1,0x03,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], s[4:5]', 's_mov_b64 s[2:3], s[4:5]', '[0x04,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], -1', 's_mov_b64 s[2:3], -1', '[0xc1,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 1.0', 's_mov_b64 s[2:3], 1.0', '[0xf2,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 0x12345678', 's_mov_b64 s[2:3], 0x12345678', '[0xff,0x04,0x82,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_and_b64 s[0:1], exec, vcc', 's_and_b64 s[0:1], exec, vcc', '[0x7e,0x6a,0x80,0x87]'),
        ('s_or_b32 vcc_lo, exec_hi, m0', 's_or_b32 vcc_lo, exec_hi, m0', '[0x7f,0x7c,0x6a,0x88]'),
        ('s_xor_b32 m0, vcc_hi, exec_lo', 's_xor_b32 m0, vcc_hi, exec_lo', '[0x6b,0x7e,0x7c,0x89]'),
        ('s_cselect_b32 s1, s2, s3', 's_cselect_b32 s1, s2, s3', '[0x02,0x03,0x01,0x85]'),
        ('s_cselect_b64 s[4:5], s[6:7], 0', 's_cselect_b64 s[4:5], s[6:7], 0', '[0x06,0x80,0x84,0x85]'),
        ('s_lshl_b64 s[2:3], s[4:5], 3', 's_lshl_b64 s[2:3], s[4:5], 3', '[0x04,0x83,0x82,0x8f]'),
        ('s_brev_b32 s0, src_scc', 's_brev_b32 s0, src_scc', '[0xfd,0x0b,0x80,0xbe]'),
        ('s_mov_b32 s1, src_vccz', 's_mov_b32 s1, src_vccz', '[0xfb,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, src_execz', 's_mov_b32 s1, src_execz', '[0xfc,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x70,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x7b,0x03,0x81,0xbe]'),
        ('s_mov_b32 ttmp1, s1', 's_mov_b32 ttmp1, s1', '[0x01,0x03,0xf1,0xbe]'),
        ('s_mov_b64 s[2:3], ttmp[4:5]', 's_mov_b64 s[2:3], ttmp[4:5]', '[0x74,0x04,0x82,0xbe]'),
        ('s_getpc_b64 s[4:5]', 's_getpc_b64 s[4:5]', '[0x00,0x1f,0x84,0xbe]'),
        ('s_setpc_b64 s[4:5]', 's_setpc_b64 s[4:5]', '[0x04,0x20,0x80,0xbe]'),
        ('s_swappc_b64 s[0:1], s[2:3]', 's_swappc_b64 s[0:1], s[2:3]', '[0x02,0x21,0x80,0xbe]'),
        ('s_nop 0', 's_nop 0', '[0x00,0x00,0x80,0xbf]'),
        ('s_nop 7', 's_nop 7', '[0x07,0x00,0x80,0xbf]'),
        ('s_endpgm', 's_endpgm', '[0x00,0x00,0x81,0xbf]'),
        ('v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', 'v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', '[0x01,0x09,0x06,0xd2,0x02,0x07,0x02,0x28]'),
        ('v_add_f32_e64 v1, |v2|, -v3 div:2', 'v_add_f32_e64 v1, |v2|, -v3 div:2', '[0x01,0x01,0x06,0xd2,0x02,0x07,0x02,0x58]'),
        ('v_mul_f32_e64 v255, -v2, |s3| mul:4', 'v_mul_f32_e64 v255, -v2, |s3| mul:4', '[0xff,0x02,0x10,0xd2,0x02,0x07,0x00,0x30]'),
        ('v_add_f32_e64 v1, v2, v3', 'v_add_f32_e64 v1, v2, v3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, v2, s3', 'v_add_f32_e64 v1, v2, s3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x00,0x00]'),
        ('v_add_f32 v1, s2, v3', 'v_add_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x06]'),
        ('v_add_f32 v1, -v2, v3', 'v_add_f32_e64 v1, -v2, v3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x02,0x20]'),
        ('v_add_f32 v1, v2, v3 clamp', 'v_add_f32_e64 v1, v2, v3 clamp', '[0x01,0x08,0x06,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, 1.0, v2', 'v_add_f32_e32 v1, 1.0, v2', '[0xf2,0x04,0x02,0x06]'),
        ('v_add_f32 v1, -2.0, v2', 'v_add_f32_e32 v1, -2.0, v2', '[0xf5,0x04,0x02,0x06]'),
        ('v_add_f32 v1, v2, 1.0', 'v_add_f32_e64 v1, v2, 1.0', '[0x01,0x00,0x06,0xd2,0x02,0xe5,0x01,0x00]'),
        ('v_add_f32 v1, 0x40490fdb, v2', 'v_add_f32_e32 v1, 0x40490fdb, v2', '[0xff,0x04,0x02,0x06,0xdb,0x0f,0x49,0x40]'),
        ('v_add_f32 v1, 3.0, v2', 'v_add_f32_e32 v1, 0x40400000, v2', '[0xff,0x04,0x02,0x06,0x00,0x00,0x40,0x40]'),
        ('v_mul_f32 v1, 0.5, v2', 'v_mul_f32_e32 v1, 0.5, v2', '[0xf0,0x04,0x02,0x10]'),
        ('v_sub_f32 v1, v2, v3', 'v_sub_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x08]'),
        ('v_subrev_f32 v1, s2, v3', 'v_subrev_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x0a]'),
        ('v_add_f32_e64 v1, s2, s2', 'v_add_f32_e64 v1, s2, s2', '[0x01,0x00,0x06,0xd2,0x02,0x04,0x00,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, vcc', 'v_cndmask_b32_e32 v1, v2, v3, vcc', '[0x02,0x07,0x02,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, v2, v3, s[4:5]', '[0x01,0x00,0x00,0xd2,0x02,0x07,0x12,0x00]'),
        ('v_cndmask_b32_e64 v1, 0, 1, s[4:5]', 'v_cndmask_b32_e64 v1, 0, 1, s[4:5]', '[0x01,0x00,0x00,0xd2,0x80,0x02,0x11,0x00]'),
        ('v_mac_f32 v1, v2, v3', 'v_mac_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x3e]'),
        ('v_mac_f32_e64 v1, v2, v3 clamp', 'v_mac_f32_e64 v1, v2, v3 clamp', '[0x01,0x08,0x3e,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_madmk_f32 v1, v2, 0x41200000, v3', 'v_madmk_f32 v1, v2, 0x41200000, v3', '[0x02,0x07,0x02,0x40,0x00,0x00,0x20,0x41]'),
        ('v_madak_f32 v1, v2, v3, 0x41200000', 'v_madak_f32 v1, v2, v3, 0x41200000', '[0x02,0x07,0x02,0x42,0x00,0x00,0x20,0x41]'),
        ('v_and_b32 v1, v2, v3', 'v_and_b32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x36]'),
        ('v_or_b32 v1, -1, v3', 'v_or_b32_e32 v1, -1, v3', '[0xc1,0x06,0x02,0x38]'),
        ('v_xor_b32_e64 v1, s2, 5', 'v_xor_b32_e64 v1, s2, 5', '[0x01,0x00,0x3a,0xd2,0x02,0x0a,0x01,0x00]'),
        ('v_lshlrev_b32 v1, 4, v2', 'v_lshlrev_b32_e32 v1, 4, v2', '[0x84,0x04,0x02,0x34]'),
        ('v_mul_i32_i24 v1, v2, v3', 'v_mul_i32_i24_e32 v1, v2, v3', '[0x02,0x07,0x02,0x12]'),
        ('v_min_f32 v1, v2, v3', 'v_min_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x1e]'),
        ('v_max_f32_e64 v1, v2, v3 mul:2', 'v_max_f32_e64 v1, v2, v3 mul:2', '[0x01,0x00,0x20,0xd2,0x02,0x07,0x02,0x08]'),
        ('v_add_f32 v1, vcc_lo, v2', 'v_add_f32_e32 v1, vcc_lo, v2', '[0x6a,0x04,0x02,0x06]'),
        ('v_add_f32 v1, m0, v2', 'v_add_f32_e32 v1, m0, v2', '[0x7c,0x04,0x02,0x06]'),
        ('v_add_f32_e64 v1, exec_hi, 0.5', 'v_add_f32_e64 v1, exec_hi, 0.5', '[0x01,0x00,0x06,0xd2,0x7f,0xe0,0x01,0x00]'),
        ('v_add_i32_e64 v1, s[4:5], v2, v3', 'v_add_i32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x4a,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_add_i32 v1, vcc, v2, v3', 'v_add_i32_e32 v1, vcc, v2, v3', '[0x02,0x07,0x02,0x4a]'),
        ('v_add_i32 v1, s[4:5], v2, v3', 'v_add_i32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x4a,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_addc_u32 v1, vcc, v2, v3, vcc', 'v_addc_u32_e32 v1, vcc, v2, v3, vcc', '[0x02,0x07,0x02,0x50]'),
        ('v_addc_u32_e64 v1, s[6:7], v2, v3, s[8:9]', 'v_addc_u32_e64 v1, s[6:7], v2, v3, s[8:9]', '[0x01,0x06,0x50,0xd2,0x02,0x07,0x22,0x00]'),
        ('v_sub_i32_e32 v1, vcc, s2, v3', 'v_sub_i32_e32 v1, vcc, s2, v3', '[0x02,0x06,0x02,0x4c]'),
        ('v_add_f32 v1, 0.15915494, v2', 'v_add_f32_e32 v1, 0x3e22f983, v2', '[0xff,0x04,0x02,0x06,0x83,0xf9,0x22,0x3e]'),
        ('s_mov_b32 s1, tba_lo', 's_mov_b32 s1, tba_lo', '[0x6c,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, tma_hi', 's_mov_b32 s1, tma_hi', '[0x6f,0x03,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], tba', 's_mov_b64 s[2:3], tba', '[0x6c,0x04,0x82,0xbe]'),
        ('s_mov_b32 s1, s103', 's_mov_b32 s1, s103', '[0x67,0x03,0x81,0xbe]'),
        ('s_and_b32 s1, s2, s3', 's_and_b32 s1, s2, s3', '[0x02,0x03,0x01,0x87]'),
        ('s_absdiff_i32 s1, s2, s3', 's_absdiff_i32 s1, s2, s3', '[0x02,0x03,0x01,0x96]'),
        ('v_max_legacy_f32 v1, v2, v3', 'v_max_legacy_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x1c]'),
        ('v_readlane_b32 s1, v2, s3', 'v_readlane_b32 s1, v2, s3', '[0x02,0x07,0x02,0x02]'),
        ('v_writelane_b32 v1, s2, 5', 'v_writelane_b32 v1, s2, 5', '[0x02,0x0a,0x03,0x04]'),
        ('v_ldexp_f32 v1, v2, v3', 'v_ldexp_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x56]'),
        ('v_cvt_pkrtz_f16_f32 v1, v2, v3', 'v_cvt_pkrtz_f16_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x5e]'),
        ('s_bfe_i64 s[2:3], s[4:5], 0x10004', 's_bfe_i64 s[2:3], s[4:5], 0x10004', '[0x04,0xff,0x02,0x95,0x04,0x00,0x01,0x00]'),
    ],
    # llvm-mc 14 -mcpu=bonaire
    "gcn11": [
        ('s_add_u32 s1, s2, s3', 's_add_u32 s1, s2, s3', '[0x02,0x03,0x01,0x80]'),
        ('s_sub_i32 s101, s0, s100', 's_sub_i32 s101, s0, s100', '[0x00,0x64,0xe5,0x81]'),
        ('s_addc_u32 s5, 0x12345678, s6', 's_addc_u32 s5, 0x12345678, s6', '[0xff,0x06,0x05,0x82,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, 0x12345678', 's_mov_b32 s1, 0x12345678', '[0xff,0x03,0x81,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, -1', 's_mov_b32 s1, -1', '[0xc1,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 64', 's_mov_b32 s1, 64', '[0xc0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 65', 's_mov_b32 s1, 0x41', '[0xff,0x03,0x81,0xbe,0x41,0x00,0x00,0x00]'),
        ('s_mov_b32 s1, -16', 's_mov_b32 s1, -16', '[0xd0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, -17', 's_mov_b32 s1, 0xffffffef', '[0xff,0x03,0x81,0xbe,0xef,0xff,0xff,0xff]'),
        ('s_mov_b32 s1, 1.0', 's_mov_b32 s1, 1.0', '[0xf2,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, -4.0', 's_mov_b32 s1, -4.0', '[0xf7,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 0.5', 's_mov_b32 s1, 0.5', '[0xf0,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, 3.0', 's_mov_b32 s1, 0x40400000', '[0xff,0x03,0x81,0xbe,0x00,0x00,0x40,0x40]'),
        ('s_mov_b32 s1, 0xffffffff', 's_mov_b32 s1, -1', '[0xc1,0x03,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], s[4:5]', 's_mov_b64 s[2:3], s[4:5]', '[0x04,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], -1', 's_mov_b64 s[2:3], -1', '[0xc1,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 1.0', 's_mov_b64 s[2:3], 1.0', '[0xf2,0x04,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 0x12345678', 's_mov_b64 s[2:3], 0x12345678', '[0xff,0x04,0x82,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_and_b64 s[0:1], exec, vcc', 's_and_b64 s[0:1], exec, vcc', '[0x7e,0x6a,0x80,0x87]'),
        ('s_or_b32 vcc_lo, exec_hi, m0', 's_or_b32 vcc_lo, exec_hi, m0', '[0x7f,0x7c,0x6a,0x88]'),
        ('s_xor_b32 m0, vcc_hi, exec_lo', 's_xor_b32 m0, vcc_hi, exec_lo', '[0x6b,0x7e,0x7c,0x89]'),
        ('s_cselect_b32 s1, s2, s3', 's_cselect_b32 s1, s2, s3', '[0x02,0x03,0x01,0x85]'),
        ('s_cselect_b64 s[4:5], s[6:7], 0', 's_cselect_b64 s[4:5], s[6:7], 0', '[0x06,0x80,0x84,0x85]'),
        ('s_lshl_b64 s[2:3], s[4:5], 3', 's_lshl_b64 s[2:3], s[4:5], 3', '[0x04,0x83,0x82,0x8f]'),
        ('s_brev_b32 s0, src_scc', 's_brev_b32 s0, src_scc', '[0xfd,0x0b,0x80,0xbe]'),
        ('s_mov_b32 s1, src_vccz', 's_mov_b32 s1, src_vccz', '[0xfb,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, src_execz', 's_mov_b32 s1, src_execz', '[0xfc,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x70,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x7b,0x03,0x81,0xbe]'),
        ('s_mov_b32 ttmp1, s1', 's_mov_b32 ttmp1, s1', '[0x01,0x03,0xf1,0xbe]'),
        ('s_mov_b64 s[2:3], ttmp[4:5]', 's_mov_b64 s[2:3], ttmp[4:5]', '[0x74,0x04,0x82,0xbe]'),
        ('s_getpc_b64 s[4:5]', 's_getpc_b64 s[4:5]', '[0x00,0x1f,0x84,0xbe]'),
        ('s_setpc_b64 s[4:5]', 's_setpc_b64 s[4:5]', '[0x04,0x20,0x80,0xbe]'),
        ('s_swappc_b64 s[0:1], s[2:3]', 's_swappc_b64 s[0:1], s[2:3]', '[0x02,0x21,0x80,0xbe]'),
        ('s_nop 0', 's_nop 0', '[0x00,0x00,0x80,0xbf]'),
        ('s_nop 7', 's_nop 7', '[0x07,0x00,0x80,0xbf]'),
        ('s_endpgm', 's_endpgm', '[0x00,0x00,0x81,0xbf]'),
        ('v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', 'v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', '[0x01,0x09,0x06,0xd2,0x02,0x07,0x02,0x28]'),
        ('v_add_f32_e64 v1, |v2|, -v3 div:2', 'v_add_f32_e64 v1, |v2|, -v3 div:2', '[0x01,0x01,0x06,0xd2,0x02,0x07,0x02,0x58]'),
        ('v_mul_f32_e64 v255, -v2, |s3| mul:4', 'v_mul_f32_e64 v255, -v2, |s3| mul:4', '[0xff,0x02,0x10,0xd2,0x02,0x07,0x00,0x30]'),
        ('v_add_f32_e64 v1, v2, v3', 'v_add_f32_e64 v1, v2, v3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, v2, s3', 'v_add_f32_e64 v1, v2, s3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x00,0x00]'),
        ('v_add_f32 v1, s2, v3', 'v_add_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x06]'),
        ('v_add_f32 v1, -v2, v3', 'v_add_f32_e64 v1, -v2, v3', '[0x01,0x00,0x06,0xd2,0x02,0x07,0x02,0x20]'),
        ('v_add_f32 v1, v2, v3 clamp', 'v_add_f32_e64 v1, v2, v3 clamp', '[0x01,0x08,0x06,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, 1.0, v2', 'v_add_f32_e32 v1, 1.0, v2', '[0xf2,0x04,0x02,0x06]'),
        ('v_add_f32 v1, -2.0, v2', 'v_add_f32_e32 v1, -2.0, v2', '[0xf5,0x04,0x02,0x06]'),
        ('v_add_f32 v1, v2, 1.0', 'v_add_f32_e64 v1, v2, 1.0', '[0x01,0x00,0x06,0xd2,0x02,0xe5,0x01,0x00]'),
        ('v_add_f32 v1, 0x40490fdb, v2', 'v_add_f32_e32 v1, 0x40490fdb, v2', '[0xff,0x04,0x02,0x06,0xdb,0x0f,0x49,0x40]'),
        ('v_add_f32 v1, 3.0, v2', 'v_add_f32_e32 v1, 0x40400000, v2', '[0xff,0x04,0x02,0x06,0x00,0x00,0x40,0x40]'),
        ('v_mul_f32 v1, 0.5, v2', 'v_mul_f32_e32 v1, 0.5, v2', '[0xf0,0x04,0x02,0x10]'),
        ('v_sub_f32 v1, v2, v3', 'v_sub_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x08]'),
        ('v_subrev_f32 v1, s2, v3', 'v_subrev_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x0a]'),
        ('v_add_f32_e64 v1, s2, s2', 'v_add_f32_e64 v1, s2, s2', '[0x01,0x00,0x06,0xd2,0x02,0x04,0x00,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, vcc', 'v_cndmask_b32_e32 v1, v2, v3, vcc', '[0x02,0x07,0x02,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, v2, v3, s[4:5]', '[0x01,0x00,0x00,0xd2,0x02,0x07,0x12,0x00]'),
        ('v_cndmask_b32_e64 v1, 0, 1, s[4:5]', 'v_cndmask_b32_e64 v1, 0, 1, s[4:5]', '[0x01,0x00,0x00,0xd2,0x80,0x02,0x11,0x00]'),
        ('v_mac_f32 v1, v2, v3', 'v_mac_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x3e]'),
        ('v_mac_f32_e64 v1, v2, v3 clamp', 'v_mac_f32_e64 v1, v2, v3 clamp', '[0x01,0x08,0x3e,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_madmk_f32 v1, v2, 0x41200000, v3', 'v_madmk_f32 v1, v2, 0x41200000, v3', '[0x02,0x07,0x02,0x40,0x00,0x00,0x20,0x41]'),
        ('v_madak_f32 v1, v2, v3, 0x41200000', 'v_madak_f32 v1, v2, v3, 0x41200000', '[0x02,0x07,0x02,0x42,0x00,0x00,0x20,0x41]'),
        ('v_and_b32 v1, v2, v3', 'v_and_b32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x36]'),
        ('v_or_b32 v1, -1, v3', 'v_or_b32_e32 v1, -1, v3', '[0xc1,0x06,0x02,0x38]'),
        ('v_xor_b32_e64 v1, s2, 5', 'v_xor_b32_e64 v1, s2, 5', '[0x01,0x00,0x3a,0xd2,0x02,0x0a,0x01,0x00]'),
        ('v_lshlrev_b32 v1, 4, v2', 'v_lshlrev_b32_e32 v1, 4, v2', '[0x84,0x04,0x02,0x34]'),
        ('v_mul_i32_i24 v1, v2, v3', 'v_mul_i32_i24_e32 v1, v2, v3', '[0x02,0x07,0x02,0x12]'),
        ('v_min_f32 v1, v2, v3', 'v_min_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x1e]'),
        ('v_max_f32_e64 v1, v2, v3 mul:2', 'v_max_f32_e64 v1, v2, v3 mul:2', '[0x01,0x00,0x20,0xd2,0x02,0x07,0x02,0x08]'),
        ('v_add_f32 v1, vcc_lo, v2', 'v_add_f32_e32 v1, vcc_lo, v2', '[0x6a,0x04,0x02,0x06]'),
        ('v_add_f32 v1, m0, v2', 'v_add_f32_e32 v1, m0, v2', '[0x7c,0x04,0x02,0x06]'),
        ('v_add_f32_e64 v1, exec_hi, 0.5', 'v_add_f32_e64 v1, exec_hi, 0.5', '[0x01,0x00,0x06,0xd2,0x7f,0xe0,0x01,0x00]'),
        ('v_add_i32_e64 v1, s[4:5], v2, v3', 'v_add_i32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x4a,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_addc_u32 v1, vcc, v2, v3, vcc', 'v_addc_u32_e32 v1, vcc, v2, v3, vcc', '[0x02,0x07,0x02,0x50]'),
        ('s_mov_b32 s1, flat_scratch_lo', 's_mov_b32 s1, flat_scratch_lo', '[0x68,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, flat_scratch_hi', 's_mov_b32 s1, flat_scratch_hi', '[0x69,0x03,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], flat_scratch', 's_mov_b64 s[2:3], flat_scratch', '[0x68,0x04,0x82,0xbe]'),
        ('s_mov_b32 s1, s103', 's_mov_b32 s1, s103', '[0x67,0x03,0x81,0xbe]'),
        ('s_mov_b32 s1, tma_lo', 's_mov_b32 s1, tma_lo', '[0x6e,0x03,0x81,0xbe]'),
        ('v_add_f32 v1, 0.15915494, v2', 'v_add_f32_e32 v1, 0x3e22f983, v2', '[0xff,0x04,0x02,0x06,0x83,0xf9,0x22,0x3e]'),
        ('v_max_legacy_f32 v1, v2, v3', 'v_max_legacy_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x1c]'),
        ('s_and_b32 s1, s2, s3', 's_and_b32 s1, s2, s3', '[0x02,0x03,0x01,0x87]'),
    ],
    # llvm-mc 14 -mcpu=fiji (xnack_mask rows: -mcpu=carrizo, the gfx8 part with XNACK)
    "gcn12": [
        ('s_add_u32 s1, s2, s3', 's_add_u32 s1, s2, s3', '[0x02,0x03,0x01,0x80]'),
        ('s_sub_i32 s101, s0, s100', 's_sub_i32 s101, s0, s100', '[0x00,0x64,0xe5,0x81]'),
        ('s_addc_u32 s5, 0x12345678, s6', 's_addc_u32 s5, 0x12345678, s6', '[0xff,0x06,0x05,0x82,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, 0x12345678', 's_mov_b32 s1, 0x12345678', '[0xff,0x00,0x81,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, -1', 's_mov_b32 s1, -1', '[0xc1,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 64', 's_mov_b32 s1, 64', '[0xc0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 65', 's_mov_b32 s1, 0x41', '[0xff,0x00,0x81,0xbe,0x41,0x00,0x00,0x00]'),
        ('s_mov_b32 s1, -16', 's_mov_b32 s1, -16', '[0xd0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, -17', 's_mov_b32 s1, 0xffffffef', '[0xff,0x00,0x81,0xbe,0xef,0xff,0xff,0xff]'),
        ('s_mov_b32 s1, 1.0', 's_mov_b32 s1, 1.0', '[0xf2,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, -4.0', 's_mov_b32 s1, -4.0', '[0xf7,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 0.5', 's_mov_b32 s1, 0.5', '[0xf0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 3.0', 's_mov_b32 s1, 0x40400000', '[0xff,0x00,0x81,0xbe,0x00,0x00,0x40,0x40]'),
        ('s_mov_b32 s1, 0xffffffff', 's_mov_b32 s1, -1', '[0xc1,0x00,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], s[4:5]', 's_mov_b64 s[2:3], s[4:5]', '[0x04,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], -1', 's_mov_b64 s[2:3], -1', '[0xc1,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 1.0', 's_mov_b64 s[2:3], 1.0', '[0xf2,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 0x12345678', 's_mov_b64 s[2:3], 0x12345678', '[0xff,0x01,0x82,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_and_b64 s[0:1], exec, vcc', 's_and_b64 s[0:1], exec, vcc', '[0x7e,0x6a,0x80,0x86]'),
        ('s_or_b32 vcc_lo, exec_hi, m0', 's_or_b32 vcc_lo, exec_hi, m0', '[0x7f,0x7c,0x6a,0x87]'),
        ('s_xor_b32 m0, vcc_hi, exec_lo', 's_xor_b32 m0, vcc_hi, exec_lo', '[0x6b,0x7e,0x7c,0x88]'),
        ('s_cselect_b32 s1, s2, s3', 's_cselect_b32 s1, s2, s3', '[0x02,0x03,0x01,0x85]'),
        ('s_cselect_b64 s[4:5], s[6:7], 0', 's_cselect_b64 s[4:5], s[6:7], 0', '[0x06,0x80,0x84,0x85]'),
        ('s_lshl_b64 s[2:3], s[4:5], 3', 's_lshl_b64 s[2:3], s[4:5], 3', '[0x04,0x83,0x82,0x8e]'),
        ('s_brev_b32 s0, src_scc', 's_brev_b32 s0, src_scc', '[0xfd,0x08,0x80,0xbe]'),
        ('s_mov_b32 s1, src_vccz', 's_mov_b32 s1, src_vccz', '[0xfb,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, src_execz', 's_mov_b32 s1, src_execz', '[0xfc,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x70,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x7b,0x00,0x81,0xbe]'),
        ('s_mov_b32 ttmp1, s1', 's_mov_b32 ttmp1, s1', '[0x01,0x00,0xf1,0xbe]'),
        ('s_mov_b64 s[2:3], ttmp[4:5]', 's_mov_b64 s[2:3], ttmp[4:5]', '[0x74,0x01,0x82,0xbe]'),
        ('s_getpc_b64 s[4:5]', 's_getpc_b64 s[4:5]', '[0x00,0x1c,0x84,0xbe]'),
        ('s_setpc_b64 s[4:5]', 's_setpc_b64 s[4:5]', '[0x04,0x1d,0x80,0xbe]'),
        ('s_swappc_b64 s[0:1], s[2:3]', 's_swappc_b64 s[0:1], s[2:3]', '[0x02,0x1e,0x80,0xbe]'),
        ('s_nop 0', 's_nop 0', '[0x00,0x00,0x80,0xbf]'),
        ('s_nop 7', 's_nop 7', '[0x07,0x00,0x80,0xbf]'),
        ('s_endpgm', 's_endpgm', '[0x00,0x00,0x81,0xbf]'),
        ('v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', 'v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', '[0x01,0x81,0x01,0xd1,0x02,0x07,0x02,0x28]'),
        ('v_add_f32_e64 v1, |v2|, -v3 div:2', 'v_add_f32_e64 v1, |v2|, -v3 div:2', '[0x01,0x01,0x01,0xd1,0x02,0x07,0x02,0x58]'),
        ('v_mul_f32_e64 v255, -v2, |s3| mul:4', 'v_mul_f32_e64 v255, -v2, |s3| mul:4', '[0xff,0x02,0x05,0xd1,0x02,0x07,0x00,0x30]'),
        ('v_add_f32_e64 v1, v2, v3', 'v_add_f32_e64 v1, v2, v3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, v2, s3', 'v_add_f32_e64 v1, v2, s3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x00,0x00]'),
        ('v_add_f32 v1, s2, v3', 'v_add_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x02]'),
        ('v_add_f32 v1, -v2, v3', 'v_add_f32_e64 v1, -v2, v3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x02,0x20]'),
        ('v_add_f32 v1, v2, v3 clamp', 'v_add_f32_e64 v1, v2, v3 clamp', '[0x01,0x80,0x01,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, 1.0, v2', 'v_add_f32_e32 v1, 1.0, v2', '[0xf2,0x04,0x02,0x02]'),
        ('v_add_f32 v1, -2.0, v2', 'v_add_f32_e32 v1, -2.0, v2', '[0xf5,0x04,0x02,0x02]'),
        ('v_add_f32 v1, v2, 1.0', 'v_add_f32_e64 v1, v2, 1.0', '[0x01,0x00,0x01,0xd1,0x02,0xe5,0x01,0x00]'),
        ('v_add_f32 v1, 0x40490fdb, v2', 'v_add_f32_e32 v1, 0x40490fdb, v2', '[0xff,0x04,0x02,0x02,0xdb,0x0f,0x49,0x40]'),
        ('v_add_f32 v1, 3.0, v2', 'v_add_f32_e32 v1, 0x40400000, v2', '[0xff,0x04,0x02,0x02,0x00,0x00,0x40,0x40]'),
        ('v_mul_f32 v1, 0.5, v2', 'v_mul_f32_e32 v1, 0.5, v2', '[0xf0,0x04,0x02,0x0a]'),
        ('v_sub_f32 v1, v2, v3', 'v_sub_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x04]'),
        ('v_subrev_f32 v1, s2, v3', 'v_subrev_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x06]'),
        ('v_add_f32_e64 v1, s2, s2', 'v_add_f32_e64 v1, s2, s2', '[0x01,0x00,0x01,0xd1,0x02,0x04,0x00,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, vcc', 'v_cndmask_b32_e32 v1, v2, v3, vcc', '[0x02,0x07,0x02,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, v2, v3, s[4:5]', '[0x01,0x00,0x00,0xd1,0x02,0x07,0x12,0x00]'),
        ('v_cndmask_b32_e64 v1, 0, 1, s[4:5]', 'v_cndmask_b32_e64 v1, 0, 1, s[4:5]', '[0x01,0x00,0x00,0xd1,0x80,0x02,0x11,0x00]'),
        ('v_mac_f32 v1, v2, v3', 'v_mac_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x2c]'),
        ('v_mac_f32_e64 v1, v2, v3 clamp', 'v_mac_f32_e64 v1, v2, v3 clamp', '[0x01,0x80,0x16,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_madmk_f32 v1, v2, 0x41200000, v3', 'v_madmk_f32 v1, v2, 0x41200000, v3', '[0x02,0x07,0x02,0x2e,0x00,0x00,0x20,0x41]'),
        ('v_madak_f32 v1, v2, v3, 0x41200000', 'v_madak_f32 v1, v2, v3, 0x41200000', '[0x02,0x07,0x02,0x30,0x00,0x00,0x20,0x41]'),
        ('v_and_b32 v1, v2, v3', 'v_and_b32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x26]'),
        ('v_or_b32 v1, -1, v3', 'v_or_b32_e32 v1, -1, v3', '[0xc1,0x06,0x02,0x28]'),
        ('v_xor_b32_e64 v1, s2, 5', 'v_xor_b32_e64 v1, s2, 5', '[0x01,0x00,0x15,0xd1,0x02,0x0a,0x01,0x00]'),
        ('v_lshlrev_b32 v1, 4, v2', 'v_lshlrev_b32_e32 v1, 4, v2', '[0x84,0x04,0x02,0x24]'),
        ('v_mul_i32_i24 v1, v2, v3', 'v_mul_i32_i24_e32 v1, v2, v3', '[0x02,0x07,0x02,0x0c]'),
        ('v_min_f32 v1, v2, v3', 'v_min_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x14]'),
        ('v_max_f32_e64 v1, v2, v3 mul:2', 'v_max_f32_e64 v1, v2, v3 mul:2', '[0x01,0x00,0x0b,0xd1,0x02,0x07,0x02,0x08]'),
        ('v_add_f32 v1, vcc_lo, v2', 'v_add_f32_e32 v1, vcc_lo, v2', '[0x6a,0x04,0x02,0x02]'),
        ('v_add_f32 v1, m0, v2', 'v_add_f32_e32 v1, m0, v2', '[0x7c,0x04,0x02,0x02]'),
        ('v_add_f32_e64 v1, exec_hi, 0.5', 'v_add_f32_e64 v1, exec_hi, 0.5', '[0x01,0x00,0x01,0xd1,0x7f,0xe0,0x01,0x00]'),
        ('v_add_u32_e64 v1, s[4:5], v2, v3', 'v_add_u32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x19,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_u32 v1, vcc, v2, v3', 'v_add_u32_e32 v1, vcc, v2, v3', '[0x02,0x07,0x02,0x32]'),
        ('v_add_u32 v1, s[4:5], v2, v3', 'v_add_u32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x19,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_addc_u32 v1, vcc, v2, v3, vcc', 'v_addc_u32_e32 v1, vcc, v2, v3, vcc', '[0x02,0x07,0x02,0x38]'),
        ('v_add_u32_e64 v1, s[4:5], v2, v3 clamp', 'v_add_u32_e64 v1, s[4:5], v2, v3 clamp', '[0x01,0x84,0x19,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_f16 v1, v2, v3', 'v_add_f16_e32 v1, v2, v3', '[0x02,0x07,0x02,0x3e]'),
        ('v_add_f16 v1, 1.0, v2', 'v_add_f16_e32 v1, 1.0, v2', '[0xf2,0x04,0x02,0x3e]'),
        ('v_add_f16 v1, 0.15915494, v2', 'v_add_f16_e32 v1, 0.15915494, v2', '[0xf8,0x04,0x02,0x3e]'),
        ('v_add_f16_e64 v1, -v2, |v3| clamp', 'v_add_f16_e64 v1, -v2, |v3| clamp', '[0x01,0x82,0x1f,0xd1,0x02,0x07,0x02,0x20]'),
        ('v_add_u16 v1, v2, v3', 'v_add_u16_e32 v1, v2, v3', '[0x02,0x07,0x02,0x4c]'),
        ('v_add_f32 v1, 0.15915494, v2', 'v_add_f32_e32 v1, 0.15915494, v2', '[0xf8,0x04,0x02,0x02]'),
        ('v_mul_f32_e64 v1, 0.15915494, v2', 'v_mul_f32_e64 v1, 0.15915494, v2', '[0x01,0x00,0x05,0xd1,0xf8,0x04,0x02,0x00]'),
        ('s_add_u32 s1, 0.15915494, s2', 's_add_u32 s1, 0.15915494, s2', '[0xf8,0x02,0x01,0x80]'),
        ('s_mov_b32 s1, flat_scratch_lo', 's_mov_b32 s1, flat_scratch_lo', '[0x66,0x00,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], flat_scratch', 's_mov_b64 s[2:3], flat_scratch', '[0x66,0x01,0x82,0xbe]'),
        ('s_mov_b32 s1, s101', 's_mov_b32 s1, s101', '[0x65,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, tba_lo', 's_mov_b32 s1, tba_lo', '[0x6c,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x70,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x7b,0x00,0x81,0xbe]'),
        ('s_and_b32 s1, s2, s3', 's_and_b32 s1, s2, s3', '[0x02,0x03,0x01,0x86]'),
        ('s_absdiff_i32 s1, s2, s3', 's_absdiff_i32 s1, s2, s3', '[0x02,0x03,0x01,0x95]'),
        ('v_madmk_f16 v1, v2, 0x4900, v3', 'v_madmk_f16 v1, v2, 0x4900, v3', '[0x02,0x07,0x02,0x48,0x00,0x49,0x00,0x00]'),
        ('s_rfe_restore_b64 s[4:5], s6', 's_rfe_restore_b64 s[4:5], s6', '[0x04,0x06,0x80,0x95]'),
        ('s_mov_b32 s1, xnack_mask_lo', 's_mov_b32 s1, xnack_mask_lo', '[0x68,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, xnack_mask_hi', 's_mov_b32 s1, xnack_mask_hi', '[0x69,0x00,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], xnack_mask', 's_mov_b64 s[2:3], xnack_mask', '[0x68,0x01,0x82,0xbe]'),
    ],
    # llvm-mc 14 -mcpu=gfx900
    "gcn14": [
        ('s_add_u32 s1, s2, s3', 's_add_u32 s1, s2, s3', '[0x02,0x03,0x01,0x80]'),
        ('s_sub_i32 s101, s0, s100', 's_sub_i32 s101, s0, s100', '[0x00,0x64,0xe5,0x81]'),
        ('s_addc_u32 s5, 0x12345678, s6', 's_addc_u32 s5, 0x12345678, s6', '[0xff,0x06,0x05,0x82,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, 0x12345678', 's_mov_b32 s1, 0x12345678', '[0xff,0x00,0x81,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_mov_b32 s1, -1', 's_mov_b32 s1, -1', '[0xc1,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 64', 's_mov_b32 s1, 64', '[0xc0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 65', 's_mov_b32 s1, 0x41', '[0xff,0x00,0x81,0xbe,0x41,0x00,0x00,0x00]'),
        ('s_mov_b32 s1, -16', 's_mov_b32 s1, -16', '[0xd0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, -17', 's_mov_b32 s1, 0xffffffef', '[0xff,0x00,0x81,0xbe,0xef,0xff,0xff,0xff]'),
        ('s_mov_b32 s1, 1.0', 's_mov_b32 s1, 1.0', '[0xf2,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, -4.0', 's_mov_b32 s1, -4.0', '[0xf7,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 0.5', 's_mov_b32 s1, 0.5', '[0xf0,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, 3.0', 's_mov_b32 s1, 0x40400000', '[0xff,0x00,0x81,0xbe,0x00,0x00,0x40,0x40]'),
        ('s_mov_b32 s1, 0xffffffff', 's_mov_b32 s1, -1', '[0xc1,0x00,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], s[4:5]', 's_mov_b64 s[2:3], s[4:5]', '[0x04,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], -1', 's_mov_b64 s[2:3], -1', '[0xc1,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 1.0', 's_mov_b64 s[2:3], 1.0', '[0xf2,0x01,0x82,0xbe]'),
        ('s_mov_b64 s[2:3], 0x12345678', 's_mov_b64 s[2:3], 0x12345678', '[0xff,0x01,0x82,0xbe,0x78,0x56,0x34,0x12]'),
        ('s_and_b64 s[0:1], exec, vcc', 's_and_b64 s[0:1], exec, vcc', '[0x7e,0x6a,0x80,0x86]'),
        ('s_or_b32 vcc_lo, exec_hi, m0', 's_or_b32 vcc_lo, exec_hi, m0', '[0x7f,0x7c,0x6a,0x87]'),
        ('s_xor_b32 m0, vcc_hi, exec_lo', 's_xor_b32 m0, vcc_hi, exec_lo', '[0x6b,0x7e,0x7c,0x88]'),
        ('s_cselect_b32 s1, s2, s3', 's_cselect_b32 s1, s2, s3', '[0x02,0x03,0x01,0x85]'),
        ('s_cselect_b64 s[4:5], s[6:7], 0', 's_cselect_b64 s[4:5], s[6:7], 0', '[0x06,0x80,0x84,0x85]'),
        ('s_lshl_b64 s[2:3], s[4:5], 3', 's_lshl_b64 s[2:3], s[4:5], 3', '[0x04,0x83,0x82,0x8e]'),
        ('s_brev_b32 s0, src_scc', 's_brev_b32 s0, src_scc', '[0xfd,0x08,0x80,0xbe]'),
        ('s_mov_b32 s1, src_vccz', 's_mov_b32 s1, src_vccz', '[0xfb,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, src_execz', 's_mov_b32 s1, src_execz', '[0xfc,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x6c,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x77,0x00,0x81,0xbe]'),
        ('s_mov_b32 ttmp1, s1', 's_mov_b32 ttmp1, s1', '[0x01,0x00,0xed,0xbe]'),
        ('s_mov_b64 s[2:3], ttmp[4:5]', 's_mov_b64 s[2:3], ttmp[4:5]', '[0x70,0x01,0x82,0xbe]'),
        ('s_getpc_b64 s[4:5]', 's_getpc_b64 s[4:5]', '[0x00,0x1c,0x84,0xbe]'),
        ('s_setpc_b64 s[4:5]', 's_setpc_b64 s[4:5]', '[0x04,0x1d,0x80,0xbe]'),
        ('s_swappc_b64 s[0:1], s[2:3]', 's_swappc_b64 s[0:1], s[2:3]', '[0x02,0x1e,0x80,0xbe]'),
        ('s_nop 0', 's_nop 0', '[0x00,0x00,0x80,0xbf]'),
        ('s_nop 7', 's_nop 7', '[0x07,0x00,0x80,0xbf]'),
        ('s_endpgm', 's_endpgm', '[0x00,0x00,0x81,0xbf]'),
        ('v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', 'v_add_f32_e64 v1, -|v2|, v3 clamp mul:2', '[0x01,0x81,0x01,0xd1,0x02,0x07,0x02,0x28]'),
        ('v_add_f32_e64 v1, |v2|, -v3 div:2', 'v_add_f32_e64 v1, |v2|, -v3 div:2', '[0x01,0x01,0x01,0xd1,0x02,0x07,0x02,0x58]'),
        ('v_mul_f32_e64 v255, -v2, |s3| mul:4', 'v_mul_f32_e64 v255, -v2, |s3| mul:4', '[0xff,0x02,0x05,0xd1,0x02,0x07,0x00,0x30]'),
        ('v_add_f32_e64 v1, v2, v3', 'v_add_f32_e64 v1, v2, v3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, v2, s3', 'v_add_f32_e64 v1, v2, s3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x00,0x00]'),
        ('v_add_f32 v1, s2, v3', 'v_add_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x02]'),
        ('v_add_f32 v1, -v2, v3', 'v_add_f32_e64 v1, -v2, v3', '[0x01,0x00,0x01,0xd1,0x02,0x07,0x02,0x20]'),
        ('v_add_f32 v1, v2, v3 clamp', 'v_add_f32_e64 v1, v2, v3 clamp', '[0x01,0x80,0x01,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_f32 v1, 1.0, v2', 'v_add_f32_e32 v1, 1.0, v2', '[0xf2,0x04,0x02,0x02]'),
        ('v_add_f32 v1, -2.0, v2', 'v_add_f32_e32 v1, -2.0, v2', '[0xf5,0x04,0x02,0x02]'),
        ('v_add_f32 v1, v2, 1.0', 'v_add_f32_e64 v1, v2, 1.0', '[0x01,0x00,0x01,0xd1,0x02,0xe5,0x01,0x00]'),
        ('v_add_f32 v1, 0x40490fdb, v2', 'v_add_f32_e32 v1, 0x40490fdb, v2', '[0xff,0x04,0x02,0x02,0xdb,0x0f,0x49,0x40]'),
        ('v_add_f32 v1, 3.0, v2', 'v_add_f32_e32 v1, 0x40400000, v2', '[0xff,0x04,0x02,0x02,0x00,0x00,0x40,0x40]'),
        ('v_mul_f32 v1, 0.5, v2', 'v_mul_f32_e32 v1, 0.5, v2', '[0xf0,0x04,0x02,0x0a]'),
        ('v_sub_f32 v1, v2, v3', 'v_sub_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x04]'),
        ('v_subrev_f32 v1, s2, v3', 'v_subrev_f32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x06]'),
        ('v_add_f32_e64 v1, s2, s2', 'v_add_f32_e64 v1, s2, s2', '[0x01,0x00,0x01,0xd1,0x02,0x04,0x00,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, vcc', 'v_cndmask_b32_e32 v1, v2, v3, vcc', '[0x02,0x07,0x02,0x00]'),
        ('v_cndmask_b32 v1, v2, v3, s[4:5]', 'v_cndmask_b32_e64 v1, v2, v3, s[4:5]', '[0x01,0x00,0x00,0xd1,0x02,0x07,0x12,0x00]'),
        ('v_cndmask_b32_e64 v1, 0, 1, s[4:5]', 'v_cndmask_b32_e64 v1, 0, 1, s[4:5]', '[0x01,0x00,0x00,0xd1,0x80,0x02,0x11,0x00]'),
        ('v_mac_f32 v1, v2, v3', 'v_mac_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x2c]'),
        ('v_mac_f32_e64 v1, v2, v3 clamp', 'v_mac_f32_e64 v1, v2, v3 clamp', '[0x01,0x80,0x16,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_madmk_f32 v1, v2, 0x41200000, v3', 'v_madmk_f32 v1, v2, 0x41200000, v3', '[0x02,0x07,0x02,0x2e,0x00,0x00,0x20,0x41]'),
        ('v_madak_f32 v1, v2, v3, 0x41200000', 'v_madak_f32 v1, v2, v3, 0x41200000', '[0x02,0x07,0x02,0x30,0x00,0x00,0x20,0x41]'),
        ('v_and_b32 v1, v2, v3', 'v_and_b32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x26]'),
        ('v_or_b32 v1, -1, v3', 'v_or_b32_e32 v1, -1, v3', '[0xc1,0x06,0x02,0x28]'),
        ('v_xor_b32_e64 v1, s2, 5', 'v_xor_b32_e64 v1, s2, 5', '[0x01,0x00,0x15,0xd1,0x02,0x0a,0x01,0x00]'),
        ('v_lshlrev_b32 v1, 4, v2', 'v_lshlrev_b32_e32 v1, 4, v2', '[0x84,0x04,0x02,0x24]'),
        ('v_mul_i32_i24 v1, v2, v3', 'v_mul_i32_i24_e32 v1, v2, v3', '[0x02,0x07,0x02,0x0c]'),
        ('v_min_f32 v1, v2, v3', 'v_min_f32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x14]'),
        ('v_max_f32_e64 v1, v2, v3 mul:2', 'v_max_f32_e64 v1, v2, v3 mul:2', '[0x01,0x00,0x0b,0xd1,0x02,0x07,0x02,0x08]'),
        ('v_add_f32 v1, vcc_lo, v2', 'v_add_f32_e32 v1, vcc_lo, v2', '[0x6a,0x04,0x02,0x02]'),
        ('v_add_f32 v1, m0, v2', 'v_add_f32_e32 v1, m0, v2', '[0x7c,0x04,0x02,0x02]'),
        ('v_add_f32_e64 v1, exec_hi, 0.5', 'v_add_f32_e64 v1, exec_hi, 0.5', '[0x01,0x00,0x01,0xd1,0x7f,0xe0,0x01,0x00]'),
        ('v_add_co_u32_e64 v1, s[4:5], v2, v3', 'v_add_co_u32_e64 v1, s[4:5], v2, v3', '[0x01,0x04,0x19,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_co_u32_e64 v1, vcc, v2, v3', 'v_add_co_u32_e64 v1, vcc, v2, v3', '[0x01,0x6a,0x19,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_add_co_u32 v1, vcc, v2, v3', 'v_add_co_u32_e32 v1, vcc, v2, v3', '[0x02,0x07,0x02,0x32]'),
        ('v_addc_co_u32 v1, vcc, v2, v3, vcc', 'v_addc_co_u32_e32 v1, vcc, v2, v3, vcc', '[0x02,0x07,0x02,0x38]'),
        ('v_add_u32 v1, v2, v3', 'v_add_u32_e32 v1, v2, v3', '[0x02,0x07,0x02,0x68]'),
        ('v_add_u32_e64 v1, v2, v3 clamp', 'v_add_u32_e64 v1, v2, v3 clamp', '[0x01,0x80,0x34,0xd1,0x02,0x07,0x02,0x00]'),
        ('v_sub_u32 v1, s2, v3', 'v_sub_u32_e32 v1, s2, v3', '[0x02,0x06,0x02,0x6a]'),
        ('v_add_f16 v1, v2, v3', 'v_add_f16_e32 v1, v2, v3', '[0x02,0x07,0x02,0x3e]'),
        ('v_add_f32 v1, 0.15915494, v2', 'v_add_f32_e32 v1, 0.15915494, v2', '[0xf8,0x04,0x02,0x02]'),
        ('s_mov_b32 s1, ttmp0', 's_mov_b32 s1, ttmp0', '[0x6c,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp4', 's_mov_b32 s1, ttmp4', '[0x70,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp11', 's_mov_b32 s1, ttmp11', '[0x77,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, ttmp15', 's_mov_b32 s1, ttmp15', '[0x7b,0x00,0x81,0xbe]'),
        ('s_mov_b64 s[2:3], ttmp[14:15]', 's_mov_b64 s[2:3], ttmp[14:15]', '[0x7a,0x01,0x82,0xbe]'),
        ('s_mov_b32 ttmp15, s1', 's_mov_b32 ttmp15, s1', '[0x01,0x00,0xfb,0xbe]'),
        ('s_mov_b32 s1, xnack_mask_lo', 's_mov_b32 s1, xnack_mask_lo', '[0x68,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, flat_scratch_hi', 's_mov_b32 s1, flat_scratch_hi', '[0x67,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, s101', 's_mov_b32 s1, s101', '[0x65,0x00,0x81,0xbe]'),
        ('s_mul_hi_u32 s1, s2, s3', 's_mul_hi_u32 s1, s2, s3', '[0x02,0x03,0x01,0x96]'),
        ('s_mul_hi_i32 s1, s2, s3', 's_mul_hi_i32 s1, s2, s3', '[0x02,0x03,0x81,0x96]'),
        ('s_lshl4_add_u32 s1, s2, s3', 's_lshl4_add_u32 s1, s2, s3', '[0x02,0x03,0x81,0x98]'),
        ('s_andn1_saveexec_b64 s[2:3], s[4:5]', 's_andn1_saveexec_b64 s[2:3], s[4:5]', '[0x04,0x33,0x82,0xbe]'),
        ('s_pack_ll_b32_b16 s1, s2, s3', 's_pack_ll_b32_b16 s1, s2, s3', '[0x02,0x03,0x01,0x99]'),
        ('v_add_u16_e64 v1, v2, v3 clamp', 'v_add_u16_e64 v1, v2, v3 clamp', '[0x01,0x80,0x26,0xd1,0x02,0x07,0x02,0x00]'),
        ('s_mov_b32 s1, src_shared_base', 's_mov_b32 s1, src_shared_base', '[0xeb,0x00,0x81,0xbe]'),
        ('s_mov_b32 s1, src_pops_exiting_wave_id', 's_mov_b32 s1, src_pops_exiting_wave_id', '[0xef,0x00,0x81,0xbe]'),
    ],
}


def _batch(cmd_args, inputs, name):
    """Runs one gcnref command over a file with one input per line. Returns (Result, list of
    per-input outcomes): ('ok', stdout_line) or ('error', stderr_line)."""
    path = write(name, "".join(i + "\n" for i in inputs))
    r = gcnref(*cmd_args, path)
    bad = {}
    for line in r.err_lines:
        m = re.match(r"^%s:(\d+): error: " % re.escape(path), line)
        if m:
            bad[int(m.group(1))] = line
    outs = iter(r.out_lines)
    outcome = []
    for n in range(1, len(inputs) + 1):
        if n in bad:
            outcome.append(("error", bad[n]))
        else:
            outcome.append(("ok", next(outs, "<no output line>")))
    return r, outcome, path


# ======================================================================== help / usage
class TestHelpAndUsage(CliTestCase):
    def test_top_level_help(self):
        r = gcnref("--help")
        self.assertOk(r)
        self.assertIn("usage", r.out.lower())
        for cmd in ("as", "dis", "run"):
            self.assertRegex(r.out, r"(?m)^\s+%s\s" % cmd)

    def test_subcommand_help(self):
        for cmd in ("as", "dis", "run"):
            with self.subTest(cmd=cmd):
                r = gcnref(cmd, "--help")
                self.assertOk(r)
                self.assertIn("usage: gcnref %s" % cmd, r.out.lower())
                self.assertIn("--gen", r.out)

    def test_run_help_lists_options(self):
        r = gcnref("run", "--help")
        self.assertOk(r)
        for opt in ("--state", "--trace", "--json", "--max-steps"):
            self.assertIn(opt, r.out)

    def test_missing_input_file(self):
        missing = os.path.join(TMP, "no_such_file.s")
        for args in (("as", "--gen", "gcn12", missing), ("dis", "--gen", "gcn12", missing),
                     ("run", "--gen", "gcn12", missing)):
            with self.subTest(args=args[0]):
                self.assertUsageError(gcnref(*args), missing)
        prog = write("endpgm.s", "s_endpgm\n")
        with self.subTest(args="run --state"):
            self.assertUsageError(gcnref("run", "--gen", "gcn12", prog, "--state", missing), missing)

    def test_unknown_gen(self):
        src = write("ok.s", "s_endpgm\n")
        for cmd in ("as", "dis", "run"):
            for gen in ("gcn13", "gfx10", "GCN12x", ""):
                with self.subTest(cmd=cmd, gen=gen):
                    self.assertUsageError(gcnref(cmd, "--gen", gen, src), "gen")

    def test_missing_gen(self):
        src = write("ok.s", "s_endpgm\n")
        for cmd in ("as", "dis", "run"):
            with self.subTest(cmd=cmd):
                self.assertUsageError(gcnref(cmd, src), "--gen")
            with self.subTest(cmd=cmd, form="--gen without a value"):
                self.assertUsageError(gcnref(cmd, src, "--gen"), "--gen")

    def test_unknown_option(self):
        src = write("ok.s", "s_endpgm\n")
        for cmd in ("as", "dis", "run"):
            with self.subTest(cmd=cmd):
                self.assertUsageError(gcnref(cmd, "--gen", "gcn12", "--frobnicate", src), "--frobnicate")

    def test_unknown_command(self):
        self.assertUsageError(gcnref("frobnicate"), "frobnicate")

    def test_bad_max_steps(self):
        src = write("ok.s", "s_endpgm\n")
        for value in ("abc", "-1", "12x"):
            with self.subTest(value=value):
                self.assertUsageError(gcnref("run", "--gen", "gcn12", src, "--max-steps", value), "max-steps")

    def test_generation_aliases(self):
        # gfx6/si = gcn10 ... gfx9/vega = gcn14 (--help); ttmp0 encodes differently on gfx9.
        expect = {"gfx6": "0x70", "si": "0x70", "gfx7": "0x70", "ci": "0x70",
                  "gfx8": "0x70", "vi": "0x70", "gfx9": "0x6c", "vega": "0x6c"}
        for alias, code in expect.items():
            with self.subTest(alias=alias):
                r = gcnref("as", "--gen", alias, stdin="s_mov_b32 s1, ttmp0\n")
                self.assertOk(r)
                self.assertIn("[%s," % code, r.out)


# ======================================================================== as
class TestAssemble(CliTestCase):
    """Byte-for-byte comparison with llvm-mc 14 (AS_CASES)."""

    def check_gen(self, gen):
        cases = AS_CASES[gen]
        r, outcome, _ = _batch(("as", "--gen", gen), [c[0] for c in cases], "as_%s.s" % gen)
        self.assertNoCrash(r)
        for (src, text, enc), (kind, line) in zip(cases, outcome):
            with self.subTest(gen=gen, src=src):
                self.assertEqual(kind, "ok", line)
                self.assertEqual(line, "%s ; encoding: %s" % (text, enc))
        self.assertEqual(r.rc, 0, repr(r))

    def test_gcn10(self):
        self.check_gen("gcn10")

    def test_gcn11(self):
        self.check_gen("gcn11")

    def test_gcn12(self):
        self.check_gen("gcn12")

    def test_gcn14(self):
        self.check_gen("gcn14")

    def test_stdin_comments_and_blank_lines(self):
        # ';' and '//' start comments (as --help); blank and comment-only lines print nothing.
        src = ("// a comment line\n"
               "\n"
               "   \t\n"
               "s_add_u32 s1, s2, s3 ; trailing comment\n"
               "\ts_endpgm // another\n"
               "; only a comment\n")
        r = gcnref("as", "--gen", "gcn12", stdin=src)
        self.assertOk(r)
        self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]",
                                       "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"])

    def test_crlf_and_missing_final_newline(self):
        r = gcnref("as", "--gen", "gcn14", stdin="s_add_u32 s1, s2, s3\r\ns_endpgm")
        self.assertOk(r)
        self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]",
                                       "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"])

    def test_ttmp_numbering_per_generation(self):
        # llvm-mc 14: ttmp0..11 = 112..123 up to gfx8; gfx9 ttmp0..15 = 108..123 (gcn_semantics.md §1).
        src = "s_mov_b32 s1, ttmp0\ns_mov_b32 s1, ttmp11\n"
        exp = {"gcn10": ("0x70", "0x7b"), "gcn11": ("0x70", "0x7b"), "gcn12": ("0x70", "0x7b"),
               "gcn14": ("0x6c", "0x77")}
        for gen, (a, b) in exp.items():
            with self.subTest(gen=gen):
                r = gcnref("as", "--gen", gen, stdin=src)
                self.assertOk(r)
                self.assertEqual([l.split("[")[1][:4] for l in r.out_lines], [a, b])

    def test_src_register_aliases_without_prefix(self):
        # llvm-mc 14 accepts scc/vccz/execz for src_scc/src_vccz/src_execz and prints the src_ form:
        #   s_mov_b32 s1, vccz  -> s_mov_b32 s1, src_vccz ; encoding: [0xfb,0x00,0x81,0xbe] (fiji)
        r = gcnref("as", "--gen", "gcn12", stdin="s_mov_b32 s1, vccz\ns_mov_b32 s1, execz\ns_brev_b32 s0, scc\n")
        self.assertOk(r)
        self.assertEqual(r.out_lines, ["s_mov_b32 s1, src_vccz ; encoding: [0xfb,0x00,0x81,0xbe]",
                                       "s_mov_b32 s1, src_execz ; encoding: [0xfc,0x00,0x81,0xbe]",
                                       "s_brev_b32 s0, src_scc ; encoding: [0xfd,0x08,0x80,0xbe]"])

    def test_octal_integer_literal(self):
        # llvm-mc 14 (fiji): a leading 0 means octal:
        #   s_mov_b32 s1, 010 -> s_mov_b32 s1, 8 ; encoding: [0x88,0x00,0x81,0xbe]
        r = gcnref("as", "--gen", "gcn12", stdin="s_mov_b32 s1, 010\n")
        self.assertNoCrash(r)
        self.assertNotIn("0x8a,", r.out, "010 silently assembled as decimal 10: %r" % r)
        if r.rc == 0:
            self.assertEqual(r.out_lines, ["s_mov_b32 s1, 8 ; encoding: [0x88,0x00,0x81,0xbe]"])


class TestAssembleErrors(CliTestCase):
    def check_one(self, gen, bad, *mentions):
        """The bad line sits between two good lines: one error naming line 2, both good lines
        still assembled."""
        path = write("bad_%s.s" % gen, "s_add_u32 s1, s2, s3\n%s\ns_endpgm\n" % bad)
        r = gcnref("as", "--gen", gen, path)
        self.assertOneError(r, path, 2, *mentions)
        self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]",
                                       "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"], repr(r))

    def test_unknown_mnemonic(self):
        for gen, bad, word in (("gcn12", "s_frob_b32 s1, s2", "s_frob_b32"),
                               ("gcn10", "v_mov_b33 v1, v2", "v_mov_b33"),
                               ("gcn14", "s_add_u32x s1, s2, s3", "s_add_u32x"),
                               ("gcn11", "v_add_f32_e96 v1, v2, v3", "v_add_f32_e96")):
            with self.subTest(gen=gen, bad=bad):
                self.check_one(gen, bad, word)

    def test_malformed_operand(self):
        for gen, bad, word in (("gcn12", "s_add_u32 s1, s2, s[3", "s[3"),
                               ("gcn12", "s_mov_b32 s1, 0xzz", "0xzz"),
                               ("gcn10", "s_mov_b64 s[2:4], s[4:5]", "s[2:4]"),
                               ("gcn14", "s_mov_b32 s1, s[2:3]", "s[2:3]"),
                               ("gcn14", "v_add_f32 v1, v2, v256", "v256"),
                               ("gcn12", "v_add_f32_e64 v1, v2, v3 mul:3", "mul:3"),
                               ("gcn12", "s_mov_b32 s1, 0x123456789", "0x123456789"),
                               ("gcn11", "s_add_u32 s1, s2", "operand"),
                               ("gcn11", "s_add_u32 s1,, s3", "operand"),
                               ("gcn12", "s_add_u32 s1, 0x12345678, 0x12345679", "literal"),
                               ("gcn12", "v_add_f32_e32 v1, v2, s3", "src1"),
                               ("gcn12", "s_nop 0x10000", "0x10000")):
            with self.subTest(gen=gen, bad=bad):
                self.check_one(gen, bad, word)

    def test_illegal_for_generation(self):
        for gen, bad, word in (
                ("gcn10", "s_mul_hi_u32 s1, s2, s3", "s_mul_hi_u32"),       # gfx9 only (SOP2 map)
                ("gcn12", "s_mul_hi_u32 s1, s2, s3", "s_mul_hi_u32"),
                ("gcn11", "v_add_f16 v1, v2, v3", "v_add_f16"),             # VI+
                ("gcn11", "s_mov_b32 s1, xnack_mask_lo", "xnack_mask_lo"),  # VI+ (semantics §1)
                ("gcn10", "s_mov_b32 s1, flat_scratch_lo", "flat_scratch_lo"),
                ("gcn11", "s_mov_b32 s1, s104", "s104"),                    # 104 SGPRs max on CI
                ("gcn12", "s_mov_b32 s1, s102", "s102"),                    # 102 SGPRs on VI
                ("gcn14", "s_mov_b32 s102, s1", "s102"),
                ("gcn12", "s_mov_b32 s1, ttmp12", "ttmp12"),                # 12 ttmps before gfx9
                ("gcn14", "s_mov_b32 s1, ttmp16", "ttmp16"),
                ("gcn14", "s_mov_b32 s1, tba_lo", "tba_lo"),                # no tba/tma on gfx9
                ("gcn12", "s_mov_b32 s1, src_shared_base", "src_shared_base"),  # gfx9 only
                ("gcn12", "v_max_legacy_f32 v1, v2, v3", "v_max_legacy_f32"),   # SI/CI only
                ("gcn10", "v_add_i32_e64 v1, s[4:5], v2, v3 clamp", "clamp"),   # no int clamp SI/CI
                ("gcn12", "v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]", "op_sel"),
                ("gcn14", "v_add_u32 v1, vcc, v2, v3", "v_add_u32"),        # no carry form on gfx9
                ("gcn14", "s_mov_b64 s[1:2], s[4:5]", "s[1:2]"),            # odd SGPR pair
                ("gcn12", "s_and_b64 s[0:1], s[3:4], s[6:7]", "s[3:4]"),
                ("gcn14", "v_add_co_u32_e64 v1, s[5:6], v2, v3", "s[5:6]"),
                ("gcn10", "v_cndmask_b32_e64 v1, v2, v3, s[5:6]", "s[5:6]"),
                ("gcn12", "v_add_f32_e64 v1, s2, s3", "v_add_f32"),          # constant bus
                ("gcn12", "v_add_f32_e64 v1, v2, 0x12345678", "v_add_f32")):  # no VOP3 literal
            with self.subTest(gen=gen, bad=bad):
                self.check_one(gen, bad, word)

    def test_several_bad_lines_named_in_order(self):
        src = ("s_add_u32 s1, s2, s3\n"       # 1
               "\n"                            # 2
               "s_frob s1\n"                   # 3
               "// comment\n"                  # 4
               "s_mov_b32 s1, 0xzz\n"          # 5
               "s_endpgm\n"                    # 6
               "v_add_f16 v1, v2, v3\n"        # 7 (not on gcn11)
               "s_nop 1\n")                    # 8
        path = write("several.s", src)
        r = gcnref("as", "--gen", "gcn11", path)
        self.assertErrors(r, path, [3, 5, 7], [("s_frob",), ("0xzz",), ("v_add_f16",)])
        self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]",
                                       "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]",
                                       "s_nop 1 ; encoding: [0x01,0x00,0x80,0xbf]"])

    def test_stdin_errors_name_stdin(self):
        r = gcnref("as", "--gen", "gcn12", stdin="s_endpgm\ns_frob\n")
        self.assertOneError(r, "<stdin>", 2, "s_frob")
        self.assertEqual(r.out_lines, ["s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"])

    def test_huge_register_numbers_are_rejected(self):
        # Register numbers must not wrap around (2**32 + 1 is not s1/v1/ttmp1).
        for gen, bad in (("gcn12", "s_mov_b32 s4294967297, 0"),
                         ("gcn12", "s_mov_b32 s1, s4294967298"),
                         ("gcn14", "v_add_f32 v4294967297, v2, v3"),
                         ("gcn14", "s_mov_b64 s[4294967298:4294967299], 0"),
                         ("gcn10", "s_mov_b32 s1, ttmp4294967297"),
                         ("gcn12", "s_mov_b32 s1, s99999999999999999999")):
            with self.subTest(gen=gen, bad=bad):
                self.check_one(gen, bad)

    def test_long_lines_keep_line_numbers(self):
        # A long comment must neither be assembled piecewise nor shift later line numbers.
        for length in (1100, 5000):
            with self.subTest(length=length):
                long_comment = "// " + ("s_endpgm " * (length // 9))
                src = ("s_add_u32 s1, s2, s3\n" + long_comment + "\n" + "s_frob\n" + "s_endpgm\n")
                path = write("long.s", src)
                r = gcnref("as", "--gen", "gcn12", path)
                self.assertNoCrash(r)
                self.assertEqual(r.rc, 2, repr(r))
                errs = r.err_lines
                # line 2 may be rejected as too long (one error), or accepted; line 3 is bad.
                self.assertIn(len(errs), (1, 2), repr(r))
                if len(errs) == 2:
                    self.assertRegex(errs[0], r"^%s:2: error: " % re.escape(path), repr(r))
                self.assertRegex(errs[-1], r"^%s:3: error: .*s_frob" % re.escape(path), repr(r))
                self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]",
                                               "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"], repr(r))

    def test_garbage_does_not_crash(self):
        junk = ["\x00", "s_add_u32 s1, s2, " + "9" * 400, "," * 50, "|" * 20, "v_add_f32_e64 v1, -|-v2|, v3",
                "s_mov_b32 s1, -", "v_add_f32_e64 v1, v2, v3 op_sel:[1,0,0", "s_mov_b64 s[3:2], 0",
                "\xff\xfe", "s_add_u32 " + "s1, " * 100 + "s2"]
        for gen in ("gcn10", "gcn14"):
            for j in junk:
                with self.subTest(gen=gen, junk=j[:40]):
                    r = gcnref("as", "--gen", gen, stdin=j + "\n")
                    self.assertNoCrash(r)
                    self.assertIn(r.rc, (0, 2), repr(r))
                    if r.rc == 2:
                        self.assertTrue(all(re.match(r"^<stdin>:1: error: ", l) for l in r.err_lines), repr(r))


# ======================================================================== dis
class TestDisassemble(CliTestCase):
    def check_gen(self, gen):
        cases = AS_CASES[gen]
        r, outcome, _ = _batch(("dis", "--gen", gen), [c[2] for c in cases], "dis_%s.txt" % gen)
        self.assertNoCrash(r)
        for (src, text, enc), (kind, line) in zip(cases, outcome):
            with self.subTest(gen=gen, bytes=enc):
                self.assertEqual(kind, "ok", line)
                self.assertEqual(line, text)
        self.assertEqual(r.rc, 0, repr(r))

    def test_gcn10(self):
        self.check_gen("gcn10")

    def test_gcn11(self):
        self.check_gen("gcn11")

    def test_gcn12(self):
        self.check_gen("gcn12")

    def test_gcn14(self):
        self.check_gen("gcn14")

    def test_input_forms(self):
        forms = ["0x02,0x03,0x01,0x80", "02 03 01 80", "[0x02,0x03,0x01,0x80]", "0x02 0x03 0x01 0x80",
                 "  [0x02, 0x03, 0x01, 0x80]  ", "0X02,0X03,0X01,0X80",
                 "s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]"]
        for gen in GENS:
            with self.subTest(gen=gen):
                r = gcnref("dis", "--gen", gen, stdin="".join(f + "\n" for f in forms))
                self.assertOk(r)
                self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3"] * len(forms))

    def test_literal_on_the_same_line(self):
        # llvm-mc 14 (fiji): s_mov_b32 s1, 0x12345678 ; encoding: [0xff,0x00,0x81,0xbe,0x78,0x56,0x34,0x12]
        r = gcnref("dis", "--gen", "gcn12", stdin="ff 00 81 be 78 56 34 12\n")
        self.assertOk(r)
        self.assertEqual(r.out_lines, ["s_mov_b32 s1, 0x12345678"])

    def test_as_output_round_trips(self):
        for gen in GENS:
            with self.subTest(gen=gen):
                srcs = [c[0] for c in AS_CASES[gen]]
                a = gcnref("as", "--gen", gen, stdin="".join(s + "\n" for s in srcs))
                self.assertOk(a)
                d = gcnref("dis", "--gen", gen, stdin=a.out)
                self.assertOk(d)
                self.assertEqual(d.out_lines, [c[1] for c in AS_CASES[gen]])


class TestDisassembleErrors(CliTestCase):
    def check_one(self, gen, bad, *mentions):
        path = write("bad_%s.hex" % gen, "0x02,0x03,0x01,0x80\n%s\n0x00,0x00,0x81,0xbf\n" % bad)
        r = gcnref("dis", "--gen", gen, path)
        self.assertOneError(r, path, 2, *mentions)
        self.assertEqual(r.out_lines, ["s_add_u32 s1, s2, s3", "s_endpgm"], repr(r))

    def test_truncated_instruction(self):
        for gen, bad in (("gcn12", "0x01,0x81,0x01,0xd1"),         # VOP3 needs 8 bytes
                         ("gcn14", "0x01,0x81,0x01,0xd1"),
                         ("gcn10", "0x01,0x09,0x06,0xd2"),
                         ("gcn12", "0xff,0x00,0x81,0xbe"),         # s_mov_b32 with a literal
                         ("gcn10", "0xff,0x03,0x81,0xbe"),
                         ("gcn14", "0xff,0x04,0x02,0x02"),         # v_add_f32_e32 literal src0
                         ("gcn12", "0x02,0x03"),
                         ("gcn11", "0x02,0x03,0x01"),
                         ("gcn12", "0x02,0x03,0x01,0x80,0x00")):
            with self.subTest(gen=gen, bad=bad):
                self.check_one(gen, bad)

    def test_bad_hex_byte(self):
        for bad, word in (("0x02,0xzz,0x01,0x80", "0xzz"), ("123", "123"), ("0x100,0x03,0x01,0x80", "0x100"),
                          ("02030180", "02030180"), ("0x02;0x03", "")):
            with self.subTest(bad=bad):
                self.check_one("gcn12", bad, word)

    def test_illegal_encoding_for_generation(self):
        for gen, bad, why in (
                ("gcn10", "0x02,0x03,0x01,0x86", "SOP2 opcode 12 is '--' on GCN1.0/1.1"),
                ("gcn11", "0x02,0x03,0x81,0x86", "SOP2 opcode 13 is '--' on GCN1.0/1.1"),
                ("gcn12", "0x02,0x03,0x01,0x96", "SOP2 opcode 44 (s_mul_hi_u32 on 1.4) is '--' on 1.2"),
                ("gcn11", "0x02,0x03,0x81,0x96", "SOP2 opcode 45 is '--' before 1.4"),
                ("gcn14", "0x02,0x03,0x81,0x9a", "SOP2 opcode 53 is beyond the 1.4 map"),
                ("gcn14", "0x01,0x08,0x1f,0xd1,0x02,0x07,0x02,0x00", "op_sel[0] on v_add_f16_e64 (semantics 4)"),
                ("gcn14", "0x01,0x40,0x1f,0xd1,0x02,0x07,0x02,0x00", "op_sel[3] on v_add_f16_e64"),
                ("gcn14", "0x01,0x08,0x01,0xd1,0x02,0x07,0x02,0x00", "op_sel on v_add_f32_e64"),
                ("gcn12", "0x02,0x03,0x81,0x86", "s_and_b64 with SDST s1 (odd pair)"),
                ("gcn12", "0x7d,0x00,0x81,0xbe", "source code 125 is reserved"),
                ("gcn12", "0xeb,0x00,0x81,0xbe", "src_shared_base (235) is gfx9 only")):
            with self.subTest(gen=gen, bad=bad, why=why):
                self.check_one(gen, bad)

    def test_long_lines_keep_line_numbers(self):
        path = write("long.hex", "0x02,0x03,0x01,0x80" + " " * 5000 + "\n0xzz\n0x00,0x00,0x81,0xbf\n")
        r = gcnref("dis", "--gen", "gcn12", path)
        self.assertNoCrash(r)
        errs = r.err_lines
        self.assertIn(len(errs), (1, 2), repr(r))
        if len(errs) == 2:
            self.assertRegex(errs[0], r"^%s:1: error: " % re.escape(path), repr(r))
        self.assertRegex(errs[-1], r"^%s:2: error: .*0xzz" % re.escape(path), repr(r))
        self.assertEqual(r.rc, 2, repr(r))
        self.assertIn("s_endpgm", r.out_lines, repr(r))


# ======================================================================== run
# Hand-derived program (gcn_semantics.md §5 and the SOP1/SOP2 pages):
RUN_PROGRAM = """\
// hand-checked scalar program
s_mov_b32 s1, 5                   // pc 0x00: s1 = 5
s_add_u32 s2, s1, 0xfffffffe      // pc 0x04: 5 + 0xfffffffe = 0x1_00000003 -> s2 = 3, SCC = 1 (carry)
s_cselect_b32 s3, s1, s2          // pc 0x08: SCC = 1 -> s3 = s1 = 5
s_add_u32 s4, s2, s0              // pc 0x0c: s0 = 0x10 (state) -> s4 = 0x13, SCC = 0
s_cselect_b32 s5, 7, 8            // pc 0x10: SCC = 0 -> s5 = 8
s_sub_u32 s6, s2, s1              // pc 0x14: 3 - 5 = 0xfffffffe, SCC = (5 > 3) = 1
s_addc_u32 s7, s10, 0             // pc 0x18: 0xffffffff + 0 + SCC = 2^32 -> s7 = 0, SCC = 1
s_cselect_b64 s[8:9], s[12:13], 0 // pc 0x1c: SCC = 1 -> s[8:9] = s[12:13]
s_endpgm                          // pc 0x20
s_mov_b32 s20, 1                  // never reached
"""
RUN_STATE = """\
# initial values
s0=0x10
s10=0xffffffff
s[12:13]=0x1122334455667788
m0=3
"""
RUN_FINAL = {"s0": 0x10, "s1": 5, "s2": 3, "s3": 5, "s4": 0x13, "s5": 8, "s6": 0xfffffffe,
             "s8": 0x55667788, "s9": 0x11223344, "s10": 0xffffffff, "s12": 0x55667788,
             "s13": 0x11223344, "m0": 3, "scc": 1}
RUN_ZERO = ("s7", "s11", "s20")
# pc -> register writes
RUN_TRACE = {0x00: {"s1": 5}, 0x04: {"s2": 3, "scc": 1}, 0x08: {"s3": 5}, 0x0c: {"s4": 0x13, "scc": 0},
             0x10: {"s5": 8}, 0x14: {"s6": 0xfffffffe, "scc": 1}, 0x18: {"s7": 0, "scc": 1},
             0x1c: {"s8": 0x55667788, "s9": 0x11223344}}

# gcn14-only facts (spec §1 literal extension, §5 scalar ops), hand-derived:
SEM_PROGRAM = """\
s_mov_b64 s[2:3], 0x80000000         // B64 literal zero-extended: s2 = 0x80000000, s3 = 0
s_mov_b64 s[4:5], 1.0                // 64-bit inline 1.0 = 0x3ff0000000000000
s_mov_b64 s[6:7], -1                 // sign-extended: all ones
s_ashr_i64 s[8:9], 0x80000000, 4     // I64 literal sign-extended: 0xffffffff80000000 >> 4
s_mov_b32 s15, 0x200000              // width 32, offset 0
s_bfe_i64 s[10:11], 0xffefffff, s15  // 0xffffffffffefffff (OperandSyntax example)
s_bfe_u64 s[12:13], 0xffefffff, s15  // 0x00000000ffefffff
s_add_i32 s14, 0x7fffffff, 1         // 0x80000000, SCC = overflow = 1
s_getpc_b64 s[16:17]                 // at pc 0x38: D = PC + 4 = 0x3c
s_flbit_i32 s19, 0xffff3333          // 16
s_absdiff_i32 s20, 0x80000000, 0     // 0x80000000
s_mov_b32 m0, 10
s_mov_b32 s27, 0x55
s_movrels_b32 s21, s17               // s21 = s[17 + 10] = s27 = 0x55
s_andn2_saveexec_b64 s[24:25], s[6:7]  // s[24:25] = old EXEC (all ones); EXEC = S0 & ~EXEC = 0; SCC = 0
s_endpgm
"""
SEM_FINAL = {"s2": 0x80000000, "s3": 0, "s4": 0, "s5": 0x3ff00000, "s6": 0xffffffff, "s7": 0xffffffff,
             "s8": 0xf8000000, "s9": 0xffffffff, "s10": 0xffefffff, "s11": 0xffffffff,
             "s12": 0xffefffff, "s13": 0, "s14": 0x80000000, "s16": 0x3c, "s17": 0, "s19": 16,
             "s20": 0x80000000, "s21": 0x55, "s24": 0xffffffff, "s25": 0xffffffff, "m0": 10,
             "exec_lo": 0, "exec_hi": 0, "scc": 0}

LOOP_PROGRAM = """\
s_mov_b32 s0, 1
s_getpc_b64 s[2:3]          // pc 4: s[2:3] = 8
s_sub_u32 s2, s2, 4         // s[2:3] = 4
s_setpc_b64 s[2:3]          // back to pc 4, forever
s_endpgm
"""


def _json_find(obj, key):
    """First value stored under key anywhere in obj (depth-first)."""
    if isinstance(obj, dict):
        if key in obj:
            return obj[key]
        for v in obj.values():
            found = _json_find(v, key)
            if found is not None:
                return found
    elif isinstance(obj, list):
        for v in obj:
            found = _json_find(v, key)
            if found is not None:
                return found
    return None


def _vgpr_lane(final, vgpr, lane):
    """Lane value of a VGPR in a final state (a JSON object or parse_final_state's dict). Accepts
    'vN' (every lane), 'vN[L]' (one lane) and 'vN[A:B]' (lanes A..B) keys; absent = 0."""
    found = None

    def visit(obj):
        nonlocal found
        if isinstance(obj, dict):
            for k, v in obj.items():
                m = re.match(r"^v(\d+)(?:\[(\d+)(?::(\d+))?\])?$", str(k))
                if m and int(m.group(1)) == vgpr and not isinstance(v, (dict, list)):
                    lo = int(m.group(2)) if m.group(2) is not None else 0
                    hi = int(m.group(3)) if m.group(3) is not None else (lo if m.group(2) is not None else 63)
                    if lo <= lane <= hi and found is None:
                        found = v
                elif k != "trace":
                    visit(v)
        elif isinstance(obj, list):
            for v in obj:
                visit(v)

    visit(final)
    return _as_int(found) if found is not None else 0


def _as_int(v):
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    return int(str(v), 0)


class TestRun(CliTestCase):
    def run_program(self, gen, *extra, program=RUN_PROGRAM, state=RUN_STATE):
        prog = write("prog_%s.s" % gen, program)
        args = ["run", "--gen", gen, prog]
        if state is not None:
            args += ["--state", write("prog_%s.state" % gen, state)]
        return gcnref(*(args + list(extra)))

    def check_final(self, final, expect, zero=()):
        for reg, val in expect.items():
            # the text final state lists the registers that are not zero (run --help)
            self.assertEqual(final.get(reg, 0), val, "%s: %r" % (reg, final))
        for reg in zero:
            self.assertEqual(final.get(reg, 0), 0, "%s should be 0: %r" % (reg, final))

    def test_final_state(self):
        for gen in GENS:
            with self.subTest(gen=gen):
                r = self.run_program(gen)
                self.assertOk(r)
                self.check_final(parse_final_state(r.out), RUN_FINAL, RUN_ZERO)
                self.assertRegex(r.out, r"(?m)^s1 = 0x00000005$")
                self.assertRegex(r.out, r"(?m)^s6 = 0xfffffffe$")

    def test_trace(self):
        r = self.run_program("gcn14", "--trace")
        self.assertOk(r)
        lines = r.out.splitlines()
        texts = [l.split("//")[0].strip() for l in RUN_PROGRAM.splitlines()[1:9]]
        for (pc, writes), text in zip(sorted(RUN_TRACE.items()), texts):
            with self.subTest(pc=pc):
                line = [l for l in lines if re.match(r"^\[0x0*%x\]" % pc, l)]
                self.assertEqual(len(line), 1, repr(r))
                mnemonic = text.split()[0]
                self.assertIn(mnemonic, line[0])
                got = {k: int(v, 0) for k, v in re.findall(r"\b([a-z_]+\d*)=(0x[0-9a-f]+|\d+)\b", line[0])}
                self.assertEqual(got, writes, line[0])
        self.assertFalse(any(re.match(r"^\[0x0*24\]", l) for l in lines), "ran past s_endpgm: %r" % r)
        self.assertNotIn("s20", r.out)
        self.check_final(parse_final_state(r.out), RUN_FINAL, RUN_ZERO)

    def test_json(self):
        for extra in ((), ("--trace",)):
            with self.subTest(extra=extra):
                r = self.run_program("gcn12", "--json", *extra)
                self.assertOk(r)
                obj = json.loads(r.out)
                self.assertIsInstance(obj, dict)
                final = obj.get("final", obj)
                for reg, val in RUN_FINAL.items():
                    v = _json_find(final, reg)
                    self.assertIsNotNone(v, "%s missing from JSON final state" % reg)
                    self.assertEqual(_as_int(v), val, reg)
                for reg in RUN_ZERO:
                    v = _json_find(final, reg)
                    self.assertEqual(_as_int(v) if v is not None else 0, 0, reg)
                trace = obj.get("trace")
                self.assertIsInstance(trace, list)
                pcs = [_as_int(t.get("pc")) for t in trace]
                self.assertEqual(pcs[:8], sorted(RUN_TRACE), trace)
                self.assertLessEqual(len(pcs), 9)

    def test_spec_semantics_gcn14(self):
        r = self.run_program("gcn14", program=SEM_PROGRAM, state=None)
        self.assertOk(r)
        self.check_final(parse_final_state(r.out), {k: v for k, v in SEM_FINAL.items() if not k.startswith("exec")})
        j = self.run_program("gcn14", "--json", program=SEM_PROGRAM, state=None)
        self.assertOk(j)
        final = json.loads(j.out).get("final")
        for reg, val in SEM_FINAL.items():
            v = _json_find(final, reg)
            self.assertEqual(_as_int(v) if v is not None else 0, val, reg)

    def test_state_forms(self):
        state = "s5=0x10 s[2:3]=-1 vcc=0x100000002\nexec=0xff\nttmp0=1\nv1=7\nv2[5]=3  # comment\n"
        r = self.run_program("gcn12", "--json", program="s_endpgm\n", state=state)
        self.assertOk(r)
        obj = json.loads(r.out)
        final = obj.get("final", obj)
        expect = {"s5": 0x10, "s2": 0xffffffff, "s3": 0xffffffff, "vcc_lo": 2, "vcc_hi": 1,
                  "exec_lo": 0xff, "exec_hi": 0, "ttmp0": 1}
        for reg, val in expect.items():
            v = _json_find(final, reg)
            self.assertEqual(_as_int(v) if v is not None else 0, val, reg)
        for vgpr, lane, val in ((1, 0, 7), (1, 63, 7), (2, 5, 3), (2, 4, 0), (3, 0, 0)):
            self.assertEqual(_vgpr_lane(final, vgpr, lane), val, "v%d[%d]: %r" % (vgpr, lane, final))

    def test_text_final_state_shows_exec(self):
        # The final state must tell EXEC = 0, EXEC = 0x00000000ffffffff and EXEC = all ones apart.
        outs = {}
        for name, state in (("default", None), ("zero", "exec=0\n"), ("low", "exec=0xffffffff\n")):
            r = self.run_program("gcn12", program="s_endpgm\n", state=state)
            self.assertOk(r)
            outs[name] = r.out
        self.assertNotEqual(outs["default"], outs["zero"], outs)
        self.assertNotEqual(outs["default"], outs["low"], outs)
        self.assertNotEqual(outs["zero"], outs["low"], outs)

    def test_bad_state_file(self):
        prog = write("endpgm.s", "s_endpgm\n")
        for bad, word in (("foo=3", "foo"), ("s1=0xzz", "0xzz"), ("s102=1", "s102"), ("s[1:2]=1", "s[1:2]"),
                          ("s0", "s0"), ("s0=0x123456789", "0x123456789"), ("v1[64]=1", "v1[64]"),
                          ("scc=2", "scc"), ("s4294967297=1", "s4294967297")):
            with self.subTest(bad=bad):
                st = write("bad.state", "s0=1\n%s\ns2=3\n" % bad)
                r = gcnref("run", "--gen", "gcn12", prog, "--state", st)
                self.assertOneError(r, st, 2, word)

    def test_state_long_comment(self):
        # A long '#' comment must not be read as assignments, nor shift line numbers.
        st = write("long.state", "s1=0x2\n# " + "s5=0x1 " * 1000 + "\ns6=0x3\nbogus=1\n")
        r = gcnref("run", "--gen", "gcn12", write("endpgm.s", "s_endpgm\n"), "--state", st)
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        errs = r.err_lines
        self.assertIn(len(errs), (1, 2), repr(r))
        if len(errs) == 2:
            self.assertRegex(errs[0], r"^%s:2: error: " % re.escape(st), repr(r))
        self.assertRegex(errs[-1], r"^%s:4: error: .*bogus" % re.escape(st), repr(r))
        if len(errs) == 1:
            r2 = gcnref("run", "--gen", "gcn12", "--json", write("endpgm.s", "s_endpgm\n"), "--state",
                        write("long2.state", "s1=0x2\n# " + "s5=0x1 " * 1000 + "\ns6=0x3\n"))
            self.assertOk(r2)
            final = json.loads(r2.out).get("final")
            self.assertEqual(_as_int(_json_find(final, "s5") or 0), 0, "comment was executed")
            self.assertEqual(_as_int(_json_find(final, "s6") or 0), 3)

    def test_program_assembly_error(self):
        prog = write("bad_prog.s", "s_mov_b32 s1, 1\ns_frob s2\ns_endpgm\n")
        r = gcnref("run", "--gen", "gcn12", prog)
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertTrue(r.err_lines, repr(r))
        self.assertRegex(r.err_lines[0], r"^%s:2: error: .*s_frob" % re.escape(prog))

    def test_rfe_not_modelled(self):
        for gen, program, line in (("gcn12", "s_mov_b32 s0, 1\ns_rfe_b64 s[2:3]\ns_endpgm\n", 2),
                                   ("gcn10", "s_rfe_b64 s[2:3]\n", 1),
                                   ("gcn14", "s_nop 0\ns_nop 0\ns_rfe_restore_b64 s[4:5], s6\n", 3)):
            with self.subTest(gen=gen, program=program):
                prog = write("rfe.s", program)
                r = gcnref("run", "--gen", gen, prog)
                self.assertNoCrash(r)
                self.assertEqual(r.rc, 2, repr(r))
                self.assertEqual(len(r.err_lines), 1, repr(r))
                self.assertRegex(r.err_lines[0], r"^%s:%d: error: .*not modell?ed" % (re.escape(prog), line))

    def test_endless_loop_stops_at_max_steps(self):
        for steps in ("1", "100", "5000"):
            with self.subTest(steps=steps):
                r = self.run_program("gcn14", "--max-steps", steps, program=LOOP_PROGRAM, state=None)
                self.assertNoCrash(r)
                self.assertEqual(r.rc, 2, repr(r))
                self.assertTrue(r.err_lines, repr(r))
                self.assertIn("error", r.err.lower())
                self.assertIn(steps, r.err, repr(r))
        # --json output stays one valid JSON object when the run is stopped
        r = self.run_program("gcn14", "--max-steps", "50", "--json", program=LOOP_PROGRAM, state=None)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertIsInstance(json.loads(r.out), dict)
        # the loop does not stop by itself: more steps, same outcome
        r = self.run_program("gcn14", "--max-steps", "2000", "--trace", program=LOOP_PROGRAM, state=None)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertNotIn("s_endpgm", r.out)
        self.assertGreaterEqual(len([l for l in r.out.splitlines() if l.startswith("[")]), 1000)

    def test_vector_integer_program(self):
        # Hand-derived (gcn_semantics.md §6; VOP2 page): only EXEC lanes 0-7 are written.
        program = ("v_cndmask_b32_e64 v3, 0, 1, vcc   // lane: vcc[lane] ? 1 : 0\n"
                   "v_and_b32 v1, 0xff, v2            // 0x12345678 & 0xff = 0x78\n"
                   "v_mul_i32_i24 v6, -2, v7          // sext24(0xffffff) = -1; -2 * -1 = 2\n"
                   "v_lshlrev_b32 v8, 4, v2           // 0x12345678 << 4 = 0x23456780\n"
                   "s_endpgm\n")
        state = "exec=0xff\nvcc=0x5\nv2=0x12345678\nv1=0xdead\nv7=0x00ffffff\n"
        expect = [(3, 0, 1), (3, 1, 0), (3, 2, 1), (3, 7, 0), (3, 8, 0),
                  (1, 0, 0x78), (1, 7, 0x78), (1, 8, 0xdead), (1, 63, 0xdead),
                  (6, 5, 2), (6, 8, 0), (8, 0, 0x23456780), (8, 7, 0x23456780), (8, 8, 0),
                  (2, 40, 0x12345678), (7, 9, 0x00ffffff)]
        r = self.run_program("gcn12", "--json", program=program, state=state)
        self.assertOk(r)
        final = json.loads(r.out).get("final")
        t = self.run_program("gcn12", program=program, state=state)
        self.assertOk(t)
        text_final = parse_final_state(t.out)
        for vgpr, lane, val in expect:
            with self.subTest(v=vgpr, lane=lane):
                self.assertEqual(_vgpr_lane(final, vgpr, lane), val, final)
                self.assertEqual(_vgpr_lane(text_final, vgpr, lane), val, t.out)

    def test_max_steps_not_reached(self):
        r = self.run_program("gcn12", "--max-steps", "9")
        self.assertOk(r)
        self.check_final(parse_final_state(r.out), RUN_FINAL, RUN_ZERO)


# ======================================================================== malformed vector files
# A vector file in the docs/vectors.md format, hand-written (the first instruction's
# encoding from the llvm-mc table above).
GOOD_VEC = ("gcnvec 1\n"
            "\n"
            "vector t1\n"
            "gen gcn12\n"
            "seed 0x5\n"
            "mode 0x000000c0\n"
            "init s2=0x00000007\n"
            "code 0x000000 s_add_u32 s1, s2, s3 ; encoding: [0x02,0x03,0x01,0x80]\n"
            "code 0x000004 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\n"
            "end\n")


class TestVectorFileErrors(CliTestCase):
    """`gcnref run FILE.vec` on a malformed vector file: exit 2, one 'FILE:LINE: error:
    expected ...' line naming the file, the line and what was expected."""

    def test_good_vector_runs(self):
        self.assertOk(gcnref("run", write("good.vec", GOOD_VEC)))

    def check_bad(self, name, text, line, *mentions):
        path = write(name, text)
        r = gcnref("run", path)
        self.assertOneError(r, path, line, "expected", *mentions)

    def test_truncated(self):
        # The file ends inside the vector block (no 'end').
        self.check_bad("trunc.vec", GOOD_VEC[:GOOD_VEC.index("end\n")], 9, "end of the file")

    def test_wrong_version(self):
        self.check_bad("version.vec", GOOD_VEC.replace("gcnvec 1", "gcnvec 7"), 1, "version 1")

    def test_unknown_instruction(self):
        self.check_bad("unknown.vec", GOOD_VEC.replace("s_add_u32 s1", "s_frobnicate s1"), 8,
                       "instruction", "s_frobnicate")

    def test_register_out_of_range(self):
        # gcn12 has s0..s101: s200 is no register of it.
        self.check_bad("badreg.vec", GOOD_VEC.replace("init s2=", "init s200="), 7, "register", "s200")


class TestJsonExecZero(CliTestCase):
    """A VGPR write with no active lane (EXEC = 0) prints no member; the VCC or SDST write
    after it must not start with a separator (it did: `"writes": {, "vcc_lo": ...}`)."""
    CASES = (  # (gen, instruction, carry-out name): VOP2 carry-out to VCC, VOP3B to an SDST
        ("gcn10", "v_add_i32 v1, vcc, v2, v3", "vcc_lo"),
        ("gcn12", "v_add_u32 v1, vcc, v2, v3", "vcc_lo"),
        ("gcn14", "v_add_co_u32 v1, vcc, v2, v3", "vcc_lo"),
        ("gcn14", "v_add_co_u32_e64 v1, s[4:5], v2, v3", "s4"),
    )

    def test_exec_zero_then_carry_write(self):
        state = write("exec0.state", "exec=0\nv2=0xffffffff\nv3=1\n")
        for gen, inst, carry in self.CASES:
            with self.subTest(gen=gen, inst=inst):
                r = gcnref("run", "--gen", gen, "--json", "--state", state,
                           write("exec0.s", inst + "\ns_endpgm\n"))
                self.assertOk(r)
                writes = json.loads(r.out)["trace"][0]["writes"]
                # No lane active: no VGPR member; the carry-out bits of inactive lanes are
                # written as 0 (spec gcn_semantics.md, "V_CMP writes 0 ... the same for
                # v_add/sub_co carry-out").
                self.assertEqual(writes.get(carry), "0x0", repr(r))
                self.assertFalse(any(k.startswith("v1") for k in writes), repr(r))


class TestRegress(CliTestCase):
    """`gcnref regress` runs scripts/regress with the arguments passed through."""
    def test_help(self):
        r = gcnref("regress", "--help")
        self.assertOk(r)
        self.assertIn("usage:", r.out)
        self.assertIn("--seeds", r.out)  # the runner's own options (docs/regress.md)

    def test_arguments_and_status_pass_through(self):
        fake = write("fake_regress", "#!/bin/sh\nprintf '%s|' \"$@\"\nexit 3\n")
        os.chmod(fake, 0o755)
        r = gcnref("regress", "--gens", "gcn10", "a b", env=dict(os.environ, GCNREF_REGRESS=fake))
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 3, repr(r))
        self.assertEqual(r.out, "--gens|gcn10|a b|")

    def test_missing_runner(self):
        r = gcnref("regress", env=dict(os.environ, GCNREF_REGRESS=os.path.join(TMP, "none")))
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertRegex(r.err, r"^gcnref: error: regress: cannot find")


# ======================================================================== summary
class _Result(unittest.TextTestResult):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.failed_ids = set()

    def _mark(self, test):
        tid = test.test_case.id() if hasattr(test, "test_case") else test.id()
        self.failed_ids.add(tid)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._mark(test)

    def addError(self, test, err):
        super().addError(test, err)
        self._mark(test)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._mark(subtest)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._mark(test)


def main():
    if not os.access(BIN, os.X_OK):
        print("test_cli.py: %s is not an executable (build it with 'make all' or pass --bin)" % BIN,
              file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    prog = unittest.main(module=__name__, argv=_UNITTEST_ARGV, exit=False,
                         testRunner=unittest.TextTestRunner(resultclass=_Result, verbosity=1))
    res = prog.result
    failed = len(res.failed_ids)
    passed = max(res.testsRun - failed, 0)
    sys.stderr.flush()
    print("run --json outputs parsed: %d" % JSON_CHECKED[0])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not res.wasSuccessful() else 0


if __name__ == "__main__":
    sys.exit(main())

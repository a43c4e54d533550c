"""Shared by the command-line tests (tests/cli/test_cli.py runs them): the gcnref binary
(--bin), running it, checking every `run --json` output with a JSON parser, scratch files,
and CliTestCase with the checks the test modules share."""
import atexit
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


# The scratch directory of this run, made at import so that every test module sees it.
TMP = tempfile.mkdtemp(prefix="gcnref_cli_")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def parse_final_state(text):
    """'name = value' lines of run's final state -> {name: int}."""
    state = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([A-Za-z_][\w\[\]:]*)\s*=\s*(0x[0-9a-fA-F]+|-?\d+)\s*$", line)
        if m:
            state[m.group(1)] = int(m.group(2), 0)
    return state


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
        # issue 21: VOP1, VOPC, VOP3-only (tahiti)
        ('v_mov_b32 v1, v2', 'v_mov_b32_e32 v1, v2', '[0x02,0x03,0x02,0x7e]'),
        ('v_mov_b32 v1, s2', 'v_mov_b32_e32 v1, s2', '[0x02,0x02,0x02,0x7e]'),
        ('v_nop', 'v_nop', '[0x00,0x00,0x00,0x7e]'),
        ('v_clrexcp', 'v_clrexcp', '[0x00,0x82,0x00,0x7e]'),
        ('v_readfirstlane_b32 s1, v2', 'v_readfirstlane_b32 s1, v2', '[0x02,0x05,0x02,0x7e]'),
        ('v_cvt_f64_i32 v[1:2], v2', 'v_cvt_f64_i32_e32 v[1:2], v2', '[0x02,0x09,0x02,0x7e]'),
        ('v_cvt_f32_f64 v1, 1.5', 'v_cvt_f32_f64_e32 v1, 0x3ff80000', '[0xff,0x1e,0x02,0x7e,0x00,0x00,0xf8,0x3f]'),
        ('v_cmp_eq_u32 vcc, v1, v2', 'v_cmp_eq_u32_e32 vcc, v1, v2', '[0x01,0x05,0x84,0x7d]'),
        ('v_cmp_eq_u32 s[2:3], v1, v2', 'v_cmp_eq_u32_e64 s[2:3], v1, v2', '[0x02,0x00,0x84,0xd1,0x01,0x05,0x02,0x00]'),
        ('v_cmpx_lt_i64 vcc, v[2:3], v[4:5]', 'v_cmpx_lt_i64_e32 vcc, v[2:3], v[4:5]', '[0x02,0x09,0x62,0x7d]'),
        ('v_cmps_eq_f32_e64 s[4:5], -v1, |v2|', 'v_cmps_eq_f32_e64 s[4:5], -v1, |v2|', '[0x04,0x02,0x84,0xd0,0x01,0x05,0x02,0x20]'),
        ('v_mad_u32_u24 v1, v2, v3, v4', 'v_mad_u32_u24 v1, v2, v3, v4', '[0x01,0x00,0x86,0xd2,0x02,0x07,0x12,0x04]'),
        ('v_bfe_u32 v1, s2, 5, 3', 'v_bfe_u32 v1, s2, 5, 3', '[0x01,0x00,0x90,0xd2,0x02,0x0a,0x0d,0x02]'),
        ('v_lshl_b64 v[2:3], v[4:5], 3', 'v_lshl_b64 v[2:3], v[4:5], 3', '[0x02,0x00,0xc2,0xd2,0x04,0x07,0x01,0x00]'),
        ('v_div_scale_f32 v1, vcc, v2, v3, v4', 'v_div_scale_f32 v1, vcc, v2, v3, v4', '[0x01,0x6a,0xda,0xd2,0x02,0x07,0x12,0x04]'),
        ('v_movreld_b32 v1, 1', 'v_movreld_b32_e32 v1, 1', '[0x81,0x84,0x02,0x7e]'),
        ('v_mul_lo_u32 v1, v2, s3', 'v_mul_lo_u32 v1, v2, s3', '[0x01,0x00,0xd2,0xd2,0x02,0x07,0x00,0x00]'),
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
        # issue 21: VOP1, VOPC, VOP3-only (bonaire)
        ('v_mad_u64_u32 v[0:1], s[0:1], v2, v3, v[4:5]', 'v_mad_u64_u32 v[0:1], s[0:1], v2, v3, v[4:5]', '[0x00,0x00,0xec,0xd2,0x02,0x07,0x12,0x04]'),
        ('v_trunc_f64 v[0:1], v[2:3]', 'v_trunc_f64_e32 v[0:1], v[2:3]', '[0x02,0x2f,0x00,0x7e]'),
        ('v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]', 'v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]', '[0x00,0x00,0xea,0xd2,0x04,0x0d,0x22,0x04]'),
        ('v_cmp_class_f64 vcc, v[0:1], v2', 'v_cmp_class_f64_e32 vcc, v[0:1], v2', '[0x00,0x05,0x50,0x7d]'),
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
        # issue 21: VOP1, VOPC, VOP3-only (fiji)
        ('v_readlane_b32 s1, v2, s3', 'v_readlane_b32 s1, v2, s3', '[0x01,0x00,0x89,0xd2,0x02,0x07,0x00,0x00]'),
        ('v_writelane_b32 v1, s2, 7', 'v_writelane_b32 v1, s2, 7', '[0x01,0x00,0x8a,0xd2,0x02,0x0e,0x01,0x00]'),
        ('v_bfm_b32 v1, v2, v3', 'v_bfm_b32 v1, v2, v3', '[0x01,0x00,0x93,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_ldexp_f32 v1, v2, v3', 'v_ldexp_f32 v1, v2, v3', '[0x01,0x00,0x88,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_cvt_pkrtz_f16_f32 v1, v2, v3 clamp', 'v_cvt_pkrtz_f16_f32 v1, v2, v3 clamp', '[0x01,0x80,0x96,0xd2,0x02,0x07,0x02,0x00]'),
        ('v_cmp_eq_f16 vcc, v1, v2', 'v_cmp_eq_f16_e32 vcc, v1, v2', '[0x01,0x05,0x44,0x7c]'),
        ('v_cmp_lt_u16_e64 s[2:3], v1, 5', 'v_cmp_lt_u16_e64 s[2:3], v1, 5', '[0x02,0x00,0xa9,0xd0,0x01,0x0b,0x01,0x00]'),
        ('v_cvt_f16_u16 v1, v2', 'v_cvt_f16_u16_e32 v1, v2', '[0x02,0x73,0x02,0x7e]'),
        ('v_mad_u16 v1, v2, v3, v4 clamp', 'v_mad_u16 v1, v2, v3, v4 clamp', '[0x01,0x80,0xeb,0xd1,0x02,0x07,0x12,0x04]'),
        ('v_cmpx_gt_f32_e64 s[2:3], v1, v2 clamp', 'v_cmpx_gt_f32_e64 s[2:3], v1, v2 clamp', '[0x02,0x80,0x54,0xd0,0x01,0x05,0x02,0x00]'),
        ('v_lshlrev_b64 v[0:1], 3, v[2:3]', 'v_lshlrev_b64 v[0:1], 3, v[2:3]', '[0x00,0x00,0x8f,0xd2,0x83,0x04,0x02,0x00]'),
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
        # issue 21: VOP1, VOPC, VOP3-only (gfx900)
        ('v_swap_b32 v1, v2', 'v_swap_b32 v1, v2', '[0x02,0xa3,0x02,0x7e]'),
        ('v_add3_u32 v1, v2, v3, v4', 'v_add3_u32 v1, v2, v3, v4', '[0x01,0x00,0xff,0xd1,0x02,0x07,0x12,0x04]'),
        ('v_lshl_add_u32 v1, v2, 3, v4', 'v_lshl_add_u32 v1, v2, 3, v4', '[0x01,0x00,0xfd,0xd1,0x02,0x07,0x11,0x04]'),
        ('v_mad_legacy_f16 v1, v2, v3, v4', 'v_mad_legacy_f16 v1, v2, v3, v4', '[0x01,0x00,0xea,0xd1,0x02,0x07,0x12,0x04]'),
        ('v_mad_f16 v1, v2, v3, v4 clamp', 'v_mad_f16 v1, v2, v3, v4 clamp', '[0x01,0x80,0x03,0xd2,0x02,0x07,0x12,0x04]'),
        ('v_screen_partition_4se_b32 v1, v2', 'v_screen_partition_4se_b32_e32 v1, v2', '[0x02,0x6f,0x02,0x7e]'),
        ('v_sat_pk_u8_i16 v1, v2', 'v_sat_pk_u8_i16_e32 v1, v2', '[0x02,0x9f,0x02,0x7e]'),
        ('v_perm_b32 v1, v2, v3, v4', 'v_perm_b32 v1, v2, v3, v4', '[0x01,0x00,0xed,0xd1,0x02,0x07,0x12,0x04]'),
        ('v_cmp_ne_u64 vcc, 0x12345678, v[2:3]', 'v_cmp_ne_u64_e32 vcc, 0x12345678, v[2:3]', '[0xff,0x04,0xda,0x7d,0x78,0x56,0x34,0x12]'),
        ('v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]', 'v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]', '[0x00,0x00,0xe3,0xd1,0x02,0x09,0x1a,0x04]'),
        ('v_mbcnt_lo_u32_b32 v1, -1, 0', 'v_mbcnt_lo_u32_b32 v1, -1, 0', '[0x01,0x00,0x8c,0xd2,0xc1,0x00,0x01,0x00]'),
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

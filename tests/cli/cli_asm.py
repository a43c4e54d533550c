"""Command-line tests: help and usage, the assembler and the disassembler, and their errors
(expected text and encodings from llvm-mc 14; see tests/cli/test_cli.py)."""
import os
import re
import unittest

from cli_common import *  # noqa: F401,F403 (gcnref, write, CliTestCase, GENS, BIN, TMP...)
from cli_common import _batch  # noqa: F401


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

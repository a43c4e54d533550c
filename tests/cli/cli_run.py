"""Command-line tests: run (results derived by hand from the spec), vector-file errors,
`run --json` with EXEC = 0, and regress (see tests/cli/test_cli.py)."""
import json
import os
import re
import unittest

from cli_common import *  # noqa: F401,F403 (gcnref, write, CliTestCase, GENS, BIN, TMP...)


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

    def test_lds_direct_refused(self):
        # issue 21 item 5: src_lds_direct assembles (llvm-mc 14) but reads LDS memory
        for gen in ("gcn10", "gcn11", "gcn12", "gcn14"):
            with self.subTest(gen=gen):
                prog = write("lds.s", "v_mov_b32 v0, 1\nv_add_f32_e64 v1, src_lds_direct, v0\ns_endpgm\n")
                r = gcnref("run", "--gen", gen, prog)
                self.assertNoCrash(r)
                self.assertEqual(r.rc, 2, repr(r))
                self.assertEqual(len(r.err_lines), 1, repr(r))
                self.assertRegex(r.err_lines[0], r"^%s:2: error: .*src_lds_direct reads LDS memory" % re.escape(prog))

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

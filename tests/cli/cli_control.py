"""CLI tests of scalar control flow (issue 13): a loop written with labels, bad labels,
events in the trace and the JSON. Expected values derived by hand (comments)."""
import json
import os
import re

from cli_common import TMP, CliTestCase, GENS, gcnref, parse_final_state, write

__all__ = ["TestControlFlow"]

# Sum 1..10: s0 counts 1..10, s1 accumulates; after the loop s0 = 11, s1 = 55 (0x37).
# Each pass: s_add_u32 (carry 0), s_add_u32, s_cmp_lg_u32 s0, 11 (SCC = s0 != 11),
# s_cbranch_scc1 back to loop (offset -4 dwords) while SCC.
LOOP = """// sum 1..10 with a label
  s_mov_b32 s0, 1
  s_mov_b32 s1, 0
loop:
  s_add_u32 s1, s1, s0
  s_add_u32 s0, s0, 1
  s_cmp_lg_u32 s0, 11
  s_cbranch_scc1 loop   // back 4 dwords while s0 != 11
  s_endpgm
"""


class TestControlFlow(CliTestCase):
    def test_loop_with_labels(self):
        for gen in GENS:
            with self.subTest(gen=gen):
                r = gcnref("run", "--gen", gen, write("loop_%s.s" % gen, LOOP))
                self.assertOk(r)
                final = parse_final_state(r.out)
                self.assertEqual(final.get("s1"), 55, r.out)
                self.assertEqual(final.get("s0"), 11, r.out)
                self.assertEqual(final.get("scc", 0), 0, r.out)
                # 2 + 10 * 4 instructions, then s_endpgm (not counted as retired)
                self.assertIn("after 42 instructions", r.out)

    def test_loop_trace_branches(self):
        r = gcnref("run", "--gen", "gcn12", "--trace", write("loop_t.s", LOOP))
        self.assertOk(r)
        taken = [l for l in r.out.splitlines() if l.startswith("[0x000014]")]
        self.assertEqual(len(taken), 10, r.out)
        # taken 9 times (pc=0x000008), not taken the last time (no pc write)
        self.assertEqual(sum("pc=0x000008" in l for l in taken), 9, r.out)
        # llvm-mc prints the raw SIMM16: -4 is 65532
        self.assertIn("s_cbranch_scc1 65532", taken[0])

    def test_bad_labels(self):
        far = "far:\n" + "s_nop 0\n" * 32769 + "s_branch far\n"
        for name, text, line, what in (
                ("undef", "s_nop 0\ns_branch nowhere\ns_endpgm\n", 2, "undefined label 'nowhere'"),
                ("dup", "a:\ns_nop 0\na: s_nop 1\n", 3, "duplicate label 'a'"),
                ("range", far, 32771, "out of range"),
                ("garbage", "s_branch 1x\n", 1, "label or a 16-bit")):
            with self.subTest(name=name):
                prog = write("label_%s.s" % name, text)
                r = gcnref("run", "--gen", "gcn14", prog)
                self.assertNoCrash(r)
                self.assertEqual(r.rc, 2, repr(r))
                self.assertRegex(r.err_lines[0], r"^%s:%d: error: .*%s" % (re.escape(prog), line, re.escape(what)))

    def test_forward_label_at_the_edge_of_range(self):
        # s_branch far at 0 and far at 4 + 32767 * 4: the offset is exactly 32767 dwords
        text = "s_branch far\n" + "s_nop 0\n" * 32767 + "far: s_endpgm\n"
        r = gcnref("run", "--gen", "gcn10", write("edge.s", text))
        self.assertOk(r)
        self.assertRegex(r.out, r"(?m)^pc = 0x0*20000$")

    def test_events_in_trace_and_json(self):
        # s_sendmsg records an event and goes on; s_trap records one and stops the wave
        # after it (PC = its address + 4, docs/semantics.md); s_mov_b32 never runs.
        prog = write("events.s", "s_sendmsg sendmsg(MSG_INTERRUPT)\ns_trap 3\ns_mov_b32 s0, 1\n")
        r = gcnref("run", "--gen", "gcn11", "--trace", prog)
        self.assertOk(r)
        self.assertRegex(r.out, r"(?m)^\[0x000000\] s_sendmsg sendmsg\(MSG_INTERRUPT\) +event:s_sendmsg=0x00000001$")
        self.assertRegex(r.out, r"(?m)^\[0x000004\] s_trap 3 +event:s_trap=0x00000003$")
        self.assertNotIn("s0 =", r.out)
        self.assertRegex(r.out, r"(?m)^pc = 0x0*8$")
        r = gcnref("run", "--gen", "gcn11", "--json", prog)
        self.assertOk(r)
        obj = json.loads(r.out)
        self.assertEqual([t["writes"] for t in obj["trace"]],
                         [{"event:s_sendmsg": "0x1"}, {"event:s_trap": "0x3"}])

    def test_stop_pc_is_the_same_in_every_view(self):
        # s_trap at 0x4 stops the wave; the final PC is the next instruction, 0x8
        # (docs/semantics.md): the functional run's final state, the timing run's final
        # state and its end event (docs/microarch.md) all say 0x8; s_endpgm keeps its own.
        for stop, want in (("s_trap 3", 8), ("s_sethalt 1", 8), ("s_endpgm", 4)):
            with self.subTest(stop=stop):
                prog = write("stop.s", "s_mov_b32 s1, 5\n%s\ns_mov_b32 s2, 6\n" % stop)
                r = gcnref("run", "--gen", "gcn12", prog)
                self.assertOk(r)
                self.assertRegex(r.out, r"(?m)^pc = 0x0*%x$" % want)
                r = gcnref("run", "--gen", "gcn12", "--timing", prog)
                self.assertOk(r)
                self.assertRegex(r.out, r"(?m)^@2 end 0x%x$" % want)
                self.assertRegex(r.out, r"(?m)^pc = 0x0*%x$" % want)
                self.assertNotIn("s2 =", r.out)

    def test_loop_trip_count_bins(self):
        # Three loops (counter s4, guard s_cmp_eq + s_cbranch_scc1 over the loop, latch
        # s_sub + s_cmp_lg + backward s_cbranch_scc1) with trip counts 0, 1 and 3: the
        # coverage bins loop.trips.0, .1 and .3 count one each (docs/coverage.md).
        loop = ("s_mov_b32 s4, {n}\ns_cmp_eq_u32 s4, 0\ns_cbranch_scc1 end{k}\nbody{k}:\n"
                "s_add_u32 s5, s5, 1\ns_sub_u32 s4, s4, 1\ns_cmp_lg_u32 s4, 0\ns_cbranch_scc1 body{k}\nend{k}:\n")
        prog = write("trips.s", "".join(loop.format(n=n, k=k) for k, n in enumerate((0, 1, 3))) + "s_endpgm\n")
        for timing in ([], ["--timing"]):
            with self.subTest(timing=timing):
                db = os.path.join(TMP, "trips.db")
                r = gcnref("run", "--gen", "gcn10", *timing, prog, "--coverage", db)
                self.assertOk(r)
                self.assertRegex(r.out, r"(?m)^s5 = 0x0*4$")
                bins = dict(l.split()[:2] for l in open(db) if l.startswith("gcn10.loop.trips."))
                self.assertEqual(bins, {"gcn10.loop.trips.0": "1", "gcn10.loop.trips.1": "1",
                                        "gcn10.loop.trips.2": "0", "gcn10.loop.trips.3": "1",
                                        "gcn10.loop.trips.4plus": "0"})

    def test_state_file_hardware_registers(self):
        # s_getreg of the configuration values the state sets; s_setreg of HW_ID ignored
        prog = write("hw.s", "s_getreg_b32 s0, hwreg(HW_REG_HW_ID)\ns_setreg_b32 hwreg(HW_REG_HW_ID), s2\n"
                             "s_getreg_b32 s1, hwreg(HW_REG_GPR_ALLOC, 8, 4)\ns_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS), 9\n")
        state = write("hw.state", "hw_id=0x1234 gpr_alloc=0xa00 s2=7\n")
        r = gcnref("run", "--gen", "gcn14", prog, "--state", state)
        self.assertOk(r)
        final = parse_final_state(r.out)
        self.assertEqual(final.get("s0"), 0x1234, r.out)
        self.assertEqual(final.get("s1"), 0xa, r.out)
        self.assertEqual(final.get("hw_id"), 0x1234, r.out)
        self.assertEqual(final.get("trapsts"), 9, r.out)

    def test_setreg_mode_reaches_later_float_ops(self):
        # v2 = 1.0, v3 = 3 * 2^-25 (0x33c00000): 1 + 3 * 2^-25 lies between 1.0 and the next
        # float 1 + 2^-23 (= 1 + 4 * 2^-25), nearer the latter. Round to nearest even (MODE
        # FP_ROUND[1:0] = 0) gives 0x3f800001; toward zero (3, set by s_setreg) 0x3f800000.
        for setreg, want in (("", 0x3F800001), ("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3\n", 0x3F800000),
                             ("s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s5\n", 0x3F800000)):
            for gen in GENS:
                with self.subTest(setreg=setreg, gen=gen):
                    prog = write("mode.s", setreg + "v_add_f32 v1, v2, v3\ns_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 2)\n")
                    state = write("mode.state", "v2=0x3f800000 v3=0x33c00000 s5=3\n")
                    r = gcnref("run", "--gen", gen, prog, "--state", state)
                    self.assertOk(r)
                    final = parse_final_state(r.out)
                    self.assertEqual(final.get("v1"), want, r.out)
                    self.assertEqual(final.get("s0", 0), 0 if not setreg else 3, r.out)

    def test_as_takes_labels(self):
        # back: s_nop at 0, s_branch back at 4: offset (0 - 8) / 4 = -2 = 0xfffe (printed as the
        # raw SIMM16, 65534); s_cbranch_scc0 fwd at 8, fwd at 12: offset 0; an undefined label
        # is an error on its line, the other lines still print.
        r = gcnref("as", "--gen", "gcn11", stdin="back: s_nop 0\n  s_branch back\n s_cbranch_scc0 fwd\nfwd:\n"
                                                 " s_endpgm\n s_branch nowhere\n")
        self.assertNoCrash(r)
        self.assertEqual(r.rc, 2, repr(r))
        self.assertEqual(r.out_lines, ["s_nop 0 ; encoding: [0x00,0x00,0x80,0xbf]",
                                       "s_branch 65534 ; encoding: [0xfe,0xff,0x82,0xbf]",
                                       "s_cbranch_scc0 0 ; encoding: [0x00,0x00,0x84,0xbf]",
                                       "s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]"])
        self.assertRegex(r.err_lines[0], r"^<stdin>:6: error: undefined label 'nowhere'")

"""Command-line tests of the SDWA and DPP forms (gcn12, gcn14): `gcnref run` of a wave
reduction written with DPP row_shr and row_bcast (issue 14's acceptance program), and an
SDWA byte program. Every expected value is derived by hand in the comments (sums of
1..N and their binary32 bits); none comes from gcnref's output."""
import json

from cli_common import *  # noqa: F401,F403 (gcnref, write, CliTestCase, ...)
from cli_run import _vgpr_lane

# The sum of the 64 lanes with DPP (the GPUOpen "cross-lane operations" reduction): after
# the three row_shr:1..3 adds each lane holds the sum of itself and the 3 lanes before it in
# its row; row_shr:4 (banks 1-3) and row_shr:8 (banks 2-3) make every lane the prefix sum of
# its row; row_bcast:15 (rows 1 and 3) adds the last lane of the row before, row_bcast:31
# (rows 2 and 3) adds lane 31: lane 63 holds the sum of the wave.
REDUCTION = """\
v_cvt_f32_u32 v0, v0
v_add_f32 v1, v0, v0 row_shr:1 bound_ctrl:0
v_add_f32 v1, v0, v1 row_shr:2 bound_ctrl:0
v_add_f32 v1, v0, v1 row_shr:3 bound_ctrl:0
v_nop
v_nop
v_add_f32 v1, v1, v1 row_shr:4 bank_mask:0xe
v_nop
v_nop
v_add_f32 v1, v1, v1 row_shr:8 bank_mask:0xc
v_nop
v_nop
v_add_f32 v1, v1, v1 row_bcast:15 row_mask:0xa
v_nop
v_nop
v_add_f32 v1, v1, v1 row_bcast:31 row_mask:0xc
v_readlane_b32 s0, v1, 63
s_endpgm
"""
# Lane L holds L + 1: the wave's sum is 64 * 65 / 2 = 2080.
LANES = "".join("v0[%d]=%d\n" % (lane, lane + 1) for lane in range(64))
F32 = {136: 0x43080000,    # 1.0625 * 2^7:    exponent 0x86, fraction 2^-4
       528: 0x44040000,    # 1.03125 * 2^9:   exponent 0x88, fraction 2^-5
       1176: 0x44930000,   # 1.1484375 * 2^10: exponent 0x89, fraction 2^-3 + 2^-6 + 2^-7
       2080: 0x45020000}   # 1.015625 * 2^11: exponent 0x8a, fraction 2^-6


class TestDppReduction(CliTestCase):
    def run_program(self, gen, *extra, program, state):
        args = ["run", "--gen", gen, write("dpp_%s.s" % gen, program)]
        args += ["--state", write("dpp_%s.state" % gen, state)]
        return gcnref(*(args + list(extra)))

    def test_wave_sum(self):
        for gen in ("gcn12", "gcn14"):
            with self.subTest(gen=gen):
                r = self.run_program(gen, "--json", program=REDUCTION, state=LANES)
                self.assertOk(r)
                final = json.loads(r.out).get("final")
                # s0 = lane 63 = 1 + ... + 64; the last lane of each row holds the prefix sum
                # up to it: 1..16 (row 0 is in neither row mask), 1..32, 1..48, 1..64.
                self.assertEqual(int(str(_json_s0(final)), 0), F32[2080], final)
                for lane, total in ((15, 136), (31, 528), (47, 1176), (63, 2080)):
                    self.assertEqual(_vgpr_lane(final, 1, lane), F32[total], (lane, final))

    def test_wave_sum_timing_core(self):
        # The cycle-accurate core runs the same program to the same sum.
        r = self.run_program("gcn14", "--timing", program=REDUCTION, state=LANES)
        self.assertOk(r)
        final = parse_final_state(r.out)
        self.assertEqual(final.get("s0"), F32[2080], r.out[-2000:])

    def test_assembles_as_llvm(self):
        # The reduction's DPP lines print in llvm-mc 14's canonical form.
        r = gcnref("as", "--gen", "gcn14", stdin="v_add_f32 v1, v1, v1 row_bcast:15 row_mask:0xa\n")
        self.assertOk(r)
        self.assertIn("v_add_f32_dpp v1, v1, v1 row_bcast:15 row_mask:0xa bank_mask:0xf ; encoding: "
                      "[0xfa,0x02,0x02,0x02,0x01,0x42,0x01,0xaf]", r.out)


class TestSdwaProgram(CliTestCase):
    def test_byte_add(self):
        # v2 = 0x11223344, v3 = 0x000000ff: byte 3 of v2 (0x11) + byte 0 of v3 (0xff) = 0x110;
        # its low byte 0x10 goes to byte 1 of v1, the rest of v1 (0xaabbccdd) preserved:
        # 0xaabb10dd. The second add sign-extends byte 0 of v3 (-1) plus word 1 of v2
        # (0x1122): 0x1121, written to word 0 with UNUSED_SEXT (bit 15 is 0): 0x00001121.
        program = ("v_add_u32_sdwa v1, v2, v3 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE "
                   "src0_sel:BYTE_3 src1_sel:BYTE_0\n"
                   "v_add_u32_sdwa v4, v2, sext(v3) dst_sel:WORD_0 dst_unused:UNUSED_SEXT "
                   "src0_sel:WORD_1 src1_sel:BYTE_0\n"
                   "s_endpgm\n")
        state = "v1=0xaabbccdd\nv2=0x11223344\nv3=0xff\nexec=0x8000000000000001\n"
        args = ["run", "--gen", "gcn14", "--json", write("sdwa.s", program), "--state", write("sdwa.state", state)]
        r = gcnref(*args)
        self.assertOk(r)
        final = json.loads(r.out).get("final")
        for vgpr, lane, val in ((1, 0, 0xaabb10dd), (1, 63, 0xaabb10dd), (1, 1, 0xaabbccdd),
                                (4, 0, 0x00001121), (4, 63, 0x00001121), (4, 5, 0)):
            with self.subTest(v=vgpr, lane=lane):
                self.assertEqual(_vgpr_lane(final, vgpr, lane), val, final)


def _json_s0(final):
    """s0 in the JSON final state (its scalar registers by name)."""
    def find(obj):
        if isinstance(obj, dict):
            for k, v in obj.items():
                if k == "s0" and not isinstance(v, (dict, list)):
                    return v
                got = find(v)
                if got is not None:
                    return got
        elif isinstance(obj, list):
            for v in obj:
                got = find(v)
                if got is not None:
                    return got
        return None
    found = find(final)
    return found if found is not None else 0


class TestVectorWithForms(CliTestCase):
    def test_vector_runs_sdwa_and_dpp(self):
        # A vector file may hold SDWA and DPP code lines (for the model only: the RTL does
        # not decode them and the generator never writes them; docs/sdwa_dpp.md).
        # Byte 3 of 0x11223344 is 0x11; row_shr:1 with bound_ctrl gives lane 0 of each row 0
        # and lane L the value of lane L-1 (all 0x11223344 here).
        vec = ("gcnvec 1\nvector forms-1\ngen gcn14\nseed 0x0000000000000000\nmode 0x000000c0\n"
               "init v2=0x11223344\n"
               "code 0x000000 v_mov_b32_sdwa v1, v2 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:BYTE_3"
               " ; encoding: [0xf9,0x02,0x02,0x7e,0x02,0x00,0x03,0x00]\n"
               "code 0x000008 v_mov_b32_dpp v3, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1"
               " ; encoding: [0xfa,0x02,0x06,0x7e,0x02,0x11,0x09,0xff]\n"
               "code 0x000010 s_endpgm ; encoding: [0x00,0x00,0x81,0xbf]\nend\n")
        r = gcnref("run", "--json", write("forms.vec", vec))
        self.assertOk(r)
        # (a vector's run starts with a "; vector NAME (GEN)" line)
        final = json.loads("\n".join(x for x in r.out.splitlines() if not x.startswith(";"))).get("final")
        for vgpr, lane, val in ((1, 0, 0x11), (1, 63, 0x11), (3, 0, 0), (3, 16, 0), (3, 48, 0),
                                (3, 1, 0x11223344), (3, 63, 0x11223344)):
            with self.subTest(v=vgpr, lane=lane):
                self.assertEqual(_vgpr_lane(final, vgpr, lane), val)

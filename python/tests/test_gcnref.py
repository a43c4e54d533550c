"""Tests of the Python binding (python/gcnref, docs/python.md). Expected values are derived
by hand: the encodings are llvm-mc 14's (`llvm-mc -arch=amdgcn -mcpu=gfx900 -show-encoding`,
as README.md shows for s_add_u32 s1, s2, s3); the results follow from the ISA (s_mov_b32
writes its SDST; s_add_u32 adds with SCC = the carry out; v_add_u32 adds per lane where EXEC
is set); the messages are those of docs/retire.md."""
import os
import subprocess

import pytest

import gcnref

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PROGRAM = "s_mov_b32 s1, 5\ns_add_u32 s2, s1, 3\nv_add_u32_e32 v1, s2, v0\ns_endpgm\n"


def test_gen_code():
    assert [gcnref.gen_code(g) for g in ("gcn10", "gfx7", "vi", "gcn14", 2)] == [0, 1, 2, 3, 2]
    with pytest.raises(gcnref.GcnError, match="unknown generation"):
        gcnref.gen_code("gcn13")


def test_assemble_disassemble():
    assert gcnref.assemble("s_add_u32 s1, s2, s3", "gcn14") == bytes([0x02, 0x03, 0x01, 0x80])
    # v_add_f32_e64 v1, -|v2|, v3 clamp mul:2 on gcn12 (README.md, llvm-mc's bytes)
    assert gcnref.assemble("v_add_f32_e64 v1, -|v2|, v3 clamp mul:2", "gcn12") == \
        bytes([0x01, 0x81, 0x01, 0xd1, 0x02, 0x07, 0x02, 0x28])
    assert gcnref.disassemble(bytes([0x02, 0x03, 0x01, 0x80]), "gcn14") == ["s_add_u32 s1, s2, s3"]
    two = gcnref.assemble("s_add_u32 s1, s2, s3\ns_mov_b32 s1, 0x12345678 ; a literal", "gcn14")
    assert len(two) == 12
    assert gcnref.disassemble(two, "gcn14") == ["s_add_u32 s1, s2, s3", "s_mov_b32 s1, 0x12345678"]
    with pytest.raises(gcnref.GcnError, match="line 2: .*s_frob"):
        gcnref.assemble("s_nop 0\ns_frob s1", "gcn14")
    with pytest.raises(gcnref.GcnError, match="whole dwords"):
        gcnref.disassemble(b"\x00\x01", "gcn14")


def test_run():
    trace, c = gcnref.run(PROGRAM, "gcn14", "exec=0xff")
    assert len(trace) == 4 and "s_add_u32 s2, s1, 3" in trace[1] and "s2=0x00000008 scc=0" in trace[1]
    assert c.reg("s2") == 8 and c.reg("v1[7]") == 8 and c.reg("v1[8]") == 0 and c.reg("scc") == 0
    with pytest.raises(gcnref.GcnError, match="unknown register"):
        c.reg("q1")
    with pytest.raises(gcnref.GcnError, match="error"):
        gcnref.run("s_mov_b32 s1,", "gcn14")


def dut_clean(c, s2=8):
    c.write_sgpr(1, 5)
    assert c.retire(0) == 0
    c.write_sgpr(2, s2)
    found = c.retire(4)
    c.write_vgpr(1, 0, [8] * 64, 0xFF)
    found += c.retire(8)
    found += c.retire(12, gcnref.END)
    return found


def test_checker_retire():
    with gcnref.Checker("gcn14") as c:
        c.load(PROGRAM, "exec=0xff")
        assert dut_clean(c) == 0 and c.ended and c.retired == 4 and c.report() == ""
        c.load(PROGRAM, "exec=0xff")
        assert dut_clean(c, s2=9) == 1
        (msg, field, pc), = c.mismatches()
        assert field == "s2" and pc == 4 and "s2: expected 0x00000008, got 0x00000009" in msg
        rep = c.report("sim +only=0")
        assert "first mismatch: retire 2, PC 0x000004  s_add_u32 s2, s1, 3 | field: s2" in rep
        assert rep.endswith("reproduce: sim +only=0\n")
        # A DUT that stops: the watchdog.
        c.load(PROGRAM, "exec=0xff")
        c.configure(watchdog=50)
        assert not c.clock(49) and c.clock(1)
        assert c.mismatches()[0][1] == "watchdog"
        with pytest.raises(gcnref.GcnError, match="window 0"):
            c.configure(window=0)
        with pytest.raises(gcnref.GcnError, match="cannot open capability file"):
            c.capability("/nonexistent.cap")


def test_vectors(tmp_path):
    vec = tmp_path / "x.vec"
    gcnref_bin = os.path.join(ROOT, "build", "bin", "gcnref")
    subprocess.run([gcnref_bin, "gen", "--gen", "gcn10", "--seed", "3", "--count", "2",
                    "--capability", os.path.join(ROOT, "rtl_tb", "example_dut", "exdut.cap"), "-o", str(vec)],
                   check=True)
    assert gcnref.Checker.vector_count(vec) == 2
    with gcnref.Checker("gcn10") as c:
        c.load_vector(vec, 1)
        assert c.vector_name == "gcn10-4"
        assert len(c.image) % 4 == 0 and c.disasm_at(c.base) == gcnref.disassemble(c.image, "gcn10")[0]
        assert all(0 <= v < 256 for v in c.program_vgprs())
        assert c.init_sreg(126) == c.init_sreg(126)  # EXEC_LO of the vector's state
        with pytest.raises(gcnref.GcnError, match="index 5"):
            c.load_vector(vec, 5)

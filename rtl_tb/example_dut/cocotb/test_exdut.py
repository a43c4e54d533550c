"""The cocotb testbench of the example DUT (docs/retire.md, "Python and cocotb"): Icarus
Verilog runs exdut_core, Python drives it from gcnref vectors (its load port, its
instruction memory) and checks every retired instruction with the Python binding
(gcnref.Checker in retire mode). Icarus keeps X: a write port carrying X is reported as
such at its instruction. Environment: EXDUT_VECTORS (a vector file), EXDUT_GEN (gcn10 or
gcn11), EXDUT_CAP (the capability file), EXDUT_EXPECT ("pass", or "MNEMONIC" a fault's
instruction, when a fault plusarg is on: every failing vector must fail there)."""
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge

import gcnref

WATCHDOG = 2000


def val(sig, what, pc, xs):
    """The integer on SIG; an X or Z is recorded in XS (once per signal and instruction)."""
    v = sig.value
    if not v.is_resolvable:
        xs.append(f"X on {what} before the retirement of PC 0x{pc:06x}: {v.binstr}")
        return 0
    return v.integer


async def load(dut, c):
    """Reset, then the DUT's own load port: every scalar code, the VGPRs the program names."""
    dut.rst_ni.value = 0
    dut.start_i.value = 0
    dut.ld_s_we_i.value = 0
    dut.ld_v_we_i.value = 0
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    for k in range(128):
        dut.ld_s_we_i.value, dut.ld_s_idx_i.value, dut.ld_s_data_i.value = 1, k, c.init_sreg(k)
        await FallingEdge(dut.clk_i)
    dut.ld_s_we_i.value = 0
    for v in c.program_vgprs():
        for p in range(4):
            lanes = sum(c.init_vgpr(v, 16 * p + l) << (32 * l) for l in range(16))
            dut.ld_v_we_i.value, dut.ld_v_idx_i.value, dut.ld_v_grp_i.value, dut.ld_v_data_i.value = 1, v, p, lanes
            await FallingEdge(dut.clk_i)
    dut.ld_v_we_i.value = 0
    dut.ld_scc_i.value = c.init_scc()


async def run_vector(dut, c, path, index):
    """Runs vector INDEX on the DUT, reporting to C; returns the number of mismatches."""
    c.load_vector(path, index)
    c.configure(watchdog=WATCHDOG)
    image, base = c.image, c.base
    words = [int.from_bytes(image[i:i + 4], "little") for i in range(0, len(image), 4)] + [0, 0]
    dut.start_pc_i.value = base
    dut.end_pc_i.value = base + len(image)
    await load(dut, c)
    dut.start_i.value = 1
    await FallingEdge(dut.clk_i)
    dut.start_i.value = 0
    xs, pc = [], base
    while True:
        # Mid-cycle (the falling edge): the DUT's outputs of this cycle are stable.
        if dut.fetch_req_o.value == 1:
            off = (dut.fetch_addr_o.value.integer - base) // 4
            dut.fetch_data_i.value = words[off] | words[off + 1] << 32 if 0 <= off < len(words) - 1 else 0
        sw_we = val(dut.sw_we_o, "sw_we_o", pc, xs)
        for k in range(2):
            if sw_we >> k & 1:
                code = val(dut.sw_idx_o, "sw_idx_o", pc, xs) >> (7 * k) & 0x7F
                c.write_sgpr(code, val(dut.sw_data_o, "sw_data_o", pc, xs) >> (32 * k) & 0xFFFFFFFF)
        if val(dut.scc_we_o, "scc_we_o", pc, xs):
            c.write_scc(val(dut.scc_o, "scc_o", pc, xs))
        if val(dut.vw_we_o, "vw_we_o", pc, xs):
            data = val(dut.vw_data_o, "vw_data_o", pc, xs)
            c.write_vgpr(dut.vw_idx_o.value.integer, 16 * dut.vw_grp_o.value.integer,
                         [data >> (32 * l) & 0xFFFFFFFF for l in range(16)], dut.vw_mask_o.value.integer)
        if dut.rt_valid_o.value == 1:
            pc = dut.rt_pc_o.value.integer
            kind = {0: gcnref.RETIRE, 2: gcnref.UNSUPPORTED, 3: gcnref.END}.get(dut.rt_kind_o.value.integer, gcnref.ILLEGAL)
            n = dut.rt_nwords_o.value.integer
            insn = dut.rt_insn_o.value.integer
            c.retire(pc, kind, [insn & 0xFFFFFFFF, insn >> 32][:n])
            if xs:
                dut._log.error("%s: %s", c.vector_name, xs[0])
                return max(1, c.mismatch_count)
            pc = pc + 4 * max(n, 1)
        if dut.done_o.value == 1 or c.clock(1):
            break
        await FallingEdge(dut.clk_i)
    c.finish()
    if c.mismatch_count:
        dut._log.info("%s (index %d):\n%s", c.vector_name, index, c.report(f"EXDUT_VECTORS={path} index {index}"))
    return c.mismatch_count


@cocotb.test()
async def exdut_vectors(dut):
    """Every vector of EXDUT_VECTORS in retire mode."""
    path, gen = os.environ["EXDUT_VECTORS"], os.environ.get("EXDUT_GEN", "gcn10")
    expect = os.environ.get("EXDUT_EXPECT", "pass")
    cocotb.start_soon(Clock(dut.clk_i, 2, units="ns").start())
    dut.gen_i.value = 1 if gen == "gcn11" else 0
    dut.fetch_data_i.value = 0
    failed, caught_elsewhere = 0, []
    with gcnref.Checker(gen) as c:
        c.capability(os.environ.get("EXDUT_CAP", ""))
        for i in range(gcnref.Checker.vector_count(path)):
            if await run_vector(dut, c, path, i):
                failed += 1
                first = c.mismatches()
                text = c.disasm_at(first[0][2]) if first and first[0][2] >= 0 else "?"
                if expect != "pass" and not text.startswith(expect):
                    caught_elsewhere.append(f"{c.vector_name}: {first[0][0] if first else '?'}")
    if expect == "pass":
        assert failed == 0, f"{failed} vectors failed"
    else:
        assert failed > 0, f"the fault ({expect}) was not caught"
        assert not caught_elsewhere, "caught elsewhere: " + "; ".join(caught_elsewhere)

"""The directed SOPC, SOPK and SOPP code of gcn_core's programs (gen_programs.py, issue 13).

control_section() adds to a generation's scalar program: every SOPC compare and bit test with
register, negative, inline and literal operands, each followed by an SCC reader; every SOPK
instruction (s_movk/s_cmovk both ways, s_cmpk_* signed and unsigned with sign- and
zero-extended immediates, s_addk with and without signed overflow, s_mulk, s_getreg/s_setreg
of MODE and of every other hardware register (STATUS, TRAPSTS, the configuration
registers), s_setreg_imm32); a labelled loop (sum 1..10: s_add_u32, s_cmp_lg_u32, a backward
s_cbranch_scc1), a zero-trip loop behind its guard, and every branch condition both taken
and not taken; the SOPP no-ops; a VSKIP window (s_setvskip) and, on gcn12+, VGPR-indexing
windows (s_set_gpr_idx_on/mode/off) around VALU instructions; s_cbranch_i_fork with its
join. stop_programs() gives one small program per instruction that stops the wave.

Branch offsets are written `%label`: resolve() (gen_programs.py) turns them into the SIMM16
dword offset from the next instruction.
"""


def compares(p, g, rows):
    gen = g.gen
    sopc = [r for r in rows if r.cls == "SOPC" and r.mn(gen) and "W:scc" in r.flags]
    pairs = [("s14", "s15"), ("-1", "s16"), ("s17", "-16"), ("s18", "0x80000000"),
             ("0x7fffffff", "s19"), ("s20", "s20")]
    def wide(x, t, pair):
        return pair if bits(t) == 64 and x.startswith("s") else x
    for r in sopc:
        for a, b in pairs:
            a = wide(a, r.role("s0"), "s[14:15]")
            b = wide(b, r.role("s1"), "s[14:15]" if b == "s20" else "s[16:17]")
            p.v(f"{r.mn(gen)} {a}, {b}")
            p.i(f"s_cselect_b32 {g.sdst(32)}, 1, 2")
    sopk = [r for r in rows if r.cls == "SOPK" and r.mn(gen) and r.id.startswith("S_CMPK")]
    for r in sopk:
        for reg, imm in (("s21", "0x7fff"), ("s22", "0x8000"), ("s23", "1"), ("s24", "0xffff")):
            p.v(f"{r.mn(gen)} {reg}, {imm}")
            p.i(f"s_cselect_b32 {g.sdst(32)}, 1, 2")
        # the register equal to the immediate (extended by the row's type)
        p.i("s_movk_i32 s25, 0x8000")
        p.v(f"{r.mn(gen)} s25, 0x8000")
        p.i(f"s_cselect_b32 {g.sdst(32)}, 1, 2")


def sopk_ops(p, g, rows):
    mn = {r.id: r.mn(g.gen) for r in rows}
    p.i(f"s_movk_i32 {g.sdst(32)}, 0x8000")
    p.i(f"s_movk_i32 {g.sdst(32)}, 0x7fff")
    for cond in ("s_cmp_eq_u32 s14, s14", "s_cmp_lg_u32 s14, s14"):
        p.i(cond)
        p.i(f"{mn['S_CMOVK_I32']} {g.sdst(32)}, 0xfff0")
    for start, k in (("0x7fffff00", "0x7fff"), ("0x80000000", "0x8000"), ("5", "0xffff")):
        d = g.sdst(32)
        p.i(f"s_mov_b32 {d}, {start}")
        p.i(f"{mn['S_ADDK_I32']} {d}, {k}")
        p.i(f"s_cselect_b32 {g.sdst(32)}, 1, 2")
    d = g.sdst(32)
    p.i(f"s_mov_b32 {d}, 0x12345")
    p.i(f"{mn['S_MULK_I32']} {d}, 0x8003")
    # MODE through the hardware register instructions (the core keeps MODE)
    p.i("s_mov_b32 s26, 0x2c3")
    p.i(f"{mn['S_SETREG_B32']} hwreg(HW_REG_MODE, 0, 10), s26")
    p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg(HW_REG_MODE)")
    p.i(f"{mn['S_SETREG_IMM32_B32']} hwreg(HW_REG_MODE, 4, 4), 0xf")
    p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg(HW_REG_MODE, 2, 6)")
    p.i(f"{mn['S_SETREG_IMM32_B32']} hwreg(HW_REG_MODE, 0, 10), 0xf0")
    # the other hardware registers (values of the initial state): read whole and in part;
    # written (TRAPSTS kept, the others ignored) and read back at once (TRAPSTS forwarded)
    for name, kind in g.hwregs:
        p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name})")
        p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name}, 3, 7)")
        p.i(f"{mn['S_SETREG_B32']} hwreg({name}, 4, 12), s26")
        p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name})")
        p.i(f"{mn['S_SETREG_IMM32_B32']} hwreg({name}, 30, 2), 0xffffffff")
        p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name}, 24, 8)")
        if kind == "status":  # SCC, EXECZ, VCCZ live: right after SCC changes
            p.i("s_cmp_eq_u32 s14, s14")
            p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name}, 0, 11)")
            p.i("s_cmp_lg_u32 s14, s14")
            p.i(f"{mn['S_GETREG_B32']} {g.sdst(32)}, hwreg({name}, 0, 11)")


def loops(p, g):
    # sum 1..10 with a labelled loop
    p.i("s_mov_b32 s100, 0")
    p.i("s_mov_b32 s101, 10")
    p.label("sum")
    p.i("s_add_u32 s100, s100, s101")
    p.i("s_sub_u32 s101, s101, 1")
    p.i("s_cmp_lg_u32 s101, 0")
    p.i("s_cbranch_scc1 %sum")
    p.i(f"s_mov_b32 {g.sdst(32)}, s100")
    # a zero-trip loop: the guard jumps over it
    p.i("s_movk_i32 s101, 0")
    p.i("s_cmpk_eq_u32 s101, 0")
    p.i("s_cbranch_scc1 %zero_end")
    p.label("zero")
    p.i("s_add_u32 s100, s100, 1")
    p.i("s_addk_i32 s101, 0xffff")
    p.i("s_cmpk_lg_u32 s101, 0")
    p.i("s_cbranch_scc1 %zero")
    p.label("zero_end")


def branches(p, g, rows):
    """Every condition taken and not taken: (condition set-up, branch) pairs."""
    gen = g.gen
    setups = {
        "S_CBRANCH_SCC0": ("s_cmp_eq_u32 s14, s14", "s_cmp_lg_u32 s14, s14"),
        "S_CBRANCH_SCC1": ("s_cmp_lg_u32 s14, s14", "s_cmp_eq_u32 s14, s14"),
        "S_CBRANCH_VCCZ": ("s_mov_b64 vcc, -1", "s_mov_b64 vcc, 0"),
        "S_CBRANCH_VCCNZ": ("s_mov_b64 vcc, 0", "s_mov_b64 vcc, s[8:9]"),
        "S_CBRANCH_EXECZ": ("s_mov_b64 exec, -1", "s_mov_b64 exec, 0"),
        "S_CBRANCH_EXECNZ": ("s_mov_b64 exec, 0", "s_mov_b64 exec, s[10:11]"),
    }
    n = 0
    for r in rows:
        if r.id not in setups or not r.mn(gen):
            continue
        for setup in setups[r.id]:  # not taken, then taken
            p.i(setup)
            p.i(f"{r.mn(gen)} %br{n}")
            p.i(f"s_add_u32 s99, s99, {n + 1}")      # runs only when not taken
            p.label(f"br{n}")
            p.i("s_mov_b64 exec, -1")
            n += 1
    p.i("s_branch %br_over")
    p.i("s_mov_b32 s99, 0")
    p.label("br_over")
    mn = {r.id: r.mn(gen) for r in rows}
    if mn.get("S_CALL_B64"):
        p.i(f"{mn['S_CALL_B64']} s[96:97], %callee")
        p.i("s_branch %call_done")
        p.label("callee")
        p.i("s_add_u32 s98, s98, 7")
        p.i("s_setpc_b64 s[96:97]")
        p.label("call_done")


def nops(p, rows, gen):
    """The SOPP architectural no-ops and the events that do not stop the wave."""
    mn = {r.id: r.mn(gen) for r in rows}
    for op, arg in (("S_WAITCNT", "vmcnt(0) lgkmcnt(0)"), ("S_BARRIER", ""), ("S_SLEEP", "1"),
                    ("S_SETPRIO", "2"), ("S_ICACHE_INV", ""), ("S_INCPERFLEVEL", "3"),
                    ("S_DECPERFLEVEL", "3"), ("S_TTRACEDATA", ""), ("S_SENDMSG", "sendmsg(MSG_GS_DONE, GS_OP_NOP)"),
                    ("S_SETHALT", "0"), ("S_SETKILL", "0"), ("S_WAKEUP", "")):
        if mn.get(op):
            p.i(f"{mn[op]} {arg}".strip())


def valu_windows(p, g, rows):
    """s_setvskip around VALU work; VGPR indexing on gcn12+; s_cbranch_i_fork + join."""
    gen = g.gen
    mn = {r.id: r.mn(gen) for r in rows}
    add = mn["V_ADD_CO_U32"]
    p.i("s_mov_b32 s27, 0x10")
    p.i(f"{mn['S_SETVSKIP']} s27, 4")                  # S0[4] = 1: VSKIP on
    p.i(f"v_xor_b32 {g.vdst()}, v1, v2")               # skipped
    p.i(f"{add} {g.vdst()}, vcc, v3, v4")              # skipped (no carry-out either)
    p.i(f"{mn['S_SETVSKIP']} 0, 0")                    # VSKIP off
    p.i(f"v_xor_b32 {g.vdst()}, v1, v2")
    if mn.get("S_SET_GPR_IDX_ON"):
        p.i("v_xor_b32 v12, v1, v2")                   # a pending write of v12 ...
        p.i(f"{mn['S_SET_GPR_IDX_ON']} 2, gpr_idx(SRC0,SRC1,DST)")
        p.i("v_or_b32 v20, v10, v3")                   # ... read as v10 + 2: v_or v22, v12, v5
        p.i(f"{mn['S_SET_GPR_IDX_MODE']} gpr_idx(SRC1)")
        p.i("v_and_b32 v21, v4, v9")                   # v_and v21, v4, v11
        p.i("s_mov_b32 s28, 0xfffffffe")
        p.i(f"{mn['S_SET_GPR_IDX_ON']} s28, gpr_idx(SRC0,DST)")  # index 254: past v255 is v0
        p.i("v_xor_b32 v3, v5, v6")                    # v_xor v0 (v3+254 past v255), v0 (v5+254), v6
        p.i(f"{mn['S_SET_GPR_IDX_OFF']}")
        p.i("v_xor_b32 v23, v22, v0")
    # s_cbranch_i_fork: half the lanes each way, then both joins
    p.i("s_mov_b32 s90, 0")
    p.i("s_mov_b64 s[92:93], s[8:9]")
    p.i(f"{mn['S_CBRANCH_I_FORK']} s[92:93], %ifork_b")
    p.i("v_xor_b32 v24, v1, v2")                       # A
    p.i("s_branch %ifork_j")
    p.label("ifork_b")
    p.i("v_or_b32 v25, v1, v2")                        # B
    p.label("ifork_j")
    p.i(f"{mn['S_CBRANCH_JOIN']} s90")
    p.i("s_mov_b64 exec, -1")


def control_section(p, g, rows):
    compares(p, g, rows)
    sopk_ops(p, g, rows)
    loops(p, g)
    branches(p, g, rows)
    nops(p, rows, g.gen)
    valu_windows(p, g, rows)


def stop_programs(gen, rows):
    """(name, lines, state, base): each instruction that stops the wave ends a program."""
    mn = {r.id: r.mn(gen) for r in rows}
    progs = []
    for op, arg in (("S_TRAP", "3"), ("S_SENDMSGHALT", "sendmsg(MSG_INTERRUPT)"), ("S_SETHALT", "1"),
                    ("S_SETKILL", "1"), ("S_ENDPGM_SAVED", ""), ("S_ENDPGM_ORDERED_PS_DONE", "")):
        if mn.get(op):
            progs.append((f"stop_{op.lower()}", ["v_xor_b32 v1, v2, v3", "s_mov_b32 s1, 5",
                                                 f"{mn[op]} {arg}".strip(), "s_mov_b32 s2, 6",
                                                 "s_endpgm"], "v2=3 v3=12", 0))
    return progs


def bits(t):
    return 64 if t in ("b64", "i64", "u64") else 32

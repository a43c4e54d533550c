"""The directed programs' v_movrel* and v_swap_b32 (rtl_tb/tb/core/gen_programs.py calls them):
each v_movrel* after an s_mov_b32 m0 that keeps its VGPR index in range, its result read
back; v_swap_b32 with both registers read back, and with VDST = SRC0; one program per
v_movrel* row whose index (field + M0) is past v255: `illegal` where it would issue."""


def variants(g, r, mn, t0):
    """(text) variants of v_movrel* (the table's R:m0) or v_swap_b32 (swap) for generator G."""
    if r.has("swap"):                                                  # e32 only
        a, b = g.vdst(), g.vreg()
        return [f"{mn} {a}, {b}", f"v_xor_b32 {g.vdst()}, {a}, {b}", f"{mn} {a}, {a}",
                f"v_or_b32 {g.vdst()}, {b}, {a}"]
    out = []
    for k, m0 in enumerate((0, 5, 37)):
        form = ("_e32", "_e64")[k % 2]
        a, d = g.rng.randrange(0, 200), g.rng.randrange(0, 200)
        src = f"v{a}" if r.has("vgprsrc") else ("m0" if k == 2 else g.const("int", t0))
        out += [f"s_mov_b32 m0, {m0}", f"{mn}{form} v{d}, {src}",             # VDST + M0 written
                f"v_xor_b32 {g.vdst()}, v{d + (m0 if r.id != 'V_MOVRELS_B32' else 0)}, {g.vreg()}"]
    out.append("s_mov_b32 m0, 0")
    return out


def error_programs(mn):
    """(name, lines, state, base) of the v_movrel* index errors (MN: id -> mnemonic)."""
    out = []
    for op, text in (("V_MOVRELS_B32", "v1, v200"), ("V_MOVRELD_B32", "v200, v1"), ("V_MOVRELSD_B32", "v1, v200")):
        if mn.get(op):
            out.append((f"movrel_vidx_error_{op[8:-4].lower()}",
                        ["s_mov_b32 m0, 56", "v_xor_b32 v2, v3, v4", f"{mn[op]} {text}", "s_endpgm"], "", 0))
    return out

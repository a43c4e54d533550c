"""The directed program of v_mqsad_u32_u8 (rtl_tb/tb/core/gen_programs.py calls it): its
128-bit SRC2 and four VDST VGPRs take eight passes (docs/microarch.md rule 3): readers of
its VDST's second pair (passes 4..7: rule 2 four cycles later), a back-to-back one reading it
as SRC2, on gcn12/gcn14 a DPP SRC0 (rule 12), on gcn11/gcn12 v_movrels (every VGPR), and an
SALU beside its passes, under a partial EXEC. The values are tests/kat/vop3_int.kat's
hand-derived ones."""


def programs(gen, mn):
    """(name, lines, state, base) of the generation's program (none before gcn11)."""
    mq = mn.get("V_MQSAD_U32_U8")
    if not mq:
        return []
    lines = ["s_mov_b32 m0, 2", f"{mq} v[10:13], v[2:3], v4, v[6:9]", "s_add_u32 s20, s21, 3",
             "v_mov_b32 v20, v12", f"{mq} v[14:17], v[2:3], v4, v[10:13]", "v_mov_b32 v21, v16"]
    if gen in ("gcn12", "gcn14"):
        lines.append("v_mov_b32_dpp v22, v17 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf")
    if mn.get("V_MOVRELS_B32"):
        lines += [f"{mq} v[24:27], v[2:3], v4, v[6:9]", f"{mn['V_MOVRELS_B32']} v23, v24"]
    lines.append("s_endpgm")
    state = "v2=0x04030201 v3=0x08070605 v4=0x01000100 v6=100 v7=0xffffffff v9=0xfffffffa exec=0xffff0000ffff0fff"
    return [("mqsad_u32", lines, state, 0)]

#!/usr/bin/env python3
"""Writes the directed co-simulation programs of gcn_core (rtl_tb/tb/core/).

    gen_programs.py --isa build/gen/gcn_isa.py --gcnref build/bin/gcnref --out DIR

For each generation (gcn10, gcn11, gcn12, gcn14) one program runs every SOP1 and SOP2
instruction, every integer VOP2 instruction and every VOP1/VOPC instruction the core executes
(in their one-dword and VOP3 forms) that the
generation has, read from the ISA table, with register, special-register, inline-constant
(integer and float) and literal operands, under full, partial and empty EXEC, and with the
dependencies that exercise the interlocks: VALU -> VALU (per-pass VGPR), VALU carry and
v_readlane -> SALU, SALU -> VALU scalar operand and EXEC, SALU VCC -> VALU carry-in, M0 ->
s_movrels/s_movreld, taken s_setpc/s_swappc, s_cbranch_g_fork/s_cbranch_join (both
orders, all-pass, all-fail), s_nop. Small programs add the run-ending cases (implicit end,
unsupported, illegal fetch, run-time illegal s_movrels), the contract's worked examples, and
a few float instructions (modifiers, K, tied VDST; the float datapath).

Every line is checked by the model's assembler (`gcnref as`); a generated operand variant
the assembler rejects (constant-bus or type rules) is dropped, and each program is
re-assembled until its branch targets (absolute addresses) are stable. DIR receives
<name>.s / <name>.state per program, <gen>_expect.txt (the coverage bins op.<mnemonic>.
<form> that the runs of that generation must hit: every integer instruction in every
form it has) and manifest.txt ("gen name asm state [dut_asm]" per program; with dut_asm the
core runs that program instead of asm).
"""
import argparse
import importlib.util
import os
import random
import sys

import gen_control  # the directed SOPC/SOPK/SOPP code (rtl_tb/tb/core/gen_control.py)
from gen_asm import Program, resolve  # the program builder (rtl_tb/tb/core/gen_asm.py)
import gen_lanemove  # v_movrel*, v_swap_b32 (rtl_tb/tb/core/gen_lanemove.py)
import gen_wide  # v_mqsad_u32_u8 (rtl_tb/tb/core/gen_wide.py)

GENS = ["gcn10", "gcn11", "gcn12", "gcn14"]
NUM_SGPRS = {}  # generation -> SGPR count, from the ISA module (read_table)


# ---------------------------------------------------------------- the ISA table
class Row:
    def __init__(self, ident, cls, ops, operands, flags):
        self.id = ident
        self.cls = cls
        self.ops = ops  # gen -> mnemonic or None
        self.operands = operands  # [(role, type)]
        self.flags = flags

    def mn(self, gen):
        return self.ops[gen]

    def role(self, r):
        for role, t in self.operands:
            if role == r:
                return t
        return None

    @property
    def is_float(self):
        return "R:mode" in self.flags

    def has(self, flag):
        return flag in self.flags


def read_table(isa_module):
    """The instruction rows of the generated Python module (build/gen/gcn_isa.py, written by
    scripts/gen_isa.py from the ISA table): this script parses no table itself."""
    spec = importlib.util.spec_from_file_location("gcn_isa", isa_module)
    isa = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(isa)
    global NUM_SGPRS, SOP_SPECIAL, HWREGS
    NUM_SGPRS = dict(isa.SGPRS)
    # The hardware registers other than MODE per generation (name, kind): their initial
    # values are part of each state, gen_control reads and writes them.
    HWREGS = {g: [(y["name"], y["attr"]) for y in isa.SYMBOLS
                  if y["kind"] == "hwreg" and y["attr"] != "mode" and g in y["gens"]] for g in GENS}
    # The SOP instructions the generic generator does not emit (sections of their own below):
    # those the random generator never emits alone or the core executes itself, and s_getpc.
    SOP_SPECIAL = {r["id"] for r in isa.ROWS if r["group"] == "none" or "CORE" in r["flags"]
                   or r["group"] == "salu_pc"}
    rows = []
    for r in isa.ROWS:
        # A generation that encodes the row in another class (v_bfm_b32 is VOP3-only on gcn12+)
        # leaves it out of these programs; v_readlane/v_writelane_b32 run there in their
        # VOP3-only form (valu_variants: no _e32/_e64 suffix).
        lane = "READLANE" in r["flags"] or "WRITELANE" in r["flags"]
        ops = {g: (n if c == r["cls"] or lane else None) for g, n, c in zip(GENS, r["names"], r["cls_on"])}
        vop3only = {g for g, c in zip(GENS, r["cls_on"]) if c != r["cls"]}
        operands = [(role.lower(), t.lower()) for role, t in r["operands"]]
        flags = ([f"R:{x.lower()}" for x in r["reads"]] + [f"W:{x.lower()}" for x in r["writes"]]
                 + [f.lower() for f in r["flags"]])
        rows.append(Row(r["id"], r["cls"], ops, operands, flags))
        rows[-1].group = r["group"]
        rows[-1].vop3only = vop3only
    return rows


def bits(t):
    return 64 if t in ("b64", "i64", "u64", "f64") else 16 if t in ("f16", "i16", "u16", "b16", "i16f") else 32


# ---------------------------------------------------------------- operands
INLINE_INT = ["0", "1", "2", "7", "16", "31", "32", "63", "64", "-1", "-2", "-7", "-16"]
INLINE_FLOAT = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"]
LITERALS = ["0x12345678", "0x80000000", "0xfffffff0", "0x7fffffff", "0x00010001",
            "0xdeadbeef", "0x0000ffff", "0xffff8000", "0x41", "0x3f800001"]


class Gen:
    """Operand choice for one generation's program."""

    def __init__(self, gen, rng):
        self.gen = gen
        self.rng = rng
        self.dst_s = 40   # scalar destinations cycle through s40..s89
        self.dst_v = 16   # VGPR destinations cycle through v16..v199
        self.last_s = None
        self.last_s64 = None
        self.last_v = None
        self.hwregs = HWREGS[gen]  # (name, kind) of the hardware registers other than MODE

    def floats(self):
        return INLINE_FLOAT + (["0.15915494"] if self.gen in ("gcn12", "gcn14") else [])

    def specials32(self):
        s = ["vcc_lo", "vcc_hi", "m0", "exec_lo", "exec_hi", "ttmp1", "ttmp6"]
        if self.gen == "gcn11":
            s += ["flat_scratch_lo", "flat_scratch_hi"]
        if self.gen in ("gcn12", "gcn14"):
            s += ["flat_scratch_hi", "xnack_mask_lo"]
        if self.gen != "gcn14":
            s += ["tba_lo", "tma_hi"]
        return s

    def readonly(self):
        r = ["src_scc", "src_vccz", "src_execz"]
        if self.gen == "gcn14":
            r += ["src_shared_base", "src_private_limit", "src_pops_exiting_wave_id"]
        return r

    def specials64(self):
        s = ["vcc", "exec", "ttmp[2:3]"]
        if self.gen == "gcn11":
            s.append("flat_scratch")
        if self.gen in ("gcn12", "gcn14"):
            s += ["flat_scratch", "xnack_mask"]
        if self.gen != "gcn14":
            s.append("tba")
        return s

    def sreg(self, width):
        if width == 64:
            a = self.rng.randrange(14, 38, 2)
            return f"s[{a}:{a + 1}]"
        return f"s{self.rng.randrange(14, 40)}"

    def sdst(self, width):
        if width == 64:
            self.dst_s += self.dst_s % 2
            if self.dst_s >= 88:
                self.dst_s = 40
            a = self.dst_s
            self.dst_s += 2
            self.last_s64 = f"s[{a}:{a + 1}]"
            return self.last_s64
        if self.dst_s >= 89:
            self.dst_s = 40
        a = self.dst_s
        self.dst_s += 1
        self.last_s = f"s{a}"
        return self.last_s

    def vdst(self):
        if self.dst_v >= 200:
            self.dst_v = 16
        a = self.dst_v
        self.dst_v += 1
        self.last_v = f"v{a}"
        return self.last_v

    def vreg(self):
        return f"v{self.rng.randrange(0, 16)}"

    def const(self, kind, t):
        if kind == "int":
            return self.rng.choice(INLINE_INT)
        if kind == "float":
            return self.rng.choice(self.floats())
        lit = self.rng.choice(LITERALS)
        if bits(t) == 16:
            return hex(int(lit, 16) & 0xFFFF)
        return lit


# ---------------------------------------------------------------- the programs
def scalar_source(g, kind, t):
    w = 64 if bits(t) == 64 else 32
    if kind == "reg":
        return g.sreg(w)
    if kind == "chain":
        return (g.last_s64 if w == 64 else g.last_s) or g.sreg(w)
    if kind == "special":
        if w == 64:
            return g.rng.choice(g.specials64())
        return g.rng.choice(g.specials32() + g.readonly())
    return g.const(kind, t)


# SOP instructions the generic generator does not emit (from the ISA module: read_table).
SOP_SPECIAL = set()


def sop_section(p, g, rows):
    gen = g.gen
    kinds2 = [("reg", "reg"), ("int", "reg"), ("reg", "lit"), ("chain", "special"),
              ("float", "chain"), ("special", "int")]
    for r in rows:
        if r.cls != "SOP2" or not r.mn(gen) or r.id in SOP_SPECIAL:
            continue
        for k0, k1 in kinds2:
            s0 = scalar_source(g, k0, r.role("s0"))
            s1 = scalar_source(g, k1, r.role("s1"))
            d = g.sdst(bits(r.role("d")) if r.role("d") else 32)
            p.v(f"{r.mn(gen)} {d}, {s0}, {s1}")
        # an SCC reader right after each SCC writer: both SCC values flow on
        if "W:scc" in r.flags:
            p.v(f"s_cselect_b32 {g.sdst(32)}, {g.sreg(32)}, {g.last_s}")
            p.v(f"s_addc_u32 {g.sdst(32)}, {g.sreg(32)}, -1")
    kinds1 = ["reg", "int", "lit", "special", "chain", "float"]
    for r in rows:
        if r.cls != "SOP1" or not r.mn(gen) or r.id in SOP_SPECIAL:
            continue
        saveexec = "W:exec" in r.flags
        for k in kinds1:
            s0 = scalar_source(g, k, r.role("s0"))
            d = g.sdst(bits(r.role("d")))
            p.v(f"{r.mn(gen)} {d}, {s0}")
            if saveexec:
                # SALU EXEC -> VALU: the next VALU reads the new EXEC in its issue cycle
                p.v(f"v_xor_b32 {g.vdst()}, {g.vreg()}, {g.vreg()}")
                p.i("s_mov_b64 exec, -1")
        if r.id in ("S_CMOV_B32", "S_CMOV_B64"):
            w = bits(r.role("d"))
            for scc_op in ("s_and_b32 {} , s14, 0", "s_or_b32 {}, s14, 1"):
                p.i(scc_op.format(g.sdst(32)).replace(" ,", ","))
                p.i(f"{r.mn(gen)} {g.sdst(w)}, {g.sreg(w)}")
    # special registers as destinations
    for d in g.specials32():
        if d.startswith("exec"):
            continue
        p.v(f"s_mov_b32 {d}, {g.sreg(32)}")
        p.v(f"s_add_u32 {g.sdst(32)}, {d}, {g.sreg(32)}")
    p.i("s_mov_b64 exec, -1")
    p.i("s_mov_b64 vcc, s[20:21]")
    p.i("s_mov_b32 m0, 0")
    # a saveexec whose destination is EXEC (two writes of EXEC in one commit)
    p.v(f"{[r for r in rows if r.id == 'S_AND_SAVEEXEC_B64'][0].mn(gen)} exec, s[24:25]")
    p.i("s_mov_b64 exec, -1")


def branch_section(p, g, rows):
    gen = g.gen
    mn = {r.id: r.mn(gen) for r in rows}
    # getpc
    p.i("s_getpc_b64 s[50:51]")
    p.i("s_add_u32 s50, s50, 12")
    # taken s_setpc_b64 (the skipped instruction must not commit)
    p.i("s_mov_b64 s[96:97], @set_t")
    p.i("s_setpc_b64 s[96:97]")
    p.i("s_mov_b32 s43, 1")
    p.label("set_t")
    p.i("s_add_u32 s44, s44, s43")
    # s_swappc_b64 to a subroutine that returns with s_setpc_b64
    p.i("s_mov_b64 s[96:97], @sub")
    p.i("s_swappc_b64 s[98:99], s[96:97]")
    p.i("s_mov_b64 s[96:97], @after_sub")
    p.i("s_setpc_b64 s[96:97]")
    p.label("sub")
    p.i("s_add_u32 s46, s46, 3")
    p.i("s_setpc_b64 s[98:99]")
    p.label("after_sub")
    # M0 -> s_movrels / s_movreld (the SGPR index is known only at issue)
    p.i("s_mov_b32 m0, 3")
    p.i(f"{mn['S_MOVRELS_B32']} s52, s14")
    p.i("s_mov_b32 m0, 6")
    p.i(f"{mn['S_MOVRELS_B64']} s[54:55], s[14:15]")
    p.i("s_mov_b32 m0, 2")
    p.i(f"{mn['S_MOVRELD_B32']} s60, s16")
    p.i(f"{mn['S_MOVRELD_B64']} s[60:61], s[18:19]")
    p.i("s_add_u32 s56, s62, s63")
    p.i("s_add_u32 m0, m0, 1")
    p.i(f"{mn['S_MOVRELS_B32']} s57, s20")
    p.i("s_mov_b32 m0, 0")
    if mn.get("S_SET_GPR_IDX_IDX"):
        p.i(f"{mn['S_SET_GPR_IDX_IDX']} s23")
        p.i("s_mov_b32 s58, m0")
        p.i("s_mov_b32 m0, 0")
    # s_cbranch_g_fork / s_cbranch_join: the fail set first, the pass set first,
    # all lanes pass (a taken jump), all lanes fail (falls through).
    add = mn["V_ADD_CO_U32"]
    for n, (lo, hi) in enumerate([("0xffff", "0"), ("0xffffffff", "0xfffff000"),
                                  ("-1", "-1"), ("0", "0")]):
        p.i("s_mov_b32 s90, 0")                       # CSP before the fork
        p.i(f"s_mov_b32 s92, {lo}")
        p.i(f"s_mov_b32 s93, {hi}")
        p.i(f"s_mov_b64 s[94:95], @fork{n}_b")
        p.i(f"{mn['S_CBRANCH_G_FORK']} s[92:93], s[94:95]")
        p.i(f"{add} v{200 + n}, vcc, v1, v2")         # A (fall-through path)
        p.i(f"s_add_u32 s41, s41, {n + 1}")
        p.i(f"s_mov_b64 s[96:97], @fork{n}_j")
        p.i("s_setpc_b64 s[96:97]")
        p.label(f"fork{n}_b")
        p.i(f"v_xor_b32 v{204 + n}, v3, v4")          # B (target path)
        p.i(f"s_add_u32 s42, s42, {n + 1}")
        p.label(f"fork{n}_j")
        p.i(f"{mn['S_CBRANCH_JOIN']} s90")
        p.i(f"s_and_b64 s[64:65], exec, vcc")
        p.i("s_mov_b64 exec, -1")
    # s_nop
    p.i("s_nop 0")
    p.i("s_nop 3")
    p.i("s_nop 15")


def valu_variants(g, r):
    """(text) variants of one integer VOP2 instruction: VOP2 and VOP3 forms."""
    gen = g.gen
    mn = r.mn(gen)
    out = []
    t0, t1 = r.role("s0"), r.role("s1")
    has_co, has_ci = r.role("co") is not None, r.role("ci") is not None
    iclamp = r.has("iclamp") and gen in ("gcn12", "gcn14")

    def ops(form, s0, s1, co="vcc", ci="vcc", clamp=False):
        parts = [g.vdst()]
        if has_co:
            parts.append(co)
        parts += [s0, s1]
        if has_ci:
            parts.append(ci)
        return f"{mn}_{form} " + ", ".join(parts) + (" clamp" if clamp else "")

    forms = ("",) if gen in r.vop3only else ("_e32", "_e64")  # VOP3-only on gcn12/gcn14
    if r.has("readlane"):
        for form in forms:
            out.append(f"{mn}{form} {g.sdst(32)}, {g.vreg()}, {g.rng.randrange(0, 64)}")
            out.append(f"{mn}{form} {g.sdst(32)}, {g.last_v or g.vreg()}, {g.sreg(32)}")
            out.append(f"s_add_u32 {g.sdst(32)}, {g.last_s}, 1")     # v_readlane -> SALU
        return out
    if r.has("writelane"):
        for form in forms:
            d = g.vdst()
            out.append(f"{mn}{form} {d}, {g.sreg(32)}, {g.rng.randrange(0, 64)}")
            out.append(f"{mn}{form} {d}, {g.const('int', 'b32')}, {g.sreg(32)}")
            if form != "":                                             # VOP3 takes no literal
                out.append(f"{mn}{form} {d}, {g.const('lit', 'b32')}, 17")
            out.append(f"v_xor_b32 {g.vdst()}, {d}, {g.vreg()}")      # rule 2 on its VDST
        return out
    # VOP2 (e32): SRC1 is a VGPR.
    out.append(ops("e32", g.vreg(), g.vreg()))
    out.append(ops("e32", g.last_v, g.vreg()))                        # VALU -> VALU
    out.append(ops("e32", g.sreg(32), g.vreg()))
    out.append(ops("e32", g.const("int", t0), g.vreg()))
    out.append(ops("e32", g.const("float", t0), g.vreg()))
    out.append(ops("e32", g.const("lit", t0), g.vreg()))
    out.append(ops("e32", g.rng.choice(g.specials32()), g.vreg()))
    out.append(ops("e64", g.vreg(), g.rng.choice(g.readonly()), co="vcc", ci="vcc"))
    if has_co:
        out.append(f"s_and_b64 {g.sdst(64)}, vcc, exec")               # VALU carry -> SALU
    # VOP3 (e64)
    a = g.rng.randrange(66, 72, 2)
    cp = f"s[{a}:{a + 1}]"
    out.append(ops("e64", g.vreg(), g.sreg(32), co=cp, ci="vcc", clamp=False))
    out.append(ops("e64", g.const("int", t0), g.vreg(), co="vcc", ci=cp, clamp=iclamp))
    out.append(ops("e64", g.vreg(), g.const("int", t1), co=cp, ci=cp, clamp=iclamp))
    out.append(ops("e64", g.last_v, g.const("float", t1), co="vcc", ci="vcc"))
    out.append(ops("e64", g.sreg(32), g.last_v, co=cp, ci="vcc", clamp=iclamp))
    out.append(ops("e64", g.const("int", t0), g.const("int", t1), co="vcc", ci="s[20:21]"))
    if has_co:
        out.append(f"s_or_b64 {g.sdst(64)}, {cp}, exec")               # VOP3B carry -> SALU
    return out


def vdst_of(g, t):
    """A destination of type T: a pair v[a:a+1] for 64-bit types (last_v its low VGPR)."""
    if bits(t) != 64:
        return g.vdst()
    if g.dst_v >= 199:
        g.dst_v = 16
    a = g.vdst()
    g.dst_v += 1
    return f"v[{a[1:]}:{int(a[1:]) + 1}]"


def vreg_of(g, t):
    """A source VGPR of type T: a pair v[a:a+1] for 64-bit types."""
    if bits(t) == 64:
        a = g.rng.randrange(0, 15)
        return f"v[{a}:{a + 1}]"
    return g.vreg()


def vop1c_variants(g, r):
    """(text) variants of one VOP1 or VOPC instruction the core executes: its e32 and e64
    forms, and the reads of its results (a compare's mask by v_cndmask and s_and_saveexec,
    v_cmpx's EXEC by the next VALU, v_readfirstlane's SGPR by an SALU)."""
    mn, t0 = r.mn(g.gen), r.role("s0")
    if t0 is None:                                                     # v_nop
        return [f"{mn}", f"{mn}_e64"]
    if r.has("R:m0") or r.has("swap"):                                 # v_movrel*, v_swap_b32
        return gen_lanemove.variants(g, r, mn, t0)
    if r.has("readlane"):                                              # v_readfirstlane_b32
        return [f"{mn} {g.sdst(32)}, {g.vreg()}", f"{mn} {g.sdst(32)}, {g.last_v or g.vreg()}",
                f"s_add_u32 {g.sdst(32)}, {g.last_s}, 1"]
    if r.cls == "VOP1":
        td, w0 = r.role("d"), bits(t0)
        # 64-bit operands (the f64 conversions and rounding ops) are register pairs.
        last = g.last_v if w0 != 64 and g.last_v else vreg_of(g, t0)
        out = [f"{mn}_e32 {vdst_of(g, td)}, {src}" for src in (
            vreg_of(g, t0), last, g.sreg(w0 if w0 == 64 else 32), g.const("int", t0), g.const("float", t0),
            g.const("lit", t0), g.rng.choice(g.specials32()), g.rng.choice(g.readonly()))]
        out += [f"{mn}_e64 {vdst_of(g, td)}, {src}" for src in (vreg_of(g, t0), g.sreg(w0 if w0 == 64 else 32),
                                                                g.const("int", t0))]
        out.append(f"v_xor_b32 {g.vdst()}, {g.last_v}, {g.vreg()}")  # VALU -> VALU
        return out
    t1, w = r.role("s1"), bits(t0)
    sreg = g.sreg(w) if w == 64 else g.sreg(32)
    pairs = [("e32", vreg_of(g, t0), vreg_of(g, t1)), ("e32", sreg, vreg_of(g, t1)),
             ("e32", g.const("int", t0), vreg_of(g, t1)), ("e32", g.const("float", t0), vreg_of(g, t1)),
             ("e32", g.const("lit", t0), vreg_of(g, t1)), ("e64", vreg_of(g, t0), sreg),
             ("e64", g.const("int", t0), vreg_of(g, t1)), ("e64", g.const("int", t0), g.const("int", t1))]
    out = []
    cmpx = r.has("w:exec")
    for form, a, b in pairs:
        dst = "vcc" if form == "e32" else g.sdst(64)
        if cmpx:
            out.append("s_mov_b64 s[90:91], exec")
        out.append(f"{mn}_{form} {dst}, {a}, {b}")
        if cmpx:                                           # VALU and SALU under the new EXEC
            out.append(f"v_or_b32 {g.vdst()}, {g.vreg()}, {g.vreg()}")
            out.append(f"s_mov_b64 {g.sdst(64)}, exec")
            out.append("s_mov_b64 exec, s[90:91]")
        elif form == "e32":                                # the mask read by the next VALU
            out.append(f"v_cndmask_b32 {g.vdst()}, {g.vreg()}, {g.vreg()}, vcc")
        else:                                              # ... and by the SALU
            out.append(f"s_and_saveexec_b64 {g.sdst(64)}, {dst}")
            out.append(f"v_or_b32 {g.vdst()}, {g.vreg()}, {g.vreg()}")
            out.append("s_mov_b64 exec, s[90:91]")
    return out


def vop1c_section(p, g, rows, subset=1):
    gen = g.gen
    p.v("s_mov_b64 s[90:91], exec")
    for r in rows:
        if r.cls not in ("VOP1", "VOPC") or not r.mn(gen) or r.has("nortl") or r.has("nomodel"):
            continue
        for n, text in enumerate(vop1c_variants(g, r)):
            if n % subset == 0 or r.has("R:m0"):  # v_movrel*: each after its s_mov_b32 m0
                p.v(text)


def valu_section(p, g, rows, subset=1):
    gen = g.gen
    for r in rows:
        if r.cls != "VOP2" or not r.mn(gen) or r.is_float:
            continue
        vs = valu_variants(g, r)
        for n, text in enumerate(vs):
            if n % subset == 0:
                p.v(text)
        # SALU write of an SGPR read by the next VALU (an SALU beside running passes)
        if not (r.has("readlane") or r.has("writelane")):
            p.v("s_add_u32 s14, s14, 0x10001")
            p.v(f"{r.mn(gen)}_e64 " + ", ".join(
                [g.vdst()] + (["vcc"] if r.role("co") else []) + ["s14", g.vreg()] +
                (["vcc"] if r.role("ci") else [])))


def interlock_section(p, g, rows):
    gen = g.gen
    mn = {r.id: r.mn(gen) for r in rows}
    add, addc = mn["V_ADD_CO_U32"], mn["V_ADDC_CO_U32"]
    # VALU -> VALU (worked example 2), carries into SALU (example 3), SALU VCC -> carry-in.
    p.i(f"{add} v210, vcc, v1, v2")
    p.i(f"{add} v211, vcc, v3, v4")
    p.i(f"{add} v212, vcc, v210, v211")
    p.i("s_add_u32 s70, s71, s72")
    p.i("s_and_b64 s[72:73], vcc, exec")
    p.i("s_mov_b64 vcc, s[26:27]")
    p.i(f"{addc} v213, vcc, v5, v6, vcc")
    p.i(f"{addc} v214, s[74:75], v213, v7, vcc")
    p.i("s_xor_b64 s[76:77], s[74:75], vcc")
    # EXEC from the SALU, then a VALU in the next cycle; a VALU carry written into EXEC.
    p.i("s_mov_b64 exec, s[8:9]")
    p.i(f"v_or_b32 v215, v1, v2")
    p.i(f"{add}_e64 v216, exec, v1, v2")
    p.i("s_mov_b64 s[78:79], exec")
    p.i("s_mov_b64 exec, -1")
    # SALU under a VALU: independent SALU work issues at once.
    p.i(f"v_and_b32 v217, v1, v2")
    for k in range(6):
        p.i(f"s_add_u32 s{80 + k}, s{14 + k}, s{15 + k}")
    p.i("v_or_b32 v218, v217, v1")
    p.i("s_nop 2")
    p.i("v_or_b32 v219, v218, v217")


def scalar_program(gen, rows, seed):
    rng = random.Random(seed)
    g = Gen(gen, rng)
    p = Program(gen, f"{gen}_ops")
    p.i("s_mov_b64 vcc, s[20:21]")
    sop_section(p, g, rows)
    branch_section(p, g, rows)
    gen_control.control_section(p, g, rows)
    valu_section(p, g, rows)
    vop1c_section(p, g, rows)
    p.i("s_mov_b64 exec, s[8:9]")                       # partial EXEC
    valu_section(p, g, rows, subset=2)
    vop1c_section(p, g, rows, subset=2)
    p.i("s_mov_b64 exec, s[10:11]")                     # whole passes off
    valu_section(p, g, rows, subset=3)
    vop1c_section(p, g, rows, subset=3)
    p.i("s_mov_b64 exec, 0")                            # no lane active
    valu_section(p, g, rows, subset=5)
    vop1c_section(p, g, rows, subset=5)
    p.i("s_mov_b64 exec, -1")
    interlock_section(p, g, rows)
    p.i("s_endpgm")
    return p


def initial_state(gen, rng, exec_default=True):
    words = []
    n = NUM_SGPRS[gen]
    special = [0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 1, 31, 32, 63, 0x00010010, 0xFFFF]
    for s in range(n):
        v = rng.choice(special) if rng.random() < 0.3 else rng.getrandbits(32)
        words.append(f"s{s}=0x{v:08x}")
    words[8] = "s8=0x00f0000f"
    words[9] = "s9=0x80000001"
    words[10] = "s10=0xffff0000"
    words[11] = "s11=0x0000ffff"
    words[12] = "s12=0x0ff0f00f"
    words[13] = "s13=0x00000000"
    words.append(f"vcc=0x{rng.getrandbits(64):016x}")
    words.append(f"scc={rng.getrandbits(1)}")
    words.append(f"ttmp1=0x{rng.getrandbits(32):08x} ttmp6=0x{rng.getrandbits(32):08x}")
    if gen == "gcn11":
        words.append(f"flat_scratch=0x{rng.getrandbits(64):016x}")
    if gen in ("gcn12", "gcn14"):
        words.append(f"flat_scratch=0x{rng.getrandbits(64):016x} xnack_mask=0x{rng.getrandbits(64):016x}")
    if gen != "gcn14":
        words.append(f"tba=0x{rng.getrandbits(64):016x} tma=0x{rng.getrandbits(64):016x}")
    hw = random.Random(f"hwreg {gen}")  # its own stream: the other values stay as they were
    words += [f"{name[len('HW_REG_'):].lower()}=0x{hw.getrandbits(32):08x}" for name, _ in HWREGS[gen]]
    lines = [" ".join(words[i:i + 8]) for i in range(0, len(words), 8)]
    lane_vals = [0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0xFFFF, 0x8000, 0x10000, 1, 0xFFFF8000]
    for v in range(16):
        row = []
        for lane in range(64):
            x = rng.choice(lane_vals) if rng.random() < 0.25 else rng.getrandbits(32)
            if v in (3, 4) and rng.random() < 0.5:
                x &= 0x3F  # small shift amounts
            row.append(f"v{v}[{lane}]=0x{x:08x}")
        for i in range(0, 64, 8):
            lines.append(" ".join(row[i:i + 8]))
    for v in range(16, 256, 37):
        lines.append(f"v{v}=0x{rng.getrandbits(32):08x}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- small programs
def small_programs(gen, rows):
    mn = {r.id: r.mn(gen) for r in rows}
    add = mn["V_ADD_CO_U32"]
    progs = []
    # The first milestone: s_mov / s_add / s_endpgm (worked example 1).
    progs.append(("salu_chain", ["s_mov_b32 s0, 1", "s_add_u32 s1, s0, s0",
                                 "s_add_u32 s2, s1, s1", "s_endpgm"], "", 0))
    # Worked examples 2 and 3.
    progs.append(("valu_chain", [f"{add} v1, vcc, v2, v3", f"{add} v4, vcc, v5, v6",
                                 f"{add} v7, vcc, v1, v4", "s_endpgm"], "v2=5 v3=7 v5=100 v6=200", 0))
    progs.append(("salu_under_valu", [f"{add} v1, vcc, v2, v3", "s_add_u32 s4, s5, s6",
                                      "s_and_b64 s[8:9], vcc, exec", "s_endpgm"],
                  "v2=0xffffffff v3[0:31]=1 s5=10 s6=20", 0))
    # The program's end without s_endpgm (an implicit s_endpgm), at a non-zero base.
    progs.append(("implicit_end", [f"{add} v1, vcc, v2, v3", "s_mov_b32 s1, 5"],
                  "pc=0x200 v2=3 v3=4", 0x200))
    # Run-ending events: unsupported, illegal fetch, run-time illegal index.
    progs.append(("rfe", ["s_mov_b32 s0, 1", f"{add} v1, vcc, v2, v3",
                          f"{mn['S_RFE_B64']} s[2:3]", "s_endpgm"], "", 0))
    if mn.get("S_RFE_RESTORE_B64"):
        progs.append(("rfe_restore", ["s_mov_b32 s0, 1", f"{mn['S_RFE_RESTORE_B64']} s[2:3], s4",
                                      "s_endpgm"], "", 0))
    # Nested s_cbranch_g_fork / s_cbranch_join with CSP wrapping from 7 to 0 and back.
    fork, join = mn["S_CBRANCH_G_FORK"], mn["S_CBRANCH_JOIN"]
    progs.append(("fork_wrap", [
        "s_mov_b32 s90, 7", "s_mov_b32 s92, 0xffff", "s_mov_b32 s93, 0",
        "s_mov_b64 s[94:95], @b", f"{fork} s[92:93], s[94:95]",
        "v_xor_b32 v5, v1, v2", "s_mov_b64 s[96:97], @j", "s_setpc_b64 s[96:97]",
        "@@b", "s_mov_b32 s91, 0", "s_mov_b32 s88, 0xff", "s_mov_b32 s89, 0",
        "s_mov_b64 s[86:87], @b2", f"{fork} s[88:89], s[86:87]",
        "v_or_b32 v6, v1, v2", "s_mov_b64 s[96:97], @j2", "s_setpc_b64 s[96:97]",
        "@@b2", "v_and_b32 v7, v1, v2",
        "@@j2", f"{join} s91", "s_and_b64 s[80:81], exec, -1",
        "@@j", f"{join} s90", "s_mov_b64 s[82:83], exec", "s_endpgm"],
        "mode=0xe0000000 v1[0:31]=0x1234 v1[32:63]=0x5678 v2=0xff00ff00", 0))
    progs.append(("fetch_outside", ["v_xor_b32 v1, v2, v3", "s_setpc_b64 s[4:5]", "s_endpgm"],
                  "s[4:5]=0x1000", 0))
    progs.append(("fetch_misaligned", ["s_setpc_b64 s[4:5]", "s_endpgm"], "s[4:5]=0x2", 0))
    progs.append(("movrels_range", ["s_mov_b32 m0, 100", f"v_xor_b32 v1, v2, v3",
                                    f"{mn['S_MOVRELS_B64']} s[2:3], s[4:5]", "s_endpgm"], "", 0))
    progs.append(("movreld_odd", ["s_mov_b32 m0, 1", f"{mn['S_MOVRELD_B64']} s[2:3], s[4:5]",
                                  "s_endpgm"], "", 0))
    progs += gen_lanemove.error_programs(mn)
    progs += gen_wide.programs(gen, mn)
    return progs


def dpp_programs(gen, rows):
    """The DPP forms (gcn12, gcn14): every control kind on v_mov_b32_dpp (shift amounts at
    both ends), row and bank masks with lanes left out, bound_ctrl, a partial EXEC (lanes
    off as sources), the float abs/neg, a row_shr/row_bcast reduction whose steps read the
    step before at once (docs/microarch.md rule 12). Yields (name, lines, state, base)."""
    if gen not in ("gcn12", "gcn14"):
        return []
    mn = {r.id: r.mn(gen) for r in rows}
    add = mn["V_ADD_U32"] if mn.get("V_ADD_U32") else f"{mn['V_ADD_CO_U32']}"
    co = ", vcc" if add == mn["V_ADD_CO_U32"] else ""
    ctrls = ["quad_perm:[3,2,1,0]", "quad_perm:[0,0,2,1]", "row_shl:1", "row_shl:15", "row_shr:1",
             "row_shr:7", "row_shr:15", "row_ror:1", "row_ror:8", "row_ror:15", "wave_shl:1",
             "wave_rol:1", "wave_shr:1", "wave_ror:1", "row_mirror", "row_half_mirror",
             "row_bcast:15", "row_bcast:31"]
    masks = ["", " row_mask:0xa", " bank_mask:0x6", " row_mask:0x7 bank_mask:0xe"]
    lines = ["s_mov_b64 exec, s[4:5]"]
    for k, c in enumerate(ctrls):
        bound = " bound_ctrl:0" if k % 2 else ""
        lines.append(f"v_mov_b32_dpp v{10 + k}, v2 {c}{masks[k % 4]}{bound}")
    lines.append(f"{mn['V_ADD_F32']}_dpp v40, -v2, |v3| row_shr:2 bound_ctrl:0")
    lines.append(f"{mn['V_XOR_B32']}_dpp v41, v2, v3 wave_ror:1 row_mask:0xe")
    lines.append("s_mov_b64 exec, -1")
    lines.append("v_mov_b32 v50, v2")
    for c, m in (("row_shr:1 bound_ctrl:0", ""), ("row_shr:2 bound_ctrl:0", ""), ("row_shr:4", " bank_mask:0xe"),
                 ("row_shr:8", " bank_mask:0xc"), ("row_bcast:15", " row_mask:0xa"), ("row_bcast:31", " row_mask:0xc")):
        lines.append(f"{add}_dpp v50{co}, v50, v50 {c}{m}")
    lines.append("s_endpgm")
    state = " ".join(f"v2[{l}:{l}]={(l * 0x01030507 + 0x3f800000) & 0xffffffff:#x}" for l in range(64))
    state += " v3=0xc0400000 s[4:5]=0xfffeffff7ffffffe " + " ".join(f"v{10 + k}=0xdeadbeef" for k in range(20))
    return [("dpp", lines, state, 0)]


def float_programs(gen, rows):
    """Float VALU instructions (the RTL float datapath, rtl_tb/rtl/fp/): a few forms with
    modifiers, K and a tied VDST, run on the core and on the model alike.
    Yields (name, dut_lines, model_lines)."""
    mn = {r.id: r.mn(gen) for r in rows}
    forms = [f"{mn['V_ADD_F32']}_e32 v1, v2, v3", f"{mn['V_MAC_F32']}_e64 v1, v2, s5 mul:2",
             f"{mn['V_MADMK_F32']} v1, v2, 0x3f800000, v3"]
    if mn.get("V_MUL_F16"):
        forms.append(f"{mn['V_MUL_F16']}_e64 v1, -v2, 0.5 clamp")
    # the VOP3-only v_trig_preop_f64 (gcn_fp64_lane): a segment from a VGPR and from s5
    forms += [f"{mn['V_TRIG_PREOP_F64']} v[4:5], v[2:3], 2", f"{mn['V_TRIG_PREOP_F64']} v[4:5], -v[2:3], s5 mul:2"]
    for n, f in enumerate(forms):
        prog = ["s_mov_b32 s0, 1", f, "s_endpgm"]
        yield (f"float{n}", prog, prog)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--isa", required=True, help="the generated ISA module (build/gen/gcn_isa.py)")
    ap.add_argument("--gcnref", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rows = read_table(args.isa)
    os.makedirs(args.out, exist_ok=True)
    manifest = []
    for n, gen in enumerate(GENS):
        rng = random.Random(1000 + n)
        prog = scalar_program(gen, rows, 2000 + n)
        text, size = resolve(args.gcnref, prog, 0)
        name = f"{gen}_ops"
        open(os.path.join(args.out, name + ".s"), "w").write(text)
        open(os.path.join(args.out, name + ".state"), "w").write(initial_state(gen, rng))
        manifest.append(f"{gen} {name} {args.out}/{name}.s {args.out}/{name}.state")
        for pname, lines, state, base in (small_programs(gen, rows) + gen_control.stop_programs(gen, rows) +
                                          dpp_programs(gen, rows)):
            sp = Program(gen, f"{gen}_{pname}")
            for l in lines:
                if l.startswith("@@"):
                    sp.label(l[2:])
                else:
                    sp.i(l)
            stext, _ = resolve(args.gcnref, sp, base)
            fname = f"{gen}_{pname}"
            open(os.path.join(args.out, fname + ".s"), "w").write(stext)
            open(os.path.join(args.out, fname + ".state"), "w").write(state + "\n")
            manifest.append(f"{gen} {fname} {args.out}/{fname}.s {args.out}/{fname}.state")
        for pname, dut_lines, model_lines in float_programs(gen, rows):
            fname = f"{gen}_{pname}"
            for suffix, lines in (("", model_lines), ("_dut", dut_lines)):
                sp = Program(gen, fname + suffix)
                for l in lines:
                    sp.i(l)
                stext, _ = resolve(args.gcnref, sp, 0)
                open(os.path.join(args.out, fname + suffix + ".s"), "w").write(stext)
            open(os.path.join(args.out, fname + ".state"), "w").write("v2=0x3f800000 v3=0x40000000\n")
            manifest.append(f"{gen} {fname} {args.out}/{fname}.s {args.out}/{fname}.state "
                            f"{args.out}/{fname}_dut.s")
        # The coverage bins every run of this generation must hit together.
        expect = []
        for r in rows:
            m = r.mn(gen)
            if not m or r.has("nomodel") or r.id in ("S_NOP", "S_ENDPGM"):
                continue
            if r.cls in ("SOP1", "SOP2", "SOPC", "SOPK", "SOPP") and not r.id.startswith("S_RFE"):
                expect.append(f"op.{m}.sop")
            elif r.cls == "VOP2" and not r.is_float or (r.cls in ("VOP1", "VOPC") and not r.has("nortl")
                                                        and r.group != "none"):
                # (a group-none row, the f64 compares, runs in the programs but its op bins are
                # excluded as not generated: docs/coverage.md)
                if gen not in r.vop3only:                  # (v_readlane/writelane: VOP3-only on gcn12+)
                    expect.append(f"op.{m}.vop2")
                if not r.has("novop3"):
                    expect.append(f"op.{m}.vop3")
        open(os.path.join(args.out, f"{gen}_expect.txt"), "w").write("\n".join(expect) + "\n")
        print(f"gen_programs: {gen}: {name} {size} bytes, {len(expect)} instruction forms expected")
    open(os.path.join(args.out, "manifest.txt"), "w").write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    sys.exit(main())

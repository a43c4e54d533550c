#!/usr/bin/env python3
"""Generate the C tables and enums, the RTL's SystemVerilog package and a Python module
from refmodel/isa/gcn_isa.tab (its header documents the format; docs/isa_table.md the flow).

usage: gen_isa.py TABLE OUTDIR
Writes OUTDIR/gcn_isa_gen.h, OUTDIR/gcn_isa_gen.c, OUTDIR/gcn_isa_pkg.sv and
OUTDIR/gcn_isa.py. Errors name the table line: "TABLE:LINE: error: ...", exit 2.
"""
import re
import os
import sys

sys.dont_write_bytecode = True  # scripts/ stays free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_isa_sv  # noqa: E402  (the SV writer, beside this file)

SECTIONS = ["generations", "types", "roles", "implicit", "flags", "groups", "encodings",
            "vop3", "rtl", "operands", "instructions", "symbols"]
TYPE_KINDS = {"bits", "signed", "unsigned", "float", "f16inline", "packed"}


class TableError(Exception):
    pass


def fail(where, msg):
    raise TableError(f"{where}: error: {msg}")


def read_sections(path):
    """{section: [(where, fields, raw_text_without_comment)]} in file order."""
    out, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            where = f"{path}:{lineno}"
            if not line:
                continue
            if line.startswith("@"):
                cur = line[1:]
                if cur not in SECTIONS:
                    fail(where, f"unknown section @{cur}: expected one of {', '.join(SECTIONS)}")
                if cur in out:
                    fail(where, f"section @{cur} appears twice")
                if list(out) + [cur] != SECTIONS[:len(out) + 1]:
                    fail(where, f"section @{cur} out of order: expected @{SECTIONS[len(out)]}")
                out[cur] = []
                continue
            if cur is None:
                fail(where, "expected a section line (@generations) before the first entry")
            out[cur].append((where, line.split(), line))
    missing = [s for s in SECTIONS if s not in out]
    if missing:
        fail(path, f"missing section @{missing[0]}")
    return out


def parse_int(where, text, what):
    try:
        return int(text, 0)
    except ValueError:
        fail(where, f"{what} '{text}' is not a number")


class Isa:
    """Everything the table says, checked."""

    def __init__(self, path):
        self.path = path
        sec = read_sections(path)
        self.gens, self.aliases = [], {}
        for where, f, _ in sec["generations"]:
            if f[0] in self.gens or f[0] in self.aliases:
                fail(where, f"generation {f[0]} named twice")
            self.gens.append(f[0])
            for a in f[1:]:
                if a in self.aliases or a in self.gens:
                    fail(where, f"alias {a} named twice")
                self.aliases[a] = f[0]
        self.types = []  # (name, bits, kind, description)
        for where, f, _ in sec["types"]:
            if len(f) < 3 or f[2] not in TYPE_KINDS or f[1] not in ("16", "32", "64", "128"):
                fail(where, f"expected NAME BITS(16/32/64/128) KIND({'/'.join(sorted(TYPE_KINDS))})")
            self.types.append((f[0], int(f[1]), f[2], " ".join(f[3:])))
        self.type_names = [t[0] for t in self.types]
        self.roles = [(f[0], " ".join(f[1:])) for _, f, _ in sec["roles"]]
        self.role_names = [r[0] for r in self.roles]
        self.implicit = [f[0] for _, f, _ in sec["implicit"]]
        self.flags = [(f[0], " ".join(f[1:])) for _, f, _ in sec["flags"]]
        self.flag_names = [x[0] for x in self.flags]
        self.groups = [(f[0], " ".join(f[1:])) for _, f, _ in sec["groups"]]
        self.group_names = [g[0] for g in self.groups]
        if "none" in self.group_names:
            fail(path, "group 'none' is implicit: do not list it in @groups")
        self.parse_encodings(sec["encodings"])
        self.parse_vop3(sec["vop3"])
        self.parse_rtl(sec["rtl"])
        self.parse_operands(sec["operands"])
        self.parse_rows(sec["instructions"])
        self.parse_symbols(sec["symbols"])
        self.parse_relations()

    def gen_list(self, where, text):
        if text == "all":
            return list(self.gens)
        out = text.split(",")
        for g in out:
            if g not in self.gens:
                fail(where, f"'{g}' is not a generation of @generations")
        return out

    def parse_encodings(self, lines):
        self.encs = []  # dicts, in table order (a name may have one line per layout)
        self.enc_names, self.classes = [], []
        seen = {}
        for where, f, _ in lines:
            if len(f) < 6:
                fail(where, "expected NAME CLASS GENS MATCH OPCODE EXT FIELDS...")
            name, cls, gens = f[0], f[1], self.gen_list(where, f[2])
            mask = value = 0
            for term in f[3].split("+"):
                rng, _, val = term.partition("=")
                hi, _, lo = rng.partition(":")
                hi, lo, v = parse_int(where, hi, "bit"), parse_int(where, lo, "bit"), parse_int(where, val, "value")
                m = ((1 << (hi - lo + 1)) - 1) << lo
                if v >> (hi - lo + 1) or mask & m:
                    fail(where, f"match term '{term}' does not fit or overlaps another")
                mask |= m
                value |= v << lo
            fields = {}
            for tok in f[6:]:
                fname, _, spec = tok.partition("=")
                parts = spec.split(":")
                if len(parts) != 3:
                    fail(where, f"field '{tok}' is not NAME=DWORD:HI:LO")
                dw, hi, lo = (parse_int(where, x, "field bound") for x in parts)
                if dw not in (0, 1) or not 0 <= lo <= hi <= 31:
                    fail(where, f"field '{tok}': DWORD 0 or 1, 0 <= LO <= HI <= 31")
                fields[fname] = (dw, lo, hi - lo + 1)
            opf = f[4]
            if opf != "-" and opf not in fields:
                fail(where, f"opcode field '{opf}' is not among the fields")
            if cls != "-" and opf == "-":
                fail(where, "an encoding with a class needs an opcode field")
            if f[5] not in ("lit", "-", "sdwa", "dpp"):
                fail(where, f"EXT '{f[5]}' is not 'lit', 'sdwa', 'dpp' or '-'")
            size = 1 + max([d for d, _, _ in fields.values()], default=0)
            for g in gens:
                if (name, g) in seen:
                    fail(where, f"encoding {name} already described for {g} at {seen[(name, g)]}")
                seen[(name, g)] = where
            if name not in self.enc_names:
                self.enc_names.append(name)
            if cls != "-" and cls not in self.classes:
                self.classes.append(cls)
            self.encs.append(dict(name=name, cls=cls, gens=gens, mask=mask, value=value,
                                  opcode=opf, ext=f[5], fields=fields, dwords=size))
        self.field_names = []
        for e in self.encs:
            for fn in e["fields"]:
                if fn not in self.field_names:
                    self.field_names.append(fn)
        for n in self.enc_names:  # an encoding exists from its first generation on
            have = [g in {x for (m, x) in seen if m == n} for g in self.gens]
            if have != sorted(have):
                fail(self.path, f"encoding {n} has no line for {self.gens[have.index(False, have.index(True))]}")

    def parse_vop3(self, lines):
        """The VOP3 opcode windows: (cls, gens, first, limit, absolute)."""
        self.vop3 = []
        one_dword = {e["cls"] for e in self.encs if e["cls"] != "-" and e["dwords"] == 1}
        seen = {}
        for where, f, _ in lines:
            if len(f) != 4:
                fail(where, "expected CLASS GENS FIRST LIMIT")
            cls, gens = f[0], self.gen_list(where, f[1])
            first, limit = (parse_int(where, x, "VOP3 bound") for x in f[2:4])
            if cls not in self.classes:
                fail(where, f"class '{cls}' is not one of {', '.join(self.classes)}")
            if not 0 <= first < limit <= 1024:
                fail(where, "expected 0 <= FIRST < LIMIT <= 0x400 (10-bit VOP3 opcodes)")
            for g in gens:
                for c2, lo, hi, w2 in seen.get(g, []):
                    if first < hi and lo < limit:
                        fail(where, f"window {first:#x}..{limit - 1:#x} overlaps {c2}'s at {w2} on {g}")
                    if c2 == cls:
                        fail(where, f"{cls} has a window on {g} already at {w2}")
                seen.setdefault(g, []).append((cls, first, limit, where))
            self.vop3.append(dict(cls=cls, gens=gens, first=first, limit=limit,
                                  absolute=cls not in one_dword))
        vop2 = [w for w in self.vop3 if w["cls"] == "VOP2"]
        if not vop2 or len({(w["first"], w["limit"]) for w in vop2}) != 1 or \
                sorted(g for w in vop2 for g in w["gens"]) != sorted(self.gens):
            fail(self.path, "@vop3 needs one VOP2 window, the same on every generation (GCN_VOP3_BASE)")
        self.vop3_base, self.vop3_limit = vop2[0]["first"], vop2[0]["limit"]

    def parse_rtl(self, lines):
        """@rtl: the classes the reference RTL decodes (classes of an encoding)."""
        self.rtl_classes = []
        decoded = {e["cls"] for e in self.encs if e["cls"] != "-"}
        for where, f, _ in lines:
            if f[0] != "classes" or len(f) < 2:
                fail(where, "expected 'classes CLASS...'")
            for c in f[1:]:
                if c not in decoded:
                    fail(where, f"'{c}' is not the class of an encoding ({', '.join(sorted(decoded))})")
                if c in self.rtl_classes:
                    fail(where, f"class {c} named twice")
                self.rtl_classes.append(c)
        if not self.rtl_classes:
            fail(self.path, "@rtl needs a 'classes' line")

    def vop3_window(self, cls, gen):
        return next((w for w in self.vop3 if w["cls"] == cls and gen in w["gens"]), None)

    def enc_of(self, name, gen):
        return next(e for e in self.encs if e["name"] == name and gen in e["gens"])

    def parse_operands(self, lines):
        n = len(self.gens)
        self.specials, self.readonly, self.floats = [], [], []
        got = {}
        for where, f, _ in lines:
            key, args = f[0], f[1:]
            got[key] = where
            if key == "sgprs":
                if len(args) != n:
                    fail(where, f"sgprs needs {n} counts, one per generation")
                self.sgprs = [parse_int(where, a, "count") for a in args]
            elif key == "ttmp":
                if len(args) != n or any(":" not in a for a in args):
                    fail(where, f"ttmp needs {n} BASE:COUNT, one per generation")
                self.ttmp = [tuple(parse_int(where, x, "ttmp") for x in a.split(":")) for a in args]
            elif key == "special":
                if len(args) != 4 or args[2] not in ("32", "64"):
                    fail(where, "expected special CODE NAME WIDTH(32/64) GENS")
                self.specials.append((parse_int(where, args[0], "code"), args[1], int(args[2]),
                                      self.gen_list(where, args[3])))
            elif key == "readonly":
                if len(args) != 3:
                    fail(where, "expected readonly CODE NAME GENS")
                self.readonly.append((parse_int(where, args[0], "code"), args[1],
                                      self.gen_list(where, args[2])))
            elif key == "inline_int":
                self.int_zero, self.int_max, self.int_negmax = (parse_int(where, a, "code") for a in args[:3])
            elif key == "inline_float":
                if len(args) not in (6, 7):
                    fail(where, "expected inline_float CODE F16 F32 F64 TEXT [TEXT64] GENS")
                code, f16, f32, f64 = (parse_int(where, a, "value") for a in args[:4])
                text64 = args[5] if len(args) == 7 else args[4]
                self.floats.append((code, f16, f32, f64, args[4], text64, self.gen_list(where, args[-1])))
            elif key == "literal":
                self.literal = parse_int(where, args[0], "code")
            elif key == "vgpr":
                self.vgpr0 = parse_int(where, args[0], "code")
            else:
                fail(where, f"unknown operand key '{key}'")
        for k in ("sgprs", "ttmp", "inline_int", "literal", "vgpr"):
            if k not in got:
                fail(self.path, f"@operands lacks '{k}'")

    def parse_rows(self, lines):
        rows, seen_ids, seen_names, seen_opcodes = [], set(), {}, {}
        ngen = len(self.gens)
        limits = {}
        windowed = {w["cls"] for w in self.vop3}
        for e in self.encs:  # opcode range of a class: its narrowest one-dword opcode field
            if e["cls"] != "-" and (e["dwords"] == 1 or e["cls"] not in windowed):  # (or VOP3P's)
                w = (1 << e["fields"][e["opcode"]][2]) - 1
                limits[e["cls"]] = min(limits.get(e["cls"], w), w)
        roles = {r: r.upper() for r in self.role_names}
        for where, _, line in lines:
            main, _, flagpart = line.partition("|")
            fields = main.split()
            if len(fields) < 2 + ngen:
                fail(where, f"expected ID CLASS {' '.join(g.upper() for g in self.gens)} OPERANDS...")
            ident, cls = fields[0], fields[1]
            if not ident.isidentifier() or ident.upper() != ident:
                fail(where, f"ID '{ident}' must be an upper-case identifier")
            if ident in seen_ids:
                fail(where, f"duplicate ID {ident}")
            seen_ids.add(ident)
            if cls not in self.classes:
                fail(where, f"class '{cls}' is not one of {', '.join(self.classes)}")
            opcodes, names, cls_on = [], [], []
            for g, cell in zip(self.gens, fields[2:2 + ngen]):
                if cell == "-":
                    opcodes.append(-1)
                    names.append(None)
                    cls_on.append(cls)
                    continue
                gcls, slash, cell = cell.rpartition("/")
                gcls = gcls if slash else cls
                if gcls not in self.classes:
                    fail(where, f"class '{gcls}' is not one of {', '.join(self.classes)}")
                op_text, _, name = cell.partition(":")
                op = parse_int(where, op_text, f"{g} opcode")
                win = self.vop3_window(gcls, g)
                if gcls in limits and not 0 <= op <= limits[gcls]:
                    fail(where, f"{g} opcode {op} out of range 0..{limits[gcls]} for {gcls}")
                if gcls not in limits and not win:
                    fail(where, f"{gcls} has no VOP3 window on {g} (@vop3)")
                if win and win["absolute"] and not win["first"] <= op < win["limit"]:
                    fail(where, f"{g} VOP3 opcode {op:#x} outside {gcls}'s window "
                                f"{win['first']:#x}..{win['limit'] - 1:#x} on {g}")
                if win and not win["absolute"] and win["first"] + op >= win["limit"]:
                    fail(where, f"{g} opcode {op:#x} has no VOP3 form in {gcls}'s window on {g}")
                name = name or ident.lower()
                if (g, gcls, op) in seen_opcodes:
                    fail(where, f"{g} {gcls} opcode {op:#x} already used at {seen_opcodes[(g, gcls, op)]}")
                seen_opcodes[(g, gcls, op)] = where
                cls_on.append(gcls)
                if (g, name) in seen_names:
                    fail(where, f"{g} mnemonic {name} already used at {seen_names[(g, name)]}")
                seen_names[(g, name)] = where
                opcodes.append(op)
                names.append(name)
            if all(o < 0 for o in opcodes):
                fail(where, f"{ident} exists in no generation")
            operands = []
            for tok in fields[2 + ngen:]:
                role, _, typ = tok.partition(":")
                if role not in roles or typ not in self.type_names:
                    fail(where, f"operand '{tok}' is not role:type")
                operands.append((roles[role], typ.upper()))
            if len(operands) > 5:
                fail(where, "at most 5 operands")
            reads, writes, flags, gen_flags, group = [], [], [], [[] for _ in self.gens], None
            approx_ulp = 0
            for tok in flagpart.split():
                if tok[:2] in ("R:", "W:"):
                    what = tok[2:]
                    if what not in self.implicit:
                        fail(where, f"implicit '{what}' is not one of {', '.join(self.implicit)}")
                    (reads if tok[0] == "R" else writes).append(what.upper())
                elif tok.startswith("approx="):
                    m = re.fullmatch(r"approx=([1-9][0-9]*)ulp", tok)
                    if not m or int(m.group(1)) >= 1 << 32:
                        fail(where, f"'{tok}' is not approx=Nulp (N from 1 to 2^32-1)")
                    approx_ulp = int(m.group(1))
                    flags.append("APPROX")
                    for i in range(len(self.gens)):
                        gen_flags[i].append("APPROX")
                elif tok == "approx":
                    fail(where, "approx needs its error bound: approx=Nulp")
                elif tok.startswith("group="):
                    group = tok[6:]
                    if group != "none" and group not in self.group_names:
                        fail(where, f"group '{group}' is not 'none' or one of @groups")
                else:
                    flag, _, gens = tok.partition("@")
                    if flag not in self.flag_names:
                        fail(where, f"unknown flag '{flag}'")
                    on = self.gen_list(where, gens) if gens else self.gens
                    if not gens:
                        flags.append(flag.upper())
                    for i, g in enumerate(self.gens):
                        if g in on:
                            gen_flags[i].append(flag.upper())
            if group is None:
                fail(where, f"{ident} has no group=GROUP (use group=none for ops the generator never emits)")
            rows.append(dict(id=ident, cls=cls, cls_on=cls_on, opcodes=opcodes, names=names, operands=operands,
                             reads=reads, writes=writes, flags=flags, gen_flags=gen_flags,
                             group=group, approx_ulp=approx_ulp, where=where))
        if not rows:
            fail(self.path, "no instructions")
        self.rows = rows


    SYMBOL_KINDS = {"hwreg": ("mode", "status", "trapsts", "config"),
                    "msg": ("none", "gs", "gsdone", "sys")}

    def parse_symbols(self, lines):
        """@symbols: immediate fields (per generation), hwreg ids, messages, operations."""
        self.imm_fields = []  # (name, gens, [(lo, width), ...])
        self.imm_field_names = []
        self.symbols = []     # (kind, code, name, gens, attr)
        self.symbol_kinds = ["hwreg", "msg", "gsop", "sysop", "gpridx", "relation"]
        self.luts = {}        # name: [value, ...] (@symbols lut)
        lut_rows = {}
        seen = {}
        for where, f, _ in lines:
            kind = f[0]
            if kind == "lut":
                if len(f) != 19:
                    fail(where, "expected lut NAME INDEX V0 .. V15 (16 values)")
                at = parse_int(where, f[2], "index")
                rows = lut_rows.setdefault(f[1], {})
                if at % 16 or at in rows:
                    fail(where, f"lut {f[1]}: index {at} is not a new multiple of 16")
                rows[at] = (where, [parse_int(where, v, "value") for v in f[3:]])
                continue
            if kind == "field":
                if len(f) != 4:
                    fail(where, "expected field NAME GENS HI:LO[+HI:LO]")
                parts = []
                for rng in f[3].split("+"):
                    hi, _, lo = rng.partition(":")
                    hi, lo = parse_int(where, hi, "bit"), parse_int(where, lo, "bit")
                    if not 0 <= lo <= hi <= 31:
                        fail(where, f"field range '{rng}': 0 <= LO <= HI <= 31")
                    parts.append((lo, hi - lo + 1))
                if len(parts) > 2:
                    fail(where, "at most two ranges")
                gens = self.gen_list(where, f[2])
                for g in gens:
                    if (f[1], g) in seen:
                        fail(where, f"field {f[1]} already described for {g} at {seen[(f[1], g)]}")
                    seen[(f[1], g)] = where
                if f[1] not in self.imm_field_names:
                    self.imm_field_names.append(f[1])
                self.imm_fields.append((f[1], gens, parts))
                continue
            if kind not in self.symbol_kinds:
                fail(where, f"unknown symbol kind '{kind}': expected field or {', '.join(self.symbol_kinds)}")
            want = {"hwreg": 5, "msg": 5}.get(kind, 3)
            if len(f) != want:
                fail(where, f"{kind} expects {want - 1} values")
            code = parse_int(where, f[1], "code")
            if kind == "relation" and not 0 <= code <= 15:
                fail(where, "relation BITS: 0..15 (bit 0 less, 1 equal, 2 greater, 3 unordered)")
            gens = self.gen_list(where, f[3]) if want == 5 else list(self.gens)
            attr = 0
            if want == 5:
                if f[4] not in self.SYMBOL_KINDS[kind]:
                    fail(where, f"{kind} kind '{f[4]}' is not one of {', '.join(self.SYMBOL_KINDS[kind])}")
                attr = self.SYMBOL_KINDS[kind].index(f[4])
            self.symbols.append((kind, code, f[2], gens, attr))
        for name, rows in lut_rows.items():
            if sorted(rows) != list(range(0, 16 * len(rows), 16)) or len(rows) & (len(rows) - 1):
                fail(self.path, f"lut {name}: the rows must cover 0 .. N-1 once, N a power of two")
            self.luts[name] = [v for at in sorted(rows) for v in rows[at][1]]
        for g in self.gens:
            for n in self.imm_field_names:
                if (n, g) not in seen and n not in ("m0_gpr_idx", "m0_gpr_mode", "mode_gpr_idx_en"):
                    fail(self.path, f"field {n} has no line for {g}")


    def parse_relations(self):
        """Each VOPC row's relation (@symbols relation), from its ID V_CMP[S][X]_<NAME>_<TYPE>;
        -1 for v_cmp[x]_class and the rows of other classes."""
        rels = {name: code for kind, code, name, _, _ in self.symbols if kind == "relation"}
        for r in self.rows:
            r["rel"] = -1
            if r["cls"] != "VOPC" or "_CLASS_" in r["id"]:
                continue
            m = re.fullmatch(r"V_CMPS?X?_([A-Z]+)_[A-Z0-9]+", r["id"])
            if not m or m.group(1) not in rels:
                fail(r["where"], f"{r['id']}: a compare's relation is one of @symbols relation "
                                 f"({', '.join(rels)}) or the row is V_CMP[X]_CLASS_*")
            r["rel"] = rels[m.group(1)]


def bits(prefix, items):
    return " | ".join(f"{prefix}{x}" for x in items) or "0"


def c_enum(name, prefix, items, count=None, comment=None):
    out = [f"/* {comment} */\n"] if comment else []
    out.append("typedef enum {\n")
    out += [f"  {prefix}{x.upper()},\n" for x in items]
    if count:
        out.append(f"  {count}\n")
    out.append(f"}} {name};\n")
    if not count:
        out.append(f"#define {prefix}COUNT {len(items)}\n")
    return "".join(out) + "\n"


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def vector_mask(isa):
    return sum(1 << i for i, c in enumerate(isa.classes)
               if any(e["cls"] == c and "src0" in e["fields"] for e in isa.encs))


def write_c(isa, outdir, banner):
    gens = isa.gens
    h = [banner, "#ifndef GCNREF_ISA_GEN_H\n#define GCNREF_ISA_GEN_H\n\n"]
    h.append("typedef enum {\n" + "".join(f"  {g.upper()},\n" for g in gens) + "  GCN_GEN_COUNT\n} gcn_gen;\n\n")
    h.append(c_enum("gcn_class", "GCN_CLASS_", isa.classes, comment="Instruction classes (rows)."))
    h.append(c_enum("gcn_enc", "GCN_ENC_", isa.enc_names,
                    comment="Encodings; the last ones are recognised but outside gcnref's scope."))
    h.append(c_enum("gcn_enc_field", "GCN_FLD_", isa.field_names, comment="Encoding fields."))
    h.append(c_enum("gcn_type", "GCN_T_", isa.type_names, comment="Operand types."))
    h.append(c_enum("gcn_role", "GCN_ROLE_", isa.role_names, "GCN_ROLE_COUNT", "Operand roles."))
    h.append("/* Implicit state, for R:/W: flags. */\nenum {\n" +
             "".join(f"  GCN_IMPL_{x.upper()} = 1u << {i},\n" for i, x in enumerate(isa.implicit)) + "};\n\n")
    h.append("/* Instruction flags (gcn_isa.tab @flags). */\nenum {\n" +
             "".join(f"  GCN_F_{x.upper()} = 1u << {i}, /* {d[:70]} */\n" for i, (x, d) in enumerate(isa.flags)) +
             "};\n\n")
    h.append("/* Random-generator groups; GCN_GROUP_NONE: never emitted. */\ntypedef enum {\n"
             "  GCN_GROUP_NONE = -1,\n" + "".join(f"  GCN_GROUP_{g.upper()},\n" for g in isa.group_names) +
             "  GCN_GROUP_COUNT\n} gcn_isa_group;\n\n")
    h.append(c_enum("gcn_imm_field", "GCN_IMMF_", isa.imm_field_names, comment="Immediate fields (@symbols field)."))
    h.append(c_enum("gcn_symbol_kind", "GCN_SYM_", isa.symbol_kinds, comment="Symbol kinds (@symbols)."))
    for kind, attrs in isa.SYMBOL_KINDS.items():
        h.append(c_enum(f"gcn_{kind}_kind", f"GCN_{kind.upper()}_", attrs, comment=f"{kind} KIND (@symbols)."))
    h.append("enum gcn_op {\n" + "".join(f"  GCN_OP_{r['id']},\n" for r in isa.rows) + "  GCN_OP_COUNT\n};\n\n")
    h.append(f"#define GCN_NUM_SPECIALS {len(isa.specials)}\n#define GCN_NUM_READONLY {len(isa.readonly)}\n"
             f"#define GCN_NUM_INLINE_FLOATS {len(isa.floats)}\n#define GCN_NUM_ENC_DESCS {len(isa.encs)}\n"
             f"#define GCN_NUM_VOP3_WINDOWS {len(isa.vop3)}\n"
             f"/* Vector classes (their encodings have a SRC0 field), bit GCN_CLASS_x. */\n"
             f"#define GCN_CLASS_VECTOR_MASK {vector_mask(isa):#x}u\n"
             f"/* Classes the reference RTL decodes (@rtl), bit GCN_CLASS_x. */\n"
             f"#define GCN_RTL_CLASS_MASK {sum(1 << isa.classes.index(c) for c in isa.rtl_classes):#x}u\n"
             f"#define GCN_VOP3_BASE {isa.vop3_base:#x}\n#define GCN_VOP3_LIMIT {isa.vop3_limit:#x}\n"
             f"#define GCN_TAB_INLINE_INT_ZERO {isa.int_zero}\n#define GCN_TAB_INLINE_INT_MAX {isa.int_max}\n"
             f"#define GCN_TAB_INLINE_INT_NEG_MAX {isa.int_negmax}\n"
             f"#define GCN_TAB_LITERAL {isa.literal}\n#define GCN_TAB_VGPR0 {isa.vgpr0}\n"
             f"/* The most and the fewest SGPRs of any generation (array sizes; codes below the\n"
             f" * fewest are SGPRs on every generation). */\n"
             f"#define GCN_NUM_IMM_FIELD_DESCS {len(isa.imm_fields)}\n#define GCN_NUM_SYMBOLS {len(isa.symbols)}\n"
             f"#define GCN_TAB_MAX_SGPRS {max(isa.sgprs)}\n#define GCN_TAB_MIN_SGPRS {min(isa.sgprs)}\n")
    for name, vals in isa.luts.items():
        h.append(f"/* Lookup table {name} (@symbols lut). */\nextern const uint32_t gcn_lut_{name}[{len(vals)}];\n")
    h.append("\n#endif\n")

    c = [banner, '#include "gcnref/isa.h"\n\n']
    c.append("const gcn_gen_desc gcn_gens[GCN_GEN_COUNT] = {\n")
    for i, g in enumerate(gens):
        al = [a for a, t in isa.aliases.items() if t == g]
        base, count = isa.ttmp[i]
        c.append(f"  {{{c_str(g)}, {{{', '.join(c_str(a) for a in al)}, NULL}}, {isa.sgprs[i]}, {base}, {count}}},\n")
    c.append("};\n\n")
    c.append("const gcn_type_desc gcn_types[GCN_T_COUNT] = {\n")
    for n, b, kind, _ in isa.types:
        c.append(f"  {{{c_str(n.upper())}, {b}, {int(kind == 'float')}, {int(kind in ('signed', 'f16inline'))}, "
                 f"{int((kind == 'float' and b == 16) or kind in ('f16inline', 'packed'))}}},\n")
    c.append("};\n\n")
    c.append("const char *const gcn_group_names[GCN_GROUP_COUNT] = {" +
             ", ".join(c_str(g) for g in isa.group_names) + "};\n\n")
    c.append("const gcn_enc_desc gcn_enc_descs[GCN_NUM_ENC_DESCS] = {\n")
    for e in isa.encs:
        fl = ", ".join(f"[GCN_FLD_{n.upper()}] = {{{d}, {lo}, {w}}}" for n, (d, lo, w) in e["fields"].items())
        gm = " | ".join(f"1u << {g.upper()}" for g in e["gens"])
        cls = f"GCN_CLASS_{e['cls']}" if e["cls"] != "-" else "-1"
        opf = f"GCN_FLD_{e['opcode'].upper()}" if e["opcode"] != "-" else "-1"
        c.append(f"  {{{c_str(e['name'])}, GCN_ENC_{e['name']}, {cls}, {gm}, {e['mask']:#010x}u, "
                 f"{e['value']:#010x}u, {opf}, {e['dwords']}, {int(e['ext'] == 'lit')}, {{{fl}}}}},\n")
    c.append("};\n\n")
    # Match order: most fixed bits first, so that a nested prefix wins over its parent.
    order = sorted(range(len(isa.encs)), key=lambda i: (-bin(isa.encs[i]["mask"]).count("1"), i))
    c.append("const uint8_t gcn_enc_match_order[GCN_NUM_ENC_DESCS] = {" + ", ".join(map(str, order)) + "};\n\n")
    c.append("const gcn_special_desc gcn_specials[GCN_NUM_SPECIALS] = {\n")
    for code, name, w, gl in isa.specials:
        c.append(f"  {{{code}, {w}, {' | '.join(f'1u << {g.upper()}' for g in gl)}, {c_str(name)}}},\n")
    c.append("};\n\nconst gcn_special_desc gcn_readonly[GCN_NUM_READONLY] = {\n")
    for code, name, gl in isa.readonly:
        c.append(f"  {{{code}, 32, {' | '.join(f'1u << {g.upper()}' for g in gl)}, {c_str(name)}}},\n")
    c.append("};\n\nconst gcn_inline_float_desc gcn_inline_floats[GCN_NUM_INLINE_FLOATS] = {\n")
    for code, f16, f32, f64, t, t64, gl in isa.floats:
        c.append(f"  {{{code}, {' | '.join(f'1u << {g.upper()}' for g in gl)}, {f16:#06x}, {f32:#010x}u, "
                 f"{f64:#018x}ull, {c_str(t)}, {c_str(t64)}}},\n")
    c.append("};\n\n")
    c.append("const gcn_imm_field_desc gcn_imm_fields[GCN_NUM_IMM_FIELD_DESCS] = {\n")
    for n, gl, parts in isa.imm_fields:
        p = parts + [(0, 0)] * (2 - len(parts))
        c.append(f"  {{GCN_IMMF_{n.upper()}, {' | '.join(f'1u << {g.upper()}' for g in gl)}, "
                 f"{{{{{p[0][0]}, {p[0][1]}}}, {{{p[1][0]}, {p[1][1]}}}}}}},\n")
    c.append("};\n\n/* gcn_imm_field_mask[gen][field]: the field's bits in place (0 where the generation\n"
             " * lacks it), for the model's per-instruction MODE and M0 tests. */\n")
    c.append("const uint32_t gcn_imm_field_mask[GCN_GEN_COUNT][GCN_IMMF_COUNT] = {\n")
    for g in gens:
        masks = []
        for n in isa.imm_field_names:
            m = 0
            for fn, gl, parts in isa.imm_fields:
                if fn == n and g in gl:
                    for lo, w in parts:
                        m |= ((1 << w) - 1) << lo
            masks.append(f"{m:#x}u")
        c.append(f"  {{{', '.join(masks)}}}, /* {g} */\n")
    c.append("};\n\nconst gcn_symbol_desc gcn_symbols[GCN_NUM_SYMBOLS] = {\n")
    for kind, code, name, gl, attr in isa.symbols:
        c.append(f"  {{GCN_SYM_{kind.upper()}, {code}, {' | '.join(f'1u << {g.upper()}' for g in gl)}, {attr}, "
                 f"{c_str(name)}}},\n")
    c.append("};\n\n")
    c.append("const gcn_vop3_window gcn_vop3_windows[GCN_NUM_VOP3_WINDOWS] = {\n")
    for w in isa.vop3:
        gm = " | ".join(f"1u << {g.upper()}" for g in w["gens"])
        c.append(f"  {{GCN_CLASS_{w['cls']}, {gm}, {w['first']:#05x}, {w['limit']:#05x}, {int(w['absolute'])}}},\n")
    c.append("};\n\n")
    for name, vals in isa.luts.items():
        c.append(f"const uint32_t gcn_lut_{name}[{len(vals)}] = {{\n")
        for i in range(0, len(vals), 16):
            c.append("  " + ", ".join(f"{v:#x}" for v in vals[i:i + 16]) + ",\n")
        c.append("};\n\n")
    c.append("const gcn_inst_desc gcn_isa[GCN_OP_COUNT] = {\n")
    for r in isa.rows:
        names = ", ".join(c_str(n) if n else "NULL" for n in r["names"])
        ops = ", ".join(str(o) for o in r["opcodes"])
        operands = ", ".join(f"{{GCN_ROLE_{role}, GCN_T_{t}}}" for role, t in r["operands"])
        slot = {role: i for i, (role, _) in enumerate(r["operands"])}
        by_role = ", ".join(str(slot.get(role.upper(), -1)) for role in isa.role_names)
        gflags = ", ".join(bits("GCN_F_", f) for f in r["gen_flags"])
        group = "GCN_GROUP_" + r["group"].upper()
        cls_on = ", ".join(f"GCN_CLASS_{x}" for x in r["cls_on"])
        c.append(
            f"  [GCN_OP_{r['id']}] = {{\"{r['id']}\", {{{names}}}, {{{ops}}}, GCN_CLASS_{r['cls']}, {{{cls_on}}}, "
            f"{len(r['operands'])}, {{{operands}}}, {{{by_role}}}, {bits('GCN_IMPL_', r['reads'])}, "
            f"{bits('GCN_IMPL_', r['writes'])}, {bits('GCN_F_', r['flags'])}, {{{gflags}}}, {group}, "
            f"{r['approx_ulp']}u, {r['rel']}}},\n")
    c.append("};\n")
    return {"gcn_isa_gen.h": h, "gcn_isa_gen.c": c}


def write_py(isa, banner):
    """A plain-data module: no code runs on import but literals."""
    def row(r):
        return dict(id=r["id"], cls=r["cls"], cls_on=r["cls_on"], opcodes=r["opcodes"], names=r["names"],
                    operands=r["operands"], reads=r["reads"], writes=r["writes"],
                    flags=r["flags"], gen_flags=r["gen_flags"], group=r["group"],
                    approx_ulp=r["approx_ulp"], rel=r["rel"])
    encs = [dict(name=e["name"], cls=e["cls"], gens=e["gens"], mask=e["mask"], value=e["value"],
                 opcode=e["opcode"], ext=e["ext"], dwords=e["dwords"], fields=e["fields"]) for e in isa.encs]
    data = dict(
        GENERATIONS=isa.gens, ALIASES=isa.aliases, CLASSES=isa.classes, ENCODING_NAMES=isa.enc_names,
        ENCODINGS=encs, VOP3_BASE=isa.vop3_base, VOP3_LIMIT=isa.vop3_limit, VOP3_WINDOWS=isa.vop3,
        RTL_CLASSES=isa.rtl_classes,
        TYPES=[dict(name=n, bits=b, kind=k) for n, b, k, _ in isa.types], ROLES=isa.role_names,
        IMPLICIT=isa.implicit, FLAGS=isa.flag_names, GROUPS=isa.group_names,
        SGPRS=dict(zip(isa.gens, isa.sgprs)), TTMP=dict(zip(isa.gens, isa.ttmp)),
        SPECIALS=[dict(code=c, name=n, width=w, gens=g) for c, n, w, g in isa.specials],
        READONLY=[dict(code=c, name=n, gens=g) for c, n, g in isa.readonly],
        INLINE_INT=dict(zero=isa.int_zero, max=isa.int_max, neg_max=isa.int_negmax),
        INLINE_FLOATS=[dict(code=c, f16=a, f32=b, f64=d, text=t, text64=t64, gens=g)
                       for c, a, b, d, t, t64, g in isa.floats],
        LITERAL=isa.literal, VGPR0=isa.vgpr0, ROWS=[row(r) for r in isa.rows],
        IMM_FIELDS=[dict(name=n, gens=g, parts=p) for n, g, p in isa.imm_fields],
        SYMBOLS=[dict(kind=k, code=c, name=n, gens=g,
                      attr=isa.SYMBOL_KINDS[k][a] if k in isa.SYMBOL_KINDS else None)
                 for k, c, n, g, a in isa.symbols],
        LUTS=isa.luts)
    out = [banner.replace("/*", "#").replace(" */", ""), '"""gcnref ISA facts (gcn_isa.tab) as Python data."""\n\n']
    for k, v in data.items():
        out.append(f"{k} = {v!r}\n")
    return {"gcn_isa.py": out}


def main(argv):
    if len(argv) != 3:
        print("usage: gen_isa.py TABLE OUTDIR", file=sys.stderr)
        return 2
    try:
        isa = Isa(argv[1])
    except TableError as e:
        print(str(e), file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{argv[1]}:1: error: {e.strerror}", file=sys.stderr)
        return 2
    name = os.path.basename(argv[1])
    banner = f"/* Generated by scripts/gen_isa.py from {name}. Do not edit. */\n"
    files = {}
    files.update(write_c(isa, argv[2], banner))
    files.update(write_py(isa, banner))
    files["gcn_isa_pkg.sv"] = gen_isa_sv.write_sv(isa, name)
    os.makedirs(argv[2], exist_ok=True)
    for fname, text in files.items():
        tmp = os.path.join(argv[2], fname + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("".join(text))
        os.replace(tmp, os.path.join(argv[2], fname))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""The directed programs' builder (rtl_tb/tb/core/gen_programs.py): lines of assembly with
symbolic labels, assembled by `gcnref as` (a variant the assembler rejects is dropped, a fixed
line must assemble) and laid out until the labels settle."""
import re
import subprocess


class Program:
    """Lines of assembly with symbolic labels; `fixed` lines must assemble."""

    def __init__(self, gen, name):
        self.gen = gen
        self.name = name
        self.items = []  # ("inst", text, fixed) or ("label", name)

    def i(self, text, fixed=True):
        self.items.append(("inst", text, fixed))

    def v(self, text):  # a variant: dropped if the assembler rejects it
        self.items.append(("inst", text, False))

    def label(self, name):
        self.items.append(("label", name))


def assemble(gcnref, gen, lines):
    """Returns (sizes per line or None when rejected, errors by line)."""
    p = subprocess.run([gcnref, "as", "--gen", gen], input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    bad = {}
    for m in re.finditer(r"^<stdin>:(\d+): error: (.*)$", p.stderr, re.M):
        bad[int(m.group(1)) - 1] = m.group(2)
    outs = [l for l in p.stdout.splitlines() if "encoding:" in l]
    sizes, k = [], 0
    for n in range(len(lines)):
        if n in bad:
            sizes.append(None)
        else:
            enc = outs[k].split("encoding:")[1]
            sizes.append(enc.count("0x"))
            k += 1
    if k != len(outs):
        raise SystemExit(f"gen_programs: {gen}: assembler output does not line up")
    return sizes, bad


def resolve(gcnref, prog, base):
    """Drops rejected variants, resolves labels to absolute addresses (`@label`) and to SOPP
    branch offsets (`%label`: dwords from the next instruction); returns text."""
    items = prog.items
    addrs = {it[1]: base for it in items if it[0] == "label"}
    at = {n: base for n, it in enumerate(items)}  # each item's address (last pass)
    for _ in range(10):
        lines, idx = [], []
        for n, it in enumerate(items):
            if it[0] == "inst":
                text = it[1]
                for name, a in addrs.items():
                    text = re.sub(r"@" + name + r"\b", hex(a), text)
                    text = re.sub(r"%" + name + r"\b", str((a - at[n] - 4) // 4), text)
                lines.append(text)
                idx.append(n)
        sizes, bad = assemble(gcnref, prog.gen, lines)
        for n, err in bad.items():
            if items[idx[n]][2]:
                raise SystemExit(f"gen_programs: {prog.name}: fixed line rejected: "
                                 f"{lines[n]}: {err}")
        keep = [(idx[n], lines[n], sizes[n]) for n in range(len(lines)) if sizes[n]]
        pc, new, new_at = base, {}, {}
        kept = {k[0]: k for k in keep}
        for n, it in enumerate(items):
            new_at[n] = pc
            if it[0] == "label":
                new[it[1]] = pc
            elif n in kept:
                pc += kept[n][2]
        if new == addrs and new_at == at:
            return "\n".join(k[1] for k in keep) + "\n", pc - base
        addrs, at = new, new_at
    raise SystemExit(f"gen_programs: {prog.name}: labels do not settle")

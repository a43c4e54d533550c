#!/usr/bin/env python3
"""gcnref report: one self-contained HTML page, OUT/index.html (docs/regress.md).

Inputs (all optional; missing ones leave their section with a note):
  --cov DB [DB ...]   functional coverage databases (`gcnref run --coverage`, merged ones);
                      several are merged here (counts summed). Both formats are read:
                      v1 "# gcnref coverage v1 GEN" + "bin count" (bin without the GEN
                      prefix), v2 "# gcnref coverage v2" + "<gen>.<group>.<rest> count",
                      "!<bin> reason" for an excluded (unreachable) bin, v3: v2 plus the
                      last line "# end N", N the number of bin lines, and v4 (what the tools
                      write: v3's syntax, the bin set with the fpx crosses); a v3 or v4
                      file without the end line was cut short and is an error (exit 2).
  --results FILE      the results JSON of scripts/regress
  --cosim-log FILE    a tb_cosim log (the summary table of `make cosim-run`), used when there
                      is no --results
  --code-info FILE    Verilator line/toggle coverage as an lcov .info file (summarised, the
                      design's lines apart from the bench's); the page links code/index.html
                      (genhtml's output) when OUT/code exists
  --code-waivers FILE the uncovered design lines that are justified exclusions
                      (rtl_tb/coverage_waivers.txt: "FILE | REGEX | reason" per line, REGEX
                      searched in the line's text); every other uncovered design line is listed
                      as a reachable hole; a reason "hole: NOTE" marks a known reachable hole
                      (listed as a hole, with NOTE: what would reach it), not an exclusion
  --code-vectors FILE one line saying which vectors the code coverage comes from (make
                      cosim-cov writes it beside the .info file), printed above its table
  --code-root DIR     where the .info file's SF paths are read from (default: .)
  --design-dir DIR    SF paths under it are the design, the rest the bench (default rtl_tb/rtl/)
  --toggle FILE       the design's toggle coverage summary (scripts/cov_toggle.py, make
                      cov-toggle): bits toggled, per module, the untoggled signals by class
  --toggle-vectors FILE  the line saying which vectors the toggle coverage comes from
  --closure FILE      closure curves (tests/bench/cov_closure --curve FILE): bins hit against
                      instructions, random against coverage-directed generation, drawn as one
                      SVG chart per generation
  --timestamp TEXT    printed in the header (no clock is read: same inputs, same bytes)

Coverage of a set of bins = bins hit (count > 0) / bins not excluded. Groups are the second
component of a bin name (op, src, scc, exec, ...). Only the standard library is used; the
page has inline CSS and inline SVG, no scripts, no external resources.
"""
import argparse
import html
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic import atomic_write, run_main  # noqa: E402
from cov_toggle import section_toggle  # noqa: E402
from rule_file import read_rules  # noqa: E402

GEN_ORDER = ["gcn10", "gcn11", "gcn12", "gcn14"]


class CovDB:
    def __init__(self):
        self.counts = {}     # full bin name -> count
        self.excluded = {}   # full bin name -> reason

    def add_file(self, path):
        gen_prefix = ""
        version, end, n_bins, lineno, raw = None, None, 0, 0, "\n"
        with open(path, encoding="utf-8", errors="replace") as f:
            for lineno, raw in enumerate(f, 1):
                line = raw.strip()
                if lineno == 1:
                    m = re.match(r"#\s*gcnref coverage v(\d+)", line)
                    version = int(m.group(1)) if m else None
                if end is not None:
                    raise ValueError(f"{path}:{lineno}: error: text after the end line (line {end})")
                if not line:
                    continue
                if line.startswith("#"):
                    m = re.match(r"#\s*gcnref coverage v1\s+(\S+)", line)
                    if m:
                        gen_prefix = m.group(1) + "."
                    m = re.fullmatch(r"# end (\d+)", line)
                    if m and version in (3, 4):
                        end = lineno
                        if int(m.group(1)) != n_bins:
                            raise ValueError(f"{path}:{lineno}: error: the end line counts {m.group(1)} bins, "
                                             f"the file has {n_bins} (damaged or cut)")
                    continue
                n_bins += 1
                if line.startswith("!"):
                    parts = line[1:].split(None, 1)
                    name = gen_prefix + parts[0]
                    self.excluded[name] = parts[1] if len(parts) > 1 else ""
                    continue
                parts = line.split()
                if len(parts) != 2 or not parts[1].isdigit():
                    raise ValueError(f"{path}:{lineno}: error: expected 'bin count', got {line!r}")
                name = gen_prefix + parts[0]
                self.counts[name] = self.counts.get(name, 0) + int(parts[1])
        # v3 and v4 end with "# end N" (N bin lines): without it the file was cut short
        if version in (3, 4) and (end is None or not raw.endswith("\n")):
            raise ValueError(f"{path}:{max(lineno, 1)}: error: truncated: no end line '# end N' "
                             "(the file was cut short)")

    def bins(self):
        """Counted bins that are not excluded."""
        return {b: c for b, c in self.counts.items() if b not in self.excluded}


def split_bin(name):
    parts = name.split(".", 2)
    gen = parts[0]
    group = parts[1] if len(parts) > 1 else "(none)"
    rest = parts[2] if len(parts) > 2 else ""
    return gen, group, rest


def gen_key(g):
    return (GEN_ORDER.index(g) if g in GEN_ORDER else len(GEN_ORDER), g)


def pct(hit, total):
    return 100.0 * hit / total if total else 0.0


def fmt_pct(hit, total):
    return f"{pct(hit, total):.2f}%" if total else "n/a"


def coverage_stats(db):
    bins = db.bins()
    total = len(bins)
    hit = sum(1 for c in bins.values() if c > 0)
    per_group, per_gen, per_gen_group = {}, {}, {}
    holes = {}
    for b, c in bins.items():
        gen, group, _ = split_bin(b)
        for d, k in ((per_group, group), (per_gen, gen), (per_gen_group, (gen, group))):
            t = d.setdefault(k, [0, 0])
            t[1] += 1
            if c > 0:
                t[0] += 1
        if c == 0:
            holes.setdefault((gen, group), []).append(b)
    return {"hit": hit, "total": total, "per_group": per_group, "per_gen": per_gen,
            "per_gen_group": per_gen_group, "holes": holes}


def svg_bars(rows, title):
    """A horizontal bar chart: rows of (label, hit, total)."""
    if not rows:
        return ""
    label_w, bar_w, row_h, top = 170, 420, 22, 26
    h = top + row_h * len(rows) + 8
    w = label_w + bar_w + 130
    out = [f'<svg class="chart" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" role="img" aria-label="{html.escape(title)}">',
           f'<text x="4" y="16" class="ct">{html.escape(title)}</text>']
    for i, (label, hit, total) in enumerate(rows):
        y = top + i * row_h
        p = pct(hit, total)
        bw = round(bar_w * p / 100.0, 1)
        colour = "#2e7d32" if p >= 90 else "#f9a825" if p >= 60 else "#c62828"
        out.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" class="cl">'
                   f'{html.escape(label)}</text>')
        out.append(f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="{row_h - 6}" fill="#e0e0e0"/>')
        out.append(f'<rect class="bar" x="{label_w}" y="{y + 3}" width="{bw}" height="{row_h - 6}" '
                   f'fill="{colour}" data-pct="{p:.2f}"/>')
        out.append(f'<text x="{label_w + bar_w + 6}" y="{y + 15}" class="cl">{p:.1f}% '
                   f'({hit}/{total})</text>')
    out.append("</svg>")
    return "\n".join(out)


def load_closure(path):
    """The curves of `cov_closure --curve`: {gen: {mode: (points, bins)}}, a point being
    (vectors, instructions, bins hit). A malformed file is FILE: error: ... (ValueError)."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}:{e.lineno}: error: not JSON ({e.msg})") from None
    curves = {}
    try:
        for c in data["curves"]:
            pts = [(int(v), int(i), int(h)) for v, i, h in c["points"]]
            bins = int(c["bins"])
            if c["mode"] not in ("random", "directed") or bins <= 0 or \
               any(not 0 <= h <= bins for _, _, h in pts):
                raise ValueError
            curves.setdefault(c["gen"], {})[c["mode"]] = (pts, bins)
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{path}: error: expected cov_closure --curve JSON: \"curves\" of "
                         f"{{gen, mode random|directed, points [[vectors, instructions, hit]...], "
                         f"bins > 0}}") from None
    return data, curves


CURVE_COLOURS = {"random": "#1565c0", "directed": "#2e7d32"}


def svg_curves(gen, modes):
    """Bins hit (% of the reachable ones) against instructions, one polyline per mode."""
    w, h, left, bottom, top, right = 560, 240, 52, 34, 24, 150
    pw, ph = w - left - right, h - top - bottom
    xmax = max((p[-1][1] for p, _ in modes.values() if p), default=1) or 1
    out = [f'<svg class="chart closure" data-gen="{gen}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'role="img" aria-label="closure curve {gen}">',
           f'<text x="4" y="16" class="ct">{gen}: bins hit against instructions</text>',
           f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#9e9e9e"/>']
    for frac in (0, 0.5, 1):
        y = top + ph * (1 - frac)
        out.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" class="cl">{frac * 100:.0f}%</text>')
    out.append(f'<text x="{left}" y="{h - 8}" class="cl">0</text>')
    out.append(f'<text x="{left + pw}" y="{h - 8}" text-anchor="end" class="cl">{xmax} instructions</text>')
    for k, mode in enumerate(m for m in ("random", "directed") if m in modes):
        pts, bins = modes[mode]
        xy = " ".join(f"{left + pw * i / xmax:.1f},{top + ph * (1 - hit / bins):.1f}" for _, i, hit in pts)
        colour = CURVE_COLOURS[mode]
        closed = bool(pts) and pts[-1][2] == bins
        last = f"100% at {pts[-1][1]}" if closed else f"{pct(pts[-1][2], bins) if pts else 0:.1f}% at the cap"
        out.append(f'<polyline class="curve" data-mode="{mode}" data-closed="{int(closed)}" fill="none" '
                   f'stroke="{colour}" stroke-width="1.5" points="{xy}"/>')
        out.append(f'<text x="{left + pw + 8}" y="{top + 14 + 30 * k}" class="cl" fill="{colour}">{mode}</text>')
        out.append(f'<text x="{left + pw + 8}" y="{top + 28 + 30 * k}" class="cl">{last}</text>')
    out.append("</svg>")
    return "\n".join(out)


def section_closure(path):
    o = ['<h2 id="closure">Closure curves</h2>']
    if not path:
        o.append('<p class="note">No closure curves (<code>make report</code> runs '
                 '<code>cov_closure --curve</code> on make run\'s profile).</p>')
        return o
    data, curves = load_closure(path)
    o.append(f'<p>Reachable bins hit against instructions executed, on profile '
             f'<code>{html.escape(str(data.get("profile", "")))}</code> from seed {html.escape(str(data.get("seed", "")))} '
             f'(the model\'s timing core; coverage-directed: the bias of <code>gcnref gen --coverage</code> '
             f'recomputed every {html.escape(str(data.get("batch", "")))} vectors).</p>')
    o.append('<table id="closure-table"><tr><th class="l">generation</th><th>bins</th>'
             '<th>random: instructions to 100%</th><th>directed</th><th>ratio</th></tr>')
    for gen in sorted(curves, key=gen_key):
        m = curves[gen]
        done = {k: (p[-1][1] if p and p[-1][2] == b else None) for k, (p, b) in m.items()}
        r, d = done.get("random"), done.get("directed")
        bins = max(b for _, b in m.values())
        o.append(f'<tr data-gen="{gen}"><td class="l">{gen}</td><td>{bins}</td><td>{r or "not reached"}</td>'
                 f'<td>{d or "not reached"}</td><td>{f"{r / d:.1f}x" if r and d else "n/a"}</td></tr>')
    o.append("</table>")
    o.extend(svg_curves(gen, curves[gen]) for gen in sorted(curves, key=gen_key))
    return o


def parse_lcov(path):
    """Lines (LF/LH) and branch points (BRF/BRH) summed over the records of an lcov .info
    file. verilator_coverage --write-info writes only DA and BRDA lines (toggle and other
    points as branch data): a record without LF/LH or BRF/BRH summaries is counted from
    them."""
    s = {"LF": 0, "LH": 0, "BRF": 0, "BRH": 0, "files": 0}
    rec = {}

    def flush():
        if not rec:
            return
        for k, hit, tot, key_h, key_t in (("L", "LH", "LF", "DAH", "DAT"), ("B", "BRH", "BRF", "BDH", "BDT")):
            if tot in rec:
                s[tot] += rec[tot]
                s[hit] += rec.get(hit, 0)
            else:
                s[tot] += rec.get(key_t, 0)
                s[hit] += rec.get(key_h, 0)
        rec.clear()

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            key, _, val = line.partition(":")
            if key == "SF":
                s["files"] += 1
            elif key in ("LF", "LH", "BRF", "BRH"):
                try:
                    rec[key] = rec.get(key, 0) + int(val)
                except ValueError:
                    pass
            elif key == "DA":
                parts = val.split(",")
                rec["DAT"] = rec.get("DAT", 0) + 1
                if len(parts) > 1 and parts[1].strip() not in ("0", "-"):
                    rec["DAH"] = rec.get("DAH", 0) + 1
            elif key == "BRDA":
                parts = val.split(",")
                rec["BDT"] = rec.get("BDT", 0) + 1
                if len(parts) > 3 and parts[3].strip() not in ("0", "-"):
                    rec["BDH"] = rec.get("BDH", 0) + 1
            elif line == "end_of_record":
                flush()
    flush()
    return s


def parse_waivers(path):
    """rtl_tb/coverage_waivers.txt: "FILE | REGEX | reason" lines, '#' comments; a malformed
    line or a bad regex is FILE:LINE: error (exit 2)."""
    return [{"file": where, "rx": rx, "reason": reason, "line": lineno, "used": 0}
            for lineno, where, rx, reason in read_rules(path, "FILE | REGEX | reason")]


HOLE = "hole:"


def is_hole(reason):
    """An uncovered line without a waiver, or whose waiver is a "hole: NOTE" annotation."""
    return reason is None or reason.startswith(HOLE)


def code_lines(info, root, design_dir, waivers):
    """The DA points of an lcov .info file, split into design (SF under design_dir) and bench;
    each uncovered design point with its source text and its waiver (None: a reachable hole).
    Returns {"design": [hit, total], "bench": [hit, total], "uncovered": [(file, line, text,
    reason or None)]}."""
    out = {"design": [0, 0], "bench": [0, 0], "uncovered": []}
    prefix = design_dir.rstrip("/") + "/"
    sources = {}
    cur = None
    with open(info, encoding="utf-8", errors="replace") as f:
        for line in f:
            key, _, val = line.strip().partition(":")
            if key == "SF":
                cur = os.path.normpath(val)
            elif key == "DA" and cur is not None:
                parts = val.split(",")
                hit = len(parts) > 1 and parts[1].strip() not in ("0", "-")
                kind = "design" if (cur + "/").startswith(prefix) or ("/" + prefix) in cur else "bench"
                out[kind][1] += 1
                out[kind][0] += hit
                if kind == "design" and not hit:
                    if cur not in sources:
                        try:
                            with open(os.path.join(root, cur), encoding="utf-8", errors="replace") as src:
                                sources[cur] = src.read().split("\n")
                        except OSError:
                            sources[cur] = []
                    n = int(parts[0])
                    text = sources[cur][n - 1].strip() if 0 < n <= len(sources[cur]) else ""
                    reason = None
                    for w in waivers:
                        if os.path.normpath(w["file"]) == cur and w["rx"].search(text):
                            reason = w["reason"]
                            w["used"] += 1
                            break
                    out["uncovered"].append((cur, n, text, reason))
    out["uncovered"].sort(key=lambda u: (u[0], u[1]))
    return out


def parse_cosim_log(path):
    """tb_cosim's summary table: a header line "gen  vectors ... retired  cycles ..." and
    one line per generation (columns found by name: skipped and wall are optional), then
    "N passed, N failed"."""
    rows, summary, cols = [], None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.split()
            if w[:1] == ["gen"] and "retired" in w:
                cols = [c for c in w if c != "s"]  # "wall s" is one column
                continue
            if cols and w and re.match(r"^gcn\d+$", w[0]) and len(w) >= len(cols) - 1:
                d = dict(zip(cols, w))
                num = lambda k, t=int: t(d[k]) if k in d else None
                rows.append({"gen": w[0], "vectors": num("vectors"), "skipped": num("skipped"),
                             "failed": num("failed") or 0, "instructions": num("retired"),
                             "cycles": num("cycles"), "mismatches": num("mismatches"),
                             "wall": num("wall", float)})
            m = re.match(r"^(\d+) passed, (\d+) failed", line)
            if m:
                summary = (int(m.group(1)), int(m.group(2)))
    return rows, summary


CSS = """
body{font-family:sans-serif;margin:24px;color:#212121;max-width:1200px}
h1{font-size:24px}h2{font-size:19px;border-bottom:1px solid #bbb;padding-bottom:3px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#eee}td.l,th.l{text-align:left}tr.fail td{background:#ffebee}tr.pass td.st{color:#2e7d32}
tr.fail td.st{color:#c62828;font-weight:bold}.big{font-size:30px;font-weight:bold}
.chart .ct{font-size:14px;font-weight:bold}.chart .cl{font-size:12px}.note{color:#666}
details{margin:3px 0}summary{cursor:pointer}code{font-size:12px}ul.holes{columns:3;font-size:12px}
"""


def section_functional(db, st):
    o = ['<h2 id="functional">Functional coverage</h2>']
    if st is None:
        o.append('<p class="note">No functional coverage database was given.</p>')
        return o
    o.append(f'<p>Overall: <span class="big" id="overall-pct">{fmt_pct(st["hit"], st["total"])}</span> '
             f'(<span id="overall-hit">{st["hit"]}</span> of <span id="overall-total">{st["total"]}</span> '
             f'bins hit; <span id="excluded-count">{len(db.excluded)}</span> excluded as unreachable)</p>')
    gens = sorted(st["per_gen"], key=gen_key)
    groups = sorted(st["per_group"])
    o.append('<table id="per-gen"><tr><th class="l">generation</th><th>hit</th><th>bins</th><th>coverage</th></tr>')
    for g in gens:
        h, t = st["per_gen"][g]
        o.append(f'<tr data-gen="{g}"><td class="l">{g}</td><td>{h}</td><td>{t}</td><td>{fmt_pct(h, t)}</td></tr>')
    o.append("</table>")
    o.append('<table id="per-group"><tr><th class="l">group</th><th>hit</th><th>bins</th><th>coverage</th>'
             + "".join(f"<th>{g}</th>" for g in gens) + "</tr>")
    for grp in groups:
        h, t = st["per_group"][grp]
        cells = []
        for g in gens:
            hh, tt = st["per_gen_group"].get((g, grp), (0, 0))
            cells.append(f"<td>{fmt_pct(hh, tt)}</td>")
        o.append(f'<tr data-group="{grp}"><td class="l">{grp}</td><td>{h}</td><td>{t}</td>'
                 f'<td>{fmt_pct(h, t)}</td>{"".join(cells)}</tr>')
    o.append("</table>")
    o.append(svg_bars([(g, *st["per_gen"][g]) for g in gens], "coverage per generation"))
    o.append(svg_bars([(grp, *st["per_group"][grp]) for grp in groups], "coverage per group"))
    # holes
    nholes = sum(len(v) for v in st["holes"].values())
    o.append(f'<h2 id="holes">Holes (<span id="hole-count">{nholes}</span> bins never hit)</h2>')
    if not nholes:
        o.append("<p>None.</p>")
    for (g, grp) in sorted(st["holes"], key=lambda k: (gen_key(k[0]), k[1])):
        bins = sorted(st["holes"][(g, grp)])
        o.append(f'<details class="hole-group" data-gen="{g}" data-group="{grp}"><summary>{g}.{grp}: '
                 f'{len(bins)} hole(s)</summary><ul class="holes">')
        o.extend(f'<li class="hole"><code>{html.escape(b)}</code></li>' for b in bins)
        o.append("</ul></details>")
    o.append(f'<h2 id="excluded">Excluded bins ({len(db.excluded)})</h2>')
    if db.excluded:
        o.append('<details><summary>unreachable bins and why</summary><table id="excluded-table">'
                 '<tr><th class="l">bin</th><th class="l">reason</th></tr>')
        for b in sorted(db.excluded):
            o.append(f'<tr><td class="l"><code>{html.escape(b)}</code></td>'
                     f'<td class="l">{html.escape(db.excluded[b])}</td></tr>')
        o.append("</table></details>")
    else:
        o.append('<p class="note">None listed in the database.</p>')
    return o


def section_code(out_dir, info, waivers_path=None, root=".", design_dir="rtl_tb/rtl/", vectors_path=None):
    o = ['<h2 id="code">RTL code coverage (Verilator line)</h2>']
    if info and os.path.exists(info):
        if vectors_path and os.path.exists(vectors_path):
            with open(vectors_path, encoding="utf-8", errors="replace") as f:
                o.append(f'<p id="code-vectors">Co-simulated: {html.escape(f.read().strip())}.</p>')
        s = parse_lcov(info)
        waivers = parse_waivers(waivers_path) if waivers_path else []
        c = code_lines(info, root, design_dir, waivers)
        dh, dt = c["design"]
        holes = [u for u in c["uncovered"] if is_hole(u[3])]
        nw = len(c["uncovered"]) - len(holes)
        o.append('<table id="code-table"><tr><th class="l">kind</th><th>hit</th><th>points</th><th>coverage</th></tr>')
        o.append(f'<tr><td class="l">lines</td><td>{s["LH"]}</td><td>{s["LF"]}</td><td>{fmt_pct(s["LH"], s["LF"])}</td></tr>')
        if dt:
            o.append(f'<tr><td class="l">design lines ({html.escape(design_dir)})</td><td>{dh}</td><td>{dt}</td>'
                     f'<td>{fmt_pct(dh, dt)}</td></tr>')
            o.append(f'<tr><td class="l">design lines, {nw} justified exclusions left out</td><td>{dh}</td>'
                     f'<td>{dt - nw}</td><td>{fmt_pct(dh, dt - nw)}</td></tr>')
        if c["bench"][1]:
            o.append(f'<tr><td class="l">bench lines</td><td>{c["bench"][0]}</td><td>{c["bench"][1]}</td>'
                     f'<td>{fmt_pct(c["bench"][0], c["bench"][1])}</td></tr>')
        if s["BRF"]:
            o.append(f'<tr><td class="l">branch/toggle points</td><td>{s["BRH"]}</td><td>{s["BRF"]}</td>'
                     f'<td>{fmt_pct(s["BRH"], s["BRF"])}</td></tr>')
        o.append("</table>")
        o.append(svg_bars([("lines", s["LH"], s["LF"])] +
                          ([("branch/toggle", s["BRH"], s["BRF"])] if s["BRF"] else []), "code coverage"))
        if dt:
            print(f"code coverage: design lines {fmt_pct(dh, dt)} ({dh}/{dt}); {fmt_pct(dh, dt - nw)} "
                  f"without {nw} justified exclusions; {len(holes)} reachable holes")
        if c["uncovered"]:
            o.append(f'<p id="code-holes-summary">Uncovered design lines: {len(holes)} reachable holes, '
                     f'{nw} justified exclusions.</p>')
            o.append('<details open><summary>Uncovered design lines</summary>'
                     '<table id="code-holes"><tr><th class="l">line</th><th class="l">code</th>'
                     '<th class="l">status</th></tr>')
            for f, n, text, reason in c["uncovered"]:
                status = ("reachable hole" + ("" if reason is None else ": " + reason[len(HOLE):].strip())
                          if is_hole(reason) else "excluded: " + reason)
                o.append(f'<tr><td class="l"><code>{html.escape(f)}:{n}</code></td>'
                         f'<td class="l"><code>{html.escape(text)}</code></td><td class="l">{html.escape(status)}</td></tr>')
            o.append("</table></details>")
        stale = [w for w in waivers if not w["used"]]
        if stale:
            o.append('<p class="note" id="code-stale">Exclusions that matched no uncovered line: ' +
                     ", ".join(f'{html.escape(waivers_path)}:{w["line"]}' for w in stale) + '</p>')
    else:
        o.append('<p class="note" id="code-none">No code coverage data: <code>make cov</code> (or <code>make run '
                 'RUN_CODE_COV=1</code>) measures it on make run\'s vectors, <code>make cosim-cov</code> on the '
                 'smoke vectors.</p>')
    if os.path.exists(os.path.join(out_dir, "code", "index.html")):
        o.append('<p><a id="code-link" href="code/index.html">Per-file line coverage (genhtml)</a>; '
                 'the points come from the RTL sources rtl_tb/rtl/*.sv.</p>')
    return o


def section_results(results, cosim_log):
    o = ['<h2 id="regression">Regression results</h2>']
    if results:
        jobs = results.get("jobs", [])
        npass = sum(1 for j in jobs if j.get("status") == "pass")
        o.append(f'<p id="reg-summary">{npass} passed, {len(jobs) - npass} failed '
                 f'({html.escape(str(results.get("mode", "local")))}, '
                 f'{html.escape(str(results.get("target", "")))})</p>')
        o.append('<table id="results"><tr><th>#</th><th class="l">gen</th><th class="l">profile</th><th>seed</th>'
                 '<th>vectors</th><th class="l">status</th><th>instructions</th><th>cycles</th><th>wall s</th>'
                 '<th class="l">reproduce</th></tr>')
        for j in jobs:
            ok = j.get("status") == "pass"
            repro = "" if ok else f'<code>{html.escape(j.get("repro", ""))}</code>'
            o.append(f'<tr class="{"pass" if ok else "fail"}"><td>{j.get("index", "")}</td>'
                     f'<td class="l">{html.escape(str(j.get("gen", "")))}</td>'
                     f'<td class="l">{html.escape(str(j.get("profile", "")))}</td><td>{j.get("seed", "")}</td>'
                     f'<td>{j.get("count", "")}</td><td class="l st">{html.escape(str(j.get("status", "")))}'
                     f'{": " + html.escape(j["reason"]) if j.get("reason") and not ok else ""}</td>'
                     f'<td>{j.get("instructions", "")}</td><td>{j.get("cycles", "")}</td>'
                     f'<td>{float(j.get("wall", 0)):.2f}</td><td class="l">{repro}</td></tr>')
        o.append("</table>")
    elif cosim_log and os.path.exists(cosim_log):
        rows, summary = parse_cosim_log(cosim_log)
        if summary:
            o.append(f'<p id="reg-summary">{summary[0]} passed, {summary[1]} failed (make run co-simulation, '
                     f'{html.escape(os.path.basename(cosim_log))})</p>')
        o.append('<table id="results"><tr><th class="l">gen</th><th>vectors</th><th>skipped</th><th>failed</th>'
                 '<th>instructions</th><th>cycles</th><th>mismatches</th><th>wall s</th></tr>')
        for r in rows:
            cls = "fail" if r["failed"] else "pass"
            cell = lambda v, f="{}": "" if v is None else f.format(v)
            o.append(f'<tr class="{cls}"><td class="l">{r["gen"]}</td><td>{cell(r["vectors"])}</td>'
                     f'<td>{cell(r["skipped"])}</td><td>{r["failed"]}</td><td>{cell(r["instructions"])}</td>'
                     f'<td>{cell(r["cycles"])}</td><td>{cell(r["mismatches"])}</td>'
                     f'<td>{cell(r["wall"], "{:.2f}")}</td></tr>')
        o.append("</table>")
    else:
        o.append('<p class="note">No regression results.</p>')
    return o


def build(args):
    db, st = None, None
    if args.cov:
        db = CovDB()
        for p in args.cov:
            db.add_file(p)
        st = coverage_stats(db)
    results = None
    if args.results and os.path.exists(args.results):
        with open(args.results) as f:
            results = json.load(f)
    o = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
         f"<title>{html.escape(args.title)}</title><style>{CSS}</style></head><body>",
         f"<h1>{html.escape(args.title)}</h1>"]
    if args.timestamp:
        o.append(f'<p class="note">{html.escape(args.timestamp)}</p>')
    o.append('<p><a href="#functional">functional coverage</a> · <a href="#holes">holes</a> · '
             '<a href="#excluded">excluded</a> · <a href="#closure">closure curves</a> · '
             '<a href="#code">code coverage</a> · <a href="#toggle">toggle coverage</a> · '
             '<a href="#regression">regression</a></p>')
    o += section_functional(db, st)
    o += section_closure(args.closure)
    o += section_code(args.out, args.code_info, args.code_waivers, args.code_root, args.design_dir, args.code_vectors)
    o += section_toggle(args.toggle, args.toggle_vectors)
    o += section_results(results, args.cosim_log)
    o.append("</body></html>")
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "index.html")
    atomic_write(path, "\n".join(o) + "\n")
    if st is not None:
        print(f"functional coverage {fmt_pct(st['hit'], st['total'])} ({st['hit']}/{st['total']} bins)")
    print(f"report: {path}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="build/report")
    ap.add_argument("--cov", nargs="*", default=[])
    ap.add_argument("--cov-list", help="a file with one coverage DB path per line")
    ap.add_argument("--results")
    ap.add_argument("--cosim-log")
    ap.add_argument("--code-info")
    ap.add_argument("--code-waivers")
    ap.add_argument("--code-vectors")
    ap.add_argument("--code-root", default=".")
    ap.add_argument("--design-dir", default="rtl_tb/rtl/")
    ap.add_argument("--closure")
    ap.add_argument("--toggle")
    ap.add_argument("--toggle-vectors")
    ap.add_argument("--title", default="gcnref verification report")
    ap.add_argument("--timestamp")
    args = ap.parse_args(argv)
    if args.cov_list:
        with open(args.cov_list) as f:
            args.cov += [l.strip() for l in f if l.strip()]
    missing = [p for p in args.cov if not os.path.exists(p)]
    for p in missing:
        print(f"report.py: warning: no coverage database {p}", file=sys.stderr)
    args.cov = [p for p in args.cov if p not in missing]
    try:
        return build(args)
    except ValueError as e:  # a malformed or cut coverage database or curve file: FILE:LINE: error: ...
        print(e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(run_main(main, "report.py"))

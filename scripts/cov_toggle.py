#!/usr/bin/env python3
"""gcnref toggle coverage of the design (make cov-toggle; docs/regress.md "Toggle coverage").

  cov_toggle.py --classes FILE --out SUMMARY.json DAT [DAT ...]

Reads Verilator coverage data files (SystemC::Coverage-3, as verilator_coverage --write
merges them) of the toggle build (scripts/report.mk cov-toggle: --coverage-toggle with the
bench off, rtl_tb/cov_toggle.vlt). A toggle point is one bit of one signal of one module
(Verilator sums a module's instances, and a hierarchy block's, into one point); it is hit
when the bit changed at least once. The points are summed per module and per signal, and
every signal with a bit that never toggled is put in the first class of FILE that matches
it, or left unexplained. FILE (rtl_tb/coverage_toggle.txt) has lines

  MODULE | SIGNAL REGEX | CLASS: reason

(MODULE a module name or '*': a parameterized copy, gcn_fp_add__S30, is its module's; REGEX searched in the signal's name without its bit index,
'#' comments); the report (scripts/report.py --toggle) prints the summary this writes:
{"total", "hit", "modules": [{module, hit, total}], "untoggled": [{module, signal, bits,
width, class, reason}], "classes": [{class, bits, signals}], "unused": [classes lines that
matched nothing]}. Points of other kinds (line, branch) in the files are ignored.
"""
import argparse
import html
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic import atomic_write, run_main  # noqa: E402
from rule_file import read_rules  # noqa: E402

BIT = re.compile(r"(\[\d+\])+$")


def parse_dat(path, points):
    """Adds the toggle points of one .dat file to POINTS ((module, signal, bit) -> count)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for lineno, line in enumerate(f, 1):
            if not line.startswith("C '"):
                continue
            end = line.rfind("'")
            try:
                count = int(line[end + 1:].strip())
            except ValueError:
                raise ValueError(f"{path}:{lineno}: error: expected a count after the point's keys") from None
            keys = {}
            for item in line[3:end].split("\x01"):
                k, _, v = item.partition("\x02")
                if k:
                    keys[k] = v
            page = keys.get("page", "")
            if not page.startswith("v_toggle/"):
                continue
            module = page[len("v_toggle/"):]
            name = keys.get("o", "")
            m = BIT.search(name)
            signal, bit = (name[:m.start()], m.group(0)) if m else (name, "")
            key = (module, signal, bit)
            points[key] = points.get(key, 0) + count


def parse_classes(path):
    """rtl_tb/coverage_toggle.txt: "MODULE | REGEX | CLASS: reason" lines."""
    classes = []
    for lineno, module, rx, text in read_rules(path, "MODULE | REGEX | CLASS: reason", lambda t: ":" in t):
        cls, _, reason = text.partition(":")
        classes.append({"module": module, "rx": rx, "class": cls.strip(), "reason": reason.strip(),
                        "line": lineno, "used": 0})
    return classes


def summarise(points, classes):
    mods, sigs = {}, {}
    for (module, signal, _bit), count in points.items():
        for d, k in ((mods, module), (sigs, (module, signal))):
            h, t = d.get(k, (0, 0))
            d[k] = (h + (count > 0), t + 1)
    untoggled, by_class = [], {}
    for (module, signal), (h, t) in sorted(sigs.items()):
        if h == t:
            continue
        cls, reason = None, None
        base = module.split("__")[0]  # gcn_fp_add__S30: Verilator's name of a parameterized copy
        for c in classes:
            if c["module"] in ("*", base) and c["rx"].search(signal):
                cls, reason = c["class"], c["reason"]
                c["used"] += 1
                break
        untoggled.append({"module": module, "signal": signal, "bits": t - h, "width": t,
                          "class": cls, "reason": reason})
        b, n = by_class.get(cls or "unexplained", (0, 0))
        by_class[cls or "unexplained"] = (b + t - h, n + 1)
    return {
        "total": len(points), "hit": sum(1 for c in points.values() if c > 0),
        "modules": [{"module": m, "hit": h, "total": t} for m, (h, t) in sorted(mods.items())],
        "untoggled": untoggled,
        "classes": [{"class": c, "bits": b, "signals": n} for c, (b, n) in sorted(by_class.items())],
        "unused": [c["line"] for c in classes if not c["used"]],
    }


def pct(h, t):
    return f"{100.0 * h / t:.2f}%" if t else "-"


def section_toggle(summary_path, vectors_path=None):
    """The report's toggle section (scripts/report.py --toggle SUMMARY.json)."""
    o = ['<h2 id="toggle">RTL toggle coverage of the design</h2>']
    if not summary_path or not os.path.exists(summary_path):
        o.append('<p class="note" id="toggle-none">No toggle coverage data: <code>make cov-toggle</code> measures '
                 "it on make run's vectors.</p>")
        return o
    with open(summary_path, encoding="utf-8") as f:
        s = json.load(f)
    if vectors_path and os.path.exists(vectors_path):
        with open(vectors_path, encoding="utf-8", errors="replace") as f:
            o.append(f'<p id="toggle-vectors">Co-simulated: {html.escape(f.read().strip())}.</p>')
    explained = sum(u["bits"] for u in s["untoggled"] if u["class"])
    o.append(f'<p>Signal bits toggled: <span class="big" id="toggle-pct">{pct(s["hit"], s["total"])}</span> '
             f'(<span id="toggle-hit">{s["hit"]}</span> of <span id="toggle-total">{s["total"]}</span>; '
             f'<span id="toggle-explained-pct">{pct(s["hit"], s["total"] - explained)}</span> without the '
             f'{explained} bits of the classes below)</p>')
    print(f"toggle coverage: {pct(s['hit'], s['total'])} ({s['hit']}/{s['total']} bits); "
          f"{pct(s['hit'], s['total'] - explained)} without {explained} classified bits")
    o.append('<table id="toggle-classes"><tr><th class="l">class</th><th>bits</th><th>signals</th></tr>')
    o.extend(f'<tr><td class="l">{html.escape(c["class"])}</td><td>{c["bits"]}</td><td>{c["signals"]}</td></tr>'
             for c in s["classes"])
    o.append("</table>")
    o.append('<details><summary>Per module</summary><table id="toggle-modules"><tr><th class="l">module</th>'
             "<th>toggled</th><th>bits</th><th>coverage</th></tr>")
    o.extend(f'<tr><td class="l">{html.escape(m["module"])}</td><td>{m["hit"]}</td><td>{m["total"]}</td>'
             f'<td>{pct(m["hit"], m["total"])}</td></tr>' for m in s["modules"])
    o.append("</table></details>")
    o.append('<details><summary>Signals with bits never toggled</summary><table id="toggle-untoggled">'
             '<tr><th class="l">module</th><th class="l">signal</th><th>bits never toggled</th><th>of</th>'
             '<th class="l">class</th></tr>')
    for u in s["untoggled"]:
        status = f'{u["class"]}: {u["reason"]}' if u["class"] else "unexplained"
        o.append(f'<tr><td class="l">{html.escape(u["module"])}</td><td class="l"><code>{html.escape(u["signal"])}'
                 f'</code></td><td>{u["bits"]}</td><td>{u["width"]}</td><td class="l">{html.escape(status)}</td></tr>')
    o.append("</table></details>")
    return o


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("dat", nargs="+")
    args = ap.parse_args(argv)
    try:
        classes = parse_classes(args.classes)
        points = {}
        for p in args.dat:
            parse_dat(p, points)
    except (OSError, ValueError) as e:
        print(f"cov_toggle: {e}", file=sys.stderr)
        return 2
    s = summarise(points, classes)
    atomic_write(args.out, json.dumps(s, indent=1, sort_keys=True) + "\n")
    unexplained = sum(u["bits"] for u in s["untoggled"] if not u["class"])
    print(f"cov-toggle: {s['hit']} of {s['total']} design signal bits toggled ({pct(s['hit'], s['total'])}); "
          f"{unexplained} untoggled bits unexplained; summary {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main, "cov_toggle.py"))

#!/usr/bin/env python3
"""Tests of scripts/report.py (make report): builds reports from the hand-written fixtures
in tests/report/fixtures/, parses the HTML with html.parser and checks the numbers against
values computed by hand (below), the hole list, the charts, the links and determinism; then
renders the page in headless Chromium and checks the screenshot PNG (size, not blank).

Fixture arithmetic (a.db + b.db + c.db merged; the three formats: a.db v2, b.db v1, c.db
v3 with its "# end 7" line; all written by hand, none by the model):
  gcn10 (a.db, v2, + c.db): exec.all 4+1, exec.zero 0, op.s_add_u32 5, op.s_sub_u32 0+1,
        op.v_add_u32 3, scc.0 2, scc.1 0; op.s_rfe_b64 excluded  -> 5 of 7 hit = 71.43%
  gcn14 (b.db, v1): op.s_add 1, op.s_sub 2, scc.0 0, scc.1 0     -> 2 of 4 hit = 50.00%
  overall 7 of 11 = 63.64%; op 5/5 = 100.00%, scc 1/4 = 25.00%, exec 1/2 = 50.00%
  holes: gcn10.exec.zero, gcn10.scc.s_add_u32.1, gcn14.scc.s_add_u32.0, gcn14.scc.s_add_u32.1
  a.db alone: 4 of 7 = 57.14%
  code.info: lines 4+3+2 of 6+4+3 = 69.23% (the third record, as verilator_coverage
        writes it, has only DA/BRDA lines: 3 lines, 2 hit; 3 branch points, 1 hit);
        branch/toggle points 1+0+1 of 3+1+3 = 28.57%
  closure.json: gcn10 random reaches its 10 bins at 400 instructions, directed at 100 (4.0x);
        gcn14 random stops at 7 of 8 (not reached), directed 8 of 8 at 150. Chart geometry
        (scripts/report.py svg_curves: plot x 52..410, y 24..206, x scale = the chart's last
        instruction count): gcn10's first random point (100 of 400 instructions, 5 of 10 bins)
        is at 52 + 358/4 = 141.5, 24 + 182/2 = 115.0; directed's last (100, 10 of 10) at
        141.5, 24.0.
Prints "N passed, N failed[, N skipped]".
"""
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "common"))
from checks import check, skip, summary  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIX = os.path.join(HERE, "fixtures")
REPORT = os.path.join(ROOT, "scripts", "report.py")



class Page(html.parser.HTMLParser):
    """Collects element text by id, table rows, hole items, tags and URLs."""

    def __init__(self):
        super().__init__()
        self.stack = []          # open elements: (tag, id, attrs)
        self.text_by_id = {}
        self.rows = {}           # table id -> list of rows (lists of cell texts)
        self.cur_table = None
        self.cur_row = None
        self.cur_cell = None
        self.holes = []
        self.in_hole = False
        self.tags = {}
        self.urls = []
        self.details = 0
        self.bars = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for k in ("href", "src", "xlink:href", "action", "data"):
            if k in a and a[k] is not None:
                self.urls.append(a[k])
        if "style" in a and a["style"] and "url(" in a["style"]:
            self.urls.append(a["style"])
        if tag == "details":
            self.details += 1
        if tag == "rect" and "bar" in (a.get("class") or ""):
            self.bars.append(float(a["data-pct"]))
        if tag == "table":
            self.cur_table = a.get("id")
            self.rows.setdefault(self.cur_table, [])
        elif tag == "tr":
            self.cur_row = []
        elif tag in ("td", "th"):
            self.cur_cell = ""
        elif tag == "li" and "hole" in (a.get("class") or ""):
            self.in_hole = True
            self.holes.append("")
        if tag not in ("rect", "meta", "br"):
            self.stack.append((tag, a.get("id")))
            if a.get("id"):
                self.text_by_id[a["id"]] = ""

    def handle_endtag(self, tag):
        if tag == "tr" and self.cur_row is not None and self.cur_table is not None:
            self.rows[self.cur_table].append(self.cur_row)
            self.cur_row = None
        elif tag in ("td", "th") and self.cur_row is not None:
            self.cur_row.append(self.cur_cell.strip())
            self.cur_cell = None
        elif tag == "li":
            self.in_hole = False
        elif tag == "table":
            self.cur_table = None
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break

    def handle_data(self, data):
        for _, i in self.stack:
            if i:
                self.text_by_id[i] += data
        if self.cur_cell is not None:
            self.cur_cell += data
        if self.in_hole:
            self.holes[-1] += data


def make_report(out, *extra):
    cmd = [sys.executable, REPORT, "--out", out] + list(extra)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        print(p.stdout)
    return p.returncode


def parse(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    pg = Page()
    pg.feed(text)
    pg.close()
    return pg, text


def row_map(rows):
    return {r[0]: r for r in rows[1:]} if rows else {}


def test_full(tmp):
    out = os.path.join(tmp, "full")
    os.makedirs(os.path.join(out, "code"))
    with open(os.path.join(out, "code", "index.html"), "w") as f:
        f.write("<html></html>\n")
    args = ["--cov", *(os.path.join(FIX, n) for n in ("a.db", "b.db", "c.db")),
            "--results", os.path.join(FIX, "results.json"), "--code-info", os.path.join(FIX, "code.info"),
            "--closure", os.path.join(FIX, "closure.json"), "--toggle", toggle_summary(tmp)]
    check(make_report(out, *args) == 0, "report.py exits 0 on the fixtures")
    pg, text = parse(os.path.join(out, "index.html"))
    closure = row_map(pg.rows.get("closure-table"))
    check(closure.get("gcn10", [None] * 5)[1:5] == ["10", "400", "100", "4.0x"],
          "closure table gcn10: 10 bins, random 400, directed 100 instructions, 4.0x")
    check(closure.get("gcn14", [None] * 5)[1:5] == ["8", "not reached", "150", "n/a"],
          "closure table gcn14: random not reached, directed 150")
    curves = re.findall(r'<polyline class="curve" data-mode="(\w+)" data-closed="(\d)"[^>]*points="([^"]*)"', text)
    check([(m, c) for m, c, _ in curves] == [("random", "1"), ("directed", "1"), ("random", "0"), ("directed", "1")],
          "one SVG closure curve per generation and mode, closed where 100% was reached")
    check(len(curves) == 4 and curves[0][2].split()[0] == "141.5,115.0" and curves[1][2].split()[-1] == "141.5,24.0",
          "closure curve points at their hand-computed coordinates", curves[:2])
    check(pg.text_by_id.get("overall-pct") == "63.64%", "overall coverage 7/11 = 63.64%")
    check(pg.text_by_id.get("overall-hit") == "7" and pg.text_by_id.get("overall-total") == "11",
          "overall 7 of 11 bins")
    check(pg.text_by_id.get("excluded-count") == "1", "one excluded bin")
    gens = row_map(pg.rows.get("per-gen"))
    check(gens.get("gcn10", [None] * 4)[1:4] == ["5", "7", "71.43%"], "gcn10 5/7 = 71.43% (v2 + merge)")
    check(gens.get("gcn14", [None] * 4)[1:4] == ["2", "4", "50.00%"], "gcn14 2/4 = 50.00% (v1 format)")
    groups = row_map(pg.rows.get("per-group"))
    check(groups.get("op", [None] * 4)[1:4] == ["5", "5", "100.00%"], "group op 5/5 = 100.00%")
    check(groups.get("scc", [None] * 4)[1:4] == ["1", "4", "25.00%"], "group scc 1/4 = 25.00%")
    check(groups.get("exec", [None] * 4)[1:4] == ["1", "2", "50.00%"], "group exec 1/2 = 50.00%")
    check(groups.get("scc", [None] * 6)[4:6] == ["50.00%", "0.00%"], "scc per generation 1/2, 0/2")
    want_holes = ["gcn10.exec.zero", "gcn10.scc.s_add_u32.1", "gcn14.scc.s_add_u32.0", "gcn14.scc.s_add_u32.1"]
    check(sorted(pg.holes) == want_holes, f"hole list {want_holes}")
    check(pg.text_by_id.get("hole-count") == "4", "hole count 4")
    check(pg.details >= 3, "holes are collapsible (<details>)")
    check("gcn10.op.s_rfe_b64.sop1" in text and "not modelled (unsupported instruction)" in text,
          "excluded bin listed with its reason")
    check(pg.tags.get("svg", 0) >= 3 and len(pg.bars) >= 7, "inline SVG bar charts (generation, group, code)")
    check(sorted(pg.bars) == [25.0, 28.57, 50.0, 50.0, 69.23, 71.43, 100.0],
          "bar lengths follow the percentages (gcn10, gcn14, exec, op, scc, lines, toggle)")
    code = row_map(pg.rows.get("code-table"))
    check(code.get("lines", [None] * 4)[1:4] == ["9", "13", "69.23%"], "code lines 9/13 = 69.23% (LF/LH and DA)")
    check(code.get("branch/toggle points", [None] * 4)[1:4] == ["2", "7", "28.57%"],
          "branch/toggle points 2/7 = 28.57% (BRF/BRH and BRDA)")
    check("code/index.html" in pg.urls, "code-coverage pages linked")
    res = pg.rows.get("results") or []
    check(len(res) == 4 and [r[5].split(":")[0] for r in res[1:]] == ["pass", "fail", "timeout"],
          "regression results table: 3 jobs, pass/fail/timeout")
    check(pg.text_by_id.get("reg-summary", "").startswith("1 passed, 2 failed"), "regression summary 1 passed, 2 failed")
    check("tb_cosim +vectors=x.vec" in res[2][9] if len(res) > 2 else False, "failure shows its reproduction command")
    external = [u for u in pg.urls if not (u.startswith("#") or u == "code/index.html")]
    check(not external and "http:" not in text and "https:" not in text and "url(" not in text
          and "@import" not in text, "no external URLs or resources")
    check(pg.tags.get("script", 0) == 0 and pg.tags.get("link", 0) == 0 and pg.tags.get("img", 0) == 0,
          "no scripts, stylesheets or images loaded")
    # determinism
    out2 = os.path.join(tmp, "full2")
    os.makedirs(os.path.join(out2, "code"))
    shutil.copy(os.path.join(out, "code", "index.html"), os.path.join(out2, "code", "index.html"))
    make_report(out2, *args)
    with open(os.path.join(out2, "index.html")) as f:
        check(f.read() == text, "same inputs, same bytes")
    # order independence of the merge
    out3 = os.path.join(tmp, "full3")
    make_report(out3, "--cov", *(os.path.join(FIX, n) for n in ("c.db", "b.db", "a.db")))
    pg3, _ = parse(os.path.join(out3, "index.html"))
    check(pg3.text_by_id.get("overall-pct") == "63.64%", "merge order does not matter")
    return out


def test_single_and_log(tmp):
    out = os.path.join(tmp, "single")
    check(make_report(out, "--cov", os.path.join(FIX, "a.db"), "--cosim-log",
                      os.path.join(FIX, "cosim_run.log")) == 0, "report.py with one DB and a cosim log")
    pg, text = parse(os.path.join(out, "index.html"))
    check(pg.text_by_id.get("overall-pct") == "57.14%", "a.db alone: 4/7 = 57.14%")
    res = pg.rows.get("results") or []
    check(len(res) == 3 and res[2][0] == "gcn14" and res[2][3] == "1", "cosim log summary table parsed")
    check(pg.text_by_id.get("reg-summary", "").startswith("5275 passed, 1 failed"), "cosim log pass/fail line")
    check("code-link" not in text, "no code link without code coverage pages")
    check("make cov" in pg.text_by_id.get("code-none", ""), "without code coverage, the command that gives it")
    out = os.path.join(tmp, "log2")
    make_report(out, "--cosim-log", os.path.join(FIX, "cosim_run_v2.log"))
    pg, _ = parse(os.path.join(out, "index.html"))
    res = pg.rows.get("results") or []
    check(len(res) == 3 and res[2][0] == "gcn12" and res[2][3] == "2" and res[2][4] == "469",
          "cosim log without skipped/wall columns parsed by column name")
    out = os.path.join(tmp, "empty")
    check(make_report(out) == 0 and os.path.exists(os.path.join(out, "index.html")),
          "report.py without inputs still writes a page")


def test_against_cov_summary(tmp):
    """On a real DB (gcnref run --coverage of generated vectors), report.py's overall and
    per-generation numbers equal those of `gcnref cov summary` (an independent
    implementation in C)."""
    gcnref = os.path.join(ROOT, "build", "bin", "gcnref")
    r = subprocess.run([gcnref, "cov", "summary", os.devnull], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True) if os.path.exists(gcnref) else None
    if r is None or "unknown command" in r.stdout:
        skip("cross-check with gcnref cov summary", "no build/bin/gcnref with 'cov summary'")
        return
    vec, db = os.path.join(tmp, "x.vec"), os.path.join(tmp, "x.db")
    subprocess.run([gcnref, "gen", "--gen", "gcn12", "--seed", "99", "--count", "20", "-o", vec], check=True)
    subprocess.run([gcnref, "run", "--coverage", db, vec], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    summ = subprocess.run([gcnref, "cov", "summary", db], stdout=subprocess.PIPE, text=True).stdout
    m = re.search(r"^total\s+(\d+) of\s+(\d+) reachable bins hit \(\s*([\d.]+)%\), (\d+) excluded", summ, re.M)
    out = os.path.join(tmp, "real")
    make_report(out, "--cov", db)
    pg, _ = parse(os.path.join(out, "index.html"))
    got = (pg.text_by_id.get("overall-hit"), pg.text_by_id.get("overall-total"),
           pg.text_by_id.get("overall-pct"), pg.text_by_id.get("excluded-count"))
    want = (m.group(1), m.group(2), m.group(3) + "%", m.group(4)) if m else None
    check(m is not None and got == want, f"same numbers as gcnref cov summary ({got} vs {want})")


def test_truncated(tmp):
    """Issue 18 item 4: a v3 database cut short (no end line, a cut end line, lines lost)
    is an error FILE:LINE: error: ..., exit 2, no page; the whole c.db is fine."""
    with open(os.path.join(FIX, "c.db")) as f:
        whole = f.read()
    cuts = {"no end line": whole[:whole.index("# end")], "a cut end line": whole.rstrip("\n"),
            "a bin line lost": whole.replace("gcn10.exec.zero 0\n", "")}
    for what, text in cuts.items():
        db, out = os.path.join(tmp, "cut.db"), os.path.join(tmp, "cut")
        with open(db, "w") as f:
            f.write(text)
        p = subprocess.run([sys.executable, REPORT, "--out", out, "--cov", db], capture_output=True, text=True)
        check(p.returncode == 2 and re.match(re.escape(db) + r":\d+: error: ", p.stderr)
              and not os.path.exists(os.path.join(out, "index.html")),
              f"report.py on c.db with {what}: FILE:LINE: error, exit 2", p.stderr)


def test_code_holes(tmp):
    """The design's uncovered lines, each a reachable hole or a justified exclusion
    (--code-waivers). Fixture arithmetic (code_holes.info, src/, waivers.txt, by hand):
    design (rtl_tb/rtl/) DA points unit_a 1 of 3 + unit_b 1 of 2 = 2 of 5 = 40.00%; uncovered
    unit_a.sv:3 (hole), unit_a.sv:5 ("default: ...", waived), unit_b.sv:2 (hole): 2 of 4 =
    50.00% without the one exclusion; bench (rtl_tb/tb/bench.sv) 1 of 3 = 33.33%; the
    waiver on waivers.txt line 3 matches no uncovered line (stale); the one on line 4 annotates
    the hole unit_b.sv:2 ("hole: ...": still a hole, not an exclusion). --code-vectors: its
    line printed."""
    out = os.path.join(tmp, "holes")
    vec = os.path.join(tmp, "vectors.txt")
    with open(vec, "w") as f:
        f.write("make run's vectors: 4800 per generation\n")
    p = subprocess.run([sys.executable, REPORT, "--out", out, "--code-info", os.path.join(FIX, "code_holes.info"),
                        "--code-waivers", os.path.join(FIX, "waivers.txt"), "--code-root", os.path.join(FIX, "src"),
                        "--code-vectors", vec], capture_output=True, text=True)
    check(p.returncode == 0, "report.py exits 0 with waivers", p.stderr)
    check("design lines 40.00% (2/5); 50.00% without 1 justified exclusions; 2 reachable holes" in p.stdout,
          "the design-line summary printed", p.stdout)
    pg, text = parse(os.path.join(out, "index.html"))
    code = row_map(pg.rows.get("code-table"))
    check(code.get("design lines (rtl_tb/rtl/)", [None] * 4)[1:4] == ["2", "5", "40.00%"], "design lines 2/5 = 40.00%")
    check(code.get("design lines, 1 justified exclusions left out", [None] * 4)[1:4] == ["2", "4", "50.00%"],
          "design lines without exclusions 2/4 = 50.00%")
    check(code.get("bench lines", [None] * 4)[1:4] == ["1", "3", "33.33%"], "bench lines 1/3 = 33.33%")
    holes = [(r[0], r[1], r[2]) for r in (pg.rows.get("code-holes") or [])[1:]]
    check(holes == [("rtl_tb/rtl/unit_a.sv:3", "logic unused_q;", "reachable hole"),
                    ("rtl_tb/rtl/unit_a.sv:5", "default: r = 1'b0;", "excluded: a default arm decode never reaches"),
                    ("rtl_tb/rtl/unit_b.sv:2", "assign y = x_i & 1'b1;",
                     "reachable hole: a stream that sets x_i (not written yet)")],
          "every uncovered design line listed with its code and status", holes)
    check(pg.text_by_id.get("code-holes-summary") == "Uncovered design lines: 2 reachable holes, 1 justified exclusions.",
          "hole summary", pg.text_by_id.get("code-holes-summary"))
    check("waivers.txt:3" in pg.text_by_id.get("code-stale", ""), "a waiver matching no uncovered line is named")
    check(pg.text_by_id.get("code-vectors") == "Co-simulated: make run's vectors: 4800 per generation.",
          "the coverage's vectors named", pg.text_by_id.get("code-vectors"))
    bad = os.path.join(tmp, "bad_waivers.txt")
    for what, body in {"two fields": "rtl_tb/rtl/unit_a.sv | x\n", "a bad regex": "rtl_tb/rtl/unit_a.sv | ( | r\n"}.items():
        with open(bad, "w") as f:
            f.write("# c\n" + body)
        out2 = os.path.join(tmp, "bad-holes")
        p = subprocess.run([sys.executable, REPORT, "--out", out2, "--code-info", os.path.join(FIX, "code_holes.info"),
                            "--code-waivers", bad], capture_output=True, text=True)
        check(p.returncode == 2 and p.stderr.startswith(bad + ":2: error: ")
              and not os.path.exists(os.path.join(out2, "index.html")),
              f"a waiver file with {what}: FILE:LINE: error, exit 2, no page", p.stderr)


def toggle_summary(tmp):
    """scripts/cov_toggle.py on the hand-written toggle.dat and toggle_classes.txt; the summary's path."""
    path = os.path.join(tmp, "toggle.json")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "cov_toggle.py"), "--classes",
                        os.path.join(FIX, "toggle_classes.txt"), "--out", path, os.path.join(FIX, "toggle.dat")],
                       stdout=subprocess.DEVNULL, check=True)
    return path


def test_toggle(tmp):
    """Toggle coverage (scripts/cov_toggle.py, report.py --toggle). Fixture arithmetic (toggle.dat,
    by hand): toggle points gcn_salu a[0] 3, a[1] 0, flag 0 (a v_line point beside them is not
    one), gcn_vrf we 5, addr[0] 1, addr[1] 0 -> 3 of 6 bits = 50.00%; flag is in the class
    "constant" (toggle_classes.txt line 2), so 3 of 5 = 60.00% without it; a and addr (1 bit
    each) unexplained; the class on line 3 matches nothing."""
    import json
    with open(toggle_summary(tmp)) as f:
        s = json.load(f)
    check((s["hit"], s["total"]) == (3, 6), "toggle: 3 of 6 bits hit (line points ignored)", (s["hit"], s["total"]))
    check([(m["module"], m["hit"], m["total"]) for m in s["modules"]] == [("gcn_salu", 1, 3), ("gcn_vrf", 2, 3)],
          "toggle: per module gcn_salu 1/3, gcn_vrf 2/3", s["modules"])
    check([(u["module"], u["signal"], u["bits"], u["width"], u["class"]) for u in s["untoggled"]] ==
          [("gcn_salu", "a", 1, 2, None), ("gcn_salu", "flag", 1, 1, "constant"), ("gcn_vrf", "addr", 1, 2, None)],
          "toggle: untoggled signals with their bits, widths and classes", s["untoggled"])
    check(s["unused"] == [3], "toggle: the class that matches nothing is named", s["unused"])
    out = os.path.join(tmp, "toggle")
    check(make_report(out, "--toggle", toggle_summary(tmp)) == 0, "report.py --toggle exits 0")
    pg, _ = parse(os.path.join(out, "index.html"))
    check((pg.text_by_id.get("toggle-pct"), pg.text_by_id.get("toggle-explained-pct")) == ("50.00%", "60.00%"),
          "report: toggle 50.00%, 60.00% without the classified bit")
    classes = row_map(pg.rows.get("toggle-classes"))
    check(classes.get("constant", [None] * 3)[1:3] == ["1", "1"] and
          classes.get("unexplained", [None] * 3)[1:3] == ["2", "2"], "report: toggle classes table")
    check(len(pg.rows.get("toggle-untoggled", [])) == 4, "report: three untoggled signals listed")
    bad = os.path.join(tmp, "bad_classes.txt")
    with open(bad, "w") as f:
        f.write("gcn_salu | ^flag$ | no class before a colon\n")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "cov_toggle.py"), "--classes", bad, "--out",
                        os.path.join(tmp, "bad.json"), os.path.join(FIX, "toggle.dat")], capture_output=True, text=True)
    check(p.returncode == 2 and f"{bad}:1: error:" in p.stderr, "cov_toggle.py: a malformed class line is FILE:LINE: error")


def test_waivers_current(tmp):
    """rtl_tb/coverage_waivers.txt stays true: every REGEX matches a line of its FILE."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import report  # noqa: E402
    path = os.path.join(ROOT, "rtl_tb", "coverage_waivers.txt")
    waivers = report.parse_waivers(path)
    check(len(waivers) > 10, f"{len(waivers)} waivers read")
    for w in waivers:
        src = os.path.join(ROOT, w["file"])
        lines = open(src, encoding="utf-8").read().split("\n") if os.path.exists(src) else []
        check(any(w["rx"].search(l.strip()) for l in lines),
              f"coverage_waivers.txt:{w['line']}: {w['rx'].pattern!r} matches a line of {w['file']}")


def test_toggle_classes_current(tmp):
    """rtl_tb/coverage_toggle.txt parses and each MODULE names a module of rtl_tb/rtl/."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import cov_toggle  # noqa: E402
    classes = cov_toggle.parse_classes(os.path.join(ROOT, "rtl_tb", "coverage_toggle.txt"))
    check(len(classes) >= 5, f"{len(classes)} toggle classes read")
    modules = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, "rtl_tb", "rtl")):
        for n in files:
            if n.endswith(".sv"):
                with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                    modules.update(re.findall(r"^module\s+(\w+)", f.read(), re.M))
    for c in classes:
        check(c["module"] == "*" or c["module"] in modules,
              f"coverage_toggle.txt:{c['line']}: module {c['module']} is a module of rtl_tb/rtl/")


def test_closure_bad(tmp):
    """A closure file that is not cov_closure's JSON: FILE: error, exit 2, no page."""
    bad = {"not JSON": '{"curves": [', "a point out of range": '{"curves": [{"gen": "gcn10", "mode": '
           '"random", "points": [[4, 10, 11]], "bins": 10}]}', "an unknown mode": '{"curves": [{"gen": '
           '"gcn10", "mode": "lucky", "points": [], "bins": 10}]}'}
    for what, body in bad.items():
        path, out = os.path.join(tmp, "closure.json"), os.path.join(tmp, "bad-closure")
        with open(path, "w") as f:
            f.write(body)
        p = subprocess.run([sys.executable, REPORT, "--out", out, "--closure", path], capture_output=True, text=True)
        check(p.returncode == 2 and p.stderr.startswith(path + ":") and " error: " in p.stderr
              and not os.path.exists(os.path.join(out, "index.html")),
              f"report.py on a closure file with {what}: FILE: error, exit 2, no page", p.stderr)


def png_pixels(path):
    """(width, height, rows of RGB(A) tuples) of an 8-bit RGB/RGBA PNG, with the stdlib."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if typ == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif typ == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        return w, h, None
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        ft = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, (rows, bpp)


def find_chromium():
    for c in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(c)
        if p:
            return p
    return None


def test_screenshot(out, tmp):
    chrome = find_chromium()
    if not chrome:
        skip("screenshot", "chromium is not installed (scripts/deps.sh installs Debian's chromium)")
        return
    png = os.path.join(tmp, "shot.png")
    prof = os.path.join(tmp, "chrome-profile")
    cmd = [chrome, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
           f"--user-data-dir={prof}", "--no-first-run", "--disable-extensions",
           f"--screenshot={png}", "--window-size=1280,2000",
           "file://" + os.path.abspath(os.path.join(out, "index.html"))]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120,
                           env=dict(os.environ, HOME=tmp))
    except subprocess.TimeoutExpired:
        check(False, "headless chromium finished within 120 s")
        return
    if not os.path.exists(png):
        print(p.stdout[-2000:])
    check(os.path.exists(png), "headless chromium wrote a screenshot")
    if not os.path.exists(png):
        return
    w, h, px = png_pixels(png)
    check((w, h) == (1280, 2000), f"screenshot is 1280x2000 (got {w}x{h})")
    if px is None:
        skip("screenshot pixels", "PNG is not 8-bit RGB(A), pixels not decoded")
        return
    rows, bpp = px
    colours = set()
    nonwhite = 0
    for r in rows[::4]:
        for x in range(0, len(r), bpp * 4):
            c = r[x:x + 3]
            colours.add(c)
            if c != b"\xff\xff\xff":
                nonwhite += 1
    check(len(colours) >= 4 and nonwhite > 100, f"screenshot is not blank ({len(colours)} colours)")
    # the green (>= 90%) bars: pixels close to #2e7d32
    green = sum(1 for r in rows[::2] for x in range(0, len(r), bpp)
                if abs(r[x] - 0x2e) < 24 and abs(r[x + 1] - 0x7d) < 24 and abs(r[x + 2] - 0x32) < 24)
    check(green > 200, f"the bar charts are drawn (green bar pixels: {green})")


def main():
    tmp = tempfile.mkdtemp(prefix="gcnref-report-")
    try:
        out = test_full(tmp)
        test_single_and_log(tmp)
        test_against_cov_summary(tmp)
        test_truncated(tmp)
        test_closure_bad(tmp)
        test_code_holes(tmp)
        test_waivers_current(tmp)
        test_toggle(tmp)
        test_toggle_classes_current(tmp)
        test_screenshot(out, tmp)
        if os.environ.get("REPORT_KEEP_SHOT"):
            shutil.copy(os.path.join(tmp, "shot.png"), os.environ["REPORT_KEEP_SHOT"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())

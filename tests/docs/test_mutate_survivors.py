#!/usr/bin/env python3
"""docs/mutate_survivors.md against rtl_tb/tb/mutate/equivalent.txt (suite docs_mutate_survivors):
each equivalent.txt line that names a mutant of a documented sample ("seed S, mutant K") has its
row in that sample's table, marked equivalent; each row marked equivalent (review) has its
equivalent.txt line; every row's outcome is one of the five; the summary line's counts are the
table's. Runs in well under a second."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTCOMES = ("killed", "equivalent (proof)", "equivalent (review)", "within bound", "open")
fails = checks = 0


def check(ok, what):
    global fails, checks
    checks += 1
    if not ok:
        fails += 1
        print(f"FAIL {what}")


def tables(text):
    """{seed: {id: outcome}} per '## ... seed S ...' section, and {seed: summary line}."""
    rows, summ, seed = {}, {}, None
    for ln in text.splitlines():
        m = re.match(r"^## .*\bseed (\d+)\b", ln)
        if m:
            seed = int(m.group(1))
            rows.setdefault(seed, {})
            continue
        m = re.match(r"^\| (\d+) \|.*\| \*\*([a-z ()]+)\*\*", ln)
        if m and seed is not None:
            k = int(m.group(1))
            check(k not in rows[seed], f"seed {seed} mutant {k}: one row")
            rows[seed][k] = m.group(2)
            check(m.group(2) in OUTCOMES, f"seed {seed} mutant {k}: outcome '{m.group(2)}' is one of {OUTCOMES}")
        m = re.match(r"^Summary \(seed (\d+)\): (\d+) survivors: (.*)\.$", ln)
        if m:
            summ[int(m.group(1))] = (int(m.group(2)), m.group(3))
    return rows, summ


def main():
    with open(os.path.join(ROOT, "docs", "mutate_survivors.md")) as f:
        rows, summ = tables(f.read())
    check(any(rows.values()), "docs/mutate_survivors.md has a sample table")
    named = {}
    with open(os.path.join(ROOT, "rtl_tb", "tb", "mutate", "equivalent.txt")) as f:
        for ln in f:
            m = re.search(r"\bseed (\d+), mutant (\d+)\b", ln) if not ln.startswith("#") else None
            if m:
                named.setdefault(int(m.group(1)), set()).add(int(m.group(2)))
    for seed, ks in named.items():
        for k in ks:
            out = rows.get(seed, {}).get(k)
            check(out is not None and out.startswith("equivalent"),
                  f"equivalent.txt names seed {seed} mutant {k}: its row is marked equivalent (got {out})")
    for seed, r in rows.items():
        if not r:  # a section of a run not documented yet
            continue
        for k, out in r.items():
            if out == "equivalent (review)":
                check(k in named.get(seed, set()), f"seed {seed} mutant {k}: reviewed equivalent, in equivalent.txt")
        check(seed in summ, f"seed {seed}: a summary line")
        if seed in summ:
            n, text = summ[seed]
            check(n == len(r), f"seed {seed}: summary {n} survivors, table {len(r)}")
            for o in OUTCOMES:
                m = re.search(r"(\d+) " + re.escape(o) + r"(,|$)", text)
                got = sum(1 for x in r.values() if x == o)
                check(m is not None and int(m.group(1)) == got, f"seed {seed}: summary's '{o}' count is {got}")
    print(f"mutate survivors: {sum(len(r) for r in rows.values())} rows, "
          f"{sum(len(v) for v in named.values())} equivalent.txt lines")
    print(f"{checks - fails} passed, {fails} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())

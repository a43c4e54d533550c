#!/usr/bin/env python3
"""The README's layout table must name every tracked source folder (docs a test keeps true).

A source folder is a folder holding a tracked file with a source ending (C, C++, SystemVerilog,
Python, make, shell, Verilator control files, the ISA table, profiles). The table names a
folder when one of its rows has a path (in backticks) equal to the folder or inside it. Also
checks that every path the table names exists. Ends with "N passed, N failed".
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import check, summary  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCE = re.compile(r"\.(c|h|cpp|sv|svh|py|mk|sh|vlt|tab|prof|f|awk)$|(^|/)(Makefile|run|regress)$")


def tracked_files():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True, check=True).stdout
        return out.split()
    except (OSError, subprocess.CalledProcessError):  # not a checkout: walk, skipping build output
        files = []
        for d, dirs, names in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in ("build", ".git", "__pycache__")]
            files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names]
        return files


def layout_paths(readme):
    text = open(readme, encoding="utf-8").read()
    m = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m:
        return None
    paths = set()
    for row in m.group(1).splitlines():
        if not row.startswith("|"):
            continue
        first = row.split("|")[1]
        for p in re.findall(r"`([^`]+)`", first):
            paths.add(p.strip().rstrip("/"))
    return paths


def main():
    paths = layout_paths(os.path.join(ROOT, "README.md"))
    check(paths is not None, "README.md has a '## Layout' section with a table")
    paths = paths or set()
    folders = sorted({os.path.dirname(f) for f in tracked_files()
                      if SOURCE.search(f) and os.path.dirname(f) and not f.startswith("tests/report/fixtures")})
    for folder in folders:
        named = any(p == folder or p.startswith(folder + "/") for p in paths)
        check(named, f"README layout table names source folder {folder}/")
    for p in sorted(paths):
        if p.startswith("build/") or "*" in p or "{" in p:
            continue
        check(os.path.exists(os.path.join(ROOT, p)), f"layout table path {p} exists")
    return summary()


if __name__ == "__main__":
    sys.exit(main())

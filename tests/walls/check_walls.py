#!/usr/bin/env python3
"""The layer walls of docs/architecture.md, checked: refmodel <- vectors <- checker <- dpi, cli.

    python3 tests/walls/check_walls.py [--root DIR] [--make-output FILE]

Includes: every C/C++ source and header of the layers is read; each quoted #include is
resolved as the compiler would (the file's own folder, then the layers' include folders)
and the folder it lands in must be one the including layer may use. <svdpi.h> (and
"svdpi.h") is allowed in dpi/ only.
Links: the recipes of `make -n -B` for the libraries, the command and the simulators are
read (or FILE, for a test of this script): each library archives only its own layer's
objects, each layer's objects are compiled without a higher layer's include folder, and
every simulator that links the DPI adapter links libgcnchk, libgcnvec, libgcnref in that
order and no loose vector object. Ends with "N passed, N failed".
"""
import argparse
import os
import re
import subprocess
import sys

# Layer -> the layers whose headers it may include (itself included).
MAY_USE = {
    "refmodel": {"refmodel"},
    "vectors": {"refmodel", "vectors"},
    "checker": {"refmodel", "vectors", "checker"},
    "dpi": {"refmodel", "vectors", "checker", "dpi"},
    "cli": {"refmodel", "vectors", "checker", "cli"},
}
# Include folders, in the order a search tries them, and the layer each belongs to.
INCLUDE_DIRS = [("refmodel/include", "refmodel"), ("refmodel/src", "refmodel"),
                ("build/gen", "refmodel"), ("vectors", "vectors"), ("checker", "checker"),
                ("dpi", "dpi"), ("cli", "cli")]
GENERATED = {"gcn_isa_gen.h": "refmodel"}  # made by scripts/gen_isa.py into build/gen
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
SOURCE = re.compile(r"\.(c|h|cpp|hpp)$")

passed = failed = 0


def check(cond, what, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}")
        for line in detail.strip().splitlines()[:30]:
            print("     | " + line)


def layer_of(path):
    if path.startswith("build/gen/"):
        return "refmodel"  # generated from refmodel/isa by scripts/gen_isa.py
    top = path.split("/", 1)[0]
    return top if top in MAY_USE else None


def resolve(root, src, name):
    """The repository-relative path (or the layer, for a generated header) that a quoted
    include NAME of SRC lands on; None when no folder of the project has it."""
    for d in [os.path.dirname(src)] + [d for d, _ in INCLUDE_DIRS]:
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    if name in GENERATED:
        return GENERATED[name] + "/<generated>/" + name
    return None


def check_includes(root):
    bad, files = [], 0
    for layer in MAY_USE:
        for dirpath, _, names in os.walk(os.path.join(root, layer)):
            for n in sorted(names):
                if not SOURCE.search(n):
                    continue
                path = os.path.relpath(os.path.join(dirpath, n), root)
                files += 1
                with open(os.path.join(root, path), errors="replace") as f:
                    text = f.read()
                for m in INCLUDE.finditer(text):
                    kind, name = m.group(1), m.group(2)
                    line = text.count("\n", 0, m.start()) + 1
                    where = f"{path}:{line}: #include {kind}{name}"
                    if os.path.basename(name) == "svdpi.h":
                        if layer != "dpi":
                            bad.append(f"{where}: svdpi.h outside dpi/")
                        continue
                    if kind == "<":
                        continue  # system and library headers
                    target = resolve(root, path, name)
                    if target is None:
                        bad.append(f"{where}: not a header of any layer")
                        continue
                    to = layer_of(target)
                    if to is None:
                        bad.append(f"{where}: lands in {target}, outside the layers")
                    elif to not in MAY_USE[layer]:
                        bad.append(f"{where}: {layer}/ may not include {to}/ ({target})")
    check(files > 0 and not bad, f"includes: {files} sources of {', '.join(MAY_USE)} stay inside their walls",
          "\n".join(bad))


# Library -> the object folder (under BUILD/obj) its members must come from.
LIB_OBJS = {"libgcnref.a": r"obj/[^/\s]+\.o", "libgcnvec.a": r"obj/vectors/[^/\s]+\.o",
            "libgcnchk.a": r"obj/checker/[^/\s]+\.o"}
# Object folder -> include folders its compile line must not name.
FORBIDDEN_INCLUDES = {
    "refmodel": ["-Ivectors", "-Ichecker", "-Idpi", "-Icli", "vltstd"],
    "vectors": ["-Ichecker", "-Idpi", "-Icli", "vltstd"],
    "checker": ["-Idpi", "-Icli", "vltstd"],
}


def check_links(out):
    lines = [l for l in out.replace("\\\n", " ").splitlines() if l.strip()]
    seen = set()
    for lib, member in LIB_OBJS.items():
        for l in lines:
            m = re.match(r"^rm -f (\S*/%s) && ar rcs \S+ (.*)$" % re.escape(lib), l)
            if not m:
                continue
            seen.add(lib)
            strays = [o for o in m.group(2).split() if not re.search(r"(^|/)%s$" % member, o)]
            check(not strays, f"links: {lib} archives only its layer's objects", " ".join(strays))
    for lib in LIB_OBJS:
        check(lib in seen, f"links: the recipe of {lib} is in the make output")
    compiles = {"refmodel": 0, "vectors": 0, "checker": 0}
    for l in lines:
        m = re.search(r"\s-c (\S+\.c) -o \S*/obj/(?:(vectors|checker)/)?\S+\.o$", l)
        if not m or not (m.group(1).startswith(("refmodel/", "vectors/", "checker/")) or "/gen/" in m.group(1)):
            continue
        layer = m.group(2) or "refmodel"
        compiles[layer] += 1
        bad = [f for f in FORBIDDEN_INCLUDES[layer] if f in l.split() or (f == "vltstd" and f in l)]
        check(not bad, f"links: {m.group(1)} is compiled without {', '.join(bad) or 'a higher layer'}", l)
    for layer, n in compiles.items():
        check(n > 0, f"links: {layer} objects are compiled in the make output")
    sims = [l for l in lines if "gcnref_dpi.o" in l and re.match(r"^\s*\S*verilator\s", l)]
    check(sims, "links: the make output has simulators that link the DPI adapter")
    for l in sims:
        words = l.split()
        top = next((w for w in words if w.startswith("--top-module")), "")
        top = words[words.index("--top-module") + 1] if "--top-module" in words else top
        libs = [os.path.basename(w) for w in words if w.endswith((".a", ".o")) and "/" in w]
        order = [x for x in libs if x in ("libgcnchk.a", "libgcnvec.a", "libgcnref.a")]
        check(order == ["libgcnchk.a", "libgcnvec.a", "libgcnref.a"] and "vecfile.o" not in libs,
              f"links: {top} links the adapter with libgcnchk, libgcnvec, libgcnref", " ".join(libs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    ap.add_argument("--make-output", help="read the recipes from this file instead of make -n")
    ap.add_argument("--build", default="build", help="BUILD of the make output (default build)")
    args = ap.parse_args()
    check_includes(args.root)
    if args.make_output:
        with open(args.make_output) as f:
            out = f.read()
    else:
        b = args.build
        targets = ["lib", "vectors-lib", "checker-lib", f"{b}/bin/gcnref", f"{b}/dpi/dpi_selftest",
                   f"{b}/rtl/core/tb_core", f"{b}/rtl/cosim/cfg_1_6_2/tb_cosim"]
        proc = subprocess.run(["make", "-n", "-B", "--no-print-directory", f"BUILD={b}"] + targets,
                              cwd=args.root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        out = proc.stdout
        check(proc.returncode == 0, "make -n -B prints the recipes", out[-3000:])
    check_links(out)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Tests of the layer-wall check (tests/walls/check_walls.py): it passes on the
repository, and it fails on each kind of crossing, planted in a small fake tree or a fake
make output. Ends with "N passed, N failed"."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "common"))
from checks import check, summary  # noqa: E402

CHECK = os.path.join(HERE, "check_walls.py")

GOOD_MAKE = """\
cc -std=c11 -Irefmodel/include -Ibuild/gen -c refmodel/src/a.c -o build/obj/a.o
rm -f build/lib/libgcnref.a && ar rcs build/lib/libgcnref.a build/obj/a.o
cc -std=c11 -Irefmodel/include -Ibuild/gen -Ivectors -c vectors/v.c -o build/obj/vectors/v.o
rm -f build/lib/libgcnvec.a && ar rcs build/lib/libgcnvec.a build/obj/vectors/v.o
cc -std=c11 -Irefmodel/include -Ivectors -Ichecker -c checker/c.c -o build/obj/checker/c.o
rm -f build/lib/libgcnchk.a && ar rcs build/lib/libgcnchk.a build/obj/checker/c.o
verilator --binary --top-module tb_x \\
  x.sv /r/build/dpi/gcnref_dpi.o /r/build/lib/libgcnchk.a /r/build/lib/libgcnvec.a /r/build/lib/libgcnref.a
"""

GOOD_TREE = {
    "refmodel/include/gcnref/m.h": "#include <stdint.h>\n",
    "refmodel/src/a.c": '#include "gcnref/m.h"\n#include "gcn_isa_gen.h"\n',
    "vectors/v.h": '#include "gcnref/m.h"\n',
    "vectors/v.c": '#include "v.h"\n',
    "checker/c.h": '#include "v.h"\n',
    "checker/c.c": '#include "c.h"\n#include "gcnref/m.h"\n',
    "dpi/d.c": '#include "svdpi.h"\n#include "c.h"\n',
    "cli/main.c": '#include "v.h"\n#include "gcnref/m.h"\n',
}


def run(tree, make_out):
    with tempfile.TemporaryDirectory(prefix="walls_") as root:
        for path, text in tree.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        mk = os.path.join(root, "make.out")
        with open(mk, "w") as f:
            f.write(make_out)
        p = subprocess.run([sys.executable, CHECK, "--root", root, "--make-output", mk],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return p.returncode, p.stdout


def main():
    p = subprocess.run([sys.executable, CHECK], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    check(p.returncode == 0 and p.stdout.rstrip().endswith(" 0 failed"),
          "the repository's includes and link lines stay inside the walls", p.stdout)
    rc, out = run(GOOD_TREE, GOOD_MAKE)
    check(rc == 0, "a fake tree that keeps the walls passes", out)

    def planted(what, tree_changes=None, make_out=GOOD_MAKE, expect=""):
        tree = dict(GOOD_TREE, **(tree_changes or {}))
        rc, out = run(tree, make_out)
        check(rc != 0 and expect in out, f"caught: {what}", out)

    planted("refmodel including a vectors/ header by a relative path",
            {"refmodel/src/b.c": '#include "../../vectors/v.h"\n'}, expect="refmodel/ may not include vectors/")
    planted("vectors including the checker", {"vectors/w.c": '#include "c.h"\n'},
            expect="vectors/ may not include checker/")
    planted("the checker including svdpi.h", {"checker/s.c": "#include <svdpi.h>\n"},
            expect="svdpi.h outside dpi/")
    planted("cli including dpi/", {"dpi/d.h": "\n", "cli/x.c": '#include "d.h"\n'},
            expect="cli/ may not include dpi/")
    planted("libgcnref archiving a vectors object",
            make_out=GOOD_MAKE.replace("ar rcs build/lib/libgcnref.a build/obj/a.o",
                                       "ar rcs build/lib/libgcnref.a build/obj/a.o build/obj/vectors/v.o"),
            expect="libgcnref.a archives only")
    planted("a refmodel object compiled with -Ivectors",
            make_out=GOOD_MAKE.replace("-Ibuild/gen -c refmodel", "-Ibuild/gen -Ivectors -c refmodel"),
            expect="refmodel/src/a.c is compiled without -Ivectors")
    planted("a simulator linking the vector reader's object instead of the libraries",
            make_out=GOOD_MAKE.replace("/r/build/lib/libgcnchk.a /r/build/lib/libgcnvec.a",
                                       "/r/build/obj/vectors/vecfile.o"),
            expect="tb_x links the adapter")
    return summary()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Command-line tests for gcnref (as, dis, run, regress; every `run --json` output parsed).

    python3 tests/cli/test_cli.py [--bin PATH_TO_GCNREF] [unittest options]

Standard library only. The tests live in cli_asm.py and cli_run.py; cli_common.py holds
what they share. Ends with one line "N passed, N failed" (N counts test methods; a
method fails when any of its subTests fails) and exits non-zero on any failure.

Where the expected values come from:
  * assembler text and encodings: llvm-mc 14 (llvm-14), copied into AS_CASES below; the
    -mcpu for each generation is tahiti (gcn10), bonaire (gcn11), fiji (gcn12), gfx900 (gcn14);
  * run results: derived by hand from /work/shared/spec (gcn_semantics.md wins), as the
    comments next to each program explain;
  * output and error formats: `gcnref <cmd> --help` and the project brief.
Nothing here was copied from gcnref's own output.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_common import BIN, JSON_CHECKED, _UNITTEST_ARGV  # noqa: E402
from cli_asm import *  # noqa: E402,F401,F403 (the test classes)
from cli_run import *  # noqa: E402,F401,F403
from cli_control import *  # noqa: E402,F401,F403
from cli_sdwa_dpp import *  # noqa: E402,F401,F403


class _Result(unittest.TextTestResult):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.failed_ids = set()

    def _mark(self, test):
        tid = test.test_case.id() if hasattr(test, "test_case") else test.id()
        self.failed_ids.add(tid)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._mark(test)

    def addError(self, test, err):
        super().addError(test, err)
        self._mark(test)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._mark(subtest)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._mark(test)


def main():
    if not os.access(BIN, os.X_OK):
        print("test_cli.py: %s is not an executable (build it with 'make all' or pass --bin)" % BIN,
              file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    prog = unittest.main(module=__name__, argv=_UNITTEST_ARGV, exit=False,
                         testRunner=unittest.TextTestRunner(resultclass=_Result, verbosity=1))
    res = prog.result
    failed = len(res.failed_ids)
    passed = max(res.testsRun - failed, 0)
    sys.stderr.flush()
    print("run --json outputs parsed: %d" % JSON_CHECKED[0])
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not res.wasSuccessful() else 0


if __name__ == "__main__":
    sys.exit(main())

"""The pass/fail bookkeeping of the Python test scripts: one "ok"/"FAIL"/"skip" line per
check and the closing "N passed, N failed[, N skipped]" line that scripts/run_tests.py
counts."""

passed = failed = skipped = 0


def check(cond, what, detail=""):
    """Counts one check; on failure prints the last 30 lines of DETAIL under it."""
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}")
        if detail:
            print("\n".join("     | " + l for l in detail.strip().splitlines()[-30:]))


def skip(what, why):
    global skipped
    skipped += 1
    print(f"skip {what}: {why}")


def summary():
    """Prints the closing line; returns the exit status (1 when a check failed)."""
    extra = f", {skipped} skipped" if skipped else ""
    print(f"{passed} passed, {failed} failed{extra}")
    return 1 if failed else 0

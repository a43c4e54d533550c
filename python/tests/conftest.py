"""pytest hooks: the closing "N passed, N failed" line that scripts/run_tests.py counts."""


def pytest_terminal_summary(terminalreporter):
    stats = terminalreporter.stats
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    terminalreporter.write_line(f"{len(stats.get('passed', []))} passed, {failed} failed")

"""The coverage rule files (rtl_tb/coverage_waivers.txt, rtl_tb/coverage_toggle.txt): one
rule a line, "WHERE | REGEX | TEXT", '#' comments and blank lines skipped. A malformed line
or a bad regex is a ValueError "FILE:LINE: error: ..." (the callers exit 2 with it)."""
import re


def read_rules(path, expected, text_ok=lambda text: True):
    """Yields (lineno, where, compiled regex, text) of each rule of PATH; EXPECTED names the
    line's form in the error message; TEXT_OK(text) adds the file's own rule for TEXT."""
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            parts = [x.strip() for x in text.split(" | ")]
            if len(parts) != 3 or not all(parts) or not text_ok(parts[2]):
                raise ValueError(f"{path}:{lineno}: error: expected '{expected}', got {text!r}")
            try:
                rx = re.compile(parts[1])
            except re.error as e:
                raise ValueError(f"{path}:{lineno}: error: bad regex {parts[1]!r} ({e})") from None
            yield lineno, parts[0], rx, parts[2]

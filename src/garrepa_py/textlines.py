"""Lines as editors and `wc -l` count them: a final newline ends the last line, it does not
start another (a 1,982-line file with a trailing newline is 1,982 lines, not 1,983)."""

from __future__ import annotations

import re

# Every line break str.splitlines() knows: the harness and the model may both break there.
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
# What a name or a quoted line may not carry into a line garrepa writes: any line break, other
# C0/C1 controls (a terminal escape), bidi controls. Tab stays (a TSV cell).
_UNSAFE = re.compile(f"[{BREAKS}\x00-\x08\x0e-\x1b\x1f\x7f-\x9f"
                     "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def split(text: str) -> list[str]:
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def count(text: str) -> int:
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def inline(text: str) -> str:
    """A content value (a file or directory name, a quoted line) as it may stand inside one
    line garrepa writes: every line break, control and bidi character shown as its Python
    escape (`\\n`, `\\x1b`, `\\u202e`, as engine/quoting.one_line shows breaks), so a name can
    neither start a line of its own nor reorder or hide what its line says."""
    if text.isascii() and text.isprintable():
        return text
    return _UNSAFE.sub(lambda m: ascii(m.group(0))[1:-1], text)

"""Lines as editors and `wc -l` count them: a final newline ends the last line, it does not
start another (a 1,982-line file with a trailing newline is 1,982 lines, not 1,983)."""

from __future__ import annotations


def split(text: str) -> list[str]:
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def count(text: str) -> int:
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)

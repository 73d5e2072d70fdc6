"""Never worse than Claude Code alone: a digest replaces its source only when it accounts for it.

A digest accounts for its source when what it leaves out is named with a line range (every
item, section, directory or file with its lines) or shown whole. A degenerate digest — one line
standing for the bulk, a bare `…(+N chars)` or "N more lines not shown" with no range on its
line — would leave the agent to read around it, so the original passes instead. Pure and linear:
one scan of the digest's lines.
"""

from __future__ import annotations

import re

UNACCOUNTED_SHARE = 0.5  # of the source, left out on lines that name no range: degenerate
ONE_LINE_RATIO = 8  # a digest of at most two lines, this many times smaller, with no range

REASON = "digest-unaccountable"

# a line range of the readable copy or the file: `L12..40`, `lines 3-9`, `line 7`, `L7:`
_RANGE = re.compile(r"\bL\d+\b|\blines? \d", re.I)
# what a line says it left out, in chars: `…(+33,409 chars)`, `(12,000 chars) not shown`,
# `not shown (12,000 chars)`, `its first 4,000 of 60,000 chars`, a clipped line's `…[+N chars]`,
# a value left out whole, `…(50,000 chars)`
_ELIDED = re.compile(r"\(\+([\d,]+) chars\)|\(([\d,]+) chars\) not shown|not shown \(([\d,]+)"
                     r" chars\)|first [\d,]+ of ([\d,]+) chars|…\[\+([\d,]+) chars\]"
                     r"|…\(([\d,]+) chars\)")


def unaccounted(digest: str, source_chars: int) -> str | None:
    """REASON when `digest` does not account for a source of `source_chars`, else None."""
    if not digest or source_chars <= 0:
        return None
    lines = [line for line in digest.split("\n") if line.strip()]
    ranged = any(_RANGE.search(line) for line in lines)
    if not ranged and len(lines) <= 2 and len(digest) * ONE_LINE_RATIO < source_chars:
        return REASON  # one line standing for the bulk
    left_out = 0
    for line in lines:
        if "chars" not in line or _RANGE.search(line):
            continue
        for found in _ELIDED.finditer(line):
            left_out += int(next(g for g in found.groups() if g).replace(",", ""))
    return REASON if left_out > source_chars * UNACCOUNTED_SHARE else None

"""The generic structural briefing: the opening lines, the handles, and counts of what was cut.

Pure and deterministic. Routes with structure of their own (documents, JSON, git) bring better
compressors; this one serves any text and is the engine's last resort.
"""

from __future__ import annotations

from garrepa_py import textlines
from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.handles import extract

HEAD_LINES = 40
HEAD_CHARS = 4000
MAX_HANDLES = 200
KEEP_KINDS = ("url", "email", "uuid", "sha", "issue-key", "issue-number", "node-id", "path")


def compress(text: str) -> Structural:
    lines = textlines.split(text)  # lines as `wc -l` counts them: none past a final newline
    total = textlines.count(text)
    head: list[str] = []
    used = 0
    for line in lines[:HEAD_LINES]:
        if used + len(line) > HEAD_CHARS:
            break
        head.append(line)
        used += len(line) + 1
    shown = len(head)
    handles = [value for kind, value in extract(text, quoted=False) if kind in KEEP_KINDS]
    kept = handles[:MAX_HANDLES]
    if total == 0:
        parts = ["Empty: 0 lines."]
    elif shown == 0:  # one first line longer than the whole head: its opening, said as such
        head = [lines[0][:HEAD_CHARS]]
        parts = [f"Line 1 of {total} (its first {HEAD_CHARS:,} of {len(lines[0]):,} chars):",
                 *head]
    else:
        parts = [f"Line 1 of {total}:" if shown == 1 else f"Lines 1-{shown} of {total}:", *head]
    shown_chars = HEAD_CHARS if shown == 0 else min(sum(len(line) + 1 for line in head), len(text))
    if total and (len(text) > shown_chars or shown < total):
        more = total - max(shown, 1)
        rest = f"{max(len(text) - shown_chars, 0):,} chars"
        parts.append(f"... {more} more lines (lines {total - more + 1}-{total}, {rest}) not shown."
                     if more else
                     f"... the rest of line 1 ({rest}) not shown.")
    if kept:
        parts.append(f"Handles in the whole source ({len(kept)}"
                     f"{f' of {len(handles)}' if len(handles) > len(kept) else ''}):")
        parts.append(", ".join(kept))
    return Structural("\n".join(parts), tuple(kept))

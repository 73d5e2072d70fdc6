"""The generic structural briefing: the opening lines, the handles, and counts of what was cut.

Pure and deterministic. Routes with structure of their own (documents, JSON, git) bring better
compressors; this one serves any text and is the engine's last resort.
"""

from __future__ import annotations

from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.handles import extract

HEAD_LINES = 40
HEAD_CHARS = 4000
MAX_HANDLES = 200
KEEP_KINDS = ("url", "email", "uuid", "sha", "issue-key", "issue-number", "node-id", "path")


def compress(text: str) -> Structural:
    lines = text.split("\n")
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
    parts = [f"Lines 1-{shown} of {len(lines)}:", *head]
    if shown < len(lines):
        rest = sum(len(line) + 1 for line in lines[shown:])
        parts.append(f"... {len(lines) - shown} more lines ({rest:,} chars) not shown.")
    if kept:
        parts.append(f"Handles in the whole source ({len(kept)}"
                     f"{f' of {len(handles)}' if len(handles) > len(kept) else ''}):")
        parts.append(", ".join(kept))
    return Structural("\n".join(parts), tuple(kept))

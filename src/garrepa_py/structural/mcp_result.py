"""The structural briefing of an MCP result: each text block as JSON digest or prose outline."""

from __future__ import annotations

from garrepa_py.engine.handles import extract
from garrepa_py.engine.types import Structural
from garrepa_py.structural import document, generic, json_digest

BUDGET = 20000  # keeps the replacement well under the ~48K chars Claude Code shows inline
HEAD_LINES = 30
MUST_KEEP_KINDS = ("url", "issue-key", "uuid", "node-id", "sha", "email")
MUST_KEEP_MAX = 300


def prose(text: str, budget: int) -> str:
    """Markdown or plain text: its outline (if it has headings) and its opening lines."""
    doc = document.outline(text, "result.md")
    if not doc.sections:
        return generic.compress(text).text[:budget]
    head = "\n".join(text.split("\n")[:HEAD_LINES])
    outline = document.render(doc, "this result", max(1000, budget - len(head) - 40))
    return f"{outline}\nOpening lines:\n{head}"[:budget]


def block(text: str, budget: int) -> str:
    parsed = json_digest.parse(text)
    if parsed is None:
        return prose(text, budget)
    prefix, value = parsed
    digest = json_digest.digest(value, budget - len(prefix) - 1)
    return f"{prefix}\n{digest}" if prefix else digest


def compress(texts: list[str]) -> Structural:
    if len(texts) == 1:
        body = block(texts[0], BUDGET)
    else:
        share = max(2000, BUDGET // len(texts))
        parts = [f"--- text block {i} of {len(texts)} ({len(t):,} chars) ---\n{block(t, share)}"
                 for i, t in enumerate(texts, start=1)]
        body = json_digest.fit("\n".join(parts).split("\n"), BUDGET)
    source = "\n".join(texts)
    handles = [v for k, v in extract(source, quoted=False) if k in MUST_KEEP_KINDS]
    must_keep = tuple(h for h in handles if h in body)[:MUST_KEEP_MAX]
    return Structural(body, must_keep)

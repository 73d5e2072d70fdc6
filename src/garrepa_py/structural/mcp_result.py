"""The structural briefing of an MCP result: each text block as JSON digest or prose outline."""

from __future__ import annotations

from garrepa_py.structural import document, generic, json_digest
from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.handles import extract

BUDGET = 20000  # keeps the replacement well under the ~48K chars Claude Code shows inline
HEAD_LINES = 30
HEAD_CHARS = 2000
MUST_KEEP_KINDS = ("url", "issue-key", "uuid", "node-id", "sha", "email")
MUST_KEEP_MAX = 300


def prose(text: str, budget: int) -> str:
    """Markdown or plain text: its outline (if it has headings) and its opening lines."""
    doc = document.outline(text, "result.md")
    if not doc.sections:
        return json_digest.fit(generic.compress(text).text.split("\n"), budget)
    head_lines: list[str] = []
    used = 0
    for line in text.split("\n")[:HEAD_LINES]:
        shown = json_digest.cut_text(line, 200)
        if used + len(shown) > HEAD_CHARS:
            break
        head_lines.append(shown)
        used += len(shown) + 1
    head = "\n".join(head_lines)
    outline = document.render(doc, "this result", max(600, budget - len(head) - 40))
    return json_digest.fit(f"{outline}\nOpening lines:\n{head}".split("\n"), budget)


def block(text: str, budget: int) -> str:
    if len(text) <= min(2000, budget):
        return text  # small enough to keep exactly
    parsed = json_digest.parse(text)
    if parsed is None:
        return prose(text, budget)
    prefix, value = parsed
    shown = json_digest.cut_text(prefix, 300)
    digest = json_digest.digest(value, budget - len(shown) - 1)
    return f"{shown}\n{digest}" if shown else digest


def compress(texts: list[str]) -> Structural:
    if len(texts) == 1:
        body = block(texts[0], BUDGET)
    else:
        share = max(1000, BUDGET // len(texts) - 80)
        body = "\n".join(f"--- text block {i} of {len(texts)} ({len(t):,} chars) ---\n"
                         f"{block(t, share)}" for i, t in enumerate(texts, start=1))
    source = "\n".join(texts)
    handles = [v for k, v in extract(source, quoted=False) if k in MUST_KEEP_KINDS]
    must_keep = tuple(h for h in handles if h in body)[:MUST_KEEP_MAX]
    return Structural(body, must_keep)

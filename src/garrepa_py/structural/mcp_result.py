"""The structural briefing of an MCP result: each text block digested as what its bulk is.

structural/sniff.py unwraps the block (structuredContent's compact JSON, an object whose one big
value is a string, a JSON string inside JSON) and says what the bulk is; structural/bulk.py
digests a document, listing, diff or log, test log, table or accessibility snapshot with line
ranges into the block's readable copy, which is the unwrapped text itself; JSON keeps the item
index of structural/json/json_digest.py over its one-value-per-line layout.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import islice
from typing import Any

from garrepa_py.config import budgets
from garrepa_py.structural import gc_pause, generic, sniff
from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.doc import document
from garrepa_py.structural.handles import extract
from garrepa_py.structural.json import json_digest, json_lines

# A share of the result, within these bounds: well under the ~48K chars Claude Code shows inline
MIN_BUDGET, MAX_BUDGET = budgets.MCP_MIN_CHARS, budgets.MCP_MAX_CHARS
KEEP_WHOLE = 2000  # a block this small is kept exactly
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


class _LastBlock:
    """The last block parsed and laid out: the engine asks for the briefing and then for the
    readable copy of the same text, and a 5 MB result must not be decoded and laid out twice."""

    text: str | None = None
    parsed: tuple[str, Any] | None = None
    bulk: sniff.Bulk | None = None
    layouts: dict[int, tuple[list[str], dict[int, json_lines.Span]]] = {}
    inside: tuple[sniff.Bulk, _Inside | None] | None = None


def _parsed(text: str) -> tuple[str, Any] | None:
    if _LastBlock.text is None or _LastBlock.text != text:  # equal texts: one memcmp
        _LastBlock.text, _LastBlock.parsed, _LastBlock.layouts = text, json_digest.parse(text), {}
        _LastBlock.bulk = None
    return _LastBlock.parsed


def sniffed(text: str) -> sniff.Bulk | None:
    """What the block's bulk is, unless it is JSON after a prose prefix (today's JSON digest:
    the prefix shown, the value indexed): None then."""
    parsed = _parsed(text)
    if parsed is not None and parsed[0]:
        return None
    if _LastBlock.bulk is None:
        _LastBlock.bulk = sniff.sniff(text, parsed[1] if parsed is not None else None)
    return _LastBlock.bulk


def _data(found: sniff.Bulk) -> Any:
    """The JSON value whose one-value-per-line layout is the block's readable copy, if any."""
    if found.kind == "json":
        return found.value
    return None


def _bulk_text(found: sniff.Bulk) -> str:
    """The block's readable copy when it is line-oriented text (the unwrapped bulk)."""
    if found.kind == "listing" and found.detail == "tree":
        return "\n".join(sniff.tree_paths(found.value))
    if found.kind == "table" and found.detail == "rows":  # one row a line, as the server wrote it
        return "\n".join(found.lines) if found.lines else "\n".join(
            json.dumps(row) for row in found.value)
    return found.text


def _layout(text: str, value: Any, start: int) -> tuple[list[str], dict[int, json_lines.Span]]:
    """json_lines.layout of the parsed `text`, from line `start` (the lines never depend on it)."""
    _parsed(text)
    if start not in _LastBlock.layouts:
        _LastBlock.layouts[start] = json_lines.layout(value, start)
    return _LastBlock.layouts[start]


def budget_for(size: int) -> int:
    return min(MAX_BUDGET, max(MIN_BUDGET, size // budgets.MCP_SHARE))


def readable_block(text: str) -> str:
    """The block as the agent can Read it in parts: JSON one value per line, else unchanged."""
    if len(text) <= KEEP_WHOLE:
        return text
    found = sniffed(text)
    inside = _text_inside(text, found)
    if inside is not None:
        return "\n".join(inside.lines)
    if found is not None and _data(found) is None:
        return _bulk_text(found)
    if found is not None and (found.unwrapped or found.kind == "table"):
        lines, _ = _layout(text, _data(found), 1)
        return "\n".join(lines)
    parsed = _parsed(text)
    if parsed is None:
        return text
    prefix, value = parsed
    lines, _ = _layout(text, value, prefix.count("\n") + 2 if prefix else 1)
    return f"{prefix}\n" + "\n".join(lines) if prefix else "\n".join(lines)


def readable(texts: list[str]) -> str:
    """The readable copy of a result's text blocks, joined as the engine joins the blocks."""
    with gc_pause.paused():
        return "\n\n".join(readable_block(text) for text in texts)


def block(text: str, budget: int, first_line: int = 1) -> tuple[str, int]:
    """(the block's briefing, its line count in the readable copy); rows of JSON name their
    lines there, counted from `first_line`."""
    if len(text) <= min(KEEP_WHOLE, budget):
        return text, text.count("\n") + 1  # small enough to keep exactly
    found = sniffed(text)
    inside = _text_inside(text, found) if first_line == 1 else None
    if inside is not None:
        return _inside_block(inside, budget), len(inside.lines)
    if found is not None and (found.unwrapped or found.kind != "json"):
        return _sniffed_block(text, found, budget, first_line)
    parsed = _parsed(text)
    if parsed is None:
        return prose(text, budget), text.count("\n") + 1
    prefix, value = parsed
    start = first_line + (prefix.count("\n") + 1 if prefix else 0)
    lines, spans = _layout(text, value, start)
    shown = json_digest.cut_text(prefix, 300)
    digest = json_digest.digest(value, budget - len(shown) - 1, spans, depth_checked=True)
    count = len(lines) + (prefix.count("\n") + 1 if prefix else 0)
    return (f"{shown}\n{digest}" if shown else digest), count


def _what(found: sniff.Bulk, first_line: int) -> str:
    """The line saying what the bulk is and what wrapped it (the readable copy is the bulk)."""
    kind = f"{found.kind} ({found.detail})" if found.detail and found.detail != found.kind \
        else found.kind
    parts = [f"Content: {kind}"]
    if found.unwrapped:
        parts.append("unwrapped from " + " > ".join(found.how)
                     + "; the readable copy holds it as lines")
    if found.beside:
        parts.append("beside it: " + ", ".join(f"{k}={json_digest.cut_text(v, 80)}"
                                               for k, v in found.beside[:8]))
    if first_line > 1:
        parts.append(f"line N below is line N+{first_line - 1} of the readable copy")
    return "; ".join(parts) + "."


def _sniffed_block(text: str, found: sniff.Bulk, budget: int, first_line: int
                   ) -> tuple[str, int]:
    what = _what(found, first_line if _data(found) is None else 1)
    value = _data(found)
    if value is not None:
        lines, spans = _layout(text, value, first_line)
        body = json_digest.digest(value, max(budget - len(what) - 1, 600), spans)
        return f"{what}\n{body}", len(lines)
    from garrepa_py.structural import bulk, command_output  # only for a sniffed kind

    readable = _bulk_text(found)
    # a kind's own cap (config/budgets.py): a 421 K changelog's map lists its versions in 10.6 K
    budget = min(budget, budgets.MCP_KIND_CHARS.get(found.kind, budget))
    room = max(budget - len(what) - 1, 600)
    if found.kind == "table" and found.detail == "rows":
        body = bulk.rows(found.value, room, found.firsts)
    else:
        body = bulk.digest(found.kind, found.detail, readable, room) or \
            command_output.digest(readable, "", room).text
    return f"{what}\n{body}", readable.count("\n") + 1


DEEP_TEXT = 4  # objects walked down to the one string that holds the bulk


@dataclass(frozen=True)
class _Inside:
    """A wide JSON object (an API reply: a gist, a file's contents) whose bulk is one string of
    line-oriented text. Its readable copy: the object laid out (the string replaced by a note of
    where it is), a blank line, then the string's own lines."""

    path: tuple[str, ...]
    kind: str
    detail: str
    text: str
    value: Any  # the object with the string replaced by the note
    spans: dict[int, json_lines.Span]
    lines: list[str]
    first: int  # the string's first line in the readable copy


def _text_inside(text: str, found: sniff.Bulk | None) -> _Inside | None:
    """The object's one big string, digested as what it is, when sniff left the object whole
    (too many fields around it to be a wrapper) and the string is a document, listing, log, …"""
    if found is None or found.kind != "json" or found.unwrapped or \
            not isinstance(found.value, dict) or len(text) <= KEEP_WHOLE:
        return None
    if _LastBlock.inside is not None and _LastBlock.inside[0] is found:
        return _LastBlock.inside[1]
    inside = _split(found.value, len(text))
    _LastBlock.inside = (found, inside)
    return inside


def _split(value: dict[str, Any], size: int) -> _Inside | None:
    node: Any = value
    path: list[str] = []
    for _ in range(DEEP_TEXT):
        if not isinstance(node, dict) or not node:
            return None
        key, child = max(node.items(), key=lambda kv: _size_of(kv[1]))
        path.append(str(key))
        if isinstance(child, str):
            break
        node = child
    else:
        return None
    if not isinstance(child, str) or len(child) < size * sniff.BIG_SHARE or "\n" not in child:
        return None
    kind, detail = sniff.kind_of(child)
    if kind in ("text", "files"):  # no map of its own lines: the JSON digest as before
        return None
    lines = child.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    head_lines = 0
    for _ in range(3):  # the note's own length may change the layout (a short object is a line)
        first, last = head_lines + 2, head_lines + 1 + len(lines)
        note = (f"<{len(child):,} chars of {kind}: lines {first}-{last} of the readable copy, "
                "one line a line>")
        marked = _replaced(value, path, note)
        head, spans = json_lines.layout(marked)
        if len(head) == head_lines:
            return _Inside(tuple(path), kind, detail, child, marked, spans, [*head, "", *lines],
                           first)
        head_lines = len(head)
    return None


def _size_of(value: Any) -> int:
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return max((_size_of(v) for v in value.values()), default=0)
    return 0  # a list is an API's items: the JSON index names them


def _replaced(value: dict[str, Any], path: list[str], note: str) -> dict[str, Any]:
    """A copy of `value` (objects on `path` copied, nothing else) with the string replaced."""
    out = dict(value)
    if len(path) == 1:
        out[path[0]] = note
    else:
        out[path[0]] = _replaced(value[path[0]], path[1:], note)
    return out


def _inside_block(inside: _Inside, budget: int) -> str:
    """The object's fields first (its scalars as written, every object with its lines), then
    the string mapped by its own kind with ranges into the same readable copy."""
    from garrepa_py.structural import bulk, command_output  # only for a string inside JSON

    where = ".".join(inside.path)
    kind = f"{inside.kind} ({inside.detail})" if inside.detail and inside.detail != inside.kind \
        else inside.kind
    scalars = {k: v for k, v in inside.value.items()
               if not isinstance(v, (dict, list)) and v is not None}
    head = [f"Content: a JSON object whose bulk is {where}, {len(inside.text):,} chars of "
            f"{kind}; the readable copy holds the object at lines 1-{inside.first - 2} and the "
            f"text as its own lines from line {inside.first}.",
            f"Its fields as written (lines 1-{inside.first - 2}): "
            + json_digest.cut_text(json.dumps(scalars, ensure_ascii=False,
                                              separators=(",", ":")), 1500)]
    room = max(budget - sum(len(line) + 1 for line in head) - 80, 1200)
    fields = json_digest.digest(inside.value, max(600, room // 4), inside.spans,
                                object_ranges=True)
    room -= len(fields)
    # the string's lines are lines `first`.. of the copy: the digest numbers them from there
    shifted = "\n" * (inside.first - 1) + inside.text
    body = bulk.digest(inside.kind, inside.detail, shifted, room) or \
        command_output.digest(shifted, "", room).text
    return "\n".join([*head, fields, f"{where} (lines {inside.first}-{len(inside.lines)}):",
                      body])


def compress(texts: list[str]) -> Structural:
    with gc_pause.paused():
        return _compress(texts)


def _compress(texts: list[str]) -> Structural:
    budget = budget_for(sum(len(t) for t in texts))
    if len(texts) == 1:
        body = block(texts[0], budget)[0]
    else:
        share = max(1000, budget // len(texts) - 80)
        parts, line = [], 1
        for i, text in enumerate(texts, start=1):
            digest, count = block(text, share, line)
            parts.append(f"--- text block {i} of {len(texts)} ({len(text):,} chars) ---\n{digest}")
            line += count + 1  # the blank line between two blocks
        body = "\n".join(parts)
    source = "\n".join(texts)
    handles = [v for k, v in extract(source, quoted=False) if k in MUST_KEEP_KINDS]
    # the first MUST_KEEP_MAX the body shows: stop there, not after a search per handle
    must_keep = tuple(islice((h for h in handles if h in body), MUST_KEEP_MAX))
    return Structural(body, must_keep)

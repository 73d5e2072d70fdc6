"""JSON laid out one value per line, with the line range of every object and list in it.

A result spilled as one 250,000-char line cannot be read in parts: Claude Code's Read returns the
whole line whatever `limit` says. Laid out like `json.dumps(value, indent=1)` (values unchanged,
non-ASCII kept), a Read with offset/limit returns a bounded slice, and the briefing can name the
lines of item 137. A small object or list of scalars (an edge, a package, a label: up to
FLAT_CHARS) is one compact line instead, as the server wrote it: a fact read whole in one line.
Same input, same layout: the engine spills the exact result through the same function the
compressor used to number its rows.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # what json.dumps(s, ensure_ascii=False) uses
from typing import Any

Span = tuple[int, int]  # first and last line, 1-based, inclusive
CONSTANTS = {True: "true", False: "false", None: "null"}


def scalar(node: Any) -> str:
    """`json.dumps(node, ensure_ascii=False)` for a JSON scalar, without building an encoder per
    call (that cost most of the time of a 5 MB result: one call per value)."""
    kind = type(node)
    if kind is str:
        return encode_basestring(node)
    if kind is int:
        return int.__repr__(node)
    if kind is bool or node is None:
        return CONSTANTS[node]
    return json.dumps(node, ensure_ascii=False)  # floats (NaN, Infinity) and anything else


def layout(value: Any, first_line: int = 1) -> tuple[list[str], dict[int, Span]]:
    """The lines, and `id(container) → its span` for every dict and list in `value`."""
    lines: list[str] = []
    spans: dict[int, Span] = {}
    dumps = scalar
    # An explicit stack (the depth is bounded by the caller, but deep input must not recurse):
    # ("open", node, prefix, indent, suffix) emits a node; ("close", node, text) ends a container.
    stack: list[tuple[Any, ...]] = [("open", value, "", "", "")]
    while stack:
        step = stack.pop()
        if step[0] == "close":
            _, node, text = step
            lines.append(text)
            start = spans[id(node)][0]
            spans[id(node)] = (start, first_line + len(lines) - 1)
            continue
        _, node, prefix, indent, suffix = step
        flat = _flat_line(node) if indent else None
        if flat is not None:  # a small object of scalars: one line, as a server writes it
            spans[id(node)] = (first_line + len(lines), first_line + len(lines))
            lines.append(f"{indent}{prefix}{flat}{suffix}")
        elif isinstance(node, dict) and node:
            spans[id(node)] = (first_line + len(lines), 0)
            lines.append(f"{indent}{prefix}{{")
            stack.append(("close", node, f"{indent}}}{suffix}"))
            inner = indent + " "
            items = list(node.items())
            last = len(items) - 1
            for index in range(last, -1, -1):
                key, child = items[index]
                stack.append(("open", child, encode_basestring(str(key)) + ": ", inner,
                              "," if index < last else ""))
        elif isinstance(node, list) and node:
            spans[id(node)] = (first_line + len(lines), 0)
            lines.append(f"{indent}{prefix}[")
            stack.append(("close", node, f"{indent}]{suffix}"))
            inner = indent + " "
            last = len(node) - 1
            for index in range(last, -1, -1):
                stack.append(("open", node[index], "", inner, "," if index < last else ""))
        else:
            if isinstance(node, (dict, list)):  # empty: one line, still a span
                spans[id(node)] = (first_line + len(lines), first_line + len(lines))
            lines.append(f"{indent}{prefix}{dumps(node)}{suffix}")
    return lines, spans


FLAT_CHARS = 160  # an object of scalars up to this long is one line of the readable copy


def _flat_line(node: Any) -> str | None:
    """A non-empty object (or list) whose values are all scalars, as compact JSON, when that
    fits FLAT_CHARS: an edge, a package, a label. Read whole in one line, matched as the server
    wrote it; anything longer stays one value per line, readable in parts."""
    if isinstance(node, dict):
        values: Any = node.values()
        keys = sum(len(str(k)) + 4 for k in node)
    elif isinstance(node, list):
        values, keys = node, 0
    else:
        return None
    if not node or len(node) > FLAT_CHARS // 4:
        return None
    size = keys
    for value in values:
        if isinstance(value, (dict, list)):
            return None
        size += len(value) + 3 if isinstance(value, str) else 8
        if size > FLAT_CHARS:
            return None
    text = json.dumps(node, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= FLAT_CHARS else None


def span_text(span: Span) -> str:
    first, last = span
    # Not "L12-40": that spells an issue key (PROJ-123) to the handle checker.
    return f"L{first}" if first == last else f"L{first}..{last}"

"""A JSON file's own style — indentation, compact or not, line endings, final newline, escapes —
read from its text and used again when garrepa writes it back.

Pure: text in, style out; data and style in, text out. `garrepa init` on a hand-formatted
settings.json changes only the lines that hold its entries' new structure, not the user's layout.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class JsonStyle:
    indent: str | None = "  "  # None: everything on one line
    item_separator: str = ","  # ", " only on one line: indented, it would end lines in a space
    key_separator: str = ": "
    newline: str = "\n"
    final_newline: bool = True
    ascii_only: bool = False


NEW_FILE = JsonStyle()


def detect(text: str | None) -> JsonStyle:
    """The style of an existing JSON text (the default style for a new file)."""
    if text is None or not text.strip():
        return NEW_FILE
    newline = "\r\n" if "\r\n" in text else "\n"
    final_newline = text.endswith(("\n", "\r"))
    body = text.strip()
    if body in ("{}", "[]"):  # nothing to learn from but the line endings
        return JsonStyle(newline=newline, final_newline=final_newline)
    ascii_only = body.isascii() and bool(re.search(r"\\u[0-9a-fA-F]{4}", body))
    if "\n" not in body:
        key_sep = ": " if re.search(r'"\s*:\s', body) or '":' not in body else ":"
        item_sep = ", " if re.search(r",\s", body) or "," not in body else ","
        return JsonStyle(None, item_sep, key_sep, newline, final_newline, ascii_only)
    match = re.search(r"^[{\[]\s*?\r?\n([ \t]+)\S", body)
    indent = match.group(1) if match else "  "
    key_sep = ": " if re.search(r'"\s*: ', body) or '":' not in body else ":"
    return JsonStyle(indent, ",", key_sep, newline, final_newline, ascii_only)


def _dumps(value: Any, style: JsonStyle) -> str:
    """json.dumps in the style; an indented text never ends a line in a blank."""
    separator = style.item_separator.rstrip() if style.indent is not None else style.item_separator
    return json.dumps(value, indent=style.indent, ensure_ascii=style.ascii_only,
                      separators=(separator, style.key_separator))


def render(data: Any, style: JsonStyle) -> str:
    text = _dumps(data, style)
    if style.newline != "\n":
        text = text.replace("\n", style.newline)
    return text + (style.newline if style.final_newline else "")


_MISSING = object()


def _skip_ws(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def _end_of_string(text: str, at: int) -> int:
    """`at` is an opening quote; returns the index just past the closing one."""
    at += 1
    while at < len(text):
        char = text[at]
        if char == "\\":
            at += 2
            continue
        if char == '"':
            return at + 1
        at += 1
    raise ValueError("unterminated string")


def _end_of_value(text: str, at: int) -> int:
    if text[at] == '"':
        return _end_of_string(text, at)
    if text[at] in "{[":
        depth = 0
        while at < len(text):
            char = text[at]
            if char == '"':
                at = _end_of_string(text, at)
                continue
            if char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
                if depth == 0:
                    return at + 1
            at += 1
        raise ValueError("unbalanced brackets")
    end = at
    while end < len(text) and text[end] not in ",}] \t\r\n":
        end += 1
    return end


def _members(text: str) -> tuple[int, int, list[tuple[str, int, int, int]]]:
    """(index of "{", index of its "}", [(key, member start, value start, value end)])."""
    opening = _skip_ws(text, 0)
    if opening >= len(text) or text[opening] != "{":
        raise ValueError("not an object")
    members: list[tuple[str, int, int, int]] = []
    at = _skip_ws(text, opening + 1)
    while text[at] != "}":
        if text[at] != '"':
            raise ValueError("expected a key")
        key_end = _end_of_string(text, at)
        key = json.loads(text[at:key_end])
        colon = _skip_ws(text, key_end)
        if text[colon] != ":":
            raise ValueError("expected a colon")
        value_start = _skip_ws(text, colon + 1)
        value_end = _end_of_value(text, value_start)
        members.append((key, at, value_start, value_end))
        at = _skip_ws(text, value_end)
        if text[at] == ",":
            at = _skip_ws(text, at + 1)
    return opening, at, members


def _nested(value: Any, style: JsonStyle) -> str:
    """`value` rendered as a member of the top-level object (one indent deeper)."""
    text = _dumps(value, style)
    if style.indent is not None:
        text = text.replace("\n", "\n" + style.indent)
    return text.replace("\n", style.newline) if style.newline != "\n" else text


def set_member(text: str, data: dict[str, Any], key: str, value: Any = _MISSING) -> str:
    """`text` with only the top-level member `key` replaced by `value` (removed if not given),
    every other byte as it was. Falls back to a whole render in the file's style when the text
    cannot be patched safely; either way the result parses to exactly the data wanted."""
    style = detect(text)
    wanted = dict(data)
    if value is _MISSING:
        wanted.pop(key, None)
    else:
        wanted[key] = value
    try:
        patched = _patch(text, key, value, style)
        if json.loads(patched) == wanted and list(json.loads(patched)) == list(wanted):
            return patched
    except (ValueError, IndexError):
        pass
    return render(wanted, style)


def _patch(text: str, key: str, value: Any, style: JsonStyle) -> str:
    opening, closing, members = _members(text)
    index = next((i for i, member in enumerate(members) if member[0] == key), None)
    if index is not None:
        _, start, value_start, value_end = members[index]
        if value is not _MISSING:
            return text[:value_start] + _nested(value, style) + text[value_end:]
        if index + 1 < len(members):  # drop it with the separator after it
            return text[:start] + text[members[index + 1][1]:]
        if index > 0:  # the last member: drop it with the separator before it
            return text[:members[index - 1][3]] + text[value_end:closing] + text[closing:]
        return text[:opening + 1] + text[closing:]  # the only member
    if value is _MISSING:
        return text
    member = json.dumps(key, ensure_ascii=style.ascii_only) + style.key_separator + \
        _nested(value, style)
    if style.indent is None:
        if not members:
            return text[:opening + 1] + member + text[closing:]
        end = members[-1][3]
        return text[:end] + style.item_separator + member + text[end:]
    lead = style.newline + style.indent
    if not members:
        return text[:opening + 1] + lead + member + style.newline + text[closing:]
    end = members[-1][3]
    return text[:end] + "," + lead + member + text[end:]

"""Handles: the exact strings an agent acts on (URLs, paths, SHAs, keys, ids, emails, identifiers).

A briefing may cite a handle only if the source holds it; handles a route marks as must-keep
are put back if the model dropped them. An identifier is a quoted literal, read the way the
markup writes it: Markdown `code` and ``code with ` inside`` (a run of N backticks closes only
at the next run of exactly N), RST ``literal``, `interpreted` and :role:`text`, AsciiDoc
`+literal+`. The text *between* two literals is never one.
"""

from __future__ import annotations

import re

_URL = r"https?://[^\s<>\"'`)\]{}|]+"
_EMAIL = r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"
_UUID = r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
_SHA = r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b"
_ISSUE_KEY = r"\b[A-Z][A-Z0-9]{1,9}-[0-9]{1,7}\b"
_HASH_NUMBER = r"(?<![\w&])#[0-9]{1,7}\b"
_NODE_ID = r"\b[0-9]{1,7}:[0-9]{1,7}\b"
_PATH = r"(?<![\w/.:-])(?:\.{1,2}/|/)?(?:[\w@.+-]+/)+[\w@+-][\w@.+-]*\.[A-Za-z0-9]{1,8}\b"

KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("url", re.compile(_URL)),
    ("email", re.compile(_EMAIL)),
    ("uuid", re.compile(_UUID)),
    ("sha", re.compile(_SHA)),
    ("issue-key", re.compile(_ISSUE_KEY)),
    ("issue-number", re.compile(_HASH_NUMBER)),
    ("node-id", re.compile(_NODE_ID)),
    ("path", re.compile(_PATH)),
)
_BACKTICKS = re.compile(r"`+")
MAX_IDENTIFIER = 120
MAX_LITERAL_SCAN = 4096  # a closing run further than this is not looked for: linear on any text
# A kind whose marker character is absent cannot match: skip its (slow) scan.
_NEEDS = {"url": "://", "email": "@", "issue-number": "#", "node-id": ":", "uuid": "-",
          "issue-key": "-", "path": "/"}
_TRAILING = ".,;:!?'\""


def _clean(kind: str, value: str) -> str:
    if kind in ("url", "path"):
        value = value.rstrip(_TRAILING)
        if kind == "url" and value.endswith(")") and value.count("(") < value.count(")"):
            value = value[:-1]
    return value


def extract(text: str, quoted: bool = True) -> list[tuple[str, str]]:
    """(kind, handle) pairs in order of first appearance, without duplicates.

    A match inside a longer one (the SHA-like tail of a UUID, a path inside a URL) is part of
    that handle, not a handle of its own.
    """
    spans: list[tuple[int, int, str, str]] = []
    for kind, pattern in KINDS:
        if _NEEDS.get(kind, "") not in text:
            continue
        for match in pattern.finditer(text):
            spans.append((match.start(), match.end(), kind, _clean(kind, match.group(0))))
    if quoted and "`" in text:
        for start, end, value in literals(text):
            spans.append((start, end, "identifier", value))
    seen: dict[str, str] = {}
    covered_until = -1
    for _start, end, kind, value in sorted(spans, key=lambda s: (s[0], -s[1])):
        if end <= covered_until and kind != "identifier":
            continue
        covered_until = max(covered_until, end)
        if value and value not in seen:
            seen[value] = kind
    return [(kind, value) for value, kind in seen.items()]


def literals(text: str) -> list[tuple[int, int, str]]:
    """(start, end, content) of each quoted literal fit to be an identifier (2-120 chars, one
    line), in order. A run of N backticks opens a literal that the next run of exactly N
    closes; no closing run before a blank line leaves the run as plain text. Literals that are
    too long or wrap are consumed all the same, so their insides are never misread."""
    found: list[tuple[int, int, str]] = []
    at = 0
    while True:
        opening = _BACKTICKS.search(text, at)
        if opening is None:
            return found
        width = opening.end() - opening.start()
        close = _closing(text, opening.end(), width)
        if close is None:
            at = opening.end()
            continue
        value = _content(text[opening.end():close])
        if 2 <= len(value) <= MAX_IDENTIFIER and "\n" not in value:
            found.append((opening.end(), close, value))
        at = close + width


def _closing(text: str, start: int, width: int) -> int | None:
    """Where the run of exactly `width` backticks closing a literal opened at `start` begins."""
    limit = min(len(text), start + MAX_LITERAL_SCAN)
    blank = text.find("\n\n", start, limit)
    limit = limit if blank == -1 else blank
    for run in _BACKTICKS.finditer(text, start, limit):
        if run.end() - run.start() == width:
            return run.start()
    return None


def _content(inner: str) -> str:
    """A literal's text: Markdown's padding space (`` `x` ``) and AsciiDoc's `+lit+` removed."""
    value = inner.strip()
    if len(value) > 2 and value.startswith("+") and value.endswith("+"):
        value = value[1:-1]
    return value


_ESCAPES = ("\\n", "\\t", "\\r")


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


def contains(text: str, handle: str, start: int = 0, end: int | None = None) -> bool:
    """Is `handle` in `text` (or in text[start:end], without copying it) as a whole token?
    `PROJ-14` is not in `PROJ-142`, nor `#7` in `#77`."""
    if not handle:
        return False
    stop = len(text) if end is None else end
    at = text.find(handle, start, stop)
    check_before, check_after = _word(handle[0]), _word(handle[-1])
    while at != -1:
        after = at + len(handle)
        before_ok = (not check_before or at == 0 or not _word(text[at - 1])
                     or text[at - 2:at] in _ESCAPES)  # "\nhttp://…" inside JSON text
        after_ok = not check_after or after == len(text) or not _word(text[after])
        if before_ok and after_ok:
            return True
        at = text.find(handle, at + 1, stop)
    return False


def occurs(kind: str, handle: str, source: str, start: int = 0, end: int | None = None) -> bool:
    """Does the source (or source[start:end]) hold this handle? `#123` may appear in the
    source as a bare number."""
    if contains(source, handle, start, end):
        return True
    if kind == "issue-number":
        return contains(source, handle[1:], start, end)
    if kind == "url":
        return contains(source, handle.rstrip("/"), start, end)
    if kind == "identifier":
        # `foo()` for a source `foo`, or `a.b` when the source writes it in another quoting
        bare = handle.strip("()[]{}<>").rstrip("()")
        return contains(source, bare, start, end)
    return False


def fabricated(briefing: str, source: str) -> list[str]:
    """Handles the briefing cites that the source does not hold."""
    return [handle for kind, handle in extract(briefing) if not occurs(kind, handle, source)]


def missing(must_keep: list[str], briefing: str) -> list[str]:
    return [handle for handle in must_keep if not contains(briefing, handle)]

"""Handles: the exact strings an agent acts on (URLs, paths, SHAs, keys, ids, emails, identifiers).

A briefing may cite a handle only if the source holds it; handles a route marks as must-keep
are put back if the model dropped them.
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
_IDENTIFIER = r"`([^`\n]{2,120})`"

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
_IDENTIFIER_RE = re.compile(_IDENTIFIER)
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
        for match in _IDENTIFIER_RE.finditer(text):
            spans.append((match.start(1), match.end(1), "identifier", match.group(1).strip()))
    seen: dict[str, str] = {}
    covered_until = -1
    for _start, end, kind, value in sorted(spans, key=lambda s: (s[0], -s[1])):
        if end <= covered_until and kind != "identifier":
            continue
        covered_until = max(covered_until, end)
        if value and value not in seen:
            seen[value] = kind
    return [(kind, value) for value, kind in seen.items()]


_ESCAPES = ("\\n", "\\t", "\\r")


def _word(char: str) -> bool:
    return char.isalnum() or char == "_"


def contains(text: str, handle: str) -> bool:
    """Is `handle` in `text` as a whole token? `PROJ-14` is not in `PROJ-142`, nor `#7` in `#77`."""
    if not handle:
        return False
    start = text.find(handle)
    check_before, check_after = _word(handle[0]), _word(handle[-1])
    while start != -1:
        end = start + len(handle)
        before_ok = (not check_before or start == 0 or not _word(text[start - 1])
                     or text[start - 2:start] in _ESCAPES)  # "\nhttp://…" inside JSON text
        after_ok = not check_after or end == len(text) or not _word(text[end])
        if before_ok and after_ok:
            return True
        start = text.find(handle, start + 1)
    return False


def occurs(kind: str, handle: str, source: str) -> bool:
    """Does the source hold this handle? `#123` may appear in the source as a bare number."""
    if contains(source, handle):
        return True
    if kind == "issue-number":
        return contains(source, handle[1:])
    if kind == "url":
        return contains(source, handle.rstrip("/"))
    if kind == "identifier":
        # `foo()` for a source `foo`, or `a.b` when the source writes it in another quoting
        bare = handle.strip("()[]{}<>").rstrip("()")
        return contains(source, bare)
    return False


def fabricated(briefing: str, source: str) -> list[str]:
    """Handles the briefing cites that the source does not hold."""
    return [handle for kind, handle in extract(briefing) if not occurs(kind, handle, source)]


def missing(must_keep: list[str], briefing: str) -> list[str]:
    return [handle for handle in must_keep if not contains(briefing, handle)]

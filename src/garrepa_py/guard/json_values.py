"""JSON masked value by value: the masked text still parses, with the same lines and items.

Each string literal is judged on its own: under a secret-named key (`"password"`, `"apiKey"`,
docker's `"auth"`) by its value, anywhere by what it holds (a token, a URL password, an
escaped `\\"password\\": \\"…\\"`, a key block, JSON inside the string). A literal with a
secret is replaced by a literal that says `[secret: KIND]` where the value was — re-encoded, so
the document stays valid JSON and keeps its line structure.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from typing import Any

from garrepa_py.guard import names, values

# A literal, and whether a colon follows it (a key): valid JSON has no `"` outside literals.
LITERAL = r'"(?:[^"\\\n]|\\.)*"'
MAX_DOCUMENTS = 1000
MAX_LITERALS = 150_000  # literals judged in one document: past it, not in the hook's time


class TooMany(Exception):
    """More literals to judge than fit the deadline."""
Found = tuple[str, int, int, int, str]  # kind, line, start, end, replacement literal


def documents(text: str) -> bool:
    """Whether `text` is one JSON value, or several separated by whitespace (MCP blocks)."""
    stripped = text.lstrip()
    if not stripped or stripped[0] not in "{[":
        return False
    decoder = json.JSONDecoder()
    at, count = len(text) - len(stripped), 0
    try:
        while at < len(text):
            _, at = decoder.raw_decode(text, at)
            count += 1
            while at < len(text) and text[at] in " \t\r\n":
                at += 1
            if count > MAX_DOCUMENTS:
                return False
    except (ValueError, RecursionError):
        return False
    return count > 0


def _decode(literal: str) -> str | None:
    try:
        value = json.loads(literal)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, str) else None


def _encode(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


_LITERAL_AT = re.compile(LITERAL)
_ALL_LITERALS = re.compile(LITERAL + r"(?P<colon>[ \t\r\n]*:[ \t\r\n]*)?")
_COLON_AFTER = re.compile(r"[ \t\r\n]*:[ \t\r\n]*")
# ECS, k8s-as-JSON, CloudFormation: a secret's name in one key, its value in the next.
NAME_KEYS = frozenset(("name", "Name", "key", "Key", "ParameterKey"))
_VALUE_AFTER = re.compile(r'[ \t\r\n]*,[ \t\r\n]*"(?:value|Value|ParameterValue)"[ \t\r\n]*:'
                          r'[ \t\r\n]*(?P<v>' + LITERAL + ")")


def _opening_quote(text: str, at: int) -> int:
    """The nearest quote before `at` that no backslash escapes (-1: none)."""
    quote = text.rfind('"', 0, at)
    while quote >= 0:
        slashes = 0
        while quote - slashes - 1 >= 0 and text[quote - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            return quote
        quote = text.rfind('"', 0, quote)
    return -1


def _key_before(text: str, start: int) -> str:
    """The raw key of the value literal at `start` (`"key": "value"`), or ""."""
    at = start - 1
    while at >= 0 and text[at] in " \t\r\n":
        at -= 1
    if at < 0 or text[at] != ":":
        return ""
    at -= 1
    while at >= 0 and text[at] in " \t\r\n":
        at -= 1
    if at < 0 or text[at] != '"':
        return ""
    opening = _opening_quote(text, at)
    return text[opening + 1:at] if opening >= 0 else ""


def _may_hold_token(text: str, start: int, end: int) -> bool:
    from garrepa_py.guard.shapes import has_token_prefix

    literal = text[start:end]
    return has_token_prefix(literal) or "://" in literal


def _pairs(text: str, candidates: list[int] | None) -> list[tuple[int, int, str]]:
    """(start, end, raw key above it or "") of every literal that may hold a secret: each one
    a candidate offset falls in (in valid JSON a secret word is always inside a literal), and
    the value of each key that holds one. `candidates` None: every literal, in one pass."""
    out: list[tuple[int, int, str]] = []
    if candidates is None:
        key, value_at = "", -1
        for every in _ALL_LITERALS.finditer(text):
            colon = every.group("colon")
            end = every.start("colon") if colon is not None else every.end()
            out.append((every.start(), end, key if every.start() == value_at else ""))
            if colon is not None:
                key, value_at = text[every.start() + 1:end - 1], every.end()
        return out
    seen: set[int] = set()
    last_end = -1
    for at in candidates:
        if at < last_end:
            continue
        if len(out) > MAX_LITERALS:
            raise TooMany
        start = _opening_quote(text, at)
        match = _LITERAL_AT.match(text, start) if start >= 0 else None
        if match is None or match.end() <= at:
            continue
        last_end = match.end()
        if start in seen:
            continue
        seen.add(start)
        colon = _COLON_AFTER.match(text, match.end())
        if colon is None:
            out.append((start, match.end(), _key_before(text, start)))
            continue
        if _may_hold_token(text, start, match.end()):
            out.append((start, match.end(), ""))  # a key: itself (`{"ghp_…": 1}`), its value
        value = _LITERAL_AT.match(text, colon.end())
        if value is not None and value.start() not in seen:
            seen.add(value.start())
            out.append((value.start(), value.end(), text[start + 1:match.end() - 1]))
    return out


def findings(text: str, candidates: list[int] | None, inner: Callable[[str], tuple[str, Any]]
             ) -> tuple[list[Found], set[str]]:
    """Replacements for the literals of JSON `text` that hold a secret.

    `candidates`: sorted offsets the prefilter flagged (None: look at every literal); a
    literal without one, under an ordinary key, is never decoded. `inner(value)` masks a
    decoded string as plain text and returns (masked, its Scan).
    """
    out: list[Found] = []
    unmaskable: set[str] = set()
    strengths: dict[str, str | None] = {}  # keys repeat in every item: judged once
    flags = candidates or []
    line, counted, line_start = 1, 0, 0  # where `counted` is: lines are counted once, forward
    try:
        pairs = sorted(_pairs(text, candidates))
    except TooMany:
        return [], {"too-many-candidates"}  # cannot be sure in time: send nothing
    for start, end, under in pairs:
        at = bisect.bisect_left(flags, start)
        flagged = candidates is None or at < len(flags) and flags[at] < end
        strength = None
        if under:
            if under not in strengths:
                strengths[under] = names.strength(_decode(f'"{under}"') or "")
            strength = strengths[under]
        if not flagged and strength is None:
            continue
        decoded = _decode(text[start:end])
        if decoded is None:
            continue
        if under in NAME_KEYS and names.strength(decoded) == names.STRONG:
            paired = _VALUE_AFTER.match(text, end)  # `{"name": "DB_PASSWORD", "value": "…"}`
            value = _decode(paired.group("v")) if paired else None
            if paired and value is not None and values.secret_value(
                    value, quoted=True, strong=True, data=True):
                kind = names.kind(decoded)
                at = paired.start("v")  # its line, counted without moving the counter
                value_line = line + text.count("\n", counted, at)
                value_line_start = text.rfind("\n", 0, at) + 1
                out.append((kind, value_line, at - value_line_start,
                            paired.end("v") - value_line_start, _encode(f"[secret: {kind}]")))
        replacement = _judged(under, strength, decoded)
        if replacement is not None:
            kind, masked_value = replacement
            if flagged and kind == "credential" and _may_hold_token(text, start, end):
                # a vendor's token under `"token"`: named by its kind
                kinds = [f.kind for f in inner(decoded)[1].findings]
                kind = kinds[0] if kinds else kind
                masked_value = f"[secret: {kind}]"
        elif flagged:
            masked_value, found = inner(decoded)
            unmaskable.update(found.unmaskable)
            if not found.findings:
                continue
            kind = found.findings[0].kind
        else:
            continue
        newlines = text.count("\n", counted, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, start) + 1
        counted = start
        out.append((kind, line, start - line_start, end - line_start, _encode(masked_value)))
    return out, unmaskable


def _judged(key: str, strength: str | None, value: str) -> tuple[str, str] | None:
    """(kind, masked value) when the key's name and the value say it is a secret."""
    if strength is None:
        return None
    kind = names.kind(key)
    if "PRIVATE KEY-----" in value:
        return "private-key", "[secret: private-key]"
    if strength == "auth":
        from garrepa_py.guard.shapes import docker_auth

        return ("docker-auth", "[secret: docker-auth]") if docker_auth(value) else None
    if values.secret_value(value, quoted=True, strong=strength == names.STRONG, data=True):
        return kind, f"[secret: {kind}]"
    return None

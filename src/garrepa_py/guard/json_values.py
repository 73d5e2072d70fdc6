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
from collections.abc import Callable
from typing import Any

from garrepa_py.guard import names, values

# A literal, and whether a colon follows it (a key): valid JSON has no `"` outside literals.
LITERAL = r'"(?:[^"\\\n]|\\.)*"'
MAX_DOCUMENTS = 1000
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


def findings(text: str, candidates: list[int], inner: Callable[[str], tuple[str, Any]],
             depth: int = 0) -> tuple[list[Found], set[str]]:
    """Replacements for the literals of JSON `text` that hold a secret.

    `candidates`: sorted offsets the prefilter flagged (a literal without one, under an
    ordinary key, is never decoded); `inner(value)` masks a decoded string as plain text and
    returns (masked, its Scan).
    """
    import re

    pattern = re.compile(LITERAL + r"(?P<colon>[ \t\r\n]*:[ \t\r\n]*)?")
    out: list[Found] = []
    unmaskable: set[str] = set()
    key_strength: dict[str, str | None] = {}
    value_at = -1
    key = ""
    for match in pattern.finditer(text):
        start, end = match.start(), match.end()
        literal_end = match.start("colon") if match.group("colon") is not None else end
        is_key = match.group("colon") is not None
        under = key if start == value_at else ""
        if is_key:
            key = text[start + 1:literal_end - 1]
            value_at = end
        at = bisect.bisect_left(candidates, start)
        flagged = at < len(candidates) and candidates[at] < literal_end
        strength = None
        if under and not is_key:
            if under not in key_strength:
                key_strength[under] = names.strength(under) if "\\" not in under else \
                    names.strength(_decode(f'"{under}"') or "")
            strength = key_strength[under]
        if not flagged and strength is None:
            continue
        decoded = _decode(text[start:literal_end])
        if decoded is None:
            continue
        replacement = _judged(under, strength, decoded)
        kind = ""
        if replacement is not None:
            kind, masked_value = replacement
            if flagged and kind == "credential":  # a vendor's token under `"token"`: its kind
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
        line = text.count("\n", 0, start) + 1
        line_start = text.rfind("\n", 0, start) + 1
        out.append((kind, line, start - line_start, literal_end - line_start,
                    _encode(masked_value)))
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

"""Proof of arrival, the same for every host (standard library only): a fingerprint of a
replacement's first and last 64 chars (crc32 each, never the text), journaled with the event and
matched later against what the host's transcript recorded for the same tool call."""

from __future__ import annotations

PROBE = 64


def crc(text: str) -> str:
    import zlib

    return f"{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"


def fingerprint(text: str) -> str:
    """16 hex digits: the crc32 of the text's first and of its last 64 chars (trailing
    whitespace dropped)."""
    body = text.rstrip()
    return crc(body[:PROBE]) + crc(body[-PROBE:])


def matches(print_: str, text: str) -> bool:
    """Whether `text`, as the model received it, is the replacement of fingerprint `print_`."""
    return len(print_) == 16 and fingerprint(text) == print_

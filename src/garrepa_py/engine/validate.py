"""The guarantees a model briefing must meet before the agent sees it."""

from __future__ import annotations

from dataclasses import dataclass

from garrepa_py.engine import handles


@dataclass(frozen=True)
class Checked:
    text: str | None  # None: rejected
    reason: str  # why rejected, or "" when accepted
    restored: int = 0  # must-keep handles put back


def check(reply: str, source: str, must_keep: tuple[str, ...],
          max_chars: int | None = None) -> Checked:
    body = reply.strip()
    if not body:
        return Checked(None, "empty-reply")
    if max_chars is not None and len(body) > max_chars:
        return Checked(None, "over-budget")
    invented = handles.fabricated(body, source)
    if invented:
        return Checked(None, f"fabricated-handle:{len(invented)}")
    absent = handles.missing(list(must_keep), body)
    if absent:
        body += "\n\nAlso in the source (not mentioned above): " + ", ".join(absent)
    if len(body) >= len(source):
        return Checked(None, "not-shorter")
    return Checked(body, "", len(absent))

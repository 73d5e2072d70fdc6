"""The guarantees a model briefing must meet before the agent sees it.

A model reply is hostile input too: the content it summarised may have steered it. It is
accepted only when it is non-empty and within budget, cites no handle the source lacks, cites
the source in every paragraph (a handle that the source holds, or a line range inside it), and
carries nothing that reads as an instruction to the agent. Otherwise the structural briefing
serves. Near-linear: the source's handles are collected once, briefing handles looked up in
that set, and only a bounded number checked the slow way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from garrepa_py.structural import handles

# Text aimed at the agent rather than describing the source. Matching is case-insensitive.
INSTRUCTION = re.compile(
    r"ignore (?:all |any |the |your )?(?:previous|prior|above|earlier|preceding)"
    r"|disregard (?:all |any |the |your )?(?:previous|prior|above|instructions|rules)"
    r"|\bsystem (?:notice|message|prompt|override|instruction)"
    r"|</?(?:system|instructions?|assistant)>"
    r"|\b(?:you|the agent|the assistant|claude) (?:must|should|need to|have to|are required to)\b"
    r"|\b(?:run|execute) (?:this|the following|these) (?:command|script)"
    r"|\b(?:curl|wget)\b[^\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
    r"|\brm -rf\b|\bforce[- ]push|\bpush (?:-f|--force)\b"
    r"|\b(?:drop|delete|wipe) (?:the )?(?:production|prod)\b",
    re.IGNORECASE,
)
LINE_REFERENCE = re.compile(r"\b(?:lines?|L)\s?(\d{1,9})(?:\s?[-–]\s?(\d{1,9}))?", re.IGNORECASE)
MAX_SLOW_LOOKUPS = 64  # briefing handles not in the source's handle set, checked by scanning
HEADING_CHARS = 100


@dataclass(frozen=True)
class Checked:
    text: str | None  # None: rejected
    reason: str  # why rejected, or "" when accepted
    restored: int = 0  # must-keep handles put back


def _cites_lines(paragraph: str, source_lines: int) -> bool:
    for match in LINE_REFERENCE.finditer(paragraph):
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if 1 <= first <= last <= source_lines:
            return True
    return False


def _is_heading(paragraph: str) -> bool:
    return "\n" not in paragraph and len(paragraph) <= HEADING_CHARS and (
        paragraph.startswith("#") or paragraph.endswith(":") or paragraph.startswith("**"))


class _Verifier:
    """Does the source hold a handle? A set lookup first, a bounded scan for the rest."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.known = {value for _, value in handles.extract(source)}
        self.slow_left = MAX_SLOW_LOOKUPS

    def holds(self, kind: str, value: str) -> bool:
        if value in self.known:
            return True
        if self.slow_left <= 0:
            return False
        self.slow_left -= 1
        return handles.occurs(kind, value, self.source)


def check(reply: str, source: str, must_keep: tuple[str, ...],
          max_chars: int | None = None) -> Checked:
    body = reply.strip()
    if not body:
        return Checked(None, "empty-reply")
    if max_chars is not None and len(body) > max_chars:
        return Checked(None, "over-budget")
    if len(body) >= len(source):
        return Checked(None, "not-shorter")
    if INSTRUCTION.search(body):
        return Checked(None, "instruction-like")
    verifier = _Verifier(source)
    cited = handles.extract(body)
    invented = [value for kind, value in cited if not verifier.holds(kind, value)]
    if invented:
        return Checked(None, f"fabricated-handle:{len(invented)}")
    verified = {value for _, value in cited}
    source_lines = source.count("\n") + 1
    for paragraph in re.split(r"\n\s*\n", body):
        paragraph = paragraph.strip()
        if not paragraph or _is_heading(paragraph):
            continue
        if _cites_lines(paragraph, source_lines):
            continue
        if not any(value in verified for _, value in handles.extract(paragraph)):
            return Checked(None, "uncited-paragraph")
    absent = handles.missing(list(must_keep), body)
    if absent:
        body += "\n\nAlso in the source (not mentioned above): " + ", ".join(absent)
    if len(body) >= len(source):
        return Checked(None, "not-shorter")
    return Checked(body, "", len(absent))

"""The guarantees a model briefing must meet before the agent sees it.

A model reply is hostile input too: the content it summarised may have steered it. It is
accepted only when it is non-empty and within budget, cites no handle the source lacks, cites
the source in every paragraph (a handle that the source holds, or a line range inside it),
every line range it cites holds the identifiers cited with it and every value it states for
one agrees with those lines (`citations`), and it says nothing to its reader: no sentence, in
any language, script or disguise, that addresses the agent or asks for an action
(`directives`). Otherwise the structural briefing serves. What is accepted is delivered, and
its handles checked, without invisible characters. Near-linear: the source's handles are
collected once, briefing handles looked up in that set, and only a bounded number checked the
slow way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from garrepa_py.engine import citations, directives, normalise
from garrepa_py.structural import handles

LINE_REFERENCE = citations.LINE_REFERENCE
_range = citations.line_range
# Part of the cache key: a reply judged by an older check (an RST briefing rejected as
# fabricated, a wrong line range accepted) is asked for again.
VERSION = "2"
MAX_SLOW_LOOKUPS = 64  # briefing handles not in the source's handle set, checked by scanning
HEADING_CHARS = 100


@dataclass(frozen=True)
class Checked:
    text: str | None  # None: rejected
    reason: str  # why rejected, or "" when accepted
    restored: int = 0  # must-keep handles put back
    also: tuple[str, ...] = ()  # those handles: garrepa's words, shown outside the model's notes
    rule: str = ""  # which instruction rule flagged it ("imperative", "script:han", ...)


def _cites_lines(paragraph: str, source_lines: int) -> bool:
    for match in LINE_REFERENCE.finditer(paragraph):
        first, last = _range(match)
        if 1 <= first <= last <= source_lines:
            return True
    return False


def _outside(body: str, source_lines: int) -> int:
    """How many line references in `body` point outside the source: the stamp says each is in."""
    return sum(1 for first, last in map(_range, LINE_REFERENCE.finditer(body))
               if not 1 <= first <= last <= source_lines)


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
    flagged = directives.flags(body, source)
    if flagged:  # the rule's name only: never the sentence
        return Checked(None, "instruction-like", rule=flagged[0].rule)
    body = normalise.visible(body)
    verifier = _Verifier(source)
    cited = handles.extract(body)
    invented = [value for kind, value in cited if not verifier.holds(kind, value)]
    if invented:
        return Checked(None, f"fabricated-handle:{len(invented)}")
    verified = {value for _, value in cited}
    source_lines = source.count("\n") + 1
    if _outside(body, source_lines):
        return Checked(None, "line-range-outside")
    if LINE_REFERENCE.search(body):
        try:
            wrong = citations.check(body, citations.Source(source))
        except (Exception, RecursionError) as exc:  # unchecked is undelivered: structural serves
            wrong = f"citation-check-{type(exc).__name__}"
        if wrong:
            return Checked(None, wrong)
    for paragraph in re.split(r"\n\s*\n", body):
        paragraph = paragraph.strip()
        if not paragraph or _is_heading(paragraph):
            continue
        if _cites_lines(paragraph, source_lines):
            continue
        if not any(value in verified for _, value in handles.extract(paragraph)):
            return Checked(None, "uncited-paragraph")
    absent = handles.missing(list(must_keep), body)
    if len(body) + len(also_line(absent)) >= len(source):
        return Checked(None, "not-shorter")
    return Checked(body, "", len(absent), tuple(absent))


def also_line(absent: list[str] | tuple[str, ...]) -> str:
    """The must-keep handles a briefing left out, as garrepa lists them below it."""
    return f"[also in the source, not in the notes: {', '.join(absent)}]" if absent else ""

"""What a briefing's line ranges and stated values claim, checked against the source.

A reply is read sentence by sentence (a bullet is at least one sentence). In a sentence that
cites "lines A-B", every identifier it quotes must be in those lines, give or take `MARGIN`
lines (a heading or a `.. setting::` line just above a section is part of it); a file path is
exempt (a diff names its file above the hunk). A value the sentence states for an identifier
("`X` defaults to `True`", "`X` (default: 30)", "`X` = 8080") must be one the cited lines
state for it, where they state one: a default the source gives for that identifier in those
lines ("Default: ``False``" under its heading, "X defaults to 30", "X = 30") that differs
rejects the reply. A value the source does not state there is not judged.

Bounded: the source's line offsets are found once, and each check is a bounded search of the
cited lines, never a copy of them.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from garrepa_py.structural import handles

MARGIN = 3  # lines either side of a cited range that still count as inside it
OWNER_LOOKBACK = 6  # lines above a "Default:" line searched for the identifier it belongs to
LINE_CHARS = 2000  # of a line before a default, searched for its identifier

# "lines 3-9", and the same in the languages the prompt lets the model write in ("Zeilen 3-9",
# "строки 3-9", "第3-9行", "3-9行目", "3-9줄"): group 1-2 before the number, 3-4 after.
LINE_REFERENCE = re.compile(
    r"\b(?:lines?|L|lignes?|zeilen?|l[ií]neas?|linhas?|righe|riga|строк[а-я]*)\s?(\d{1,9})"
    r"(?:\s?[-–]\s?(\d{1,9}))?"
    r"|(?<!\d)(\d{1,9})(?:\s?[-–~〜]\s?(\d{1,9}))?\s?(?:行|줄)", re.IGNORECASE)

# A bare number followed by a unit ("1 year", "30 s", "5%") is a paraphrase, not a value.
_VALUE = (r"(``?[^`\n]{1,60}?``?|'[^'\n]{0,60}'|\"[^\"\n]{0,60}\"|-?\d(?:[\d_,.]*\d)?(?![\w%]|[.,]\d|\s*[^\W\d_])"
          r"|\b(?:True|False|None|true|false|null|nil)\b)")
# A default stated in prose: "defaults to X", "default is X", "default: X", "(default X)".
_DEFAULT = re.compile(r"\bdefaults?(?:\s+value)?(?:\s+(?:to|is|of)\b|\s*[:=]|\s+(?=[`'\"\d]))"
                      r"\s*" + _VALUE, re.IGNORECASE)
_ASSIGNED = re.compile(r"(?<![=!<>])=(?!=)\s*" + _VALUE)
_ASSIGNMENT_LITERAL = re.compile(r"^([A-Za-z_][\w.]*)\s*=\s*(\S.*)$")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(*\"“`])|\n(?=\s*(?:[-*+•]|\d+[.)])\s)")


def line_range(match: re.Match[str]) -> tuple[int, int]:
    first = match.group(1) or match.group(3)
    last = match.group(2) or match.group(4) or first
    return int(first), int(last)


@dataclass(frozen=True)
class Claim:
    identifier: str
    value: str  # normalised
    default: bool  # "defaults to": compared with stated defaults only; "=": with any value


def normal(value: str) -> str:
    """A value as compared: quotes and backticks off, numbers without separators, lower case."""
    value = value.strip().strip("`").strip().rstrip(".,;:)").strip("'\"")
    if re.fullmatch(r"-?[\d_,]+(?:\.\d+)?", value):
        value = value.replace(",", "").replace("_", "")
    return value.lower()


class Source:
    """The source's lines, indexed once, searched by range."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    @property
    def lines(self) -> int:
        return len(self.starts)

    def span(self, first: int, last: int) -> tuple[int, int]:
        """Character offsets of lines first..last (1-based, clamped)."""
        first = max(1, first)
        last = min(self.lines, last)
        end = self.starts[last] if last < self.lines else len(self.text)
        return self.starts[first - 1], end

    def line(self, number: int) -> str:
        """Line `number`, or its last `LINE_CHARS` characters."""
        start, end = self.span(number, number)
        return self.text[max(start, end - LINE_CHARS):end]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def holds(self, value: str, ranges: list[tuple[int, int]]) -> bool:
        return any(handles.occurs("identifier", value, self.text, *self.span(a - MARGIN, b + MARGIN))
                   for a, b in ranges)

    def stated(self, identifier: str, ranges: list[tuple[int, int]]) -> tuple[set[str], set[str]]:
        """(defaults, other values) the cited lines state for `identifier`."""
        defaults: set[str] = set()
        values: set[str] = set()
        for a, b in ranges:
            start, end = self.span(a - MARGIN, b + MARGIN)
            for match in _DEFAULT.finditer(self.text, start, end):
                if self._owner(match.start()) == identifier:
                    defaults.add(normal(match.group(1)))
            assigned = re.compile(rf"(?<![\w.]){re.escape(identifier)}\s*=(?!=)\s*" + _VALUE)
            for match in assigned.finditer(self.text, start, end):
                values.add(normal(match.group(1)))
        return defaults, values

    def _owner(self, offset: int) -> str:
        """The identifier a default at `offset` is stated for: the last literal before it on
        its line, else those of the nearest line above (within `OWNER_LOOKBACK`) quoting one."""
        number = self.line_of(offset)
        line_start = max(self.starts[number - 1], offset - LINE_CHARS)
        before = [v for _s, _e, v in handles.literals(self.text[line_start:offset])]
        if before:
            return before[-1]
        for above in range(number - 1, max(0, number - 1 - OWNER_LOOKBACK), -1):
            quoted = [v for _s, _e, v in handles.literals(self.line(above))]
            if quoted:
                return quoted[-1]
            setting = re.match(r"\s*\.\. [\w:-]+:: (\S+)", self.line(above))
            if setting:
                return setting.group(1)
        return ""


def sentences(body: str) -> list[str]:
    """The reply cut into sentences and bullets, never inside a quoted literal."""
    masked = list(body)
    for start, end, _value in handles.literals(body):
        masked[start:end] = "x" * (end - start)
    cuts = [m.end() for m in _SENTENCE_END.finditer("".join(masked))]
    return [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]


def claims(sentence: str) -> list[Claim]:
    """The values a sentence states for the identifiers it quotes."""
    quoted = handles.literals(sentence)
    found: list[Claim] = []
    values: set[int] = set()
    for _start, _end, value in quoted:
        assignment = _ASSIGNMENT_LITERAL.match(value)  # `TIMEOUT = 30`
        if assignment:
            found.append(Claim(assignment.group(1), normal(assignment.group(2)), False))
    for pattern, default in ((_DEFAULT, True), (_ASSIGNED, False)):
        for match in pattern.finditer(sentence):
            owners = [(s, e, v) for s, e, v in quoted if e <= match.start() and s not in values]
            inside = any(s <= match.start() < e for s, e, _v in quoted)
            if not owners or inside:
                continue
            if not default and sentence[owners[-1][1]:match.start()].strip("` "):
                continue  # "=" binds only the literal right before it: `PORT` = 8080
            values.update(s for s, _e, _v in quoted if match.start(1) <= s < match.end(1) + 1)
            found.append(Claim(owners[-1][2], normal(match.group(1)), default))
    return found


def _is_path(value: str) -> bool:
    return "/" in value and re.fullmatch(r"[\w@.+/-]+", value) is not None


def check(body: str, source: Source) -> str:
    """"" when every cited range holds its identifiers and every stated value agrees with the
    source's; else the journal reason."""
    misses = differs = 0
    for sentence in sentences(body):
        ranges = [line_range(m) for m in LINE_REFERENCE.finditer(sentence)]
        if not ranges:
            continue
        for kind, value in handles.extract(sentence):
            if kind == "identifier" and not _is_path(value) and not source.holds(value, ranges):
                misses += 1
        for claim in claims(sentence):
            defaults, others = source.stated(claim.identifier, ranges)
            allowed = defaults if claim.default else defaults | others
            if allowed and claim.value not in allowed:
                differs += 1
    if misses:
        return f"range-without-id:{misses}"
    return f"stated-value-differs:{differs}" if differs else ""

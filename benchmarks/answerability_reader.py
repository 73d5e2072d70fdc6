"""The one reader policy of the answerability benchmark (issue 27): how an agent that got some text
back looks for its answer, and how many characters that costs it.

The policy, the same for every arm:

1. It reads what was delivered. If every answer string is in it, the task is answered.
2. Else, for each line of the delivered text that holds one of the task's `key` strings
   (case-insensitive), in the order they come: if that line names a line range (`lines 120-140`,
   `lines 1,731-3,659`, `line 13`, `L120..140`, `L120`, `offset=120 limit=20`, or a bare
   `120-140`), it reads those lines of the
   file named on that line, or else of the saved file; if the line names only a file, it reads
   that file as in step 3. It checks again after each read.
3. Else it reads the saved file in 2,000-line chunks, at most 5 (10,000 lines), stopping as
   soon as the task is answered.

The saved file is the document itself for a Read (the agent asked for it by path), else the
last path on the last delivered line that says it names the output's copy ("saved to", "exact
original", "readable copy", "whole output", …): Claude Code's persisted output, garrepa's spill
or readable copy, the path of a head+tail cut or pointer. Only files in the task's own directory
count as existing (a log's traceback may name files of the machine it was recorded on). A read
counts what a Read would deliver: the lines numbered `N<tab>text`. Cost = the delivered chars
plus every char read.

`looks` decides where to look from the delivered text and `key` alone: the answer is not among
its arguments, so it cannot steer it. Only `judge` sees the answer, to stop when it is found.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CHUNK_LINES = 2000
MAX_CHUNKS = 5

# a line number as a digest may print it: 17683 or 17,683
_NUMBER = r"(\d{1,3}(?:,\d{3})+(?!\d)|\d+)"
_RANGES = [  # explicit forms first; a bare `N-M` only where none of them is on the line
    re.compile(rf"\blines?\s+{_NUMBER}\s*(?:-|–|\.\.|to)\s*{_NUMBER}", re.I),
    re.compile(r"\bL(\d+)(?:\s*(?:\.\.|-|–)\s*L?(\d+))?\b"),
    re.compile(r"\boffset[=: ]\s*(\d+)[,;]?\s*(?:and\s+)?limit[=: ]\s*(\d+)()", re.I),
    # one line: `1 match, line 13` (not a range's first number); a traceback's `line 13` of
    # a file the reader lacks reads line 13 of the saved file instead: one line, a cheap miss
    re.compile(rf"\bline\s+{_NUMBER}()(?!\s*(?:-|–|\.\.|to)\s*\d)(?![\d,]*\d)", re.I),
]
_BARE_RANGE = re.compile(r"(?<![\w.:/+-])(\d+)-(\d+)(?![\w.-])")
_PATH = re.compile(r"(/[^\s|'\"`()\[\]<>,;]+)")
_SAVED = re.compile(r"saved to|saved at|exact original|exact log|exact text|readable copy|"
                    r"whole output|full output", re.I)


@dataclass(frozen=True)
class Delivery:
    """What reached the model, and the file the reader may go back to (None: nothing named)."""

    text: str
    saved: Path | None = None


def numbered(lines: list[str], first: int) -> str:
    """Lines as a Read returns them: `N<tab>line`, from line number `first`."""
    return "".join(f"{first + n}\t{line}\n" for n, line in enumerate(lines))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").split("\n")


def named_paths(text: str, root: Path | None = None) -> list[Path]:
    """The absolute paths a text names that exist as files (under `root`, when given)."""
    found = []
    for match in _PATH.finditer(text):
        candidate = Path(match.group(1).rstrip(".:"))
        if candidate.is_file() and (root is None or candidate.is_relative_to(root)):
            found.append(candidate)
    return found


def saved_file(delivery: Delivery, root: Path | None = None) -> Path | None:
    if delivery.saved is not None:
        return delivery.saved
    for line in reversed(delivery.text.split("\n")):
        paths = named_paths(line, root) if _SAVED.search(line) else []
        if paths:
            return paths[-1]
    return None


def line_ranges(line: str) -> list[tuple[int, int]]:
    """The line ranges a line names (first, last), in the order written."""
    spans: list[tuple[int, int, int]] = []
    for pattern in _RANGES:
        for match in pattern.finditer(line):
            first = int(match.group(1).replace(",", ""))
            if pattern is _RANGES[2]:  # offset/limit
                last = first + int(match.group(2)) - 1
            else:
                last = int(match.group(2).replace(",", "")) if match.group(2) else first
            spans.append((match.start(), first, last))
    if not spans:
        spans = [(m.start(), int(m.group(1)), int(m.group(2))) for m in _BARE_RANGE.finditer(line)]
    return [(first, last) for _, first, last in sorted(spans) if 0 < first <= last]


def _chunks(path: Path) -> Iterator[str]:
    lines = _lines(path)
    for n in range(MAX_CHUNKS):
        part = lines[n * CHUNK_LINES:(n + 1) * CHUNK_LINES]
        if not part:
            return
        yield numbered(part, n * CHUNK_LINES + 1)


def looks(delivery: Delivery, key: list[str], root: Path | None = None) -> Iterator[str]:
    """Every text the reader sees, in order: the delivery, then the reads of steps 2 and 3.
    Built from the delivered text and `key` only (`root`: the task's directory)."""
    yield delivery.text
    saved = saved_file(delivery, root)
    wanted = [k.lower() for k in key]
    done: set[tuple[str, int, int]] = set()
    for line in delivery.text.split("\n"):
        if not any(k in line.lower() for k in wanted):
            continue
        on_line = named_paths(line, root)
        target = on_line[-1] if on_line else saved
        ranges = line_ranges(line)
        if target is not None and ranges:
            lines = _lines(target)
            for first, last in ranges:
                if (str(target), first, last) in done:
                    continue
                done.add((str(target), first, last))
                yield numbered(lines[first - 1:last], first)
        elif on_line and (str(on_line[-1]), 0, 0) not in done:
            done.add((str(on_line[-1]), 0, 0))
            yield from _chunks(on_line[-1])
    if saved is not None:
        yield from _chunks(saved)


def _flat(text: str) -> str:
    """The same result laid out by different arms: `"a": 1` (one value per line) and `"a":1`
    (compact JSON) are the same fact, so the blank after a JSON colon is ignored."""
    return re.sub(r'":\s+', '":', text)


@dataclass(frozen=True)
class Outcome:
    answered: bool
    chars: int
    reads: int


def judge(delivery: Delivery, key: list[str], answer: list[str],
          root: Path | None = None) -> Outcome:
    """Follows `looks` until every answer string has been seen (in any of the texts seen), as
    it is or escaped as a JSON string: Claude Code saves an MCP result's content blocks as a
    JSON array, where a block's text is one escaped line, and an agent reads it as the same."""
    wanted = [(_flat(a), _flat(json.dumps(a, ensure_ascii=False)[1:-1])) for a in answer]
    seen: list[str] = []
    chars = 0
    reads = -1
    for text in looks(delivery, key, root):
        seen.append(_flat(text))
        chars += len(text)
        reads += 1
        if all(any(a in s or escaped in s for s in seen) for a, escaped in wanted):
            return Outcome(True, chars, reads)
    return Outcome(False, chars, reads)

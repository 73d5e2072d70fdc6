"""What ran, by test file: each file a runner names, its test count and its lines in the exact
log, so "did X run?" is one Read of a file's range, also for a run that passed (issue 35).

Recognised: pytest (`file.py::test PASSED` and `file.py ..s.F` lines), jest (`PASS file` and
the ✓/✕ lines under it), vitest (`✓ file > …` lines) and cargo (`Running file` to its `test
result`). When the rows do not fit their room, files fold into their directory (the deepest
first), each with its file count, tests and lines; nothing is dropped without a range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PYTEST_VERBOSE = re.compile(r"^([\w./\\-]{1,300}\.py)::\S")
PYTEST_PROGRESS = re.compile(r"^([\w./\\-]{1,300}\.py) ([.sxXFEfp]{1,2000})(?:\s+\[ ?\d{1,3}%\])?$")
JEST_FILE = re.compile(r"^\s*(?:PASS|FAIL)\s+(\S{1,300})")
JEST_TEST = re.compile(r"^\s+[✓✕○√×] ")
VITEST = re.compile(r"^\s*[✓×✗↓]\s+(\S{1,300}\.[cm]?[jt]sx?)\b")
CARGO = re.compile(r"^\s*Running (?:unittests )?(\S{1,300}\.rs)\b")
CARGO_TEST = re.compile(r"^test \S.* \.\.\. ")
CARGO_END = re.compile(r"^test result: ")


@dataclass
class Ran:
    name: str
    tests: int = 0
    spans: list[list[int]] = field(default_factory=list)

    def add(self, number: int, tests: int = 1, joined: bool = False) -> None:
        """`joined`: the lines since its last one are this file's too (jest's describe lines)."""
        self.tests += tests
        if self.spans and (joined or self.spans[-1][1] + 1 >= number):
            self.spans[-1][1] = max(number, self.spans[-1][1])
        else:
            self.spans.append([number, number])


def files(lines: list[str]) -> list[Ran]:
    """Each test file the log names, in first-seen order."""
    found: dict[str, Ran] = {}
    current: Ran | None = None  # jest's or cargo's file whose tests follow
    for number, line in enumerate(lines, start=1):
        verbose = PYTEST_VERBOSE.match(line)
        progress = None if verbose else PYTEST_PROGRESS.match(line)
        if verbose or progress:
            match = verbose or progress
            assert match is not None
            ran = found.setdefault(match.group(1), Ran(match.group(1)))
            ran.add(number, 1 if verbose else len(progress.group(2)) if progress else 1)
            current = None
            continue
        head = JEST_FILE.match(line) or CARGO.match(line)
        if head:
            current = found.setdefault(head.group(1), Ran(head.group(1)))
            current.add(number, 0)
            continue
        vitest = VITEST.match(line)
        if vitest:
            found.setdefault(vitest.group(1), Ran(vitest.group(1))).add(number)
            continue
        if current is not None and (JEST_TEST.match(line) or CARGO_TEST.match(line)):
            current.add(number, joined=True)
        elif current is not None and CARGO_END.match(line):
            current.add(number, 0, joined=True)
            current = None
    return [ran for ran in found.values() if ran.tests]


def _lines(spans: list[list[int]]) -> str:
    shown = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans[:4])
    return shown if len(spans) <= 4 else f"{shown} … {spans[-1][0]}-{spans[-1][1]}"


def _row(ran: Ran, count: int = 1) -> str:
    what = f"{count} files, " if count > 1 else ""
    tests = f"{ran.tests} test" + ("s" if ran.tests != 1 else "")
    return f"{ran.name} | {what}{tests} | lines {_lines(ran.spans)}"


def _fold(runs: list[Ran], depth: int | None) -> list[tuple[Ran, int]]:
    """Files at least `depth` directories down folded into their directory at that depth
    (None: none folded; 0: all in one row)."""
    out: list[tuple[Ran, int]] = []
    where: dict[str, int] = {}
    for ran in runs:
        parts = ran.name.split("/")
        if depth is None or len(parts) - 1 < depth:
            out.append((ran, 1))
            continue
        folder = "/".join(parts[:depth]) + "/" if depth else "(all files)"
        if folder not in where:
            where[folder] = len(out)
            out.append((Ran(folder), 0))
        held, count = out[where[folder]]
        held.tests += ran.tests
        for a, b in ran.spans:
            held.add(a, 0)
            held.spans[-1][1] = max(held.spans[-1][1], b)
        out[where[folder]] = (held, count + 1)
    return out


def listing(lines: list[str], room: int) -> list[str]:
    """`Test files that ran …` and one row per file (or folded directory) within `room`."""
    runs = files(lines)
    if not runs:
        return []
    total = sum(ran.tests for ran in runs)
    title = (f"Test files that ran ({len(runs)} files, {total:,} tests; file | tests | its lines "
             "in the exact log):")
    deepest = max(ran.name.count("/") for ran in runs)
    for depth in [None, *range(deepest, -1, -1)]:
        rows = [_row(ran, count) for ran, count in _fold(runs, depth)]
        if len(title) + sum(len(row) + 1 for row in rows) <= room:
            return [title, *rows]
    return []

"""Digests of test and build logs that keep every failure: pure, deterministic, standard library.

A log is cleaned (ANSI escapes and carriage-return redraws removed), its outcome told from the
runner family's own summary or error lines, and its failures kept whole — pytest's FAILURES and
ERRORS sections with their tracebacks, mypy/ruff/tsc diagnostics, make/npm error lines with their
context — with the summary lines verbatim and the passing noise collapsed into counts. Each kept
block names its lines in the exact log, and what does not fit is listed by name and lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

BUDGET = 9000  # Claude Code shows a failing command's first ~5,000 and last ~5,000 chars
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]")
PYTEST_SUMMARY = re.compile(r"^=+ (.*?\b(?:passed|failed|error|errors|skipped|xfailed|xpassed|"
                            r"deselected|warnings?|no tests ran)\b.*?) =+$")
# `pytest -q` prints the same summary without the ===== border
PYTEST_BARE_SUMMARY = re.compile(r"^((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|"
                                 r"deselected|warnings?)(?:, )?)+ in [\d.]+s(?: \(.*\))?)$")
PYTEST_SECTION = re.compile(r"^=+ (FAILURES|ERRORS|short test summary info|warnings summary|"
                            r"PASSES|slowest \d+ durations|.*captured.*) =+$", re.I)
PYTEST_TEST = re.compile(r"^_{3,} (.+?) _{3,}$")
RUFF_HEAD = re.compile(r"^[A-Z]{1,4}\d{2,5} \S.*$")  # ruff's full format: CODE message, then -->
RUFF_WHERE = re.compile(r"^\s+--> (\S+?):(\d+):\d+$")
MYPY_SUMMARY = re.compile(r"^(Found \d+ errors? in \d+ files?.*|Success: no issues found.*)$")
RUFF_SUMMARY = re.compile(r"^(Found \d+ errors?\..*|All checks passed!)$")
DIAGNOSTIC = re.compile(r"^(\S+?):(\d+)(?::\d+)?: (error|warning|note)?:?\s?(.*)$")
GENERIC_FAIL = re.compile(r"(\bFAIL(ED|URE)?\b|\bERROR\b|\berror(\[\w+\])?:|npm ERR!|"
                          r"make(\[\d+\])?: \*\*\*|BUILD FAILED|Traceback \(most recent call "
                          r"last\)|\bpanic:|Exception in thread)")


@dataclass
class Block:
    title: str  # a test id, a file:line, "error"
    first: int  # 1-based line in the cleaned log
    lines: list[str] = field(default_factory=list)

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1

    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class Digest:
    text: str
    failed: bool
    how: str  # how the outcome was told
    exit_code: int


def clean(raw: str) -> list[str]:
    """Lines without ANSI escapes and without what a carriage return drew over."""
    text = ANSI.sub("", raw.replace("\r\n", "\n"))
    return [line.rsplit("\r", 1)[-1] for line in text.split("\n")]


def family_of(command: str) -> str:
    words = command.split()
    joined = " ".join(words)
    if re.search(r"\bpytest\b|\bpy\.test\b", joined):
        return "pytest"
    if re.search(r"\bmypy\b", joined):
        return "mypy"
    if re.search(r"\bruff\b", joined):
        return "ruff"
    if re.search(r"\b(tape|tap|node --test)\b", joined):
        return "tap"
    if re.search(r"\btsc\b", joined):
        return "tsc"
    return "generic"


def _pytest(lines: list[str]) -> tuple[list[Block], list[str], bool, str, int]:
    """(failure blocks, summary lines, failed, how, exit code)."""
    blocks: list[Block] = []
    summary: list[str] = []
    section = ""
    current: Block | None = None
    for number, line in enumerate(lines, start=1):
        heading = PYTEST_SECTION.match(line)
        if heading:
            section = heading.group(1).lower()
            current = None
            continue
        if PYTEST_SUMMARY.match(line) or PYTEST_BARE_SUMMARY.match(line):
            summary.append(line)
            current = None
            continue
        if section in ("failures", "errors"):
            test = PYTEST_TEST.match(line)
            if test:
                current = Block(test.group(1), number, [line])
                blocks.append(current)
            elif current is not None:
                current.lines.append(line)
        elif section == "short test summary info" and line.strip() and not blocks:
            summary.append(line)  # -q without tracebacks (--tb=no): these lines are the failures
        elif line.startswith("Interrupted:"):
            summary.append(line)
    final = next((line for line in reversed(summary)
                  if PYTEST_SUMMARY.match(line) or PYTEST_BARE_SUMMARY.match(line)), None)
    if final is None:
        crashed = bool(blocks) or any("Traceback" in line or "INTERNALERROR" in line
                                      for line in lines)
        return blocks, summary, True, ("no pytest summary line: the run did not finish"
                                       + (" (a traceback is in the log)" if crashed else "")), 1
    words = (PYTEST_SUMMARY.match(final) or PYTEST_BARE_SUMMARY.match(final)).group(1)  # type: ignore[union-attr]
    if re.search(r"\b(failed|error|errors)\b", words):
        # pytest exits 2 when collection errors interrupted the run, 1 for failing tests
        interrupted = any(line.startswith(("Interrupted:", "!!!")) and "Interrupted" in line
                          for line in lines)
        return blocks, summary, True, f"pytest's summary line says {words!r}", \
            2 if interrupted else 1
    if "interrupted" in words:
        return blocks, summary, True, f"pytest's summary line says {words!r}", 2
    if "no tests ran" in words:
        return blocks, summary, True, "pytest's summary line says no tests ran", 5
    return blocks, summary, False, f"pytest's summary line says {words!r}", 0


def _diagnostics(lines: list[str], summary_line: re.Pattern[str], name: str
                 ) -> tuple[list[Block], list[str], bool, str, int]:
    blocks: list[Block] = []
    summary = [line for line in lines if summary_line.match(line)]
    open_block: Block | None = None
    for number, line in enumerate(lines, start=1):
        where = RUFF_WHERE.match(line)
        if where and number >= 2 and RUFF_HEAD.match(lines[number - 2]):
            open_block = Block(f"{where.group(1)}:{where.group(2)}", number - 1,
                               [lines[number - 2], line])
            blocks.append(open_block)
            continue
        if open_block is not None:
            if line.strip() or (number < len(lines) and lines[number].startswith(" ")):
                open_block.lines.append(line)
                continue
            open_block = None
        match = DIAGNOSTIC.match(line)
        if match and match.group(3) != "note" and not line.startswith(" "):
            blocks.append(Block(f"{match.group(1)}:{match.group(2)}", number, [line]))
        elif blocks and line.startswith((" ", "|", "-->", "^")) and \
                number == blocks[-1].last + 1:
            blocks[-1].lines.append(line)  # the code frame under a diagnostic
    if summary:
        failed = bool(re.search(r"Found \d+ error", summary[-1]))
        return blocks, summary, failed, f"{name}'s summary line says {summary[-1]!r}", int(failed)
    failed = bool(blocks)
    return blocks, summary, failed, (f"no {name} summary line; {len(blocks)} diagnostics "
                                     "found" if failed else f"no {name} summary line and no "
                                     "diagnostics"), int(failed)


TSC_DIAGNOSTIC = re.compile(r"^(\S+?)(?:\((\d+),\d+\):|:(\d+):\d+ -) (error|warning) TS\d+: ")
TSC_SUMMARY = re.compile(r"^Found \d+ errors?\b.*$")


def _tsc(lines: list[str]) -> tuple[list[Block], list[str], bool, str, int]:
    """tsc, plain (`file(l,c): error TS…`) or --pretty (`file:l:c - error TS…` and a code
    frame): each diagnostic with the lines under it."""
    blocks: list[Block] = []
    summary = [line for line in lines if TSC_SUMMARY.match(line)]
    current: Block | None = None
    for number, line in enumerate(lines, start=1):
        match = TSC_DIAGNOSTIC.match(line)
        if match:
            current = Block(f"{match.group(1)}:{match.group(2) or match.group(3)}", number, [line])
            blocks.append(current)
        elif current is not None and not TSC_SUMMARY.match(line) and (
                line.startswith((" ", "\t")) or line[:1].isdigit() or not line.strip()):
            current.lines.append(line)
        else:
            current = None
    for block in blocks:
        while len(block.lines) > 1 and not block.lines[-1].strip():
            block.lines.pop()
    errors = sum(1 for block in blocks if " error TS" in block.lines[0])
    if errors:  # tsc exits 2 when it reports errors (measured with --noEmit)
        how = f"tsc's summary says {summary[-1]!r}" if summary else f"{errors} tsc errors"
        return blocks, summary, True, how, 2
    return blocks, summary, False, "no tsc error", 0


TAP_RESULT = re.compile(r"^(not )?ok \d+\b")
TAP_SUMMARY = re.compile(r"^# (tests|pass|fail|ok|skip|todo)\b")


def _is_tap(lines: list[str]) -> bool:
    """TAP (tape, node-tap, node --test, prove): `ok N …` / `not ok N …` lines."""
    return any(line.startswith("TAP version") for line in lines[:50]) or \
        sum(1 for line in lines if TAP_RESULT.match(line)) >= 3


def _tap(lines: list[str]) -> tuple[list[Block], list[str], bool, str, int]:
    blocks: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(lines, start=1):
        if line.startswith("not ok "):
            current = Block(line[7:].strip(), number, [line])
            blocks.append(current)
        elif current is not None and (line.startswith("  ") or not line.strip()):
            current.lines.append(line)
            if line.strip() == "...":  # the end of its YAML block
                current = None
        else:
            current = None
    summary = [line for line in lines if TAP_SUMMARY.match(line)]
    fails = [int(m.group(1)) for line in summary if (m := re.match(r"^# fail\s+(\d+)", line))]
    if fails:
        failed = fails[-1] > 0
        return blocks, summary, failed, f"TAP's summary says '# fail {fails[-1]}'", int(failed)
    if any(line.strip() == "# ok" for line in summary):
        return blocks, summary, bool(blocks), "TAP's summary says '# ok'", int(bool(blocks))
    failed = bool(blocks)
    return blocks, summary, failed, (f"no TAP summary; {len(blocks)} 'not ok' lines" if failed
                                     else "no TAP summary and no 'not ok' line"), int(failed)


def _generic(lines: list[str]) -> tuple[list[Block], list[str], bool, str, int]:
    blocks: list[Block] = []
    for number, line in enumerate(lines, start=1):
        if GENERIC_FAIL.search(line):
            start = max(1, number - 3)
            if blocks and start <= blocks[-1].last + 1:
                blocks[-1].lines += lines[blocks[-1].last:number + 3]
            else:
                blocks.append(Block(line.strip()[:80], start, lines[start - 1:number + 3]))
    tail = [line for line in lines[-5:] if line.strip()]
    if blocks:
        return blocks, tail, True, (f"{len(blocks)} error or failure lines (FAIL, ERROR, "
                                    "error:, make ***, npm ERR!, Traceback …)"), 1
    return blocks, tail, False, "no error or failure line in the log", 0


FAULT_LINE = re.compile(r"^\S+:\d+: \w")


def _fault(block: Block) -> str:
    """Where a failure happened (pytest's `file:line: ErrorType`, TAP's `at:`), to tell faults
    apart."""
    return next((line for line in reversed(block.lines) if FAULT_LINE.match(line)
                 or line.strip().startswith("at: ")), block.title)


def digest(raw: str, family: str, spill: str, budget: int = BUDGET) -> Digest:
    lines = clean(raw)
    while lines and not lines[-1].strip():
        lines.pop()
    if family == "pytest":
        blocks, summary, failed, how, code = _pytest(lines)
    elif family == "mypy":
        blocks, summary, failed, how, code = _diagnostics(lines, MYPY_SUMMARY, "mypy")
    elif family == "ruff":
        blocks, summary, failed, how, code = _diagnostics(lines, RUFF_SUMMARY, "ruff")
    elif family == "tap":
        blocks, summary, failed, how, code = _tap(lines)
    elif family == "tsc":
        blocks, summary, failed, how, code = _tsc(lines)
    elif _is_tap(lines):
        family = "tap"
        blocks, summary, failed, how, code = _tap(lines)
    else:
        blocks, summary, failed, how, code = _generic(lines)
    kept_lines = {n for block in blocks for n in range(block.first, block.last + 1)}
    passing = sum(1 for line in lines if re.search(r"\bPASSED\b|\bok\b", line))
    head = (f"[garrepa log | {family} | {'FAILED' if failed else 'passed'} ({how}) | "
            f"{sum(len(line) + 1 for line in lines):,} chars, {len(lines):,} lines]")
    pointer = (f"[exact log: {spill} ({len(lines):,} lines, ANSI and redraws removed) | Read it "
               "with offset/limit for any part]")
    out = [head]
    if summary:
        out += ["Summary, verbatim:", *summary]
    # Room for the listing of every block first (name and lines), then whole blocks in order.
    listing_room = sum(len(block.title) + 20 for block in blocks)
    room = budget - sum(len(line) + 1 for line in out) - len(pointer) - 400
    room_for_blocks = room - min(listing_room, room // 2)
    # One block per distinct fault first (parametrized cases failing at the same line are one
    # fault), then the others while room lasts; shown in the log's order.
    seen: set[str] = set()
    distinct: list[Block] = []
    repeats: list[Block] = []
    for block in blocks:
        where = _fault(block)
        (repeats if where in seen else distinct).append(block)
        seen.add(where)
    chosen: set[int] = set()
    for block in distinct + repeats:
        size = len(block.text()) + 40
        if size <= room_for_blocks:
            chosen.add(id(block))
            room_for_blocks -= size
    shown = [block for block in blocks if id(block) in chosen]
    left = [block for block in blocks if id(block) not in chosen]
    if shown:
        out.append(f"{'Failures' if family == 'pytest' else 'Errors'}, whole "
                   f"({len(shown)} of {len(blocks)}):")
        for block in shown:
            out.append(f"--- {block.title} (lines {block.first}-{block.last}) ---")
            out.extend(block.lines)
    if left:
        listing = "; ".join(f"{block.title} (lines {block.first}-{block.last})" for block in left)
        out.append(f"Not shown here ({len(left)}), each whole in the exact log: {listing}")
    other = len(lines) - len(kept_lines)
    out.append(f"Collapsed: {other:,} other lines" + (f", {passing:,} of them passing test lines"
                                                        if passing else ""))
    out.append(pointer)
    text = "\n".join(out)
    if len(text) > budget:  # only a very long listing of what is not shown gets here
        text = text[:budget - len(pointer) - 40].rsplit("\n", 1)[0] + "\n… (cut)\n" + pointer
    return Digest(text, failed, how, code)

"""Digests of test and build logs that keep every failure: pure, deterministic, standard library.

A log is cleaned (ANSI escapes and carriage-return redraws removed), read by its runner family's
parser — the one place below where a family maps to its parser — its outcome told from the
family's own summary or error lines, and its failures kept whole, with the summary lines
verbatim and the passing noise collapsed into counts. Each kept block names its lines in the
exact log, and what does not fit is listed by name and lines.

A family named by the command is trusted; a wrapper (`make`, `npm test`, `tox`, an unknown
runner) is read by what its log looks like, and its own exit code kept (make exits 2).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from garrepa_py.config import budgets
from garrepa_py.structural.log import log_evidence, log_files, log_javascript, log_jvm, log_native, log_python
from garrepa_py.structural.log.log_lines import Block, Cut, Parsed, clean

__all__ = ["BUDGET", "Cut", "Digest", "clean", "digest", "read"]

# Claude Code shows a failing command's first ~5,000 and last ~5,000 chars: stay under both
BUDGET = budgets.LOG_DIGEST_CHARS
GENERIC_FAIL = re.compile(r"(\bFAIL(ED|URE)?\b|\bERROR\b|\berror(\[\w+\])?:|npm ERR!|"
                          r"make(\[\d+\])?: \*\*\*|BUILD FAILED|Traceback \(most recent call "
                          r"last\)|\bpanic:|Exception in thread|^  \d+ failing$)")


def generic(lines: list[str]) -> Parsed:
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
        return Parsed(blocks, tail, True, (f"{len(blocks)} error or failure lines (FAIL, ERROR, "
                                           "error:, make ***, npm ERR!, Traceback …)"), 1)
    return Parsed(blocks, tail, False, "no error or failure line in the log", 0)




@dataclass
class Digest:
    text: str
    failed: bool
    how: str  # how the outcome was told
    exit_code: int



# The one place a family maps to its parser. A command names its family (shell/log_command.py);
# for the rest the log is recognised by the first of SNIFFED whose test matches.
PARSERS: dict[str, Callable[[list[str]], Parsed]] = {
    "pytest": log_python.pytest, "mypy": log_python.mypy, "ruff": log_python.ruff,
    "jest": log_javascript.jest, "vitest": log_javascript.vitest, "tap": log_javascript.tap,
    "tsc": log_javascript.tsc, "eslint": log_javascript.eslint, "cargo": log_native.cargo, "go": log_native.go,
    "c": log_native.c_build, "maven": log_jvm.maven, "gradle": log_jvm.gradle,
    "generic": generic,
}
SNIFFED: tuple[tuple[str, Callable[[list[str]], bool]], ...] = (
    ("pytest", log_python.is_pytest), ("jest", log_javascript.is_jest),
    ("vitest", log_javascript.is_vitest), ("cargo", log_native.is_cargo),
    ("go", log_native.is_go), ("maven", log_jvm.is_maven), ("gradle", log_jvm.is_gradle),
    ("tap", log_javascript.is_tap), ("tsc", log_javascript.is_tsc),
    ("eslint", log_javascript.is_eslint),
    ("c", log_native.is_c_build),
)
# Runners that run another (make test → pytest): their log is sniffed, their exit code kept.
PASSING = re.compile(r"\bPASS(ED)?\b|\bok\b|^\s*[✓√✔] ")
WRAPPERS = {"make": 2, "npm": 1, "tox": 1, "generic": 1}
# make ignored a failing recipe line (`-cmd`, `make -i`): its status is 0 unless it says `***`
MAKE_IGNORED = re.compile(r"^g?make(?:\[\d{1,9}\])?: \[[^\n]{1,400}\] Error \d{1,9} \(ignored\)")
# make's own line when the make the command ran (not a sub-make, `make[N]:`) stops: a target's
# recipe failed (`Error N`) or was killed by a signal (`Killed`, `Terminated`, `Segmentation
# fault (core dumped)`), or it could not go on (`No rule to make target 'x'.  Stop.`). A line a
# recipe prints (`make: *** fake`) is not in this shape; one copied exactly is (the log alone
# cannot tell them apart).
MAKE_STOPPED = re.compile(r"^g?make: \*\*\* (?:\[[^\]\n]{1,400}\] (?:Error \d{1,9}|[A-Z][a-z]{1,20}"
                          r"(?: [a-z]{1,20}){0,3}(?: \(core dumped\))?)|[^\n]{1,400}\.  Stop\.)$")


def read(lines: list[str], family: str, elsewhere: str | None = None) -> Parsed:
    """The parsed log, by the family the command named or by what the log looks like, its
    outcome made certain by log_evidence (a pass needs the family's evidence of success).
    `elsewhere`: a shell-failure line from a part of the log not in `lines`."""
    if family in PARSERS and family != "generic":
        parsed = PARSERS[family](lines)
        parsed.family = family
        if family == "pytest":
            parsed = log_python.ended_at_its_summary(parsed, lines)
        return log_evidence.settle(parsed, lines, family, family, elsewhere)
    sniffed = next((name for name, looks in SNIFFED if looks(lines)), "generic")
    parsed = PARSERS[sniffed](lines)
    parsed.family = sniffed
    if family == "make":
        return _make_decides(parsed, lines, sniffed, elsewhere)
    if family in WRAPPERS and family != "generic":
        parsed.family = f"{family} → {sniffed}"
        if parsed.failed:
            parsed.exit_code = WRAPPERS[family]
    return log_evidence.settle(parsed, lines, family if family in WRAPPERS else "generic",
                               sniffed, elsewhere)

def _make_decides(parsed: Parsed, lines: list[str], sniffed: str,
                  elsewhere: str | None) -> Parsed:
    """A make run: it failed (make exits 2) exactly when the make the command ran stops with
    its own `***` line (MAKE_STOPPED) — a sub-make's `make[1]: ***`, a recipe's `-cmd` or
    `cmd || echo`, the failures of a tool it ran are failures make tolerated (they stay in the
    digest). Without that line, make's silence is not a pass: a make killed by a signal (137)
    prints nothing either, so it passes only when the log ends as a finished run ends
    (made_to_the_end); else its outcome is unknown, and reported non-zero."""
    parsed.family = f"make → {sniffed}"
    stopped = [line for line in lines if MAKE_STOPPED.match(line)]
    tolerated = next((line for line in reversed(lines) if MAKE_IGNORED.match(line)
                      or log_native.MAKE_ERROR.match(line)), None)
    parsed.summary += [line for line in [*stopped, *([tolerated] if tolerated else [])]
                       if line not in parsed.summary]
    if stopped:
        parsed.failed, parsed.exit_code = True, WRAPPERS["make"]
        parsed.how = f"make says {stopped[-1].strip()!r}"
        return log_evidence.settle(parsed, lines, "make", sniffed, elsewhere)
    ended = made_to_the_end(lines, sniffed)
    parsed.failed, parsed.exit_code = ended is None, 0 if ended is not None else 1
    went_on = (" after a failure it tolerated" + (f" ({tolerated.strip()[:200]!r})"
                                                   if tolerated else "")
               if tolerated is not None or parsed.how.startswith(("pytest says", "no pytest"))
               else "")
    parsed.how = (f"make did not stop{went_on}; the log ends as a finished run ends: "
                  f"{ended.strip()[:200]!r}" if ended is not None else
                  f"make did not stop{went_on}, but {MAKE_UNKNOWN}")
    return log_evidence.settle(parsed, lines, "make", sniffed, elsewhere)


MAKE_UNKNOWN = ("make prints nothing when it passes and nothing when it is killed, and no line "
                "ends this log as a finished run ends; the exit status is not visible through "
                "the pipe, so this run is reported as failed (its outcome is unknown)")
# make's own last words of a run that went to its end: nothing to do, up to date, the
# `Leaving directory` line make prints last when it was told a directory (-C, -w), and its note
# on the last recipe line's failure it ignored (`-cmd`: it went on, with nothing left to run)
MAKE_FINISHED = re.compile(r"^g?make: (?:Nothing to be done for [^\n]{1,400}|'[^\n]{1,400}' is "
                           r"up to date\.|Leaving directory '[^\n]{1,4000}'|"
                           r"\[[^\n]{1,400}\] Error \d{1,9} \(ignored\))$")
SUB_MAKE_DIRECTORY = re.compile(r"^g?make\[\d{1,9}\]: (?:Entering|Leaving) directory ")


def made_to_the_end(lines: list[str], sniffed: str) -> str | None:
    """The line that shows a make run went to its end, when its log's last line (a sub-make's
    directory lines aside) is make's own MAKE_FINISHED or a tool's success line (log_evidence:
    the tool make ran last passed, and make had nothing left to run); None when nothing does."""
    last = next((line for line in reversed(lines)
                 if line.strip() and not SUB_MAKE_DIRECTORY.match(line)), None)
    if last is None:
        return None
    if MAKE_FINISHED.match(last):
        return last
    tools = [log_evidence.EVIDENCE.get(sniffed, log_evidence.EVIDENCE["generic"]),
             *log_evidence.EVIDENCE.values()]  # `pytest -q` under make is not sniffed as pytest
    shown = any(tool.success is not None and tool.success.match(last) for tool in tools)
    return last if shown else None


FAULT_LINE = re.compile(r"^\S+:\d+: \w")


def _fault(block: Block) -> str:
    """Where a failure happened (pytest's `file:line: ErrorType`, TAP's `at:`), to tell faults
    apart."""
    return next((line for line in reversed(block.lines) if FAULT_LINE.match(line)
                 or line.strip().startswith("at: ")), block.title)


def _as_is(line: str) -> str:
    return line


def _pointer(spill: str, total: int) -> str:
    return (f"[exact log: {spill} ({total:,} lines, as it came) | Read it with offset/limit "
            "for any part]")


def digest(raw: str, family: str, spill: str, budget: int = BUDGET,
           cut: Cut | None = None, quote: Callable[[str], str] = _as_is,
           pointer: Callable[[str, int], str] = _pointer) -> Digest:
    """The digest of `raw`; with `cut`, `raw` is a huge log's head and tail around one marker
    line, and every line number is the one in the whole log. `quote` is applied to every line
    (and block title) taken from the log, `pointer` makes the line naming the exact log: the
    engine passes its own (engine/log_brief.py), so a log's lines can never pass for garrepa's
    and the pointer is the engine's."""
    lines = clean(raw)
    while lines and not lines[-1].strip():
        lines.pop()
    parsed = read(lines, family, cut.shell_failure if cut else None)
    blocks, summary, failed, how = parsed.blocks, parsed.summary, parsed.failed, parsed.how
    family = parsed.family
    kept = len({n for block in blocks for n in range(block.first, block.last + 1)})
    passing = sum(1 for line in lines if PASSING.search(line))
    chars = sum(len(line) + 1 for line in lines)
    total = len(lines)
    if cut is not None:
        for block in blocks:
            if block.first > cut.after_line:  # past the marker line: numbered as in the log
                block.first += cut.lines - 1
        chars, total = cut.chars, total - 1 + cut.lines
    head = (f"[garrepa log | {family} | {'FAILED' if failed else 'passed'} ({how}) | "
            f"{chars:,} chars, {total:,} lines]")
    pointer_line = pointer(spill, total)
    out = [head]
    if cut is not None:
        out.append(f"Read from the log's first and last parts only: {cut.lines:,} lines "
                   f"between them ({cut.cut_chars:,} chars) are only in the exact log.")
    if summary:
        out += ["Summary, verbatim:", *(quote(line) for line in summary)]
    # Room for the listing of every block first (name and lines), then whole blocks in order.
    listing_room = sum(len(block.title) + 20 for block in blocks)
    room = budget - sum(len(line) + 1 for line in out) - len(pointer_line) - 400
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
            out.append(f"--- {quote(block.title)} (lines {block.first}-{block.last}) ---")
            out.extend(quote(line) for line in block.lines)
    if left:
        listing = "; ".join(f"{quote(block.title)} (lines {block.first}-{block.last})"
                            for block in left)
        out.append(f"Not shown here ({len(left)}), each whole in the exact log: {listing}")
    if cut is None:  # what ran, by file, in the room the failures left (log_files)
        room = budget - sum(len(line) + 1 for line in out) - len(pointer_line) - 300
        ran = log_files.listing(lines, room)
        out += [*ran[:1], *(quote(line) for line in ran[1:])]
    other = max(0, total - kept - len(summary))  # the summary is quoted above too
    out.append(f"Collapsed: {other:,} other lines" + (f", {passing:,} of them passing test lines"
                                                        + (" in the parts read" if cut else "")
                                                        if passing else ""))
    out.append(pointer_line)
    text = "\n".join(out)
    if len(text) > budget:  # only a very long listing of what is not shown gets here
        text = (text[:budget - len(pointer_line) - 40].rsplit("\n", 1)[0] + "\n… (cut)\n"
                + pointer_line)
    return Digest(text, failed, how, parsed.exit_code)

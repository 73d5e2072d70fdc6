"""Python's runners: pytest (its FAILURES and ERRORS sections, its summary line and exit codes),
and the file:line diagnostics of mypy and ruff."""

from __future__ import annotations

import re

from garrepa_py.structural.log.log_lines import Block, Parsed

# `^=+ (.+) =+$` and then a search for the words: one lazy `.*?` on each side of an
# alternation took seconds on a long line of `= passed passed …`
PYTEST_BORDERED = re.compile(r"^=+ (.+) =+$")
PYTEST_WORDS = re.compile(r"\b(?:passed|failed|error|errors|skipped|xfailed|xpassed|"
                          r"deselected|warnings?|no tests ran)\b")
# `pytest -q` prints the same summary without the ===== border
PYTEST_BARE_SUMMARY = re.compile(r"^((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|"
                                 r"deselected|warnings?)(?:, )?)+ in [\d.]+s(?: \(.*\))?|"
                                 r"no tests ran in [\d.]+s(?: \(.*\))?)$")
# pytest's own usage errors (exit 4): a path that is not there, an option it does not know
PYTEST_USAGE = re.compile(r"^(?:ERROR: (?:file or directory not found|not found|usage): |"
                          r"[\w.-]{1,40}: error: (?:unrecognized arguments|argument ))")
PYTEST_SECTION = re.compile(r"^=+ (FAILURES|ERRORS|short test summary info|warnings summary|"
                            r"PASSES|slowest \d+ durations|.*captured.*) =+$", re.I)
PYTEST_TEST = re.compile(r"^_{3,} (.+?) _{3,}$")
# pytest's progress at the end of the last test (`[100%]`, `[3/3]` with console_output_style=count):
# a summary printed before it is a test's own output, not pytest's
PYTEST_DONE = re.compile(r"\[(?:100%|(\d{1,9})/\1)\]$")
# a failure whatever the summary says: pytest's internal error, pytest-cov's --cov-fail-under
PYTEST_FAILING = re.compile(r"^(?:INTERNALERROR>|FAIL Required test coverage of )")
PYTEST_START = re.compile(r"^=+ test session starts =+$")
RUFF_HEAD = re.compile(r"^[A-Z]{1,4}\d{2,5} \S.*$")  # ruff's full format: CODE message, then -->
RUFF_WHERE = re.compile(r"^\s+--> (\S+?):(\d+):\d+$")
MYPY_SUMMARY = re.compile(r"^(Found \d+ errors? in \d+ files?.*|Success: no issues found.*)$")
RUFF_SUMMARY = re.compile(r"^(Found \d+ errors?\..*|All checks passed!)$")
DIAGNOSTIC = re.compile(r"^(\S+?):(\d+)(?::\d+)?: (error|warning|note)?:?\s?(.*)$")


class _Summary:
    """PYTEST_SUMMARY's old interface (`.match(line)` → a match whose group 1 is the words)."""

    @staticmethod
    def match(line: str) -> re.Match[str] | None:
        if not line.startswith("=") or not line.endswith("="):
            return None
        bordered = PYTEST_BORDERED.match(line)
        return bordered if bordered and PYTEST_WORDS.search(bordered.group(1)) else None


PYTEST_SUMMARY = _Summary()


def is_pytest(lines: list[str]) -> bool:
    return any(PYTEST_START.match(line) for line in lines[:200]) or any(
        PYTEST_SUMMARY.match(line) for line in lines[-30:])


def pytest(lines: list[str]) -> Parsed:
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
        return Parsed(blocks, summary, True, "no pytest summary line: the run did not finish"
                      + (" (a traceback is in the log)" if crashed else ""), 1)
    failing = next((line for line in lines if PYTEST_FAILING.match(line)), None)
    if failing is not None:
        internal = failing.startswith("INTERNALERROR")
        return Parsed(blocks, summary + [failing], True, f"pytest says {failing.strip()[:200]!r}",
                      3 if internal else 1)
    words = (PYTEST_SUMMARY.match(final) or PYTEST_BARE_SUMMARY.match(final)).group(1)  # type: ignore[union-attr]
    said = f"pytest's summary line says {words!r}"
    if re.search(r"\b(failed|error|errors)\b", words):
        # pytest exits 2 when collection errors interrupted the run, 1 for failing tests
        interrupted = any(line.startswith(("Interrupted:", "!!!")) and "Interrupted" in line
                          for line in lines)
        return Parsed(blocks, summary, True, said, 2 if interrupted else 1)
    if "interrupted" in words:
        return Parsed(blocks, summary, True, said, 2)
    usage = next((line for line in lines if PYTEST_USAGE.match(line)), None)
    if usage is not None:
        return Parsed(blocks, summary + [usage], True, f"pytest says {usage.strip()[:200]!r}", 4)
    if "no tests ran" in words or (re.search(r"\bdeselected\b", words) and not re.search(
            r"\b(?:passed|skipped|xfailed|xpassed)\b", words)):
        return Parsed(blocks, summary, True, f"{said}: no tests ran", 5)
    if not any(PYTEST_DONE.search(line.rstrip()) for line in lines[:_last_index(lines, final)]):
        return Parsed(blocks, summary, True, f"{said}, but no progress line ends the run "
                      "(`[100%]`): the summary is not pytest's own", 1)
    return Parsed(blocks, summary, False, said, 0)


def ended_at_its_summary(parsed: Parsed, lines: list[str]) -> Parsed:
    """A pytest run named by the command (not one a wrapper ran, whose own lines follow): its
    summary line must be the log's last, else what came after it (a crash at exit, a traceback)
    makes it a failure."""
    final = next((line for line in reversed(parsed.summary)
                  if PYTEST_SUMMARY.match(line) or PYTEST_BARE_SUMMARY.match(line)), None)
    if parsed.failed or final is None or final not in lines:
        return parsed
    after = [line for line in lines[_last_index(lines, final) + 1:] if line.strip()]
    if after:
        parsed.failed, parsed.exit_code = True, 1
        parsed.how = ("lines follow pytest's summary line (the run did not end there): "
                      f"{after[0].strip()[:200]!r}")
    return parsed


def _last_index(lines: list[str], line: str) -> int:
    return len(lines) - 1 - lines[::-1].index(line)


def diagnostics(lines: list[str], summary_line: re.Pattern[str], name: str) -> Parsed:
    """`file:line: error: message` lines (mypy, and compilers alike), and ruff's full format
    (`CODE message`, `--> file:line:col`, a code frame), each with the frame under it."""
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
        return Parsed(blocks, summary, failed, f"{name}'s summary line says {summary[-1]!r}",
                      int(failed))
    failed = bool(blocks)
    return Parsed(blocks, summary, failed, (f"no {name} summary line; {len(blocks)} diagnostics "
                                            "found" if failed else f"no {name} summary line and "
                                            "no diagnostics"), int(failed))


def mypy(lines: list[str]) -> Parsed:
    return diagnostics(lines, MYPY_SUMMARY, "mypy")


def ruff(lines: list[str]) -> Parsed:
    return diagnostics(lines, RUFF_SUMMARY, "ruff")

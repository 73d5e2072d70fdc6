"""JavaScript's runners: jest and vitest (their failure blocks and `Tests:` summaries), TAP
(tape, node-tap, node --test), tsc's diagnostics with their code frames and ESLint's report."""

from __future__ import annotations

import re

from garrepa_py.structural.log.log_lines import Block, Parsed

TSC_DIAGNOSTIC = re.compile(r"^(\S+?)(?:\((\d+),\d+\):|:(\d+):\d+ -) (error|warning) TS\d+: ")
TSC_SUMMARY = re.compile(r"^Found \d+ errors?\b.*$")
TAP_RESULT = re.compile(r"^(not )?ok \d+\b")
TAP_SUMMARY = re.compile(r"^# (tests|pass|fail|ok|skip|todo)\b")
JEST_SUMMARY = re.compile(r"^(Test Suites|Tests|Snapshots|Time):\s+\S")
JEST_SUITE = re.compile(r"^ ?(PASS|FAIL) +(\S.*?)(?: \([\d.]+ m?s\))?$")  # coloured: " FAIL "
JEST_FAILURE = re.compile(r"^  ● (.+)$")
JEST_SNAPSHOTS = re.compile(r"^ › \d+ snapshots? (obsolete|failed|written|updated|removed)\b")
VITEST_SUMMARY = re.compile(r"^\s*(Test Files|Tests|Errors|Type Errors)  +\S")
# `[^⎯]*` (not `.*`) before the closing bar: a long bar that does not end the line would
# otherwise be tried from each of its characters (quadratic)
VITEST_SECTION = re.compile(r"^⎯+ (Failed (?:Suites|Tests) \d+|Unhandled Errors?|"
                            r"Unhandled Rejection|Type Errors?)\b[^⎯]*⎯+$")
VITEST_SEPARATOR = re.compile(r"^⎯+(\[\d+/\d+\]⎯)?$")
VITEST_FAIL = re.compile(r"^ FAIL  (.+)$")
ESLINT_FILE = re.compile(r"^(/|[A-Za-z]:\\|\./|\w)\S*\.\w+$")
ESLINT_PROBLEM = re.compile(r"^ +(\d+):(\d+) +(error|warning) +(.*)$")
ESLINT_SUMMARY = re.compile(r"^✖ \d+ problems? \((\d+) errors?, (\d+) warnings?\)")


def is_jest(lines: list[str]) -> bool:
    tail = lines[-60:]
    return any(line.startswith("Test Suites:") for line in tail) and \
        any(line.startswith("Tests:") for line in tail)


def is_vitest(lines: list[str]) -> bool:
    return any(re.match(r"^\s*Test Files  +\d", line) for line in lines[-60:]) or any(
        re.match(r"^ RUN  v\d", line) for line in lines[:20])


def is_tap(lines: list[str]) -> bool:
    """TAP (tape, node-tap, node --test, prove): `ok N …` / `not ok N …` lines."""
    return any(line.startswith("TAP version") for line in lines[:50]) or \
        sum(1 for line in lines if TAP_RESULT.match(line)) >= 3


def is_tsc(lines: list[str]) -> bool:
    return any(TSC_DIAGNOSTIC.match(line) for line in lines)


def is_eslint(lines: list[str]) -> bool:
    return any(ESLINT_SUMMARY.match(line) for line in lines[-20:])


def eslint(lines: list[str]) -> Parsed:
    """ESLint's stylish report: each error line, named by the file above it and its line
    (warnings counted, not kept); the `✖ N problems` line verbatim."""
    blocks: list[Block] = []
    current_file = ""
    warnings = 0
    for number, line in enumerate(lines, start=1):
        if ESLINT_FILE.match(line):
            current_file = line.strip()
            continue
        problem = ESLINT_PROBLEM.match(line)
        if problem is None:
            continue
        if problem.group(3) == "warning":
            warnings += 1
            continue
        blocks.append(Block(f"{current_file}:{problem.group(1)}", number, [line]))
    summary = [line for line in lines if ESLINT_SUMMARY.match(line)][-1:]
    if summary:  # an error fails the run; warnings alone do not (without --max-warnings)
        errors = int(ESLINT_SUMMARY.match(summary[0]).group(1))  # type: ignore[union-attr]
        return Parsed(blocks, summary, errors > 0, f"ESLint's summary says {summary[0]!r}",
                      int(errors > 0))
    return Parsed(blocks, summary, bool(blocks), f"{len(blocks)} ESLint errors" if blocks
                  else "no ESLint problem", int(bool(blocks)))


def jest(lines: list[str]) -> Parsed:
    """Under each `FAIL path` suite, every `● describe › test` block (or `● Test suite failed
    to run`) until the next one; the `Tests:` summary and the snapshot summary verbatim."""
    blocks: list[Block] = []
    current: Block | None = None
    suite = ""
    for number, line in enumerate(lines, start=1):
        suite_line = JEST_SUITE.match(line)
        if suite_line:
            suite = suite_line.group(2) if suite_line.group(1) == "FAIL" else ""
            current = None
            continue
        if line.startswith(("Summary of all failing tests", "Test Suites:", "Snapshot Summary")):
            break  # jest repeats the failures there: they are already kept
        if JEST_SNAPSHOTS.match(line):
            current = None  # the suite's snapshot notes, under its failures
            continue
        failure = JEST_FAILURE.match(line)
        if failure:
            name = failure.group(1).strip()
            if not suite or name.startswith("Console"):
                current = None  # console.log output of a test, not a failure
                continue
            title = suite if name == "Test suite failed to run" else name
            current = Block(title, number, [line])
            blocks.append(current)
        elif current is not None and (line.startswith(" ") or not line.strip()):
            current.lines.append(line)
        else:
            current = None
    for block in blocks:
        block.trim()
    tail = lines[next((n for n in range(len(lines) - 1, -1, -1)
                       if lines[n].startswith("Snapshot Summary")), len(lines)):]
    summary = [line for line in tail if JEST_SNAPSHOTS.match(line)] + [
        line for line in lines if JEST_SUMMARY.match(line)]
    counts = {line.split(":", 1)[0]: line for line in summary if ":" in line}
    said = "; ".join(counts[key].strip() for key in ("Test Suites", "Tests", "Snapshots")
                     if key in counts)
    if not counts:
        failed = bool(blocks)
        return Parsed(blocks, summary, failed, f"no jest summary; {len(blocks)} failures found"
                      if failed else "no jest summary and no failure", int(failed))
    failed = any(re.search(r"\b\d+ failed\b", counts.get(key, ""))
                 for key in ("Test Suites", "Tests", "Snapshots")) or \
        "obsolete" in counts.get("Snapshots", "")  # jest fails a run on obsolete snapshots
    return Parsed(blocks, summary, failed, f"jest's summary says {said!r}", int(failed))


def vitest(lines: list[str]) -> Parsed:
    """The blocks under `⎯⎯ Failed Suites N ⎯⎯`, `⎯⎯ Failed Tests N ⎯⎯` and unhandled errors,
    each from its `FAIL  file > test` line to its `⎯⎯[i/n]⎯` separator; the summary verbatim."""
    blocks: list[Block] = []
    current: Block | None = None
    in_section = False
    for number, line in enumerate(lines, start=1):
        if VITEST_SECTION.match(line):
            in_section = True
            current = None
            if "Unhandled" in line or "Type Error" in line:
                current = Block(line.strip("⎯ "), number, [line])
                blocks.append(current)
            continue
        if VITEST_SUMMARY.match(line):
            in_section = False
            current = None
            continue
        if not in_section:
            continue
        if VITEST_SEPARATOR.match(line):
            current = None
            continue
        failed_test = VITEST_FAIL.match(line)
        if failed_test:
            if current is not None and len(current.lines) == 1 and current.last == number - 1:
                current.lines.append(line)  # several tests failing with one error share it
                continue
            current = Block(failed_test.group(1).strip(), number, [line])
            blocks.append(current)
        elif current is not None:
            current.lines.append(line)
    for block in blocks:
        block.trim()
    summary = [line for line in lines if VITEST_SUMMARY.match(line)]
    if not summary:
        failed = bool(blocks)
        return Parsed(blocks, summary, failed, f"no vitest summary; {len(blocks)} failures "
                      "found" if failed else "no vitest summary and no failure", int(failed))
    said = "; ".join(" ".join(line.split()) for line in summary)
    failed = any(re.search(r"\b\d+ failed\b", line) for line in summary) or any(
        line.strip().startswith(("Errors", "Type Errors")) for line in summary)
    return Parsed(blocks, summary, failed, f"vitest's summary says {said!r}", int(failed))


def tsc(lines: list[str]) -> Parsed:
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
        block.trim()
    errors = sum(1 for block in blocks if " error TS" in block.lines[0])
    if errors:  # tsc exits 2 when it reports errors (measured with --noEmit)
        how = f"tsc's summary says {summary[-1]!r}" if summary else f"{errors} tsc errors"
        return Parsed(blocks, summary, True, how, 2)
    return Parsed(blocks, summary, False, "no tsc error", 0)


def tap(lines: list[str]) -> Parsed:
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
        return Parsed(blocks, summary, failed, f"TAP's summary says '# fail {fails[-1]}'",
                      int(failed))
    if any(line.strip() == "# ok" for line in summary):
        return Parsed(blocks, summary, bool(blocks), "TAP's summary says '# ok'",
                      int(bool(blocks)))
    failed = bool(blocks)
    return Parsed(blocks, summary, failed, (f"no TAP summary; {len(blocks)} 'not ok' lines"
                                            if failed else "no TAP summary and no 'not ok' "
                                            "line"), int(failed))

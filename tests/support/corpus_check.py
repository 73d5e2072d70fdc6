"""Checks that each recorded toolchain run of a built corpus is a real run of that tool.

A corpus builder runs pytest, cargo, jest, … and keeps whatever they printed. Issue 26: under a
fresh HOME whose rustup had no toolchain, `rustup could not choose a version of cargo to run`
was kept as three real cargo runs. So every run must be known here by name, exit as its name
says (a pass exits 0; a failure exits non-zero and, where the family records them, names failing
tests), carry its tool's own summary, and carry no sign that the tool itself did not run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass(frozen=True)
class Expected:
    """What a run is for: `passes` (exit 0) or not, the tool's own evidence (each pattern must
    match a line of the log, colours removed; None: the tool is silent on success, the log must
    be empty), and whether its `failing` list must be non-empty."""

    passes: bool
    evidence: tuple[str, ...] | None
    names_failures: bool = False


PYTEST_SUMMARY = r"\d+ (passed|failed|errors?)\b.* in \d+\.\d+s"
EXPECTED: dict[str, Expected] = {
    # logs: click 8.1.7 under pytest, mypy and ruff; qs under tape; tiny-invariant under tsc
    "pytest-pass": Expected(True, (r"^=+ \d+ passed.* in \d+\.\d+s =+$",)),
    "pytest-three-failures": Expected(False, (r"^=+ \d+ failed.* in \d+\.\d+s =+$",), True),
    "pytest-collection-error": Expected(False, (r"^=+ \d+ errors? in \d+\.\d+s =+$",), True),
    "pytest-quiet-failures": Expected(False, (r"^\d+ failed.* in \d+\.\d+s$",), True),
    "mypy-type-error": Expected(False, (r"^Found \d+ errors? in \d+ files?",)),
    "mypy-clean": Expected(True, (r"^Success: no issues found",)),
    "ruff-errors": Expected(False, (r"^Found \d+ errors?\.",)),
    "ruff-clean": Expected(True, (r"^All checks passed!",)),
    "tape-pass": Expected(True, (r"^# pass +\d+", r"^# ok$")),
    "tape-three-failures": Expected(False, (r"^# fail +\d+",), True),
    "tsc-clean": Expected(True, None),
    "tsc-default-types": Expected(True, None),
    "tsc-type-errors": Expected(False, (r"\(\d+,\d+\): error TS\d+:",)),
    "tsc-type-errors-pretty": Expected(False, (r":\d+:\d+ - error TS\d+:", r"^Found \d+ errors")),
    # jslogs: Redux Toolkit under jest, TanStack query-core under vitest, qs under ESLint
    "jest-pass": Expected(True, (r"^Tests: +(\d+ skipped, )?\d+ passed, \d+ total",)),
    "jest-failures": Expected(False, (r"^Tests: +\d+ failed",), True),
    "jest-real-failures": Expected(False, (r"^Tests: +\d+ failed",), True),
    "vitest-pass": Expected(True, (r"^ *Test Files +\d+ passed",)),
    "vitest-failures": Expected(False, (r"^ *Test Files +\d+ failed",), True),
    "eslint-errors": Expected(False, (r"^✖ \d+ problems? \(\d+ errors?",)),
    "eslint-clean": Expected(True, None),
    # nativelogs: semver under cargo, go-cmp and go-difflib under go, Brotli under make + cc,
    # JPype under Maven
    "cargo-test-pass": Expected(True, (r"^test result: ok\. \d+ passed",)),
    "cargo-test-failures": Expected(False, (r"^test result: FAILED\. \d+ passed; \d+ failed",),
                                    True),
    "cargo-build-error": Expected(False, (r"^error\[E\d+\]", r"^error: could not compile")),
    "go-test-pass": Expected(True, (r"^ok\s+github\.com/\S+\s",)),
    "go-test-failures": Expected(False, (r"^--- FAIL: ", r"^FAIL\s+github\.com/"), True),
    "go-build-error": Expected(False, (r"\.go:\d+:\d+: ", r"^FAIL\s+\S+ \[build failed\]")),
    "make-pass": Expected(True, (r"^cc .* -c -o \S+\.o ", r"^make: Leaving directory")),
    "make-errors": Expected(False, (r"\.c:\d+:\d+: error: ", r"^make: \*\*\* .* Error \d+")),
    "maven-pass": Expected(True, (r"BUILD SUCCESS",)),
    "maven-compile-errors": Expected(False, (r"BUILD FAILURE", r"\.java:\[\d+,\d+\]")),
    "maven-test-failures": Expected(False, (r"BUILD FAILURE", r"Tests run: \d+, Failures: [1-9]"),
                                    True),
}

# What a toolchain prints when it did not run at all (the tool, not the project, failed).
TOOLCHAIN_FAILURES = (
    r"rustup could not choose a version", r"error: toolchain '", r"error: no such command",
    r"command not found", r"npm ERR!", r"npm error code", r"Cannot find module '[^.]",
    r"No module named '?(pytest|mypy|ruff)", r"^(cargo|rustc|go|mvn|node|npx|make|cc|java): "
    r".*No such file or directory", r"^/\S+: \d+: \S+: not found$",
    r"JAVA_HOME is not defined correctly", r"go: cannot find GOROOT",
)
NOT_RUN_EXIT_CODES = (126, 127)  # the shell could not execute, or find, the command


def problems_of_run(name: str, meta: dict[str, object], log: str) -> list[str]:
    """Why this recorded run is not a real run of its tool ([] when it is)."""
    expected = EXPECTED.get(name)
    if expected is None:
        return [f"{name}: no expectation in tests/support/corpus_check.py EXPECTED "
                "(say what the run is for before it is kept)"]
    text = ANSI.sub("", log)
    found: list[str] = []
    code = meta.get("exit_code")
    if not isinstance(code, int):
        return [f"{name}: no exit code recorded"]
    if code in NOT_RUN_EXIT_CODES or code < 0:
        found.append(f"{name}: exit code {code}: the tool did not run")
    elif expected.passes and code != 0:
        found.append(f"{name}: a passing run exited {code}")
    elif not expected.passes and code == 0:
        found.append(f"{name}: a failing run exited 0")
    failing = meta.get("failing", [])
    if expected.names_failures and not failing:
        found.append(f"{name}: a failing run names no failing test")
    for pattern in TOOLCHAIN_FAILURES:
        hit = re.search(pattern, text, re.M)
        if hit:
            line = text[text.rfind("\n", 0, hit.start()) + 1:].split("\n", 1)[0]
            found.append(f"{name}: the toolchain failed: {line.strip()[:160]!r}")
    if expected.evidence is None:
        if text.strip():
            found.append(f"{name}: the tool is silent when it passes, but the log has "
                         f"{len(text)} chars")
    else:
        for pattern in expected.evidence:
            if not re.search(pattern, text, re.M):
                found.append(f"{name}: no line of the tool's own output matches {pattern!r}")
    return found


def problems_of_corpus(root: Path) -> list[str]:
    """Every problem of every <name>.json + <name>.log run under `root`."""
    found: list[str] = []
    metas = sorted(root.glob("*.json"))
    if not metas:
        return [f"{root}: no runs recorded"]
    for meta_path in metas:
        log_path = meta_path.with_suffix(".log")
        if not log_path.exists():
            found.append(f"{meta_path.stem}: no log beside its json")
            continue
        meta = json.loads(meta_path.read_text())
        found += problems_of_run(meta_path.stem, meta,
                                 log_path.read_bytes().decode("utf-8", "replace"))
    return found

"""When a log proves its run passed: one table, family → the positive evidence of success.

The runner sits at the end of `COMMAND 2>&1 | garrepa-log`, so the exit status it gives is the
only one the agent sees, and the command's own is not visible through the pipe (Claude Code runs
Bash without pipefail; measured). So a run is reported as passed only on positive evidence in the
log: the tool's own success line (pytest's summary with a pass and no failure, mypy's `Success:`,
`BUILD SUCCESS`, …), or, for a tool that prints nothing when it passes (tsc, ESLint, go build and
vet, and the quiet modes of mypy, ruff, Maven and Gradle), an empty log. Everything else is not
a success. A shell-level failure — the tool not installed, npm's own errors, go outside a
module, vite's `error during build:` — fails a run in every family, wherever it is in the log.
The parser's own failure reading always stands.

A wrapper (make, npm, tox, an unknown runner) passes on the evidence of the tool its log shows, or
on its own: make's is the end of its log (structural/log/logs.made_to_the_end), since a make killed
by a signal prints nothing, as a passing one does; npm prints
nothing when a script fails (npm 11: a script's `exit 3` leaves only its `> name@1.0.0 test`
header), so npm has none of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from garrepa_py.structural.log.log_lines import Parsed

UNSEEN = "so this run is reported as failed"  # in every reading that is not a failure seen
NO_EVIDENCE = ("no success line in the log; the exit status is not visible through the pipe, "
               "so this run is reported as failed")
# Lines a shell, a package runner or a toolchain prints when the run could not happen at all.
# Bounded repetitions only (each line is examined once, up to log_lines.LINE_CAP chars).
SHELL_FAILURE_SOURCE = (
    r"^(?:(?:/[\w./-]{0,200}/)?(?:ba|z|da|k|c|tc|fi)?sh(?:\[\d{1,9}\])?(?::| )"
    r"[^\n]{0,300}?(?:command not found|: not found|No such file or directory|"
    r"Permission denied)"
    r"|[\w./-]{0,200}env: [^\n]{0,300}?No such file or directory"
    r"|npm (?:error|ERR!)"
    r"|go: (?:cannot find main module|go\.mod file not found)"
    r"|pattern [^\n]{0,300}?: directory prefix [^\n]{0,300}? does not contain main module"
    r"|error during build:"
    r"|[\w./-]{1,300}: No module named [\w.]"
    r"|ModuleNotFoundError: No module named "
    r"|[\w./-]{1,300}: can't open file "
    r"|Error: Cannot find module '"
    r")")
SHELL_FAILURE = re.compile(SHELL_FAILURE_SOURCE)
SHELL_FAILURE_BYTES = re.compile(SHELL_FAILURE_SOURCE.encode(), re.M)
NOT_FOUND = re.compile(r"command not found|: not found|No such file or directory|can't open file")


@dataclass(frozen=True)
class Evidence:
    """How one family's log proves a pass, and the exit code its failures usually have."""

    success: re.Pattern[str] | None  # a line only a passing run prints
    code: int  # the tool's usual exit code for a failed run
    silent: bool = False  # the tool prints nothing when it passes: an empty log is a pass
    trusted_silence: bool = False  # it reports every failure itself: no failure line is a pass


def _line(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


# The one table. Repetitions are bounded so each line costs time linear in its length.
EVIDENCE: dict[str, Evidence] = {
    "pytest": Evidence(_line(r"^=* ?(?:\d{1,9} [\w ]{1,30}, ){0,12}\d{1,9} (?:passed|skipped|"
                             r"xfailed|xpassed)\b"), 1),
    # mypy --no-error-summary and ruff -q print nothing when they pass
    "mypy": Evidence(_line(r"^Success: no issues found"), 1, silent=True),
    "ruff": Evidence(_line(r"^All checks passed!$"), 1, silent=True),
    "jest": Evidence(_line(r"^Tests: +(?:\d{1,9} \w{1,12}, ){0,8}\d{1,9} (?:passed|skipped|"
                           r"todo)\b"), 1),
    "vitest": Evidence(_line(r"^ {0,8}Test Files +(?:\d{1,9} \w{1,12} \| ){0,8}\d{1,9} "
                             r"(?:passed|skipped)\b"), 1),
    "tap": Evidence(_line(r"^# (?:ok$|fail +0$)"), 1),
    "tsc": Evidence(None, 2, silent=True),
    "eslint": Evidence(_line(r"^✖ \d{1,9} problems? \(0 errors?, "), 1, silent=True),
    "cargo": Evidence(_line(r"^(?:test result: ok\. | {0,12}Finished )"), 101),
    "go": Evidence(_line(r"^(?:(?:ok  |\?   )\t\S|PASS$)"), 1, silent=True),
    "c": Evidence(None, 1),
    # mvn -q and gradle -q print nothing when the build passes
    "maven": Evidence(_line(r"^\[INFO\] BUILD SUCCESS\s*$"), 1, silent=True),
    "gradle": Evidence(_line(r"^BUILD SUCCESSFUL\b"), 1, silent=True),
    # make's evidence is the end of its log (logs.made_to_the_end, checked before settle):
    # a make run that reaches settle unfailed has already shown it
    "make": Evidence(None, 2, trusted_silence=True),
    "npm": Evidence(None, 1),
    "tox": Evidence(_line(r"^ {0,4}congratulations :\)|^nox > Session \S{1,200} was "
                          r"successful"), 1),
    # An unknown runner: only the success lines of tools no family names (unittest, vite,
    # mocha, docker); mocha's `N failing` is a failure line of the generic parser
    "generic": Evidence(_line(r"^(?:OK(?: \([\w=, ]{1,200}\))?$|✓ built in [\d.]{1,12}m?s$|"
                              r"  \d{1,9} passing \(\d{1,9}(?:ms|s|m|h)\)$|"
                              r"Successfully built [0-9a-f]{6,64}$|#\d{1,6} writing image "
                              r"sha256:[0-9a-f]{6,64} done$)"), 1),
}


def shell_failure(lines: list[str]) -> str | None:
    """The first line that says the run could not happen (a missing tool, npm's error, …)."""
    return next((line for line in lines if SHELL_FAILURE.match(line)), None)


def _shows(evidence: Evidence, lines: list[str]) -> bool:
    if evidence.trusted_silence:
        return True
    if evidence.silent and not any(line.strip() for line in lines):
        return True
    success = evidence.success
    return success is not None and any(success.match(line) for line in lines)


def settle(parsed: Parsed, lines: list[str], family: str, sniffed: str,
           elsewhere: str | None = None) -> Parsed:
    """The parser's reading, made certain: a failure stays one; a pass needs evidence.

    `family` is the one the command named, `sniffed` the one the log was read as; `elsewhere` a
    shell-failure line found in a part of the log not in `lines` (the runner's cut middle)."""
    broken = shell_failure(lines) or elsewhere
    if broken is not None:
        parsed.failed = True
        shell = not broken.startswith(("npm", "go:", "error"))
        parsed.exit_code = (127 if shell and NOT_FOUND.search(broken) else  # as the shell exits
                            126 if shell and "Permission denied" in broken else
                            max(parsed.exit_code, 1))
        parsed.how = f"the run could not happen: {broken.strip()[:200]!r}"
        if broken not in parsed.summary:
            parsed.summary.append(broken)
        return parsed
    if parsed.failed:
        return parsed
    own = EVIDENCE.get(family, EVIDENCE["generic"])
    tool = EVIDENCE.get(sniffed, EVIDENCE["generic"])
    # a wrapper: the evidence of the tool its log shows (a success line), else its own
    proven = _shows(tool, lines) if family == sniffed else (
        (tool.success is not None and _shows(tool, lines)) or _shows(own, lines))
    if not proven:
        parsed.failed = True
        parsed.exit_code = own.code
        parsed.how = NO_EVIDENCE
    return parsed

"""The table of success evidence (structural/log/log_evidence.EVIDENCE), row by row: each family's
own success line passes, the same log without it does not, and an empty log passes only for
the tools that print nothing when they pass."""

from __future__ import annotations

import pytest

from garrepa_py.structural.log import log_evidence, logs

# family → a passing log in the tool's own format (as its documentation and the corpora show)
PASSES = {
    "pytest": "collected 3 items\n\ntests/test_a.py ...                    [100%]\n\n"
              "============================== 3 passed in 0.12s ===============================\n",
    "mypy": "Success: no issues found in 12 source files\n",
    "ruff": "All checks passed!\n",
    "jest": "PASS src/a.test.js\nTest Suites: 1 passed, 1 total\nTests:       2 passed, 2 total\n",
    "vitest": " ✓ src/a.test.ts (2 tests) 3ms\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)\n",
    "tap": "TAP version 13\nok 1 works\nok 2 works\nok 3 works\n\n# tests 3\n# pass  3\n\n# ok\n",
    "eslint": "\n/a.js\n  1:7  warning  'x' is assigned a value but never used  no-unused-vars\n\n"
              "✖ 1 problem (0 errors, 1 warning)\n",
    "cargo": "running 1 test\ntest one ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored\n",
    "go": "=== RUN   TestOne\n--- PASS: TestOne (0.00s)\nPASS\nok  \tex\t0.004s\n",
    "maven": "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n",
    "gradle": "> Task :test\n\nBUILD SUCCESSFUL in 2s\n4 actionable tasks: 4 executed\n",
    "tox": "py311: commands[0]> pytest\n  py311: OK (3.10 seconds)\n  congratulations :) (3.2 seconds)\n",
    "generic": "..\n----------------------------------------------------------------------\n"
               "Ran 2 tests in 0.001s\n\nOK\n",
}
SILENT = {"tsc", "eslint", "go", "mypy", "ruff", "maven", "gradle"}  # nothing printed on a pass


@pytest.mark.parametrize("family", sorted(PASSES))
def test_a_family_passes_on_its_own_success_line_only(family: str) -> None:
    passing = PASSES[family]
    assert not logs.digest(passing, family, "/x").failed, family
    evidence = log_evidence.EVIDENCE[family].success
    assert evidence is not None
    without = "\n".join(line for line in passing.split("\n") if not evidence.match(line))
    result = logs.digest(without + "\nworking …\n", family, "/x")
    assert result.failed and result.exit_code != 0, family
    # pytest's own parser already calls a log without its summary unfinished
    assert result.how == log_evidence.NO_EVIDENCE or family == "pytest", (family, result.how)


@pytest.mark.parametrize("family", sorted([*logs.PARSERS, "make", "npm", "tox"]))
def test_an_empty_log_passes_only_for_tools_silent_on_success(family: str) -> None:
    result = logs.digest("", family, "/x")
    silent = family in SILENT  # make's silence is no pass: a killed make prints nothing too
    assert result.failed == (not silent), family
    if not silent:
        assert result.exit_code != 0
        assert log_evidence.UNSEEN in result.how or family == "pytest", family


def test_a_wrapper_passes_on_the_evidence_of_the_tool_its_log_shows() -> None:
    npm_jest = "\n> app@1.0.0 test\n> jest\n\n" + PASSES["jest"]
    assert not logs.digest(npm_jest, "npm", "/x").failed
    npm_unknown = "\n> app@1.0.0 test\n> node check.js\n\n42\n"  # as npm prints for `exit 3`
    assert logs.digest(npm_unknown, "npm", "/x").how == log_evidence.NO_EVIDENCE
    vite = "\n> app@1.0.0 build\n> vite build\n\nvite v5.4.9 building for production...\n✓ built in 76ms\n"
    assert not logs.digest(vite, "npm", "/x").failed
    # make's silence is no evidence (a make killed by a signal prints nothing either); the
    # line its log ends with is: a tool's success line, or make's own last words
    silent_make = logs.digest("cc -c a.c\ncc -o a a.o\n", "make", "/x")
    assert silent_make.failed and silent_make.exit_code == 1
    assert silent_make.how.endswith(logs.MAKE_UNKNOWN)
    assert not logs.digest("make: Entering directory '/p'\ncc -c a.c\n"
                           "make: Leaving directory '/p'\n", "make", "/x").failed
    assert not logs.digest("pytest -q\n.  [100%]\n1 passed in 0.01s\n", "make", "/x").failed
    assert logs.digest("cc -c a.c\nmake: *** [Makefile:2: a] Error 1\n", "make", "/x").exit_code == 2


@pytest.mark.parametrize("line, code", [
    ("bash: line 1: mypy: command not found", 127), ("sh: 1: vite: not found", 127),
    ("zsh:1: command not found: tsc", 127), ("/bin/sh: ./x: Permission denied", 126),
    ("npm error code ENOENT", 1), ("npm ERR! missing script: test", 1),
    ("go: go.mod file not found in current directory or any parent directory", 1),
    ("pattern ./...: directory prefix . does not contain main module or its selected "
     "dependencies", 1),
    ("error during build:", 1), ("/usr/bin/python3: No module named pytest", 1),
    ("ModuleNotFoundError: No module named 'pytest'", 1),
    ("python3: can't open file '/w/x.py': [Errno 2] No such file or directory", 127),
    ("Error: Cannot find module '/w/node_modules/jest/bin/jest.js'", 1),
])
def test_a_shell_failure_fails_every_family_even_under_a_passing_summary(line: str,
                                                                         code: int) -> None:
    for family, passing in PASSES.items():
        result = logs.digest(line + "\n" + passing, family, "/x")
        assert result.failed and result.how.startswith("the run could not happen: "), family
        assert result.exit_code == code or (family in ("tox", "generic") and result.exit_code)

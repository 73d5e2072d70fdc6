"""How a log finds its family: a wrapper's log (make test, npm test) read by what it looks like
with the wrapper's own exit code; Gradle's format; hostile logs in every family."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py.shell import log_command
from garrepa_py.structural.log import logs


def test_make_running_pytest_is_read_as_pytest_and_exits_as_make(log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_text()
    meta = json.loads((log_corpus / "pytest-three-failures.json").read_text())
    make_line = "make: *** [Makefile:7: test] Error 1"
    family = log_command.parse("make test")
    assert family == "make"
    result = logs.digest(raw + make_line + "\n", family, "/spill/x.txt")
    assert result.text.startswith("[garrepa log | make → pytest | FAILED")
    assert result.exit_code == 2  # make's own code for a failed target, not pytest's 1
    assert all(name.partition("::")[2].split("[")[0] in result.text for name in meta["failing"])
    assert make_line in result.text.split("\n")
    # a target that failed where the tool it ran printed a passing summary still fails
    passing = (log_corpus / "pytest-pass.log").read_text()
    assert logs.digest(passing, "make", "/x").exit_code == 0
    failed_target = logs.digest(passing + make_line, "make", "/x")
    assert failed_target.exit_code == 2 and failed_target.how.endswith(f"make says {make_line!r}")


def test_npm_test_running_jest_is_read_as_jest(js_corpus: Path) -> None:
    if not (js_corpus / "jest-failures.log").exists():
        pytest.skip("npm is not installed: no jest corpus")
    raw = (js_corpus / "jest-failures.log").read_text()
    meta = json.loads((js_corpus / "jest-failures.json").read_text())
    result = logs.digest(raw, log_command.parse("npm test") or "", "/spill/x.txt")
    assert result.text.startswith("[garrepa log | npm → jest | FAILED (jest's summary says")
    assert result.exit_code == 1
    text = result.text.replace(" › ", " ")
    assert all(name in text for name in meta["failing"])


@pytest.mark.parametrize("command, family", [
    ("npx jest --ci", "jest"), ("npx vitest run", "vitest"), ("cargo test --all", "cargo"),
    ("go test ./...", "go"), ("mvn -B verify", "maven"), ("./gradlew build", "gradle"),
    ("make -j4", "make"), ("npm test", "npm"), ("tox -e py311", "tox"), ("eslint .", "eslint"),
])
def test_the_command_names_the_family(command: str, family: str) -> None:
    assert log_command.parse(command) == family


# Gradle does not run here (none is reachable but Debian's 4.4.1, whose 4.x line predates Java 17),
# so this log is written in the format Gradle 8 prints (docs.gradle.org, "Command-Line
# Interface" and "Testing in Java & JVM projects"): a failing test task and a compile error.
GRADLE_LOG = """\
> Task :compileJava
> Task :processResources NO-SOURCE
> Task :classes
> Task :compileTestJava
> Task :test

CalculatorTest > addsTwoNumbers() FAILED
    org.opentest4j.AssertionFailedError: expected: <4> but was: <5>
        at app//org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:151)
        at app//CalculatorTest.addsTwoNumbers(CalculatorTest.java:12)

CalculatorTest > dividesByZero() FAILED
    java.lang.ArithmeticException at CalculatorTest.java:18

12 tests completed, 2 failed

> Task :test FAILED

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':test'.
> There were failing tests. See the report at: file:///home/u/app/build/reports/tests/test/index.html

* Try:
> Run with --scan to get full insights.

BUILD FAILED in 4s
4 actionable tasks: 4 executed
"""


def test_gradle_keeps_failing_tests_and_what_went_wrong() -> None:
    result = logs.digest(GRADLE_LOG, "gradle", "/spill/x.txt")
    assert result.failed and result.exit_code == 1
    for kept in ("CalculatorTest > addsTwoNumbers() FAILED",
                 "at app//CalculatorTest.addsTwoNumbers(CalculatorTest.java:12)",
                 "java.lang.ArithmeticException at CalculatorTest.java:18",
                 "Execution failed for task ':test'.", "12 tests completed, 2 failed",
                 "BUILD FAILED in 4s", "> Task :test FAILED"):
        assert kept in result.text.split("\n") or f"    {kept}" in result.text, kept
    compile_error = ("> Task :compileJava FAILED\n/home/u/app/src/main/java/App.java:7: error: "
                     "cannot find symbol\n        return greeting();\n               ^\n  "
                     "symbol:   method greeting()\n1 error\n\nBUILD FAILED in 1s\n")
    result = logs.digest(compile_error, "gradle", "/x")
    assert "App.java:7" in result.text and "return greeting();" in result.text
    assert logs.digest("BUILD SUCCESSFUL in 2s\n", "gradle", "/x").exit_code == 0


HOSTILE = {
    "one 50 K line": "=" * 50_000,
    "colons": "a:" * 25_000,
    "not ok lines": "not ok 1 x\n" * 10_000,
    "binary": bytes(range(256)).decode("latin-1") * 200,
    "redraws": ("progress 1%\r" * 2_500 + "\n") * 10,
    "go markers": "--- FAIL: T (0.00s)\n=== RUN   T\n" * 5_000,
    "jest bullets": " FAIL  a.test.js\n" + "  ● x › y\n" * 7_500 + "Tests: 1 failed\n",
    "vitest bars": "⎯⎯ Failed Tests 1 ⎯⎯\n" + " FAIL  a > b\n" * 7_500 + "⎯" * 25_000,
    "cargo blocks": "---- t stdout ----\n" * 7_500 + "error[E0308]: x\n --> a.rs:1:1\n" * 2_500,
    "gcc context": "In file included from a.h:1,\n" * 12_500 + "a.c:1:1: error: x\n",
    "maven errors": "[ERROR] /a/B.java:[1,1] x\n" * 10_000,
    "gradle": "T > t FAILED\n" * 10_000 + "* What went wrong:\n" + "x\n" * 25_000,
    "eslint": "/a/b.js\n" + "  1:1  error  x  y\n" * 10_000 + "✖ 9 problems (9 errors, 0 warnings)\n",
    "nested parens": "FAIL  " + " (1" * 15_000,
}
HOSTILE_SCRIPT = """
import json, sys
from garrepa_py.structural.log import logs
cases = json.loads(sys.stdin.read())
for name, text in cases.items():
    for family in [*logs.PARSERS, "make"]:
        result = logs.digest(text, family, "/spill/x.txt")
        assert len(result.text) <= logs.BUDGET, (name, family, len(result.text))
        assert result.exit_code in (0, 1, 2, 5, 101), (name, family)
print("ok", len(cases))
"""


def test_hostile_logs_digest_in_every_family_within_bounds() -> None:
    """Each family's parser on lines built to make regular expressions backtrack or blocks
    grow without end: every digest fits the budget and the whole batch ends (a hang fails)."""
    done = subprocess.run([sys.executable, "-c", HOSTILE_SCRIPT], input=json.dumps(HOSTILE),
                          capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"ok {len(HOSTILE)}"

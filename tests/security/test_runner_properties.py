"""Property-based fuzzing (hypothesis) of the logs runner's parsers, in every family: any log
costs near-linear time (a generated motif grown fourfold, timed by ratio), its digest fits the
budget, failure lines planted in it are kept, and a planted shell failure is never a pass."""

from __future__ import annotations

import gc
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.structural.log import logs

from ..support.timing import cpu_seconds, quadratic_lines, timing

FAMILIES = [*logs.PARSERS, "make", "npm", "tox"]
# Pieces real logs are made of, the ones parsers key on among them, and hostile runs.
FRAGMENTS = [
    "=", "= ", "passed", "failed", " error", "error:", "FAIL", "PASS", "ok  \t", "--- FAIL: T (",
    "=== RUN   T", "⎯", "⎯⎯ Failed Tests 1 ⎯⎯", " FAIL  a > b", "  ● x › y", "Tests: ",
    "Test Files  ", "not ok 1 ", "# fail 0", "# ok", "a.ts(1,1): error TS1: ", "a.c:1:1: error: ",
    "In file included from a.h:1,", "[ERROR] ", "[INFO] BUILD SUCCESS", "BUILD FAILED in 1s",
    "* What went wrong:", "make: *** [x] Error 1", "---- t stdout ----", "error[E0308]: ",
    " --> a.rs:1:1", "test result: ok. ", "Traceback (most recent call last):", "panic: ",
    "\x1b[31m", "\x1b[0m", "\r", "\t", " ", "  ", ":", "1", "(", ")", "|", "✖ 1 problem (1 error, 0 "
    "warnings)", "/a/b.js", "  1:1  error  x  y", "Success: no issues found", "All checks passed!",
    "___ test_x ___", "=== FAILURES ===", "npm error", "sh: 1: x: not found", "\xff",
]
fragment_lines = st.lists(st.sampled_from(FRAGMENTS), min_size=0, max_size=8).map("".join)
motifs = st.lists(fragment_lines, min_size=1, max_size=12).map("\n".join)
logs_text = st.lists(fragment_lines, min_size=0, max_size=300).map("\n".join)
NEUTRAL = ["collecting ...", "tests/test_a.py::test_ok PASSED [ 10%]", "", "  compiling a.c",
           "\x1b[32m✓\x1b[0m renders", "progress 10%\rprogress 20%", "=== RUN   TestOk",
           "--- PASS: TestOk (0.00s)", "ok 1 - works", "[INFO] Compiling 3 source files"]
neutral_text = st.lists(st.sampled_from(NEUTRAL), min_size=0, max_size=200).map("\n".join)
# family → a failure planted in its log, and what of it the digest must keep
PLANTED = {
    "pytest": ("=== FAILURES ===\n___ test_planted ___\n\n>       assert 0\nE       assert 0\n\n"
               "tests/test_p.py:7: AssertionError\n= 1 failed, 3 passed in 0.10s =",
               "test_planted"),
    "mypy": ("src/planted.py:12: error: Incompatible types  [assignment]",
             "src/planted.py:12: error: Incompatible types  [assignment]"),
    "tsc": ("src/planted.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.",
            "src/planted.ts(3,5): error TS2322"),
    "c": ("planted.c:3:4: error: expected ';' before '}' token", "planted.c:3:4: error:"),
    "go": ("--- FAIL: TestPlanted (0.00s)\n    planted_test.go:9: wrong\nFAIL\tex\t0.01s",
           "TestPlanted"),
    "cargo": ("---- planted stdout ----\nthread 'planted' panicked at src/lib.rs:3:5\n\n"
              "test result: FAILED. 0 passed; 1 failed; 0 ignored", "planted"),
    "maven": ("[ERROR] /src/Planted.java:[4,9] cannot find symbol\n[INFO] BUILD FAILURE",
              "Planted.java:[4,9]"),
    "eslint": ("/src/planted.js\n  3:1  error  'x' is not defined  no-undef\n\n"
               "✖ 1 problem (1 error, 0 warnings)", "/src/planted.js:3"),
    "jest": (" FAIL  src/planted.test.js\n  ● planted › fails\n\n    expect(received).toBe(1)\n\n"
             "Tests:       1 failed, 1 total", "planted › fails"),
}
SHELL_FAILURES = ["bash: line 1: mypy: command not found", "sh: 1: vite: not found",
                  "npm error code ENOENT", "npm ERR! missing script: test",
                  "go: go.mod file not found in current directory or any parent directory",
                  "error during build:", "/usr/bin/python3: No module named pytest",
                  "ModuleNotFoundError: No module named 'pytest'",
                  "/bin/sh: ./node_modules/.bin/jest: Permission denied",
                  "zsh:1: command not found: tsc", "/usr/bin/env: 'node': No such file or directory"]
PASSING_SUMMARIES = ["= 10 passed in 0.10s =", "Success: no issues found in 3 source files",
                     "All checks passed!", "Tests:       4 passed, 4 total", "ok  \tex\t0.01s",
                     "test result: ok. 3 passed; 0 failed", "[INFO] BUILD SUCCESS",
                     "BUILD SUCCESSFUL in 2s", "# ok", "  congratulations :)", "OK"]
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


LIMIT = 2.5  # t(4N) / (4 × t(N)): 1 is linear, 4 quadratic


def _best(texts: list[str], parse: Callable[[str], object], repeats: int) -> float:
    def work() -> None:
        for text in texts:
            parse(text)

    gc.collect()  # the collector's passes are not the parser's work
    return cpu_seconds(work, repeats)


def _ratio(motif: str, parse: Callable[[str], object]) -> float:
    """The motif repeated to ~4,000 and to ~16,000 chars: the big log against four small ones
    (the same work, were the parser linear), in CPU time. Measured once; only a ratio over the
    limit is measured again, as the best of three, before it counts: a linear parser pays one
    run, a quadratic one stays over the limit however often it is measured."""
    small = (motif + "\n") * max(1, 4000 // (len(motif) + 1))
    big = small * 4
    enabled = gc.isenabled()
    gc.disable()
    try:
        ratio = _best([big], parse, 1) / max(_best([small] * 4, parse, 1), 1e-6)
        if ratio >= LIMIT:
            ratio = min(ratio, _best([big], parse, 3) / max(_best([small] * 4, parse, 3), 1e-6))
    finally:
        if enabled:
            gc.enable()
    return ratio


@timing
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(motif=motifs, family=st.sampled_from(FAMILIES))
def test_any_log_costs_near_linear_time(motif: str, family: str) -> None:
    ratio = _ratio(motif, lambda text: logs.digest(text, family, "/spill/x.txt"))
    assert ratio < LIMIT, (family, motif[:200], ratio)


@timing
def test_the_near_linear_measure_catches_a_quadratic_parser() -> None:
    """The negative control: the same measure on a parser that re-reads every line before it.
    Each side is the best of five runs: one noisy single run once read 2.49 (the parser's true
    ratio is 4), and a control that can flake proves nothing."""
    motif = "ok 1 - works\nnot ok 2 - fails"
    small = (motif + "\n") * max(1, 4000 // (len(motif) + 1))
    enabled = gc.isenabled()
    gc.disable()
    try:
        ratio = _best([small * 4], quadratic_lines, 5) / max(
            _best([small] * 4, quadratic_lines, 5), 1e-6)
    finally:
        if enabled:
            gc.enable()
    assert ratio > LIMIT


@QUICK
@given(text=logs_text, family=st.sampled_from(FAMILIES))
def test_any_digest_fits_the_budget(text: str, family: str) -> None:
    result = logs.digest(text, family, "/spill/x.txt")
    assert len(result.text) <= logs.BUDGET
    assert result.exit_code != 0 or not result.failed


@QUICK
@given(before=neutral_text, after=neutral_text, family=st.sampled_from(sorted(PLANTED)))
def test_planted_failure_lines_are_kept(before: str, after: str, family: str) -> None:
    planted, kept = PLANTED[family]
    text = "\n".join(part for part in (before, planted, after) if part)
    result = logs.digest(text, family, "/spill/x.txt")
    assert result.failed and result.exit_code != 0, (family, result.how)
    assert kept in result.text, (family, result.text[:2000])


@QUICK
@given(before=logs_text, after=neutral_text, shell=st.sampled_from(SHELL_FAILURES),
       summary=st.sampled_from(PASSING_SUMMARIES), family=st.sampled_from(FAMILIES))
def test_a_planted_shell_failure_is_never_a_pass(before: str, after: str, shell: str,
                                                 summary: str, family: str) -> None:
    """Wherever it is, and even under a passing summary line of any tool."""
    text = "\n".join((before, shell, after, summary))
    result = logs.digest(text, family, "/spill/x.txt")
    assert result.failed and result.exit_code != 0, (family, shell, result.how)

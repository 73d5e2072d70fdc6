"""Log shapes built to make a parser's patterns backtrack or its loops re-read lines, for the
scaling tests: each makes a log of about `n` characters (LOGS) or one line of about `n`
characters (LINES). The first three are the issue's: a bar of `⎯` in a vitest log, a pytest
`= passed passed …` line, a go log with one `=== RUN` and many `--- FAIL`."""

from __future__ import annotations

from collections.abc import Callable

LOGS: dict[str, Callable[[int], str]] = {
    "go one RUN, many FAIL": lambda n: "=== RUN   T\n" + "--- FAIL: T (0.00s)\n" * (n // 20),
    "go one RUN, its output, many FAIL": lambda n: ("=== RUN   T\n" + "    out\n" * (n // 18)
                                                   + "--- FAIL: T (0.00s)\n" * (n // 40)),
    "go FAIL with output": lambda n: "--- FAIL: T (0.00s)\n    x\n" * (n // 26),
    "go markers": lambda n: "--- FAIL: T (0.00s)\n=== RUN   T\n" * (n // 32),
    "go build": lambda n: "# pkg\n" + "\tx\n" * (n // 3),
    "panics": lambda n: "panic: x\n" * (n // 9),
    "colon lines": lambda n: "a:1: b\n" * (n // 7),
    "not ok lines": lambda n: "not ok 1 x\n" * (n // 11),
    "jest bullets": lambda n: " FAIL  a.test.js\n" + "  ● x › y\n" * (n // 10) + "Tests: 1 failed\n",
    "vitest FAIL lines": lambda n: "⎯⎯ Failed Tests 1 ⎯⎯\n" + " FAIL  a > b\n" * (n // 13),
    "cargo blocks": lambda n: ("---- t stdout ----\n" * (n // 38)
                               + "error[E0308]: x\n --> a.rs:1:1\n" * (n // 38)),
    "rustc errors": lambda n: "error[E0308]: x\n" * (n // 16),
    "gcc context": lambda n: "In file included from a.h:1,\n" * (n // 29) + "a.c:1:1: error: x\n",
    "gcc errors": lambda n: "a.c:1:1: error: x\n" * (n // 18),
    "maven errors": lambda n: "[ERROR] /a/B.java:[1,1] x\n" * (n // 26),
    "maven tests": lambda n: "[ERROR] a.B  Time elapsed: 1 s  <<< FAILURE!\n" * (n // 45),
    "gradle": lambda n: "T > t FAILED\n" * (n // 26) + "* What went wrong:\n" + "x\n" * (n // 4),
    "eslint": lambda n: "/a/b.js\n" + "  1:1  error  x  y\n" * (n // 19),
    "tsc diagnostics": lambda n: "a.ts(1,1): error TS1: x\n" * (n // 24),
    "indented": lambda n: "E   x\n" + "    y\n" * (n // 6),
    "pytest sections": lambda n: "=== FAILURES ===\n" + "___ t ___\n" * (n // 10),
    "pytest summaries": lambda n: "= 1 passed in 1s =\n" * (n // 19),
    "blank lines": lambda n: "\n" * n,
    "shell failures": lambda n: "sh: 1: x: not found\n" * (n // 20),
    "redraws": lambda n: ("progress 1%\r" * 50 + "\n") * (n // 600),
}

LINES: dict[str, Callable[[int], str]] = {
    "vitest bar": lambda n: "⎯⎯ Failed Tests 1 " + "⎯" * n + "x",
    "bare vitest bar": lambda n: "⎯" * n,
    "pytest passed passed": lambda n: "= " + "passed " * (n // 7),
    "pytest border": lambda n: "=" * (n // 2) + " passed " + "=" * (n // 2) + "x",
    "colons": lambda n: "a:" * (n // 2),
    "spaces": lambda n: " " * n + "x",
    "nested parens": lambda n: "FAIL  " + " (1" * (n // 3),
    "ansi parameters": lambda n: "\x1b[" + "1;" * (n // 2),
    "open OSC": lambda n: "\x1b]" + "x" * n,
    "redraw": lambda n: "p\r" * (n // 2),
    "summary words": lambda n: "Test Files  " + "1 passed " * (n // 9),
    "shell words": lambda n: "sh: " * (n // 4),
    "npm words": lambda n: "npm error " * (n // 10),
    "digits": lambda n: "Tests: " + "1" * n,
    "tsc path": lambda n: "a" * n + "(1,1): error TS1: x",
    "go tabs": lambda n: "ok  \t" + "\t" * n,
}

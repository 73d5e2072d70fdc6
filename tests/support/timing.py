"""How the near-linear tests measure a cost: CPU time, the best of a few runs, by ratio.

The CPU time of the process doing the work (`time.process_time`) is what the work cost, however
many other processes share the machine; the best of a few runs drops the ones a preemption or a
cache flush disturbed; and the ratio of N to kN never depends on how fast the machine is.

`@timing` marks such a test: `-m timing` selects them, and `xdist_group("timing")` keeps them
all on one worker under pytest-xdist's `--dist loadgroup` (pyproject.toml), so two of them never
compete for a core. Each file keeps a negative control: its measure on `quadratic_lines` fails.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import pytest

F = TypeVar("F", bound=Callable[..., object])


def timing(test: F) -> F:
    """Marks a test that times work by ratio (see the module docstring)."""
    return pytest.mark.xdist_group("timing")(pytest.mark.timing(test))  # type: ignore[no-any-return]


def cpu_seconds(work: Callable[[], object], repeats: int = 3) -> float:
    """The least CPU time this process spent on `work()` over `repeats` runs."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def quadratic_lines(text: str) -> int:
    """The negative control: a parser that re-reads every line before each line (N²), as the
    go parser's old `=== RUN` scan did."""
    lines = text.split("\n")
    return sum(1 for index in range(len(lines)) for line in lines[:index] if line)


def quadratic_chars(text: str) -> int:
    """The negative control for one long line: at each eighth character, the line so far is
    copied and counted again (the copy keeps the N² term well above the loop's own cost)."""
    return sum(text[:index].count(text[0]) for index in range(0, len(text), 8))

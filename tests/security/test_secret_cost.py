"""The secret guard is linear in its input, hostile shapes included (no wall-clock threshold:
the CPU time of 8x the input against 1x, tests/support/timing.py), and imports nothing outside the standard
library (the hook's import test is tests/hook/test_entry.py)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from garrepa_py.guard.secrets import masked

from ..conftest import SRC
from ..support.timing import cpu_seconds, quadratic_lines, timing
from .secret_cases import document

LIMIT = 24  # t(8N) / t(N): linear is 8, quadratic 64; a shared machine's noise sits between


def hostile_json(rows: int) -> str:
    """Unique keys in every object, a password, a URL password and secret words in each."""
    rng = random.Random(rows)
    return json.dumps([{**{f"field_{n}_{k}": f"value {k} of row {n}" for k in range(3)},
                        "password": f"Pw{n}x!{rng.randrange(10**9)}Qz",
                        "dsn": f"postgres://app:Pk{n}z{rng.randrange(10**6)}@db/app",
                        "author": {"login": f"user{n}", "token_url": f"https://auth.example/{n}"},
                        "notes": f"keys, tokens and authors of row {n}"} for n in range(rows)])


def one_line_json(rows: int) -> str:
    return hostile_json(rows).replace("\n", "")


def plain(rows: int) -> str:
    return document(filler_lines=rows)


def continued_lines(rows: int) -> str:
    """Every line a candidate continued by a backslash, in chains longer than one command."""
    return "".join(f"docker login \\\n  -u user{n} \\\n  -p $PW{n} \\\n" for n in range(rows))


def candidate_lines(rows: int) -> str:
    """Every line a candidate: `key = …`, `token: …`, `password=…` with no secret in it."""
    return "".join(f"key_{n} = cache_key(a, b)\ntoken: string\npassword = str(p{n})\n"
                   for n in range(rows))


# One-line shapes that made a regex rescan the rest of the line from every occurrence.
ONE_LINE = {"mysql-words": "mysql ", "url-without-at": "http://a:", "jwt-heads": "eyJ-",
            "assignments": "password=", "unterminated-quote": 'token: "a', "tokens": "sk-ant-",
            "bearer-words": "Bearer ", "login-p": "docker login -p x ", "vault": "hvs.",
            "sas": "?sig=", "name-chains": "x: password ", "roles": "token :class:`a` "}


def _one_line(motif: str) -> Callable[[int], str]:
    return lambda rows: motif * rows


def _growth(make: Callable[[int], str], rows: int, mask: Callable[[str], object]) -> list[float]:
    """The CPU seconds of `mask` on the input and on 8 times it (best of three each; the
    doublings between were timed once and never counted, so they are not)."""
    small, large = make(rows), make(rows * 8)
    return [cpu_seconds(lambda: mask(small)), cpu_seconds(lambda: mask(large))]


@timing
@pytest.mark.parametrize("make, rows", [(hostile_json, 250), (one_line_json, 250),
                                        (plain, 1000), (candidate_lines, 1000), (continued_lines, 1000),
                                        *((_one_line(m), 20_000) for m in ONE_LINE.values())],
                         ids=["hostile-json", "one-line-json", "planted-text", "candidates", "continued",
                              *ONE_LINE])
def test_eight_times_the_input_costs_about_eight_times_the_time(make: Callable[[int], str],
                                                     rows: int) -> None:
    times = _growth(make, rows, masked)
    assert times[-1] / max(times[0], 1e-6) < LIMIT, times


@timing
def test_the_growth_check_catches_a_quadratic_guard() -> None:
    """The negative control: the same measure on a guard that rescans every line before each."""
    times = _growth(candidate_lines, 100, quadratic_lines)
    assert times[-1] / max(times[0], 1e-6) > LIMIT, times


def test_masking_imports_only_the_standard_library() -> None:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); before = set(sys.modules)\n"
            "from garrepa_py.guard import secrets\n"
            "secrets.masked(sys.argv[2])\n"
            "print(sorted(m.split('.')[0] for m in set(sys.modules) - before))")
    text = document(filler_lines=5)
    proc = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(SRC), text],
                          capture_output=True, text=True, check=True, timeout=60)
    loaded = set(eval(proc.stdout))  # noqa: S307 - our own process's printed list
    assert loaded - {"garrepa_py"} <= set(sys.stdlib_module_names), loaded
    assert not loaded & {"detect_secrets", "requests", "urllib3", "httpx"}

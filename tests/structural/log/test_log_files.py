"""A passing run names what ran (issue 35): every test file with its count and its lines in the
exact log, so "did X run?" is one Read; a failing run still shows its failures first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from garrepa_py.structural.log import log_files, logs

from ...logs.test_log_digest import runner

FILE_ROW = re.compile(r"^(?P<name>\S+) \| (?:(?P<files>\d+) files, )?(?P<tests>\d+) tests? \| "
                      r"lines (?P<a>\d+)(?:-(?P<b>\d+))?$", re.M)
PYTEST_ID = re.compile(r"^(\S+?\.py)::(.+) (PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR)\b")


def rows(text: str) -> dict[str, re.Match[str]]:
    part = text.split("Test files that ran (", 1)[1]
    return {m["name"]: m for m in FILE_ROW.finditer(part)}


def test_a_passing_pytest_run_names_every_file_with_lines_holding_its_tests(
        tmp_path: Path, log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-pass.log").read_bytes()
    done = runner(tmp_path, raw, "pytest")  # the real runner process the wrapped command pipes to
    assert done.returncode == 0
    text = done.stdout.decode()
    spill = Path(re.search(r"\[exact log: (\S+) \(", text).group(1))  # type: ignore[union-attr]
    lines = spill.read_text().split("\n")
    ran: dict[str, list[str]] = {}
    for line in lines:  # what pytest says ran, file by file
        found = PYTEST_ID.match(line)
        if found:
            ran.setdefault(found.group(1), []).append(line)
    named = rows(text)
    assert set(named) == set(ran) and len(ran) == 20
    for path, tests in ran.items():
        row = named[path]
        first, last = int(row["a"]), int(row["b"] or row["a"])
        window = lines[first - 1:last]  # one Read with offset and limit
        assert int(row["tests"]) == len(tests)
        assert [line for line in window if PYTEST_ID.match(line)] == tests
    # "did test_basic.py::test_basic_functionality run?": its row's lines hold it
    basic = named["tests/test_basic.py"]
    assert any(line.startswith("tests/test_basic.py::test_basic_functionality PASSED")
               for line in lines[int(basic["a"]) - 1:int(basic["b"])])
    assert len(text) < logs.BUDGET


def test_a_failing_run_shows_its_failures_before_what_ran(tmp_path: Path,
                                                          log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    text = runner(tmp_path, raw, "pytest").stdout.decode()
    assert text.index("Failures, whole (") < text.index("Test files that ran (")
    assert len(rows(text)) == 20


@pytest.mark.parametrize("name, family, files", [
    ("jest-pass.log", "jest", 18), ("vitest-pass.log", "vitest", 8)])
def test_js_runs_name_every_file(js_corpus: Path, name: str, family: str, files: int) -> None:
    raw = (js_corpus / name).read_text()
    text = logs.digest(raw, family, "/spill").text
    lines = logs.clean(raw)
    named = rows(text)
    assert len(named) == files
    for path, row in named.items():
        window = "\n".join(lines[int(row["a"]) - 1:int(row["b"] or row["a"])])
        assert path in window


def test_too_many_files_fold_into_directories_with_their_lines() -> None:
    lines = [f"pkg/sub{d}/test_{f}.py::test_x PASSED" for d in range(30) for f in range(10)]
    every = log_files.listing(lines, 100_000)
    assert len(every) == 301  # the control: room for each file
    folded = log_files.listing(lines, 3_000)
    assert folded[1] == "pkg/sub0/ | 10 files, 10 tests | lines 1-10"
    assert len(folded) == 31 and folded[-1] == "pkg/sub29/ | 10 files, 10 tests | lines 291-300"


def test_a_log_naming_no_test_file_lists_none(log_corpus: Path) -> None:
    raw = (log_corpus / "mypy-type-error.log").read_text()
    assert "Test files that ran" not in logs.digest(raw, "mypy", "/spill").text


def test_collapsed_counts_only_the_lines_not_quoted(tmp_path: Path, log_corpus: Path) -> None:
    """Issue 35: a passing run quotes its summary line, yet said "Collapsed: 622 other lines" of
    a 622-line log, as if none were shown."""
    raw = (log_corpus / "pytest-pass.log").read_bytes()
    text = runner(tmp_path, raw, "pytest").stdout.decode()
    total = len(raw.decode().rstrip("\n").split("\n"))
    quoted = text.split("Summary, verbatim:\n", 1)[1].split("\nTest files that ran", 1)[0]
    assert total == 622 and quoted.count("\n") + 1 == 1
    assert f"Collapsed: {total - 1:,} other lines," in text

"""The logs route's digest and runner on real logs (tests/support/corpus.py `logs`, `jslogs`,
`nativelogs`): click 8.1.7's own suite, mypy, ruff; qs's tape suite and tsc; Redux Toolkit's
jest suites and TanStack query-core's vitest suites; semver's cargo tests, go-cmp and
go-difflib's go tests, Brotli's C encoder under make, JPype's Java under Maven — run for real,
some with a fault put in. What must survive comes from the fault or the tool's own report."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.install.interpreter import interpreter_record_text
from garrepa_py.shell import log_command
from garrepa_py.structural.log import log_python, logs
from tests.support.state import state_dir

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "templates" / "garrepa-log"
# Each tool's own summary line, as its documentation shows it: the last one in a log must be a
# line of the digest, verbatim.
SUMMARY_LINES = re.compile("|".join((
    r"^=+ .*\b(passed|failed|errors?|no tests ran)\b.* =+$",  # pytest
    r"^(\d+ (passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)(, )?)+ in ",
    r"^(Found \d+ errors? in \d+ files?|Success: no issues found)",  # mypy
    r"^(Found \d+ errors?\.|All checks passed!)$",  # ruff
    r"^# (fail|ok)\b",  # TAP
    r"^Tests: +\d",  # jest
    r"^ +Tests +\d",  # vitest
    r"^test result: FAILED\.",  # cargo
    r"^error: could not compile",
    r"^FAIL\t\S+",  # go
    r"^g?make(\[\d+\])?: \*\*\* ",
    r"^\[INFO\] BUILD (SUCCESS|FAILURE)",  # Maven
    r"^✖ \d+ problems? ",  # ESLint
)))
# Where a compiler or linter points: every such line must be in the digest.
DIAGNOSTIC_LINES = re.compile("|".join((
    r"^\S+\(\d+,\d+\): error TS\d+|^\S+:\d+:\d+ - error TS\d+",  # tsc
    r"^\s+--> \S+:\d+:\d+$",  # ruff's and rustc's locations
    r"^\S+\.py:\d+: error: ",  # mypy
    r"^\S+\.(c|h):\d+:\d+: error: ",  # gcc
    r"^\S+\.go:\d+:\d+: ",  # go build
    r"^\[ERROR\] \S+\.java:\[\d+,\d+\] ",  # javac under Maven
    r"^ +\d+:\d+ +error ",  # ESLint
)))


@pytest.fixture(scope="module")
def all_logs(log_corpus: Path, js_corpus: Path,
             native_corpus: Path) -> list[tuple[str, str, dict[str, Any]]]:
    found = cases(log_corpus) + cases(js_corpus) + cases(native_corpus)
    assert len(found) >= 25
    return found


def cases(root: Path) -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for meta in sorted(root.glob("*.json")):
        raw = meta.with_suffix(".log").read_bytes().decode("utf-8", "replace")
        found.append((meta.stem, raw, json.loads(meta.read_text())))
    return found


def family_of(command: str) -> str:
    """The family the route names; for a corpus command it would not wrap (make with object
    files for targets), its program's family."""
    return log_command.parse(command) or log_command.FAMILIES.get(command.split()[0], "generic")


def digest_of(raw: str, meta: dict[str, Any]) -> logs.Digest:
    return logs.digest(raw, family_of(meta["command"]), "/spill/x.txt")


def test_the_corpus_is_real_and_varied(all_logs: list[tuple[str, str, dict[str, Any]]]) -> None:
    metas = {name: meta for name, _, meta in all_logs}
    assert metas["pytest-three-failures"]["exit_code"] == 1
    assert len(metas["pytest-three-failures"]["failing"]) > 30  # parametrized tests failed too
    assert metas["pytest-collection-error"]["exit_code"] == 2
    assert metas["mypy-type-error"]["exit_code"] == 1 and metas["ruff-errors"]["exit_code"] == 1
    assert {metas[n]["exit_code"] for n in ("pytest-pass", "mypy-clean", "ruff-clean")} == {0}
    expected = {  # what each toolchain exits with, measured
        "tape-pass": 0, "tape-three-failures": 1, "tsc-clean": 0, "tsc-type-errors": 2,
        "jest-pass": 0, "jest-failures": 1, "jest-real-failures": 1, "vitest-pass": 0,
        "vitest-failures": 1, "cargo-test-pass": 0, "cargo-test-failures": 101,
        "cargo-build-error": 101, "go-test-pass": 0, "go-test-failures": 1, "go-build-error": 2,
        "make-pass": 0, "make-errors": 2, "maven-pass": 0, "maven-compile-errors": 1,
        "eslint-errors": 1, "eslint-clean": 0, "maven-test-failures": 1}
    if os.environ.get("CI"):  # CI installs every toolchain (scripts/test): none may be missing
        assert set(expected) <= set(metas)
    for name, code in expected.items():
        if name in metas:
            assert metas[name]["exit_code"] == code, name
    for name in ("tape-three-failures", "jest-failures", "jest-real-failures",
                 "vitest-failures", "cargo-test-failures", "go-test-failures",
                 "maven-test-failures"):
        if name in metas:
            assert len(metas[name]["failing"]) >= 3, name


def test_every_run_is_classified_with_the_original_exit_code(
        all_logs: list[tuple[str, str, dict[str, Any]]]) -> None:
    for name, raw, meta in all_logs:
        result = digest_of(raw, meta)
        assert result.exit_code == meta["exit_code"], (name, result.how)
        assert result.failed == (meta["exit_code"] != 0), name
        assert len(result.text) <= logs.BUDGET, name


def _shown(failing: str, meta: dict[str, Any]) -> list[str]:
    """What of a failing test's name the digest must hold, by the report it came from."""
    if meta.get("format") == "tap" or "::" not in failing:
        return [failing]  # TAP's `not ok` text; cargo, go, vitest, a jest suite: the name
    module, _, test = failing.partition("::")  # JUnit from pytest: module.path::test[param]
    if not module:  # a collection error: JUnit names the module as the test
        module, test = test, ""
    return [(test or module.replace(".", "/")).split("[")[0], module.replace(".", "/")]


def test_every_failure_and_the_summary_line_survive(
        all_logs: list[tuple[str, str, dict[str, Any]]]) -> None:
    for name, raw, meta in all_logs:
        result = digest_of(raw, meta)
        text = result.text.replace(" › ", " ")  # jest's report joins describe and test by spaces
        for failing in meta["failing"]:
            for part in _shown(failing, meta):
                assert part in text, (name, failing)
        for suite in meta.get("suites", []):  # a suite that could not run at all
            assert suite in result.text, (name, suite)
        for where in meta.get("where", []):  # the file and line a fault was put in
            assert where in result.text, (name, where)
        lines = logs.clean(raw)
        summary = [line for line in lines if SUMMARY_LINES.match(line)]
        if summary:
            assert summary[-1] in result.text.split("\n"), name  # verbatim, a line of its own
        for index, line in enumerate(lines):
            head = next((above for above in reversed(lines[:index]) if above[:1].strip()), "")
            if DIAGNOSTIC_LINES.match(line) and not head.startswith("warning"):
                assert line in result.text.split("\n"), (name, line)  # rustc: errors only


def test_a_long_passing_run_is_a_short_digest(log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-pass.log").read_text()
    result = logs.digest(raw, "pytest", "/spill/x.txt")
    assert len(raw) > 60_000 and len(result.text) < 2000  # summary and the 20 files that ran
    assert re.search(r"^=+ 589 passed, 21 skipped, 1 xfailed in [\d.]+s =+$", result.text, re.M)


def test_failures_that_do_not_fit_are_listed_with_their_lines(log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_text()
    result = logs.digest(raw, "pytest", "/spill/x.txt")
    listed = re.search(r"^Not shown here \((\d+)\), each whole in the exact log: (.*)$",
                       result.text, re.M)
    assert listed is not None
    lines = logs.clean(raw)
    for title, first, last in re.findall(r"(\S+?) \(lines (\d+)-(\d+)\)", listed.group(2)):
        assert title in lines[int(first) - 1]  # the named lines are that failure's block
        assert int(last) >= int(first)


def runner(tmp_path: Path, raw: bytes, family: str, record: bool = True
           ) -> subprocess.CompletedProcess[bytes]:
    home = tmp_path / "garrepa-home"
    home.mkdir(exist_ok=True)
    if record:
        (home / "interpreter").write_text(interpreter_record_text())
    elif (home / "interpreter").exists():
        (home / "interpreter").unlink()
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    return subprocess.run(["sh", str(LAUNCHER), "--family", family, "--project", str(project)],
                          input=raw, capture_output=True, timeout=60, check=False,
                          env={**os.environ, "GARREPA_HOME": str(home)})


def test_the_runner_spills_digests_and_keeps_failure_a_failure(tmp_path: Path,
                                                               log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    done = runner(tmp_path, raw, "pytest")
    assert done.returncode == 1
    text = done.stdout.decode()
    assert text.startswith("[garrepa log | pytest | FAILED (pytest's summary line says")
    spill = re.search(r"\[exact log: (\S+) \(", text).group(1)  # type: ignore[union-attr]
    assert Path(spill).read_bytes() == raw  # the exact bytes, as they came
    passing = runner(tmp_path, (log_corpus / "pytest-pass.log").read_bytes(), "pytest")
    assert passing.returncode == 0 and len(passing.stdout) < 2000  # with the 20 files that ran


def test_the_runner_fails_open(tmp_path: Path, log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    # garrepa gone since the hook wrapped the command: the output exactly as it came, and a
    # failure (the status is not visible through the pipe), said on stderr
    without = runner(tmp_path, raw, "pytest", record=False)
    assert (without.returncode, without.stdout) == (1, raw)
    assert b"garrepa is not installed for this user" in without.stderr
    # garrepa there but the spill cannot be written (a file where garrepa's state folder
    # should be): the log passes bounded, as Claude Code would show it, and the failure stays one
    blocked = state_dir(tmp_path / "project")
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("not a directory")
    broken = runner(tmp_path, raw, "pytest")
    assert broken.returncode == 1
    first, _, rest = broken.stdout.partition(b"\n\n... [garrepa: ")
    assert raw.startswith(first) and len(first) == 15_000
    between, _, last = rest.partition(b" bytes of output not shown here] ...\n\n")
    assert int(between.replace(b",", b"")) == len(raw) - 30_000
    last, _, note = last.rpartition(b"\n[garrepa log | pytest | FAILED (")
    assert raw.endswith(last) and len(last) == 15_000
    assert note.endswith(b"| the exact log could not be kept]\n")
    # a short log is printed as it came, and its outcome still decides the exit code
    short = (log_corpus / "mypy-type-error.log").read_bytes()
    done = runner(tmp_path, short, "mypy")
    assert (done.returncode, done.stdout) == (1, short)


def test_a_head_and_tail_cut_of_the_same_size_loses_failures(log_corpus: Path) -> None:
    """The peers' way (the first and last N chars), at the digest's own size."""
    raw = (log_corpus / "pytest-three-failures.log").read_text()
    meta = json.loads((log_corpus / "pytest-three-failures.json").read_text())
    result = logs.digest(raw, "pytest", "/spill/x.txt")
    half = len(result.text) // 2
    cut = raw[:half] + raw[-half:]
    names = [f.partition("::")[2] for f in meta["failing"]]
    # the digest names every failing test; the cut only those whose names reach its tail
    in_cut = sum(name in cut for name in names)
    assert all(name in result.text for name in names) and in_cut < len(names)
    # only the digest keeps tracebacks whole (one per distinct fault) and says where each is
    blocks = log_python.pytest(logs.clean(raw)).blocks
    whole_in_digest = sum(block.text() in result.text for block in blocks)
    whole_in_cut = sum(block.text() in cut for block in blocks)
    assert whole_in_digest >= 3 and whole_in_cut == 0
    located = re.findall(r"\(lines \d+-\d+\)", result.text)
    assert len(located) == len(blocks) and "(lines " not in cut


def test_an_unwritable_journal_changes_nothing_in_the_run(tmp_path: Path,
                                                          log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    home = tmp_path / "garrepa-home"
    home.mkdir()
    (home / "journal.jsonl").mkdir()  # not a file: the record cannot be written
    done = runner(tmp_path, raw, "pytest")
    assert done.returncode == 1
    assert done.stdout.decode().startswith("[garrepa log | pytest | FAILED")

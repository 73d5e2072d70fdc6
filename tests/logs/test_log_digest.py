"""The logs route's digest and runner on real logs: click 8.1.7's own test suite, mypy and ruff
run for real, some with a fault put in (tests/support/corpus.py `logs`)."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.install.project import interpreter_record_text
from garrepa_py.structural import logs

from ..conftest import _corpus

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "templates" / "garrepa-log"


@pytest.fixture(scope="module")
def log_corpus() -> Path:
    return _corpus("logs")


def cases(root: Path) -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for meta in sorted(root.glob("*.json")):
        raw = meta.with_suffix(".log").read_bytes().decode("utf-8", "replace")
        found.append((meta.stem, raw, json.loads(meta.read_text())))
    return found


def test_the_corpus_is_real_and_varied(log_corpus: Path) -> None:
    metas = {name: meta for name, _, meta in cases(log_corpus)}
    assert metas["pytest-three-failures"]["exit_code"] == 1
    assert len(metas["pytest-three-failures"]["failing"]) > 30  # parametrized tests failed too
    assert metas["pytest-collection-error"]["exit_code"] == 2
    assert metas["mypy-type-error"]["exit_code"] == 1 and metas["ruff-errors"]["exit_code"] == 1
    assert {metas[n]["exit_code"] for n in ("pytest-pass", "mypy-clean", "ruff-clean")} == {0}
    if "tape-pass" in metas:  # npm is there (CI has it): qs's tape suite, tsc, from the registry
        assert metas["tape-pass"]["exit_code"] == 0
        assert metas["tsc-type-errors"]["exit_code"] == 2 and metas["tsc-clean"]["exit_code"] == 0
        assert metas["tape-three-failures"]["exit_code"] == 1
        assert len(metas["tape-three-failures"]["failing"]) >= 3


def test_every_run_is_classified_with_the_original_exit_code(log_corpus: Path) -> None:
    for name, raw, meta in cases(log_corpus):
        result = logs.digest(raw, logs.family_of(meta["command"]), "/spill/x.txt")
        assert result.exit_code == meta["exit_code"], (name, result.how)
        assert result.failed == (meta["exit_code"] != 0), name
        assert len(result.text) <= logs.BUDGET, name


def test_every_failure_and_the_summary_line_survive(log_corpus: Path) -> None:
    for name, raw, meta in cases(log_corpus):
        result = logs.digest(raw, logs.family_of(meta["command"]), "/spill/x.txt")
        for failing in meta["failing"]:  # JUnit: module.path::test[param], or ::module
            if meta.get("format") == "tap":  # TAP: the `not ok` description
                assert failing in result.text, (name, failing)
                continue
            module, _, test = failing.partition("::")
            if not module:  # a collection error: JUnit names the module as the test
                module, test = test, ""
            shown = test or module.replace(".", "/")
            where = module.replace(".", "/")
            assert shown.split("[")[0] in result.text, (name, failing)
            assert where in result.text, (name, failing)
        summary = [line for line in logs.clean(raw) if logs.PYTEST_SUMMARY.match(line)
                   or logs.PYTEST_BARE_SUMMARY.match(line) or logs.MYPY_SUMMARY.match(line)
                   or logs.RUFF_SUMMARY.match(line) or logs.TAP_SUMMARY.match(line)]
        if summary:
            assert summary[-1] in result.text.split("\n"), name  # verbatim, a line of its own
        for line in logs.clean(raw):  # every compiler or linter diagnostic, where it points
            if logs.TSC_DIAGNOSTIC.match(line) or logs.RUFF_WHERE.match(line) or (
                    logs.DIAGNOSTIC.match(line) and " error: " in line):
                assert line in result.text.split("\n"), (name, line)


def test_a_long_passing_run_is_a_short_digest(log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-pass.log").read_text()
    result = logs.digest(raw, "pytest", "/spill/x.txt")
    assert len(raw) > 60_000 and len(result.text) < 1000
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
    assert Path(spill).read_text() == "\n".join(logs.clean(raw.decode("utf-8", "replace")))
    passing = runner(tmp_path, (log_corpus / "pytest-pass.log").read_bytes(), "pytest")
    assert passing.returncode == 0 and len(passing.stdout) < 1000


def test_the_runner_fails_open(tmp_path: Path, log_corpus: Path) -> None:
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    # a teammate without garrepa: the output exactly as it came
    without = runner(tmp_path, raw, "pytest", record=False)
    assert (without.returncode, without.stdout) == (0, raw)
    # garrepa there but the spill cannot be written: the output exactly as it came
    (tmp_path / "project" / ".garrepa").write_text("not a directory")
    broken = runner(tmp_path, raw, "pytest")
    assert (broken.returncode, broken.stdout) == (0, raw)
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
    blocks = logs._pytest(logs.clean(raw))[0]
    whole_in_digest = sum(block.text() in result.text for block in blocks)
    whole_in_cut = sum(block.text() in cut for block in blocks)
    assert whole_in_digest >= 3 and whole_in_cut == 0
    located = re.findall(r"\(lines \d+-\d+\)", result.text)
    assert len(located) == len(blocks) and "(lines " not in cut

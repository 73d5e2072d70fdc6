"""The runner never changes a run's outcome: for every command of the corpus, the exit status the
agent sees through `COMMAND 2>&1 | garrepa-log` is non-zero exactly when the command's was.

The corpus is real runs, each with its real exit code: tests/logs/corpus/runner_outcomes.jsonl
(tools not installed, go outside a module, npm with no package.json, a silent `exit 3`, a missing
build tool, vite's `error during build:`, passing mypy/ruff/tsc/ESLint/go/cargo/make runs; built
by tests/support/build_runner_corpus.py) and the real-run corpora of tests/support/corpus.py
(`logs`, `jslogs`, `nativelogs`). Each log goes through the real runner in a real bash pipeline,
with the spill writable and with a `.garrepa` file where its directory should be.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.install.interpreter import interpreter_record_text
from garrepa_py.structural.log import log_evidence, logs
from tests.logs.test_log_digest import cases, family_of
from tests.support.state import state_dir

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "templates" / "garrepa-log"
CORPUS = Path(__file__).resolve().parent / "corpus" / "runner_outcomes.jsonl"
# Passing runs whose log holds no line only a pass prints: `npm test` running a script that is
# no known tool (npm 11 prints the same header, and nothing more, for its `exit 3`). The runner
# cannot tell, so it says so and reports a failure — never the other way round.
# passing runs whose log cannot show it: npm prints nothing of its own; make prints nothing
# when it passes and nothing when it is killed (137), and these logs end with a recipe's line
NO_EVIDENCE_POSSIBLE = {"npm-script-pass", "make-pass", "make-silent-pass"}


def recorded() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text().splitlines()]


def through_the_pipe(tmp_path: Path, log: bytes, family: str, spill_blocked: bool = False
                     ) -> subprocess.CompletedProcess[bytes]:
    """The log through the installed launcher at the end of a bash pipeline, as the route wraps
    the command (`… 2>&1 | garrepa-log --family F --project P`); bash without pipefail."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    (home / "interpreter").write_text(interpreter_record_text())
    project = tmp_path / ("blocked" if spill_blocked else "project")
    project.mkdir(exist_ok=True)
    blocked = state_dir(project)
    if spill_blocked and not blocked.exists():
        blocked.parent.mkdir(parents=True, exist_ok=True)
        blocked.write_text("a file where garrepa's state folder should be\n")
    source = tmp_path / "command-output"
    source.write_bytes(log)
    return subprocess.run(
        ["bash", "-c", 'cat "$1" 2>&1 | sh "$2" --family "$3" --project "$4"', "run",
         str(source), str(LAUNCHER), family, str(project)],
        capture_output=True, timeout=120, check=False,
        env={**os.environ, "GARREPA_HOME": str(home)})


def test_the_corpus_holds_each_failure_the_issue_names() -> None:
    runs = {run["name"]: run for run in recorded()}
    codes = {name: run["exit_code"] for name, run in runs.items()}
    for name in ("mypy-not-installed", "ruff-not-installed", "jest-not-installed",
                 "tsc-not-installed", "tox-not-installed"):
        assert codes[name] == 127 and "command not found" in runs[name]["log"], name
    assert "No module named pytest" in runs["pytest-module-not-installed"]["log"]
    assert codes["pytest-module-not-installed"] == 1
    if "npm-no-package-json" in codes:
        assert codes["npm-no-package-json"] == 254 and "ENOENT" in runs["npm-no-package-json"]["log"]
        assert codes["npm-script-exit-3"] == codes["npm-silent-script-exit-3"] == 3
        assert codes["npm-missing-build-tool"] == 127
        assert "npm error" not in runs["npm-script-exit-3"]["log"]  # npm 11 says nothing
    if "vite-error-during-build" in codes:
        assert codes["vite-error-during-build"] == 1
        assert "error during build:" in runs["vite-error-during-build"]["log"]
    if "mocha-pass" in codes:  # `npm test` running mocha: its `N passing (…)` is the evidence
        assert (codes["mocha-pass"], codes["mocha-failure"]) == (0, 1)
    if "tox-pass" in codes:  # tox 4 from PyPI: its `congratulations :)` is the evidence
        assert (codes["tox-pass"], codes["tox-failure"]) == (0, 3)
        assert "congratulations :)" in runs["tox-pass"]["log"]
    if "go-test-outside-module" in codes:
        assert codes["go-test-outside-module"] == 1
    passing = [name for name, code in codes.items() if code == 0]
    for tool in ("mypy", "ruff", "tsc", "eslint"):
        assert f"{tool}-pass" in passing or not os.environ.get("CI"), tool
    assert {"mypy-pass", "ruff-pass"} <= set(passing)
    assert not runs["tsc-pass"]["log"].strip() if "tsc-pass" in runs else True  # tsc: silence


def _all_runs(log_corpus: Path, js_corpus: Path, native_corpus: Path
              ) -> list[tuple[str, bytes, str, int]]:
    runs = [(run["name"], run["log"].encode(), run["family"], run["exit_code"])
            for run in recorded()]
    for root in (log_corpus, js_corpus, native_corpus):
        for name, _, meta in cases(root):
            runs.append((f"{root.name}/{name}", (root / f"{name}.log").read_bytes(),
                         family_of(meta["command"]),
                         meta["exit_code"]))
    return runs


@pytest.mark.parametrize("spill_blocked", [False, True], ids=["spill", "spill-unwritable"])
def test_the_agent_sees_non_zero_exactly_when_the_command_did(
        tmp_path: Path, log_corpus: Path, js_corpus: Path, native_corpus: Path,
        spill_blocked: bool) -> None:
    runs = _all_runs(log_corpus, js_corpus, native_corpus)
    assert len(runs) >= len(recorded()) + 10  # the older corpora: at least the Python runs
    wrong = []
    for name, log, family, code in runs:
        done = through_the_pipe(tmp_path, log, family, spill_blocked)
        if name in NO_EVIDENCE_POSSIBLE:
            assert code == 0 and done.returncode == 1, name
            assert done.stdout.endswith(f"[garrepa log | {family} | "
                                        f"{log_evidence.NO_EVIDENCE}]\n".encode()
                                        if family != "make" else
                                        f"{logs.MAKE_UNKNOWN}]\n".encode()), name
            continue
        if (done.returncode != 0) != (code != 0):
            wrong.append((name, family, code, done.returncode, done.stdout[-300:]))
        if code != 0 and len(log) > 6000:  # a failure's log is never lost: bounded or digested
            shown = done.stdout.decode("utf-8", "replace")
            assert "FAILED" in shown and (spill_blocked or "[exact log: " in shown), name
    assert not wrong, wrong


def test_a_failure_without_a_success_line_says_why_it_is_reported_failed(
        tmp_path: Path) -> None:
    runs = {run["name"]: run for run in recorded()}
    silent = runs.get("npm-silent-script-exit-3")
    if silent is None:
        pytest.skip("npm is not installed here")
    done = through_the_pipe(tmp_path, silent["log"].encode(), silent["family"])
    assert done.returncode == 1
    assert done.stdout.decode().endswith(
        "[garrepa log | npm | no success line in the log; the exit status is not visible "
        "through the pipe, so this run is reported as failed]\n")
    missing = runs["mypy-not-installed"]
    done = through_the_pipe(tmp_path, missing["log"].encode(), "mypy")
    assert (done.returncode, done.stdout) == (127, missing["log"].encode())  # as it came

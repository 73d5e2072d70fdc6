"""The logs runner keeps a run's outcome where the log could lie about it (issue 24 §3): real
bash pipelines, the command as the hook rewrites it against the command as it is.

Three rules: a pytest pass needs its summary as the log's last line, after the progress line that
ends the run, and no INTERNALERROR anywhere; a make run that ignored a recipe's failure is
decided by make's own `***` lines; and a command whose options or environment change what the
tool prints is not wrapped at all (Claude Code reports its status itself).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.security.test_hostile_commands import _init_logs, _pre_bash

BIN = str(Path(sys.executable).parent)
PASSING = "def test_ok():\n    assert True\n"
FAILING = "def test_bad():\n    assert False\n"


def _bash(command: str, cwd: Path) -> int:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}
    env["PATH"] = f"{BIN}:{env.get('PATH', '/usr/bin:/bin')}"
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True,
                          timeout=120).returncode


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    project = tmp_path / "project"
    project.mkdir(parents=True)
    for name, body in files.items():
        (project / name).write_text(body)
    _init_logs(project)
    return project


def _statuses(project: Path, command: str) -> tuple[int, int]:
    """The command's own exit status, and the one the agent sees through the rewrite."""
    reply = _pre_bash(project, command)
    assert reply is not None, command  # wrapped
    original = _bash(command, project)
    return original, _bash(reply["updatedInput"]["command"], project)


KEPT = [
    ("internal-error-in-a-finish-hook", "pytest",
     {"test_a.py": PASSING, "conftest.py": "def pytest_runtest_logfinish(nodeid, location):\n"
                                           "    raise RuntimeError('late')\n"}),
    ("a-bare-summary-printed-by-a-test", "pytest -s",
     {"test_a.py": "import os\ndef test_a():\n    print('\\n3 passed in 0.02s')\n"
                   "    os._exit(1)\n"}),
    ("a-traceback-after-the-summary", "pytest -q",
     {"test_a.py": PASSING, "conftest.py":
      "import atexit, os, sys\n"
      "def _die():\n    sys.stdout.write('Traceback (most recent call last):\\nOSError: x\\n')\n"
      "    sys.stdout.flush()\n    os._exit(1)\n"
      "atexit.register(_die)\n"}),
    ("make-ignores-a-failing-line-then-passes", "make test",
     {"Makefile": "test:\n\t-pytest -q test_bad.py\n\tpytest -q test_a.py\n",
      "test_a.py": PASSING, "test_bad.py": FAILING}),
    ("make-ignores-one-line-and-stops-at-the-next", "make test",
     {"Makefile": "test:\n\t-pytest -q test_bad.py\n\tpytest -q test_bad.py\n",
      "test_bad.py": FAILING}),
    # the false-positive controls: plain passes and failures, wrapped and kept
    ("a-plain-pass", "pytest -q", {"test_a.py": PASSING}),
    ("a-verbose-pass", "pytest -v", {"test_a.py": PASSING}),
    ("a-pass-with-an-allowed-assignment", "PYTHONPATH=src pytest -q", {"test_a.py": PASSING}),
    ("a-plain-failure", "pytest -q", {"test_a.py": FAILING}),
    ("make-running-a-passing-pytest", "make test",
     {"Makefile": "test:\n\tpytest -q\n", "test_a.py": PASSING}),
    ("make-running-a-failing-pytest", "make test",
     {"Makefile": "test:\n\tpytest -q\n", "test_a.py": FAILING}),
    ("ruff-concise-on-a-clean-tree", "ruff check --output-format=concise --select F .",
     {"a.py": "x = 1\n"}),
    ("ruff-concise-with-a-finding", "ruff check --output-format=concise --select F .",
     {"a.py": "import os\n"}),
]


@pytest.mark.parametrize("name, command, files", KEPT, ids=[case[0] for case in KEPT])
def test_the_status_the_agent_sees_is_the_commands(tmp_path: Path, name: str, command: str,
                                                   files: dict[str, str]) -> None:
    original, seen = _statuses(_project(tmp_path, files), command)
    assert (original == 0) == (seen == 0), (name, original, seen)


def test_the_cases_above_hold_both_outcomes(tmp_path: Path) -> None:
    """The harness could fail: the first three commands really fail, the make one really
    passes (so a runner that always said `failed`, or always `passed`, would be caught)."""
    statuses = {}
    for name, command, files in KEPT[:5]:
        statuses[name] = _statuses(_project(tmp_path / name, files), command)
    assert all(original != 0 for original, _ in list(statuses.values())[:3]), statuses
    assert statuses["make-ignores-a-failing-line-then-passes"][0] == 0
    assert statuses["make-ignores-one-line-and-stops-at-the-next"][0] != 0


@pytest.mark.parametrize("command", [
    "ruff check --output-file=findings.txt .", "ruff check --output-format github .",
    "ruff check --output-format=json-lines src", "ruff check -s .", "ruff check --statistics .",
    "pytest -qq", "pytest -q -q tests", "pytest --quiet -xq", "pytest -pno:terminal", "pytest -p xdist",
    "pytest -o addopts=--co", "pytest --override-ini=console_output_style=classic",
    "pytest -c other.ini", "pytest --no-summary", "pytest --cov=src --cov-fail-under=90",
    "MAKEFLAGS=-i make test", "PYTEST_PLUGINS=x pytest", "MYPY_OPTS=x mypy src",
    "LANG=de_DE.UTF-8 make test", "FORCE_COLOR=1 jest", "mypy -O json src", "mypy --output=json src",
    "eslint -f json .", "eslint --format=compact .", "cargo test --message-format=json",
    "jest --json", "vitest --reporter=json",
])
def test_a_command_that_changes_its_report_is_not_wrapped(tmp_path: Path, command: str) -> None:
    project = _project(tmp_path, {"test_a.py": PASSING})
    assert _pre_bash(project, command) is None


@pytest.mark.parametrize("command", [
    "ruff check --select F401,E --no-cache src", "ruff check -q .", "pytest -x -q -k quick",
    "pytest -q -n 2", "CI=1 pytest", "NO_COLOR=1 make test", "mypy --strict src",
    "jest -o", "make -k test", "python3 -m pytest tests -v -p no:cacheprovider",
])
def test_a_command_that_keeps_its_report_is_still_wrapped(tmp_path: Path, command: str) -> None:
    project = _project(tmp_path, {"test_a.py": PASSING})
    assert _pre_bash(project, command) is not None

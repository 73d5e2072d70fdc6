"""shell/log_command.py: one run of a known test or build tool names its log family; a line that
lists, watches, changes the report, or holds more than one command names none."""

from __future__ import annotations

import pytest

from garrepa_py.shell import log_command


@pytest.mark.parametrize("command, family", [
    ("pytest -q tests/logs", "pytest"),
    ("python3 -m pytest -x", "pytest"),
    ("uv run --frozen pytest -q", "pytest"),
    (".venv/bin/pytest -q -p no:cacheprovider", "pytest"),
    ("cd web && npx vitest run", "vitest"),
    ("cargo test --workspace", "cargo"),
    ("go test ./...", "go"),
    ("make test", "make"),
    ("./mvnw -q verify", "maven"),
    ("ruff check src", "ruff"),
    ("npm run test:unit", "npm"),
    ("CI=1 pytest", "pytest"),
])
def test_a_run_names_its_family(command: str, family: str) -> None:
    assert log_command.parse(command) == family


@pytest.mark.parametrize("command", [
    "pytest --collect-only",            # a listing, not a run
    "pytest -p myplugin",               # a plugin that may change the report
    "pytest --junitxml=r.xml -o addopts=",
    "vitest --watch",                   # never ends
    "make dev",                         # a server, not a build
    "cargo run",                        # not a test or build subcommand
    "npm run start",
    "ruff check --fix src",             # a fix pass
    "PYTEST_ADDOPTS=-q pytest",         # an assignment that may change what it prints
    "pytest; rm -rf build",             # two commands
    "pytest # the suite",               # a comment would swallow the appended runner
    "echo pytest",
])
def test_anything_else_names_none(command: str) -> None:
    assert log_command.parse(command) is None


def test_every_family_has_a_runner() -> None:
    assert set(log_command.FAMILIES) <= set(log_command.RUNNERS)

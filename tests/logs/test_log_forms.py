"""How agents really start test runs — a runner or interpreter named by its path, an activated
venv, `uv run` with options — is parsed as a run and wrapped by the real hook; near misses are not."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.config import schema
from garrepa_py.config.settings import Settings
from garrepa_py.install.runner_allow import runner_file
from garrepa_py.routes import git as git_route
from garrepa_py.routes import logs as logs_route
from garrepa_py.shell import log_command

from ..conftest import SESSION_ID
from ..routes.test_logs import init, pre_bash

FORMS = [
    (".venv/bin/python -m pytest", "pytest"),
    (".venv/bin/python3 -m pytest -x tests", "pytest"),
    ("/opt/app/.venv/bin/python3.12 -m mypy src", "mypy"),
    ("python3.12 -m pytest", "pytest"),
    (".venv/bin/pytest -q", "pytest"),
    ("venv/bin/pytest", "pytest"),
    ("/opt/app/venv/bin/tox -e py311", "tox"),
    ("node_modules/.bin/jest --ci", "jest"),
    ("source .venv/bin/activate && pytest", "pytest"),
    (". .venv/bin/activate && pytest -q", "pytest"),
    ("cd sub && source venv/bin/activate && mypy src", "mypy"),
    ("source .venv/bin/activate && .venv/bin/python -m pytest", "pytest"),
    ("uv run pytest", "pytest"),
    ("uv run --frozen --with pytest-xdist pytest -n 2", "pytest"),
    ("uv run --python=3.12 python -m pytest", "pytest"),
    ("poetry run pytest -x", "pytest"),
    ("poetry run .venv/bin/pytest", "pytest"),
]

NEAR_MISSES = [
    "source evil.sh && pytest",                      # not a venv's activate script
    "source .venv/bin/activate",                     # no run after it
    "source .venv/bin/activate && pytest && rm -rf x",
    "source .venv/bin/activate; pytest",
    ".venv/lib/pytest",                              # not in a bin folder
    ".venv/bin/pytest-watch",                        # not a known runner
    ".venv/bin/python -m http.server",
    ".venv/bin/pytest --collect-only",               # not a run
    "uv run --unknown-option pytest",                # an option uv may give a value
    "echo .venv/bin/pytest",
    "cat .venv/bin/pytest",
]


@pytest.mark.parametrize("command, family", FORMS)
def test_a_runner_form_agents_use_is_a_run(command: str, family: str) -> None:
    assert log_command.parse(command) == family


@pytest.mark.parametrize("command", NEAR_MISSES)
def test_a_near_miss_is_not_a_run(command: str) -> None:
    assert log_command.parse(command) is None


@pytest.mark.parametrize("command", [".venv/bin/python -m pytest",
                                     "source .venv/bin/activate && pytest -q",
                                     "uv run --frozen pytest"])
def test_the_real_hook_wraps_the_form_keeping_the_original_first(project: Path,
                                                                  command: str) -> None:
    init(project, "--logs")
    reply = pre_bash(project, command)
    assert reply["updatedInput"]["command"] == (
        f"{command} 2>&1 | {runner_file(project)} --family pytest --project {project}"
        f" --session {SESSION_ID}")
    assert "permissionDecision" not in reply


def test_every_path_form_has_a_rule_and_no_rule_holds_another() -> None:
    found = logs_route.rules(Settings(schema.flatten(schema.defaults_tree()), {}))
    assert len(found) == len(set(found))
    assert "Bash(*bin/python* -m pytest*)" in found and "Bash(*bin/pytest*)" in found
    assert "Bash(*bin/jest*)" in found
    starts = [rule[len("Bash("):-2] for rule in found if not rule.startswith("Bash(*")]
    inner = [rule[len("Bash(*"):-2] for rule in found if rule.startswith("Bash(*")]
    # no start is a prefix of another, no path shape's text is inside another's
    assert not [(a, b) for a in starts for b in starts if a != b and b.startswith(a)]
    assert not [(a, b) for a in inner for b in inner if a != b and a in b]


def test_git_dash_c_rules_name_a_digested_command() -> None:
    git = git_route.rules(Settings(schema.flatten(schema.defaults_tree()), {}))
    assert "Bash(git -c *)" not in git
    assert [rule for rule in git if rule.startswith("Bash(git -c ")] == [
        "Bash(git -c * diff*)", "Bash(git -c * log*)", "Bash(git -c * show*)",
        "Bash(git -c * blame*)"]


def test_a_project_path_with_a_space_is_one_quoted_word_in_the_rewrite(tmp_path: Path) -> None:
    project = tmp_path / "my project"
    project.mkdir()
    init(project, "--logs")
    reply = pre_bash(project, ".venv/bin/python -m pytest")
    assert reply["updatedInput"]["command"] == (
        f".venv/bin/python -m pytest 2>&1 | '{runner_file(project)}' --family pytest "
        f"--project '{project}' --session {SESSION_ID}")


@pytest.mark.parametrize("path, word", [
    ("/work/proj", "/work/proj"), ("/work/my proj", "'/work/my proj'"),
    ("/work/it's", None), ("/work/$HOME", None), ('/work/a"b', None), ("/work/café", None),
    ("/work/a\nb", None), ("/work/a\\ b", None)])
def test_a_path_is_one_shell_word_or_none(path: str, word: str | None) -> None:
    from garrepa_py.hook_commands import shell_word

    assert shell_word(path) == word

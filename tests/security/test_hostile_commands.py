"""The logs route wraps one runner command only: never a line the shell would run as more.

The route appends `2>&1 | runner` to the command. On a line that holds more than one command
the runner would then read (and judge) only part of it, or a hidden command would ride along,
so anything the tokenizer (shell/tokenizer.py) does not understand with certainty passes
untouched, and so do commands that are not runs (`--version`, `--co`, `--exit-zero`, …) and
background runs. The lists go through the real hook process; the property test hands every
command the parser accepts to a real bash, which must run exactly one simple command.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.shell import git_command, log_command, tokenizer

from ..conftest import run_hook, session_fields

MORE_THAN_ONE_COMMAND = [
    "pytest <(true);touch x", "pytest <(touch x)", "pytest >(cat)", "pytest $'\\x3b'touch x",
    "pytest $'a\\' ; touch x ; \\''", 'pytest $"x"', "pytest <<<x", "pytest <<EOF", "pytest &",
    "pytest & touch x", "pytest |& cat", "pytest\ntouch x", "pytest\rtouch x", "pytest; touch x",
    "pytest && touch x", "pytest || touch x", "cd a && cd b && pytest", "pytest `touch x`",
    "pytest $(touch x)", "pytest ${X:-$(touch x)}", "{ pytest; }", "{ pytest", "(pytest)",
    "exec pytest", "eval pytest", "xargs pytest", "time pytest", "env pytest",
    "env -i pytest", "! pytest", "coproc pytest", "pytest >x", "pytest 2>x", "pytest <x",
    "pytest\\\ntouch x", "pytest '", 'pytest "', "pytest $1", "pytest $@", "pytest $$",
    "pytest {a,b}", "pytest ；touch x", "pytest\u00a0x", "pytest\x0btouch x",
    "if true; then pytest; fi", "for x in 1; do pytest; done", "function f { pytest; }",
    "pytest # comment", "cd x&&pytest&&touch y", "npx pytest;touch x", "FOO=$(id) pytest",
]
NOT_RUNS = [
    "pytest --version", "pytest -V", "pytest --help", "pytest -h", "pytest --co",
    "pytest --collect-only -q", "pytest --fixtures", "pytest --markers", "mypy --version",
    "ruff check --exit-zero .", "ruff check --fix .", "npm --version", "npm test -- --help",
    "cargo --list", "cargo test -- --list", "go env", "go test -list .", "jest --listTests",
    "npx vitest list", "tsc --showConfig", "tsc --init", "tsc -v", "make -n", "make --version",
    "tox -l", "tox list", "jest --watch", "vitest --watch=true", "npx jest --watchAll",
    "python -m pytest --setup-plan",
]
RUNS = [  # the positive control: these are wrapped (a test that always passed proves nothing)
    ("pytest -q", "pytest"), ("pytest -l --showlocals", "pytest"), ("pytest -n 4 -v", "pytest"),
    ("cd sub && python -m pytest -k 'a or b'", "pytest"), ("mypy src", "mypy"),
    ('ruff check "src dir"', "ruff"), ("PYTHONPATH=src pytest tests/a\\ b", "pytest"),
    ("make -j4 test", "make"), ("npx vitest run", "vitest"), ("cargo test --all", "cargo"),
]


def _home(project: Path) -> str:
    return str(project.parent / "garrepa-home")  # the module's own: init trusts it for the hook


def _init_logs(project: Path) -> None:
    subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project), "--logs"],
                   capture_output=True, text=True, check=True,
                   env=dict(os.environ, GARREPA_HOME=_home(project)))


def _pre_bash(project: Path, command: str, **extra: Any) -> Any:
    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Bash", "cwd": str(project),
             "tool_input": {"command": command, "description": "d", **extra}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_HOME": _home(project)})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


@pytest.fixture(scope="module")
def logs_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("hostile-commands") / "project"
    project.mkdir()
    _init_logs(project)
    return project


@pytest.mark.parametrize("command", MORE_THAN_ONE_COMMAND + NOT_RUNS)
def test_a_line_that_is_not_exactly_one_run_is_left_alone(logs_project: Path,
                                                          command: str) -> None:
    assert log_command.parse(command) is None
    assert _pre_bash(logs_project, command) is None


@pytest.mark.parametrize("command, family", RUNS)
def test_one_runner_command_is_wrapped(logs_project: Path, command: str, family: str) -> None:
    reply = _pre_bash(logs_project, command)
    assert reply["updatedInput"]["command"].startswith(f"{command} 2>&1 | ")
    assert f" --family {family} " in reply["updatedInput"]["command"]


def test_a_background_run_is_left_alone(logs_project: Path) -> None:
    assert _pre_bash(logs_project, "pytest -q") is not None  # the same command in the foreground
    assert _pre_bash(logs_project, "pytest -q", run_in_background=True) is None


@pytest.mark.parametrize("command", ["git diff; touch x", "git log $'\\x3b'", "git diff <(true)",
                                     "git show `id`", "git diff\ntouch x", "git log &"])
def test_the_git_route_shares_the_tokenizer(command: str) -> None:
    assert git_command.parse(command) is None
    assert git_command.parse(command.split(";")[0].split("<")[0].split("`")[0]
                             .split("$")[0].split("\n")[0].split("&")[0].strip()) is not None


# --- property: whatever the parser accepts, a real bash runs as one simple command ----------

PROGRAMS = ["pytest", "py.test", "mypy", "ruff", "tox", "nox", "jest", "vitest", "tsc", "eslint",
            "make", "gradle", "mvn", "cargo", "go", "npm", "docker", "unittest", "npx", "uv",
            "poetry", "pipenv", "pdm", "hatch", "yarn", "pnpm", "python", "python3", "git",
            "garrepa-log"]
STUB = ('#!/bin/sh\n: > "$ARGV_LOG/$$"\n'  # one file per process: a pipeline's run side by side
        'for arg in "$@"; do printf "%s\\0" "$arg" >> "$ARGV_LOG/$$"; done\n')
# bash reports each simple command it is about to run; noglob keeps `*` literal
TRACE = ("set -f -T; trap 'printf \"%s\\n\" \"$BASH_COMMAND\" >> \"$TRACE_LOG\"' DEBUG\n")
HEADS = ["pytest", "python -m pytest", "uv run pytest", "npx jest", "ruff check", "mypy",
         "cargo test", "go test", "npm test", "make test", "cd sub && pytest", "A=1 pytest",
         "git diff", "git log", "cd sub && git show"]
QUIET = ["-q", "-k", "tests", "x", "'a b'", '"a b"', "a\\ b", "-v", "--", "=", "*", "'a;b'",
         '"a|b"', "-k=x", "'$(x)'", "\\;", "p/q.py::t", "'&&'"]
PIECES = [";", "&",
          "&&", "|", "|&", "||", "<(true)", ">(cat)", "$(touch pwned)", "`touch pwned`",
          "$'\\x3b'", "$'a\\' ; touch pwned ; \\''", '$"x"', "<<<x", "<<E", "\n", "\r", "{",
          "}", "(", ")", "!", "#", "\\", "'", '"', "$", "${X}", "$X", "${X:-$(touch pwned)}",
          "touch pwned", "exec", "eval", "time", "xargs", "\t", "；", "\u00a0", "~", "2>",
          ">pwned", "'&&'", '"$(touch pwned)"', "\"`touch pwned`\"", "'$(touch pwned)'"]
commands = st.builds(
    lambda head, pieces, glue: head + "".join(glue + piece for piece in pieces),
    st.sampled_from(HEADS), st.lists(st.sampled_from(QUIET) | st.sampled_from(PIECES), max_size=6),
    st.sampled_from([" ", ""]))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("bash-oracle")
    (root / "bin").mkdir()
    for program in PROGRAMS:
        stub = root / "bin" / program
        stub.write_text(STUB)
        stub.chmod(0o755)
    return root


def _run_in_bash(sandbox: Path, command: str) -> tuple[list[str], list[list[str]], bool]:
    """What a real bash runs for `command`: the simple commands it traced, the argv each stub
    got, and whether any hidden command created a file."""
    work = sandbox / "work"
    shutil.rmtree(work, ignore_errors=True)
    (work / "sub").mkdir(parents=True)
    trace, argv = sandbox / "trace", sandbox / "argv"
    trace.write_text("")
    shutil.rmtree(argv, ignore_errors=True)
    argv.mkdir()
    env = {"PATH": str(sandbox / "bin"), "HOME": str(work), "TRACE_LOG": str(trace),
           "ARGV_LOG": str(argv)}
    subprocess.run(["/bin/bash", "--norc", "--noprofile", "-c", TRACE + command], cwd=work,
                   env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=20,
                   check=False)
    calls = [path.read_text().split("\0")[:-1] for path in argv.iterdir()]
    created = sorted(p.name for p in work.iterdir()) != ["sub"] or any((work / "sub").iterdir())
    return trace.read_text().splitlines(), calls, created


def _expected_argv(command: str) -> list[str]:
    tokens = tokenizer.words(command) or []
    if tokens[0] == "cd":
        tokens = tokens[3:]
    while tokens and tokenizer.is_assignment(tokens[0]):
        tokens = tokens[1:]
    return tokens[1:]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commands)
def test_every_wrapped_command_is_one_simple_command_to_a_real_bash(sandbox: Path,
                                                                    command: str) -> None:
    family = log_command.parse(command)
    dump = git_command.parse(command)
    if family is None and dump is None:
        return
    cd = 1 if command.startswith("cd ") else 0
    traced, calls, created = _run_in_bash(sandbox, command)
    assert len(traced) == 1 + cd and len(calls) == 1 and not created, (command, traced)
    if "$" not in command and "~" not in command:  # bash would expand those
        assert calls[0] == _expected_argv(command)
    if family is not None:  # as the route wraps it: the command, then the runner
        wrapped = f"{command} 2>&1 | garrepa-log --family {family} --project /p"
        traced, calls, created = _run_in_bash(sandbox, wrapped)
        assert len(traced) == 2 + cd and len(calls) == 2 and not created, (wrapped, traced)
        assert ["--family", family, "--project", "/p"] in calls  # the two run side by side


def test_the_bash_oracle_counts_hidden_commands(sandbox: Path) -> None:
    traced, calls, created = _run_in_bash(sandbox, "pytest <(true);touch pwned")
    assert (len(traced), len(calls), created) == (3, 1, False)  # touch is not on PATH here
    traced, calls, created = _run_in_bash(sandbox, "pytest $'\\x3b' >pwned")
    assert (traced, calls, created) == (["pytest ';' > pwned"], [[";"]], True)

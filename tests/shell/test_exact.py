"""shell/exact.py: why a command's output must reach the agent exactly as it is (a reason), or
None when the command route may digest it: a listed producer whose output is not a file's bytes."""

from __future__ import annotations

import pytest

from garrepa_py.config.schema import SETTINGS
from garrepa_py.config.settings import Settings
from garrepa_py.shell import exact

DEFAULTS = Settings({setting.key: setting.default for setting in SETTINGS})


@pytest.mark.parametrize("command", [
    "grep -rn TODO src",
    "find . -name '*.py'",
    "ls -laR",
    "pip list | sort",
    "docker ps",
    "tail -n 500 app.log",          # a log may be digested
    "cat build.out | grep error",
])
def test_a_listed_producer_may_be_digested(command: str) -> None:
    assert exact.exact_reason(command, DEFAULTS) is None


@pytest.mark.parametrize("command, reason", [
    ("cat src/app.py", "exact-file-read"),
    ("head -n 400 README.md", "not-a-listed-command"),
    ("python3 script.py", "not-a-listed-command"),
    ("cat .env", "secret-path"),
    ("grep -r x ~/.ssh/id_rsa", "secret-path"),
    ("ls $(pwd)", "command-not-understood"),
    ("docker exec web cat /etc/hosts", None),
])
def test_anything_else_says_why(command: str, reason: str | None) -> None:
    got = exact.exact_reason(command, DEFAULTS)
    if reason is None:
        assert got is not None  # some reason: a file inside a container is a file's bytes
    else:
        assert got == reason


def test_a_user_exclusion_wins() -> None:
    settings = Settings({**{s.key: s.default for s in SETTINGS}, "commands.exclude": ["docker *"]})
    assert exact.exact_reason("docker ps", settings) == "excluded-command"
    assert exact.exact_reason("docker ps", DEFAULTS) is None


@pytest.mark.parametrize("path, log", [
    ("app.log", True), ("logs/app.log.1", True), ("run.out", True), ("x.err", True),
    ("app.py", False), ("log", False),
])
def test_is_log(path: str, log: bool) -> None:
    assert exact.is_log(path) is log

"""The capture rewrite's decision (hosts/codex/capture.py)."""

from __future__ import annotations

import subprocess

import pytest

from garrepa_py.hosts.codex import capture

RUNNER, DIR = "/venv/bin/python -I -m garrepa_py.hook.tee_runner", "/tmp/garrepa-0/codex-capture"


def decide(command: str, call: dict[str, object] | None = None, shell: str | None = "/bin/bash",
           session: object = "0199-ab", call_id: object = "call_1") -> capture.Decision:
    return capture.decide(command, {"cmd": command} if call is None else call, shell, RUNNER,
                          DIR, session, call_id)


def test_one_simple_command_is_rewritten_to_tee_through_the_runner() -> None:
    found = decide("grep -rn 'def x' src")
    assert found.reason == "tee"
    assert found.command == ("set -o posix -o pipefail; grep -rn 'def x' src | " + RUNNER +
                             " --dir " + DIR + " --session 0199-ab --id call_1")


@pytest.mark.parametrize("command, reason", [
    ("a && b", "compound"), ("a | b", "compound"), ("a; b", "compound"), ("a || b", "compound"),
    ("echo a > f", "redirection"), ("cmd 2>&1", "redirection"),
    ("cat <<EOF\nx\nEOF", "comment-or-newline"), ("echo $HOME", "variable"),
    ("echo a # c", "comment-or-newline"), ("FOO=1 env", "assignment"), ("cd /tmp", "builtin"),
    ("exec ls", "builtin"), ("read x", "builtin"), ("echo $(id)", "not-understood"),
    ("(ls)", "not-understood"), ("ls &", "not-understood"), ("", "empty-or-long"),
    ("x" * 9000, "empty-or-long"),
])
def test_anything_but_one_plain_command_is_left_alone(command: str, reason: str) -> None:
    found = decide(command)
    assert (found.command, found.reason) == (None, reason)


@pytest.mark.parametrize("call, reason", [
    ({"cmd": "ls", "tty": True}, "tty"),
    ({"cmd": "ls", "sandbox_permissions": "require_escalated"}, "escalation"),
    ({"cmd": "ls", "shell": "/bin/zsh"}, "shell"),
    ({"cmd": "ls -l"}, "call-differs"),
    ({"cmd": "ls", "new_argument": 1}, "call-unknown-argument"),
])
def test_the_model_call_can_rule_it_out(call: dict[str, object], reason: str) -> None:
    assert decide("ls", call).reason == reason


def test_a_call_not_found_or_another_shell_or_odd_ids_are_left_alone() -> None:
    assert capture.decide("ls", None, "/bin/bash", RUNNER, DIR, "s", "c").reason == \
        "call-not-found"
    assert decide("ls", shell="/usr/bin/zsh").reason == "shell-not-bash"
    assert decide("ls", shell=None).reason == "shell-not-bash"
    assert decide("ls", session="a b").reason == "ids-not-plain"
    assert decide("ls", call_id="../x").reason == "ids-not-plain"
    assert capture.decide("ls", {"cmd": "ls"}, "/bin/bash", None, DIR, "s", "c").reason == \
        "runner-needs-quoting"
    assert decide("ls", {"cmd": "ls", "tty": False, "sandbox_permissions": "use_default",
                         "login": False, "yield_time_ms": 1000}).reason == "tee"


@pytest.mark.parametrize("command, code", [("sh -c 'exit 3'", 3), ("true", 0),
                                           ("sh -c 'kill -9 $$'", 137),
                                           ("nosuchcommand-garrepa-x", 127)])
def test_the_rewrite_keeps_the_exit_status_in_bash(command: str, code: int) -> None:
    rewritten = capture.decide(command, {"cmd": command}, "/bin/bash", "cat", "/d", "s",
                               "c").command
    assert rewritten is not None
    done = subprocess.run(["/bin/bash", "-lc", rewritten.split(" | cat")[0] + " | cat"],
                          capture_output=True, check=False)
    original = subprocess.run(["/bin/bash", "-lc", command], capture_output=True, check=False)
    # a signal's death is reported by Codex as 128+N either way (measured: 137 for kill -9)
    assert done.returncode == (128 - original.returncode if original.returncode < 0
                               else original.returncode) == code
    assert done.stdout == original.stdout and done.stderr == original.stderr


def test_unwrap_gives_back_the_models_command_from_this_calls_form_only() -> None:
    from garrepa_py.hosts.codex.capture import decide, unwrap

    runner = "/usr/bin/python3 -I -m garrepa_py.hook.tee_runner"
    call = {"cmd": "grep -rn 'a | b' src"}
    made = decide("grep -rn 'a | b' src", call, "/bin/bash", runner, "/tmp/g/c", "s1", "call_1")
    assert made.command is not None
    assert unwrap(made.command, "s1", "call_1") == "grep -rn 'a | b' src"
    assert unwrap(made.command, "s1", "call_2") is None  # another call's form
    assert unwrap(made.command.replace("tee_runner", "other"), "s1", "call_1") is None
    assert unwrap("set -o posix -o pipefail; a && b | x -I -m garrepa_py.hook.tee_runner "
                  "--dir d --session s1 --id call_1", "s1", "call_1") is None
    assert unwrap("grep x", "s1", "call_1") is None


@pytest.mark.parametrize("runner", [
    "/usr/bin/python3 -I -S /opt/g/garrepa_py/hook/tee_runner.py",
    "'/my py/bin/python3' -I -S '/my root/garrepa_py/hook/tee_runner.py'"])
def test_unwrap_knows_the_runner_run_as_a_file(runner: str) -> None:
    from garrepa_py.hosts.codex.capture import decide, unwrap

    made = decide("seq 1 3", {"cmd": "seq 1 3"}, "/bin/bash", runner, "/tmp/g/c", "s1", "c_1")
    assert made.command is not None
    assert unwrap(made.command, "s1", "c_1") == "seq 1 3"
    assert unwrap(made.command.replace("tee_runner.py", "other.py"), "s1", "c_1") is None
    assert unwrap(made.command.replace(" -I -S ", " -S "), "s1", "c_1") is None

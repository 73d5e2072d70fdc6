"""A Codex shell call before it runs (hosts/codex/pre_bash.py) through the real hook process:
`--host codex` on the command line, Codex 0.171.0's PreToolUse payload on stdin, the session
file holding the model's own call. The capture route asks the host; the reply tees a plain
command's output into the spill, and anything else is left as the model made it."""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ...conftest import SRC
from .test_host import codex_event, last, run_codex_hook

SESSION, CALL = "019a-codex-session", "call_000001"
BASH_LOGIN = pwd.getpwuid(os.getuid()).pw_shell.endswith("/bash")


def pre_event(project: Path, command: str, **call: object) -> dict[str, Any]:
    """The PreToolUse event, with the session file Codex has written before it runs the hook."""
    event = codex_event("pre-tool-use.shell.json", project, tool_input={"command": command},
                        tool_use_id=CALL)
    line = {"type": "response_item", "payload": {
        "type": "function_call", "name": "exec_command", "call_id": CALL,
        "arguments": json.dumps({"cmd": command, **call})}}
    Path(event["transcript_path"]).write_text(json.dumps(line) + "\n")
    return event


def hook(event: dict[str, Any], capture: Path) -> bytes:
    proc = run_codex_hook(event, "--host", "codex",
                          env={"GARREPA_CODEX_CAPTURE_DIR": str(capture)})
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    return proc.stdout


@pytest.mark.skipif(not BASH_LOGIN, reason="the login shell is not bash: the rewrite is off")
def test_a_plain_command_is_rewritten_to_tee_its_output(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    capture = tmp_path / "g" / "codex-capture"
    reply = json.loads(hook(pre_event(project, "seq 1 3"), capture))
    output = reply["hookSpecificOutput"]
    assert (output["hookEventName"], output["permissionDecision"]) == ("PreToolUse", "allow")
    command = output["updatedInput"]["command"]
    assert output["updatedInput"] == {"command": command}
    assert command.startswith("set -o posix -o pipefail; seq 1 3 | ")
    assert command.endswith(f" -I -S {SRC}/garrepa_py/hook/tee_runner.py --dir {capture} "
                            f"--session {SESSION} --id {CALL}")
    assert capture.stat().st_mode & 0o777 == 0o700
    done = subprocess.run(["/bin/bash", "-c", command], capture_output=True, check=True)
    assert done.stdout == b"1\n2\n3\n"
    assert (capture / f"{SESSION}.{CALL}.out").read_bytes() == b"1\n2\n3\n"
    line = last(garrepa_home)
    assert (line["host"], line["event"], line["route"]) == ("codex", "PreToolUse", "capture")
    assert (line["decision"], line["reason"]) == ("compress", "wrapped-capture")
    assert "fp" not in line  # nothing reaches the model from this reply: no arrival to check


@pytest.mark.parametrize(("command", "call", "reason"), [
    ("seq 1 3 && ls", {}, "compound"),
    ("seq 1 3 | wc -l", {}, "compound"),
    ("seq 1 3 > out", {}, "redirection"),
    ("cd /tmp", {}, "builtin"),
    ("seq 1 3", {"tty": True}, "tty"),
    ("seq 1 3", {"sandbox_permissions": "require_escalated"}, "escalation"),
    ("seq 1 3", {"shell": "/bin/zsh"}, "shell"),
    ("seq 1 3", {"a_newer_argument": 1}, "call-unknown-argument"),
])
def test_compound_tty_and_escalated_calls_are_left_alone(
        project: Path, garrepa_home: Path, tmp_path: Path, command: str,
        call: dict[str, object], reason: str) -> None:
    capture = tmp_path / "g" / "codex-capture"
    assert hook(pre_event(project, command, **call), capture) == b""
    line = last(garrepa_home)
    assert (line["route"], line["decision"], line["reason"]) == ("capture", "pass", reason)
    assert not capture.exists()


def test_a_call_missing_from_the_session_file_is_left_alone(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    event = pre_event(project, "seq 1 3")
    event["tool_use_id"] = "call_000002"
    assert hook(event, tmp_path / "c") == b""
    assert last(garrepa_home)["reason"] == "call-not-found"


@pytest.mark.skipif(not BASH_LOGIN, reason="the login shell is not bash: the rewrite is off")
def test_a_bad_capture_folder_fails_open(project: Path, garrepa_home: Path,
                                          tmp_path: Path) -> None:
    (tmp_path / "g").write_text("a file where the folder should be")
    assert hook(pre_event(project, "seq 1 3"), tmp_path / "g" / "codex-capture") == b""
    assert last(garrepa_home)["reason"] == "capture-dir-unusable"


def test_an_unknown_input_or_bad_json_fails_open(project: Path, garrepa_home: Path,
                                                   tmp_path: Path) -> None:
    event = pre_event(project, "seq 1 3")
    event["tool_input"] = {"command": "seq 1 3", "workdir": "/"}  # not Codex 0.171.0's input
    assert hook(event, tmp_path / "c") == b""
    assert last(garrepa_home)["reason"] == "unknown-input"
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from garrepa_py.hook.entry import main; main()", str(SRC), "--host", "codex"],
        input=b"{not json", capture_output=True, timeout=60, check=False, cwd=project)
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert not (tmp_path / "c").exists()


def test_mode_off_captures_nothing(project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    proc = run_codex_hook(pre_event(project, "seq 1 3"), "--host", "codex",
                          env={"GARREPA_CODEX_CAPTURE_DIR": str(tmp_path / "c"),
                               "GARREPA_MODE": "off"})
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert not (tmp_path / "c").exists()


def test_claude_codes_pre_bash_event_still_goes_to_the_logs_route(
        project: Path, garrepa_home: Path) -> None:
    event = pre_event(project, "seq 1 3")
    proc = run_codex_hook(event)  # no --host: Claude Code
    assert (proc.returncode, proc.stdout) == (0, b"")
    line = last(garrepa_home)
    assert "host" not in line
    assert (line["route"], line["decision"], line["reason"]) == ("logs", "pass", "logs-off")

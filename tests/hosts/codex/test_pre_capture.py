"""The capture's PreToolUse entry (hosts/codex/pre_capture.py), as a real subprocess hook with
the event as JSON on stdin."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def hook(event: object, capture: Path) -> str:
    env = dict(os.environ, GARREPA_CODEX_CAPTURE_DIR=str(capture))
    done = subprocess.run([sys.executable, "-I", "-m", "garrepa_py.hosts.codex.pre_capture"],
                          input=json.dumps(event).encode(), capture_output=True, env=env,
                          check=True, timeout=30)
    assert done.stderr == b""
    return done.stdout.decode()


def event(tmp_path: Path, command: str, **call: object) -> dict[str, object]:
    transcript = tmp_path / "rollout.jsonl"
    line = {"type": "response_item", "payload": {
        "type": "function_call", "name": "exec_command", "call_id": "call_000001",
        "arguments": json.dumps({"cmd": command, **call})}}
    transcript.write_text(json.dumps(line) + "\n")
    return {"session_id": "0199a-b", "turn_id": "t", "transcript_path": str(transcript),
            "cwd": str(tmp_path), "hook_event_name": "PreToolUse", "model": "m",
            "permission_mode": "bypassPermissions", "tool_name": "Bash",
            "tool_input": {"command": command}, "tool_use_id": "call_000001"}


@pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="needs bash")
def test_a_plain_command_is_rewritten(tmp_path: Path) -> None:
    import pwd

    if not pwd.getpwuid(os.getuid()).pw_shell.endswith("/bash"):
        pytest.skip("the login shell is not bash: the rewrite is off")
    capture = tmp_path / "g" / "codex-capture"
    reply = json.loads(hook(event(tmp_path, "seq 1 3"), capture))
    output = reply["hookSpecificOutput"]
    assert output["permissionDecision"] == "allow"
    command = output["updatedInput"]["command"]
    assert command.startswith("set -o posix -o pipefail; seq 1 3 | ")
    assert f"--dir {capture} --session 0199a-b --id call_000001" in command
    assert capture.is_dir() and capture.stat().st_mode & 0o777 == 0o700
    done = subprocess.run(["/bin/bash", "-c", command], capture_output=True, check=True)
    assert done.stdout == b"1\n2\n3\n"
    assert (capture / "0199a-b.call_000001.out").read_bytes() == b"1\n2\n3\n"


@pytest.mark.parametrize("change", [
    {"tool_name": "apply_patch"}, {"hook_event_name": "PostToolUse"},
    {"tool_input": {"command": "a && b"}}, {"tool_input": {"command": "ls", "x": 1}},
    {"transcript_path": "/nonexistent"}, {"tool_use_id": "call_other"},
])
def test_anything_else_gets_no_reply(tmp_path: Path, change: dict[str, object]) -> None:
    assert hook({**event(tmp_path, "ls"), **change}, tmp_path / "g" / "c") == ""


def test_a_tty_call_gets_no_reply(tmp_path: Path) -> None:
    assert hook(event(tmp_path, "ls", tty=True), tmp_path / "g" / "c") == ""


def test_an_unusable_capture_folder_or_bad_json_fails_open(tmp_path: Path) -> None:
    (tmp_path / "g").write_text("not a folder")
    assert hook(event(tmp_path, "ls"), tmp_path / "g" / "c") == ""
    env = dict(os.environ)
    done = subprocess.run([sys.executable, "-I", "-m", "garrepa_py.hosts.codex.pre_capture"],
                          input=b"{not json", capture_output=True, env=env, check=True)
    assert done.stdout == b"" and done.stderr == b""

"""The model's call read from Codex's session file (hosts/codex/call_lookup.py)."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py.hosts.codex import call_lookup


def session(path: Path, *calls: dict[str, object]) -> str:
    lines = [{"type": "session_meta", "payload": {"id": "s"}}]
    lines += [{"type": "response_item", "payload": {"type": "function_call", **call}}
              for call in calls]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    return str(path)


def test_the_call_by_its_id(tmp_path: Path) -> None:
    path = session(tmp_path / "r.jsonl",
                   {"name": "exec_command", "call_id": "call_1",
                    "arguments": json.dumps({"cmd": "ls", "tty": True})},
                   {"name": "exec_command", "call_id": "call_2",
                    "arguments": json.dumps({"cmd": "pwd"})})
    assert call_lookup.call_arguments(path, "call_1") == {"cmd": "ls", "tty": True}
    assert call_lookup.call_arguments(path, "call_2") == {"cmd": "pwd"}
    assert call_lookup.call_arguments(path, "call_3") is None


def test_another_tool_or_bad_arguments_or_no_file_is_none(tmp_path: Path) -> None:
    path = session(tmp_path / "r.jsonl",
                   {"name": "big_text", "namespace": "mcp__x", "call_id": "m",
                    "arguments": "{}"},
                   {"name": "exec_command", "call_id": "b", "arguments": "not json"})
    assert call_lookup.call_arguments(path, "m") is None
    assert call_lookup.call_arguments(path, "b") is None
    assert call_lookup.call_arguments(str(tmp_path / "missing"), "b") is None
    assert call_lookup.call_arguments(None, "b") is None
    assert call_lookup.call_arguments(str(tmp_path), "b") is None  # a folder


def test_only_the_tail_is_read(tmp_path: Path) -> None:
    early = {"name": "exec_command", "call_id": "early", "arguments": json.dumps({"cmd": "x"})}
    path = tmp_path / "r.jsonl"
    session(path, early)
    with path.open("a") as handle:
        handle.write(("{\"type\": \"filler\", \"pad\": \"" + "x" * 1000 + "\"}\n") * 600)
    assert call_lookup.call_arguments(str(path), "early") is None


def test_the_login_shell_is_read() -> None:
    assert call_lookup.login_shell() is not None


def test_the_exit_status_of_a_call_is_read_from_its_completed_item() -> None:
    from garrepa_py.hosts.codex.call_lookup import exit_code

    session = (Path(__file__).resolve().parents[2] / "e2e" / "fixtures" / "codex-0.171.0"
               / "sessions" / "rollout-shell.jsonl")  # real: exit 0, then `exit 3`
    assert exit_code(str(session), "call_000001") == 0
    assert exit_code(str(session), "call_000002") == 3
    assert exit_code(str(session), "call_999999") is None
    assert exit_code(str(session.with_name("missing.jsonl")), "call_000001") is None

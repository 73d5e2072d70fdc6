"""Codex's shell result (hosts/codex/bash.py): whole or cut, and the block reply."""

from __future__ import annotations

from pathlib import Path

from garrepa_py.hosts.codex import bash
from garrepa_py.hosts.codex.host import HOST
from garrepa_py.hosts.host import Pass

CUT = "Warning: truncated output (original token count: 72224)\nTotal output lines: 50000\n\n1\n"


SESSION = (Path(__file__).resolve().parents[2] / "e2e" / "fixtures" / "codex-0.171.0" / "sessions"
           / "rollout-shell.jsonl")  # real: call_000001 exited 0, call_000002 exited 3


def event(response: object, command: object = "seq 1 5", call: str = "call_000001") -> object:
    return HOST.parse({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                       "tool_input": {"command": command}, "tool_response": response,
                       "tool_use_id": call, "transcript_path": str(SESSION)})


def test_a_whole_output_is_its_own_source_and_the_reply_is_a_block() -> None:
    result = HOST.command_result(event("1\n2\n"))
    assert not isinstance(result, Pass) and result is not None
    assert (result.command, result.size, result.source()) == ("seq 1 5", 4, "1\n2\n")
    assert result.reply("digest") == {"decision": "block",
                                      "reason": "Process exited with code 0\ndigest"}


def test_the_reply_says_how_the_command_ended_as_codex_would() -> None:
    result = HOST.command_result(event("oops\n", call="call_000002"))
    assert not isinstance(result, Pass) and result is not None
    assert result.reply("digest")["reason"] == "Process exited with code 3\ndigest"


def test_a_cut_output_passes_until_a_capture_names_the_whole_one() -> None:
    assert bash.full_output(event(CUT)) is None  # nothing captured for this call
    taken = HOST.command_result(event(CUT))
    assert isinstance(taken, Pass) and taken.reason == "host-output-cut"
    assert not HOST.command_small(event(CUT), 32_000)  # the handler says why it passes


def test_other_shapes_pass_as_unknown() -> None:
    for response, command in (({"stdout": "x"}, "ls"), ("x", None)):
        taken = HOST.command_result(event(response, command))
        assert isinstance(taken, Pass) and taken.reason == "unknown-shape"
    assert HOST.command_small(event("x" * 10), 32_000)
    assert not HOST.command_small(event("x" * 40_000), 32_000)

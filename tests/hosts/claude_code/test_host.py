"""Claude Code as a host (hosts/claude_code/host.py): its project, the size of a tool result
measured without copying it, and each tool shape answered by its own module."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts import registry
from garrepa_py.hosts.claude_code import bash, delivery, mcp, read, search
from garrepa_py.hosts.claude_code.host import HOST, ClaudeCode, response_chars

from ...support import corpora
from ...support.read_events import post_read

README = Path(__file__).parents[3] / "README.md"


def test_it_is_the_default_host_with_claude_code_timeout() -> None:
    assert registry.DEFAULT is HOST and isinstance(HOST, ClaudeCode)
    assert (HOST.name, HOST.default, HOST.default_timeout) == ("claude-code", True, 600)


def test_the_project_is_where_claude_code_was_launched(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    event = HOST.parse({"cwd": str(tmp_path / "sub")})
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path))
    assert HOST.project_dir(event) == str(tmp_path)
    monkeypatch.delenv("CLAUDE_PROJECT_DIR")
    assert HOST.project_dir(event) == str(tmp_path / "sub")


def test_the_size_of_every_recorded_mcp_result() -> None:
    zoo = corpora.load("mcpzoo") / "hook_events"
    for path in sorted(zoo.glob("*.json")):
        response = json.loads(path.read_text())["tool_response"]
        expected = len(response) if isinstance(response, str) else sum(
            len(b["text"]) for b in response if b["type"] == "text")
        assert response_chars(response) == expected, path.name


@pytest.mark.parametrize("response,chars", [
    ({"stdout": "x" * 30_000, "stderr": "", "persistedOutputSize": 168_894}, 168_894),
    ({"stdout": "abc", "stderr": "de"}, 5),
    ({"stdout": "abc", "stderr": None}, 3),
    ({"mode": "content", "content": "a:1:x\n", "filenames": []}, 6),
    ({"filenames": ["src/a.py", "b"], "numFiles": 2}, 11),
    ({"type": "text", "file": {"filePath": "/p/x", "content": "hello"}}, 5),
    ({"type": "image"}, None), (None, None), (42, None)])
def test_the_size_of_other_tool_results(response: object, chars: int | None) -> None:
    assert response_chars(response) == chars
    assert HOST.response_chars(HOST.parse({"tool_response": response})) == chars


def test_each_tool_shape_comes_from_its_module(tmp_path: Path) -> None:
    bash_event = HOST.parse({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                             "tool_input": {"command": "ls"},
                             "tool_response": {"stdout": "a\n", "stderr": ""}})
    assert isinstance(HOST.command_result(bash_event), bash.BashResult)
    assert HOST.command_small(bash_event, 3) and not HOST.command_small(bash_event, 2)
    assert isinstance(HOST.mcp_result(HOST.parse({"tool_response": "x"})), mcp.McpResult)
    assert HOST.mcp_small(HOST.parse({"tool_response": "x"}), 2)
    glob = {"filenames": ["a"], "numFiles": 1, "truncated": False, "durationMs": 1}
    assert isinstance(HOST.search_result(HOST.parse({"tool_name": "Glob",
                                                     "tool_response": glob})),
                      search.SearchResult)
    window = HOST.read_window(HOST.parse(post_read(README, offset=3, limit=4)))
    assert isinstance(window, read.Window) and window.first == 3
    assert HOST.read_reply(window, "x") == read.post_reply(window, "x")
    assert HOST.read_deny("map") == read.deny_reply("map")


def test_a_rewrite_keeps_the_call_input_and_changes_the_command() -> None:
    event = HOST.parse({"hook_event_name": "PreToolUse", "tool_name": "Bash",
                        "tool_input": {"command": "pytest", "description": "run tests",
                                       "timeout": 120000}})
    assert HOST.rewrite_input(event, "pytest 2>&1 | runner") == {"hookSpecificOutput": {
        "hookEventName": "PreToolUse",
        "updatedInput": {"command": "pytest 2>&1 | runner", "description": "run tests",
                         "timeout": 120000}}}
    assert event.tool_input == {"command": "pytest", "description": "run tests",
                                "timeout": 120000}


def test_what_reaches_the_model_is_the_delivery_module_answer() -> None:
    raw: dict[str, Any] = {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                           "tool_input": {"command": "ls"},
                           "tool_response": {"stdout": "a\n" * 100, "stderr": ""}}
    event = HOST.parse(raw)
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
        "stdout": "digest", "stderr": "", "interrupted": False}}}
    assert HOST.event_baseline(event) == delivery.event_baseline(raw)
    assert HOST.reply_delivered(event, reply) == delivery.reply_delivered(raw, reply)
    assert HOST.read_chars("a\nb", 9) == delivery.numbered_chars("a\nb", 9)
    assert HOST.read_refused_chars(300_000) == delivery.read_error_chars(300_000)
    assert HOST.replacement_text(reply) == delivery.replacement_text(reply) == "digest"
    assert HOST.fingerprint("digest") == HOST.fingerprint("digest\n")


def test_arrival_is_unknown_for_content_without_text() -> None:
    assert HOST.arrived(HOST.fingerprint("digest"), None, "Bash") is None
    assert HOST.thread_transcript("/h/s.jsonl", None) == "/h/s.jsonl"
    assert HOST.transcript_results("/nonexistent/s.jsonl") is None

"""The host protocol (hosts/host.py): what a host with none of the optional tool shapes answers,
so that every route passes on it, and `Pass`, a host's reason not to work on a result."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from garrepa_py.event import ToolEvent
from garrepa_py.hosts import arrival
from garrepa_py.hosts.host import Host, Pass

BASH = {"session_id": "s1", "hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_use_id": "toolu_01", "tool_input": {"command": "git log -p"},
        "tool_response": {"stdout": "x" * 50_000, "stderr": "", "interrupted": False}}


def test_parse_gives_a_typed_event_that_knows_its_host() -> None:
    host = Host()
    event = host.parse(dict(BASH, cwd="/p"))
    assert isinstance(event, ToolEvent) and event.host is host
    assert (event.tool, event.input_text("command"), event.post) == ("Bash", "git log -p", True)


def test_the_project_is_the_event_cwd_else_where_the_hook_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    host = Host()
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", "/not/for/the/base/host")
    assert host.project_dir(host.parse(dict(BASH, cwd=str(tmp_path)))) == str(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert host.project_dir(host.parse(BASH)) == os.getcwd()


def test_a_host_without_tool_shapes_answers_none_for_every_one() -> None:
    host = Host()
    event = host.parse(BASH)
    assert host.command_result(event) is None and host.mcp_result(event) is None
    assert host.search_result(event) is None and host.read_window(event) is None
    assert host.read_reply(object(), "text") is None and host.read_deny("why") is None
    assert host.rewrite_input(event, "git log -p | tee x") is None
    assert not host.command_small(event, 10**9) and not host.mcp_small(event, 10**9)
    assert host.response_chars(event) is None
    assert host.installed_handlers("/p", "PostToolUse") == []


def test_it_knows_nothing_of_what_reaches_the_model() -> None:
    host = Host()
    event = host.parse(BASH)
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse"}}
    assert host.event_baseline(event) is None and host.reply_delivered(event, reply) is None
    assert host.read_chars("a\nb\n") is None and host.read_refused_chars(300_000) is None
    assert host.replacement_text(reply) is None
    assert host.transcript_results("/t.jsonl") is None
    assert host.arrived("0" * 16, "text", "Bash") is None


def test_its_fingerprint_is_the_shared_one_and_the_main_thread_is_the_event_transcript() -> None:
    host = Host()
    assert host.fingerprint("a briefing") == arrival.fingerprint("a briefing")
    assert host.thread_transcript("/t/s.jsonl", None) == "/t/s.jsonl"
    assert host.thread_transcript("/t/s.jsonl", "agent-7") is None  # no subagent files known
    assert host.thread_transcript(None, None) is None


def test_defaults_say_no_name_not_default_and_ten_minutes() -> None:
    assert (Host.name, Host.default, Host.default_timeout) == ("", False, 600)


def test_pass_carries_its_reason() -> None:
    reason = Pass("persisted-output-too-large")
    assert reason.reason == "persisted-output-too-large"
    assert repr(reason) == "Pass('persisted-output-too-large')"
    with pytest.raises(AttributeError):
        reason.other = 1  # type: ignore[attr-defined]

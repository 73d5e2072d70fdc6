"""The typed hook event (event.py): each field taken once with its type checked; a field of the
wrong type is None, never a guess. Events as Claude Code 2.1.328 and Codex 0.171.0 send them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.event import ToolEvent
from garrepa_py.hosts import registry

CODEX = Path(__file__).parent / "e2e" / "fixtures" / "codex-0.171.0"

READ = {"session_id": "0b6f5c1e", "transcript_path": "/h/.claude/projects/-p/0b6f5c1e.jsonl",
        "cwd": "/p", "hook_event_name": "PostToolUse", "tool_name": "Read",
        "tool_input": {"file_path": "/p/README.md", "offset": 10},
        "tool_use_id": "toolu_01ABC", "agent_id": "a4f0",
        "tool_response": {"type": "text", "file": {"filePath": "/p/README.md", "content": "x"}}}


def event(raw: dict[str, Any]) -> ToolEvent:
    return ToolEvent(raw, registry.DEFAULT)


def test_every_field_of_a_claude_code_event_is_taken() -> None:
    e = event(READ)
    assert (e.session, e.transcript, e.cwd, e.hook_event, e.tool, e.tool_use_id, e.agent_id) == (
        "0b6f5c1e", "/h/.claude/projects/-p/0b6f5c1e.jsonl", "/p", "PostToolUse", "Read",
        "toolu_01ABC", "a4f0")
    assert e.tool_input == READ["tool_input"] and e.tool_response is READ["tool_response"]
    assert e.raw is READ and e.host is registry.DEFAULT
    assert e.input_text("file_path") == "/p/README.md"
    assert e.input_text("offset") is None  # an int is no text
    assert e.input_text("command") is None
    assert e.post and not e.pre


@pytest.mark.parametrize("name", sorted(p.name for p in CODEX.glob("*.json")))
def test_codex_events_parse_with_their_own_fields(name: str) -> None:
    raw = json.loads((CODEX / name).read_text())
    codex = registry.by_name("codex")
    assert codex is not None
    e = codex.parse(raw)
    assert e.hook_event == raw["hook_event_name"] and e.session == raw.get("session_id")
    assert e.pre == (raw["hook_event_name"] == "PreToolUse")
    assert e.post == (raw["hook_event_name"] == "PostToolUse")
    assert e.tool == raw.get("tool_name")


@pytest.mark.parametrize("field,attribute", [
    ("session_id", "session"), ("cwd", "cwd"), ("tool_name", "tool"),
    ("hook_event_name", "hook_event"), ("tool_use_id", "tool_use_id"),
    ("transcript_path", "transcript"), ("agent_id", "agent_id")])
@pytest.mark.parametrize("wrong", [7, None, ["Read"], {"a": 1}, True])
def test_a_field_of_the_wrong_type_is_none(field: str, attribute: str, wrong: object) -> None:
    assert getattr(event(dict(READ, **{field: wrong})), attribute) is None


def test_a_tool_input_that_is_no_object_is_none_and_has_no_text() -> None:
    e = event(dict(READ, tool_input=["file_path", "/p/x"]))
    assert e.tool_input is None and e.input_text("file_path") is None


def test_a_missing_response_is_none_and_any_shape_is_kept_untyped() -> None:
    assert event({k: v for k, v in READ.items() if k != "tool_response"}).tool_response is None
    blocks = [{"type": "text", "text": "a"}]
    assert event(dict(READ, tool_response=blocks)).tool_response is blocks


def test_pre_and_post_only_for_their_exact_names() -> None:
    assert event(dict(READ, hook_event_name="PreToolUse")).pre
    for name in ("posttooluse", "PostToolUseFailure", "Stop", None):
        e = event(dict(READ, hook_event_name=name))
        assert not e.post and not e.pre

"""The capture route (routes/capture.py): it claims a shell call's PreToolUse event only where the
host can capture, asks the host, and journals the rewrite as `wrapped-capture`."""

from __future__ import annotations

import time
from pathlib import Path

from garrepa_py.config.load import load_config
from garrepa_py.hosts.registry import by_name
from garrepa_py.routes import capture, registry
from garrepa_py.routes.verdict import HookContext


def event(host: str, **changes: object):  # type: ignore[no-untyped-def]
    raw = {"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Bash",
           "tool_input": {"command": "ls && ls"}, "tool_use_id": "call_1", "cwd": "/tmp"}
    raw.update(changes)
    found = by_name(host)
    assert found is not None
    return found.parse(raw)


def test_it_claims_codex_pre_shell_events_only() -> None:
    assert capture.ROUTE.claims(event("codex"))
    assert not capture.ROUTE.claims(event("codex", hook_event_name="PostToolUse"))
    assert not capture.ROUTE.claims(event("codex", tool_name="mcp__x__y"))
    assert not capture.ROUTE.claims(event("claude-code"))
    # Claude Code's PreToolUse Bash stays the logs route's
    assert registry.route_for(event("claude-code")).name == "logs"  # type: ignore[union-attr]
    assert registry.route_for(event("codex")).name == "capture"  # type: ignore[union-attr]


def test_it_installs_nothing_into_claude_codes_settings(tmp_path: Path) -> None:
    settings = load_config(str(tmp_path)).settings
    assert capture.ROUTE.slots(settings) == ()
    assert all(slot.event != "PreToolUse" or slot.condition is not None
               for slot in registry.slots(settings, {"logs": True}))


def test_the_hosts_reason_is_the_pass_reason(tmp_path: Path) -> None:
    context = HookContext(load_config(str(tmp_path)), str(tmp_path), time.monotonic() + 5)
    verdict = capture.handle(event("codex"), context)
    assert (verdict.decision, verdict.reason, verdict.reply) == ("pass", "compound", None)
    verdict = capture.handle(event("claude-code"), context)
    assert (verdict.decision, verdict.reason) == ("pass", "host-cannot-capture")

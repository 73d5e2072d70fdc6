"""The host registry (hosts/registry.py) and the protocol's defaults (hosts/host.py)."""

from __future__ import annotations

from garrepa_py.hosts import registry
from garrepa_py.hosts.host import Host


def test_hosts_by_name_with_claude_code_the_default() -> None:
    assert [host.name for host in registry.hosts()] == ["claude-code", "codex", "qwen-code"]
    assert registry.by_name(None) is registry.DEFAULT is registry.by_name("claude-code")
    assert registry.DEFAULT.default and not registry.by_name("codex").default  # type: ignore[union-attr]
    assert registry.by_name("qwen") is None


def test_a_host_without_a_tool_shape_answers_none_so_the_route_passes() -> None:
    codex = registry.by_name("codex")
    assert codex is not None
    event = codex.parse({"hook_event_name": "PostToolUse", "tool_name": "Read",
                         "tool_input": {"file_path": "/x.md"}, "tool_response": {}})
    assert event.host is codex
    assert codex.read_window(event) is None and codex.search_result(event) is None
    assert codex.rewrite_input(event, "ls") is None  # not measured for the logs route
    assert Host().arrived("0" * 16, "x", "Bash") is None

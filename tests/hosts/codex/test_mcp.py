"""Codex's MCP result (hosts/codex/mcp.py): `{"content": [...]}` text blocks, the block reply."""

from __future__ import annotations

from garrepa_py.hosts.codex.host import HOST
from garrepa_py.hosts.host import Pass


def event(response: object) -> object:
    return HOST.parse({"hook_event_name": "PostToolUse", "tool_name": "mcp__probe__big_text",
                       "tool_input": {}, "tool_response": response, "tool_use_id": "call_1"})


def test_text_blocks_are_the_source_and_the_reply_replaces_them_all() -> None:
    result = HOST.mcp_result(event({"content": [{"type": "text", "text": "ab"},
                                                {"type": "text", "text": "cde"}]}))
    assert not isinstance(result, Pass) and result is not None
    assert (result.size, result.texts(), result.saved()) == (5, ["ab", "cde"], None)
    assert result.reply("brief") == {"decision": "block", "reason": "brief"}
    assert HOST.mcp_small(event({"content": [{"type": "text", "text": "ab"}]}), 10)


def test_an_image_or_an_unknown_shape_passes() -> None:
    image = HOST.mcp_result(event({"content": [{"type": "image", "data": "AA=="}]}))
    assert isinstance(image, Pass) and image.reason == "non-text-block"
    for shape in ([{"type": "text", "text": "x"}], "text", {"content": "x"}):
        taken = HOST.mcp_result(event(shape))
        assert isinstance(taken, Pass) and taken.reason == "unknown-shape"
    assert not HOST.mcp_small(event("text"), 10)

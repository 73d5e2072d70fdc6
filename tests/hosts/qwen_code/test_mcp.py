"""Qwen Code's MCP result (hosts/qwen_code/mcp.py): text parts, anything else passes."""

from __future__ import annotations

from garrepa_py.hosts.host import Pass
from garrepa_py.hosts.qwen_code import delivery, mcp
from garrepa_py.hosts.qwen_code.host import HOST

from .support import fixture


def event(parts: object) -> object:
    return HOST.parse(dict(fixture("post-mcp.json"), tool_response={"llmContent": parts,
                                                                     "returnDisplay": ""}))


def test_the_recorded_result_is_its_text_parts_and_the_reply_a_stop() -> None:
    recorded = fixture("post-mcp.json")
    taken = HOST.mcp_result(HOST.parse(recorded))
    assert not isinstance(taken, Pass) and taken is not None
    text = recorded["tool_response"]["llmContent"][0]["text"]
    assert (taken.texts(), taken.size, taken.saved()) == ([text], len(text), None)
    assert taken.reply("d") == {"continue": False, "stopReason": "d"}
    assert HOST.mcp_small(HOST.parse(recorded), 20_000)


def test_a_non_text_part_or_another_shape_passes() -> None:
    image = HOST.mcp_result(event([{"text": "a"}, {"inlineData": {"mimeType": "image/png"}}]))
    assert isinstance(image, Pass) and image.reason == "non-text-block"
    other = HOST.mcp_result(event({"content": []}))
    assert isinstance(other, Pass) and other.reason == "unknown-shape"
    assert mcp.texts_of({"llmContent": "plain"}) == ["plain"]


def test_the_baseline_is_the_text_while_qwen_sends_it_whole() -> None:
    small = fixture("post-mcp.json")
    assert delivery.event_baseline(small) == len(small["tool_response"]["llmContent"][0]["text"])
    big = dict(small, tool_response={"llmContent": [{"text": "x" * 30_000}]})
    assert delivery.event_baseline(big) is None  # Qwen Code's notice: not modelled, unknown
    assert delivery.response_chars(big["tool_response"]) == 30_000

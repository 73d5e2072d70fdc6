"""Claude Code's MCP result (hosts/claude_code/mcp.py): content blocks, a compact-JSON string, or
the notice of a result saved past the token cap; the reply in the same shape, images in place.
The events are the MCP zoo's, as Claude Code 2.1.328 handed them to a PostToolUse hook
(tests/corpora/mcpzoo.tar.xz: hook_events/, and hook_events_default_cap/ under its own cap)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts import registry
from garrepa_py.hosts.claude_code import mcp
from garrepa_py.hosts.host import Pass

from ...support import corpora

BUILD = "/tmp/garrepa-mcpzoo-build"
IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"}}


@pytest.fixture(scope="module")
def zoo() -> Path:
    return corpora.load("mcpzoo")


def recorded(zoo: Path, name: str, folder: str = "hook_events") -> dict[str, Any]:
    return json.loads((zoo / folder / name).read_text())  # type: ignore[no-any-return]


def take(raw: dict[str, Any]) -> mcp.McpResult:
    result = mcp.take(registry.DEFAULT.parse(raw))
    assert isinstance(result, mcp.McpResult), result
    return result


def test_every_recorded_result_is_taken_with_its_text_size(zoo: Path) -> None:
    names = sorted(p.name for p in (zoo / "hook_events").glob("*.json"))
    assert len(names) > 20
    for name in names:
        response = recorded(zoo, name)["tool_response"]
        result = take(recorded(zoo, name))
        if isinstance(response, str):
            assert (result.size, result.texts()) == (len(response), [response]), name
        else:
            texts = [b["text"] for b in response if b["type"] == "text"
                     and not b["text"].startswith("[Image: source: ")]
            assert result.texts() == texts and result.size == sum(map(len, texts)), name


def test_an_image_result_keeps_its_image_in_place_in_the_reply(zoo: Path) -> None:
    raw = recorded(zoo, "everything-03-get-tiny-image.json")
    blocks = raw["tool_response"]
    assert [b["type"] for b in blocks] == ["text", "image", "text", "text"]
    assert blocks[2]["text"].startswith("[Image: source: ")  # Claude Code's pointer to its file
    result = take(raw)
    assert result.texts() == [blocks[0]["text"], blocks[3]["text"]]
    output = result.reply("digest")["hookSpecificOutput"]["updatedToolOutput"]
    assert output == [{"type": "text", "text": "digest"}, blocks[1], blocks[2]]
    assert raw["tool_response"] is blocks and blocks[0]["text"] != "digest"


def test_an_image_pointer_is_no_text_and_stays_in_place() -> None:
    pointer = {"type": "text", "text": "[Image: source: /tmp/shot.png]"}
    blocks = [IMAGE, pointer, {"type": "text", "text": "a" * 100}, {"type": "text", "text": "b"}]
    result = take({"hook_event_name": "PostToolUse", "tool_response": blocks})
    assert result.size == 101 and result.texts() == ["a" * 100, "b"]
    assert result.reply("d")["hookSpecificOutput"]["updatedToolOutput"] == [
        IMAGE, pointer, {"type": "text", "text": "d"}]


def test_a_string_result_gets_a_string_reply(zoo: Path) -> None:
    reply = take(recorded(zoo, "memory-02-read_graph.json")).reply("digest")
    assert reply == {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                            "updatedToolOutput": "digest"}}


OVER_CAP = "filesystem-00-read_text_file.json"


def test_the_recorded_over_cap_notice_names_its_session_file(zoo: Path) -> None:
    raw = recorded(zoo, OVER_CAP, "hook_events_default_cap")
    result = take(raw)
    saved = result.saved()
    assert saved is not None and saved.startswith(raw["transcript_path"][:-len(".jsonl")])
    assert saved.endswith("/tool-results/mcp-filesystem-read_text_file-1796326525591-ly7pib.txt")
    texts = result.texts()  # the build folder is long gone: never cut, it passes
    assert isinstance(texts, Pass) and texts.reason.startswith("saved-file-")


def test_the_notice_in_its_own_session_is_read_from_the_file(zoo: Path, tmp_path: Path) -> None:
    raw = json.loads(json.dumps(recorded(zoo, OVER_CAP, "hook_events_default_cap"))
                     .replace(BUILD, str(tmp_path)))
    result = take(raw)
    saved = result.saved()
    assert saved is not None and saved.startswith(str(tmp_path))
    whole = json.dumps({"content": "Changelog\n" * 42_130})
    Path(saved).parent.mkdir(parents=True)
    Path(saved).write_text(whole)
    assert result.texts() == [whole]
    assert result.size == len(raw["tool_response"])  # the notice's, as Claude Code measures


def test_a_notice_naming_another_session_file_is_content(zoo: Path, tmp_path: Path) -> None:
    raw = recorded(zoo, OVER_CAP, "hook_events_default_cap")
    raw["transcript_path"] = str(tmp_path / "other" / f"{raw['session_id']}.jsonl")
    result = take(raw)
    assert result.saved() is None and result.texts() == [raw["tool_response"]]


@pytest.mark.parametrize("response,reason", [
    ([{"type": "text", "text": "x"}, {"type": "audio", "data": ""}], "unknown-block-type"),
    ([{"type": "resource", "resource": {}}], "unknown-block-type"),
    ({"content": []}, "unknown-shape"), (None, "unknown-shape"), (["text"], "unknown-shape")])
def test_an_unknown_block_or_shape_passes(response: object, reason: str) -> None:
    result = mcp.take(registry.DEFAULT.parse({"tool_response": response}))
    assert isinstance(result, Pass) and result.reason == reason


def test_small_from_the_event_alone_never_for_a_notice(zoo: Path) -> None:
    notice = recorded(zoo, OVER_CAP, "hook_events_default_cap")
    assert not mcp.small(registry.DEFAULT.parse(notice), 10**9)

    def small(response: object, threshold: int = 100) -> bool:
        return mcp.small(registry.DEFAULT.parse({"tool_response": response}), threshold)

    assert small("short") and not small("x" * 100)
    assert small([{"type": "text", "text": "x" * 99}, IMAGE])
    assert not small([{"type": "text", "text": "x" * 100}])
    assert not small([{"type": "audio"}]) and not small({"content": "x"})

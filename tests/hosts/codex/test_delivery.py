"""What Codex delivers (hosts/codex/delivery.py), from the measured 0.171.0 facts."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py.hosts.codex import delivery

FIXTURES = Path(__file__).parents[2] / "e2e" / "fixtures" / "codex-0.171.0"


def fixture(name: str) -> dict[str, object]:
    return json.loads((FIXTURES / name).read_text())


def test_the_baseline_is_what_codex_gave_the_hook() -> None:
    assert delivery.event_baseline(fixture("post-tool-use.shell.json")) == len("hi\n")
    mcp = fixture("post-tool-use.mcp.json")
    assert delivery.event_baseline(mcp) == len(mcp["tool_response"]["content"][0]["text"])  # type: ignore[index]
    assert delivery.event_baseline(fixture("pre-tool-use.shell.json")) is None


def test_a_block_reply_delivers_exactly_its_reason() -> None:
    reply = delivery.block("the digest")
    assert delivery.replacement_text(reply) == "the digest"
    assert delivery.reply_delivered(reply) == len("the digest")
    assert delivery.reply_delivered({"continue": True}) is None
    assert delivery.response_chars({"content": [{"type": "text", "text": "abc"}]}) == 3
    assert delivery.response_chars(7) is None

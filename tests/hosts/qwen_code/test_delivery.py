"""What Qwen Code delivers (hosts/qwen_code/delivery.py), from the measured 0.24.4 events."""

from __future__ import annotations

from garrepa_py.hosts.qwen_code import delivery

from .support import fixture


def test_the_baseline_is_the_llm_content_qwen_gave_the_hook() -> None:
    event = fixture("post-shell-small.json")
    assert delivery.event_baseline(event) == len(event["tool_response"]["llmContent"])
    assert delivery.event_baseline(fixture("pre-shell.json")) is None
    assert delivery.response_chars({"llmContent": "abc"}) == 3
    assert delivery.response_chars("abc") is None


def test_a_stop_reply_delivers_exactly_its_reason() -> None:
    reply = delivery.stop("the digest")
    assert reply == {"continue": False, "stopReason": "the digest"}
    assert delivery.replacement_text(reply) == "the digest"
    assert delivery.reply_delivered(reply) == len("the digest")
    assert delivery.reply_delivered({"decision": "block", "reason": "x"}) is None

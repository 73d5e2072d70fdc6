"""The model clients against real HTTP servers on loopback."""

from __future__ import annotations

import json
import time

import pytest

from garrepa_py.model.anthropic_api import AnthropicClient
from garrepa_py.model.base import ModelError
from garrepa_py.model.openai_compatible import OpenAICompatibleClient, completions_url

from ..support.fake_anthropic import FakeAnthropic
from ..support.fake_openai import FakeOpenAI
from ..support.slow_model import SlowModel


def soon(seconds: float = 10) -> float:
    return time.monotonic() + seconds


def test_anthropic_success_sends_the_messages_api_shape() -> None:
    with FakeAnthropic(reply_text="the briefing") as fake:
        reply = AnthropicClient("sk-test", "claude-haiku-4-5", fake.url).complete(
            "system text", "user text", 512, soon())
    assert (reply.text, reply.input_tokens, reply.output_tokens) == ("the briefing", 100, 20)
    [request] = fake.requests
    assert request.path == "/v1/messages"
    assert request.body == {"model": "claude-haiku-4-5", "max_tokens": 512, "temperature": 0,
                            "system": "system text",
                            "messages": [{"role": "user", "content": "user text"}]}
    assert fake.headers[0]["x-api-key"] == "sk-test"
    assert fake.headers[0]["anthropic-version"] == "2023-06-01"


def test_anthropic_retries_once_after_429() -> None:
    with FakeAnthropic(reply_text="after retry", fail_first=[429]) as fake:
        reply = AnthropicClient("k", "m", fake.url + "/").complete("s", "u", 100, soon())
    assert reply.text == "after retry"
    assert len(fake.requests) == 2


def test_anthropic_gives_up_after_one_retry_on_5xx() -> None:
    with FakeAnthropic(fail_first=[500, 503, 500]) as fake:
        with pytest.raises(ModelError) as caught:
            AnthropicClient("k", "m", fake.url).complete("s", "u", 100, soon())
    assert caught.value.reason == "http-503"
    assert len(fake.requests) == 2


def test_anthropic_does_not_retry_400() -> None:
    with FakeAnthropic(fail_first=[400]) as fake:
        with pytest.raises(ModelError) as caught:
            AnthropicClient("k", "m", fake.url).complete("s", "u", 100, soon())
    assert caught.value.reason == "http-400"
    assert len(fake.requests) == 1


@pytest.mark.parametrize("mode", ["silent", "drip"])
def test_anthropic_timeout_respects_the_deadline(mode: str) -> None:
    """A provider that never answers, or answers a byte a second: at the deadline the client
    hangs up on it (the server sees the disconnect while its answer is still owed), says
    "timeout" and does not retry. The deadline test on an injected clock is test_model_deadline."""
    with SlowModel(mode) as slow:
        with pytest.raises(ModelError) as caught:
            AnthropicClient("k", "m", slow.url).complete("s", "u", 100, soon(2))
        assert slow.disconnected.wait(30)  # a guard only: the hang-up came with the timeout
    assert caught.value.reason == "timeout"
    assert (slow.requests, slow.finished) == (1, False)


def test_no_attempt_without_time_left() -> None:
    with FakeAnthropic() as fake:
        with pytest.raises(ModelError) as caught:
            AnthropicClient("k", "m", fake.url).complete("s", "u", 100, soon(0.2))
    assert caught.value.reason == "no-time"
    assert fake.requests == []


@pytest.mark.parametrize("raw, reason", [
    (b"<html>gateway</html>", "malformed-reply"),
    (b"[1, 2]", "malformed-reply"),
    (b'{"content": "not a list"}', "malformed-reply"),
    (json.dumps({"content": [{"type": "text", "text": "cut"}], "stop_reason": "max_tokens"}).encode(),
     "truncated"),
])
def test_anthropic_malformed_replies(raw: bytes, reason: str) -> None:
    with FakeAnthropic(raw_replies=[(200, raw)]) as fake:
        with pytest.raises(ModelError) as caught:
            AnthropicClient("k", "m", fake.url).complete("s", "u", 100, soon())
    assert caught.value.reason == reason


def test_anthropic_empty_text_is_returned_for_validation_to_reject() -> None:
    raw = json.dumps({"content": [], "stop_reason": "end_turn", "model": "m"}).encode()
    with FakeAnthropic(raw_replies=[(200, raw)]) as fake:
        assert AnthropicClient("k", "m", fake.url).complete("s", "u", 100, soon()).text == ""


def test_connection_refused_is_a_model_error() -> None:
    with FakeAnthropic() as fake:
        url = fake.url
    with pytest.raises(ModelError) as caught:
        AnthropicClient("k", "m", url).complete("s", "u", 100, soon(3))
    assert caught.value.reason == "connection"


@pytest.mark.parametrize("base, expected", [
    ("http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1/chat/completions"),
    ("http://127.0.0.1:11434/v1/", "http://127.0.0.1:11434/v1/chat/completions"),
    ("http://127.0.0.1:11434/v1//", "http://127.0.0.1:11434/v1/chat/completions"),
    (" http://h/v1/chat/completions ", "http://h/v1/chat/completions"),
])
def test_openai_url_normalisation(base: str, expected: str) -> None:
    assert completions_url(base) == expected


def test_openai_compatible_success_without_key() -> None:
    with FakeOpenAI(reply_text="local briefing") as fake:
        reply = OpenAICompatibleClient(fake.url + "/", "qwen2.5").complete("sys", "usr", 300, soon())
    assert (reply.text, reply.input_tokens, reply.output_tokens) == ("local briefing", 50, 10)
    body = fake.requests[0].body
    assert fake.requests[0].path == "/v1/chat/completions"
    assert body["messages"] == [{"role": "system", "content": "sys"},
                                {"role": "user", "content": "usr"}]
    assert "authorization" not in fake.headers[0]


def test_openai_compatible_retry_and_malformed() -> None:
    with FakeOpenAI(replies=[(429, b"{}")], reply_text="ok") as fake:
        assert OpenAICompatibleClient(fake.url, "m", "key").complete("s", "u", 10, soon()).text == "ok"
        assert fake.headers[0]["authorization"] == "Bearer key"
    with FakeOpenAI(replies=[(200, b'{"choices": []}')]) as fake:
        with pytest.raises(ModelError) as caught:
            OpenAICompatibleClient(fake.url, "m").complete("s", "u", 10, soon())
    assert caught.value.reason == "malformed-reply"

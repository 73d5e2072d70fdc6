"""Parity: the hook's standard-library client and the CLI's anthropic-SDK client send the same
request and read the same reply, against one loopback fake of the Messages API.

Each scenario runs twice, once per client, on a fresh fake; what must match is compared field by
field: method and path, the headers a server or gateway acts on, the body, the parsed text and
token counts, and the error reason with the number of attempts.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import pytest

from garrepa_py.model.anthropic_api import AnthropicClient
from garrepa_py.model.base import ModelError
from garrepa_py.model.sdk_messages import SdkMessagesClient

from ..support.fake_anthropic import FakeAnthropic

HEADERS_THAT_MATTER = ("x-api-key", "authorization", "anthropic-version", "content-type",
                       "x-gateway-team")


@dataclass
class Outcome:
    requests: list[tuple[str, dict[str, Any], dict[str, str]]]
    result: tuple[str, str, int, int] | str  # (text, model, in, out) or the error reason
    seconds: float


def run(kind: str, fake_options: dict[str, Any], bearer: bool = False, deadline: float = 10,
        stream: bool = False) -> Outcome:
    with FakeAnthropic(**fake_options) as fake:
        plain = AnthropicClient("sk-parity", "claude-haiku-4-5", fake.url + "/", bearer,
                                {"X-Gateway-Team": "docs"})
        client: Any = plain if kind == "stdlib" else SdkMessagesClient(plain)
        started = time.monotonic()
        pieces: list[str] = []
        try:
            if stream:
                reply = client.stream("the system", "the user text", 300,
                                      time.monotonic() + deadline, pieces.append)
                assert "".join(pieces) == reply.text
            else:
                reply = client.complete("the system", "the user text", 300,
                                        time.monotonic() + deadline)
            result: tuple[str, str, int, int] | str = (
                reply.text, reply.model, reply.input_tokens, reply.output_tokens)
        except ModelError as exc:
            result = exc.reason
        seconds = time.monotonic() - started
        requests = [(r.path, r.body, {k: v for k, v in h.items() if k in HEADERS_THAT_MATTER})
                    for r, h in zip(fake.requests, fake.headers, strict=True)]
    return Outcome(requests, result, seconds)


def both(fake_options: dict[str, Any], **options: Any) -> tuple[Outcome, Outcome]:
    return run("stdlib", fake_options, **options), run("sdk", fake_options, **options)


def error(status: int, kind: str, headers: dict[str, str] | None = None
          ) -> tuple[int, bytes, dict[str, str]]:
    body = json.dumps({"type": "error", "error": {"type": kind, "message": "scripted"}})
    return status, body.encode(), headers or {}


def test_a_briefing_request_is_the_same_request_with_the_same_reading() -> None:
    plain, sdk = both({"reply_text": "the briefing [L1-L9]"})
    assert plain.result == sdk.result == ("the briefing [L1-L9]", "claude-haiku-4-5", 100, 20)
    assert plain.requests == sdk.requests
    [(path, body, headers)] = sdk.requests
    assert path == "/v1/messages"
    assert body == {"model": "claude-haiku-4-5", "max_tokens": 300, "temperature": 0,
                    "system": "the system",
                    "messages": [{"role": "user", "content": "the user text"}]}
    # What Claude Code 2.1.328 sends (measured): x-api-key, and the 2023-06-01 version. The SDK
    # on its own would send the key as `Authorization: Bearer` and a newer version.
    assert headers == {"x-api-key": "sk-parity", "anthropic-version": "2023-06-01",
                       "content-type": "application/json", "x-gateway-team": "docs"}


def test_an_auth_token_is_a_bearer_for_both() -> None:
    plain, sdk = both({}, bearer=True)
    assert plain.requests == sdk.requests
    headers = sdk.requests[0][2]
    assert headers["authorization"] == "Bearer sk-parity"
    assert "x-api-key" not in headers


def test_429_with_retry_after_is_waited_out_once() -> None:
    scenario = {"raw_replies": [error(429, "rate_limit_error", {"retry-after": "1"})],
                "reply_text": "after the wait"}
    plain, sdk = both(scenario)
    assert plain.result == sdk.result == ("after the wait", "claude-haiku-4-5", 100, 20)
    assert len(plain.requests) == len(sdk.requests) == 2
    assert plain.requests[0] == plain.requests[1] == sdk.requests[0] == sdk.requests[1]
    assert plain.seconds >= 0.9 and sdk.seconds >= 0.9  # retry-after honoured by both


@pytest.mark.parametrize("statuses, reason, attempts", [
    ([529, 529], "http-529", 2),   # overloaded twice: one retry, then the last reason
    ([500, 503, 500], "http-503", 2),
    ([400], "http-400", 1),        # a refused request is not retried
    ([401], "http-401", 1),
])
def test_failing_statuses_end_the_same_way(statuses: list[int], reason: str,
                                           attempts: int) -> None:
    kinds = {529: "overloaded_error", 400: "invalid_request_error", 401: "authentication_error"}
    scenario = {"raw_replies": [error(s, kinds.get(s, "api_error")) for s in statuses]}
    plain, sdk = both(scenario)
    assert plain.result == sdk.result == reason
    assert len(plain.requests) == len(sdk.requests) == attempts


def test_a_5xx_then_success_is_one_retry_for_both() -> None:
    plain, sdk = both({"raw_replies": [error(502, "api_error")], "reply_text": "fine"})
    assert plain.result == sdk.result == ("fine", "claude-haiku-4-5", 100, 20)
    assert len(plain.requests) == len(sdk.requests) == 2


def test_a_timeout_is_a_timeout_within_the_deadline_and_not_retried() -> None:
    plain, sdk = both({"delay": 6}, deadline=2.5)
    # "timeout", not the reply that comes at 6 s: neither client waited past its 2.5 s
    assert plain.result == sdk.result == "timeout"
    assert len(plain.requests) == len(sdk.requests) == 1


@pytest.mark.parametrize("raw, reason", [
    (json.dumps({"id": "m", "type": "message", "role": "assistant", "model": "m",
                 "content": [{"type": "text", "text": "cut"}], "stop_reason": "max_tokens",
                 "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}),
     "truncated"),
    ("<html>a gateway's error page</html>", "malformed-reply"),
])
def test_unusable_replies_are_refused_the_same_way(raw: str, reason: str) -> None:
    plain, sdk = both({"raw_replies": [(200, raw.encode())]})
    assert plain.result == sdk.result == reason


def test_streaming_sends_the_same_request_and_reads_the_same_reply() -> None:
    plain = run("stdlib", {"reply_text": "streamed briefing"})
    streamed = run("sdk", {"reply_text": "streamed briefing"}, stream=True)
    assert streamed.result == plain.result
    [(path, body, headers)] = streamed.requests
    assert (path, headers) == plain.requests[0][::2]
    assert body == dict(plain.requests[0][1], stream=True)


def test_a_stream_that_fails_before_any_text_is_retried_once() -> None:
    streamed = run("sdk", {"raw_replies": [error(529, "overloaded_error")],
                           "reply_text": "second try"}, stream=True)
    assert streamed.result == ("second try", "claude-haiku-4-5", 100, 20)
    assert len(streamed.requests) == 2

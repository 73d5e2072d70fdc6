"""The Messages API through the anthropic SDK, for the CLI commands (`write`, `summarize`, `ask`).

A person waiting at a terminal does not notice the SDK's import, and its streaming lets `write`
and `ask` show text as it comes. It sends exactly what the hook's standard-library client sends
(`AnthropicClient`: its URL, auth header, `anthropic-version`, custom headers and body) and
fails, retries and gives up by the same policy (`base.with_one_retry`); the parity test in
tests/engine/test_sdk_parity.py holds both to that against one loopback fake.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from garrepa_py.model.anthropic_api import AnthropicClient, reply_from
from garrepa_py.model.base import ModelError, ModelReply, Retry, http_failure, with_one_retry


class SdkMessagesClient:
    name = "anthropic"

    def __init__(self, plain: AnthropicClient) -> None:
        self.plain = plain
        self.model = plain.model
        self.origin = plain.origin

    def _client(self, timeout: float) -> Any:
        import anthropic

        headers: dict[str, Any] = dict(self.plain.headers())
        if not self.plain.bearer:
            # The SDK would send an API key as a bearer token; Claude Code and the hook send
            # `x-api-key`, which is what gateways check.
            headers["Authorization"] = anthropic.Omit()
        return anthropic.Anthropic(
            api_key=self.plain.api_key if not self.plain.bearer else None,
            auth_token=self.plain.api_key if self.plain.bearer else None,
            base_url=self.plain.base_url, default_headers=headers,
            timeout=timeout, max_retries=0)  # retries are ours: one, inside the deadline

    def _arguments(self, system: str, user: str, max_tokens: int) -> dict[str, Any]:
        body = self.plain.body(system, user, max_tokens)
        # Fields this SDK version has no parameter for travel as extra body, unchanged.
        named = {key: body.pop(key) for key in ("model", "max_tokens", "system", "messages")}
        return {**named, "extra_body": body} if body else named

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        def attempt(remaining: float) -> ModelReply:
            try:
                with self._client(remaining) as client:
                    data = client.messages.create(
                        **self._arguments(system, user, max_tokens)).to_dict()
            except Exception as exc:
                raise _as_model_error(exc) from None
            return reply_from(data, self.model)

        return with_one_retry(attempt, deadline)

    def stream(self, system: str, user: str, max_tokens: int, deadline: float,
               on_text: Callable[[str], None]) -> ModelReply:
        """Like `complete`, handing each piece of text to `on_text` as it arrives. A failure
        after text has been shown is not retried (the reader would see it twice)."""
        shown = False

        def attempt(remaining: float) -> ModelReply:
            nonlocal shown
            try:
                with self._client(remaining) as client, client.messages.stream(
                        **self._arguments(system, user, max_tokens)) as stream:
                    for piece in stream.text_stream:
                        shown = True
                        on_text(piece)
                    data = stream.get_final_message().to_dict()
            except Exception as exc:
                raise _as_model_error(exc, retry=not shown) from None
            return reply_from(data, self.model)

        return with_one_retry(attempt, deadline)


def _as_model_error(exc: Exception, retry: bool = True) -> ModelError:
    """An SDK exception as the reason the hook's client gives for the same failure."""
    import anthropic

    error: ModelError
    if isinstance(exc, ModelError):
        return exc
    if isinstance(exc, anthropic.APITimeoutError):
        error = ModelError("timeout", str(exc)[:200])
    elif isinstance(exc, anthropic.APIStatusError):
        error = http_failure(exc.status_code, str(exc)[:200],
                             exc.response.headers.get("retry-after"))
    elif isinstance(exc, anthropic.APIConnectionError):
        error = Retry("connection", str(exc)[:200])
    elif isinstance(exc, (ValueError, anthropic.APIResponseValidationError)):
        error = ModelError("malformed-reply", str(exc)[:200])
    else:
        error = ModelError(f"client-{type(exc).__name__}", str(exc)[:200])
    if isinstance(error, Retry) and not retry:
        return ModelError(error.reason, str(exc)[:200])
    return error


def for_a_person(client: Any) -> Any:
    """The SDK client in place of the hook's standard-library one, when the SDK is installed;
    any other client unchanged."""
    if not isinstance(client, AnthropicClient):
        return client
    try:
        import anthropic  # noqa: F401
    except ImportError:
        return client
    return SdkMessagesClient(client)

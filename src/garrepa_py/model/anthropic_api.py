"""The Anthropic Messages API over the standard library.

The anthropic SDK costs 1-3 s to import on this machine, many times the whole overhead budget
of a compress event (docs/model-client.md); one POST does not need it. The CLI commands use the
SDK (`sdk_messages`) with this client's headers and body; a parity test keeps the two the same.
"""

from __future__ import annotations

from typing import Any

from garrepa_py.model.base import ModelError, ModelReply, post_json, token_counts

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"


class AnthropicClient:
    name = "anthropic"

    def __init__(self, api_key: str, model: str, base_url: str | None = None,
                 bearer: bool = False, extra_headers: dict[str, str] | None = None,
                 origin: str = "") -> None:
        self.api_key = api_key
        self.model = model
        self.base_url = (base_url or DEFAULT_BASE_URL).rstrip("/")
        self.url = self.base_url + "/v1/messages"
        self.bearer = bearer  # ANTHROPIC_AUTH_TOKEN: `Authorization: Bearer`, as Claude Code sends
        self.extra_headers = extra_headers or {}
        self.origin = origin  # how `auto` chose it, for doctor and the journal

    def headers(self) -> dict[str, str]:
        auth = ({"authorization": f"Bearer {self.api_key}"} if self.bearer
                else {"x-api-key": self.api_key})
        extra = {k: v for k, v in self.extra_headers.items()
                 if k.lower() not in ("x-api-key", "authorization", "content-type")}
        return {**extra, **auth, "anthropic-version": API_VERSION}

    def body(self, system: str, user: str, max_tokens: int) -> dict[str, object]:
        return {"model": self.model, "max_tokens": max_tokens, "temperature": 0, "system": system,
                "messages": [{"role": "user", "content": user}]}

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        return reply_from(post_json(self.url, self.headers(),
                                    self.body(system, user, max_tokens), deadline), self.model)


def reply_from(reply: dict[str, Any], asked_model: str) -> ModelReply:
    """A Messages API reply (JSON) as text and token counts; a truncated one is an error."""
    content = reply.get("content")
    if not isinstance(content, list):
        raise ModelError("malformed-reply", "no content list")
    text = "".join(block["text"] for block in content
                   if isinstance(block, dict) and block.get("type") == "text"
                   and isinstance(block.get("text"), str))
    if reply.get("stop_reason") == "max_tokens":
        raise ModelError("truncated", "the briefing hit max_tokens")
    tokens_in, tokens_out = token_counts(reply, "input_tokens", "output_tokens")
    return ModelReply(text=text, model=str(reply.get("model") or asked_model),
                      input_tokens=tokens_in, output_tokens=tokens_out)

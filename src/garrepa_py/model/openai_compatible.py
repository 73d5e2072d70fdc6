"""OpenAI-compatible chat completions: a local Ollama, llama.cpp or vLLM (no key needed)."""

from __future__ import annotations

from garrepa_py.model.base import ModelError, ModelReply, post_json, token_counts


def completions_url(base_url: str) -> str:
    """`http://host:11434/v1/` and `http://host:11434/v1` both give `…/v1/chat/completions`."""
    base = base_url.strip().rstrip("/")
    if base.endswith("/chat/completions"):
        return base
    return base + "/chat/completions"


class OpenAICompatibleClient:
    name = "openai-compatible"

    def __init__(self, base_url: str, model: str, api_key: str | None = None) -> None:
        self.url = completions_url(base_url)
        self.model = model
        self.api_key = api_key

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        headers = {"authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        reply = post_json(
            self.url, headers,
            {"model": self.model, "max_tokens": max_tokens, "temperature": 0, "stream": False,
             "messages": [{"role": "system", "content": system},
                          {"role": "user", "content": user}]},
            deadline,
        )
        try:
            choice = reply["choices"][0]
            text = choice["message"]["content"]
        except (KeyError, IndexError, TypeError):
            raise ModelError("malformed-reply", "no choices[0].message.content") from None
        if not isinstance(text, str):
            raise ModelError("malformed-reply", "content is not text")
        if choice.get("finish_reason") == "length":
            raise ModelError("truncated", "the briefing hit max_tokens")
        tokens_in, tokens_out = token_counts(reply, "prompt_tokens", "completion_tokens")
        return ModelReply(text=text, model=str(reply.get("model") or self.model),
                          input_tokens=tokens_in,
                          output_tokens=tokens_out)

"""A loopback fake of an OpenAI-compatible `/chat/completions` server (Ollama, llama.cpp, vLLM)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler
from typing import Any

from .fake_anthropic import Recorded
from .loopback import LoopbackServer, send_json


class FakeOpenAI:
    def __init__(self, reply_text: str = "ok", replies: list[tuple[int, bytes]] | None = None,
                 lifetime: float = 120.0) -> None:
        self.reply_text = reply_text
        self.replies = list(replies or [])  # (status, raw body) sent before the normal reply
        self.requests: list[Recorded] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._server = LoopbackServer(self._handler(), lifetime)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.port}/v1"

    def __enter__(self) -> FakeOpenAI:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                body: dict[str, Any] = json.loads(raw or b"{}")
                with fake._lock:
                    fake.requests.append(Recorded(self.path, body))
                    fake.headers.append({k.lower(): v for k, v in self.headers.items()})
                    scripted = fake.replies.pop(0) if fake.replies else None
                if scripted is None:
                    scripted = (200, json.dumps({
                        "id": "chatcmpl-1", "object": "chat.completion", "model": body.get("model"),
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": fake.reply_text}}],
                        "usage": {"prompt_tokens": 50, "completion_tokens": 10}}).encode())
                send_json(self, *scripted)

        return Handler

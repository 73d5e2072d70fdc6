"""A loopback fake of OpenAI chat completions WITH tool calls (`POST /v1/chat/completions`,
streamed or not), for agent hosts that speak it (Qwen Code).

A request that carries `tools` is the agent's main loop and takes the next scripted turn (tool
calls and/or text); past the script the fake answers "done". Any other request (a side query:
title, summary) gets "ok". Every request is recorded: the `tool` messages of the main loop are
what the model received of each call.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from .fake_anthropic import Recorded
from .loopback import LoopbackServer, send_json


@dataclass
class Turn:
    """One scripted model reply: tool calls (name, arguments) and/or text."""

    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    text: str = ""

    @classmethod
    def call(cls, name: str, **arguments: Any) -> Turn:
        return cls(calls=[(name, arguments)])


class FakeChat:
    def __init__(self, script: Iterable[Turn] = (), lifetime: float = 120.0) -> None:
        self.script = list(script)
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._calls = 0
        self._server = LoopbackServer(self._handler(), lifetime)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.port}/v1"

    def __enter__(self) -> FakeChat:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

    # ------------------------------------------------------------ what the model received
    def main_loop(self) -> list[Recorded]:
        return [r for r in self.requests if r.has_tools]

    def tool_messages(self) -> dict[str, Any]:
        """tool_call_id → the content of the `tool` message the model received for it."""
        found: dict[str, Any] = {}
        for request in self.main_loop():
            for message in request.body.get("messages", []):
                if isinstance(message, dict) and message.get("role") == "tool":
                    found[str(message.get("tool_call_id"))] = message.get("content")
        return found

    def tool_names(self) -> list[str]:
        requests = self.main_loop()
        tools = requests[0].body.get("tools", []) if requests else []
        return [t.get("function", {}).get("name") for t in tools]

    # ------------------------------------------------------------------------- serving
    def _turn(self, body: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
        with self._lock:
            turn = self.script.pop(0) if body.get("tools") and self.script else None
            calls = []
            for name, arguments in (turn.calls if turn else []):
                self._calls += 1
                calls.append({"id": f"call_{self._calls:06d}", "type": "function",
                              "function": {"name": name, "arguments": json.dumps(arguments)}})
        text = turn.text if turn else ("done" if body.get("tools") else "ok")
        return calls, text

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                send_json(self, 200, json.dumps({"object": "list", "data": [
                    {"id": "qwen-fake", "object": "model"}]}).encode())

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                body: dict[str, Any] = json.loads(raw or b"{}")
                with fake._lock:
                    fake.requests.append(Recorded(self.path, body))
                calls, text = fake._turn(body)
                finish = "tool_calls" if calls else "stop"
                usage = {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60}
                if not body.get("stream"):
                    message: dict[str, Any] = {"role": "assistant", "content": text or None}
                    if calls:
                        message["tool_calls"] = calls
                    send_json(self, 200, json.dumps({
                        "id": "chatcmpl-1", "object": "chat.completion", "created": 1,
                        "model": body.get("model"), "usage": usage,
                        "choices": [{"index": 0, "finish_reason": finish,
                                     "message": message}]}).encode())
                    return
                chunks: list[dict[str, Any]] = []
                delta: dict[str, Any] = {"role": "assistant", "content": text}
                if calls:
                    delta["tool_calls"] = [dict(c, index=i) for i, c in enumerate(calls)]
                chunks.append({"choices": [{"index": 0, "delta": delta, "finish_reason": None}]})
                chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
                               "usage": usage})
                payload = b"".join(
                    b"data: " + json.dumps(dict(c, id="chatcmpl-1", object="chat.completion.chunk",
                                                created=1, model=body.get("model"))).encode()
                    + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler

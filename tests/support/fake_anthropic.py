"""A loopback fake of the Anthropic Messages API: scripted replies, every request recorded.

It speaks enough of the API for Claude Code (streaming SSE) and for the anthropic SDK
(plain JSON). Requests that carry `tools` are the agent's main loop and take the next scripted
turn; any other request (titles, summaries) gets a short text. The server stops itself after
`lifetime` seconds even if a test forgets to.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from .loopback import LoopbackServer, send_json


@dataclass
class Turn:
    """One scripted model reply: tool calls (name, input) and/or text."""

    tools: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    text: str = ""

    @classmethod
    def tool(cls, name: str, **tool_input: Any) -> Turn:
        return cls(tools=[(name, tool_input)])


@dataclass
class Recorded:
    path: str
    body: dict[str, Any]

    @property
    def has_tools(self) -> bool:
        return bool(self.body.get("tools"))


class FakeAnthropic:
    def __init__(self, script: Iterable[Turn | Callable[[dict[str, Any]], Turn]] = (),
                 lifetime: float = 300.0,
                 fail_first: list[int] | None = None, delay: float = 0.0,
                 reply_text: str = "ok", raw_replies: list[tuple[int, bytes]] | None = None) -> None:
        self.script = list(script)
        self.requests: list[Recorded] = []
        self.headers: list[dict[str, str]] = []
        self.fail_first = list(fail_first or [])  # HTTP statuses to answer before succeeding
        self.delay = delay
        self.reply_text = reply_text
        self.raw_replies = list(raw_replies or [])  # (status, body) sent verbatim, first come
        self._lock = threading.Lock()
        self._ids = 0
        self._server = LoopbackServer(self._handler(), lifetime)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.port}"

    def __enter__(self) -> FakeAnthropic:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

    # ------------------------------------------------------------ what the agent saw

    def main_loop_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.has_tools and r.path.startswith("/v1/messages")
                and "count_tokens" not in r.path]

    def tool_results(self) -> dict[str, dict[str, Any]]:
        """tool_use_id → the tool_result block the model last received for it."""
        results: dict[str, dict[str, Any]] = {}
        for request in self.main_loop_requests():
            for message in request.body.get("messages", []):
                content = message.get("content")
                if not isinstance(content, list):
                    continue
                for block in content:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        results[block["tool_use_id"]] = block
        return results

    def last_messages_text(self) -> str:
        requests = self.main_loop_requests()
        return json.dumps(requests[-1].body.get("messages", [])) if requests else ""

    # ------------------------------------------------------------ the server

    def _next_turn(self, body: dict[str, Any]) -> Turn:
        with self._lock:
            if body.get("tools") and self.script:
                turn = self.script.pop(0)
                return turn if isinstance(turn, Turn) else turn(body)  # a turn that reads the chat
            return Turn(text="done" if body.get("tools") else self.reply_text)

    def _next_id(self) -> str:
        with self._lock:
            self._ids += 1
            return f"{self._ids:06d}"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _send_json(self, status: int, payload: dict[str, Any]) -> None:
                send_json(self, status, json.dumps(payload).encode(), {"request-id": "req_fake"})

            def do_GET(self) -> None:
                self._send_json(404, {"type": "error", "error": {"type": "not_found_error",
                                                                 "message": "fake"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                with fake._lock:
                    fake.requests.append(Recorded(self.path, body))
                    fake.headers.append({k.lower(): v for k, v in self.headers.items()})
                    status = fake.fail_first.pop(0) if fake.fail_first else None
                    raw_reply = fake.raw_replies.pop(0) if fake.raw_replies else None
                if raw_reply is not None:
                    send_json(self, *raw_reply)
                    return
                if "count_tokens" in self.path:
                    self._send_json(200, {"input_tokens": 100})
                    return
                if status is not None:
                    self._send_json(status, {"type": "error", "error": {
                        "type": "overloaded_error" if status >= 500 else "rate_limit_error",
                        "message": "scripted failure"}})
                    return
                if fake.delay:
                    time.sleep(fake.delay)
                turn = fake._next_turn(body)
                blocks: list[dict[str, Any]] = []
                if turn.text:
                    blocks.append({"type": "text", "text": turn.text})
                for name, tool_input in turn.tools:
                    blocks.append({"type": "tool_use", "id": f"toolu_{fake._next_id()}",
                                   "name": name, "input": tool_input})
                stop = "tool_use" if turn.tools else "end_turn"
                message = {"id": f"msg_{fake._next_id()}", "type": "message", "role": "assistant",
                           "model": body.get("model", "fake"), "content": blocks,
                           "stop_reason": stop, "stop_sequence": None,
                           "usage": {"input_tokens": 100, "output_tokens": 20}}
                if body.get("stream"):
                    self._stream(message)
                else:
                    self._send_json(200, message)

            def _event(self, name: str, data: dict[str, Any]) -> None:
                self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())

            def _stream(self, message: dict[str, Any]) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.send_header("connection", "close")
                self.end_headers()
                start = dict(message, content=[], stop_reason=None)
                self._event("message_start", {"type": "message_start", "message": start})
                for index, block in enumerate(message["content"]):
                    if block["type"] == "text":
                        self._event("content_block_start", {"type": "content_block_start",
                                    "index": index, "content_block": {"type": "text", "text": ""}})
                        delta = {"type": "text_delta", "text": block["text"]}
                    else:
                        self._event("content_block_start", {"type": "content_block_start",
                                    "index": index, "content_block": dict(block, input={})})
                        delta = {"type": "input_json_delta",
                                 "partial_json": json.dumps(block["input"])}
                    self._event("content_block_delta", {"type": "content_block_delta",
                                                        "index": index, "delta": delta})
                    self._event("content_block_stop", {"type": "content_block_stop",
                                                       "index": index})
                self._event("message_delta", {"type": "message_delta",
                            "delta": {"stop_reason": message["stop_reason"],
                                      "stop_sequence": None},
                            "usage": {"output_tokens": 20}})
                self._event("message_stop", {"type": "message_stop"})
                self.wfile.flush()
                self.close_connection = True

        return Handler

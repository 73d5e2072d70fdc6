"""A loopback fake of the OpenAI Responses API (`POST /v1/responses`, streamed) for Codex CLI.

Built like fake_anthropic.py: scripted turns, every request recorded. A request that carries
`tools` is the agent's main loop and takes the next scripted turn (one or more function calls,
and/or text); when the script runs out the fake answers "done" and the turn ends. The stream is
the few server-sent events Codex reads: `response.created`, one `response.output_item.done` per
output item, `response.completed` with usage. The server stops itself after `lifetime` seconds.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from .fake_anthropic import Recorded
from .loopback import LoopbackServer, send_json


@dataclass
class Call:
    """One scripted function call: the tool's name and its arguments (sent as a JSON string).
    An MCP tool is offered inside a namespace tool (`mcp__<server>`): its call names the
    namespace and the tool's own name."""

    name: str
    arguments: dict[str, Any]
    namespace: str | None = None


@dataclass
class Reply:
    """One scripted model reply: function calls and/or text."""

    calls: list[Call] = field(default_factory=list)
    text: str = ""

    @classmethod
    def call(cls, name: str, **arguments: Any) -> Reply:
        return cls(calls=[Call(name, arguments)])

    @classmethod
    def mcp(cls, server: str, tool: str, **arguments: Any) -> Reply:
        return cls(calls=[Call(tool, arguments, namespace=f"mcp__{server}")])


class FakeResponses:
    def __init__(self, script: Iterable[Reply | Callable[[dict[str, Any]], Reply]] = (),
                 lifetime: float = 300.0) -> None:
        self.script = list(script)
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._ids = 0
        self._calls = 0  # call ids count calls alone: call_000001, call_000002, ...
        self._server = LoopbackServer(self._handler(), lifetime)

    @property
    def url(self) -> str:
        """The provider's base_url as Codex's config takes it (Codex appends /responses)."""
        return f"http://127.0.0.1:{self._server.port}/v1"

    def __enter__(self) -> FakeResponses:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

    # ------------------------------------------------------------ what the model received

    def main_loop_requests(self) -> list[Recorded]:
        return [r for r in self.requests if r.has_tools and r.path.endswith("/responses")]

    def tool_names(self) -> list[str]:
        """The names of the tools Codex offered the model in its first main-loop request."""
        requests = self.main_loop_requests()
        tools = requests[0].body.get("tools", []) if requests else []
        return [str(t.get("name") or t.get("type")) for t in tools if isinstance(t, dict)]

    def outputs(self) -> dict[str, Any]:
        """call_id → the output the model last received for that call (a function_call_output's
        or custom_tool_call_output's `output`: a string, or a list of content items)."""
        found: dict[str, Any] = {}
        for request in self.main_loop_requests():
            for item in request.body.get("input", []):
                if isinstance(item, dict) and str(item.get("type", "")).endswith("call_output"):
                    found[str(item.get("call_id"))] = item.get("output")
        return found

    def output_text(self, call_id: str) -> str:
        """The output for `call_id` as text (content items' text joined)."""
        output = self.outputs().get(call_id)
        if isinstance(output, list):
            return "".join(str(part.get("text", "")) for part in output if isinstance(part, dict))
        return "" if output is None else str(output)

    # ------------------------------------------------------------ the server

    def _next_reply(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            if body.get("tools") and self.script:
                reply = self.script.pop(0)
                return reply if isinstance(reply, Reply) else reply(body)
            return Reply(text="done")

    def _next_id(self) -> str:
        with self._lock:
            self._ids += 1
            return f"{self._ids:06d}"

    def _items(self, reply: Reply) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        if reply.text:
            items.append({"type": "message", "role": "assistant", "id": f"msg_{self._next_id()}",
                          "status": "completed",
                          "content": [{"type": "output_text", "text": reply.text,
                                       "annotations": []}]})
        for call in reply.calls:
            with self._lock:
                self._calls += 1
                number = f"{self._calls:06d}"
            items.append({"type": "function_call", "id": f"fc_{number}", "status": "completed",
                          "call_id": f"call_{number}", "name": call.name,
                          "arguments": json.dumps(call.arguments),
                          **({"namespace": call.namespace} if call.namespace else {})})
        return items

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # model lists and the like: nothing here
                fake.requests.append(Recorded(self.path, {}))
                send_json(self, 404, json.dumps({"error": {"message": "fake",
                                                           "type": "not_found"}}).encode())

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                try:
                    body: dict[str, Any] = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                with fake._lock:
                    fake.requests.append(Recorded(self.path, body))
                if not self.path.endswith("/responses"):
                    send_json(self, 404, json.dumps({"error": {"message": "fake",
                                                               "type": "not_found"}}).encode())
                    return
                self._stream(fake._items(fake._next_reply(body)), str(body.get("model", "fake")))

            def _event(self, data: dict[str, Any]) -> None:
                self.wfile.write(f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode())

            def _stream(self, items: list[dict[str, Any]], model: str) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.send_header("connection", "close")
                self.end_headers()
                response_id = f"resp_{fake._next_id()}"
                self._event({"type": "response.created",
                             "response": {"id": response_id, "model": model,
                                          "status": "in_progress"}})
                for index, item in enumerate(items):
                    self._event({"type": "response.output_item.done", "output_index": index,
                                 "item": item})
                self._event({"type": "response.completed", "response": {
                    "id": response_id, "model": model, "status": "completed", "output": items,
                    "usage": {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0},
                              "output_tokens": 20,
                              "output_tokens_details": {"reasoning_tokens": 0},
                              "total_tokens": 120}}})
                self.wfile.flush()
                self.close_connection = True

        return Handler

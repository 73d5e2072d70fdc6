"""A Messages API endpoint on loopback that answers slowly on purpose: one byte a second, or
nothing at all. For proving the hook's deadline holds against a hostile or broken provider."""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler

from .loopback import LoopbackServer

REPLY = json.dumps({"id": "msg_1", "type": "message", "role": "assistant", "model": "slow",
                    "content": [{"type": "text", "text": "#1 (lines 1-2)"}],
                    "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 1}})


class SlowModel:
    def __init__(self, mode: str, lifetime: float = 60.0) -> None:
        self.mode = mode  # "drip": a byte a second; "silent": headers never come
        self.requests = 0
        slow = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                slow.requests += 1
                if slow.mode == "silent":
                    time.sleep(lifetime)
                    return
                data = REPLY.encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                for position in range(len(data)):
                    try:
                        self.wfile.write(data[position:position + 1])
                        self.wfile.flush()
                    except OSError:
                        return
                    time.sleep(1.0)

        self._server = LoopbackServer(Handler, lifetime)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.port}"

    def __enter__(self) -> SlowModel:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

"""A Messages API endpoint on loopback that answers slowly on purpose: one byte a second, or
nothing at all. For proving the hook's deadline holds against a hostile or broken provider.

It records what a stopwatch cannot show under load: whether the client hung up while the
answer was still owed (`disconnected`) and whether an answer was ever completed (`finished`).
"""

from __future__ import annotations

import json
import select
import socket
import threading
from http.server import BaseHTTPRequestHandler

from .loopback import LoopbackServer

REPLY = json.dumps({"id": "msg_1", "type": "message", "role": "assistant", "model": "slow",
                    "content": [{"type": "text", "text": "#1 (lines 1-2)"}],
                    "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 1}})


def peer_closed(connection: socket.socket, seconds: float) -> bool:
    """Waits up to `seconds` for the client to close its end; True if it did."""
    if not select.select([connection], [], [], seconds)[0]:
        return False
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except OSError:  # reset by the peer: gone too
        return True


class SlowModel:
    def __init__(self, mode: str, lifetime: float = 60.0) -> None:
        self.mode = mode  # "drip": a byte a second; "silent": headers never come
        self.requests = 0
        self.disconnected = threading.Event()  # the client hung up before the answer was done
        self.finished = False  # a whole answer was sent (never, within any test's deadline)
        slow = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                slow.requests += 1
                if slow.mode == "silent":
                    if peer_closed(self.connection, lifetime):
                        slow.disconnected.set()
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
                        slow.disconnected.set()
                        return
                    if peer_closed(self.connection, 1.0):
                        slow.disconnected.set()
                        return
                slow.finished = True

        self._server = LoopbackServer(Handler, lifetime)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.port}"

    def __enter__(self) -> SlowModel:
        self._server.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.stop()

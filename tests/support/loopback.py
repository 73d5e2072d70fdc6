"""A threaded HTTP server on 127.0.0.1 that stops itself after `lifetime` seconds."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

POLL_SECONDS = 0.02


class LoopbackServer:
    def __init__(self, handler: type[BaseHTTPRequestHandler], lifetime: float) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        # shutdown() waits for the serving loop's next poll: at the default 0.5 s that was a
        # quarter of a second idle per test on average, over hundreds of tests.
        self._thread = threading.Thread(target=self.server.serve_forever,
                                        kwargs={"poll_interval": POLL_SECONDS}, daemon=True)
        self._timer = threading.Timer(lifetime, self.stop)
        self._timer.daemon = True

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    def start(self) -> None:
        self._thread.start()
        self._timer.start()

    def stop(self) -> None:
        self._timer.cancel()
        self.server.shutdown()
        self.server.server_close()


def send_json(handler: BaseHTTPRequestHandler, status: int, data: bytes,
              headers: dict[str, Any] | None = None) -> None:
    handler.send_response(status)
    handler.send_header("content-type", "application/json")
    handler.send_header("content-length", str(len(data)))
    for name, value in (headers or {}).items():
        handler.send_header(name, str(value))
    handler.end_headers()
    handler.wfile.write(data)

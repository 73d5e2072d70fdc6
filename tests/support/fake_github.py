"""A loopback HTTPS fake of GitHub Enterprise's REST API (/api/v3) that serves recorded real
replies: PyGithub's ReplayData bodies from the committed github corpus.

The MCP zoo's API-backed server (github-enterprise-mcp-server) only takes an https:// endpoint,
so the fake serves TLS with a self-signed certificate made here by openssl; the server trusts it
through NODE_EXTRA_CA_CERTS. Each route answers the largest recorded body of its kind (a repository,
its issues, pulls, commits; the authenticated user; up to 150 KB), whatever the owner and name asked for.
"""

from __future__ import annotations

import json
import re
import ssl
import subprocess
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

KINDS: dict[str, Callable[[Any], bool]] = {
    "user": lambda v: isinstance(v, dict) and {"login", "public_repos"} <= set(v),
    "repo": lambda v: isinstance(v, dict) and {"full_name", "owner", "default_branch"} <= set(v),
    "pulls": lambda v: _rows(v) and {"head", "base"} <= set(v[0]),
    "issues": lambda v: _rows(v) and {"number", "title"} <= set(v[0]) and "head" not in v[0],
    "commits": lambda v: _rows(v) and {"sha", "commit"} <= set(v[0]),
}
ROUTES = [(re.compile(r"^/api/v3/user$"), "user"),
          (re.compile(r"^/api/v3/repos/[^/]+/[^/]+$"), "repo"),
          (re.compile(r"^/api/v3/repos/[^/]+/[^/]+/(issues|pulls|commits)$"), "")]


def _rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and isinstance(value[0], dict)


def recorded(github: Path, most: int = 150_000) -> dict[str, Path]:
    """kind → the largest recorded reply of that kind in the github corpus, up to `most` bytes
    (the server pretty-prints it: 2-2.5 times as many chars reach Claude Code)."""
    best: dict[str, tuple[int, str, Path]] = {}
    for path in github.glob("*.json"):
        if path.stat().st_size > most:
            continue
        value = json.loads(path.read_text())
        for kind, test in KINDS.items():
            if test(value):
                key = (path.stat().st_size, path.name, path)
                best[kind] = max(best.get(kind, key), key)
    return {kind: item[2] for kind, item in best.items()}


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "fake-github.pem", folder / "fake-github.key"
    if not cert.exists():
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


@contextmanager
def serve(github: Path, folder: Path) -> Iterator[tuple[str, Path, list[str]]]:
    """(base URL, the certificate to trust, the paths asked for) while the fake runs."""
    replies = recorded(github)
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_: object) -> None:
            pass

        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            asked.append(path)
            for pattern, kind in ROUTES:
                found = pattern.match(path)
                if found:
                    body = replies[kind or found.group(1)].read_bytes()
                    self.send_response(200)
                    self.send_header("content-type", "application/json; charset=utf-8")
                    self.send_header("x-oauth-scopes", "repo, read:org")
                    self.send_header("content-length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
            body = b'{"message": "Not Found"}'
            self.send_response(404)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    cert, key = certificate(folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"https://127.0.0.1:{server.server_address[1]}", cert, asked
    finally:
        server.shutdown()
        server.server_close()

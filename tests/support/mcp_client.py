"""A minimal stdio MCP client (JSON-RPC 2.0, one message per line), standard library only.

It starts a real server process, initializes it as Claude Code does, lists its tools and calls
them, returning each raw `result` exactly as the server sent it (content blocks,
structuredContent, isError). Server notifications and requests in between are skipped (a
request gets an empty error reply so the server never waits on us).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
from pathlib import Path
from typing import Any

PROTOCOL = "2025-06-18"


class McpError(Exception):
    """The server failed to start, answered with an error, or went silent."""


class McpClient:
    def __init__(self, command: list[str], env: dict[str, str] | None = None,
                 cwd: Path | None = None, timeout: float = 120) -> None:
        self.timeout = timeout
        self._ids = 0
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, cwd=cwd,
                                      env={**os.environ, **(env or {})}, text=True,
                                      encoding="utf-8", bufsize=1)
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self) -> None:
        assert self._proc.stdout is not None
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _drain(self) -> None:
        assert self._proc.stderr is not None
        for line in self._proc.stderr:
            self.stderr.append(line)

    def _send(self, message: dict[str, Any]) -> None:
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
        self._proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any] | None = None) -> Any:
        self._ids += 1
        wanted = self._ids
        self._send({"id": wanted, "method": method, "params": params or {}})
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise McpError(f"{method}: no answer in {self.timeout}s; stderr: "
                               f"{''.join(self.stderr)[-1500:]}") from None
            if line is None:
                raise McpError(f"{method}: the server exited; stderr: {''.join(self.stderr)[-1500:]}")
            try:
                message = json.loads(line)
            except ValueError:
                continue  # a server printing a log line on stdout
            if "method" in message and "id" in message:  # a request from the server
                self._send({"id": message["id"], "error": {"code": -32601, "message": "no"}})
                continue
            if message.get("id") != wanted:
                continue
            if "error" in message:
                raise McpError(f"{method}: {message['error']}")
            return message["result"]

    def initialize(self) -> dict[str, Any]:
        result = self.request("initialize", {
            "protocolVersion": PROTOCOL, "capabilities": {},
            "clientInfo": {"name": "garrepa-mcp-zoo", "version": "1"}})
        self._send({"method": "notifications/initialized"})
        return result  # type: ignore[no-any-return]

    def tools(self) -> list[dict[str, Any]]:
        return self.request("tools/list")["tools"]  # type: ignore[no-any-return]

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})  # type: ignore[no-any-return]

    def close(self) -> None:
        if self._proc.stdin:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()

    def __enter__(self) -> McpClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

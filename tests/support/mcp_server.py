"""A tiny stdio MCP server for the end-to-end tests (JSON-RPC 2.0, one message per line).

Tools:
  big_text   {"lines": N}  → one text block of N numbered lines
  handles    {}           → a JSON text block with ids and URLs
"""

from __future__ import annotations

import json
import sys
from typing import Any

TOOLS = [
    {"name": "big_text", "description": "Return N numbered lines of text.",
     "inputSchema": {"type": "object", "properties": {"lines": {"type": "integer"}}}},
    {"name": "handles", "description": "Return a small JSON document.",
     "inputSchema": {"type": "object", "properties": {}}},
]


def call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    if name == "big_text":
        count = int(arguments.get("lines", 10))
        text = "\n".join(f"mcp line {i}: the quick brown fox" for i in range(1, count + 1))
        return {"content": [{"type": "text", "text": text}]}
    if name == "handles":
        doc = {"issues": [{"id": 1001, "key": "PROJ-1", "url": "https://example.test/PROJ-1"}]}
        return {"content": [{"type": "text", "text": json.dumps(doc)}]}
    return {"content": [{"type": "text", "text": f"unknown tool {name}"}], "isError": True}


def respond(message: dict[str, Any]) -> dict[str, Any] | None:
    method = message.get("method")
    if "id" not in message:
        return None  # a notification
    if method == "initialize":
        version = message.get("params", {}).get("protocolVersion", "2025-06-18")
        result: dict[str, Any] = {"protocolVersion": version, "capabilities": {"tools": {}},
                                  "serverInfo": {"name": "probe", "version": "1.0"}}
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        params = message.get("params", {})
        result = call(params.get("name", ""), params.get("arguments") or {})
    elif method == "ping":
        result = {}
    else:
        return {"jsonrpc": "2.0", "id": message["id"],
                "error": {"code": -32601, "message": f"no method {method}"}}
    return {"jsonrpc": "2.0", "id": message["id"], "result": result}


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = respond(json.loads(line))
        except ValueError:
            continue
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()

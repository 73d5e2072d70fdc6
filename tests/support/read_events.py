"""Read hook events the way Claude Code 2.1.328 sends them (measured: A2, A5, H01)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any


def read_response(path: Path, offset: int | None = None, limit: int | None = None) -> dict[str, Any]:
    """Read's `tool_response`: the raw text of the window, without line numbers."""
    try:  # (a directory or a missing file never gets this far in Claude Code: it fails)
        text = path.read_bytes().decode("utf-8-sig", "replace")
    except OSError:
        text = ""
    lines = text.split("\n")
    first = offset or 1
    window = lines[first - 1:first - 1 + limit] if limit is not None else lines[first - 1:]
    return {"type": "text", "file": {"filePath": str(path), "content": "\n".join(window),
                                     "numLines": len(window), "startLine": first,
                                     "totalLines": len(lines)}}


_CALLS = itertools.count(1)


def call_id() -> str:
    """A tool call id of its own for each event, as Claude Code gives one (report counts one
    call once: two journal lines of one id are two handlers of the same call)."""
    return f"toolu_read_{next(_CALLS):06d}"


def post_read(path: Path, cwd: Path | None = None, **tool_input: Any) -> dict[str, Any]:
    """The PostToolUse event of a Read that Claude Code ran (offset/limit as the agent gave)."""
    event: dict[str, Any] = {
        "session_id": "s", "hook_event_name": "PostToolUse", "tool_name": "Read",
        "tool_input": {"file_path": str(path), **tool_input}, "tool_use_id": call_id(),
        "tool_response": read_response(path, tool_input.get("offset"), tool_input.get("limit"))}
    if cwd is not None:
        event["cwd"] = str(cwd)
    return event


def pre_read(path: Path, cwd: Path | None = None, **tool_input: Any) -> dict[str, Any]:
    event: dict[str, Any] = {"session_id": "s", "hook_event_name": "PreToolUse",
                             "tool_name": "Read", "tool_use_id": call_id(),
                             "tool_input": {"file_path": str(path), **tool_input}}
    if cwd is not None:
        event["cwd"] = str(cwd)
    return event

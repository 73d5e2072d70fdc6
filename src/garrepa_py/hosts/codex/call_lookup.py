"""The model's own call, read from Codex's session file: the shell tool's arguments the hook event
leaves out (`tty`, `sandbox_permissions`, `shell`, …).

Codex 0.171.0 writes the `response_item` / `function_call` line to the session (rollout) JSONL
before it runs PreToolUse (measured: 3 of 3 calls found, tests/e2e/test_codex_capture.py). Only
the file's last TAIL_BYTES are read, newest line first; anything unexpected is None (the caller
then leaves the call alone).
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

TAIL_BYTES = 512 * 1024
SHELL_TOOL = "exec_command"


def _payloads(transcript: object, call_id: object, kind: bytes) -> Iterator[dict[str, Any]]:
    """The payloads of the session file's last TAIL_BYTES, newest first, whose line names
    `call_id` and `kind` (a cheap byte test before any line is parsed)."""
    if not isinstance(transcript, str) or not isinstance(call_id, str) or not call_id:
        return
    try:
        from garrepa_py import fs

        size = fs.regular_file_size(transcript)
        if size is None:
            return
        with open(transcript, "rb") as handle:
            handle.seek(max(0, size - TAIL_BYTES))
            tail = handle.read(TAIL_BYTES)
    except (OSError, ValueError):
        return
    needle = json.dumps(call_id).encode()
    for line in reversed(tail.split(b"\n")):
        if needle not in line or kind not in line:
            continue
        try:
            record = json.loads(line)
        except ValueError:
            continue
        payload = record.get("payload") if isinstance(record, dict) else None
        if isinstance(payload, dict):
            yield payload


def exit_code(transcript: object, call_id: object) -> int | None:
    """The exit status of the shell call `call_id`, from its `item_completed` line — written
    before PostToolUse runs (measured: 2 of 2, exit 3 and 1) — or None."""
    for payload in _payloads(transcript, call_id, b"item_completed"):
        item = payload.get("item")
        if payload.get("type") != "item_completed" or not isinstance(item, dict) or \
                item.get("id") != call_id or item.get("type") != "CommandExecution":
            continue
        code = item.get("exit_code")
        return code if isinstance(code, int) and not isinstance(code, bool) else None
    return None


def call_arguments(transcript: object, call_id: object) -> dict[str, object] | None:
    """The arguments of the `exec_command` call `call_id` in the session file, or None."""
    for payload in _payloads(transcript, call_id, b"function_call"):
        if payload.get("type") != "function_call" or payload.get("call_id") != call_id:
            continue
        if payload.get("name") != SHELL_TOOL or payload.get("namespace"):
            return None
        try:
            arguments = json.loads(str(payload.get("arguments")))
        except ValueError:
            return None
        return arguments if isinstance(arguments, dict) else None
    return None


def login_shell() -> str | None:
    """The user's login shell from the password database: where Codex takes the shell it runs
    commands with."""
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_shell or None
    except (ImportError, KeyError, OSError):
        return None

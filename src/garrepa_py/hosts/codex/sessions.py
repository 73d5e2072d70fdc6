"""Codex's session files: what the model received for a call, and what it cost.

Codex 0.171.0 writes one JSONL file per session, CODEX_HOME/sessions/YYYY/MM/DD/
rollout-<time>-<session id>.jsonl (a hook event's `transcript_path` names it). Each line is
`{"timestamp", "ordinal", "type", "payload"}`; the lines read here (measured, fixtures in
tests/e2e/fixtures/codex-0.171.0/sessions/):

- `response_item` / `function_call`: the model's call: `call_id`, `name` (`exec_command` for the
  shell), `namespace` (`mcp__<server>` for an MCP tool), `arguments`.
- `response_item` / `function_call_output`: `output` is exactly what the model received for
  `call_id`: one string for the shell (Codex's header, then its cut of the output), a list of
  `input_text` items for MCP; a hook's block reason replaces it whole.
- `event_msg` / `item_completed` whose `item.id` is the call id: `CommandExecution` with
  `exit_code` and `aggregated_output` (the first 65,536 characters of the output: more than the
  model got, still not all of it), or `McpToolCall` with the server's `result`.
- `token_usage_record`: one per model response (`response_id`, `turn_id`, `usage` with
  input/cached/output/reasoning tokens); `event_msg` / `token_count` repeats the running totals
  and is not read.

Standard library only, and every line is read with doubt: a line that does not parse, or a
value of another type, is skipped, never trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

MAX_SESSION_BYTES = 512 * 1024 * 1024


@dataclass
class Call:
    call_id: str
    tool: str | None = None  # `exec_command`, or `mcp__<server>__<tool>` as hook events name it
    received: str | list[Any] | None = None  # function_call_output's output, as it is
    exit_code: int | None = None
    aggregated_output_chars: int | None = None  # Codex keeps at most 65,536 of them
    item_type: str | None = None  # CommandExecution | McpToolCall

    @property
    def received_chars(self) -> int | None:
        """The characters of text the model received (an MCP output's text items summed)."""
        return text_chars(self.received)


@dataclass(frozen=True)
class Usage:
    response_id: str
    turn_id: str | None
    input_tokens: int
    cached_input_tokens: int
    output_tokens: int
    reasoning_output_tokens: int


@dataclass
class Session:
    calls: dict[str, Call] = field(default_factory=dict)
    usage: list[Usage] = field(default_factory=list)

    def call(self, call_id: str) -> Call | None:
        return self.calls.get(call_id)


def text_chars(output: object) -> int | None:
    if isinstance(output, str):
        return len(output)
    if isinstance(output, list):
        return sum(len(item["text"]) for item in output
                   if isinstance(item, dict) and isinstance(item.get("text"), str))
    return None


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_session(path: str) -> Session:
    """The session file's calls and token usage; an empty Session when it cannot be read."""
    return load(path) or Session()


def load(path: str) -> Session | None:
    """The session file's calls and token usage; None when it cannot be read."""
    session = Session()
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_SESSION_BYTES)
    except (OSError, ValueError):
        return None
    for raw in data.splitlines():
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError):
            continue
        if isinstance(line, dict):
            _take(session, line)
    return session


def _take(session: Session, line: dict[str, Any]) -> None:
    payload = line.get("payload")
    if not isinstance(payload, dict):
        return
    kind, sub = line.get("type"), payload.get("type")
    if kind == "token_usage_record":
        _usage(session, payload)
        return
    if kind == "response_item" and sub in ("function_call", "function_call_output"):
        call_id = payload.get("call_id")
        if not isinstance(call_id, str):
            return
        call = session.calls.setdefault(call_id, Call(call_id))
        if sub == "function_call":
            name, namespace = payload.get("name"), payload.get("namespace")
            if isinstance(name, str):
                call.tool = f"{namespace}__{name}" if isinstance(namespace, str) else name
        elif isinstance(payload.get("output"), (str, list)):
            call.received = payload["output"]
        return
    if kind == "event_msg" and sub == "item_completed":
        item = payload.get("item")
        if not isinstance(item, dict) or item.get("type") not in ("CommandExecution",
                                                                  "McpToolCall"):
            return
        call_id = item.get("id")
        if not isinstance(call_id, str):
            return
        call = session.calls.setdefault(call_id, Call(call_id))
        call.item_type = str(item["type"])
        call.exit_code = _int(item.get("exit_code"))
        aggregated = item.get("aggregated_output")
        if isinstance(aggregated, str):
            call.aggregated_output_chars = len(aggregated)


def _usage(session: Session, payload: dict[str, Any]) -> None:
    usage, response_id = payload.get("usage"), payload.get("response_id")
    if not isinstance(usage, dict) or not isinstance(response_id, str):
        return
    turn = payload.get("turn_id")
    session.usage.append(Usage(
        response_id, turn if isinstance(turn, str) else None,
        _int(usage.get("input_tokens")) or 0, _int(usage.get("cached_input_tokens")) or 0,
        _int(usage.get("output_tokens")) or 0, _int(usage.get("reasoning_output_tokens")) or 0))


def results(path: str) -> dict[str, object] | None:
    """call id → what the model received for it (`report`'s arrival), None when the session
    file cannot be read; calls without an output yet are left out (their replies: unknown)."""
    session = load(path)
    if session is None:
        return None
    return {call_id: call.received for call_id, call in session.calls.items()
            if call.received is not None}


def arrived(print_: str, received: object) -> bool | None:
    """Whether what the model received is the replacement of fingerprint `print_`. A block
    reply's reason replaces the whole output, shell and MCP alike, with one string (measured);
    a list of items is Codex's own MCP output (its texts are compared all the same)."""
    from garrepa_py.hosts import arrival

    if isinstance(received, list):
        texts = [item["text"] for item in received
                 if isinstance(item, dict) and isinstance(item.get("text"), str)]
        return arrival.matches(print_, "".join(texts)) if texts else None
    if isinstance(received, str):
        return arrival.matches(print_, received)
    return None

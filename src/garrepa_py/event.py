"""A hook event, parsed once into a typed record (standard library only).

Claude Code and Codex send every tool event as one JSON object (`session_id, transcript_path,
cwd, hook_event_name, tool_name, tool_input, tool_use_id`, and after the tool ran
`tool_response`; ../shared/claude-code-hooks-measured.md §1, docs/codex-hooks-measured.md). Each
field is taken here once, with its type checked: a field of the wrong type is None, never a
guess. `raw` keeps the object as it came, for the few places that must answer in its own shape
or measure it by the host's rules. `host` is the harness that sent it (hosts/host.py): routes
ask it for the tool shapes they work on and for the reply's shape.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.hosts.host import Host


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


class ToolEvent:
    """One tool event. `tool_input` is the tool's input object (None when it is not one);
    `tool_response` is whatever the tool returned, untyped: each route checks the shape it
    serves (a Bash object, a Read object, MCP blocks or a string)."""

    __slots__ = ("raw", "host", "hook_event", "tool", "session", "tool_use_id", "cwd", "transcript",
                 "agent_id", "tool_input", "tool_response")

    def __init__(self, raw: dict[str, Any], host: Host) -> None:
        self.raw = raw
        self.host = host
        self.hook_event = _text(raw.get("hook_event_name"))
        self.tool = _text(raw.get("tool_name"))
        self.session = _text(raw.get("session_id"))
        self.tool_use_id = _text(raw.get("tool_use_id"))
        self.cwd = _text(raw.get("cwd"))
        self.transcript = _text(raw.get("transcript_path"))
        # inside a subagent (measured, 2.1.332): its id; `transcript_path` still names the main
        # session's file, the subagent's own is <session>/subagents/agent-<id>.jsonl
        self.agent_id = _text(raw.get("agent_id"))
        tool_input = raw.get("tool_input")
        self.tool_input: dict[str, Any] | None = tool_input if isinstance(tool_input, dict) \
            else None
        self.tool_response: Any = raw.get("tool_response")

    def input_text(self, key: str) -> str | None:
        """One string field of the tool's input (`command`, `file_path`), or None."""
        return _text(self.tool_input.get(key)) if self.tool_input is not None else None

    @property
    def post(self) -> bool:
        return self.hook_event == "PostToolUse"

    @property
    def pre(self) -> bool:
        return self.hook_event == "PreToolUse"

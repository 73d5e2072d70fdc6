"""What Codex delivers to the model, and garrepa's reply in Codex's shape (standard library only).

Measured against Codex 0.171.0 (docs/codex-hooks-measured.md): a PostToolUse answer
`{"decision":"block","reason":T}` puts exactly T in place of the call's output (shell and MCP
alike) and the turn goes on; `updatedToolOutput` / `updatedMCPToolOutput` are ignored. Codex cuts
a shell command's output to about 10,100 chars of head and tail before the hook sees it, so the
string the hook gets is what Codex alone delivers (behind a short header of its own: chunk id,
wall time, exit code, token count, not counted here).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def block(text: str) -> dict[str, Any]:
    """The reply that makes `text` the call's output, as the model reads it (its pointer lines
    name a `sed -n`, Codex having no Read tool)."""
    from garrepa_py.hosts.codex.pointers import for_codex

    return {"decision": "block", "reason": for_codex(text)}


def mcp_texts(response: object) -> list[str] | None:
    """The text blocks of an MCP result (`{"content": [...]}`); None: not that shape."""
    content = response.get("content") if isinstance(response, dict) else None
    if not isinstance(content, list) or not all(isinstance(b, dict) for b in content):
        return None
    return [b["text"] for b in content if b.get("type") == "text" and isinstance(b.get("text"), str)]


def response_chars(response: object) -> int | None:
    """The size of what a tool returned to the hook, in characters."""
    if isinstance(response, str):
        return len(response)
    texts = mcp_texts(response)
    return sum(len(t) for t in texts) if texts is not None else None


def event_baseline(event: Mapping[str, Any]) -> int | None:
    """What Codex alone delivers for a PostToolUse event: its own (already cut) text for a
    shell command, the text blocks of an MCP result; None for anything else."""
    if event.get("hook_event_name") != "PostToolUse":
        return None
    tool, response = event.get("tool_name"), event.get("tool_response")
    if tool == "Bash":
        return len(response) if isinstance(response, str) else None
    if isinstance(tool, str) and tool.startswith("mcp__"):
        return response_chars(response)
    return None


def replacement_text(reply: Mapping[str, Any]) -> str | None:
    reason = reply.get("reason")
    return reason if reply.get("decision") == "block" and isinstance(reason, str) else None


def reply_delivered(reply: Mapping[str, Any]) -> int | None:
    """What the model receives of a reply: the block's reason, exactly (measured, 7 of 7)."""
    text = replacement_text(reply)
    return len(text) if text is not None else None


def allow_rewrite(tool_input: Mapping[str, Any], command: str) -> dict[str, Any]:
    """The PreToolUse reply that runs `command` instead of the call's own: `allow` with
    `updatedInput`, the only rewrite Codex 0.171.0 applies (it does not skip approval)."""
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow",
                                   "updatedInput": dict(tool_input, command=command)}}

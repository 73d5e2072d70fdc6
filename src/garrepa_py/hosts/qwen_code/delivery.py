"""What Qwen Code delivers to the model, and garrepa's reply in Qwen Code's shape (standard
library only).

Measured against Qwen Code 0.24.4 (docs/qwen-code-hooks-measured.md): a PostToolUse answer
`{"continue": false, "stopReason": T}` puts exactly T in place of the call's output (the model
gets one text block holding T) and the loop goes on; `decision: block` / `deny` are ignored. The
shell tool's `tool_response` is `{"llmContent": TEXT, "returnDisplay": ...}`, and `llmContent` is
what Qwen Code alone sends the model: the whole output under 30,000 chars, else a notice naming
its saved file and a 4,000-char head and tail (hosts/qwen_code/shell.py).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

SHELL_TOOL = "run_shell_command"
# Qwen Code's own limit for a tool result it sends whole (0.24.4's code: the 25,000-char
# truncate threshold plus 3,000 of headroom); measured past it: an MCP result of 208,892 chars
# reached the model as a 2,529-char notice and preview
MCP_INLINE_CHARS = 28_000


def stop(text: str) -> dict[str, Any]:
    """The reply that makes `text` the call's output, as the model reads it."""
    return {"continue": False, "stopReason": text}


def llm_content(response: object) -> str | None:
    content = response.get("llmContent") if isinstance(response, dict) else None
    return content if isinstance(content, str) else None


def response_chars(response: object) -> int | None:
    """The size of what a tool returned to the hook, in chars (a shell call's `llmContent`, an
    MCP result's text parts)."""
    content = llm_content(response)
    if content is not None:
        return len(content)
    parts = response.get("llmContent") if isinstance(response, dict) else None
    if isinstance(parts, list) and all(isinstance(p, dict) for p in parts):
        return sum(len(p["text"]) for p in parts if isinstance(p.get("text"), str))
    return None


def event_baseline(event: Mapping[str, Any]) -> int | None:
    """What Qwen Code alone delivers for a PostToolUse event: a shell call's `llmContent`; an
    MCP result's text up to MCP_INLINE_CHARS (past it Qwen Code sends a notice and a
    preview whose exact size is not modelled here: None, unknown)."""
    if event.get("hook_event_name") != "PostToolUse":
        return None
    tool, response = event.get("tool_name"), event.get("tool_response")
    if tool == SHELL_TOOL:
        return response_chars(response)
    if isinstance(tool, str) and tool.startswith("mcp__"):
        from garrepa_py.hosts.qwen_code.mcp import texts_of

        texts = texts_of(response)
        size = None if not isinstance(texts, list) else sum(len(t) for t in texts)
        return size if size is not None and size <= MCP_INLINE_CHARS else None
    return None


def replacement_text(reply: Mapping[str, Any]) -> str | None:
    reason = reply.get("stopReason")
    return reason if reply.get("continue") is False and isinstance(reason, str) else None


def reply_delivered(reply: Mapping[str, Any]) -> int | None:
    """What the model receives of a reply: the stop reason, exactly (measured)."""
    text = replacement_text(reply)
    return len(text) if text is not None else None

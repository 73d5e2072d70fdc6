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


def stop(text: str) -> dict[str, Any]:
    """The reply that makes `text` the call's output, as the model reads it."""
    return {"continue": False, "stopReason": text}


def llm_content(response: object) -> str | None:
    content = response.get("llmContent") if isinstance(response, dict) else None
    return content if isinstance(content, str) else None


def response_chars(response: object) -> int | None:
    """The size of what a tool returned to the hook (what Qwen Code gives the model), in chars."""
    content = llm_content(response)
    return len(content) if content is not None else None


def event_baseline(event: Mapping[str, Any]) -> int | None:
    """What Qwen Code alone delivers for a PostToolUse shell event: its `llmContent`."""
    if event.get("hook_event_name") != "PostToolUse" or event.get("tool_name") != SHELL_TOOL:
        return None
    return response_chars(event.get("tool_response"))


def replacement_text(reply: Mapping[str, Any]) -> str | None:
    reason = reply.get("stopReason")
    return reason if reply.get("continue") is False and isinstance(reason, str) else None


def reply_delivered(reply: Mapping[str, Any]) -> int | None:
    """What the model receives of a reply: the stop reason, exactly (measured)."""
    text = replacement_text(reply)
    return len(text) if text is not None else None

"""Qwen Code's MCP result (tool_name `mcp__<server>__<tool>`, `tool_response {"llmContent":
[parts], "returnDisplay"}`, measured 0.24.4): each text block is a part `{"text": T}`. The hook
sees the WHOLE result: Qwen Code saves a large one to a file and shows the model a notice with a
2,000-char preview only after the hook ran. The stop reply replaces the whole result with one
string, so a result holding anything but text (an image part) passes whole.
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent


def texts_of(response: object) -> list[str] | Pass:
    """The text blocks of an MCP result, or why not."""
    parts = response.get("llmContent") if isinstance(response, dict) else None
    if isinstance(parts, str):
        return [parts]
    if not isinstance(parts, list) or not all(isinstance(p, dict) for p in parts):
        return Pass("unknown-shape")
    if not all(set(p) == {"text"} and isinstance(p["text"], str) for p in parts):
        return Pass("non-text-block")  # a stop reply would drop it
    return [p["text"] for p in parts]


class QwenMcp:
    __slots__ = ("blocks", "size")

    def __init__(self, blocks: list[str]) -> None:
        self.blocks = blocks
        self.size = sum(len(t) for t in blocks)

    def saved(self) -> str | None:
        return None  # the hook sees the whole result before Qwen Code saves it

    def texts(self) -> list[str] | Pass:
        return self.blocks

    def reply(self, text: str) -> dict[str, Any]:
        from garrepa_py.hosts.qwen_code.delivery import stop

        return stop(text)


def take(event: ToolEvent) -> QwenMcp | Pass:
    texts = texts_of(event.tool_response)
    return texts if isinstance(texts, Pass) else QwenMcp(texts)


def small(event: ToolEvent, threshold: int) -> bool:
    taken = take(event)
    return not isinstance(taken, Pass) and taken.size < threshold

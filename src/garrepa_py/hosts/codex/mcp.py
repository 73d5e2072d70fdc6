"""Codex's MCP result: `tool_response` is `{"content": [blocks]}` (tool_name `mcp__server__tool`,
measured 0.171.0). The only reply Codex honours, `decision: block`, replaces the whole content
list with one string, so a result holding anything but text (an image) passes whole.
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent


class CodexMcp:
    __slots__ = ("shape", "blocks", "size")

    def __init__(self, shape: object, blocks: list[str]) -> None:
        self.shape = shape
        self.blocks = blocks
        self.size = sum(len(t) for t in blocks)

    def saved(self) -> str | None:
        return None  # Codex saves no file of a large result

    def texts(self) -> list[str] | Pass:
        return self.blocks

    def reply(self, text: str) -> dict[str, Any]:
        from garrepa_py.hosts.codex.delivery import block

        return block(text)


def take(event: ToolEvent) -> CodexMcp | Pass:
    from garrepa_py.hosts.codex.delivery import mcp_texts

    response = event.tool_response
    texts = mcp_texts(response)
    if texts is None:
        return Pass("unknown-shape")
    if any(b.get("type") != "text" for b in response["content"]):
        return Pass("non-text-block")  # a block reply would drop it
    return CodexMcp(response, texts)


def small(event: ToolEvent, threshold: int) -> bool:
    taken = take(event)
    return not isinstance(taken, Pass) and taken.size < threshold

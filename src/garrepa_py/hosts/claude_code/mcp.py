"""Claude Code's MCP result: Anthropic content blocks, a compact-JSON string (structuredContent),
or, past its token cap, a string naming the file it saved the result to
(hosts/claude_code/saved_output.py). The reply keeps that shape: blocks for blocks (images and
their pointers stay in place, untouched), a string for a string.
"""

from __future__ import annotations

from garrepa_py.hosts.host import Pass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.event import ToolEvent

MAX_SAVED_BYTES = 16 * 1024 * 1024
IMAGE_POINTER = "[Image: source:"
SAVED_NOTICE = "Error: result ("


def _is_text(block: dict[str, Any]) -> bool:
    return block.get("type") == "text" and isinstance(block.get("text"), str) \
        and not block["text"].startswith(IMAGE_POINTER)


class McpResult:
    __slots__ = ("event", "shape", "size", "_saved")

    def __init__(self, event: ToolEvent, shape: str | list[dict[str, Any]], size: int) -> None:
        self.event = event
        self.shape = shape
        self.size = size  # chars of its text blocks (of the notice, for a saved result)
        self._saved: tuple[str | None] | None = None

    def saved(self) -> str | None:
        """Claude Code's own file of the exact result, when the result is its genuine notice."""
        if self._saved is None:
            from garrepa_py.hosts.claude_code.saved_output import mcp_notice_path

            self._saved = (mcp_notice_path(self.event, self.shape)
                           if isinstance(self.shape, str) else None,)
        return self._saved[0]

    def texts(self) -> list[str] | Pass:
        """The result's text blocks (a saved result: its file's text, never cut)."""
        if not isinstance(self.shape, str):
            return [str(b["text"]) for b in self.shape if _is_text(b)]
        saved = self.saved()
        if saved is None:
            return [self.shape]
        from garrepa_py import fs

        try:
            data = fs.read_bounded(saved, MAX_SAVED_BYTES, follow=False)
        except fs.Refused as exc:
            return Pass(f"saved-file-{exc.reason}")  # never cut: the agent keeps it whole
        except OSError:
            return Pass("saved-file-unreadable")
        return [data.decode("utf-8", "replace")]

    def reply(self, text: str) -> dict[str, Any]:
        output: Any
        if isinstance(self.shape, str):
            output = text
        else:
            output = []
            placed = False
            for block in self.shape:
                is_text = block.get("type") == "text" and not str(block.get("text", "")).startswith(
                    IMAGE_POINTER)
                if not is_text:
                    output.append(block)  # images and their pointers stay in place, untouched
                elif not placed:
                    output.append({"type": "text", "text": text})
                    placed = True
        return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": output}}


def take(event: ToolEvent) -> McpResult | Pass:
    response = event.tool_response
    if isinstance(response, str):
        return McpResult(event, response, len(response))
    if isinstance(response, list) and all(isinstance(b, dict) for b in response):
        if any(b.get("type") not in ("text", "image") for b in response):
            return Pass("unknown-block-type")
        return McpResult(event, response, sum(len(b["text"]) for b in response if _is_text(b)))
    return Pass("unknown-shape")


def small(event: ToolEvent, threshold: int) -> bool:
    """Under the threshold, from the event alone (a notice of a saved result never is)."""
    response = event.tool_response
    if isinstance(response, str) and not response.startswith(SAVED_NOTICE) \
            and len(response) < threshold:
        return True
    if isinstance(response, list) and all(isinstance(b, dict) for b in response):
        texts = [b.get("text") for b in response if b.get("type") == "text"]
        if sum(len(t) for t in texts if isinstance(t, str)) < threshold and all(
                b.get("type") in ("text", "image") for b in response):
            return True
    return False

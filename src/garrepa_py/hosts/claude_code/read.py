"""Claude Code's Read tool: the window a PostToolUse Read result holds, and the two channels a
map travels in (standard library only).

Measured on Claude Code 2.1.328 and 2.1.332 (tests/e2e/test_claude_channels.py): text in
`additionalContext` becomes a system-role message for the current models, with more authority
than the file it came from had; a PostToolUse `updatedToolOutput` in the Read shape and a
PreToolUse deny reason both arrive inside the Read's own tool_result. So a map only ever travels
in those two. Claude Code numbers the lines of a rewritten Read from its `startLine`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Window:
    """The part of the file Claude Code read, as its PostToolUse `tool_response` holds it."""

    __slots__ = ("file", "content", "first", "lines")

    def __init__(self, file: dict[str, Any], content: str, first: int) -> None:
        self.file = file
        self.content = content
        self.first = first
        self.lines = content.split("\n")

    @classmethod
    def of(cls, response: object) -> Window | None:
        """The window of a Read result in the shape measured (B20, H09); None for any other."""
        if not isinstance(response, dict) or response.get("type") != "text":
            return None
        file = response.get("file")
        if not isinstance(file, dict) or not isinstance(file.get("filePath"), str):
            return None
        content, first = file.get("content"), file.get("startLine")
        counts = (first, file.get("numLines"), file.get("totalLines"))
        if not isinstance(content, str) or not isinstance(first, int) or not all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            return None
        return cls(file, content, max(first, 1))


def post_reply(window: Window, content: str) -> dict[str, Any]:
    """PostToolUse `updatedToolOutput` in the Read shape: Claude Code renders it as the Read's
    own result, numbered from the window's first line."""
    file = dict(window.file, content=content, numLines=content.count("\n") + 1,
                startLine=window.first)
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                   "updatedToolOutput": {"type": "text", "file": file}}}


def deny_reply(reason: str) -> dict[str, Any]:
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                   "permissionDecisionReason": reason}}

"""Files Claude Code saved a large tool result to: accepted only in their exact place and shape.

A tool result is somebody else's text. When it names a file, that name is believed only if it
is exactly where Claude Code 2.1.328 writes (measured): `<transcript without .jsonl>/tool-results/`
of this very session, a plain file name, no symlink as the last part. The MCP notice must also
have its exact shape and stand at the very start of a short result. Anything else is content.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# "Error: result (438,893 characters across 30,000 lines) exceeds maximum allowed tokens.
#  Output has been saved to /…/<session>/tool-results/mcp-probe-big_text-1796036502641-fof7b6.txt.
#  Format: Plain text\nUse offset and limit parameters…"
NOTICE_HEAD = "Error: result ("
NOTICE_SAVED = " exceeds maximum allowed tokens. Output has been saved to "
MAX_NOTICE_CHARS = 4000
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def tool_results_dir(event: dict[str, Any]) -> str | None:
    """This session's tool-results folder, from the harness's own transcript path."""
    transcript = event.get("transcript_path")
    session = event.get("session_id")
    if not isinstance(transcript, str) or not isinstance(session, str) or not session:
        return None
    if "\0" in transcript or not os.path.isabs(transcript):
        return None
    if os.path.basename(transcript) != f"{session}.jsonl":
        return None
    return os.path.join(transcript[: -len(".jsonl")], "tool-results")


def accepted_path(event: dict[str, Any], path: object) -> str | None:
    """`path` when it names a plain file directly in this session's tool-results folder."""
    folder = tool_results_dir(event)
    if folder is None or not isinstance(path, str) or "\0" in path:
        return None
    name = os.path.basename(path)
    if not name.endswith(".txt") or name.startswith(".") or not set(name) <= NAME_CHARS:
        return None
    if os.path.normpath(os.path.dirname(path)) != os.path.normpath(folder):
        return None
    if os.path.dirname(path) != os.path.dirname(os.path.normpath(path)):
        return None  # "..", "//" or "." on the way
    try:
        if os.path.realpath(os.path.dirname(path)) != os.path.realpath(folder):
            return None
    except (OSError, ValueError):
        return None
    return path


def mcp_notice_path(event: dict[str, Any], text: str) -> str | None:
    """The saved file an over-the-token-cap MCP notice names, when the notice is genuine."""
    if len(text) > MAX_NOTICE_CHARS or not text.startswith(NOTICE_HEAD):
        return None
    line, _, rest = text.partition("\n")
    if not rest.startswith("Format: "):
        return None
    counts, marker, tail = line[len(NOTICE_HEAD):].partition(")")
    words = counts.split(" ")
    if (not marker or words[1:3] != ["characters", "across"] or words[4:] != ["lines"]
            or not tail.startswith(NOTICE_SAVED) or not tail.endswith(".")):
        return None
    if not all(w.replace(",", "").isdigit() for w in (words[0], words[3])):
        return None
    path = tail[len(NOTICE_SAVED):-1]
    if " " in path:
        return None
    return accepted_path(event, path)

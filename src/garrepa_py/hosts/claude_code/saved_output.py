"""Files Claude Code saved a large tool result to: accepted only in their exact place and shape.

A tool result is somebody else's text. When it names a file, that name is believed only if it
is exactly where Claude Code 2.1.328 writes (measured): `<transcript without .jsonl>/tool-results/`
of this very session, a plain file name, no symlink as the last part. The MCP notice must also
have its exact shape and stand at the very start of a short result. Anything else is content.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.event import ToolEvent

# The notice Claude Code 2.1.328-2.1.332 prints for an MCP result over its token cap (from the
# binary's template): "Error: result (<size>) exceeds maximum allowed tokens. Output has been
# saved to <path>.\nFormat: <format>\n…", where <size> is "N characters across M lines",
# "N characters across 1 line" (one text block on one line: compact JSON) or "N characters"
# (JSON it laid out itself: structuredContent, several blocks), each number by
# toLocaleString (1,837,501, or 1.837.501 / 1 837 501 in other locales, or no separator).
# When the saved file holds only part of the result, a "Note:" says so: that is no exact
# original, and the notice passes. "Failed to save output to file" names no file.
NOTICE_HEAD = "Error: result ("
NOTICE_SAVED = " exceeds maximum allowed tokens. Output has been saved to "
_NUMBER = r"\d{1,3}(?:[,.'\u00a0\u202f ]\d{2,3})*|\d+"
NOTICE_SIZE = re.compile(rf"({_NUMBER}) characters(?: across ({_NUMBER}) (lines?))?")
PARTIAL_NOTES = ("\nNote: the output exceeded the persist byte limit;",
                 "\nNote: the output was cut before it was saved;")
MAX_NOTICE_CHARS = 4000
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")


def tool_results_dir(event: ToolEvent) -> str | None:
    """This session's tool-results folder, from the harness's own transcript path."""
    transcript, session = event.transcript, event.session
    if transcript is None or not session:
        return None
    if "\0" in transcript or not os.path.isabs(transcript):
        return None
    if os.path.basename(transcript) != f"{session}.jsonl":
        return None
    return os.path.join(transcript[: -len(".jsonl")], "tool-results")


def accepted_path(event: ToolEvent, path: object) -> str | None:
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


def mcp_notice_path(event: ToolEvent, text: str) -> str | None:
    """The saved file an over-the-token-cap MCP notice names, when the notice is genuine."""
    if len(text) > MAX_NOTICE_CHARS or not text.startswith(NOTICE_HEAD):
        return None
    line, _, rest = text.partition("\n")
    if not rest.startswith("Format: ") or any(note in text for note in PARTIAL_NOTES):
        return None
    counts, marker, tail = line[len(NOTICE_HEAD):].partition(")")
    size = NOTICE_SIZE.fullmatch(counts)
    if (not marker or size is None or not tail.startswith(NOTICE_SAVED)
            or not tail.endswith(".")):
        return None
    if size.group(3) and (size.group(3) == "line") != (_digits(size.group(2)) == 1):
        return None  # "1 line", "2 lines": the template's own agreement
    path = tail[len(NOTICE_SAVED):-1]
    if " " in path:
        return None
    return accepted_path(event, path)


def _digits(number: str) -> int:
    return int("".join(c for c in number if c.isdigit()))

"""Claude Code's Grep and Glob results: the text a route digests, and the reply in the tool's own
shape (measured: docs/measured-search-tools.md). Claude Code checks a reply against the tool's
schema and drops one that does not fit silently, or renders it as "No files found".
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SearchResult:
    """A Grep or Glob result: `field` holds it (`content` or `filenames`), `text` one a line."""

    __slots__ = ("response", "field", "text")

    def __init__(self, response: dict[str, Any], field: str, text: str) -> None:
        self.response = response
        self.field = field
        self.text = text

    def reply(self, text: str) -> dict[str, Any]:
        output = _replaced(self.response, self.field, text)
        return {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                       "updatedToolOutput": output}}


def take(tool: str | None, response: Any) -> SearchResult | None:
    taken = _text_of(tool, response)
    return SearchResult(response, *taken) if taken is not None else None


def _text_of(tool: str | None, response: Any) -> tuple[str, str] | None:
    """(which field holds the result, its text): `content` for a Grep in content or count
    mode, `filenames` (joined by newlines) for Glob and files_with_matches; None unless the
    result has the shape Claude Code checks a reply against (measured: Grep needs mode,
    numFiles, filenames and content; Glob filenames, numFiles, truncated, durationMs), or the
    reply would be dropped silently, or rendered as "No files found"."""
    if not isinstance(response, dict):
        return None
    names = response.get("filenames")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or \
            not _int(response.get("numFiles")):
        return None
    if tool == "Glob":
        if not isinstance(response.get("truncated"), bool) or not names:
            return None
        return "filenames", "\n".join(names)
    mode, content = response.get("mode"), response.get("content")
    if mode in ("content", "count") and isinstance(content, str) and content:
        return "content", content
    if mode == "files_with_matches" and names:
        return "filenames", "\n".join(names)
    return None


def _replaced(response: dict[str, Any], field: str, text: str) -> dict[str, Any]:
    """The tool's own shape with the digest in it, and the counts Claude Code renders set to
    what they say of the digest (measured: Grep's "Found N files" header is `numFiles`, its
    pagination footer `appliedLimit`, Glob's "Showing N of M" note `truncated`): nothing it
    prints about the replacement is untrue. What the tool itself cut (Grep's limit, Glob's 100
    files) is said in the digest's last line instead."""
    output = {k: v for k, v in response.items() if k != "appliedLimit"}
    limit = response.get("appliedLimit")
    total = response.get("totalMatches")
    if _int(limit):
        text += (f"\n[garrepa: Claude Code's Grep had already cut this result to {limit:,} "
                 "entries (head_limit): the rest is not in it]")
    elif response.get("truncated") is True and _int(total):
        text += (f"\n[garrepa: Claude Code's Glob returned {len(response['filenames']):,} of "
                 f"{total:,} matching files: narrow the pattern or path to see the rest]")
    if field == "content":
        output["content"] = text
        if "numLines" in output:
            output["numLines"] = text.count("\n") + 1
    else:
        output["filenames"] = text.split("\n")
        output["numFiles"] = len(output["filenames"])
        if "truncated" in output:
            output["truncated"] = False
    return output

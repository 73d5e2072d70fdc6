"""Claude Code's Read (hosts/claude_code/read.py): the window of a PostToolUse Read result in the
measured shape, and the two replies a map travels in (the Read's own result, a deny reason)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts.claude_code import read

from ...support.read_events import read_response

DOCS = Path(__file__).parents[3] / "README.md"


def test_the_window_of_a_whole_file_read() -> None:
    response = read_response(DOCS)
    window = read.Window.of(response)
    assert window is not None
    text = DOCS.read_text()
    assert (window.content, window.first) == (text, 1)
    assert window.lines == text.split("\n")
    assert window.file is response["file"]


def test_the_window_of_an_offset_read_starts_at_its_line() -> None:
    window = read.Window.of(read_response(DOCS, offset=40, limit=20))
    assert window is not None
    assert window.first == 40 and len(window.lines) == 20
    assert window.lines[0] == DOCS.read_text().split("\n")[39]


def test_a_start_line_of_zero_is_read_as_one() -> None:
    response = read_response(DOCS)
    response["file"]["startLine"] = 0
    window = read.Window.of(response)
    assert window is not None and window.first == 1


def broken(change: dict[str, Any], file: bool = True) -> dict[str, Any]:
    response = read_response(DOCS, limit=3)
    (response["file"] if file else response).update(change)
    return response


@pytest.mark.parametrize("response", [
    None, "text", [], {"type": "image", "file": {}},
    broken({"type": "notebook"}, file=False), broken({"file": "x"}, file=False),
    broken({"filePath": None}), broken({"content": None}), broken({"startLine": "1"}),
    broken({"numLines": -1}), broken({"totalLines": True}), broken({"numLines": 2.0}),
])
def test_any_other_shape_has_no_window(response: object) -> None:
    assert read.Window.of(response) is None


def test_the_post_reply_is_the_read_shape_numbered_from_the_window() -> None:
    window = read.Window.of(read_response(DOCS, offset=40, limit=20))
    assert window is not None
    reply = read.post_reply(window, "line a\nline b\nline c")
    file = dict(window.file, content="line a\nline b\nline c", numLines=3, startLine=40)
    assert reply == {"hookSpecificOutput": {"hookEventName": "PostToolUse",
                                            "updatedToolOutput": {"type": "text", "file": file}}}
    assert window.file["content"] != "line a\nline b\nline c"  # the event's own is untouched


def test_the_deny_reply_carries_the_reason_the_model_reads() -> None:
    assert read.deny_reply("the map of docs/guide.md") == {"hookSpecificOutput": {
        "hookEventName": "PreToolUse", "permissionDecision": "deny",
        "permissionDecisionReason": "the map of docs/guide.md"}}

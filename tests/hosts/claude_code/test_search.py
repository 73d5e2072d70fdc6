"""Claude Code's Grep and Glob results (hosts/claude_code/search.py), in the shapes measured on
2.1.328/2.1.332 (docs/measured-search-tools.md): the text a route digests, and a reply in the
tool's own shape whose counts say nothing untrue about the digest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts.claude_code import search

from ...conftest import REPO

PATHS = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "src").rglob("*.py"))
MATCHES = "".join(f"{p}:1:\"\"\"{p}\n" for p in PATHS)


def grep(mode: str, **more: Any) -> dict[str, Any]:
    if mode == "content":
        return {"mode": "content", "numFiles": 0, "filenames": [], "content": MATCHES,
                "numLines": len(PATHS), "totalLines": len(PATHS), **more}
    if mode == "count":
        return {"mode": "count", "numFiles": len(PATHS), "filenames": [],
                "content": "".join(f"{p}:1\n" for p in PATHS), "numMatches": len(PATHS), **more}
    return {"mode": "files_with_matches", "filenames": PATHS, "numFiles": len(PATHS),
            "totalFiles": len(PATHS), **more}


def glob(**more: Any) -> dict[str, Any]:
    return {"filenames": PATHS[:100], "durationMs": 14, "numFiles": 100, "truncated": False,
            "totalMatches": 100, "countIsComplete": True, **more}


def test_content_and_count_modes_are_their_content() -> None:
    for mode in ("content", "count"):
        result = search.take("Grep", grep(mode))
        assert result is not None
        assert (result.field, result.text) == ("content", grep(mode)["content"])


def test_files_and_glob_are_their_names_one_a_line() -> None:
    files = search.take("Grep", grep("files_with_matches"))
    paths = search.take("Glob", glob())
    assert files is not None and paths is not None
    assert (files.field, files.text) == ("filenames", "\n".join(PATHS))
    assert (paths.field, paths.text) == ("filenames", "\n".join(PATHS[:100]))


@pytest.mark.parametrize("tool,response", [
    ("Grep", {"mode": "content", "content": "a:1:x"}),  # schema_invalid without the counts
    ("Grep", {"numFiles": 0, "filenames": [], "content": "a:1:x"}),  # no mode
    ("Grep", grep("content", content="")), ("Grep", grep("files_with_matches", filenames=[])),
    ("Grep", grep("content", numFiles=True)), ("Grep", grep("content", numFiles="0")),
    ("Grep", grep("files_with_matches", filenames=["a", 1])),
    ("Glob", glob(truncated="no")), ("Glob", glob(filenames=[])), ("Glob", "a\nb"),
    ("Grep", "GREP-PLAIN-STRING"), ("Grep", None)])
def test_a_shape_claude_code_would_drop_or_misrender_is_not_taken(
        tool: str, response: object) -> None:
    assert search.take(tool, response) is None


def updated(reply: dict[str, Any]) -> dict[str, Any]:
    output: dict[str, Any] = reply["hookSpecificOutput"]["updatedToolOutput"]
    assert reply["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    return output


def test_a_content_reply_sets_content_and_its_line_count() -> None:
    result = search.take("Grep", grep("content"))
    assert result is not None
    output = updated(result.reply("one\ntwo\nthree"))
    assert output == dict(grep("content"), content="one\ntwo\nthree", numLines=3)


def test_a_names_reply_sets_the_names_and_the_header_count() -> None:
    result = search.take("Grep", grep("files_with_matches"))
    assert result is not None
    output = updated(result.reply("src/a.py\nsrc/b.py"))
    assert (output["filenames"], output["numFiles"]) == (["src/a.py", "src/b.py"], 2)
    assert output["totalFiles"] == len(PATHS)  # not rendered: kept as it came


def test_grep_cut_by_its_limit_says_so_in_the_digest_not_in_a_footer() -> None:
    result = search.take("Grep", grep("content", appliedLimit=250))
    assert result is not None
    output = updated(result.reply("digest"))
    assert "appliedLimit" not in output
    assert output["content"] == ("digest\n[garrepa: Claude Code's Grep had already cut this "
                                 "result to 250 entries (head_limit): the rest is not in it]")
    assert output["numLines"] == 2


def test_a_truncated_glob_says_how_many_it_returned_and_is_no_longer_truncated() -> None:
    result = search.take("Glob", glob(truncated=True, totalMatches=1398))
    assert result is not None
    output = updated(result.reply("src/\n  100 files"))
    assert output["filenames"] == ["src/", "  100 files",
                                   "[garrepa: Claude Code's Glob returned 100 of 1,398 matching "
                                   "files: narrow the pattern or path to see the rest]"]
    assert (output["numFiles"], output["truncated"]) == (3, False)


def test_the_event_response_is_never_changed() -> None:
    response = grep("content", appliedLimit=250)
    before = dict(response)
    result = search.take("Grep", response)
    assert result is not None
    result.reply("digest")
    assert response == before and Path(PATHS[0]).suffix == ".py"

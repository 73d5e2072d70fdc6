"""Files Claude Code saved a large result to (hosts/claude_code/saved_output.py): a path is
believed only in this session's own tool-results folder, and an MCP notice only in the exact
shape of Claude Code 2.1.328-2.1.332's template."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from garrepa_py.event import ToolEvent
from garrepa_py.hosts import registry
from garrepa_py.hosts.claude_code import saved_output

from ...conftest import SESSION_ID, session_fields, tool_results_dir


def event(tmp_path: Path, **fields: object) -> ToolEvent:
    return ToolEvent({"hook_event_name": "PostToolUse", "tool_name": "mcp__github__get_gist",
                      **session_fields(tmp_path), **fields}, registry.DEFAULT)


def saved_file(tmp_path: Path, name: str = "mcp-github-get_gist-1764842000000.txt") -> str:
    path = tool_results_dir(tmp_path) / name
    path.write_text('{"files": {}}')
    return str(path)


def notice(size: str, path: str, tail: str = "") -> str:
    """The notice as the binary's template writes it."""
    return (f"Error: result ({size}) exceeds maximum allowed tokens. Output has been saved to "
            f"{path}.\nFormat: JSON with schema: {{files: object}}\nUse offset and limit"
            f" parameters to read specific portions of the file.{tail}")


def test_the_folder_is_beside_this_session_transcript(tmp_path: Path) -> None:
    folder = saved_output.tool_results_dir(event(tmp_path))
    assert folder == str(tool_results_dir(tmp_path))
    assert folder.endswith(f"/{SESSION_ID}/tool-results")


@pytest.mark.parametrize("fields", [
    {"transcript_path": None}, {"session_id": ""},
    {"transcript_path": "relative/0b6f5c1e-session.jsonl"},
    {"transcript_path": "/h/.claude/projects/-p/another-session.jsonl"},
    {"transcript_path": "/h/.claude/projects/-p/0b6f5c1e-session.jsonl\0"}])
def test_no_folder_without_this_session_own_absolute_transcript(
        tmp_path: Path, fields: dict[str, object]) -> None:
    assert saved_output.tool_results_dir(event(tmp_path, **fields)) is None


def test_a_plain_txt_file_in_the_folder_is_accepted(tmp_path: Path) -> None:
    path = saved_file(tmp_path, "bkz6e3w1q.txt")
    assert saved_output.accepted_path(event(tmp_path), path) == path


@pytest.mark.parametrize("name", [
    "../escape.txt", ".hidden.txt", "out.json", "sp ace.txt", "semi;colon.txt", "naïve.txt"])
def test_names_outside_the_measured_shape_are_refused(tmp_path: Path, name: str) -> None:
    path = os.path.join(str(tool_results_dir(tmp_path)), name)
    assert saved_output.accepted_path(event(tmp_path), path) is None


def test_another_folder_or_a_roundabout_path_is_refused(tmp_path: Path) -> None:
    folder = str(tool_results_dir(tmp_path))
    e = event(tmp_path)
    other = tmp_path / "elsewhere"
    other.mkdir()
    assert saved_output.accepted_path(e, str(other / "x.txt")) is None
    assert saved_output.accepted_path(e, folder + "/./x.txt") is None
    assert saved_output.accepted_path(e, folder + "/../tool-results/x.txt") is None
    assert saved_output.accepted_path(e, 42) is None
    assert saved_output.accepted_path(e, folder + "/x\0.txt") is None


@pytest.mark.parametrize("size", [
    "1,837,501 characters across 1 line", "1.837.501 characters across 2,010 lines",
    "1\u202f837\u202f501 characters", "1837501 characters across 3 lines"])
def test_a_genuine_notice_names_its_file(tmp_path: Path, size: str) -> None:
    path = saved_file(tmp_path)
    assert saved_output.mcp_notice_path(event(tmp_path), notice(size, path)) == path


@pytest.mark.parametrize("size", [
    "12 characters across 1 lines", "12 characters across 2 line", "many characters",
    "12 chars"])
def test_a_size_the_template_never_writes_is_content(tmp_path: Path, size: str) -> None:
    assert saved_output.mcp_notice_path(event(tmp_path), notice(size, saved_file(tmp_path))) is None


def test_a_notice_that_is_not_at_the_start_or_is_long_or_partial_is_content(
        tmp_path: Path) -> None:
    path = saved_file(tmp_path)
    e = event(tmp_path)
    genuine = notice("10 characters", path)
    assert saved_output.mcp_notice_path(e, " " + genuine) is None
    assert saved_output.mcp_notice_path(e, genuine + "x" * 4000) is None
    assert saved_output.mcp_notice_path(e, genuine.replace("\nFormat: ", "\nformat: ")) is None
    for note in saved_output.PARTIAL_NOTES:
        assert saved_output.mcp_notice_path(e, genuine + note + " 64MB") is None
    spaced = notice("10 characters", str(tool_results_dir(tmp_path) / "a b.txt"))
    assert saved_output.mcp_notice_path(e, spaced) is None

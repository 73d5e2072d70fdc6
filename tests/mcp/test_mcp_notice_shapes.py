"""Every shape of Claude Code's over-the-token-cap MCP notice, through the real hook process.

The template (2.1.328 and 2.1.332 alike): `(N characters across M lines)`, `(N characters
across 1 line)` for one text block on one line (compact JSON, the most common big result) and
`(N characters)` for JSON Claude Code laid out itself; numbers by toLocaleString. A notice
whose file holds only part of the result, or that names no file, passes as it is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py import journal
from garrepa_py.event import ToolEvent
from garrepa_py.hosts.claude_code.host import HOST
from garrepa_py.hosts.claude_code.saved_output import mcp_notice_path

from ..conftest import session_fields, tool_results_dir
from ..routes.test_mcp import issues_json, post  # noqa: F401  (issues_json is a fixture)

TAIL = ("\nFormat: {format}\nUse offset and limit parameters to read specific portions of the "
        "file.")


def notice(size: str, path: Path, format: str = "Plain text") -> str:
    return (f"Error: result ({size}) exceeds maximum allowed tokens. Output has been saved to "
            f"{path}." + TAIL.format(format=format))


@pytest.mark.parametrize("size, format", [
    ("52,114 characters across 1 line", "Plain text"),  # compact JSON in one text block
    ("52114 characters across 1 line", "Plain text"),  # no thousands separator
    ("52.114 characters across 1 line", "Plain text"),  # a locale with "." between groups
    ("52\u202f114 characters across 1 line", "Plain text"),  # a narrow no-break space
    ("52,114 characters", "JSON"),  # JSON Claude Code laid out itself (structuredContent)
    ("1,837,501 characters", "JSON array"),
])
def test_each_notice_shape_is_briefed_from_its_file(project: Path, issues_json: str,  # noqa: F811
                                                    size: str, format: str,
                                                    garrepa_home: Path) -> None:
    saved = tool_results_dir(project.parent) / "mcp-github-list_issues-1796036502641-fof7b6.txt"
    saved.write_text(issues_json)
    output = post(project, "mcp__github__list_issues", notice(size, saved, format))
    text = output["updatedToolOutput"]
    assert isinstance(text, str) and text.startswith("[garrepa briefing | mcp | ")
    first = json.loads(issues_json)[0]
    assert f" {first['number']} {first['id']} " in text
    assert f"[exact original: {saved} (saved by Claude Code)" in text
    record = list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]
    assert (record["decision"], record["chars_in"]) == ("compress", len(issues_json))


@pytest.mark.parametrize("text", [
    # the saved file holds only part of the result: no exact original to brief from
    notice("2,000,000 characters across 1 line", Path("{saved}")) + "\nNote: the output exceeded "
    "the persist byte limit; the saved file contains only the first 64 MB of it.",
    notice("2,000,000 characters across 1 line", Path("{saved}")) + "\nNote: the output was cut "
    "before it was saved; the saved file contains only the first part of it.",
    # the number and its noun disagree: not the template's
    notice("52,114 characters across 1 lines", Path("{saved}")),
    notice("52,114 characters across 3 line", Path("{saved}")),
    notice("52,114 tokens", Path("{saved}")),
    notice("about 52 K characters", Path("{saved}")),
    # no file saved
    "Error: result (52,114 characters) exceeds maximum allowed tokens. Failed to save output to "
    "file: ENOSPC. If this MCP server provides pagination or filtering tools, use them.",
])
def test_other_notices_are_not_followed(project: Path, issues_json: str, text: str) -> None:  # noqa: F811
    saved = tool_results_dir(project.parent) / "mcp-github-list_issues-1796036502641-fof7b6.txt"
    saved.write_text(issues_json)
    message = text.replace("{saved}", str(saved))
    event = ToolEvent(session_fields(project.parent), HOST)
    assert mcp_notice_path(event, message) is None
    assert post(project, "mcp__github__list_issues", message) is None  # under the threshold


def test_the_notice_parser_accepts_the_genuine_one(project: Path) -> None:
    """The positive twin of the cases above: the same text with the template's own size."""
    saved = tool_results_dir(project.parent) / "mcp-x-y-1-abc.txt"
    saved.write_text("x")
    event = ToolEvent(session_fields(project.parent), HOST)
    assert mcp_notice_path(event, notice("52,114 characters across 1 line", saved)) == str(saved)
    assert mcp_notice_path(event, notice("3 characters across 2 lines", saved)) == str(saved)

"""The MCP route through the real hook process, on recorded GitHub API responses."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal
from garrepa_py.structural import mcp_result
from garrepa_py.structural.handles import fabricated

from ..conftest import run_hook, session_fields, tool_results_dir
from ..support.canaries import CANARIES, PEM, leaked
from ..support.fake_anthropic import FakeAnthropic

ONE_PIXEL = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJ"
             "RU5ErkJggg==")
PNG = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": ONE_PIXEL}}


@pytest.fixture
def issues_json(github_corpus: Path) -> str:
    return (github_corpus / "Issue33_testClosedIssues-31.json").read_text()


def post(project: Path, tool: str, response: Any, env: dict[str, str] | None = None,
         tool_input: dict[str, Any] | None = None) -> Any:
    event = {**session_fields(project.parent), "hook_event_name": "PostToolUse", "tool_name": tool,
             "tool_input": tool_input or {}, "tool_response": response, "tool_use_id": "t",
             "mcp_server": {"name": tool.split("__")[1], "source": "project"}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none", **(env or {})})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


def last(garrepa_home: Path) -> dict:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def test_one_large_json_block(project: Path, issues_json: str, garrepa_home: Path) -> None:
    output = post(project, "mcp__github__list_issues", [{"type": "text", "text": issues_json}])
    assert output["hookEventName"] == "PostToolUse"
    [block] = output["updatedToolOutput"]
    text = block["text"]
    assert text.startswith("[garrepa briefing | mcp | mcp__github__list_issues | original: ")
    assert len(text) < len(issues_json) / 2
    assert fabricated("\n".join(text.split("\n")[1:-1]), issues_json) == []
    readable = text.rsplit("| readable copy: ", 1)[1].split(" (", 1)[0]
    exact = text.rsplit("[exact original: ", 1)[1].split(" (the bytes as received) | ", 1)[0]
    assert Path(exact).read_text() == issues_json
    lines = Path(readable).read_text().split("\n")
    assert json.loads("\n".join(lines)) == json.loads(issues_json)  # values unchanged
    # one value per line: no line is longer than the longest single value (an issue body)
    longest = max(len(json.dumps(v)) for issue in json.loads(issues_json) for v in issue.values())
    assert len(lines) > 500 and max(map(len, lines)) <= longest + 40
    # every issue has a line (an index line here: 52 K chars leave 6 K), which names the lines
    # of that very issue in the readable copy and carries its number and id
    rows = re.findall(r"^  L(\d+)\.\.(\d+) (.*)$", text, re.M)
    assert len(rows) == len(json.loads(issues_json))
    for (start, end, row), issue in zip(rows, json.loads(issues_json), strict=True):
        assert json.loads("\n".join(lines[int(start) - 1:int(end)]).rstrip(",")) == issue
        assert f" {issue['number']} {issue['id']} " in row
    record = last(garrepa_home)
    assert (record["route"], record["decision"], record["reason"]) == ("mcp", "compress", "briefed")
    assert record["chars_in"] == len(issues_json)


def test_several_blocks_become_one(project: Path, issues_json: str) -> None:
    blocks = [{"type": "text", "text": "# Report\n\n## Summary\n" + "words " * 3000},
              {"type": "text", "text": issues_json}, {"type": "text", "text": "done"}]
    [block] = post(project, "mcp__tracker__report", blocks)["updatedToolOutput"]
    assert "--- text block 1 of 3" in block["text"]
    assert "--- text block 3 of 3 (4 chars) ---\ndone" in block["text"]


def test_structured_content_string_stays_a_string(project: Path, issues_json: str) -> None:
    compact = json.dumps({"rows": json.loads(issues_json), "total": 25}, separators=(",", ":"))
    output = post(project, "mcp__db__query", compact)["updatedToolOutput"]
    assert isinstance(output, str)
    assert "rows: 25 items, too many to show whole; one line each" in output


def test_image_stays_in_place_and_is_never_sent(project: Path, issues_json: str) -> None:
    pointer = {"type": "text", "text": "[Image: source: /tmp/tool-results/mcp-x-blob-1.png]"}
    blocks = [PNG, pointer, {"type": "text", "text": issues_json}]
    first = json.loads(issues_json)[0]["number"]
    with FakeAnthropic(reply_text=f"25 closed issues, e.g. #{first}.") as fake:
        output = post(project, "mcp__figma__get_image", blocks, env={
            "GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
            "ANTHROPIC_API_KEY": "sk-test"})["updatedToolOutput"]
        [request] = fake.requests
    assert output[0] == PNG and output[1] == pointer
    assert output[2]["text"].startswith("[garrepa briefing | figma | mcp__figma__get_image |")
    sent = json.dumps(request.body)
    assert PNG["source"]["data"] not in sent
    assert "Map this design: node ids" in request.body["messages"][0]["content"]


def test_saved_file_string_is_read_back(project: Path, issues_json: str, tmp_path: Path) -> None:
    saved = tool_results_dir(project.parent) / "mcp-github-list_issues-1796036502641-fof7b6.txt"
    saved.write_text(issues_json)
    message = (f"Error: result (438,893 characters across 30,000 lines) exceeds maximum allowed "
               f"tokens. Output has been saved to {saved}.\nFormat: Plain text\nUse offset and "
               "limit parameters to read specific portions of the file.")
    output = post(project, "mcp__github__list_issues", message)["updatedToolOutput"]
    assert isinstance(output, str)
    first = json.loads(issues_json)[0]
    assert f" {first['number']} {first['id']} " in output
    # Claude Code's file is one 52 K-char line: the agent is pointed at a readable copy, and
    # Claude Code's file stays named as the exact bytes
    assert f"[exact original: {saved} (saved by Claude Code) | readable copy: " in output
    readable = output.rsplit("| readable copy: ", 1)[1].split(" (", 1)[0]
    assert json.loads(Path(readable).read_text()) == json.loads(issues_json)


def test_a_line_oriented_saved_file_is_read_in_place(project: Path, issues_json: str) -> None:
    saved = tool_results_dir(project.parent) / "mcp-github-list_issues-1796036502642-abc123.txt"
    saved.write_text(mcp_result.readable([issues_json]))  # already garrepa's own layout
    message = (f"Error: result (60,000 characters across 2,000 lines) exceeds maximum allowed "
               f"tokens. Output has been saved to {saved}.\nFormat: Plain text\nUse offset and "
               "limit parameters to read specific portions of the file.")
    output = post(project, "mcp__github__list_issues", message)["updatedToolOutput"]
    assert f"[exact original: {saved} (saved by Claude Code) | Read it with offset/limit" in output
    assert "| readable copy: " not in output
    # and its rows' line ranges are lines of Claude Code's own file
    start, end = re.search(r"^  L(\d+)\.\.(\d+) ", output, re.M).groups()  # type: ignore[union-attr]
    lines = saved.read_text().split("\n")
    assert json.loads("\n".join(lines[int(start) - 1:int(end)]).rstrip(",")) == json.loads(
        issues_json)[0]


@pytest.mark.parametrize("tool, config, reason", [
    ("mcp__private__dump", {"mcp": {"excludeTools": ["mcp__private__dump"]}}, "excluded-tool"),
    ("mcp__private__dump", {"mcp": {"excludeTools": ["mcp__private__*"]}}, "excluded-tool"),
    ("mcp__private__dump", {"mcp": {"excludeTools": ["mcp__private"]}}, "excluded-tool"),
    ("mcp__vault__get_secret", {}, "sensitive-tool"),
    ("mcp__ci__list_tokens", {}, "sensitive-tool"),
    ("mcp__cloud__create_api_key", {}, "sensitive-tool"),
    ("mcp__auth__rotate_password", {}, "sensitive-tool"),
])
def test_excluded_and_sensitive_tools_pass(project: Path, issues_json: str, garrepa_home: Path,
                                           tool: str, config: dict, reason: str) -> None:
    (project / "garrepa.config.json").write_text(json.dumps(config))
    assert post(project, tool, [{"type": "text", "text": issues_json}]) is None
    assert last(garrepa_home)["reason"] == reason


def test_issue_lookup_by_key_is_not_sensitive(project: Path, issues_json: str) -> None:
    assert post(project, "mcp__jira__get_issue_by_key", [{"type": "text", "text": issues_json}])


@pytest.mark.parametrize("response, tool_input, reason", [
    ([{"type": "text", "text": "small"}], {}, "under-threshold"),
    ([{"type": "resource", "resource": {"uri": "x"}}], {}, "unknown-block-type"),
    ({"content": []}, {}, "unknown-shape"),
    (None, {"path": "/home/u/.ssh/id_rsa"}, "secret-input"),
])
def test_results_that_pass_untouched(project: Path, issues_json: str, garrepa_home: Path,
                                     response: Any, tool_input: dict, reason: str) -> None:
    if response is None:
        response = [{"type": "text", "text": issues_json}]
    with FakeAnthropic() as fake:
        assert post(project, "mcp__fs__read", response, tool_input=tool_input, env={
            "GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
            "ANTHROPIC_API_KEY": "sk-test"}) is None
        assert fake.requests == []
    assert last(garrepa_home)["reason"] == reason


def test_a_result_holding_secrets_is_briefed_with_them_masked(project: Path, issues_json: str,
                                                             garrepa_home: Path) -> None:
    rows = json.loads(issues_json)
    for row, (_, line, _) in zip(rows, CANARIES, strict=False):
        row["body"] = f"{row.get('body') or ''}\n{line}"
    rows[-1]["body"] = f"{rows[-1].get('body') or ''}\n{PEM}"
    text = json.dumps(rows, indent=2)
    notes = f"Closed issues #{rows[0]['number']} and more (lines 1-20)."
    with FakeAnthropic(reply_text=notes) as fake:
        [block] = post(project, "mcp__github__list_issues", [{"type": "text", "text": text}],
                       env={"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
                            "ANTHROPIC_API_KEY": "sk-test"})["updatedToolOutput"]
        sent = json.dumps([r.body for r in fake.requests])
    assert leaked(sent) == [] and leaked(block["text"]) == []
    assert "[secret: github-token]" in sent
    assert "[secrets masked above as [secret: KIND]: line " in block["text"]
    assert notes in block["text"]
    journal_text = (garrepa_home / "journal.jsonl").read_text()
    assert leaked(journal_text) == []
    assert "aws-key:2" in last(garrepa_home)["masked"]
    spill = block["text"].rsplit("[exact original: ", 1)[1].split(" (", 1)[0]
    assert Path(spill).read_text() == text  # the exact bytes, for the owner alone


def test_model_briefing_with_invented_id_falls_back(project: Path, issues_json: str) -> None:
    first = json.loads(issues_json)[0]["number"]
    with FakeAnthropic(reply_text=f"Closed issues #{first} and #9999.") as fake:
        [block] = post(project, "mcp__github__list_issues", [{"type": "text", "text": issues_json}],
                       env={"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
                            "ANTHROPIC_API_KEY": "sk-test"})["updatedToolOutput"]
    assert "#9999" not in block["text"]
    assert "structural digest, no model" in block["text"]

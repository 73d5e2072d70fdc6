"""Where each hook delivery lands in the request the model gets (issue 24 §1), measured on the
real Claude Code binary with its current default model: a probe hook replies with a marker by
one channel, and the last main-loop request the fake model received is searched for it.

Run on 2.1.328 (the pinned binary) and once on 2.1.332 with GARREPA_TEST_CLAUDE. What it shows is
what the Read route is built to: `additionalContext` (Pre or Post) becomes a system-role message,
while a PostToolUse `updatedToolOutput` in the Read shape and a PreToolUse deny reason both land
inside the Read's own tool_result — the only channels fit for text derived from a file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn

pytestmark = pytest.mark.e2e
MARK = "MARK-7f3a"
LONG_REASON = 9000  # the Read map's size class: a deny reason this long still arrives whole

PROBE = """\
import json, sys
event = json.load(sys.stdin)
reply = json.loads(sys.argv[1])
if event["hook_event_name"] == "PostToolUse" and "updatedToolOutput" in reply["hookSpecificOutput"]:
    file = event["tool_response"]["file"]
    file.update(content=reply["hookSpecificOutput"]["updatedToolOutput"], numLines=2, startLine=1)
    reply["hookSpecificOutput"]["updatedToolOutput"] = {"type": "text", "file": file}
print(json.dumps(reply))
"""

CASES: dict[str, tuple[str, dict[str, Any], set[str]]] = {
    "pre-additional-context": ("PreToolUse", {"additionalContext": MARK}, {"system-message"}),
    "post-additional-context": ("PostToolUse", {"additionalContext": MARK}, {"system-message"}),
    "post-updated-tool-output": ("PostToolUse", {"updatedToolOutput": f"{MARK}\nsecond"},
                                 {"tool_result"}),
    "pre-deny-reason": ("PreToolUse", {"permissionDecision": "deny",
                                       "permissionDecisionReason": MARK + "x" * LONG_REASON},
                        {"tool_result"}),
}


def places(body: dict[str, Any], marker: str) -> set[str]:
    """Every place in one request that holds `marker`: the system prompt, a system-role
    message, a tool_result block, or other user/assistant content."""
    found = set()
    if marker in json.dumps(body.get("system", "")):
        found.add("system-prompt")
    for message in body.get("messages", []):
        content = message.get("content")
        blocks = content if isinstance(content, list) else [content]
        for block in blocks:
            if marker not in json.dumps(block):
                continue
            if message.get("role") == "system":
                found.add("system-message")
            elif isinstance(block, dict) and block.get("type") == "tool_result":
                found.add("tool_result")
            else:
                found.add(f"{message.get('role')}-content")
    return found


@pytest.mark.parametrize("case", list(CASES))
def test_where_each_delivery_lands(git_project: Path, tmp_path: Path, garrepa_home: Path,
                                   case: str) -> None:
    event, output, expected = CASES[case]
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    reply = json.dumps({"hookSpecificOutput": {"hookEventName": event, **output}})
    command = f"{sys.executable} {probe} '{reply}'"
    settings = {"hooks": {event: [{"matcher": "Read", "hooks": [
        {"type": "command", "command": command, "timeout": 20}]}]}}
    (git_project / ".claude").mkdir()
    (git_project / ".claude" / "settings.json").write_text(json.dumps(settings))
    doc = git_project / "doc.md"
    doc.write_text("# A document\n\nits own text\n")
    with FakeAnthropic([Turn.tool("Read", file_path=str(doc))]) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        last = fake.main_loop_requests()[-1].body
        [result] = fake.tool_results().values()
    assert last["model"].startswith("claude-") and last["model"].endswith("-5-5"), last["model"]
    assert places(last, MARK) == expected
    text = json.dumps(result["content"])
    if case == "pre-deny-reason":
        assert result["is_error"] is True and "PreToolUse:Read hook error: " + MARK in text
        assert "x" * LONG_REASON in text  # not cut, not persisted
    elif case == "post-updated-tool-output":
        assert text == json.dumps(f"1\t{MARK}\n2\tsecond")
        assert not result.get("is_error")
    else:  # the file itself arrives as usual; the context comes as a message of its own
        assert "its own text" in text and MARK not in text


def test_the_mcp_and_git_routes_deliver_only_inside_the_tool_result(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path, github_corpus: Path) -> None:
    """garrepa installed for real: an MCP result and a git dump, both briefed, and nothing of
    garrepa's or of the content in a system-role message (no route uses additionalContext)."""
    from garrepa_py import journal

    from ..support.claude_run import write_mcp_config
    from .conftest import garrepa

    data = tmp_path / "mcp-data"
    data.mkdir()
    source = (github_corpus / "Issue33_testClosedIssues-361.json").read_text()
    (data / "big.json").write_text(source)
    garrepa("init", str(repo_copy), "--provider", "none", "--threshold", "20000")
    script = [Turn.tool("mcp__probe__big_json"),
              Turn.tool("Bash", command="git log -p", description="git")]
    with FakeAnthropic(script) as fake:
        run = run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home,
                         mcp_config=write_mcp_config(tmp_path / "mcp.json", data))
        assert run.returncode == 0, run.stderr[-2000:]
        mcp, log = fake.tool_results().values()
        last = fake.main_loop_requests()[-1].body
    assert json.dumps(mcp["content"]).startswith('[{"type": "text", "text": "[garrepa briefing')
    assert log["content"].startswith("[garrepa briefing | git | git log -p")
    assert places(last, "[garrepa briefing") == {"tool_result"}
    assert places(last, "hook additional context") == set()
    titles = [item["title"] for item in json.loads(source)][:20]
    assert all(places(last, json.dumps(t)[1:-1]) <= {"tool_result"} for t in titles)
    reasons = {r["route"]: r["decision"] for r in journal.read(target=garrepa_home / "journal.jsonl")}
    assert reasons == {"mcp": "compress", "git": "compress"}

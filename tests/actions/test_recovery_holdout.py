"""Recovery rate and the holdout control group, from journals written by real hook processes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from garrepa_py import journal

from ..cli.helpers import invoke
from ..conftest import run_hook, session_fields
from ..support.read_events import read_response


def event(project: Path, name: str, tool: str, session: str = "sess-1", **fields: Any) -> str:
    return json.dumps({**session_fields(project.parent), "session_id": session,
                       "hook_event_name": name, "tool_name": tool, "cwd": str(project),
                       **fields})


def hook(project: Path, payload: str, **env: str) -> Any:
    proc = run_hook(payload, env={"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "none",
                                  **env})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


def test_going_back_for_the_exact_bytes_is_counted_per_route_and_tool(
        project: Path, github_corpus: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    mcp = hook(project, event(project, "PostToolUse", "mcp__github__list_issues",
                              tool_input={}, tool_use_id="t1",
                              tool_response=[{"type": "text", "text": issues}]))
    briefing = mcp["updatedToolOutput"][0]["text"]
    readable = re.search(r"readable copy: (\S+) \(", briefing).group(1)  # type: ignore[union-attr]
    # the agent Reads 40 lines of the readable copy: a recovery of the MCP briefing
    assert hook(project, event(project, "PostToolUse", "Read", tool_use_id="t2",
                               tool_input={"file_path": readable, "offset": 1, "limit": 40},
                               tool_response=read_response(Path(readable), 1, 40))) is None
    # a mapped document, then a Read of one of its sections: a recovery of the Read briefing
    doc = project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", doc)
    assert hook(project, event(project, "PostToolUse", "Read", tool_use_id="t3",
                               tool_input={"file_path": str(doc)},
                               tool_response=read_response(doc))) is not None
    assert hook(project, event(project, "PostToolUse", "Read", tool_use_id="t4",
                               tool_input={"file_path": str(doc), "offset": 100, "limit": 30},
                               tool_response=read_response(doc, 100, 30))) is None
    # another MCP briefing nobody goes back to
    hook(project, event(project, "PostToolUse", "mcp__jira__search", tool_input={},
                        tool_use_id="t5", tool_response=[{"type": "text", "text": issues[::-1]
                                                          .replace("{", "(")}]))
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert records[1]["reason"] == "spill-file" and records[1]["recovers"]
    data = json.loads(invoke("report", "--json").output)["recovery"]
    assert data["by_route"]["read"] == {"events": 1, "followed": 1, "rate": 1.0}
    assert data["by_tool"]["mcp__github__list_issues"]["followed"] == 1
    assert data["briefings"] == 3 and data["recovered"] == 2
    text = invoke("report").output
    assert "Recovery: after 3 briefings the agent went back for the exact bytes 2 times (67%)" \
        in " ".join(text.split())


def test_a_peek_of_a_spill_is_a_recovery(project: Path, github_corpus: Path,
                                         monkeypatch: Any) -> None:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    mcp = hook(project, event(project, "PostToolUse", "mcp__github__list_issues",
                              tool_input={}, tool_use_id="p1",
                              tool_response=[{"type": "text", "text": issues}]))
    spill_id = re.search(r"garrepa peek (\w+) ", mcp["updatedToolOutput"][0]["text"]).group(1)  # type: ignore[union-attr]
    before = json.loads(invoke("report", "--json").output)["recovery"]
    assert before["recovered"] == 0
    monkeypatch.chdir(project)
    assert invoke("peek", spill_id, "1", "3").exit_code == 0
    after = json.loads(invoke("report", "--json").output)
    assert after["recovery"]["recovered"] == 1
    assert after["total"]["events"] == 1  # the peek is a recovery, not a hook event
    assert "Recovery: after 1 briefing the agent went back for the exact bytes 1 time (100%)" \
        in " ".join(invoke("report").output.split())


def test_holdout_passes_a_deterministic_share_untouched(project: Path, github_corpus: Path,
                                                         garrepa_home: Path) -> None:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    outcomes = {}
    for number in range(12):
        payload = event(project, "PostToolUse", "mcp__github__list_issues", tool_input={},
                        tool_use_id=f"toolu_{number:04d}",
                        tool_response=[{"type": "text", "text": issues}])
        first = hook(project, payload, GARREPA_HOLDOUT="0.5")
        again = hook(project, payload, GARREPA_HOLDOUT="0.5")
        assert (first is None) == (again is None)  # the same event, the same group
        outcomes[number] = first is None
    held = sum(outcomes.values())
    assert 0 < held < 12
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert sum(r["decision"] == "holdout" for r in records) == 2 * held
    assert all(r["chars_out"] == r["chars_in"] for r in records if r["decision"] == "holdout")
    # the session's tokens, from a transcript Claude Code 2.1.328 wrote (two model calls of
    # 100 + 20 tokens each against the loopback fake)
    transcript = Path(json.loads(event(project, "x", "y"))["transcript_path"])
    transcript.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(Path(__file__).with_name("fixtures") / "transcript-2.1.328.jsonl", transcript)
    data = json.loads(invoke("report", "--json").output)["holdout"]
    [session] = data["sessions"]
    # each call was sent twice (the same id: the same group); report counts a call once
    assert session == {"session": "sess-1", "briefed": 12 - held, "held_out": held,
                       "tokens": 240}
    assert data["held_out"]["events"] == held
    # held out, the 52,058-char result reached the model as Claude Code's persisted-output
    # notice (over its ~50,000-char MCP limit), not whole: that is what the arm received
    held_record = next(r for r in records if r["decision"] == "holdout")
    assert data["held_out"]["mean_chars_received"] == held_record["baseline_chars"] < 2500
    assert data["briefed"]["events"] == 12 - held
    assert data["briefed"]["mean_chars_received"] < len(issues) / 2
    # without a holdout share nothing is held out
    hook(project, event(project, "PostToolUse", "mcp__github__list_issues", tool_input={},
                        tool_use_id="toolu_0000", tool_response=[{"type": "text",
                                                                  "text": issues}]))
    assert list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]["decision"] == \
        "compress"


def test_the_holdout_holds_for_the_new_routes_too(project: Path, garrepa_home: Path) -> None:
    """The holdout is the pipeline's, not a route's: a large grep -rn (command route) and a
    large Grep result (search route) are held out by the same rule, per event."""
    listing = "".join(f"src/pkg{n % 60}/mod{n % 7}.py:{n}:    value = compute({n})\n"
                      for n in range(3000))
    bash = {"stdout": listing, "stderr": "", "interrupted": False, "isImage": False}
    grep = {"mode": "content", "numFiles": 0, "filenames": [], "content": listing,
            "numLines": 3000}
    for tool, tool_input, response in (
            ("Bash", {"command": "grep -rn compute src"}, bash),
            ("Grep", {"pattern": "compute", "output_mode": "content", "head_limit": 0}, grep)):
        held = 0
        for number in range(12):
            payload = event(project, "PostToolUse", tool, tool_input=tool_input,
                            tool_use_id=f"toolu_{tool}_{number:04d}", tool_response=response)
            first = hook(project, payload, GARREPA_HOLDOUT="0.5")
            assert (first is None) == (hook(project, payload, GARREPA_HOLDOUT="0.5") is None)
            held += first is None
        assert 0 < held < 12
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    for route in ("command", "search"):
        mine = [r for r in records if r.get("route") == route]
        assert {r["decision"] for r in mine} == {"holdout", "compress"}
        assert all(r["delivered_chars"] == r["baseline_chars"] for r in mine
                   if r["decision"] == "holdout")  # held out: Claude Code alone's delivery

"""`garrepa report --check` (the CI gate) and `--line` (the statusline), on journals written by
real hook processes and transcripts laid out as Claude Code writes them."""

from __future__ import annotations

import json
from pathlib import Path

from ..cli.helpers import invoke
from ..conftest import SESSION_ID, transcript_path
from .test_report_baseline import git_log_persisted, hook, write_transcript


def test_an_empty_journal_passes_and_says_why(garrepa_home: Path) -> None:
    done = invoke("report", "--check")
    assert done.exit_code == 0
    assert "note: no replacements with a baseline in this selection" in done.output
    assert invoke("report", "--line").output == "garrepa: nothing replaced yet\n"


def test_a_route_worse_than_claude_code_alone_fails_the_gate(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """A `git log -p` digest bigger than Claude Code's 2 KB notice: net negative on git."""
    event, _ = git_log_persisted(repo_copy, tmp_path)
    digest = hook(repo_copy, event)["updatedToolOutput"]["stdout"]
    net = json.loads(invoke("report", "--json").output)["routes"]["git"]["net_saved_chars"]
    assert net < 0
    done = invoke("report", "--check")
    assert done.exit_code == 1
    assert f"fail: route git: net {net:,} chars, under 0" in done.output
    assert "hint: " in done.output
    verdict = json.loads(invoke("report", "--check", "--json").output)
    assert not verdict["ok"] and len(verdict["failures"]) == 1
    assert invoke("report", "--check", "--min-net", str(net)).exit_code == 0
    # arrival: the transcript shows the digest, so 1 of 1 arrived
    write_transcript(transcript_path(tmp_path), {"toolu_git": digest})
    assert invoke("report", "--check", "--min-net", str(net)).exit_code == 0
    line = invoke("report", "--line").output
    assert line.startswith(f"garrepa: added {-net / 1000:,.1f}K chars") and "arrived 1/1" in line


def test_the_gate_fails_when_replacements_did_not_arrive(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    event, source = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    write_transcript(transcript_path(tmp_path), {"toolu_git": source[:3000]})  # not ours
    done = invoke("report", "--check", "--min-net", "-1000000")
    assert done.exit_code == 1
    assert "fail: arrival: 0 of 1 replacements the transcripts show reached the model (0%)" \
        in done.output
    assert invoke("report", "--check", "--min-net", "-1000000",
                  "--min-arrival", "0").exit_code == 0


def test_the_statusline_line_follows_the_session_on_stdin(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path, github_corpus: Path) -> None:
    """Claude Code runs a statusline command with the session's JSON on stdin: the line is
    that session's, not the whole journal's."""
    event, _ = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    assert hook(repo_copy, {"session_id": "other-session", "hook_event_name": "PostToolUse",
                            "tool_name": "mcp__github__list_issues", "tool_input": {},
                            "tool_use_id": "toolu_2",
                            "tool_response": [{"type": "text", "text": issues}]}) is not None
    assert "2 replaced" in invoke("report", "--line").output
    mine = invoke("report", "--line", input=json.dumps({"session_id": SESSION_ID,
                                                         "model": {"id": "x"}}))
    assert "1 replaced" in mine.output
    garbage = invoke("report", "--line", input="not json")
    assert "2 replaced" in garbage.output


def test_the_report_says_when_it_spans_projects(repo_copy: Path, tmp_path: Path,
                                                garrepa_home: Path, github_corpus: Path,
                                                project: Path) -> None:
    """A new user's report on a shared home holds other projects' events: it says so."""
    event, _ = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    hook(project, {"session_id": "s2", "hook_event_name": "PostToolUse", "cwd": str(project),
                   "tool_name": "mcp__github__list_issues", "tool_input": {},
                   "tool_use_id": "toolu_2", "tool_response": [{"type": "text", "text": issues}]})
    data = json.loads(invoke("report", "--json").output)
    assert len(data["projects"]) == 2
    assert "Across 2 projects in your journal" in " ".join(invoke("report").output.split())
    assert "note: across 2 projects" in invoke("report", "--check", "--min-net", "-999999").output
    alone = invoke("report", "--project", str(project))
    assert "Across" not in alone.output


def test_the_gate_still_judges_when_the_page_or_the_line_is_asked_too(
        garrepa_home: Path, tmp_path: Path) -> None:
    """`report --html out.html --check` in a pipeline wrote the page and exited 0 whatever the
    routes said: the gate was never run."""
    worse = {"v": "t", "ts": 1.7e9, "event": "PostToolUse", "tool": "Bash", "route": "git",
             "session": "s1", "tool_use_id": "toolu_1", "decision": "compress",
             "reason": "git-log", "chars_in": 160_000, "chars_out": 5_000,
             "baseline_chars": 2_000, "delivered_chars": 5_000}
    garrepa_home.mkdir(parents=True, exist_ok=True)
    (garrepa_home / "journal.jsonl").write_text(json.dumps(worse) + "\n")
    page = tmp_path / "r.html"
    done = invoke("report", "--html", str(page), "--check")
    assert done.exit_code == 1 and page.exists()
    assert "fail: route git: net -3,000 chars, under 0" in done.output
    done = invoke("report", "--line", "--check")
    assert done.exit_code == 1 and done.output.startswith("garrepa: added 3.0K chars")
    assert invoke("report", "--html", str(page), "--check", "--min-net", "-3000").exit_code == 0

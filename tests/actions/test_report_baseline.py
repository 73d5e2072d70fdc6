"""`garrepa report` measured against what Claude Code alone delivers, on journals written by
real hook processes: net per route (negative where garrepa added context), recoveries, old
lines without a baseline, and proof that replacements reached the model (the transcript)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from garrepa_py import journal

from ..cli.helpers import invoke
from ..conftest import SESSION_ID, git, run_hook, session_fields, tool_results_dir, transcript_path
from ..support.read_events import post_read


def hook(project: Path, event: dict[str, Any]) -> Any:
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project),
                                            "GARREPA_PROVIDER": "none"})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


def git_log_persisted(repo: Path, root: Path) -> tuple[dict[str, Any], str]:
    """A `git log -p` over 30,000 chars, as Claude Code hands it over: cut, and saved to a file."""
    source = git(repo, "log", "-p")
    saved = tool_results_dir(root) / "toolu_git.txt"
    saved.write_text(source)
    event = {**session_fields(root), "hook_event_name": "PostToolUse", "tool_name": "Bash",
             "tool_input": {"command": "git log -p"}, "tool_use_id": "toolu_git",
             "tool_response": {"stdout": source[:30000], "stderr": "", "interrupted": False,
                               "persistedOutputPath": str(saved),
                               "persistedOutputSize": len(source)}}
    return event, source


def records(garrepa_home: Path) -> list[dict[str, Any]]:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))


def write_transcript(path: Path, results: dict[str, object]) -> None:
    """A transcript with one user message per tool_result, as Claude Code records them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w") as handle:
        for tool_use_id, content in results.items():
            handle.write(json.dumps({"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}]}}) + "\n")


def test_a_digest_larger_than_claude_codes_notice_is_a_net_loss(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    event, source = git_log_persisted(repo_copy, tmp_path)
    digest = hook(repo_copy, event)["updatedToolOutput"]["stdout"]
    [record] = records(garrepa_home)
    # Claude Code alone: the notice, with the 2 KB preview of the 30,000 chars it kept
    preview = source[:2000][:source[:2000].rfind("\n")]
    size = f"{len(source) / 1024:.1f}".removesuffix(".0") + "KB"  # JS toFixed(1), ".0" dropped
    notice = (f"<persisted-output>\nOutput too large ({size}). Full output "
              f"saved to: {event['tool_response']['persistedOutputPath']}\n\nPreview (first "
              f"2KB):\n{preview}\n...\n</persisted-output>")
    assert record["baseline_chars"] == len(notice)
    assert record["delivered_chars"] == len(digest) > len(notice)  # inline: under 30,000
    assert record["tool_use_id"] == "toolu_git" and len(record["fp"]) == 16
    data = json.loads(invoke("report", "--json").output)
    git_route = data["routes"]["git"]
    assert git_route["net_saved_chars"] == len(notice) - len(digest) < 0
    assert git_route["raw_chars_in"] == len(source)  # the raw size is kept, never as "saved"
    text = " ".join(invoke("report").output.split())
    assert f"garrepa added {len(digest) - len(notice):,} chars on git" in text


def test_recoveries_are_subtracted_from_the_route_they_recover(
        project: Path, doc_corpus: Path, github_corpus: Path, garrepa_home: Path,
        monkeypatch: Any) -> None:
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", project / "CHANGELOG.md")
    assert hook(project, post_read(project / "CHANGELOG.md")) is not None  # mapped
    # the agent reads a section of the same document: a recovery of the map
    assert hook(project, post_read(project / "CHANGELOG.md", offset=20, limit=30)) is None
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    mcp = hook(project, {"session_id": "s", "hook_event_name": "PostToolUse",
                         "tool_name": "mcp__github__list_issues", "tool_input": {},
                         "tool_use_id": "m1", "tool_response": [{"type": "text", "text": issues}]})
    spill = re.search(r"garrepa peek (\w+) ", mcp["updatedToolOutput"][0]["text"]).group(1)  # type: ignore[union-attr]
    monkeypatch.chdir(project)
    peeked = invoke("peek", spill, "1", "5")
    assert peeked.exit_code == 0
    section = records(garrepa_home)[1]
    lines = (project / "CHANGELOG.md").read_text().split("\n")[19:49]
    assert section["delivered_chars"] == len("\n".join(f"{n}\t{line}"
                                                       for n, line in enumerate(lines, 20)))
    data = json.loads(invoke("report", "--json").output)
    read, mcp_route, total = data["routes"]["read"], data["routes"]["mcp"], data["total"]
    assert read["recovery_chars"] == section["delivered_chars"]
    assert mcp_route["recovery_chars"] == len(peeked.output)  # what peek printed
    assert total["recovery_chars"] == read["recovery_chars"] + mcp_route["recovery_chars"]
    for tally in (read, mcp_route, total):
        assert tally["net_saved_chars"] == (tally["baseline_chars"] - tally["delivered_chars"]
                                            - tally["recovery_chars"])


def test_old_lines_without_a_baseline_are_unknown_not_saved(
        project: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", project / "CHANGELOG.md")
    hook(project, post_read(project / "CHANGELOG.md"))
    before = json.loads(invoke("report", "--json").output)["total"]
    journal.append({"v": "0.9", "event": "PostToolUse", "tool": "Bash", "route": "git",
                    "decision": "compress", "reason": "digested-log", "chars_in": 1_380_000,
                    "chars_out": 24_000, "ts": 1.0}, target=str(garrepa_home / "journal.jsonl"))
    after = json.loads(invoke("report", "--json").output)
    assert after["total"]["unknown_baseline_events"] == 1
    assert after["total"]["net_saved_chars"] == before["net_saved_chars"]  # 1.38 M not claimed
    assert after["routes"]["git"]["net_saved_chars"] == 0
    assert ("1 replacements journaled before baselines were recorded: their saving is unknown "
            "and not counted.") in " ".join(invoke("report").output.split())


def test_arrival_is_proved_from_the_transcript_and_the_alarm_fires_when_none_arrived(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    event, source = git_log_persisted(repo_copy, tmp_path)
    digest = hook(repo_copy, event)["updatedToolOutput"]["stdout"]
    # Claude Code applied it: the tool_result holds the digest
    write_transcript(transcript_path(tmp_path), {"toolu_git": digest})
    data = json.loads(invoke("report", "--json").output)["arrival"]
    assert (data["briefings"], data["arrived"], data["alarm"]) == (1, 1, False)
    assert "Reached the model (per Claude Code's transcripts): 1 of 1 replacements in 1 " \
        "session." in " ".join(invoke("report").output.split())
    # Claude Code dropped it (a shape it rejects): the tool_result is its own notice
    write_transcript(transcript_path(tmp_path), {
        "toolu_git": "<persisted-output>\nOutput too large (9KB). Full output saved to: /x\n\n"
                     f"Preview (first 2KB):\n{source[:1900]}\n...\n</persisted-output>"})
    data = json.loads(invoke("report", "--json").output)["arrival"]
    assert (data["arrived"], data["alarm"], data["alarm_sessions"]) == (0, True, [SESSION_ID])
    output = invoke("report").output
    warning = re.search(r"^warning: .*?(?=^hint: )", output, re.M | re.S)
    assert warning is not None  # a warning line, then its hint line
    assert " ".join(warning.group(0).split()) == (
        f"warning: session {SESSION_ID[:8]}: 1 replacements made, none reached the model (the "
        "transcript shows other output)")
    doctor = json.loads(invoke("doctor", str(repo_copy), "--json").output)
    [arrival] = [c for c in doctor["checks"] if c["name"] == "arrival"]
    assert arrival["status"] == "warn" and "none reached the model" in arrival["detail"]


def arrival_report(repo_copy: Path) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """(report --json's arrival, report's text flattened, doctor's arrival check)."""
    data = json.loads(invoke("report", "--json").output)["arrival"]
    doctor = json.loads(invoke("doctor", str(repo_copy), "--json").output)
    [check] = [c for c in doctor["checks"] if c["name"] == "arrival"]
    return data, " ".join(invoke("report").output.split()), check


def test_no_tool_result_in_the_transcript_is_unknown_not_an_alarm(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """A transcript of garbage bytes, or one still being written (the tool_result not there
    yet, its last line cut), shows nothing about the replacement: no alarm, counted unknown."""
    event, _ = git_log_persisted(repo_copy, tmp_path)
    digest = hook(repo_copy, event)["updatedToolOutput"]["stdout"]
    transcript = transcript_path(tmp_path)
    running = json.dumps({"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_git", "content": digest}]}})
    for content in (b"\x00\xff garbage \x9c" * 500, b'{"type":"user"}\n' + running[:300].encode()):
        transcript.write_bytes(content)
        data, text, check = arrival_report(repo_copy)
        assert (data["arrived"], data["not_arrived"], data["unknown"]) == (0, 0, 1)
        assert (data["alarm"], data["alarm_sessions"]) == (False, [])
        assert "warning:" not in text and "none reached" not in text
        assert ("Reached the model (per Claude Code's transcripts): 0 of 1 replacements in 1 "
                "session; 1 unknown (no tool_result for them in the transcript: not a "
                "transcript, or the session is still running).") in text
        assert check["status"] == "ok" and check["detail"] == (
            "0 of 1 replacements reached the model (1 session, last 7 days); 1 could not be "
            "checked (no tool_result for them in the transcript yet)")
    # the session goes on and the tool_result is written: now it is known
    transcript.write_text(running + "\n")
    assert arrival_report(repo_copy)[0]["arrived"] == 1


def test_an_alarm_needs_a_tool_result_without_the_replacement(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """One replacement shown dropped and one unknown: the alarm fires and says how many."""
    event, source = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    hook(repo_copy, {**event, "tool_use_id": "toolu_git2"})
    write_transcript(transcript_path(tmp_path), {"toolu_git": source[:3000]})  # not ours
    data, text, check = arrival_report(repo_copy)
    assert (data["arrived"], data["not_arrived"], data["unknown"]) == (0, 1, 1)
    assert data["alarm_sessions"] == [SESSION_ID]
    assert (f"warning: session {SESSION_ID[:8]}: 2 replacements made, none of the 1 the "
            "transcript shows reached the model (the transcript shows other output); 1 "
            "unknown") in text
    assert "; 1 did not (their tool_result holds other output); 1 unknown" in text
    assert check["status"] == "warn"


def test_a_missing_transcript_is_said_unchecked(repo_copy: Path, tmp_path: Path,
                                                garrepa_home: Path) -> None:
    event, _ = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    assert not transcript_path(tmp_path).exists()
    data, text, check = arrival_report(repo_copy)
    assert (data["unchecked_sessions"], data["unchecked_briefings"], data["unknown"]) == (1, 1, 1)
    assert ("Not checked: 1 replacements in 1 session whose transcript could not be read "
            "(missing, unreadable, or over 64 MB): unknown whether they reached the model.") in text
    assert check["status"] == "ok" and check["detail"] == (
        "0 of 1 replacements reached the model (1 session, last 7 days); 1 could not be "
        "checked (1 of them with no readable transcript)")


def peeked_mcp(project: Path, github_corpus: Path, monkeypatch: Any, session: str) -> int:
    """An MCP briefing in `session` and a `garrepa peek` of its spill: the peek's chars."""
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    mcp = hook(project, {"session_id": session, "hook_event_name": "PostToolUse",
                         "tool_name": "mcp__github__list_issues", "tool_input": {},
                         "tool_use_id": f"m-{session}",
                         "tool_response": [{"type": "text", "text": issues}]})
    spill = re.search(r"garrepa peek (\w+) ", mcp["updatedToolOutput"][0]["text"]).group(1)  # type: ignore[union-attr]
    monkeypatch.chdir(project)
    peeked = invoke("peek", spill, "1", "5")
    assert peeked.exit_code == 0
    return len(peeked.output)


def test_a_session_report_keeps_the_peeks_of_its_briefings(
        project: Path, github_corpus: Path, garrepa_home: Path, monkeypatch: Any) -> None:
    chars = peeked_mcp(project, github_corpus, monkeypatch, "sessA")
    whole = json.loads(invoke("report", "--json").output)
    alone = json.loads(invoke("report", "--session", "sessA", "--json").output)
    assert alone["routes"]["mcp"]["recovery_chars"] == chars > 0
    assert alone["total"]["net_saved_chars"] == whole["total"]["net_saved_chars"]
    assert alone["recovery"]["recovered"] == 1
    other = json.loads(invoke("report", "--session", "sessB", "--json").output)
    assert other["total"]["recovery_chars"] == 0


def test_with_since_the_routes_add_up_to_the_total(
        project: Path, github_corpus: Path, garrepa_home: Path, monkeypatch: Any) -> None:
    """A read-back of a briefing before the window is not counted (it is reported as
    unattributed): each route's recovery sums to the total's."""
    chars = peeked_mcp(project, github_corpus, monkeypatch, "old")
    lines = records(garrepa_home)
    lines[0]["ts"] -= 3 * 86400  # the briefing three days ago, its peek now
    (garrepa_home / "journal.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    data = json.loads(invoke("report", "--since", "1d", "--json").output)
    total = data["total"]
    assert total["recovery_chars"] == sum(r["recovery_chars"] for r in data["routes"].values())
    assert total["recovery_chars"] == 0 and data["recovery"]["unattributed_chars"] == chars
    assert total["net_saved_chars"] == sum(r["net_saved_chars"] for r in data["routes"].values())


def test_two_handlers_for_one_call_count_once(garrepa_home: Path) -> None:
    """`find . | grep x` matches the command route's `find` and `grep` rules: Claude Code starts
    both handlers (measured, tests/e2e/test_claude_commands.py) and each journals the same
    decision. report counts the call once; another call counts on its own."""
    line = {"v": "0", "event": "PostToolUse", "tool": "Bash", "route": "command",
            "session": "s", "project": "/p", "decision": "compress", "reason": "digested",
            "tool_use_id": "toolu_twice", "chars_in": 40000, "chars_out": 9000,
            "baseline_chars": 2100, "delivered_chars": 9000, "ts": 1.0}
    target = str(garrepa_home / "journal.jsonl")
    journal.append(line, target)
    journal.append(dict(line, ts=1.1), target)  # type: ignore[arg-type]
    journal.append(dict(line, tool_use_id="toolu_other", ts=1.2), target)  # type: ignore[arg-type]
    data = json.loads(invoke("report", "--json", "--since", "100000d").output)
    assert data["total"]["events"] == 2
    assert data["routes"]["command"]["delivered_chars"] == 18000

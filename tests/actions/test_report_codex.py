"""Codex's lines in `garrepa report`: the baseline is what Codex alone delivered (the event's own
text), the arrival is read from Codex's session file (hosts/codex/sessions.py) through the
line's host, and the report says the host where the journal holds more than one. Journals
written by real hook processes (`--host codex`, Codex 0.171.0's payloads); session files from
the committed fixtures (tests/e2e/fixtures/codex-0.171.0/sessions/)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..cli.helpers import invoke
from ..hosts.codex.test_host import FIXTURES, codex_event, last, run_codex_hook
from ..hosts.codex.test_pre_bash import pre_event

SESSIONS = FIXTURES / "sessions"


def session_file(path: Path, outputs: dict[str, object]) -> None:
    """The MCP fixture session with each call's output replaced as Codex records a block reply
    (its reason, one string, in place of the output)."""
    lines = []
    for raw in (SESSIONS / "rollout-mcp.jsonl").read_text().splitlines():
        line = json.loads(raw)
        payload = line.get("payload", {})
        if payload.get("type") == "function_call_output" and payload["call_id"] in outputs:
            payload["output"] = outputs[payload["call_id"]]
        lines.append(json.dumps(line))
    path.write_text("\n".join(lines) + "\n")


def digest_in_codex(project: Path, github_corpus: Path) -> tuple[dict[str, Any], str, Path]:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    event = codex_event("post-tool-use.mcp.json", project, tool_name="mcp__github__list_issues",
                        tool_use_id="call_000001",
                        tool_response={"content": [{"type": "text", "text": issues}]})
    Path(event["transcript_path"]).unlink()  # Codex has not written its session file yet
    proc = run_codex_hook(event, "--host", "codex")
    assert proc.returncode == 0, proc.stderr
    return event, json.loads(proc.stdout)["reason"], Path(event["transcript_path"])


def report() -> dict[str, Any]:
    return json.loads(invoke("report", "--json").output)


def test_a_codex_digest_is_counted_under_its_route_and_found_in_the_session_file(
        project: Path, garrepa_home: Path, github_corpus: Path) -> None:
    event, text, session = digest_in_codex(project, github_corpus)
    line = last(garrepa_home)
    assert (line["host"], line["route"], line["transcript"]) == ("codex", "mcp", str(session))
    # before Codex wrote the session file: unknown, never "arrived"
    arrival = report()["arrival"]
    assert (arrival["briefings"], arrival["arrived"], arrival["unknown"]) == (1, 0, 1)
    session_file(session, {"call_000001": text})
    data = report()
    assert "hosts" not in data  # one host in the journal: nothing to tell apart
    mcp = data["routes"]["mcp"]
    assert (mcp["events"], mcp["compressed"]) == (1, 1)
    issues_chars = len(event["tool_response"]["content"][0]["text"])
    assert (mcp["baseline_chars"], mcp["delivered_chars"]) == (issues_chars, len(text))
    arrival = data["arrival"]
    assert (arrival["briefings"], arrival["arrived"], arrival["not_arrived"]) == (1, 1, 0)


def test_codex_s_own_output_in_the_session_file_is_not_arrived(
        project: Path, garrepa_home: Path, github_corpus: Path) -> None:
    _, _, session = digest_in_codex(project, github_corpus)
    session_file(session, {})  # the fixture as recorded: Codex's own MCP output items
    arrival = report()["arrival"]
    assert (arrival["arrived"], arrival["not_arrived"], arrival["alarm"]) == (0, 1, True)


def test_the_report_says_the_host_when_the_journal_holds_two(
        project: Path, garrepa_home: Path, github_corpus: Path, tmp_path: Path) -> None:
    _, text, session = digest_in_codex(project, github_corpus)
    session_file(session, {"call_000001": text})
    # a shell call's PreToolUse: the capture route's (here left alone: no such call in the file)
    run_codex_hook(codex_event("pre-tool-use.shell.json", project, tool_use_id="call_000002"),
                   "--host", "codex")
    # a Claude Code line (no --host): a small Bash result
    claude = codex_event("post-tool-use.shell.json", project, session_id="claude-session",
                         tool_use_id="toolu_01", tool_response={"stdout": "hi\n", "stderr": "", "interrupted": False})
    assert run_codex_hook(claude).returncode == 0
    assert "host" not in last(garrepa_home)
    data = report()
    assert set(data["hosts"]) == {"claude-code", "codex"}
    assert data["hosts"]["codex"]["compressed"] == 1
    assert data["hosts"]["claude-code"]["compressed"] == 0
    assert data["hosts"]["codex"]["baseline_chars"] == data["routes"]["mcp"]["baseline_chars"]
    assert "capture" in data["routes"]
    text_report = " ".join(invoke("report").output.split())
    assert "By host" in text_report and "codex" in text_report
    page = tmp_path / "report.html"
    assert invoke("report", "--html", str(page)).exit_code == 0
    assert "<h2>By host</h2>" in page.read_text()


def test_a_capture_rewrite_is_no_briefing_and_its_call_is_no_read_back(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    """Codex's PreToolUse capture (`wrapped-capture`) and the same call's PostToolUse share a
    key: the PostToolUse once counted as the agent going back for the exact bytes (a real
    session: "recovered 50.7K chars" on capture, "7 of 9 briefings" gone back to)."""
    pre = pre_event(project, "seq 1 10")
    proc = run_codex_hook(pre, "--host", "codex",
                          env={"GARREPA_CODEX_CAPTURE_DIR": str(tmp_path / "capture")})
    assert proc.returncode == 0, proc.stderr
    wrapped = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    assert last(garrepa_home)["reason"] == "wrapped-capture"
    post = codex_event("post-tool-use.shell.json", project, tool_use_id=pre["tool_use_id"],
                       tool_input={"command": wrapped},
                       tool_response="".join(f"{n}\n" for n in range(1, 11)))
    assert run_codex_hook(post, "--host", "codex").returncode == 0
    assert last(garrepa_home)["decision"] == "pass"
    data = report()
    assert data["total"]["recovery_chars"] == 0
    assert data["recovery"]["briefings"] == 0 and data["recovery"]["recovered"] == 0
    assert all(route["recovery_chars"] == 0 for route in data["routes"].values())

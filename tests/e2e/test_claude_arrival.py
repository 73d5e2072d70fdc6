"""Proof of arrival against the real Claude Code binary: `garrepa report` counts, from the
session's transcript, exactly the replacements the model received — and raises its alarm when
Claude Code dropped them (a reply in a shape it rejects silently)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from garrepa_py import journal

from ..conftest import git
from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e

# Drops `stderr` from garrepa's Bash replacement: Claude Code then keeps the original and says
# nothing to the model (measured H07), while garrepa has journaled a briefing.
BREAK_SHAPE = """\
import json, sys
raw = sys.stdin.read()
if raw.strip():
    reply = json.loads(raw)
    reply.get("hookSpecificOutput", {}).get("updatedToolOutput", {}).pop("stderr", None)
    sys.stdout.write(json.dumps(reply))
"""


def bash(command: str) -> Turn:
    return Turn.tool("Bash", command=command, description="git")


def session(repo: Path, tmp_path: Path, garrepa_home: Path) -> tuple[int, dict, int]:
    """Two large git dumps through a session; (replacements the fake model received, the
    report, the characters the model received for both)."""
    assert len(git(repo, "log", "-p")) > 30000
    script = [bash("git log -p"), bash("git -C . --no-pager diff HEAD~4 HEAD")]
    with FakeAnthropic(script) as fake:
        run = run_claude(repo, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        contents = [r["content"] for r in fake.tool_results().values()]
    assert len(contents) == 2
    received = sum(isinstance(c, str) and c.startswith("[garrepa briefing | git | ")
                   for c in contents)
    report = json.loads(garrepa("report", "--json").stdout)
    return received, report, sum(len(c) for c in contents if isinstance(c, str))


def test_report_counts_the_replacements_the_model_received(repo_copy: Path, tmp_path: Path,
                                                           garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    received, report, got = session(repo_copy, tmp_path, garrepa_home)
    arrival = report["arrival"]
    assert received == 2
    assert (arrival["briefings"], arrival["arrived"], arrival["alarm"]) == (2, received, False)
    [row] = arrival["sessions"]
    assert row["transcript_read"] and row["tool_results_found"] == 2
    # "delivered" is what the model received, to the character
    git_route = report["routes"]["git"]
    assert git_route["delivered_chars"] == got
    # both dumps are over 30,000 chars, so Claude Code alone gives two 2 KB notices: the
    # digests are larger, and the report says so instead of claiming the raw size as saved
    net = git_route["baseline_chars"] - git_route["delivered_chars"]
    assert git_route["net_saved_chars"] == net < 0
    assert f"garrepa added {-net:,} chars on git" in " ".join(garrepa("report").stdout.split())


def test_the_alarm_fires_when_claude_code_drops_the_replacements(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    breaker = tmp_path / "break_shape.py"
    breaker.write_text(BREAK_SHAPE)
    settings_path = repo_copy / ".claude" / "settings.json"
    settings = json.loads(settings_path.read_text())
    for group in settings["hooks"]["PostToolUse"]:
        for handler in group["hooks"]:
            handler["command"] = f"{handler['command']} | {sys.executable} {breaker}"
    settings_path.write_text(json.dumps(settings))
    received, report, got = session(repo_copy, tmp_path, garrepa_home)
    arrival = report["arrival"]
    assert received == 0  # the model got Claude Code's own output
    # ... and the baseline predicted it, to the character (the two persisted-output notices)
    assert report["routes"]["git"]["baseline_chars"] == got
    assert arrival["briefings"] == 2  # garrepa made them, and journaled them
    assert (arrival["arrived"], arrival["alarm"]) == (0, True)
    text = garrepa("report").stdout
    assert "warning: session " in text and "none reached the model" in text
    assert "\nhint: " in text


def test_baseline_and_delivered_are_what_the_model_received(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path, doc_corpus: Path) -> None:
    """Every journaled event of a session against the tool_result the model got for it: a
    replacement's delivered_chars, a pass's baseline_chars, to the character."""
    doc = repo_copy / "ATTRS_CHANGELOG.md"
    doc.write_text((doc_corpus / "attrs-23.2.0" / "CHANGELOG.md").read_text())
    garrepa("init", str(repo_copy), "--provider", "none")
    script = [Turn.tool("Read", file_path=str(doc)),
              Turn.tool("Read", file_path=str(doc), offset=20, limit=30),
              bash("git log -p"), bash("git log --oneline -3")]
    with FakeAnthropic(script) as fake:
        run = run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        received = {key: r["content"] for key, r in fake.tool_results().items()}
    lines = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
             if r.get("tool_use_id") in received]
    assert sorted(r["decision"] for r in lines) == ["compress", "compress", "pass", "pass"]
    for record in lines:
        content = received[record["tool_use_id"]]
        assert isinstance(content, str)
        field = "delivered_chars" if record["decision"] == "compress" else "baseline_chars"
        assert record[field] == len(content), record["reason"]
    report = json.loads(garrepa("report", "--json").stdout)
    # the section Read after the map is a recovery of it, counted against the read route
    section = next(r for r in lines if r["reason"] == "small-window")
    assert report["routes"]["read"]["recovery_chars"] == section["delivered_chars"] > 0


@pytest.mark.parametrize("env, settings, persisted", [
    ({}, None, True),  # 50,000 chars: over the 30,000 default
    ({"BASH_MAX_OUTPUT_LENGTH": "100000"}, None, True),  # the env var alone: read-back only
    ({}, {"bashOutputMaxChars": 60000}, False),  # the setting moves the inline limit
])
def test_the_bash_inline_limit_is_what_baseline_reads(
        git_project: Path, tmp_path: Path, garrepa_home: Path, env: dict[str, str],
        settings: dict[str, int] | None, persisted: bool) -> None:
    """The rule baseline.py reads from the binary's strings, checked against the binary."""
    from garrepa_py.hosts.claude_code import delivery as baseline

    if settings is not None:
        (git_project / ".claude").mkdir(exist_ok=True)
        (git_project / ".claude" / "settings.json").write_text(json.dumps(settings))
    command = "python3 -c \"print('x' * 49999)\""
    with FakeAnthropic([Turn.tool("Bash", command=command, description="big")]) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home, extra_env=env)
        assert run.returncode == 0, run.stderr[-2000:]
        [content] = [r["content"] for r in fake.tool_results().values()]
    limits = baseline.BashLimits(settings["bashOutputMaxChars"] if settings else None,
                                 env.get("BASH_MAX_OUTPUT_LENGTH"))
    assert (limits.inline < 50_000) is persisted
    assert content.startswith("<persisted-output>") is persisted
    if persisted:
        path = content.split("Full output saved to: ", 1)[1].split("\n", 1)[0]
        assert len(content) == baseline.notice_chars("x" * 49999 + "\n", 50_000, path)
    else:
        assert content == "x" * 49999

"""The foundation against the real Claude Code binary: every route is seen, nothing is changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py import journal

from ..support.claude_run import ClaudeRun, run_claude, write_mcp_config
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e



def script(project: Path) -> list[Turn]:
    return [
        Turn.tool("Read", file_path=str(project / "README.md")),
        Turn.tool("Bash", command="git log --oneline", description="history"),
        Turn.tool("Bash", command="cd sub", description="move"),
        Turn.tool("Bash", command="git log -1 --format=%s", description="subject"),
        Turn.tool("mcp__probe__big_text", lines=3),
    ]


def run_session(project: Path, tmp_path: Path, garrepa_home: Path) -> tuple[FakeAnthropic, ClaudeRun]:
    with FakeAnthropic(script(project)) as fake:
        run = run_claude(project, fake.url, tmp_path / "home", garrepa_home,
                         mcp_config=write_mcp_config(tmp_path / "mcp.json"))
    assert run.returncode == 0, run.stderr[-2000:]
    return fake, run


def results_in_order(fake: FakeAnthropic) -> list[object]:
    return [block.get("content") for block in fake.tool_results().values()]


def test_every_route_is_journaled_and_outputs_reach_the_model_unchanged(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project))
    fake, run = run_session(git_project, tmp_path, garrepa_home)

    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    seen = [(r["event"], r["tool"], r["route"], r["decision"]) for r in records]
    assert seen == [
        ("PostToolUse", "Read", "read", "pass"),
        ("PostToolUse", "Bash", "git", "pass"),
        ("PostToolUse", "Bash", "git", "pass"),  # after `cd sub`: the absolute launcher path works
        ("PostToolUse", "mcp__probe__big_text", "mcp", "pass"),
    ]  # `cd sub` has no git part, so the `if` filter never spawned the hook for it
    assert {r["project"] for r in records} == {str(git_project)}

    read, log, cd, subject, mcp = results_in_order(fake)
    assert read == "1\t# Demo\n2\t\n3\tA small project.\n4\t"
    assert isinstance(log, str) and log.splitlines()[0].endswith(" say hello to the world")
    assert subject == "say hello to the world"
    assert mcp == [{"type": "text", "text": "\n".join(
        f"mcp line {i}: the quick brown fox" for i in (1, 2, 3))}]

    responses = [e for e in run.hook_events() if e.get("subtype") == "hook_response"]
    assert len(responses) == 4
    assert {(e["outcome"], e["exit_code"], e["stdout"]) for e in responses} == {("success", 0, "")}


def test_negative_control_without_init_nothing_is_journaled(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    fake, run = run_session(git_project, tmp_path, garrepa_home)
    assert not (garrepa_home / "journal.jsonl").exists()
    assert run.hook_events() == []
    assert results_in_order(fake)[0] == "1\t# Demo\n2\t\n3\tA small project.\n4\t"


def test_teammate_without_garrepa_gets_a_clean_session(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project))
    teammate_home = tmp_path / "teammate-garrepa"  # no interpreter record, garrepa not on PATH
    fake, run = run_session(git_project, tmp_path, teammate_home)
    assert not teammate_home.exists()
    responses = [e for e in run.hook_events() if e.get("subtype") == "hook_response"]
    assert len(responses) == 4
    assert {(e["outcome"], e["exit_code"], e["stdout"], e["stderr"]) for e in responses} == {
        ("success", 0, "", "")}
    assert json.dumps(results_in_order(fake)).count("hook error") == 0

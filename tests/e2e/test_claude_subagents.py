"""Subagents in the real Claude Code binary: the hook fires inside a subagent (its event names
the `agent_id`; `transcript_path` still names the main session's file), garrepa's briefing reaches
the subagent's model, and `garrepa report` proves it from the subagent's own transcript
(`<session>/subagents/agent-<id>.jsonl`) and counts the subagent apart from the main thread.
Negative control: the same session without garrepa, whose subagent gets Claude Code's notice,
as long as the journal's baseline said."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..conftest import git
from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e

TASK = "SUBAGENT-TASK: read the history"


class SubagentScript(FakeAnthropic):
    """The main thread starts one subagent; the subagent runs `git log -p` and ends. Turns are
    chosen by which thread asks (a subagent's first message is its prompt), not by order: the
    subagent runs in the background, beside the main thread's own requests."""

    def _next_turn(self, body: dict[str, Any]) -> Turn:
        if not body.get("tools"):
            return Turn(text=self.reply_text)
        messages = body.get("messages") or [{}]
        answered = "tool_result" in json.dumps(messages)
        if TASK in json.dumps(messages[0]):
            return Turn(text="history read") if answered else \
                Turn.tool("Bash", command="git log -p", description="history")
        if answered:
            return Turn(text="done")
        names = {tool.get("name") for tool in body["tools"]}
        return Turn.tool("Agent" if "Agent" in names else "Task", description="history",
                         prompt=TASK, subagent_type="general-purpose")

    def subagent_results(self) -> list[object]:
        """The contents of the tool_results the subagent's model received."""
        found: dict[str, object] = {}
        for request in self.main_loop_requests():
            messages = request.body.get("messages") or [{}]
            if TASK not in json.dumps(messages[0]):
                continue
            for message in messages:
                for block in message.get("content") if isinstance(message.get("content"), list) \
                        else ():
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        found[block["tool_use_id"]] = block.get("content")
        return list(found.values())


def run(project: Path, home: Path, garrepa_home: Path) -> list[object]:
    with SubagentScript() as fake:
        done = run_claude(project, fake.url, home, garrepa_home)
        assert done.returncode == 0, done.stderr[-2000:]
        return fake.subagent_results()


def test_a_subagents_briefing_arrives_and_is_counted_apart(repo_copy: Path, tmp_path: Path,
                                                          garrepa_home: Path) -> None:
    assert len(git(repo_copy, "log", "-p")) > 30000
    garrepa("init", str(repo_copy), "--provider", "none")
    [content] = run(repo_copy, tmp_path / "home", garrepa_home)
    assert isinstance(content, str) and content.startswith("[garrepa briefing | git | ")
    [record] = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
                if r.get("decision") == "compress"]
    assert isinstance(record.get("agent"), str)  # journaled as the subagent's call
    assert record["delivered_chars"] == len(content)  # what the subagent's model got, exactly
    subagent_file = Path(record["transcript"]).with_suffix("") / "subagents" / \
        f"agent-{record['agent']}.jsonl"
    assert subagent_file.is_file()
    report = json.loads(garrepa("report", "--json").stdout)
    arrival = report["arrival"]
    assert (arrival["briefings"], arrival["arrived"], arrival["unknown"]) == (1, 1, 0)
    [row] = arrival["sessions"]
    assert (row["subagent_briefings"], row["subagent_arrived"]) == (1, 1)
    assert report["threads"]["subagents"]["compressed"] == 1
    assert "main" not in report["threads"] or report["threads"]["main"]["compressed"] == 0
    text = " ".join(garrepa("report").stdout.split())
    assert "of them in subagents (their own transcripts): 1 of 1" in text, text[:1500]

    # the control: the same session without garrepa; the subagent gets Claude Code's notice,
    # exactly as long as the baseline journaled for the briefed call
    baseline = record["baseline_chars"]
    garrepa("uninstall", str(repo_copy))
    shutil.rmtree(tmp_path / "home")
    [alone] = run(repo_copy, tmp_path / "home", tmp_path / "control-journal")
    assert isinstance(alone, str) and alone.startswith("<persisted-output>")
    assert len(alone) == baseline
    assert not (tmp_path / "control-journal" / "journal.jsonl").exists()

"""Subagents in `garrepa report`: a call inside a subagent carries `agent_id`, while its
`transcript_path` still names the main session's file; its tool_result is only in
`<session>/subagents/agent-<id>.jsonl` (measured, Claude Code 2.1.332, and proven in the real
binary by tests/e2e/test_claude_subagents.py). Journals written by real hook processes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..cli.helpers import invoke
from ..conftest import transcript_path
from .test_report_baseline import git_log_persisted, hook, records, write_transcript

AGENT = "a8d1946e6fcc86469"


def subagent_transcript(root: Path, agent: str = AGENT) -> Path:
    return transcript_path(root).with_suffix("") / "subagents" / f"agent-{agent}.jsonl"


def two_threads(repo: Path, root: Path, agent: str = AGENT) -> tuple[str, str]:
    """The same large `git log -p` briefed in the main thread and in a subagent: both digests."""
    event, _ = git_log_persisted(repo, root)
    main = hook(repo, event)["updatedToolOutput"]["stdout"]
    inside = hook(repo, {**event, "tool_use_id": "toolu_sub", "agent_id": agent,
                         "agent_type": "general-purpose"})["updatedToolOutput"]["stdout"]
    return main, inside


def report() -> dict[str, Any]:
    return json.loads(invoke("report", "--json").output)


def test_a_subagents_replacement_is_found_in_its_own_transcript(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    main, inside = two_threads(repo_copy, tmp_path)
    assert [r.get("agent") for r in records(garrepa_home)] == [None, AGENT]
    write_transcript(transcript_path(tmp_path), {"toolu_git": main})
    # before the subagent's file exists its replacement is unknown, never "arrived"
    arrival = report()["arrival"]
    assert (arrival["arrived"], arrival["unknown"], arrival["alarm"]) == (1, 1, False)
    write_transcript(subagent_transcript(tmp_path), {"toolu_sub": inside})
    arrival = report()["arrival"]
    assert (arrival["briefings"], arrival["arrived"], arrival["unknown"]) == (2, 2, 0)
    [row] = arrival["sessions"]
    assert (row["subagent_briefings"], row["subagent_arrived"]) == (1, 1)
    text = " ".join(invoke("report").output.split())
    assert ("Reached the model (per Claude Code's transcripts): 2 of 2 replacements in 1 "
            "session; of them in subagents (their own transcripts): 1 of 1.") in text


def test_the_main_transcript_never_stands_for_a_subagents(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """A subagent's tool_use_id looked up in the main file would prove nothing: a subagent
    whose own file shows other output is not_arrived even if the main file holds the digest."""
    main, inside = two_threads(repo_copy, tmp_path)
    write_transcript(transcript_path(tmp_path), {"toolu_git": main, "toolu_sub": inside})
    write_transcript(subagent_transcript(tmp_path), {"toolu_sub": "the tool's own output"})
    arrival = report()["arrival"]
    assert (arrival["arrived"], arrival["not_arrived"], arrival["unknown"]) == (1, 1, 0)


def test_main_thread_and_subagents_are_counted_apart(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    two_threads(repo_copy, tmp_path)
    data = report()
    threads = data["threads"]
    assert set(threads) == {"main", "subagents"}
    assert threads["main"]["compressed"] == threads["subagents"]["compressed"] == 1
    assert threads["main"]["net_saved_chars"] + threads["subagents"]["net_saved_chars"] == \
        data["total"]["net_saved_chars"]
    assert "Main thread and subagents" in invoke("report").output


def test_a_hostile_agent_id_names_no_file(repo_copy: Path, tmp_path: Path,
                                          garrepa_home: Path) -> None:
    """An agent id is used as a file name only when it is a plain word: `../..` is unknown."""
    main, inside = two_threads(repo_copy, tmp_path, agent="../../../../escape")
    escaped = transcript_path(tmp_path).parent.parent.parent.parent / "escape.jsonl"
    write_transcript(escaped, {"toolu_sub": inside})
    write_transcript(transcript_path(tmp_path), {"toolu_git": main, "toolu_sub": inside})
    arrival = report()["arrival"]
    assert (arrival["arrived"], arrival["unknown"]) == (1, 1)


def test_a_session_without_subagents_shows_no_thread_table(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    event, _ = git_log_persisted(repo_copy, tmp_path)
    hook(repo_copy, event)
    assert set(report()["threads"]) == {"main"}
    assert "Main thread and subagents" not in invoke("report").output

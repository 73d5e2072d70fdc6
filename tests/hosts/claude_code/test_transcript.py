"""Arrival in Claude Code's transcript (hosts/claude_code/transcript.py): a replacement's
fingerprint found in the tool_result the model received, in every shape Claude Code records it,
and the subagent's own transcript beside the session's."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py.hosts.claude_code import delivery, transcript
from garrepa_py.hosts.claude_code.host import HOST

SAVED = "/home/u/.claude/projects/-p/0d1e.../tool-results/toolu_01ABC.txt"


def notice(size_label: str, path: str, preview: str, more: bool) -> str:
    return ("<persisted-output>\nOutput too large (" + size_label + "). Full output saved to: "
            + path + "\n\nPreview (first 2KB):\n" + preview + ("\n...\n" if more else "\n")
            + "</persisted-output>")


def test_the_fingerprint_finds_a_replacement_and_not_the_original() -> None:
    digest = "[garrepa briefing | git | git log -p]\n" + "commit abc\n" * 300 + "[exact: s1]"
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": {
        "stdout": digest, "stderr": "", "interrupted": False}}}
    text = delivery.replacement_text(reply)
    assert text == digest
    fp = HOST.fingerprint(digest)
    assert fp == delivery.fingerprint(digest)
    assert len(fp) == 16 and "commit" not in fp
    assert transcript.arrived(fp, digest, "Bash")
    assert not transcript.arrived(fp, "commit abc\n" * 3000, "Bash")  # the original kept
    persisted = notice("48.8KB", SAVED, digest[:1990], more=True)  # a digest persisted again
    assert transcript.arrived(fp, persisted, "Bash")
    numbered = "\n".join(f"{n}\t{line}" for n, line in enumerate(digest.split("\n"), 1))
    assert transcript.arrived(fp, numbered, "Read")
    assert transcript.arrived(fp, [{"type": "text", "text": digest}], "mcp__x__y")
    assert not transcript.arrived(fp, [{"type": "text", "text": digest + " edited"}], "mcp__x__y")
    # the host's answer: None when the content holds no text (no evidence either way)
    assert HOST.arrived(fp, digest, "Bash") is True
    assert HOST.arrived(fp, {"weird": 1}, "Bash") is None


def test_results_are_read_from_the_transcript_by_tool_use_id(tmp_path: Path) -> None:
    path = tmp_path / "s1.jsonl"
    lines = [{"message": {"role": "assistant", "content": [{"type": "tool_use", "id": "t1"}]}},
             {"message": {"role": "user", "content": [
                 {"type": "tool_result", "tool_use_id": "t1", "content": "the digest"}]}}]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\nnot json\n")
    assert HOST.transcript_results(str(path)) == {"t1": "the digest"}
    assert HOST.transcript_results(str(tmp_path / "missing.jsonl")) is None


def test_a_subagent_s_results_are_in_its_own_file_beside_the_session() -> None:
    assert HOST.thread_transcript("/p/s1.jsonl", None) == "/p/s1.jsonl"
    assert HOST.thread_transcript("/p/s1.jsonl", "a1b2") == "/p/s1/subagents/agent-a1b2.jsonl"
    assert HOST.thread_transcript("/p/s1.jsonl", "../x") is None
    assert HOST.thread_transcript(None, None) is None

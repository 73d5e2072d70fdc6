"""The Qwen Code host through the real hook process: `--host qwen-code` on the command line, Qwen
Code 0.24.4's recorded PostToolUse payloads on stdin, and its reply shape `{"continue": false,
"stopReason": TEXT}` (docs/qwen-code-hooks-measured.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from garrepa_py import journal

from ..codex.test_host import run_codex_hook as run_hook
from .support import fixture, grep_output, post, saved, wrapped


def last(garrepa_home: Path) -> dict[str, Any]:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def at(project: Path, event: dict[str, Any]) -> dict[str, Any]:
    return dict(event, cwd=str(project))


def test_a_small_qwen_shell_result_passes_and_journals_host_qwen_code(
        project: Path, garrepa_home: Path) -> None:
    event = at(project, fixture("post-shell-small.json"))
    proc = run_hook(event, "--host", "qwen-code")
    assert (proc.returncode, proc.stdout) == (0, b"")
    line = last(garrepa_home)
    assert (line["host"], line["tool"], line["route"]) == ("qwen-code", "Bash", "command")
    assert (line["decision"], line["reason"]) == ("pass", "under-threshold")
    assert line["baseline_chars"] == len(event["tool_response"]["llmContent"])


def test_a_big_inline_grep_gets_a_stop_digest(project: Path, garrepa_home: Path) -> None:
    output = grep_output(330)  # about 25 K: under Qwen Code's 30,000 inline, over the threshold
    content = wrapped("grep -rn def src", output)
    assert 20_000 < len(content) < 30_000
    proc = run_hook(at(project, post("grep -rn def src", content)), "--host", "qwen-code")
    reply = json.loads(proc.stdout)
    assert set(reply) == {"continue", "stopReason"} and reply["continue"] is False
    assert "grep -rn def src" in reply["stopReason"] and len(reply["stopReason"]) < len(output)
    line = last(garrepa_home)
    assert (line["decision"], line["host"]) == ("compress", "qwen-code")
    assert line["delivered_chars"] == len(reply["stopReason"])
    assert line["baseline_chars"] == len(content)


def test_a_saved_grep_output_gets_a_digest_of_the_whole_file(
        project: Path, garrepa_home: Path, tmp_path: Path) -> None:
    output = grep_output(3_000)
    _, notice = saved(tmp_path / "qwen-home", "grep -rn def src", output)
    proc = run_hook(at(project, post("grep -rn def src", notice)), "--host", "qwen-code")
    reason = json.loads(proc.stdout)["stopReason"]
    assert "3,000" in reason or "3000" in reason  # the digest counts every line of the file
    line = last(garrepa_home)
    assert (line["decision"], line["chars_in"]) == ("compress", len(output))
    assert line["baseline_chars"] == len(notice)


def test_a_saved_output_that_may_be_cut_passes(project: Path, garrepa_home: Path,
                                              tmp_path: Path) -> None:
    output = grep_output(25_000)  # past the lines Qwen Code was seen to keep whole
    _, notice = saved(tmp_path / "qwen-home", "grep -rn def src", output)
    proc = run_hook(at(project, post("grep -rn def src", notice)), "--host", "qwen-code")
    assert (proc.returncode, proc.stdout) == (0, b"")
    assert (last(garrepa_home)["reason"]) == "host-output-cut"


def test_a_big_mcp_result_gets_a_stop_digest(project: Path, garrepa_home: Path) -> None:
    text = "".join(f"mcp line {n}: the quick brown fox\n" for n in range(1, 6001))
    event = at(project, dict(fixture("post-mcp.json"), tool_input={"lines": 6000},
                             tool_response={"llmContent": [{"text": text}], "returnDisplay": ""}))
    proc = run_hook(event, "--host", "qwen-code")
    reply = json.loads(proc.stdout)
    assert reply["continue"] is False and len(reply["stopReason"]) < len(text) // 10
    line = last(garrepa_home)
    assert (line["route"], line["decision"], line["host"]) == ("mcp", "compress", "qwen-code")
    assert line["chars_in"] == len(text)

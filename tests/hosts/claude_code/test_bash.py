"""Claude Code's Bash result (hosts/claude_code/bash.py): what a route may take, the whole output
(inline, or Claude Code's saved file of it), and the reply in the Bash shape the harness accepts."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.event import ToolEvent
from garrepa_py.hosts import registry
from garrepa_py.hosts.claude_code import bash
from garrepa_py.hosts.host import Pass

from ...conftest import plant_unreadable, session_fields, tool_results_dir

LOG = "commit 1f0e\nAuthor: A <a@x>\n\n    fix\n" * 2_000


def event(tmp_path: Path, response: object, **tool_input: object) -> ToolEvent:
    return ToolEvent({"hook_event_name": "PostToolUse", "tool_name": "Bash",
                      "tool_use_id": "toolu_01", **session_fields(tmp_path),
                      "tool_input": {"command": "git log", **tool_input},
                      "tool_response": response}, registry.DEFAULT)


def inline(stdout: str, **more: Any) -> dict[str, Any]:
    return {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False, **more}


def test_an_inline_result_is_its_stdout(tmp_path: Path) -> None:
    result = bash.take(event(tmp_path, inline(LOG)))
    assert isinstance(result, bash.BashResult)
    assert (result.command, result.size, result.persisted) == ("git log", len(LOG), None)
    assert result.source() == LOG


def test_a_persisted_result_is_read_whole_from_the_saved_file(tmp_path: Path) -> None:
    whole = LOG * 3
    saved = tool_results_dir(tmp_path) / "bkz6e3w1q.txt"
    saved.write_text(whole)
    response = inline(whole[:30_000], persistedOutputPath=str(saved),
                      persistedOutputSize=len(whole))
    result = bash.take(event(tmp_path, response))
    assert isinstance(result, bash.BashResult)
    assert (result.persisted, result.size) == (str(saved), len(whole))
    assert result.source() == whole


def test_a_saved_file_outside_this_session_passes(tmp_path: Path) -> None:
    elsewhere = tmp_path / "x.txt"
    elsewhere.write_text(LOG)
    response = inline(LOG[:100], persistedOutputPath=str(elsewhere), persistedOutputSize=len(LOG))
    result = bash.take(event(tmp_path, response))
    assert isinstance(result, Pass) and result.reason == "persisted-path-refused"


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_an_unreadable_saved_file_passes_with_its_reason(tmp_path: Path, kind: str) -> None:
    saved = tool_results_dir(tmp_path) / "planted.txt"
    plant_unreadable(saved, kind)
    result = bash.take(event(tmp_path, inline("x", persistedOutputPath=str(saved),
                                              persistedOutputSize=10**6)))
    assert isinstance(result, bash.BashResult)
    source = result.source()
    assert isinstance(source, Pass) and source.reason.startswith("persisted-output-")


def test_a_saved_file_that_is_a_symlink_is_not_followed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("password=hunter2\n" * 100)
    saved = tool_results_dir(tmp_path) / "link.txt"
    saved.symlink_to(secret)
    result = bash.take(event(tmp_path, inline("x", persistedOutputPath=str(saved),
                                              persistedOutputSize=1700)))
    assert isinstance(result, bash.BashResult)
    source = result.source()
    assert isinstance(source, Pass) and source.reason.startswith("persisted-output-")


def test_a_vanished_saved_file_passes(tmp_path: Path) -> None:
    saved = tool_results_dir(tmp_path) / "gone.txt"
    saved.write_text("x")
    result = bash.take(event(tmp_path, inline("x", persistedOutputPath=str(saved),
                                              persistedOutputSize=1)))
    os.unlink(saved)
    assert isinstance(result, bash.BashResult)
    source = result.source()
    assert isinstance(source, Pass) and source.reason.startswith("persisted-output-")


@pytest.mark.parametrize("response,tool_input,reason", [
    ("a string", {}, "unknown-shape"),
    ({"stderr": "", "interrupted": False}, {}, "unknown-shape"),
    (inline(LOG, interrupted=True), {}, "interrupted-or-image"),
    (inline("iVBORw0KGgo", isImage=True), {}, "interrupted-or-image"),
    (inline("", backgroundTaskId="bash_1"), {}, "background-task"),
    (inline(LOG), {"run_in_background": True}, "background-task"),
])
def test_shapes_garrepa_does_not_rewrite_pass_with_a_reason(
        tmp_path: Path, response: object, tool_input: dict[str, object], reason: str) -> None:
    result = bash.take(event(tmp_path, response, **tool_input))
    assert isinstance(result, Pass) and result.reason == reason


def test_a_command_that_is_no_string_passes(tmp_path: Path) -> None:
    result = bash.take(event(tmp_path, inline(LOG), command=["git", "log"]))
    assert isinstance(result, Pass) and result.reason == "unknown-shape"


def test_the_reply_keeps_the_bash_shape_without_the_persisted_keys(tmp_path: Path) -> None:
    saved = tool_results_dir(tmp_path) / "b.txt"
    saved.write_text(LOG)
    response = inline(LOG[:100], stderr="warning: x", persistedOutputPath=str(saved),
                      persistedOutputSize=len(LOG), returnCodeInterpretation="ok")
    result = bash.take(event(tmp_path, response))
    assert isinstance(result, bash.BashResult)
    assert result.reply("the digest") == {"hookSpecificOutput": {
        "hookEventName": "PostToolUse",
        "updatedToolOutput": {"stdout": "the digest", "stderr": "warning: x",
                              "interrupted": False, "isImage": False,
                              "returnCodeInterpretation": "ok"}}}


def test_small_is_judged_from_inline_stdout_only(tmp_path: Path) -> None:
    assert bash.small(event(tmp_path, inline("x" * 99)), 100)
    assert not bash.small(event(tmp_path, inline("x" * 100)), 100)
    assert not bash.small(event(tmp_path, inline("x", persistedOutputPath="/p")), 100)
    assert not bash.small(event(tmp_path, "x"), 100)

"""The git route against the real Claude Code binary, on a repository of real releases."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..conftest import git
from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
SPILL = re.compile(r"\[exact original: (\S+) \(")


def read_spill(body: dict[str, Any]) -> Turn:
    last = json.dumps(body["messages"][-1]).replace("\\\\", "\\")
    return Turn.tool("Read", file_path=SPILL.findall(last)[-1], offset=1, limit=3)


def bash(command: str) -> Turn:
    return Turn.tool("Bash", command=command, description="git")


def test_log_p_and_diff_become_digests(repo_copy: Path, tmp_path: Path,
                                       garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    log_p = git(repo_copy, "log", "-p")
    diff = git(repo_copy, "diff", "HEAD~4", "HEAD")
    assert len(log_p) > 30000 and len(diff) > 30000
    script = [bash("git log -p"), read_spill, bash("git -C . --no-pager diff HEAD~4 HEAD")]
    with FakeAnthropic(script) as fake:
        run = run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        log_result, spill_read, diff_result = (r["content"] for r in fake.tool_results().values())
    for result in (log_result, diff_result):
        assert isinstance(result, str)
        assert result.startswith("[garrepa briefing | git | git ")
        assert "<persisted-output>" not in result and "Output too large" not in result
        assert len(result) < 30000
    for sha in git(repo_copy, "log", "--format=%H").split():
        assert f"commit {sha} | Release Bot" in log_result
    assert "files changed" in diff_result and "diff --git a/" in diff_result
    # the agent can Read the spill the digest names: the exact, whole dump
    spill = SPILL.findall(log_result)[0]
    assert Path(spill).read_text() == log_p
    first_lines = log_p.split("\n")[:3]
    assert spill_read == "\n".join(f"{i}\t{line}" for i, line in enumerate(first_lines, 1))
    reasons = [(r["route"], r["reason"]) for r in journal.read(target=garrepa_home / "journal.jsonl")]
    assert ("git", "digested-log") in reasons and ("git", "digested-diff") in reasons


def test_writes_pipes_and_redirects_pass_untouched(repo_copy: Path, tmp_path: Path,
                                                   garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    script = [bash("git -c user.name=A -c user.email=a@b.c commit --allow-empty -m 'empty one'"),
              bash("git log -p | head -c 35000"), bash("git diff HEAD~4 HEAD > out.patch")]
    with FakeAnthropic(script) as fake:
        run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home)
        commit, piped, redirected = (r["content"] for r in fake.tool_results().values())
    assert "empty one" in commit
    assert piped.startswith("<persisted-output>")  # Claude Code's own handling, untouched
    assert "garrepa" not in piped
    assert redirected == "(Bash completed with no output)"
    assert (repo_copy / "out.patch").read_text() == git(repo_copy, "diff", "HEAD~4", "HEAD")
    reasons = [(r["route"], r["reason"])
               for r in journal.read(target=garrepa_home / "journal.jsonl")]
    # the `git -c … commit` starts no hook at all (its `if` rule names a digested command); the
    # pipe and the redirect are no git dump, and git is no program the command route digests
    assert reasons == [("command", "not-a-listed-command"), ("command", "under-threshold")]


def test_negative_control_without_init(repo_copy: Path, tmp_path: Path,
                                       garrepa_home: Path) -> None:
    with FakeAnthropic([bash("git log -p")]) as fake:
        run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home)
        [result] = (r["content"] for r in fake.tool_results().values())
    assert result.startswith("<persisted-output>")

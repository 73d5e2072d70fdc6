"""Where garrepa's exact copies live, against the real Claude Code binary in its default
permission mode: in Claude Code's own folder for the project, where the agent's Read reaches
them with no prompt and no search, listing or `git add` of the project does.

The session greps a real tree (click's history, from PyPI sdists), Reads a window of the spill
the digest names, and greps again: the second output is the first's, byte for byte (before,
each round found the last round's spills: x2.4 a round), and the repository, although it ships
a `.garrepa/.gitignore` that un-ignores everything, has nothing of garrepa's to commit.

Negative control: the same spill's bytes copied under ~/.cache are refused by Claude Code in
the same session ("requested permissions"): the place is what makes the Read work.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import GIT, garrepa

pytestmark = pytest.mark.e2e
SPILL = re.compile(r"\[exact original: (\S+) \(")
GREP = 'grep -rn "def " .'
ALLOW = ("--allowedTools", "Bash(grep:*) Bash(find:*) Bash(ls:*)")


def bash(command: str) -> Turn:
    return Turn.tool("Bash", command=command, description="look")


def _spill_named(body: dict[str, Any]) -> str:
    last = json.dumps(body["messages"][-1]).replace("\\\\", "\\")
    return str(SPILL.findall(last)[-1])


def test_spills_are_read_without_a_prompt_and_never_found_in_the_project(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    # a repository that ships a .garrepa/.gitignore un-ignoring everything (an older install's
    # guard, which a repository can switch off)
    (repo_copy / ".garrepa").mkdir()
    (repo_copy / ".garrepa" / ".gitignore").write_text("!*\n")
    subprocess.run(GIT + ["add", "-A"], cwd=repo_copy, check=True)
    subprocess.run(GIT + ["commit", "-qm", "project files"], cwd=repo_copy, check=True)
    home = tmp_path / "home"
    named: list[str] = []

    def read_spill(body: dict[str, Any]) -> Turn:
        named.append(_spill_named(body))
        return Turn.tool("Read", file_path=named[-1], offset=3, limit=2)

    def read_copy_in_cache(_body: dict[str, Any]) -> Turn:
        copy = home / ".cache" / "garrepa-copy" / "spill.txt"
        copy.parent.mkdir(parents=True)
        shutil.copyfile(named[0], copy)
        return Turn.tool("Read", file_path=str(copy), offset=3, limit=2)

    script = [bash(GREP), read_spill, bash(GREP), read_copy_in_cache,
              bash("find . -name '*.txt'"), bash("ls -R .")]
    with FakeAnthropic(script) as fake:
        run = run_claude(repo_copy, fake.url, home, garrepa_home, skip_permissions=False,
                         extra_args=ALLOW)
        assert run.returncode == 0, run.stderr[-2000:]
        results = [r for r in fake.tool_results().values()]
    first, spill_read, second, cached, found, listed = results
    assert not spill_read.get("is_error"), spill_read
    spill = Path(named[0])
    # in Claude Code's folder for the project, beside its transcripts
    assert spill.parents[3] == home / ".claude" / "projects", spill
    assert spill.parts[-3:-1] == ("garrepa", "spill") and list(spill.parents[2].glob("*.jsonl"))
    exact = spill.read_text().split("\n")
    assert spill_read["content"] == f"3\t{exact[2]}\n4\t{exact[3]}"
    # the second grep saw no spill: the same lines (grep walks the tree in its own order), and
    # the journal measured the same output twice
    again = Path(SPILL.findall(second["content"])[0]).read_text().split("\n")
    assert sorted(again) == sorted(exact) and not [line for line in again if "spill" in line]
    assert second["content"].count("garrepa/spill/") == 1  # its own pointer line only
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
               if r.get("route") == "command" and r.get("decision") == "compress"]
    assert len(records) == 2 and records[0]["chars_in"] == records[1]["chars_in"]
    assert "garrepa/spill" not in json.dumps(found["content"]) + json.dumps(listed["content"])
    # the negative control: the same bytes outside Claude Code's folder need a permission
    assert cached.get("is_error") and "requested permissions" in json.dumps(cached["content"])
    # nothing of garrepa's to commit, whatever the repository's .gitignore says
    staged = subprocess.run(GIT + ["add", "-A", "--dry-run"], cwd=repo_copy, capture_output=True,
                            text=True, check=True).stdout
    assert "spill" not in staged and spill.name not in staged

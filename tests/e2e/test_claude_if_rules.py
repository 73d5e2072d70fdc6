"""The `if` rules against the real Claude Code: the hook is spawned for every kind of document
the config names and for the git commands the route digests, and for nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal
from garrepa_py.config import schema
from garrepa_py.config.settings import Settings
from garrepa_py.routes import read

from ..support.claude_run import ClaudeRun, run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e

EXTRA_EXTENSION = "tex"  # added by the project config: its rule must appear and work


def sample_path(rule: str, index: int) -> str:
    """A file the rule should match, in a nested folder, alternating the case."""
    inner = rule[len("Read("):-1]
    if inner.startswith("**/*."):
        extension = inner[5:]
        return f"notes/deep/sample{index}.{extension.upper() if index % 2 else extension}"
    if inner.count("/**/") == 1:  # **/docs/**/*.html
        folder, extension = inner[3:].split("/**/*.")
        return f"site/{folder}/guide/page{index}.{extension}"
    return f"pkg{index}/{inner[3:].upper()}"  # **/readme → an extensionless name


def configured_rules() -> tuple[str, ...]:
    values = schema.flatten(schema.defaults_tree())
    values["read.docExtensions"] = [*values["read.docExtensions"], EXTRA_EXTENSION]  # type: ignore[list-item]
    found = read.rules(Settings(values, {}))
    assert found is not None
    return found


def session(project: Path, tmp_path: Path, garrepa_home: Path,
            script: list[Turn]) -> ClaudeRun:
    with FakeAnthropic(script) as fake:
        run = run_claude(project, fake.url, tmp_path / "home", garrepa_home,
                         extra_env={"GARREPA_PROVIDER": "none"})
    assert run.returncode == 0, run.stderr[-2000:]
    return run


def started(run: ClaudeRun) -> list[dict[str, Any]]:
    return [e for e in run.hook_events() if e.get("subtype") == "hook_started"]


def test_every_configured_document_reaches_the_hook_and_nothing_else_does(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    (git_project / "garrepa.config.json").write_text(json.dumps(
        {"read": {"docExtensions": ["md", "mdx", "markdown", "rst", "txt", "adoc", "org",
                                    EXTRA_EXTENSION]}}))
    garrepa("init", str(git_project), "--update-config")
    installed = json.loads((git_project / ".claude" / "settings.json").read_text())
    read_rules = [h["if"] for g in installed["hooks"]["PostToolUse"] if g["matcher"] == "Read"
                  for h in g["hooks"]]
    assert read_rules == list(configured_rules())
    documents = [sample_path(rule, n) for n, rule in enumerate(read_rules)]
    sources = ["sub/app.py", "src/lib.rs", "package.json", "Makefile.am", "notes/a.tex.py"]
    for relative in documents + sources:
        path = git_project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("small\n")
    digested = ["git -C . log --oneline -1", "GIT_PAGER=cat git diff HEAD~1",
                "git --no-pager show --stat HEAD", "git blame README.md",
                "git --git-dir=.git log -1", "cd sub && git log -1"]  # the cd stays: last
    ignored = ["git status --short", "git add -A", "git commit -qm 'more files'",
               "echo sub"]
    listed = ["ls sub"]  # the command route's `Bash(ls *)`: one hook, which passes it (small)
    script = ([Turn.tool("Read", file_path=str(git_project / d)) for d in documents]
              + [Turn.tool("Read", file_path=str(git_project / s)) for s in sources]
              + [Turn.tool("Bash", command=c) for c in ignored + listed + digested])
    run = session(git_project, tmp_path, garrepa_home, script)

    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    reads = [r for r in records if r["tool"] == "Read"]
    bashes = [r for r in records if r["tool"] == "Bash"]
    # one hook per document Read (each rule reached: the filter is not too tight) ...
    assert len(reads) == len(documents), [r["reason"] for r in reads]
    assert {r["reason"] for r in reads} == {"under-threshold"}  # the route still decides
    # ... none for source Reads and git commands the route does not digest ...
    assert len(bashes) == len(digested) + len(listed)
    assert [r["route"] for r in bashes].count("command") == len(listed)
    # ... and never two hooks for one call: the rules are disjoint (a document Read's handler
    # runs after it)
    names = [e.get("hook_name") for e in started(run)]
    assert names.count("PostToolUse:Read") == len(documents)
    assert len(names) == len(documents) + len(digested) + len(listed)


def test_negative_control_an_unfiltered_read_entry_spawns_for_source(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project))
    settings_file = git_project / ".claude" / "settings.json"
    installed = json.loads(settings_file.read_text())
    group = next(g for g in installed["hooks"]["PostToolUse"] if g["matcher"] == "Read")
    group["hooks"] = [dict(group["hooks"][0])]
    del group["hooks"][0]["if"]  # the first round's entry: every Read
    settings_file.write_text(json.dumps(installed))
    script = [Turn.tool("Read", file_path=str(git_project / "sub" / "app.py"))]
    run = session(git_project, tmp_path, garrepa_home, script)
    assert len(started(run)) == 1
    [record] = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert record["reason"] == "not-documentation"

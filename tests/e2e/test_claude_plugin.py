"""garrepa installed as a Claude Code plugin from this repository (a local marketplace), with the
real binary's own non-interactive `claude plugin` commands."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal
from garrepa_py.install.interpreter import interpreter_record_text
from garrepa_py.install.plugin import PLUGIN_ID

from ..support.claude_run import claude_binary, run_claude, write_mcp_config
from ..support.fake_anthropic import FakeAnthropic, Turn

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[2]


def claude_cli(home: Path, *args: str) -> str:
    binary = claude_binary()
    assert binary is not None
    env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
           "DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
    done = subprocess.run([str(binary), *args], env=env, capture_output=True, text=True,
                          timeout=120, check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture
def plugin_home(tmp_path: Path, garrepa_home: Path) -> Path:
    """A user who added this repository as a marketplace and installed the plugin; garrepa is
    installed for them (the interpreter record its launcher reads, as `garrepa init` or a
    first run of garrepa writes it)."""
    home = tmp_path / "home"
    home.mkdir()
    marketplace = tmp_path / "marketplace"  # a copy: the test must not depend on the checkout
    shutil.copytree(REPO / ".claude-plugin", marketplace / ".claude-plugin")
    shutil.copytree(REPO / "plugin", marketplace / "plugin", symlinks=True)
    claude_cli(home, "plugin", "marketplace", "add", str(marketplace))
    assert "Successfully installed" in claude_cli(home, "plugin", "install", PLUGIN_ID)
    garrepa_home.mkdir(parents=True, exist_ok=True)
    (garrepa_home / "interpreter").write_text(interpreter_record_text())
    return home


def scenario(project: Path, changelog: Path) -> list[Turn]:
    return [Turn.tool("Read", file_path=str(changelog)),
            Turn.tool("mcp__probe__big_json"),
            Turn.tool("Bash", command="git log -p")]


@pytest.fixture
def project(git_project: Path, doc_corpus: Path, tmp_path: Path, github_corpus: Path) -> Path:
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", git_project / "CHANGELOG.md")
    for number in range(40):  # enough history for `git log -p` to be digested
        (git_project / "sub" / "app.py").write_text(
            (doc_corpus / "attrs-23.2.0" / "CHANGELOG.md").read_text()[number * 900:][:2000])
        subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.com", "commit",
                        "-qam", f"change {number}"], cwd=git_project, check=True)
    data = tmp_path / "mcp-data"
    data.mkdir()
    shutil.copy(github_corpus / "Issue33_testClosedIssues-31.json", data / "big.json")
    (data / "doc.md").write_text("# x\n")
    return git_project


def session(project: Path, home: Path, garrepa_home: Path, tmp_path: Path
            ) -> tuple[list[Any], Any]:
    mcp = write_mcp_config(tmp_path / "mcp.json", tmp_path / "mcp-data")
    with FakeAnthropic(scenario(project, project / "CHANGELOG.md")) as agent:
        run = run_claude(project, agent.url, home, garrepa_home, mcp_config=mcp,
                         extra_env={"GARREPA_PROVIDER": "none"})
        assert run.returncode == 0, run.stderr[-2000:]
        results = [r["content"] for r in agent.tool_results().values()]
        context = agent.last_messages_text()
    return results, (run, context)


def assert_briefed(results: list[Any], context: str) -> None:
    read, mcp, git = results
    # the Read was narrowed, and its map came as the Read's own result, not as context
    assert isinstance(read, str) and read.count("\n") < 250 and "Document map of CHANGELOG.md" in read
    assert "hook additional context" not in context
    assert mcp[0]["text"].startswith("[garrepa briefing | mcp | mcp__probe__big_json |")
    assert git.startswith("[garrepa briefing | git | git log -p |")


def test_the_plugin_briefs_reads_mcp_and_git_like_init(project: Path, plugin_home: Path,
                                                        garrepa_home: Path,
                                                        tmp_path: Path) -> None:
    results, (run, context) = session(project, plugin_home, garrepa_home, tmp_path)
    assert_briefed(results, context)
    assert not (project / ".claude" / "settings.json").exists()  # nothing from init here
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert [(r["route"], r["decision"]) for r in records] == [
        ("read", "compress"), ("mcp", "compress"), ("git", "compress")]

    # uninstalling the plugin leaves no hook running
    claude_cli(plugin_home, "plugin", "uninstall", PLUGIN_ID)
    results, (run, context) = session(project, plugin_home, garrepa_home, tmp_path)
    assert run.hook_events() == []
    assert "[garrepa briefing" not in json.dumps(results)  # everything arrived as it was


def test_plugin_and_init_together_brief_each_event_once(project: Path, plugin_home: Path,
                                                         garrepa_home: Path,
                                                         tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project)],
                         capture_output=True, text=True, check=True,
                         env={**os.environ, "HOME": str(plugin_home),
                              "CLAUDE_CONFIG_DIR": str(plugin_home / ".claude"),
                              "GARREPA_HOME": str(garrepa_home)})
    assert "the garrepa plugin is enabled too" in out.stdout
    results, (run, context) = session(project, plugin_home, garrepa_home, tmp_path)
    assert_briefed(results, context)
    started = [e for e in run.hook_events() if e.get("subtype") == "hook_started"]
    assert len(started) == 6  # both ran for each of the three calls ...
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert len(records) == 3  # ... and only the project's entry decided and journaled
    assert results[1][0]["text"].count("[garrepa briefing") == 1
    report = subprocess.run([sys.executable, "-m", "garrepa_py", "doctor", str(project), "--json"],
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "HOME": str(plugin_home),
                                 "CLAUDE_CONFIG_DIR": str(plugin_home / ".claude"),
                                 "GARREPA_HOME": str(garrepa_home)}).stdout
    plugin = {c["name"]: c for c in json.loads(report)["checks"]}["plugin"]
    assert plugin["status"] == "warn" and "installed twice" in plugin["detail"]

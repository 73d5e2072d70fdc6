"""The CLI as a new user meets it: help, narrow terminals, summaries of many files, `write`'s
refusals, and `preview` (the hook's own decision, without Claude Code)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ..actions.test_report_cli import journaled  # noqa: F401 - the fixture, shared
from ..conftest import git, run_hook
from ..support.read_events import post_read

GARREPA = [sys.executable, "-m", "garrepa_py"]


def cli(*args: str, columns: int = 80, cwd: Path | None = None, stdin: str = "",
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*GARREPA, *args], capture_output=True, text=True, cwd=cwd,
                          input=stdin, timeout=120, check=False,
                          env={**os.environ, "COLUMNS": str(columns), **(env or {})})


@pytest.mark.parametrize("args", [["-h"], ["--help"], [], ["config"], ["config", "-h"],
                                  ["report", "-h"]])
def test_help_is_there_every_way_and_succeeds(args: list[str]) -> None:
    result = cli(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Usage: garrepa")
    assert "..." not in result.stdout.split("\n", 1)[1]  # no description cut short
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_every_command_is_listed_with_its_whole_short_help() -> None:
    listed = cli("-h").stdout.split("Commands:", 1)[1]
    for command in ("init", "uninstall", "doctor", "trust", "summarize", "write", "peek", "ask",
                    "report", "preview", "config"):
        assert re.search(rf"^  {command} +\S", listed, re.M), command


@pytest.mark.parametrize("columns", [80, 40])
def test_report_reads_at_narrow_widths(journaled: dict[str, Any], columns: int,  # noqa: F811
                                       garrepa_home: Path) -> None:
    env = {"GARREPA_HOME": str(garrepa_home)}
    data = json.loads(cli("report", "--json", env=env).stdout)
    text = cli("report", columns=columns, env=env).stdout
    assert "…" not in text and "..." not in text  # nothing cut
    assert all(len(line) <= columns for line in text.splitlines())
    flat = " ".join(text.split())  # a figure may wrap onto the next line between words only
    total = data["total"]
    assert f"net {total['net_saved_chars']:,} chars" in flat
    assert f"${total['model_cost_usd']:.4f}" in flat
    for route, tally in data["routes"].items():
        assert f"{route}: events {tally['events']} · compressed {tally['compressed']}" in flat
    assert re.search(r"^\d{4}-\d\d-\d\d  █+ ", text, re.M)  # the per-day chart fits too


def test_report_session_filter(journaled: dict[str, Any], garrepa_home: Path) -> None:  # noqa: F811
    env = {"GARREPA_HOME": str(garrepa_home)}
    assert json.loads(cli("report", "--session", "s", "--json", env=env).stdout)[
        "total"]["events"] == 5
    assert json.loads(cli("report", "--session", "other", "--json", env=env).stdout)[
        "total"]["events"] == 0


def test_summarize_a_directory_in_natural_order_with_totals(tmp_path: Path,
                                                             doc_corpus: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    changelog = (doc_corpus / "attrs-23.2.0" / "CHANGELOG.md").read_text()
    for number in (1, 2, 10, 100):
        (folder / f"doc{number}.md").write_text(changelog if number == 10 else "# short\n")
    result = cli("summarize", str(folder), "--offline", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    order = re.findall(r"^\S*/doc(\d+)\.md: ", result.stdout, re.M)
    assert order == ["1", "2", "10", "100"]
    alone = sum(len("\n".join(f"{n}\t{line}" for n, line in enumerate(
        (folder / f"doc{number}.md").read_text().split("\n"), 1))) for number in (1, 2, 10, 100))
    assert re.search(rf"^4 files: 1 briefed, 3 short; Read by the agent, Claude Code alone "
                     rf"{alone:,} chars → garrepa [\d,]+: saves [\d,]+ chars \(\d+%\)$",
                     result.stdout, re.M)


def test_summarize_says_a_question_needs_a_model(tmp_path: Path, doc_corpus: Path) -> None:
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", tmp_path / "CHANGELOG.md")
    result = cli("summarize", "CHANGELOG.md", "--question", "what changed in 23.1?",
                 "--offline", cwd=tmp_path)
    assert result.returncode == 0
    assert "note: --question needs a model and none is usable (provider-none)" in result.stderr


def test_write_refuses_what_is_not_a_diff_before_anything_else(tmp_path: Path) -> None:
    result = cli("write", "commit-message", stdin="hello\n", cwd=tmp_path,
                 env={"GARREPA_PROVIDER": "none"})
    assert result.returncode == 1
    assert result.stderr.startswith("error: the input is not a diff")


def test_write_asks_for_a_model_before_scanning_for_secrets(tmp_path: Path) -> None:
    diff = ("diff --git a/.env b/.env\n--- a/.env\n+++ b/.env\n@@ -0,0 +1 @@\n"
            "+-----BEGIN RSA PRIVATE KEY-----\n")  # a secret whose end is missing: unmaskable
    result = cli("write", "commit-message", stdin=diff, cwd=tmp_path,
                 env={"GARREPA_PROVIDER": "none"})
    assert result.returncode == 1
    assert result.stderr.startswith("error: writing needs a model, and none is usable")


def test_write_staged_outside_a_repository_is_one_clear_message(tmp_path: Path) -> None:
    result = cli("write", "commit-message", "--staged", cwd=tmp_path,
                 env={"GIT_CEILING_DIRECTORIES": str(tmp_path.parent)})
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "error: this is not a git repository, so there is nothing staged",
        "hint: cd into your repository, or pipe a diff: git diff | garrepa write commit-message"]


def test_preview_of_a_read_is_exactly_what_the_hook_gives(tmp_path: Path, doc_corpus: Path,
                                                          garrepa_home: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    target = project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    env = {"GARREPA_PROVIDER": "none", "CLAUDE_PROJECT_DIR": str(project)}
    shown = json.loads(cli("preview", str(target), "--json", cwd=project, env=env).stdout)
    assert (shown["route"], shown["decision"], shown["reason"]) == ("read", "compress",
                                                                    "mapped-narrow")
    event = post_read(target, cwd=project)
    hook = json.loads(run_hook(json.dumps(event), env=env).stdout)["hookSpecificOutput"]
    content = hook["updatedToolOutput"]["file"]["content"].split("\n")
    # as Claude Code shows the rewritten Read: numbered from its startLine
    assert shown["text"] == "\n".join(f"{n}\t{line}" for n, line in enumerate(content, 1))
    lines = target.read_text().split("\n")
    assert shown["text"].startswith(f"1\t{lines[0]}\n2\t{lines[1]}")
    assert f"\n60\t{lines[59]}\n61\t[garrepa: this Read stops here, at line 60 " in shown["text"]
    source = cli("preview", str(Path(__file__)), "--json", cwd=project, env=env).stdout
    assert json.loads(source)["reason"] == "not-documentation"


def test_preview_of_git_and_mcp(tmp_path: Path, repo_copy: Path, github_corpus: Path) -> None:
    env = {"GARREPA_PROVIDER": "none"}
    shown = cli("preview", "--", "git", "log", "-p", cwd=repo_copy, env=env)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("[garrepa briefing | git | git log -p | original: ")
    # measured against what Claude Code alone delivers: the persisted-output notice of the log
    from garrepa_py.hosts.claude_code import delivery as baseline

    source = git(repo_copy, "log", "-p")
    notice = baseline.notice_chars(source, len(source), "/tmp/session/tool-results/toolu_x.txt")
    as_json = json.loads(cli("preview", "--json", "--", "git", "log", "-p", cwd=repo_copy,
                             env=env).stdout)
    assert (as_json["raw_chars"], as_json["baseline_chars"]) == (len(source), notice)
    assert as_json["delivered_chars"] == len(as_json["text"]) > notice  # inline, under 30,000
    assert as_json["net_saved_chars"] == notice - len(as_json["text"]) < 0
    assert shown.stderr.splitlines()[0] == (
        f"compress (digested-log) · route git · Claude Code alone {notice:,} chars → garrepa "
        f"{len(as_json['text']):,}: garrepa adds {len(as_json['text']) - notice:,} chars · raw "
        f"output {len(source):,}")
    refused = cli("preview", "--", "git", "push", cwd=repo_copy, env=env)
    assert refused.returncode == 1 and "is not one read-only git" in refused.stderr
    issues = github_corpus / "Issue33_testClosedIssues-31.json"
    mcp = json.loads(cli("preview", "--mcp", str(issues), "--tool", "mcp__github__list_issues",
                         "--json", cwd=tmp_path, env=env).stdout)
    assert (mcp["route"], mcp["decision"]) == ("mcp", "compress")
    text = issues.read_text()
    assert mcp["raw_chars"] == len(text)
    # under 50,000 chars an MCP result reaches the model whole: that is the baseline
    assert mcp["baseline_chars"] == (len(text) if len(text) <= 50_000 else baseline.notice_chars(
        text, len(text), "/tmp/session/tool-results/toolu_x.txt"))
    assert mcp["delivered_chars"] == len(mcp["text"])
    assert mcp["text"].startswith("[garrepa briefing | mcp | mcp__github__list_issues |")


def test_preview_of_any_command_output_and_of_a_grep_result(tmp_path: Path,
                                                              repo_copy: Path) -> None:
    """`--output FILE --command CMD`: a saved Bash output as the hook's pipeline decides it (the
    command route here; a source `cat` of the same bytes passes exactly); `--grep FILE`: the
    search route's view of a Grep content result. Sizes are against Claude Code alone."""
    env = {"GARREPA_PROVIDER": "none"}
    out = tmp_path / "grep.txt"
    out.write_text(subprocess.run(["grep", "-rn", "def ", "src", "tests"], cwd=repo_copy,
                                  capture_output=True, text=True, check=True).stdout)
    text = out.read_text()
    from garrepa_py.hosts.claude_code import delivery as baseline

    notice = baseline.notice_chars(text, len(text), "/tmp/session/tool-results/toolu_x.txt")
    shown = json.loads(cli("preview", "--json", "--output", str(out), "--command",
                           "grep -rn 'def ' src tests", cwd=repo_copy, env=env).stdout)
    assert (shown["route"], shown["decision"], shown["reason"]) == ("command", "compress",
                                                                    "digested")
    assert (shown["raw_chars"], shown["baseline_chars"]) == (len(text), notice)
    assert shown["text"].startswith("[garrepa briefing | command | grep -rn 'def ' src tests")
    exact = json.loads(cli("preview", "--json", "--output", str(out), "--command",
                           "cat src/click/core.py", cwd=repo_copy, env=env).stdout)
    assert (exact["decision"], exact["reason"], exact["text"]) == ("pass", "exact-file-read",
                                                                   text)
    missing = cli("preview", "--output", str(out), cwd=repo_copy, env=env)
    assert missing.returncode == 1 and "--output needs --command" in missing.stderr
    grep = json.loads(cli("preview", "--json", "--grep", str(out), cwd=repo_copy,
                          env=env).stdout)
    assert (grep["route"], grep["reason"]) == ("search", "digested-grep")
    assert grep["baseline_chars"] == notice  # a Grep result over 20,000 chars is persisted


def test_preview_of_a_log_is_what_the_runner_prints(tmp_path: Path, garrepa_home: Path,
                                                    log_corpus: Path) -> None:
    """`preview --log` goes through the runner's own outcome: the same digest text the runner
    prints for that log (only the spill's name differs), its exit code in the reason."""
    log = log_corpus / "pytest-three-failures.log"
    project = tmp_path / "project"
    project.mkdir()
    shown = json.loads(cli("preview", "--log", str(log), "--command", "python -m pytest -v",
                           "--json", cwd=project, env={}).stdout)
    assert (shown["route"], shown["decision"]) == ("logs", "compress")
    assert shown["reason"] == "digested (pytest, exit 1)"
    runner = subprocess.run([sys.executable, "-m", "garrepa_py.hook.log_runner", "--family",
                             "pytest", "--project", str(project), "--runner-self",
                             str(project / ".claude/hooks/garrepa-log")], input=log.read_bytes(),
                            capture_output=True, timeout=60, check=False)
    printed = runner.stdout.decode()
    # line for line the runner's, but for the last: the runner names the spill it wrote (and
    # its peek id), the preview writes none
    assert printed.rstrip("\n").split("\n")[:-1] == shown["text"].split("\n")[:-1]
    assert re.fullmatch(r"\[exact log: \S+/garrepa/spill/\w+\.txt \([\d,]+ lines, as it came\) "
                        r"\| Read it with offset/limit for any part, or run `garrepa peek \w+ "
                        r"START END` or `garrepa ask \w+ \"question\"`\]", printed.rstrip("\n").split("\n")[-1])
    assert shown["text"].split("\n")[-1].startswith("[exact log: (the runner keeps the exact log")
    assert runner.returncode == 1
    # the same baseline the runner journals (Claude Code's cut of a failed run), and the
    # runner's printed text under the same rules
    from garrepa_py import journal
    from garrepa_py.hosts.claude_code import delivery as baseline

    [run] = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
             if r.get("event") == "LogRun"]
    assert shown["baseline_chars"] == run["baseline_chars"] == baseline.cut_chars(
        len("Exit code 1\n") + min(log.stat().st_size, 30_000))
    assert shown["delivered_chars"] == baseline.cut_chars(
        len("Exit code 1\n") + len(shown["text"]) + 1)
    short = log_corpus / "mypy-type-error.log"
    as_it_came = json.loads(cli("preview", "--log", str(short), "--json", cwd=project,
                                env={}).stdout)
    assert (as_it_came["decision"], as_it_came["text"]) == ("pass", short.read_text())
    refused = cli("preview", "--log", str(log), "--command", "git status", cwd=project, env={})
    assert refused.returncode == 1 and "hint: e.g. --command" in refused.stderr

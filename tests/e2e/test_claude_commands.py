"""The command route (any other large Bash output) and the search route (Grep with the tools
enabled) against the real Claude Code binary: what the model's tool_result holds.

Negative controls: without garrepa's hooks the same calls arrive as Claude Code's own
persisted-output notice (a 2 KB preview), and an exact file read (`cat` of source code) is
never touched, hooks or not.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
SPILL = re.compile(r"\[exact original: (\S+) \(")
GREP = 'grep -rn "def " src tests'
SEARCH_TOOLS = ("--tools", "Bash,Read,Grep,Glob")


def bash(command: str) -> Turn:
    return Turn.tool("Bash", command=command, description="look")


def read_spill(body: dict[str, Any]) -> Turn:
    last = json.dumps(body["messages"][-1]).replace("\\\\", "\\")
    return Turn.tool("Read", file_path=SPILL.findall(last)[-1], offset=1, limit=2)


def files_with_matches(repo: Path) -> list[str]:
    out = subprocess.run(["grep", "-rl", "def ", "src", "tests"], cwd=repo, capture_output=True,
                         text=True, check=True).stdout
    return sorted(out.split())


def named_or_rolled_up(path: str, digest: str) -> bool:
    """The file is named, or a directory it is in is rolled up with its line range."""
    if f"{path}:" in digest:
        return True
    parts = path.split("/")
    return any(f"{'/'.join(parts[:i])}/ (" in digest for i in range(1, len(parts)))


def session(repo: Path, tmp_path: Path, garrepa_home: Path, script: list[Any],
            extra_args: tuple[str, ...] = ()) -> list[Any]:
    with FakeAnthropic(script) as fake:
        run = run_claude(repo, fake.url, tmp_path / "home", garrepa_home,
                         extra_args=extra_args)
        assert run.returncode == 0, run.stderr[-2000:]
        return [r["content"] for r in fake.tool_results().values()]


def test_a_large_grep_becomes_a_digest_and_a_source_cat_stays_exact(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(repo_copy), "--provider", "none")
    whole = subprocess.run(GREP, shell=True, cwd=repo_copy, capture_output=True, text=True,
                           check=True).stdout
    source = (repo_copy / "src" / "click" / "core.py").read_text()
    assert len(whole) > 30000 and len(source) > 30000
    grep_result, spill_read, cat_result = session(
        repo_copy, tmp_path, garrepa_home,
        [bash(GREP), read_spill, bash("cat src/click/core.py")])
    assert isinstance(grep_result, str)
    assert grep_result.startswith(f"[garrepa briefing | command | {GREP} | ")
    assert "<persisted-output>" not in grep_result and len(grep_result) < 14000
    missing = [p for p in files_with_matches(repo_copy) if not named_or_rolled_up(p, grep_result)]
    assert missing == []
    # the spill the digest names is the exact, whole output, and the agent can Read it
    spill = Path(SPILL.findall(grep_result)[0]).read_text()
    # (grep walks the tree in its own order there: the same lines, maybe in another order)
    assert sorted(spill.split("\n")) == sorted(whole.split("\n"))
    assert spill_read == "\n".join(f"{i}\t{line}" for i, line in
                                   enumerate(spill.split("\n")[:2], 1))
    # source code read whole: Claude Code's own notice, garrepa changes nothing
    assert isinstance(cat_result, str) and cat_result.startswith("<persisted-output>")
    reasons = [(r.get("route"), r.get("reason"))
               for r in journal.read(target=garrepa_home / "journal.jsonl")]
    assert ("command", "digested") in reasons and ("command", "exact-file-read") in reasons


def test_without_the_hooks_the_same_grep_is_a_2_kb_preview(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """The negative control: the digest above is garrepa's, not Claude Code's."""
    (grep_result,) = session(repo_copy, tmp_path, garrepa_home, [bash(GREP)])
    assert isinstance(grep_result, str) and grep_result.startswith("<persisted-output>")
    assert "garrepa" not in grep_result
    assert len(grep_result) < 3000


def grep_tool(head_limit: int) -> Turn:
    return Turn.tool("Grep", pattern="def ", path=".", output_mode="content", **{"-n": True},
                     head_limit=head_limit)


def test_a_large_grep_tool_result_becomes_the_same_digest(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """With Grep enabled and `head_limit: 0` (Claude Code's own default cuts at 250 lines, under
    its 20,000-char inline bound), the whole match list reaches the hook: the model gets the
    grouped digest in the Grep tool_result instead of a persisted-output preview."""
    garrepa("init", str(repo_copy), "--provider", "none")
    result, small = session(repo_copy, tmp_path, garrepa_home,
                            [grep_tool(0), grep_tool(20)], SEARCH_TOOLS)
    assert isinstance(result, str)
    assert result.startswith("[garrepa briefing | search | Grep def | ")
    assert "<persisted-output>" not in result and len(result) < 14000
    assert "src/click/core.py" in result
    assert isinstance(small, str) and "garrepa" not in small  # 20 lines: Claude Code's own
    routes = [(r.get("route"), r.get("reason"), r.get("decision"))
              for r in journal.read(target=garrepa_home / "journal.jsonl")]
    assert ("search", "digested-grep", "compress") in routes
    assert ("search", "under-threshold", "pass") in routes


def test_without_the_hooks_a_large_grep_tool_result_is_a_preview(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    (result,) = session(repo_copy, tmp_path, garrepa_home, [grep_tool(0)], SEARCH_TOOLS)
    assert isinstance(result, str) and result.startswith("<persisted-output>")
    assert "garrepa" not in result


def test_the_if_rules_start_the_hook_only_for_listed_programs(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """The command route's `if` rules (one per listed program): Claude Code strips `cd … &&`
    and tries each part of a pipeline, so both grep forms start the hook and are digested; an
    `echo` and a `python3 -c` that prints a source file start no process at all (no journal
    line), and the file arrives as Claude Code alone delivers it."""
    garrepa("init", str(repo_copy), "--provider", "none")
    printer = "python3 -c \"print(open('src/click/core.py').read())\""
    # (the `cd` comes last: Claude Code's shell keeps the directory for the calls after it)
    calls = ['grep -rn "def " src tests | sort', "echo hello", printer,
             'cd src && grep -rn "def " .']
    results = session(repo_copy, tmp_path, garrepa_home, [bash(c) for c in calls])
    assert results[0].startswith('[garrepa briefing | command | grep -rn "def " src tests | sort')
    assert results[1] == "hello"
    assert results[2].startswith("<persisted-output>")  # Claude Code's own, untouched
    assert results[3].startswith('[garrepa briefing | command | cd src && grep -rn "def " . |')
    from garrepa_py.event import ToolEvent
    from garrepa_py.hook.pipeline import target_key
    from garrepa_py.hosts.claude_code.host import HOST
    from garrepa_py.routes import registry

    def key(command: str) -> str | None:
        event = ToolEvent({"tool_name": "Bash", "tool_input": {"command": command}}, HOST)
        return target_key(registry.BY_NAME["command"], event)

    journaled = [r.get("key") for r in journal.read(target=garrepa_home / "journal.jsonl")]
    assert journaled.count(key(calls[0])) == 1 and journaled.count(key(calls[3])) == 1
    assert key(calls[1]) not in journaled and key(printer) not in journaled


def test_a_call_matching_two_rules_starts_two_hooks_and_counts_once(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """`find … | grep …` matches the `find` and the `grep` rule: Claude Code starts both
    handlers (each decides the same and journals it); `garrepa report` counts the call once.
    A filter after a pipe (`| grep -v test_`) prints no file: the grep is still digested."""
    from ..cli.helpers import invoke
    from ..e2e.test_claude_log_forms import hooks_per_command

    garrepa("init", str(repo_copy), "--provider", "none")
    both = 'find src -name "*.py" | grep -n core'
    filtered = 'grep -rn "def " src tests | grep -v test_'
    with FakeAnthropic([bash(both), bash(filtered)]) as fake:
        run = run_claude(repo_copy, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        results = [r["content"] for r in fake.tool_results().values()]
    assert hooks_per_command(run) == {both: 2, filtered: 1}
    assert results[1].startswith(f"[garrepa briefing | command | {filtered} | ")
    lines = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert len(lines) == 3
    data = json.loads(invoke("report", "--json", "--since", "100000d").output)
    assert data["routes"]["command"]["events"] == 2


def test_a_file_printed_whole_by_any_grep_spelling_reaches_the_model_whole(
        repo_copy: Path, tmp_path: Path, garrepa_home: Path) -> None:
    """Issue 33: inside Claude Code `grep` is ugrep, where `-y` is `--any-line`: `grep -y zzz F`
    prints every line of F, as do `ls F && grep '' F` and `grep -nvC0 zzz F`. Claude Code alone
    delivers a 26 KB file whole; with garrepa's hooks it still does (each part of the command
    read by each grep's own options), while the same session's tree search is digested."""
    garrepa("init", str(repo_copy), "--provider", "none")
    target = repo_copy / "src" / "big_module.py"
    target.write_text("".join(f"def function_{n}(value):\n    return value * {n}  # line {n}\n"
                              for n in range(440)))  # 26 KB; numbered, 28 KB
    text = target.read_text()
    calls = ["grep -y zzz src/big_module.py", "ls src && grep '' src/big_module.py",
             "grep -nvC0 zzz src/big_module.py", GREP]
    results = session(repo_copy, tmp_path, garrepa_home, [bash(c) for c in calls])
    assert results[0].strip() == text.strip()  # ugrep's --any-line: every line, exactly
    assert results[1].strip().endswith(text.strip())
    numbered = "\n".join(f"{i}:{line}" for i, line in enumerate(text.split("\n")[:-1], 1))
    assert results[2].strip() == numbered
    assert results[3].startswith(f"[garrepa briefing | command | {GREP} | ")
    reasons = [(r.get("key"), r.get("reason"))
               for r in journal.read(target=garrepa_home / "journal.jsonl")]
    # (`ls src && grep …` matches two rules: two hooks, each deciding the same)
    assert len({key for key, reason in reasons if reason == "exact-file-read"}) == 3

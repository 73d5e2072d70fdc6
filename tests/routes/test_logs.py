"""The opt-in logs route through the real hook process: which commands are wrapped, and how."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.install.local_allow import RECALL_RULES
from garrepa_py.install.runner_allow import runner_file, runner_rule

from ..conftest import SESSION_ID, run_hook, session_fields


def init(project: Path, *flags: str) -> None:
    subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project), *flags],
                   capture_output=True, text=True, check=True, env=dict(os.environ))


def pre_bash(project: Path, command: str) -> Any:
    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Bash", "cwd": str(project),
             "tool_input": {"command": command, "description": "run the tests"}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert proc.returncode == 0
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


@pytest.mark.parametrize("command, family", [
    ("python -m pytest -q tests", "pytest"),
    ("cd sub && uv run pytest -x", "pytest"),
    ("PYTHONPATH=src python3 -m pytest", "pytest"),
    ("mypy src", "mypy"),
    ("ruff check .", "ruff"),
    ("npm test", "npm"),
    ("cargo test --all", "cargo"),
    ("make", "make"),
])
def test_a_runner_is_wrapped_and_nothing_is_allowed_by_the_hook(project: Path, command: str,
                                                                family: str) -> None:
    init(project, "--logs")
    if command == "npm test":  # wrapped when its script's tool prints a success line
        (project / "package.json").write_text('{"scripts": {"test": "jest"}}')
    reply = pre_bash(project, command)
    runner = runner_file(project)
    assert reply == {"hookEventName": "PreToolUse", "updatedInput": {
        "command": f"{command} 2>&1 | {runner} --family {family} --project {project}"
                   f" --session {SESSION_ID}",
        "description": "run the tests"}}  # never a permissionDecision: the user's rules decide
    local = json.loads((project / ".claude" / "settings.local.json").read_text())
    assert local["permissions"]["allow"] == [*RECALL_RULES, runner_rule(project)]


@pytest.mark.parametrize("command", [
    "git status", "pytest | tee out.txt", "pytest > out.txt", "pytest; rm -rf x",
    "pytest && make", "$(pytest)", "echo pytest", "python -m http.server", "npm run dev",
    "cat .garrepa/spill/0123456789ab.txt", "grep FAILED .garrepa/spill/0123456789ab.txt",
    "pytest 2>&1 | tail -5", "make &", "pytest  # the quick ones",
    # never-ending runs: the runner prints only at the end, so they stay as they are
    "make dev", "make serve", "gradle bootRun", "mvn spring-boot:run", "jest --watch",
    "npx vitest watch", "npm run dev",
])
def test_anything_else_is_left_alone(project: Path, command: str) -> None:
    init(project, "--logs")
    assert pre_bash(project, command) is None


def test_a_background_run_is_never_wrapped(project: Path) -> None:
    init(project, "--logs")
    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Bash", "cwd": str(project),
             "tool_input": {"command": "pytest -x", "run_in_background": True}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert (proc.returncode, proc.stdout) == (0, b"")  # its output is read while it runs


def test_off_unless_asked_for_and_trusted(project: Path) -> None:
    init(project)  # without --logs: no PreToolUse Bash entry, and the route passes anyway
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    assert not any(g["matcher"] == "Bash" for g in settings["hooks"].get("PreToolUse", []))
    assert pre_bash(project, "pytest") is None
    # a project file that switches it on without the user's trust changes nothing
    config = project / "garrepa.config.json"
    config.write_text(json.dumps({"logs": {"enabled": True}}))
    runner_file(project).write_text("#!/bin/sh\nexec cat\n")
    runner_file(project).chmod(0o755)
    assert pre_bash(project, "pytest") is None


def test_a_log_spill_is_never_digested_again(project: Path, log_corpus: Path) -> None:
    """The runner's spill, read back by the agent (a Read, or sed/grep/head/tail/cat naming it),
    comes back whole: no route touches it."""
    init(project, "--logs")
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    done = subprocess.run([str(runner_file(project)), "--family", "pytest", "--project",
                           str(project)], input=raw, capture_output=True, timeout=60, check=False)
    assert done.returncode == 1
    spill = re.search(rb"\[exact log: (\S+) \(", done.stdout).group(1).decode()  # type: ignore[union-attr]
    for command in (f"sed -n 1,40p {spill}", f"grep -n FAILED {spill}", f"head -100 {spill}",
                    f"tail -n 50 {spill}", f"cat {spill}"):
        assert pre_bash(project, command) is None, command
    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Read", "cwd": str(project), "tool_input": {"file_path": spill}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    assert (proc.returncode, proc.stdout) == (0, b"")  # the Read runs as asked, whole


def test_report_counts_a_wrapped_run_once_with_what_it_saved(project: Path, garrepa_home: Path,
                                                             log_corpus: Path) -> None:
    """The hook's rewrite and the runner's record of the run: `report` shows the route's savings
    from the runner (sizes, family, outcome — never content), and the rewrite only as wrapped."""
    from ..cli.helpers import invoke

    init(project, "--logs")
    reply = pre_bash(project, "python -m pytest tests -v")
    assert reply is not None
    corpus = log_corpus
    printed: dict[str, int] = {}
    for name, family in (("pytest-three-failures", "pytest"), ("mypy-type-error", "mypy")):
        done = subprocess.run([str(runner_file(project)), "--family", family, "--project",
                               str(project)], input=(corpus / f"{name}.log").read_bytes(),
                              capture_output=True, timeout=60, check=False)
        assert done.returncode == 1  # digested, or short and printed as it came: still failing
        printed[name] = len(done.stdout.decode())
    runs = [record for record in map(json.loads, (garrepa_home / "journal.jsonl").read_text()
                                     .splitlines()) if record.get("event") == "LogRun"]
    digested, short = runs
    raw_chars = len((corpus / "pytest-three-failures.log").read_bytes().decode())
    assert digested["decision"] == "compress" and digested["reason"] == "digested-pytest"
    assert (digested["chars_in"], digested["chars_out"]) == (raw_chars,
                                                             printed["pytest-three-failures"])
    assert digested["failed"] is True and digested["exit_code"] == 1
    assert len(digested["spills"]) == 1 and digested["project"] == str(project)
    assert short["decision"] == "pass" and short["reason"] == "short-log"
    journal_text = (garrepa_home / "journal.jsonl").read_text()
    assert "test_basic_functionality" not in journal_text  # never content
    data = json.loads(invoke("report", "--json").output)
    logs_route = data["routes"]["logs"]
    assert logs_route["wrapped"] == 1
    assert logs_route["events"] == 2 and logs_route["compressed"] == 1
    # both failed: Claude Code alone gives "Exit code 1\n" + the output, cut to its first and
    # last 5,000 chars when longer than 11,024 (measured §6); the digest goes the same way
    def failed(chars: int) -> int:
        length = len("Exit code 1\n") + min(chars, 30_000)
        marker = f"\n\n... [{length - 10_000} characters truncated] ...\n\n"
        return length if length <= 11_024 else 10_000 + len(marker)

    assert logs_route["baseline_chars"] == failed(raw_chars)
    assert logs_route["delivered_chars"] == failed(printed["pytest-three-failures"])
    assert logs_route["net_saved_chars"] == logs_route["baseline_chars"] - logs_route[
        "delivered_chars"]


def test_a_wrapped_run_belongs_to_its_session_and_thread(project: Path, garrepa_home: Path,
                                                         log_corpus: Path) -> None:
    """The rewrite hands the runner the call's session (and, in a subagent, its agent id), so
    `report --session` holds the run; an id that is not one plain word is left out."""
    from ..cli.helpers import invoke

    init(project, "--logs")
    event = {**session_fields(project.parent), "hook_event_name": "PreToolUse",
             "tool_name": "Bash", "cwd": str(project), "agent_id": "a0cb7fb3dc5dbc127",
             "tool_input": {"command": "pytest -q"}}
    proc = run_hook(json.dumps(event), env={"CLAUDE_PROJECT_DIR": str(project)})
    command = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    assert command.endswith(f" --session {SESSION_ID} --agent a0cb7fb3dc5dbc127")
    hostile = {**event, "session_id": "x; rm -rf ~", "agent_id": "$(id)"}
    proc = run_hook(json.dumps(hostile), env={"CLAUDE_PROJECT_DIR": str(project)})
    command = json.loads(proc.stdout)["hookSpecificOutput"]["updatedInput"]["command"]
    assert "--session" not in command and "--agent" not in command
    raw = (log_corpus / "pytest-three-failures.log").read_bytes()
    subprocess.run([str(runner_file(project)), "--family", "pytest", "--project", str(project),
                    "--session", SESSION_ID, "--agent", "a0cb7fb3dc5dbc127"], input=raw,
                   capture_output=True, timeout=60, check=False)
    [run] = [r for r in map(json.loads, (garrepa_home / "journal.jsonl").read_text().splitlines())
             if r.get("event") == "LogRun"]
    assert (run["session"], run["agent"]) == (SESSION_ID, "a0cb7fb3dc5dbc127")
    alone = json.loads(invoke("report", "--session", SESSION_ID[:8], "--json").output)
    assert alone["routes"]["logs"]["compressed"] == 1
    assert alone["threads"]["subagents"]["compressed"] == 1
    other = json.loads(invoke("report", "--session", "ffff", "--json").output)
    assert "logs" not in other["routes"]

"""Events as Claude Code sends them, for the hostile-input tests (each runs the real hook)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from garrepa_py import journal

from ..conftest import run_hook, session_fields

CANARY = "CANARY-7f3a9c-do-not-leak"


def mcp_event(root: Path, response: Any, tool: str = "mcp__github__list_issues") -> dict[str, Any]:
    return {**session_fields(root), "hook_event_name": "PostToolUse", "tool_name": tool,
            "tool_input": {}, "tool_response": response, "tool_use_id": "t",
            "mcp_server": {"name": tool.split("__")[1], "source": "project"}}


def bash_event(root: Path, command: str, response: dict[str, Any]) -> dict[str, Any]:
    return {**session_fields(root), "hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_input": {"command": command, "description": "d"}, "tool_response": response,
            "tool_use_id": "t"}


def read_event(root: Path, path: str, **extra: Any) -> dict[str, Any]:
    return {**session_fields(root), "hook_event_name": "PreToolUse", "tool_name": "Read",
            "tool_input": {"file_path": path, **extra}, "tool_use_id": "t"}


def hook(project: Path, event: dict[str, Any] | bytes, model_url: str | None = None,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    full = {"CLAUDE_PROJECT_DIR": str(project)}
    if model_url is None:
        full["GARREPA_PROVIDER"] = "none"
    else:
        full.update(GARREPA_PROVIDER="anthropic", GARREPA_BASE_URL=model_url,
                    ANTHROPIC_API_KEY="sk-test")
    full.update(env or {})
    payload = event if isinstance(event, bytes) else json.dumps(event).encode()
    proc = run_hook(payload, env=full)
    assert proc.returncode == 0
    return proc


def reply(proc: subprocess.CompletedProcess[bytes]) -> Any:
    return json.loads(proc.stdout)["hookSpecificOutput"] if proc.stdout else None


def last(garrepa_home: Path) -> dict[str, Any]:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


def issues_json(count: int = 120) -> str:
    """A GitHub-like list of issues, large enough to brief."""
    return json.dumps([{"id": 5000 + n, "number": n, "title": f"Crash when saving draft {n}",
                        "html_url": f"https://github.com/acme/api/issues/{n}", "state": "open",
                        "body": "Steps to reproduce: open the editor, type, press save. " * 6}
                       for n in range(1, count + 1)], indent=1)


# What reaches the model from a page holding one planted line (tests of the secret guard): the
# line sits next to NEIGHBOUR, inside filler, in an MCP result briefed through the real hook.
NEIGHBOUR = "region = eu-west-1  # the line next to the secret"
FILLER = "".join(f"- item {n}: the quick brown fox jumps over the lazy dog\n" for n in range(800))


def sent_for_page(project: Path, line: str) -> str:
    """Every request body the loopback fake model got for a page holding `line`."""
    from ..support.fake_anthropic import FakeAnthropic

    source = f"{FILLER}## config\n```\n{NEIGHBOUR}\n{line}\n```\n{FILLER}"
    with FakeAnthropic(reply_text="Config notes (lines 1-40).") as fake:
        hook(project, mcp_event(project.parent, [{"type": "text", "text": source}],
                                "mcp__docs__get_page"), fake.url)
        return "".join(str(r.body) for r in fake.requests)


def sent_for_diff(project: Path, first_file: str) -> str:
    """Every request body the fake model got for a `git diff` of `first_file` (a whole
    `diff --git` section) followed by 300 small docs changes."""
    from ..support.fake_anthropic import FakeAnthropic

    parts = [first_file]
    parts += [f"diff --git a/docs/{n}.md b/docs/{n}.md\n--- a/docs/{n}.md\n+++ b/docs/{n}.md\n"
              f"@@ -1,2 +1,2 @@\n-old line {n} of the guide\n+new line {n} of the guide\n"
              " context\n" for n in range(300)]
    response = {"stdout": "".join(parts), "stderr": "", "interrupted": False, "isImage": False}
    with FakeAnthropic(reply_text="Docs changes.") as fake:
        hook(project, bash_event(project.parent, "git diff HEAD~1", response), fake.url)
        return "".join(str(r.body) for r in fake.requests)

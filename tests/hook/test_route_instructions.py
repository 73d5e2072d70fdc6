"""Each route's model instruction lives in its module (`Route.instruction`) and is what the cheap
model is asked, through the real hook process: a route that lost its instruction would brief a
document as "Brief this content" (the generic one) — an end-to-end run once caught exactly that."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.engine import prompt
from garrepa_py.routes import registry

from ..conftest import git, run_hook, session_fields
from ..support.fake_anthropic import FakeAnthropic

NOTES = "A large result (lines 1-20)."


def ask(project: Path, url: str, event: dict) -> str:
    proc = run_hook(json.dumps({**session_fields(project.parent), "cwd": str(project), **event}),
                    env={"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "anthropic",
                         "GARREPA_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test"})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.decode()


def first_user_text(fake: FakeAnthropic) -> str:
    [request] = fake.requests
    content = request.body["messages"][0]["content"]
    return content if isinstance(content, str) else content[0]["text"]


@pytest.mark.parametrize("route", ["read", "mcp", "figma", "git"])
def test_the_model_is_asked_the_routes_own_instruction(
        route: str, project: Path, doc_corpus: Path, github_corpus: Path,
        repo_copy: Path) -> None:
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    events = {
        "read": {"hook_event_name": "PostToolUse", "tool_name": "Read",
                 "tool_input": {"file_path": str(doc_corpus / "pytest-8.2.0" / "doc" / "en"
                                                 / "how-to" / "fixtures.rst")}},
        "mcp": {"hook_event_name": "PostToolUse", "tool_name": "mcp__github__list_issues",
                "tool_input": {}, "tool_response": [{"type": "text", "text": issues}]},
        "figma": {"hook_event_name": "PostToolUse", "tool_name": "mcp__figma__get_file",
                  "tool_input": {}, "tool_response": [{"type": "text", "text": issues}]},
        "git": {"hook_event_name": "PostToolUse", "tool_name": "Bash",
                "tool_input": {"command": "git log -p"},
                "tool_response": {"stdout": git(repo_copy, "log", "-p"), "stderr": "",
                                  "interrupted": False, "isImage": False}},
    }
    event = events[route]
    if route == "read":
        text = Path(event["tool_input"]["file_path"]).read_text()
        event["tool_response"] = {"type": "text", "file": {
            "filePath": event["tool_input"]["file_path"], "content": text,
            "numLines": text.count("\n") + 1, "startLine": 1,
            "totalLines": text.count("\n") + 1}}
    with FakeAnthropic(reply_text=NOTES) as fake:
        ask(repo_copy if route == "git" else project, fake.url, event)
        user = first_user_text(fake)
    instruction = registry.BY_NAME[route].instruction
    assert instruction and user.startswith(instruction)
    assert not user.startswith(prompt.GENERIC_INSTRUCTION)


def test_the_structural_routes_ask_no_model(project: Path) -> None:
    """The command and search routes have no instruction: their digest is the output's own
    lines and counts, and no byte of it goes to a model."""
    assert registry.BY_NAME["command"].instruction is None
    assert registry.BY_NAME["search"].instruction is None
    listing = "".join(f"src/pkg{n % 50}/m.py:{n}:    value = {n}\n" for n in range(3000))
    with FakeAnthropic(reply_text=NOTES) as fake:
        out = ask(project, fake.url, {
            "hook_event_name": "PostToolUse", "tool_name": "Bash",
            "tool_input": {"command": "grep -rn value src"},
            "tool_response": {"stdout": listing, "stderr": "", "interrupted": False}})
        assert fake.requests == []
    assert "structural digest, no model" in out

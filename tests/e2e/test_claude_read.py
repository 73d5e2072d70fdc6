"""The Read route against the real Claude Code binary: what the model actually receives."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
MAP_ROW = re.compile(r"^\s*- (.+?) \| lines (\d+)-(\d+) \|", re.M)


def numbered(lines: list[str], first: int) -> str:
    return "\n".join(f"{first + i}\t{line}" for i, line in enumerate(lines))


def context_messages(fake: FakeAnthropic) -> str:
    return fake.last_messages_text()


def second_section_read(path: Path) -> Any:
    """A scripted turn that reads the map from the conversation and Reads the section it names."""

    def turn(body: dict[str, Any]) -> Turn:
        rows = MAP_ROW.findall(json.dumps(body["messages"]).replace("\\n", "\n"))
        title, start, end = rows[2]  # the map's third row: a real section, not the whole file
        turn.chosen = (title, int(start), int(end))  # type: ignore[attr-defined]
        return Turn.tool("Read", file_path=str(path), offset=int(start),
                         limit=int(end) - int(start) + 1)

    return turn


@pytest.fixture
def changelog(git_project: Path, doc_corpus: Path) -> Path:
    target = git_project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    return target


def test_map_then_exact_section(git_project: Path, changelog: Path, tmp_path: Path,
                                garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    lines = changelog.read_text().split("\n")
    follow = second_section_read(changelog)
    with FakeAnthropic([Turn.tool("Read", file_path=str(changelog)), follow]) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        first, second = [b for b in fake.tool_results().values()]
        everything = context_messages(fake)
    # 1. the narrowed window, not the whole file, not an error
    assert first["content"] == numbered(lines[:60], 1)
    assert not first.get("is_error")
    # 2. the map arrived as context beside it
    assert "PreToolUse:Read hook additional context: [garrepa briefing | read | CHANGELOG.md" in everything
    assert "hook error" not in everything
    # 3. the section the map named, exactly
    title, start, end = follow.chosen
    assert title in lines[start - 1]
    expected = numbered(lines[start - 1:end], start)
    assert second["content"] == expected
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert [(r["decision"], r["reason"]) for r in records] == [("compress", "mapped-narrow"),
                                                               ("pass", "small-window")]


def test_negative_control_without_init_the_whole_file_arrives(
        git_project: Path, changelog: Path, tmp_path: Path, garrepa_home: Path) -> None:
    lines = changelog.read_text().split("\n")
    with FakeAnthropic([Turn.tool("Read", file_path=str(changelog))]) as fake:
        run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        [first] = fake.tool_results().values()
    assert first["content"] == numbered(lines, 1)


def test_source_skill_and_env_pass_byte_identical(git_project: Path, changelog: Path,
                                                  tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project))
    big = changelog.read_text()
    files = {"tool.py": "# " + big.replace("\n", "\n# "), "SKILL.md": big, ".env": "A=1\n" * 12000}
    for name, text in files.items():
        (git_project / name).write_text(text)
    script = [Turn.tool("Read", file_path=str(git_project / name)) for name in files]
    with FakeAnthropic(reply_text="NOTES") as model, FakeAnthropic(script) as agent:
        run = run_claude(git_project, agent.url, tmp_path / "home", garrepa_home, extra_env={
            "GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": model.url,
            "ANTHROPIC_API_KEY": "sk-test-dummy"})
        assert run.returncode == 0
        results = list(agent.tool_results().values())
        assert model.requests == []  # garrepa asked its model nothing for any of them
    for (name, text), result in zip(files.items(), results, strict=True):
        assert result["content"] == numbered(text.split("\n"), 1), name
    reasons = [r["reason"] for r in journal.read(target=garrepa_home / "journal.jsonl")]
    # the `if` rules start the hook only for SKILL.md (a .md), which the route passes whole
    assert reasons == ["not-documentation"]
    assert len([e for e in run.hook_events() if e.get("subtype") == "hook_started"]) == 1


def test_deny_mode_end_to_end(git_project: Path, changelog: Path, tmp_path: Path,
                              garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    config = json.loads((git_project / "garrepa.config.json").read_text())
    config.setdefault("read", {})["mode"] = "deny"
    (git_project / "garrepa.config.json").write_text(json.dumps(config))
    with FakeAnthropic([Turn.tool("Read", file_path=str(changelog))]) as fake:
        run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        [first] = fake.tool_results().values()
        everything = context_messages(fake)
    assert first["is_error"] is True
    assert "PreToolUse:Read hook error: garrepa: large document" in json.dumps(first["content"])
    assert "Document map of CHANGELOG.md" in everything


def test_document_over_256k_gets_a_map_not_the_size_error(
        git_project: Path, doc_corpus: Path, tmp_path: Path, garrepa_home: Path) -> None:
    target = git_project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    garrepa("init", str(git_project), "--provider", "none")
    with FakeAnthropic([Turn.tool("Read", file_path=str(target))]) as fake:
        run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        [first] = fake.tool_results().values()
        everything = context_messages(fake)
    assert not first.get("is_error")
    assert "exceeds maximum allowed size" not in everything
    lines = target.read_text().split("\n")
    assert first["content"] == numbered(lines[:60], 1)
    assert "pytest 8.2.0 (2024-04-27) | lines 31-111" in everything


def test_claude_cli_provider_inside_a_real_session(git_project: Path, changelog: Path,
                                                   tmp_path: Path, garrepa_home: Path) -> None:
    """Claude Code → garrepa's hook → a child `claude -p` (no hooks, no tools) → the model."""
    from ..support.claude_run import claude_binary

    garrepa("init", str(git_project), "--provider", "claude-cli")
    binary = claude_binary()
    assert binary is not None
    notes = "Changelog of attrs; the newest release, 23.2.0, is on lines 15-36."
    with FakeAnthropic([Turn.tool("Read", file_path=str(changelog))], reply_text=notes) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home,
                         extra_env={"PATH": f"{binary.parent}:/usr/bin:/bin"})
        assert run.returncode == 0, run.stderr[-2000:]
        everything = context_messages(fake)
        child_requests = [r for r in fake.requests if not r.has_tools
                          and "Write a map of this document" in json.dumps(r.body)]
    assert len(child_requests) == 1
    assert child_requests[0].body["tools"] == []
    assert notes in everything
    [record] = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert (record["decision"], record["method"]) == ("compress", "model")


NOTES = "The attrs changelog, newest release first (lines 1-40)."


@pytest.mark.parametrize("auth", ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"])
def test_the_cheap_model_is_reached_the_way_claude_code_reaches_claude(
        git_project: Path, changelog: Path, tmp_path: Path, garrepa_home: Path, auth: str) -> None:
    """No garrepa provider config at all: Claude Code's own ANTHROPIC_BASE_URL and key or token
    are how the hook reaches the (fake) model, and the map carries the model's notes."""
    garrepa("init", str(git_project))
    assert not (git_project / "garrepa.config.json").exists()
    extra = {"ANTHROPIC_AUTH_TOKEN": "tok-e2e"} if auth == "ANTHROPIC_AUTH_TOKEN" else {}
    unset = ("ANTHROPIC_API_KEY",) if auth == "ANTHROPIC_AUTH_TOKEN" else ()
    with FakeAnthropic([Turn.tool("Read", file_path=str(changelog))], reply_text=NOTES) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home,
                         extra_env=extra, unset=unset)
        assert run.returncode == 0, run.stderr[-2000:]
        summarizer = [(r, h) for r, h in zip(fake.requests, fake.headers, strict=True)
                      if r.path.startswith("/v1/messages") and "count_tokens" not in r.path
                      and not r.body.get("tools")
                      and "<untrusted-content>" in json.dumps(r.body.get("messages"))]
        everything = context_messages(fake)
    assert len(summarizer) == 1  # garrepa's one briefing request, through Claude Code's own way
    headers = summarizer[0][1]
    if auth == "ANTHROPIC_API_KEY":
        assert headers["x-api-key"] == "sk-test-dummy"
    else:
        assert headers["authorization"] == "Bearer tok-e2e" and "x-api-key" not in headers
    assert NOTES in everything and "Document map of CHANGELOG.md" in everything
    record = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert record[0]["method"] == "model"
    assert record[0]["provider"].startswith(("key from $ANTHROPIC_API_KEY at http://127.0.0.1",
                                             "bearer token from $ANTHROPIC_AUTH_TOKEN at http://"))

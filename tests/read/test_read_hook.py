"""The Read route through the real hook process."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from garrepa_py import journal

from ..conftest import run_hook
from ..support.fake_anthropic import FakeAnthropic


def read_event(path: Path, **extra: object) -> str:
    return json.dumps({"session_id": "s", "hook_event_name": "PreToolUse", "tool_name": "Read",
                       "tool_input": {"file_path": str(path), **extra}, "tool_use_id": "t1"})


def hook(project: Path, path: Path, env: dict[str, str] | None = None, **extra: object):  # type: ignore[no-untyped-def]
    base = {"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "none"}
    proc = run_hook(read_event(path, **extra), env={**base, **(env or {})})
    assert proc.returncode == 0
    return json.loads(proc.stdout) if proc.stdout else None


def last(garrepa_home: Path) -> dict:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


@pytest.fixture
def changelog(project: Path, doc_corpus: Path) -> Path:
    target = project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    return target


def test_large_markdown_is_narrowed_with_a_map(project: Path, changelog: Path,
                                               garrepa_home: Path) -> None:
    reply = hook(project, changelog)
    output = reply["hookSpecificOutput"]
    assert output["hookEventName"] == "PreToolUse"
    assert "permissionDecision" not in output  # never overrides the user's permission rules
    assert output["updatedInput"] == {"file_path": str(changelog), "offset": 1, "limit": 60}
    context = output["additionalContext"]
    assert len(context) <= 8000
    assert context.startswith("[garrepa briefing | read | CHANGELOG.md | original: ")
    lines = changelog.read_text().split("\n")
    for match in __import__("re").finditer(r"- (.+?) \| lines (\d+)-(\d+) \|", context):
        title, start = match.group(1).strip(), int(match.group(2))
        assert title in lines[start - 1], (title, lines[start - 1])
    assert "Read the same file with offset=<first line> and limit=<line count>" in context
    record = last(garrepa_home)
    assert (record["route"], record["decision"], record["reason"]) == ("read", "compress",
                                                                         "mapped-narrow")
    assert record["chars_in"] == len(changelog.read_text())
    assert record["chars_out"] < record["chars_in"] / 3


def test_deny_mode(project: Path, changelog: Path) -> None:
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    output = hook(project, changelog)["hookSpecificOutput"]
    assert output["permissionDecision"] == "deny"
    assert output["permissionDecisionReason"].startswith("garrepa: large document")
    assert "Document map of CHANGELOG.md" in output["additionalContext"]
    assert "updatedInput" not in output


@pytest.mark.parametrize("name, reason", [
    ("app.py", "not-documentation"),
    ("SKILL.md", "not-documentation"),
    ("CLAUDE.md", "not-documentation"),
    ("AGENTS.md", "not-documentation"),
    (".claude/commands/notes.md", "not-documentation"),
    ("requirements-dev.txt", "excluded"),
    (".env", "not-documentation"),
    ("secrets/notes.md", "secret-path"),
    ("docs/page.html", "not-documentation"),
])
def test_big_files_that_are_never_mapped(project: Path, changelog: Path, garrepa_home: Path,
                                         name: str, reason: str) -> None:
    target = project / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(changelog.read_text())
    if name == "docs/page.html":
        (project / "docs" / "page.html").rename(project / "page.html")
        target = project / "page.html"
    assert hook(project, target) is None
    assert last(garrepa_home)["reason"] == reason


def test_html_under_docs_is_mapped(project: Path, changelog: Path) -> None:
    target = project / "docs" / "guide.html"
    target.parent.mkdir()
    target.write_text("".join(f"<h2>Part {n}</h2>\n<p>{'text ' * 200}</p>\n" for n in range(60)))
    context = hook(project, target)["hookSpecificOutput"]["additionalContext"]
    assert "- Part 0 | lines 1-2 |" in context


@pytest.mark.parametrize("setup, reason", [
    ("small", "under-threshold"),
    ("window", "small-window"),
    ("missing", "missing"),
    ("binary", "binary"),
    ("latin1", "undecodable"),
    ("directory", "not-a-file"),
    ("allow_large", "agent-asked-whole"),
])
def test_reads_that_pass_untouched(project: Path, changelog: Path, garrepa_home: Path,
                                   setup: str, reason: str) -> None:
    target = project / "doc.md"
    extra: dict[str, object] = {}
    if setup == "small":
        target.write_text("# Small\n" * 10)
    elif setup == "window":
        target = changelog
        extra = {"offset": 100, "limit": 50}
    elif setup == "binary":
        target.write_bytes(b"# x\n\0\0\0" * 20000)
    elif setup == "latin1":
        target.write_bytes(("# caf\xe9\n" * 10000).encode("latin-1"))
    elif setup == "directory":
        target = project / "docs.md"
        target.mkdir()
    elif setup == "allow_large":
        target = changelog
        extra = {"allow_large": True}
    elif setup == "secret":
        target.write_text(changelog.read_text() + "\ntoken: ghp_" + "a1B2c3D4e5" * 4 + "\n")
    assert hook(project, target, **extra) is None
    assert last(garrepa_home)["reason"] == reason


def test_spill_files_are_never_mapped_again(project: Path, changelog: Path,
                                            garrepa_home: Path) -> None:
    spill = project / ".garrepa" / "spill" / "abc.md"
    spill.parent.mkdir(parents=True)
    spill.write_text(changelog.read_text())
    assert hook(project, spill) is None
    assert last(garrepa_home)["reason"] == "spill-file"


def test_document_over_256k_gets_a_map(project: Path, doc_corpus: Path) -> None:
    target = project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    assert target.stat().st_size > 256 * 1024
    output = hook(project, target)["hookSpecificOutput"]
    assert output["updatedInput"]["limit"] <= 60
    assert "pytest 8.2.0 (2024-04-27) | lines " in output["additionalContext"]
    assert len(output["additionalContext"]) <= 8000


def test_explicit_big_window_is_narrowed_from_its_offset(project: Path, changelog: Path) -> None:
    output = hook(project, changelog, offset=200, limit=5000)["hookSpecificOutput"]
    assert output["updatedInput"]["offset"] == 200
    assert output["updatedInput"]["limit"] == 60


def test_model_notes_come_with_the_outline(project: Path, changelog: Path,
                                           garrepa_home: Path) -> None:
    notes = "Changelog of attrs; newest release first. See lines 1-40 for the latest changes."
    with FakeAnthropic(reply_text=notes) as fake:
        env = {"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
               "ANTHROPIC_API_KEY": "sk-test"}
        first = hook(project, changelog, env)
        second = hook(project, changelog, env)
        assert len(fake.requests) == 1  # the repeated Read is served from the cache
    context = first["hookSpecificOutput"]["additionalContext"]
    assert notes in context
    assert "Document map of CHANGELOG.md" in context  # the structural outline stays
    assert second == first
    records = list(journal.read(target=garrepa_home / "journal.jsonl"))
    assert [r.get("cache") for r in records[-2:]] == ["miss", "hit"]
    assert records[-2]["input_tokens"] == 100


def test_model_inventing_a_link_is_dropped(project: Path, changelog: Path) -> None:
    with FakeAnthropic(reply_text="See https://attrs.example/invented for details.") as fake:
        env = {"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
               "ANTHROPIC_API_KEY": "sk-test"}
        context = hook(project, changelog, env)["hookSpecificOutput"]["additionalContext"]
    assert "invented" not in context
    assert "structural digest, no model" in context


def test_env_secret_file_sends_nothing(project: Path) -> None:
    target = project / ".env"
    target.write_text("A=1\n" * 20000)
    with FakeAnthropic() as fake:
        env = {"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
               "ANTHROPIC_API_KEY": "sk-test"}
        assert hook(project, target, env) is None
        assert fake.requests == []
    assert not os.path.exists(project / ".garrepa")


def test_pytest_fixtures_doc_with_an_example_password_gets_its_map(
        project: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    """It passed through whole (70 K chars) because an example says password="P4$$word"."""
    target = project / "fixtures.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "how-to" / "fixtures.rst", target)
    with FakeAnthropic(reply_text="Fixtures: requesting them (lines 1-40).") as fake:
        reply = hook(project, target, env={"GARREPA_PROVIDER": "anthropic",
                                           "GARREPA_BASE_URL": fake.url,
                                           "ANTHROPIC_API_KEY": "sk-test"})
        sent = json.dumps([r.body for r in fake.requests])
    context = reply["hookSpecificOutput"]["additionalContext"]
    assert "Document map of fixtures.rst" in context
    assert "P4$$word" not in sent and "[secret: credential]" in sent
    assert "line 935 credential" in context and "P4$$word" not in context
    assert last(garrepa_home)["masked"] == "credential:3"

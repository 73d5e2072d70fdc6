"""The Read route through the real hook process."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from garrepa_py import journal, textlines
from garrepa_py.routes.read_reply import MAP_CHARS

from ..conftest import run_hook
from ..support.fake_anthropic import FakeAnthropic
from ..support.read_events import post_read, pre_read


def hook(project: Path, path: Path, env: dict[str, str] | None = None, event: str = "Post",  # type: ignore[no-untyped-def]
         **extra: object):
    base = {"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "none"}
    payload = (post_read if event == "Post" else pre_read)(path, **extra)
    proc = run_hook(json.dumps(payload), env={**base, **(env or {})})
    assert proc.returncode == 0
    assert b"additionalContext" not in proc.stdout  # a system-role message: never for content
    return json.loads(proc.stdout) if proc.stdout else None


def content(reply: dict) -> str:
    """The Read's new `file.content`: what the agent gets as the Read's own result."""
    return reply["hookSpecificOutput"]["updatedToolOutput"]["file"]["content"]  # type: ignore[no-any-return]


def last(garrepa_home: Path) -> dict:
    return list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]


@pytest.fixture
def changelog(project: Path, doc_corpus: Path) -> Path:
    target = project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    return target


def test_large_markdown_becomes_its_opening_lines_and_map(project: Path, changelog: Path,
                                                         garrepa_home: Path) -> None:
    reply = hook(project, changelog)
    output = reply["hookSpecificOutput"]
    assert list(output) == ["hookEventName", "updatedToolOutput"]
    assert output["hookEventName"] == "PostToolUse"
    file = output["updatedToolOutput"]["file"]
    lines = changelog.read_text().split("\n")
    assert (file["filePath"], file["startLine"], file["totalLines"]) == (str(changelog), 1,
                                                                         len(lines))
    text = file["content"]
    assert file["numLines"] == len(text.split("\n"))
    shown = text.split("\n")
    # the opening lines first, byte for byte: Claude Code numbers them 1-60, the file's own
    assert shown[:60] == lines[:60]
    total = textlines.count(changelog.read_text())  # as `wc -l` and the map's pointer count
    assert shown[60] == (f"[garrepa: this Read stops here, at line 60 of {total:,}: the "
                         "document is large, so its map follows. The numbers at the left from "
                         "here on only count the lines of this reply; the line ranges inside "
                         "the map are the file's own.]")
    map_text = "\n".join(shown[61:])
    assert len(map_text) <= MAP_CHARS
    assert map_text.startswith("[garrepa briefing | read | CHANGELOG.md | original: ")
    for match in __import__("re").finditer(r"- (.+?) \| lines (\d+)-(\d+) \|", map_text):
        title, start = match.group(1).strip(), int(match.group(2))
        assert title in lines[start - 1], (title, lines[start - 1])
    assert text.endswith("garrepa: for any section, Read the same file with offset=<first "
                         "line> and limit=<line count> from the map above.")
    record = last(garrepa_home)
    assert (record["route"], record["decision"], record["reason"]) == ("read", "compress",
                                                                         "mapped-narrow")
    assert record["chars_in"] == len(changelog.read_text())
    assert record["chars_out"] == len(text) < record["chars_in"] / 3


def test_a_pre_read_event_outside_deny_mode_steps_aside(project: Path, changelog: Path,
                                                       garrepa_home: Path) -> None:
    """An install from before issue 24 still runs the hook before the Read: it changes nothing
    and journals nothing (the map comes after the Read, once init has upgraded the entries)."""
    assert hook(project, changelog, event="Pre") is None
    assert not (garrepa_home / "journal.jsonl").exists()


def test_deny_mode(project: Path, changelog: Path) -> None:
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    output = hook(project, changelog, event="Pre")["hookSpecificOutput"]
    assert list(output) == ["hookEventName", "permissionDecision", "permissionDecisionReason"]
    assert output["permissionDecision"] == "deny"
    reason = output["permissionDecisionReason"]  # Claude Code puts it inside the tool_result
    assert reason.startswith("garrepa: this document (")
    assert "Document map of CHANGELOG.md" in reason


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
    assert "- Part 0 | lines 1-2 |" in content(hook(project, target))


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
    # Claude Code fails a Read of a missing file or a directory: only a PreToolUse handler (deny
    # mode) sees those
    event = "Pre" if setup in ("missing", "directory") else "Post"
    if event == "Pre":
        (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    assert hook(project, target, event=event, **extra) is None
    assert last(garrepa_home)["reason"] == reason


def test_spill_files_are_never_mapped_again(project: Path, changelog: Path,
                                            garrepa_home: Path) -> None:
    spill = project / ".garrepa" / "spill" / "abc.md"
    spill.parent.mkdir(parents=True)
    spill.write_text(changelog.read_text())
    assert hook(project, spill) is None
    assert last(garrepa_home)["reason"] == "spill-file"


def test_document_over_256k_in_deny_mode_is_denied_with_its_map(project: Path,
                                                                doc_corpus: Path) -> None:
    target = project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    assert target.stat().st_size > 256 * 1024
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    output = hook(project, target, event="Pre")["hookSpecificOutput"]
    assert output["permissionDecision"] == "deny"
    reason = output["permissionDecisionReason"]
    assert reason.startswith("garrepa: this document (")
    assert "is over Claude Code's 256 KB Read limit, so here is its map" in reason
    assert "pytest 8.2.0 (2024-04-27) | lines " in reason
    assert len(reason) <= MAP_CHARS + 300  # the map's cap and the deny reason's preamble


def test_a_window_of_a_document_over_256k_gets_the_map(project: Path, doc_corpus: Path) -> None:
    """Claude Code refuses the whole Read (its own error says: use offset and limit); the
    agent's window over the threshold then gets the opening lines and the whole file's map."""
    target = project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    text = content(hook(project, target, offset=1, limit=2000))
    assert text.startswith(target.read_text().split("\n")[0] + "\n")
    assert "pytest 8.2.0 (2024-04-27) | lines " in text
    assert f"of {textlines.count(target.read_text()):,}: the document is large" in text


def test_explicit_window_under_the_window_threshold_passes(project: Path, changelog: Path) -> None:
    """The agent asked for these lines (a map's range): they arrive whole (issue 35)."""
    assert hook(project, changelog, offset=200, limit=5000) is None


def test_model_notes_come_with_the_outline(project: Path, changelog: Path,
                                           garrepa_home: Path) -> None:
    notes = "Changelog of attrs; newest release first. See lines 1-40 for the latest changes."
    with FakeAnthropic(reply_text=notes) as fake:
        env = {"GARREPA_PROVIDER": "anthropic", "GARREPA_BASE_URL": fake.url,
               "ANTHROPIC_API_KEY": "sk-test"}
        first = hook(project, changelog, env)
        second = hook(project, changelog, env)
        assert len(fake.requests) == 1  # the repeated Read is served from the cache
    context = content(first)
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
        context = content(hook(project, changelog, env))
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
    context = content(reply)
    assert "Document map of fixtures.rst" in context
    assert "P4$$word" not in sent and "[secret: credential]" in sent
    assert "line 935 credential" in context and "P4$$word" not in context
    assert last(garrepa_home)["masked"] == "credential:2"  # not `password = "badpass"` (a word)


def test_a_document_of_one_huge_line_shows_a_bounded_opening(project: Path) -> None:
    """A 200 KB document on one line: the opening 'line' is cut, not handed back whole."""
    doc = project / "one-line.md"
    doc.write_text("# Title " + "word " * 40_000)
    reply = hook(project, doc)
    text = content(reply)
    first = text.split("\n")[0]
    assert first.startswith("# Title word word")
    assert first.endswith("more chars; Claude Code's Read cannot show a line in parts]")
    assert len(text) < 16_000

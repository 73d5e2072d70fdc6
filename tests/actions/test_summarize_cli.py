"""`garrepa summarize` through typer's CliRunner, on real documents and responses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ..cli.helpers import invoke
from ..support.canaries import canary_text, leaked
from ..support.fake_anthropic import FakeAnthropic


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, doc_corpus: Path,
            github_corpus: Path) -> Path:
    root = tmp_path / "work"
    (root / ".git").mkdir(parents=True)  # a project root
    (root / "docs").mkdir()
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", root / "CHANGELOG.md")
    shutil.copy(doc_corpus / "click-8.1.7" / "CHANGES.rst", root / "docs" / "CHANGES.rst")
    shutil.copy(github_corpus / "Issue33_testClosedIssues-31.json", root / "issues.json")
    (root / "small.txt").write_text("tiny\n")
    monkeypatch.chdir(root)
    return root


def test_summarize_offline_map(workdir: Path) -> None:
    result = invoke("summarize", "CHANGELOG.md", "--offline")
    assert result.exit_code == 0
    # measured against the Read Claude Code alone gives: the 1,129 lines numbered, not 60,585
    alone = len("\n".join(f"{n}\t{line}" for n, line in enumerate(
        (workdir / "CHANGELOG.md").read_text().split("\n"), 1)))
    first = result.output.splitlines()[0]
    assert first.startswith(f"CHANGELOG.md: briefed structural; as a whole Read, Claude Code "
                            f"alone {alone:,} chars → garrepa ")
    assert first.endswith("%)") and ": saves " in first
    assert "Document map of CHANGELOG.md: 1,128 lines" in result.output  # as `wc -l` counts them
    assert "lines 15-36" in result.output


def test_summarize_json_schema_globs_and_directories(workdir: Path) -> None:
    result = invoke("summarize", "*.md", "docs", "issues.json", "small.txt", "--offline",
                    "--json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert [r["path"] for r in rows] == ["CHANGELOG.md", "docs/CHANGES.rst", "issues.json",
                                         "small.txt"]
    assert all(set(r) == {"path", "status", "reason", "briefing", "raw_chars", "baseline_chars",
                          "delivered_chars", "net_saved_chars", "method"} for r in rows)
    for row, name in zip(rows, ("CHANGELOG.md", "docs/CHANGES.rst", "issues.json", "small.txt"),
                         strict=True):
        text = (workdir / name).read_text()
        assert row["raw_chars"] == len(text)
        assert row["baseline_chars"] == len("\n".join(
            f"{n}\t{line}" for n, line in enumerate(text.split("\n"), 1)))  # Read's numbering
        assert row["delivered_chars"] == (len(row["briefing"]) if row["briefing"]
                                          else row["baseline_chars"])
        assert row["net_saved_chars"] == row["baseline_chars"] - row["delivered_chars"]
    assert [r["status"] for r in rows] == ["briefed", "briefed", "briefed", "short"]
    assert "result: 25 items, " in rows[2]["briefing"]
    assert rows[3]["reason"] == "5 chars: read it whole"


def test_summarize_masks_secret_content_and_never_reads_secret_paths(
        workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (workdir / ".env").write_text("A=1\n" * 10000)
    changelog = (workdir / "CHANGELOG.md").read_text()
    leaky = changelog + "\n" + canary_text()
    (workdir / "notes.md").write_text(leaky)
    (workdir / "blob.md").write_bytes(b"\0\1\2" * 20000)
    with FakeAnthropic(reply_text="x") as fake:
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        result = invoke("summarize", ".env", "notes.md", "blob.md")
        sent = json.dumps([r.body for r in fake.requests])
        assert len(fake.requests) == 1  # notes.md only, masked
    assert leaked(sent) == [] and leaked(result.output) == []
    assert "[secret: aws-key]" in sent and "[secret: private-key]" in sent
    first = changelog.count("\n") + 2  # the canary block starts on the line after the changelog
    assert f"line {first + 2} aws-key" in result.output
    assert ".env: refused (secret path (name:.env); nothing was read or sent)" in result.output
    assert "blob.md: skipped (is binary)" in result.output


def test_summarize_with_model_question_and_cache(workdir: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    notes = "attrs changelog; the newest release is on lines 15-36."
    with FakeAnthropic(reply_text=notes) as fake:
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        first = invoke("summarize", "CHANGELOG.md", "-q", "what changed in 23.2.0?")
        second = invoke("summarize", "CHANGELOG.md", "-q", "what changed in 23.2.0?")
        assert len(fake.requests) == 1  # cached like the hooks
        content = fake.requests[0].body["messages"][0]["content"]
    assert "The agent's question: what changed in 23.2.0?" in content
    assert notes in first.output and first.output == second.output


def test_summarize_nothing_matches(workdir: Path) -> None:
    result = invoke("summarize", "nothing-*.md")
    assert result.exit_code == 1
    assert result.output == "error: nothing matches nothing-*.md\nhint: check the paths or globs\n"


def test_summarize_over_the_read_cap_is_measured_against_claude_codes_refusal(
        workdir: Path, doc_corpus: Path) -> None:
    """Over 256 KB Claude Code's Read delivers its error, not the file: a briefing is then
    more than Claude Code alone, and summarize says so."""
    big = workdir / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", big)
    from garrepa_py.hosts.claude_code.delivery import read_error_chars

    [row] = json.loads(invoke("summarize", "changelog.rst", "--offline", "--json").output)
    assert row["baseline_chars"] == read_error_chars(big.stat().st_size) < row["delivered_chars"]
    text = invoke("summarize", "changelog.rst", "--offline").output.splitlines()[0]
    assert text.endswith(f"Claude Code alone {row['baseline_chars']:,} chars → garrepa "
                         f"{row['delivered_chars']:,}: garrepa adds "
                         f"{-row['net_saved_chars']:,} chars")

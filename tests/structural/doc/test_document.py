"""Document maps on real-world documents: every line range points at the heading it names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from garrepa_py.structural.doc.document import outline, render


def corpus_docs(root: Path, minimum: int = 8000) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p.stat().st_size >= minimum
                  and p.suffix.lower() in (".md", ".rst"))


def test_corpus_has_markdown_and_rst(doc_corpus: Path) -> None:
    suffixes = {p.suffix.lower() for p in corpus_docs(doc_corpus)}
    assert {".md", ".rst"} <= suffixes
    assert len(corpus_docs(doc_corpus)) >= 30


def test_every_range_points_at_its_heading(doc_corpus: Path) -> None:
    checked = 0
    for path in corpus_docs(doc_corpus):
        text = path.read_text(encoding="utf-8", errors="replace")
        lines = text.split("\n")
        doc = outline(text, str(path))
        # as `wc -l` counts: a final newline ends the last line, it does not add one
        assert doc.lines == len(lines) - (1 if text.endswith("\n") else 0)
        for position, section in enumerate(doc.sections):
            assert 1 <= section.start <= section.end <= len(lines), (path, section)
            window = "\n".join(lines[section.start - 1:section.start + 1])
            assert section.title in window, (path, section.title, window)
            if position + 1 < len(doc.sections):
                following = doc.sections[position + 1]
                if following.level <= section.level:
                    assert section.end == following.start - 1, (path, section, following)
            expected = sum(len(line) + 1 for line in lines[section.start - 1:section.end])
            assert section.chars == expected
            checked += 1
    assert checked > 1000


def test_markdown_changelog_finds_every_release(doc_corpus: Path) -> None:
    path = doc_corpus / "httpx-0.27.0" / "CHANGELOG.md"
    text = path.read_text()
    releases = [line for line in text.split("\n") if re.match(r"^## \d", line)]
    doc = outline(text, str(path))
    titles = [s.title for s in doc.sections if s.level == 2]
    assert len(releases) >= 50
    assert [t for t in titles if re.match(r"\d", t)] == [r[3:].strip() for r in releases]


def test_rst_changelog_levels(doc_corpus: Path) -> None:
    path = doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst"
    text = path.read_text()
    doc = outline(text, str(path))
    lines = text.split("\n")
    underlined = [line for line, below in zip(lines, lines[1:], strict=False)
                  if re.match(r"^(pytest )?\d+\.\d", line) and re.fullmatch(r"=+", below)
                  and len(below) >= len(line)]
    releases = [s for s in doc.sections if re.match(r"^(pytest )?\d+\.\d", s.title)]
    assert len(releases) == len(underlined) > 150
    assert len({s.level for s in releases}) == 1
    subsections = [s for s in doc.sections if s.title in ("Bug Fixes", "Features")]
    assert subsections and all(s.level > releases[0].level for s in subsections)
    assert len(text) > 256 * 1024  # bigger than the harness's own Read limit


@pytest.mark.parametrize("budget", [1500, 5000])
def test_render_respects_the_budget_and_keeps_top_level(doc_corpus: Path, budget: int) -> None:
    for path in corpus_docs(doc_corpus, minimum=30000):
        text = path.read_text()
        rendered = render(outline(text, str(path)), path.name, budget)
        assert len(rendered) <= budget, path
        assert rendered.startswith(f"Document map of {path.name}: ")


def test_other_formats() -> None:
    adoc = "= Title\n\n== Install\n\n----\n== not a heading\n----\n\n=== From source\n"
    assert [(s.level, s.title, s.start) for s in outline(adoc, "g.adoc").sections] == [
        (1, "Title", 1), (2, "Install", 3), (3, "From source", 9)]
    org = "* Top\ntext\n** Child\n* Next\n"
    assert [(s.level, s.title, s.start, s.end) for s in outline(org, "n.org").sections] == [
        (1, "Top", 1, 3), (2, "Child", 3, 3), (1, "Next", 4, 4)]
    html = "<html>\n<h1>Guide</h1>\n<p>x</p>\n<h2 id='a'>Use <code>it</code></h2>\n"
    assert [(s.level, s.title, s.start) for s in outline(html, "docs/i.html").sections] == [
        (1, "Guide", 2), (2, "Use it", 4)]
    md = "---\ntitle: x\n---\n# A\n```\n# not\n```\nB\n===\n"
    doc = outline(md, "a.md")
    assert [(s.title, s.start) for s in doc.sections] == [("A", 4), ("B", 8)]
    assert doc.front_matter == (1, 3) and doc.code_blocks == 1


def test_five_megabyte_document_is_fast_and_deterministic(doc_corpus: Path) -> None:
    text = (doc_corpus / "httpx-0.27.0" / "CHANGELOG.md").read_text() * 100
    first = render(outline(text, "big.md"), "big.md", 5000)
    assert first == render(outline(text, "big.md"), "big.md", 5000)

"""A document's markup from its content (structural/doc/markup.py): real docs of Django,
docutils, asciidoc-py, orgparse (tests/read/corpus/) and of the docs corpus, whatever their
name; the extension decides only when the content is not decisive."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.structural.doc import markup

CORPUS = Path(__file__).parents[2] / "read" / "corpus"


@pytest.mark.parametrize("name,kind", [
    ("django-settings.txt", "rst"), ("docutils-restructuredtext.txt", "rst"),
    ("asciidoc-graphviz-sample.txt", "asciidoc"), ("orgparse-05_tags.org", "org"),
    ("celery-configuration.rst", "rst")])
def test_the_content_decides_under_any_name(name: str, kind: str) -> None:
    text = (CORPUS / name).read_text()
    for path in (name, "notes.txt", "no-extension", "README.md"):
        found = markup.sniff(text, path)
        assert found.kind == kind, path
        assert found.by in ("content", "extension") and found.strength >= markup.DECISIVE


def test_the_docs_corpus_markdown_and_rst_are_what_their_names_say(doc_corpus: Path) -> None:
    for path, kind in ((doc_corpus / "httpx-0.27.0" / "CHANGELOG.md", "markdown"),
                       (doc_corpus / "pytest-8.2.0" / "CHANGELOG.rst", "rst"),
                       (doc_corpus / "click-8.1.7" / "CHANGES.rst", "rst")):
        text = path.read_text()
        assert markup.sniff(text, path.name).kind == kind
        assert markup.sniff(text, "CHANGES").kind == kind, path  # no name: the content


def test_without_decisive_content_the_extension_then_text(doc_corpus: Path) -> None:
    licence = (doc_corpus / "pytest-8.2.0" / "LICENSE").read_text()
    assert markup.sniff(licence, "LICENSE") == markup.Sniffed("text", markup.scores(licence),
                                                              "nothing")
    assert markup.sniff(licence, "LICENSE.md").kind == "markdown"
    assert markup.sniff(licence, "LICENSE.md").by == "extension"


def test_html_by_its_doctype_or_its_name() -> None:
    assert markup.sniff("<!DOCTYPE html>\n<html><body>x</body></html>").kind == "html"
    assert markup.sniff("<p>x</p>", "page.html").by == "extension"


@pytest.mark.parametrize("path,kind", [
    ("a/b/guide.md", "markdown"), ("C:\\docs\\index.RST", "rst"), ("x.adoc", "asciidoc"),
    ("todo.org", "org"), (".md", None), ("Makefile", None), ("notes.txt", None)])
def test_extension_kind(path: str, kind: str | None) -> None:
    assert markup.extension_kind(path) == kind


def test_only_the_sample_is_scored() -> None:
    text = (CORPUS / "docutils-restructuredtext.txt").read_text()
    assert len(text) > markup.SAMPLE_CHARS
    assert markup.scores(text + "# Markdown\n\n```\n" * 50_000) == markup.scores(text)

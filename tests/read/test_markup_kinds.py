"""A document's markup comes from its content: real docs of Django, docutils, Sphinx, SQLAlchemy
and Celery (reStructuredText, in .txt and .rst), asciidoc-py (AsciiDoc in .txt) and orgparse
(Org), from their PyPI sdists (tests/read/corpus/MANIFEST.json), mapped whatever their name."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from garrepa_py.engine import compressors
from garrepa_py.structural.doc import document, markup

from ..support.timing import cpu_seconds, quadratic_chars, timing
from .rst_reference import sections

CORPUS = Path(__file__).parent / "corpus"
MANIFEST = json.loads((CORPUS / "MANIFEST.json").read_text())
RST = [entry["file"] for entry in MANIFEST if entry["package"] not in ("asciidoc", "orgparse")]
ROW = re.compile(r"^\s*- (.+?) \| lines (\d+)-(\d+) \| ", re.M)
NAMES = ("doc.txt", "doc.rst", "doc.md", "README", "notes")  # the same bytes, any name


def text_of(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8")


def rows(rendered: str) -> list[tuple[str, int, int]]:
    return [(title, int(start), int(end)) for title, start, end in ROW.findall(rendered)]


def test_the_corpus_is_what_the_manifest_says() -> None:
    import hashlib

    assert len({entry["package"] for entry in MANIFEST if entry["file"] in RST}) >= 4
    for entry in MANIFEST:
        data = (CORPUS / entry["file"]).read_bytes()
        assert len(data) == entry["bytes"], entry["file"]
        assert re.fullmatch(r"[0-9a-f]{64}", entry["sdist_sha256"])
        assert entry["path"].endswith(entry["path"].split("/", 1)[1])
    assert hashlib.sha256(b"").hexdigest() not in {e["sdist_sha256"] for e in MANIFEST}


@pytest.mark.parametrize("name", RST)
def test_every_section_docutils_finds_is_mapped_with_its_exact_lines(name: str) -> None:
    text = text_of(name)
    reference = sections(text)
    assert len(reference) >= 20
    for path in NAMES:
        outline = document.outline(text, path)
        assert outline.kind == "rst", path
        assert [(s.level, s.start, s.end, s.title) for s in outline.sections] == [
            (level, start, end, title.strip()) for level, start, end, title in reference], path


@pytest.mark.parametrize("name", RST)
def test_the_same_bytes_give_the_same_map_under_any_name(name: str) -> None:
    text = text_of(name)
    maps = {compressors.document(path, "doc")(text).text for path in NAMES}
    assert len(maps) == 1
    [rendered] = maps
    listed = rows(rendered)
    assert len(listed) >= 12
    reference = {(title.strip(), start, end) for _, start, end, title in sections(text)}
    assert set(listed) <= reference  # every row the map lists is a true section, exact lines


def test_the_markdown_parse_of_rst_in_a_txt_was_wrong_in_the_way_the_issue_says() -> None:
    """The negative control: the same bytes parsed as Markdown (what the extension alone chose
    before) map one section over lines 120-1031 (RST `~~~~` underlines open code fences)."""
    text = text_of("django-settings.txt")
    as_markdown = {s.title: (s.start, s.end) for s in document.outline(text, "x.txt", "markdown").sections}
    assert as_markdown["``CACHES``"] == (120, 1031)
    assert "``CACHE_MIDDLEWARE_ALIAS``" not in as_markdown
    assert document.outline(text, "settings.txt").kind == "rst"


def _listed(name: str) -> dict[str, tuple[int, int]]:
    rendered = compressors.document(name, name)(text_of(name)).text
    return {title: (start, end) for title, start, end in rows(rendered)}


def _reference(name: str) -> list[tuple[int, int, int, str]]:
    return sections(text_of(name))


def test_the_django_settings_the_markdown_map_hid_are_listed_with_their_lines() -> None:
    reference = _reference("django-settings.txt")
    # the settings inside lines 120-1031, which the Markdown parse mapped as one section
    hidden = [(title, start, end) for level, start, end, title in reference
              if level == 3 and 121 < start <= 1031]
    assert [title for title, _, _ in hidden][:3] == [
        "``CACHE_MIDDLEWARE_ALIAS``", "``CACHE_MIDDLEWARE_KEY_PREFIX``", "``CACHE_MIDDLEWARE_SECONDS``"]
    assert len(hidden) == 15  # 15 in Django 5.0.6 (the issue counted eleven in its version)
    listed = _listed("django-settings.txt")
    for title, start, end in hidden:
        assert listed[title] == (start, end), title
    assert listed["``CACHES``"] == (120, 247)


def test_every_queryset_method_is_listed_with_its_lines() -> None:
    reference = _reference("django-querysets.txt")
    groups = {title: (start, end) for level, start, end, title in reference if level == 3}
    first, last = groups["Methods that return new ``QuerySet``\\s"][0], \
        groups["Methods that do not return ``QuerySet``\\s"][1]
    methods = [(title, start, end) for level, start, end, title in reference
               if level == 4 and first <= start <= last and title.endswith("()``")]
    assert len(methods) == 44  # in Django 5.0.6
    assert ("``filter()``", 198, 212) in methods and any(m[0] == "``aggregate()``" for m in methods)
    listed = _listed("django-querysets.txt")
    for title, start, end in methods:
        assert listed[title] == (start, end), title


def test_backwards_incompatible_changes_are_listed_in_the_release_note() -> None:
    [(start, end)] = [(start, end) for level, start, end, title in _reference("django-release-1.8.txt")
                      if title == "Backwards incompatible changes in 1.8"]
    assert _listed("django-release-1.8.txt")["Backwards incompatible changes in 1.8"] == (start, end)
    assert (start, end) == (663, 1213)


@pytest.mark.parametrize(("name", "expected"), [
    ("asciidoc-graphviz-sample.txt", [(1, "Graphviz filter for AsciiDoc", 1), (2, "Introduction", 7),
                                      (2, "Examples", 27), (3, "Simple", 29)]),
    ("asciidoc-code-filter-readme.txt", [(1, "AsciiDoc Code Filter", 1), (2, "Files", 12),
                                         (2, "Installation", 22), (2, "Help", 33)]),
    ("asciidoc-music-filter-test.txt", [(1, "Music Filter Test", 1),
                                        (2, "A tune generated from ABC notation", 7),
                                        (2, "A fragment generated from LilyPond source", 26)]),
])
def test_asciidoc_in_a_txt_is_read_as_asciidoc(name: str, expected: list[tuple[int, str, int]]) -> None:
    text = text_of(name)
    assert markup.sniff(text, name).kind == "asciidoc"
    outline = document.outline(text, name)
    got = [(s.level, s.title, s.start) for s in outline.sections]
    assert got[:len(expected)] == expected
    lines = text.split("\n")
    for section in outline.sections:  # a title line, never a line inside a delimited block
        assert lines[section.start - 1].strip().strip("= ") == section.title


@pytest.mark.parametrize("name", ["orgparse-00_simple.org", "orgparse-05_tags.org"])
def test_org_is_read_as_org_under_any_name(name: str) -> None:
    text = text_of(name)
    headings = [number for number, line in enumerate(text.split("\n"), start=1)
                if re.match(r"\*+ \S", line)]
    assert len(headings) >= 4
    for path in (name, "notes.txt", "notes"):
        assert markup.sniff(text, path).kind == "org", path
        assert [s.start for s in document.outline(text, path).sections] == headings


def test_the_doc_corpus_keeps_its_markup(doc_corpus: Path) -> None:
    """Every .md and .rst of five projects' sdists is still read as what it is named, and by
    content alone never as the other one."""
    counts = {"markdown": 0, "rst": 0}
    for path in sorted(doc_corpus.rglob("*")):
        if path.suffix not in (".md", ".rst"):
            continue
        text = path.read_text(encoding="utf-8")
        named = "markdown" if path.suffix == ".md" else "rst"
        assert markup.sniff(text, path.name).kind == named, path
        assert markup.sniff(text, "no-extension").kind in (named, "text"), path
        counts[named] += 1
    assert counts["markdown"] >= 20 and counts["rst"] >= 200


def test_plain_text_is_text_and_the_sniffer_reads_only_its_sample() -> None:
    licence = "Permission is hereby granted, free of charge, to any person\n" * 200
    assert markup.sniff(licence, "LICENSE").kind == "text"
    assert markup.sniff(licence, "LICENSE.md").kind == "markdown"  # nothing to tell: the name
    rst = text_of("django-settings.txt")
    assert len(rst) > markup.SAMPLE_CHARS
    # what lies past the sample cannot change the verdict: bounded work for any Read
    assert markup.scores(rst + "# Markdown\n\n```\n" * 100_000) == markup.scores(rst)


HOSTILE = {  # one long line each: a regex that rescans the rest of the line from every start
    "brackets": lambda n: "[" * n + "](http://x",  # would be quadratic (it was: 5.5 s at 32 K)
    "role-colons": lambda n: "`" + ":a" * (n // 2),
    "link-angles": lambda n: "`a<" + "<" * n,
    "org-tags": lambda n: "* a " + " :a" * (n // 3),
    "underlines": lambda n: ("Title\n=====\n" * (n // 12)),
}


GROWTH_LIMIT = 8.0  # t(4N) / t(N): linear is 4, quadratic 16; twice either side of the limit


def _growth(shape: str, sniff: Callable[[str], object]) -> float:
    """The CPU time of `sniff` on the shape at 64 K characters against 16 K (best of three).
    Four times the line, not two: at 2x, linear (2) and quadratic (4) sat too close to a limit."""
    small, large = HOSTILE[shape](16_000), HOSTILE[shape](64_000)
    sniff(small)  # first-use costs out of the way
    return cpu_seconds(lambda: sniff(large)) / max(cpu_seconds(lambda: sniff(small)), 1e-3)


@timing
@pytest.mark.parametrize("shape", HOSTILE)
def test_the_sniffer_stays_linear_on_hostile_lines(shape: str) -> None:
    ratio = _growth(shape, markup.scores)
    assert ratio < GROWTH_LIMIT, f"{shape}: 4x the line took {ratio:.2f}x the time (N² gives 16x)"


@timing
def test_the_growth_check_catches_a_quadratic_sniffer() -> None:
    """The negative control: the same measure on a sniffer that rescans the line from its start."""
    assert _growth("brackets", quadratic_chars) > GROWTH_LIMIT


def test_any_text_gets_a_kind_and_a_log_verdict_without_raising() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from garrepa_py.structural.log import logs, saved_log

    pieces = st.sampled_from(["Title", "=====", "~~~~~", "", "  indented", ".. note::", "```",
                              "# h", "== h", "* h", "#+BEGIN_SRC", "[source]", "----", ":role:`x`",
                              "2024-01-01 12:00:00 x", "FAILED", "\r", "\x1b[31m"])

    @settings(max_examples=300, deadline=None)
    @given(st.lists(pieces, max_size=40), st.sampled_from(["a.txt", "a.rst", "a.md", "a", ""]))
    def check(parts: list[str], path: str) -> None:
        text = "\n".join(parts)
        found = markup.sniff(text, path)
        assert found.kind in ("markdown", "rst", "asciidoc", "org", "html", "text")
        assert saved_log.family(text, path, found) in (None, "generic", "make",
                                                       *(name for name, _ in logs.SNIFFED))
        document.outline(text, path, found.kind)

    check()

"""Entries people look up (structural/doc/entries.py), on aiohttp's real web_reference.rst."""

from __future__ import annotations

import re
from pathlib import Path

from garrepa_py import textlines
from garrepa_py.engine import compressors
from garrepa_py.structural.doc import document, entries, nested_map


def reference(refdocs_corpus: Path) -> str:
    return (refdocs_corpus / "aiohttp-3.11.11" / "docs" / "web_reference.rst").read_text()


def test_client_max_size_is_an_entry_under_application_and_router(refdocs_corpus: Path) -> None:
    text = reference(refdocs_corpus)
    lines = textlines.split(text)
    outline = document.outline(text, "web_reference.rst")
    section = next(s for s in outline.sections if s.title == "Application and Router")
    found = entries.find(lines, outline.kind)
    param = next(e for e in found if e.kind == "param" and e.name == "client_max_size")
    assert section.start <= param.start <= param.end <= section.end
    assert "client_max_size" in lines[param.start - 1]
    assert "maximum size in a request" in "\n".join(lines[param.start - 1:param.end])
    owner = next(e for e in found if e.kind == "class" and e.name == "Application")
    assert owner.start < param.start <= param.end <= owner.end and param.depth == owner.depth + 1


def test_the_section_window_map_names_it_with_its_range(refdocs_corpus: Path) -> None:
    """The map of that section (what following its range returns past the window threshold)
    lists client_max_size under class Application, with a range holding the text."""
    text = reference(refdocs_corpus)
    lines = textlines.split(text)
    outline = document.outline(text, "web_reference.rst")
    section = next(s for s in outline.sections if s.title == "Application and Router")
    window = "\n".join(lines[section.start - 1:section.end])
    known = {s.start: (s.level, s.end) for s in outline.sections}
    made = compressors.document_window("web_reference.rst", "web_reference.rst", outline.kind,
                                       section.start, len(lines), known)(window).text
    rows = made.split("\n")
    at = next(i for i, row in enumerate(rows) if row.lstrip().startswith("- param client_max_size"))
    assert any(row.lstrip().startswith("- class Application |") for row in rows[:at])
    first, end = map(int, re.search(r"lines (\d+)-(\d+)", rows[at]).groups())  # type: ignore[union-attr]
    assert "client_max_size" in "\n".join(lines[first - 1:end])
    for low, high in re.findall(r"lines (\d+)-(\d+)", made):
        assert section.start <= int(low) <= int(high) <= section.end


def test_the_deepest_level_folds_first_largest_groups_first_never_a_section(
        refdocs_corpus: Path) -> None:
    text = reference(refdocs_corpus)
    outline = document.outline(text, "web_reference.rst")
    found = entries.find(textlines.split(text), outline.kind)
    made = nested_map.render(outline, "web_reference.rst", 6000, found)
    assert len(made) <= 6000
    for section in outline.sections:  # every heading is still a row
        assert f"- {section.title} | lines {section.start}-{section.end}" in made
    assert "- class Application | lines 1405-" in made  # depth 0 kept
    assert "- class WebSocketResponse | lines 955-1325\n      - … " in made  # 50 entries: folded
    assert "- method send_str " not in made
    assert "- param name | lines 1731-1733" in made  # AppKey's two params: a small group, kept


def test_the_whole_document_map_keeps_small_classes_params(refdocs_corpus: Path) -> None:
    """In the map a whole Read gets, the largest classes fold first, so Application's
    client_max_size and AppRunner's keepalive_timeout (a **kwargs field) stay named, under
    their class, with the lines that hold them."""
    text = reference(refdocs_corpus)
    lines = textlines.split(text)
    made = compressors.document("web_reference.rst", "web_reference.rst")(text).text
    rows = made.split("\n")
    for owner, param in (("Application", "client_max_size"), ("AppRunner", "keepalive_timeout")):
        at = next(i for i, row in enumerate(rows) if row.lstrip().startswith(f"- class {owner} |"))
        under = next(row for row in rows[at + 1:] if f"- param {param} |" in row
                     or "- class " in row)
        assert f"- param {param} |" in under, (owner, rows[at:at + 5])
        first, end = map(int, re.search(r"lines (\d+)-(\d+)", under).groups())  # type: ignore[union-attr]
        assert param in lines[first - 1] and end >= first


def test_a_class_takes_only_its_own_fields_not_its_methods(refdocs_corpus: Path) -> None:
    """Application(logger=..., loop=None, ...) and its method make_handler(loop=None, **kwargs)
    both document `loop`: each is named once, under its own directive."""
    text = reference(refdocs_corpus)
    found = entries.find(textlines.split(text), "rst")
    loops = [(e.depth, e.start) for e in found if e.kind == "param" and e.name == "loop"
             and 1405 <= e.start <= 1721]
    assert loops == [(1, 1460), (2, 1631)]


def test_markdown_definition_lists_as_myst_writes_them() -> None:
    """structlog 24.1.0's real docs (prose corpus) write loose definition lists: the term, a
    blank line, then `: definition` with two-space continuation lines. Each term is an entry whose
    range holds its whole definition; a MyST `:::{seealso}` fence is no mkdocstrings block, and a
    second `: definition` of a term is never a term of its own. No `::: module.name`
    (mkdocstrings) page is in the committed corpora: that form is covered by its own unit test
    only."""
    from ...support import corpora

    docs = corpora.load("prose") / "structlog-24.1.0" / "docs"
    lines = textlines.split((docs / "standard-library.md").read_text())
    found = entries.find(lines, "markdown")
    names = [e.name for e in found if e.kind == "term"]
    assert names[:3] == ["{func}`~structlog.stdlib.render_to_log_kwargs`:",
                         "{func}`~structlog.stdlib.filter_by_level`:",
                         "{func}`~structlog.stdlib.add_logger_name`:"]
    number = next(e for e in found if "add_log_level_number" in e.name)
    held = "\n".join(lines[number.start - 1:number.end])
    assert "level_number >= 30" in held and "structlog.stdlib._NAME_TO_LEVEL" in held
    assert lines[number.end].strip() == "" and "PositionalArgumentsFormatter" in lines[number.end + 1]
    exceptions = textlines.split((docs / "exceptions.md").read_text())
    found = entries.find(exceptions, "markdown")
    assert [e.kind for e in found] == ["term"] * len(found) and len(found) >= 5
    assert not any(e.name.startswith((":", "It's")) for e in found)
    rich = next(e for e in found if "RichTracebackFormatter" in e.name)
    assert "It's the default if Rich is installed." in exceptions[rich.end - 1]


def test_mkdocstrings_blocks_are_api_entries() -> None:
    """A synthetic page (no real mkdocstrings page is in the corpora): each `::: module.name`
    block is an entry up to the next block or heading."""
    lines = ["# API", "", "::: garrepa.config", "    options:", "      show_source: false", "",
             "::: garrepa.journal", "", "## Notes", "Text."]
    assert [(e.kind, e.name, e.start, e.end) for e in entries.find(lines, "markdown")] == [
        ("api", "garrepa.config", 3, 5), ("api", "garrepa.journal", 7, 7)]


# scrapy 2.19.0 docs/topics/settings.rst lines 429-448: each setting is a `.. setting::` target
# with no body, then a heading of the same name (issue 35).
SCRAPY_SETTINGS = """\
.. setting:: ADDONS

ADDONS
------

Default: ``{}``

A dict containing paths to the add-ons enabled in your project and their
priorities. For more information, see :ref:`topics-addons`.

.. note:: This is a :ref:`pre-crawler setting <pre-crawler-settings>`, with a
    caveat described in that section.

.. setting:: ASYNCIO_EVENT_LOOP

ASYNCIO_EVENT_LOOP
------------------

Default: ``None``
"""


def test_a_bodyless_target_before_its_own_heading_is_not_a_second_entry() -> None:
    """The map listed `setting ASYNCIO_EVENT_LOOP | lines 14-14` under ADDONS, beside the
    heading ASYNCIO_EVENT_LOOP: every setting twice, the first under the wrong section."""
    lines = textlines.split(SCRAPY_SETTINGS)
    outline = document.outline(SCRAPY_SETTINGS, "settings.rst")
    assert [s.title for s in outline.sections] == ["ADDONS", "ASYNCIO_EVENT_LOOP"]
    assert entries.find(lines, outline.kind) == []
    made = nested_map.render(outline, "settings.rst", 4000, entries.find(lines, outline.kind))
    assert "- setting " not in made


def test_a_setting_with_a_body_is_still_an_entry() -> None:
    text = ".. setting:: FOO\n\n    The foo setting.\n\nProse.\n"
    found = entries.find(textlines.split(text), "rst")
    assert [(e.kind, e.name, e.start, e.end) for e in found] == [("setting", "FOO", 1, 3)]


def test_an_enumerated_list_item_is_not_a_term() -> None:
    """jinja2's templates.rst line 651 (`a.  The context dictionary by the application with`,
    its continuation indented under it) was listed as a definition term (issue 35)."""
    from ...support import corpora

    path = corpora.load("prose") / "jinja2-3.1.4" / "docs" / "templates.rst"
    lines = textlines.split(path.read_text())
    assert lines[650].startswith("a.  The context dictionary")
    terms = [e.name for e in entries.find(lines, "rst") if e.kind == "term"]
    assert not [name for name in terms if name.startswith(("a. ", "b. "))], terms
    assert "``42`` / ``123_456``" in terms  # the literals' list is still terms

"""A document map that goes below the headings: each section's entries (structural/entries.py)
nested under it, every one with its line range, within the map's budget.

When the map must shrink the deepest level of entries folds first, into one row "… N entries
within lines a-b" under the entry that holds them; then the next level; at last each section's
entries fold into one such row. Sections never fold before entries: only when even those rows do
not fit does the heading map of document.render (which drops deeper headings) take over.

`window` narrows an outline to a Read's window: the sections that meet it, cut to its lines, so
a map of a window never names a line outside it. Pure, standard library.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from garrepa_py.structural import document
from garrepa_py.structural.entries import Entry

TITLE = "Sections and entries (title | lines | chars):"


def render(doc: document.Outline, label: str, budget: int, found: list[Entry],
           head: str | None = None) -> str:
    """The map of `doc` with `found` nested under their sections, within `budget` chars."""
    if not found or not doc.sections:
        return document.render(doc, label, budget, head)
    head = head or document.head_line(doc, label)
    top = min(section.level for section in doc.sections)
    groups = _grouped(doc.sections, found)
    deepest = max(entry.depth for entry in found)
    for cut in range(deepest, -2, -1):
        rows = [head, TITLE]
        for position, section in enumerate((None, *doc.sections)):
            indent = 0 if section is None else section.level - top + 1
            if section is not None:
                rows.append(document.row(section, top))
            rows += _entry_rows(groups.get(position - 1, []), cut, indent)
        text = "\n".join(rows)
        if len(text) <= budget:
            return text
    return document.render(doc, label, budget, head)


def _grouped(sections: tuple[document.Section, ...], found: list[Entry]
             ) -> dict[int, list[Entry]]:
    """Each entry under the innermost section that holds its first line (-1: before any)."""
    starts = [section.start for section in sections]
    groups: dict[int, list[Entry]] = {}
    for entry in found:
        position = bisect_right(starts, entry.start) - 1
        while position >= 0 and sections[position].end < entry.start:
            position -= 1
        groups.setdefault(position, []).append(entry)
    return groups


def _entry_rows(group: list[Entry], cut: int, indent: int) -> list[str]:
    if not group:
        return []
    if cut < 0:
        return [_fold(group, indent)]
    rows: list[str] = []
    hidden: list[Entry] = []
    fold_indent = indent
    for entry in group:
        if entry.depth > cut:
            hidden.append(entry)
            continue
        if hidden:
            rows.append(_fold(hidden, fold_indent))
            hidden = []
        name = document.shown(entry.name)
        rows.append(f"{'  ' * (indent + entry.depth)}- {entry.kind} {name} | lines "
                    f"{entry.start}-{entry.end}")
        fold_indent = indent + entry.depth + 1
    if hidden:
        rows.append(_fold(hidden, fold_indent))
    return rows


def _fold(hidden: list[Entry], indent: int) -> str:
    first = min(entry.start for entry in hidden)
    last = max(entry.end for entry in hidden)
    noun = "entry" if len(hidden) == 1 else "entries"
    return f"{'  ' * indent}- … {len(hidden)} {noun} within lines {first}-{last}"


def window(doc: document.Outline, lines: list[str], first: int, last: int) -> document.Outline:
    """`doc` narrowed to lines `first`..`last`: the sections that meet them, cut to them."""
    offsets = list(accumulate((len(line) + 1 for line in lines[first - 1:last]), initial=0))
    sections = []
    for section in doc.sections:
        if section.end < first or section.start > last:
            continue
        start, end = max(section.start, first), min(section.end, last)
        title = section.title if section.start >= first else f"{section.title} (continued)"
        chars = offsets[end - first + 1] - offsets[start - first]
        sections.append(document.Section(section.level, title, start, end, chars))
    return document.Outline(doc.kind, last - first + 1, offsets[-1], tuple(sections), None,
                            doc.code_blocks, doc.tables)

"""A document map that goes below the headings: each section's entries (structural/doc/entries.py)
nested under it, every one with its line range, within the map's budget.

When the map must shrink the deepest level of entries folds first, into one row "… N entries
within lines a-b" under the entry that holds them, the largest groups first (a class of 58
methods folds before a small class loses its few parameters), only as many as the budget needs;
then the next level, the same way; at last each section's entries fold into one such row,
the largest first. Sections never fold before entries: only when even those rows do
not fit does the heading map of document.render (which drops deeper headings) take over.

`window` narrows an outline to a Read's window: the sections that meet it, cut to its lines, so
a map of a window never names a line outside it. Pure, standard library.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from garrepa_py.structural.doc import document
from garrepa_py.structural.doc.entries import Entry

TITLE = "Sections and entries (title | lines | chars):"


def render(doc: document.Outline, label: str, budget: int, found: list[Entry],
           head: str | None = None) -> str:
    """The map of `doc` with `found` nested under their sections, within `budget` chars."""
    if not found or not doc.sections:
        return document.render(doc, label, budget, head)
    head = head or document.head_line(doc, label)
    top = min(section.level for section in doc.sections)
    groups = _grouped(doc.sections, found)
    indents = {position: section.level - top + 1 for position, section in enumerate(doc.sections)}
    indents[-1] = 0
    parents = {position: _parents(group) for position, group in groups.items()}
    folded: set[Node] = set()
    deepest = max(entry.depth for entry in found)
    if deepest >= MAX_DEPTH:
        # entries nested deeper than any real reference (690 classes one inside the next) fold
        # under their ancestor at the last shown level before anything is rendered: rows then
        # have at most MAX_DEPTH ancestors, and the levels below cost nothing to try
        for position, group in groups.items():
            for index, entry in enumerate(group[:-1]):
                if entry.depth == MAX_DEPTH - 1 and group[index + 1].depth > entry.depth:
                    folded.add((position, index))
        deepest = MAX_DEPTH - 1
    for level in range(deepest - 1, -2, -1):
        rows = _rows(doc, head, groups, parents, indents, folded)
        total = sum(len(text) + 1 for text, _ in rows) - 1
        if total <= budget:
            return "\n".join(text for text, _ in rows)
        total -= _fold_level(rows, groups, parents, indents, folded, level, total - budget)
    rows = _rows(doc, head, groups, parents, indents, folded)
    text = "\n".join(row for row, _ in rows)
    return text if len(text) <= budget else document.render(doc, label, budget, head)


MAX_DEPTH = 6  # a class, its methods, their parameters, and room to spare
Node = tuple[int, int]  # (section position, entry index in its group); index -1: the section


def _parents(group: list[Entry]) -> list[int]:
    """Each entry's parent in its group: the nearest earlier entry less deep (-1: the section)."""
    parents: list[int] = []
    stack: list[int] = []
    for index, entry in enumerate(group):
        while stack and group[stack[-1]].depth >= entry.depth:
            stack.pop()
        parents.append(stack[-1] if stack else -1)
        stack.append(index)
    return parents


def _ancestors(parents: list[int], index: int) -> list[int]:
    chain = []
    while index != -1:
        index = parents[index]
        chain.append(index)
    return chain


def _rows(doc: document.Outline, head: str, groups: dict[int, list[Entry]],
          parents: dict[int, list[int]], indents: dict[int, int], folded: set[Node]
          ) -> list[tuple[str, tuple[Node, ...]]]:
    """The map's rows, each with the nodes it sits under (its entry's ancestors, nearest
    first): what folding one of them would take away."""
    rows: list[tuple[str, tuple[Node, ...]]] = [(head, ()), (TITLE, ())]
    top = min(section.level for section in doc.sections)
    for position in range(-1, len(doc.sections)):
        if position >= 0:
            rows.append((document.row(doc.sections[position], top), ()))
        group = groups.get(position, [])
        indent = indents[position]
        if (position, -1) in folded:
            if group:
                rows.append((_fold(group, indent), ((position, -1),)))
            continue
        index = 0
        while index < len(group):
            entry = group[index]
            above = tuple((position, a) for a in _ancestors(parents[position], index))
            rows.append((f"{'  ' * (indent + entry.depth)}- {entry.kind} "
                         f"{document.shown(entry.name)} | lines "
                         f"{entry.start}-{entry.end}", above))
            below = index + 1
            while below < len(group) and group[below].depth > entry.depth:
                below += 1
            if (position, index) in folded and below > index + 1:
                rows.append((_fold(group[index + 1:below], indent + entry.depth + 1),
                             ((position, index), *above)))
                index = below
            else:
                index += 1
    return rows


def _fold_level(rows: list[tuple[str, tuple[Node, ...]]], groups: dict[int, list[Entry]],
                parents: dict[int, list[int]], indents: dict[int, int], folded: set[Node],
                level: int, over: int) -> int:
    """Fold the children of entries `level` deep (-1: each section's entries), the largest
    first, until `over` chars are saved; the chars saved. Small groups keep their rows."""
    cost: dict[Node, int] = {}
    for text, above in rows:
        for node in above:
            cost[node] = cost.get(node, 0) + len(text) + 1
    candidates = []
    for position, group in groups.items():
        for index in ([-1] if level == -1 else range(len(group))):
            if index != -1 and group[index].depth != level:
                continue
            node = (position, index)
            if node in folded or node not in cost:
                continue
            if index == -1:
                kept = _fold(group, indents[position])
            else:
                below = index + 1
                while below < len(group) and group[below].depth > group[index].depth:
                    below += 1
                kept = _fold(group[index + 1:below], indents[position] + group[index].depth + 1)
            saving = cost[node] - len(kept) - 1
            if saving > 0:
                candidates.append((-cost[node], position, index, saving))
    saved = 0
    for _, position, index, saving in sorted(candidates):
        if saved >= over:
            break
        folded.add((position, index))
        saved += saving
    return saved


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

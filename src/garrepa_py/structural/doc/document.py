"""Document maps without a model: the heading outline with exact line ranges and sizes.

Pure and deterministic. Understands Markdown (ATX and setext), reStructuredText (underlines and
overlines), AsciiDoc, Org and HTML headings; front matter; fenced code blocks and tables. Which
one a document is written in comes from its content (markup.py), not its name.
Linear in the document's size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import accumulate

from garrepa_py import textlines
from garrepa_py.structural.doc import markup

_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_RST_ADORN = re.compile(r"^([=\-~^\"'`#*+:._<>!$%&,;?@\\/|])\1{2,}[ \t]*$")
_ADOC = re.compile(r"^(={1,6})[ \t]+(\S.*)$")
_ADOC_BLOCK = re.compile(r"^(-{4,}|\.{4,}|={4,}|\+{4,}|\*{4,}|_{4,})[ \t]*$")
_ADOC_UNDERLINES = "=-~^+"  # the two-line title levels, in order
_ORG = re.compile(r"^(\*{1,8})[ \t]+(\S.*)$")
_HTML = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1\s*>", re.I | re.S)
_TAG = re.compile(r"<[^>]+>")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RST_TABLE = re.compile(r"^\s*\+[-=+]+\+\s*$")


@dataclass(frozen=True)
class Section:
    level: int
    title: str
    start: int  # 1-based line of the heading
    end: int  # last line of the section, inclusive
    chars: int


@dataclass(frozen=True)
class Outline:
    kind: str
    lines: int
    chars: int
    sections: tuple[Section, ...]
    front_matter: tuple[int, int] | None
    code_blocks: int
    tables: int


def kind_of(path: str) -> str:
    """The markup the extension alone suggests (the sniffer's tie-breaker)."""
    return markup.extension_kind(path) or "text"


def _front_matter(lines: list[str]) -> tuple[int, int] | None:
    if lines and lines[0].strip() in ("---", "+++"):
        fence = lines[0].strip()
        for index in range(1, min(len(lines), 200)):
            if lines[index].strip() == fence:
                return 1, index + 1
    return None


def _markdown(lines: list[str], skip_until: int) -> tuple[list[tuple[int, str, int]], int, int]:
    headings: list[tuple[int, str, int]] = []
    fence: str | None = None
    code = tables = 0
    in_table = False
    for index in range(skip_until, len(lines)):
        line = lines[index]
        # Cheap character tests before each pattern: each pattern needs its character within
        # the first four (up to three spaces of indent), and most lines have none of them.
        head = line[:4]
        if not line:  # a blank line: closes a table, starts nothing
            if fence is None:
                in_table = False
            continue
        opening = _FENCE.match(line) if ("`" in head or "~" in head) else None
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            code += 1
            continue
        row = "|" in line and bool(_TABLE_ROW.match(line))
        if row and not in_table:
            tables += 1
        in_table = row
        atx = _ATX.match(line) if "#" in head else None
        if atx and atx.group(2).strip():
            headings.append((len(atx.group(1)), atx.group(2).strip(), index + 1))
            continue
        setext = _SETEXT.match(line) if ("=" in head or "-" in head) else None
        if setext and index > skip_until and lines[index - 1].strip():
            previous = lines[index - 1]
            if not (_ATX.match(previous) or _SETEXT.match(previous) or previous.startswith(
                    ("    ", "\t", "- ", "* ", "> ", "|"))) and not (
                    headings and headings[-1][2] == index):
                level = 1 if setext.group(1)[0] == "=" else 2
                headings.append((level, previous.strip(), index))
    return headings, code, tables


def _rst(lines: list[str]) -> tuple[list[tuple[int, str, int]], int, int]:
    headings: list[tuple[int, str, int]] = []
    styles: list[tuple[str, bool]] = []
    code = tables = 0
    in_table = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.rstrip().endswith("::") or line.lstrip().startswith(".. code"):
            code += 1
        table_line = bool(_RST_TABLE.match(line))
        if table_line and not in_table:
            tables += 1
        in_table = table_line or (in_table and line.strip().startswith("|"))
        title = line.rstrip()
        below = lines[index + 1].rstrip() if index + 1 < len(lines) else ""
        above = lines[index - 1].rstrip() if index > 0 else ""
        if (title.strip() and not _RST_ADORN.match(title)
                and _RST_ADORN.match(below) and len(below) >= len(title.strip()) - 1
                and len(below) >= 3):
            overline = bool(_RST_ADORN.match(above)) and above[0] == below[0]
            if title[0].isspace() and not overline:  # indented: a block's text, not a title
                index += 1
                continue
            style = (below[0], overline)
            if style not in styles:
                styles.append(style)
            start = index if overline else index + 1
            headings.append((styles.index(style) + 1, title.strip(), start))
            index += 2
            continue
        index += 1
    return headings, code, tables


def _asciidoc(lines: list[str]) -> tuple[list[tuple[int, str, int]], int, int]:
    """One-line titles (`== Section`, `== Section ==`) and classic two-line ones (a title over
    a line of =, -, ~, ^ or + as long as it, give or take two); nothing inside a block."""
    headings: list[tuple[int, str, int]] = []
    block: str | None = None
    code = tables = 0
    underline = -1  # the line under a two-line title: not a block delimiter
    for index, line in enumerate(lines):
        if index == underline:
            continue
        if block is None and _two_line_title(lines, index):
            title = line.strip()
            headings.append((_ADOC_UNDERLINES.index(lines[index + 1][0]) + 1, title, index + 1))
            underline = index + 1
            continue
        delimiter = _ADOC_BLOCK.match(line)
        if delimiter:
            if block is None:
                block = delimiter.group(1)
                code += delimiter.group(1)[0] in "-."
            elif delimiter.group(1) == block:
                block = None
            continue
        if block is not None:
            continue
        if line.startswith("|==="):
            tables += 1
        heading = _ADOC.match(line)
        if heading:
            title = heading.group(2).strip()
            closing = title.rsplit(" ", 1)
            if len(closing) == 2 and closing[1] == heading.group(1):  # `== Section ==`
                title = closing[0].rstrip()
            headings.append((len(heading.group(1)), title, index + 1))
    return headings, code, tables // 2 + tables % 2


def _two_line_title(lines: list[str], index: int) -> bool:
    line = lines[index]
    if index + 1 >= len(lines) or not line.strip() or line[0] in " \t.[/|" or (
            index and lines[index - 1].strip()):
        return False
    below = lines[index + 1].rstrip()
    return (len(below) >= 2 and below[0] in _ADOC_UNDERLINES and below == below[0] * len(below)
            and abs(len(below) - len(line.rstrip())) <= 2 and not _ADOC_BLOCK.match(line))


def _org(lines: list[str]) -> tuple[list[tuple[int, str, int]], int, int]:
    headings = []
    code = tables = 0
    for index, line in enumerate(lines):
        if line.lstrip().lower().startswith("#+begin_src"):
            code += 1
        heading = _ORG.match(line)
        if heading:
            headings.append((len(heading.group(1)), heading.group(2).strip(), index + 1))
    return headings, code, tables


def _html(text: str) -> tuple[list[tuple[int, str, int]], int, int]:
    headings = []
    for match in _HTML.finditer(text):
        title = " ".join(_TAG.sub("", match.group(2)).split())
        if title:
            headings.append((int(match.group(1)), title, text.count("\n", 0, match.start()) + 1))
    lower = text.lower()
    return headings, lower.count("<pre"), lower.count("<table")


def outline(text: str, path: str, kind: str | None = None) -> Outline:
    """The outline of `text`, parsed as the markup its content shows (`path`'s extension breaks
    a tie; see markup.sniff), or as `kind` when the caller already sniffed it."""
    lines = textlines.split(text)
    kind = kind or markup.sniff(text, path).kind
    front = _front_matter(lines) if kind in ("markdown", "text", "asciidoc") else None
    if kind == "rst":
        headings, code, tables = _rst(lines)
    elif kind == "asciidoc":
        headings, code, tables = _asciidoc(lines)
    elif kind == "org":
        headings, code, tables = _org(lines)
    elif kind == "html":
        headings, code, tables = _html(text)
    else:
        headings, code, tables = _markdown(lines, front[1] if front else 0)
        if kind == "text" and not headings:
            headings, code, tables = _rst(lines)
    # offsets[k]: where line k+1 starts (each line and its newline), summed in C
    offsets = list(accumulate(map(len, lines), initial=0))
    # Each section ends where the next heading of the same or a higher level starts: one pass
    # from the end with a stack of candidates keeps this linear in the number of headings.
    ends = [len(lines)] * len(headings)
    stack: list[tuple[int, int]] = []  # (level, start) of later headings, levels increasing
    for position in range(len(headings) - 1, -1, -1):
        level, _, start = headings[position]
        while stack and stack[-1][0] > level:
            stack.pop()
        if stack:
            ends[position] = stack[-1][1] - 1
        stack.append((level, start))
    sections = []
    for (level, title, start), end in zip(headings, ends, strict=True):
        end = max(start, end)
        chars = offsets[end] - offsets[start - 1] + end - start + 1  # the lines and their newlines
        sections.append(Section(level, title, start, end, chars))
    return Outline(kind, len(lines), len(text), tuple(sections), front, code, tables)


def _size(chars: int) -> str:
    return f"{chars / 1000:.1f}K" if chars >= 1000 else f"{chars}"


def head_line(doc: Outline, label: str) -> str:
    """The map's first line: what the document is, in numbers."""
    facts = [f"{doc.lines:,} lines, {doc.chars:,} chars ({doc.kind})"]
    if doc.front_matter:
        facts.append(f"front matter lines {doc.front_matter[0]}-{doc.front_matter[1]}")
    facts.append(f"{doc.code_blocks} code blocks, {doc.tables} tables")
    return f"Document map of {label}: " + "; ".join(facts) + "."


# Control characters (ESC starting a terminal sequence, BEL, DEL, C1) and bidi controls (which
# turn a row's "| lines a-b" around on screen) in a quoted name: shown as numeric references.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                       "\u2066-\u2069]")


def shown(name: str) -> str:
    """A heading's or entry's name as a map row quotes it: its controls visible, as data."""
    name = name.replace("\t", " ")
    return _CONTROLS.sub(lambda match: f"&#{ord(match.group())};", name)


def row(section: Section, top: int) -> str:
    """A section's row of the map, indented by its level under `top`."""
    return (f"{'  ' * (section.level - top)}- {shown(section.title)} | lines {section.start}-"
            f"{section.end} | {_size(section.chars)}")


def render(doc: Outline, label: str, budget: int, head: str | None = None) -> str:
    """The map as text within `budget` characters: deeper levels go first when it must shrink.
    `head`: another first line (a window's map says which lines it maps)."""
    head = head or head_line(doc, label)
    if not doc.sections:
        return head + "\nNo headings found: read it by line ranges."
    top = min(section.level for section in doc.sections)
    levels = sorted({section.level for section in doc.sections})

    rendered = [row(s, top) for s in doc.sections]  # once: the depth search below only adds sizes
    size_at: dict[int, int] = {}
    count_at: dict[int, int] = {}
    for section, line in zip(doc.sections, rendered, strict=True):
        size_at[section.level] = size_at.get(section.level, 0) + len(line) + 1
        count_at[section.level] = count_at.get(section.level, 0) + 1
    fitting = 0  # how many levels can be listed in full
    for depth in range(len(levels), 0, -1):
        allowed = set(levels[:depth])
        listed_count = sum(count_at[level] for level in allowed)
        omitted = len(doc.sections) - listed_count
        note = f" ({omitted} deeper headings not listed)" if omitted else ""
        title = f"Sections (title | lines | chars){note}:"
        if len(head) + 1 + len(title) + sum(size_at[level] for level in allowed) <= budget:
            if depth == len(levels) or listed_count >= 12:
                listed = [line for section, line in zip(doc.sections, rendered, strict=True)
                          if section.level in allowed]
                return "\n".join([head, title, *listed])
            fitting = depth
            break
    # Show one more level than fits in full, in document order, as far as the budget goes.
    allowed = set(levels[:fitting + 1])
    candidates = [s for s in doc.sections if s.level in allowed]
    rows: list[str] = []
    used = len(head) + 160
    for section in candidates:
        line = row(section, top)  # stops at the budget: a bounded number of calls
        if used + len(line) + 1 > budget:
            break
        rows.append(line)
        used += len(line) + 1
    left = candidates[len(rows):]
    tail = [f"... {len(left)} more headings from line {left[0].start} on (read by line ranges)"
            ] if left else []
    deeper = len(doc.sections) - len(candidates)
    note = f" ({deeper} deeper headings not listed)" if deeper else ""
    return "\n".join([head, f"Sections (title | lines | chars){note}:", *rows, *tail])

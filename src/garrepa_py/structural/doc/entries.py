"""The entries people look up inside a document's sections, each with its exact line range.

A heading outline stops at a section; an API reference keeps what people ask about one level
down: Sphinx/RST object directives (`.. class::`, `.. function::`, `.. method::`,
`.. attribute::`, `.. data::`, `.. option::`, `.. envvar::`, `.. setting::`, `.. confval::`, the
`py:` domain forms and their kin), the parameters a directive's signature names (`:param x:`
fields; all of them when it takes `**kwargs`), MkDocs/mkdocstrings API headings
(`::: package.module`), definition lists (RST and Markdown), and the rows of big tables
(Markdown pipe tables, RST grid tables and list-tables).
Each is an Entry with a depth (0 for a directive at the section's own level, 1 for a method
inside a class, one more for a parameter), so a map can fold the deepest level first.

Pure, deterministic, standard library; one pass over the lines, linear in their number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DIRECTIVES = ("class", "function", "method", "attribute", "data", "option", "envvar", "setting",
              "confval", "exception", "decorator", "classmethod", "staticmethod", "property",
              "coroutinefunction", "coroutinemethod", "comethod", "cmdoption", "describe",
              "module")
_DIRECTIVE = re.compile(r"^([ \t]*)\.\. (?:(?:py|std|rst|js|c|cpp):)?(" + "|".join(DIRECTIVES)
                        + r")::[ \t]*(.*?)[ \t]*$")
_CODE = re.compile(r"^[ \t]*\.\. (?:code-block|code|sourcecode|literalinclude|doctest|testcode|"
                   r"testoutput|highlight|raw|math|graphviz)::")
_FIELD_PARAM = re.compile(r"^([ \t]*):param(?:[ \t]+[^:]*?)?[ \t]+\*{0,2}([A-Za-z_]\w*):")
_MKDOCSTRINGS = re.compile(r"^:::[ \t]+([\w.]+)")
_MD_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_PIPE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_PIPE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$")
_GRID_RULE = re.compile(r"^[ \t]*\+[-=]+\+[-=+]*[ \t]*$")
_LIST_TABLE = re.compile(r"^([ \t]*)\.\. list-table::")
_LIST_ROW = re.compile(r"^([ \t]*)\* - (.*)$")
_MD_DEFINITION = re.compile(r"^: {1,3}\S")
_RST_SKIP = re.compile(r"^\s*(?:\.\.|:|[-*+|]\s|\d+[.)]\s|#\.\s|>>>"
                       r"|[A-Za-z][.)]\s|\([A-Za-z0-9]{1,3}\)\s)")  # enumerated: a. A) (i)
_RULE = re.compile(r"^[=\-~^\"'`#*+.:_]{3,}$")
BIG_TABLE_ROWS = 8  # a table of fewer rows is read with its section
NAME_CHARS = 60


@dataclass(frozen=True)
class Entry:
    depth: int  # 0: at the section's own level; +1 per directive it sits inside
    kind: str  # the directive (class, attribute…), "param", "api", "term" or "row"
    name: str
    start: int  # 1-based, inclusive
    end: int


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _name(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= NAME_CHARS else text[:NAME_CHARS - 1] + "…"


def _block_end(lines: list[str], index: int, indent: int, last: int,
               ends: list[int] | None = None) -> int:
    """The last non-blank line (0-based) of the block opened at `index`: every following line
    more indented than `indent`, or blank, up to `last` (0-based, inclusive). With `ends`
    (_Blocks: when `indent` is the line's own) one lookup, not a scan: nested directives
    would make the scans quadratic."""
    if ends is not None:
        return ends[index] if ends[index] <= last else max(index, _last_text(lines, index, last))
    end = index
    for position in range(index + 1, last + 1):
        line = lines[position]
        if not line.strip():
            continue
        if _indent(line) <= indent:
            break
        end = position
    return end


def _last_text(lines: list[str], index: int, last: int) -> int:
    while last > index and not lines[last].strip():
        last -= 1
    return last


def _ends(lines: list[str], begin: int, stop: int) -> list[int]:
    """For each line of `begin`..`stop` (0-based, indexed from 0 as in `lines`), the last
    non-blank line of the block it opens at its own indent: one backward pass with a stack of
    the lines still open (next line at or under each one's indent), linear in the lines."""
    ends = [0] * len(lines)
    open_lines: list[tuple[int, int]] = []  # (indent, last non-blank line of its block)
    for position in range(stop, begin - 1, -1):
        line = lines[position]
        if not line.strip():
            ends[position] = position
            continue
        indent = _indent(line)
        # the following lines more indented belong to this block; its end is the latest
        # non-blank line before the first one at or under this indent
        end = position
        while open_lines and open_lines[-1][0] > indent:
            end = max(end, open_lines.pop()[1])
        ends[position] = end
        open_lines.append((indent, end))
    return ends


def find(lines: list[str], kind: str, first: int = 1, last: int | None = None) -> list[Entry]:
    """The entries of lines `first`..`last` (1-based, inclusive) of a document in markup `kind`,
    in document order."""
    stop = min(len(lines), last if last is not None else len(lines)) - 1
    if kind == "markdown":
        return _markdown(lines, first - 1, stop)
    if kind in ("rst", "text"):
        return _rst(lines, first - 1, stop)
    return []


def _rst(lines: list[str], begin: int, stop: int) -> list[Entry]:
    found: list[Entry] = []
    ends = _ends(lines, begin, stop)
    open_blocks: list[tuple[int, int]] = []  # (indent, end) of the directives around a line
    index = begin
    while index <= stop:
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        indent = _indent(line)
        while open_blocks and (index > open_blocks[-1][1] or indent <= open_blocks[-1][0]):
            open_blocks.pop()
        depth = len(open_blocks)
        directive = _DIRECTIVE.match(line) if ".. " in line[:indent + 3] else None
        if directive:
            signature = directive.group(3)
            header_end = index
            while signature.endswith("\\") and header_end < stop:  # a signature on more lines
                header_end += 1
                signature = signature[:-1].rstrip() + " " + lines[header_end].strip()
            end = _block_end(lines, header_end, indent, stop,
                             ends if header_end == index else None)
            name = signature.split("(", 1)[0].strip() or directive.group(2)
            if end == header_end and _titles(lines, end + 1, stop, name):
                index = end + 1  # a bodyless target of the heading below (scrapy's settings)
                continue
            found.append(Entry(depth, directive.group(2), _name(name), index + 1, end + 1))
            found += _params(lines, signature, header_end + 1, end, depth + 1, ends)
            open_blocks.append((indent, end))
            index = header_end + 1
            continue
        if line.rstrip().endswith("::") or _CODE.match(line):  # a literal block: code, skipped
            index = _block_end(lines, index, indent, stop, ends) + 1
            continue
        table = _table(lines, index, stop, depth, ends)
        if table is not None:
            rows, after = table
            found += rows
            index = after
            continue
        term = _rst_term(lines, index, stop)
        if term is not None:
            end = _block_end(lines, index, indent, stop, ends)
            found.append(Entry(depth, "term", _name(line.strip()), index + 1, end + 1))
            index = end + 1
            continue
        index += 1
    found.sort(key=lambda entry: entry.start)
    return found


def _titles(lines: list[str], index: int, stop: int, name: str) -> bool:
    """Whether the first non-blank line from `index` is an RST heading titled `name`."""
    while index <= stop and not lines[index].strip():
        index += 1
    if index + 1 > stop or lines[index].strip().strip("`") != name:
        return False
    rule = lines[index + 1].strip()
    return len(rule) >= len(lines[index].strip()) and len(set(rule)) == 1 and _RULE.match(rule) \
        is not None


def _params(lines: list[str], signature: str, begin: int, end: int, depth: int,
            ends: list[int]) -> list[Entry]:
    """The `:param name:` fields of a directive's own body (up to the first directive nested in
    it, whose fields are its own) whose name its signature holds, or every one when the
    signature takes `**kwargs` (aiohttp's AppRunner documents its keyword arguments so)."""
    if "(" not in signature:
        return []
    arguments = signature.split("(", 1)[1]
    named = set(re.findall(r"[A-Za-z_]\w*", arguments))
    any_name = "**" in arguments
    params = []
    for index in range(begin, end + 1):
        if ".. " in lines[index] and _DIRECTIVE.match(lines[index]):
            break
        field = _FIELD_PARAM.match(lines[index]) if ":param" in lines[index] else None
        if field and (any_name or field.group(2) in named):
            last = _block_end(lines, index, len(field.group(1)), end, ends)
            params.append(Entry(depth, "param", field.group(2), index + 1, last + 1))
    return params


def _rst_term(lines: list[str], index: int, stop: int) -> bool | None:
    """A definition list's term: a short line, not markup of its own, after a blank line and
    followed at once by its more indented definition."""
    line = lines[index]
    if index + 1 > stop or len(line.strip()) > NAME_CHARS or line.rstrip().endswith("::"):
        return None
    if index and lines[index - 1].strip() and _indent(lines[index - 1]) >= _indent(line):
        return None
    following = lines[index + 1]
    if not following.strip() or _indent(following) <= _indent(line) or _RST_SKIP.match(line):
        return None
    return True


def _table(lines: list[str], index: int, stop: int, depth: int, ends: list[int]
           ) -> tuple[list[Entry], int] | None:
    """A big table's rows as entries, and the line after the table; None: no big table here."""
    line = lines[index]
    rows: list[Entry] = []
    if _GRID_RULE.match(line):
        position, start, header_done = index + 1, index + 1, False
        while position <= stop and lines[position].lstrip().startswith(("|", "+")):
            if _GRID_RULE.match(lines[position]):
                if "=" in lines[position]:
                    header_done = True
                elif header_done or not any("=" in lines[p] for p in range(
                        position, min(stop, position + 200) + 1) if _GRID_RULE.match(lines[p])):
                    cell = lines[start].strip().strip("|").split("|")[0].strip()
                    if cell and position > start:
                        rows.append(Entry(depth, "row", _name(cell), start + 1, position))
                start = position + 1
            position += 1
        after = position
    else:
        listing = _LIST_TABLE.match(line)
        if listing is None:
            return None
        base = len(listing.group(1))
        end = _block_end(lines, index, base, stop, ends)
        starts = [(p, m.group(2)) for p in range(index + 1, end + 1)
                  if (m := _LIST_ROW.match(lines[p])) and len(m.group(1)) > base]
        for (position, cell), following in zip(starts, [*starts[1:], (end + 1, "")], strict=True):
            last = following[0] - 1
            while last > position and not lines[last].strip():
                last -= 1
            rows.append(Entry(depth, "row", _name(cell.strip("`*")), position + 1, last + 1))
        after = end + 1
    if len(rows) < BIG_TABLE_ROWS:
        return [], after
    return rows, after


def _markdown(lines: list[str], begin: int, stop: int) -> list[Entry]:
    found: list[Entry] = []
    fence: str | None = None
    api: tuple[str, int] | None = None  # an open `::: module` entry: its name and first line
    index = begin
    while index <= stop:
        line = lines[index]
        opening = _FENCE.match(line) if line[:4].lstrip()[:1] in ("`", "~") else None
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            index += 1
            continue
        if opening:
            fence = opening.group(1)
            index += 1
            continue
        heading = _MD_HEADING.match(line) is not None
        api_line = _MKDOCSTRINGS.match(line)
        if api is not None and (heading or api_line):
            found.append(_closed(lines, api, index - 1))
            api = None
        if api_line:
            api = (api_line.group(1), index)
            index += 1
            continue
        if _PIPE_ROW.match(line) and index + 1 <= stop and _PIPE_RULE.match(lines[index + 1]):
            position = index + 2
            rows = []
            while position <= stop and _PIPE_ROW.match(lines[position]):
                cell = lines[position].strip().strip("|").split("|")[0].strip().strip("`*")
                rows.append(Entry(0, "row", _name(cell), position + 1, position + 1))
                position += 1
            if len(rows) >= BIG_TABLE_ROWS:
                found += rows
            index = position
            continue
        definition = _md_definition(lines, index, stop) if line.strip() and not heading else None
        if definition is not None:
            end = definition
            while end + 1 <= stop and (lines[end + 1].startswith((":", "  ", "\t"))
                                       or not lines[end + 1].strip() and end + 2 <= stop
                                       and lines[end + 2].startswith(("  ", ": "))):
                end += 1
            found.append(Entry(0, "term", _name(line.strip()), index + 1, end + 1))
            index = end + 1
            continue
        index += 1
    if api is not None:
        found.append(_closed(lines, api, stop))
    return found


def _md_definition(lines: list[str], index: int, stop: int) -> int | None:
    """The line (0-based) of the first `: definition` of a term at `index`: the next line, or
    the one after a blank (a loose list, as MyST and Pandoc write it: structlog's docs); the
    term itself starts a paragraph. None: no definition list here."""
    if index and lines[index - 1].strip() and not _MD_DEFINITION.match(lines[index - 1]):
        return None
    if index + 1 <= stop and _MD_DEFINITION.match(lines[index + 1]):
        return index + 1
    if index + 2 <= stop and not lines[index + 1].strip() and _MD_DEFINITION.match(lines[index + 2]):
        return index + 2
    return None


def _closed(lines: list[str], api: tuple[str, int], last: int) -> Entry:
    name, first = api
    while last > first and not lines[last].strip():
        last -= 1
    return Entry(0, "api", name, first + 1, last + 1)

"""What a tool result's bulk is, whatever wraps it: the one place the MCP and command routes (and
the Read route's log/document split, through the same detectors) ask "what is this text".

    sniff(text) -> Bulk(kind, text, how, value, detail, beside)

Unwrapping: a JSON string inside JSON (escaped once or twice), a JSON object whose one big value
is a string (structuredContent `{"content": "<text>"}`, at any depth of objects), content blocks
inside JSON, a Python-repr list of rows (mcp-server-sqlite). Kinds, judged on the bulk's own
lines: `snapshot` (an accessibility tree with `[ref=…]`), `git` (a diff, log or show), `listing`
(a directory_tree JSON, `[FILE]`/`[DIR]` lines, path lists, `ls -R`, grep output), `files`
(read_multiple_files' `path:` sections), `log` (a test or build log), `table` (CSV/TSV, a
markdown table, Python-repr rows), `document` (headings or directives), `json` (anything else
parsed), `text`. Standard library only, linear in the text: each detector reads a sample.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from garrepa_py.textlines import inline

SAMPLE_LINES = 400
BIG_SHARE = 0.5  # a string holding this share of the text is the bulk
MAX_UNWRAP = 4  # wrappers peeled at most
MAX_WALK = 3  # objects walked down to find the one big string
MAX_REPR_CHARS = 8 * 1024 * 1024
TREE_KEYS = frozenset({"name", "type", "children"})  # directory_tree's, and nothing else
THIN_KEYS, THIN_CHARS = 6, 2_000  # a wrapper: a few keys, small values beside the big one

_REF = re.compile(r"\[ref=[a-z]?\d+\]")
_GIT_DIFF = re.compile(r"^diff --git |^--- (?:a/|/dev/null)|^\+\+\+ (?:b/|/dev/null)", re.M)
_GIT_COMMIT = re.compile(r"^commit [0-9a-f]{7,40}\b", re.M)
GIT_MCP_COMMIT = re.compile(r"^Commit: ['\"]?([0-9a-f]{7,40})", re.M)
_FS_ENTRY = re.compile(r"^\[(?:FILE|DIR)\] ")
_FILES_HEAD = re.compile(r"^(?:/|\./|[A-Za-z]:\\|[\w.-]+/)\S[^\n]*:$")
# read_multiple_files: `path:` then the file, files parted by `---` lines
_FILES_NEXT = re.compile(r"\n---\n(?:/|\./|[A-Za-z]:\\|[\w.-]+/)[^\n]*:\n")
_MD_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$")


@dataclass(frozen=True)
class Bulk:
    """`text`: the bulk's own lines (what a readable copy holds), the unwrapped string;
    `value`: the parsed JSON or rows when the bulk is data (`lines`, `firsts`: Python-repr
    rows' own texts and first cells, as the source writes them); `how`: the wrappers peeled,
    outermost first; `beside`: the small values that sat next to the big string."""

    kind: str
    text: str
    how: tuple[str, ...] = ()
    value: Any = None
    detail: str = ""
    beside: tuple[tuple[str, str], ...] = ()
    lines: tuple[str, ...] = ()  # Python-repr rows: each row's own text in the source
    firsts: tuple[str, ...] = ()  # and its first cell's, a string without its quotes

    @property
    def unwrapped(self) -> bool:
        return bool(self.how)


_NOTHING = object()


def sniff(text: str, parsed: Any = _NOTHING) -> Bulk:
    """The bulk of `text` and what it is. `parsed`: the JSON value of `text`, if the caller
    parsed it already (None: it is not JSON)."""
    how: list[str] = []
    beside: list[tuple[str, str]] = []
    current = text
    value: Any = _parse(text) if parsed is _NOTHING else (parsed if parsed is not None
                                                          else _NOTHING)
    for _ in range(MAX_UNWRAP):
        if value is _NOTHING:
            break
        inner = _big_string(value, len(current), beside)
        if inner is None:
            break
        path, string = inner
        how.append(path)
        current = string
        value = _parse(string)
    if value is not _NOTHING:
        if _is_tree(value):
            return Bulk("listing", current, tuple(how), value, "tree", tuple(beside))
        return Bulk("json", current, tuple(how), value, "json", tuple(beside))
    found = _python_rows(current)
    if found is not None:
        rows, texts, firsts = found
        return Bulk("table", current, (*how, "python-repr"), rows, "rows", tuple(beside),
                    texts, firsts)
    kind, detail = kind_of(current)
    return Bulk(kind, current, tuple(how), None, detail, tuple(beside))


def kind_of(text: str, command: str = "", path: str = "") -> tuple[str, str]:
    """(kind, detail) of line-oriented text; `command` only tips a listing's close call; `path`
    (a file's name) lets a .md, .rst, .adoc or .org whose content is that markup be a document
    before anything else is asked, and tips a log's or markup's close call."""
    lines = text[:SAMPLE_LINES * 200].split("\n")[:SAMPLE_LINES]
    written = [line for line in lines if line.strip()]
    if not written:
        return "text", ""
    from garrepa_py.structural import command_output
    from garrepa_py.structural.doc import markup
    from garrepa_py.structural.log import saved_log

    sniffed = markup.sniff(text, path)
    hinted = markup.extension_kind(path)
    if hinted is not None and sniffed.kind == hinted and sniffed.strength >= markup.DECISIVE:
        return "document", sniffed.kind  # the author's: whatever a code block in it shows
    if sum(1 for line in written if _REF.search(line)) >= max(5, len(written) // 5):
        return "snapshot", "aria"
    head = "\n".join(lines)
    if _GIT_COMMIT.search(head) or len(GIT_MCP_COMMIT.findall(head)) >= 2:
        return "git", "log"
    if _GIT_DIFF.search(head) and re.search(r"^@@ ", head, re.M):
        return "git", "diff"
    if sum(1 for line in written if _FS_ENTRY.match(line)) >= len(written) * 0.6:
        return "listing", "fs"
    if _FILES_HEAD.match(lines[0]) and _FILES_NEXT.search(text):
        return "files", "sections"
    family = saved_log.family(text, path, sniffed)  # before listings: `a.py::test PASSED` lines
    if family is not None:
        return "log", family
    shape = command_output.shape(lines, command)
    if shape in ("grep", "paths", "ls"):
        return "listing", shape
    table = _table(written)
    if table:
        return "table", table
    if sniffed.kind != "text" and sniffed.strength >= markup.DECISIVE:
        return "document", sniffed.kind
    return "text", ""


def _parse(text: str) -> Any:
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{\"":
        return _NOTHING
    try:
        return json.loads(stripped)
    except (ValueError, RecursionError):
        return _NOTHING


def _big_string(value: Any, size: int, beside: list[tuple[str, str]]) -> tuple[str, str] | None:
    """(its path, the string) when one string holds the bulk of `value`: the value itself, the
    one big value of an object (objects walked down), or text content blocks joined."""
    if isinstance(value, str):
        return ("json-string", value) if len(value) >= size * BIG_SHARE - 2 else None
    node, path = value, ""
    for _ in range(MAX_WALK):
        if isinstance(node, list) and 0 < len(node) <= 8 and all(
                isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
                for b in node):
            joined = "\n\n".join(b["text"] for b in node)
            return (f"{path}[text]" or "[text]", joined) if len(joined) >= size * BIG_SHARE \
                else None
        if not isinstance(node, dict) or not node or len(node) > THIN_KEYS:
            return None  # an API object's many fields stay JSON: its item index names them
        key, child = max(node.items(), key=lambda kv: _weight(kv[1]))
        if _weight(child) < size * BIG_SHARE:
            return None
        others = [(other, small if isinstance(small, str) else json.dumps(small))
                  for other, small in node.items() if other != key]
        if sum(len(shown) for _, shown in others) > max(THIN_CHARS, size // 10):
            return None
        beside += [(f"{path}.{other}".lstrip("."), shown) for other, shown in others]
        path = f"{path}.{key}".lstrip(".")
        if isinstance(child, str):
            return path, child
        node = child
    return None


def _weight(value: Any) -> int:
    """A cheap lower bound of a value's size: a string's length, a container's big strings."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, dict):
        return sum(len(v) for v in value.values() if isinstance(v, str)) + sum(
            _weight(v) for v in value.values() if isinstance(v, (dict, list)) and len(value) < 64)
    if isinstance(value, list) and len(value) <= 8:
        return sum(_weight(v) for v in value)
    return 0


def _is_tree(value: Any) -> bool:
    """A directory_tree: objects with a name and a type of file or directory, children a list
    of the same, all the way down (its readable copy is its paths: anything else in it, a
    string where the children go, would be in no line of that copy)."""
    items = value if isinstance(value, list) else [value]
    if not items:
        return False
    stack = list(items)
    while stack:
        item = stack.pop()
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and
                item.get("type") in ("file", "directory") and set(item) <= TREE_KEYS):
            return False
        children = item.get("children")
        if children is not None:
            if not isinstance(children, list) or item["type"] != "directory":
                return False
            stack.extend(children)
    return True


def tree_paths(value: Any) -> list[str]:
    """A directory_tree as the paths `find` would print, depth first, directories with `/`;
    a name's line breaks, controls and bidi characters escaped (textlines.inline): one entry is
    one line, whatever the disk holds."""
    out: list[str] = []
    stack: list[tuple[str, Any]] = [("", item) for item in reversed(
        value if isinstance(value, list) else [value])]
    while stack:
        parent, item = stack.pop()
        if not isinstance(item, dict):
            continue
        path = f"{parent}{inline(str(item.get('name', '?')))}"
        children = item.get("children")
        if item.get("type") == "directory":
            out.append(f"{path}/")
            if isinstance(children, list):
                stack.extend((f"{path}/", child) for child in reversed(children))
        else:
            out.append(path)
    return out


def _python_rows(text: str) -> tuple[list[Any], tuple[str, ...], tuple[str, ...]] | None:
    """A Python-repr list of dicts or tuples (`str(rows)`): the rows as parsed (values kept as
    they are: a blob stays bytes, a tuple a tuple), each row's own text in the source, and each
    row's first cell as the source writes it (a string without its quotes); None for anything
    else. One parse: the values and the texts come from the same tree."""
    stripped = text.strip()
    if not stripped.startswith(("[{'", "[('", "[(")) or len(stripped) > MAX_REPR_CHARS:
        return None
    import ast

    try:
        tree = ast.parse(stripped, mode="eval")
        rows = ast.literal_eval(tree)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return None
    if not isinstance(rows, list) or not rows or not isinstance(tree.body, ast.List) or not (
            all(isinstance(r, dict) for r in rows) or all(isinstance(r, tuple) for r in rows)):
        return None
    data = stripped.encode()  # the tree's offsets are UTF-8 bytes within a line
    starts = [0]
    for line in data.split(b"\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)

    def source(node: ast.expr) -> str:
        end_line = node.end_lineno or node.lineno
        return data[starts[node.lineno - 1] + node.col_offset:
                    starts[end_line - 1] + (node.end_col_offset or 0)].decode()

    texts, firsts = [], []
    for node in tree.body.elts:
        texts.append(source(node))
        cells = node.values if isinstance(node, ast.Dict) else \
            node.elts if isinstance(node, ast.Tuple) else []
        head = cells[0] if cells else None
        first = source(head) if head is not None else ""
        if isinstance(head, ast.Constant) and isinstance(head.value, str) and \
                first[:1] in "'\"" and first[-1:] == first[:1]:
            first = first[1:-1]
        firsts.append(first)
    return rows, tuple(texts), tuple(firsts)


def file_sections(lines: list[str]) -> list[tuple[str, int, int]]:
    """(path, first line, last line) of each read_multiple_files section, 1-based."""
    out: list[tuple[str, int, int]] = []
    start, path = 2, lines[0][:-1] if lines else ""  # line 1 is the first file's `path:`
    for index, line in enumerate(lines):
        if line == "---" and index + 1 < len(lines) and _FILES_HEAD.match(lines[index + 1]):
            out.append((path, start, index))  # up to the line before `---`
            path, start = lines[index + 1][:-1], index + 3
    out.append((path, start, len(lines)))
    return out


def _table(written: list[str]) -> str:
    """"markdown", "tsv", "csv" or "" for a sample of non-blank lines."""
    if len(written) < 5:
        return ""
    piped = sum(1 for line in written if line.lstrip().startswith("|"))
    if piped >= len(written) * 0.8 and any(_MD_TABLE_RULE.match(line) for line in written[:5]):
        return "markdown"
    for separator, name in (("\t", "tsv"), (",", "csv")):
        counts = _record_fields(written[:200], separator)
        first = counts[0]
        if first >= (1 if separator == "\t" else 2) and \
                sum(1 for c in counts if c == first) >= len(counts) * 0.9:
            return name
    return ""


def _record_fields(lines: list[str], separator: str) -> list[int]:
    """Separators per record, by the standard library's reader (a quoted field may hold the
    separator and line breaks); per line, quotes counted, when the reader cannot read it."""
    import csv

    if any('"' in line for line in lines):
        try:
            counts = [len(cells) - 1 for cells in csv.reader(lines, delimiter=separator)
                      if cells]
            if counts:
                return counts
        except csv.Error:
            pass
    return [_fields(line, separator) for line in lines]


def _fields(line: str, separator: str) -> int:
    """Separators outside double quotes (CSV quoting)."""
    if '"' not in line:
        return line.count(separator)
    count, quoted = 0, False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif char == separator and not quoted:
            count += 1
    return count

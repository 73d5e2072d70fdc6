"""The digest of a tool result's bulk by what it is (structural/sniff.py): every section,
directory, file, commit, row range or landmark named with its lines in the bulk's own text.

    digest(kind, detail, text, budget) -> str

Line N is line N of `text` (the readable copy the agent Reads); `first_line` shifts them when
the bulk starts further down a copy. Pure, standard library, linear in the text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import Any

from garrepa_py.structural import command_output, sniff
from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.doc import document
from garrepa_py.structural.git import git_digest
from garrepa_py.structural.json.json_digest import cut_text
from garrepa_py.textlines import inline

CELL = 60
ROW_GROUPS = 40  # row ranges shown at most; each names its first and last row's first cell
SAMPLE_ROWS = 5
LANDMARKS = frozenset({"banner", "navigation", "main", "contentinfo", "complementary", "region",
                       "form", "search", "dialog", "alertdialog", "article", "menubar", "tablist"})
CONTROLS = frozenset({"textbox", "searchbox", "combobox", "checkbox", "radio", "button", "slider",
                      "spinbutton", "switch", "listbox", "option", "menuitem", "tab"})
_ARIA = re.compile(r"^(?P<indent>\s*)- (?P<role>[a-z]+)(?: \"(?P<name>(?:[^\"\\]|\\.)*)\")?"
                   r"(?P<rest>.*)$")
_REF = re.compile(r"\[ref=([a-z]?\d+)\]")
_LEVEL = re.compile(r"\[level=(\d)\]")


def digest(kind: str, detail: str, text: str, budget: int) -> str:
    """The digest of `text` sniffed as `kind`; "" when this kind has no digest of its own here
    (json and text: the caller's)."""
    if kind == "document":
        outline = document.outline(text, "result", detail or None)
        return document.render(outline, "this result", budget)
    if kind == "listing" and detail in ("grep", "paths", "ls", "tree"):
        return command_output.digest(text, "find" if detail == "tree" else "", budget).text
    if kind == "listing":
        return fs_listing(text, budget)
    if kind == "files":
        return files(text, budget)
    if kind == "git":
        return git(text, detail, budget)
    if kind == "log":
        return log(text, detail, budget)
    if kind == "table":
        return table(text, detail, budget)
    if kind == "snapshot":
        return snapshot(text, budget)
    return ""


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


_NAMED = re.compile(r"\blines? ([\d,]+)(?:-([\d,]+))?|\bL(\d+)(?:\.\.(\d+))?\b")


def _fit(out: list[str], budget: int, what: str) -> str:
    """Lines within `budget`; past it the lines left out are folded into one line naming the
    range of every line they named (first to last), so no entry's lines are lost, only its
    detail. A name or quoted line in them never breaks or reorders a line: its breaks and
    controls escaped (textlines.inline)."""
    out = [inline(line) for line in out]
    used, kept = 0, []
    for index, line in enumerate(out):
        if used + len(line) + 1 > budget - 160:
            kept.append(_folded(out[index:], what))
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)


def _folded(rest: list[str], what: str) -> str:
    low = high = 0
    for line in rest:
        for found in _NAMED.finditer(line):
            a, b, c, d = found.groups()
            first = int((a or c).replace(",", ""))
            last = int((b or d or a or c).replace(",", ""))
            low = min(low, first) if low else first
            high = max(high, last)
    if not low:
        return f"… {len(rest):,} more {what} not listed here (they name no lines)"
    return f"… {len(rest):,} more {what} folded here: lines {low:,}-{high:,}"


def fs_listing(text: str, budget: int) -> str:
    """`[DIR] name` / `[FILE] name  size` lines: every directory by name and line, the files
    in runs of lines with their first and last names."""
    lines = _lines(text)
    dirs = [(n, line[6:].strip()) for n, line in enumerate(lines, 1) if line.startswith("[DIR] ")]
    files = [n for n, line in enumerate(lines, 1) if line.startswith("[FILE] ")]
    other = [n for n, line in enumerate(lines, 1) if line.strip() and
             not line.startswith(("[DIR] ", "[FILE] "))]
    out = [f"Directory listing: {len(lines):,} lines; {len(dirs):,} directories, "
           f"{len(files):,} files. Every entry is in a line range below."]
    if dirs:
        out.append("Directories (name | line):")
        out += [f"- {cut_text(name, CELL)} | line {n}" for n, name in dirs[:200]]
        if len(dirs) > 200:
            out.append(f"- … {len(dirs) - 200} more directories, lines {dirs[200][0]}-"
                       f"{dirs[-1][0]}")
    if files:
        out.append("Files (lines | count | first … last):")
        out += _runs(lines, files, lambda line: line[7:].split("  ")[0].strip())
    out += [f"line {n}: {cut_text(lines[n - 1], 200)}" for n in other[:10]]
    out += _spans(other[10:], "more lines that are no entry")
    return _fit(out, budget, "lines of this listing")


def _spans(numbers: list[int], what: str) -> list[str]:
    """Lines not quoted, by their runs (one covering range past 20 runs): none left in no range."""
    if not numbers:
        return []
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    if len(runs) > 20:
        runs = [[numbers[0], numbers[-1]]]
    return [f"- {len(numbers):,} {what}: " + ", ".join(
        f"line {a}" if a == b else f"lines {a}-{b}" for a, b in runs)]


def _runs(lines: list[str], numbers: list[int], name: Callable[[str], str]) -> list[str]:
    size = max(1, -(-len(numbers) // ROW_GROUPS))
    out = []
    for at in range(0, len(numbers), size):
        group = numbers[at:at + size]
        first, last = name(lines[group[0] - 1]), name(lines[group[-1] - 1])
        span = f"line {group[0]}" if len(group) == 1 else f"lines {group[0]}-{group[-1]}"
        out.append(f"- {span} | {len(group)} | {cut_text(first, CELL)}"
                   + (f" … {cut_text(last, CELL)}" if len(group) > 1 else ""))
    return out


def files(text: str, budget: int) -> str:
    """read_multiple_files: each file by path with its lines, size and first line."""
    lines = _lines(text)
    sections = sniff.file_sections(lines)
    out = [f"{len(sections)} files, {len(lines):,} lines; each file (path | lines | chars | "
           "first line):"]
    for path, start, end in sections:
        body = lines[start - 1:end]
        chars = sum(len(line) + 1 for line in body)
        first = next((line for line in body if line.strip()), "")
        out.append(f"- {cut_text(path, 160)} | lines {start}-{end} | {chars:,} | "
                   f"{cut_text(first.strip(), CELL)}")
    return _fit(out, budget, "files")


def git(text: str, detail: str, budget: int) -> str:
    if detail == "log":
        done = git_digest.digest_log(text, None, budget) or git_digest.digest_oneline(text)
        if done:
            return done
        return _mcp_commits(text, budget)
    return git_digest.digest_diff(text, None, budget) or _unified(text, budget)


def _mcp_commits(text: str, budget: int) -> str:
    """mcp-server-git's log: `Commit: 'sha'`, `Author:`, `Date:`, `Message: '…'` blocks."""
    lines = _lines(text)
    starts = [n for n, line in enumerate(lines, 1) if sniff.GIT_MCP_COMMIT.match(line)]
    out = [f"{len(starts)} commits, {len(lines):,} lines; each (sha | date | subject | lines):"]
    for index, start in enumerate(starts):
        end = (starts[index + 1] - 1) if index + 1 < len(starts) else len(lines)
        block = lines[start - 1:end]
        sha = sniff.GIT_MCP_COMMIT.match(block[0])
        date = next((b[5:].strip() for b in block if b.startswith("Date:")), "")
        message = next((b[8:].strip() for b in block if b.startswith("Message:")), "")
        subject = message.strip("'\"").split("\\n", 1)[0]
        out.append(f"- {sha.group(1) if sha else '?'} | {date} | {cut_text(subject, 100)} | "
                   f"lines {start}-{end}")
    return _fit(out, budget, "commits")


def _unified(text: str, budget: int) -> str:
    """A diff without `diff --git` headers (`--- a` / `+++ b` pairs): each file with its lines
    and counts."""
    lines = _lines(text)
    files_at: list[tuple[str, int]] = []
    for n, line in enumerate(lines, 1):
        if line.startswith("+++ ") and n > 1 and lines[n - 2].startswith("--- "):
            files_at.append((line[4:].strip(), n - 1))
    if not files_at:
        return ""
    out = [f"{len(files_at)} files changed, {len(lines):,} lines; each (path | lines | +/-):"]
    for index, (path, start) in enumerate(files_at):
        end = files_at[index + 1][1] - 1 if index + 1 < len(files_at) else len(lines)
        body = lines[start + 1:end]
        added = sum(1 for b in body if b.startswith("+"))
        removed = sum(1 for b in body if b.startswith("-"))
        out.append(f"- {cut_text(path, 160)} | lines {start}-{end} | +{added} -{removed}")
    if files_at[0][1] > 1:
        out.insert(1, f"- (before the first file) | lines 1-{files_at[0][1] - 1}")
    return _fit(out, budget, "files")


def log(text: str, family: str, budget: int) -> str:
    from garrepa_py.structural.log import logs

    return logs.digest(text, family, "", budget,
                       pointer=lambda _spill, total: f"({total:,} lines in all)").text


def _records(lines: list[str], separator: str) -> list[tuple[int, int, list[str]]]:
    """(first line, last line, cells) of each CSV/TSV record, by the standard library's reader:
    a quoted field holds commas and line breaks, and a record spans the lines it takes."""
    import csv

    reader = csv.reader(lines, delimiter=separator)
    out: list[tuple[int, int, list[str]]] = []
    done = 0
    try:
        for cells in reader:
            if cells and any(cell.strip() for cell in cells):
                out.append((done + 1, reader.line_num, [c.strip() for c in cells]))
            done = reader.line_num
    except csv.Error:
        return []
    return out


def _csv_table(lines: list[str], detail: str, budget: int) -> str:
    records = _records(lines, "\t" if detail == "tsv" else ",")
    if not records:
        return ""
    headed = _has_header("\n".join(lines[:200]))
    columns = records[0][2]
    rows = records[int(headed):]
    if headed:
        out = [f"Table ({detail}): {len(rows):,} rows, {len(columns)} columns, "
               f"{len(lines):,} lines; header at line {records[0][0]}.",
               "Columns: " + " | ".join(cut_text(c, CELL) for c in columns)]
    else:
        out = [f"Table ({detail}): {len(rows):,} rows, {len(columns)} columns, "
               f"{len(lines):,} lines; no header row (line {records[0][0]} is data)."]
    out.append("First rows (line: cells):")
    out += [f"L{a}: " + " | ".join(cut_text(c, 40) for c in cells) for a, _, cells in
            rows[:SAMPLE_ROWS]]
    out.append("Every row, in ranges (lines | rows | first cell of the first … last row):")
    size = max(1, -(-len(rows) // ROW_GROUPS))
    for at in range(0, len(rows), size):
        group = rows[at:at + size]
        start, end = group[0][0], group[-1][1]
        first, last = (group[0][2] or [""])[0], (group[-1][2] or [""])[0]
        out.append(f"- {'line ' + str(start) if start == end else f'lines {start}-{end}'} | "
                   f"{len(group)} | {cut_text(first, CELL)}"
                   + (f" … {cut_text(last, CELL)}" if len(group) > 1 else ""))
    return _fit(out, budget, "lines of this table's digest")


def table(text: str, detail: str, budget: int) -> str:
    """CSV, TSV or a markdown table: its columns, row count and every row in a line range."""
    lines = _lines(text)
    if detail in ("csv", "tsv"):
        done = _csv_table(lines, detail, budget)
        if done:
            return done
    numbers = [n for n, line in enumerate(lines, 1) if line.strip()]
    if not numbers:
        return ""
    header_at = numbers[0]
    headed = detail == "markdown" or _has_header("\n".join(lines[:200]))
    rows = [n for n in numbers[int(headed):] if not (detail == "markdown" and
                                                     sniff._MD_TABLE_RULE.match(lines[n - 1]))]
    separator = {"tsv": "\t", "csv": ","}.get(detail, "|")

    def cells(line: str) -> list[str]:
        parts = line.strip().strip("|").split(separator) if separator == "|" else \
            line.split(separator)
        return [p.strip().strip('"') for p in parts]

    columns = cells(lines[header_at - 1])
    if headed:
        out = [f"Table ({detail}): {len(rows):,} rows, {len(columns)} columns, "
               f"{len(lines):,} lines; header at line {header_at}.",
               "Columns: " + " | ".join(cut_text(c, CELL) for c in columns)]
    else:  # a slice of a table (a `tail`), or one written without a header: no names invented
        out = [f"Table ({detail}): {len(rows):,} rows, {len(columns)} columns, "
               f"{len(lines):,} lines; no header row (line {header_at} is data)."]
    out.append("First rows (line: cells):")
    out += [f"L{n}: " + " | ".join(cut_text(c, 40) for c in cells(lines[n - 1]))
            for n in rows[:SAMPLE_ROWS]]
    out.append("Every row, in ranges (lines | rows | first cell of the first … last row):")
    out += _runs(lines, rows, lambda line: (cells(line) or [""])[0])
    return _fit(out, budget, "lines of this table's digest")


def _has_header(sample: str) -> bool:
    """Whether a CSV/TSV's first line names its columns (the standard library's own test:
    a column whose cells are numbers, or of one length, below a first cell that is not);
    when it cannot tell, a header, as before."""
    import csv

    try:
        return csv.Sniffer().has_header(sample)
    except csv.Error:
        return True


RUN_ROWS = 20  # rows named on one line of a rows digest


def rows(items: list[Any], budget: int, firsts: tuple[str, ...] = ()) -> str:
    """A query's rows, one a line in the readable copy (line N is row N): the columns, then
    every row by its first cell, RUN_ROWS to a line with their line range (over the budget, or
    when the first cells are one run of consecutive numbers, runs of first … last cells); then,
    when a text column comes in runs (rows ordered by a file, a country), each run's value with
    its lines, so a surrogate id is not the only thing said about a row."""
    columns = list(dict.fromkeys(str(k) for item in items[:200] if isinstance(item, dict)
                                 for k in item))
    def first(item: Any) -> str:
        cells = list(item.values()) if isinstance(item, dict) else list(item)
        return str(cells[0]) if cells else ""

    # each row's first cell: the source's own text of it, when the caller has it
    cells = [cut_text(cell, 24) for cell in (
        firsts if len(firsts) == len(items) else [first(item) for item in items])]
    out = [f"Rows: {len(items):,}, one a line (line N is row N); columns: "
           + (" | ".join(cut_text(c, CELL) for c in columns) or "(tuples)"),
           f"Every row by its first cell{' (' + columns[0] + ')' if columns else ''}, "
           f"{RUN_ROWS} a line:"]
    named = [f"lines {at + 1}-{min(at + RUN_ROWS, len(items))}: "
             + " | ".join(cells[at:at + RUN_ROWS]) for at in range(0, len(items), RUN_ROWS)]
    groups = _groups(items, columns)
    if _consecutive(cells) or sum(len(line) + 1 for line in out + named + groups) > budget - 120:
        named = _runs(cells, list(range(1, len(items) + 1)), lambda cell: cell)
    return _fit(out + named + groups, budget, "lines of this rows digest")


GROUP_RUNS = 80  # a text column in more runs than this names its rows well enough alone


def _consecutive(cells: list[str]) -> bool:
    """Each first cell is the one before plus one (a rowid or a line number): naming them one
    by one says nothing a range does not."""
    if len(cells) < 2 or not all(cell.isdigit() for cell in cells):
        return False
    return all(int(b) == int(a) + 1 for a, b in zip(cells, cells[1:], strict=False))


def _groups(items: list[Any], columns: list[str]) -> list[str]:
    """The first text column after the first whose equal values come in runs (2 to GROUP_RUNS
    of them, each of several rows): every run's value with its lines."""
    dicts = [item for item in items if isinstance(item, dict)]
    if len(dicts) != len(items):
        return []
    for column in columns[1:]:
        values = [str(item.get(column)) for item in dicts]
        if not all(isinstance(item.get(column), str) for item in dicts):
            continue
        runs: list[tuple[str, int, int]] = []
        for n, value in enumerate(values, 1):
            if runs and runs[-1][0] == value:
                runs[-1] = (value, runs[-1][1], n)
            else:
                runs.append((value, n, n))
        if len(runs) <= GROUP_RUNS and len(runs) * 3 <= len(items):
            return [f"Rows by {column} (value | lines | rows):"] + [
                f"- {cut_text(value, 80)} | lines {a}-{b} | {b - a + 1}" for value, a, b in runs]
    return []


def _inner_text(parsed: list[tuple[int, int, str, str, str]], start: int, end: int) -> str:
    """An element's text from the elements inside it (lines start+1 … end): a heading whose
    words are a link (`- heading [level=2]:` over `- link "23.2.0"` and `- text: - 2023-12-31`)
    has no name of its own."""
    words = []
    for n, _, role, name, rest in parsed:
        if start < n <= end:
            if name:
                words.append(name)
            elif role == "text" and rest.startswith(":"):
                words.append(rest[1:].strip().strip('"'))
    return " ".join(w for w in words if w)


def snapshot(text: str, budget: int) -> str:
    """An accessibility snapshot (Playwright's YAML tree): the page's own lines before the tree,
    every landmark and top-level element with its lines and refs, headings, form controls."""
    lines = _lines(text)
    parsed: list[tuple[int, int, str, str, str]] = []  # line, indent, role, name, rest
    for n, line in enumerate(lines, 1):
        found = _ARIA.match(line)
        if found:
            parsed.append((n, len(found.group("indent")), found.group("role"),
                           found.group("name") or "", found.group("rest")))
    refs = [r for _, _, _, _, rest in parsed for r in _REF.findall(rest)]
    first_tree = parsed[0][0] if parsed else len(lines) + 1
    out = [f"Accessibility snapshot: {len(lines):,} lines, {len(parsed):,} elements, "
           f"{len(refs):,} refs" + (f" ({refs[0]} … {refs[-1]})" if refs else "") + "."]
    preface = [f"L{n}: {cut_text(lines[n - 1], 200)}" for n in range(1, min(first_tree, 13))
               if lines[n - 1].strip()]
    out += preface
    # the tree ends at the fence or heading after its last element: console messages and
    # events around it are the page's own lines, in ranges of their own
    tree_end = len(lines)
    for n in range(parsed[-1][0] + 1 if parsed else len(lines) + 1, len(lines) + 1):
        if lines[n - 1].startswith(("```", "### ")):
            tree_end = n - 1
            break
    out += _spans([n for n in range(13, first_tree) if lines[n - 1].strip()],
                  "more lines before the tree")
    # each element's subtree ends where the next element at its indent or shallower starts
    ends: dict[int, int] = {}
    open_: list[tuple[int, int]] = []  # (indent, line)
    for n, indent, *_ in parsed:
        while open_ and open_[-1][0] >= indent:
            ends[open_.pop()[1]] = n - 1
        open_.append((indent, n))
    for _, still_open in open_:
        ends[still_open] = tree_end
    top = min((indent for _, indent, *_ in parsed), default=0)
    second = min((indent for _, indent, *_ in parsed if indent > top), default=top)

    def label(role: str, name: str, rest: str) -> str:
        ref = _REF.search(rest)
        return (f"{role}" + (f' "{cut_text(name, CELL)}"' if name else "")
                + (f" [ref={ref.group(1)}]" if ref else ""))

    numbers = [n for n, *_ in parsed]
    regions = [(n, role, name, rest) for n, indent, role, name, rest in parsed
               if role in LANDMARKS or indent <= second]
    out.append("Landmarks and top-level elements (element | lines | elements inside):")
    for n, role, name, rest in regions[:150]:
        inside = bisect_right(numbers, ends[n]) - bisect_right(numbers, n)
        out.append(f"- {label(role, name, rest)} | lines {n}-{ends[n]} | {inside}")
    if len(regions) > 150:
        out.append(f"- … {len(regions) - 150} more, lines {regions[150][0]}-{len(lines)}")
    headings = [(n, name, rest) for n, _, role, name, rest in parsed if role == "heading"]
    if headings:
        out.append("Headings (level | text | ref | line):")
        for n, name, rest in headings[:120]:
            name = name or _inner_text(parsed, n, ends[n])
            level = _LEVEL.search(rest)
            ref = _REF.search(rest)
            out.append(f"- h{level.group(1) if level else '?'} | {cut_text(name, 100)} | "
                       f"{ref.group(1) if ref else ''} | line {n}")
    controls = [(n, role, name, rest) for n, _, role, name, rest in parsed if role in CONTROLS]
    if controls:
        out.append("Form controls and buttons (element | line):")
        out += [f"- {label(role, name, rest)} | line {n}" for n, role, name, rest in controls[:150]]
        if len(controls) > 150:
            out.append(f"- … {len(controls) - 150} more, lines {controls[150][0]}-"
                       f"{controls[-1][0]}")
    links = [n for n, _, role, *_ in parsed if role == "link"]
    if links:
        out.append(f"Links: {len(links):,}, lines {links[0]}-{links[-1]} (inside the elements "
                   "above).")
    after = [n for n in range(tree_end + 1, len(lines) + 1) if lines[n - 1].strip()]
    out += [f"L{n}: {cut_text(lines[n - 1], 200)}" for n in after[:12]]
    out += _spans(after[12:], "more lines after the tree")
    return _fit(out, budget, "lines of this snapshot's digest")


# what the command route digests by kind; listings, JSON and plain text keep its own digest
COMMAND_KINDS = frozenset({"document", "git", "files", "log", "table", "snapshot"})


def command_digest(text: str, command: str, budget: int) -> Structural:
    """A command's output digested as what it is (sniff.kind_of): a fetched document gets its
    map, a diff or log the git digest, a test log its failures, a table its row ranges, a
    snapshot its landmarks; listings, searches and anything else command_output's digest."""
    kind, detail = sniff.kind_of(text, command)
    if kind in COMMAND_KINDS and not (kind == "log" and detail == "generic"):
        head = f"Content: {kind} ({detail})." if detail else f"Content: {kind}."
        body = digest(kind, detail, text, budget - len(head) - 1)
        if body:
            return Structural(f"{head}\n{body}")
    return command_output.digest(text, command, budget)

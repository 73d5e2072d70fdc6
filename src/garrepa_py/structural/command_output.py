"""The digest of any large command output: what kind of output it is, its totals, and a body
that names every file, directory or error-like line with its line numbers in the exact text.

    digest(text, command, budget) -> Structural

The shape is read from the text; the command is only a hint. `grep`/`rg` output is told by
file, path lists (`find`, `fd`, `git ls-files`, `rg --files`) and `ls -R` by directory
(structural/tree/listing.py); anything else (pip, npm, docker, curl, a journal) as plain text: its
head, its tail, every line that looks like an error or warning, runs of byte-identical lines
folded, and an index of the lines not shown. Line N here is line N of the source as
`textlines.split` counts it, which is the spill's line N. Pure, deterministic, standard
library, linear in the text (the listing sorts its directories once).
"""

from __future__ import annotations

import re

from garrepa_py import textlines
from garrepa_py.config import budgets
from garrepa_py.structural.briefing import Structural
from garrepa_py.structural.tree import listing, listing_read
from garrepa_py.structural.tree.listing import Tree, clip, span
from garrepa_py.textlines import inline

# the default body size: config/budgets.py's, chosen by the answerability benchmark
BUDGET: int = budgets.COMMAND_DIGEST_CHARS

HEAD_LINES, HEAD_CHARS = 40, 2_500
TAIL_LINES, TAIL_CHARS = 40, 2_500
LINE_CHARS = 240  # a quoted line longer than this is cut, and says so
FOLD_AT = 3  # runs of this many byte-identical lines become one
SAMPLE = 400  # lines the shape is judged on
MAX_HANDLES = 200
ERROR_NUMBERS_SHOWN = 40

# words of failure, matched outside paths and URLs ("copying lib/errors.py" is no error)
ERROR_LIKE = re.compile(
    r"(?i:\b(?:error|warn|warning|fail|failed|failure|fatal|exception|traceback|denied|"
    r"not found|panic|segmentation fault|aborted|critical)\b|\berr!)"
    r"|\bE\d{3,}\b|\b[A-Z][A-Za-z]*(?:Error|Exception|Warning)\b")
_FILE_SUFFIX = re.compile(r"\.(?:py|pyi|pyc|c|h|cc|cpp|o|so|js|mjs|ts|json|txt|cfg|toml|md|rst|"
                          r"mo|po|html|css|map)\b")
WORD_CHARS = 100  # each word is judged by its first 100 chars: linear on any line


def digest(text: str, command: str = "", budget: int = BUDGET) -> Structural:
    """The body of a briefing of `text` (what `command` printed) in at most `budget` chars."""
    lines = textlines.split(text) if text else []
    kind = shape(lines, command)
    head = f"{len(lines):,} lines, {len(text):,} chars"
    if kind == "grep":
        return _listing(lines, budget, "grep", head)
    if kind in ("paths", "ls"):
        return _listing(lines, budget, kind, head)
    return _plain(lines, budget, head)


def shape(lines: list[str], command: str = "") -> str:
    """"grep", "paths", "ls" or "text": what most of the first lines look like, the command
    tipping a close call."""
    sample = [line for line in lines[:SAMPLE] if line.strip()]
    if not sample:
        return "text"
    words = command.split()
    verb = words[0].rsplit("/", 1)[-1] if words else ""
    grep_hint = verb in ("grep", "egrep", "fgrep", "rg", "ag", "ack") or command.startswith(
        "git grep")
    recursive_ls = verb == "ls" and any(w.startswith("-") and "R" in w for w in words[1:])
    path_hint = verb in ("find", "fd", "fdfind") or "ls-files" in command or "--files" in words
    share = len(sample)
    grep_like = sum(1 for line in sample if line == "--" or listing_read.grep_line(line, None))
    if grep_like >= share * (0.3 if grep_hint else 0.6) and not recursive_ls:
        return "grep"
    headers = sum(1 for i, line in enumerate(sample) if line.endswith(":") and
                  (i == 0 or not lines[i - 1].strip()))
    rows = sum(1 for line in sample if listing_read.LS_LONG.match(line) or
               listing_read.LS_TOTAL.match(line))
    if headers and (rows >= share * 0.5 or recursive_ls):
        return "ls"
    pathish = sum(1 for line in sample if listing_read.path_line(line))
    slashed = sum(1 for line in sample if "/" in line)
    if pathish >= share * (0.6 if path_hint else 0.9) and slashed >= share * 0.5:
        return "paths"
    return "text"


def error_like(line: str) -> bool:
    """A line that reads as an error or warning, path-like words (`lib/errors.py`) left out.
    Word by word, each cut to WORD_CHARS: a regex over a whole 100 KB line without spaces
    would backtrack at every position (seconds per line, measured)."""
    words = [word[:WORD_CHARS] for word in line.split()
             if "/" not in word and "\\" not in word and not _FILE_SUFFIX.search(word[:WORD_CHARS])]
    return bool(ERROR_LIKE.search(" ".join(words)))


def _quote(number: int, line: str) -> str:
    return f"{number:,}: {clip(line, LINE_CHARS)}"


def _ranges(numbers: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for number in numbers:
        if out and number == out[-1][1] + 1:
            out[-1] = (out[-1][0], number)
        else:
            out.append((number, number))
    return out


def _range_text(ranges: list[tuple[int, int]], limit: int) -> str:
    """"lines 3-9, 12, 40-41" within `limit` chars, "… to line N" when cut."""
    parts: list[str] = []
    used = 0
    for index, (start, end) in enumerate(ranges):
        piece = f"{start:,}" if start == end else f"{start:,}-{end:,}"
        if used + len(piece) + 2 > limit and index:
            parts.append(f"… {len(ranges) - index:,} more ranges to line {ranges[-1][1]:,}")
            break
        parts.append(piece)
        used += len(piece) + 2
    return ("line " if len(ranges) == 1 and ranges[0][0] == ranges[0][1] else "lines ") + \
        ", ".join(parts)


def _others(lines: list[str], numbers: list[int], budget: int) -> list[str]:
    """The lines a listing's parser did not place: error-like ones quoted, the rest by range."""
    if not numbers:
        return []
    errors = [n for n in numbers if error_like(lines[n - 1])]
    out = [f"{len(numbers):,} other lines ({len(errors):,} error-like), "
           f"{_range_text(_ranges(numbers), 300)}:"]
    used = len(out[0])
    for shown, number in enumerate(errors):
        quoted = _quote(number, lines[number - 1])
        if used + len(quoted) + 1 > budget - 120:
            rest = errors[shown:]
            out.append(f"{len(rest):,} more error-like lines: {_range_text(_ranges(rest), 100)}")
            break
        out.append(quoted)
        used += len(quoted) + 1
    return out


def _listing(lines: list[str], budget: int, kind: str, head: str) -> Structural:
    tree = Tree()
    leftover: list[int] = []
    count = 0  # matches, or entries
    if kind == "grep":
        count = listing_read.read_grep(lines, tree, leftover)
    elif kind == "paths":
        count = listing_read.read_paths(lines, tree, leftover)
    else:
        count = listing_read.read_ls(lines, tree, leftover)
    dirs = len(tree.nodes) - 1
    if kind == "grep":
        files = sum(len(node.leaves) for node in tree.nodes.values())
        where = f" under {dirs:,} director{'y' if dirs == 1 else 'ies'}" if dirs else ""
        title = (f"grep output: {head}; {count:,} matching line{'' if count == 1 else 's'} in "
                 f"{files:,} file{'' if files == 1 else 's'}{where}.")
        promise = "Every file is named below, or counted in a rolled-up directory with its lines."
    else:
        label = "Path list" if kind == "paths" else "ls -R listing"
        title = f"{label}: {head}; {count:,} entries in {dirs:,} directories."
        promise = "Every directory is named below, or counted in a rolled-up parent with its lines."
    others = _others(lines, leftover, budget // 6)
    fixed = len(title) + len(promise) + sum(len(line) + 1 for line in others) + 4
    body, named = listing.render(tree, kind, max(budget - fixed - 200, 0))
    return _fit([title, promise, *body, *others], budget, named)


def _fit(parts: list[str], budget: int, named: list[str]) -> Structural:
    """Join `parts` within `budget` chars: what does not fit is cut at a line, and said. A name
    or quoted line in them never breaks or reorders a line: its breaks and controls escaped."""
    parts = [inline(part) for part in parts]
    out: list[str] = []
    used = 0
    for index, part in enumerate(parts):
        if used + len(part) + 1 > budget:
            note = f"… {len(parts) - index:,} more lines of this digest cut to fit."
            while out and used + len(note) > budget:
                used -= len(out.pop()) + 1
            if used + len(note) <= budget:
                out.append(note)
            break
        out.append(part)
        used += len(part) + 1
    body = "\n".join(out)
    kept = tuple(dict.fromkeys(p for p in named if p and p in body))[:MAX_HANDLES]
    return Structural(body, kept)


def _folded(lines: list[str], start: int, stop: int) -> list[str]:
    """Lines start..stop-1 (0-based) quoted with their numbers, a run of FOLD_AT or more
    byte-identical lines as one."""
    out: list[str] = []
    index = start
    while index < stop:
        end = index + 1
        while end < stop and lines[end] == lines[index]:
            end += 1
        if end - index >= FOLD_AT:
            out.append(f"{_quote(index + 1, lines[index])}  (× {end - index:,}, "
                       f"{span(index + 1, end)})")
        else:
            out.extend(_quote(n + 1, lines[n]) for n in range(index, end))
        index = end
    return out


def _edge(lines: list[str], indices: range, most: int, chars: int) -> list[int]:
    taken: list[int] = []
    used = 0
    for index in indices:
        cost = min(len(lines[index]), LINE_CHARS) + 8
        if len(taken) >= most or (used + cost > chars and taken):
            break
        taken.append(index)
        used += cost
    return taken


def _plain(lines: list[str], budget: int, head_text: str) -> Structural:
    total = len(lines)
    head = _edge(lines, range(total), HEAD_LINES, HEAD_CHARS)
    after_head = head[-1] + 1 if head else 0
    tail = _edge(lines, range(total - 1, after_head - 1, -1), TAIL_LINES, TAIL_CHARS)
    tail_from = tail[-1] if tail else total
    errors = [i for i in range(after_head, tail_from) if error_like(lines[i])]
    all_errors = sum(1 for i in range(total) if error_like(lines[i]))
    title = f"Text output: {head_text}; {all_errors:,} error-like lines."
    parts = [title]
    if head:
        parts.append(f"Lines 1-{after_head:,}:" if after_head > 1 else "Line 1:")
        parts.extend(_folded(lines, 0, after_head))
    tail_part: list[str] = []
    if tail_from < total:
        tail_part = [f"Lines {tail_from + 1:,}-{total:,}:", *_folded(lines, tail_from, total)]
    room = budget - sum(len(p) + 1 for p in parts + tail_part) - 400
    shown: list[int] = []
    if errors:
        parts.append(f"Error-like lines between them ({len(errors):,}):")
        used = 0
        index = 0
        while index < len(errors):
            at = errors[index]
            end = index + 1
            while end < len(errors) and errors[end] == errors[end - 1] + 1 and \
                    lines[errors[end]] == lines[at]:
                end += 1
            quoted = _quote(at + 1, lines[at]) if end - index < FOLD_AT else \
                f"{_quote(at + 1, lines[at])}  (× {end - index:,}, {span(at + 1, errors[end - 1] + 1)})"
            if used + len(quoted) + 1 > room:
                rest = [n + 1 for n in errors[index:]]
                parts.append(f"{len(rest):,} more error-like lines: "
                             f"{_range_text(_ranges(rest), 200)}")
                break
            parts.append(quoted)
            shown.extend(errors[index:end])
            used += len(quoted) + 1
            index = end
    parts.extend(tail_part)
    hidden = _hidden(after_head, tail_from, shown)
    if hidden:
        count = sum(b - a + 1 for a, b in hidden)
        parts.append(f"Not shown: {_range_text(hidden, 200)} ({count:,} lines).")
    return _fit(parts, budget, [])


def _hidden(start: int, stop: int, shown: list[int]) -> list[tuple[int, int]]:
    """The 1-based ranges of lines start..stop-1 (0-based) that are not in `shown`."""
    out: list[tuple[int, int]] = []
    at = start
    for index in [*shown, stop]:
        if index > at:
            out.append((at + 1, index))
        at = max(at, index + 1)
    return out

"""Digests of `git diff`, `git log [-p]` and `git show` output that stay valid, grep-able patches.

Pure and deterministic. A diff becomes one table row per file — its change counts, its lines in
the exact original and which of its hunks follow — then whole hunks in the order a reviewer
needs them (git_rank), a patch that still applies with `git apply`. A log keeps every commit's
SHA, author, date and subject and the first lines of its body; with patches, each commit's
table and most important hunks, the budget split across commits. Every part is budgeted so the
whole fits: nothing is cut afterwards.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from garrepa_py.config import budgets
from garrepa_py.structural.git.git_files import FileDiff
from garrepa_py.structural.git.git_fold import Table, fold
from garrepa_py.structural.git.git_rank import FileFacts, choose, patch_text, table, table_note, water_fill

# Claude Code persists Bash output over 30,000 chars: both stay well under (config/budgets.py)
BUDGET = budgets.GIT_PATCH_CHARS  # diff, show, log [-p|--stat]: the file table and whole hunks
LIST_BUDGET = budgets.GIT_LIST_CHARS  # one-line logs and blame: every commit must stay
BODY_LINES = 3
STAT_LINES = 40  # file lines of --stat/--name-status kept per commit
COMMIT = re.compile(r"^commit ([0-9a-f]{7,64})\b")
DIFF_GIT = re.compile(r"^diff --git (\"?a/.*?\"?) (\"?b/.*\"?)$")


@dataclass
class Commit:
    sha: str
    header: list[str]  # commit/Merge/Author/Date lines
    message: list[str]  # without the four-space indent
    files: list[FileDiff]
    stat_lines: list[str]  # a --stat block printed by git, kept as is

    def summary(self) -> list[str]:
        author = next((h[7:].strip() for h in self.header if h.startswith("Author:")), "")
        date = next((h[5:].strip() for h in self.header if h.startswith("Date:")), "")
        merge = next((h for h in self.header if h.startswith("Merge:")), "")
        text = [line for line in self.message]
        while text and not text[0].strip():
            text.pop(0)
        subject = text[0].strip() if text else ""
        body = [line for line in text[1:] if line.strip()]
        out = [f"commit {self.sha} | {author} | {date}" + (f" | {merge}" if merge else ""),
               f"    {subject}"]
        out += [f"    {line.strip()}" for line in body[:BODY_LINES]]
        if len(body) > BODY_LINES:
            out.append(f"    … {len(body) - BODY_LINES} more body lines")
        return out


def _strip_prefix(path: str) -> str:
    path = path.strip('"')
    return path[2:] if path[:2] in ("a/", "b/") else path


def parse_files(lines: list[str], first_line: int = 1) -> list[FileDiff]:
    """The file sections of `lines`, whose first is line `first_line` of the whole text."""
    files: list[FileDiff] = []
    current: FileDiff | None = None
    for number, line in enumerate(lines, start=first_line):
        start = DIFF_GIT.match(line)
        if start:
            current = FileDiff(_strip_prefix(start.group(1)), _strip_prefix(start.group(2)),
                               [line], line=number)
            files.append(current)
            continue
        if current is None:
            continue
        if line.startswith("@@"):
            current.hunks.append([line])
            current.hunk_at.append(number)
        elif current.hunks:
            current.hunks[-1].append(line)
        else:
            current.header.append(line)
            if line.startswith("Binary files ") or line == "GIT binary patch":
                current.binary = True
            elif line.startswith("rename from "):
                current.old = line[12:]
            elif line.startswith("rename to "):
                current.new = line[10:]
            elif line.startswith("--- ") and line[4:] == "/dev/null":
                current.old = "/dev/null"
            elif line.startswith("+++ ") and line[4:] == "/dev/null":
                current.new = "/dev/null"
    for diff in files:  # drop a trailing blank line git log -p puts between commits
        if diff.hunks and diff.hunks[-1] and diff.hunks[-1][-1] == "":
            diff.hunks[-1].pop()
        elif not diff.hunks and len(diff.header) > 1 and diff.header[-1] == "":
            diff.header.pop()  # a pure rename or mode change: its header is the section
    return files


def parse_commits(text: str) -> list[Commit]:
    commits: list[Commit] = []
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if COMMIT.match(line)]
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        block = lines[start:end]
        sha = COMMIT.match(block[0]).group(1)  # type: ignore[union-attr]
        header, message, rest_at = [block[0]], [], len(block)
        index = 1
        while index < len(block) and block[index].strip() and not block[index].startswith("    "):
            header.append(block[index])
            index += 1
        while index < len(block):
            line = block[index]
            if line.startswith("    ") or not line.strip():
                message.append(line[4:] if line.startswith("    ") else "")
                index += 1
                continue
            rest_at = index
            break
        rest = block[rest_at:]
        # --stat, --numstat, --name-status, --name-only: every non-blank line after the message
        stat = [line for line in rest if line.strip()] \
            if rest and not any(DIFF_GIT.match(line) for line in rest) else []
        while message and not message[-1].strip():
            message.pop()
        commits.append(Commit(sha, header, message, parse_files(rest, start + rest_at + 1),
                              stat))
    return commits


def fit_lines(lines: list[str], budget: int, more: str) -> str:
    """The lines within `budget`; if cut, a last line counts what is missing and says `more`."""
    text = "\n".join(lines)
    if len(text) <= budget:
        return text
    kept, used = [], 0
    for line in lines:
        if used + len(line) + 1 > budget - 200:
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join([*kept, f"… {len(lines) - len(kept)} more lines not shown; {more}"])


def _within(budget: int, build: Callable[[int], list[str]]) -> list[str]:
    """Build with a patch allowance that shrinks until the whole digest fits the budget."""
    allowance = budget
    lines = build(allowance)
    for _ in range(5):
        size = sum(len(line) + 1 for line in lines)
        if size <= budget or allowance <= 0:
            break
        allowance -= size - budget + 200
        lines = build(max(allowance, 0))
    return lines


def digest_diff(text: str, show_command: Callable[[FileDiff], str] | None = None,
                budget: int = BUDGET) -> str:
    """The diff's table and most important hunks within `budget`. `show_command` is kept for
    callers; a left-out part is named by its lines in the exact original instead."""
    del show_command
    files = parse_files(text.split("\n"))
    if not files:
        return ""
    counts = [diff.counts() for diff in files]
    stats = [diff.stat(count) for diff, count in zip(files, counts, strict=True)]
    facts = FileFacts.of_known(files, stats)
    added = sum(count[0] for count in counts)
    removed = sum(count[1] for count in counts)
    head = [f"{len(files)} files changed, +{added} -{removed}:", table_note()]
    fixed = _chars(head) + len(PATCH_TITLE) + 2
    rows = _row_estimate(files, facts)

    def build(allowance: int) -> list[str]:
        room = allowance - fixed
        # every file's row before any hunk: the table takes what its rows need (a quarter more
        # for the rows of files partly in the patch), up to TABLE_MOST of the room
        table_room = max(room // 2, min(rows + rows // 4, int(room * TABLE_MOST)), 0)
        chosen = choose(facts, room - min(rows, table_room))
        return [*head, *table(files, facts, chosen, table_room), "", PATCH_TITLE,
                *patch_text(files, facts, chosen)]

    return fit_lines(_within(budget, build), budget, "the exact output is in the file below")


PATCH_TITLE = "Patch (whole hunks; applies with git apply):"
TABLE_MOST = 0.75  # of a diff's room, at most, for its file table (at least half is its own)
ROW_SLACK = 8  # a log's tables: the rows' estimate plus an eighth (partly kept files' rows)


def _chars(lines: list[str]) -> int:
    return sum(len(line) + 1 for line in lines)


def _row_estimate(files: list[FileDiff], facts: FileFacts) -> int:
    """The table's size if every file were left out (partly kept files' rows are longer)."""
    return sum(len(stat) + 32 for stat in facts.stats)


def _oneline(commit: Commit) -> str:
    date = next((h[5:].strip() for h in commit.header if h.startswith("Date:")), "")
    subject = next((line.strip() for line in commit.message if line.strip()), "")
    return f"{commit.sha} {date} | {subject}"


def _stat_block(commit: Commit) -> list[str]:
    out = [f"  {line.strip()}" for line in commit.stat_lines[:STAT_LINES]]
    if len(commit.stat_lines) > STAT_LINES:
        out.append(f"  … {len(commit.stat_lines) - STAT_LINES} more file lines")
    return out


def digest_log(text: str, show_command: Callable[[str, FileDiff], str] | None = None,
               budget: int = BUDGET, rows_budget: int = LIST_BUDGET) -> str:
    """Every commit's summary; with patches, every file's row (git_fold), then each commit's most
    important hunks, the room left split across commits (none gets more than it needs).
    `show_command`: as in `digest_diff`."""
    del show_command
    commits = parse_commits(text)
    if not commits:
        return ""
    title = f"{len(commits)} commits, in the order git printed them:"
    summaries = [line for commit in commits for line in commit.summary()]
    if _chars(summaries) > budget * 0.8:
        # Too many commits for full summaries: one line each, then a count of the rest.
        lines = [title, *(_oneline(commit) for commit in commits)]
        return fit_lines(lines, budget, "the exact output is in the file below")

    facts = [FileFacts.of(commit.files) for commit in commits]
    blocks = [commit.summary() + _stat_block(commit) for commit in commits]
    head = [title, table_note()] if any(commit.files for commit in commits) else [title]
    fixed = _chars(head) + sum(_chars(block) for block in blocks)
    rows = sum(_row_estimate(c.files, known) for c, known in zip(commits, facts, strict=True))
    patch_needs = [sum(known.size(i) for i in range(len(known.ranks))) for known in facts]
    # Rows before hunks: every file of every commit keeps its row and range; when the rows do
    # not fit the budget the digest grows for them (and a quarter budget of hunks), up to
    # rows_budget, where hunks go first and then git_fold folds rows into directories
    budget = max(budget, min(rows_budget, fixed + rows + rows // ROW_SLACK + budget // 4))

    def tables_within(room: int, table_room: int) -> list[Table]:
        patches = water_fill(patch_needs, room - table_room)
        return [Table(commit.files, known, choose(known, patch_room))
                for commit, known, patch_room in zip(commits, facts, patches, strict=True)]

    def build(allowance: int) -> list[str]:
        room = max(allowance - fixed, 0)
        tables = tables_within(room, min(rows + rows // ROW_SLACK, room))
        for _ in range(3):  # rows of partly kept files are longer: fewer hunks, not rows
            needed = sum(table.rows_chars() for table in tables)
            if needed + sum(table.patch_chars() for table in tables) <= room:
                break
            tables = tables_within(room, min(needed + needed // ROW_SLACK, room))
        table_room = room - sum(table.patch_chars() for table in tables)
        out = list(head)
        for commit, block, known, lines in zip(commits, blocks, tables,
                                               fold(tables, table_room), strict=True):
            out += block
            if commit.files:
                out += lines
                out += patch_text(commit.files, known.facts, known.chosen)
        return out

    return fit_lines(_within(budget, build), budget, "the exact output is in the file below")


ONELINE = re.compile(r"^[*|\\/ _.-]*?([0-9a-f]{7,40})\b ")
GRAPH_ONLY = re.compile(r"^[*|\\/ _.-]+$")
ONELINE_CHARS = 160


def digest_oneline(text: str, budget: int = LIST_BUDGET) -> str:
    """`git log --oneline` (with or without --graph): the lines as printed while they fit, then
    the SHA of every further commit, then where the rest starts. Empty if it is not one."""
    lines = text.split("\n")
    commits = [line for line in lines if ONELINE.match(line)]
    other = sum(1 for line in lines if GRAPH_ONLY.match(line) or not line)
    if len(commits) < 3 or len(commits) + other < len(lines):
        return ""
    out = [f"{len(commits)} commits, one line each as git printed them:"]
    used = len(out[0]) + 1
    shown = 0
    # Whole lines while they fit, leaving room for the SHA of every commit after them.
    sha_room = sum(len(match.group(1)) + 1 for match in map(ONELINE.match, commits) if match)
    verbatim = budget if len(text) <= budget else max(budget * 0.2, budget - 300 - sha_room)
    for line in lines:
        if not line:
            continue
        row = line if len(line) <= ONELINE_CHARS else line[:ONELINE_CHARS] + " …"
        if used + len(row) + 1 > verbatim:
            break
        out.append(row)
        used += len(row) + 1
        shown += 1 if ONELINE.match(line) else 0
    rest = commits[shown:]
    if not rest:
        return "\n".join(out)
    shas = [ONELINE.match(line).group(1) for line in rest]  # type: ignore[union-attr]
    out.append(f"the next {len(shas)} commits by SHA, in order:")
    row, listed = "", 0
    for sha in shas:
        if used + len(row) + len(sha) + 2 > budget - 200:
            break
        row = f"{row} {sha}" if row else sha
        listed += 1
        if len(row) > 100:
            out.append(row)
            used += len(row) + 1
            row = ""
    if row:
        out.append(row)
    if listed < len(shas):
        after = shas[listed - 1] if listed else "these"
        out.append(f"… and {len(shas) - listed} more commits after {after}; the exact output "
                   "is in the file below")
    return "\n".join(out)


BLAME = re.compile(r"^\^?([0-9a-f]{7,40})(?: [^(]*?)? ?\((.*?) +(\d{4}-\d\d-\d\d)[^)]*? (\d+)\) ?")


def digest_blame(text: str, budget: int = LIST_BUDGET) -> str:
    """`git blame` (default format): who last changed which lines — one row per run of lines
    from the same commit — without the code, which is the file itself. Empty if not blame."""
    lines = [line for line in text.split("\n") if line]
    parsed = [BLAME.match(line) for line in lines]
    if not lines or any(match is None for match in parsed):
        return ""
    runs: list[list[str]] = []  # [first line, last line, sha, author, date]
    authors: dict[str, int] = {}
    for match in parsed:
        sha, author, date, number = match.groups()  # type: ignore[union-attr]
        authors[author.strip()] = authors.get(author.strip(), 0) + 1
        if runs and runs[-1][2] == sha and int(runs[-1][1]) + 1 == int(number):
            runs[-1][1] = number
        else:
            runs.append([number, number, sha, author.strip(), date])
    commits = len({run[2] for run in runs})
    busiest = sorted(authors.items(), key=lambda kv: -kv[1])[:8]
    out = [f"git blame of {len(lines):,} lines: {commits} commits, {len(authors)} authors ("
           + ", ".join(f"{a} {n} lines" for a, n in busiest) + "). Runs of lines last "
           "changed by the same commit (lines | commit | author | date); the code itself is "
           "the file:"]
    rows = [f"{first}-{last} | {sha} | {author} | {date}" if first != last
            else f"{first} | {sha} | {author} | {date}" for first, last, sha, author, date in runs]
    return fit_lines([*out, *rows], budget, "the exact output is in the file below")

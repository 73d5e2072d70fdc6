"""A log's file tables within their room: every file of every commit keeps its own row while the
rows fit; past that, a directory's left-out files fold into one row that names the directory,
how many files (new, deleted, renamed counted as such), their changes and their lines.

git prints a commit's files sorted by path, so a directory's files are one run of lines: the
folded row's `lines A-B` is a single Read that holds every file it stands for, and nothing else.
Folds go least important first (vendored, lockfiles, generated, build, docs, tests, source,
changelog), deepest directory first, the largest saving first; a file whose hunks are in the
patch is never folded. A commit's root folds last (today's "the rest" line, still with ranges).
"""

from __future__ import annotations

from dataclasses import dataclass

from garrepa_py.structural.git.git_files import FileDiff
from garrepa_py.structural.git.git_rank import FileFacts, row


@dataclass(frozen=True)
class Table:
    """One commit's files, its chosen hunks and the rows its table shows."""

    files: list[FileDiff]
    facts: FileFacts
    chosen: dict[int, list[int]]

    def rows(self) -> list[str]:
        return [row(diff, self.facts.stats[i], self.chosen.get(i))
                for i, diff in enumerate(self.files)]

    def rows_chars(self) -> int:
        return sum(len(line) + 1 for line in self.rows())

    def patch_chars(self) -> int:
        """What patch_text gives for the chosen hunks, with each section's newline."""
        return sum(self.facts.header_chars[i] + sum(self.facts.hunk_chars[i][h] for h in hunks)
                   for i, hunks in self.chosen.items())


def _spans(files: list[FileDiff], members: list[int]) -> str:
    spans: list[tuple[int, int]] = []
    for index in members:
        a, b = files[index].lines()
        if spans and spans[-1][1] + 1 >= a:
            spans[-1] = (spans[-1][0], max(b, spans[-1][1]))
        else:
            spans.append((a, b))
    return ", ".join(f"{a}-{b}" for a, b in spans)


def _kinds(files: list[FileDiff], stats: list[str], members: list[int]) -> str:
    new = sum(1 for i in members if " (new) | " in stats[i])
    deleted = sum(1 for i in members if " (deleted) | " in stats[i])
    renamed = sum(1 for i in members if files[i].renamed)
    parts = [f"{n} {word}" for n, word in ((new, "new"), (deleted, "deleted"),
                                          (renamed, "renamed")) if n]
    return f": {', '.join(parts)}" if parts else ""


def folded_row(files: list[FileDiff], facts: FileFacts, prefix: str, members: list[int]) -> str:
    """` src/flask/json/ (7 files: 2 new) | +120 -40 | lines 9079-9500 | folded, left out`."""
    added = removed = 0
    binary = 0
    for index in members:
        if files[index].binary:
            binary += 1
        count = files[index].counts()
        added += count[0]
        removed += count[1]
    name = prefix or "(the rest)"
    extra = f", {binary} binary" if binary else ""
    return (f" {name} ({len(members)} files{_kinds(files, facts.stats, members)}{extra}) | "
            f"+{added} -{removed} | lines {_spans(files, members)} | folded, left out")


def _prefixes(path: str) -> list[str]:
    parts = path.split("/")[:-1]
    return ["/".join(parts[:depth]) + "/" for depth in range(len(parts), 0, -1)]


def fold(tables: list[Table], room: int) -> list[list[str]]:
    """Each commit's table lines: every row if all fit `room` chars, else folded as above."""
    rows = [table.rows() for table in tables]
    total = sum(len(line) + 1 for lines in rows for line in lines)
    if total <= room:
        return rows
    # candidates: (commit, directory) -> the left-out files under it, in diff order
    groups: dict[tuple[int, str], list[int]] = {}
    for c, table in enumerate(tables):
        for i, diff in enumerate(table.files):
            if i in table.chosen:
                continue
            for prefix in [*_prefixes(diff.path), ""]:
                groups.setdefault((c, prefix), []).append(i)

    def order(key: tuple[int, str]) -> tuple[int, int, int, int]:
        c, prefix = key
        table, members = tables[c], groups[key]
        least = min(table.facts.ranks[i] for i in members)  # its most important file's rank
        saving = sum(len(rows[c][i]) + 1 for i in members)
        return (0 if prefix else 1, -least, -prefix.count("/"), -saving)

    folded: dict[int, dict[str, list[int]]] = {c: {} for c in range(len(tables))}
    owner: list[dict[int, str]] = [{} for _ in tables]  # file -> the fold it is in

    def cost(c: int, members: list[int]) -> int:
        seen: set[str] = set()
        chars = 0
        for i in members:
            if i in owner[c]:
                if owner[c][i] not in seen:
                    seen.add(owner[c][i])
                    chars += len(folded_line[(c, owner[c][i])]) + 1
            else:
                chars += len(rows[c][i]) + 1
        return chars

    folded_line: dict[tuple[int, str], str] = {}
    for key in sorted((k for k, v in groups.items() if len(v) >= 2), key=order):
        if total <= room:
            break
        c, prefix = key
        members = groups[key]
        line = folded_row(tables[c].files, tables[c].facts, prefix, members)
        before = cost(c, members)
        if len(line) + 1 >= before:
            continue
        for inner in {owner[c][i] for i in members if i in owner[c]}:
            del folded[c][inner]
            del folded_line[(c, inner)]
        for i in members:
            owner[c][i] = prefix
        folded[c][prefix] = members
        folded_line[key] = line
        total -= before - len(line) - 1
    out: list[list[str]] = []
    for c, table in enumerate(tables):
        lines: list[str] = []
        done: set[str] = set()
        for i in range(len(table.files)):  # in diff order, a fold where its first file was
            held = owner[c].get(i)
            if held is None:
                lines.append(rows[c][i])
            elif held not in done:
                done.add(held)
                lines.append(folded_line[(c, held)])
        out.append(lines)
    return out

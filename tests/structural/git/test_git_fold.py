"""A log's file tables within their room (structural/git/git_fold.py): every row while they fit;
past that, a directory's files fold into one row naming the directory, how many, and one line
range that holds exactly them."""

from __future__ import annotations

import re

from garrepa_py.structural.git.git_digest import parse_commits
from garrepa_py.structural.git.git_fold import Table, fold
from garrepa_py.structural.git.git_rank import FileFacts

from .corpus import log_patch

FOLDED = re.compile(r"^ (?P<dir>\S+/) \((?P<n>\d+) files\) \| .*\| lines (?P<a>\d+)-(?P<b>\d+) "
                    r"\| folded")


def tables() -> list[Table]:
    result = []
    for commit in parse_commits(log_patch()):
        if commit.files:
            result.append(Table(commit.files, FileFacts.of(commit.files), {}))
    return result


def test_rows_that_fit_are_all_kept() -> None:
    every = tables()
    assert len(every) == 4
    rows = [t.rows() for t in every]
    assert fold(every, sum(t.rows_chars() for t in every)) == rows


def test_rows_past_the_room_fold_by_directory_with_one_range_for_its_files() -> None:
    every = tables()
    whole = sum(t.rows_chars() for t in every)
    room = whole // 3
    folded = fold(every, room)
    assert sum(len(line) + 1 for rows in folded for line in rows) <= room
    lines = log_patch().split("\n")
    seen = 0
    for table, rows in zip(every, folded, strict=True):
        assert len(rows) < len(table.rows()) or rows == table.rows()
        for row in rows:
            found = FOLDED.match(row)
            if not found:
                continue
            seen += 1
            a, b = int(found["a"]), int(found["b"])
            inside = [f for f in table.files if a <= f.line and f.lines()[1] <= b]
            assert len(inside) == int(found["n"]) > 1  # exactly its files, nothing else
            assert all(f.path.startswith(found["dir"]) for f in inside)
            assert (inside[0].line, inside[-1].lines()[1]) == (a, b)
            assert lines[a - 1].startswith("diff --git a/" + found["dir"])
    assert seen

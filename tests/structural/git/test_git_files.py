"""One file's part of a diff (structural/git/git_files.py): its lines in the whole text, its
counts, its name and stat row, on click's real release diff and git's own numbers for it."""

from __future__ import annotations

import re

from garrepa_py.structural.git.git_digest import parse_files
from garrepa_py.structural.git.git_files import FileDiff

from ...conftest import _corpus, git
from .corpus import FIRST, LAST, diff, release


def files() -> list[FileDiff]:
    return parse_files(diff().split("\n"))


def test_counts_are_git_own_numstat() -> None:
    numstat = git(_corpus("gitrepo"), "diff", "--numstat", release(FIRST), release(LAST))
    expected = {}
    for line in numstat.splitlines():
        added, removed, path = line.split("\t")
        expected[path] = (int(added), int(removed))
    parsed = {f.path: f.counts() for f in files()}
    assert parsed == expected
    assert all((f.added, f.removed) == f.counts() for f in files())


def test_each_file_lines_are_its_section_of_the_whole_text() -> None:
    lines = diff().split("\n")
    every = files()
    for f in every:
        first, last = f.lines()
        assert lines[first - 1].startswith("diff --git ")
        assert "\n".join(lines[first - 1:last]) == f.text()
        for h in range(len(f.hunks)):
            a, b = f.hunk_lines(h)
            assert lines[a - 1].startswith("@@ ") and lines[a - 1:b] == f.hunks[h]
    # sections are back to back and cover the whole diff
    assert [f.lines()[1] + 1 for f in every[:-1]] == [f.line for f in every[1:]]


def test_text_of_chosen_hunks_keeps_the_header() -> None:
    f = max(files(), key=lambda d: len(d.hunks))
    assert len(f.hunks) > 1
    part = f.text([f.hunks[1]])
    assert part.split("\n")[:len(f.header)] == f.header
    assert part.endswith(f.hunks[1][-1]) and f.hunks[0][0] not in part


def test_a_stat_names_new_deleted_renamed_and_binary_files() -> None:
    new = FileDiff("/dev/null", "src/a.py", ["diff --git a/src/a.py b/src/a.py",
                                             "new file mode 100644"], [["@@ -0,0 +1 @@", "+x"]])
    gone = FileDiff("src/b.py", "/dev/null", ["diff --git a/src/b.py b/src/b.py",
                                              "deleted file mode 100644"],
                    [["@@ -1,2 +0,0 @@", "-x", "-y"]])
    moved = FileDiff("old.py", "new.py", ["diff --git a/old.py b/new.py"])
    image = FileDiff("logo.png", "logo.png", ["diff --git a/logo.png b/logo.png"], binary=True)
    assert (new.path, new.stat()) == ("src/a.py", "src/a.py (new) | +1 -0")
    assert (gone.path, gone.stat()) == ("src/b.py", "src/b.py (deleted) | +0 -2")
    assert moved.renamed and moved.stat() == "old.py => new.py | +0 -0"
    assert not new.renamed and not gone.renamed
    assert image.stat() == "logo.png | binary"
    assert new.stat((7, 3)) == "src/a.py (new) | +7 -3"  # counts given: not recounted


def test_every_real_stat_row_matches_its_counts() -> None:
    for f in files():
        assert re.fullmatch(rf"{re.escape(f.name)}( \(new\)| \(deleted\))? \| "
                            rf"\+{f.added} -{f.removed}", f.stat())

"""Digests of git's own output (structural/git/git_digest.py) on click's release history: within
the budget, every file and commit named, every range pointing at its exact lines, hunks whole."""

from __future__ import annotations

import re

import pytest

from garrepa_py.structural.git import git_digest

from ...conftest import _corpus, git
from .corpus import diff, log_patch

ROW = re.compile(r"^ (?P<name>\S+)(?: \((?:new|deleted)\))? \| \+\d+ -\d+ \| lines (?P<a>\d+)-(?P<b>\d+)")


@pytest.mark.parametrize("budget", [4_000, 12_000, git_digest.BUDGET])
def test_a_diff_digest_fits_and_names_every_file_at_its_lines(budget: int) -> None:
    text = diff()
    digest = git_digest.digest_diff(text, budget=budget)
    assert len(digest) <= budget
    lines = text.split("\n")
    rows = {m["name"]: (int(m["a"]), int(m["b"])) for m in map(ROW.match, digest.split("\n")) if m}
    assert digest.startswith("53 files changed, +1280 -472:")
    more = re.search(r"(?m)^ … (\d+) more files, left out: each a `diff --git` section within "
                     r"lines \d+-\d+$", digest)
    assert len(rows) + (int(more.group(1)) if more else 0) == 53
    assert (more is None) == (budget == git_digest.BUDGET)  # the control: all rows fit there
    for name, (a, b) in rows.items():
        assert lines[a - 1] == f"diff --git a/{name} b/{name}"
        assert b == len(lines) - 1 or lines[b].startswith("diff --git ")


def test_the_patch_part_holds_whole_hunks_as_git_printed_them() -> None:
    text = diff()
    digest = git_digest.digest_diff(text, budget=12_000)
    patch = digest.split(git_digest.PATCH_TITLE + "\n", 1)[1]
    hunks = re.split(r"(?m)^(?=@@ )", patch)[1:]
    assert hunks
    for hunk in hunks:
        body = hunk.split("\ndiff --git ", 1)[0].rstrip("\n")
        assert body in text


def test_nothing_to_digest_is_empty() -> None:
    assert git_digest.digest_diff("") == ""
    assert git_digest.digest_diff("no diff here\n") == ""


def test_a_log_digest_keeps_every_commit() -> None:
    text = log_patch()
    digest = git_digest.digest_log(text)
    assert len(digest) <= git_digest.BUDGET
    commits = git_digest.parse_commits(text)
    assert len(commits) == 4 and digest.startswith("4 commits, in the order git printed them:")
    for sha in re.findall(r"(?m)^commit ([0-9a-f]{40})$", text):
        assert f"commit {sha} | Release Bot <releases@example.com> |" in digest
    assert digest.count("    Release click 8.1.") == 4


def test_a_oneline_log_keeps_every_sha_even_when_tight() -> None:
    text = git(_corpus("gitrepo"), "log", "--oneline", "--graph")
    shas = re.findall(r"([0-9a-f]{7}) ", text)
    for budget in (200, git_digest.LIST_BUDGET):
        digest = git_digest.digest_oneline(text, budget)
        assert len(digest) <= budget and all(sha in digest for sha in shas)


def test_a_blame_digest_covers_every_line_once() -> None:
    text = git(_corpus("gitrepo"), "blame", "HEAD", "--", "src/click/__init__.py")
    total = len(text.splitlines())
    digest = git_digest.digest_blame(text)
    assert digest.startswith(f"git blame of {total} lines: 2 commits, 1 authors")
    covered = []
    for a, b in re.findall(r"(?m)^(\d+)(?:-(\d+))? \| [0-9a-f]{7,} \|", digest):
        covered += range(int(a), int(b or a) + 1)
    assert covered == list(range(1, total + 1))


def test_fit_lines_cuts_whole_lines_and_says_so() -> None:
    lines = [f"line {n}" for n in range(100)]
    assert git_digest.fit_lines(lines, 10_000, "more") == "\n".join(lines)
    cut = git_digest.fit_lines(lines, 100, "the rest is in the file")
    assert len(cut) <= 100 and "the rest is in the file" in cut
    assert all(line in lines for line in cut.split("\n")[:-1])

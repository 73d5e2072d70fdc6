"""What of a diff a reviewer reads first (structural/git/git_rank.py): ranks by kind of file,
hunks chosen whole within the room, and the even split of a budget."""

from __future__ import annotations

import pytest

from garrepa_py.structural.git.git_digest import parse_files
from garrepa_py.structural.git.git_rank import FileFacts, choose, patch_text, priority, water_fill

from .corpus import diff


@pytest.mark.parametrize("path,rank", [
    ("CHANGES.rst", 0), ("docs/changelog.md", 0), ("src/click/core.py", 1),
    ("tests/test_core.py", 2), ("src/test_util.py", 2), ("docs/api.rst", 3), ("README.md", 3),
    ("examples/repo/repo.py", 3), ("pyproject.toml", 4), ("setup.cfg", 4), ("PKG-INFO", 5),
    ("app.min.js", 5), ("api_pb2.py", 5), ("poetry.lock", 6), ("package-lock.json", 6),
    ("vendor/lib/x.go", 7), ("node_modules/a/index.js", 7)])
def test_files_rank_by_kind(path: str, rank: int) -> None:
    assert priority(path) == rank


def test_the_chosen_hunks_are_whole_fit_the_room_and_the_changelog_comes_first() -> None:
    files = parse_files(diff().split("\n"))
    facts = FileFacts.of(files)
    for room in (2_000, 8_000, 30_000):
        chosen = choose(facts, room)
        patch = patch_text(files, facts, chosen)
        assert chosen and sum(len(line) + 1 for line in patch) <= room
        for index, hunks in chosen.items():
            for h in hunks:  # each hunk whole, as git printed it
                assert "\n".join(files[index].hunks[h]) in "\n".join(patch)
    changelog = facts.ranks.index(0)
    assert changelog in choose(facts, 8_000)  # the author's own summary goes in first
    assert any(priority(f.path) == 0 for f in files)  # CHANGES.rst is in the release diff


def test_a_room_for_everything_takes_every_hunk() -> None:
    files = parse_files(diff().split("\n"))
    facts = FileFacts.of(files)
    chosen = choose(facts, len(diff()) * 2)
    assert {i: sorted(h) for i, h in chosen.items()} == {
        i: list(range(len(f.hunks))) for i, f in enumerate(files) if f.hunks}


@pytest.mark.parametrize("demands,total,shares", [
    ([10, 10, 10], 30, [10, 10, 10]), ([5, 100, 100], 105, [5, 50, 50]),
    ([100, 1], 50, [49, 1]), ([7], 0, [0]), ([3, 3], -5, [0, 0]), ([], 10, [])])
def test_water_fill_gives_none_more_than_it_asks_and_shares_the_rest(
        demands: list[int], total: int, shares: list[int]) -> None:
    assert water_fill(demands, total) == shares

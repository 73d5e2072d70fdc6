"""structural/tree/listing.py: a listing told by directory within its budget, every row with the
line range that leads back to what it names or rolls up (Django 5.0.6's real `find .`)."""

from __future__ import annotations

import re

import pytest

from garrepa_py.structural.tree import listing, listing_read

from .test_listing_read import lines_of

RANGE = re.compile(r"\blines? ([\d,]+)(?:-([\d,]+))?")


def tree_of_find() -> tuple[listing.Tree, int]:
    lines = lines_of("find")
    tree = listing.Tree()
    listing_read.read_paths(lines, tree, [])
    return tree, len(lines)


@pytest.mark.parametrize("budget", [1_500, 3_000, 12_000])
def test_render_fits_and_every_row_has_its_range(budget: int) -> None:
    tree, total = tree_of_find()
    rows, named = listing.render(tree, "paths", budget)
    assert sum(len(row) + 1 for row in rows) <= budget
    assert rows[0].startswith("./: ") and f"lines 1-{total:,}" in rows[0]
    for row in rows:
        found = RANGE.search(row)
        assert found, row
        first = int(found.group(1).replace(",", ""))
        last = int((found.group(2) or found.group(1)).replace(",", ""))
        assert 1 <= first <= last <= total
    assert "." in named


def test_a_larger_budget_opens_more_directories() -> None:
    small_rows, small = listing.render(tree_of_find()[0], "paths", 1_500)
    large_rows, large = listing.render(tree_of_find()[0], "paths", 12_000)
    assert len(large) > len(small)
    rolled = [sum("(rolled up)" in row for row in rows) for rows in (small_rows, large_rows)]
    assert rolled[0] >= 1 and len(large_rows) > len(small_rows)


@pytest.mark.parametrize("path, parent", [
    ("./a/b.py", "./a"), ("/etc", "/"), ("a", ""), ("./a/", "."),
])
def test_parent_of(path: str, parent: str) -> None:
    assert listing.parent_of(path) == parent


def test_span_and_clip() -> None:
    assert listing.span(3, 3) == "line 3"
    assert listing.span(1, 12_000) == "lines 1-12,000"
    assert listing.clip("x" * 10, 4) == "xxxx …[+6 chars]"

"""structural/tree/listing_read.py on Django 5.0.6's real `find .`, `grep -rn deprecat .` and
`ls -laR .` (tests/structural/corpus/): every line is read into the tree or handed back, and each
directory's span holds the lines that name it."""

from __future__ import annotations

import lzma
from pathlib import Path

from garrepa_py.structural.tree import listing_read
from garrepa_py.structural.tree.listing import Tree

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def lines_of(name: str) -> list[str]:
    with lzma.open(CORPUS / f"{name}.txt.xz", "rt", encoding="utf-8") as handle:
        return handle.read().splitlines()


def test_find_every_path_is_an_entry_of_its_directory() -> None:
    lines = lines_of("find")
    tree, leftover = Tree(), []
    entries = listing_read.read_paths(lines, tree, leftover)
    assert leftover == []
    assert entries == len(lines)
    admin = tree.nodes["./django/contrib/admin"]
    named = [n for n, line in enumerate(lines, 1) if line.startswith("./django/contrib/admin/")]
    assert admin.start <= min(named) and max(named) <= admin.end
    assert sum(node.entries for node in tree.nodes.values()) == entries


def test_grep_counts_each_file_s_matches() -> None:
    lines = lines_of("grep-rn-deprecat")
    tree, leftover = Tree(), []
    matches = listing_read.read_grep(lines, tree, leftover)
    leaves = [leaf for node in tree.nodes.values() for leaf in node.leaves]
    assert matches == sum(leaf.matches for leaf in leaves) == len(lines) - len(leftover)
    sources = next(leaf for leaf in leaves if leaf.path == "./Django.egg-info/SOURCES.txt")
    assert sources.first is not None and sources.first[0] == 1
    assert sources.matches == sum(line.startswith("./Django.egg-info/SOURCES.txt:")
                                  for line in lines)


def test_ls_sections_by_directory() -> None:
    lines = lines_of("ls-laR")
    tree, leftover = Tree(), []
    listing_read.read_ls(lines, tree, leftover)
    sections = sum(1 for line in lines if line.endswith(":") and line.startswith("."))
    assert sum(1 for node in tree.nodes.values() if node.own is not None) == sections
    assert all(not lines[n - 1].startswith(("drwx", "-rw", "total ")) for n in leftover)


def test_a_plain_line_is_not_a_path() -> None:
    assert listing_read.path_line("./django/__init__.py")
    assert not listing_read.path_line("Traceback (most recent call last):")
    assert listing_read.grep_line("./a.py:12:import os", None) is not None

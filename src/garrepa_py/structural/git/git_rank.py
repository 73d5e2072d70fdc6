"""What of a diff a reviewer reads first, and how much of it fits a budget.

Files are ranked by kind — the changelog (the author's own summary of the change), source,
tests, docs and examples, build configuration, build metadata and generated files, lockfiles,
vendored code — and within a rank the largest change goes first. A file goes in whole if it
fits a sixth of the room, else hunk by hunk, the largest first, each whole (its largest may take
half the room, and no smaller one goes in before it); the room left then goes to the remaining
hunks in the same order. Every file is named once, in a table row that gives its lines in the
exact original and which of its hunks are in the patch, so the rest is reached with Read's
offset and limit, not with a command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from garrepa_py.structural.git.git_files import FileDiff

LOCKFILES = frozenset({"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock",
                       "uv.lock", "cargo.lock", "go.sum", "gemfile.lock", "composer.lock",
                       "pipfile.lock", "flake.lock", "bun.lockb", "mix.lock", "pubspec.lock"})
GENERATED = re.compile(r"(\.min\.(js|css)$|\.map$|_pb2(_grpc)?\.py$|\.pb\.go$|\.snap$|"
                       r"(^|/)(dist|build|generated|__generated__)/)", re.I)
VENDORED = re.compile(r"(^|/)(vendor|node_modules|third_party|thirdparty|_vendor)/", re.I)
CHANGELOG = re.compile(r"(^|/)(changelog|changes|history|news|release[-_ ]?notes|whatsnew)"
                       r"([._-][^/]*)?$", re.I)
TESTS = re.compile(r"(^|/)(tests?|spec|specs|__tests__|testing)/|(^|/)test_[^/]*$|"
                   r"_test\.[a-z]+$|\.(test|spec)\.[a-z]+$|(^|/)conftest\.py$", re.I)
DOCS = re.compile(r"(^|/)(docs?|documentation|examples?|samples?)/|\.(md|mdx|rst|txt|adoc|org)$|"
                  r"(^|/)(readme|authors|contributors|license|copying|notice)([._-][^/]*)?$",
                  re.I)
BUILD_CONFIG = re.compile(r"(^|/)(setup\.py|setup\.cfg|pyproject\.toml|tox\.ini|noxfile\.py|"
                          r"requirements[^/]*\.(txt|in)|package\.json|tsconfig[^/]*\.json|"
                          r"Cargo\.toml|go\.mod|Makefile|Dockerfile|\.pre-commit-config\.yaml)$|"
                          r"(^|/)(\.github|requirements|\.circleci)/", re.I)
BUILD_METADATA = re.compile(r"(^|/)(PKG-INFO|SOURCES\.txt|MANIFEST(\.in)?|RECORD|WHEEL)$|"
                            r"\.(egg|dist)-info/|(^|/)__snapshots__/", re.I)
FILE_SHARE = 6  # first pass: no one file takes more than a sixth of the room (its largest hunk: half)


def priority(path: str) -> int:
    """Changelog 0, source 1, tests 2, docs and examples 3, build configuration 4, build
    metadata and generated files 5, lockfiles 6, vendored code 7."""
    name = path.rsplit("/", 1)[-1].lower()
    if VENDORED.search(path):
        return 7
    if name in LOCKFILES or name.endswith(".lock"):
        return 6
    if GENERATED.search(path) or BUILD_METADATA.search(path):
        return 5
    if BUILD_CONFIG.search(path):
        return 4
    if CHANGELOG.search(path) and not TESTS.search(path):
        return 0
    if TESTS.search(path):
        return 2
    if DOCS.search(path):
        return 3
    return 1


@dataclass(frozen=True)
class FileFacts:
    """What packing needs to know of each file, worked out once per digest (the digest packs
    again with a smaller allowance when the first try does not fit)."""

    ranks: list[int]
    header_chars: list[int]  # the header lines, each with its newline
    hunk_chars: list[list[int]]  # each hunk's lines, each with its newline
    stats: list[str]  # diff.stat()

    @classmethod
    def of(cls, files: list[FileDiff]) -> FileFacts:
        return cls.of_known(files, [diff.stat() for diff in files])

    @classmethod
    def of_known(cls, files: list[FileDiff], stats: list[str]) -> FileFacts:
        return cls([priority(diff.path) for diff in files],
                   [sum(len(line) + 1 for line in diff.header) for diff in files],
                   [[sum(len(line) + 1 for line in hunk) for hunk in diff.hunks]
                    for diff in files], stats)

    def size(self, index: int) -> int:
        return self.header_chars[index] + sum(self.hunk_chars[index])


def choose(facts: FileFacts, allowance: int) -> dict[int, list[int]]:
    """file index -> the indexes of its hunks in the patch (in file order), within `allowance`
    chars of patch text. Sizes are summed, never measured on joined text: linear in the diff."""
    count = len(facts.ranks)
    order = sorted(range(count), key=lambda i: (facts.ranks[i], -facts.size(i), i))
    taken: dict[int, set[int]] = {}
    used = 0
    first_pass = True
    for limit in (max(allowance // FILE_SHARE, 0), allowance):
        for index in order:
            if allowance - used <= 0:
                break
            hunks = facts.hunk_chars[index]
            if index not in taken and facts.size(index) <= min(limit, allowance - used):
                taken[index] = set(range(len(hunks)))
                used += facts.size(index)
                continue
            have = taken.get(index)
            spent = facts.header_chars[index] + sum(hunks[h] for h in have) if have else 0
            for hunk in sorted(range(len(hunks)), key=lambda h: (-hunks[h], h)):
                if have is not None and hunk in have:
                    continue
                extra = hunks[hunk] + (0 if have else facts.header_chars[index])
                # a file's largest hunk may take half the room; its smaller ones never go in
                # before it in the first pass (the second fills what is left with any)
                cap = max(limit, allowance // 2) if first_pass and not have else limit
                if spent + extra <= cap and used + extra <= allowance:
                    have = taken.setdefault(index, set())
                    have.add(hunk)
                    spent += extra
                    used += extra
                elif first_pass:
                    break
        first_pass = False
    return {index: sorted(hunks) for index, hunks in taken.items()}


def patch_text(files: list[FileDiff], facts: FileFacts, chosen: dict[int, list[int]]) -> list[str]:
    """The chosen sections, in rank order then diff order, each hunk whole and in file order."""
    return [files[i].text([files[i].hunks[h] for h in chosen[i]])
            for i in sorted(chosen, key=lambda i: (facts.ranks[i], i))]


def _ranges(spans: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in spans)


def row(diff: FileDiff, stat: str, hunks: list[int] | None) -> str:
    """` name | +a -r | lines A-B | in the patch` (or which hunks are, and where the others are)."""
    first, last = diff.lines()
    where = f" {stat} | lines {first}-{last} | "
    if hunks is None or (not hunks and diff.hunks):
        return where + "left out"
    if len(hunks) == len(diff.hunks):
        return where + "in the patch"
    spans: list[tuple[int, int]] = []
    for index in range(len(diff.hunks)):
        if index in hunks:
            continue
        a, b = diff.hunk_lines(index)
        if spans and spans[-1][1] + 1 == a:
            spans[-1] = (spans[-1][0], b)
        else:
            spans.append((a, b))
    missing = len(diff.hunks) - len(hunks)
    return (where + f"{len(hunks)} of {len(diff.hunks)} hunks in the patch; {missing} "
            f"hunk{'s' if missing != 1 else ''} left out at lines {_ranges(spans)}")


def table(files: list[FileDiff], facts: FileFacts, chosen: dict[int, list[int]],
          allowance: int) -> list[str]:
    """One row per file in diff order while the rows fit `allowance` chars; past it, the rows of
    files in the patch and the most important others, then one line for the rest."""
    rows = [row(diff, facts.stats[i], chosen.get(i)) for i, diff in enumerate(files)]
    if sum(len(r) + 1 for r in rows) <= allowance:
        return rows
    keep = set(chosen)
    used = sum(len(rows[i]) + 1 for i in keep)
    room = allowance - 160  # the closing line
    for i in sorted(range(len(files)), key=lambda i: (facts.ranks[i], -facts.size(i), i)):
        if i not in keep and used + len(rows[i]) + 1 <= room:
            keep.add(i)
            used += len(rows[i]) + 1
    hidden = [i for i in range(len(files)) if i not in keep]
    out = [rows[i] for i in sorted(keep)]
    if hidden:
        first = files[hidden[0]].lines()[0]
        last = files[hidden[-1]].lines()[1]
        out.append(f" … {len(hidden)} more files, left out: each a `diff --git` section within "
                   f"lines {first}-{last}")
    return out


def table_note() -> str:
    return ("(lines A-B: where each file is in the exact original named at the end; Read it with "
            "offset A and limit B-A+1)")


def water_fill(demands: Sequence[int], total: int) -> list[int]:
    """Split `total` over `demands`: none gets more than it asks, the rest share evenly."""
    shares = [0] * len(demands)
    left, waiting = max(total, 0), len(demands)
    for index in sorted(range(len(demands)), key=lambda i: demands[i]):
        share = min(demands[index], left // waiting)
        shares[index] = share
        left -= share
        waiting -= 1
    return shares

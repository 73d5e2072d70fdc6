"""Real git output for the structural/git tests: click 8.1.3 → 8.1.7 from the committed release
repository (tests/corpora/gitrepo.bundle)."""

from __future__ import annotations

from functools import cache

from ...conftest import _corpus, git

FIRST, LAST = "Release click 8.1.3", "Release click 8.1.7"


@cache
def release(subject: str) -> str:
    return git(_corpus("gitrepo"), "log", "--format=%H", f"--grep=^{subject}$").strip()


@cache
def diff() -> str:
    """`git diff` of the four releases: 53 files, 127 KB."""
    return git(_corpus("gitrepo"), "diff", release(FIRST), release(LAST))


@cache
def log_patch() -> str:
    return git(_corpus("gitrepo"), "log", "-p", f"{release(FIRST)}..{release(LAST)}")

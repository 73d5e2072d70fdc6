"""The logs runner's path as one shell word, the same in the rewritten command and in the allow
rule `init` writes for it (stdlib only: the hook's logs route uses it too).

Measured against Claude Code 2.1.328 and 2.1.332: a rewrite `ORIGINAL 2>&1 | '/p/my proj/runner'
…` runs under the allow rule `Bash('/p/my proj/runner':*)` (single quotes in both) and asks
under `Bash(/p/my proj/runner:*)`; a backslash-escaped space is refused outright ("Contains
backslash-escaped whitespace"). So a path that needs quoting only for its spaces is written
single-quoted; any other character the shell would need quoted (`'`, `$`, `"`, non-ASCII, …) was
not measured, and the route is refused for it.
"""

from __future__ import annotations

import re

BARE = re.compile(r"[A-Za-z0-9_@%+=:,./-]+")  # shlex.quote leaves these unquoted
SPACED = re.compile(r"[A-Za-z0-9_@%+=:,./ -]+")


def shell_word(path: str) -> str | None:
    """`path` written as one shell word Claude Code's permission check accepts; None when it
    cannot be (then the logs route stays off for it)."""
    if BARE.fullmatch(path):
        return path
    if SPACED.fullmatch(path):
        return f"'{path}'"
    return None

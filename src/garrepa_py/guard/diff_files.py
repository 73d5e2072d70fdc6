"""In a diff, a secret file's hunks are never sent: every line of them is masked, whatever it holds.

A file is secret by its name (`.env`, `*.pem`, `.aws/credentials`, …) on either side of the
diff (`a/` and `b/`, `rename from`/`rename to`, `--- `/`+++ `). Hunk headers keep their line
numbers; the function context git appends after `@@ … @@` (for a `.env`, often the line above:
`@@ -4,2 +4,3 @@ API_KEY=…`) is masked too. `git diff`, `git log -p`, `git show` and `diff -u`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

DIFF_GIT = re.compile(r"^diff --(?:git|cc|combined) (?P<rest>.*)$")
HUNK = re.compile(r"^(?P<head>@@+ [^@]* @@+)(?P<context>.*)$")
NAMED = re.compile(r"^(?:--- |\+\+\+ |rename from |rename to |copy from |copy to )(?P<name>.+)$")
COMMIT = re.compile(r"^commit [0-9a-f]{7,40}\b")
KIND = "secret-file"
Span = tuple[int, int, int]  # line (1-based), start, end (-1: to the end of the line)


def _clean(name: str) -> str:
    name = name.split("\t", 1)[0].strip()
    if len(name) >= 2 and name[0] == name[-1] == '"':
        name = name[1:-1]
    return name[2:] if name[:2] in ("a/", "b/", "c/", "i/", "w/", "o/") else name


def _git_names(rest: str) -> list[str]:
    """Both names of `diff --git a/X b/Y` (names may hold spaces: every split is tried)."""
    out = [_clean(part) for part in rest.split(" ")]
    for at in (m.start() for m in re.finditer(" b/", rest)):
        out += [_clean(rest[:at]), _clean(rest[at + 1:])]
    return [name for name in out if name]


def is_diff(text: str) -> bool:
    return text.startswith(("diff --", "--- ")) or "\ndiff --" in text or (
        "\n--- " in text and "\n+++ " in text and "\n@@ " in text)


def secret_hunk_lines(lines: list[str], secret_name: Callable[[str], str | None]) -> Iterator[Span]:
    """Spans to mask: the content of every hunk line of a secret file (its +/-/space kept)."""
    secret = False
    in_hunk = False
    for number, line in enumerate(lines, start=1):
        header = DIFF_GIT.match(line)
        if header or COMMIT.match(line):
            secret = bool(header) and any(secret_name(n) for n in _git_names(header["rest"])) \
                if header else False
            in_hunk = False
            continue
        hunk = HUNK.match(line)
        if hunk:
            in_hunk = True
            if secret and hunk["context"].strip():
                yield number, len(hunk["head"]), -1
            continue
        if not in_hunk or line.startswith(("--- ", "+++ ")) and not secret:
            named = NAMED.match(line)
            if named:
                if line.startswith("--- ") and in_hunk:
                    in_hunk = False
                    secret = False  # a plain `diff -u` pair starts a new file
                name = _clean(named["name"])
                if name != "/dev/null" and secret_name(name):
                    secret = True
            continue
        if line[:1] in ("+", "-", " ") and secret:
            if len(line) > 1:
                yield number, 1, -1
        elif line[:1] != "\\" and not line.startswith(("+", "-", " ")):
            in_hunk = False  # a blank line or the next header: the hunk is over

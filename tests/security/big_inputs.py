"""Hostile 5 MB inputs for each hook route: the shapes that made a digest super-linear.

Each builder takes a size in bytes and returns text of about that size, so a test can time the
same shape at N and 2N and compare (near-linear), and one run at 5 MB proves the route finishes.
"""

from __future__ import annotations

import json
from collections.abc import Callable

MB = 1024 * 1024


def _fill(size: int, item: Callable[[int], object]) -> str:
    """A JSON array of items, grown until it is about `size` bytes."""
    probe = len(json.dumps([item(n) for n in range(50)])) / 50
    return json.dumps([item(n) for n in range(max(1, int(size / probe)))])


def mcp_unique_keys(size: int) -> str:
    """Objects whose keys never repeat: no shared schema to fold them into."""
    return _fill(size, lambda n: {f"field_{n}_{k}": f"value {n}.{k}" for k in range(8)})


def mcp_passwords(size: int) -> str:
    """Many `password` fields, each one a secret to mask value by value."""
    return _fill(size, lambda n: {"id": n, "user": f"user{n}", "password": f"Pw{n:07d}!xQ9z",
                                  "db": f"postgres://app:S3cr3t{n}@db{n}.example.com:5432/app"})


def mcp_urls(size: int) -> str:
    """Many distinct URLs, each one a handle the briefing must keep."""
    return _fill(size, lambda n: {"id": n, "url": f"https://example.com/items/{n}?page={n % 97}",
                                  "html_url": f"https://github.com/acme/api/issues/{n}",
                                  "avatar": f"https://avatars.example.org/u/{n}.png"})


def mcp_nested(size: int) -> str:
    """Objects nested 60 levels deep each: just inside the depth the digest parses as JSON."""
    def item(n: int) -> object:
        inner: object = {"id": n}
        for level in range(60):
            inner = {f"l{level}": inner}
        return inner
    return _fill(size, item)


def mcp_deep(size: int) -> str:
    """Lists nested 400 deep (past the digest's 64 levels: read as text), side by side."""
    depth = 400
    one = "[" * depth + '{"leaf": "x"}' + "]" * depth
    count = max(1, size // (len(one) + 1))
    return "[" + ",".join([one] * count) + "]"


def mcp_huge_string(size: int) -> str:
    """One object holding one string of `size` bytes."""
    return json.dumps({"id": 1, "body": ("lorem ipsum dolor sit amet " * (size // 27 + 1))[:size]})


def _file_diff(path: str, lines: int, seed: int) -> str:
    hunk = "".join(f"-old line {seed}.{n}\n+new line {seed}.{n}\n" for n in range(lines))
    return (f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n--- a/{path}\n"
            f"+++ b/{path}\n@@ -1,{lines} +1,{lines} @@\n{hunk}")


def git_many_files(size: int) -> str:
    """A diff touching many small files."""
    one = len(_file_diff("src/pkg/mod_00000.py", 4, 0))
    return "".join(_file_diff(f"src/pkg/mod_{n:05d}.py", 4, n) for n in range(size // one + 1))


def git_one_file(size: int) -> str:
    """A diff of one file with one hunk of `size` bytes."""
    lines = size // 40 + 1
    return _file_diff("data/big.csv", lines, 0)


def markdown_headings(size: int) -> str:
    """A document that is almost all headings (100 k of them at 5 MB)."""
    one = len("## Heading 000000\n\nword\n\n")
    return "".join(f"## Heading {n:06d}\n\nword\n\n" for n in range(size // one + 1))


def markdown_one_line(size: int) -> str:
    """A document with no newline at all."""
    return "# Title " + ("word " * (size // 5 + 1))[:size]


MCP = {"unique-keys": mcp_unique_keys, "passwords": mcp_passwords, "urls": mcp_urls,
       "nested": mcp_nested, "deep": mcp_deep, "huge-string": mcp_huge_string}
GIT = {"many-files": git_many_files, "one-file": git_one_file}
READ = {"headings": markdown_headings, "one-line": markdown_one_line}

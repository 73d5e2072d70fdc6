"""Whether a search pattern is proved never to match the empty string, in every dialect a
`grep`-like tool may read it in (standard library only).

A pattern that matches the empty string matches every line, so the search prints its files
whole. Which dialect reads a pattern is not known from the command: `grep` is GNU grep (BRE:
`x\\|`, `\\(\\)`, `\\{0,1\\}` are operators) in a plain shell and ugrep inside Claude Code (ERE
by default: `x|`, `()`, `{0,1}`), rg reads Rust regex, `-P` PCRE. So every character that is
an operator in any of them is read as one here — `|` and `\\|` alternate, `(`/`\\(` group,
`*`, `?`, `+`, `{m,n}`, `\\?`, `\\+`, `\\{m,n\\}` repeat — which gives each branch the least
length any dialect could give it. Anything else a backslash starts (a back-reference, `\\Q`,
`\\K`, `\\x…`), `(?…)`, a bracket expression holding a backslash, an unbalanced group: not
proved. The answer is "proved non-empty" or nothing: doubt keeps the output exact.
"""

from __future__ import annotations

# escapes that stand for one character in every dialect (a class, or a quoted literal)
_ONE_CHAR_ESCAPES = frozenset("wWsSdD.[]*^$\\/-:=,\"#@%&~!;<> _'`")
# escapes that match no character (word boundaries, GNU's buffer anchors): length 0
_ZERO_ESCAPES = frozenset("bB<>'`AzZG")
_REPEATS = frozenset("*?+")


class _Unproved(Exception):
    """The pattern holds something this does not read with certainty."""


def never_empty(pattern: str, *, fixed: bool = False) -> bool:
    """True only when no line can be matched by `pattern` as an empty match: each of its
    newline-separated patterns (grep reads a newline as "or") needs at least one character in
    every dialect. `fixed`: `-F`, each pattern a literal string."""
    parts = pattern.split("\n")
    if fixed:
        return all(parts)
    try:
        return all(_least(part) > 0 for part in parts)
    except (_Unproved, RecursionError):
        return False


def _least(pattern: str) -> int:
    length, end = _alternation(pattern, 0, 0)
    if end != len(pattern):
        raise _Unproved  # a `)` with no `(`
    return length


def _alternation(pattern: str, at: int, depth: int) -> tuple[int, int]:
    """The least length of the branches from `at` to the group's end, and where it ends."""
    if depth > 20:
        raise _Unproved
    least: int | None = None
    branch = 0
    index = at
    previous: int | None = None  # the least length of the last atom (None: no atom yet)
    while index < len(pattern):
        char = pattern[index]
        pair = pattern[index:index + 2]
        if char == "|" or pair == "\\|":
            least = branch if least is None else min(least, branch)
            branch, previous = 0, None
            index += 1 if char == "|" else 2
            continue
        if char == ")" or pair == "\\)":
            break
        if char == "(" or pair == "\\(":
            if pattern[index + 1:index + 2] == "?":
                raise _Unproved  # (?i), (?:…), look-arounds
            inner, end = _alternation(pattern, index + (1 if char == "(" else 2), depth + 1)
            closing = pattern[end:end + 2]
            if closing[:1] == ")":
                end += 1
            elif closing == "\\)":
                end += 2
            else:
                raise _Unproved  # unclosed
            branch, previous, index = branch + inner, inner, end
            continue
        repeat = _repeat(pattern, index)
        if repeat is not None:
            minimum, index = repeat
            if previous is None:
                raise _Unproved  # a repeat of nothing: literal in one dialect, error in another
            if minimum == 0:
                branch -= previous
                previous = 0
            continue
        width, index = _atom(pattern, index)
        branch += width
        previous = width
    least = branch if least is None else min(least, branch)
    return least, index


def _repeat(pattern: str, at: int) -> tuple[int, int] | None:
    """A repeat operator at `at`: (its least count, where it ends), or None."""
    char = pattern[at]
    if char in _REPEATS:
        return (1 if char == "+" else 0), at + 1
    if char == "\\" and pattern[at + 1:at + 2] in ("?", "+"):
        return (1 if pattern[at + 1] == "+" else 0), at + 2
    if char == "\\" and pattern[at + 1:at + 2] == "{":
        return _interval(pattern, at + 2, "\\}")
    if char == "{":
        return _interval(pattern, at + 1, "}")
    return None


def _interval(pattern: str, at: int, closing: str) -> tuple[int, int] | None:
    """`{m}`, `{m,}`, `{m,n}`, `{,n}`: the least count m; None when not an interval (then the
    `{` is a literal in ERE; an error elsewhere — neither prints a line it does not match)."""
    end = pattern.find(closing, at)
    if end < 0:
        if closing == "\\}":
            raise _Unproved
        return None
    body = pattern[at:end]
    low = body.split(",", 1)[0]
    if not body or not all(c.isdigit() or c == "," for c in body) or body.count(",") > 1:
        if closing == "\\}":
            raise _Unproved
        return None
    return (int(low) if low else 0), end + len(closing)


def _atom(pattern: str, at: int) -> tuple[int, int]:
    """The least length of the atom at `at` and where it ends."""
    char = pattern[at]
    if char in "^$":
        return 0, at + 1  # an anchor (a literal in the middle of a BRE: counting 0 is safe)
    if char == "[":
        return 1, _bracket_end(pattern, at)
    if char == "\\":
        following = pattern[at + 1:at + 2]
        if following == "b" and pattern[at + 2:at + 3] == "{":
            close = pattern.find("}", at + 3)  # Rust's `\b{start}`, `\b{end-half}`: one
            if close < 0:  # zero-width assertion (GNU reads a literal `{…}` after `\b`)
                raise _Unproved
            return 0, close + 1
        if following in _ZERO_ESCAPES:
            return 0, at + 2
        if following and following in _ONE_CHAR_ESCAPES:
            return 1, at + 2
        raise _Unproved  # a back-reference (`\\1` can be empty), `\\Q`, `\\x41`, a lone `\\`
    if char in "}]":
        return 1, at + 1  # a literal in every dialect that reads it at all
    return 1, at + 1


def _bracket_end(pattern: str, at: int) -> int:
    """Where the bracket expression starting at `at` ends."""
    index = at + 1
    if pattern[index:index + 1] == "^":
        index += 1
    if pattern[index:index + 1] == "]":
        index += 1  # a leading `]` is a member
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            raise _Unproved  # an escape in POSIX brackets is a member, in Perl and Rust not
        if char == "[" and pattern[index + 1:index + 2] in (":", "=", "."):
            close = pattern.find(pattern[index + 1] + "]", index + 2)
            if close < 0:
                raise _Unproved
            index = close + 2
            continue
        if char == "[":
            raise _Unproved  # a nested class (Rust: `[a[b]]`)
        if char == "]":
            return index + 1
        index += 1
    raise _Unproved

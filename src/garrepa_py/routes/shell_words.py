"""The words of a Bash command line, when it is plainly simple words joined by `&&`; else None.

A conservative tokenizer, shared by the git route and the logs route: it says yes only to what it
understands with certainty and None to everything else, because a command it misreads is one
garrepa would rewrite (the logs route appends `2>&1 | runner`) or vouch for. Understood:
blanks between words; letters, digits and `_-./:=,+%@^~*?[]` outside quotes; `'…'`; `"…"`
with `\\` escapes; `\\x` outside quotes; `$NAME` and `${NAME}`; and `&&` (returned as AND).
Everything else — `;`, `|`, `&`, `<`, `>`, `(`, `)`, `{`, `}`, `!`, a word starting with `#`,
backticks, `$(`, `$'…'` (ANSI-C), `$"…"`, `$1`, `${x:-…}`, newlines, control characters,
non-ASCII outside quotes, an unclosed quote — makes the whole line None.
"""

from __future__ import annotations

import string

AND = "\0&&"  # the `&&` operator; a NUL never reaches a word, so no quoted "&&" is mistaken for it
WORD_CHARS = frozenset(string.ascii_letters + string.digits + "_-./:=,+%@^~*?[]")
NAME_START = frozenset(string.ascii_letters + "_")
NAME_CHARS = NAME_START | frozenset(string.digits)
DOUBLE_QUOTE_ESCAPES = frozenset('$`"\\')
BLANKS = frozenset(" \t")


class _Unsure(Exception):
    """The line holds something this tokenizer does not understand with certainty."""


def _printable(char: str) -> bool:
    return char >= " " and char != "\x7f"


def _variable(command: str, at: int) -> int:
    """The end of `$NAME` or `${NAME}` starting at `at` (the `$`)."""
    if command[at + 1:at + 2] == "{":
        end = at + 2
        while end < len(command) and command[end] in NAME_CHARS:
            end += 1
        if end == at + 2 or command[at + 2] not in NAME_START or command[end:end + 1] != "}":
            raise _Unsure
        return end + 1
    end = at + 1
    if end >= len(command) or command[end] not in NAME_START:
        raise _Unsure  # $'…', $"…", $(, $1, $@, $?, a lone $
    while end < len(command) and command[end] in NAME_CHARS:
        end += 1
    return end


def _single_quoted(command: str, at: int, word: list[str]) -> int:
    end = command.find("'", at + 1)
    if end < 0:
        raise _Unsure
    body = command[at + 1:end]
    if not all(_printable(c) for c in body):
        raise _Unsure  # a newline or control character inside quotes
    word.append(body)
    return end + 1


def _double_quoted(command: str, at: int, word: list[str]) -> int:
    index = at + 1
    while index < len(command):
        char = command[index]
        if char == '"':
            return index + 1
        if char == "`" or not _printable(char):
            raise _Unsure
        if char == "\\":
            following = command[index + 1:index + 2]
            if not following or not _printable(following):
                raise _Unsure
            word.append(following if following in DOUBLE_QUOTE_ESCAPES else char + following)
            index += 2
        elif char == "$":
            end = _variable(command, index)
            word.append(command[index:end])
            index = end
        else:
            word.append(char)
            index += 1
    raise _Unsure  # unclosed


def _words(command: str) -> list[str]:
    words: list[str] = []
    word: list[str] = []
    in_word = False
    index = 0
    while index < len(command):
        char = command[index]
        if char in BLANKS:
            if in_word:
                words.append("".join(word))
                word, in_word = [], False
            index += 1
            continue
        if char == "&" and command[index + 1:index + 2] == "&":
            if in_word:
                words.append("".join(word))
                word, in_word = [], False
            words.append(AND)
            index += 2
            continue
        if char == "#" and not in_word:
            raise _Unsure  # a comment
        if char in WORD_CHARS:
            word.append(char)
            index += 1
        elif char == "'":
            index = _single_quoted(command, index, word)
        elif char == '"':
            index = _double_quoted(command, index, word)
        elif char == "\\":
            following = command[index + 1:index + 2]
            if not following or not _printable(following):
                raise _Unsure  # a line continuation, or an escaped control character
            word.append(following)
            index += 2
        elif char == "$":
            end = _variable(command, index)
            word.append(command[index:end])
            index = end
        else:
            raise _Unsure  # an operator, a brace, `!`, a backtick, non-ASCII, a control char
        in_word = True
    if in_word:
        words.append("".join(word))
    return words


def words(command: str) -> list[str] | None:
    """The words of `command` (with AND for each `&&`), or None when it is anything but plain
    words joined by `&&`."""
    try:
        found = _words(command)
    except _Unsure:
        return None
    if not found or found[0] == AND or found[-1] == AND or any(
            a == AND and b == AND for a, b in zip(found, found[1:], strict=False)):
        return None
    return found

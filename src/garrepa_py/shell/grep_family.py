"""Whether a grep, rg, ag or ack command prints a file whole, read by each tool's own option
rules (standard library only).

`grep` is two programs: GNU grep in a plain shell, ugrep inside Claude Code (7.8.4 at the time
of writing), so its table is the union of both: an option either one knows is read, with the
meaning that prints the most (`-y` is `-i` to GNU, `--any-line` to ugrep; `-z` is GNU's
`--null-data`, ugrep's decompression; `-5` is GNU's context of 5 lines, ugrep's depth). Short
options bundle (`-nvC0`, `-e^`), a long option may be any unambiguous prefix (`--inv`), its value
joined by `=` or the next word. A search prints a file whole when it reads files (operands, a
recursive walk, or a stdin that is not the previous stage's output) and its lines are not only
counted or named (`-c`, `-l`, `-L`, `-q`), and any of: an option that prints every line (`-v`,
`--passthru`, `--any-line`, `-z`), a pattern file (`-f`: its content is not known), a large
context (`-C 100`), a pattern that may match the empty string (shell/regex_empty.py), an
option this table does not know. Doubt is a whole print: it keeps the output exact.
"""

from __future__ import annotations

CONTEXT_LIMIT = 100  # lines of context around each match from which a file may print whole


class Family:
    """One tool's options: which take a value, which are flags, and what each means here."""

    __slots__ = ("short_valued", "short_flags", "long_valued", "long_flags", "optional",
                 "print_all", "no_lines", "unsure", "fixed", "regex", "patterns",
                 "pattern_files", "context", "recursive", "no_pattern", "digit_context")

    def __init__(self, *, short_valued: str, short_flags: str, long_valued: str,
                 long_flags: str, print_all: str, no_lines: str, unsure: str = "",
                 fixed: str = "", regex: str = "", patterns: str = "", pattern_files: str = "",
                 context: str = "", recursive: str = "", no_pattern: str = "",
                 optional: str = "", digit_context: bool = False) -> None:
        self.short_valued = frozenset(short_valued)
        self.short_flags = frozenset(short_flags)
        self.long_valued = frozenset(long_valued.split())
        self.long_flags = frozenset(long_flags.split())
        self.optional = frozenset(optional.split())  # a value only after `=`
        self.print_all = frozenset(print_all.split())
        self.no_lines = frozenset(no_lines.split())
        self.unsure = frozenset(unsure.split())
        self.fixed = frozenset(fixed.split())
        self.regex = frozenset(regex.split())
        self.patterns = frozenset(patterns.split())
        self.pattern_files = frozenset(pattern_files.split())
        self.context = frozenset(context.split())
        self.recursive = frozenset(recursive.split())
        self.no_pattern = frozenset(no_pattern.split())
        self.digit_context = digit_context

    def long_name(self, written: str) -> str | None:
        """The option a long option's name (without `--`) stands for: itself, or the one
        option it is a prefix of; None when unknown or ambiguous."""
        known = self.long_valued | self.long_flags | self.optional
        if written in known:
            return written
        if written.startswith("no-") and "=" not in written:
            return written  # a negation turns something off: it prints no more than without
        found = [name for name in known if name.startswith(written)]
        return found[0] if len(found) == 1 else None


_GREP_LONG_VALUED = (
    "regexp file max-count after-context before-context context binary-files devices "
    "directories exclude exclude-from exclude-dir include label group-separator "
    # ugrep
    "include-from include-dir exclude-fs include-fs glob iglob glob-ignore file-extension "
    "file-magic file-type jobs range neg-regexp max-files max-depth min-count min-depth depth "
    "encoding tabs width sort tag view format format-begin format-end format-open "
    "format-close filter filter-magic-label replace config save-config pager hyperlink "
    "index heading-separator separator")
_GREP_LONG_FLAGS = (
    "extended-regexp fixed-strings basic-regexp perl-regexp ignore-case word-regexp "
    "line-regexp null-data no-messages invert-match version help byte-offset line-number "
    "line-buffered with-filename only-matching quiet silent text files-without-match "
    "files-with-matches count initial-tab null recursive dereference-recursive "
    "unix-byte-offsets binary no-filename no-ignore-case no-group-separator "
    # ugrep
    "any-line passthru smart-case column-number hidden ungroup with-hex hexdump empty "
    "dereference no-dereference decompress heading tree pretty json csv xml cpp "
    "count-matches stats files-with-match ignore-binary bool and andnot not "
    "only-line-number break match fuzzy split query all-files")
GREP = Family(
    short_valued="ABCDdefgJKmMNOt",
    short_flags="EFGPiwxzsvVbnHhoqaLlcTZrRuUyIjkpSWXY",
    long_valued=_GREP_LONG_VALUED, long_flags=_GREP_LONG_FLAGS, optional="color colour",
    print_all="v invert-match y any-line passthru z null-data",
    no_lines="c count l files-with-matches files-with-match L files-without-match q quiet "
             "silent count-matches",
    unsure="Z fuzzy query config save-config filter format format-begin format-end "
           "format-open format-close replace pager view index split",
    fixed="F fixed-strings", regex="E G P extended-regexp basic-regexp perl-regexp",
    patterns="e regexp", pattern_files="f file",
    context="A B C after-context before-context context",
    recursive="r R recursive dereference-recursive", digit_context=True)

RG = Family(
    short_valued="ABCEefgjMmrTt",
    short_flags="abcFHhiIlLnNopqsSuUvwxz0P.",
    long_valued=(
        "after-context before-context context encoding regexp file glob iglob threads "
        "max-columns max-count replace type-not type type-add type-clear max-depth "
        "max-filesize context-separator field-context-separator field-match-separator "
        "path-separator sort sortr colors engine dfa-size-limit regex-size-limit "
        "ignore-file hostname-bin hyperlink-format generate pre pre-glob"),
    long_flags=(
        "text count count-matches fixed-strings with-filename no-filename ignore-case "
        "files-with-matches files-without-match line-number no-line-number only-matching "
        "pretty quiet case-sensitive smart-case unrestricted multiline invert-match "
        "word-regexp line-regexp search-zip null null-data pcre2 hidden follow files "
        "type-list json vimgrep column byte-offset trim stats heading crlf passthru "
        "passthrough one-file-system binary no-messages no-config mmap debug trace "
        "help version line-buffered block-buffered max-columns-preview include-zero "
        "multiline-dotall no-unicode auto-hybrid-regex sort-files glob-case-insensitive"),
    optional="color", print_all="v invert-match passthru passthrough null-data",
    no_lines="c count count-matches l files-with-matches files-without-match q quiet",
    unsure="pre pre-glob replace r generate",
    fixed="F fixed-strings", patterns="e regexp", pattern_files="f file",
    context="A B C after-context before-context context", no_pattern="files type-list")

AG = Family(
    short_valued="ABCGgmp", short_flags="acDfHilLnoQrsStuUvwz0",
    long_valued="after before context file-search-regex ignore max-count path-to-ignore "
                "depth",
    long_flags="all-text case-sensitive count files-with-matches files-without-matches "
               "follow hidden ignore-case literal nofilename noheading numbers "
               "only-matching silent smart-case unrestricted word-regexp search-zip "
               "invert-match passthrough passthru",
    print_all="v invert-match passthrough passthru",
    no_lines="c count l files-with-matches L files-without-matches",
    fixed="Q literal", context="A B C after before context", no_pattern="",
    recursive="")

ACK = Family(
    short_valued="ABCgm", short_flags="cfHhiIklLnosvwxQ1",
    long_valued="after-context before-context context type ignore-dir max-count output",
    long_flags="count files-with-matches files-without-matches ignore-case smart-case "
               "literal invert-match word-regexp line passthru nofilter with-filename "
               "no-filename",
    print_all="v invert-match passthru", no_lines="c count l files-with-matches L "
                                                 "files-without-matches",
    unsure="output", fixed="Q literal", context="A B C after-context before-context context",
    no_pattern="f")

FAMILIES = {"grep": GREP, "egrep": GREP, "fgrep": GREP, "rg": RG, "ag": AG, "ack": ACK}


_VARIABLE, _GLOB = "\x01", "\x02"  # tokenizer.VARIABLE, GLOB: no import on this path
_MARKS = (_VARIABLE, _GLOB)


class _Unsure(Exception):
    """An option this does not know, or a command line it cannot read."""


def prints_whole(name: str, arguments: list[str], piped: bool) -> bool:
    """Whether `name arguments` (a grep-like stage) may print every line of a file. `piped`:
    its stdin is the previous stage's output, so without a file operand it is a filter."""
    family = FAMILIES[name]
    try:
        options, operands = _parse(family, arguments)
    except _Unsure:
        return True
    names = {option for option, _ in options}
    if names & family.unsure:
        return True
    if names & (family.no_lines | family.no_pattern):
        return False  # counts or names files, or lists them: no line of a file
    patterns = [value for option, value in options if option in family.patterns]
    if not names & (family.patterns | family.pattern_files):
        if not operands:
            return True  # no pattern at all: not ours to guess
        patterns, operands = [operands[0]], operands[1:]
    if piped and not operands and not names & family.recursive:
        return False  # a filter of the previous stage's output
    if names & (family.print_all | family.pattern_files):
        return True
    for option, value in options:
        if option in family.context and not (value.isdigit() and int(value) < CONTEXT_LIMIT):
            return True
    from garrepa_py.shell.regex_empty import never_empty

    fixed = bool(names & family.fixed) and not names & family.regex or name == "fgrep"
    return not all(pattern[:1] not in _MARKS and never_empty(pattern, fixed=fixed)
                   for pattern in patterns)


def _parse(family: Family, arguments: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The options (each as its full name and value, "" for a flag) and the operands."""
    options: list[tuple[str, str]] = []
    operands: list[str] = []
    index = 0
    while index < len(arguments):
        word = arguments[index]
        index += 1
        mark = word[:1] if word[:1] in _MARKS else ""
        if mark:  # a `$NAME` or an unquoted glob (tokenizer.joined_stages): read as written,
            word = word[1:]  # its values marked, so no pattern is proved from it
            if mark == _VARIABLE or word.startswith("-") and not (
                    word.startswith("--") and "=" in word):  # `--include=*.py` is one option
                raise _Unsure  # `$FLAGS`, `-[vn]`: which options the program gets is not known
        if word == "--":
            operands.extend(arguments[index:])
            break
        if word.startswith("--"):
            written, equals, value = word[2:].partition("=")
            full = family.long_name(written)
            if full is None:
                raise _Unsure
            if full in family.long_valued and not equals:
                if index >= len(arguments):
                    raise _Unsure
                value, index = arguments[index], index + 1
            elif equals and full not in family.long_valued | family.optional:
                raise _Unsure  # a value for a flag: an error in one tool, unknown in another
            options.append((full, mark + value))
            continue
        if not word.startswith("-") or word == "-":
            operands.append(mark + word)
            continue
        at = 1
        while at < len(word):
            letter = word[at]
            if letter.isdigit() and family.digit_context:
                end = at
                while end < len(word) and word[end].isdigit():
                    end += 1
                options.append(("C", word[at:end]))
                at = end
            elif letter in family.short_valued:
                value = mark + word[at + 1:]
                if not word[at + 1:]:
                    if index >= len(arguments):
                        raise _Unsure
                    value, index = arguments[index], index + 1
                options.append((letter, value))
                break
            elif letter in family.short_flags:
                options.append((letter, ""))
                at += 1
            else:
                raise _Unsure
    return options, operands

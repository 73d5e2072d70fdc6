"""The shell tokenizer every route shares: the words of a Bash command line, when it reads them
with certainty; None when it does not.

Conservative by design: it says yes only to what it understands with certainty and None to
everything else, because a command it misreads is one garrepa would rewrite (the logs route
appends `2>&1 | runner`), vouch for (the git route) or digest when it had to stay exact (the
command route). Understood in every word: blanks between words; letters, digits and
`_-./:=,+%@^~*?[]` outside quotes; `'…'`; `"…"` with `\\` escapes; `\\x` outside quotes;
`$NAME` and `${NAME}` (kept as written). Everything else — `(`, `)`, `{`, `}`, `!`, a `#`,
backticks, `$(`, `$'…'` (ANSI-C), `$"…"`, `$1`, `${x:-…}`, newlines, control characters,
non-ASCII outside quotes, an unclosed quote — makes the whole line None.

The public API:
  - `words(command)`: plain words joined by `&&` (AND marks each); any other operator is None.
  - `is_assignment(word)`: `NAME=value`.
  - `simple_command(command)`: exactly one command, after an optional `cd DIR &&` and
    `source FILE &&`, split into its `VAR=value` assignments and its argv.
  - `stages(command)`: the words of every command of a pipeline or list (`|`, `&&`, `||`, `;`),
    redirections included (see below); `joined_stages(command)` the same with the operator
    before each.
  - `file_reads(command)`: the files that `cat`, `head`, `sed` and the other readers print.

Redirections (`stages` and `file_reads` only): `<`, `>`, `>>`, `&>`, `&>>`, each with an optional
fd (`2>`), and the duplications `N>&M`, `N<&M`, `N>&-`. Each is reported in its stage as one
operator word starting with NUL (is_redirection: `"\\0<"`, `"\\02>"`, `"\\02>&1"`), followed by
its target word (none for a duplication), so a quoted `'<'` argument is never taken for one and a
path a redirection names is still a word of its stage. `<<`, `<<<`, `<>`, `>|`, `<(`, `>(`,
`>&WORD` and `|&` are None, as are `&` (a background job), `;;` and a stage that starts with a
reserved word (`if`, `for`, `while`, `time`, …): their words are not one command each.
"""

from __future__ import annotations

# No `string`, no `dataclasses`: every Bash result the hook sees is tokenized, and those imports
# cost a pass-through event several ms (tests/hook/test_entry.py holds the hook path to it).
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"

AND = "\0&&"  # the `&&` operator; a NUL never reaches a word, so no quoted "&&" is mistaken for it
OR = "\0||"
PIPE = "\0|"
SEMICOLON = "\0;"
SEPARATORS = frozenset({AND, OR, PIPE, SEMICOLON})
VARIABLE = "\x01"  # `joined_stages`: before a word holding a variable
GLOB = "\x02"  # `joined_stages`: before a word holding an unquoted glob character
REDIRECTION = "\0"  # the start of a redirection's operator word in `stages` (never in a word)
WORD_CHARS = frozenset(_LETTERS + _DIGITS + "_-./:=,+%@^~*?[]")
NAME_START = frozenset(_LETTERS + "_")
NAME_CHARS = NAME_START | frozenset(_DIGITS)
DOUBLE_QUOTE_ESCAPES = frozenset('$`"\\')
BLANKS = frozenset(" \t")
DIGITS = frozenset(_DIGITS)
OPERATOR_CHARS = frozenset("&|;<>")  # where a word ends when operators are understood
PATTERN_CHARS = frozenset("*?[")
RESERVED = frozenset({"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
                      "while", "until", "do", "done", "in", "function", "time", "coproc", "[[",
                      "]]"})


class _Unsure(Exception):
    """The line holds something this tokenizer does not understand with certainty."""


class _Word:
    __slots__ = ("text", "variable", "pattern")

    def __init__(self, text: str) -> None:
        self.text = text
        self.variable = False  # holds a `$NAME`: its value is known only when it runs
        self.pattern = False  # holds an unquoted `*`, `?` or `[`: a glob the shell expands


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


def _double_quoted(command: str, at: int, word: list[str], found: _Word) -> int:
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
            found.variable = True
            index = end
        else:
            word.append(char)
            index += 1
    raise _Unsure  # unclosed


def _word(command: str, at: int, operators: bool) -> tuple[int, _Word]:
    """The word starting at `at` (not a blank) and where it ends: at a blank, the end of the
    line, `&&`, or (with `operators`) any of `&|;<>`."""
    if command[at] == "#":
        raise _Unsure  # a comment
    found = _Word("")
    word: list[str] = []
    index = at
    while index < len(command):
        char = command[index]
        if char in BLANKS:
            break
        if char == "&" and (operators or command[index + 1:index + 2] == "&"):
            break
        if operators and char in OPERATOR_CHARS:
            break
        if char in WORD_CHARS:
            word.append(char)
            found.pattern = found.pattern or char in PATTERN_CHARS
            index += 1
        elif char == "'":
            index = _single_quoted(command, index, word)
        elif char == '"':
            index = _double_quoted(command, index, word, found)
        elif char == "\\":
            following = command[index + 1:index + 2]
            if not following or not _printable(following):
                raise _Unsure  # a line continuation, or an escaped control character
            word.append(following)
            index += 2
        elif char == "$":
            end = _variable(command, index)
            word.append(command[index:end])
            found.variable = True
            index = end
        else:
            raise _Unsure  # an operator, a brace, `!`, a backtick, `#`, non-ASCII, a control char
    found.text = "".join(word)
    return index, found


Token = str | _Word  # an operator (AND, OR, PIPE, SEMICOLON, a redirection) or a word


def _tokens(command: str, operators: bool) -> list[Token]:
    """The line's words and operators; without `operators` only `&&` is understood."""
    tokens: list[Token] = []
    index = 0
    while index < len(command):
        char, following = command[index], command[index + 1:index + 2]
        if char in BLANKS:
            index += 1
        elif char == "&" and following == "&":
            tokens.append(AND)
            index += 2
        elif not operators:
            index, word = _word(command, index, operators)
            tokens.append(word)
        elif char == "&":
            if following != ">":
                raise _Unsure  # a background job
            index = _redirection(command, index, "", tokens)
        elif char == "|":
            if following == "&":
                raise _Unsure  # `|&`
            tokens.append(OR if following == "|" else PIPE)
            index += 2 if following == "|" else 1
        elif char == ";":
            if following in (";", "&"):
                raise _Unsure  # a `case` terminator
            tokens.append(SEMICOLON)
            index += 1
        elif char in "<>":
            index = _redirection(command, index, "", tokens)
        else:
            start = index
            index, word = _word(command, index, operators)
            raw = command[start:index]
            if command[index:index + 1] in ("<", ">") and all(c in DIGITS for c in raw):
                index = _redirection(command, index, raw, tokens)  # `2>x`: the fd, not a word
            else:
                tokens.append(word)
    return tokens


def _redirection(command: str, at: int, fd: str, tokens: list[Token]) -> int:
    """Append the redirection at `at` (`<`, `>` or `&>`) and its target; return where it ends."""
    char, following = command[at], command[at + 1:at + 2]
    if char == "&":
        operator, at = ("&>>", at + 3) if command[at + 2:at + 3] == ">" else ("&>", at + 2)
    elif following == "&":
        end = at + 2
        while end < len(command) and command[end] in DIGITS:
            end += 1
        if end == at + 2 and command[end:end + 1] == "-":
            end += 1
        after = command[end:end + 1]
        if end == at + 2 or not (after == "" or after in BLANKS or after in OPERATOR_CHARS):
            raise _Unsure  # `>&WORD` (bash: both streams to a file), `>&`
        tokens.append(REDIRECTION + fd + command[at:end])
        return end
    elif char == ">" and following == ">":
        operator, at = ">>", at + 2
    elif following in ("<", ">", "|", "("):
        raise _Unsure  # a here-document or here-string, `<>`, `>|`, a process substitution
    else:
        operator, at = char, at + 1
    while at < len(command) and command[at] in BLANKS:
        at += 1
    if at >= len(command) or command[at] in OPERATOR_CHARS:
        raise _Unsure  # no target
    end, target = _word(command, at, True)
    tokens.extend([REDIRECTION + fd + operator, target])
    return end


def words(command: str) -> list[str] | None:
    """The words of `command` (with AND for each `&&`), or None when it is anything but plain
    words joined by `&&`."""
    try:
        found = [t if isinstance(t, str) else t.text for t in _tokens(command, operators=False)]
    except _Unsure:
        return None
    if not found or found[0] == AND or found[-1] == AND or any(
            a == AND and b == AND for a, b in zip(found, found[1:], strict=False)):
        return None
    return found


def is_assignment(word: str) -> bool:
    """`NAME=value`: an environment assignment before a command, not an argument."""
    name, equals, _ = word.partition("=")
    return bool(equals) and name.replace("_", "a").isalnum() and not name[0].isdigit()


def is_redirection(word: str) -> bool:
    """A redirection's operator word in a `stages` stage (`"\\0>"`, `"\\02>&1"`, …)."""
    return word.startswith(REDIRECTION) and word not in SEPARATORS


class SimpleCommand:
    """One command as the git and logs routes accept it: `[cd DIR &&] [source FILE &&]
    [VAR=value …] argv…` and nothing more."""

    __slots__ = ("cd", "sourced", "assignments", "argv")

    def __init__(self, cd: str | None, sourced: str | None, assignments: tuple[str, ...],
                 argv: tuple[str, ...]) -> None:
        self.cd = cd  # the directory of a leading `cd DIR &&`
        self.sourced = sourced  # the script of a `source FILE &&` / `. FILE &&` (after the cd)
        self.assignments = assignments
        self.argv = argv  # never empty

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SimpleCommand) and (
            self.cd, self.sourced, self.assignments, self.argv) == (
            other.cd, other.sourced, other.assignments, other.argv)

    def __repr__(self) -> str:
        return (f"SimpleCommand(cd={self.cd!r}, sourced={self.sourced!r}, "
                f"assignments={self.assignments!r}, argv={self.argv!r})")


def simple_command(command: str) -> SimpleCommand | None:
    """`command` as one simple command, or None when it is anything else (a pipe, a list, a
    redirection, a second `&&`, no command at all, or what `words` does not understand)."""
    tokens = words(command)
    if not tokens:
        return None
    cd = sourced = None
    if tokens[0] == "cd":
        if len(tokens) < 4 or tokens[2] != AND:
            return None
        cd = tokens[1]
        tokens = tokens[3:]
    if tokens[0] in ("source", ".") and len(tokens) >= 4 and tokens[2] == AND:
        sourced = tokens[1]
        tokens = tokens[3:]
    if AND in tokens:
        return None
    count = 0
    while count < len(tokens) and is_assignment(tokens[count]):
        count += 1
    if count == len(tokens):
        return None
    return SimpleCommand(cd, sourced, tuple(tokens[:count]), tuple(tokens[count:]))


def _stages(command: str) -> list[list[Token]] | None:
    joined = _joined_stages(command)
    return None if joined is None else [stage for _, stage in joined]


def _joined_stages(command: str) -> list[tuple[str | None, list[Token]]] | None:
    try:
        tokens = _tokens(command, operators=True)
    except _Unsure:
        return None
    found: list[tuple[str | None, list[Token]]] = [(None, [])]
    for token in tokens:
        if isinstance(token, str) and token in SEPARATORS:
            found.append((token, []))
        else:
            found[-1][1].append(token)
    for _, stage in found:
        program = _program_index(stage)
        if not stage or (program is not None and _text(stage[program]) in RESERVED):
            return None  # an empty stage (`a |`, `; a`, `a && && b`) or a compound command
    return found


def _text(token: Token) -> str:
    return token if isinstance(token, str) else token.text


def _has_target(operator: str) -> bool:
    """Whether a redirection's operator word is followed by its target (a duplication, `2>&1`,
    `<&-`, is not)."""
    return ">&" not in operator and "<&" not in operator


def _program_index(stage: list[Token]) -> int | None:
    """Where the stage's program is: its first word that is not an assignment or a
    redirection's target (None: it has none)."""
    index = 0
    while index < len(stage):
        token = stage[index]
        if isinstance(token, str):  # a redirection: its target (if any) follows
            index += 2 if _has_target(token) else 1
        elif is_assignment(token.text):
            index += 1
        else:
            return index
    return None


def stages(command: str) -> list[list[str]] | None:
    """The words of each command of the pipeline or list `command` is, in order (the `|`, `&&`,
    `||` and `;` between them left out; each redirection as its operator word and target), or
    None when the line holds anything the tokenizer does not understand with certainty."""
    found = _stages(command)
    if found is None:
        return None
    return [[_text(token) for token in stage] for stage in found]


def joined_stages(command: str) -> list[tuple[str | None, list[str]]] | None:
    """`stages`, each with the operator that joins it to the one before (PIPE: it reads that
    one's output; AND, OR, SEMICOLON: it starts a new part of the list; None for the first),
    and each word the shell changes before the program sees it marked: VARIABLE before one
    holding a `$NAME` (its value is known only when it runs), else GLOB before one holding an
    unquoted `*`, `?` or `[` (it may become file names)."""
    found = _joined_stages(command)
    if found is None:
        return None
    return [(operator, [_marked(token) for token in stage]) for operator, stage in found]


def _marked(token: Token) -> str:
    if isinstance(token, str):
        return token
    return (VARIABLE if token.variable else GLOB if token.pattern else "") + token.text


# ------------------------------------------------------------------ file reads

# program -> (short options that take a value, long options that take one); any other option is
# a flag. When a word's role is unclear it counts as a file: reporting too much keeps an output
# exact, too little would not.
READERS: dict[str, tuple[str, frozenset[str]]] = {
    "cat": ("", frozenset()),
    "tac": ("s", frozenset({"--separator"})),
    "head": ("nc", frozenset({"--lines", "--bytes"})),
    "tail": ("ncs", frozenset({"--lines", "--bytes", "--sleep-interval", "--pid",
                               "--max-unchanged-stats"})),
    "nl": ("bdfhilnsvw", frozenset({"--body-numbering", "--section-delimiter",
                                    "--footer-numbering", "--header-numbering",
                                    "--line-increment", "--join-blank-lines", "--number-format",
                                    "--number-separator", "--starting-line-number",
                                    "--number-width"})),
    "less": ("bhjkoOpPtTxyzD", frozenset({"--buffers", "--max-back-scroll", "--jump-target",
                                          "--lesskey-file", "--log-file", "--LOG-FILE",
                                          "--pattern", "--prompt", "--tag", "--tag-file",
                                          "--tabs", "--max-forw-scroll", "--window"})),
    "more": ("n", frozenset({"--lines"})),
    "bat": ("lrHm", frozenset({"--language", "--line-range", "--highlight-line",
                               "--map-syntax", "--style", "--theme", "--tabs", "--wrap",
                               "--terminal-width", "--color", "--paging", "--pager",
                               "--decorations", "--italic-text", "--file-name", "--diff-context",
                               "--ignored-suffix", "--nonprintable-notation", "--binary",
                               "--squeeze-limit", "--strip-ansi"})),
    "xxd": ("lscgon", frozenset()),
    "od": ("AjNtS", frozenset({"--address-radix", "--skip-bytes", "--read-bytes", "--format",
                               "--endian"})),
    "strings": ("ntesT", frozenset({"--bytes", "--radix", "--encoding", "--target",
                                    "--output-separator"})),
    "sed": ("efl", frozenset({"--expression", "--file", "--line-length"})),
    "awk": ("Ffv", frozenset({"--file", "--field-separator", "--assign"})),
    "gawk": ("FfvEeilW", frozenset({"--file", "--field-separator", "--assign", "--exec",
                                     "--source", "--include", "--load"})),
}
READERS.update({"batcat": READERS["bat"], "mawk": READERS["awk"], "nawk": READERS["awk"]})
SCRIPT_OPTIONS = frozenset({"e", "f", "E", "--expression", "--file", "--source", "--exec"})
# Programs that run another program named among their words: a reader among them reads files
# this cannot name (`xargs cat`, `find . -exec cat {} +`, `env cat f`, `sudo cat f`).
WRAPPERS = frozenset({"xargs", "find", "env", "command", "builtin", "exec", "nice", "nohup",
                      "sudo", "doas", "timeout", "stdbuf", "ionice", "chrt", "taskset",
                      "unbuffer", "parallel", "watch", "busybox", "script", "strace", "ltrace"})
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "eval"})
GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"})


class _Unknown(Exception):
    """A stage reads files this cannot name (a variable, a wrapper, a shell)."""


def file_reads(command: str) -> list[str] | None:
    """The files a file-reading stage of `command` prints, as written, in order: the operands
    (and `<` inputs) of cat, tac, head, tail, nl, less, more, bat, xxd, od, strings, sed (any
    but in-place `-i`, which writes and prints nothing), awk, and the `REV:PATH` of `git show` /
    `git cat-file`. [] when no stage reads a file; None when the command cannot be read with
    certainty (see stages) or a read's file is not known before it runs (`cat $F`, `xargs cat`,
    `env cat f`, `bash -c 'cat f'`, a program named by a variable or a glob).

    Reported as written: a glob (`cat *.py`) as its pattern, `~` unexpanded, a relative path
    relative to where its stage runs (a `cd DIR` stage before it is not applied); `-` (stdin)
    is not a file.
    """
    found = _stages(command)
    if found is None:
        return None
    reads: list[str] = []
    try:
        for stage in found:
            reads.extend(_stage_reads(stage))
    except _Unknown:
        return None
    return reads


def _stage_reads(stage: list[Token]) -> list[str]:
    argv: list[_Word] = []
    inputs: list[_Word] = []
    index = 0
    while index < len(stage):
        token = stage[index]
        if isinstance(token, str):
            has_target = _has_target(token)
            if has_target and token.endswith("<"):
                target = stage[index + 1]
                assert isinstance(target, _Word)
                inputs.append(target)
            index += 2 if has_target else 1
            continue
        if argv or not is_assignment(token.text):
            argv.append(token)
        index += 1
    if not argv:
        return []
    if argv[0].variable or argv[0].pattern and argv[0].text != "[":
        raise _Unknown  # `$PAGER f`, `/bin/c?t f`: which program runs is not known
    program = argv[0].text.rsplit("/", 1)[-1]
    rest = argv[1:]
    if program in SHELLS:
        raise _Unknown
    if program in WRAPPERS:
        if any(word.text.rsplit("/", 1)[-1] in READERS or word.variable for word in rest):
            raise _Unknown
        return []
    if program == "git":
        return _git_reads(rest)
    if program not in READERS:
        return []
    files = _operands(program, rest)
    if files is None:
        return []  # sed -i: a write
    named = files + inputs
    if any(word.variable for word in named):
        raise _Unknown
    return [word.text for word in named if word.text != "-"]


def _operands(program: str, rest: list[_Word]) -> list[_Word] | None:
    """The file operands of a reader's words; None for an in-place sed."""
    valued_short, valued_long = READERS[program]
    operands: list[_Word] = []
    script_given = False
    index = 0
    while index < len(rest):
        text = rest[index].text
        index += 1
        if text == "--":
            operands.extend(rest[index:])
            break
        if text.startswith("+") and program in ("tail", "more", "less", "od"):
            continue  # `tail +5 f`, `less +F f`, `od f +8`: a position, not a file
        if not text.startswith("-") or text == "-":
            operands.append(rest[index - 1])
            continue
        if text.startswith("--"):
            name = text.split("=", 1)[0]
            if program == "sed" and name == "--in-place":
                return None
            script_given = script_given or name in SCRIPT_OPTIONS
            if name in valued_long and "=" not in text:
                index += 1
            continue
        for position, letter in enumerate(text[1:], start=1):
            if program == "sed" and letter == "i":
                return None  # `-i`, `-i.bak`, `-ni`: in place
            if letter in valued_short:
                script_given = script_given or letter in SCRIPT_OPTIONS
                if position == len(text) - 1:
                    index += 1  # the value is the next word
                break
    if program in ("sed", "awk", "gawk", "mawk", "nawk") and not script_given and operands:
        operands = operands[1:]  # the script
    if program in ("awk", "gawk", "mawk", "nawk"):
        operands = [word for word in operands if not is_assignment(word.text)]
    return operands


def _git_reads(rest: list[_Word]) -> list[str]:
    """`git [global options] show|cat-file … REV:PATH …`: the PATHs, whose content it prints."""
    index = 0
    while index < len(rest) and rest[index].text.startswith("-"):
        option = rest[index].text
        index += 1 if "=" in option or option.split("=", 1)[0] not in GIT_VALUED else 2
    if index >= len(rest) or rest[index].text not in ("show", "cat-file"):
        return []
    paths: list[str] = []
    for word in rest[index + 1:]:
        text = word.text
        if text == "--":
            break  # pathspecs: they limit a commit's diff, they are not files shown whole
        if text.startswith("-") or ":" not in text or text.startswith(":/"):
            continue
        if word.variable:
            raise _Unknown
        path = text.split(":", 1)[1]
        if path:
            paths.append(path)
    return paths

"""Property (issue 33): for random argument lists over the grep, rg, curl and cat/head/tail
families — options bundled or not, long options abbreviated, values joined by `=` or given as
the next word, the command placed anywhere in a list among benign parts — a command that prints
every line of a file is never digested; and the same generator's benign twins (a pattern that
needs a character, no print-all option) still are, so the rule is narrow.

The oracle is the generator's own construction: it knows when it put in a pattern that matches
the empty string, an option that prints every line, a pattern file, a large context, a `file:`
URL or a config file. The decision function is checked on many examples; a smaller set goes
through the real hook process.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.config.schema import SETTINGS
from garrepa_py.config.settings import Settings
from garrepa_py.shell.exact import exact_reason

from .test_exact_by_parse import SOURCE, digested

DEFAULTS = Settings({setting.key: setting.default for setting in SETTINGS})
FILE = st.sampled_from(["app.py", "src/app.py", "./lib/util.rs", "README"])

# patterns that match the empty string in GNU BRE, GNU ERE, ugrep, PCRE or Rust regex
EVERYTHING = st.sampled_from(["", "^", "$", ".*", "a*", "^.*$", "x\\|", "\\(\\)", "x|", "(a|)",
                              "[a-z]*", "x\\{0,2\\}", "x{0,1}", "\\bx*", "(x)?", "|x", "x?"])
# patterns that need at least one character in every dialect
SOMETHING = st.sampled_from(["def", "value", "^def ", "TODO", "foo|bar", "x\\+", "[0-9]+",
                             "a.b", "return$", "\\bvalue\\b", "x{2}", "(ab)+", "[[:alpha:]]"])
GREP_FLAGS = "nisHhaIwcEG"  # harmless alone; `c` counts, so the whole-file cases leave it out
RG_FLAGS = "nisHNIwS"


def bundle(letters: list[str]) -> list[str]:
    """Short flags as one word (`-nis`) or several (`-n -i -s`): both spellings."""
    return [f"-{''.join(letters)}"] if letters else []


@st.composite
def flags(draw: st.DrawFn, alphabet: str) -> list[str]:
    letters = draw(st.lists(st.sampled_from(alphabet), max_size=4, unique=True))
    if draw(st.booleans()):
        return bundle(letters)
    return [f"-{letter}" for letter in letters]


def prefix(draw: st.DrawFn, name: str, shortest: int) -> str:
    """A long option as written: in full or an unambiguous prefix (GNU getopt accepts them)."""
    return name[:draw(st.integers(shortest, len(name)))]


@st.composite
def pattern_words(draw: st.DrawFn, program: str, pattern: str,
                  positional: bool = True) -> tuple[list[str], bool]:
    """The pattern in one of its spellings; True when it is positional (before the files)."""
    form = draw(st.integers(0 if positional else 1, 4))
    if form == 0:
        return [pattern], True
    if form == 1:
        return ["-e", pattern], False
    if form == 2 and pattern and not pattern.startswith("-"):
        return [f"-e{pattern}"], False
    name = prefix(draw, "regexp", 4)
    if form == 3:
        return [f"--{name}={pattern}"], False
    return [f"--{name}", pattern], False


@st.composite
def whole_search(draw: st.DrawFn) -> str:
    """A grep or rg that prints every line of its file, by one of the ways it can."""
    program = draw(st.sampled_from(["grep", "rg"]))
    alphabet = (GREP_FLAGS if program == "grep" else RG_FLAGS).replace("c", "")
    options = draw(flags(alphabet))
    pattern = draw(SOMETHING)
    way = draw(st.integers(0, 4))
    if way == 0:
        pattern = draw(EVERYTHING)
    elif way == 1:  # an option that prints every line
        if program == "grep":
            options += [draw(st.sampled_from(["-v", "-y", "-z", f"--{prefix(draw, 'invert-match', 3)}",
                                              f"--{prefix(draw, 'any-line', 2)}",
                                              f"--{prefix(draw, 'null-data', 6)}"]))]
        else:
            options += [draw(st.sampled_from(["-v", "--passthru", "--passthrough",
                                              "--invert-match"]))]  # rg: no abbreviations
        if options[-1] == "-v" and draw(st.booleans()):  # bundled: -nvC0
            options[-1] = f"-n{'v'}{'C0' if draw(st.booleans()) else ''}"
    elif way == 2:  # a pattern file, whose content is not known
        name = prefix(draw, "file", 4)
        spelled = draw(st.sampled_from([["-f", "p.pat"], ["-fp.pat"], [f"--{name}=p.pat"],
                                        [f"--{name}", "p.pat"]]))
        if name != "file" and program == "rg":
            spelled = ["-f", "p.pat"]  # rg takes no abbreviations
        return " ".join([program, *options, *spelled, draw(FILE)])
    elif way == 3:  # a context wider than the file
        lines = str(draw(st.integers(100, 100_000)))
        options += draw(st.sampled_from([["-C", lines], [f"-C{lines}"], [f"--context={lines}"],
                                         ["-A", lines], ["-B", lines]]))
    else:  # two patterns, one of them matching everything
        pattern = draw(EVERYTHING)
        options += ["-e", draw(SOMETHING)]
        spelled, _ = draw(pattern_words(program, pattern, positional=False))
        if spelled[0].startswith("--") and program == "rg":
            spelled = ["-e", pattern]
        return " ".join([program, *options, *map(quote, spelled), draw(FILE)])
    spelled, positional = draw(pattern_words(program, pattern))
    if program == "rg" and spelled[0].startswith("--") and not spelled[0].startswith(
            "--regexp"):
        spelled = ["--regexp", pattern]
    words = [*options, *map(quote, spelled), draw(FILE)]
    if not positional and draw(st.booleans()):
        words = [words[-1], *words[:-1]]  # GNU permutes: the file first, options after it
    return " ".join([program, *words])


def quote(word: str) -> str:
    return "'" + word + "'" if word == "" or not word.replace("-", "a").replace("=", "a").isalnum() \
        else word


@st.composite
def whole_other(draw: st.DrawFn) -> str:
    """curl of a file, or cat/head/tail printing one whole."""
    path = draw(FILE)
    family = draw(st.sampled_from([0, 1, 2, 2, 2]))  # the readers: three families
    if family == 0:
        scheme = draw(st.sampled_from(["file", "FILE", "File", "{file,x}", "fi{le,x}", "{x,file}"]))
        flag = draw(st.sampled_from(["", "-s ", "-sSL ", "-f "]))
        return f"curl {flag}'{scheme}:///work/{path}'"
    if family == 1:
        name = prefix(draw, "config", 4)
        return draw(st.sampled_from(["curl -K cfg", "curl -sK cfg", "curl -Kcfg",
                                     f"curl --{name} cfg", f"curl --{name}=cfg -s"]))
    return draw(st.sampled_from([f"cat {path}", f"cat -n {path}", f"head -n 100000 {path}",
                                 f"head --lines=100000 {path}", f"tail -n +1 {path}",
                                 f"tail -c +1 {path}", f"head -c 999999 {path}"]))


OTHERS = st.sampled_from(["ls", "du -sh .", "find . -name '*.py'", "ls -la src", "ps aux"])


@st.composite
def placed(draw: st.DrawFn, command: st.SearchStrategy[str], after_pipe: bool = False) -> str:
    """The command alone or as any part of a list, among benign producers; `after_pipe`: also
    behind a pipe (a program given a file of its own ignores what the pipe brings), or, for the
    benign twins, followed by filters."""
    core = draw(command)
    if after_pipe and draw(st.booleans()):
        core = f"{draw(OTHERS)} | {core}"
    elif not after_pipe and draw(st.booleans()):
        core += draw(st.sampled_from([" | sort", " | head -n 50", " | grep -v test",
                                      " | sort | uniq -c", " | wc -l"]))
    before = draw(st.lists(st.tuples(OTHERS, st.sampled_from([" && ", " ; ", " || "])),
                           max_size=2))
    after = draw(st.lists(st.tuples(st.sampled_from([" && ", " ; ", " || "]), OTHERS),
                          max_size=2))
    prefix_env = draw(st.sampled_from(["", "LC_ALL=C ", "cd src && "]))
    return prefix_env + "".join(a + op for a, op in before) + core + "".join(
        op + a for op, a in after)


@st.composite
def benign_search(draw: st.DrawFn) -> str:
    program = draw(st.sampled_from(["grep", "rg"]))
    options = draw(flags(GREP_FLAGS if program == "grep" else RG_FLAGS))
    if program == "grep":
        options += ["-r"]
    pattern = draw(SOMETHING)
    if program == "grep" and pattern in ("foo|bar", "[0-9]+", "x{2}", "(ab)+"):
        options += ["-E"]
    spelled, _ = draw(pattern_words(program, pattern))
    if program == "rg" and spelled[0].startswith("--"):
        spelled = ["-e", pattern]
    context = draw(st.sampled_from([[], ["-C", "3"], ["-A2"], ["--context=5"]]))
    return " ".join([program, *options, *context, *map(quote, spelled),
                     draw(st.sampled_from([".", "src", "lib tests"]))])


WHOLE = placed(st.one_of(whole_search(), whole_other()), after_pipe=True)
BENIGN = placed(st.one_of(benign_search(), st.just("curl -s https://example.com/api/items")))


@settings(max_examples=400, deadline=None)
@given(WHOLE)
def test_a_command_printing_every_line_of_a_file_is_never_digested(command: str) -> None:
    assert exact_reason(command, DEFAULTS) is not None, command


@settings(max_examples=300, deadline=None)
@given(BENIGN)
def test_control_the_same_shapes_searching_for_something_are_digested(command: str) -> None:
    assert exact_reason(command, DEFAULTS) is None, command


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(WHOLE, BENIGN)
def test_through_the_real_hook_whole_prints_pass_and_twins_are_digested(
        tmp_path: Path, whole: str, benign: str) -> None:
    listing = "".join(f"src/m{n % 40}.py:{n}:    value = {n}\n" for n in range(4000))
    assert not digested(tmp_path / "whole", whole, SOURCE), whole
    assert digested(tmp_path / "benign", benign, listing), benign


def test_the_generator_reaches_each_family() -> None:
    """The oracle's families are all drawn: a generator stuck on one would prove little."""
    seen: set[str] = set()

    @settings(max_examples=200, deadline=None, database=None)
    @given(WHOLE)
    def collect(command: str) -> None:
        seen.update(word for word in ("grep", "rg", "curl", "cat", "head", "tail", "&&", ";", "|")
                    if word in command.split())

    collect()
    assert seen >= {"grep", "rg", "curl", "cat", "head", "tail", "&&", ";", "|"}, \
        json.dumps(sorted(seen))

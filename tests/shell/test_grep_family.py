"""shell/grep_family.py: a grep-like stage read by the tool's own option rules, GNU grep's and
ugrep's both for `grep`; whether it may print every line of a file."""

from __future__ import annotations

import shlex

import pytest

from garrepa_py.shell.grep_family import prints_whole

GLOB, VARIABLE = "\x02", "\x01"  # tokenizer.GLOB, VARIABLE: marks joined_stages puts on words


@pytest.mark.parametrize("argv", [
    "grep -e^ F", "grep -e ^ F", "grep --regexp=^ F", "grep --regexp ^ F", "grep --reg=^ F",
    "grep --regexp= F", "grep -f p F", "grep -fp F", "grep --fi=p F", "grep -nvC0 x F",
    "grep --inv x F", "grep --invert x F", "grep -y x F", "grep --any x F", "grep -z x F",
    "grep --null-d x F", "grep -12000 x F", "grep -C 100 x F", "grep --context=500 x F",
    "grep -A x x F", "grep 'x\\|' F", "grep '\\(\\)' F", "grep -E 'x|' F", "grep -e def -e '' F",
    "grep -Z x F", "grep -Q x F", "grep --fil x F", "grep --format=%O x F", "grep -% x F",
    "grep --regexp", "grep", "grep F -v x", "egrep 'x|' F", "fgrep -e '' F", "rg '' F",
    "rg --passthru x F", "rg --pre cat x F", "rg -f p F", "ag -v x F", "ack --passthru x F",
    "grep -r ''", "grep -x '.*' F",
])
def test_a_search_that_may_print_every_line_is_whole(argv: str) -> None:
    name, *arguments = shlex.split(argv)
    assert prints_whole(name, arguments, piped=False)


@pytest.mark.parametrize("argv", [
    "grep -e^def F", "grep --regexp=def F", "grep -nC0 x F", "grep --line-n x F",
    "grep -i x F", "grep -C 99 x F", "grep -5 x F", "grep 'x\\|y' F", "grep -rnE 'foo|bar' .",
    "grep -c x F", "grep -l x F", "grep -L x F", "grep -q x F", "grep -cv x F", "grep -rl x .",
    "grep --count -v x F", "grep -F 'a*' F", "fgrep 'a*' F", "rg --files", "rg -n fn src",
    "grep --no-messages x F", "grep --color=always x F", "grep --colour x F",
    "grep -rn x '--include=*.py' .", "grep -w value F", "ag foo src", "ack -i foo src",
])
def test_a_search_for_something_is_not_whole(argv: str) -> None:
    name, *arguments = shlex.split(argv)
    assert not prints_whole(name, arguments, piped=False)


@pytest.mark.parametrize(("argv", "whole"), [
    (["grep", "-v", "x"], False),  # `find . | grep -v x`: a filter of the output before it
    (["grep", ""], False),
    (["grep", "-f", "p"], False),
    (["grep", "-v", "x", "F"], True),  # a file of its own: it ignores the pipe
    (["grep", "-r", ""], True),  # -r with no file searches the working directory
    (["rg", "-v", "x"], False),
])
def test_after_a_pipe_only_a_search_of_files_prints_them(argv: list[str], whole: bool) -> None:
    assert prints_whole(argv[0], argv[1:], piped=True) is whole


@pytest.mark.parametrize(("arguments", "whole"), [
    ([GLOB + "def*", "F"], True),  # the glob may become any file's name: the pattern unknown
    (["-e", GLOB + "x*y", "F"], True),
    ([GLOB + "-[vn]", "x", "F"], True),  # may become options
    ([VARIABLE + "$P", "F"], True),
    (["def", GLOB + "*.py"], False),  # files from a glob: still a search for "def"
    (["-rn", "def", GLOB + "--include=*.py", "."], False),
])
def test_words_the_shell_changes_are_not_proved(arguments: list[str], whole: bool) -> None:
    assert prints_whole("grep", arguments, piped=False) is whole

"""shell/regex_empty.py: a pattern is proved never to match the empty string only when no
dialect (GNU BRE, GNU ERE, PCRE, ugrep's ERE, Rust regex) lets it, checked against the real
GNU grep of this machine as the oracle."""

from __future__ import annotations

import re
import shutil
import subprocess
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from garrepa_py.shell.regex_empty import never_empty

GREP = shutil.which("grep")


@pytest.mark.parametrize("pattern", [
    "", "^", "$", ".*", "a*", "x\\|", "x|", "|x", "\\(\\)", "()", "(a|)", "a?", "a\\?",
    "a{0,3}", "a\\{0,3\\}", "a{,3}", "[a-z]*", "\\bx*\\b", "^$", "(a*)+", "(?i)abc", "\\1",
    "\\(a\\)\\1", "[\\w]", "a\nb\n", "x\\{", "(a", "a)", "*", "\\Qa\\E",
])
def test_a_pattern_that_may_match_nothing_is_not_proved(pattern: str) -> None:
    assert not never_empty(pattern)


@pytest.mark.parametrize("pattern", [
    "def", "^def ", "foo|bar", "foo\\|bar", "\\(ab\\)*c", "(ab)+", "x+", "x\\+", "[0-9]+",
    "a.b", "return$", "\\bvalue\\b", "x{2}", "x\\{2\\}", "[[:alpha:]]", "[]a]", "[^x]", "\\.",
    "a{", "x}", "\\w+", "a\nb",
])
def test_a_pattern_that_needs_a_character_in_every_dialect_is_proved(pattern: str) -> None:
    assert never_empty(pattern)


def test_fixed_strings_need_only_be_non_empty() -> None:
    assert never_empty("a*", fixed=True) and never_empty("\\(", fixed=True)
    assert not never_empty("", fixed=True) and not never_empty("a\n", fixed=True)


PIECES = st.sampled_from(["a", "b", ".", "*", "+", "?", "|", "\\|", "(", ")", "\\(", "\\)",
                          "[a-z]", "[^x]", "^", "$", "{0,2}", "{2}", "\\{1\\}", "\\{0,1\\}",
                          "\\b", "\\w", "\\.", "\\+", "\\?", "{", "}", "[[:digit:]]"])


def _grep_matches_an_empty_line(dialect: str, pattern: str) -> bool:
    assert GREP is not None
    proc = subprocess.run([GREP, dialect, "-c", "-e", pattern], input=b"\n",
                          capture_output=True, check=False)
    return proc.stdout.strip() not in (b"", b"0")


@pytest.mark.skipif(GREP is None, reason="no grep on this machine")
@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=6).map("".join))
def test_a_proved_pattern_matches_no_empty_line_in_any_dialect(pattern: str) -> None:
    """The oracle is the real grep (BRE, ERE, PCRE) and Python's re: when the prover says
    a character is needed, none of them finds a match on an empty line."""
    if not never_empty(pattern):
        return
    for dialect in ("-G", "-E", "-P"):
        assert not _grep_matches_an_empty_line(dialect, pattern), (dialect, pattern)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "possible nested set": Python's own reading
        try:
            assert re.search(pattern, "") is None, pattern
        except re.error:
            pass

"""The command-output digest on real outputs (tests/structural/corpus/, built by
scripts/build_command_corpus.py): every grep file and every directory named or inside a range
that really holds it, error lines kept with their numbers, folds exact, the budget kept, and
linear time. Each digest is parsed back and checked against the source it came from."""

from __future__ import annotations

import json
import lzma
import re
from functools import cache
from pathlib import Path

import pytest

from garrepa_py import textlines
from garrepa_py.structural import command_output
from garrepa_py.structural.tree.listing import parent_of

from ..support.timing import cpu_seconds, quadratic_lines, timing

CORPUS = Path(__file__).resolve().parent / "corpus"
NUMBER = r"\d[\d,]*"
RANGE = re.compile(rf"lines? ({NUMBER})(?:-({NUMBER}))?")
LEAF = re.compile(rf"(?P<path>.+?): (?:(?P<n>{NUMBER}) match(?:es)?|binary file matches), "
                  rf"(?P<ranges>lines? {NUMBER}.*?)(?:; (?P<first>{NUMBER}): (?P<text>.*))?$")
GROUP = re.compile(rf"(?P<dir>.+?)/? \((?:rest )?rolled up\): .*?(?P<ranges>lines? {NUMBER}"
                   rf"(?:-{NUMBER})?)$")
DIR_LINE = re.compile(rf"(?P<dir>.+?)/?: (?P<n>{NUMBER}) entr(?:y|ies)(?:, {NUMBER} below)?, "
                      rf"(?P<ranges>lines? {NUMBER}(?:-{NUMBER})?)(?:; .*)?$")
QUOTE = re.compile(rf"(?P<n>{NUMBER}): (?P<text>.*?)(?: …\[\+{NUMBER} chars\])?"
                   rf"(?:  \(× (?P<times>{NUMBER}), lines? (?P<a>{NUMBER})(?:-(?P<b>{NUMBER}))?\))?$")


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def _spans(text: str) -> list[tuple[int, int]]:
    return [(_int(a), _int(b or a)) for a, b in RANGE.findall(text)]


@cache
def output(name: str) -> str:
    return lzma.decompress((CORPUS / f"{name}.txt.xz").read_bytes()).decode("utf-8", "replace")


@cache
def command(name: str) -> str:
    return str(json.loads((CORPUS / "SOURCES.json").read_text())["outputs"][name]["command"])


def grep_truth(lines: list[str]) -> dict[int, str]:
    """Line number -> the file it belongs to, read independently: a match line's path is what
    precedes its `:N:`; a context line belongs to the matched file it starts with."""
    owner: dict[int, str] = {}
    paths = set()
    for number, line in enumerate(lines, start=1):
        found = re.match(r"(.+?):(\d+):", line)
        if found:
            owner[number] = found.group(1)
            paths.add(found.group(1))
    for number, line in enumerate(lines, start=1):
        if number not in owner and line != "--":
            owner[number] = next(p for p in paths if line.startswith(p + "-"))
    return owner


@pytest.mark.parametrize("name", ["grep-rn-deprecat", "grep-rn-C2-warnings"])
@pytest.mark.parametrize("budget", [9_000, 4_000])
def test_every_grep_file_is_named_or_inside_a_range_that_holds_only_its_directory(
        name: str, budget: int) -> None:
    text = output(name)
    lines = textlines.split(text)
    owner = grep_truth(lines)
    files = set(owner.values())
    body = command_output.digest(text, command(name), budget)
    assert len(body.text) <= budget
    assert body.text.startswith(f"grep output: {len(lines):,} lines")
    named: set[str] = set()
    covered: set[str] = set()
    for line in body.text.split("\n")[2:]:
        leaf, group = LEAF.match(line), GROUP.match(line)
        if group:
            prefix = "" if group.group("dir") == "the rest" else group.group("dir").rstrip("/") + "/"
            for start, end in _spans(group.group("ranges")):
                inside = {owner[n] for n in range(start, end + 1) if n in owner}
                assert all(path.startswith(prefix) for path in inside), line
                covered |= inside
        elif leaf:
            path = leaf.group("path")
            assert path in files, line
            held = [n for start, end in _spans(leaf.group("ranges"))
                    for n in range(start, end + 1)]
            assert {owner[n] for n in held if n in owner} == {path}, line
            assert set(held) >= {n for n, p in owner.items() if p == path}, line
            matches = sum(1 for n in held if re.match(rf"{re.escape(path)}:\d+:", lines[n - 1]))
            assert matches == _int(leaf.group("n")), line
            if leaf.group("first"):
                assert lines[_int(leaf.group("first")) - 1].split(":", 2)[2].strip().startswith(
                    leaf.group("text").strip())
            named.add(path)
    assert named | covered == files
    # most files by name, not all rolled up (a peer kept 4 of 101)
    assert len(named) >= (min(len(files), 100) if budget >= 9_000 else 30)
    assert set(body.must_keep) <= named | {p for p in body.must_keep if p not in files}


def ls_truth(lines: list[str]) -> dict[int, str]:
    """Line number of each `dir:` section header -> the directory."""
    return {n: line[:-1] for n, line in enumerate(lines, start=1)
            if line.endswith(":") and (n == 1 or not lines[n - 2])}


def find_truth(lines: list[str]) -> tuple[set[str], dict[int, str]]:
    """(every directory of a find listing, line number -> the path on it)."""
    paths = dict(enumerate(lines, start=1))
    dirs = {parent_of(p) for p in paths.values()} - {""}
    return dirs, paths


@pytest.mark.parametrize("name", ["ls-laR", "find"])
@pytest.mark.parametrize("budget", [9_000, 3_000])
def test_every_directory_is_named_or_inside_a_range_of_its_rolled_up_parent(
        name: str, budget: int) -> None:
    text = output(name)
    lines = textlines.split(text)
    if name == "ls-laR":
        headers = ls_truth(lines)
        dirs, at = set(headers.values()), headers
    else:
        dirs, at = find_truth(lines)
    body = command_output.digest(text, command(name), budget)
    assert len(body.text) <= budget
    named: set[str] = set()
    covered: set[str] = set()
    for line in body.text.split("\n")[2:]:
        group, shown = GROUP.match(line), DIR_LINE.match(line)
        if group:
            prefix = group.group("dir").rstrip("/")
            for start, end in _spans(group.group("ranges")):
                inside = {at[n] for n in range(start, end + 1) if n in at}
                assert all(p == prefix or p.startswith(prefix + "/") for p in inside), line
                covered |= inside & dirs
        elif shown:
            directory = shown.group("dir").rstrip("/") or "/"
            assert directory in dirs, line
            (start, end), = _spans(shown.group("ranges"))
            if name == "ls-laR":  # its own section: the header, then its rows
                assert lines[start - 1] == directory + ":" and (end == len(lines) or
                                                              not lines[end])
                rows = [r for r in lines[start:end] if not r.startswith("total ")]
                assert len(rows) - 2 == _int(shown.group("n"))  # less . and ..
            else:  # its subtree: every path in it is below it
                assert all(at[n] == directory or at[n].startswith(directory + "/")
                           for n in range(start, end + 1))
            named.add(directory)
    assert named | covered == dirs
    # dozens by name, not one line for the whole tree (a peer kept 1 of 2,454)
    assert len(named) >= (40 if budget >= 9_000 else 8)


def _quoted(body: str) -> list[tuple[int, str, int, int]]:
    """(line, quoted text, fold first, fold last) of every numbered line of a text digest."""
    found = []
    for line in body.split("\n"):
        quote = QUOTE.fullmatch(line)
        if quote:
            number = _int(quote.group("n"))
            first = _int(quote.group("a")) if quote.group("a") else number
            last = _int(quote.group("b") or quote.group("a")) if quote.group("a") else number
            found.append((number, quote.group("text"), first, last))
    return found


def _check_quotes(body: str, lines: list[str]) -> None:
    for number, quoted, first, last in _quoted(body):
        assert 1 <= number <= len(lines) and lines[number - 1].startswith(quoted)
        assert all(lines[n - 1] == lines[number - 1] for n in range(first, last + 1))


def test_a_failing_pip_install_keeps_every_error_line_with_its_number() -> None:
    text = output("pip-install-fails")
    lines = textlines.split(text)
    body = command_output.digest(text, command("pip-install-fails"), 9_000).text
    assert body.startswith(f"Text output: {len(lines):,} lines, {len(text):,} chars")
    for needle in ("ERROR: Failed building wheel for pycairo", "Failed to build pycairo",
                   "error: subprocess-exited-with-error", "ERROR: Could not build wheels",
                   "SetuptoolsDeprecationWarning", "warning: no files found matching"):
        numbers = [n for n, line in enumerate(lines, start=1) if needle in line]
        assert numbers, needle
        for number in numbers:
            assert f"\n{number:,}: {lines[number - 1][:200]}" in body, needle
    _check_quotes(body, lines)
    assert "Not shown: lines " in body  # the middle is indexed, not claimed


def test_a_failing_npm_install_keeps_its_error_lines() -> None:
    text = output("npm-install-fails")
    lines = textlines.split(text)
    body = command_output.digest(text, command("npm-install-fails"), 9_000).text
    errors = [n for n, line in enumerate(lines, start=1) if line.startswith("npm error")]
    assert len(errors) >= 3
    for number in errors:
        assert f"{number:,}: {lines[number - 1]}" in body
    _check_quotes(body, lines)


def test_build_output_naming_error_files_is_not_an_error() -> None:
    """`copying lib/errors.py`, `adding 'psycopg2/errorcodes.py'`, `-c psycopg/error_type.c`:
    words of failure inside paths are not failures."""
    lines = textlines.split(output("pip-install"))
    pathy = [line for line in lines if re.search(r"error\w*\.(py|c|o)\b", line)]
    assert len(pathy) >= 4
    assert not any(command_output.error_like(line) for line in pathy)
    assert command_output.error_like("ERROR: Could not build wheels for pycairo")
    assert command_output.error_like("npm error code ETARGET")
    assert command_output.error_like("ValueError: bad")


def test_a_run_of_identical_lines_folds_to_one_with_its_range() -> None:
    real = textlines.split(output("npm-install"))
    repeated = real[100]
    source = real[:120] + [repeated] * 57 + real[120:]
    text = "\n".join(source) + "\n"
    body = command_output.digest(text, "npm install", 9_000).text
    lines = textlines.split(text)
    _check_quotes(body, lines)
    assert len(body) <= 9_000
    # the run is in the hidden middle or folded where shown; never quoted line by line
    assert body.count(repeated[:60]) <= 3


def test_a_fold_in_the_tail_cites_its_exact_lines() -> None:
    real = textlines.split(output("pip-install-fails"))
    text = "\n".join(real + [real[-1]] * 9) + "\n"
    lines = textlines.split(text)
    body = command_output.digest(text, "pip install", 9_000).text
    folds = [q for q in _quoted(body) if q[3] > q[2]]
    assert folds and folds[-1][2:] == (len(real), len(lines))
    _check_quotes(body, lines)


@pytest.mark.parametrize("name", ["grep-rn-deprecat", "grep-rn-C2-warnings", "ls-laR", "find",
                                  "pip-install", "pip-install-fails", "npm-install",
                                  "npm-install-fails"])
def test_the_body_keeps_any_budget_and_says_what_it_read(name: str) -> None:
    text = output(name)
    kinds = {"grep": "grep output:", "ls-laR": "ls -R listing:", "find": "Path list:"}
    expected = next((v for k, v in kinds.items() if name.startswith(k)), "Text output:")
    for budget in (9_000, 2_000, 600):
        body = command_output.digest(text, command(name), budget)
        assert len(body.text) <= budget
        assert body.text.startswith(expected)
        assert len(body.must_keep) <= command_output.MAX_HANDLES
        assert all(handle in body.text for handle in body.must_keep)


def test_the_command_is_only_a_hint() -> None:
    text = output("grep-rn-deprecat")
    assert command_output.shape(textlines.split(text), "") == "grep"
    assert command_output.shape(textlines.split(output("find")), "cat out.txt") == "paths"
    assert command_output.shape(textlines.split(output("ls-laR")), "") == "ls"
    assert command_output.shape(textlines.split(output("npm-install")), "grep x") == "text"


def _copies(text: str, times: int) -> str:
    """`times` copies of a grep output, each under its own top directory (distinct paths)."""
    return "".join(text.replace("./", f"./copy{k}/") for k in range(times))


RATIO_LIMIT = 20.0  # t(8N) / t(N): linear is 8, quadratic 64; 2.5 times linear


@timing
@pytest.mark.parametrize("name", ["grep-rn-deprecat", "npm-install", "find"])
def test_the_digest_stays_linear(name: str) -> None:
    small, large = _copies(output(name), 1), _copies(output(name), 8)
    run = command(name)
    command_output.digest(small, run)
    ratio = cpu_seconds(lambda: command_output.digest(large, run)) / max(
        cpu_seconds(lambda: command_output.digest(small, run)), 1e-3)
    assert ratio < RATIO_LIMIT, f"{name}: 8x the input took {ratio:.1f}x the time"


@timing
def test_the_ratio_catches_a_quadratic_reader() -> None:
    small = "\n".join(textlines.split(output("grep-rn-deprecat"))[:400])
    large = _copies(small + "\n", 8)
    ratio = cpu_seconds(lambda: quadratic_lines(large)) / max(
        cpu_seconds(lambda: quadratic_lines(small)), 1e-3)
    assert ratio > RATIO_LIMIT


def test_any_output_keeps_the_budget_and_cites_only_true_lines() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    pool = sorted({line for name in ("grep-rn-C2-warnings", "pip-install-fails",
                                     "npm-install-fails")
                   for line in textlines.split(output(name))[:80]})
    pieces = st.sampled_from([*pool, "", "--", ".:", "total 8", "./a/b.py", "x" * 300,
                              "Binary file ./x.mo matches", "ls: cannot open directory './q'"])

    @settings(max_examples=250, deadline=None)
    @given(st.lists(pieces, max_size=120), st.integers(200, 9_000),
           st.sampled_from(["", "grep -rn x .", "find .", "ls -laR", "pip install x"]))
    def check(parts: list[str], budget: int, run: str) -> None:
        text = "\n".join(parts)
        lines = textlines.split(text)
        body = command_output.digest(text, run, budget).text
        assert len(body) <= budget
        for start, end in _spans(body):
            assert 1 <= start <= end <= max(len(lines), 1)
        if body.startswith("Text output"):
            _check_quotes(body, lines)

    check()

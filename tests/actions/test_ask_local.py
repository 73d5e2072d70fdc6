"""`garrepa ask` with no model: a local full-text index of a spill or document (ask_index)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

from garrepa_py import paths
from garrepa_py.actions import ask_index
from garrepa_py.engine import store

from ..cli.helpers import invoke

REFERENCE = "pytest-8.2.0/doc/en/reference/reference.rst"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    return root


def _spill(project: Path, text: str) -> str:
    return Path(store.spill(str(project), text)).name[:12]


def _ranges(output: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r"^L(\d+)-(\d+)$", output, re.M)]


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if needle in line)


def test_a_confval_question_gets_its_directive_window(project: Path, doc_corpus: Path) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    spill_id = _spill(project, text)
    result = invoke("ask", spill_id, "how do I set the default for xfail_strict")
    assert result.exit_code == 0, result.output
    answer_line = _line_of(text, ".. confval:: xfail_strict")
    start, end = _ranges(result.stdout)[0]
    assert start <= answer_line <= end
    assert f"{answer_line}\t.. confval:: xfail_strict\n" in result.stdout
    assert len(result.stdout) <= ask_index.ANSWER_CHARS


@pytest.mark.parametrize("question, needle", [
    ("which setting sets the cache_dir", ".. confval:: cache_dir"),
    ("which hook is pytest_collection_modifyitems", ".. autofunction:: pytest_collection_modifyitems"),
])
def test_known_answers_in_the_best_windows(project: Path, doc_corpus: Path, question: str,
                                           needle: str) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    assert needle in text
    result = invoke("ask", _spill(project, text), question)
    line = _line_of(text, needle)
    assert any(start <= line <= end for start, end in _ranges(result.stdout)), result.stdout


def test_every_printed_line_is_the_originals_and_the_cap_holds(project: Path,
                                                             doc_corpus: Path) -> None:
    text = (doc_corpus / "pytest-8.2.0/doc/en/changelog.rst").read_text()
    lines = text.split("\n")
    result = invoke("ask", _spill(project, text), "fixture scope deprecated warning")
    assert result.exit_code == 0
    assert len(result.stdout) <= ask_index.ANSWER_CHARS
    for row in result.stdout.splitlines():
        if not row.startswith("L"):
            number, _, line = row.partition("\t")
            original = lines[int(number) - 1]
            assert line == original or (line.startswith(original[:ask_index.LINE_CHARS])
                                        and "more chars]" in line)


def test_a_question_with_no_hit_says_so_with_a_hint(project: Path, doc_corpus: Path) -> None:
    spill_id = _spill(project, (doc_corpus / REFERENCE).read_text())
    result = invoke("ask", spill_id, "zebra giraffe okapi")
    assert result.exit_code == 1
    assert result.output.startswith("error: no line of ")
    assert f"hint: ask with other words (a name, a value, an error's text), or read lines with " \
           f"`garrepa peek {spill_id} START END`" in result.output


def test_json_for_scripts(project: Path, doc_corpus: Path) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    rows = json.loads(invoke("ask", _spill(project, text), "xfail_strict", "--json").stdout)
    assert rows["method"] == "index" and rows["total_lines"] == len(text.splitlines())
    first = rows["windows"][0]
    assert [row["number"] for row in first["lines"]] == list(range(first["start"],
                                                                    first["end"] + 1))
    assert all(text.split("\n")[row["number"] - 1] == row["text"] for row in first["lines"])


def _cache_files(project: Path) -> list[Path]:
    folder = Path(paths.project_state_dir(project)) / "cache"
    return sorted(folder.glob("ask-*.sqlite")) if folder.exists() else []


def test_the_index_is_cached_and_a_corrupt_cache_is_rebuilt(project: Path,
                                                          doc_corpus: Path) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    spill_id = _spill(project, text)
    first = invoke("ask", spill_id, "xfail_strict").stdout
    [cached] = _cache_files(project)
    assert cached.name == f"ask-{store.digest(text)}.sqlite"
    cached.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)  # corrupt
    assert invoke("ask", spill_id, "xfail_strict").stdout == first
    connection = sqlite3.connect(cached)  # rebuilt in place
    assert connection.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("1",)
    connection.close()


def test_an_unwritable_cache_folder_builds_in_memory(project: Path, doc_corpus: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes through any mode")
    text = (doc_corpus / REFERENCE).read_text()
    spill_id = _spill(project, text)
    folder = Path(store.cache_dir(str(project)))
    folder.chmod(0o500)
    try:
        result = invoke("ask", spill_id, "xfail_strict")
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 0 and ".. confval:: xfail_strict" in result.stdout
    assert _cache_files(project) == []


def test_a_cache_that_is_not_a_file_is_built_in_memory(project: Path, doc_corpus: Path) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    spill_id = _spill(project, text)
    folder = Path(store.cache_dir(str(project)))
    (folder / f"ask-{store.digest(text)}.sqlite").mkdir()  # rename onto a folder fails
    result = invoke("ask", spill_id, "xfail_strict")
    assert result.exit_code == 0 and ".. confval:: xfail_strict" in result.stdout


def test_the_scan_ranks_like_the_index(doc_corpus: Path) -> None:
    text = (doc_corpus / REFERENCE).read_text()
    lines = text.split("\n")
    terms = ask_index.terms_of("the xfail_strict confval")
    scanned = ask_index.rank_scan(lines, terms, 5)
    line = _line_of(text, ".. confval:: xfail_strict")
    assert any(w.start <= line <= w.end for w in scanned[:2])


def test_windows_cover_every_line_twice_but_the_ends() -> None:
    spans = ask_index.windows_of(100)
    assert spans[0] == (1, 16) and spans[1] == (9, 24) and spans[-1][1] == 100
    assert ask_index.windows_of(5) == [(1, 5)] and ask_index.windows_of(0) == []

"""structural/log/saved_log.py: a saved run is told by its runner whatever its file is called;
a document is never taken for a log (real runs from the log corpora, real docs from
tests/read/corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.structural.log import saved_log

DOCS = Path(__file__).resolve().parents[2] / "read" / "corpus"


@pytest.mark.parametrize("name, family", [
    ("pytest-three-failures", "pytest"), ("pytest-pass", "pytest"), ("tape-pass", "tap"),
])
def test_a_saved_python_or_tape_run(log_corpus: Path, name: str, family: str) -> None:
    text = (log_corpus / f"{name}.log").read_text()
    assert saved_log.family(text, "test-output.txt") == family
    assert saved_log.family(text, "run.log") == family


def test_an_extension_naming_a_markup_the_content_shows_wins(log_corpus: Path) -> None:
    # tape's `# test` lines are Markdown headings: in a .md they are the author's document
    tape = (log_corpus / "tape-pass.log").read_text()
    assert saved_log.family(tape, "notes.md") is None
    pytest_run = (log_corpus / "pytest-pass.log").read_text()
    assert saved_log.family(pytest_run, "notes.md") == "pytest"  # no Markdown in it


@pytest.mark.parametrize("name, family", [
    ("cargo-test-failures", "cargo"), ("go-test-pass", "go"), ("make-pass", "make"),
])
def test_a_saved_native_run(native_corpus: Path, name: str, family: str) -> None:
    text = (native_corpus / f"{name}.log").read_text()
    assert saved_log.family(text, "build.txt") == family


@pytest.mark.parametrize("name", [
    "django-settings.txt", "docutils-restructuredtext.txt", "celery-configuration.rst",
    "orgparse-05_tags.org", "asciidoc-graphviz-sample.txt",
])
def test_a_document_is_not_a_log(name: str) -> None:
    assert saved_log.family((DOCS / name).read_text(), name) is None


def test_timestamps_on_most_lines_make_a_generic_log() -> None:
    stamped = "\n".join(f"2026-12-04T10:00:{n:02d}Z worker {n} started" for n in range(40))
    assert saved_log.family(stamped, "service.txt") == "generic"
    assert saved_log.family("\n".join(["plain words"] * 40), "service.txt") is None


def test_a_huge_file_is_told_by_its_ends(log_corpus: Path) -> None:
    run = (log_corpus / "pytest-three-failures.log").read_text()
    filler = "\n".join(f"plain line {n}" for n in range(300_000))
    assert saved_log.family(filler + "\n" + run, "out.txt") == "pytest"

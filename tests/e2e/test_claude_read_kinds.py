"""Kinds by content against the real Claude Code binary: a Django `.txt` doc (reStructuredText)
arrives mapped by its RST sections, and a saved pytest run as its digest with every failure;
without garrepa (the negative control) the same Reads arrive as the raw files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from garrepa_py import journal, textlines

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
CORPUS = Path(__file__).parents[1] / "read" / "corpus"
# sections the Markdown parse of this file hid inside "``CACHES`` | lines 120-1031"
HIDDEN_ROWS = ("- ``CACHE_MIDDLEWARE_ALIAS`` | lines 248-257 |", "- ``CSRF_COOKIE_AGE`` | lines 285-304 |",
               "- ``DATABASES`` | lines 478-1031 |")


def numbered(lines: list[str], first: int) -> str:
    return "\n".join(f"{first + i}\t{line}" for i, line in enumerate(lines))


def read_once(project: Path, target: Path, tmp_path: Path, garrepa_home: Path) -> dict:  # type: ignore[type-arg]
    with FakeAnthropic([Turn.tool("Read", file_path=str(target))]) as fake:
        run = run_claude(project, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        [result] = fake.tool_results().values()
    assert not result.get("is_error")
    return result


@pytest.fixture
def settings_txt(git_project: Path) -> Path:
    target = git_project / "settings.txt"
    shutil.copy(CORPUS / "django-settings.txt", target)
    return target


@pytest.fixture
def saved_run(git_project: Path, log_corpus: Path) -> Path:
    target = git_project / "test-output.txt"
    shutil.copy(log_corpus / "pytest-three-failures.log", target)
    return target


def test_a_django_txt_doc_arrives_mapped_by_its_rst_sections(
        git_project: Path, settings_txt: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    content = read_once(git_project, settings_txt, tmp_path, garrepa_home)["content"]
    lines = settings_txt.read_text().split("\n")
    assert content.startswith(numbered(lines[:60], 1) + "\n61\t[garrepa: this Read stops here")
    assert "3,819 lines, 118,946 chars (rst)" in content
    for row in HIDDEN_ROWS:
        assert row in content, row
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert [(r["decision"], r["reason"]) for r in records] == [("compress", "mapped-narrow")]


def test_negative_control_without_garrepa_the_django_doc_is_raw_text(
        git_project: Path, settings_txt: Path, tmp_path: Path, garrepa_home: Path) -> None:
    content = read_once(git_project, settings_txt, tmp_path, garrepa_home)["content"]
    assert content == numbered(settings_txt.read_text().split("\n"), 1)
    assert "``CSRF_COOKIE_AGE``" in content  # the section is there only as raw text
    assert not any(row in content for row in HIDDEN_ROWS)


def test_a_saved_pytest_run_arrives_as_its_digest_with_every_failure(
        git_project: Path, saved_run: Path, log_corpus: Path, tmp_path: Path,
        garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    content = read_once(git_project, saved_run, tmp_path, garrepa_home)["content"]
    assert isinstance(content, str)
    count = textlines.count(saved_run.read_text())  # built here: varies by a few lines
    assert content.startswith(f"1\t[garrepa: test-output.txt is a saved pytest log of {count:,} "
                              "lines")
    assert "\t[garrepa log | pytest | FAILED" in content
    failing = json.loads((log_corpus / "pytest-three-failures.json").read_text())["failing"]
    assert len(failing) == 37
    for name in failing:
        assert name.rsplit("::", 1)[-1] in content, name
    assert "No headings found" not in content
    assert len(content) * 4 < len(saved_run.read_text())
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl") if r["route"] == "read"]
    assert [(r["decision"], r["reason"]) for r in records] == [("compress", "saved-log-digest")]


def test_negative_control_without_garrepa_the_saved_run_is_the_whole_file(
        git_project: Path, saved_run: Path, tmp_path: Path, garrepa_home: Path) -> None:
    content = read_once(git_project, saved_run, tmp_path, garrepa_home)["content"]
    assert content == numbered(saved_run.read_text().split("\n"), 1)
    assert "[garrepa" not in content

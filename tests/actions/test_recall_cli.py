"""`garrepa peek` and `garrepa ask` on spill files the engine wrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.engine import store

from ..cli.helpers import invoke
from ..support.fake_anthropic import FakeAnthropic

TEXT = "\n".join(f"line {n}: status {'FAILED' if n in (7, 42) else 'ok'}" for n in range(1, 101))


@pytest.fixture
def spill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    monkeypatch.chdir(root)
    path = Path(store.spill(str(root), TEXT))
    return path, path.name[:8]


def test_peek_by_spill_id(spill: tuple[Path, str]) -> None:
    _, spill_id = spill
    result = invoke("peek", spill_id, "41", "43")
    assert result.output == ("41\tline 41: status ok\n42\tline 42: status FAILED\n"
                             "43\tline 43: status ok\n")


def test_peek_path_default_window_and_json(spill: tuple[Path, str]) -> None:
    path, _ = spill
    rows = json.loads(invoke("peek", str(path), "99", "--json").output)
    assert rows == {"path": str(path), "lines": [{"number": 99, "text": "line 99: status ok"},
                                                 {"number": 100, "text": "line 100: status ok"}]}
    assert invoke("peek", str(path)).output.count("\n") == 50


@pytest.mark.parametrize("args, message", [
    (["deadbeef00"], "error: no file or spill id 'deadbeef00'\n"),
    (["{id}", "200"], "error: {path} has only 100 lines\nhint: pick a START from 1 to 100\n"),
    (["{id}", "5", "2"], "error: bad line range 5-2\nhint: START and END count from 1\n"),
])
def test_peek_errors(spill: tuple[Path, str], args: list[str], message: str) -> None:
    path, spill_id = spill
    result = invoke("peek", *[a.format(id=spill_id) for a in args])
    assert result.exit_code == 1
    assert result.output.startswith(message.format(path=path))


def test_ask_prints_only_lines_the_original_holds(spill: tuple[Path, str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path, spill_id = spill
    reply = ("7: line 7: status FAILED\n42: line 42: status FAILED\n"
             "43: line 43: status FAILED\n200: line 200: status FAILED\nSome prose.")
    with FakeAnthropic(reply_text=reply) as fake:
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        result = invoke("ask", spill_id, "which lines failed?")
        sent = fake.requests[0].body["messages"][0]["content"]
    assert result.exit_code == 0
    assert result.stdout == "7\tline 7: status FAILED\n42\tline 42: status FAILED\n"
    assert "(2 quoted lines were not in the original and were dropped)" in result.output
    assert "Question: which lines failed?" in sent and "42\tline 42: status FAILED\n" in sent


def test_ask_json_and_nothing_found(spill: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, spill_id = spill
    with FakeAnthropic(reply_text="NONE") as fake:
        monkeypatch.setenv("GARREPA_BASE_URL", fake.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
        result = invoke("ask", spill_id, "anything about cats?")
        as_json = json.loads(invoke("ask", spill_id, "cats?", "--json").stdout)
    assert result.exit_code == 1
    assert "No line of the original answers that." in result.output
    assert as_json["lines"] == [] and as_json["rejected"] == 0


def test_ask_without_model_answers_from_the_local_index(spill: tuple[Path, str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = invoke("ask", spill[1], "which lines FAILED?")
    assert result.exit_code == 0
    assert "42\tline 42: status FAILED\n" in result.stdout
    assert "7\tline 7: status FAILED\n" in result.stdout
    assert result.stdout.startswith("L")


@pytest.mark.parametrize("question", ["", "   "])
def test_ask_with_an_empty_question_says_so(spill: tuple[Path, str], question: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: `ask FILE ""` said "no line of FILE matches ''", as if the file were at fault."""
    monkeypatch.setenv("GARREPA_PROVIDER", "none")
    _, spill_id = spill
    result = invoke("ask", spill_id, question)
    assert result.exit_code == 1
    assert result.output.startswith("error: the question is empty\nhint: ")

"""Following a map never loops (issue 35), in the real Claude Code: the whole-document map, the
section range it names read back exactly (no map again), and a window past READ_WINDOW_CHARS
mapped inside itself. On aiohttp's real web_reference.rst (the refdocs corpus)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal
from garrepa_py.config import budgets

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
SECTION = "Application and Router"
WINDOW_FIRST, WINDOW_COUNT = 2, 3221  # lines 2-3,222: the file but its first line, ~105 K


def numbered(lines: list[str], first: int) -> str:
    return "\n".join(f"{first + i}\t{line}" for i, line in enumerate(lines))


def ranges(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in re.findall(r"lines (\d+)-(\d+)", text)]


def read_the_section_the_map_names(path: Path) -> Any:
    """A scripted turn that finds SECTION's row in the map the model last received (the
    tool_result's text, as Claude Code numbered it) and Reads exactly that range."""

    def turn(body: dict[str, Any]) -> Turn:
        results = [block for message in body["messages"] if isinstance(message["content"], list)
                   for block in message["content"] if block.get("type") == "tool_result"]
        last = json.dumps(results[-1]["content"]).replace("\\n", "\n").replace("\\t", "\t")
        row = next(line for line in last.split("\n") if f"- {SECTION} | lines " in line)
        [(start, end)] = ranges(row)
        turn.chosen = (start, end)  # type: ignore[attr-defined]
        return Turn.tool("Read", file_path=str(path), offset=start, limit=end - start + 1)

    return turn


@pytest.fixture
def reference(git_project: Path, refdocs_corpus: Path) -> Path:
    target = git_project / "web_reference.rst"
    shutil.copy(refdocs_corpus / "aiohttp-3.11.11" / "docs" / "web_reference.rst", target)
    return target


def script(target: Path) -> list[Any]:
    return [Turn.tool("Read", file_path=str(target)), read_the_section_the_map_names(target),
            Turn.tool("Read", file_path=str(target), offset=WINDOW_FIRST, limit=WINDOW_COUNT)]


def test_map_then_the_section_it_names_exactly_then_a_huge_window_mapped_inside_itself(
        git_project: Path, reference: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    lines = reference.read_text().split("\n")
    turns = script(reference)
    with FakeAnthropic(turns) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        whole, section, window = fake.tool_results().values()
    # 1. the whole Read: its opening lines, then the map naming the section
    assert "Document map of web_reference.rst" in whole["content"]
    assert f"- {SECTION} | lines " in whole["content"]
    # 2. the section's range: exactly those lines, numbered as Claude Code numbers them, no map
    start, end = turns[1].chosen
    assert SECTION in lines[start - 1]
    assert len("\n".join(lines[start - 1:end])) <= budgets.READ_WINDOW_CHARS
    assert section["content"] == numbered(lines[start - 1:end], start)
    assert "garrepa" not in section["content"] and not section.get("is_error")
    # 3. a window past READ_WINDOW_CHARS: its own map, every range inside the window
    last = WINDOW_FIRST + WINDOW_COUNT - 1
    assert len("\n".join(lines[WINDOW_FIRST - 1:last])) > budgets.READ_WINDOW_CHARS
    text = window["content"]
    assert "the window asked for (lines 2-3,222) is large" in text
    assert "Document map of" not in text  # never the whole document's map again
    inside = ranges(text.split("is large", 1)[1])
    assert len(inside) > 20
    assert all(WINDOW_FIRST <= a <= b <= last for a, b in inside), inside
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
               if r["route"] == "read"]
    assert [(r["decision"], r["reason"]) for r in records] == [
        ("compress", "mapped-narrow"), ("pass", "small-window"), ("compress", "mapped-window")]
    # the section Read is counted as exactly what it delivered (Claude Code alone: the same),
    # and `garrepa report` books it as a read-back of the map, never as a saving
    counted = records[1]
    assert counted["baseline_chars"] == counted["delivered_chars"] == len(section["content"])
    read_route = json.loads(garrepa("report", "--json").stdout)["routes"]["read"]
    assert read_route["passed"] == {"small-window": 1}
    assert read_route["recovery_chars"] == len(section["content"])
    mapped = [records[0], records[2]]
    assert read_route["baseline_chars"] == sum(r["baseline_chars"] for r in mapped)
    assert read_route["delivered_chars"] == sum(r["delivered_chars"] for r in mapped)


def test_negative_control_without_hooks_every_read_arrives_whole(
        git_project: Path, reference: Path, tmp_path: Path, garrepa_home: Path) -> None:
    lines = reference.read_text().split("\n")
    turns = [Turn.tool("Read", file_path=str(reference)),
             Turn.tool("Read", file_path=str(reference), offset=1400, limit=1312),
             Turn.tool("Read", file_path=str(reference), offset=WINDOW_FIRST, limit=WINDOW_COUNT)]
    with FakeAnthropic(turns) as fake:
        run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        whole, section, window = fake.tool_results().values()
    assert whole["content"] == numbered(lines, 1)
    assert section["content"] == numbered(lines[1399:2711], 1400)
    assert window["content"] == numbered(lines[WINDOW_FIRST - 1:WINDOW_FIRST - 1 + WINDOW_COUNT],
                                         WINDOW_FIRST)
    assert not (garrepa_home / "journal.jsonl").exists()

"""Following a map never loops (issue 35): the real hook, a map's range, then a huge window."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from garrepa_py import journal
from garrepa_py.config import budgets

from ..routes.test_read import content, hook


def test_reading_the_range_a_map_names_returns_those_lines(project: Path, refdocs_corpus: Path,
                                                          garrepa_home: Path) -> None:
    target = project / "web_reference.rst"
    shutil.copy(refdocs_corpus / "aiohttp-3.11.11" / "docs" / "web_reference.rst", target)
    first_map = content(hook(project, target))
    row = next(r for r in first_map.split("\n") if "- Application and Router | lines" in r)
    start, end = map(int, re.search(r"lines (\d+)-(\d+)", row).groups())  # type: ignore[union-attr]
    lines = target.read_text().split("\n")
    asked = "\n".join(lines[start - 1:end])
    assert len(asked) <= budgets.READ_WINDOW_CHARS
    assert hook(project, target, offset=start, limit=end - start + 1) is None  # whole, as read
    record = list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]
    assert record["reason"] == "small-window"
    assert record["baseline_chars"] == record["delivered_chars"]  # counted as the window alone


def test_a_huge_window_gets_its_own_map_inside_it(project: Path, doc_corpus: Path,
                                                 garrepa_home: Path) -> None:
    target = project / "changelog.rst"  # pytest's changelog: 10,381 lines, 394 K
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    first, count = 2001, 4000
    text = content(hook(project, target, offset=first, limit=count))
    assert "the window asked for (lines 2,001-6,000) is large" in text
    assert "Map of lines 2,001-" in text
    ranges = [(int(a), int(b)) for a, b in re.findall(r"lines (\d+)-(\d+)", text)]
    assert len(ranges) > 20
    assert all(first <= a <= b <= first + count - 1 for a, b in ranges), ranges
    assert "Document map of" not in text  # never the whole document's map again
    record = list(journal.read(target=garrepa_home / "journal.jsonl"))[-1]
    assert record["reason"] == "mapped-window"
    lines = target.read_text().split("\n")
    window = "\n".join(lines[first - 1:first - 1 + count])
    assert record["baseline_chars"] > len(window)  # the window, numbered: not the whole file
    assert record["baseline_chars"] < len(target.read_text())


def test_deny_mode_follows_the_same_rule(project: Path, doc_corpus: Path) -> None:
    target = project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    assert hook(project, target, event="Pre", offset=2001, limit=300) is None
    reply = hook(project, target, event="Pre", offset=2001, limit=4000)
    reason = reply["hookSpecificOutput"]["permissionDecisionReason"]
    assert "the window asked for, from line 2,001" in reason
    ranges = [(int(a), int(b)) for a, b in re.findall(r"lines (\d+)-(\d+)", reason)]
    assert ranges and all(2001 <= a <= b <= 6000 for a, b in ranges)

"""The MCP structural briefing on real API responses: handles kept, nothing invented, small."""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path
from typing import Any

from garrepa_py.structural import mcp_result
from garrepa_py.structural.handles import contains, fabricated

TEMPLATE_LINE = re.compile(r"built from each row: (.*)$", re.M)


def handles(value: Any, key: str = "", urls: bool = True) -> list[str]:
    """The values an agent acts on: every id, number, url and html_url, at any depth."""
    found: list[str] = []
    if isinstance(value, dict):
        for child_key, child in value.items():
            found += handles(child, str(child_key), urls)
    elif isinstance(value, list):
        for item in value:
            found += handles(item, key, urls)
    elif key in ("id", "number") and isinstance(value, int) and not isinstance(value, bool):
        found.append(str(value))
    elif urls and key in ("url", "html_url") and isinstance(value, str) and value:
        found.append(value)
    return found


def rebuildable(handle: str, body: str) -> bool:
    """A URL the briefing states as a template whose every placeholder is filled with a value
    the briefing shows (`{repository.full_name}/commits/{sha}` takes two)."""
    for line in TEMPLATE_LINE.findall(body):
        for pattern in (p.rstrip(",") for p in re.findall(r"= (\S+)", line)):
            if "{" not in pattern:
                continue
            regex = "".join("(.+?)" if part.startswith("{") else re.escape(part)
                            for part in re.split(r"(\{[^}]+\})", pattern))
            match = re.fullmatch(regex, handle)
            if match and all(contains(body, value) for value in match.groups()):
                return True
    return False


def check_corpus(files: list[Path]) -> dict[str, float]:
    ratios, complete, truncated = [], 0, 0
    for path in files:
        source = path.read_text()
        body = mcp_result.compress([source]).text
        assert fabricated(body, source) == [], path.name
        ratios.append(len(body) / len(source))
        if "more lines not shown" in body or "too many to list one per line" in body:
            truncated += 1  # only each item's own handles are promised
            continue
        indexed = "too many to show whole" in body  # an index keeps ids and numbers, not urls
        missing = [h for h in handles(json.loads(source), urls=not indexed)
                   if not contains(body, h) and not rebuildable(h, body)]
        assert missing == [], (path.name, missing[:5])
        complete += 1
    return {"files": len(files), "complete": complete, "truncated": truncated,
            "median_ratio": statistics.median(ratios), "max_ratio": max(ratios)}


def test_github_responses(github_corpus: Path) -> None:
    files = sorted(github_corpus.glob("*.json"))
    assert len(files) > 500
    stats = check_corpus(files)
    print("github", stats)
    assert stats["complete"] > 450
    big = [p for p in files if p.stat().st_size >= 32000]
    big_stats = check_corpus(big)
    print("github >= 32K", big_stats)
    assert big_stats["median_ratio"] < 0.35


def test_npm_view_documents(npm_corpus: Path) -> None:
    files = sorted(npm_corpus.glob("*.json"))
    stats = check_corpus(files)
    print("npm", stats)
    assert stats["files"] == 6
    assert stats["median_ratio"] < 0.6


def test_every_item_of_a_long_list_is_accounted_for(github_corpus: Path) -> None:
    """1,759 distinct real issues from the corpus in one 4.2 MB list: every id and number is in
    the briefing, each with the line where its issue starts in the readable copy, in 1% of the
    source."""
    seen: dict[int, Any] = {}
    for path in sorted(github_corpus.glob("*.json")):
        value = json.loads(path.read_text())
        items = value if isinstance(value, list) else []
        for item in items:
            if isinstance(item, dict) and {"id", "number", "title"} <= set(item):
                seen.setdefault(item["id"], item)
    issues = list(seen.values())
    assert len(issues) > 1500
    source = json.dumps(issues)
    body = mcp_result.compress([source]).text
    assert len(body) <= len(source) / 10
    assert fabricated(body, source) == []
    readable = mcp_result.readable([source]).split("\n")
    # runs of issues, a line each: "L<first>..<last> <title> <id> <number>; <title> <id> …"
    where: dict[str, tuple[int, int]] = {}
    for first, last, entries in re.findall(r"^ *L(\d+)\.\.(\d+) (.*)$", body, re.M):
        for entry in entries.split("; "):
            where[" ".join(entry.split(" ")[-2:])] = (int(first), int(last))
    for issue in issues:
        first, last = where[f"{issue['id']} {issue['number']}"]
        assert f'  "id": {issue["id"]},' in readable[first - 1:last]  # the issue's own id

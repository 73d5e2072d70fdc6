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


def handles(value: Any, key: str = "") -> list[str]:
    """The values an agent acts on: every id, number, url and html_url, at any depth."""
    found: list[str] = []
    if isinstance(value, dict):
        for child_key, child in value.items():
            found += handles(child, str(child_key))
    elif isinstance(value, list):
        for item in value:
            found += handles(item, key)
    elif key in ("id", "number") and isinstance(value, int) and not isinstance(value, bool):
        found.append(str(value))
    elif key in ("url", "html_url") and isinstance(value, str) and value:
        found.append(value)
    return found


def rebuildable(handle: str, body: str) -> bool:
    """A URL the briefing states as a template filled with a value the briefing shows."""
    for line in TEMPLATE_LINE.findall(body):
        for pattern in (p.rstrip(",") for p in re.findall(r"= (\S+)", line)):
            prefix, _, rest = pattern.partition("{")
            key, _, suffix = rest.partition("}")
            if key and handle.startswith(prefix) and handle.endswith(suffix):
                middle = handle[len(prefix):len(handle) - len(suffix)]
                if middle and contains(body, middle):
                    return True
    return False


def check_corpus(files: list[Path]) -> dict[str, float]:
    ratios, complete, truncated = [], 0, 0
    for path in files:
        source = path.read_text()
        body = mcp_result.compress([source]).text
        assert fabricated(body, source) == [], path.name
        ratios.append(len(body) / len(source))
        if "more lines not shown" in body:
            truncated += 1
            continue
        missing = [h for h in handles(json.loads(source))
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

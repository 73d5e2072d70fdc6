"""Each notice the real Claude Code prints for an MCP result over its token cap is briefed.

Shapes (from the binary's template): `N characters across 1 line` (one text block on one line:
compact JSON), `N characters across M lines` (text), `N characters` (JSON Claude Code lays out
itself: structuredContent, several blocks). The negative control: the same session without
`garrepa init` gets Claude Code's own notice.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support.claude_run import run_claude, write_mcp_config
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa
from .test_claude_mcp import big_one_line_result

pytestmark = pytest.mark.e2e
SAVED = re.compile(r"\[exact original: (\S+) \(saved by Claude Code\)")
SCRIPT = [Turn.tool("mcp__probe__big_json"), Turn.tool("mcp__probe__big_text", lines=3000),
          Turn.tool("mcp__probe__structured"), Turn.tool("mcp__probe__multi_text")]
SHAPES = [r"\(\d[\d,]* characters across 1 line\)", r"\(\d[\d,]* characters across \d[\d,]* lines\)",
          r"\(\d[\d,]* characters\)", r"\(\d[\d,]* characters\)"]


@pytest.fixture
def one_line_data(tmp_path: Path, github_corpus: Path) -> Path:
    """big.json: real GitHub issues as one compact 120 K-char JSON line."""
    data = tmp_path / "mcp-data"
    data.mkdir()
    (data / "big.json").write_text(big_one_line_result(github_corpus, 120_000))
    (data / "doc.md").write_text("# Runbook\n\n## Deploy\n" + "Step details. " * 500 + "\n")
    return data


def texts(results: list[dict[str, Any]]) -> list[str]:
    out = []
    for result in results:
        content = result["content"]
        out.append(content if isinstance(content, str) else
                   "\n".join(b.get("text", "") for b in content if isinstance(b, dict)))
    return out


def run(project: Path, data: Path, tmp_path: Path, garrepa_home: Path) -> list[str]:
    with FakeAnthropic(SCRIPT) as agent:
        session = run_claude(project, agent.url, tmp_path / "home", garrepa_home,
                             mcp_config=write_mcp_config(tmp_path / "mcp.json", data),
                             extra_env={"MAX_MCP_OUTPUT_TOKENS": "5000",
                                        "GARREPA_PROVIDER": "none"})
        assert session.returncode == 0, session.stderr[-2000:]
        results = list(agent.tool_results().values())
    assert len(results) == len(SCRIPT), json.dumps(results)[:2000]
    return texts(results)


def test_every_over_cap_notice_shape_is_briefed(git_project: Path, one_line_data: Path,
                                                tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project))
    source = (one_line_data / "big.json").read_text()
    one_line, many_lines, structured, multi = run(git_project, one_line_data, tmp_path,
                                                  garrepa_home)
    for text in (one_line, many_lines, structured, multi):
        assert text.startswith("[garrepa briefing | mcp | mcp__probe__"), text[:300]
        assert "exceeds maximum allowed tokens" not in text
    # compact JSON on one line: briefed from Claude Code's own file, which holds it exactly
    saved = SAVED.search(one_line)
    assert saved and "/tool-results/" in saved.group(1)
    assert Path(saved.group(1)).read_text() == source
    first = json.loads(source)[0]
    assert f" {first['number']} {first['id']} " in one_line
    assert "mcp line 3000: the quick brown fox" in Path(SAVED.findall(many_lines)[0]).read_text()
    assert f"rows: {len(json.loads(source))} items, " in structured
    assert "Rollback" not in multi or "- Rollback | lines " in multi
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
               if r["route"] == "mcp"]
    assert [r["reason"] for r in records] == ["briefed"] * 4
    assert all(r["chars_in"] > 20_000 for r in records)


def test_negative_control_gets_claude_codes_own_notices(git_project: Path, one_line_data: Path,
                                                        tmp_path: Path,
                                                        garrepa_home: Path) -> None:
    """Without `garrepa init` each call gets Claude Code's notice — one per shape above."""
    notices = run(git_project, one_line_data, tmp_path, garrepa_home)
    for text, shape in zip(notices, SHAPES, strict=True):
        assert re.match(rf"Error: result {shape} exceeds maximum allowed tokens\. Output has been "
                        r"saved to \S+/tool-results/\S+\.txt\.\nFormat: ", text), text[:400]

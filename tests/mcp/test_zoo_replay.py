"""The MCP zoo's recorded hook events (tests/corpora/mcpzoo.tar.xz: what Claude Code 2.1.328
handed a PostToolUse hook for each real server's call) replayed through the real hook process.

The same invariant as tests/e2e/test_claude_mcp_zoo.py, without a Claude Code run: per call,
the hook exits 0 and the model gets the original, or a replacement that is garrepa's, smaller
than the original and accountable for it (engine/accounting.py). What it costs against Claude
Code alone's own delivery, read-backs included, is the answerability benchmark's (docs/
benchmarks.md). The negative control is the event with no reply at all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hosts.claude_code import delivery as baseline

from ..conftest import session_fields
from ..security.helpers import hook
from ..support import corpora, mcp_zoo


@pytest.fixture(scope="module")
def zoo_events() -> Path:
    return corpora.load("mcpzoo") / "hook_events"


FOLDERS = ("hook_events", "hook_events_default_cap")  # MCP token cap 200,000 / Claude Code's


def replayed(event: dict[str, Any], project: Path) -> dict[str, Any]:
    """The recorded event in this test's session (its spills and transcript under tmp)."""
    return {**event, **session_fields(project.parent), "cwd": str(project)}


@pytest.mark.parametrize("folder", FOLDERS)
@pytest.mark.parametrize("name", mcp_zoo.NAMES)
def test_each_recorded_call_gets_the_original_or_an_accountable_replacement(
        name: str, folder: str, project: Path) -> None:
    from garrepa_py.engine import accounting

    paths = sorted((corpora.load("mcpzoo") / folder).glob(f"{name}-*.json"))
    assert paths, f"no recorded hook events of {name}"
    for path in paths:
        event = replayed(json.loads(path.read_text()), project)
        assert baseline.event_baseline(event) is not None, path.name
        proc = hook(project, event)
        if not proc.stdout:  # passed: the original, as Claude Code delivers it
            continue
        reply = json.loads(proc.stdout)
        text = baseline.replacement_text(reply)
        assert text is not None and text.startswith("[garrepa briefing | mcp | "), path.name
        source = event["tool_response"]
        chars = len(source) if isinstance(source, str) else sum(
            len(block.get("text", "")) for block in source if isinstance(block, dict))
        assert len(text) < chars, path.name
        assert accounting.unaccounted(text, chars) is None, (path.name, text[:400])


def test_the_negative_control_a_small_call_passes_untouched(zoo_events: Path,
                                                            project: Path) -> None:
    """The zoo's smallest results (under the threshold) get no reply: the original stands."""
    for stem in ("git-00-git_log", "sqlite-00-list_tables", "playwright-02-browser_close",
                 "everything-03-get-tiny-image"):
        event = replayed(json.loads((zoo_events / f"{stem}.json").read_text()), project)
        assert hook(project, event).stdout == b"", stem

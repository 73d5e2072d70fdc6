"""`garrepa preview FILE` shows what the agent now gets for a Read: the rewritten result after
the Read, or, over Claude Code's 256 KB cap, the deny reason that arrives as the Read's result."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from garrepa_py.actions import preview

from ..conftest import run_hook
from ..support.read_events import pre_read


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch, project: Path) -> None:
    monkeypatch.setenv("GARREPA_PROVIDER", "none")
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(project))


@pytest.fixture
def big_rst(project: Path, doc_corpus: Path) -> Path:
    target = project / "changelog.rst"
    shutil.copy(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "changelog.rst", target)
    assert target.stat().st_size > 256 * 1024
    return target


def test_preview_in_deny_mode_is_the_deny_reason_the_hook_gives(project: Path, big_rst: Path,
                                                                no_model: None) -> None:
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    shown = preview.read(big_rst, str(project))
    assert (shown.route, shown.decision, shown.reason) == ("read", "compress", "mapped-deny")
    proc = run_hook(json.dumps(pre_read(big_rst)), env={"CLAUDE_PROJECT_DIR": str(project),
                                                        "GARREPA_PROVIDER": "none"})
    reason = json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecisionReason"]
    assert shown.text == f"PreToolUse:Read hook error: {reason}"  # as Claude Code shows it


def test_preview_over_the_cap_is_claude_codes_own_refusal(project: Path, big_rst: Path,
                                                          no_model: None) -> None:
    shown = preview.read(big_rst, str(project))
    assert (shown.decision, shown.reason) == ("pass", "over-claude-code-read-cap")
    assert shown.text.startswith("[Claude Code's own error, garrepa changes nothing] File "
                                 "content (")
    from garrepa_py.hosts.claude_code.delivery import read_error_chars

    alone = read_error_chars(big_rst.stat().st_size)  # not the 400 KB file: its refusal
    assert (shown.baseline_chars, shown.delivered_chars, shown.net_saved_chars) == (alone, alone, 0)


def test_preview_of_a_small_document_is_the_whole_file(project: Path, no_model: None) -> None:
    target = project / "notes.md"
    target.write_text("# Notes\n\nshort\n")
    shown = preview.read(target, str(project))
    assert (shown.decision, shown.reason) == ("pass", "under-threshold")
    assert shown.text == "1\t# Notes\n2\t\n3\tshort\n4\t"
    assert (shown.raw_chars, shown.baseline_chars, shown.delivered_chars) == (
        len("# Notes\n\nshort\n"), len(shown.text), len(shown.text))


def test_preview_of_a_mapped_read_is_measured_against_the_numbered_read(
        project: Path, big_rst: Path, no_model: None) -> None:
    """Under the cap, Claude Code alone delivers the whole file numbered (more than its raw
    size): that is the baseline the map is measured against."""
    target = project / "middle.rst"
    target.write_text(big_rst.read_text()[:120_000])
    shown = preview.read(target, str(project))
    lines = target.read_text().split("\n")
    numbered = "\n".join(f"{n}\t{line}" for n, line in enumerate(lines, 1))
    assert shown.decision == "compress"
    assert (shown.raw_chars, shown.baseline_chars) == (120_000, len(numbered))
    assert shown.delivered_chars == len(shown.text) < len(numbered)
    assert shown.as_dict()["net_saved_chars"] == len(numbered) - len(shown.text)

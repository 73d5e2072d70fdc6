"""Every piece of hook work runs under one deadline: Claude Code's own timeout for the entry.

Regression tests for issue 10 items 4 (super-linear digests) and 5 (the deadline was not
enforced: a dripping provider, validation against a huge source, the config's timeout instead
of the installed one). Timings live in docs/benchmarks.md; these tests assert outcomes, with
bounds far above the measured times and at or under the timeout Claude Code enforces.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from garrepa_py.engine import validate

from ..support.slow_model import SlowModel
from .helpers import hook, issues_json, last, mcp_event, read_event, reply

LAUNCHER = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/garrepa-hook'


def install_entries(project: Path, timeout: int) -> None:
    """The entries `garrepa init` writes, with this timeout (literal: the test pins the shape)."""
    handler = {"type": "command", "command": LAUNCHER, "timeout": timeout}
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir(exist_ok=True)
    settings.write_text(json.dumps({"hooks": {
        "PreToolUse": [{"matcher": "Read", "hooks": [handler]}],
        "PostToolUse": [{"matcher": "mcp__.*", "hooks": [handler]},
                        {"matcher": "Bash", "hooks": [dict(handler, **{"if": "Bash(git *)"})]}],
    }}))


def one_key_each(count: int) -> str:
    return json.dumps([{"id": n, f"field_{n}": f"value {n}"} for n in range(count)])


@pytest.mark.parametrize("count", [2_000, 8_000])
def test_wide_sparse_json_is_digested_not_timed_out(project: Path, garrepa_home: Path,
                                                    count: int) -> None:
    source = one_key_each(count)  # 2,000 objects: ~70 K chars; 8,000: ~10x the threshold
    install_entries(project, timeout=30)
    started = time.monotonic()
    output = reply(hook(project, mcp_event(project.parent, [{"type": "text", "text": source}])))
    assert time.monotonic() - started < 30  # Claude Code's kill; it took 115-123 s before
    assert output is not None
    record = last(garrepa_home)
    assert (record["decision"], record["reason"]) == ("compress", "briefed")
    text = output["updatedToolOutput"][0]["text"]
    # a bare index: each item by its first line in the readable copy and its id, and where
    # the items that did not fit start
    assert f"result: {count} items, too many to list one per line" in text
    assert "  L2 0; L6 1; L10 2;" in text
    assert "; the items not shown start at line " in text


def test_a_document_of_100k_headings_is_mapped(project: Path, garrepa_home: Path) -> None:
    doc = project / "docs" / "HEADINGS.md"
    doc.parent.mkdir()
    doc.write_text("".join(f"# h{n}\n\nbody {n}\n\n" for n in range(100_000)))
    install_entries(project, timeout=20)
    # 2 MB, over Claude Code's 256 KB Read cap: only deny mode maps it, before the Read
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    started = time.monotonic()
    output = reply(hook(project, read_event(project.parent, str(doc))))
    assert time.monotonic() - started < 20  # Claude Code's kill; the outline alone took 25 s
    assert output is not None and \
        "Document map of docs/HEADINGS.md" in output["permissionDecisionReason"]
    assert last(garrepa_home)["reason"] == "mapped-deny"


@pytest.mark.parametrize("mode", ["drip", "silent"])
def test_a_slow_provider_cannot_hold_the_hook_past_its_timeout(project: Path, garrepa_home: Path,
                                                               mode: str) -> None:
    install_entries(project, timeout=4)
    garrepa_home.mkdir()
    (garrepa_home / "config.toml").write_text("[hook]\ntimeoutSeconds = 60\n")  # config says more
    with SlowModel(mode) as slow:
        started = time.monotonic()
        output = reply(hook(project, mcp_event(project.parent, [{"type": "text",
                                                                 "text": issues_json()}]),
                            slow.url))
        elapsed = time.monotonic() - started
        assert slow.requests == 1
    assert elapsed < 4.0  # Claude Code kills the hook at 4 s and the result would be lost
    assert output is not None and "structural digest, no model" in output["updatedToolOutput"][0]["text"]
    assert last(garrepa_home)["fallback"] == "timeout"


def test_work_past_the_deadline_is_abandoned_and_the_original_passes(project: Path,
                                                                     garrepa_home: Path) -> None:
    install_entries(project, timeout=1)  # deadline: half a second after start
    doc = project / "docs" / "BIG.md"
    doc.parent.mkdir()
    doc.write_text("".join(f"## section {n}\n\n" + "word " * 120 + "\n\n" for n in range(20_000)))
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')  # 12 MB: before
    started = time.monotonic()
    proc = hook(project, read_event(project.parent, str(doc)))
    assert time.monotonic() - started < 2.0
    assert proc.stdout == b""
    assert last(garrepa_home)["reason"] == "deadline"


def test_validation_against_a_huge_source_is_bounded() -> None:
    source = "see https://example.com/real and more text\n" * 70_000  # ~2.9 MB
    reply_text = "\n".join(f"- https://example.com/absent/{n}" for n in range(60_000))
    started = time.process_time()  # this process's CPU time: not what other processes take
    checked = validate.check(reply_text, source, ())
    assert checked.text is None and checked.reason.startswith("fabricated-handle:")
    assert time.process_time() - started < 20  # was 112 s: 60 k scans of 2.9 MB

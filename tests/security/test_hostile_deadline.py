"""Every piece of hook work runs under one deadline: Claude Code's own timeout for the entry.

Regression tests for issue 10 items 4 (super-linear digests) and 5 (the deadline was not
enforced: a dripping provider, validation against a huge source, the config's timeout instead
of the installed one). Timings live in docs/benchmarks.md; these tests assert outcomes, never
seconds on a stopwatch (a loaded machine made those flaky): the journal says whether the work
finished or was abandoned at the deadline, and which budget (`deadline_ms`) it ran under; the
subprocess's own timeout is only a guard against a hang.
"""

from __future__ import annotations

import json
import re
import resource
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.engine import validate
from garrepa_py.hook.pipeline import DEADLINE_MARGIN_SECONDS

from ..support.slow_model import SlowModel
from ..support.timing import cpu_seconds, timing
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


def budget_ms(timeout: int) -> int:
    """The deadline the hook works to under an installed `timeout` (its margin taken off)."""
    return round(max(timeout - DEADLINE_MARGIN_SECONDS, 0.5) * 1000)


# A timeout so long that a loaded machine cannot make the hook give up: the tests that show work
# fits a budget hold its CPU time (the kernel's accounting of the reaped hook) to that budget.
LIFTED = 600


def hook_cpu(project: Path, event: dict[str, Any]) -> tuple[dict[str, Any] | None, float]:
    """The hook's reply and the CPU seconds its process used (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = reply(hook(project, event))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return output, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_key_each(count: int) -> str:
    return json.dumps([{"id": n, f"field_{n}": f"value {n}"} for n in range(count)])


@pytest.mark.parametrize("count", [2_000, 8_000])
def test_wide_sparse_json_is_digested_not_timed_out(project: Path, garrepa_home: Path,
                                                    count: int) -> None:
    source = one_key_each(count)  # 2,000 objects: ~70 K chars; 8,000: ~10x the threshold
    install_entries(project, timeout=LIFTED)
    output, used = hook_cpu(project, mcp_event(project.parent, [{"type": "text", "text": source}]))
    assert output is not None
    record = last(garrepa_home)
    # briefed, in less CPU than the budget of Claude Code's 30 s kill (115-123 s before)
    assert (record["decision"], record["reason"]) == ("compress", "briefed")
    assert record["deadline_ms"] == budget_ms(LIFTED) and used < budget_ms(30) / 1000
    text = output["updatedToolOutput"][0]["text"]
    # a bare index: each item by its first line in the readable copy and its id, and where
    # the items that did not fit start
    assert f"result: {count} items, too many to list one per line" in text
    assert re.search(r"^  L2\.\.\d+ 0; 1; 2; ", text, re.M)  # a run of items: its lines, ids
    assert "; the items not shown start at line " in text


def test_a_document_of_100k_headings_is_mapped(project: Path, garrepa_home: Path) -> None:
    doc = project / "docs" / "HEADINGS.md"
    doc.parent.mkdir()
    doc.write_text("".join(f"# h{n}\n\nbody {n}\n\n" for n in range(100_000)))
    install_entries(project, timeout=LIFTED)
    # 2 MB, over Claude Code's 256 KB Read cap: only deny mode maps it, before the Read
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')
    output, used = hook_cpu(project, read_event(project.parent, str(doc)))
    assert output is not None and \
        "Document map of docs/HEADINGS.md" in output["permissionDecisionReason"]
    record = last(garrepa_home)
    # mapped, in less CPU than the budget of a 20 s kill (the outline alone took 25 s)
    assert (record["reason"], record["deadline_ms"]) == ("mapped-deny", budget_ms(LIFTED))
    assert used < budget_ms(20) / 1000


@pytest.mark.parametrize("mode", ["drip", "silent"])
def test_a_slow_provider_cannot_hold_the_hook_past_its_timeout(project: Path, garrepa_home: Path,
                                                               mode: str) -> None:
    # 8 s installed, not the config's 60: room for a loaded machine to reach the model call
    # (at 4 s, four busy processes on two cores left the hook no budget to call it at all)
    install_entries(project, timeout=8)
    garrepa_home.mkdir()
    (garrepa_home / "config.toml").write_text("[hook]\ntimeoutSeconds = 60\n")  # config says more
    with SlowModel(mode) as slow:
        output = reply(hook(project, mcp_event(project.parent, [{"type": "text",
                                                                 "text": issues_json()}]),
                            slow.url))
        # the hook answered while the model still owed its reply, and hung up on it: it did
        # not wait for the model (the wait is a guard: the hang-up comes as the hook exits)
        assert slow.disconnected.wait(30) and not slow.finished
        assert slow.requests == 1  # no retry: the budget left after a timeout is too short
    assert output is not None and "structural digest, no model" in output["updatedToolOutput"][0]["text"]
    record = last(garrepa_home)
    assert record["fallback"] == "timeout"
    # the budget came from the installed 8 s (Claude Code's kill), not the config's 60 s
    assert record["deadline_ms"] == budget_ms(8)


def test_work_past_the_deadline_is_abandoned_and_the_original_passes(project: Path,
                                                                     garrepa_home: Path) -> None:
    install_entries(project, timeout=1)  # deadline: half a second after start (the floor)
    doc = project / "docs" / "BIG.md"
    doc.parent.mkdir()
    doc.write_text("".join(f"## section {n}\n\n" + "word " * 120 + "\n\n" for n in range(20_000)))
    (project / "garrepa.config.json").write_text('{"read": {"mode": "deny"}}')  # 12 MB: before
    proc = hook(project, read_event(project.parent, str(doc)))  # returned: the work was let go
    assert proc.stdout == b""
    record = last(garrepa_home)
    assert (record["decision"], record["reason"]) == ("pass", "deadline")
    assert record["deadline_ms"] == budget_ms(1) == 500


def _absent_handles(parts: int) -> tuple[str, str]:
    """A reply of 60,000 / parts handles absent from a source of 70,000 / parts lines."""
    source = "see https://example.com/real and more text\n" * (70_000 // parts)
    reply_text = "\n".join(f"- https://example.com/absent/{n}" for n in range(60_000 // parts))
    return reply_text, source


def _growth(check: Callable[[str, str], object], parts: int) -> float:
    """CPU time of `check` on reply and source both 4x larger: linear in their sum is 4x; one
    scan of the source per handle (reply x source) is 16x."""
    small, large = _absent_handles(parts * 4), _absent_handles(parts)
    return cpu_seconds(lambda: check(*large), 2) / max(cpu_seconds(lambda: check(*small), 2), 1e-3)


GROWTH_LIMIT = 8.0


@timing
def test_validation_against_a_huge_source_is_bounded() -> None:
    """Many handles against a big source grow like their sum, not their product (it was 112 s
    at 60,000 handles and 2.9 MB: one scan of the source per handle)."""
    reply_text, source = _absent_handles(32)
    checked = validate.check(reply_text, source, ())
    assert checked.text is None and checked.reason.startswith("fabricated-handle:")
    assert _growth(lambda text, source: validate.check(text, source, ()), 8) < GROWTH_LIMIT


@timing
def test_the_growth_check_catches_a_scan_per_handle() -> None:
    """The negative control: the old way, each handle looked up by a scan of the source."""
    def scan_per_handle(text: str, source: str) -> object:
        return [line[2:] in source for line in text.splitlines()]

    assert _growth(scan_per_handle, 16) > GROWTH_LIMIT

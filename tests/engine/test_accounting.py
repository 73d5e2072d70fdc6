"""Issue 34: a digest replaces its source only when it accounts for it, checked in one place on
the engine path (engine/brief.py → engine/accounting.py), so every route gets the rule."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from garrepa_py.config.load import load_config
from garrepa_py.engine import accounting
from garrepa_py.engine.brief import brief
from garrepa_py.engine.types import BriefRequest
from garrepa_py.structural.briefing import Structural

SOURCE = "".join(f"line {n}: the quick brown fox jumps over the lazy dog\n" for n in range(3000))
ONE_LINE = "content: # Changelog …(+160,574 chars)"  # issue 34's filesystem digest
ACCOUNTED = "\n".join(f"- part {n} | lines {n * 100 + 1}-{n * 100 + 100}" for n in range(30))


def test_one_bare_line_standing_for_the_bulk_does_not_account() -> None:
    assert accounting.unaccounted(ONE_LINE, len(SOURCE)) == "digest-unaccountable"


def test_a_cut_value_with_no_range_does_not_account_even_among_other_lines() -> None:
    digest = "id: 6296553\nowner.login: jacquev6\nurl: https://x\nfiles.a.content: # T …(+150,000 chars)"
    assert accounting.unaccounted(digest, 160_000) == "digest-unaccountable"
    assert accounting.unaccounted(digest.replace("(+150,000", "(+50,000"), 160_000) is None


def test_generic_tail_not_shown_without_a_range_does_not_account() -> None:
    assert accounting.unaccounted("Lines 1-40 of 3000:\n… 2960 more lines (150,000 chars) not shown.",
                                  160_000) == "digest-unaccountable"


def test_control_ranged_digests_account() -> None:
    assert accounting.unaccounted(ACCOUNTED, len(SOURCE)) is None
    cut_in_a_row = "  L2..47 Fix float assignment …(+150,000 chars) 1205 4250445"
    assert accounting.unaccounted(cut_in_a_row + "\n" + ACCOUNTED, 160_000) is None
    # a short source shown nearly whole needs no range
    assert accounting.unaccounted("a\nb", 10) is None


@pytest.mark.parametrize("route", ["read", "mcp", "git", "command", "search", "generic"])
def test_every_route_passes_an_unaccountable_digest(project: Path, route: str) -> None:
    config = load_config(project, environ={"GARREPA_PROVIDER": "none"})

    def run(body: str) -> str:
        request = BriefRequest(route=route, source=SOURCE, label="x",
                               structural=lambda _text: Structural(body), instruction=None)
        result = brief(request, config, str(project), time.monotonic() + 10)
        return f"{result.decision}/{result.reason}"

    assert run(ONE_LINE) == "pass/digest-unaccountable"
    assert run(ACCOUNTED) == "compress/compressed"  # the control: the same route, a real digest

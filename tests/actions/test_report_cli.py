"""`garrepa report` on a journal written by real hook processes, and audit mode."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from ..cli.helpers import invoke
from ..conftest import run_hook
from ..support.fake_anthropic import FakeAnthropic
from ..support.read_events import post_read


def event(name: str, tool: str, **fields: object) -> str:
    return json.dumps({"session_id": "s", "hook_event_name": name, "tool_name": tool, **fields})


@pytest.fixture
def journaled(project: Path, doc_corpus: Path, github_corpus: Path) -> dict[str, Any]:
    """Five real hook runs: a mapped Read, a passed Read, a briefed MCP result (by the fake
    model), a small git log, and an MCP result in audit mode."""
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", project / "CHANGELOG.md")
    issues = (github_corpus / "Issue33_testClosedIssues-31.json").read_text()
    env = {"CLAUDE_PROJECT_DIR": str(project), "GARREPA_PROVIDER": "none"}
    run_hook(json.dumps(post_read(project / "CHANGELOG.md")), env=env)
    run_hook(json.dumps(post_read(project / "app.py")), env=env)
    first = json.loads(issues)[0]["number"]
    with FakeAnthropic(reply_text=f"25 closed issues such as #{first}.") as fake:
        run_hook(event("PostToolUse", "mcp__github__list_issues", tool_input={},
                       tool_response=[{"type": "text", "text": issues}]),
                 env={**env, "GARREPA_PROVIDER": "auto", "ANTHROPIC_BASE_URL": fake.url,
                      "ANTHROPIC_API_KEY": "sk-test"})
        url = fake.url
    run_hook(event("PostToolUse", "Bash", tool_input={"command": "git log -1"},
                   tool_response={"stdout": "commit abc", "stderr": "", "interrupted": False}),
             env=env)
    audit = run_hook(event("PostToolUse", "mcp__jira__search", tool_input={},
                           tool_response=[{"type": "text", "text": issues}]),
                     env={**env, "GARREPA_MODE": "audit"})
    assert audit.stdout == b""  # audit mode computes and records, and replaces nothing
    return {"issues": len(issues), "url": url, "project": str(project)}


def test_report_json_counts_what_the_agent_received(journaled: dict[str, Any]) -> None:
    data = json.loads(invoke("report", "--json").output)
    total = data["total"]
    assert (total["events"], total["compressed"], total["audited"]) == (5, 2, 1)
    assert total["passed"] == {"not-documentation": 1, "under-threshold": 1}
    assert total["model_input_tokens"] == 100 and total["model_output_tokens"] == 20
    assert total["model_cost_usd"] == pytest.approx((100 * 1.0 + 20 * 5.0) / 1e6)
    # measured against what Claude Code alone delivers, never the raw output: no "saved_chars"
    assert "saved_chars" not in total and "saved_chars_by_day" not in data
    assert total["net_saved_chars"] == (total["baseline_chars"] - total["delivered_chars"]
                                        - total["recovery_chars"])
    assert total["net_saved_tokens_est"] == int(total["net_saved_chars"] / 4)
    read = data["routes"]["read"]
    assert read["compressed"] == 1
    # the Read's baseline: the whole CHANGELOG as Claude Code numbers it (`N\t` per line)
    changelog = (Path(journaled["project"]) / "CHANGELOG.md").read_text()
    numbered = "\n".join(f"{n}\t{line}" for n, line in enumerate(changelog.split("\n"), 1))
    assert read["baseline_chars"] == len(numbered)
    assert 0 < read["delivered_chars"] < read["baseline_chars"] / 3
    assert read["raw_chars_in"] == len(changelog)  # kept, as raw, never called saved
    mcp = data["routes"]["mcp"]
    assert mcp["raw_chars_in"] == journaled["issues"]  # audit not counted
    assert mcp["net_saved_chars"] == mcp["baseline_chars"] - mcp["delivered_chars"]
    assert total["would_save_chars"] == data["tools"]["mcp__jira__search"]["would_save_chars"]
    assert data["tools"]["mcp__jira__search"]["audited"] == 1
    assert total["unknown_baseline_events"] == 0
    assert sum(data["net_saved_chars_by_day"].values()) == total["net_saved_chars"]
    assert set(total) >= {"latency_ms_median", "latency_ms_p95", "cache_hits", "fallbacks"}
    # which way `auto` reached the model, as the journal recorded it
    assert total["providers"] == {f"key from $ANTHROPIC_API_KEY at {journaled['url']}": 1}


def test_report_text(journaled: dict[str, Any]) -> None:
    output = invoke("report").output
    assert f"Model reached by: key from $ANTHROPIC_API_KEY at {journaled['url']} (1)" in output
    data = json.loads(invoke("report", "--json").output)["total"]
    flat = " ".join(output.split())
    assert flat.startswith(f"2 of 5 events compressed; net {data['net_saved_chars']:,} chars "
                           "(~")
    assert (f"against what Claude Code alone would have delivered ({data['baseline_chars']:,} → "
            f"{data['delivered_chars']:,}, 0 recovered)") in flat
    assert "Audit mode: would have saved " in output
    assert "By route" in output and "By tool" in output and "Net saved per day" in output
    assert "Passed through, by reason: not-documentation 1, under-threshold 1" in output


def test_report_since_and_empty(journaled: dict[str, int]) -> None:
    assert json.loads(invoke("report", "--since", "1h", "--json").output)["total"]["events"] == 5
    result = invoke("report", "--since", "yesterday")
    assert result.output == ("error: cannot read --since 'yesterday'\n"
                             "hint: use a number and a unit: 30m, 12h, 7d, 2w\n")


def test_report_on_an_empty_journal() -> None:
    assert invoke("report").output.startswith("No events in the journal for this period.")


def test_a_session_prefix_that_names_two_sessions_is_refused(garrepa_home: Path) -> None:
    """`--session ab` merged sessions ab12… and ab34… into one report without a word."""
    lines = [{"v": "t", "ts": 1.7e9, "event": "PostToolUse", "tool": "Bash", "route": "git",
              "session": name, "tool_use_id": "toolu_1", "decision": "compress",
              "reason": "git-log", "baseline_chars": 9_000, "delivered_chars": 1_000}
             for name in ("ab12", "ab34")]
    garrepa_home.mkdir(parents=True, exist_ok=True)
    (garrepa_home / "journal.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    done = invoke("report", "--session", "ab")
    assert done.exit_code == 1
    assert "error: --session ab names 2 sessions: ab12, ab34" in done.output
    assert json.loads(invoke("report", "--session", "ab1", "--json").output)[
        "total"]["compressed"] == 1
    assert invoke("report", "--session", "", "--json").exit_code == 1

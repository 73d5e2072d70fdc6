"""Dollars saved at the agent model's price (actions/report_dollars.py): replacements journaled
by real hook processes, priced from transcripts laid out as Claude Code writes them (assistant
lines with `message.model` and `usage`, the result in a user line, streamed messages repeating
their id), each figure worked out by hand in the test."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from ..cli.helpers import invoke
from ..conftest import session_fields, transcript_path
from ..support.read_events import post_read
from .test_report_baseline import hook, records

SONNET = "claude-sonnet-4-5-20250929"


def briefed_read(project: Path, tmp_path: Path, doc_corpus: Path,
                 tool_use_id: str = "toolu_read", **extra: Any) -> dict[str, Any]:
    """attrs' CHANGELOG Read by the agent, mapped by the hook: its journal line."""
    target = project / "CHANGELOG.md"
    if not target.exists():
        shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    event = {**post_read(target), **session_fields(tmp_path), "tool_use_id": tool_use_id,
             **extra}
    assert hook(project, event) is not None
    return [r for r in _records() if r.get("tool_use_id") == tool_use_id][-1]


def _records() -> list[dict[str, Any]]:
    return records(Path(os.environ["GARREPA_HOME"]))


def assistant(message_id: str, model: str, **usage: int) -> dict[str, Any]:
    return {"type": "assistant", "message": {
        "id": message_id, "type": "message", "role": "assistant", "model": model,
        "content": [{"type": "text", "text": "…"}],
        "usage": {"input_tokens": usage.get("input", 100),
                  "cache_creation_input_tokens": usage.get("write", 0),
                  "cache_read_input_tokens": usage.get("read", 0), "output_tokens": 20}}}


def result(tool_use_id: str) -> dict[str, Any]:
    return {"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": tool_use_id, "content": "…"}]}}


def write_lines(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def report() -> dict[str, Any]:
    done = invoke("report", "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["dollars_saved"]


def cached_session(path: Path, model: str = SONNET) -> None:
    """The agent's thread as Claude Code writes it, with prompt caching: the call that asked
    for the Read, the result, then three calls (one streamed over two lines), a compact
    boundary and one call after it that no longer carries the result."""
    write_lines(path, [
        assistant("msg_1", model, write=9000),  # asks for the Read: before the result
        result("toolu_read"),
        assistant("msg_2", model, write=14000, read=9000),  # first call: writes it to cache
        assistant("msg_2", model, write=14000, read=9000),  # the same call, streamed
        result("toolu_other"),
        assistant("msg_3", model, write=300, read=23000),  # reads it from the cache
        assistant("msg_4", model, read=23300),  # and again
        {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted"},
        assistant("msg_5", model, write=4000),  # after compaction: not in context any more
    ])


def test_a_cached_session_prices_one_write_and_each_later_read(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    record = briefed_read(project, tmp_path, doc_corpus)
    cached_session(transcript_path(tmp_path))
    net = record["baseline_chars"] - record["delivered_chars"]
    # by hand (attrs 23.2.0's CHANGELOG): 65,123 − 9,574 = 55,549 chars = 13,887.25 tokens
    # (the map's last line names the file's absolute path: a few chars more or less with the
    # test's folder, hence the tolerance below); Sonnet 4.5: one cache write ($3.75/M) + two
    # cache reads ($0.30/M each) = $4.35/M → 13,887.25 × 4.35 / 1,000,000 = $0.0604095
    assert abs(net - 55_549) < 200
    dollars = report()
    assert dollars["usd"] == pytest.approx(net / 4 * (3.75 + 0.3 + 0.3) / 1e6, abs=1e-6) \
        == pytest.approx(0.0604095, abs=1e-4)
    assert (dollars["replacements"], dollars["priced"]) == (1, 1)
    assert dollars["first_call_rate"] == {"cacheWrite": 1}
    assert dollars["later_call_rates"] == {"cacheRead": 2}
    assert dollars["by_route"] == {"read": dollars["usd"]}
    row = dollars["by_model"][SONNET]
    assert (row["calls"], row["price_key"], row["price_source"]) == (3, "claude-sonnet-4-5",
                                                                    "built-in")
    assert row["rates_usd_per_million"] == {"input": 3.0, "cacheWrite": 3.75, "cacheRead": 0.3,
                                            "output": 15.0}
    assert dollars["net_usd"] == dollars["usd"]  # no briefing model ran (structural)


def test_an_uncached_session_pays_full_input_on_every_call(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    record = briefed_read(project, tmp_path, doc_corpus)
    write_lines(transcript_path(tmp_path), [
        result("toolu_read"), assistant("msg_2", SONNET), assistant("msg_3", SONNET),
        assistant("msg_4", SONNET)])
    net = record["baseline_chars"] - record["delivered_chars"]
    # without caching the whole prompt is sent again on each call: 3 × $3/M = $9/M
    # → 13,887.25 × 9 / 1,000,000 = $0.1249853
    dollars = report()
    assert dollars["usd"] == pytest.approx(net / 4 * 9 / 1e6, abs=1e-6) == pytest.approx(0.1249853,
                                                                                 abs=1e-4)
    assert dollars["first_call_rate"] == {"input": 1}
    assert dollars["later_call_rates"] == {"input": 2}


def test_a_price_override_changes_the_dollars_and_names_its_source(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    briefed_read(project, tmp_path, doc_corpus)
    cached_session(transcript_path(tmp_path))
    before = report()["usd"]
    done = invoke("config", "set", "prices.claude-sonnet-4-5.cacheRead", "1")
    assert done.exit_code == 0, done.output
    # 13,887.25 × (3.75 + 1 + 1) / 1,000,000 = $0.0798517
    dollars = report()
    assert dollars["usd"] == pytest.approx(0.0798517, abs=1e-4) != before
    row = dollars["by_model"][SONNET]
    assert row["price_source"] == "built-in, overridden in user config.toml"
    assert row["rates_usd_per_million"]["cacheRead"] == 1.0


def test_an_unknown_model_is_price_unknown_never_a_guess(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    """claude-opus-4-6 is not claude-opus-4: a newer model is never priced as an older one."""
    briefed_read(project, tmp_path, doc_corpus)
    cached_session(transcript_path(tmp_path), model="claude-opus-4-6")
    dollars = report()
    assert (dollars["usd"], dollars["priced"]) == (0, 0)
    assert dollars["price_unknown_models"] == {"claude-opus-4-6": 1}
    text = " ".join(invoke("report").output.split())
    assert "price unknown for claude-opus-4-6 (1 replacement)" in text
    assert "garrepa config set prices.claude-opus-4-6.input" in text
    # the user names its price: now it counts, from the user's table alone
    for name, rate in (("input", "5"), ("cacheWrite", "6.25"), ("cacheRead", "0.5")):
        assert invoke("config", "set", f"prices.claude-opus-4-6.{name}", rate).exit_code == 0
    dollars = report()
    assert dollars["priced"] == 1
    assert dollars["by_model"]["claude-opus-4-6"]["price_source"] == "user config.toml"
    # 13,887.25 × (6.25 + 0.5 + 0.5) / 1,000,000 = $0.1006826
    assert dollars["usd"] == pytest.approx(0.1006826, abs=1e-4)


def test_no_transcript_is_not_priced(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    briefed_read(project, tmp_path, doc_corpus)
    dollars = report()
    assert (dollars["usd"], dollars["priced"], dollars["unpriced"]["no_transcript"]) == (0, 0, 1)
    assert "$" not in invoke("report", "--line").output.split("·")[0]


def test_a_subagents_replacement_is_priced_at_the_subagents_model(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    agent = "a8d1946e6fcc86469"
    briefed_read(project, tmp_path, doc_corpus, agent_id=agent, agent_type="Explore")
    # the main file has the same id with Opus calls after it: it must not be used
    cached_session(transcript_path(tmp_path), model="claude-opus-4-1-20250805")
    inside = transcript_path(tmp_path).with_suffix("") / "subagents" / f"agent-{agent}.jsonl"
    write_lines(inside, [result("toolu_read"),
                         assistant("msg_s1", "claude-haiku-4-5-20251001", write=15000)])
    dollars = report()
    # one Haiku 4.5 cache write: 13,887.25 × 1.25 / 1,000,000 = $0.0173591
    assert dollars["usd"] == pytest.approx(0.0173591, abs=1e-4)
    assert list(dollars["by_model"]) == ["claude-haiku-4-5-20251001"]


def test_the_statusline_and_the_text_report_say_the_same_dollars(
        project: Path, tmp_path: Path, doc_corpus: Path, garrepa_home: Path) -> None:
    briefed_read(project, tmp_path, doc_corpus)
    cached_session(transcript_path(tmp_path))
    dollars = report()
    line = invoke("report", "--line").output
    assert f"· ${dollars['net_usd']:.2f} saved ·" in line  # $0.06
    text = " ".join(invoke("report").output.split())
    assert (f"Saved at the agent model's price: ${dollars['usd']:.4f} for 1 of 1 replacement"
            in text)
    assert f"briefing model $0.0000; net ${dollars['net_usd']:.4f}." in text
    assert f"Dollars by route: read ${dollars['usd']:.4f}" in text
    assert (f"Dollars by model: {SONNET} ${dollars['usd']:.4f} over 3 calls at "
            "claude-sonnet-4-5's rates (built-in)") in text

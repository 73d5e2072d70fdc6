"""hook/journal_line.py: the one place an event's journal line is assembled, and which stage's
word wins (a later stage over an earlier one, the deadline and an error over everything)."""

from __future__ import annotations

from garrepa_py.engine.notes import EngineNotes
from garrepa_py.hook.journal_line import (
    Decided,
    Delivery,
    Early,
    EventFacts,
    JournalLine,
    Prepared,
)
from garrepa_py.routes.verdict import Verdict


def facts(baseline: int | None = 2_300) -> EventFacts:
    return EventFacts("PostToolUse", "Bash", "s1", 90_000, baseline, "toolu_1", None, "/p")


def line_with(verdict: Verdict, **decided: object) -> JournalLine:
    line = JournalLine("9.9")
    line.facts = facts()
    line.key = "abc"
    line.prepared = Prepared(None, "command", None, 0, 28_500)
    line.decided = Decided(verdict, verdict.reply, **decided)  # type: ignore[arg-type]
    return line


def test_an_unparsed_event_says_why_and_its_size() -> None:
    line = JournalLine("9.9")
    line.early = Early("malformed-json", 17)
    line.delivery = Delivery(None)
    assert line.record() == {"v": "9.9", "event": None, "tool": None, "route": "pass",
                             "decision": "pass", "reason": "malformed-json", "chars_in": 17}


def test_a_compressed_event_carries_the_engine_notes_and_the_route_sizes() -> None:
    notes = EngineNotes()
    notes.method, notes.spills = "structural", ["0123456789ab"]
    verdict = Verdict("compress", "compressed", {"reply": 1}, chars_in=91_000, chars_out=4_000,
                      engine=notes)
    line = line_with(verdict, transcript="/t.jsonl")
    line.delivery = Delivery(4_000, "fp1")
    record = line.record()
    assert {k: record[k] for k in ("route", "decision", "reason", "chars_in", "chars_out",  # type: ignore[literal-required]
                                   "method", "spills", "transcript", "delivered_chars", "fp",
                                   "deadline_ms", "baseline_chars")} == {
        "route": "command", "decision": "compress", "reason": "compressed",
        "chars_in": 91_000, "chars_out": 4_000, "method": "structural",
        "spills": ["0123456789ab"], "transcript": "/t.jsonl", "delivered_chars": 4_000,
        "fp": "fp1", "deadline_ms": 28_500, "baseline_chars": 2_300}


def test_the_route_baseline_overrides_the_event_estimate_and_is_what_passes() -> None:
    line = line_with(Verdict("pass", "whatever", baseline_chars=777))
    assert line.baseline() == 777
    line.delivery = Delivery(line.baseline())
    record = line.record()
    assert (record["baseline_chars"], record["delivered_chars"]) == (777, 777)


def test_holdout_passes_and_counts_what_came_in_as_what_went_out() -> None:
    line = line_with(Verdict("compress", "compressed", {"r": 1}, chars_in=50_000, chars_out=900),
                     outcome="holdout")
    record = line.record()
    assert (record["decision"], record["chars_out"]) == ("holdout", 50_000)


def test_audit_keeps_what_would_have_been_delivered() -> None:
    line = line_with(Verdict("compress", "compressed", {"r": 1}), outcome="audit",
                     would_deliver=1_234)
    assert (line.record()["decision"], line.record()["would_deliver_chars"]) == ("audit", 1_234)


def test_the_deadline_drops_a_late_verdict() -> None:
    line = line_with(Verdict("compress", "compressed", {"r": 1}, chars_out=10))
    line.late = True
    line.delivery = Delivery(2_300)
    record = line.record()
    assert (record["decision"], record["reason"]) == ("pass", "deadline")
    assert "chars_out" not in record


def test_an_error_wins_and_counts_the_original_as_delivered() -> None:
    line = line_with(Verdict("compress", "compressed", {"r": 1}))
    line.delivery = Delivery(10, "fp")
    line.error = "RuntimeError"
    record = line.record()
    assert (record["decision"], record["reason"], record["delivered_chars"]) == (
        "error", "RuntimeError", 2_300)
    assert "fp" not in record


def test_a_read_of_a_spill_counts_what_it_brought_back() -> None:
    line = line_with(Verdict("pass", "spill-file", recovers="0123456789ab"))
    line.delivery = Delivery(5_000)
    record = line.record()
    assert (record["recovers"], record["recovery_chars"]) == ("0123456789ab", 5_000)


def test_lines_not_journaled() -> None:
    line = JournalLine("9.9")
    line.prepared = Prepared(None, None, "mode-off", 0, None)
    assert not line.journaled()
    line.error = "ValueError"
    assert line.journaled()
    assert JournalLine("9.9").journaled()


def test_another_host_is_named_and_claude_code_is_not() -> None:
    assert "host" not in JournalLine("9.9").record()
    assert JournalLine("9.9", "codex").record()["host"] == "codex"

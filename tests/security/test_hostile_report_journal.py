"""`garrepa report` over a journal holding lines no garrepa wrote: wrong types, NaN, numbers
past a float, negative sizes, timestamps out of the calendar. Every form of the report (text,
--json, --since, --line, --check, --html) must still run, print strict JSON, and count only the
well-formed line: a hostile line is never a saving (nor a loss)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..cli.helpers import invoke

GOOD = {"v": "t", "ts": 1.7e9, "event": "PostToolUse", "tool": "Bash", "route": "git",
        "session": "s-good", "tool_use_id": "toolu_good", "decision": "compress",
        "reason": "git-log", "chars_in": 10_000, "chars_out": 1_000, "baseline_chars": 9_000,
        "delivered_chars": 1_000}

# each hostile line is a replacement in another session whose sizes must not count
HOSTILE: dict[str, str] = {
    "ts-null": '"ts": null', "ts-string": '"ts": "abc"', "ts-nan": '"ts": NaN',
    "ts-infinite": '"ts": Infinity', "ts-past-the-calendar": '"ts": 1e300',
    "ts-before-the-epoch": '"ts": -1e18', "ts-a-list": '"ts": [1]',
    "spills-a-number": '"spills": 5', "spills-a-string": '"spills": "abc"',
    "key-a-list": '"key": [1], "decision": "pass"', "session-a-list": '"session": [1]',
    "session-a-dict": '"session": {"a": 1}', "tool-use-id-a-number": '"tool_use_id": 5',
    "recovers-a-list": '"recovers": [1], "decision": "pass"',
    "latency-nan": '"latency_ms": NaN', "latency-infinite": '"latency_ms": -Infinity',
    "tokens-past-a-float": '"input_tokens": 1' + "0" * 400 + ', "model": "claude-haiku-4-5"',
    "tokens-negative": '"input_tokens": -1000000000, "model": "claude-haiku-4-5"',
    "route-a-dict": '"route": {"a": 1}', "model-a-list": '"model": [1], "input_tokens": 5',
}
# sizes that no tool output has: the line's saving is unknown, never counted
SIZES = {
    "baseline-past-a-float": '"baseline_chars": 1' + "0" * 400,
    "baseline-negative": '"baseline_chars": -1000000000',
    "delivered-negative": '"delivered_chars": -1000000000',
    "baseline-a-float-nan": '"baseline_chars": NaN',
    "baseline-a-string": '"baseline_chars": "9000"',
}


def _journal(home: Path, hostile: str) -> None:
    bad = dict(GOOD, session="s-bad", tool_use_id="toolu_bad", spills=["sp1"])
    text = json.dumps(bad)
    for key in ("ts", "spills", "session", "tool_use_id", "decision", "baseline_chars",
                "delivered_chars", "route"):
        if f'"{key}":' in hostile:  # the hostile value replaces the good one
            text = text.replace(f'"{key}": {json.dumps(bad[key])}, ', "")
    text = text[:-1] + ", " + hostile + "}"
    home.mkdir(parents=True, exist_ok=True)
    (home / "journal.jsonl").write_text(json.dumps(GOOD) + "\n" + text + "\n")


def _strict(text: str) -> object:
    def refuse(constant: str) -> object:
        raise ValueError(f"not JSON: {constant}")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("hostile", sorted({**HOSTILE, **SIZES}))
def test_a_hostile_journal_line_never_crashes_any_form_of_the_report(
        hostile: str, garrepa_home: Path, tmp_path: Path) -> None:
    _journal(garrepa_home, {**HOSTILE, **SIZES}[hostile])
    for args in (["--json"], ["--since", "99999d", "--json"], [], ["--line"], ["--check"],
                 ["--html", str(tmp_path / "r.html")], ["--session", "s-good", "--json"]):
        done = invoke("report", *args)
        assert done.exit_code == 0, (args, done.output)
        assert "unexpected" not in done.output
        if "--json" in args:
            _strict(done.output)


@pytest.mark.parametrize("hostile", sorted(SIZES))
def test_a_size_no_tool_output_has_is_never_counted_as_saved(
        hostile: str, garrepa_home: Path) -> None:
    _journal(garrepa_home, SIZES[hostile])
    total = _strict(invoke("report", "--json").output)["total"]  # type: ignore[index]
    # the good line's 9,000 → 1,000 alone; the hostile line is a replacement of unknown saving
    assert total["baseline_chars"] == 9_000 and total["delivered_chars"] == 1_000
    assert total["net_saved_chars"] == 8_000 and total["recovery_chars"] == 0


@pytest.mark.parametrize("chars", ["-1000000000", "1" + "0" * 400, "NaN", "true"])
def test_a_read_back_of_impossible_size_is_not_counted(chars: str, garrepa_home: Path) -> None:
    garrepa_home.mkdir(parents=True, exist_ok=True)
    peek = ('{"v": "t", "ts": 1700000100.0, "event": "cli", "tool": "peek", "decision": "pass", '
            f'"recovers": "sp1", "recovery_chars": {chars}}}')
    (garrepa_home / "journal.jsonl").write_text(json.dumps(dict(GOOD, spills=["sp1"])) + "\n"
                                                + peek + "\n")
    total = _strict(invoke("report", "--json").output)["total"]  # type: ignore[index]
    assert total["recovery_chars"] == 0 and total["net_saved_chars"] == 8_000

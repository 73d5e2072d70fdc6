"""report_records.sane: a journal line's values kept only in the shape garrepa writes."""

from __future__ import annotations

from garrepa_py.actions.report_records import MOST, sane


def test_a_line_garrepa_wrote_passes_unchanged() -> None:
    line = {"v": "1", "ts": 1.7e9, "latency_ms": 12.5, "route": "git", "tool": "Bash",
            "session": "0e3c6f2a-1b2c", "project": "/home/josé/proj", "tool_use_id": "toolu_1",
            "decision": "compress", "chars_in": 10, "chars_out": 2, "baseline_chars": 9,
            "delivered_chars": 2, "spills": ["a1"], "model": None, "input_tokens": 0}
    assert sane(line) == line  # type: ignore[arg-type]


def test_values_of_the_wrong_shape_are_dropped() -> None:
    line = {"ts": float("nan"), "latency_ms": float("inf"), "chars_in": -1,
            "baseline_chars": MOST + 1, "delivered_chars": True, "key": [1],
            "spills": ["a", 5, None], "route": {"a": 1}}
    assert sane(line) == {"spills": ["a"]}  # type: ignore[arg-type]


def test_labels_lose_their_control_and_bidi_characters() -> None:
    line = {"route": "git\x1b]0;x\x07", "model": "m\u202eevil", "session": "s\nfake line"}
    assert sane(line) == {"route": "git\\x1b]0;x\\x07", "model": "m\\u202eevil",  # type: ignore[arg-type]
                          "session": "s\\nfake line"}

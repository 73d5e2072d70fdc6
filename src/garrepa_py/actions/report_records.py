"""A journal line as `garrepa report` may count it.

The journal is garrepa's own, but a line read back may hold anything (an older or newer
garrepa, a hand edit, a torn write, another program appending): a size that is negative,
past what a float holds, NaN, a string where a number belongs; a timestamp outside the
calendar; a list where a name belongs. `sane` keeps each value only when it has the shape
garrepa writes, and drops it otherwise, so a line's saving becomes unknown rather than a
crash or a number nobody measured. Names shown to a reader (route, tool, reason, model,
project, session…) have their control and bidi characters escaped (textlines.inline): a
terminal escape or a right-to-left override in a journal line reorders nothing on screen or
on the --html page. A line garrepa wrote passes unchanged.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from garrepa_py.textlines import inline

if TYPE_CHECKING:
    from garrepa_py.journal import Record

# no tool output, context or model call is a petabyte: past this a size is not a measurement
MOST = 10 ** 15
LATEST = 253_402_300_799.0  # 9999-12-31T23:59:59Z, the last second time.gmtime can show

SIZES = ("chars_in", "chars_out", "baseline_chars", "delivered_chars", "would_deliver_chars",
         "recovery_chars", "input_tokens", "output_tokens")
DURATIONS = ("latency_ms", "model_ms")
# compared and looked up, never shown: kept byte for byte, dropped unless text
KEYS = ("tool_use_id", "transcript", "agent", "key", "fp", "recovers", "event", "decision",
        "host")
# shown to the reader: escaped
LABELS = ("route", "tool", "reason", "model", "provider", "fallback", "cache", "project",
          "session")


def size(value: object) -> int | None:
    """A count of characters or tokens garrepa could have written, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST:
        return value
    return None


def _finite(value: object, low: float, high: float) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and math.isfinite(value) and low <= value <= high:
        return float(value) if isinstance(value, float) else value
    return None


def sane(record: Record) -> Record:
    """The record with every value of the wrong shape dropped and every label escaped."""
    clean: dict[str, object] = dict(record)
    for name in SIZES:
        if name in clean and size(clean[name]) is None:
            del clean[name]
    if "ts" in clean and _finite(clean["ts"], 0, LATEST) is None:
        del clean["ts"]
    for name in DURATIONS:
        if name in clean and _finite(clean[name], 0, 1e12) is None:
            del clean[name]
    for name in KEYS:
        if name in clean and not isinstance(clean[name], str):
            del clean[name]
    for name in LABELS:
        if name not in clean or clean[name] is None:
            continue
        value = clean[name]
        if isinstance(value, str):
            clean[name] = inline(value)
        else:
            del clean[name]
    if "spills" in clean:
        spills = clean["spills"]
        if isinstance(spills, list):
            clean["spills"] = [spill for spill in spills if isinstance(spill, str)]
        else:
            del clean["spills"]
    return clean  # type: ignore[return-value]  # the same keys, each of its declared type

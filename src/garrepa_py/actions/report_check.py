"""`garrepa report --check` (a regression gate for CI) and `garrepa report --line` (one line
for Claude Code's statusline), both read from the same `Report` as `garrepa report`.

The gate fails when a route with replacements delivered more than Claude Code alone would have
(its net saving, read-backs included, under `min_net`), or when fewer of the replacements a
transcript could show reached the model than `min_arrival`. Events too few to judge pass, and
say so: a gate must not fail on an empty journal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from garrepa_py.actions.report import CHARS_PER_TOKEN, Report


@dataclass
class CheckResult:
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "failures": self.failures, "notes": self.notes}


def check(report: Report, min_net: int = 0, min_arrival: float = 1.0) -> CheckResult:
    result = CheckResult()
    judged = 0
    for name, tally in report.ordered_routes():
        if not tally.compressed or tally.compressed == tally.unknown:
            continue
        judged += 1
        if tally.net < min_net:
            result.failures.append(
                f"route {name}: net {tally.net:,} chars, under {min_net:,} (baseline "
                f"{tally.baseline:,} → delivered {tally.delivered:,} + recovered "
                f"{tally.recovery:,}, {tally.compressed} replacements)")
    if not judged:
        result.notes.append("no replacements with a baseline in this selection: nothing to judge")
    read = [row for row in report.arrival if row["transcript_read"]]
    shown = sum(row["arrived"] + row["not_arrived"] for row in read)
    if shown:
        arrived = sum(row["arrived"] for row in read)
        rate = arrived / shown
        if rate < min_arrival:
            result.failures.append(
                f"arrival: {arrived} of {shown} replacements the transcripts show reached the "
                f"model ({rate:.0%}), under {min_arrival:.0%}")
    else:
        result.notes.append("arrival: no transcript shows a replacement (none read, or none yet)")
    return result


def status_line(report: Report) -> str:
    """One short line for Claude Code's statusline: net saved, replacements, dollars saved at
    the agent model's price (when a replacement could be priced), arrival."""
    total = report.total
    if not total.compressed:
        return "garrepa: nothing replaced yet"
    net = total.net
    size = f"{abs(net) / 1000:,.1f}K" if abs(net) >= 1000 else f"{abs(net)}"
    verb = "saved" if net >= 0 else "added"
    parts = [f"garrepa: {verb} {size} chars (~{abs(net) // CHARS_PER_TOKEN:,} tokens)",
             f"{total.compressed} replaced"]
    dollars = report.dollars
    if dollars is not None and dollars.priced:
        # at the agent model's price, net of the briefing model's cost (report_dollars.py)
        parts.append(f"${dollars.net:,.2f} saved" if dollars.net >= 0 else
                     f"${-dollars.net:,.2f} spent")
    elif dollars is not None and dollars.price_unknown:
        parts.append("$ price unknown")
    read = [row for row in report.arrival if row["transcript_read"]]
    shown = sum(row["arrived"] + row["not_arrived"] for row in read)
    if shown:
        parts.append(f"arrived {sum(row['arrived'] for row in read)}/{shown}")
    return " · ".join(parts)


def read_statusline_stdin(stream: Any, wait: float = 1.0, limit: int = 1024 * 1024) -> str:
    """What a statusline command is handed on stdin, read until end of file or for at most
    `wait` seconds: Claude Code writes its JSON and closes the pipe at once, but a stdin
    that stays open (a shell loop's, a CI runner's) must not hang the line."""
    import os
    import select
    import time

    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's stream)
        return str(stream.read(limit))
    chunks: list[bytes] = []
    size, deadline = 0, time.monotonic() + wait
    while size < limit:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            break
        chunk = os.read(fd, min(65536, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def statusline_session(stdin_text: str) -> str | None:
    """The session id Claude Code hands a statusline command on stdin (a JSON object with
    `session_id`), or None for anything else."""
    try:
        data = json.loads(stdin_text)
    except ValueError:
        return None
    session = data.get("session_id") if isinstance(data, dict) else None
    return session if isinstance(session, str) and session else None

"""`garrepa report`: what the journal says garrepa saved, cost and took, per route and tool.

Savings count only replacements the agent actually received (decision "compress"); audit-mode
events count as "would save"; fallbacks and passes save nothing.
"""

from __future__ import annotations

import re
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from garrepa_py import journal
from garrepa_py.errors import GarrepaError

CHARS_PER_TOKEN = 4  # the usual estimate for English text and code
# USD per million tokens (input, output); models not listed are reported without a cost.
PRICES = {"claude-haiku-4-5": (1.0, 5.0), "claude-3-5-haiku": (0.8, 4.0),
          "claude-haiku-5": (1.0, 5.0)}


def parse_since(text: str) -> float:
    match = re.fullmatch(r"\s*(\d+)\s*([mhdw])\s*", text)
    if not match:
        raise GarrepaError(f"cannot read --since {text!r}",
                           hint="use a number and a unit: 30m, 12h, 7d, 2w")
    seconds = {"m": 60, "h": 3600, "d": 86400, "w": 604800}[match.group(2)]
    return time.time() - int(match.group(1)) * seconds


def price(model: str | None) -> tuple[float, float] | None:
    if not model:
        return None
    for prefix, cost in PRICES.items():
        if model.startswith(prefix):
            return cost
    return None


@dataclass
class Tally:
    events: int = 0
    compressed: int = 0
    audited: int = 0
    errors: int = 0
    chars_in: int = 0  # of compressed events
    chars_out: int = 0
    would_save: int = 0
    model_input: int = 0
    model_output: int = 0
    cost: float = 0.0
    unpriced_calls: int = 0
    cache_hits: int = 0
    passed: Counter[str] = field(default_factory=Counter)
    fallbacks: Counter[str] = field(default_factory=Counter)
    providers: Counter[str] = field(default_factory=Counter)  # how `auto` reached the model
    latencies: list[float] = field(default_factory=list)

    def add(self, record: dict[str, Any]) -> None:
        self.events += 1
        decision = record.get("decision")
        size_in, size_out = _int(record.get("chars_in")), _int(record.get("chars_out"))
        if decision == "compress":
            self.compressed += 1
            self.chars_in += size_in
            self.chars_out += size_out
        elif decision == "audit":
            self.audited += 1
            self.would_save += max(0, size_in - size_out)
        elif decision == "error":
            self.errors += 1
        else:
            self.passed[str(record.get("reason"))] += 1
        tokens_in, tokens_out = _int(record.get("input_tokens")), _int(record.get("output_tokens"))
        self.model_input += tokens_in
        self.model_output += tokens_out
        if tokens_in or tokens_out:
            cost = price(record.get("model"))
            if cost is None:
                self.unpriced_calls += 1
            else:
                self.cost += (tokens_in * cost[0] + tokens_out * cost[1]) / 1_000_000
        if record.get("cache") == "hit":
            self.cache_hits += 1
        if record.get("provider"):
            self.providers[str(record["provider"])] += 1
        if record.get("fallback"):
            self.fallbacks[str(record["fallback"])] += 1
        if isinstance(record.get("latency_ms"), (int, float)):
            self.latencies.append(float(record["latency_ms"]))

    @property
    def saved(self) -> int:
        return max(0, self.chars_in - self.chars_out)

    def as_dict(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else None
        return {"events": self.events, "compressed": self.compressed, "audited": self.audited,
                "errors": self.errors, "passed": dict(sorted(self.passed.items())),
                "chars_in": self.chars_in, "chars_out": self.chars_out,
                "saved_chars": self.saved, "saved_tokens_est": self.saved // CHARS_PER_TOKEN,
                "would_save_chars": self.would_save,
                "model_input_tokens": self.model_input, "model_output_tokens": self.model_output,
                "model_cost_usd": round(self.cost, 6), "unpriced_model_calls": self.unpriced_calls,
                "cache_hits": self.cache_hits, "fallbacks": dict(sorted(self.fallbacks.items())),
                "providers": dict(sorted(self.providers.items())),
                "latency_ms_median": statistics.median(ordered) if ordered else None,
                "latency_ms_p95": p95}


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass
class Report:
    since: float | None
    total: Tally
    routes: dict[str, Tally]
    tools: dict[str, Tally]
    days: dict[str, int]  # date → saved chars

    def as_dict(self) -> dict[str, Any]:
        return {"since": self.since, "total": self.total.as_dict(),
                "routes": {k: v.as_dict() for k, v in sorted(self.routes.items())},
                "tools": {k: v.as_dict() for k, v in sorted(self.tools.items())},
                "saved_chars_by_day": dict(sorted(self.days.items()))}


def build(since: float | None = None, project: str | None = None,
          target: str | None = None) -> Report:
    total = Tally()
    routes: dict[str, Tally] = defaultdict(Tally)
    tools: dict[str, Tally] = defaultdict(Tally)
    days: dict[str, int] = defaultdict(int)
    for record in journal.read(since=since, target=target):
        if project is not None and record.get("project") != project:
            continue
        total.add(record)
        routes[str(record.get("route", "pass"))].add(record)
        if record.get("tool"):
            tools[str(record["tool"])].add(record)
        if record.get("decision") == "compress":
            day = time.strftime("%Y-%m-%d", time.gmtime(float(record.get("ts", 0))))
            days[day] += max(0, _int(record.get("chars_in")) - _int(record.get("chars_out")))
    return Report(since, total, dict(routes), dict(tools), dict(days))

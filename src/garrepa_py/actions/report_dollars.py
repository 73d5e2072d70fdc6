"""What the replacements saved in dollars, at the price of the model the agent ran.

The model, stated once so every figure can be checked by hand (docs/measuring.md):

- A replacement's saving in tokens is its net saving in characters — what Claude Code alone
  would have delivered, minus what garrepa delivered, minus what the agent read back of it —
  divided by CHARS_PER_TOKEN (4), the same estimate the rest of the report uses.
- Those tokens would have entered the context in the first model call after the tool_result
  (the transcript's next assistant message) and stayed there for every later call of the same
  thread (the main session's file or the subagent's own) until a compact boundary. Each of those
  calls is priced at its own model (`message.model`) and by what its `usage` says happened:
  the first call at the cache-write rate when it wrote to the prompt cache
  (`cache_creation_input_tokens` > 0), else at the input rate; every later call at the
  cache-read rate when it read from the cache (`cache_read_input_tokens` > 0), at the write rate
  when it only wrote (the cache had expired), else at the input rate (no caching: the whole
  prompt is sent again each call). A call in Anthropic's streaming form spans several lines with
  one message id: it counts once.
- A read-back is priced from the briefing's place, not its own (a little early: it costs the
  saving slightly more than it should, never less).
- Nothing is guessed: a replacement whose transcript cannot be read or holds no call after its
  result is "no transcript"; one a call of which ran a model the price table does not name is
  "price unknown" (its model named), and neither is counted in the dollars.

The briefing model's own cost (the report's model cost) is shown beside it and subtracted.
"""

from __future__ import annotations

import bisect
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from garrepa_py.actions.report import (
    CHARS_PER_TOKEN,
    Report,
    counts,
    thread_transcript,
)
from garrepa_py.config import prices
from garrepa_py.hosts.claude_code.transcript import MAX_TRANSCRIPT_BYTES
from garrepa_py.textlines import inline

if TYPE_CHECKING:
    from collections.abc import Mapping

    from garrepa_py.journal import Record

MILLION = 1_000_000


@dataclass
class Call:
    """One model call of a transcript: its place, model and usage."""

    line: int
    model: str
    usage: dict[str, Any]

    def _tokens(self, key: str) -> int:
        value = self.usage.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def rate_name(self, first: bool) -> str:
        """Which rate prices content that entered before this call (see the module docstring)."""
        wrote = self._tokens("cache_creation_input_tokens") > 0
        if first:
            return "cacheWrite" if wrote else "input"
        if self._tokens("cache_read_input_tokens") > 0:
            return "cacheRead"
        return "cacheWrite" if wrote else "input"


@dataclass
class Thread:
    """One transcript file, reduced to what pricing needs."""

    results: dict[str, int] = field(default_factory=dict)  # tool_use_id → line of its result
    calls: list[Call] = field(default_factory=list)  # in order, one per message id
    boundaries: list[int] = field(default_factory=list)  # lines of compact boundaries

    def calls_after(self, tool_use_id: str) -> list[Call] | None:
        """The calls that carried a tool_result in their context: from the first call after it
        up to the next compact boundary. None when the result is not in this file."""
        start = self.results.get(tool_use_id)
        if start is None:
            return None
        later = bisect.bisect_right(self.boundaries, start)
        end = self.boundaries[later] if later < len(self.boundaries) else None
        return [call for call in self.calls if call.line > start
                and (end is None or call.line < end)]


def read_thread(path: str, main: bool) -> Thread | None:
    """A transcript's results, calls and compact boundaries (bounded, never through a link;
    the main file's sidechain lines, an older Claude Code's subagents, left out); None when it
    cannot be read."""
    from garrepa_py import fs

    try:
        data = fs.read_bounded(path, MAX_TRANSCRIPT_BYTES, follow=False)
    except (OSError, fs.Refused):
        return None
    thread = Thread()
    by_id: dict[str, Call] = {}
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines()):
        if '"tool_result"' not in line and '"usage"' not in line \
                and "compact_boundary" not in line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if not isinstance(entry, dict) or (main and entry.get("isSidechain") is True):
            continue
        if entry.get("subtype") == "compact_boundary":
            thread.boundaries.append(number)
            continue
        message = entry.get("message")
        if not isinstance(message, dict):
            continue
        if entry.get("type") == "assistant" and isinstance(message.get("usage"), dict):
            model = message.get("model")
            if not isinstance(model, str) or model.startswith("<"):
                continue  # "<synthetic>": Claude Code's own message, no model call
            known = by_id.get(str(message.get("id") or f"line-{number}"))
            if known is not None:
                known.usage = message["usage"]  # a streamed message: its last usage
                continue
            call = Call(number, inline(model), message["usage"])  # shown: escaped
            by_id[str(message.get("id") or f"line-{number}")] = call
            thread.calls.append(call)
            continue
        content = message.get("content")
        for block in content if isinstance(content, list) else ():
            if isinstance(block, dict) and block.get("type") == "tool_result" \
                    and isinstance(block.get("tool_use_id"), str):
                thread.results.setdefault(block["tool_use_id"], number)
    return thread


@dataclass
class ModelRow:
    """The dollars one model's calls carried, and the rates that priced them."""

    usd: float = 0.0
    calls: int = 0
    rates: prices.Rates | None = None

    def as_dict(self, layer: str) -> dict[str, Any]:
        rates = self.rates
        return {"usd": round(self.usd, 6), "calls": self.calls,
                "price_key": rates.key if rates else None,
                "rates_usd_per_million": {name: rates.rates[name] for name in prices.FIELDS}
                if rates else None,
                "price_source": rates.source.replace("config", layer) if rates else None}


@dataclass
class Dollars:
    saved: float = 0.0  # the priced replacements' net tokens at the agent model's price
    briefing_cost: float = 0.0  # the briefing model's calls (the report's model cost)
    unpriced_briefing_calls: int = 0
    replacements: int = 0
    priced: int = 0
    no_baseline: int = 0  # journaled before baselines: their saving is unknown
    no_transcript: int = 0  # no readable transcript, or no call after the result in it
    price_unknown: Counter[str] = field(default_factory=Counter)  # model → replacements
    entered: Counter[str] = field(default_factory=Counter)  # rate of the first call → count
    later_calls: Counter[str] = field(default_factory=Counter)  # rate of each later call
    by_route: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    by_model: dict[str, ModelRow] = field(default_factory=lambda: defaultdict(ModelRow))
    layer: str = "config"  # where the user's rates come from, as `config list` says

    @property
    def net(self) -> float:
        return self.saved - self.briefing_cost

    def as_dict(self) -> dict[str, Any]:
        return {"usd": round(self.saved, 6), "briefing_model_cost_usd": round(self.briefing_cost, 6),
                "net_usd": round(self.net, 6),
                "unpriced_briefing_calls": self.unpriced_briefing_calls,
                "replacements": self.replacements, "priced": self.priced,
                "unpriced": {"no_baseline": self.no_baseline, "no_transcript": self.no_transcript,
                             "price_unknown": sum(self.price_unknown.values())},
                "price_unknown_models": dict(sorted(self.price_unknown.items())),
                "by_route": {name: round(usd, 6) for name, usd in self.by_route.items()},
                "by_model": {name: row.as_dict(self.layer)
                             for name, row in sorted(self.by_model.items())},
                "first_call_rate": dict(sorted(self.entered.items())),
                "later_call_rates": dict(sorted(self.later_calls.items())),
                "chars_per_token": CHARS_PER_TOKEN, "prices_as_of": prices.AS_OF}


def price_event(tokens: float, calls: list[Call], table: Mapping[str, prices.Rates]
                ) -> tuple[list[tuple[Call, prices.Rates, str, float]], str | None]:
    """Each call's share of one replacement's saving: (call, rates, rate name, USD); or the
    first model no rate is known for (then nothing is priced)."""
    shares = []
    for index, call in enumerate(calls):
        rates = prices.lookup(call.model, table)
        name = call.rate_name(first=index == 0)
        rate = rates.rates.get(name) if rates is not None else None
        if rates is None or rate is None:
            return [], call.model
        shares.append((call, rates, name, tokens * rate / MILLION))
    return shares, None


def compute(report: Report, overrides: Mapping[str, Mapping[str, float]] | None = None,
            layer: str = "config") -> Dollars:
    table = prices.table(overrides)
    dollars = Dollars(briefing_cost=report.total.cost,
                      unpriced_briefing_calls=report.total.unpriced_calls, layer=layer)
    threads: dict[str, Thread | None] = {}
    for record, recovered in report.briefings:
        dollars.replacements += 1
        counted = counts(record)
        if counted is None:
            dollars.no_baseline += 1
            continue
        calls = _calls(record, threads)
        if not calls:
            dollars.no_transcript += 1
            continue
        tokens = (counted[0] - counted[1] - recovered) / CHARS_PER_TOKEN
        shares, unknown = price_event(tokens, calls, table)
        if unknown is not None:
            dollars.price_unknown[unknown] += 1
            continue
        dollars.priced += 1
        route = str(record.get("route", "pass"))
        for index, (call, rates, name, usd) in enumerate(shares):
            dollars.saved += usd
            dollars.by_route[route] += usd
            row = dollars.by_model[call.model]
            row.usd += usd
            row.calls += 1
            row.rates = rates
            (dollars.entered if index == 0 else dollars.later_calls)[name] += 1
    dollars.by_route = dict(dollars.by_route)
    dollars.by_model = dict(dollars.by_model)
    return dollars


def _calls(record: Record, threads: dict[str, Thread | None]) -> list[Call] | None:
    path = thread_transcript(record.get("transcript"), record.get("agent"))
    call_id = record.get("tool_use_id")
    if path is None or not isinstance(call_id, str):
        return None
    if path not in threads:
        threads[path] = read_thread(path, main=record.get("agent") is None)
    thread = threads[path]
    return thread.calls_after(call_id) if thread is not None else None


def attach(report: Report, overrides: Mapping[str, Mapping[str, float]] | None = None,
           layer: str = "config") -> Report:
    """The report with its dollars (`report.dollars`, `dollars_saved` in --json)."""
    report.dollars = compute(report, overrides, layer)
    return report

"""`garrepa report`: what the journal says garrepa saved, cost and took, per route and tool.

A saving is measured against what Claude Code alone would have delivered (`baseline_chars`,
its own rules: baseline.py), never against the raw output: a 160 KB `git log -p` already reaches
the model as a 2 KB notice without garrepa. Per route: baseline, delivered (garrepa's reply
after Claude Code's rules), recovered (what the agent read back: spill Reads, section Reads of a
mapped document, `peek`/`ask`) and the net, negative where garrepa added context. Only
replacements count (decision "compress"); audit-mode events count as "would save"; a briefing
journaled before the baseline existed is counted as unknown, never as saved. And per session,
from Claude Code's transcript, how many replacements actually reached the model.
"""

from __future__ import annotations

import re
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from garrepa_py import journal
from garrepa_py.actions.report_records import sane

if TYPE_CHECKING:
    from collections.abc import Mapping

    from garrepa_py.actions.report_dollars import Dollars
    from garrepa_py.config.prices import Rates
    from garrepa_py.hosts.host import Host
    from garrepa_py.journal import Record
from garrepa_py.errors import GarrepaError

CHARS_PER_TOKEN = 4  # the usual estimate for English text and code


def parse_since(text: str) -> float:
    match = re.fullmatch(r"\s*(\d+)\s*([mhdw])\s*", text)
    if not match:
        raise GarrepaError(f"cannot read --since {text!r}",
                           hint="use a number and a unit: 30m, 12h, 7d, 2w")
    seconds = {"m": 60, "h": 3600, "d": 86400, "w": 604800}[match.group(2)]
    return time.time() - int(match.group(1)) * seconds


def price(model: object, table: Mapping[str, Rates] | None = None
          ) -> tuple[float, float] | None:
    """A briefing model's (input, output) USD per million tokens from the price table
    (config/prices.py: built-in, or with the user's rates); None when it names no price."""
    from garrepa_py.config import prices

    rates = prices.lookup(model, table if table is not None else prices.table(None))
    if rates is None:
        return None
    cost_in, cost_out = rates.rates["input"], rates.rates["output"]
    return None if cost_in is None or cost_out is None else (cost_in, cost_out)


@dataclass
class Tally:
    events: int = 0
    compressed: int = 0
    audited: int = 0
    errors: int = 0
    wrapped: int = 0  # test/build commands the logs route sent through its runner
    chars_in: int = 0  # raw: of compressed events, the tool's own output (never "saved")
    chars_out: int = 0
    baseline: int = 0  # of compressed events: what Claude Code alone would have delivered
    delivered: int = 0  # what the model received instead, after Claude Code's rules
    recovery: int = 0  # what the agent read back of those briefings
    unknown: int = 0  # compressed events without a baseline (journaled before it existed)
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

    def add(self, record: Record, table: Mapping[str, Rates] | None = None) -> None:
        decision = record.get("decision")
        if decision == "compress" and str(record.get("reason", "")).startswith("wrapped-"):
            self.wrapped += 1  # the logs route's rewrite: its run is counted by the runner's record
            return
        self.events += 1
        size_in, size_out = _int(record.get("chars_in")), _int(record.get("chars_out"))
        if decision == "compress":
            self.compressed += 1
            self.chars_in += size_in
            self.chars_out += size_out
            counted = counts(record)
            if counted is None:
                self.unknown += 1
            else:
                self.baseline += counted[0]
                self.delivered += counted[1]
        elif decision == "audit":
            self.audited += 1
            alone, would = record.get("baseline_chars"), record.get("would_deliver_chars")
            if _known(alone) and _known(would):
                self.would_save += _int(alone) - _int(would)
        elif decision == "error":
            self.errors += 1
        else:
            self.passed[str(record.get("reason"))] += 1
        tokens_in, tokens_out = _int(record.get("input_tokens")), _int(record.get("output_tokens"))
        self.model_input += tokens_in
        self.model_output += tokens_out
        if tokens_in or tokens_out:
            cost = price(record.get("model"), table)
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
    def net(self) -> int:
        """Baseline − delivered − recovered: negative where garrepa added context."""
        return self.baseline - self.delivered - self.recovery

    def as_dict(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] if ordered else None
        return {"events": self.events, "compressed": self.compressed, "audited": self.audited,
                "errors": self.errors, "wrapped": self.wrapped,
                "passed": dict(sorted(self.passed.items())),
                "raw_chars_in": self.chars_in, "raw_chars_out": self.chars_out,
                "baseline_chars": self.baseline, "delivered_chars": self.delivered,
                "recovery_chars": self.recovery, "net_saved_chars": self.net,
                "net_saved_tokens_est": int(self.net / CHARS_PER_TOKEN),
                "unknown_baseline_events": self.unknown,
                "would_save_chars": self.would_save,
                "model_input_tokens": self.model_input, "model_output_tokens": self.model_output,
                "model_cost_usd": round(self.cost, 6), "unpriced_model_calls": self.unpriced_calls,
                "cache_hits": self.cache_hits, "fallbacks": dict(sorted(self.fallbacks.items())),
                "providers": dict(sorted(self.providers.items())),
                "latency_ms_median": statistics.median(ordered) if ordered else None,
                "latency_ms_p95": p95}


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _known(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def counts(record: Record) -> tuple[int, int] | None:
    """(baseline, delivered) of a replacement, None when the journal line does not hold them:
    a line from before baseline.py could only say what the raw output was, and that is not
    what the agent would have received, so it is never counted as saved."""
    alone, got = record.get("baseline_chars"), record.get("delivered_chars")
    if _known(alone) and _known(got):
        return _int(alone), _int(got)
    return None


@dataclass
class Share:
    """How many of some events were followed by a return to the same bytes."""

    events: Counter[str] = field(default_factory=Counter)
    followed: Counter[str] = field(default_factory=Counter)

    def add(self, name: str, followed: bool) -> None:
        self.events[name] += 1
        self.followed[name] += int(followed)

    def as_dict(self) -> dict[str, Any]:
        return {name: {"events": count, "followed": self.followed[name],
                       "rate": round(self.followed[name] / count, 3)}
                for name, count in sorted(self.events.items())}


@dataclass
class Group:
    """One arm of the holdout comparison."""

    events: int = 0
    chars_received: int = 0
    followed: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"events": self.events, "chars_received": self.chars_received,
                "mean_chars_received": round(self.chars_received / self.events) if self.events
                else None, "followed_by_same_target": self.followed,
                "follow_rate": round(self.followed / self.events, 3) if self.events else None}


@dataclass
class Report:
    since: float | None
    total: Tally
    routes: dict[str, Tally]
    tools: dict[str, Tally]
    days: dict[str, int]  # date → net saved chars (baseline − delivered − recovered)
    recovery_routes: Share = field(default_factory=Share)
    recovery_tools: Share = field(default_factory=Share)
    briefed: Group = field(default_factory=Group)
    held_out: Group = field(default_factory=Group)
    sessions: list[dict[str, Any]] = field(default_factory=list)  # tokens from transcripts
    # the main thread's events and its subagents' apart (a subagent's event names its agent)
    threads: dict[str, Tally] = field(default_factory=dict)
    # per host (a line without `host` is Claude Code's): shown only when the journal holds two
    hosts: dict[str, Tally] = field(default_factory=dict)
    projects: list[str] = field(default_factory=list)  # the projects the selection's events hold
    scoped: bool = False  # narrowed to one project (--project)
    arrival: list[dict[str, Any]] = field(default_factory=list)  # replacements in transcripts
    # read-backs of briefings outside the selection (before --since, another session): not
    # counted, so that the routes add up to the total and each net is one briefing's own
    unattributed_recovery: int = 0
    # every replacement in the selection with the chars read back of it (report_dollars)
    briefings: list[tuple[Record, int]] = field(default_factory=list)
    dollars: Dollars | None = None  # the saving at the agent model's price, once priced

    @property
    def alarms(self) -> list[dict[str, Any]]:
        """Sessions where the transcript shows a replacement's tool_result without it and none
        with it. A briefing whose tool_result is absent (the transcript unreadable, garbage, or
        still being written) is `unknown`: it accuses nobody."""
        return [row for row in self.arrival if row["not_arrived"] and not row["arrived"]]

    def ordered_routes(self) -> list[tuple[str, Tally]]:
        """The routes in the registry's order (read, figma, mcp, git, capture, logs, search,
        command), then any name the registry no longer has (an older garrepa's lines, "pass")."""
        from garrepa_py.routes import registry

        known = [(name, self.routes[name]) for name in registry.BY_NAME if name in self.routes]
        return known + sorted((name, tally) for name, tally in self.routes.items()
                              if name not in registry.BY_NAME)

    def as_dict(self) -> dict[str, Any]:
        briefings = sum(self.recovery_routes.events.values())
        recovered = sum(self.recovery_routes.followed.values())
        return {"since": self.since, "total": self.total.as_dict(),
                "routes": {k: v.as_dict() for k, v in self.ordered_routes()},
                "tools": {k: v.as_dict() for k, v in sorted(self.tools.items())},
                "net_saved_chars_by_day": dict(sorted(self.days.items())),
                "threads": {k: v.as_dict() for k, v in sorted(self.threads.items())},
                **({"hosts": {k: v.as_dict() for k, v in sorted(self.hosts.items())}}
                   if len(self.hosts) > 1 else {}),
                "projects": self.projects,
                "arrival": {"briefings": sum(r["briefings"] for r in self.arrival),
                            "arrived": sum(r["arrived"] for r in self.arrival),
                            "not_arrived": sum(r["not_arrived"] for r in self.arrival),
                            "unknown": sum(r["unknown"] for r in self.arrival),
                            "unchecked_sessions": sum(not r["transcript_read"]
                                                      for r in self.arrival),
                            "unchecked_briefings": sum(r["briefings"] for r in self.arrival
                                                       if not r["transcript_read"]),
                            "alarm": bool(self.alarms),
                            "alarm_sessions": [r["session"] for r in self.alarms],
                            "sessions": self.arrival},
                "recovery": {"briefings": briefings, "recovered": recovered,
                             "unattributed_chars": self.unattributed_recovery,
                             "rate": round(recovered / briefings, 3) if briefings else None,
                             "by_route": self.recovery_routes.as_dict(),
                             "by_tool": self.recovery_tools.as_dict()},
                "holdout": {"briefed": self.briefed.as_dict(),
                            "held_out": self.held_out.as_dict(),
                            "sessions": self.sessions},
                "dollars_saved": self.dollars.as_dict() if self.dollars is not None else None}


def build(since: float | None = None, project: str | None = None,
          target: str | None = None, session: str | None = None,
          prices: Mapping[str, Mapping[str, float]] | None = None) -> Report:
    """The report of the journal's events in a selection; `prices`: the user's rates laid
    over the built-in table (the `prices` setting) for the briefing model's cost."""
    from garrepa_py.config import prices as price_table

    table = price_table.table(prices)
    total = Tally()
    routes: dict[str, Tally] = defaultdict(Tally)
    tools: dict[str, Tally] = defaultdict(Tally)
    days: dict[str, int] = defaultdict(int)
    threads: dict[str, Tally] = defaultdict(Tally)
    hosts: dict[str, Tally] = defaultdict(Tally)
    kept, read_backs = [], []
    calls: set[tuple[str, str, str]] = set()
    for line in journal.read(since=since, target=target, holding=_holding(session)):
        if project is not None and line.get("project") != project:
            continue
        record = sane(line)  # a value of the wrong shape dropped, a label escaped
        call_id, event_name = record.get("tool_use_id"), record.get("event")
        if isinstance(call_id, str) and isinstance(event_name, str):
            # one tool call, one count: a compound command whose parts match two of garrepa's
            # rules (`find . | grep x`) starts two handlers, each journaling the same decision
            # the session is part of the key: a tool_use_id is unique within its session only
            # (a scripted or replayed session numbers its calls from toolu_000000 again)
            key = (str(record.get("session") or ""), call_id, event_name)
            if key in calls:
                continue
            calls.add(key)
        if isinstance(record.get("recovers"), str):
            read_backs.append(record)  # a spill read: it belongs to its briefing's session
        if session is not None and not str(record.get("session") or "").startswith(session):
            continue
        kept.append(record)
        if record.get("event") == "cli":
            continue  # a `peek`/`ask`: a recovery, not a hook event
        total.add(record, table)
        threads[_thread(record)].add(record, table)
        hosts[_host(record)].add(record, table)
        routes[str(record.get("route", "pass"))].add(record, table)
        if record.get("tool"):
            tools[str(record["tool"])].add(record, table)
        counted = counts(record) if record.get("decision") == "compress" else None
        if counted is not None:
            days[_day(record)] += counted[0] - counted[1]
    _one_session(session, kept)
    report = Report(since, total, dict(routes), dict(tools), dict(days))
    # `peek`/`ask` journal no session: the briefing whose spill they read gives them one
    spills = {spill for briefing in kept if briefing.get("decision") == "compress"
              for spill in briefing.get("spills") or () if isinstance(spill, str)}
    inside = {id(record) for record in kept}
    linked = kept + [record for record in read_backs
                     if id(record) not in inside and record["recovers"] in spills]
    _links(linked, report)
    read_back: Counter[int] = Counter()
    for record, briefing, chars in _recoveries(linked):
        if briefing is None:  # its briefing is outside this selection: so is its read-back
            report.unattributed_recovery += chars
            continue
        read_back[id(briefing)] += chars
        total.recovery += chars
        threads[_thread(briefing)].recovery += chars
        hosts[_host(briefing)].recovery += chars
        days[_day(record)] -= chars
        routes[str(briefing.get("route", "pass"))].recovery += chars
        if briefing.get("tool"):
            tools[str(briefing["tool"])].recovery += chars
    report.routes, report.tools, report.days = dict(routes), dict(tools), dict(days)
    report.threads = dict(threads)
    report.hosts = dict(hosts)
    report.projects = sorted({str(r["project"]) for r in kept if isinstance(r.get("project"), str)})
    report.scoped = project is not None
    report.arrival = arrivals(kept)
    report.briefings = [(record, read_back[id(record)]) for record in kept
                        if briefed(record)]
    return report


def _one_session(session: str | None, kept: list[Record]) -> None:
    """`--session` names the start of one session's id: a prefix two sessions share (or an
    empty one) would add them up as one without a word."""
    if session is None:
        return
    named = sorted({str(r["session"]) for r in kept if r.get("session")})
    if len(named) > 1 or (not session and named):
        shown = ", ".join(named[:5]) + (f" and {len(named) - 5} more" if len(named) > 5 else "")
        raise GarrepaError(f"--session {session} names {len(named)} sessions: {shown}",
                           hint="give more of the id (`garrepa report --json` lists sessions "
                                "under arrival)")


def _holding(session: str | None) -> tuple[bytes, ...]:
    """What a journal line of `session` must contain, for journal.read to skip the rest
    unparsed: the session id (as JSON writes it: only a plain id, else parse every line) or a
    read-back (`peek`/`ask` journal no session: their briefing's session adopts them)."""
    if not session or not re.fullmatch(r"[A-Za-z0-9_.:-]+", session):
        return ()
    return (f'"{session}'.encode(), b'"recovers"')


def _thread(record: Record) -> str:
    return "subagents" if isinstance(record.get("agent"), str) else "main"


def _host(record: Record) -> str:
    """The host whose hook wrote the line (no `host` key: Claude Code's)."""
    host = record.get("host")
    return host if isinstance(host, str) and host else "claude-code"


def _day(record: Record) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(_ts(record)))


def _recoveries(records: list[Record]
                ) -> list[tuple[Record, Record | None, int]]:
    """Every read-back of a briefing, with the briefing (None: not in this window) and the
    characters it delivered: a Read of a spill and `peek`/`ask` (`recovers` a spill id), and a
    later pass of the same target in the same session (a section Read of a mapped document)."""
    by_spill: dict[str, Record] = {}
    last_brief: dict[tuple[object, object], Record] = {}
    found: list[tuple[Record, Record | None, int]] = []
    for record in sorted(records, key=_ts):
        if record.get("decision") == "compress":
            if not briefed(record):
                continue  # a rewrite: the call's own record follows it, never a read-back
            for spill in record.get("spills") or ():
                if isinstance(spill, str):
                    by_spill[spill] = record
            if record.get("key"):
                last_brief[(record.get("session"), record["key"])] = record
            continue
        if isinstance(record.get("recovers"), str):
            chars = record.get("recovery_chars")
            if _known(chars):
                found.append((record, by_spill.get(record["recovers"]), _int(chars)))
            continue
        briefing = last_brief.get((record.get("session"), record.get("key")))
        if record.get("key") and briefing is not None and record.get("decision") == "pass" \
                and _known(record.get("delivered_chars")):
            found.append((record, briefing, _int(record["delivered_chars"])))
    return found


def transcript_tokens(path: str) -> int | None:
    """All tokens a Claude Code session's model calls used (input, cache writes and reads,
    output), from its transcript; each message counted once. None when it cannot be read."""
    from garrepa_py.hosts.claude_code.transcript import messages as read_messages

    messages = read_messages(path)
    if messages is None:
        return None
    seen: dict[str, int] = {}
    for message in messages:
        if not isinstance(message.get("usage"), dict):
            continue
        usage = message["usage"]
        total = sum(_int(usage.get(key)) for key in (
            "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
            "output_tokens"))
        seen[str(message.get("id") or len(seen))] = total  # a streamed message: its last usage
    return sum(seen.values())


def _sessions(records: list[Record], report: Report) -> None:
    """Per session with briefed or held-out events: those counts and, where the transcript can
    be read, the session's tokens — the holdout comparison's last column (read only when there
    is a holdout group: transcripts can be large)."""
    if not any(record.get("decision") == "holdout" for record in records):
        return  # no control group: no comparison to read transcripts for
    by_session: dict[str, dict[str, Any]] = {}
    for record in records:
        if record.get("decision") not in ("compress", "holdout") or not record.get("session"):
            continue
        row = by_session.setdefault(str(record["session"]), {
            "session": str(record["session"]), "briefed": 0, "held_out": 0, "tokens": None,
            "transcripts": set()})
        row["briefed" if record["decision"] == "compress" else "held_out"] += 1
        path = thread_transcript(record.get("transcript"), record.get("agent"))
        if path is not None:
            row["transcripts"].add(path)
    for row in by_session.values():
        # the session's tokens: its main thread's and those of the subagents that had events
        found = [transcript_tokens(path) for path in sorted(row.pop("transcripts"))]
        if found and all(tokens is not None for tokens in found):
            row["tokens"] = sum(tokens for tokens in found if tokens is not None)
    report.sessions = sorted(by_session.values(), key=lambda row: row["session"])


def briefed(record: Record) -> bool:
    """A replacement the model got: a compress decision, not a PreToolUse rewrite (`wrapped-…`:
    the logs runner, Codex's capture), whose own PostToolUse or runner record follows it."""
    return record.get("decision") == "compress" and \
        not str(record.get("reason", "")).startswith("wrapped-")


def _ts(record: Record) -> float:
    value = record.get("ts")
    return float(value) if isinstance(value, (int, float)) else 0.0


def _links(records: list[Record], report: Report) -> None:
    """Recovery and the holdout comparison, from the journal's links: a briefing counts as
    recovered when, after it, the same session called the same target again (a Read of the
    same document, the same git command) or anyone read one of its spills (a Read of the spill
    file, `garrepa peek`/`ask`)."""
    same_target: dict[tuple[object, object], list[float]] = defaultdict(list)
    spill_reads: dict[str, list[float]] = defaultdict(list)
    for record in records:
        if record.get("key"):
            same_target[(record.get("session"), record["key"])].append(_ts(record))
        if isinstance(record.get("recovers"), str):
            spill_reads[record["recovers"]].append(_ts(record))

    def followed(record: Record, by_spill: bool) -> bool:
        when = _ts(record)
        if record.get("key") and any(
                t > when for t in same_target.get((record.get("session"), record["key"]), ())):
            return True
        spills = record.get("spills") if by_spill else None
        return isinstance(spills, list) and any(
            t >= when for spill in spills if isinstance(spill, str)
            for t in spill_reads.get(spill, ()))

    _sessions(records, report)
    for record in records:
        decision = record.get("decision")
        if decision == "compress" and not briefed(record):
            continue  # a rewrite before the call: its PostToolUse is no second look
        if decision == "compress":
            back = followed(record, by_spill=True)
            report.recovery_routes.add(str(record.get("route")), back)
            report.recovery_tools.add(str(record.get("tool")), back)
            report.briefed.events += 1
            got = counts(record)
            report.briefed.chars_received += got[1] if got else _int(record.get("chars_out"))
            report.briefed.followed += int(followed(record, by_spill=False))
        elif decision == "holdout":
            report.held_out.events += 1
            alone = record.get("baseline_chars")
            report.held_out.chars_received += _int(alone) if _known(alone) \
                else _int(record.get("chars_in"))
            report.held_out.followed += int(followed(record, by_spill=False))


def arrivals(records: list[Record]) -> list[dict[str, Any]]:
    """Per session with replacements: how many were made and, from the transcript, how many
    `arrived` (the tool_result of their tool call holds the replacement: proof it reached the
    model), `not_arrived` (that tool_result is there and holds something else: Claude Code
    dropped the reply, for a shape it rejects or another hook finishing last) and `unknown`
    (no tool_result for it: the transcript is missing, unreadable, not a transcript, or the
    session is still running)."""
    by_session: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        if record.get("decision") == "compress" and record.get("session") \
                and isinstance(record.get("fp"), str) and isinstance(record.get("tool_use_id"), str):
            by_session[str(record["session"])].append(record)
    rows = []
    for session, made in sorted(by_session.items()):
        main = next((r["transcript"] for r in made if isinstance(r.get("transcript"), str)), None)
        read: dict[str, dict[str, object] | None] = {}
        states: Counter[str] = Counter()
        results_found = subagent_briefings = subagent_arrived = 0
        for record in made:
            # each thread's results are in its own file: the main session's, or a subagent's
            host = host_of(record)
            path = host.thread_transcript(main, record.get("agent")) if host else None
            if host is not None and path is not None and path not in read:
                read[path] = host.transcript_results(path)
            results = read.get(path) if path is not None else None
            state = arrival_state(record, results)
            states[state] += 1
            results_found += record["tool_use_id"] in (results or {})
            if _thread(record) == "subagents":
                subagent_briefings += 1
                subagent_arrived += state == "arrived"
        rows.append({"session": session, "briefings": len(made), "arrived": states["arrived"],
                     "not_arrived": states["not_arrived"], "unknown": states["unknown"],
                     # a thread's file read (a subagent's may not exist yet: unknown)
                     "transcript_read": any(results is not None for results in read.values()),
                     "tool_results_found": results_found,
                     "subagent_briefings": subagent_briefings,
                     "subagent_arrived": subagent_arrived})
    return rows


def host_of(record: Record) -> Host | None:
    """The host that ran the hook for this line (no `host` key: the default, Claude Code)."""
    from garrepa_py.hosts.registry import by_name

    return by_name(record.get("host"))


def thread_transcript(path: object, agent: object, host: Host | None = None) -> str | None:
    """The transcript that holds the results of `agent`'s calls (None: the main thread) in
    the session whose transcript is `path` (hosts/*/transcript.py)."""
    from garrepa_py.hosts.registry import DEFAULT

    return (host or DEFAULT).thread_transcript(path, agent)


def transcript_results(path: str, host: Host | None = None) -> dict[str, object] | None:
    """tool_use_id → what the model received, from a session's transcript; None when it
    cannot be read."""
    from garrepa_py.hosts.registry import DEFAULT

    return (host or DEFAULT).transcript_results(path)


def arrival_state(record: Record, results: dict[str, object] | None) -> str:
    """"arrived", "not_arrived" or "unknown" for one replacement (see `arrivals`)."""
    host = host_of(record)
    if host is None or results is None or record["tool_use_id"] not in results:
        return "unknown"
    found = host.arrived(record["fp"], results[record["tool_use_id"]], record.get("tool"))
    if found is None:
        return "unknown"  # a content shape we cannot read as text: no evidence either way
    return "arrived" if found else "not_arrived"

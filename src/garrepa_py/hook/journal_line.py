"""One hook event's journal line, assembled once from what each stage returned (stdlib only).

The stages (hook/pipeline.py) never write into the record: each returns a typed result — the
event's facts, an early pass, what `prepare` decided, the route's verdict after audit and
holdout, the delivery counted — and the entry point hands them here. `JournalLine.record()` is
the one place that spells the journal's keys (journal.py `Record`), in one order, with one rule
for which stage's word wins: a later stage's decision over an earlier one's, the deadline and
an error over everything.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.journal import Record
    from garrepa_py.routes.verdict import HookContext, Verdict


PLUGIN_DEFERS = "plugin-defers-to-project"


class EventFacts:
    """What the event itself says, taken once it parsed: who, what, how big, what the host
    alone would deliver, and the project."""

    __slots__ = ("event", "tool", "session", "chars_in", "baseline_chars", "tool_use_id",
                 "agent", "project")

    def __init__(self, event: str | None, tool: str | None, session: str | None,
                 chars_in: int | None, baseline_chars: int | None, tool_use_id: str | None,
                 agent: str | None, project: str) -> None:
        self.event, self.tool, self.session = event, tool, session
        self.chars_in, self.baseline_chars = chars_in, baseline_chars
        self.tool_use_id, self.agent, self.project = tool_use_id, agent, project


class Early:
    """A pass decided before any route worked: the reason (and the input's size when known)."""

    __slots__ = ("reason", "chars_in")

    def __init__(self, reason: str, chars_in: int | None = None) -> None:
        self.reason, self.chars_in = reason, chars_in


class Prepared:
    """What `prepare` decided: the context to work in (None: decided here, for `reason`), the
    route's name once the config let it run, the config's problems, the deadline's budget."""

    __slots__ = ("context", "route", "reason", "config_problems", "deadline_ms")

    def __init__(self, context: HookContext | None, route: str | None, reason: str | None,
                 config_problems: int, deadline_ms: int | None) -> None:
        self.context, self.route, self.reason = context, route, reason
        self.config_problems, self.deadline_ms = config_problems, deadline_ms


class Decided:
    """The route's verdict and what happened to its reply: `reply` is what to print (None when
    the original passes: no reply, audit, holdout); `outcome` "audit" or "holdout" when the
    reply was computed and kept back; `would_deliver` what an audited reply would have
    delivered; `transcript` where `report` finds the session's result of a replacement."""

    __slots__ = ("verdict", "reply", "outcome", "would_deliver", "transcript")

    def __init__(self, verdict: Verdict, reply: dict[str, object] | None,
                 outcome: str | None = None, would_deliver: int | None = None,
                 transcript: str | None = None) -> None:
        self.verdict, self.reply, self.outcome = verdict, reply, outcome
        self.would_deliver, self.transcript = would_deliver, transcript


class Delivery:
    """What the model receives: `delivered` chars after the host's own rules, the replacement's
    fingerprint (never its text)."""

    __slots__ = ("delivered", "fingerprint")

    def __init__(self, delivered: int | None, fingerprint: str | None = None) -> None:
        self.delivered, self.fingerprint = delivered, fingerprint


class JournalLine:
    """The stages' results for one event; `record()` builds the line."""

    __slots__ = ("version", "host", "facts", "early", "key", "prepared", "decided", "late", "delivery",
                 "error", "ts", "latency_ms")

    def __init__(self, version: str, host: str = "claude-code") -> None:
        self.version = version
        self.host = host  # which agent's hook this is (hosts/registry.py)
        self.facts: EventFacts | None = None
        self.early: Early | None = None
        self.key: str | None = None  # the target's fingerprint
        self.prepared: Prepared | None = None
        self.decided: Decided | None = None
        self.late = False  # the deadline passed: the original went through
        self.delivery: Delivery | None = None
        self.error: str | None = None  # the exception's name: the original went through
        self.ts: float | None = None
        self.latency_ms: float | None = None

    def baseline(self) -> int | None:
        """What the host alone delivers: the event's estimate, or the route's own measure."""
        verdict = self.decided.verdict if self.decided is not None else None
        if verdict is not None and verdict.baseline_chars is not None:
            return verdict.baseline_chars
        return self.facts.baseline_chars if self.facts is not None else None

    def route(self) -> str:
        return self.prepared.route if self.prepared is not None and self.prepared.route else "pass"

    def journaled(self) -> bool:
        """Whether the line is written at all: not when garrepa is off for the project, not
        when the plugin defers to the project's own entry (which journals it), not for a Read's
        PreToolUse in post mode (its PostToolUse is the one line)."""
        reason = self.prepared.reason if self.prepared is not None else None
        return reason not in ("mode-off", PLUGIN_DEFERS, "read-in-post") or self.error is not None

    def record(self) -> Record:
        line: Record = {"v": self.version, "event": None, "tool": None, "route": "pass"}
        if self.host != "claude-code":  # Claude Code's lines stay as they were
            line["host"] = self.host
        facts = self.facts
        if facts is not None:
            line.update({"event": facts.event, "tool": facts.tool, "session": facts.session,
                         "chars_in": facts.chars_in, "baseline_chars": facts.baseline_chars})
            if facts.tool_use_id is not None:  # links the line to the transcript's result
                line["tool_use_id"] = facts.tool_use_id
            if facts.agent is not None:  # a subagent's call: its result is in its own file
                line["agent"] = facts.agent
            line["project"] = facts.project
        if self.early is not None:
            line.update({"decision": "pass", "reason": self.early.reason})
            if self.early.chars_in is not None:
                line["chars_in"] = self.early.chars_in
        if self.key is not None:
            line["key"] = self.key
        prepared = self.prepared
        if prepared is not None:
            if prepared.config_problems:
                line["config_problems"] = prepared.config_problems
            line["route"] = self.route()
            if prepared.reason is not None:
                line.update({"decision": "pass", "reason": prepared.reason})
            if prepared.deadline_ms is not None:
                line["deadline_ms"] = prepared.deadline_ms
        if self.decided is not None and not self.late:
            self._verdict(line, self.decided)
        if self.late:
            line.update({"decision": "pass", "reason": "deadline"})
        if self.error is not None:
            line.update({"decision": "error", "reason": self.error,
                         "delivered_chars": self.baseline()})  # the original passes
        elif self.delivery is not None:
            self._delivery(line, self.delivery)
        if self.ts is not None:
            line["ts"] = self.ts
        if self.latency_ms is not None:
            line["latency_ms"] = self.latency_ms
        return line

    @staticmethod
    def _verdict(line: Record, decided: Decided) -> None:
        verdict = decided.verdict
        if verdict.engine is not None:
            line.update(verdict.engine.fields())
        if verdict.baseline_chars is not None:
            line["baseline_chars"] = verdict.baseline_chars
        if verdict.recovers is not None:
            line["recovers"] = verdict.recovers
        if verdict.saved_log is not None:
            line["saved_log"] = verdict.saved_log
        line.update({"decision": verdict.decision, "reason": verdict.reason})
        if verdict.chars_in is not None:
            line["chars_in"] = verdict.chars_in
        if verdict.chars_out is not None:
            line["chars_out"] = verdict.chars_out
        if decided.outcome == "audit":  # computed and journaled, never delivered
            line.update({"decision": "audit", "would_deliver_chars": decided.would_deliver})
        if decided.transcript is not None:
            line["transcript"] = decided.transcript
        if decided.outcome == "holdout":  # the control group: passed untouched
            line.update({"decision": "holdout", "chars_out": line.get("chars_in")})

    def _delivery(self, line: Record, delivery: Delivery) -> None:
        if self.facts is not None or delivery.fingerprint is not None:
            line["delivered_chars"] = delivery.delivered
        verdict = self.decided.verdict if self.decided is not None and not self.late else None
        if delivery.fingerprint is not None:
            line["fp"] = delivery.fingerprint
        elif verdict is not None and verdict.recovers is not None:
            line["recovery_chars"] = delivery.delivered  # a read of a spill: what it brought back

"""Rich views for summarize and report: tables on a terminal, plain text when piped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from garrepa_py.actions.report import CHARS_PER_TOKEN, Group, Report, Tally
from garrepa_py.actions.summarize import Summary

T = TypeVar("T")
STATUS_STYLE = {"briefed": "green", "short": "dim", "refused": "bold red", "skipped": "yellow"}


def with_progress(out: Console, items: Sequence[Path], work: Callable[[Path], T]) -> list[T]:
    """Run `work` over items, with a progress bar on a terminal when there are several."""
    if len(items) < 2 or not out.is_terminal:
        return [work(item) for item in items]
    from rich.progress import Progress

    results = []
    with Progress(console=out, transient=True) as progress:
        task = progress.add_task("summarizing", total=len(items))
        for item in items:
            progress.update(task, description=str(item)[-50:])
            results.append(work(item))
            progress.advance(task)
    return results


def size_change(alone: int, delivered: int) -> str:
    """Claude Code alone against garrepa, the difference in words: `preview` and `summarize`
    measure what the agent's context sees, never the raw output."""
    if delivered > alone:
        verdict = f"garrepa adds {delivered - alone:,} chars"
    elif delivered == alone:
        verdict = "the same"
    else:
        verdict = f"saves {alone - delivered:,} chars ({100 * (alone - delivered) // alone}%)"
    return f"Claude Code alone {alone:,} chars → garrepa {delivered:,}: {verdict}"


def show_summaries(out: Console, summaries: list[Summary]) -> None:
    for summary in summaries:
        head = Text(f"{summary.path}: ", style="bold")
        head.append(summary.status, style=STATUS_STYLE.get(summary.status, ""))
        if summary.reason:
            head.append(f" ({summary.reason})", style="dim")
        if summary.status == "briefed":
            head.append(f" {summary.method}; as a whole Read, "
                        f"{size_change(summary.baseline_chars, summary.delivered_chars)}",
                        style="dim")
        out.print(head)
        if summary.briefing:
            out.print(summary.briefing, markup=False, highlight=False)
            out.print()


def show_totals(out: Console, summaries: list[Summary]) -> None:
    counts: dict[str, int] = {}
    for summary in summaries:
        counts[summary.status] = counts.get(summary.status, 0) + 1
    read = [s for s in summaries if s.status in ("briefed", "short")]
    alone = sum(s.baseline_chars for s in read)
    delivered = sum(s.delivered_chars for s in read)
    parts = ", ".join(f"{counts[k]} {k}" for k in ("briefed", "short", "skipped", "refused")
                      if counts.get(k))
    out.print(Text(f"{len(summaries)} files: {parts}; Read by the agent, "
                   f"{size_change(alone, delivered)}", style="bold"))


def _k(chars: int) -> str:
    size = abs(chars)
    text = f"{size / 1000:,.1f}K" if size >= 1000 else str(size)
    return f"-{text}" if chars < 0 else text


def _tally_row(name: str, tally: Tally) -> list[str]:
    data = tally.as_dict()
    median = data["latency_ms_median"]
    p95 = data["latency_ms_p95"]
    return [escape(name), str(tally.events), str(tally.compressed), str(sum(tally.passed.values())),
            _k(tally.baseline), _k(tally.delivered), _k(tally.recovery), _k(tally.net),
            f"~{int(tally.net / CHARS_PER_TOKEN):,}", _k(tally.would_save),
            f"{tally.model_input + tally.model_output:,}", f"${tally.cost:.4f}",
            str(tally.cache_hits), "-" if median is None else f"{median:.0f}",
            "-" if p95 is None else f"{p95:.0f}"]


# baseline: what Claude Code alone would have delivered for the events garrepa replaced
COLUMNS = ["", "events", "compressed", "passed", "baseline", "delivered", "recovered", "net",
           "net tokens", "would save", "model tokens", "cost", "cache hits", "p50 ms", "p95 ms"]


WIDE_REPORT = 150  # the full tables read only this wide; narrower terminals get stacked rows


def _stacked(name: str, tally: Tally) -> Text:
    """One route or tool as wrapped text: every figure whole, whatever the width."""
    data = tally.as_dict()
    parts = [f"events {tally.events}", f"compressed {tally.compressed}",
             f"passed {sum(tally.passed.values())}",
             f"baseline {_k(tally.baseline)} → delivered {_k(tally.delivered)}"
             f" + recovered {_k(tally.recovery)} chars",
             f"net {_k(tally.net)} (~{int(tally.net / CHARS_PER_TOKEN):,} tokens)"]
    if tally.would_save:
        parts.append(f"would save {_k(tally.would_save)}")
    if tally.model_input or tally.model_output:
        parts.append(f"model {tally.model_input + tally.model_output:,} tokens "
                     f"${tally.cost:.4f}")
    if tally.cache_hits:
        parts.append(f"cache hits {tally.cache_hits}")
    if data["latency_ms_median"] is not None:
        parts.append(f"p50 {data['latency_ms_median']:.0f} ms, p95 {data['latency_ms_p95']:.0f} ms")
    line = Text(f"{name}: ", style="bold")
    line.append(" · ".join(parts))
    return line


def _section(out: Console, title: str, rows: list[tuple[str, Tally]], total: Tally | None) -> None:
    if out.size.width >= WIDE_REPORT:
        table = Table(*COLUMNS, title=title, box=None, header_style="bold")
        for name, tally in rows:
            table.add_row(*_tally_row(name, tally))
        if total is not None:
            table.add_row(*_tally_row("all", total), style="bold")
        out.print(table)
        return
    out.print(Text(title, style="bold underline"))
    for name, tally in rows:
        out.print(_stacked(name, tally))


def _recovery(out: Console, report: Report) -> None:
    share = report.recovery_routes
    briefings, back = sum(share.events.values()), sum(share.followed.values())
    if briefings:
        routes = " · ".join(f"{name} {share.followed[name]}/{count}"
                            for name, count in sorted(share.events.items()))
        out.print(f"Recovery: after {briefings} briefings the agent went back for the exact "
                  f"bytes {back} times ({100 * back / briefings:.0f}%): {routes}.", markup=False)
        tools = report.recovery_tools
        worst = sorted(((tools.followed[t] / n, t) for t, n in tools.events.items()
                        if tools.followed[t]), reverse=True)[:3]
        if worst:
            out.print("Most often gone back to (briefing not enough?): " + ", ".join(
                f"{tool} {tools.followed[tool]}/{tools.events[tool]}" for _, tool in worst),
                markup=False)
    held, briefed = report.held_out, report.briefed
    if held.events:
        def arm(group: Group) -> str:
            data = group.as_dict()
            return (f"{data['events']} events, {data['mean_chars_received']:,} chars received "
                    f"on average, followed by the same call {data['follow_rate']:.0%}")

        out.print(f"Holdout: briefed {arm(briefed)}; held out (passed untouched) {arm(held)}.")
        counted = [row for row in report.sessions if row["tokens"] is not None]
        if counted:
            out.print("Sessions (tokens from Claude Code's transcripts): " + "; ".join(
                f"{row['session'][:8]} {row['tokens']:,} tokens, {row['briefed']} briefed / "
                f"{row['held_out']} held out" for row in counted[:10])
                      + (f"; and {len(counted) - 10} more (--json)" if len(counted) > 10 else ""))


def show_report(out: Console, report: Report, top: int = 10) -> None:
    total = report.total
    if total.events == 0:
        out.print("No events in the journal for this period. Hooks write one line per tool "
                  "event once `garrepa init` has run in a project.")
        return
    out.print(Text(f"{total.compressed} of {total.events} events compressed; net "
                   f"{total.net:,} chars (~{int(total.net / CHARS_PER_TOKEN):,} tokens) against "
                   f"what Claude Code alone would have delivered ({total.baseline:,} → "
                   f"{total.delivered:,}, {total.recovery:,} recovered); model cost "
                   f"${total.cost:.4f}.", style="bold"))
    if not report.scoped and len(report.projects) > 1:
        out.print(f"Across {len(report.projects)} projects in your journal (`--project .` for "
                  "this one alone).")
    for name, tally in report.ordered_routes():
        if tally.net < 0:
            out.print(f"garrepa added {-tally.net:,} chars on {name}: its replacements and the "
                      "read-backs they caused were larger than what Claude Code alone delivers.",
                      markup=False)
    if total.unknown:
        out.print(f"{total.unknown} replacements journaled before baselines were recorded: "
                  "their saving is unknown and not counted.")
    _arrival(out, report)
    for line in dollar_lines(report):
        out.print(line, highlight=False, markup=False)
    if total.audited:
        out.print(f"Audit mode: would have saved {total.would_save:,} more chars "
                  f"({total.audited} events computed, not replaced).")
    _section(out, "By route", report.ordered_routes(), total)
    if "subagents" in report.threads:  # only when a subagent had events: else it is all main
        _section(out, "Main thread and subagents", sorted(report.threads.items()), None)
    ranked = sorted(report.tools.items(), key=lambda kv: (-kv[1].net, kv[0]))[:top]
    _section(out, f"By tool (top {len(ranked)} by net saved)", ranked, None)
    _recovery(out, report)
    if total.passed:
        out.print("Passed through, by reason: " + ", ".join(
            f"{reason} {count}" for reason, count in total.passed.most_common()), markup=False)
    if total.providers:
        out.print("Model reached by: " + ", ".join(
            f"{way} ({count})" for way, count in total.providers.most_common()), markup=False)
    if total.fallbacks:
        out.print("Model fallbacks to structural: " + ", ".join(
            f"{reason} {count}" for reason, count in total.fallbacks.most_common()),
            markup=False)
    if report.days:
        out.print(Text("Net saved per day", style="bold"))
        peak = max(abs(v) for v in report.days.values()) or 1
        room = max(4, min(30, out.size.width - 22))  # "2026-11-30  " + bar + " 123.4K"
        for day, saved in sorted(report.days.items()):
            bar = ("█" if saved > 0 else "░") * max(1, round(room * abs(saved) / peak)) \
                if saved else ""
            out.print(f"{day}  {bar} {_k(saved)}")


def arrival_lines(report: Report) -> list[str]:
    """The proof-of-arrival summary with what could not be checked and, per session where
    replacements were shown not to arrive (and none did), a warning and a hint (shared by
    `report` and `doctor`)."""
    rows = report.arrival
    if not rows:
        return []
    read = [row for row in rows if row["transcript_read"]]
    unread = [row for row in rows if not row["transcript_read"]]
    lines = []
    if read:
        made, arrived = sum(r["briefings"] for r in read), sum(r["arrived"] for r in read)
        missing = sum(r["not_arrived"] for r in read)
        unknown = sum(r["unknown"] for r in read)
        line = (f"Reached the model (per Claude Code's transcripts): {arrived} of {made} "
                f"replacements in {len(read)} session{'' if len(read) == 1 else 's'}")
        if missing:
            line += f"; {missing} did not (their tool_result holds other output)"
        if unknown:
            line += (f"; {unknown} unknown (no tool_result for them in the transcript: not a "
                     "transcript, or the session is still running)")
        inside = sum(r.get("subagent_briefings", 0) for r in read)
        if inside:
            line += (f"; of them in subagents (their own transcripts): "
                     f"{sum(r.get('subagent_arrived', 0) for r in read)} of {inside}")
        lines.append(line + ".")
    if unread:
        lines.append(f"Not checked: {sum(r['briefings'] for r in unread)} replacements in "
                     f"{len(unread)} session{'' if len(unread) == 1 else 's'} whose "
                     "transcript could not be read (missing, "
                     "unreadable, or over 64 MB): unknown whether they reached the model.")
    for row in report.alarms:
        shown = "none reached the model" if not row["unknown"] else (
            f"none of the {row['not_arrived']} the transcript shows reached the model")
        lines.append(f"warning: session {row['session'][:8]}: {row['briefings']} replacements "
                     f"made, {shown} (the transcript shows other output)"
                     + (f"; {row['unknown']} unknown" if row["unknown"] else ""))
    if report.alarms:
        lines.append("hint: Claude Code drops a reply it does not accept without a word; run "
                     "`garrepa doctor`, and check for another PostToolUse hook that rewrites the "
                     "same tool (the one finishing last wins)")
    return lines


def _usd(value: float) -> str:
    return f"-${-value:,.4f}" if value < 0 else f"${value:,.4f}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def dollar_lines(report: Report) -> list[str]:
    """The saving in dollars at the agent model's price (actions/report_dollars.py): the total
    net of the briefing model's cost, per route and per model with the rates' source, and what
    could not be priced and why."""
    dollars = report.dollars
    if dollars is None or not dollars.replacements:
        return []
    lines = [f"Saved at the agent model's price: {_usd(dollars.saved)} for {dollars.priced} of "
             f"{_plural(dollars.replacements, 'replacement')} (their net tokens, ~"
             f"{CHARS_PER_TOKEN} chars each, priced at each later call's model: cache write or "
             f"input when they entered, cache read or input on every call after); briefing "
             f"model {_usd(dollars.briefing_cost)}; net {_usd(dollars.net)}."]
    if dollars.priced:
        lines.append("Dollars by route: " + " · ".join(
            f"{name} {_usd(usd)}" for name, usd in dollars.by_route.items()))
        lines.append("Dollars by model: " + " · ".join(
            f"{name} {_usd(row.usd)} over {_plural(row.calls, 'call')} at "
            f"{row.rates.key if row.rates else '?'}'s rates "
            f"({row.as_dict(dollars.layer)['price_source']})"
            for name, row in sorted(dollars.by_model.items())))
    for model, count in sorted(dollars.price_unknown.items()):
        lines.append(f"Not priced: price unknown for {model} ({_plural(count, 'replacement')}); "
                     f"name it with `garrepa config set prices.{model}.input N` (and "
                     "cacheWrite, cacheRead, output: USD per million tokens).")
    if dollars.no_transcript:
        lines.append(f"Not priced: {_plural(dollars.no_transcript, 'replacement')} without a "
                     "transcript that shows a model call after it.")
    if dollars.unpriced_briefing_calls:
        lines.append(f"Briefing model calls without a known price: "
                     f"{dollars.unpriced_briefing_calls} (not in its cost).")
    return lines


def _arrival(out: Console, report: Report) -> None:
    for line in arrival_lines(report):
        out.print(Text(line, style="bold red" if line.startswith("warning:") else ""))

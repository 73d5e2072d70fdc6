"""Rich views for summarize and report: tables on a terminal, plain text when piped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from rich.console import Console
from rich.table import Table
from rich.text import Text

from garrepa_py.actions.report import CHARS_PER_TOKEN, Report, Tally
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


def show_summaries(out: Console, summaries: list[Summary]) -> None:
    for summary in summaries:
        head = Text(f"{summary.path}: ", style="bold")
        head.append(summary.status, style=STATUS_STYLE.get(summary.status, ""))
        if summary.reason:
            head.append(f" ({summary.reason})", style="dim")
        if summary.status == "briefed":
            head.append(f" {summary.chars_in:,} → {summary.chars_out:,} chars, "
                        f"{summary.method}", style="dim")
        out.print(head)
        if summary.briefing:
            out.print(summary.briefing, markup=False, highlight=False)
            out.print()


def _k(chars: int) -> str:
    return f"{chars / 1000:,.1f}K" if chars >= 1000 else str(chars)


def _tally_row(name: str, tally: Tally) -> list[str]:
    data = tally.as_dict()
    median = data["latency_ms_median"]
    p95 = data["latency_ms_p95"]
    return [name, str(tally.events), str(tally.compressed), str(sum(tally.passed.values())),
            _k(tally.chars_in), _k(tally.chars_out), _k(tally.saved),
            f"~{tally.saved // CHARS_PER_TOKEN:,}", _k(tally.would_save),
            f"{tally.model_input + tally.model_output:,}", f"${tally.cost:.4f}",
            str(tally.cache_hits), "-" if median is None else f"{median:.0f}",
            "-" if p95 is None else f"{p95:.0f}"]


COLUMNS = ["", "events", "compressed", "passed", "chars in", "chars out", "saved",
           "tokens saved", "would save", "model tokens", "cost", "cache hits", "p50 ms", "p95 ms"]


def show_report(out: Console, report: Report, top: int = 10) -> None:
    total = report.total
    if total.events == 0:
        out.print("No events in the journal for this period. Hooks write one line per tool "
                  "event once `garrepa init` has run in a project.")
        return
    out.print(Text(f"{total.compressed} of {total.events} events compressed; "
                   f"{total.saved:,} chars (~{total.saved // CHARS_PER_TOKEN:,} tokens) kept out "
                   f"of the agent's context; model cost ${total.cost:.4f}.", style="bold"))
    if total.would_save:
        out.print(f"Audit mode: would have saved {total.would_save:,} more chars "
                  f"({total.audited} events computed, not replaced).")
    table = Table(*COLUMNS, title="By route", box=None, header_style="bold")
    for name, tally in sorted(report.routes.items()):
        table.add_row(*_tally_row(name, tally))
    table.add_row(*_tally_row("all", total), style="bold")
    out.print(table)
    ranked = sorted(report.tools.items(), key=lambda kv: (-kv[1].saved, kv[0]))[:top]
    tools = Table(*COLUMNS, title=f"By tool (top {len(ranked)} by saved)", box=None,
                  header_style="bold")
    for name, tally in ranked:
        tools.add_row(*_tally_row(name, tally))
    out.print(tools)
    if total.passed:
        out.print("Passed through, by reason: " + ", ".join(
            f"{reason} {count}" for reason, count in total.passed.most_common()))
    if total.providers:
        out.print("Model reached by: " + ", ".join(
            f"{way} ({count})" for way, count in total.providers.most_common()))
    if total.fallbacks:
        out.print("Model fallbacks to structural: " + ", ".join(
            f"{reason} {count}" for reason, count in total.fallbacks.most_common()))
    if report.days:
        out.print(Text("Saved per day", style="bold"))
        peak = max(report.days.values()) or 1
        for day, saved in sorted(report.days.items()):
            bar = "█" * max(1, round(30 * saved / peak)) if saved else ""
            out.print(f"{day}  {bar} {_k(saved)}")

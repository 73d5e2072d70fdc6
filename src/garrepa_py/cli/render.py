"""Rich output shared by the commands: change lists and check tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.live import Live
from rich.table import Table
from rich.text import Text

from garrepa_py.actions.check import Check
from garrepa_py.install.change import Change

ACTION_STYLE = {"create": "green", "update": "yellow", "remove": "red", "keep": "dim"}
STATUS_STYLE = {"ok": "green", "warn": "yellow", "fail": "bold red"}


def console(wrap: bool = False) -> Console:
    """`wrap`: fold long lines at the terminal's width (reports); else leave them whole (paths,
    diffs and briefings that a person copies)."""
    return Console(highlight=False, soft_wrap=not wrap)


def show_changes(out: Console, changes: Iterable[Change], dry_run: bool) -> None:
    for change in changes:
        verb = f"would {change.action}" if dry_run and change.action != "keep" else change.action
        line = Text()
        line.append(f"{verb:>14}  ", style=ACTION_STYLE.get(change.action, ""))
        line.append(str(change.path))
        line.append(f"  ({change.detail})", style="dim")
        out.print(line)
        if dry_run and change.diff:
            out.print(Text(change.diff.rstrip("\n")), style="cyan")


def show_checks(out: Console, checks: Iterable[Check]) -> None:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("check")
    table.add_column("status")
    table.add_column("detail")
    for check in checks:
        detail = Text(check.detail)
        if check.hint:
            detail.append(f"\nhint: {check.hint}", style="dim")
        table.add_row(check.name, Text(check.status, style=STATUS_STYLE[check.status]), detail)
    out.print(table)


@contextmanager
def live_preview(label: str) -> Iterator[Callable[[str], None] | None]:
    """A callback that shows a model's reply on stderr as it streams, erased when done: the
    checked text is printed afterwards on stdout. None (no streaming) when stderr is not a
    terminal, so pipes and scripts get only the checked text."""
    err = Console(stderr=True, highlight=False)
    if not err.is_terminal:
        yield None
        return
    shown: list[str] = []
    with Live(Text(label, style="dim"), console=err, transient=True,
              refresh_per_second=12) as live:
        def on_text(piece: str) -> None:
            shown.append(piece)
            tail = "".join(shown).splitlines()[-max(1, err.size.height - 2):]
            live.update(Text(f"{label}\n" + "\n".join(tail), style="dim"))

        yield on_text

"""Where errors become messages: GarrepaError → `error:` + `hint:` and exit 1, Ctrl-C → 130."""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer

from garrepa_py import journal
from garrepa_py.errors import GarrepaError

P = ParamSpec("P")
R = TypeVar("R")


def _write_crash_log() -> str:
    # The command name only: arguments can hold questions or content the user typed.
    command = " ".join(sys.argv[1:2])
    try:
        return journal.log_error(f"cli {command}", traceback.format_exc())
    except OSError:
        return "(the error log could not be written)"


def error_boundary(command: Callable[P, R]) -> Callable[P, R]:
    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except GarrepaError as exc:
            typer.echo(f"error: {exc.message}", err=True)
            if exc.hint:
                typer.echo(f"hint: {exc.hint}", err=True)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(130) from None
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except Exception as exc:
            where = _write_crash_log()
            typer.echo(f"error: unexpected {type(exc).__name__}: {exc}", err=True)
            typer.echo(f"hint: details are in {where}; please include them in a bug report",
                       err=True)
            raise typer.Exit(1) from None

    return wrapper

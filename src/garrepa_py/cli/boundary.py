"""Where errors become messages: GarrepaError → `error:` + `hint:` and exit 1, Ctrl-C → 130."""

from __future__ import annotations

import functools
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer

from garrepa_py import paths
from garrepa_py.errors import GarrepaError

P = ParamSpec("P")
R = TypeVar("R")


def _write_crash_log() -> str:
    log = Path(paths.error_log())
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(time.strftime("%Y-%m-%dT%H:%M:%SZ ", time.gmtime()) + " ".join(sys.argv) + "\n")
            handle.write(traceback.format_exc())
    except OSError:
        return "(the error log could not be written)"
    return str(log)


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

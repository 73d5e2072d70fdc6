from __future__ import annotations

from typer.testing import CliRunner

from garrepa_py.cli.app import app


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)

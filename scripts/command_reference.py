"""Print the README's command reference from the CLI's own --help, so the two cannot drift.

Usage: .venv/bin/python scripts/command_reference.py [--write]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from garrepa_py.cli.app import app

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- commands:begin -->", "<!-- commands:end -->"


def command_paths() -> list[list[str]]:
    group = typer.main.get_group(app)
    found: list[list[str]] = []
    for name, command in group.commands.items():
        if command.hidden:
            continue
        sub = getattr(command, "commands", None)
        if sub:
            found += [[name, child] for child in sub]
        else:
            found.append([name])
    return found


def reference() -> str:
    runner = CliRunner()
    parts = []
    for path in command_paths():
        text = runner.invoke(app, [*path, "--help"], terminal_width=100).output.rstrip()
        parts.append(f"### `garrepa {' '.join(path)}`\n\n```text\n{text}\n```\n")
    return "\n".join(parts)


def readme_with_reference(readme: str) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    return pattern.sub(lambda _: f"{BEGIN}\n{reference()}{END}", readme)


if __name__ == "__main__":
    current = README.read_text(encoding="utf-8")
    updated = readme_with_reference(current)
    if "--write" in sys.argv:
        README.write_text(updated, encoding="utf-8")
    else:
        sys.stdout.write(reference())

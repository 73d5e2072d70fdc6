"""Write the README's command reference (from --help) and config table (from the schema),
so neither can drift from the code.

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
CONFIG_BEGIN, CONFIG_END = "<!-- config:begin -->", "<!-- config:end -->"


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


def config_table() -> str:
    import json

    from garrepa_py.config.schema import SETTINGS

    rows = ["| key | default | meaning |", "| --- | --- | --- |"]
    for setting in SETTINGS:
        note = " (needs your trust when set by a project file)" if setting.needs_trust else ""
        env = f" Env: `{setting.env}`." if setting.env else ""
        rows.append(f"| `{setting.key}` | `{json.dumps(setting.default)}` | "
                    f"{setting.help}{note}.{env} |")
    return "\n".join(rows) + "\n"


def _replace(readme: str, begin: str, end: str, content: str) -> str:
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    return pattern.sub(lambda _: f"{begin}\n{content}{end}", readme)


def readme_with_reference(readme: str) -> str:
    readme = _replace(readme, BEGIN, END, reference())
    return _replace(readme, CONFIG_BEGIN, CONFIG_END, config_table())


if __name__ == "__main__":
    current = README.read_text(encoding="utf-8")
    updated = readme_with_reference(current)
    if "--write" in sys.argv:
        README.write_text(updated, encoding="utf-8")
    else:
        sys.stdout.write(reference())

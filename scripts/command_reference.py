"""Write the command reference (from --help) into docs/commands.md and the config table (from the
schema) into docs/configuration.md, so neither can drift from the code; and name the commands the
README's one-line table is missing.

Usage: .venv/bin/python scripts/command_reference.py [--write]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from garrepa_py.cli.app import app

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
COMMANDS = REPO / "docs" / "commands.md"
CONFIGURATION = REPO / "docs" / "configuration.md"
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


def anchor(path: list[str]) -> str:
    """The GitHub anchor of a command's `### \\`garrepa …\\`` heading in docs/commands.md."""
    return "garrepa-" + "-".join(path)


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


def _replace(text: str, begin: str, end: str, content: str) -> str:
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError(f"no {begin} … {end} block to fill")
    return pattern.sub(lambda _: f"{begin}\n{content}{end}", text)


def commands_with_reference(text: str) -> str:
    return _replace(text, BEGIN, END, reference())


def configuration_with_table(text: str) -> str:
    return _replace(text, CONFIG_BEGIN, CONFIG_END, config_table())


def missing_table_rows(readme: str) -> list[str]:
    """Commands the README's table has no row for: a row is a table line that links the
    command's reference (a group such as `config` by any of its subcommands' references)."""
    rows = [line for line in readme.splitlines() if line.startswith("| ")]
    links = {link for row in rows for link in re.findall(r"\(docs/commands\.md#([\w-]+)\)", row)}
    groups: dict[str, list[str]] = {}
    for path in command_paths():
        groups.setdefault(path[0], []).append(anchor(path))
    return [name for name, anchors in groups.items() if not links.intersection(anchors)]


if __name__ == "__main__":
    pages = ((COMMANDS, commands_with_reference), (CONFIGURATION, configuration_with_table))
    if "--write" in sys.argv:
        for page, fill in pages:
            page.write_text(fill(page.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        sys.stdout.write(reference())
    for command in missing_table_rows(README.read_text(encoding="utf-8")):
        print(f"README's command table has no row for `garrepa {command}`", file=sys.stderr)

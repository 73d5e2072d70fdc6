"""The typer application: each command is a short function over the core."""

from __future__ import annotations

import json
import os
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from garrepa_py.cli.boundary import error_boundary

app = typer.Typer(
    name="garrepa",
    help="Keep bulky tool results (doc Reads, MCP results, git dumps) out of Claude Code's context.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)
config_app = typer.Typer(help="Show or change settings (user config.toml).", no_args_is_help=True)
app.add_typer(config_app, name="config")


class Provider(str, Enum):
    anthropic = "anthropic"
    openai_compatible = "openai-compatible"
    claude_cli = "claude-cli"
    none = "none"


ProjectArg = Annotated[Path, typer.Argument(help="The project's root directory.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Print the exact changes; write nothing.")]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"garrepa {version('garrepa-py')}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Keep bulky tool results (doc Reads, MCP results, git dumps) out of Claude Code's context."""


@app.command()
@error_boundary
def init(
    project: ProjectArg = Path("."),
    provider: Annotated[Provider | None, typer.Option(help="Who writes briefings.")] = None,
    model: Annotated[str | None, typer.Option(help="The cheap model's name.")] = None,
    base_url: Annotated[str | None, typer.Option(help="The provider endpoint.")] = None,
    api_key_env: Annotated[str | None, typer.Option(
        help="Environment variable holding the API key.")] = None,
    threshold: Annotated[int | None, typer.Option(
        help="Results under this many characters pass untouched.")] = None,
    update_config: Annotated[bool, typer.Option(
        "--update-config", help="Write the flags above into an existing garrepa.config.json.")] = False,
    dry_run: DryRunOpt = False,
) -> None:
    """Install garrepa's hooks into a project (additive and idempotent)."""
    from garrepa_py.cli import render
    from garrepa_py.config.load import load_config
    from garrepa_py.config.user_edit import parse_value
    from garrepa_py.install.project import install

    flags = {"provider.type": provider.value if provider else None, "provider.model": model,
             "provider.baseUrl": base_url, "provider.apiKeyEnvVar": api_key_env,
             "threshold.minChars": None if threshold is None else str(threshold)}
    overrides = {key: parse_value(key, str(raw)) for key, raw in flags.items() if raw is not None}
    root = project.resolve()
    timeout = load_config(root).number("hook.timeoutSeconds")
    outcome = install(root, overrides, timeout, update_config=update_config, dry_run=dry_run)
    out = render.console()
    render.show_changes(out, outcome.changes, dry_run)
    for note in outcome.notes:
        out.print(f"note: {note}")
    if dry_run:
        out.print("dry run: nothing was written")
        return
    out.print("garrepa is installed." if outcome.changed else "garrepa was already installed; nothing changed.")
    config = load_config(root)
    if config.text("provider.type") == "anthropic" and not os.environ.get(
            config.text("provider.apiKeyEnvVar")):
        out.print(f"hint: {config.text('provider.apiKeyEnvVar')} is not set in this shell; "
                  "briefings will be structural only until it is (`garrepa doctor` checks).")
    out.print("next: run `garrepa doctor`, then start claude in this directory.")


@app.command()
@error_boundary
def uninstall(
    project: ProjectArg = Path("."),
    purge: Annotated[bool, typer.Option(
        "--purge", help="Also remove garrepa.config.json and the .garrepa/ spill directory.")] = False,
    dry_run: DryRunOpt = False,
) -> None:
    """Remove exactly what `garrepa init` added (the config stays unless --purge)."""
    from garrepa_py.cli import render
    from garrepa_py.install.project import uninstall as remove

    outcome = remove(project.resolve(), purge=purge, dry_run=dry_run)
    out = render.console()
    render.show_changes(out, outcome.changes, dry_run)
    out.print("dry run: nothing was written" if dry_run else "garrepa is uninstalled.")


@app.command()
@error_boundary
def doctor(project: ProjectArg = Path("."), as_json: JsonOpt = False) -> None:
    """Check the installation, config, trust, provider and Claude Code version."""
    from garrepa_py.cli import render
    from garrepa_py.doctor import run_checks

    checks = run_checks(project.resolve())
    broken = any(check.status == "fail" for check in checks)
    if as_json:
        typer.echo(json.dumps({"ok": not broken, "checks": [c.as_dict() for c in checks]}, indent=2))
    else:
        render.show_checks(render.console(), checks)
    if broken:
        raise typer.Exit(1)


@app.command()
@error_boundary
def trust(project: ProjectArg = Path(".")) -> None:
    """Trust this project's garrepa.config.json as it is now (provider keys then apply)."""
    from garrepa_py import paths
    from garrepa_py.config import trust as trust_store
    from garrepa_py.errors import GarrepaError

    config_file = Path(paths.project_config_file(project.resolve()))
    if not config_file.is_file():
        raise GarrepaError(f"{config_file} does not exist", hint="run `garrepa init` first")
    digest = trust_store.record_trust(config_file)
    typer.echo(f"trusted {config_file} (sha256 {digest[:12]}); any edit needs trusting again")


@config_app.command("list")
@error_boundary
def config_list(as_json: JsonOpt = False) -> None:
    """Every setting with its effective value and where it came from."""
    from garrepa_py.cli import render
    from garrepa_py.config.load import load_config
    from garrepa_py.config.schema import SETTINGS

    config = load_config(Path.cwd())
    rows = [{"key": s.key, "value": config.get(s.key), "source": config.sources[s.key],
             "help": s.help} for s in SETTINGS]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    out = render.console()
    for row in rows:
        out.print(f"{row['key']} = {json.dumps(row['value'])}  [dim]({row['source']})[/dim]")
    for problem in config.problems:
        out.print(f"[yellow]warning:[/yellow] {problem}")


@config_app.command("get")
@error_boundary
def config_get(key: str) -> None:
    """Print one setting's effective value (JSON)."""
    from garrepa_py.config.load import load_config
    from garrepa_py.config.user_edit import parse_value

    config = load_config(Path.cwd())
    if key not in config.values:
        parse_value(key, "")  # raises the unknown-key error with the list of keys
    typer.echo(json.dumps(config.get(key)))


@config_app.command("set")
@error_boundary
def config_set(key: str, value: str) -> None:
    """Set a value in the user config.toml (comments there are kept)."""
    from garrepa_py import paths
    from garrepa_py.config.user_edit import set_user_value

    stored = set_user_value(key, value)
    typer.echo(f"{key} = {json.dumps(stored)} in {paths.user_config_file()}")


@app.command(hidden=True)
def hook() -> None:
    """The hook entry Claude Code runs (reads one event on stdin)."""
    from garrepa_py.hook.entry import main as hook_main

    hook_main()


def run() -> None:
    app()

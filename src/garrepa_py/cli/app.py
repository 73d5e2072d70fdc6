"""The typer application: each command is a short function over the core."""

from __future__ import annotations

import json
import os
import shlex
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from garrepa_py.cli.boundary import error_boundary

if TYPE_CHECKING:
    from garrepa_py.model.base import ModelClient

# -h as well as --help, everywhere; help text wrapped at the terminal's width, never cut
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

app = typer.Typer(
    name="garrepa",
    help="Keep bulky tool results (doc Reads, MCP results, git dumps, command output, "
         "searches) out of Claude Code's context.",
    add_completion=True,  # --install-completion, --show-completion (bash, zsh, fish)
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings=CONTEXT,
)
config_app = typer.Typer(help="Show or change settings (user config.toml).",
                         context_settings=CONTEXT)
app.add_typer(config_app, name="config", short_help="Show or change settings.")


def _help_when_bare(ctx: typer.Context) -> None:
    """A bare `garrepa` (or `garrepa config`) prints its help and succeeds."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)


@config_app.callback(invoke_without_command=True)
def config_main(ctx: typer.Context) -> None:
    """Show or change settings (user config.toml)."""
    _help_when_bare(ctx)


class WriteKind(str, Enum):
    commit_message = "commit-message"
    pr_title = "pr-title"


class Provider(str, Enum):
    anthropic = "anthropic"
    openai_compatible = "openai-compatible"
    claude_cli = "claude-cli"
    none = "none"


class Host(str, Enum):
    claude_code = "claude-code"
    codex = "codex"
    qwen_code = "qwen-code"


HostOpt = Annotated[list[Host] | None, typer.Option(
    "--host", metavar="HOST", help="Agent: claude-code, codex or qwen-code; repeatable. "
                   "Default: codex in a project with .codex/ and no .claude/, else "
                   "claude-code.")]
ProjectArg = Annotated[Path, typer.Argument(help="The project's root directory.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Print the exact changes; write nothing.")]


def _version(value: bool) -> None:
    if value:
        from garrepa_py.version import __version__

        typer.echo(f"garrepa {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def main(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Keep bulky tool results (doc Reads, MCP results, git dumps, command output, searches)
    out of Claude Code's context."""
    _help_when_bare(ctx)


@app.command(short_help="Install garrepa's hooks into a project.")
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
    logs: Annotated[bool, typer.Option(
        "--logs", help="Also the opt-in logs route: test and build commands run through "
                       "garrepa-log, which keeps every failure (sets logs.enabled).")] = False,
    host: HostOpt = None,
    trust_codex_hooks: Annotated[bool, typer.Option(
        "--trust-codex-hooks", help="With codex: also record the hooks as trusted in your "
                                    "CODEX_HOME/config.toml (asks `codex app-server` for their "
                                    "hashes); without it, Codex skips them until you trust "
                                    "them.")] = False,
    dry_run: DryRunOpt = False,
) -> None:
    """Install garrepa's hooks into a project (additive and idempotent).

    For Claude Code: .claude/settings.json and the launcher in .claude/hooks/. For Codex
    (--host codex): .codex/hooks.json and the launcher in .codex/hooks/. For Qwen Code
    (--host qwen-code): .qwen/settings.json and the launcher in .qwen/hooks/."""
    from garrepa_py.cli import render
    from garrepa_py.config.load import load_config
    from garrepa_py.config.schema import BY_KEY
    from garrepa_py.config.user_edit import parse_value
    from garrepa_py.install.project import install

    flags = {"provider.type": provider.value if provider else None, "provider.model": model,
             "provider.baseUrl": base_url, "provider.apiKeyEnvVar": api_key_env,
             "threshold.minChars": None if threshold is None else str(threshold),
             "logs.enabled": "true" if logs else None}
    overrides = {key: parse_value(key, str(raw)) for key, raw in flags.items() if raw is not None}
    root = project.resolve()
    hosts = _init_hosts(root, host)
    before = load_config(root)
    timeout = before.settings.hook.timeout_seconds
    if Host.claude_code not in hosts:
        _init_codex_only(root, overrides, timeout, update_config, trust_codex_hooks, dry_run,
                         hosts)
        return
    # A timeout edited by hand in settings.json stays unless the config asks for another one.
    keep_timeouts = timeout == BY_KEY["hook.timeoutSeconds"].default
    outcome = install(root, overrides, timeout, update_config=update_config, dry_run=dry_run,
                      keep_timeouts=keep_timeouts)
    if Host.codex in hosts:
        from garrepa_py.hosts.codex import install as codex

        outcome.changes.extend(codex.install(root, timeout, dry_run))
    if Host.qwen_code in hosts:
        from garrepa_py.hosts.qwen_code import install as qwen

        outcome.changes.extend(qwen.install(root, timeout, dry_run))
    out = render.console()
    render.show_changes(out, outcome.changes, dry_run)
    for note in outcome.notes:
        out.print(f"note: {note}")
    if dry_run:
        out.print("dry run: nothing was written")
        return
    out.print("garrepa is installed." if outcome.changed else "garrepa was already installed; nothing changed.")
    from garrepa_py.install import plugin

    if plugin.enabled():
        out.print(f"note: the garrepa plugin is enabled too ({plugin.PLUGIN_ID}); in this project "
                  "its hooks step aside for these entries, so nothing runs twice. Keep one: "
                  f"`claude plugin uninstall {plugin.PLUGIN_ID}` or `garrepa uninstall`.")
    config = load_config(root)
    from garrepa_py.model.providers import claude_code_environment, egress, make_client

    client, why_not = make_client(config, claude_code_environment(str(root)))
    if client is None and why_not not in ("provider-none", "untrusted-project-config"):
        out.print(f"hint: no model is reachable from this shell ({why_not}), so briefings will be "
                  "structural only; `garrepa doctor` says what to set.")
    sent = egress(config, client)
    if sent:
        out.print(f"egress: {sent}.", markup=False)
    if Host.codex in hosts:
        _codex_trust_step(out, root, trust_codex_hooks)
    out.print("next: run `garrepa doctor`, then start claude in this directory.")


def _init_hosts(root: Path, named: list[Host] | None) -> list[Host]:
    if named:
        return list(dict.fromkeys(named))
    from garrepa_py.hosts.codex.install import detected

    return [Host.codex] if detected(root) else [Host.claude_code]


def _init_codex_only(root: Path, overrides: dict[str, object], timeout: int,
                     update_config: bool, trust_hooks: bool, dry_run: bool,
                     hosts: list[Host]) -> None:
    """Codex and/or Qwen Code without Claude Code (the name is from when Codex was the only
    other host; Codex alone says what it always said)."""
    from garrepa_py.cli import render
    from garrepa_py.errors import GarrepaError
    from garrepa_py.hosts.codex import install as codex
    from garrepa_py.install.shared import plan_shared

    if not root.is_dir():
        raise GarrepaError(f"{root} is not a directory", hint="pass the project's root directory")
    changes, notes, write_shared = plan_shared(root, overrides, update_config, dry_run)
    if Host.codex in hosts:
        changes += codex.install(root, timeout, dry_run)
    if Host.qwen_code in hosts:
        from garrepa_py.hosts.qwen_code import install as qwen

        changes += qwen.install(root, timeout, dry_run)
    changes += write_shared()
    out = render.console()
    render.show_changes(out, changes, dry_run)
    for note in notes:
        out.print(f"note: {note}")
    if dry_run:
        out.print("dry run: nothing was written")
        return
    changed = any(c.action != "keep" for c in changes)
    names = " and ".join(n for h, n in ((Host.codex, "Codex"), (Host.qwen_code, "Qwen Code"))
                         if h in hosts)
    out.print(f"garrepa is installed for {names}." if changed
              else f"garrepa was already installed for {names}; nothing changed.")
    if Host.codex in hosts:
        _codex_trust_step(out, root, trust_hooks)
    agents = " or ".join(n for h, n in ((Host.codex, "codex"), (Host.qwen_code, "qwen"))
                         if h in hosts)
    out.print(f"next: run `garrepa doctor`, then start {agents} in this directory.")


def _codex_trust_step(out: object, root: Path, trust_hooks: bool) -> None:
    """Codex skips untrusted project hooks without a word: say so, or record the trust."""
    from garrepa_py.cli.codex_trust import trust_step

    for line in trust_step(root, trust_hooks):
        out.print(line, markup=False)  # type: ignore[attr-defined]


@app.command(short_help="Remove exactly what init added.")
@error_boundary
def uninstall(
    project: ProjectArg = Path("."),
    purge: Annotated[bool, typer.Option(
        "--purge", help="Also remove garrepa.config.json and this project's spills and caches "
                        "(in ~/.claude/projects/<project>/garrepa/, and an older install's "
                        ".garrepa/).")] = False,
    host: Annotated[list[Host] | None, typer.Option(
        "--host", metavar="HOST", help="Remove only this agent's install (claude-code, codex or qwen-code; "
                       "repeatable). "
                       "Default: every one garrepa finds in the project.")] = None,
    dry_run: DryRunOpt = False,
) -> None:
    """Remove exactly what `garrepa init` added (the config stays unless --purge)."""
    from garrepa_py.cli import render
    from garrepa_py.hosts.codex import install as codex
    from garrepa_py.hosts.qwen_code import install as qwen
    from garrepa_py.install.project import Outcome
    from garrepa_py.install.project import uninstall as remove

    root = project.resolve()
    with_codex = root.is_dir() and codex.installed(root)
    with_qwen = root.is_dir() and qwen.installed(root)
    # by default every install found; Claude Code's steps unless only another host's is there
    hosts = list(host) if host else (
        [] if (with_codex or with_qwen) and not (root / ".claude").exists()
        else [Host.claude_code]) + ([Host.codex] if with_codex else []) + (
        [Host.qwen_code] if with_qwen else [])
    outcome = remove(root, purge=purge, dry_run=dry_run) if Host.claude_code in hosts else \
        Outcome()
    if Host.codex in hosts:
        outcome.changes.extend(codex.uninstall(root, dry_run))
    if Host.qwen_code in hosts:
        outcome.changes.extend(qwen.uninstall(root, dry_run))
    out = render.console()
    if not outcome.changed:
        out.print(f"garrepa is not installed in {root}; nothing to remove.")
        return
    render.show_changes(out, outcome.changes, dry_run)
    out.print("dry run: nothing was written" if dry_run else "garrepa is uninstalled.")


@app.command(short_help="Check install, config, trust, provider, Claude Code.")
@error_boundary
def doctor(
    project: ProjectArg = Path("."),
    as_json: JsonOpt = False,
    explain: Annotated[str | None, typer.Option(
        "--explain", metavar="FILE",
        help="Instead: list what garrepa would mask in FILE (- for standard input, e.g. a "
             "command's output), by line and kind, never the value.")] = None,
    probe: Annotated[bool, typer.Option(
        "--probe", help="Also send the model one tiny request; report who answered and how "
                        "fast.")] = False,
) -> None:
    """Check the installation, config, trust, provider and Claude Code version."""
    from garrepa_py.actions.doctor import run_checks
    from garrepa_py.cli import render

    if explain is not None:
        from garrepa_py.actions.explain import explain as explain_target

        explanation = explain_target(explain)
        if as_json:
            typer.echo(json.dumps(explanation.as_dict(), indent=2))
        else:
            for line in explanation.lines():
                typer.echo(line)
        return

    checks = run_checks(project.resolve(), probe=probe)
    broken = any(check.status == "fail" for check in checks)
    if as_json:
        typer.echo(json.dumps({"ok": not broken, "checks": [c.as_dict() for c in checks]}, indent=2))
    else:
        render.show_checks(render.console(), checks)
    if broken:
        raise typer.Exit(1)


@app.command(short_help="Trust this project's garrepa.config.json.")
@error_boundary
def trust(
    project: ProjectArg = Path("."),
    revoke: Annotated[bool, typer.Option("--revoke", help="Withdraw the trust instead.")] = False,
    dry_run: DryRunOpt = False,
) -> None:
    """Trust the project's garrepa.config.json: its provider, endpoint, key variable, model,
    token, spill and timeout settings then apply. Changing any of them revokes the trust."""
    from garrepa_py.actions import trusting

    for line in trusting.trust(project.resolve(), revoke=revoke, dry_run=dry_run):
        typer.echo(line)


@config_app.command("list", short_help="Every setting, its value and its layer.")
@error_boundary
def config_list(as_json: JsonOpt = False) -> None:
    """Every setting with its effective value and the layer it came from.

    Layers, highest first: environment, project garrepa.config.json, user config.toml, default.
    """
    from garrepa_py.actions.config_edit import source_label
    from garrepa_py.actions.project import project_root
    from garrepa_py.cli import render
    from garrepa_py.config.load import load_config
    from garrepa_py.config.schema import SETTINGS

    config = load_config(project_root())
    from garrepa_py.config import budgets

    rows = [{"key": s.key, "value": config.get(s.key), "source": source_label(config.sources[s.key]),
             "ignored_project_value": s.key in config.untrusted_keys, "help": s.help}
            for s in SETTINGS]
    configured = config.settings.configured_threshold
    for row in rows:
        if row["key"] == "threshold.minChars":  # what each route really uses
            row["per_route"] = {route: budgets.threshold(route, configured)
                                for route in budgets.THRESHOLDS}
        if row["key"] == "prices":  # the table the report prices with: built-in + yours
            from garrepa_py.actions.config_edit import price_rows

            row["effective"] = price_rows(config.settings.prices, str(row["source"]))
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    out = render.console()
    for row in rows:
        ignored = ("; the project's value waits for `garrepa trust`"
                   if row["ignored_project_value"] else "")
        shown = json.dumps(row["value"])
        if row["key"] == "threshold.minChars" and configured is None:
            shown = "per route: " + ", ".join(
                f"{route} {budgets.threshold(route, None):,}" for route in budgets.THRESHOLDS)
            ignored += "; a value set here holds for every route"
        if row["key"] == "prices":
            effective: dict[str, Any] = row["effective"]  # type: ignore[assignment]
            for model, cell in effective.items():
                out.print(f"prices.{model} = {json.dumps(cell['rates'])}  "
                          f"[dim]({cell['source']}{ignored})[/dim]", highlight=False)
            continue
        out.print(f"{row['key']} = {shown}  [dim]({row['source']}{ignored})[/dim]",
                  highlight=False)
    for problem in config.problems:
        out.print(f"[yellow]warning:[/yellow] {problem}", highlight=False)


def _complete_key(incomplete: str) -> list[str]:
    """Shell completion of a setting's name (`garrepa config set read.<TAB>`); the cells of
    the price table once `prices.` is typed."""
    from garrepa_py.config.schema import BY_KEY

    keys = list(BY_KEY)
    if incomplete.startswith("prices."):
        from garrepa_py.config import prices

        keys = [f"prices.{model}.{field}" for model in prices.BUILT_IN for field in prices.FIELDS]
    return sorted(key for key in keys if key.startswith(incomplete))


KeyArg = Annotated[str, typer.Argument(help="A setting's dotted name (`garrepa config list`).",
                                       autocompletion=_complete_key)]


@config_app.command("get", short_help="Print one setting's effective value.")
@error_boundary
def config_get(key: KeyArg) -> None:
    """Print one setting's effective value (JSON)."""
    from garrepa_py.actions.config_edit import value_at
    from garrepa_py.actions.project import project_root
    from garrepa_py.config.load import load_config
    from garrepa_py.config.schema import base_key
    from garrepa_py.config.user_edit import parse_value

    config = load_config(project_root())
    if base_key(key) not in config.values:
        parse_value(key, "")  # raises the unknown-key error with the list of keys
    typer.echo(json.dumps(value_at(config, key)))


ProjectLayerOpt = Annotated[bool, typer.Option(
    "--project", help="Write the project's garrepa.config.json instead of your config.toml.")]


@config_app.command("set", short_help="Set a value (config.toml or --project).")
@error_boundary
def config_set(key: KeyArg, value: str, project: ProjectLayerOpt = False,
               dry_run: DryRunOpt = False) -> None:
    """Set a value in your config.toml (comments kept), or with --project in the project's
    garrepa.config.json; says so when a higher layer still decides the value."""
    from garrepa_py.actions.config_edit import set_value
    from garrepa_py.actions.project import project_root

    for line in set_value(key, value, project_root(), in_project=project, dry_run=dry_run):
        typer.echo(line)


@config_app.command("unset", short_help="Remove a value so the next layer decides.")
@error_boundary
def config_unset(key: KeyArg, project: ProjectLayerOpt = False,
                 dry_run: DryRunOpt = False) -> None:
    """Remove a value from your config.toml (or with --project from garrepa.config.json), so
    the next layer down decides it again."""
    from garrepa_py.actions.config_edit import unset_value
    from garrepa_py.actions.project import project_root

    for line in unset_value(key, project_root(), in_project=project, dry_run=dry_run):
        typer.echo(line)


@app.command(short_help="Brief files the way the hooks do.")
@error_boundary
def summarize(
    paths: Annotated[list[str], typer.Argument(help="Files, directories or globs.")],
    question: Annotated[str | None, typer.Option("--question", "-q",
                                                    help="What you want to know.")] = None,
    as_json: JsonOpt = False,
    offline: Annotated[bool, typer.Option("--offline",
                                          help="Structural briefings only: no model.")] = False,
) -> None:
    """Brief files with the pipeline the hooks use (documents, JSON, diffs, text)."""
    from garrepa_py.actions import files
    from garrepa_py.actions.project import project_root
    from garrepa_py.actions.summarize import summarize_file
    from garrepa_py.cli import render, views
    from garrepa_py.config.load import load_config
    from garrepa_py.errors import GarrepaError

    root = project_root()
    config = load_config(root, dict(os.environ, GARREPA_PROVIDER="none") if offline else None)
    targets = list(files.expand(paths))
    if not targets:
        raise GarrepaError(f"nothing matches {' '.join(paths)}", hint="check the paths or globs")
    out = render.console()
    if question:
        from garrepa_py.actions.person_model import client_for

        client, why_not = client_for(config)
        if client is None:
            typer.echo(f"note: --question needs a model and none is usable ({why_not}); the "
                       "briefings below are structural and do not answer it "
                       "(`garrepa doctor` says what to set)", err=True)
    results = views.with_progress(out, targets,
                                  lambda path: summarize_file(path, config, str(root), question))
    if as_json:
        typer.echo(json.dumps([r.as_dict() for r in results], indent=2))
    else:
        views.show_summaries(out, results)
        if len(results) > 1:
            views.show_totals(out, results)
    if all(r.status in ("refused", "skipped") for r in results):
        raise typer.Exit(1)


@app.command(short_help="Draft a commit message or PR title (never commits).")
@error_boundary
def write(
    kind: Annotated[WriteKind, typer.Argument(help="commit-message or pr-title.")],
    staged: Annotated[bool, typer.Option("--staged",
                                         help="Use `git diff --staged` instead of stdin.")] = False,
    context: Annotated[str | None, typer.Option("--context",
                                                   help="Why the change was made.")] = None,
) -> None:
    """Draft a commit message or PR title from a diff; prints it, never commits."""
    import sys

    from garrepa_py.actions import write as core
    from garrepa_py.actions.project import project_root
    from garrepa_py.config.load import load_config
    from garrepa_py.errors import GarrepaError

    if staged:
        diff = core.staged_diff()
    elif sys.stdin.isatty():
        raise GarrepaError("no diff given", hint="pipe one in (git diff | garrepa write "
                                                 "commit-message) or add --staged")
    else:
        diff = sys.stdin.read()
    from garrepa_py.cli import render

    with render.live_preview("drafting (checked before it is printed) …") as on_text:
        result = core.draft(kind.value, diff, load_config(project_root()), context,
                            on_text=on_text)
    for place in result.masked:
        typer.echo(f"masked before sending: {place}", err=True)
    typer.echo(result.message)


@app.command(short_help="Print exact numbered lines of a spill or file.")
@error_boundary
def peek(
    target: Annotated[str, typer.Argument(help="A spill id from a briefing, or a path.")],
    start: Annotated[int, typer.Argument(help="First line.")] = 1,
    end: Annotated[int | None, typer.Argument(help="Last line (default: START+49).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Print exact numbered lines of a spilled original (no model)."""
    from garrepa_py.actions import recall
    from garrepa_py.actions.project import project_root

    root = project_root()
    path = recall.resolve(target, root)
    lines = recall.peek(path, start, start + 49 if end is None else end)
    recall.note_recovery(path, root, "peek", sum(len(f"{n}\t{t}\n") for n, t in lines))
    if as_json:
        typer.echo(json.dumps({"path": str(path), "lines": [{"number": n, "text": t}
                                                             for n, t in lines]}, indent=2))
        return
    for number, text in lines:
        typer.echo(f"{number}\t{text}")


@app.command(short_help="Find the lines that answer a question (local index, or the model).")
@error_boundary
def ask(
    target: Annotated[str, typer.Argument(help="A spill id from a briefing, or a path.")],
    question: Annotated[str, typer.Argument(help="What you want to find.")],
    as_json: JsonOpt = False,
) -> None:
    """Print the line windows that best answer a question, with their line numbers.

    With no model configured (the default): a local full-text index of the text (BM25 over
    overlapping line windows), at most 2,500 chars, no network. With a model: the model picks
    the lines among the best windows, each quoted line checked verbatim against the original.
    """
    from garrepa_py.actions import recall
    from garrepa_py.actions.person_model import client_for
    from garrepa_py.actions.project import project_root
    from garrepa_py.config.load import load_config
    from garrepa_py.errors import GarrepaError

    if not question.strip():
        raise GarrepaError("the question is empty",
                           hint='say what you want to find: garrepa ask TARGET "which setting '
                                'limits the response size?"')
    root = project_root()
    path = recall.resolve(target, root)
    client, _ = client_for(load_config(root))
    if client is None:
        _ask_local(target, path, question, root, as_json)
    else:
        _ask_model(path, question, root, client, as_json)


def _ask_local(target: str, path: Path, question: str, root: Path, as_json: bool) -> None:
    from garrepa_py.actions import recall
    from garrepa_py.errors import GarrepaError

    found = recall.ask_local(path, question, root)
    printed = "".join(passage.text for passage in found.passages)
    recall.note_recovery(path, root, "ask", len(printed))
    shown = target if recall.SPILL_ID.fullmatch(target) else shlex.quote(target)
    if not found.passages:
        raise GarrepaError(
            f"no line of {path.name} ({found.total_lines:,} lines) matches {question!r}",
            hint=f"ask with other words (a name, a value, an error's text), or read lines with "
                 f"`garrepa peek {shown} START END`")
    if as_json:
        typer.echo(json.dumps({
            "path": str(path), "method": "index" if found.fts5 else "scan",
            "total_lines": found.total_lines,
            "windows": [{"start": p.start, "end": p.end,
                         "lines": [{"number": n, "text": t} for n, t in
                                   _numbered(p.text)]} for p in found.passages]}, indent=2))
        return
    typer.echo(printed, nl=False)


def _numbered(text: str) -> list[tuple[int, str]]:
    rows = []
    for row in text.split("\n")[1:]:
        number, tab, line = row.partition("\t")
        if tab:
            rows.append((int(number), line))
    return rows


def _ask_model(path: Path, question: str, root: Path, client: ModelClient,
               as_json: bool) -> None:
    from garrepa_py.actions import recall
    from garrepa_py.cli import render

    with render.live_preview("asking (each quoted line is checked) …") as on_text:
        answer = recall.ask(path, question, client, on_text)
    recall.note_recovery(path, root, "ask", sum(len(f"{n}\t{t}\n") for n, t in answer.lines))
    if as_json:
        typer.echo(json.dumps({"path": str(path), "method": "model", "rejected": answer.rejected,
                               "lines": [{"number": n, "text": t} for n, t in answer.lines]},
                              indent=2))
        return
    for number, text in answer.lines:
        typer.echo(f"{number}\t{text}")
    if answer.rejected:
        typer.echo(f"({answer.rejected} quoted lines were not in the original and were dropped)",
                   err=True)
    if not answer.lines:
        typer.echo("No line of the original answers that.", err=True)
        raise typer.Exit(1)


@app.command(short_help="What garrepa saved, cost and took.")
@error_boundary
def report(
    since: Annotated[str | None, typer.Option("--since",
                                                 help="Only events this recent: 30m, 12h, 7d.")] = None,
    project: Annotated[Path | None, typer.Option("--project",
                                                    help="Only this project's events.")] = None,
    session: Annotated[str | None, typer.Option(
        "--session", help="Only this Claude Code session (its id, or the start of it).")] = None,
    check: Annotated[bool, typer.Option(
        "--check", help="A gate for CI: exit 1 when a route's net saving is under --min-net or "
                        "arrival under --min-arrival (also after --html or --line).")] = False,
    min_net: Annotated[int, typer.Option(
        "--min-net", help="With --check: the least net saving (chars) a route with "
                          "replacements may show; 0 means never worse than Claude Code alone.")] = 0,
    min_arrival: Annotated[float, typer.Option(
        "--min-arrival", min=0.0, max=1.0,
        help="With --check: the least share of replacements shown in transcripts that must "
             "have reached the model.")] = 1.0,
    line: Annotated[bool, typer.Option(
        "--line", help="One line for Claude Code's statusline (reads the session from the "
                       "statusline's JSON on stdin when there is one).")] = False,
    html_file: Annotated[Path | None, typer.Option(
        "--html", help="Write the report as one self-contained page (no network) to this "
                       "file.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """What garrepa saved against what Claude Code alone delivers, cost and took, per route.

    \b
    garrepa report --since 7d --check    CI: exit 1 if a route got worse
    garrepa report --line                a statusLine command (settings.json)
    garrepa report --html report.html    a page with plots, per day/route/project
    """
    from garrepa_py.actions import report as core
    from garrepa_py.cli import render, views

    if line and session is None and not sys.stdin.isatty():
        from garrepa_py.actions.report_check import read_statusline_stdin, statusline_session

        session = statusline_session(read_statusline_stdin(sys.stdin))
    from garrepa_py.actions.config_edit import source_label
    from garrepa_py.actions.project import project_root
    from garrepa_py.actions.report_dollars import attach
    from garrepa_py.config.load import load_config

    config = load_config(project_root())
    rates = config.settings.prices
    result = attach(core.build(core.parse_since(since) if since else None,
                               str(project.resolve()) if project else None, session=session,
                               prices=rates), rates, source_label(config.sources["prices"]))
    if html_file is not None:
        from garrepa_py.actions.report_html import page
        from garrepa_py.errors import GarrepaError

        if html_file.is_dir():
            raise GarrepaError(f"{html_file} is a folder", hint="name a file to write, e.g. "
                               f"{html_file / 'garrepa-report.html'}")
        from garrepa_py.fs import write_atomic

        write_atomic(html_file, page(result, core.parse_since(since) if since else None,
                                     str(project.resolve()) if project else None, rates,
                                     session))
        typer.echo(f"wrote {html_file} (open it in a browser; it loads nothing from the network)")
        if not check:  # with --check the gate still judges: a pipeline may want both
            return
    elif line:
        from garrepa_py.actions.report_check import status_line

        typer.echo(status_line(result))
        if not check:
            return
    if check:
        from garrepa_py.actions.report_check import check as gate

        verdict = gate(result, min_net, min_arrival)
        if not result.scoped and len(result.projects) > 1:
            verdict.notes.append(f"across {len(result.projects)} projects in your journal "
                                 "(`--project .` for this one alone)")
        if as_json:
            typer.echo(json.dumps(verdict.as_dict(), indent=2))
        else:
            for text in verdict.notes:
                typer.echo(f"note: {text}")
            for text in verdict.failures:
                typer.echo(f"fail: {text}")
            typer.echo("ok: every route at or above the bar" if verdict.ok else
                       "hint: `garrepa report` shows the routes; `garrepa preview` a decision")
        raise typer.Exit(0 if verdict.ok else 1)
    if as_json:
        typer.echo(json.dumps(result.as_dict(), indent=2))
    else:
        views.show_report(render.console(wrap=True), result)


@app.command(short_help="What the agent would receive, without Claude Code.")
@error_boundary
def preview(
    target: Annotated[list[str] | None, typer.Argument(
        help="A file to Read, or (after --) a read-only git command.")] = None,
    mcp_file: Annotated[Path | None, typer.Option(
        "--mcp", help="A file holding an MCP tool's result text.")] = None,
    tool: Annotated[str, typer.Option(
        "--tool", help="The MCP tool's name, for --mcp.")] = "mcp__preview__result",
    log_file: Annotated[Path | None, typer.Option(
        "--log", help="A saved test or build log (the logs route's view of it).")] = None,
    command: Annotated[str | None, typer.Option(
        "--command", help="The command that printed --log (its family, e.g. 'npx jest'; "
                          "without it the log's look decides) or --output (required).")] = None,
    output_file: Annotated[Path | None, typer.Option(
        "--output", help="A saved Bash output, with --command: what the git or command route "
                         "makes of it.")] = None,
    grep_file: Annotated[Path | None, typer.Option(
        "--grep", help="A saved Grep result in content mode (path:line:text lines): the "
                       "search route's view of it.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show what the agent would receive: the hook's own decision, reason, sizes and exact text.

    \b
      garrepa preview docs/CHANGELOG.md                 a Read
      garrepa preview -- git diff HEAD~3                runs the read-only command
      garrepa preview --output out.txt --command 'grep -rn TODO .'   any command's output
      garrepa preview --grep matches.txt                a Grep result (--tools …,Grep)
      garrepa preview --mcp result.json --tool mcp__github__list_issues
      garrepa preview --log test.log --command 'pytest -q'   a test run (init --logs)
    """
    from garrepa_py.actions import preview as core
    from garrepa_py.actions.project import project_root
    from garrepa_py.errors import GarrepaError

    root = str(project_root())
    words = target or []
    given = [f for f in (mcp_file, log_file, output_file, grep_file) if f is not None]
    if given:
        if words or len(given) > 1:
            raise GarrepaError("give one of --mcp FILE, --log FILE, --output FILE, --grep FILE "
                               "or a target",
                               hint="garrepa preview --output out.txt --command 'find .'")
        if output_file is not None:
            if not command:
                raise GarrepaError("--output needs --command: the command that printed it",
                                   hint="garrepa preview --output out.txt --command 'find .'")
            result = core.output(output_file, command, root, Path.cwd())
        elif grep_file is not None:
            result = core.search(grep_file, "Grep", root)
        else:
            result = core.mcp(mcp_file, tool, root) if mcp_file is not None else \
                core.log(log_file, command, root)  # type: ignore[arg-type]
    elif words and words[0] == "git":
        result = core.git(words, root, Path.cwd())
    elif len(words) == 1:
        result = core.read(Path(words[0]), root)
    else:
        raise GarrepaError("nothing to preview" if not words else
                           f"{shlex.join(words)} is neither one file nor a git command",
                           hint="garrepa preview FILE | garrepa preview -- git diff HEAD~3 | "
                                "garrepa preview --mcp FILE --tool NAME | "
                                "garrepa preview --log FILE | any other command: save its "
                                "output, then garrepa preview --output OUT.txt --command "
                                f"{shlex.quote(shlex.join(words) or 'CMD')}")
    if as_json:
        typer.echo(json.dumps(result.as_dict(), indent=2))
        return
    from garrepa_py.cli.views import size_change

    # a briefing names a copy the agent reads parts of: what it saves is before those reads
    read_back = " before any read-back of the copy it names" if result.decision == "compress" \
        and result.delivered_chars < result.baseline_chars else ""
    typer.echo(f"{result.decision} ({result.reason}) · route {result.route} · "
               f"{size_change(result.baseline_chars, result.delivered_chars)}{read_back} · "
               f"raw output {result.raw_chars:,}", err=True)
    typer.echo("--- what the agent receives ---", err=True)
    typer.echo(result.text)


def run() -> None:
    app(prog_name="garrepa")  # the same usage line under `python -m garrepa_py`

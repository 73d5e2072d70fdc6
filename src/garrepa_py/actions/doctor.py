"""`garrepa doctor`: every check as a record, so the CLI can print a table or JSON."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

from garrepa_py import fs, paths
from garrepa_py.actions.check import Check, parse_version
from garrepa_py.config.load import Config, load_config
from garrepa_py.errors import GarrepaError
from garrepa_py.install import settings_merge
from garrepa_py.install.interpreter import interpreter_record_text
from garrepa_py.install.managed_files import is_managed
from garrepa_py.install.settings_file import read_settings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings
    from garrepa_py.model.base import ModelClient
    from garrepa_py.routes.route import Slot

MIN_CLAUDE = (2, 1, 121)  # first version that applies updatedToolOutput for every tool


def _interpreter() -> Check:
    record = Path(paths.interpreter_record())
    try:
        text = fs.read_bounded(str(record), 64 * 1024).decode("utf-8", "replace")
    except OSError:
        return Check("interpreter", "fail", f"no record at {record}",
                     "run `garrepa init` in the project")
    lines = text.splitlines()
    python = lines[0] if lines else ""
    if not (os.path.isfile(python) and os.access(python, os.X_OK)):
        return Check("interpreter", "fail", f"recorded interpreter {python!r} is not runnable",
                     "run `garrepa init` again")
    if text != interpreter_record_text():
        return Check("interpreter", "warn", f"the launcher runs {python}, not this garrepa",
                     "run `garrepa init` to point it at this installation")
    return Check("interpreter", "ok", python)


def _launcher(project: Path) -> Check:
    path = Path(paths.launcher_file(project))
    try:
        text = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8", "replace")
    except fs.Refused as exc:
        return Check("launcher", "fail", f"{path} is not a regular file ({exc.reason})",
                     "remove it and run `garrepa init`")
    except OSError:
        return Check("launcher", "fail", f"{path} is missing", "run `garrepa init`")
    if not is_managed(text):
        return Check("launcher", "fail", f"{path} was not written by garrepa",
                     "move it aside and run `garrepa init`")
    if not os.access(path, os.X_OK):
        return Check("launcher", "fail", f"{path} is not executable", "run `garrepa init`")
    if text != (Path(paths.templates_dir()) / paths.LAUNCHER_NAME).read_text(encoding="utf-8"):
        return Check("launcher", "warn", "written by an older garrepa (upgrade due)",
                     "run `garrepa init` to upgrade it in place")
    return Check("launcher", "ok", str(path))


def _settings(project: Path, config: Config) -> Check:
    path = Path(paths.settings_file(project))
    try:
        data, text = read_settings(path)
    except GarrepaError as exc:
        return Check("settings", "fail", exc.message, exc.hint or "")
    if text is None:
        return Check("settings", "fail", f"{path} is missing", "run `garrepa init`")
    from garrepa_py.routes import registry

    # logs on in a config that lost its trust (an edit since `garrepa trust`): the entries are
    # still what the user asked for, and the fix is trust, not init (which would remove them)
    waiting = not config.settings.logs.enabled and "logs.enabled" in config.untrusted_keys
    slots = registry.slots(config.settings, {"logs": True} if waiting else None)
    log_rules = registry.BY_NAME["logs"].rules(config.settings)  # type: ignore[misc]
    missing = settings_merge.has_all_entries(data, config.settings.hook.timeout_seconds, slots)
    shown = "; ".join(missing[:4]) + (f"; and {len(missing) - 4} more" if len(missing) > 4 else "")
    if missing and len([line for line in missing if line.endswith(": missing")]) == len(slots):
        return Check("settings", "fail", "no garrepa hook entry", "run `garrepa init`")
    if missing:
        # Still working (the routes re-check every event), but not what this garrepa and this
        # config would install: an older garrepa's entries, or doc types added since.
        return Check("settings", "warn", shown, "run `garrepa init`: it rewrites the entries in "
                                                "place to match this garrepa and the config")
    if waiting:
        return Check("settings", "warn", f"the logs route's {len(log_rules or ())} entries wait "
                                         "for trust: garrepa.config.json changed since you "
                                         "trusted it, so test and build runs are left as they are",
                     "review garrepa.config.json, then run `garrepa trust` (not `garrepa init`: "
                     "it would remove the logs entries)")
    stale = _stale_timeouts(data, config.settings.hook.timeout_seconds)
    if stale:
        return Check("settings", "warn", stale, "run `garrepa init`: it sets the config's "
                                                "timeout on every garrepa entry")
    from garrepa_py.hook_commands import shell_word
    from garrepa_py.install.runner_allow import runner_file

    if config.settings.logs.enabled and shell_word(str(runner_file(project))) is None:
        return Check("settings", "warn", f"the logs route is on, but {project} holds a "
                                         "character other than a space that would need shell "
                                         "quoting, so no allow rule can match its runner: test "
                                         "and build commands are left untouched here",
                     "use a project path of letters, digits, spaces and ._-/")
    return Check("settings", "ok", f"{_routes_line(slots, config.settings)}; in {path}")


def _allow_rules(project: Path) -> Check:
    """The allow rules for `garrepa ask` and `garrepa peek`: without them Claude Code asks the
    user before the agent can take the way back a briefing names."""
    from garrepa_py.install.local_allow import local_file, missing_rules

    missing, problem = missing_rules(project)
    if problem:
        return Check("allow rules", "warn", f"{problem}, so Claude Code asks before the agent runs "
                                            "`garrepa ask` or `garrepa peek`",
                     "fix or move it, then run `garrepa init`")
    if missing:
        return Check("allow rules", "warn", f"{', '.join(missing)} missing in {local_file(project)}"
                                            ": Claude Code asks before the agent runs them",
                     "run `garrepa init`")
    return Check("allow rules", "ok", f"garrepa ask and peek run without a prompt "
                                      f"({local_file(project)})")


def _routes_line(slots: tuple[Slot, ...], settings: Settings) -> str:
    """What the installed handlers cover, route by route, from the registry: each route with
    its handler count (rules), or "every call" for a handler without a rule."""
    from garrepa_py.routes import registry

    parts = []
    for route in registry.ROUTES:
        mine = [slot for slot in route.slots(settings, True) if slot in slots]
        if not mine:
            continue
        every = any(slot.condition is None for slot in mine)
        rules = "every call" if every else f"{len(mine)} rules"
        parts.append(f"{route.name} ({route.matcher}, {rules})")
    return "routes " + ", ".join(parts)


def _stale_timeouts(data: dict[str, object], timeout: int) -> str:
    """Our entries whose `timeout` is not the config's, when the config sets one (a timeout set by
    hand under the default stays the user's, as `init` keeps it); empty when none."""
    from garrepa_py.config.schema import BY_KEY

    if timeout == BY_KEY["hook.timeoutSeconds"].default:
        return ""
    hooks = data.get("hooks")
    found: dict[object, int] = {}
    for event in settings_merge.EVENTS:
        groups = hooks.get(event) if isinstance(hooks, dict) else None
        for group in groups if isinstance(groups, list) else []:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else []:
                if settings_merge.is_ours(handler) and handler.get("timeout") != timeout:
                    found[handler.get("timeout")] = found.get(handler.get("timeout"), 0) + 1
    if not found:
        return ""
    installed = ", ".join(f"{count} with {value} s" if isinstance(value, int) else
                          f"{count} with none" for value, count in found.items())
    return (f"the config's hook timeout is {timeout} s, but {sum(found.values())} garrepa "
            f"entries have another ({installed})")


def _config(config: Config) -> list[Check]:
    checks = [
        Check("config", "warn" if "unknown key" in problem else "fail", problem,
              "fix the value; its default is used meanwhile")
        for problem in config.problems
    ]
    return checks or [Check("config", "ok", "valid; mode " + config.settings.mode)]


def _trust(config: Config) -> Check:
    if config.project_trusted is None:
        return Check("trust", "ok", "no project config")
    if config.project_trusted:
        return Check("trust", "ok", "project config trusted by you")
    if config.untrusted_keys:
        keys = ", ".join(config.untrusted_keys)
        return Check("trust", "warn",
                     f"project config not trusted: it sets {keys}; briefings are structural "
                     "only until you trust it",
                     "review garrepa.config.json (`garrepa trust --dry-run` shows what it "
                     "decides), then run `garrepa trust`")
    return Check("trust", "ok", "project config not trusted, but it sets no key that needs trust")


WHY_STRUCTURAL = {
    "auto-nothing-found": ("warn", "auto found no way to Claude here (no ANTHROPIC_API_KEY, "
                           "ANTHROPIC_AUTH_TOKEN or logged-in `claude`): structural only",
                           "run garrepa where Claude Code runs (same shell), export "
                           "ANTHROPIC_API_KEY=…, or log in with `claude` and /login"),
    "auto-bedrock-needs-extra": ("warn", "Claude Code uses Amazon Bedrock (CLAUDE_CODE_USE_BEDROCK)"
                                 "; garrepa needs its Bedrock extra to follow: structural only",
                                 "pipx install 'garrepa-py[bedrock]' (or pip install "
                                 "'garrepa-py[bedrock]' where garrepa is installed)"),
    "auto-vertex-needs-extra": ("warn", "Claude Code uses Google Vertex (CLAUDE_CODE_USE_VERTEX); "
                                "garrepa needs its Vertex extra to follow: structural only",
                                "pipx install 'garrepa-py[vertex]'"),
    "auto-vertex-no-project": ("warn", "CLAUDE_CODE_USE_VERTEX is set but "
                               "ANTHROPIC_VERTEX_PROJECT_ID is not: structural only",
                               "export ANTHROPIC_VERTEX_PROJECT_ID=… as Claude Code needs too"),
    "untrusted-project-config": ("warn", "structural only: the project config is not trusted",
                                 "see the trust check above"),
    "provider-none": ("ok", "none: structural briefings only", ""),
    "no-api-key": ("warn", "{var} is not set: briefings will be structural only",
                   "export {var}=… in the shell that starts claude, "
                   "or `garrepa config set provider.type claude-cli`"),
    "no-base-url": ("warn", "openai-compatible needs provider.baseUrl: structural only",
                    "garrepa config set provider.baseUrl http://127.0.0.1:11434/v1"),
    "no-claude-binary": ("warn", "claude-cli needs `claude` on PATH: structural only",
                         "install Claude Code, or choose another provider"),
}


def _provider(config: Config, project: Path) -> list[Check]:
    """The provider check, and what leaves the machine, as the hook here would see it."""
    from garrepa_py.model.providers import claude_code_environment, egress, make_client

    client, why_not = make_client(config, claude_code_environment(str(project)))
    sent = egress(config, client)
    checks = [_client(config, client, why_not)]
    if sent:  # said plainly, with the way out when `auto` took it from the environment
        implicit = client is not None and config.settings.provider.type == "auto"
        checks.append(Check("egress", "ok", sent,
                            "garrepa config set provider.type none" if implicit else ""))
    return checks


def _client(config: Config, client: ModelClient | None, why_not: str) -> Check:
    variable = config.settings.provider.api_key_env_var
    if client is not None:
        origin = getattr(client, "origin", "")
        return Check("provider", "ok", f"{client.name}, {client.model}"
                     + (f" (auto: {origin})" if origin else ""))
    status, detail, hint = WHY_STRUCTURAL.get(
        why_not, ("warn", f"{why_not}: structural only", "check provider.type"))
    return Check("provider", status, detail.format(var=variable), hint.format(var=variable))


def _claude() -> Check:
    binary = shutil.which("claude")
    if binary is None:
        return Check("claude", "warn", "`claude` is not on PATH",
                     "install Claude Code ≥ 2.1.121 to use the hooks")
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=20,
                             check=False).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check("claude", "warn", f"`claude --version` failed: {exc}")
    version = parse_version(out)
    if version is None:
        return Check("claude", "warn", f"unrecognised version {out.strip()!r}")
    shown = ".".join(map(str, version))
    if version < MIN_CLAUDE:
        return Check("claude", "fail", f"Claude Code {shown} cannot replace tool output",
                     "update Claude Code to 2.1.121 or newer")
    return Check("claude", "ok", f"Claude Code {shown} at {binary}")


def _writable(name: str, directory: Path) -> Check:
    probe = directory
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if os.access(probe, os.W_OK | os.X_OK):
        return Check(name, "ok", f"{directory} writable")
    return Check(name, "fail", f"{directory} is not writable",
                 f"fix the permissions of {probe}; meanwhile events pass through unrecorded")


def _legacy_spills(project: Path) -> list[Check]:
    """An older install spilled inside the project, where every `grep -r`, `find` and `ls -R`
    finds the spills; they are still read back, from there, until removed."""
    legacy = Path(paths.legacy_state_dir(project))
    if not os.path.lexists(legacy):
        return []
    return [Check("old spills", "warn",
                  f"{legacy} holds an older install's spills: searches of the project find them "
                  f"(new spills go to {paths.project_state_dir(project)})",
                  # quoted: the line is copied into a shell, and a project path may hold
                  # spaces (`rm -r /a b/.garrepa` would remove /a and ./b/.garrepa)
                  f"once you no longer need them, remove them: rm -r {shlex.quote(str(legacy))}"
                  " (`garrepa uninstall --purge` removes them too, with the rest of garrepa's "
                  "install in this project)")]


def _probe(config: Config) -> Check:
    """One tiny request through the door: does the chosen model answer, and how fast?"""
    import time

    from garrepa_py.engine import door
    from garrepa_py.model.base import ModelError
    from garrepa_py.model.providers import make_client

    client, why_not = make_client(config)
    if client is None:
        return Check("probe", "warn", f"nothing to probe: {why_not}", "see the provider check")
    started = time.monotonic()
    try:
        exchange = door.ask(client, "Reply with the single word: ok", "ping", 16, started + 30)
    except ModelError as exc:
        return Check("probe", "fail", f"{client.name} did not answer ({exc.reason})",
                     "check the provider settings, the network and the key")
    elapsed = (time.monotonic() - started) * 1000
    return Check("probe", "ok", f"{exchange.reply.model} answered in {elapsed:,.0f} ms "
                                f"({exchange.reply.input_tokens} tokens in, "
                                f"{exchange.reply.output_tokens} out)")


def _has_own_entries(project: Path) -> bool:
    try:
        data, text = read_settings(Path(paths.settings_file(project)))
    except GarrepaError:
        return True  # a broken settings.json: the settings check says so
    return text is not None and settings_merge.remove_entries(data) != data


def _plugin(has_entries: bool) -> Check:
    from garrepa_py.install import plugin

    if has_entries:
        return Check("plugin", "warn", f"installed twice: the {plugin.PLUGIN_ID} plugin and this "
                                       "project's own entries (the plugin's hooks step aside "
                                       "here, so nothing runs twice)",
                     f"keep one: `claude plugin uninstall {plugin.PLUGIN_ID}` or "
                     "`garrepa uninstall`")
    record = Path(paths.interpreter_record())
    if record.is_file():
        return Check("plugin", "ok", f"{plugin.PLUGIN_ID} enabled; its launcher runs the garrepa "
                                     f"recorded in {record}")
    import shutil

    if shutil.which("garrepa"):
        return Check("plugin", "ok", f"{plugin.PLUGIN_ID} enabled; its launcher runs `garrepa "
                                     "hook` from PATH")
    return Check("plugin", "fail", f"{plugin.PLUGIN_ID} is enabled but its launcher finds no "
                                   "garrepa: every hook passes untouched",
                 "install it from the marketplace's own checkout: `pipx install "
                 "~/.claude/plugins/marketplaces/garrepa-py` (or the directory you added), then "
                 "run `garrepa doctor` again")


ARRIVAL_WINDOW = 7 * 86400  # the sessions doctor checks: this project's last week


def _arrival(project: Path) -> Check:
    """Did garrepa's replacements reach the model? Claude Code drops a reply it does not accept
    without a word, so only its transcript can say: a session with replacements and none in
    its transcript means every saving the journal shows for it was never real."""
    import time

    from garrepa_py.actions import report

    built = report.build(since=time.time() - ARRIVAL_WINDOW, project=str(project))
    rows = built.arrival
    if built.alarms:
        made = sum(row["briefings"] for row in built.alarms)
        return Check("arrival", "warn",
                     f"{len(built.alarms)} of {len(rows)} recent sessions had replacements "
                     f"({made}) and the transcript shows none reached the model (their "
                     "tool_result holds other output)",
                     "see `garrepa report`; Claude Code drops a reply it does not accept "
                     "silently, and another PostToolUse hook rewriting the same tool wins when "
                     "it finishes last")
    if not rows:
        return Check("arrival", "ok", "no replacements in the last 7 days to check")
    made, arrived = sum(r["briefings"] for r in rows), sum(r["arrived"] for r in rows)
    missing, unknown = sum(r["not_arrived"] for r in rows), sum(r["unknown"] for r in rows)
    sessions = f"{len(rows)} session{'' if len(rows) == 1 else 's'}"
    detail = f"{arrived} of {made} replacements reached the model ({sessions}, last 7 days)"
    if missing:
        detail += f"; {missing} did not"
    if unknown:  # a missing transcript, or a session still running: no evidence either way
        unread = sum(r["briefings"] for r in rows if not r["transcript_read"])
        detail += (f"; {unknown} could not be checked ({unread} of them with no readable "
                   "transcript)" if unread else f"; {unknown} could not be checked (no "
                   "tool_result for them in the transcript yet)")
    return Check("arrival", "ok", detail)


def run_checks(project: Path, probe: bool = False) -> list[Check]:
    config = load_config(project)
    from garrepa_py.install import plugin

    by_plugin = plugin.enabled()
    has_entries = _has_own_entries(project)
    interpreter = _interpreter()
    # served by the plugin alone, no record is expected: its launcher then runs `garrepa hook`
    # from PATH, and the plugin check says whether it finds one (init was never needed)
    unrecorded = interpreter.detail.startswith("no record")
    checks = [] if by_plugin and not has_entries and unrecorded else [interpreter]
    from garrepa_py.hosts.codex.install import installed as codex_installed

    with_codex = codex_installed(project)
    if with_codex and not has_entries and not by_plugin:
        pass  # a Codex-only project: Claude Code's install is not checked
    elif by_plugin and not has_entries:
        checks.append(Check("settings", "ok", f"no entries of garrepa's own in this project: the "
                                              f"{plugin.PLUGIN_ID} plugin's hooks serve it"))
    else:
        checks += [_launcher(project), _settings(project, config), _allow_rules(project)]
    if by_plugin:
        checks.append(_plugin(has_entries))
    if with_codex:
        from garrepa_py.actions import doctor_codex

        checks += doctor_codex.checks(project)
    checks += _config(config)
    checks += [
        _trust(config),
        *_provider(config, project),
        _claude(),
        _writable("journal", Path(paths.journal_file()).parent),
        _writable("spill", Path(paths.project_state_dir(project))),
        *_legacy_spills(project),
        _arrival(project),
    ]
    if config.disabled:
        checks.append(Check("mode", "warn", "garrepa is switched off (kill switch or mode off)",
                            "unset GARREPA_DISABLE / set mode to on"))
    if probe:
        checks.append(_probe(config))
    return checks

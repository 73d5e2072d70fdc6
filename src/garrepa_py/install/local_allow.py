"""garrepa's allow rules in .claude/settings.local.json: `garrepa ask` and `garrepa peek` (the
way back to a spill's exact lines, which a briefing names) and, with the logs route, its runner.

Without them Claude Code asks the user before the agent may run `garrepa ask ID "question"`, so
the way back the briefing offers would stop on a prompt. This user's file, since the runner's
rule names this machine's absolute path (project settings.json allow rules were not honoured in
`claude -p` runs, local ones were — measured). Only these rules are added or removed, and
`uninstall` puts back the file's exact bytes from before `init` when it was not edited since
(prior.py, as for settings.json).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from garrepa_py.errors import GarrepaError
from garrepa_py.fs import write_atomic
from garrepa_py.install import json_style, prior
from garrepa_py.install.change import Change, diff
from garrepa_py.install.project_bounds import inside_project
from garrepa_py.install.settings_file import check_writable, read_settings, render_json
from garrepa_py.locks import locked

# The commands a briefing's pointer line names; each takes only a spill id or a path and prints.
RECALL_RULES = ("Bash(garrepa ask:*)", "Bash(garrepa peek:*)")


def local_file(project: Path) -> Path:
    return project / ".claude" / "settings.local.json"


def wanted_rules(project: Path, logs: bool) -> tuple[str, ...]:
    """The rules `init` adds: the recall commands' always, the logs runner's with the route."""
    from garrepa_py.install.runner_allow import runner_rule

    return (*RECALL_RULES, runner_rule(project)) if logs else RECALL_RULES


def all_rules(project: Path) -> tuple[str, ...]:
    """Every rule garrepa may have added here: what `uninstall` removes."""
    from garrepa_py.hook_commands import shell_word
    from garrepa_py.install.runner_allow import runner_file

    return wanted_rules(project, shell_word(str(runner_file(project))) is not None)


def missing_rules(project: Path) -> tuple[list[str], str]:
    """The recall rules missing from the file, for doctor, and why it cannot be read (empty
    when it can)."""
    try:
        data, _ = _read(local_file(project))
        allow = _allow(data, local_file(project))
    except GarrepaError as exc:
        return list(RECALL_RULES), exc.message
    return [rule for rule in RECALL_RULES if rule not in allow], ""


def check_readable(project: Path) -> str:
    """Empty when init can edit the file; else why not (checked before init writes anything)."""
    try:
        path = local_file(project)
        data, _ = _read(path)
        _allow(data, path)
    except GarrepaError as exc:
        return exc.message
    return ""


def _read(path: Path) -> tuple[dict[str, Any], str | None]:
    if path.is_symlink():
        raise GarrepaError(f"{path} is a symbolic link; refusing to write through it",
                           hint="replace the link with a real file; nothing was changed")
    return read_settings(path)


def _allow(data: dict[str, Any], path: Path) -> list[Any]:
    permissions = data.get("permissions")
    if permissions is not None and not isinstance(permissions, dict):
        raise GarrepaError(f'"permissions" in {path} is not an object',
                           hint="fix the file by hand; nothing was changed")
    allow = (permissions or {}).get("allow") or []
    if not isinstance(allow, list):
        raise GarrepaError(f'"permissions.allow" in {path} is not a list',
                           hint="fix the file by hand; nothing was changed")
    return list(allow)


def edit_local_allow(project: Path, rules: tuple[str, ...], add: bool, dry_run: bool) -> Change:
    """Add (or remove) `rules` in .claude/settings.local.json, every other byte kept."""
    path = local_file(project)
    inside_project(project, path.parent)
    with locked(path):
        data, text = _read(path)
        allow = _allow(data, path)
        if add:
            new_allow = [*allow, *(rule for rule in rules if rule not in allow)]
        else:
            new_allow = [rule for rule in allow if rule not in rules]
        if new_allow == allow:
            if add and not dry_run and text is not None:
                prior.remember(path, text.encode("utf-8"), text.encode("utf-8"), True)
            return Change(path, "keep", "garrepa's allow rules already as wanted"
                          if text is not None else "absent")
        check_writable(path)
        shown = ", ".join(rule for rule in rules if (rule in allow) != add)
        if not add:
            restored = _restore(path, text, dry_run)
            if restored is not None:
                return restored
        new_text = _render(data, text, new_allow)
        if new_text is None:
            if not dry_run:
                path.unlink()
                prior.forget(path)
            return Change(path, "remove", "only garrepa's allow rules were in it",
                          diff(path, text, None))
        if not dry_run:
            write_atomic(path, new_text)
            if add:
                prior.remember(path, None if text is None else text.encode("utf-8"),
                               new_text.encode("utf-8"), _ours_before(project, path, text, allow))
            else:
                prior.forget(path)
        return Change(path, "create" if text is None else "update",
                      f"{'allow' if add else 'no longer allow'} {shown}",
                      diff(path, text, new_text))


def _ours_before(project: Path, path: Path, text: str | None, allow: list[Any]) -> bool:
    """Whether the file held what an earlier init wrote, so it is not the original: a rule for
    this project's runner is garrepa's own, and so is a text an init recorded; `ask` and `peek`
    rules alone may be the user's (they are kept by uninstall then)."""
    from garrepa_py.install.runner_allow import runner_rule

    if runner_rule(project) in allow:
        return True
    record = prior.load(path)
    return (record is not None and text is not None
            and prior.restorable(path, text.encode("utf-8")) is not None)


def _restore(path: Path, text: str | None, dry_run: bool) -> Change | None:
    """The exact bytes from before init, when the file still holds what init wrote."""
    record = prior.restorable(path, None if text is None else text.encode("utf-8"))
    if record is None:
        return None
    original = None if record.original is None else record.original.decode("utf-8")
    if not dry_run:
        if original is None:
            path.unlink()
        else:
            write_atomic(path, original)
        prior.forget(path)
    if original is None:
        return Change(path, "remove", "init created it and nothing else was added",
                      diff(path, text, None))
    return Change(path, "update", "restored byte for byte as it was before init",
                  diff(path, text, original))


def _render(data: dict[str, Any], text: str | None, allow: list[Any]) -> str | None:
    """The file with `allow` as its rules; None when nothing would be left in it."""
    permissions = dict(data.get("permissions") or {})
    if allow:
        permissions["allow"] = allow
    else:
        permissions.pop("allow", None)
    new = dict(data)
    if permissions:
        new["permissions"] = permissions
    else:
        new.pop("permissions", None)
    if not new:
        return None
    if text is None:
        return render_json(new, None)
    if permissions:
        return json_style.set_member(text, data, "permissions", permissions)
    return json_style.set_member(text, data, "permissions")

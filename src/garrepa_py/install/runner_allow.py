"""The logs runner's place in a project: its file (.claude/hooks/garrepa-log) and the allow rule
for it in .claude/settings.local.json, without which Claude Code would ask about the runner part
of every command the logs route wraps (measured)."""

from __future__ import annotations

from pathlib import Path

from garrepa_py.errors import GarrepaError
from garrepa_py.fs import write_atomic
from garrepa_py.install.change import Change, diff
from garrepa_py.install.project_bounds import inside_project
from garrepa_py.install.settings_file import check_writable, read_settings, render_json
from garrepa_py.locks import locked


def runner_file(project: Path) -> Path:
    return project / ".claude" / "hooks" / "garrepa-log"


def runner_rule(project: Path) -> str:
    """The allow rule for the logs runner's own command: without it Claude Code would ask about
    the runner part of every wrapped command (measured)."""
    from garrepa_py.hook_commands import shell_word

    return f"Bash({shell_word(str(runner_file(project))) or runner_file(project)}:*)"


def edit_local_allow(project: Path, add: bool, dry_run: bool) -> Change:
    """Add or remove the runner's allow rule in .claude/settings.local.json (this user's file:
    the rule names this machine's absolute path; project settings.json allow rules were not
    honoured in `claude -p` runs, local ones were — measured)."""
    path = project / ".claude" / "settings.local.json"
    inside_project(project, path.parent)
    if path.is_symlink():
        raise GarrepaError(f"{path} is a symbolic link; refusing to write through it",
                           hint="replace the link with a real file; nothing was changed")
    rule = runner_rule(project)
    with locked(path):
        data, text = read_settings(path)
        permissions = data.get("permissions")
        if permissions is not None and not isinstance(permissions, dict):
            raise GarrepaError(f'"permissions" in {path} is not an object',
                               hint="fix the file by hand; nothing was changed")
        allow = list((permissions or {}).get("allow") or [])
        if (rule in allow) == add:
            return Change(path, "keep", "the runner's allow rule already as wanted")
        if text is None and not add:
            return Change(path, "keep", "absent")
        allow = [*allow, rule] if add else [r for r in allow if r != rule]
        new = dict(data)
        new_permissions = dict(permissions or {})
        if allow:
            new_permissions["allow"] = allow
        else:
            new_permissions.pop("allow", None)
        if new_permissions:
            new["permissions"] = new_permissions
        else:
            new.pop("permissions", None)
        if not new and not add:
            if not dry_run:
                path.unlink()
            return Change(path, "remove", "only the runner's allow rule was in it")
        check_writable(path)
        new_text = render_json(new, text)
        if not dry_run:
            write_atomic(path, new_text)
        return Change(path, "create" if text is None else "update",
                      f"{'allow' if add else 'no longer allow'} {rule}",
                      diff(path, text, new_text))


def check_runner_path(runner: Path) -> None:
    """The logs route writes the runner's path into the rewritten command and into its allow
    rule as one shell word (hook_commands.py); a path that cannot be written so safely
    (a quote, `$`, non-ASCII: unmeasured) could never work, so it is refused."""
    from garrepa_py.hook_commands import shell_word

    if shell_word(str(runner)) is None:
        raise GarrepaError(
            f"the logs route cannot work here: {runner.parents[2]} holds a character the shell "
            "would need quoted other than a space, and the route names its runner by that path",
            hint="use a project path of letters, digits, spaces and ._-/ (a symbolic link to it "
                 "will do), or run `garrepa init` without --logs (logs.enabled false); nothing "
                 "was changed")

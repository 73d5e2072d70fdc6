"""Install into and remove from one project: the I/O shell around the pure settings edits.

Every step compares what is there with what should be there, so a second `init` changes no byte,
and `--dry-run` reports the same changes without writing.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import garrepa_py
from garrepa_py import paths
from garrepa_py.config.schema import defaults_tree, set_path
from garrepa_py.errors import GarrepaError
from garrepa_py.install import settings_merge
from garrepa_py.install.atomic import locked, write_atomic

MANAGED_MARK = "managed by garrepa-py"


@dataclass(frozen=True)
class Change:
    path: Path
    action: str  # "create" | "update" | "remove" | "keep"
    detail: str
    diff: str = ""


@dataclass
class Outcome:
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(c.action != "keep" for c in self.changes)


# ---------------------------------------------------------------- settings.json


def read_settings(path: Path) -> tuple[dict[str, Any], str | None]:
    """The parsed settings and their exact text (None when the file is absent)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as exc:
        raise GarrepaError(f"cannot read {path}: {exc}", hint="check the file's permissions") from exc
    fix = f"fix or move {path} and run the command again; nothing was changed"
    try:
        data = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise GarrepaError(
            f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", hint=fix
        ) from exc
    try:
        settings_merge.check_shape(data)
    except settings_merge.SettingsShapeError as exc:
        raise GarrepaError(f"{path}: {exc}", hint=fix) from exc
    return data, text


def render_json(data: dict[str, Any], like: str | None) -> str:
    """Serialise with the indentation the existing file used (two spaces for a new one)."""
    indent: str | int = 2
    if like:
        match = re.search(r"^\{\s*\n([ \t]+)\S", like)
        if match:
            indent = match.group(1)
    return json.dumps(data, indent=indent, ensure_ascii=False) + "\n"


def _diff(path: Path, old: str | None, new: str | None) -> str:
    lines = difflib.unified_diff(
        (old or "").splitlines(keepends=True),
        (new or "").splitlines(keepends=True),
        fromfile=str(path) if old is not None else "/dev/null",
        tofile=str(path) if new is not None else "/dev/null",
    )
    return "".join(lines)


def _edit_settings(project: Path, edit: Any, dry_run: bool, verb: str) -> Change:
    path = Path(paths.settings_file(project))
    with locked(path):
        data, text = read_settings(path)
        new_data = edit(data)
        if new_data == data and text is not None:
            return Change(path, "keep", "garrepa's hook entries already as wanted")
        if text is None and not new_data:
            return Change(path, "keep", "absent")
        if not new_data and verb == "remove":
            if not dry_run:
                path.unlink()
            return Change(path, "remove", "nothing else was left in it", _diff(path, text, None))
        new_text = render_json(new_data, text)
        change = Change(path, "create" if text is None else "update", verb, _diff(path, text, new_text))
        if not dry_run:
            write_atomic(path, new_text)
        return change


# ---------------------------------------------------------------- managed files


def _template(name: str) -> str:
    return (Path(paths.templates_dir()) / name).read_text(encoding="utf-8")


def _place_managed(path: Path, content: str, mode: int, dry_run: bool) -> Change:
    try:
        current: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError):
        current = "\0unreadable"
    if current is not None and MANAGED_MARK not in current:
        raise GarrepaError(
            f"{path} exists and was not written by garrepa; refusing to overwrite it",
            hint="move it aside and run `garrepa init` again",
        )
    if current == content and (path.stat().st_mode & 0o777) == mode:
        return Change(path, "keep", "up to date")
    if not dry_run:
        with locked(path):
            write_atomic(path, content, mode=mode)
    action = "create" if current is None else "update"
    return Change(path, action, "written from the template", _diff(path, current, content))


def _remove_managed(path: Path, dry_run: bool) -> Change:
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Change(path, "keep", "absent")
    except (OSError, UnicodeDecodeError):
        current = ""
    if MANAGED_MARK not in current:
        return Change(path, "keep", "not written by garrepa; left alone")
    if not dry_run:
        path.unlink()
    return Change(path, "remove", "garrepa's file")


def _prune_empty_dirs(start: Path, stop: Path) -> None:
    """Remove now-empty directories from `start` up to, not including, `stop`."""
    current = start
    while current != stop and stop in current.parents:
        try:
            current.rmdir()
        except OSError:
            return
        current = current.parent


# ---------------------------------------------------------------- config and interpreter


def config_text(overrides: dict[str, object], base: dict[str, Any] | None = None) -> str:
    tree: dict[str, Any] = defaults_tree() if base is None else json.loads(json.dumps(base))
    for key, value in overrides.items():
        set_path(tree, key, value)
    return json.dumps(tree, indent=2) + "\n"


def _place_config(project: Path, overrides: dict[str, object], update: bool, dry_run: bool,
                  outcome: Outcome) -> None:
    path = Path(paths.project_config_file(project))
    try:
        current: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    if current is not None and not update:
        outcome.changes.append(Change(path, "keep", "exists; never overwritten"))
        if overrides:
            flags = ", ".join(sorted(overrides))
            outcome.notes.append(
                f"{path.name} exists, so {flags} were not written to it "
                "(add --update-config to set them)"
            )
        return
    base = None
    if current is not None:
        try:
            base = json.loads(current)
        except ValueError as exc:
            raise GarrepaError(
                f"{path} is not valid JSON, so it cannot be updated: {exc}",
                hint="fix the file, or delete it and run `garrepa init` again",
            ) from exc
        if not isinstance(base, dict):
            raise GarrepaError(f"{path} must hold a JSON object", hint="fix or delete the file")
    new = config_text(overrides, base)
    if new == current:
        outcome.changes.append(Change(path, "keep", "up to date"))
        return
    if not dry_run:
        with locked(path):
            write_atomic(path, new)
    action = "create" if current is None else "update"
    outcome.changes.append(Change(path, action, "project config", _diff(path, current, new)))


def interpreter_record_text() -> str:
    package_root = Path(garrepa_py.__file__).resolve().parent.parent
    return f"{sys.executable}\n{package_root}\n"


def _record_interpreter(dry_run: bool) -> Change:
    path = Path(paths.interpreter_record())
    text = interpreter_record_text()
    try:
        current: str | None = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    if current == text:
        return Change(path, "keep", "interpreter recorded")
    if not dry_run:
        with locked(path):
            write_atomic(path, text, mode=0o600)
    return Change(path, "create" if current is None else "update",
                  "the interpreter the launcher runs for this user")


# ---------------------------------------------------------------- the two operations


def install(project: Path, config_overrides: dict[str, object], timeout: int,
            update_config: bool = False, dry_run: bool = False) -> Outcome:
    from garrepa_py.config import trust

    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    outcome.changes.append(_edit_settings(
        project, lambda data: settings_merge.add_entries(data, timeout), dry_run, "add"))
    outcome.changes.append(_place_managed(
        Path(paths.launcher_file(project)), _template("garrepa-hook"), 0o755, dry_run))
    outcome.changes.append(_place_managed(
        Path(paths.skill_file(project)), _template("SKILL.md"), 0o644, dry_run))
    _place_config(project, config_overrides, update_config, dry_run, outcome)
    outcome.changes.append(_record_interpreter(dry_run))
    config_file = Path(paths.project_config_file(project))
    if not dry_run and config_file.is_file():
        trust.record_trust(config_file)
    return outcome


def uninstall(project: Path, purge: bool = False, dry_run: bool = False) -> Outcome:
    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    outcome.changes.append(_edit_settings(project, settings_merge.remove_entries, dry_run, "remove"))
    for path in (Path(paths.launcher_file(project)), Path(paths.skill_file(project))):
        outcome.changes.append(_remove_managed(path, dry_run))
        if not dry_run:
            _prune_empty_dirs(path.parent, project)
    config_file = Path(paths.project_config_file(project))
    if purge:
        if config_file.exists():
            if not dry_run:
                config_file.unlink()
            outcome.changes.append(Change(config_file, "remove", "--purge"))
        state = Path(paths.project_state_dir(project))
        if state.exists():
            if not dry_run:
                shutil.rmtree(state)
            outcome.changes.append(Change(state, "remove", "--purge: spill files and caches"))
    elif config_file.exists():
        outcome.changes.append(Change(config_file, "keep", "kept (use --purge to remove it)"))
    return outcome

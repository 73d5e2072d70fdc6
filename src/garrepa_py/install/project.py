"""Install into and remove from one project: the I/O shell around the pure settings edits.

Every step compares what is there with what should be there, so a second `init` changes no byte,
and `--dry-run` reports the same changes without writing.
"""

from __future__ import annotations

import difflib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import garrepa_py
from garrepa_py import fs, paths
from garrepa_py.config.schema import set_path
from garrepa_py.errors import GarrepaError
from garrepa_py.install import json_style, prior, settings_merge
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


MAX_SETTINGS_BYTES = 16 * 1024 * 1024


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f'the key "{key}" appears twice in one object')
        seen[key] = value
    return seen


def read_settings(path: Path) -> tuple[dict[str, Any], str | None]:
    """The parsed settings and their exact text (None when the file is absent)."""
    try:
        raw = fs.read_bounded(str(path), MAX_SETTINGS_BYTES)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        return {}, None
    except fs.Refused as exc:
        raise GarrepaError(f"cannot read {path}: it is {_refusal(exc.reason)}",
                           hint="replace it with a regular JSON file; nothing was changed") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise GarrepaError(f"cannot read {path}: {exc}", hint="check the file's permissions") from exc
    fix = f"fix or move {path} and run the command again; nothing was changed"
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise GarrepaError(
            f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", hint=fix
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise GarrepaError(f"{path}: {exc}", hint=fix) from exc
    try:
        settings_merge.check_shape(data)
    except settings_merge.SettingsShapeError as exc:
        raise GarrepaError(f"{path}: {exc}", hint=fix) from exc
    return data, text


def _refusal(reason: str) -> str:
    return {"not-a-file": "not a regular file (a FIFO, a device or a directory)",
            "too-large": f"larger than {MAX_SETTINGS_BYTES // (1024 * 1024)} MiB",
            "symlink": "a symbolic link"}.get(reason, reason)


def _inside_project(project: Path, path: Path) -> None:
    """Refuse to write where a symlink on the way would take the write out of the project."""
    root = project.resolve()
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent  # the deepest part that exists decides where the write lands
    target = probe.resolve() if probe.exists() else probe
    if target != root and root not in target.parents:
        raise GarrepaError(
            f"{path} leads outside the project (to {target}) through a symbolic link; "
            "refusing to write there",
            hint="replace the link with a real directory or file, or install garrepa by hand; "
                 "nothing was changed",
        )


def settings_target(project: Path) -> Path:
    """The file to edit: settings.json, or what its symlink points at when that is inside the
    project (the link itself is kept)."""
    path = Path(paths.settings_file(project))
    _inside_project(project, path.parent)
    if path.is_symlink():
        _inside_project(project, path)
        return path.resolve()
    return path


def _check_writable(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    if not mode & 0o200 or not os.access(path, os.W_OK):
        raise GarrepaError(f"{path} is read-only; refusing to replace it",
                           hint=f"make it writable (chmod u+w {path}) and run the command again; "
                                "nothing was changed")


def render_json(data: dict[str, Any], like: str | None) -> str:
    """Serialise in the existing file's own style (two spaces and a final newline for a new one)."""
    return json_style.render(data, json_style.detect(like))


def settings_text(old: dict[str, Any], new: dict[str, Any], text: str | None) -> str:
    """The new settings text: only the "hooks" member rewritten, every other byte kept."""
    if text is None:
        return render_json(new, None)
    others_same = {k: v for k, v in old.items() if k != "hooks"} == \
        {k: v for k, v in new.items() if k != "hooks"}
    if not others_same:
        return render_json(new, text)
    if "hooks" in new:
        return json_style.set_member(text, old, "hooks", new["hooks"])
    return json_style.set_member(text, old, "hooks")


def _diff(path: Path, old: str | None, new: str | None) -> str:
    lines = difflib.unified_diff(
        (old or "").splitlines(keepends=True),
        (new or "").splitlines(keepends=True),
        fromfile=str(path) if old is not None else "/dev/null",
        tofile=str(path) if new is not None else "/dev/null",
    )
    return "".join(lines)


def _edit_settings(project: Path, edit: Any, dry_run: bool, verb: str) -> Change:
    """Apply a pure edit to settings.json in its own style; `verb` is "add" or "remove".

    "add" keeps the file's bytes before garrepa's first entry aside; "remove" puts them back
    exactly when the file still holds what init wrote, and otherwise removes only our entries
    (deleting a file init created once nothing else is left in it).
    """
    path = settings_target(project)
    with locked(path):
        data, text = read_settings(path)
        new_data = edit(data)
        if new_data == data and text is not None:
            if verb == "add" and not dry_run:
                _remember_prior(path, text, text, ours_before=True)
            return Change(path, "keep", "garrepa's hook entries already as wanted")
        if text is None and not new_data:
            return Change(path, "keep", "absent")
        _check_writable(path)
        if verb == "remove":
            return _remove_from_settings(path, text, new_data, dry_run)
        new_text = settings_text(data, new_data, text)
        change = Change(path, "create" if text is None else "update", verb,
                        _diff(path, text, new_text))
        if not dry_run:
            write_atomic(path, new_text)
            ours_before = settings_merge.remove_entries(data) != data
            _remember_prior(path, text, new_text, ours_before)
        return change


def _remember_prior(path: Path, before: str | None, written: str, ours_before: bool) -> None:
    prior.remember(path, None if before is None else before.encode("utf-8"),
                   written.encode("utf-8"), ours_before)


def _remove_from_settings(path: Path, text: str | None, new_data: dict[str, Any],
                          dry_run: bool) -> Change:
    record = prior.restorable(path, None if text is None else text.encode("utf-8"))
    if record is not None:  # untouched since init: the exact bytes from before
        if record.original is None:
            if not dry_run:
                path.unlink()
                prior.forget(path)
            return Change(path, "remove", "init created it and nothing else was added",
                          _diff(path, text, None))
        original = record.original.decode("utf-8")
        if not dry_run:
            write_atomic(path, original)
            prior.forget(path)
        return Change(path, "update", "restored byte for byte as it was before init",
                      _diff(path, text, original))
    if not new_data:
        if not dry_run:
            path.unlink()
            prior.forget(path)
        return Change(path, "remove", "nothing else was left in it", _diff(path, text, None))
    data, _ = read_settings(path)
    new_text = settings_text(data, new_data, text)
    if not dry_run:
        write_atomic(path, new_text)
        prior.forget(path)
    return Change(path, "update", "garrepa's entries removed", _diff(path, text, new_text))


# ---------------------------------------------------------------- managed files


def _template(name: str) -> str:
    return (Path(paths.templates_dir()) / name).read_text(encoding="utf-8")


def _managed_now(project: Path, path: Path) -> str | None:
    """The current text of a file garrepa manages (None: absent); refuses anything not ours."""
    _inside_project(project, path)
    if path.is_symlink():
        raise GarrepaError(f"{path} is a symbolic link; refusing to write through it",
                           hint="remove the link and run `garrepa init` again; nothing was changed")
    try:
        current: str | None = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError):
        current = "\0unreadable"
    if current is not None and MANAGED_MARK not in current:
        raise GarrepaError(
            f"{path} exists and was not written by garrepa; refusing to overwrite it",
            hint="move it aside and run `garrepa init` again; nothing was changed",
        )
    return current


def _place_managed(path: Path, content: str, mode: int, dry_run: bool,
                   current: str | None) -> Change:
    if current == content and (path.stat().st_mode & 0o777) == mode:
        return Change(path, "keep", "up to date")
    if not dry_run:
        with locked(path):
            write_atomic(path, content, mode=mode)
    action = "create" if current is None else "update"
    return Change(path, action, "written from the template", _diff(path, current, content))


def _remove_managed(project: Path, path: Path, dry_run: bool) -> Change:
    try:
        _inside_project(project, path)
    except GarrepaError:
        return Change(path, "keep", "leads outside the project through a link; left alone")
    if path.is_symlink():
        return Change(path, "keep", "a symbolic link, not garrepa's file; left alone")
    try:
        current = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8")
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


def config_text(overrides: dict[str, object], current: str | None = None) -> str | None:
    """The project config holding only what the project chose; None when nothing was.

    A new file gets the `$schema` line (editors then complete and check it) and the keys given;
    an existing one gets the keys set in place, in its own style.
    """
    from garrepa_py.config.json_schema import SCHEMA_REF

    if current is None:
        if not overrides:
            return None
        tree: dict[str, Any] = {"$schema": SCHEMA_REF}
    else:
        tree = json.loads(current)
    for key, value in overrides.items():
        set_path(tree, key, value)
    return json_style.render(tree, json_style.detect(current))


def _plan_config(project: Path, overrides: dict[str, object], update: bool,
                 outcome: Outcome) -> tuple[Path, str | None, str | None]:
    """(path, current text, new text or None for no write); raises before anything is written."""
    path = Path(paths.project_config_file(project))
    _inside_project(project, path)
    try:
        current: str | None = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError) as exc:
        raise GarrepaError(f"cannot read {path}: {exc}",
                           hint="replace it with a regular JSON file; nothing was changed") from exc
    if current is not None and not update:
        outcome.changes.append(Change(path, "keep", "exists; never overwritten"))
        if overrides:
            flags = ", ".join(sorted(overrides))
            outcome.notes.append(
                f"{path.name} exists, so {flags} were not written to it "
                "(add --update-config to set them)"
            )
        return path, current, None
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
    new = config_text(overrides, current)
    if new is None:
        return path, current, None
    if new == current:
        outcome.changes.append(Change(path, "keep", "up to date"))
        return path, current, None
    return path, current, new


def _write_config(path: Path, current: str | None, new: str, dry_run: bool,
                  outcome: Outcome) -> None:
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
            update_config: bool = False, dry_run: bool = False,
            keep_timeouts: bool = True) -> Outcome:
    """Every check runs before the first write: a refused install changes no byte."""
    from garrepa_py.config import trust

    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    launcher, skill = Path(paths.launcher_file(project)), Path(paths.skill_file(project))
    schema = Path(paths.schema_file(project))
    launcher_now = _managed_now(project, launcher)
    skill_now = _managed_now(project, skill)
    schema_now = _managed_now(project, schema)
    config_plan = _plan_config(project, config_overrides, update_config, outcome)
    settings_target(project)
    outcome.changes.append(_edit_settings(
        project, lambda data: settings_merge.add_entries(data, timeout, keep_timeouts),
        dry_run, "add"))
    outcome.changes.append(_place_managed(launcher, _template("garrepa-hook"), 0o755, dry_run,
                                          launcher_now))
    outcome.changes.append(_place_managed(skill, _template("SKILL.md"), 0o644, dry_run, skill_now))
    outcome.changes.append(_place_managed(schema, _template("garrepa.config.schema.json"), 0o644,
                                          dry_run, schema_now))
    config_file, config_now, config_new = config_plan
    if config_new is not None:
        _write_config(config_file, config_now, config_new, dry_run, outcome)
    outcome.changes.append(_record_interpreter(dry_run))
    if not dry_run and config_new is not None and config_now is None:
        trust.record_trust(config_file)  # only a config this run wrote is trusted by init
    elif config_now is not None:
        _note_untrusted(config_file, outcome)
    return outcome


def _note_untrusted(config_file: Path, outcome: Outcome) -> None:
    """An existing config (it came with the clone) that sets gated keys is shown, not trusted."""
    from garrepa_py.actions.trusting import describe
    from garrepa_py.config import trust

    try:
        gated = trust.read_gated(config_file)
        data = fs.read_bounded(str(config_file), 1024 * 1024)
    except (OSError, ValueError):
        return
    if not gated or trust.is_trusted(str(config_file), data, gated):
        return
    outcome.notes.append(
        f"{config_file.name} came with the project and sets keys that need your trust:\n"
        + "\n".join(describe(gated))
        + "\n  briefings here are structural only until you review it and run `garrepa trust`")


def uninstall(project: Path, purge: bool = False, dry_run: bool = False) -> Outcome:
    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    outcome.changes.append(_edit_settings(project, settings_merge.remove_entries, dry_run, "remove"))
    for path in (Path(paths.launcher_file(project)), Path(paths.skill_file(project))):
        outcome.changes.append(_remove_managed(project, path, dry_run))
        if not dry_run:
            _prune_empty_dirs(path.parent, project)
    config_file = Path(paths.project_config_file(project))
    if purge:
        state = Path(paths.project_state_dir(project))
        if os.path.lexists(state):
            # A symlink is removed itself, never followed; the tree is deleted fd-safely.
            detail = ("--purge: a symbolic link (removed, its target untouched)"
                      if state.is_symlink() else "--purge: spill files and caches")
            if not dry_run:
                fs.remove_tree(str(state))
            outcome.changes.append(Change(state, "remove", detail))
        if os.path.lexists(config_file):
            if not dry_run:
                config_file.unlink()
            outcome.changes.append(Change(config_file, "remove", "--purge"))
    elif config_file.exists():
        outcome.changes.append(Change(config_file, "keep", "kept (use --purge to remove it)"))
    schema = Path(paths.schema_file(project))
    if dry_run and purge or not os.path.lexists(config_file):
        outcome.changes.append(_remove_managed(project, schema, dry_run))  # nothing refers to it
        if not dry_run:
            _prune_empty_dirs(schema.parent, project)
    return outcome

"""Claude Code's settings.json: read and check it, render it in its own style, and apply one
pure edit (settings_merge.py) to it.

An edit rewrites only the "hooks" member and keeps every other byte; `init` keeps the bytes from
before its first entry aside (prior.py) so `uninstall` can put them back exactly.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from garrepa_py import fs, paths
from garrepa_py.errors import GarrepaError
from garrepa_py.fs import write_atomic
from garrepa_py.install import json_style, prior, settings_merge
from garrepa_py.install.change import Change, diff
from garrepa_py.install.project_bounds import inside_project
from garrepa_py.locks import locked

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


def settings_target(project: Path) -> Path:
    """The file to edit: settings.json, or what its symlink points at when that is inside the
    project (the link itself is kept)."""
    path = Path(paths.settings_file(project))
    inside_project(project, path.parent)
    if path.is_symlink():
        inside_project(project, path)
        return path.resolve()
    return path


def check_writable(path: Path) -> None:
    """Refuse to replace a read-only file (an atomic write would replace it all the same)."""
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


def edit_settings(project: Path, edit: Callable[[dict[str, Any]], dict[str, Any]], dry_run: bool,
                  verb: str) -> Change:
    """Apply a pure edit to settings.json in its own style; `verb` is "add" or "remove".

    "add" keeps the file's bytes before garrepa's first entry aside; "remove" puts them back
    exactly when the file still holds what init wrote, and otherwise removes only our entries
    (deleting a file init created once nothing else is left in it).
    """
    return edit_hooks_file(settings_target(project), edit, settings_merge.remove_entries, dry_run,
                           verb)


def edit_hooks_file(path: Path, edit: Callable[[dict[str, Any]], dict[str, Any]],
                    remove: Callable[[dict[str, Any]], dict[str, Any]], dry_run: bool,
                    verb: str) -> Change:
    """edit_settings for any JSON file of the `{"hooks": {EVENT: [groups]}}` shape (Claude
    Code's settings.json, Codex's hooks.json): `remove` is the host's pure removal of garrepa's
    entries, which tells whether the file already held some."""
    with locked(path):
        data, text = read_settings(path)
        new_data = edit(data)
        if new_data == data and text is not None:
            if verb == "add" and not dry_run:
                _remember_prior(path, text, text, ours_before=True)
            return Change(path, "keep", "garrepa's hook entries already as wanted")
        if text is None and not new_data:
            return Change(path, "keep", "absent")
        check_writable(path)
        if verb == "remove":
            return _remove_from_settings(path, text, new_data, dry_run)
        new_text = settings_text(data, new_data, text)
        change = Change(path, "create" if text is None else "update", verb,
                        diff(path, text, new_text))
        if not dry_run:
            write_atomic(path, new_text)
            ours_before = remove(data) != data
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
                          diff(path, text, None))
        original = record.original.decode("utf-8")
        if not dry_run:
            write_atomic(path, original)
            prior.forget(path)
        return Change(path, "update", "restored byte for byte as it was before init",
                      diff(path, text, original))
    if not new_data:
        if not dry_run:
            path.unlink()
            prior.forget(path)
        return Change(path, "remove", "nothing else was left in it", diff(path, text, None))
    data, _ = read_settings(path)
    new_text = settings_text(data, new_data, text)
    if not dry_run:
        write_atomic(path, new_text)
        prior.forget(path)
    return Change(path, "update", "garrepa's entries removed", diff(path, text, new_text))

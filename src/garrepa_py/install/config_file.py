"""The project's garrepa.config.json as `init` writes it: only the keys the project chose, set
in place in an existing file (and only with --update-config), and a note when a config that
came with the clone sets keys that need the user's trust.

Planning reads and checks everything before install's first write; writing comes later.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from garrepa_py import fs, paths
from garrepa_py.config.schema import set_path
from garrepa_py.errors import GarrepaError
from garrepa_py.fs import write_atomic
from garrepa_py.install import json_style
from garrepa_py.install.change import Change, diff
from garrepa_py.install.project_bounds import inside_project
from garrepa_py.locks import locked


@dataclass(frozen=True)
class ConfigPlan:
    path: Path
    current: str | None  # the file's text now (None: absent)
    new: str | None  # the text to write; None: no write
    decided: tuple[Change, ...] = ()  # what planning already settled (a kept file)
    notes: tuple[str, ...] = ()  # for the user (keys that were not written)


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


def plan_config(project: Path, overrides: dict[str, object], update: bool) -> ConfigPlan:
    """What to do with the config; raises before anything is written."""
    path = Path(paths.project_config_file(project))
    inside_project(project, path)
    try:
        current: str | None = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError) as exc:
        raise GarrepaError(f"cannot read {path}: {exc}",
                           hint="replace it with a regular JSON file; nothing was changed") from exc
    if current is not None and not update:
        kept = (Change(path, "keep", "exists; never overwritten"),)
        if not overrides:
            return ConfigPlan(path, current, None, kept)
        flags = ", ".join(sorted(overrides))
        return ConfigPlan(path, current, None, kept, (
            f"{path.name} exists, so {flags} {'was' if len(overrides) == 1 else 'were'} not "
            "written to it (add --update-config to set "
            f"{'it' if len(overrides) == 1 else 'them'}"
            + ("; the logs route's entries wait for logs.enabled" if overrides.get(
                "logs.enabled") is True else "") + ")",))
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
        return ConfigPlan(path, current, None)
    if new == current:
        return ConfigPlan(path, current, None, (Change(path, "keep", "up to date"),))
    return ConfigPlan(path, current, new)


def write_config(plan: ConfigPlan, dry_run: bool) -> Change:
    """Write the planned text (plan.new must be set)."""
    assert plan.new is not None
    if not dry_run:
        with locked(plan.path):
            write_atomic(plan.path, plan.new)
    action = "create" if plan.current is None else "update"
    return Change(plan.path, action, "project config", diff(plan.path, plan.current, plan.new))


def untrusted_note(config_file: Path) -> str | None:
    """An existing config (it came with the clone) that sets gated keys is shown, not trusted."""
    from garrepa_py.config import trust

    try:
        gated = trust.read_gated(config_file)
        data = fs.read_bounded(str(config_file), 1024 * 1024)
    except (OSError, ValueError):
        return None
    if not gated or trust.is_trusted(str(config_file), data, gated):
        return None
    return (f"{config_file.name} came with the project and sets keys that need your trust:\n"
            + "\n".join(trust.describe(gated))
            + "\n  briefings here are structural only until you review it and run `garrepa trust`")

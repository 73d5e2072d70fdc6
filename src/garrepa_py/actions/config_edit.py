"""`garrepa config set/unset`: write one layer, then say whether a higher layer still wins.

Layers, highest first: the environment, the project's garrepa.config.json (keys present), the
user's config.toml, the defaults. `set` writes the user file unless told `--project`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from garrepa_py import fs, paths
from garrepa_py.config.load import Config, load_config
from garrepa_py.config.schema import BY_KEY, base_key, set_path
from garrepa_py.config.user_edit import parse_value, set_user_value, unset_user_value
from garrepa_py.errors import GarrepaError


def source_label(source: str) -> str:
    """Where a value came from, as `config list` shows it."""
    if source == "default":
        return "default"
    if source.startswith("$"):
        return f"environment {source}"
    if source == paths.PROJECT_CONFIG_NAME:
        return f"project {paths.PROJECT_CONFIG_NAME}"
    return "user config.toml"


def layer_of(source: str) -> str:
    if source.startswith("$"):
        return "environment"
    if source == paths.PROJECT_CONFIG_NAME:
        return "project"
    return "default" if source == "default" else "user"


RANK = {"default": 0, "user": 1, "project": 2, "environment": 3}


def value_at(config: Config, key: str) -> object:
    """The effective value of a setting, or of one cell of a table setting (None: unset);
    for `prices`, the built-in table with the user's rates laid over it."""
    value = config.get(base_key(key))
    if base_key(key) == "prices":
        value = effective_prices(config)
    for part in key[len(base_key(key)):].split(".")[1:]:
        value = value.get(part) if isinstance(value, dict) else None
    return value


def effective_prices(config: Config) -> dict[str, dict[str, float | None]]:
    from garrepa_py.config import prices

    return {name: dict(rates.rates)
            for name, rates in prices.table(config.settings.prices).items()}


def price_rows(overrides: dict[str, dict[str, float]], layer: str) -> dict[str, Any]:
    """Each model's rates as the report uses them, and where they come from."""
    from garrepa_py.config import prices

    rows: dict[str, Any] = {}
    for model, rates in prices.table(overrides).items():
        source = rates.source.replace("config", layer)
        rows[model] = {"rates": {f: rates.rates[f] for f in prices.FIELDS
                                 if rates.rates[f] is not None}, "source": source}
    return rows


def cell_source(config: Config, key: str) -> str:
    """Where a setting's value, or a price cell's, comes from, as `config list` says it."""
    layer = source_label(config.sources[base_key(key)])
    parts = key.split(".")
    if parts[0] != "prices" or len(parts) < 2:
        return layer
    from garrepa_py.config import prices

    rates = prices.table(config.settings.prices).get(parts[1])
    if rates is None:
        return "unset"
    source = rates.sources.get(parts[2], "unset") if len(parts) == 3 else rates.source
    return source.replace("config", layer)


def shadow_note(key: str, written: str, config: Config) -> str | None:
    """A line saying which higher layer still decides `key`, and how to change it there."""
    source = config.sources[base_key(key)]
    winner = layer_of(source)
    if RANK[winner] <= RANK[written]:
        if written == "project" and base_key(key) in config.untrusted_keys:
            return (f"note: {key} in the project config applies only once you trust it: "
                    "review it, then run `garrepa trust`")
        return None
    shown = json.dumps(value_at(config, key))
    if winner == "environment":
        return (f"note: {key} is still {shown} here: {source} in your environment wins "
                f"(unset {source[1:]} to use the value just written)")
    return (f"note: {key} is still {shown} here: this project's {paths.PROJECT_CONFIG_NAME} "
            f"sets it, and a project value wins over your own (change it there with "
            f"`garrepa config set {key} VALUE --project`, or drop it with "
            f"`garrepa config unset {key} --project`)")


def _read_project(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    try:
        text = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as exc:
        raise GarrepaError(f"cannot read {path}: {exc}", hint="fix or replace the file") from exc
    try:
        tree = json.loads(text)
    except ValueError as exc:
        raise GarrepaError(f"{path} is not valid JSON: {exc}",
                           hint="fix the file by hand; nothing was changed") from exc
    if not isinstance(tree, dict):
        raise GarrepaError(f"{path} must hold a JSON object", hint="fix the file by hand")
    return tree, text


def _unset_path(tree: dict[str, Any], key: str) -> bool:
    *parents, leaf = key.split(".")
    chain = [tree]
    for part in parents:
        child = chain[-1].get(part)
        if not isinstance(child, dict):
            return False
        chain.append(child)
    if leaf not in chain[-1]:
        return False
    del chain[-1][leaf]
    for parent, part in zip(reversed(chain[:-1]), reversed(parents), strict=True):
        if parent[part] == {}:
            del parent[part]  # no empty sections left behind
    return True


def _write_project(project: Path, key: str, value: object, remove: bool,
                   dry_run: bool) -> list[str]:
    from garrepa_py.config import trust, trust_write
    from garrepa_py.config.json_schema import SCHEMA_REF
    from garrepa_py.fs import write_atomic
    from garrepa_py.install import json_style
    from garrepa_py.locks import locked

    path = Path(paths.project_config_file(project))
    with locked(path):
        tree, text = _read_project(path)
        if remove and (tree is None or not _unset_path(tree, key)):
            return [f"{key} is not set in {path}; nothing changed"]
        if tree is None:
            tree = {"$schema": SCHEMA_REF}
        if not remove:
            set_path(tree, key, value)
        was_trusted = text is not None and trust.is_trusted(
            str(path), text.encode(), trust.gated_values(json.loads(text)))
        new_text = json_style.render(tree, json_style.detect(text))
        verb = "removed from" if remove else f"= {json.dumps(value)} in"
        lines = [f"{key} {verb} {path}"]
        if dry_run:
            return [f"dry run: {lines[0]} (nothing was written)"]
        write_atomic(path, new_text)
    if BY_KEY[base_key(key)].needs_trust:
        if text is None or was_trusted:
            trust_write.record_trust(path)  # your own edit of a file you trusted (or made) now
            lines.append("trusted: you made this change yourself")
    return lines


def set_value(key: str, raw: str, project: Path, in_project: bool = False,
              dry_run: bool = False) -> list[str]:
    value = parse_value(key, raw)
    if in_project:
        lines = _write_project(project, key, value, remove=False, dry_run=dry_run)
        layer = "project"
    elif dry_run:
        return [f"dry run: {key} = {json.dumps(value)} in {paths.user_config_file()} "
                "(nothing was written)"]
    else:
        set_user_value(key, raw)
        lines = [f"{key} = {json.dumps(value)} in {paths.user_config_file()}"]
        layer = "user"
    if dry_run:
        return lines
    config = load_config(project)
    note = shadow_note(key, layer, config)
    return [*lines, *(line for line in (note, entries_note(project, config)) if line)]


def entries_note(project: Path, config: Config) -> str | None:
    """A line when garrepa is installed in `project` and its hook entries no longer match
    what this config wants (`read.mode`, the documentation kinds, the logs route, the
    timeout): the routes re-check every event, but the entries decide which calls start one."""
    from garrepa_py.install import settings_merge
    from garrepa_py.install.settings_file import read_settings
    from garrepa_py.routes import registry

    path = Path(paths.settings_file(project))
    try:
        data, _ = read_settings(path)
    except GarrepaError:
        return None
    hooks = data.get("hooks") if isinstance(data, dict) else None
    if not isinstance(hooks, dict) or not any(
            settings_merge.is_ours(handler) for groups in hooks.values()
            if isinstance(groups, list) for group in groups if isinstance(group, dict)
            for handler in group.get("hooks") or () if isinstance(group.get("hooks"), list)):
        return None  # not installed here: nothing to apply
    changed = settings_merge.has_all_entries(data, config.settings.hook.timeout_seconds,
                                             registry.slots(config.settings))
    if not changed:
        return None
    return (f"note: this changes which hook entries garrepa needs in {path} ({len(changed)} "
            f"to add, change or remove): run `garrepa init` to apply them")


def unset_value(key: str, project: Path, in_project: bool = False,
                dry_run: bool = False) -> list[str]:
    if base_key(key) not in BY_KEY:
        parse_value(key, "")  # raises the unknown-key error naming every key
    if in_project:
        lines = _write_project(project, key, None, remove=True, dry_run=dry_run)
        layer = "project"
    else:
        if dry_run:
            return [f"dry run: would remove {key} from {paths.user_config_file()}"]
        removed = unset_user_value(key)
        where = paths.user_config_file()
        lines = [f"{key} removed from {where}" if removed else
                 f"{key} is not set in {where}; nothing changed"]
        layer = "user"
    if dry_run:
        return lines
    config = load_config(project)
    note = shadow_note(key, layer, config)
    source = cell_source(config, key)
    now = f"{key} is now {json.dumps(value_at(config, key))} ({source})"
    entries = entries_note(project, config)
    return [*lines, note or now, *([entries] if entries else [])]

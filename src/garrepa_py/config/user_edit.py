"""Edits of the user's config.toml that keep its comments and layout (tomlkit)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from garrepa_py import paths
from garrepa_py.config.schema import BY_KEY, base_key
from garrepa_py.errors import GarrepaError

HEADER = "# garrepa user config: `garrepa config set KEY VALUE` edits it and keeps your comments.\n"


def parse_value(key: str, raw: str) -> object:
    """Command-line text → the setting's value: JSON where it parses (numbers, null, lists)."""
    setting = BY_KEY.get(base_key(key))
    if setting is None:
        known = ", ".join(BY_KEY)
        raise GarrepaError(f"unknown key '{key}'", hint=f"known keys: {known}")
    try:
        value: object = json.loads(raw)
    except ValueError:
        value = raw
    if key != setting.key:
        return _table_cell(key, setting.key, raw, value)
    if isinstance(setting.default, str) or key == "provider.baseUrl":
        value = None if raw.strip() == "null" else raw
    if key == "mcp.excludeTools" and isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    wrong = setting.check(value)
    if wrong:
        raise GarrepaError(f"'{key}' {wrong} (got {raw!r})",
                           hint="see `garrepa config list` for every key and its current value")
    return value


def _table_cell(key: str, table: str, raw: str, value: object) -> object:
    """A value for one cell of a table setting: `prices.<model>.<field>` (a number) or
    `prices.<model>` (a JSON object of rates), checked as the table it lands in."""
    from garrepa_py.config import prices

    parts = key[len(table) + 1:].split(".")
    cell: object = {parts[0]: value} if len(parts) == 1 else {parts[0]: {parts[1]: value}}
    wrong = "names no cell: use prices.<model>.<rate> or prices.<model>" if len(parts) > 2 \
        else BY_KEY[table].check(cell)
    if wrong:
        raise GarrepaError(f"'{key}' {wrong} (got {raw!r})",
                           hint=f"e.g. `garrepa config set {table}.claude-opus-4.input 15` "
                                f"(rates: {', '.join(prices.FIELDS)}, USD per million tokens)")
    return value


def _load_document(path: Path) -> Any:
    import tomlkit

    from garrepa_py import fs

    try:
        return tomlkit.parse(fs.read_bounded(str(path), 1024 * 1024).decode("utf-8"))
    except FileNotFoundError:
        return tomlkit.parse(HEADER)
    except Exception as exc:
        raise GarrepaError(f"{path} is not valid TOML: {exc}",
                           hint="fix the file by hand; nothing was changed") from exc


def unset_user_value(key: str, target: Path | None = None) -> bool:
    """Remove `key` from config.toml (and a table it leaves empty); False when it was not set."""
    import tomlkit

    from garrepa_py.fs import write_atomic
    from garrepa_py.locks import locked

    path = target or Path(paths.user_config_file())
    with locked(path):
        document = _load_document(path)
        *parents, leaf = key.split(".")
        chain: list[Any] = [document]
        for part in parents:
            if part not in chain[-1]:
                return False
            chain.append(chain[-1][part])
        if leaf not in chain[-1]:
            return False
        del chain[-1][leaf]
        for parent, part in zip(reversed(chain[:-1]), reversed(parents), strict=True):
            if len(parent[part]) == 0:
                del parent[part]
        write_atomic(path, tomlkit.dumps(document), mode=0o600)
    return True


def set_user_value(key: str, raw: str, target: Path | None = None) -> object:
    import tomlkit

    from garrepa_py.fs import write_atomic
    from garrepa_py.locks import locked

    value = parse_value(key, raw)
    path = target or Path(paths.user_config_file())
    with locked(path):
        document = _load_document(path)
        *parents, leaf = key.split(".")
        node: Any = document
        for part in parents:
            if part not in node:
                node[part] = tomlkit.table()
            node = node[part]
        if value is None:
            if leaf in node:
                del node[leaf]
        else:
            node[leaf] = value
        write_atomic(path, tomlkit.dumps(document), mode=0o600)
    return value

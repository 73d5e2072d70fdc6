"""Layered config: defaults < user config.toml < project garrepa.config.json < environment.

Standard library only and cheap (the hook reads config on every routed event). A bad value is
reported with its key and the default for that key alone is used; keys that decide where content
goes are taken from a project file only when this user trusted its exact content.
"""

from __future__ import annotations

import os
import sys

from garrepa_py import fastjson, fs, paths
from garrepa_py.config import trust
from garrepa_py.config.schema import BY_KEY, KILL_SWITCH_ENV, SETTINGS, flatten, parse_env_value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from garrepa_py.config.settings import Settings


class Config:
    """The effective settings, where each came from, and what was wrong on the way."""

    def __init__(self, values: dict[str, object], sources: dict[str, str],
                 problems: tuple[str, ...] = (), untrusted_keys: tuple[str, ...] = (),
                 trust_probe: Callable[[], bool] | None = None, disabled: bool = False) -> None:
        self.values = values
        self.sources = sources
        self.problems = problems
        self.untrusted_keys = untrusted_keys  # project keys ignored: the file is not trusted
        self._trust_probe = trust_probe  # asked only when someone wants to know (doctor)
        self.disabled = disabled
        self._settings: Settings | None = None

    @property
    def project_trusted(self) -> bool | None:
        """None when there is no project file; hashing happens only when asked."""
        return None if self._trust_probe is None else self._trust_probe()

    @property
    def settings(self) -> Settings:
        """The typed settings, built on first use and then kept."""
        if self._settings is None:
            from garrepa_py.config.settings import Settings

            self._settings = Settings(self.values, self.sources)
        return self._settings

    def get(self, key: str) -> object:
        """A value by its dotted key: for listings (`config list/get`), not for code."""
        return self.values[key]


class _Builder:
    def __init__(self) -> None:
        self.values: dict[str, object] = {s.key: s.default for s in SETTINGS}
        self.sources: dict[str, str] = {s.key: "default" for s in SETTINGS}
        self.problems: list[str] = []
        self.untrusted: list[str] = []

    def apply(self, origin: str, flat: Mapping[str, object], trusted: object = True) -> None:
        """`trusted` is True, False, or a callable asked only if a trust-gated key changes."""
        for key, value in flat.items():
            setting = BY_KEY.get(key)
            if setting is None:
                self.problems.append(f"{origin}: unknown key '{key}' (ignored)")
                continue
            wrong = setting.check(value)
            if wrong:
                self.problems.append(
                    f"{origin}: '{key}' {wrong} (got {_show(value)}); using {_show(self.values[key])}"
                )
                continue
            if setting.needs_trust and value != self.values[key]:
                if callable(trusted):
                    trusted = bool(trusted())
                if not trusted:
                    self.untrusted.append(key)
                    continue
            self.values[key] = value
            self.sources[key] = origin


def _show(value: object) -> str:
    import json

    return json.dumps(value)


MAX_CONFIG_BYTES = 1024 * 1024


def read_user_config(path: str) -> dict[str, object]:
    """config.toml as a dict, from its JSON snapshot when that is current (no TOML import)."""
    stat = os.stat(path)
    stamp = [stat.st_mtime_ns, stat.st_size]
    snapshot = paths.user_config_snapshot()
    try:
        cached = fastjson.loads(fs.read_bounded(snapshot, 4 * MAX_CONFIG_BYTES))
        if isinstance(cached, dict) and cached.get("stamp") == stamp:
            data = cached.get("config")
            if isinstance(data, dict):
                return data
    except (OSError, ValueError, RecursionError):
        pass
    raw = fs.read_bounded(path, MAX_CONFIG_BYTES)
    if sys.version_info >= (3, 11):
        import tomllib

        data = tomllib.loads(raw.decode("utf-8"))
    else:  # pragma: no cover - Python 3.10
        import tomlkit

        data = tomlkit.parse(raw.decode("utf-8")).unwrap()
    _write_snapshot(snapshot, {"stamp": stamp, "config": data})
    return data


def _write_snapshot(target: str, payload: dict[str, object]) -> None:
    import json

    try:
        fs.write_atomic(target, json.dumps(payload, default=str), mode=0o600)
    except (OSError, TypeError, ValueError):
        pass


def load_config(project: str | os.PathLike[str] | None,
                environ: Mapping[str, str] | None = None) -> Config:
    env = os.environ if environ is None else environ
    builder = _Builder()

    user_file = paths.user_config_file()
    if os.path.lexists(user_file):
        try:
            builder.apply(user_file, flatten(read_user_config(user_file)))
        except (OSError, ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
            builder.problems.append(f"{user_file}: cannot be read ({exc}); ignoring it")

    probe: Callable[[], bool] | None = None
    if project is not None:
        project_file = paths.project_config_file(project)
        data: bytes | None
        try:
            # Bounded, and never a FIFO or a device: a repository can ship either as its config.
            data = fs.read_bounded(project_file, MAX_CONFIG_BYTES)
        except FileNotFoundError:
            data = None
        except OSError as exc:
            builder.problems.append(f"{project_file}: cannot be read ({exc}); ignoring it")
            data = None
        if data is not None:
            verdict: list[bool] = []
            try:
                tree = fastjson.loads(data)
            except (ValueError, RecursionError) as exc:
                builder.problems.append(
                    f"{project_file}: not valid JSON ({exc}); using defaults for every key")
                tree = None

            def trusted(file: str = project_file, content: bytes = data,
                        parsed: object = tree) -> bool:
                if not verdict:
                    verdict.append(trust.is_trusted(file, content, trust.gated_values(parsed)))
                return verdict[0]

            if isinstance(tree, dict):
                builder.apply(os.path.basename(project_file), flatten(tree), trusted=trusted)
            elif tree is not None:
                builder.problems.append(
                    f"{project_file}: must hold a JSON object; using defaults for every key")
            probe = trusted

    for setting in SETTINGS:
        if setting.env and env.get(setting.env):
            value = parse_env_value(setting, env[setting.env])
            builder.apply(f"${setting.env}", {setting.key: value})

    disabled = env.get(KILL_SWITCH_ENV, "").strip().lower() not in ("", "0", "false", "no")
    return Config(
        values=builder.values,
        sources=builder.sources,
        problems=tuple(builder.problems),
        untrusted_keys=tuple(builder.untrusted),
        trust_probe=probe,
        disabled=disabled or builder.values["mode"] == "off",
    )

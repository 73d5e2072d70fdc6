"""Layered config: defaults < user config.toml < project garrepa.config.json < environment.

Standard library only (the hook reads config). A bad value is reported with its key and the
default for that key alone is used; keys that decide where content goes are taken from a
project file only when this user trusted its exact content.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from garrepa_py import paths
from garrepa_py.config import trust
from garrepa_py.config.schema import BY_KEY, KILL_SWITCH_ENV, SETTINGS, flatten, parse_env_value


@dataclass(frozen=True)
class Config:
    values: dict[str, object]
    sources: dict[str, str]
    problems: tuple[str, ...] = ()
    # project keys that were ignored because the project file is not trusted
    untrusted_keys: tuple[str, ...] = ()
    project_trusted: bool | None = None  # None: no project file
    disabled: bool = False

    def get(self, key: str) -> object:
        return self.values[key]

    def text(self, key: str) -> str:
        value = self.values[key]
        return value if isinstance(value, str) else str(value)

    def number(self, key: str) -> int:
        value = self.values[key]
        return value if isinstance(value, int) else int(str(value))


@dataclass
class _Builder:
    values: dict[str, object] = field(default_factory=lambda: {s.key: s.default for s in SETTINGS})
    sources: dict[str, str] = field(default_factory=lambda: {s.key: "default" for s in SETTINGS})
    problems: list[str] = field(default_factory=list)
    untrusted: list[str] = field(default_factory=list)

    def apply(self, origin: str, flat: Mapping[str, object], trusted: bool = True) -> None:
        for key, value in flat.items():
            setting = BY_KEY.get(key)
            if setting is None:
                self.problems.append(f"{origin}: unknown key '{key}' (ignored)")
                continue
            wrong = setting.check(value)
            if wrong:
                self.problems.append(
                    f"{origin}: '{key}' {wrong} (got {json.dumps(value)}); "
                    f"using {json.dumps(self.values[key])}"
                )
                continue
            if setting.needs_trust and not trusted:
                if value != self.values[key]:
                    self.untrusted.append(key)
                continue
            self.values[key] = value
            self.sources[key] = origin


def read_user_config(path: Path) -> dict[str, object]:
    """Parse config.toml; tomllib where the interpreter has it, tomlkit on Python 3.10."""
    text = path.read_text(encoding="utf-8")
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib.loads(text)
    import tomlkit  # pragma: no cover - Python 3.10 only

    return tomlkit.parse(text).unwrap()  # pragma: no cover


def load_config(project: Path | None, environ: Mapping[str, str] | None = None) -> Config:
    env = os.environ if environ is None else environ
    builder = _Builder()

    user_file = paths.user_config_file()
    if user_file.is_file():
        try:
            builder.apply(str(user_file), flatten(read_user_config(user_file)))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            builder.problems.append(f"{user_file}: cannot be read ({exc}); ignoring it")

    project_trusted: bool | None = None
    if project is not None:
        project_file = paths.project_config_file(project)
        try:
            data = project_file.read_bytes()
        except FileNotFoundError:
            data = None
        except OSError as exc:
            builder.problems.append(f"{project_file}: cannot be read ({exc}); ignoring it")
            data = None
        if data is not None:
            project_trusted = trust.is_trusted(project_file, data)
            try:
                tree = json.loads(data.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as exc:
                builder.problems.append(
                    f"{project_file}: not valid JSON ({exc}); using defaults for every key"
                )
            else:
                if isinstance(tree, dict):
                    builder.apply(project_file.name, flatten(tree), trusted=project_trusted)
                else:
                    builder.problems.append(
                        f"{project_file}: must hold a JSON object; using defaults for every key"
                    )

    for setting in SETTINGS:
        if setting.env and env.get(setting.env):
            builder.apply(f"${setting.env}", {setting.key: parse_env_value(setting, env[setting.env])})

    disabled = env.get(KILL_SWITCH_ENV, "").strip().lower() not in ("", "0", "false", "no")
    return Config(
        values=builder.values,
        sources=builder.sources,
        problems=tuple(builder.problems),
        untrusted_keys=tuple(builder.untrusted),
        project_trusted=project_trusted,
        disabled=disabled or builder.values["mode"] == "off",
    )

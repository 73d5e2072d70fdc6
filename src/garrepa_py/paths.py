"""Every file location garrepa uses, from one resolver (standard library only, `os.path` strings).

`GARREPA_HOME` overrides the per-user directory; the test suite points it at a temp dir
so no test can touch the real home. Paths are plain strings so the hook never pays for pathlib.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    PathLike: TypeAlias = "str | os.PathLike[str]"

LAUNCHER_NAME = "garrepa-hook"
PROJECT_CONFIG_NAME = "garrepa.config.json"
SKILL_NAME = "garrepa-write"


def garrepa_home() -> str:
    """The per-user directory: config.toml, trust records, the journal, the error log."""
    override = os.environ.get("GARREPA_HOME")
    if override:
        return override
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "garrepa")


def user_config_file() -> str:
    return os.path.join(garrepa_home(), "config.toml")


def user_config_snapshot() -> str:
    """config.toml parsed to JSON, so the hook does not import a TOML parser on every event."""
    return os.path.join(garrepa_home(), "config.snapshot.json")


def trust_file() -> str:
    return os.path.join(garrepa_home(), "trusted.json")


def interpreter_record() -> str:
    """Two lines the launcher reads: the Python interpreter and the directory holding garrepa_py."""
    return os.path.join(garrepa_home(), "interpreter")


def journal_file() -> str:
    return os.path.join(garrepa_home(), "journal.jsonl")


def cache_key_file() -> str:
    """This user's key for signing cache entries: outside every repository."""
    return os.path.join(garrepa_home(), "cache.key")


def error_log() -> str:
    return os.path.join(garrepa_home(), "errors.log")


def settings_file(project: PathLike) -> str:
    return os.path.join(project, ".claude", "settings.json")


def launcher_file(project: PathLike) -> str:
    return os.path.join(project, ".claude", "hooks", LAUNCHER_NAME)


def skill_file(project: PathLike) -> str:
    return os.path.join(project, ".claude", "skills", SKILL_NAME, "SKILL.md")


def schema_file(project: PathLike) -> str:
    """The JSON Schema a project config's `$schema` names (a copy of the packaged one)."""
    return os.path.join(project, ".claude", "garrepa.config.schema.json")


def project_config_file(project: PathLike) -> str:
    return os.path.join(project, PROJECT_CONFIG_NAME)


def project_state_dir(project: PathLike) -> str:
    """Spill files and caches live here: inside the project, never committed."""
    return os.path.join(project, ".garrepa")


def templates_dir() -> str:
    """Installed wheels carry templates inside the package; a source checkout keeps them at the top."""
    here = os.path.dirname(os.path.abspath(__file__))
    packaged = os.path.join(here, "templates")
    if os.path.isdir(packaged):
        return packaged
    return os.path.join(os.path.dirname(os.path.dirname(here)), "templates")


def add_dependency_path() -> None:
    """Make garrepa's own dependencies importable in a hook run as `python -I -S` from a source
    checkout: the virtual environment's site-packages goes *after* the standard library (and
    garrepa), so nothing there can stand in for a standard module. A wheel install needs
    nothing: its dependencies sit beside garrepa_py."""
    import sys

    venv = os.path.dirname(os.path.dirname(sys.executable))
    folder = os.path.join(venv, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}",
                          "site-packages")
    if os.path.isdir(folder) and folder not in sys.path:
        sys.path.append(folder)

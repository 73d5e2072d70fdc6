"""Every file location garrepa uses, from one resolver (standard library only).

`GARREPA_HOME` overrides the per-user directory; the test suite points it at a temp dir
so no test can touch the real home.
"""

from __future__ import annotations

import os
from pathlib import Path

LAUNCHER_NAME = "garrepa-hook"
PROJECT_CONFIG_NAME = "garrepa.config.json"
SKILL_NAME = "garrepa-write"


def garrepa_home() -> Path:
    """The per-user directory: config.toml, trust records, the journal, the error log."""
    override = os.environ.get("GARREPA_HOME")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg) if xdg else Path.home() / ".config"
    return base / "garrepa"


def user_config_file() -> Path:
    return garrepa_home() / "config.toml"


def trust_file() -> Path:
    return garrepa_home() / "trusted.json"


def interpreter_record() -> Path:
    """Two lines the launcher reads: the Python interpreter and the directory holding garrepa_py."""
    return garrepa_home() / "interpreter"


def journal_file() -> Path:
    return garrepa_home() / "journal.jsonl"


def error_log() -> Path:
    return garrepa_home() / "errors.log"


def settings_file(project: Path) -> Path:
    return project / ".claude" / "settings.json"


def launcher_file(project: Path) -> Path:
    return project / ".claude" / "hooks" / LAUNCHER_NAME


def skill_file(project: Path) -> Path:
    return project / ".claude" / "skills" / SKILL_NAME / "SKILL.md"


def project_config_file(project: Path) -> Path:
    return project / PROJECT_CONFIG_NAME


def project_state_dir(project: Path) -> Path:
    """Spill files and caches live here: inside the project, never committed."""
    return project / ".garrepa"


def templates_dir() -> Path:
    """Installed wheels carry templates inside the package; a source checkout keeps them at the top."""
    packaged = Path(__file__).resolve().parent / "templates"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "templates"

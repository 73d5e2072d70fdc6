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


STATE_FOLDER = "garrepa"  # inside Claude Code's own folder for the project
LEGACY_STATE_FOLDER = ".garrepa"  # inside the project: where earlier installs spilled
CLAUDE_FOLDER_MAX = 200  # Claude Code cuts a longer folder name and appends a hash of the path


def claude_config_dir() -> str:
    """Claude Code's own per-user folder (`CLAUDE_CONFIG_DIR`, else ~/.claude)."""
    return os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"),
                                                               ".claude")


def claude_projects_dir() -> str:
    """Where Claude Code keeps each project's transcripts and saved tool results."""
    return os.path.join(claude_config_dir(), "projects")


def _named_folder() -> str | None:
    """CLAUDE_CODE_PROJECT_DIR_NAME, which Claude Code takes as the project's folder name in
    place of its path when CLAUDE_CONFIG_DIR is set (read from the 2.1.328 and 2.1.332
    binaries): 1-64 ASCII letters, digits, `_` or `-`, not a DOS device name."""
    import re

    name = os.environ.get("CLAUDE_CODE_PROJECT_DIR_NAME")
    if not os.environ.get("CLAUDE_CONFIG_DIR") or not name:
        return None
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name) or re.fullmatch(
            r"con|prn|aux|nul|com[0-9]|lpt[0-9]", name, re.IGNORECASE):
        return None
    return name


def claude_folder_name(project: PathLike) -> str:
    """The name of Claude Code's folder for `project`: CLAUDE_CODE_PROJECT_DIR_NAME where
    Claude Code takes it, else the path with every UTF-16 unit that is not an ASCII letter or
    digit as `-` (read from the 2.1.328 and 2.1.332 binaries; JavaScript counts an emoji as two
    units, so two dashes: tests/e2e/test_attack_round2_spill_place.py). A name longer than 200
    is cut there and given `-` and a hash of the path (`_path_hash`)."""
    named = _named_folder()
    if named is not None:
        return named
    name = "".join(c if c.isascii() and c.isalnum() else "--" if ord(c) > 0xFFFF else "-"
                   for c in os.fspath(project))
    if len(name) <= CLAUDE_FOLDER_MAX:
        return name
    return f"{name[:CLAUDE_FOLDER_MAX]}-{_path_hash(os.fspath(project))}"


def _path_hash(path: str) -> str:
    """Claude Code's hash of a long project path: Java's String.hashCode over UTF-16 units
    (`h = 31*h + unit`, 32-bit signed), its absolute value in base 36."""
    units = path.encode("utf-16-le", "surrogatepass")
    value = 0
    for at in range(0, len(units), 2):
        value = (value * 31 + int.from_bytes(units[at:at + 2], "little")) & 0xFFFFFFFF
    value = abs(value - (1 << 32) if value >= 1 << 31 else value)
    digits = ""
    while True:
        value, digit = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not value:
            return digits


def project_state_dir(project: PathLike) -> str:
    """Spill files and caches live here: in Claude Code's own folder for the project, beside
    its transcripts and saved tool results, outside the project tree. Measured in 2.1.328 and
    2.1.332 (benchmarks/spill_location_probe.py): the agent's Read reaches a file there with no
    permission prompt, as it does Claude Code's own tool-results; ~/.cache, ~/.config and /tmp
    prompt. No search, listing or `git add` of the project sees it, and nothing a repository
    ships can change that."""
    absolute = os.path.abspath(os.fspath(project))
    return os.path.join(claude_projects_dir(), claude_folder_name(absolute), STATE_FOLDER)


def names_spill(text: str) -> bool:
    """Whether a path or command names a spill folder (this install's or an older one's)."""
    text = text.replace("\\", "/")
    return f"/{STATE_FOLDER}/spill/" in text or f"/{LEGACY_STATE_FOLDER}/spill/" in text


def legacy_state_dir(project: PathLike) -> str:
    """`<project>/.garrepa/`: spills of an older install, still read back, never written."""
    return os.path.join(project, LEGACY_STATE_FOLDER)


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

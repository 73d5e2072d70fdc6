"""Where garrepa keeps a project's spills and caches in a test: Claude Code's folder for the
project under the test's own CLAUDE_CONFIG_DIR (tests/conftest.py), never the project tree."""

from __future__ import annotations

from pathlib import Path

from garrepa_py import paths


def state_dir(project: Path | str) -> Path:
    return Path(paths.project_state_dir(str(project)))

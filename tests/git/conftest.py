from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CORPUS_SCRIPT = Path(__file__).resolve().parents[1] / "support" / "corpus.py"


@pytest.fixture(scope="session")
def click_repo() -> Path:
    """A git repository with one commit per click release 8.1.3 … 8.1.7 (from PyPI sdists)."""
    out = subprocess.run([sys.executable, str(CORPUS_SCRIPT), "gitrepo"], capture_output=True,
                         text=True, timeout=600, check=True)
    return Path(out.stdout.strip())


@pytest.fixture
def repo_copy(click_repo: Path, tmp_path: Path) -> Path:
    target = tmp_path / "click"
    shutil.copytree(click_repo, target, symlinks=True)
    return target


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True).stdout

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CORPUS_SCRIPT = Path(__file__).resolve().parents[1] / "support" / "corpus.py"


def _corpus(kind: str) -> Path:
    out = subprocess.run([sys.executable, str(CORPUS_SCRIPT), kind], capture_output=True,
                         text=True, timeout=600, check=True)
    return Path(out.stdout.strip())


@pytest.fixture(scope="session")
def github_corpus() -> Path:
    """GitHub REST API responses recorded in PyGithub 2.3.0's sdist (its test replay data)."""
    return _corpus("github")


@pytest.fixture(scope="session")
def npm_corpus() -> Path:
    """`npm view <package> --json` for a few popular packages."""
    return _corpus("npm")

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CORPUS_SCRIPT = Path(__file__).resolve().parents[1] / "support" / "corpus.py"


@pytest.fixture(scope="session")
def doc_corpus() -> Path:
    """Docs and changelogs from real sdists (downloaded once, then cached in .cache/corpus)."""
    out = subprocess.run([sys.executable, str(CORPUS_SCRIPT), "docs"], capture_output=True,
                         text=True, timeout=600, check=True)
    return Path(out.stdout.strip())

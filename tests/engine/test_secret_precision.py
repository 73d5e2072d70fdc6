"""The labelled set of benchmarks/secret_precision.py: every labelled secret found, nothing else
found (precision and recall both 1.0 on real diffs, docs, this repository's own source)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from ..conftest import load_script

REPO = Path(__file__).resolve().parents[2]


def benchmark() -> ModuleType:
    return load_script("benchmarks/secret_precision.py")


@pytest.fixture(scope="module")
def rows(doc_corpus: Path, click_repo: Path) -> dict[str, dict[str, object]]:
    import subprocess
    import sys

    # the requests corpus is fetched in its own process (in-process sockets reach loopback only)
    subprocess.run([sys.executable, str(REPO / "tests" / "support" / "corpus.py"), "requests"],
                   check=True, capture_output=True, timeout=600)
    return {row["corpus"]: row for row in benchmark().measure()}


@pytest.mark.parametrize("corpus", ["canaries", "requests diff", "click log -p", "pytest docs",
                                    "garrepa src"])
def test_every_labelled_secret_and_nothing_else(rows: dict[str, dict[str, object]],
                                                corpus: str) -> None:
    row = rows[corpus]
    assert (row["false_positives"], row["missed"]) == ([], [])
    assert row["precision"] == row["recall"] == 1.0

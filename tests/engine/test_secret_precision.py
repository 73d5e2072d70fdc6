"""The labelled set of benchmarks/secret_precision.py: every labelled secret found, nothing else
found (precision and recall both 1.0 on real diffs, docs, this repository's own source); and
the committed release diffs of four projects, at most one finding per 1,000 lines."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from types import ModuleType

import pytest

from ..conftest import load_script

REPO = Path(__file__).resolve().parents[2]


def benchmark() -> ModuleType:
    return load_script("benchmarks/secret_precision.py")


@pytest.fixture(scope="module")
def rows() -> dict[str, dict[str, object]]:
    return {row["corpus"]: row for row in benchmark().measure()}


@pytest.mark.parametrize("corpus", ["canaries", "requests diff", "click log -p", "pytest docs",
                                    "garrepa src"])
def test_every_labelled_secret_and_nothing_else(rows: dict[str, dict[str, object]],
                                                corpus: str) -> None:
    row = rows[corpus]
    assert (row["false_positives"], row["missed"]) == ([], [])
    assert row["precision"] == row["recall"] == 1.0


DIFFS = REPO / "tests" / "security" / "secret_diffs"  # built by build.py there, committed
EXPECTED = json.loads((DIFFS / "expected.json").read_text())
KEY_MATERIAL = ("private-key", "secret-file")  # a key block, a secret file's hunks: counted once


def diff_units(text: str) -> list[list[object]]:
    """[line, kind] per finding; a key block or a secret file's run of hunk lines once."""
    from garrepa_py.guard.secrets import scan

    units: list[list[object]] = []
    previous = (-2, "")
    for line, kind in scan(text).locations():
        if kind in KEY_MATERIAL and previous[1] in KEY_MATERIAL and line == previous[0] + 1:
            previous = (line, kind)
            continue
        previous = (line, kind)
        units.append([line, kind])
    return units


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_release_diffs_hold_at_most_one_finding_per_thousand_lines(name: str) -> None:
    """Real release diffs (requests, httpx, urllib3, paramiko sdists from PyPI): exactly the
    findings reviewed by hand — each a literal password in code (httpx's RFC 2617 example) or
    real key material (test keys, and .pem files masked whole by their name) — and beyond key
    material at most one per 1,000 lines."""
    text = gzip.decompress((DIFFS / name).read_bytes()).decode("utf-8", "replace")
    expected = EXPECTED[name]
    assert text.count("\n") == expected["lines"]
    units = diff_units(text)
    assert units == expected["findings"]
    content = [unit for unit in units if unit[1] not in KEY_MATERIAL]
    assert len(content) * 1000 <= expected["lines"]


def test_the_release_diffs_together() -> None:
    lines = sum(entry["lines"] for entry in EXPECTED.values())
    findings = sum(len(entry["findings"]) for entry in EXPECTED.values())
    assert lines > 20_000 and findings * 1000 <= lines  # 14 in 22,611 lines, key blocks included

"""A JSON index row names the string ids an item is known by (`ghsa_id`, `cve_id`), not only
its numbers (issue 27: the advisory an agent asks about by its GHSA id was in no row)."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

from garrepa_py.structural import mcp_result
from garrepa_py.structural.json import json_index

ADVISORIES = (Path(__file__).resolve().parents[3] / "benchmarks" / "answerability" / "inputs" /
              "mcp" / "gh-advisories.json.xz")


def advisories(count: int) -> list[dict[str, object]]:
    return [{"ghsa_id": f"GHSA-{n:04d}-abcd-efgh", "cve_id": f"CVE-2024-{1000 + n}" if n % 3
             else None, "node_id": f"GSA_kwCz{n:08d}", "summary": f"Advisory {n} " + "x" * 300,
             "description": "y" * 2000, "severity": "high", "id": 9000 + n,
             "cwes": [{"cwe_id": f"CWE-{n}", "name": "z"}]}
            for n in range(count)]


def test_each_index_row_names_its_string_ids_but_not_node_ids() -> None:
    items = advisories(20)
    columns, rows = json_index.index(items, {})
    assert columns == ["ghsa_id", "id", "cwes.cwe_id", "cve_id"]  # in the order first seen
    for n, (item, row) in enumerate(zip(items, rows, strict=True)):
        assert row.endswith(f"{item['ghsa_id']} {item['id']} CWE-{n} {item['cve_id'] or '-'}")
        assert str(item["node_id"]) not in row  # GitHub's opaque copy of `id`


def test_githubs_advisories_are_each_named_by_ghsa_and_cve() -> None:
    """PyGithub's recorded reply of 17 advisories (the answerability benchmark's input)."""
    text = lzma.decompress(ADVISORIES.read_bytes()).decode()
    items = json.loads(text)
    digest = mcp_result.compress([text]).text
    assert "one line each" in digest  # too big for whole rows: shown as an index
    rows = [line for line in digest.split("\n") if line.startswith("  L")]
    assert len(rows) == len(items) == 17
    for item, row in zip(items, rows, strict=True):
        assert f" {item['ghsa_id']} " in row
        assert (item["cve_id"] or "-") in row.split()

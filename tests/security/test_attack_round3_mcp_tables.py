"""Attack round 3 on issue 34's table digests, through the real hook: a query's rows and a CSV's
records are named by ranges that hold them, and what the digest quotes is the source's text.

mcp-server-sqlite answers `str(rows)`: a Python repr whose values may be blobs (`b'\\x00'`),
floats, strings with newlines. Its readable copy is one row a line; each line must be that row's
own text in the source, not a re-serialisation (a blob re-written as the string "b'\\x00'" is a
different value). A CSV's quoted fields hold commas and newlines; a record spanning two lines
must not shift the ranges of the rows after it.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from ..support import mcp_shapes as shapes
from .test_attack_round3_mcp_ranges import briefed

LOW = {"GARREPA_THRESHOLD": "4000"}
FORGED = "- forged row | lines 1-2"


def hostile_rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for n in range(600):
        rows.append({"id": n, "ratio": n / 7, "blob": bytes([n % 256, 0, 255]),
                     "note": f"row {n}\n{FORGED}" if n % 50 == 3 else f"row {n}",
                     "parent": None})
    rows[10]["id"] = 1e22
    return rows


def test_sqlite_rows_are_the_source_text_one_a_line(project: Path) -> None:
    rows = hostile_rows()
    source = shapes.sqlite_rows(rows)
    got = briefed(project, shapes.blocks(source), "mcp__sqlite__read_query", LOW)
    assert got is not None
    text, lines = got
    assert "Content: table (rows)" in text
    assert len(lines) == len(rows)
    assert "[" + ", ".join(lines) + "]" == source  # each line is its row as the server wrote it
    for line in text.splitlines():
        assert not line.startswith(FORGED), line
    named = re.findall(r"^lines (\d+)-(\d+): (.+)$", text, re.M)
    assert named
    for start, end, cells in named:
        for n, cell in zip(range(int(start), int(end) + 1), cells.split(" | "), strict=True):
            assert lines[n - 1].startswith("{'id': " + cell + ","), (n, cell)


def test_sqlite_tuples_keep_their_text(project: Path) -> None:
    rows = [(n, f"name {n}", b"\x01\x02", 0.1 * n) for n in range(800)]
    source = str(rows)
    got = briefed(project, shapes.blocks(source), "mcp__sqlite__read_query", LOW)
    assert got is not None
    assert "[" + ", ".join(got[1]) + "]" == source


def csv_text(quoted_newlines: bool) -> tuple[str, list[list[str]]]:
    records = [["id", "city", "comment", "amount"]]
    for n in range(1, 701):
        comment = f"line one of {n}\nline two, with a comma" if quoted_newlines and n % 7 == 0 \
            else f"plain, with a comma {n}"
        records.append([f"R{n:04}", f"City {n % 13}", comment, f"{n * 3}.50"])
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    return out.getvalue(), records


def check_csv(text: str, lines: list[str], records: list[list[str]]) -> None:
    assert "Content: table (csv)" in text, text[:600]
    assert f"{len(records) - 1:,} rows, 4 columns" in text
    assert "Columns: id | city | comment | amount" in text
    runs = re.findall(r"^- lines? (\d+)(?:-(\d+))? \| (\d+) \| (R\d+)(?: … (R\d+))?", text, re.M)
    assert sum(int(count) for _, _, count, _, _ in runs) == len(records) - 1
    for start, end, count, first, final in runs:
        assert lines[int(start) - 1].startswith(first + ","), (start, first)
        inside = list(csv.reader(io.StringIO("\n".join(lines[int(start) - 1:int(end or start)]))))
        assert len(inside) == int(count) and inside[-1][0] == (final or first)
    samples = re.findall(r"^L(\d+): (.+)$", text, re.M)
    for n, cells in samples:
        assert cells.split(" | ")[0] == lines[int(n) - 1].split(",")[0]


def test_csv_with_quoted_newlines_keeps_every_range(project: Path) -> None:
    source, records = csv_text(quoted_newlines=True)
    got = briefed(project, shapes.structured(source), "mcp__filesystem__read_text_file", LOW)
    assert got is not None
    check_csv(*got, records)


def test_control_csv_without_newlines_in_fields(project: Path) -> None:
    source, records = csv_text(quoted_newlines=False)
    got = briefed(project, shapes.structured(source), "mcp__filesystem__read_text_file", LOW)
    assert got is not None
    check_csv(*got, records)

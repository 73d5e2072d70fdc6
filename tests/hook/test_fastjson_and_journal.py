from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from garrepa_py import fastjson, journal


@pytest.mark.parametrize("text", [
    '{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "\\u00e9\\ud83d\\ude00"}}',
    "  [1]  ", '"just a string"', "0", '{"k": NaN, "j": Infinity}',
])
def test_loads_matches_json(text: str) -> None:
    assert json.dumps(fastjson.loads(text)) == json.dumps(json.loads(text))
    assert json.dumps(fastjson.loads(text.encode())) == json.dumps(json.loads(text))


@pytest.mark.parametrize("data", [b"", b"   ", b"{", b'{"a": 1} {"b": 2}', b"[1,]", b"\xff\xfe",
                                  b"nul", b'{"a": 1}x'])
def test_loads_rejects_anything_but_one_document(data: bytes) -> None:
    with pytest.raises(ValueError):
        fastjson.loads(data)


def test_dumps_flat_is_valid_json() -> None:
    record = {"s": "é \"q\" \\ \n", "i": 3, "f": 1.5, "t": True, "n": None, "inf": float("inf"),
              "nested": {"x": [1]}, "big": 10**20}
    parsed = json.loads(fastjson.dumps_flat(record))
    assert parsed == {"s": "é \"q\" \\ \n", "i": 3, "f": 1.5, "t": True, "n": None,
                      "inf": "inf", "nested": {"x": [1]}, "big": 10**20}


def test_journal_rotates_and_reads_both_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "journal.jsonl"
    monkeypatch.setattr(journal, "ROTATE_BYTES", 200)
    for index in range(30):
        journal.append({"ts": index, "n": index}, target=str(target))
    assert (tmp_path / "journal.1.jsonl").exists()
    numbers = [r["n"] for r in journal.read(target=target)]
    assert numbers == sorted(numbers) and numbers[-1] == 29
    assert oct(os.stat(target).st_mode & 0o777) == "0o600"


def test_journal_skips_torn_and_foreign_lines(tmp_path: Path) -> None:
    target = tmp_path / "journal.jsonl"
    target.write_text('{"ts": 1, "ok": 1}\n{"ts": 2, "torn\n[1, 2]\n{"ts": 3, "ok": 3}\n')
    assert [r["ok"] for r in journal.read(target=target)] == [1, 3]
    assert [r["ok"] for r in journal.read(since=2, target=target)] == [3]

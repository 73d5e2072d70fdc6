"""Reading a capture back (hosts/codex/capture_store.py)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from garrepa_py.hosts.codex import capture_store

SEQ = "".join(f"{n}\n" for n in range(1, 50001))


def store(directory: Path, data: bytes, **meta: object) -> None:
    assert capture_store.ready(str(directory))
    out, record = capture_store.names("s", "c")
    (directory / out).write_bytes(data)
    (directory / out).chmod(0o600)
    fields = {"size": len(data), "kept": len(data), "cut": False,
              "sha256": hashlib.sha256(data).hexdigest(), **meta}
    (directory / record).write_text(json.dumps(fields))
    (directory / record).chmod(0o600)


def codex_cut(text: str) -> str:
    """A cut of `text` in Codex's shape: header, head, a marker, tail."""
    size = len(text.encode())
    return (f"Warning: truncated output (original token count: {(size + 3) // 4})\n"
            f"Total output lines: {text.count(chr(10))}\n\n{text[:5000]}…{size - 10000} "
            f"tokens truncated…{text[-5000:]}")


def test_whole_and_consistent_with_codex_cut(tmp_path: Path) -> None:
    directory = tmp_path / "g" / "c"
    store(directory, SEQ.encode())
    assert capture_store.full_output(str(directory), "s", "c", codex_cut(SEQ)) == SEQ
    assert capture_store.full_output(str(directory), "s", "c", SEQ) == SEQ


BIG = "".join(f"{n}\n" for n in range(1, 300001))  # 1,988,895 bytes: over Codex's 1 MiB buffer


def codex_big_cut(text: str, omitted: int) -> str:
    """Codex's cut of an output over its 1 MiB exec buffer (measured: `seq 1 300000`): the second
    line names the bytes dropped from the middle, not the line count."""
    size = len(text.encode())
    return (f"Warning: truncated output (original token count: {(size + 3) // 4})\n"
            f"... {omitted} bytes omitted ...\n\n{text[:5000]}…1038606 chars truncated…"
            f"{text[-5000:]}")


def test_an_output_over_codex_buffer_is_given_back_too(tmp_path: Path) -> None:
    directory = tmp_path / "g" / "c"
    store(directory, BIG.encode())
    seen = codex_big_cut(BIG, len(BIG) - 1024 * 1024)
    assert capture_store.full_output(str(directory), "s", "c", seen) == BIG


@pytest.mark.parametrize("omitted", ["0", str(len(BIG)), "12x", "-5"])
def test_an_omitted_count_that_cannot_be_gets_none(tmp_path: Path, omitted: str) -> None:
    directory = tmp_path / "g" / "c"
    store(directory, BIG.encode())
    seen = codex_big_cut(BIG, 1).replace("... 1 bytes", f"... {omitted} bytes")
    assert capture_store.full_output(str(directory), "s", "c", seen) is None


@pytest.mark.parametrize("seen", [
    codex_cut(SEQ.replace("25000\n", "25000\noops\n")),  # a stderr line in the middle
    codex_cut(SEQ)[:-1] + "X",  # another tail
    "1\n2\n",  # uncut but different
    codex_cut(SEQ).replace("Total output lines: 50000", "Total output lines: 50001"),
])
def test_anything_codex_saw_differently_gets_none(tmp_path: Path, seen: str) -> None:
    directory = tmp_path / "g" / "c"
    store(directory, SEQ.encode())
    assert capture_store.full_output(str(directory), "s", "c", seen) is None


def test_a_cut_or_tampered_spill_gets_none(tmp_path: Path) -> None:
    directory = tmp_path / "g" / "c"
    store(directory, SEQ.encode(), cut=True)
    assert capture_store.full_output(str(directory), "s", "c", SEQ) is None
    store(directory, SEQ.encode(), sha256="0" * 64)
    assert capture_store.full_output(str(directory), "s", "c", SEQ) is None
    store(directory, SEQ.encode())
    (directory / "s.c.out").chmod(0o644)  # readable by others: not garrepa's
    assert capture_store.full_output(str(directory), "s", "c", SEQ) is None


def test_nothing_captured_or_odd_ids_get_none(tmp_path: Path) -> None:
    assert capture_store.full_output(str(tmp_path / "g" / "c"), "s", "c", "x") is None
    assert capture_store.full_output(str(tmp_path), "../s", "c", "x") is None
    assert capture_store.full_output(str(tmp_path), "s", None, "x") is None


def test_the_folder_defaults_to_a_private_one_in_tmp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(capture_store.ENV, raising=False)
    assert capture_store.capture_dir() == f"/tmp/garrepa-{os.geteuid()}/codex-capture"
    monkeypatch.setenv(capture_store.ENV, "/x/y")
    assert capture_store.capture_dir() == "/x/y"


def test_a_linked_folder_is_not_ready(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    os.symlink(tmp_path / "real", tmp_path / "link")
    assert not capture_store.ready(str(tmp_path / "link" / "c"))


def test_a_read_capture_is_forgotten_and_only_plain_ids_are_ever_unlinked(tmp_path: Path) -> None:
    from garrepa_py.hosts.codex import capture_store as store

    folder = tmp_path / "cap" / "codex-capture"
    folder.mkdir(parents=True)
    for name in store.names("s1", "call_1"):
        (folder / name).write_text("x")
    outside = tmp_path / "cap" / "keep.out"
    outside.write_text("mine")
    store.forget(str(folder), "..", "keep")  # would name ../keep.out
    store.forget(str(folder), "s1", "call_1")
    assert sorted(p.name for p in folder.iterdir()) == []
    assert outside.read_text() == "mine"


def test_prune_removes_only_old_capture_files(tmp_path: Path) -> None:
    import os

    from garrepa_py.hosts.codex import capture_store as store

    folder = tmp_path / "codex-capture"
    folder.mkdir()
    old, new, other = folder / "s.a.out", folder / "s.b.json", folder / "notes.txt"
    for path in (old, new, other):
        path.write_text("x")
    os.utime(old, (1_000, 1_000))
    os.utime(other, (1_000, 1_000))
    assert store.prune(str(folder), now=1_000 + store.KEEP_SECONDS + 1) == 1
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt", "s.b.json"]

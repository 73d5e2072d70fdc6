from __future__ import annotations

import os
import time
from pathlib import Path

from garrepa_py.engine import store

from ..support.state import state_dir


def test_spill_is_content_addressed(project: Path) -> None:
    first = store.spill(str(project), "alpha\nbeta\n")
    assert store.spill(str(project), "alpha\nbeta\n") == first
    assert store.spill(str(project), "gamma") != first
    assert Path(first).read_text() == "alpha\nbeta\n"
    assert (state_dir(project) / ".gitignore").read_text().endswith("*\n")


def test_spill_keeps_undecodable_text_exactly(project: Path) -> None:
    text = "bad \udcff surrogate"
    path = store.spill(str(project), text)
    assert Path(path).read_bytes() == text.encode("utf-8", "surrogatepass")


def test_is_spill_path(project: Path, tmp_path: Path) -> None:
    path = store.spill(str(project), "x" * 10)
    assert store.is_spill_path(path, str(project))
    link = tmp_path / "innocent.md"
    os.symlink(path, link)
    assert store.is_spill_path(str(link), str(project))
    assert not store.is_spill_path(str(project / "README.md"), str(project))


def test_prune_by_age_then_by_size(project: Path) -> None:
    now = time.time()
    old = Path(store.spill(str(project), "old" * 100))
    os.utime(old, (now - 10 * 86400, now - 10 * 86400))
    big = [Path(store.spill(str(project), f"{n}" + "y" * 400_000)) for n in range(4)]
    for age, path in enumerate(reversed(big)):
        os.utime(path, (now - age * 60, now - age * 60))
    store.cache_put(str(project), "k1", {"status": "ok", "text": "t"})
    cache = state_dir(project) / "cache" / "k1.json"
    os.utime(cache, (now - 10 * 86400, now - 10 * 86400))
    removed = store.prune(str(project), max_age_days=7, max_megabytes=1, now=now)
    assert not old.exists() and not cache.exists()
    kept = [p for p in big if p.exists()]
    assert kept == big[-2:]  # the two newest fit in 1 MB
    assert removed == 4
    assert store.prune(str(project), 7, 1, now=now) == 0  # at most once an hour


def test_cache_roundtrip_and_corrupt_entry(project: Path) -> None:
    key = store.cache_key("mcp", "v1", "anthropic", "m", "source")
    assert store.cache_get(str(project), key) is None
    store.cache_put(str(project), key, {"status": "ok", "text": "brief"})
    assert store.cache_get(str(project), key) == {"status": "ok", "text": "brief"}
    (state_dir(project) / "cache" / f"{key}.json").write_text("{torn")
    assert store.cache_get(str(project), key) is None
    assert key != store.cache_key("mcp", "v2", "anthropic", "m", "source")

"""The project's `.garrepa/` directory: spill files (exact originals) and the summary cache.

Both are content-addressed and written as temp file + `os.replace`, so any number of parallel
hook processes can write the same entry without locks and a reader never sees half a file.
Owner-only permissions; a `.gitignore` of `*` keeps git from ever committing them.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from typing import Any

from garrepa_py import paths

PRUNE_EVERY_SECONDS = 3600


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _ensure_dir(path: str) -> None:
    os.makedirs(path, mode=0o700, exist_ok=True)


def _ensure_state_dir(project: str) -> str:
    state = paths.project_state_dir(project)
    _ensure_dir(state)
    ignore = os.path.join(state, ".gitignore")
    if not os.path.exists(ignore):
        _write_atomic(ignore, b"# garrepa spill files and caches: never commit them\n*\n")
    return state


def _write_atomic(target: str, data: bytes) -> None:
    temporary = f"{target}.{os.getpid()}.{time.monotonic_ns()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def spill_dir(project: str) -> str:
    return os.path.join(paths.project_state_dir(project), "spill")


def is_spill_path(path: str, project: str) -> bool:
    """A Read of a spill file must never be compressed again."""
    try:
        target = os.path.realpath(path)
        root = os.path.realpath(spill_dir(project))
    except (OSError, ValueError):
        return False
    return os.path.commonpath([target, root]) == root


def spill(project: str, text: str) -> str:
    """Store the exact original; returns its absolute path (the same text → the same path)."""
    _ensure_state_dir(project)
    directory = spill_dir(project)
    _ensure_dir(directory)
    target = os.path.abspath(os.path.join(directory, digest(text)[:32] + ".txt"))
    if os.path.exists(target):
        os.utime(target)  # still in use: keep it from age pruning
    else:
        _write_atomic(target, text.encode("utf-8", "surrogatepass"))
    return target


def cache_key(route: str, prompt_version: str, provider: str, model: str, source: str) -> str:
    parts = "\0".join((route, prompt_version, provider, model, digest(source)))
    return hashlib.sha256(parts.encode()).hexdigest()[:40]


def _cache_file(project: str, key: str) -> str:
    return os.path.join(paths.project_state_dir(project), "cache", key + ".json")


def cache_get(project: str, key: str) -> dict[str, Any] | None:
    try:
        with open(_cache_file(project, key), "rb") as handle:
            entry = json.loads(handle.read())
    except (OSError, ValueError):
        return None
    return entry if isinstance(entry, dict) else None


def cache_put(project: str, key: str, entry: dict[str, Any]) -> None:
    _ensure_state_dir(project)
    target = _cache_file(project, key)
    _ensure_dir(os.path.dirname(target))
    _write_atomic(target, json.dumps(entry, sort_keys=True).encode())


def prune(project: str, max_age_days: int, max_megabytes: int, now: float | None = None,
          force: bool = False) -> int:
    """Drop spill and cache files past their age, then the oldest spills over the size cap.

    Runs at most once an hour per project unless forced; returns how many files went.
    """
    state = paths.project_state_dir(project)
    stamp = os.path.join(state, ".pruned")
    current = time.time() if now is None else now
    try:
        if not force and current - os.stat(stamp).st_mtime < PRUNE_EVERY_SECONDS:
            return 0
    except FileNotFoundError:
        pass
    if not os.path.isdir(state):
        return 0
    removed = 0
    cutoff = current - max_age_days * 86400
    entries: list[tuple[float, int, str]] = []
    for sub in ("spill", "cache"):
        directory = os.path.join(state, sub)
        try:
            names = os.listdir(directory)
        except FileNotFoundError:
            continue
        for name in names:
            path = os.path.join(directory, name)
            try:
                info = os.stat(path)
            except FileNotFoundError:
                continue
            if info.st_mtime < cutoff:
                removed += _remove(path)
            elif sub == "spill":
                entries.append((info.st_mtime, info.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= max_megabytes * 1024 * 1024:
            break
        removed += _remove(path)
        total -= size
    _write_atomic(stamp, b"")
    return removed


def _remove(path: str) -> int:
    try:
        os.unlink(path)
        return 1
    except FileNotFoundError:
        return 0

"""Which project config files this user has trusted, by exact content (standard library only).

A repository is somebody else's code: a `garrepa.config.json` that arrived with a clone must not
choose where content is sent. Trusting records the file's SHA-256; any edit revokes it.
The record also keeps the file's identity (device, inode, size, mtime and ctime): while that is
unchanged the content is too, so the hook skips hashing (importing hashlib costs ~4 ms per event
here). ctime matters: a rewrite in place can restore size and mtime, but any write moves ctime,
and no unprivileged call can set it back.
"""

from __future__ import annotations

import os

from garrepa_py import fastjson, fs, paths


def content_digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def file_identity(path: str) -> list[int]:
    stat = os.stat(path)
    return [stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns]


def load_records() -> dict[str, dict[str, object]]:
    try:
        records = fastjson.loads(fs.read_bounded(paths.trust_file(), 16 * 1024 * 1024))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(records, dict):
        return {}
    return {str(k): v for k, v in records.items() if isinstance(v, dict)}


def is_trusted(config_file: str, data: bytes) -> bool:
    record = load_records().get(os.path.realpath(config_file))
    if record is None:
        return False
    try:
        if record.get("identity") == file_identity(config_file):
            return True
    except OSError:
        pass
    return record.get("sha256") == content_digest(data)


def record_trust(config_file: str | os.PathLike[str]) -> str:
    """Trust the file's current content; returns the digest. Called by `init` and `trust`."""
    import json
    from pathlib import Path

    from garrepa_py.install.atomic import locked, write_atomic

    path = os.path.realpath(config_file)
    digest = content_digest(fs.read_bounded(path, 1024 * 1024))
    target = Path(paths.trust_file())
    with locked(target):
        records = load_records()
        records[path] = {"sha256": digest, "identity": file_identity(path)}
        write_atomic(target, json.dumps(records, indent=2, sort_keys=True) + "\n", mode=0o600)
    return digest

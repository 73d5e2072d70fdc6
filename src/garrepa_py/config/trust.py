"""Which project config files this user has trusted, by exact content (standard library only).

A repository is somebody else's code: a `garrepa.config.json` that arrived with a clone must not
choose where content is sent. Trusting records the file's SHA-256; any edit revokes it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from garrepa_py import paths


def content_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_records() -> dict[str, str]:
    try:
        records = json.loads(paths.trust_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(records, dict):
        return {}
    return {str(k): str(v) for k, v in records.items()}


def is_trusted(config_file: Path, data: bytes) -> bool:
    return load_records().get(str(config_file.resolve())) == content_digest(data)


def record_trust(config_file: Path) -> str:
    """Trust the file's current content; returns the digest. Called by `init` and `trust`."""
    from garrepa_py.install.atomic import locked, write_atomic

    data = config_file.read_bytes()
    digest = content_digest(data)
    target = paths.trust_file()
    with locked(target):
        records = load_records()
        records[str(config_file.resolve())] = digest
        write_atomic(target, json.dumps(records, indent=2, sort_keys=True) + "\n", mode=0o600)
    return digest

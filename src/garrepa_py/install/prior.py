"""The settings file as it was before `garrepa init`, kept aside so `uninstall` can put back
the exact bytes (pre-commit keeps a prior hook aside for the same reason).

One record per settings file, in garrepa's home (never in the project): the original bytes (or
"absent") and a digest of what init wrote. `uninstall` restores the original only when the file
still holds exactly what init wrote; after any other edit it removes garrepa's entries alone.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from garrepa_py import fs, paths


@dataclass(frozen=True)
class Prior:
    original: bytes | None  # None: the file did not exist before init
    written_sha256: str


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _record_file(settings: Path) -> Path:
    name = _digest(os.path.realpath(settings).encode("utf-8", "surrogateescape"))[:32]
    return Path(paths.garrepa_home()) / "installs" / f"{name}.json"


def load(settings: Path) -> Prior | None:
    try:
        data = json.loads(fs.read_bounded(str(_record_file(settings)), 64 * 1024 * 1024))
        original = data["original"]
        return Prior(None if original is None else base64.b64decode(original),
                     str(data["written_sha256"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def remember(settings: Path, before: bytes | None, written: bytes, ours_before: bool) -> None:
    """After init wrote `written` over `before`: keep the original aside.

    `ours_before`: the file already held garrepa's entries, so `before` is not the original; the
    earlier record stays the original if it still describes `before`.
    """
    from garrepa_py.fs import write_atomic

    record = load(settings)
    if ours_before:
        if record is None or before is None or record.written_sha256 != _digest(before):
            forget(settings)  # the original is no longer known: uninstall removes entries only
            return
        original = record.original
    else:
        original = before
    target = _record_file(settings)
    fs.own_dir(str(target.parent))
    payload = {"path": os.path.realpath(settings), "written_sha256": _digest(written),
               "original": None if original is None else base64.b64encode(original).decode()}
    write_atomic(target, json.dumps(payload) + "\n", mode=0o600)


def restorable(settings: Path, current: bytes | None) -> Prior | None:
    """The prior state, when the file still holds exactly what init wrote."""
    record = load(settings)
    if record is None or current is None or record.written_sha256 != _digest(current):
        return None
    return record


def forget(settings: Path) -> None:
    try:
        os.unlink(_record_file(settings))
    except OSError:
        pass

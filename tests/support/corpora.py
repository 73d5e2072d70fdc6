"""The committed corpora (tests/corpora/), unpacked for tests and benchmarks: no network, no
npm, no toolchain at test time.

    load("docs") -> .cache/corpus/docs-<first 12 of its sha256>/

Each archive is checked against the sha256 its MANIFEST.json pins, then unpacked (a tar) or
cloned (a git bundle, so the release repositories keep their fixed commit SHAs) into a folder
named for that sha256: a refreshed archive gets a new folder, never a stale one. The unpacking
happens in a temporary folder renamed into place, so two pytest-xdist workers asking at once
both get a whole corpus. scripts/build_corpora.py builds and pins the archives.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
FOLDER = REPO / "tests" / "corpora"
MANIFEST = FOLDER / "MANIFEST.json"
CACHE = REPO / ".cache" / "corpus"


class CorpusError(Exception):
    """A committed corpus that cannot be used as it is; the message names the fix."""


def manifest() -> dict[str, Any]:
    return json.loads(MANIFEST.read_text())  # type: ignore[no-any-return]


@cache
def load(kind: str) -> Path:
    """The unpacked corpus `kind` (a folder of files, or a git checkout)."""
    entries = manifest()
    if kind not in entries:
        raise CorpusError(f"no corpus {kind!r} in {MANIFEST} (it has {', '.join(entries)}); "
                          f"build it: .venv/bin/python scripts/build_corpora.py {kind}")
    entry = entries[kind]
    target = CACHE / f"{kind}-{entry['sha256'][:12]}"
    if target.is_dir():
        return target
    archive = FOLDER / entry["archive"]
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    if digest != entry["sha256"]:
        raise CorpusError(f"{archive} has sha256 {digest}, the manifest pins {entry['sha256']}: "
                          "rebuild it with scripts/build_corpora.py, or restore it from git")
    CACHE.mkdir(parents=True, exist_ok=True)
    temporary = Path(tempfile.mkdtemp(prefix=f".{kind}-", dir=CACHE))
    try:
        unpacked = _unpack(archive, temporary)
        try:
            os.rename(unpacked, target)
        except OSError:
            if not target.is_dir():  # not another worker's rename that won: a real failure
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return target


def _unpack(archive: Path, temporary: Path) -> Path:
    destination = temporary / "corpus"
    if archive.name.endswith(".bundle"):
        subprocess.run(["git", "clone", "--quiet", str(archive), str(destination)], check=True,
                       capture_output=True, timeout=300)
        # the repository as it was built: no remote, so `--all` shows only its own history
        subprocess.run(["git", "-C", str(destination), "remote", "remove", "origin"], check=True,
                       capture_output=True)
    else:
        with tarfile.open(archive) as tar:
            tar.extractall(destination, filter="data")
    return destination

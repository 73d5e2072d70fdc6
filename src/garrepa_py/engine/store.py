"""garrepa's state for a project: spill files (exact originals) and the summary cache.

They live in Claude Code's own folder for the project (`paths.project_state_dir`: beside its
transcripts and saved tool results, outside the project tree), where the agent's Read reaches
them with no prompt and no search, listing or `git add` of the project does. Spills of an older
install under `<project>/.garrepa/spill/` are still recognised and read back, never written.

Both are content-addressed and written as temp file + rename, so any number of parallel hook
processes can write the same entry without locks and a reader never sees half a file. Nothing
there is taken on faith: every directory must be a real one owned by this user (never a
symlink; see `fs.own_dir`), a spill is always written afresh rather than trusted because its
name matches, and a cache entry counts only when it carries an HMAC made with this user's key.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from typing import Any

from garrepa_py import fs, paths

PRUNE_EVERY_SECONDS = 3600
MAX_CACHE_ENTRY_BYTES = 256 * 1024


class StoreRefused(OSError):
    """garrepa's state folder (or a folder in it) is not a directory this user owns."""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _state_dir(project: str, create: bool = True) -> str:
    state = paths.project_state_dir(project)
    if not fs.own_dir(state, create=create):
        raise StoreRefused(f"{state} is not a directory garrepa owns (a symlink or another "
                           "user's?); nothing is written there")
    if create and not os.path.lexists(os.path.join(state, ".gitignore")):
        fs.write_private(state, ".gitignore",
                         b"# garrepa spill files and caches: never commit them\n*\n")
    return state


def _sub_dir(project: str, name: str, create: bool = True) -> str:
    directory = os.path.join(_state_dir(project, create), name)
    if not fs.own_dir(directory, create=create):
        raise StoreRefused(f"{directory} is not a directory garrepa owns; nothing is written there")
    return directory


def cache_dir(project: str) -> str:
    """The project's cache folder (created owner-only); StoreRefused when it is not ours."""
    return _sub_dir(project, "cache")


def spill_dir(project: str) -> str:
    return os.path.join(paths.project_state_dir(project), "spill")


def legacy_spill_dir(project: str) -> str:
    """Where an older install spilled, inside the project: read back, never written."""
    return os.path.join(paths.legacy_state_dir(project), "spill")


def is_spill_path(path: str, project: str) -> bool:
    """A Read of a spill file must never be compressed again."""
    return fs.inside(path, spill_dir(project)) or fs.inside(path, legacy_spill_dir(project))



def spill_id(path: str) -> str:
    """The id a spill goes by (in a briefing's pointer, for `peek`/`ask`, in the journal)."""
    return os.path.basename(path).split(".", 1)[0][:12]


def spill(project: str, text: str) -> str:
    """Store the exact original; returns its absolute path (the same text → the same path).

    Always written afresh: a file already at that name may have been planted by a repository.
    """
    directory = _sub_dir(project, "spill")
    name = digest(text)[:32] + ".txt"
    fs.write_private(directory, name, text.encode("utf-8", "surrogatepass"))
    return os.path.abspath(os.path.join(directory, name))


def spill_stream(project: str) -> fs.PrivateStream:
    """A spill written while it streams (the logs runner's raw bytes): name it with
    `spill_name(sha256 hex of its bytes)` — the same name `spill` gives the same text."""
    return fs.PrivateStream(_sub_dir(project, "spill"))


def spill_name(sha256_hex: str) -> str:
    return sha256_hex[:32] + ".txt"


def cache_key(route: str, prompt_version: str, provider: str, model: str, source: str) -> str:
    parts = "\0".join((route, prompt_version, provider, model, digest(source)))
    return hashlib.sha256(parts.encode()).hexdigest()[:40]


def _user_key() -> bytes:
    """This user's cache-signing key, kept in garrepa's home (0600), made on first use."""
    home = paths.garrepa_home()
    target = paths.cache_key_file()
    try:
        key = fs.read_bounded(target, 4096, follow=False)
        if len(key) >= 32:
            return key
    except (FileNotFoundError, fs.Refused):
        pass
    if not fs.own_dir(home, follow=True):  # the user's own choice, like the journal's
        raise StoreRefused(f"{home} is not a directory garrepa owns")
    key = os.urandom(32).hex().encode()
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
    except FileExistsError:  # another hook process made it first: use theirs
        key = fs.read_bounded(target, 4096, follow=False)
        if len(key) < 32:
            raise StoreRefused(f"{target} is not a usable key") from None
        return key
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
    return key


def _mac(key: str, entry: dict[str, Any]) -> str:
    body = json.dumps(entry, sort_keys=True, ensure_ascii=True).encode()
    return hmac.new(_user_key(), key.encode() + b"\0" + body, hashlib.sha256).hexdigest()


def cache_get(project: str, key: str) -> dict[str, Any] | None:
    """The entry stored under `key` by this user, or None (absent, unreadable, or not signed by
    this user's key: a planted file is never delivered as a checked briefing)."""
    try:
        path = os.path.join(_sub_dir(project, "cache", create=False), key + ".json")
        stored = json.loads(fs.read_bounded(path, MAX_CACHE_ENTRY_BYTES, follow=False))
        if not isinstance(stored, dict) or not isinstance(stored.get("entry"), dict):
            return None
        entry: dict[str, Any] = stored["entry"]
        if not hmac.compare_digest(str(stored.get("mac", "")), _mac(key, entry)):
            return None
    except (OSError, ValueError):
        return None
    return entry


def cache_put(project: str, key: str, entry: dict[str, Any]) -> None:
    directory = _sub_dir(project, "cache")
    payload = {"entry": entry, "mac": _mac(key, entry)}
    fs.write_private(directory, key + ".json", json.dumps(payload, sort_keys=True).encode())


def prune(project: str, max_age_days: int, max_megabytes: int, now: float | None = None,
          force: bool = False, keep: str | None = None) -> int:
    """Drop spill and cache files past their age, then the oldest spills over the size cap.

    `keep` (a spill path just handed to the agent) is never removed. Runs at most once an hour
    per project unless forced; returns how many files went. Only
    in directories this user owns, by directory descriptor, never following a link.
    """
    try:
        state = _state_dir(project, create=False)
    except StoreRefused:
        return 0
    stamp = os.path.join(state, ".pruned")
    current = time.time() if now is None else now
    try:
        if not force and current - os.lstat(stamp).st_mtime < PRUNE_EVERY_SECONDS:
            return 0
    except FileNotFoundError:
        pass
    removed = 0
    kept = os.path.basename(keep) if keep else None
    cutoff = current - max_age_days * 86400
    spills: list[tuple[float, int, str]] = []
    for sub in ("spill", "cache"):
        try:
            directory = _sub_dir(project, sub, create=False)
            found = fs.list_files(directory)
        except OSError:
            continue
        old = [name for name, mtime, _ in found if mtime < cutoff and name != kept]
        removed += fs.remove_files(directory, old)
        if sub == "spill":
            spills += [(mtime, size, name) for name, mtime, size in found
                       if mtime >= cutoff and name != kept]
    total = sum(size for _, size, _ in spills)
    over: list[str] = []
    for _, size, name in sorted(spills):
        if total <= max_megabytes * 1024 * 1024:
            break
        over.append(name)
        total -= size
    if over:
        removed += fs.remove_files(spill_dir(project), over)
    fs.write_private(state, ".pruned", b"")
    return removed

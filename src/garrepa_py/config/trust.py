"""Which project config files this user has trusted, like direnv (standard library only).

A repository is somebody else's code: a `garrepa.config.json` that arrived with a clone must not
choose where content is sent or what it costs. Trusting records the file's *gated* values (the
keys that need trust: provider, endpoint, key variable, model, tokens, spill limits, timeout) and
their SHA-256; changing any of them — by hand or by `git pull` — revokes the trust, while a
teammate's change to a free knob (a threshold, an exclusion) does not.
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


def gated_values(tree: object) -> dict[str, object]:
    """The values a project file sets for keys that need trust, by dotted key."""
    from garrepa_py.config.schema import BY_KEY, flatten

    return {key: value for key, value in sorted(flatten(tree).items())
            if key in BY_KEY and BY_KEY[key].needs_trust}


def gated_digest(gated: dict[str, object]) -> str:
    import json

    return content_digest(json.dumps(gated, sort_keys=True, separators=(",", ":")).encode())


def trusted_record(config_file: str) -> dict[str, object] | None:
    return load_records().get(os.path.realpath(config_file))


def is_trusted(config_file: str, data: bytes, gated: dict[str, object]) -> bool:
    """Does this user trust these gated values in this file?"""
    record = trusted_record(config_file)
    if record is None:
        return False
    try:
        if record.get("identity") == file_identity(config_file):
            return True  # not touched since it was trusted: no hashing on the hook path
    except OSError:
        pass
    if "gated_sha256" in record:
        return record["gated_sha256"] == gated_digest(gated)
    return record.get("sha256") == content_digest(data)  # a record from an older garrepa


def read_gated(config_file: str | os.PathLike[str]) -> dict[str, object]:
    """The gated values the file sets now (raises OSError/ValueError when it cannot be read)."""
    return gated_values(fastjson.loads(fs.read_bounded(os.fspath(config_file), 1024 * 1024)))


# Variables a provider key normally lives in; naming another one deserves a second look.
KEY_VARIABLES = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "OPENAI_API_KEY", "GARREPA_API_KEY")


def describe(gated: dict[str, object]) -> list[str]:
    """The gated values as lines, with a warning where one deserves it."""
    import json

    lines = [f"  {key} = {json.dumps(value)}" for key, value in gated.items()]
    variable = gated.get("provider.apiKeyEnvVar")
    if isinstance(variable, str) and variable not in KEY_VARIABLES:
        target = gated.get("provider.baseUrl") or "the provider's endpoint"
        lines.append(f"  warning: this sends the value of ${variable} to {target}")
    return lines

"""Recording and revoking trust (`garrepa init`, `garrepa trust`, `config set --project`).

The write side of config/trust.py, apart so the hook, which only reads trust, never loads the
file lock it needs.
"""

from __future__ import annotations

import os

from garrepa_py import fastjson, fs, paths
from garrepa_py.config.trust import content_digest, file_identity, gated_digest, gated_values, load_records


def record_trust(config_file: str | os.PathLike[str]) -> dict[str, object]:
    """Trust the file's current gated values; returns them. Called by `init` and `trust`."""
    import json
    from pathlib import Path

    from garrepa_py.fs import write_atomic
    from garrepa_py.locks import locked

    path = os.path.realpath(config_file)
    data = fs.read_bounded(path, 1024 * 1024)
    gated = gated_values(fastjson.loads(data))
    target = Path(paths.trust_file())
    with locked(target):
        records = load_records()
        records[path] = {"gated_sha256": gated_digest(gated), "gated": gated,
                         "sha256": content_digest(data), "identity": file_identity(path)}
        write_atomic(target, json.dumps(records, indent=2, sort_keys=True) + "\n", mode=0o600)
    return gated


def revoke_trust(config_file: str | os.PathLike[str]) -> bool:
    """Forget the trust in this file; True when there was one."""
    import json
    from pathlib import Path

    from garrepa_py.fs import write_atomic
    from garrepa_py.locks import locked

    path = os.path.realpath(config_file)
    target = Path(paths.trust_file())
    with locked(target):
        records = load_records()
        if records.pop(path, None) is None:
            return False
        write_atomic(target, json.dumps(records, indent=2, sort_keys=True) + "\n", mode=0o600)
    return True

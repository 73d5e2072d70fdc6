"""`garrepa trust`: show exactly what a project config would decide, then trust or revoke it."""

from __future__ import annotations

from pathlib import Path

from garrepa_py import paths
from garrepa_py.config import trust as store
from garrepa_py.config import trust_write
from garrepa_py.errors import GarrepaError


def trust(project: Path, revoke: bool = False, dry_run: bool = False) -> list[str]:
    config_file = Path(paths.project_config_file(project))
    if not config_file.is_file():
        raise GarrepaError(f"{config_file} does not exist",
                           hint="nothing to trust; `garrepa config set KEY VALUE --project` "
                                "creates it")
    if revoke:
        if dry_run:
            return [f"dry run: would revoke trust in {config_file}"]
        if trust_write.revoke_trust(config_file):
            return [f"revoked: {config_file} no longer decides where content goes; "
                    "briefings there are structural only while it sets such keys"]
        return [f"{config_file} was not trusted; nothing to revoke"]
    try:
        gated = store.read_gated(config_file)
    except (OSError, ValueError) as exc:
        raise GarrepaError(f"cannot read {config_file}: {exc}",
                           hint="fix the file, then run `garrepa trust` again") from exc
    if not gated:
        return [f"{config_file} sets no key that needs trust; nothing to trust",
                "(thresholds, modes and exclusions apply without it)"]
    lines = [f"{config_file} sets these keys that need your trust:", *store.describe(gated)]
    if dry_run:
        return [*lines, "dry run: nothing was trusted"]
    trust_write.record_trust(config_file)
    return [*lines, "trusted: they apply from now on; changing any of them (by hand or by "
                    "`git pull`) needs `garrepa trust` again"]

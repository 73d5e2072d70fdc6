"""`garrepa trust`: show exactly what a project config would decide, then trust or revoke it."""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py import paths
from garrepa_py.config import trust as store
from garrepa_py.errors import GarrepaError

# Variables a provider key normally lives in; naming another one deserves a second look.
KEY_VARIABLES = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "OPENAI_API_KEY", "GARREPA_API_KEY")


def describe(gated: dict[str, object]) -> list[str]:
    """The gated values as lines, with a warning where one deserves it."""
    lines = [f"  {key} = {json.dumps(value)}" for key, value in gated.items()]
    variable = gated.get("provider.apiKeyEnvVar")
    if isinstance(variable, str) and variable not in KEY_VARIABLES:
        target = gated.get("provider.baseUrl") or "the provider's endpoint"
        lines.append(f"  warning: this sends the value of ${variable} to {target}")
    return lines


def trust(project: Path, revoke: bool = False, dry_run: bool = False) -> list[str]:
    config_file = Path(paths.project_config_file(project))
    if not config_file.is_file():
        raise GarrepaError(f"{config_file} does not exist",
                           hint="nothing to trust; `garrepa config set KEY VALUE --project` "
                                "creates it")
    if revoke:
        if dry_run:
            return [f"dry run: would revoke trust in {config_file}"]
        if store.revoke_trust(config_file):
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
    lines = [f"{config_file} sets these keys that need your trust:", *describe(gated)]
    if dry_run:
        return [*lines, "dry run: nothing was trusted"]
    store.record_trust(config_file)
    return [*lines, "trusted: they apply from now on; changing any of them (by hand or by "
                    "`git pull`) needs `garrepa trust` again"]

"""The JSON Schema of `garrepa.config.json`, built from the settings table.

It ships inside the package (`templates/garrepa.config.schema.json`); `garrepa init` puts a copy
at `.claude/garrepa.config.schema.json` and the project config's `$schema` names it, so editors
complete keys and flag bad values. A test keeps the shipped file equal to what this builds.
"""

from __future__ import annotations

import json
from typing import Any

from garrepa_py.config.schema import FRAGMENTS, SETTINGS

SCHEMA_NAME = "garrepa.config.schema.json"
SCHEMA_REF = f"./.claude/{SCHEMA_NAME}"


def build() -> dict[str, Any]:
    root: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": "managed by garrepa-py: `garrepa init` rewrites this file",
        "title": "garrepa.config.json",
        "description": "garrepa-py project settings. Keys marked 'needs trust' take effect only "
                       "after `garrepa trust` in this project.",
        "type": "object",
        "properties": {"$schema": {"type": "string"}},
        "additionalProperties": False,
    }
    for setting in SETTINGS:
        *parents, leaf = setting.key.split(".")
        node = root
        for part in parents:
            node = node["properties"].setdefault(part, {"type": "object", "properties": {},
                                                        "additionalProperties": False})
        description = setting.help + (" (needs trust)" if setting.needs_trust else "")
        node["properties"][leaf] = {**FRAGMENTS[setting.check], "default": setting.default,
                                    "description": description}
    return root


def text() -> str:
    return json.dumps(build(), indent=2) + "\n"

"""The JSON Schema shipped for editors agrees with the loader's own checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from garrepa_py import paths
from garrepa_py.config import json_schema
from garrepa_py.config.schema import SETTINGS, set_path

from ..cli.helpers import invoke

REPO = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(json_schema.build())
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10, 20_000_000), st.text(max_size=20),
                   st.sampled_from(["on", "audit", "off", "anthropic", "none", "narrow", "deny",
                                    "ANTHROPIC_API_KEY", "9BAD", "claude-cli"]),
                   st.lists(st.text(max_size=8), max_size=3))


def test_the_shipped_schema_is_built_from_the_settings() -> None:
    shipped = (Path(paths.templates_dir()) / json_schema.SCHEMA_NAME).read_text()
    assert shipped == json_schema.text(), (
        "templates/garrepa.config.schema.json is stale: run "
        ".venv/bin/python -c 'from garrepa_py.config import json_schema; "
        "open(\"templates/garrepa.config.schema.json\", \"w\").write(json_schema.text())'")


def test_the_example_config_is_valid() -> None:
    example = json.loads((REPO / "garrepa.config.json.example").read_text())
    assert list(VALIDATOR.iter_errors(example)) == []


@settings(max_examples=400, deadline=None)
@given(index=st.integers(0, len(SETTINGS) - 1), value=VALUES)
def test_schema_and_loader_agree_on_every_value(index: int, value: Any) -> None:
    setting = SETTINGS[index]
    tree: dict[str, Any] = {}
    set_path(tree, setting.key, value)
    schema_ok = not list(VALIDATOR.iter_errors(tree))
    loader_ok = setting.check(value) is None
    assert schema_ok == loader_ok, (setting.key, value)


def test_init_with_flags_writes_a_config_the_schema_accepts(project: Path) -> None:
    assert invoke("init", str(project), "--provider", "none", "--threshold", "9000").exit_code == 0
    config = json.loads((project / "garrepa.config.json").read_text())
    assert config == {"$schema": "./.claude/garrepa.config.schema.json",
                      "provider": {"type": "none"}, "threshold": {"minChars": 9000}}
    schema = json.loads((project / ".claude" / "garrepa.config.schema.json").read_text())
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(config)) == []
    assert list(VALIDATOR.iter_errors({"threshold": {"minChars": "big"}}))
    assert list(VALIDATOR.iter_errors({"thresold": {"minChars": 9000}}))  # a typo is flagged

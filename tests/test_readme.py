from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_readme_command_reference_is_generated_from_help() -> None:
    spec = importlib.util.spec_from_file_location("command_reference",
                                                  REPO / "scripts" / "command_reference.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    readme = (REPO / "README.md").read_text()
    assert module.readme_with_reference(readme) == readme, (
        "README's command reference is stale: run .venv/bin/python scripts/command_reference.py --write")
    for command in ("init", "uninstall", "doctor", "trust", "summarize", "write", "peek", "ask",
                    "report", "config list", "config get", "config set"):
        assert f"### `garrepa {command}`" in readme

from __future__ import annotations

from pathlib import Path

from .conftest import load_script

REPO = Path(__file__).resolve().parents[1]


def test_readme_command_reference_is_generated_from_help() -> None:
    module = load_script("scripts/command_reference.py")
    readme = (REPO / "README.md").read_text()
    assert module.readme_with_reference(readme) == readme, (
        "README's command reference is stale: run .venv/bin/python scripts/command_reference.py --write")
    for command in ("init", "uninstall", "doctor", "trust", "summarize", "write", "peek", "ask",
                    "report", "config list", "config get", "config set"):
        assert f"### `garrepa {command}`" in readme

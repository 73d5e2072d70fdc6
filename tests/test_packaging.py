"""One version, and install instructions that work: the plugin's and the marketplace's version
are garrepa's own (src/garrepa_py/version.py, which the wheel's metadata reads too), and what
they tell a user to install is something that exists (garrepa-py is not on PyPI yet)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from garrepa_py.version import __version__

REPO = Path(__file__).resolve().parents[1]


def test_the_plugin_and_the_marketplace_carry_the_package_version() -> None:
    plugin = json.loads((REPO / "plugin" / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    assert plugin["version"] == __version__
    assert [entry["version"] for entry in market["plugins"]] == [__version__]
    pyproject = (REPO / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject


def test_the_plugin_names_an_install_that_works_from_the_marketplace_checkout() -> None:
    """`pipx install garrepa-py` fails (not published); the marketplace's own checkout holds
    the package (pyproject.toml at its root), so installing that directory works."""
    plugin = json.loads((REPO / "plugin" / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    for text in (plugin["description"], market["plugins"][0]["description"]):
        assert not re.search(r"(pipx|pip|uv tool) install garrepa-py\b", text)
        assert "pipx install" in text and "marketplace" in text
    assert (REPO / "pyproject.toml").is_file() and (REPO / ".claude-plugin").is_dir()


def test_the_changelog_starts_with_this_version() -> None:
    changelog = (REPO / "CHANGELOG.md").read_text()
    first = re.search(r"^## (\S+)", changelog, re.M)
    assert first is not None and first.group(1) in (__version__, "Unreleased")
    assert f"## {__version__}" in changelog

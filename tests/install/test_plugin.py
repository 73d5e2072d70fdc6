"""The plugin in the repository is what the entries' one definition renders, byte for byte."""

from __future__ import annotations

import json
import os
from pathlib import Path

from garrepa_py.install import plugin, settings_merge
from garrepa_py.version import __version__

from ..conftest import load_script

REPO = Path(__file__).resolve().parents[2]


def test_the_plugin_files_cannot_drift_from_the_entries() -> None:
    assert load_script("scripts/plugin.py").stale() == [], \
        "run python scripts/plugin.py --write"
    hooks = json.loads((REPO / "plugin" / "hooks" / "hooks.json").read_text())["hooks"]
    rendered = {(event, group["matcher"], handler.get("if"))
                for event, groups in hooks.items() for group in groups
                for handler in group["hooks"]}
    assert rendered == {(s.event, s.matcher, s.condition) for s in settings_merge.default_slots()}
    commands = {handler["command"] for groups in hooks.values() for group in groups
                for handler in group["hooks"]}
    assert commands == {'"${CLAUDE_PLUGIN_ROOT}"/hooks/garrepa-hook plugin'}


def test_the_marketplace_names_the_plugin_and_its_version() -> None:
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    [entry] = market["plugins"]
    assert (market["name"], entry["name"]) == (plugin.MARKETPLACE_NAME, plugin.PLUGIN_NAME)
    assert (REPO / entry["source"] / ".claude-plugin" / "plugin.json").is_file()
    manifest = json.loads((REPO / "plugin" / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["version"] == entry["version"] == __version__
    launcher = REPO / "plugin" / "hooks" / "garrepa-hook"
    assert os.access(launcher, os.X_OK)
    assert launcher.read_text() == (REPO / "templates" / "garrepa-hook").read_text()

"""garrepa as a Claude Code plugin: the plugin directory and the marketplace that lists it,
rendered from the same slots `garrepa init` writes (one definition of the entries, two
renderings). `scripts/plugin.py --write` puts them in the repository; a test keeps them equal.

The plugin's launcher is the project launcher, told it runs as the plugin (`plugin` argument):
the hook then steps aside in a project that has garrepa's own entries, so plugin and `init`
together never brief one event twice.
"""

from __future__ import annotations

import json
from pathlib import Path

from garrepa_py import paths
from garrepa_py.install import settings_merge
from garrepa_py.version import __version__

PLUGIN_NAME = "garrepa"
MARKETPLACE_NAME = "garrepa-py"
PLUGIN_ID = f"{PLUGIN_NAME}@{MARKETPLACE_NAME}"
PLUGIN_DIR = "plugin"
PLUGIN_COMMAND = f'"${{CLAUDE_PLUGIN_ROOT}}"/hooks/{paths.LAUNCHER_NAME} plugin'
TIMEOUT = 30
DESCRIPTION = ("Keeps bulky tool results — large documentation Reads, MCP results, git dumps, "
               "any large command output, Grep and Glob results — out of the agent's context as "
               "short, faithful briefings with a way back to the exact bytes. Needs garrepa-py "
               "installed: `pipx install` this marketplace's own checkout (the directory you "
               "added, or ~/.claude/plugins/marketplaces/garrepa-py for one added by URL).")


def hooks() -> dict[str, object]:
    """hooks/hooks.json: the default slots, grouped by event and matcher, in init's order."""
    events: dict[str, list[dict[str, object]]] = {}
    for slot in settings_merge.default_slots():
        groups = events.setdefault(slot.event, [])
        group = next((g for g in groups if g["matcher"] == slot.matcher), None)
        if group is None:
            group = {"matcher": slot.matcher, "hooks": []}
            groups.append(group)
        handlers = group["hooks"]
        assert isinstance(handlers, list)
        handlers.append(slot.handler(TIMEOUT, PLUGIN_COMMAND))
    return {"description": "garrepa-py: briefings of large Reads, MCP results, git dumps, "
                           "command outputs and searches",
            "hooks": events}


def _json(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def files() -> dict[str, str]:
    """Repository-relative path → exact text."""
    templates = Path(paths.templates_dir())
    manifest = {"name": PLUGIN_NAME, "version": __version__, "description": DESCRIPTION,
                "author": {"name": "garrepa-py"}, "license": "MIT",
                "keywords": ["context", "hooks", "mcp", "git", "briefing"]}
    marketplace = {"name": MARKETPLACE_NAME, "owner": {"name": "garrepa-py"},
                   "metadata": {"description": "The garrepa-py plugin for Claude Code"},
                   "plugins": [{"name": PLUGIN_NAME, "source": f"./{PLUGIN_DIR}",
                                "description": DESCRIPTION, "version": __version__}]}
    return {
        ".claude-plugin/marketplace.json": _json(marketplace),
        f"{PLUGIN_DIR}/.claude-plugin/plugin.json": _json(manifest),
        f"{PLUGIN_DIR}/hooks/hooks.json": _json(hooks()),
        f"{PLUGIN_DIR}/hooks/{paths.LAUNCHER_NAME}":
            (templates / paths.LAUNCHER_NAME).read_text(encoding="utf-8"),
        f"{PLUGIN_DIR}/skills/{paths.SKILL_NAME}/SKILL.md":
            (templates / "SKILL.md").read_text(encoding="utf-8"),
    }


def enabled(environ: dict[str, str] | None = None) -> bool:
    """Whether this user has the garrepa plugin enabled in Claude Code's user settings."""
    import os

    env = os.environ if environ is None else environ
    home = env.get("CLAUDE_CONFIG_DIR") or os.path.join(env.get("HOME") or
                                                        os.path.expanduser("~"), ".claude")
    from garrepa_py import fs

    try:
        data = json.loads(fs.read_bounded(os.path.join(home, "settings.json"), 4 * 1024 * 1024))
    except (OSError, ValueError, fs.Refused):
        return False
    plugins = data.get("enabledPlugins") if isinstance(data, dict) else None
    return isinstance(plugins, dict) and any(
        key.split("@", 1)[0] == PLUGIN_NAME and value is True for key, value in plugins.items())

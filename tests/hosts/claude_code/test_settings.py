"""garrepa's installed handlers as the hook reads them (hosts/claude_code/settings.py): only
garrepa's own commands, from settings.json and settings.local.json, each with its group's
matcher; a user's own handlers and an unreadable file are never taken."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from garrepa_py.hook_commands import HOOK_COMMAND
from garrepa_py.hosts.claude_code.settings import installed_handlers

from ...cli.helpers import invoke

FIXTURES = Path(__file__).parents[2] / "install" / "fixtures" / "settings"


def installed(project: Path, fixture: str = "own_hooks.json") -> Path:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    shutil.copyfile(FIXTURES / fixture, settings)
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    return settings


def test_the_handlers_init_wrote_are_found_with_their_matchers(project: Path) -> None:
    settings = installed(project)
    data = json.loads(settings.read_text())
    expected = [(group.get("matcher", ""), handler) for group in data["hooks"]["PostToolUse"]
                for handler in group["hooks"] if handler["command"] == HOOK_COMMAND]
    found = installed_handlers(str(project), "PostToolUse")
    assert found == expected and {matcher for matcher, _ in found} >= {"Read", "Bash"}
    assert installed_handlers(str(project), "PreToolUse") == []  # only the user's Read there
    assert installed_handlers(str(project), "Stop") == []  # only the user's there


def test_no_settings_or_no_event_finds_nothing(project: Path) -> None:
    assert installed_handlers(str(project), "PostToolUse") == []
    installed(project)
    assert installed_handlers(str(project), None) == []
    assert installed_handlers(str(project), "SessionStart") == []


def test_the_local_file_counts_too_after_the_shared_one(project: Path) -> None:
    installed(project, "two_space.json")
    local = project / ".claude" / "settings.local.json"
    local.write_text(json.dumps({"hooks": {"PostToolUse": [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": HOOK_COMMAND,
                                       "timeout": 7}]},
        {"hooks": [{"type": "command", "command": HOOK_COMMAND + " --verbose"}]}]}}))
    found = installed_handlers(str(project), "PostToolUse")
    assert found[-1] == ("Bash", {"type": "command", "command": HOOK_COMMAND, "timeout": 7})
    assert all(handler["command"] == HOOK_COMMAND for _, handler in found)


def test_a_broken_file_is_skipped_and_the_other_still_read(project: Path) -> None:
    installed(project, "two_space.json")
    shared = installed_handlers(str(project), "PostToolUse")
    (project / ".claude" / "settings.local.json").write_text('{"hooks": {"PostToolUse": [')
    assert installed_handlers(str(project), "PostToolUse") == shared
    (project / ".claude" / "settings.json").write_text('{"hooks": {"PostToolUse": {"x": 1}}}')
    assert installed_handlers(str(project), "PostToolUse") == []


def test_odd_groups_are_skipped_not_raised(project: Path) -> None:
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"PostToolUse": [
        "text", {"matcher": 3, "hooks": [{"command": HOOK_COMMAND}, "x", None]},
        {"matcher": "Read", "hooks": {"command": HOOK_COMMAND}}]}}))
    assert installed_handlers(str(project), "PostToolUse") == [("", {"command": HOOK_COMMAND})]

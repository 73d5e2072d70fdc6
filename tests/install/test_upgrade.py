"""A project set up by an older garrepa: doctor says an upgrade is due, init upgrades in place."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from garrepa_py.hook_commands import HOOK_COMMAND
from garrepa_py.install.settings_merge import default_slots

from ..cli.helpers import invoke

OLD_LAUNCHER = ("#!/bin/sh\n# garrepa-hook launcher (managed by garrepa-py 0.0.9)\n"
                "exec garrepa hook\n")


def old_install(project: Path) -> Path:
    hooks = project / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "garrepa-hook").write_text(OLD_LAUNCHER)
    (hooks / "garrepa-hook").chmod(0o755)
    settings = project / ".claude" / "settings.json"
    old = {"type": "command", "command": "garrepa hook", "timeout": 30}
    settings.write_text(json.dumps({"permissions": {"allow": ["Bash(ls)"]}, "hooks": {
        "PreToolUse": [{"matcher": "Read", "hooks": [old]}],
        "PostToolUse": [{"matcher": "mcp__.*", "hooks": [old]},
                        {"matcher": "Bash", "hooks": [dict(old, **{"if": "Bash(git *)"})]}]}},
        indent=2) + "\n")
    return settings


def checks(project: Path) -> dict[str, dict[str, str]]:
    report = json.loads(invoke("doctor", str(project), "--json").output)
    return {c["name"]: c for c in report["checks"]}


def test_doctor_says_an_upgrade_is_due_and_init_does_it_in_place(project: Path) -> None:
    settings = old_install(project)
    before = checks(project)
    assert before["launcher"]["detail"] == "written by an older garrepa (upgrade due)"
    assert before["settings"]["status"] == "warn"
    assert "PostToolUse mcp__.*: written by an older garrepa (upgrade due: run garrepa init)" \
        in before["settings"]["detail"]
    result = invoke("init", str(project))
    assert result.exit_code == 0, result.output
    data = json.loads(settings.read_text())
    commands = [h["command"] for event in data["hooks"].values() for g in event for h in g["hooks"]]
    # upgraded where they were: the every-Read handler became one per document rule
    assert commands == [HOOK_COMMAND] * len(default_slots())
    assert data["permissions"] == {"allow": ["Bash(ls)"]}
    after = checks(project)
    assert after["launcher"]["status"] == "ok" and after["settings"]["status"] == "ok"


def test_a_config_change_that_moves_the_rules_is_caught_and_rewritten(project: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    assert checks(project)["settings"]["status"] == "ok"
    config = project / "garrepa.config.json"
    config.write_text(json.dumps({"read": {"docExtensions": ["md", "rst", "tex"],
                                           "docNames": ["README"]}}))
    stale = checks(project)["settings"]
    assert stale["status"] == "warn"
    assert "Read if Read(**/*.adoc): no longer matches the config" in stale["detail"]
    assert "rewrites the entries in place" in stale["hint"]
    assert invoke("init", str(project)).exit_code == 0
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    read = [h["if"] for g in settings["hooks"]["PostToolUse"] if g["matcher"] == "Read"
            for h in g["hooks"]]
    assert sorted(read) == sorted([
        "Read(**/*.md)", "Read(**/*.rst)", "Read(**/*.tex)", "Read(**/readme)",
        "Read(**/docs/**/*.html)", "Read(**/docs/**/*.htm)",
        "Read(**/documentation/**/*.html)", "Read(**/documentation/**/*.htm)"])
    assert checks(project)["settings"]["status"] == "ok"
    again = (project / ".claude" / "settings.json").read_text()
    assert invoke("init", str(project)).exit_code == 0
    assert (project / ".claude" / "settings.json").read_text() == again  # idempotent


def test_an_install_with_the_read_handlers_before_the_read_is_moved_in_place(
        project: Path) -> None:
    """Before issue 24 the Read handlers were PreToolUse (the map went out as additionalContext,
    a system-role message), as deny mode still has them: doctor names such an install, init
    moves the handlers to PostToolUse, uninstall gives back the exact bytes."""
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    shutil.copyfile(Path(__file__).with_name("fixtures") / "settings" / "own_hooks.json", settings)
    original = settings.read_bytes()
    config = project / "garrepa.config.json"
    config.write_text('{"read": {"mode": "deny"}}')
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    config.unlink()  # back to the default: the map after the Read
    before = json.loads(settings.read_text())
    pres = [h["if"] for g in before["hooks"]["PreToolUse"] if g.get("matcher") == "Read"
            for h in g["hooks"] if h.get("command") == HOOK_COMMAND]
    assert len(pres) == 17
    stale = checks(project)["settings"]
    assert stale["status"] == "warn"
    assert stale["detail"].startswith(
        "PreToolUse Read (17 entries): an older garrepa's, which gave the map as system context; "
        "the map now comes after the Read, as its own output (upgrade due: run garrepa init); "
        "PostToolUse Read if Read(**/*.adoc): missing;")
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    after = json.loads(settings.read_text())
    posts = [h["if"] for g in after["hooks"]["PostToolUse"] if g.get("matcher") == "Read"
             for h in g["hooks"]]
    assert posts == pres
    assert not [h for g in after["hooks"].get("PreToolUse", []) for h in g["hooks"]
                if h.get("command") == HOOK_COMMAND]
    assert checks(project)["settings"]["status"] == "ok"
    assert invoke("uninstall", str(project)).exit_code == 0
    assert settings.read_bytes() == original

"""A new user's and an upgrader's run of issue 28's routes, with real processes (the installed
`garrepa`, the project's launcher, the plugin's launcher), each showing a problem found by hand."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GARREPA = Path(sys.executable).with_name("garrepa")
PLUGIN_HOOK = REPO / "plugin" / "hooks" / "garrepa-hook"


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GARREPA", "ANTHROPIC"))}
    env["GARREPA_HOME"] = str(home)
    return env


def _project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    project = tmp_path / "proj"
    project.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    env = _env(tmp_path / "home")
    subprocess.run([str(GARREPA), "init", "--provider", "none"], cwd=project, env=env,
                   check=True, capture_output=True)
    return project, env


def _grep_event(project: Path) -> str:
    out = "".join(f"src/f{i}.py:{n}:    x = {n}  # TODO\n" for i in range(40) for n in range(150))
    return json.dumps({
        "session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse",
        "tool_name": "Bash", "tool_use_id": "toolu_1",
        "tool_input": {"command": "grep -rn TODO .", "description": "find"},
        "tool_response": {"stdout": out, "stderr": "", "interrupted": False, "isImage": False}})


def test_plugin_briefs_a_grep_when_the_projects_older_install_has_no_entry_for_it(
        tmp_path: Path) -> None:
    """A project installed before the command route (entries for Read, MCP and git only) with
    the plugin enabled: Claude Code starts only the plugin's `Bash(grep *)` handler, which
    steps aside because the project has *some* PostToolUse entries, so nobody briefs the
    252 KB grep and nothing is journaled. The plugin should defer only to a project entry
    that covers the same call."""
    project, env = _project(tmp_path)
    settings = project / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    post = [g for g in data["hooks"]["PostToolUse"] if g["matcher"] != "Grep|Glob"]
    for group in post:
        if group["matcher"] == "Bash":
            group["hooks"] = [h for h in group["hooks"] if h.get("if", "").startswith("Bash(git")]
    data["hooks"]["PostToolUse"] = post
    settings.write_text(json.dumps(data))

    run = subprocess.run(["sh", str(PLUGIN_HOOK), "plugin"], input=_grep_event(project),
                         cwd=project, env=env, capture_output=True, text=True, timeout=60)
    assert "[garrepa briefing | command" in run.stdout, (run.stdout[:300], run.stderr[-500:])


def test_init_logs_on_an_existing_config_leaves_an_install_doctor_accepts(tmp_path: Path) -> None:
    """`init --logs` says it "sets logs.enabled"; with a garrepa.config.json already there it
    installs the logs entries but does not set the key, and `doctor` then calls every one of
    them "no longer matches the config (re-run garrepa init)" — advice that would remove them."""
    project, env = _project(tmp_path)
    subprocess.run([str(GARREPA), "init", "--logs"], cwd=project, env=env, check=True,
                   capture_output=True)
    doctor = subprocess.run([str(GARREPA), "doctor", "--json"], cwd=project, env=env,
                            capture_output=True, text=True)
    checks = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}
    assert checks["settings"]["status"] == "ok", checks["settings"]["detail"][:300]

"""Issue 35: `init` lets the agent run `garrepa ask` and `garrepa peek` without a permission
prompt (allow rules in .claude/settings.local.json); `uninstall` takes exactly them away."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py.install.runner_allow import runner_rule

RECALL = ["Bash(garrepa ask:*)", "Bash(garrepa peek:*)"]


def garrepa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args], capture_output=True,
                          text=True, check=False, env=dict(os.environ, GARREPA_PROVIDER="none"))


def local(project: Path) -> Path:
    return project / ".claude" / "settings.local.json"


def allow_check(project: Path) -> dict[str, str]:
    checks = json.loads(garrepa("doctor", str(project), "--json").stdout)["checks"]
    return next(check for check in checks if check["name"] == "allow rules")


def test_init_allows_ask_and_peek_and_uninstall_removes_the_file_it_created(
        project: Path) -> None:
    assert garrepa("init", str(project)).returncode == 0
    assert json.loads(local(project).read_text()) == {"permissions": {"allow": RECALL}}
    assert allow_check(project)["status"] == "ok"
    second = garrepa("init", str(project))
    assert "nothing changed" in second.stdout
    assert garrepa("uninstall", str(project)).returncode == 0
    assert not local(project).exists()


def test_init_logs_adds_the_runner_rule_to_the_same_list(project: Path) -> None:
    assert garrepa("init", str(project), "--logs").returncode == 0
    allow = json.loads(local(project).read_text())["permissions"]["allow"]
    assert allow == [*RECALL, runner_rule(project)]
    assert garrepa("uninstall", str(project)).returncode == 0
    assert not local(project).exists()


@pytest.mark.parametrize("original", [
    '{"permissions": {"allow": ["Bash(ls)"], "deny": ["Read(.env)"]}, "env": {"A": "1"}}',
    '{\n\t"permissions": {\n\t\t"allow": [\n\t\t\t"Bash(garrepa ask:*)"\n\t\t]\n\t}\n}',
    '{}\r\n',
    '{"model": "x"}',
])
@pytest.mark.parametrize("logs", [False, True])
def test_uninstall_puts_back_the_users_file_byte_for_byte(
        project: Path, original: str, logs: bool) -> None:
    local(project).parent.mkdir()
    local(project).write_bytes(original.encode())
    assert garrepa("init", str(project), *(["--logs"] if logs else [])).returncode == 0
    allow = json.loads(local(project).read_text())["permissions"]["allow"]
    assert all(rule in allow for rule in RECALL)
    assert garrepa("uninstall", str(project)).returncode == 0
    assert local(project).read_bytes() == original.encode()


def test_uninstall_after_an_edit_removes_only_garrepas_rules(project: Path) -> None:
    local(project).parent.mkdir()
    local(project).write_text('{"permissions": {"allow": ["Bash(ls)"]}}\n')
    assert garrepa("init", str(project)).returncode == 0
    data = json.loads(local(project).read_text())
    data["permissions"]["allow"].append("Bash(make:*)")  # the user's edit since init
    local(project).write_text(json.dumps(data) + "\n")
    assert garrepa("uninstall", str(project)).returncode == 0
    assert json.loads(local(project).read_text()) == {
        "permissions": {"allow": ["Bash(ls)", "Bash(make:*)"]}}


def test_dry_run_shows_the_rules_and_writes_nothing(project: Path) -> None:
    result = garrepa("init", str(project), "--dry-run")
    assert result.returncode == 0
    assert '+      "Bash(garrepa ask:*)",' in result.stdout
    assert '+      "Bash(garrepa peek:*)"' in result.stdout
    assert not (project / ".claude").exists()
    assert garrepa("init", str(project)).returncode == 0
    shown = garrepa("uninstall", str(project), "--dry-run").stdout
    assert "settings.local.json" in shown and '-      "Bash(garrepa ask:*)",' in shown
    assert local(project).exists()


def test_doctor_warns_when_the_rules_are_gone(project: Path) -> None:
    assert garrepa("init", str(project)).returncode == 0
    local(project).write_text('{"permissions": {"allow": ["Bash(garrepa peek:*)"]}}\n')
    check = allow_check(project)
    assert check["status"] == "warn"
    assert check["detail"].startswith("Bash(garrepa ask:*) missing in ")
    assert check["hint"] == "run `garrepa init`"
    assert garrepa("init", str(project)).returncode == 0  # the hint's fix
    assert allow_check(project)["status"] == "ok"


def test_a_local_file_init_cannot_edit_is_left_with_a_note_unless_logs_need_it(
        project: Path) -> None:
    local(project).parent.mkdir()
    local(project).write_text('{"permissions": ["not", "an object"]}')
    before = local(project).read_bytes()
    result = garrepa("init", str(project))
    assert result.returncode == 0
    assert "so Claude Code will ask before the agent runs `garrepa ask`" in result.stdout
    assert local(project).read_bytes() == before
    assert allow_check(project)["status"] == "warn"
    assert garrepa("uninstall", str(project)).returncode == 0
    assert local(project).read_bytes() == before
    refused = garrepa("init", str(project), "--logs")
    assert refused.returncode == 1 and "is not an object" in refused.stderr
    assert not (project / ".claude" / "hooks").exists()  # refused before any write


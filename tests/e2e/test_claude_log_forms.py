"""The ways agents really start a test run, against the real Claude Code: each starts exactly one
hook (the `if` rules match it, and no two of them do), and a failing run in a real venv reaches
the agent with every failure — where without the logs route Claude Code cuts them away."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

from garrepa_py import journal

from ..support.claude_run import ClaudeRun, run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e

FORMS = [".venv/bin/python -m pytest -q", ".venv/bin/python3 -m pytest -q", ".venv/bin/pytest -q",
         "venv/bin/pytest -q", "node_modules/.bin/jest --ci",
         "source .venv/bin/activate && pytest -q", ". .venv/bin/activate && pytest -q",
         "cd sub && source ../.venv/bin/activate && mypy .", "uv run --frozen pytest -q",
         "poetry run pytest -q", "pytest -q", "git -c color.ui=never log -1"]
QUIET = ["git -c color.ui=never commit -qm nothing --allow-empty", "git status --short",
         "source .venv/bin/activate", "echo sub"]
PASSING, FAILING = 600, ("test_alpha_fails", "test_beta_fails", "test_gamma_fails")


def hooks_per_command(run: ClaudeRun) -> dict[str, int]:
    """How many hook processes Claude Code started for each Bash command, in stream order."""
    counts: dict[str, int] = {}
    current = None
    for event in run.events:
        if event.get("type") == "assistant":
            for block in event.get("message", {}).get("content", []):
                if block.get("type") == "tool_use" and block.get("name") == "Bash":
                    current = block["input"]["command"]
                    counts.setdefault(current, 0)
        elif event.get("subtype") == "hook_started" and event.get("hook_event") in (
                "PreToolUse", "PostToolUse"):
            assert current is not None
            counts[current] += 1
    return counts


def test_each_form_starts_one_hook_and_the_others_none(git_project: Path, tmp_path: Path,
                                                       garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--logs")
    script = [Turn.tool("Bash", command=command) for command in FORMS + QUIET]
    with FakeAnthropic(script) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home,
                         extra_env={"GARREPA_PROVIDER": "none"})
    assert run.returncode == 0, run.stderr[-2000:]
    counts = hooks_per_command(run)
    assert counts == {**{command: 1 for command in FORMS}, **{command: 0 for command in QUIET}}
    records = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
               if r.get("event") != "log-run"]
    wrapped = [r["reason"] for r in records if str(r.get("reason", "")).startswith("wrapped-")]
    assert len(wrapped) == len(FORMS) - 1  # the git log went to the git route


def test_negative_control_the_rules_of_before_start_no_hook_for_the_path_forms(
        git_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--logs")
    settings_file = git_project / ".claude" / "settings.json"
    installed = json.loads(settings_file.read_text())
    group = next(g for g in installed["hooks"]["PreToolUse"] if g["matcher"] == "Bash")
    group["hooks"] = [h for h in group["hooks"] if not h["if"].startswith("Bash(*")]
    settings_file.write_text(json.dumps(installed))
    paths = [".venv/bin/python -m pytest -q", ".venv/bin/pytest -q"]
    with FakeAnthropic([Turn.tool("Bash", command=command) for command in paths]) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home,
                         extra_env={"GARREPA_PROVIDER": "none"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert hooks_per_command(run) == {command: 0 for command in paths}


@pytest.fixture
def venv_project(tmp_path: Path) -> Path:
    return make_venv_project(tmp_path / "demo")


def make_venv_project(root: Path) -> Path:
    """A project with a real venv (no pip: this test run's packages through a .pth file, and a
    pytest script in its bin/) and 600 passing tests around three failing ones."""
    (root / "tests").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root / ".venv")],
                   check=True, timeout=60)
    [site] = (root / ".venv").glob("lib/python*/site-packages")
    (site / "outer.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    script = root / ".venv" / "bin" / "pytest"
    script.write_text(f"#!{root / '.venv' / 'bin' / 'python'}\nimport sys\n"
                      "from pytest import console_main\nsys.exit(console_main())\n")
    script.chmod(0o755)
    body = ["import pytest", "", "",
            f"@pytest.mark.parametrize('n', range({PASSING // 2}))",
            "def test_first_half_passes(n):", "    assert n >= 0", ""]
    body += [f"def {name}():\n    assert {index} == {index + 1}, 'wrong answer {index}'\n"
             for index, name in enumerate(FAILING)]
    body += [f"@pytest.mark.parametrize('n', range({PASSING // 2}))",
             "def test_second_half_passes(n):", "    assert n >= 0", ""]
    (root / "tests" / "test_demo.py").write_text("\n".join(body))
    return root


def run_in(project: Path, tmp_path: Path, garrepa_home: Path, commands: list[str],
           skip: bool = True) -> list[dict[str, Any]]:
    with FakeAnthropic([Turn.tool("Bash", command=command) for command in commands]) as fake:
        done = run_claude(project, fake.url, tmp_path / "home", garrepa_home,
                          extra_env={"GARREPA_PROVIDER": "none"}, timeout=300,
                          skip_permissions=skip)
        assert done.returncode == 0, done.stderr[-2000:]
        return list(fake.tool_results().values())


VENV_FORMS = [".venv/bin/python -m pytest -v -p no:cacheprovider tests",
              "source .venv/bin/activate && pytest -v -p no:cacheprovider tests"]


def test_a_failing_run_in_a_real_venv_reaches_the_agent_with_every_failure(
        venv_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(venv_project), "--logs")
    for result in run_in(venv_project, tmp_path, garrepa_home, VENV_FORMS):
        text = str(result["content"])
        assert "[garrepa log | pytest | FAILED" in text, text[:500]
        assert all(name in text for name in FAILING)
        assert re.search(rf"^=+ 3 failed, {PASSING} passed in [\d.]+s =+$", text, re.M)
        assert "characters truncated" not in text


def test_negative_control_without_the_logs_route_claude_code_cuts_the_run(
        venv_project: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(venv_project))
    for result in run_in(venv_project, tmp_path, garrepa_home, VENV_FORMS):
        text = str(result["content"])
        assert "[garrepa log" not in text and "characters truncated" in text
        assert "def test_alpha_fails" not in text  # the failure's traceback is cut away


def allow_user_rule(project: Path, rule: str, runner_rule: str | None = None) -> None:
    """The user's own allow rule beside the runner's (replaced by `runner_rule` when given)."""
    path = project / ".claude" / "settings.local.json"
    data = json.loads(path.read_text())
    if runner_rule is not None:
        data["permissions"]["allow"] = [runner_rule]
    data["permissions"]["allow"].append(rule)
    path.write_text(json.dumps(data))


SPACED_RUN = ".venv/bin/python -m pytest -v -p no:cacheprovider tests"


def test_a_project_path_with_a_space_works_under_the_users_permission_rules(
        tmp_path: Path, garrepa_home: Path) -> None:
    project = make_venv_project(tmp_path / "my demo")
    garrepa("init", str(project), "--logs")
    allow_user_rule(project, "Bash(.venv/bin/python -m pytest:*)")
    [result] = run_in(project, tmp_path, garrepa_home, [SPACED_RUN], skip=False)
    text = str(result["content"])
    assert "[garrepa log | pytest | FAILED" in text, text[:500]
    assert all(name in text for name in FAILING) and "characters truncated" not in text


def test_negative_control_an_unquoted_runner_rule_leaves_the_runner_asked_about(
        tmp_path: Path, garrepa_home: Path) -> None:
    project = make_venv_project(tmp_path / "my demo")
    garrepa("init", str(project), "--logs")
    runner = project / ".claude" / "hooks" / "garrepa-log"
    allow_user_rule(project, "Bash(.venv/bin/python -m pytest:*)", f"Bash({runner}:*)")
    [result] = run_in(project, tmp_path, garrepa_home, [SPACED_RUN], skip=False)
    text = str(result["content"])
    assert "requires approval" in text and f"'{runner}' --family pytest" in text
    assert "[garrepa log" not in text

"""Measured in the real Claude Code: a hook gets the `env` of the user's and the project's
settings (settings.json and settings.local.json) on top of Claude Code's own environment, so
`claude_code_environment` (what `init` and `doctor` judge egress by) reads the same places."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.model.providers import claude_code_environment

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn

pytestmark = pytest.mark.e2e


def test_a_hook_sees_the_env_of_every_settings_file(tmp_path: Path) -> None:
    project, home = tmp_path / "proj", tmp_path / "home"
    (project / ".claude").mkdir(parents=True)
    (home / ".claude").mkdir(parents=True)
    dump = project / "hook-env.json"
    command = (f"python3 -c 'import json, os; json.dump(dict(os.environ), open(\"{dump}\", \"w\"))'")
    hooks = {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": command}]}]}
    (home / ".claude" / "settings.json").write_text(json.dumps({"env": {"PROBE_USER": "u"}}))
    (project / ".claude" / "settings.json").write_text(json.dumps(
        {"env": {"PROBE_PROJECT": "p"}, "hooks": hooks}))
    (project / ".claude" / "settings.local.json").write_text(json.dumps(
        {"env": {"PROBE_LOCAL": "l"}}))
    (project / ".claude" / "settings.other.json").write_text(json.dumps(  # not a settings file
        {"env": {"PROBE_ELSEWHERE": "x"}}))
    with FakeAnthropic([Turn(text="done")]) as fake:
        run = run_claude(project, fake.url, home, tmp_path / "garrepa-home")
    assert run.returncode == 0, run.stderr[-2000:]
    seen = json.loads(dump.read_text())
    probes = {k: v for k, v in seen.items() if k.startswith("PROBE_")}
    assert probes == {"PROBE_USER": "u", "PROBE_PROJECT": "p", "PROBE_LOCAL": "l"}
    assert "PROBE_ELSEWHERE" not in seen  # the negative control: only settings files count
    ours = claude_code_environment(str(project), {"HOME": str(home)})
    assert {k: ours.get(k) for k in probes} == probes

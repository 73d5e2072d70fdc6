from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest

from garrepa_py import fs, paths
from garrepa_py.config.load import load_config
from garrepa_py.install.settings_merge import has_all_entries
from garrepa_py.routes import registry

from .helpers import invoke


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_init_fresh_project_writes_everything(project: Path, garrepa_home: Path) -> None:
    result = invoke("init", str(project))
    assert result.exit_code == 0, result.output
    settings = json.loads((project / ".claude/settings.json").read_text())
    assert has_all_entries(settings, 30) == []
    launcher = project / ".claude/hooks/garrepa-hook"
    assert launcher.stat().st_mode & stat.S_IXUSR
    assert (project / ".claude/skills/garrepa-write/SKILL.md").read_text().startswith("---\nname: garrepa-write")
    assert not (project / "garrepa.config.json").exists()  # nothing was chosen: no config
    assert json.loads((project / ".claude/garrepa.config.schema.json").read_text())["title"] == \
        "garrepa.config.json"
    assert (garrepa_home / "interpreter").read_text().splitlines()[0] == os.sys.executable
    assert "garrepa is installed." in result.output
    assert "next: run `garrepa doctor`" in result.output


def test_init_twice_changes_no_byte(project: Path) -> None:
    invoke("init", str(project))
    before = snapshot(project)
    result = invoke("init", str(project))
    assert result.exit_code == 0
    assert snapshot(project) == before
    assert "nothing changed" in result.output


def test_init_keeps_foreign_settings_and_layout(project: Path) -> None:
    settings = project / ".claude/settings.json"
    settings.parent.mkdir()
    original = {"permissions": {"allow": ["Bash(npm test)"]}, "env": {"FOO": "bar"},
                "hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [
                    {"type": "command", "command": "echo mine"}]}]},
                "someFutureKey": {"x": 1}}
    settings.write_text(json.dumps(original, indent=4) + "\n")
    assert invoke("init", str(project)).exit_code == 0
    text = settings.read_text()
    assert text.startswith('{\n    "permissions"')  # four-space indentation kept
    data = json.loads(text)
    assert list(data) == ["permissions", "env", "hooks", "someFutureKey"]
    assert data["hooks"]["PreToolUse"][0]["hooks"][0] == {"type": "command", "command": "echo mine"}
    assert invoke("uninstall", str(project)).exit_code == 0
    assert json.loads(settings.read_text()) == original


@pytest.mark.parametrize("content, message", [
    ('{"hooks": {', "is not valid JSON (line 1, column 12: Expecting property name enclosed in double quotes)"),
    ("[1, 2]", ": the top level must be a JSON object"),
    ('{"hooks": "nope"}', ': "hooks" must be an object mapping event names to lists'),
])
def test_init_refuses_bad_settings_and_leaves_them_byte_identical(
        project: Path, content: str, message: str) -> None:
    settings = project / ".claude/settings.json"
    settings.parent.mkdir()
    settings.write_text(content)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert f"error: {settings}{'' if message.startswith(':') else ' '}{message}" in result.output
    assert f"hint: fix or move {settings} and run the command again; nothing was changed" in result.output
    assert settings.read_text() == content
    assert not (project / ".claude/hooks").exists()


def test_init_never_touches_settings_local(project: Path) -> None:
    local = project / ".claude/settings.local.json"
    local.parent.mkdir()
    local.write_text('{"hooks": "even invalid shapes stay"}')
    before = local.read_bytes()
    assert invoke("init", str(project)).exit_code == 0
    assert invoke("uninstall", str(project), "--purge").exit_code == 0
    assert local.read_bytes() == before


def test_init_keeps_existing_config_and_says_flags_were_not_applied(project: Path) -> None:
    config = project / "garrepa.config.json"
    config.write_text('{"threshold": {"minChars": 5000}}\n')
    result = invoke("init", str(project), "--provider", "none")
    assert result.exit_code == 0
    assert config.read_text() == '{"threshold": {"minChars": 5000}}\n'
    assert "note: garrepa.config.json exists, so provider.type was not written to it" in result.output


def test_init_update_config_sets_flags_and_keeps_other_keys(project: Path) -> None:
    config = project / "garrepa.config.json"
    config.write_text('{"threshold": {"minChars": 5000}}\n')
    result = invoke("init", str(project), "--provider", "openai-compatible",
                    "--base-url", "http://127.0.0.1:11434/v1", "--update-config")
    assert result.exit_code == 0, result.output
    data = json.loads(config.read_text())
    assert data["threshold"] == {"minChars": 5000}
    assert data["provider"] == {"type": "openai-compatible", "baseUrl": "http://127.0.0.1:11434/v1"}


def test_init_flags_go_into_new_config(project: Path) -> None:
    result = invoke("init", str(project), "--provider", "none", "--model", "tiny",
                    "--api-key-env", "MY_KEY", "--threshold", "9000")
    assert result.exit_code == 0
    data = json.loads((project / "garrepa.config.json").read_text())
    assert data["provider"]["type"] == "none"
    assert data["provider"]["model"] == "tiny"
    assert data["provider"]["apiKeyEnvVar"] == "MY_KEY"
    assert data["threshold"]["minChars"] == 9000


def test_init_rejects_bad_flag_value(project: Path) -> None:
    result = invoke("init", str(project), "--threshold", "5")
    assert result.exit_code == 1
    assert "error: 'threshold.minChars' must be a whole number from 1000 to 10000000 (got '5')" in result.output
    assert not (project / ".claude").exists()


def test_init_dry_run_prints_diff_and_writes_nothing(project: Path, garrepa_home: Path) -> None:
    result = invoke("init", str(project), "--dry-run")
    assert result.exit_code == 0
    assert "would create" in result.output
    assert '+            "if": "Bash(git diff*)",' in result.output
    assert "dry run: nothing was written" in result.output
    assert list(project.iterdir()) == []
    assert not (garrepa_home / "interpreter").exists()


def test_init_hints_when_api_key_unset(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = invoke("init", str(project))
    assert ("hint: no model is reachable from this shell (auto-nothing-found), so briefings will "
            "be structural only; `garrepa doctor` says what to set.") in result.output
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    assert "hint: no model" not in invoke("init", str(project)).output


def test_init_refuses_to_overwrite_foreign_launcher(project: Path) -> None:
    launcher = project / ".claude/hooks/garrepa-hook"
    launcher.parent.mkdir(parents=True)
    launcher.write_text("#!/bin/sh\necho mine\n")
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert f"error: {launcher} exists and was not written by garrepa; refusing to overwrite it" in result.output
    assert launcher.read_text() == "#!/bin/sh\necho mine\n"


def test_init_upgrades_older_launcher(project: Path) -> None:
    invoke("init", str(project))
    launcher = project / ".claude/hooks/garrepa-hook"
    launcher.write_text("#!/bin/sh\n# managed by garrepa-py (old)\nexit 0\n")
    assert invoke("init", str(project)).exit_code == 0
    assert launcher.read_text() == (Path(paths.templates_dir()) / "garrepa-hook").read_text()


def test_init_missing_directory_is_a_clear_error(tmp_path: Path) -> None:
    result = invoke("init", str(tmp_path / "nope"))
    assert result.exit_code == 1
    assert f"error: {tmp_path / 'nope'} is not a directory" in result.output
    assert "hint: pass the project's root directory" in result.output


def test_write_is_atomic_when_replace_fails(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = project / ".claude/settings.json"
    settings.parent.mkdir()
    settings.write_text('{"env": {}}\n')

    def broken_replace(src: str, dst: str, **dir_fds: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(fs.os, "replace", broken_replace)
    result = invoke("init", str(project))
    assert result.exit_code == 1
    assert settings.read_text() == '{"env": {}}\n'
    assert [p.name for p in settings.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_concurrent_inits_leave_one_valid_install(project: Path) -> None:
    settings = project / ".claude/settings.json"
    settings.parent.mkdir()
    settings.write_text('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}')
    errors: list[BaseException] = []

    def run() -> None:
        try:
            from garrepa_py.install.project import install
            install(project, {}, 30)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    data = json.loads(settings.read_text())
    assert has_all_entries(data, 30) == []
    posts = [h for g in data["hooks"]["PostToolUse"] for h in g["hooks"]]
    # one handler per PostToolUse slot of the registry: each written once, by one of the inits
    assert len(posts) == len([s for s in registry.slots(load_config(None).settings)
                              if s.event == "PostToolUse"])
    assert data["hooks"]["Stop"] == [{"hooks": [{"type": "command", "command": "x"}]}]


def test_uninstall_removes_exactly_what_init_added(project: Path) -> None:
    (project / "README.md").write_text("hello\n")
    before = snapshot(project)
    invoke("init", str(project))
    result = invoke("uninstall", str(project))
    assert result.exit_code == 0
    assert snapshot(project) == before
    assert not (project / ".claude").exists()


def test_uninstall_keeps_a_chosen_config_and_its_schema(project: Path) -> None:
    invoke("init", str(project), "--threshold", "9000")
    result = invoke("uninstall", str(project))
    assert result.exit_code == 0
    assert json.loads((project / "garrepa.config.json").read_text()) == {
        "$schema": "./.claude/garrepa.config.schema.json", "threshold": {"minChars": 9000}}
    assert (project / ".claude/garrepa.config.schema.json").exists()  # the $schema still resolves
    assert "kept (use --purge to remove it)" in result.output
    assert invoke("uninstall", str(project), "--purge").exit_code == 0
    assert list(project.iterdir()) == []


def test_uninstall_purge_removes_config_and_state(project: Path) -> None:
    invoke("init", str(project))
    (project / ".garrepa").mkdir()
    (project / ".garrepa" / "spill.txt").write_text("x")
    assert invoke("uninstall", str(project), "--purge").exit_code == 0
    assert list(project.iterdir()) == []


def test_uninstall_keeps_foreign_files_in_our_directories(project: Path) -> None:
    invoke("init", str(project))
    mine = project / ".claude/hooks/mine.sh"
    mine.write_text("echo\n")
    assert invoke("uninstall", str(project)).exit_code == 0
    assert mine.read_text() == "echo\n"
    assert not (project / ".claude/hooks/garrepa-hook").exists()


def test_uninstall_dry_run_changes_nothing(project: Path) -> None:
    invoke("init", str(project))
    before = snapshot(project)
    result = invoke("uninstall", str(project), "--dry-run")
    assert "would remove" in result.output
    assert snapshot(project) == before

"""The steps every host's install shares (install/shared.py), for a Codex-only install."""

from __future__ import annotations

from pathlib import Path

from garrepa_py import paths
from garrepa_py.install.shared import plan_shared


def test_without_flags_only_the_interpreter_is_recorded(project: Path) -> None:
    changes, notes, write = plan_shared(project, {}, False, dry_run=False)
    assert changes == [] and notes == []
    assert [c.action for c in write()] == ["create"]
    assert Path(paths.interpreter_record()).is_file()
    assert not Path(paths.project_config_file(project)).exists()


def test_flags_write_the_config_and_trust_it(project: Path) -> None:
    from garrepa_py.config.load import load_config

    changes, _, write = plan_shared(project, {"provider.type": "none"}, False, dry_run=False)
    assert [c.action for c in write()] == ["create", "create"]
    config = load_config(project)
    assert config.settings.provider.type == "none"
    assert not config.untrusted_keys


def test_dry_run_writes_nothing(project: Path) -> None:
    _, _, write = plan_shared(project, {"provider.type": "none"}, False, dry_run=True)
    write()
    assert not Path(paths.project_config_file(project)).exists()
    assert not Path(paths.interpreter_record()).exists()

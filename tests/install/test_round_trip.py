"""`init` keeps a settings file's own bytes; `uninstall` puts them back exactly.

The fixtures were written by hand in the styles people use: 2 and 4 spaces, tabs, one compact
line, CRLF, no final newline, non-ASCII text (raw and escaped), the user's own hooks.
"""

from __future__ import annotations

import difflib
import json
import shutil
from pathlib import Path

import pytest

from ..cli.helpers import invoke

FIXTURES = Path(__file__).with_name("fixtures") / "settings"
ALL = sorted(p.name for p in FIXTURES.glob("*.json"))


def install_fixture(project: Path, name: str) -> Path:
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    shutil.copyfile(FIXTURES / name, settings)
    return settings


@pytest.mark.parametrize("name", ALL)
def test_init_then_uninstall_gives_back_the_exact_bytes(project: Path, name: str) -> None:
    settings = install_fixture(project, name)
    original = settings.read_bytes()
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    assert settings.read_bytes() != original
    result = invoke("uninstall", str(project))
    assert result.exit_code == 0, result.output
    assert settings.read_bytes() == original
    assert not (project / ".claude" / "hooks").exists()


@pytest.mark.parametrize("name", [n for n in ALL if n != "own_hooks.json"])
def test_init_adds_lines_and_leaves_the_users_own_alone(project: Path, name: str) -> None:
    settings = install_fixture(project, name)
    before = settings.read_bytes().decode()
    assert invoke("init", str(project)).exit_code == 0
    after = settings.read_bytes().decode()
    if "\r\n" in before:  # every line ending stays CRLF
        assert after.count("\r\n") == after.count("\n")
    else:
        assert "\r" not in after
    assert before.endswith("\n") == after.endswith("\n")
    removed = [line for line in difflib.ndiff(before.splitlines(), after.splitlines())
               if line.startswith("- ")]
    # at most the line before the new member changes, by gaining its comma
    assert len(removed) <= 1, removed
    data_before, data_after = json.loads(before), json.loads(after)
    assert {k: v for k, v in data_after.items() if k != "hooks"} == data_before
    assert list(data_after)[:len(data_before)] == list(data_before)


@pytest.mark.parametrize("name", ["two_space.json", "four_space_hand.json", "tabs.json",
                                  "compact.json", "crlf.json", "unicode.json"])
def test_after_the_users_own_edit_uninstall_removes_only_our_entries(project: Path,
                                                                     name: str) -> None:
    settings = install_fixture(project, name)
    original = settings.read_bytes().decode()
    assert invoke("init", str(project)).exit_code == 0
    # the user edits their permissions by hand while garrepa is installed
    edited = settings.read_bytes().decode().replace('"allow":', '"ask": ["Bash(rm *)"], "allow":')
    settings.write_bytes(edited.encode())
    assert invoke("uninstall", str(project)).exit_code == 0
    expected = original.replace('"allow":', '"ask": ["Bash(rm *)"], "allow":')
    assert settings.read_bytes().decode() == expected


def test_a_settings_file_init_created_goes_with_uninstall(project: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    assert (project / ".claude" / "settings.json").exists()
    assert invoke("uninstall", str(project)).exit_code == 0
    assert not (project / ".claude").exists()  # nothing else was in it


def test_a_created_file_that_gained_other_settings_keeps_them(project: Path) -> None:
    assert invoke("init", str(project)).exit_code == 0
    settings = project / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    data["env"] = {"A": "1"}
    settings.write_text(json.dumps(data, indent=2) + "\n")
    assert invoke("uninstall", str(project)).exit_code == 0
    assert settings.read_text() == '{\n  "env": {\n    "A": "1"\n  }\n}\n'


def test_uninstall_where_nothing_is_installed_says_so(project: Path) -> None:
    settings = install_fixture(project, "two_space.json")
    before = settings.read_bytes()
    result = invoke("uninstall", str(project))
    assert result.exit_code == 0
    assert result.output.strip() == f"garrepa is not installed in {project}; nothing to remove."
    assert settings.read_bytes() == before


def test_reinit_keeps_the_original_aside(project: Path) -> None:
    settings = install_fixture(project, "four_space_hand.json")
    original = settings.read_bytes()
    for _ in range(2):
        assert invoke("init", str(project)).exit_code == 0
    assert invoke("uninstall", str(project)).exit_code == 0
    assert settings.read_bytes() == original

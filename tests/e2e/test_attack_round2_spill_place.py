"""Attack on issue 33's spill place (round 2), against the real Claude Code binary in its default
permission mode. Claude Code names its folder for the project from the path; garrepa must write
spills into that same folder, or the agent's Read of the spill a digest names needs a permission
(in `-p` mode: refused), and the exact bytes a digest left out are out of reach.

- A path with a character beyond U+FFFF (`proj-\U0001f680`, mathematical letters): Claude Code
  turns each UTF-16 unit into `-` (two for an emoji), garrepa turned each code point into one,
  so the spill went to a folder of its own and the Read was refused in both versions (failed
  before).
- CLAUDE_CONFIG_DIR with CLAUDE_CODE_PROJECT_DIR_NAME: Claude Code's folder is that name, not
  the path's (failed before in both).
- Two paths over 200 characters sharing their first 200: Claude Code appends a hash of each
  path; garrepa's guess found two folders and used one of its own (failed before).
- A project opened through a symlink, with PWD the link's spelling: both take the real path
  (held already; kept as a pin).
Negative controls: the real path, a path with an accented letter and a space (one UTF-16
unit each) and one with a decomposed accent (no normalisation on either side) read their
spills with no prompt.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e
SPILL = re.compile(r"\[exact original: (\S+) \(")
ALLOW = ("--allowedTools", "Bash(grep:*)")


def _project(root: Path) -> Path:
    for n in range(60):
        (root / "src" / f"mod{n}").mkdir(parents=True)
        (root / "src" / f"mod{n}" / "core.py").write_text(
            "".join(f"def handler_{n}_{k}(value):\n    return value + {k}\n" for k in range(40)))
    garrepa("init", str(root), "--provider", "none")
    return root


def _read_of_spill(opened: Path, tmp_path: Path, garrepa_home: Path,
                   env: dict[str, str] | None = None) -> tuple[str, Any]:
    named: list[str] = []

    def read_spill(body: dict[str, Any]) -> Turn:
        last = json.dumps(body["messages"][-1]).replace("\\\\", "\\")
        named.append(str(SPILL.findall(last)[-1]))
        return Turn.tool("Read", file_path=named[-1], offset=3, limit=2)

    script = [Turn.tool("Bash", command='grep -rn "def " src', description="look"), read_spill]
    with FakeAnthropic(script) as fake:
        run = run_claude(opened, fake.url, tmp_path / "home", garrepa_home,
                         skip_permissions=False, extra_args=ALLOW,
                         extra_env={"PWD": str(opened), **(env or {})})
        assert run.returncode == 0, run.stderr[-2000:]
        results = list(fake.tool_results().values())
    return named[0], results[1]


def test_a_project_opened_through_a_symlink_reads_its_spill_without_a_prompt(
        tmp_path: Path, garrepa_home: Path) -> None:
    real = _project(tmp_path / "data" / "proj")
    link = tmp_path / "work" / "proj"
    link.parent.mkdir()
    link.symlink_to(real)
    spill, result = _read_of_spill(link, tmp_path, garrepa_home)
    assert not result.get("is_error"), (spill, result)


def test_control_the_real_path_reads_its_spill_without_a_prompt(
        tmp_path: Path, garrepa_home: Path) -> None:
    real = _project(tmp_path / "data" / "proj")
    spill, result = _read_of_spill(real, tmp_path, garrepa_home)
    assert not result.get("is_error"), (spill, result)


@pytest.mark.parametrize("name", ["caf\u00e9 notes", "proj-\U0001f680",
                                  "\U0001d4ab\U0001d4c7\U0001d4c4\U0001d4bf", "cafe\u0301"],
                         ids=["control-bmp-accent-space", "astral-emoji", "astral-math-letters",
                              "decomposed-accent"])
def test_a_project_path_with_unusual_characters_reads_its_spill_without_a_prompt(
        tmp_path: Path, garrepa_home: Path, name: str) -> None:
    real = _project(tmp_path / name)
    spill, result = _read_of_spill(real, tmp_path, garrepa_home)
    assert not result.get("is_error"), (spill, result)


def test_a_project_folder_named_by_claude_code_project_dir_name_reads_its_spill(
        tmp_path: Path, garrepa_home: Path) -> None:
    """With CLAUDE_CONFIG_DIR set, Claude Code names the project's folder by
    CLAUDE_CODE_PROJECT_DIR_NAME (a name of 1-64 letters, digits, `_` or `-`; read from the
    2.1.328 and 2.1.332 binaries) instead of the project's path."""
    real = _project(tmp_path / "data" / "proj")
    config = tmp_path / "home" / ".claude"
    spill, result = _read_of_spill(real, tmp_path, garrepa_home, {
        "CLAUDE_CONFIG_DIR": str(config), "CLAUDE_CODE_PROJECT_DIR_NAME": "acme-api_2"})
    assert Path(spill).parents[2] == config / "projects" / "acme-api_2", spill
    assert not result.get("is_error"), (spill, result)


def test_two_long_project_paths_with_one_start_each_read_their_own_spill(
        tmp_path: Path, garrepa_home: Path) -> None:
    """Paths over 200 characters: Claude Code cuts the folder name at 200 and appends
    `-<|Java-style hash of the path|, base 36>`. Once two projects share those 200 characters
    (two services deep in one monorepo), garrepa's guess (the one folder with that start)
    found two and spilled into a folder of its own, where the Read was refused."""
    deep = tmp_path / ("monorepo-" + "x" * 40) / ("services-" + "y" * 60) / ("packages-" + "z" * 80)
    first = _project(deep / "service-alpha")
    second = _project(deep / "service-beta")
    _, result = _read_of_spill(first, tmp_path, garrepa_home)
    assert not result.get("is_error"), result
    spill, result = _read_of_spill(second, tmp_path, garrepa_home)
    assert not result.get("is_error"), (spill, result)

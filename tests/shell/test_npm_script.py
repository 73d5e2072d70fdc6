"""shell/npm_script.py: which program `npm test` / `npm run NAME` runs, read from the project's own
package.json, and whether that program prints the success line the runner needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from garrepa_py.shell import npm_script


def project(tmp_path: Path, scripts: dict[str, str]) -> Path:
    (tmp_path / "package.json").write_text(json.dumps({"name": "p", "scripts": scripts}))
    return tmp_path


@pytest.mark.parametrize("words, name", [
    (["npm", "test"], "test"), (["npm", "t"], "test"), (["npm", "run", "test:unit"], "test:unit"),
    (["npm", "install"], None), (["npm", "run"], None),
])
def test_script_name(words: list[str], name: str | None) -> None:
    assert npm_script.script_name(words) == name


@pytest.mark.parametrize("script, speaks", [
    ("vitest run", True),
    ("jest --ci", True),
    ("cross-env NODE_ENV=test jest", True),
    ("node_modules/.bin/mocha", True),
    ("vite build", True),
    ("vite", False),                      # a dev server
    ("tsc -p . && jest", False),          # two programs: which one passed?
    ("node scripts/test.js", False),
])
def test_speaks_by_the_script(tmp_path: Path, script: str, speaks: bool) -> None:
    cwd = project(tmp_path, {"test": script})
    assert npm_script.speaks("npm test", str(cwd)) is speaks


def test_cd_reads_the_package_json_there(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    project(tmp_path / "web", {"test": "jest"})
    assert npm_script.speaks("cd web && npm test", str(tmp_path)) is True
    assert npm_script.speaks("npm test", str(tmp_path)) is False  # no package.json here


def test_a_broken_or_missing_package_json_speaks_not(tmp_path: Path) -> None:
    assert npm_script.speaks("npm test", str(tmp_path)) is False
    (tmp_path / "package.json").write_text("{not json")
    assert npm_script.speaks("npm test", str(tmp_path)) is False
    project(tmp_path, {"build": "vite build"})
    assert npm_script.speaks("npm test", str(tmp_path)) is False  # no such script

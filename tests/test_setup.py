"""The README's install command works on a fresh machine, and so do pipx and uv tool installs.

Each case installs the package (and its dependencies, from PyPI) into a brand-new environment
and runs the installed `garrepa`; the test command itself is what CI runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.setup


def readme_command(label: str) -> str:
    text = (REPO / "README.md").read_text()
    match = re.search(rf"<!-- {label} -->\n```(?:bash|sh)\n(.+?)\n```", text, re.S)
    assert match, f"README has no {label} block"
    return match.group(1).strip()


@pytest.fixture(scope="module")
def source_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A clean copy of the committed-looking tree (no .venv, no caches)."""
    target = tmp_path_factory.mktemp("src") / "garrepa-py"
    shutil.copytree(REPO, target, ignore=shutil.ignore_patterns(
        ".venv", ".cache", ".git", "__pycache__", "*.egg-info", ".pytest_cache", ".mypy_cache",
        ".ruff_cache", "build", "dist"))
    return target


def network_env() -> dict[str, str]:
    """Proxy, CA and package-index settings of this machine, so installs reach the registries."""
    wanted = re.compile(r"(?i)(proxy|ssl|cert|ca_bundle)|^(PIP|UV)_")
    return {k: v for k, v in os.environ.items() if wanted.search(k)}


def fresh_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    return path / "bin"


def run(command: list[str] | str, env: dict[str, str], cwd: Path) -> str:
    proc = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True,
                          shell=isinstance(command, str), timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc.stdout


@pytest.mark.slow  # a fresh install from the registry
def test_readme_install_command_on_fresh_venv(source_copy: Path, tmp_path: Path) -> None:
    command = readme_command("install-command")
    assert command == "python3 -m pip install . && garrepa --version"
    bin_dir = fresh_venv(tmp_path / "venv")
    env = {**network_env(), "PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path),
           "GARREPA_HOME": str(tmp_path / "gh"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    output = run(["bash", "-c", command], env, source_copy)
    assert output.strip().splitlines()[-1] == "garrepa 0.1.0"
    # the installed wheel carries its templates: init works from it
    project = tmp_path / "p"
    project.mkdir()
    run([str(bin_dir / "garrepa"), "init", str(project)], env, tmp_path)
    assert (project / ".claude/hooks/garrepa-hook").read_text().startswith("#!/bin/sh")
    # PyPI-ready metadata, typed, and no model SDK unless asked for (`garrepa-py[anthropic]`)
    probe = ("import importlib.metadata as m, importlib.util as u, json, pathlib, garrepa_py; "
             "d = m.metadata('garrepa-py'); "
             "print(json.dumps({'urls': d.get_all('Project-URL'), 'classifiers': "
             "d.get_all('Classifier'), 'requires': d.get_all('Requires-Dist'), "
             "'typed': (pathlib.Path(garrepa_py.__file__).parent / 'py.typed').is_file(), "
             "'sdk': u.find_spec('anthropic') is not None}))")
    found = json.loads(run([str(bin_dir / "python"), "-c", probe], env, tmp_path))
    assert {url.split(",")[0] for url in found["urls"]} >= {"Homepage", "Changelog", "Issues"}
    assert "Typing :: Typed" in found["classifiers"] and found["typed"]
    sdk = [r for r in found["requires"] if r.startswith("anthropic")]
    assert sdk and all("extra ==" in r for r in sdk) and not found["sdk"]
    # without the SDK the CLI still works (the standard-library Messages client serves it)
    assert "garrepa report" in run([str(bin_dir / "garrepa"), "report", "--help"], env, tmp_path)


def test_readme_test_command_is_what_ci_runs() -> None:
    command = readme_command("test-command")
    assert command == "scripts/test"
    assert "exec scripts/test" in (REPO / ".ci/run").read_text()


@pytest.mark.slow  # fresh installs from the registry
@pytest.mark.parametrize("tool", ["pipx", "uv"])
def test_tool_installs(tool: str, source_copy: Path, tmp_path: Path) -> None:
    tools = fresh_venv(tmp_path / "tools")
    run([str(tools / "pip"), "install", "--quiet", tool], dict(os.environ), tmp_path)
    bin_dir = tmp_path / "bin"
    env = {**network_env(), "PATH": f"{tools}:/usr/bin:/bin", "HOME": str(tmp_path),
           "PIPX_HOME": str(tmp_path / "pipx"), "PIPX_BIN_DIR": str(bin_dir),
           "UV_TOOL_DIR": str(tmp_path / "uv-tools"), "UV_TOOL_BIN_DIR": str(bin_dir),
           "UV_CACHE_DIR": str(Path.home() / ".cache" / "uv"),
           "UV_PYTHON": sys.executable, "UV_PYTHON_DOWNLOADS": "never",
           "UV_NATIVE_TLS": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    install = [tool, "install", str(source_copy)] if tool == "pipx" else \
        ["uv", "tool", "install", str(source_copy)]
    run(install, env, tmp_path)
    assert run([str(bin_dir / "garrepa"), "--version"], env, tmp_path) == "garrepa 0.1.0\n"

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..support.claude_run import claude_binary

GIT = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com"]


def pytest_configure(config: pytest.Config) -> None:
    # not `e2e`: those run once per Claude Code binary (tests/conftest.py), these once
    config.addinivalue_line("markers", "codex: runs the real Codex CLI binary against a "
                            "loopback fake Responses API (tests/e2e/test_codex_*.py)")
    config.addinivalue_line("markers", "qwen: runs the real Qwen Code CLI against a loopback "
                            "fake of chat completions (tests/e2e/test_qwen_*.py)")


@pytest.fixture(scope="session", autouse=True)
def _claude_installed() -> None:
    if claude_binary() is None:
        pytest.fail("Claude Code is not installed: run `scripts/test` (it installs the versions "
                    "CLAUDE_CODE_VERSIONS names), or set GARREPA_TEST_CLAUDE to a claude binary "
                    "(several joined by ':')")


@pytest.fixture(autouse=True)
def _codex_installed(request: pytest.FixtureRequest) -> None:
    """A test marked `codex` skips, saying how to get it, when no Codex binary is installed."""
    if request.node.get_closest_marker("codex") is None:
        return
    from ..support import codex_run

    if codex_run.codex_binary() is None:
        pytest.skip("Codex is not installed: run `scripts/test` (it installs "
                    f"{codex_run.PINNED}) or set GARREPA_TEST_CODEX to a codex binary")


@pytest.fixture(autouse=True)
def _qwen_installed(request: pytest.FixtureRequest) -> None:
    """A test marked `qwen` skips, saying how to get it, when no Qwen Code is installed."""
    if request.node.get_closest_marker("qwen") is None:
        return
    from ..support import qwen_run

    if qwen_run.qwen_binary() is None:
        pytest.skip("Qwen Code is not installed: run `scripts/test` (it installs "
                    f"{qwen_run.PINNED}) or set GARREPA_TEST_QWEN to its cli-entry.js")


@pytest.fixture
def git_project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "sub").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=root, check=True)
    (root / "README.md").write_text("# Demo\n\nA small project.\n")
    (root / "sub" / "app.py").write_text("print('hello')\n")
    subprocess.run(GIT + ["add", "."], cwd=root, check=True)
    subprocess.run(GIT + ["commit", "-qm", "first commit"], cwd=root, check=True)
    (root / "sub" / "app.py").write_text("print('hello, world')\n")
    subprocess.run(GIT + ["commit", "-qam", "say hello to the world"], cwd=root, check=True)
    return root


def garrepa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "garrepa_py", *args], capture_output=True,
                          text=True, check=True, timeout=60)

"""Every test gets its own GARREPA_HOME, so nothing can touch the real home directory."""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings as hypothesis_settings

# CI runs the property tests with a fixed seed (a landing must not hang on luck); locally they
# explore anew each run, and whatever they find is kept in .hypothesis/ and replayed. No
# per-example deadline anywhere: on a loaded machine one example took 275 ms against the 200 ms
# default and failed a decision test as "flaky" (speed is shown by benchmarks, not here).
hypothesis_settings.register_profile("ci", derandomize=True, deadline=None)
hypothesis_settings.register_profile("local", deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "local")

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"


@pytest.fixture(autouse=True)
def garrepa_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "garrepa-home"
    monkeypatch.setenv("GARREPA_HOME", str(home))
    for name in ("GARREPA_DISABLE", "GARREPA_MODE", "GARREPA_THRESHOLD", "GARREPA_PROVIDER",
                 "GARREPA_BASE_URL", "GARREPA_MODEL", "CLAUDE_PROJECT_DIR",
                 # what `auto` follows: no test may pick up the machine's own way to Claude
                 "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_CUSTOM_HEADERS",
                 "ANTHROPIC_DEFAULT_HAIKU_MODEL", "ANTHROPIC_SMALL_FAST_MODEL",
                 "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-claude-login"))
    return home


_real_connect = socket.socket.connect


def _loopback_only(self: socket.socket, address: object) -> None:
    if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple):
        host = str(address[0])
        if not (host.startswith("127.") or host in ("::1", "localhost")):
            raise ConnectionRefusedError(f"tests may only talk to loopback, not {host}")
    _real_connect(self, address)


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test may reach a real model service: in-process sockets connect to loopback only."""
    monkeypatch.setattr(socket.socket, "connect", _loopback_only)


def _corpus(kind: str) -> Path:
    """One real-world corpus, unpacked from its committed archive (tests/corpora/; see
    support/corpora.py): nothing is fetched or built at test time."""
    from .support import corpora

    return corpora.load(kind)


@pytest.fixture(scope="session")
def doc_corpus() -> Path:
    """Docs and changelogs from the sdists of pytest, click, httpx, attrs and rich."""
    return _corpus("docs")


@pytest.fixture(scope="session")
def refdocs_corpus() -> Path:
    """The docs/ trees of aiohttp 3.11.11 and marshmallow 3.21.1 (API references)."""
    return _corpus("refdocs")


@pytest.fixture(scope="session")
def github_corpus() -> Path:
    """GitHub REST API responses recorded in PyGithub 2.3.0's sdist (its test replay data)."""
    return _corpus("github")


@pytest.fixture(scope="session")
def npm_corpus() -> Path:
    """`npm view <package> --json` for a few popular packages."""
    return _corpus("npm")


@pytest.fixture(scope="session")
def log_corpus() -> Path:
    """pytest, mypy, ruff, tape and tsc runs of click, qs and tiny-invariant, some failing."""
    return _corpus("logs")


@pytest.fixture(scope="session")
def js_corpus() -> Path:
    """jest, vitest and ESLint runs of Redux Toolkit, TanStack query-core and qs."""
    return _corpus("jslogs")


@pytest.fixture(scope="session")
def native_corpus() -> Path:
    """cargo, go, make + cc and Maven runs of semver, go-cmp/go-difflib, Brotli and JPype."""
    return _corpus("nativelogs")


@pytest.fixture(scope="session")
def click_repo() -> Path:
    """A git repository with one commit per click release 8.1.3 … 8.1.7 (from PyPI sdists)."""
    return _corpus("gitrepo")


@pytest.fixture
def repo_copy(click_repo: Path, tmp_path: Path) -> Path:
    target = tmp_path / "click"
    shutil.copytree(click_repo, target, symlinks=True)
    return target


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    return root


def run_hook(payload: bytes | str, env: dict[str, str] | None = None,
             cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """The hook entry as Claude Code runs it: a real process with the event on stdin."""
    data = payload.encode() if isinstance(payload, str) else payload
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         "import sys; sys.path.insert(0, sys.argv[1]); "
         "from garrepa_py.hook.entry import main; main()", str(SRC)],
        input=data, capture_output=True, env=full_env, cwd=cwd, timeout=60, check=False,
    )


SESSION_ID = "0b6f5c1e-session"


def transcript_path(tmp_path: Path) -> Path:
    """Where Claude Code keeps this session's transcript (its tool-results folder sits beside)."""
    return tmp_path / "claude-home" / ".claude" / "projects" / "-project" / f"{SESSION_ID}.jsonl"


def tool_results_dir(tmp_path: Path) -> Path:
    """The folder Claude Code saves large results to, as measured: <transcript>/tool-results."""
    folder = transcript_path(tmp_path).with_suffix("") / "tool-results"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def session_fields(tmp_path: Path) -> dict[str, str]:
    return {"session_id": SESSION_ID, "transcript_path": str(transcript_path(tmp_path))}


def load_script(relative: str) -> ModuleType:
    """A script of this repository (scripts/, benchmarks/) imported as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(Path(relative).stem, REPO / relative)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def plant_unreadable(path: Path, kind: str) -> None:
    """A file a repository could ship to hang or flood a reader: a FIFO or a link to /dev/zero."""
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


@functools.cache
def _claude_codes() -> tuple[tuple[Path, str], ...]:
    """(binary, version) of every Claude Code the e2e tests run against, read once per process."""
    from tests.support.claude_run import claude_binaries, claude_version

    return tuple((binary, claude_version(binary)) for binary in claude_binaries())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every end-to-end test runs once per Claude Code in GARREPA_TEST_CLAUDE (scripts/test
    installs the pinned 2.1.328 and the newest measured, 2.1.332); its id names the version."""
    if metafunc.definition.get_closest_marker("e2e") is None or \
            "claude_code" not in metafunc.fixturenames:
        return
    found = _claude_codes()
    metafunc.parametrize("claude_code", [binary for binary, _ in found] or [None], indirect=True,
                         ids=[f"claude-{version}" for _, version in found] or ["claude-missing"])


@pytest.fixture(autouse=True)
def claude_code(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Path | None:
    """The Claude Code binary an e2e test runs against (None for every other test): the e2e
    helpers find it through GARREPA_TEST_CLAUDE, narrowed here to this one binary."""
    binary: Path | None = getattr(request, "param", None)
    if binary is not None:
        monkeypatch.setenv("GARREPA_TEST_CLAUDE", str(binary))
    return binary

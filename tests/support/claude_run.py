"""Run the real Claude Code binary against a fake model, in a private HOME."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
PINNED = "2.1.328"  # the version CI pins; scripts/test also installs the newest measured one
PLATFORM = "claude-code-linux-arm64" if os.uname().machine in ("aarch64", "arm64") \
    else "claude-code-linux-x64"


def installed(version: str) -> Path:
    """Where scripts/test installs Claude Code `version` (the platform package's native binary)."""
    return REPO / ".cache" / f"claude-code-{version}" / "node_modules" / "@anthropic-ai" / \
        PLATFORM / "claude"


def claude_binaries() -> list[Path]:
    """Every Claude Code the end-to-end tests run against: GARREPA_TEST_CLAUDE (one path, or
    several joined by os.pathsep; scripts/test sets it), else the pinned version if installed.
    Each e2e test runs once per binary (tests/conftest.py)."""
    override = os.environ.get("GARREPA_TEST_CLAUDE")
    if not override:
        default = installed(PINNED)
        return [default] if default.is_file() and os.access(default, os.X_OK) else []
    named = [Path(part) for part in override.split(os.pathsep) if part]
    missing = [str(path) for path in named if not (path.is_file() and os.access(path, os.X_OK))]
    if missing:  # a version asked for must not silently drop out of the run
        raise RuntimeError(f"GARREPA_TEST_CLAUDE names no runnable claude at {', '.join(missing)}")
    return named


def claude_binary() -> Path | None:
    """The Claude Code this test runs against (the e2e parametrization narrows
    GARREPA_TEST_CLAUDE to one binary per test)."""
    found = claude_binaries()
    return found[0] if found else None


def claude_version(binary: Path) -> str:
    """`claude --version`'s number, e.g. 2.1.332 (the e2e tests' ids carry it)."""
    done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL)
    words = done.stdout.split()
    return words[0] if done.returncode == 0 and words else binary.parent.name


@dataclass
class ClaudeRun:
    returncode: int
    events: list[dict[str, Any]]
    stderr: str

    def hook_events(self) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("type") == "system"
                and str(e.get("subtype", "")).startswith("hook_")]


def run_claude(project: Path, base_url: str, home: Path, garrepa_home: Path,
               mcp_config: Path | None = None, timeout: float = 180,
               extra_env: dict[str, str] | None = None, unset: tuple[str, ...] = (),
               skip_permissions: bool = True, extra_args: tuple[str, ...] = ()) -> ClaudeRun:
    binary = claude_binary()
    assert binary is not None, "Claude Code is not installed; run scripts/test"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent.parent / "no-garrepa-here"),
                                 "/usr/local/bin", "/usr/bin", "/bin"]),
        "LANG": "C.UTF-8",
        "IS_SANDBOX": "1",
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": "sk-test-dummy",
        "GARREPA_HOME": str(garrepa_home),
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_TELEMETRY": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "MAX_MCP_OUTPUT_TOKENS": "200000",
    }
    if shutil.which("git"):
        env["PATH"] += os.pathsep + str(Path(shutil.which("git") or "git").parent)
    env.update(extra_env or {})
    for name in unset:
        env.pop(name, None)
    command = [str(binary), "-p", "go",
               *(["--dangerously-skip-permissions"] if skip_permissions
                 else ["--permission-mode", "default"]),
               "--output-format", "stream-json", "--verbose", "--include-hook-events"]
    if mcp_config is not None:
        command += ["--mcp-config", str(mcp_config)]
    command += list(extra_args)  # e.g. ("--tools", "Bash,Read,Grep,Glob")
    proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    return ClaudeRun(proc.returncode, stream_events(proc.stdout), proc.stderr)


def stream_events(stdout: str) -> list[dict[str, Any]]:
    """The JSON lines of `--output-format stream-json` output (a torn line is skipped)."""
    events = []
    for line in stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            continue
    return events


def write_mcp_config(path: Path, data_dir: Path | None = None) -> Path:
    server = Path(__file__).with_name("mcp_server.py")
    args = [str(server)] + ([str(data_dir)] if data_dir else [])
    path.write_text(json.dumps({"mcpServers": {"probe": {
        "type": "stdio", "command": sys.executable, "args": args}}}))
    return path

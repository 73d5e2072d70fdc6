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
VERSION = "2.1.328"
INSTALLED = REPO / ".cache" / "claude-code" / "node_modules" / "@anthropic-ai" / \
    "claude-code-linux-x64" / "claude"
INSTALLED_ARM = INSTALLED.parents[1] / "claude-code-linux-arm64" / "claude"


def claude_binary() -> Path | None:
    override = os.environ.get("GARREPA_TEST_CLAUDE")  # set by scripts/test
    candidates = [Path(override)] if override else [INSTALLED, INSTALLED_ARM]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


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
               skip_permissions: bool = True) -> ClaudeRun:
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
    proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    events = []
    for line in proc.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            continue
    return ClaudeRun(proc.returncode, events, proc.stderr)


def write_mcp_config(path: Path, data_dir: Path | None = None) -> Path:
    server = Path(__file__).with_name("mcp_server.py")
    args = [str(server)] + ([str(data_dir)] if data_dir else [])
    path.write_text(json.dumps({"mcpServers": {"probe": {
        "type": "stdio", "command": sys.executable, "args": args}}}))
    return path

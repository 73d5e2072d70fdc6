"""Run the real Codex CLI headless (`codex exec`) against a fake Responses API, in a private home.

Codex reads its settings from CODEX_HOME/config.toml: the model provider there points at the
loopback fake with a dummy key (no network, no login). Hooks come from the project's
`.codex/hooks.json`; a headless run only runs them with `--dangerously-bypass-hook-trust` (or
a per-hook `trusted_hash` in config.toml, see docs/codex-hooks-measured.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
PINNED = "0.171.0"  # scripts/test installs it
_ARM = os.uname().machine in ("aarch64", "arm64")
PLATFORM = "linux-arm64" if _ARM else "linux-x64"
TARGET = "aarch64-unknown-linux-musl" if _ARM else "x86_64-unknown-linux-musl"
PROBE_HOOK = Path(__file__).with_name("codex_probe_hook.py")
MCP_SERVER = Path(__file__).with_name("mcp_server.py")


def installed(version: str = PINNED) -> Path:
    """Where scripts/test installs Codex `version` (the platform package's native binary)."""
    return REPO / ".cache" / f"codex-{version}" / "node_modules" / "@openai" / \
        f"codex-{PLATFORM}" / "vendor" / TARGET / "bin" / "codex"


def codex_binary() -> Path | None:
    """GARREPA_TEST_CODEX (scripts/test sets it), else the pinned version if installed."""
    override = os.environ.get("GARREPA_TEST_CODEX")
    path = Path(override) if override else installed()
    return path if path.is_file() and os.access(path, os.X_OK) else None


def codex_version(binary: Path) -> str:
    """`codex --version` reads `codex-cli 0.171.0`."""
    done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                          check=False, stdin=subprocess.DEVNULL)
    words = done.stdout.split()
    return words[-1] if done.returncode == 0 and words else "unknown"


@dataclass
class CodexRun:
    returncode: int
    events: list[dict[str, Any]]  # `codex exec --json` lines
    stderr: str
    codex_home: Path

    def sessions(self) -> list[Path]:
        """The session (rollout) JSONL files Codex wrote under CODEX_HOME/sessions."""
        return sorted((self.codex_home / "sessions").rglob("*.jsonl"))

    def session_lines(self) -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        for path in self.sessions():
            for line in path.read_text().splitlines():
                try:
                    lines.append(json.loads(line))
                except ValueError:
                    continue
        return lines


def write_config(codex_home: Path, base_url: str, project: Path, *, mcp: bool = False,
                 extra: str = "") -> Path:
    """CODEX_HOME/config.toml: the fake as the model provider, the project trusted."""
    codex_home.mkdir(parents=True, exist_ok=True)
    text = (f'model = "gpt-fake"\nmodel_provider = "fake"\n{extra}\n'
            '[sandbox_workspace_write]\nexclude_slash_tmp = true\n\n'
            f'[model_providers.fake]\nname = "fake"\nbase_url = {json.dumps(base_url)}\n'
            'env_key = "FAKE_OPENAI_KEY"\nwire_api = "responses"\n\n'
            f'[projects.{json.dumps(str(project))}]\ntrust_level = "trusted"\n')
    if mcp:
        text += (f'\n[mcp_servers.probe]\ncommand = {json.dumps(sys.executable)}\n'
                 f'args = [{json.dumps(str(MCP_SERVER))}]\n'
                 # exec's approval policy is `never`, and an MCP call needing approval then
                 # fails ("requires approval, but approval policy is never")
                 'default_tools_approval_mode = "approve"\n')
    path = codex_home / "config.toml"
    path.write_text(text)
    return path


def write_probe_hooks(project: Path, log_dir: Path, replies: dict[str, dict[str, Any]],
                      events: tuple[str, ...] = ("PreToolUse", "PostToolUse")) -> Path:
    """`.codex/hooks.json` with the probe hook on every tool for `events`: it saves each event it
    gets under `log_dir` and answers with `replies[event]` (nothing when absent)."""
    (project / ".codex").mkdir(parents=True, exist_ok=True)
    log_dir.mkdir(parents=True, exist_ok=True)
    hooks: dict[str, Any] = {}
    for event in events:
        reply_file = log_dir / f"reply-{event}.json"
        if event in replies:
            reply_file.write_text(json.dumps(replies[event]))
        command = " ".join([sys.executable, str(PROBE_HOOK), str(log_dir), str(reply_file)])
        hooks[event] = [{"matcher": "*", "hooks": [{"type": "command", "command": command}]}]
    path = project / ".codex" / "hooks.json"
    path.write_text(json.dumps({"hooks": hooks}, indent=2))
    return path


def hook_events(log_dir: Path, event: str) -> list[dict[str, Any]]:
    """The events the probe hook saved for `event`, in the order they came."""
    return [json.loads(p.read_text()) for p in sorted(log_dir.glob(f"{event}-*.json"))]


def run_codex(project: Path, codex_home: Path, *, args: tuple[str, ...] = (),
              bypass_hook_trust: bool = True, timeout: float = 120,
              extra: dict[str, str] | None = None) -> CodexRun:
    """`codex exec` headless; `extra` is laid over its private environment (Codex hands it on
    to hooks: GARREPA_HOME and the like)."""
    binary = codex_binary()
    assert binary is not None, "Codex is not installed; run scripts/test"
    # The sandbox's writable places are the workspace and $TMPDIR, never the shared /tmp
    # (config `exclude_slash_tmp`): Codex's sandbox makes a `.git` mount point in each
    # writable root (an empty /tmp/.git seen after parallel runs), and a /tmp/.git makes every
    # other test's project under /tmp look like one git repository. TMPDIR is the run's `cap`
    # folder, where the tests keep capture files.
    private_tmp = codex_home.parent / "cap"
    private_tmp.mkdir(parents=True, exist_ok=True)
    env = {
        "TMPDIR": str(private_tmp),
        "HOME": str(codex_home.parent / "home"),
        "CODEX_HOME": str(codex_home),
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "FAKE_OPENAI_KEY": "sk-test-dummy",
        # anything Codex would send past the fake goes to a closed port: no network
        "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
        "ALL_PROXY": "http://127.0.0.1:9", "NO_PROXY": "127.0.0.1,localhost",
    }
    env.update({k: v for k, v in (extra or {}).items() if k not in ("HOME", "CODEX_HOME")})
    command = [str(binary), "exec", "--json", "--skip-git-repo-check",
               *(["--dangerously-bypass-hook-trust"] if bypass_hook_trust else []), *args, "go"]
    proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    events = []
    for line in proc.stdout.splitlines():
        try:
            events.append(json.loads(line))
        except ValueError:
            continue
    return CodexRun(proc.returncode, events, proc.stderr, codex_home)

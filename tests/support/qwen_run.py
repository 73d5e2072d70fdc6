"""Run the real Qwen Code CLI headless (`qwen -p`) against a loopback fake of OpenAI chat
completions (tests/support/fake_chat.py), in a private home: no network, no login.

The model provider comes from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL with
`--auth-type openai`); hooks come from the project's `.qwen/settings.json` (docs/
qwen-code-hooks-measured.md). Proxies point at a closed loopback port.
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
PINNED = "0.24.4"  # scripts/test installs it
PROBE_HOOK = Path(__file__).with_name("codex_probe_hook.py")  # saves the event, answers a file


def installed(version: str = PINNED) -> Path:
    """Where scripts/test installs Qwen Code `version` (its node entry point)."""
    return REPO / ".cache" / f"qwen-code-{version}" / "node_modules" / "@qwen-code" / \
        "qwen-code" / "cli-entry.js"


def qwen_binary() -> Path | None:
    """GARREPA_TEST_QWEN (scripts/test sets it), else the pinned version if installed."""
    override = os.environ.get("GARREPA_TEST_QWEN")
    path = Path(override) if override else installed()
    return path if path.is_file() else None


@dataclass
class QwenRun:
    returncode: int
    stdout: str
    stderr: str
    home: Path


def write_probe_hooks(project: Path, log_dir: Path, replies: dict[str, dict[str, Any]],
                      events: tuple[str, ...] = ("PreToolUse", "PostToolUse")) -> Path:
    """`.qwen/settings.json` with the probe hook on every tool for `events`: it saves each event
    under `log_dir` and answers with `replies[event]` (nothing when absent)."""
    (project / ".qwen").mkdir(parents=True, exist_ok=True)
    log_dir.mkdir(parents=True, exist_ok=True)
    hooks: dict[str, Any] = {}
    for event in events:
        reply_file = log_dir / f"reply-{event}.json"
        if event in replies:
            reply_file.write_text(json.dumps(replies[event]))
        command = " ".join([sys.executable, str(PROBE_HOOK), str(log_dir), str(reply_file)])
        hooks[event] = [{"matcher": "*", "hooks": [{"type": "command", "command": command}]}]
    path = project / ".qwen" / "settings.json"
    path.write_text(json.dumps({"hooks": hooks}, indent=2))
    return path


def hook_events(log_dir: Path, event: str) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(log_dir.glob(f"{event}-*.json"))]


def run_qwen(project: Path, home: Path, base_url: str, *, timeout: float = 90,
             extra: dict[str, str] | None = None) -> QwenRun:
    """`qwen -p go --yolo` headless in `project`; `extra` is laid over its private environment."""
    binary = qwen_binary()
    assert binary is not None, "Qwen Code is not installed; run scripts/test"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home), "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "LANG": "C.UTF-8", "TMPDIR": str(home),
        "OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "sk-test-dummy",
        "OPENAI_MODEL": "qwen-fake",
        "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
        "ALL_PROXY": "http://127.0.0.1:9", "NO_PROXY": "127.0.0.1,localhost",
        "NO_BROWSER": "1", "CI": "1",
    }
    env.update({k: v for k, v in (extra or {}).items() if k != "HOME"})
    command = ["node", str(binary), "--auth-type", "openai", "--approval-mode", "yolo",
               "--output-format", "json", "-p", "go"]
    proc = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)
    return QwenRun(proc.returncode, proc.stdout, proc.stderr, home)

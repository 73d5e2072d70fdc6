"""One real Claude Code session calling every tool of one zoo server (tests/support/mcp_zoo.py).

The scripted fake model calls `mcp__<server>__<tool>` for each of the server's calls in order;
a recording PostToolUse hook (beside garrepa's, when the project has it) keeps the JSON Claude
Code hands a hook, and the model's requests show what each call delivered.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .claude_run import run_claude
from .fake_anthropic import FakeAnthropic, Turn
from .mcp_zoo import Server, prepare, servers

RECORDER = ("import sys, time, pathlib; d = pathlib.Path(sys.argv[1]); d.mkdir(exist_ok=True); "
            "(d / f'{time.time_ns()}.json').write_bytes(sys.stdin.buffer.read())")


@dataclass
class ZooSession:
    server: Server  # with the calls as made in this session's project
    delivered: list[Any]  # the tool_result content the model received, one per call
    hook_events: list[dict[str, Any]]
    returncode: int
    stderr: str


def delivered_text(content: Any) -> str:
    """A tool_result's text as the model reads it (an image block counts as its marker)."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        elif isinstance(block, dict):
            parts.append(f"[{block.get('type')}]")
    return "\n".join(parts)


def add_recorder(project: Path, folder: Path) -> None:
    """A PostToolUse hook on mcp__.* that writes its stdin to `folder` (merged into the
    project's settings, beside whatever garrepa init put there)."""
    settings_path = project / ".claude" / "settings.json"
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    settings = json.loads(settings_path.read_text()) if settings_path.exists() else {}
    command = f"{sys.executable} -c \"{RECORDER}\" {folder}"
    settings.setdefault("hooks", {}).setdefault("PostToolUse", []).append(
        {"matcher": "mcp__.*", "hooks": [{"type": "command", "command": command}]})
    settings_path.write_text(json.dumps(settings, indent=2))


def run_zoo_session(name: str, folder: Path, pages: str, garrepa: bool = False,
                    garrepa_home: Path | None = None, timeout: float = 420,
                    github: tuple[str, Path] | None = None,
                    default_token_cap: bool = False) -> ZooSession:
    """Run the session in `folder/proj`, a new project holding the zoo's data (`garrepa init`
    first when asked). run_claude raises Claude Code's MCP token cap to 200,000 so the results
    arrive as the servers made them; `default_token_cap` leaves it at Claude Code's default, where
    a large result reaches the hook as Claude Code's saved-file notice. The data is in the
    project because Claude Code offers the server its roots: the filesystem server then allows
    the project and nothing else (measured: every path outside it is "Access denied - path
    outside allowed directories")."""
    project = prepare(folder / "proj")
    [server] = [s for s in servers(project, pages, *([github] if github else [])) if s.name == name]
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=project, check=True)
    home = garrepa_home or folder / "garrepa-home"
    if garrepa:
        subprocess.run([sys.executable, "-m", "garrepa_py", "init", str(project)], check=True,
                       capture_output=True, timeout=60, env=_env(home))
    events = folder / "hook-events"
    add_recorder(project, events)
    config = folder / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {server.name: server.mcp_config()}}))
    script = [Turn.tool(f"mcp__{server.name}__{call.tool}", **call.arguments)
              for call in server.calls]
    with FakeAnthropic(script, lifetime=timeout + 60) as agent:
        run = run_claude(project, agent.url, folder / "home", home, mcp_config=config,
                         timeout=timeout, extra_env={"GARREPA_PROVIDER": "none"},
                         unset=("MAX_MCP_OUTPUT_TOKENS",) if default_token_cap else ())
        delivered = [r.get("content") for r in agent.tool_results().values()]
    recorded = [json.loads(p.read_text()) for p in sorted(events.glob("*.json"),
                                                          key=lambda p: int(p.stem))]
    return ZooSession(server, delivered, recorded, run.returncode, run.stderr)


def _env(garrepa_home: Path) -> dict[str, str]:
    import os

    return {**os.environ, "GARREPA_HOME": str(garrepa_home)}

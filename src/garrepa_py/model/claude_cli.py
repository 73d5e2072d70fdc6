"""The user's logged-in `claude` binary in print mode: briefings without an API key.

The child run must not load garrepa's hooks, any tools or MCP servers, or the project's
settings: it runs in an empty temporary directory with no tools, an empty strict MCP config,
no setting sources, and GARREPA_DISABLE=1 in case a user-level garrepa hook is installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time

from garrepa_py.model.base import MIN_ATTEMPT_SECONDS, ModelError, ModelReply, token_counts

DEFAULT_MODEL = "haiku"
# Variables that tie a process to the running Claude Code session (set in every hook's env);
# the child run must be a session of its own.
SESSION_VARIABLES = ("CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID",
                     "CLAUDE_CODE_CHILD_SESSION", "CLAUDE_CODE_MESSAGING_SOCKET",
                     "CLAUDE_CODE_MESSAGING_TOKEN", "CLAUDE_PID", "CLAUDE_EFFORT",
                     "CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA")


def child_environment(parent: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in parent.items() if k not in SESSION_VARIABLES}
    env.update(GARREPA_DISABLE="1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1")
    return env


def child_command(binary: str, model: str, system: str) -> list[str]:
    return [binary, "-p", "--model", model, "--output-format", "json",
            "--system-prompt", system, "--tools", "", "--strict-mcp-config",
            "--mcp-config", '{"mcpServers":{}}', "--setting-sources", "",
            "--disable-slash-commands", "--no-session-persistence"]


class ClaudeCliClient:
    name = "claude-cli"
    origin = ""  # how `auto` chose it, for doctor and the journal

    def __init__(self, model: str, binary: str | None = None) -> None:
        self.model = DEFAULT_MODEL if model.startswith("claude-haiku") else model
        self.binary = binary or shutil.which("claude") or "claude"

    def complete(self, system: str, user: str, max_tokens: int, deadline: float) -> ModelReply:
        remaining = deadline - time.monotonic()
        if remaining < MIN_ATTEMPT_SECONDS:
            raise ModelError("no-time", f"{remaining:.1f}s left")
        env = child_environment(dict(os.environ))
        with tempfile.TemporaryDirectory(prefix="garrepa-claude-") as empty:
            try:
                proc = subprocess.run(child_command(self.binary, self.model, system), input=user,
                                      capture_output=True, text=True, timeout=remaining,
                                      cwd=empty, env=env, check=False)
            except subprocess.TimeoutExpired:
                raise ModelError("timeout", "claude -p did not finish in time") from None
            except OSError as exc:
                raise ModelError("no-claude", str(exc)) from None
        try:
            result = json.loads(proc.stdout)
        except ValueError:
            raise ModelError("malformed-reply", f"claude exited {proc.returncode}") from None
        if not isinstance(result, dict) or result.get("is_error") or proc.returncode != 0:
            raise ModelError("claude-error", str(result.get("result", ""))[:200]
                             if isinstance(result, dict) else "")
        tokens_in, tokens_out = token_counts(result, "input_tokens", "output_tokens")
        models = result.get("modelUsage")
        used = next(iter(models), self.model) if isinstance(models, dict) and models else self.model
        return ModelReply(text=str(result.get("result") or ""), model=str(used),
                          input_tokens=tokens_in,
                          output_tokens=tokens_out)

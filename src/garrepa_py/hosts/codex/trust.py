"""Codex's hook trust: whether the user's Codex runs garrepa's project hooks, and recording it.

Measured with Codex 0.171.0: a project's `.codex/hooks.json` runs only once each of its hooks
is trusted, even in a trusted project; untrusted hooks are skipped without a word. The trust is
one table per hook in CODEX_HOME/config.toml (CODEX_HOME defaults to ~/.codex):

    [hooks.state."<absolute hooks.json path>:<event_snake>:<group index>:<handler index>"]
    trusted_hash = "sha256:…"

where the hash is the `currentHash` that `codex app-server`'s `hooks/list` reports for the hook
(with its `trustStatus`: untrusted, trusted, modified, managed). garrepa asks Codex for both
rather than computing the hash, and writes config.toml only when the user asks
(`garrepa init --host codex --trust-codex-hooks`).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from garrepa_py.errors import GarrepaError
from garrepa_py.hosts.codex.install import hooks_file, is_ours

APP_SERVER_TIMEOUT = 20.0


def codex_home() -> Path:
    return Path(os.environ.get("CODEX_HOME") or Path.home() / ".codex")


def _snake(event: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"_\1", event).lower()


def our_keys(project: Path, data: object) -> list[str]:
    """The trust keys of garrepa's handlers in `data` (the project's hooks.json, parsed)."""
    path = hooks_file(project)
    hooks = data.get("hooks") if isinstance(data, dict) else None
    keys = []
    for event, groups in (hooks.items() if isinstance(hooks, dict) else ()):
        for g, group in enumerate(groups if isinstance(groups, list) else ()):
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for h, handler in enumerate(handlers if isinstance(handlers, list) else ()):
                if is_ours(handler):
                    keys.append(f"{path}:{_snake(event)}:{g}:{h}")
    return keys


def recorded(home: Path | None = None) -> dict[str, str]:
    """key -> trusted_hash from CODEX_HOME/config.toml (empty when absent or unreadable)."""
    import tomlkit

    try:
        text = (home or codex_home()).joinpath("config.toml").read_text("utf-8")
        data = tomlkit.parse(text).unwrap()
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    state = data.get("hooks", {}).get("state", {}) if isinstance(data.get("hooks"), dict) else {}
    return {key: value["trusted_hash"] for key, value in state.items()
            if isinstance(value, dict) and isinstance(value.get("trusted_hash"), str)}


@dataclass(frozen=True)
class HookState:
    key: str
    current_hash: str
    status: str  # untrusted | trusted | modified | managed


def listed(binary: str, project: Path, env: dict[str, str] | None = None,
           timeout: float = APP_SERVER_TIMEOUT) -> dict[str, HookState]:
    """Codex's own view of the project's hooks (`codex app-server`, JSON-RPC on stdio:
    initialize, then hooks/list for the project's directory), by trust key."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"clientInfo": {"name": "garrepa", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": {"cwds": [str(project)]}},
    ]
    reply: dict[str, Any] | None = None
    try:
        with subprocess.Popen([binary, "app-server"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=project,
                              env=env, text=True) as proc:
            assert proc.stdin is not None and proc.stdout is not None
            timer = threading.Timer(timeout, proc.kill)
            timer.start()
            try:
                for request in requests:
                    proc.stdin.write(json.dumps(request) + "\n")
                proc.stdin.flush()
                for line in proc.stdout:
                    try:
                        message = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(message, dict) and message.get("id") == 2:
                        reply = message
                        break
            finally:
                timer.cancel()
                proc.kill()
    except OSError as exc:
        raise GarrepaError(f"cannot run `{binary} app-server`: {exc}") from exc
    if reply is None or not isinstance(reply.get("result"), dict):
        raise GarrepaError(f"`{binary} app-server` did not list the hooks "
                           f"({(reply or {}).get('error') or 'no answer'})")
    states = {}
    for entry in reply["result"].get("data") or []:
        for hook in entry.get("hooks") or [] if isinstance(entry, dict) else []:
            if isinstance(hook, dict) and isinstance(hook.get("key"), str):
                states[hook["key"]] = HookState(hook["key"], str(hook.get("currentHash", "")),
                                                str(hook.get("trustStatus", "")))
    return states


def record_trust(states: list[HookState], home: Path | None = None) -> Path:
    """Write `trusted_hash` for each hook into CODEX_HOME/config.toml, every other line kept."""
    import tomlkit

    from garrepa_py.fs import write_atomic

    path = (home or codex_home()) / "config.toml"
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        text = ""
    document = tomlkit.parse(text)
    hooks = document.setdefault("hooks", tomlkit.table(is_super_table=True))
    state = hooks.setdefault("state", tomlkit.table(is_super_table=True))
    for hook in states:
        table = state.setdefault(hook.key, tomlkit.table())
        table["trusted_hash"] = hook.current_hash
    write_atomic(path, tomlkit.dumps(document))
    return path


def manual_lines(states: list[HookState]) -> str:
    """The tables a user can paste into config.toml to trust the hooks by hand."""
    return "\n".join(f"[hooks.state.{json.dumps(s.key)}]\ntrusted_hash = {json.dumps(s.current_hash)}"
                     for s in states)

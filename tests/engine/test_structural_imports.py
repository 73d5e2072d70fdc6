"""A structural-only compress event loads no HTTP stack: not with provider `none`, and not with
provider `auto` finding no key (it checks the environment before importing a client)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import SRC
from ..hook.test_entry import LOADED_AFTER

HTTP_STACK = ("anthropic", "httpx", "requests", "urllib3", "http.client", "ssl",
              "urllib.request", "garrepa_py.model.anthropic_api")
TEXT = "\n".join(f"- item {n}: the quick brown fox jumps over the lazy dog" for n in range(900))
EVENT = {"session_id": "s", "hook_event_name": "PostToolUse", "tool_name": "mcp__github__x",
         "tool_input": {}, "tool_use_id": "t", "tool_response": [{"type": "text", "text": TEXT}],
         "mcp_server": {"name": "github", "source": "project"}}
NO_WAY_TO_CLAUDE = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL",
                    "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_OAUTH_TOKEN")


def loaded(project: Path, tmp_path: Path, provider: str, extra: dict[str, str]) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in NO_WAY_TO_CLAUDE}
    env.update(CLAUDE_PROJECT_DIR=str(project), GARREPA_PROVIDER=provider,
               GARREPA_THRESHOLD="1000", PATH=str(tmp_path), HOME=str(tmp_path), **extra)
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LOADED_AFTER, str(SRC), json.dumps(EVENT),
         ",".join(HTTP_STACK)], capture_output=True, text=True, timeout=60, check=False, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    record = json.loads((Path(env["GARREPA_HOME"]) / "journal.jsonl").read_text()
                        .splitlines()[-1])
    assert record["decision"] == "compress"  # it did compress
    return list(ast.literal_eval(proc.stderr.rsplit("LOADED=", 1)[1]))


@pytest.mark.parametrize("provider", ["none", "auto"])
def test_structural_compress_loads_no_http_stack(project: Path, tmp_path: Path,
                                                 provider: str) -> None:
    assert loaded(project, tmp_path, provider, {}) == []


def test_a_key_in_the_environment_does_load_the_client(project: Path, tmp_path: Path) -> None:
    # the negative control: the same event with a key (to a closed port) loads the client
    found = loaded(project, tmp_path, "auto", {"ANTHROPIC_API_KEY": "sk-test",
                                               "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"})
    assert "garrepa_py.model.anthropic_api" in found and "http.client" in found

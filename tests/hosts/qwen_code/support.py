"""Qwen Code 0.24.4's recorded shell events (tests/e2e/fixtures/qwen-code-0.24.4/), reshaped."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from garrepa_py.hosts.qwen_code.shell import CUT_MARK

FIXTURES = Path(__file__).parents[2] / "e2e" / "fixtures" / "qwen-code-0.24.4"
HASH = "ee481a9d95ad5cddd811f349022b565255b513ff700b8a042ff1df6cf8d7db1e"


def fixture(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FIXTURES / name).read_text())
    return loaded


def wrapped(command: str, output: str) -> str:
    """Qwen Code's `llmContent` around a shell output (measured)."""
    return (f"Command: {command}\nDirectory: (root)\nOutput: {output}\nError: (none)\n"
            "Exit Code: 0\nSignal: (none)\nProcess Group PGID: (none)")


def grep_output(lines: int) -> str:
    return "".join(f"src/pkg/module_{n % 37}.py:{n}:    def handler_{n}(request, timeout=30):\n"
                   for n in range(lines))


def saved(home: Path, command: str, output: str, name: str = "run_shell_command_8721456a92e3"
          ) -> tuple[Path, str]:
    """Qwen Code's saved file of a cut output, and the `llmContent` notice it gives instead."""
    folder = home / ".qwen" / "tmp" / HASH
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.output"
    text = wrapped(command, output)
    path.write_text(text)
    notice = (f"{CUT_MARK}{path}\nTo read the complete output, use the read_file tool with the "
              "absolute file path above.\nThe truncated output below shows the beginning and end "
              "of the content. The marker '... [CONTENT TRUNCATED] ...' indicates where content "
              f"was removed.\n\nTruncated part of the output:\n{text[:2000]}\n\n---\n... [CONTENT "
              f"TRUNCATED] ...\n---\n\n{text[-2000:]}")
    return path, notice


def post(command: str, content: str, **changes: Any) -> dict[str, Any]:
    event = fixture("post-shell-small.json")
    event.update(tool_input={"command": command},
                 tool_response={"llmContent": content, "returnDisplay": ""})
    event.update(changes)
    return event

"""What each arm of the answerability benchmark delivers to the model for one task (issue 27).

Claude Code's own rules are the ones measured on 2.1.328 (/work/shared/claude-code-hooks-measured.md
§1, §2, §6): they apply to the original output (arm `claude-code`) and to garrepa's replacement
alike, since Claude Code renders a hook's reply with the tool's own formatter and limits.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from answerability_reader import Delivery, numbered

REPO = Path(__file__).resolve().parents[1]
# the source tree the garrepa arm runs (`--src DIR`: a copy with other budgets, an experiment)
SOURCE = {"src": REPO / "src"}

BASH_PERSIST_OVER = 30_000  # a Bash output over this is persisted (25,000 inline, 31,000 not)
PREVIEW = 2_048  # "Preview (first 2KB)"
FAILURE_CAP = 30_000  # a failed command's output is cut to this first
FAILURE_EDGE = 5_000  # then only its first and last ~5,000 chars are kept
# a Grep result over this is persisted, hook reply or not (20,000 inline, 20,001 not; measured
# on 2.1.328 and 2.1.332: docs/measured-search-tools.md §2)
GREP_PERSIST_OVER = 20_000
MCP_INLINE_UP_TO = 50_000  # ≤ ~48K inline, ≥ ~55K persisted: "about 50,000 chars of JSON"
# over this an MCP result is saved and the hook gets the notice instead: the cap is 25,000
# tokens x 4 by Claude Code's own estimate, so in chars it depends on the text; measured, 364K
# chars and the zoo's 421,300-char read_text_file reached the hook whole, 439K did not
MCP_TOKEN_CAP = 430_000
READ_CAP = 256 * 1024  # a Read over this is an error telling the agent to use offset/limit
HEAD_TAIL = 8_000
POINTER = 1_000
SESSION = "0b6f5c1e-answerability"
# settings the garrepa arm runs with, on top of GARREPA_PROVIDER=none (`--threshold N` sets
# GARREPA_THRESHOLD here, to see what another threshold.minChars would give)
GARREPA_ENV: dict[str, str] = {}


@dataclass(frozen=True)
class Input:
    """One task's input laid out in its private directory: `root/project` is the project,
    `root/claude-home` Claude Code's home; `text` is the document, output or result."""

    kind: str  # read | git | log | command | search | mcp
    text: str
    root: Path
    path: Path  # the document (read) or the whole output saved by Claude Code
    command: str = ""
    exit_code: int = 0
    tool: str = ""
    tool_input: dict[str, Any] = field(default_factory=dict)  # a search's Grep call
    # an MCP result exactly as Claude Code hands it to the hook: a string (structuredContent
    # as compact JSON) or a list of content blocks; None: one text block holding `text`
    response: Any = None
    server: dict[str, Any] = field(default_factory=dict)

    @property
    def mcp_response(self) -> Any:
        return [{"type": "text", "text": self.text}] if self.response is None else self.response

    @property
    def project(self) -> Path:
        return self.root / "project"

    @property
    def tool_results(self) -> Path:
        return self.transcript.with_suffix("") / "tool-results"

    @property
    def transcript(self) -> Path:
        return self.root / "claude-home" / ".claude" / "projects" / "-project" / f"{SESSION}.jsonl"


def _save(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


# ---- Claude Code's own rules

def persisted_notice(text: str, path: Path) -> str:
    # KB of its length in chars (JS string units), as the zoo's transcripts show: 315,971
    # chars of sqlite rows are "308.6KB", not the 309.8 of their UTF-8 bytes
    return (f"<persisted-output>\nOutput too large ({len(text) / 1024:.1f}KB). Full "
            f"output saved to: {path}\n\nPreview (first 2KB):\n{text[:PREVIEW]}\n"
            "</persisted-output>")


def bash_success(text: str, folder: Path, name: str) -> Delivery:
    if len(text) <= BASH_PERSIST_OVER:
        return Delivery(text or "(Bash completed with no output)")
    path = _save(folder, name, text)
    return Delivery(persisted_notice(text, path))


def bash_failure(text: str, exit_code: int) -> Delivery:
    """A failed command: "Exit code N" and the first and last ~5,000 chars of its output cut to
    30,000 chars. Nothing is saved: PostToolUseFailure cannot rewrite, nothing is persisted."""
    capped = text[:FAILURE_CAP]
    if len(capped) > 2 * FAILURE_EDGE:
        cut = len(capped) - 2 * FAILURE_EDGE
        capped = (f"{capped[:FAILURE_EDGE]}\n\n... [{cut} characters truncated] ...\n\n"
                  f"{capped[-FAILURE_EDGE:]}")
    return Delivery(f"Exit code {exit_code}\n{capped}")


def grep_delivery(text: str, folder: Path, name: str) -> Delivery:
    """A Grep in content mode with `head_limit: 0`: the lines as they are (no pagination
    footer, nothing was cut), persisted with a 2 KB preview past 20,000 chars."""
    if len(text) <= GREP_PERSIST_OVER:
        return Delivery(text)
    path = _save(folder, name, text)
    return Delivery(persisted_notice(text, path))


def mcp_text(response: Any) -> str:
    """What the model reads of an MCP result: the string, or its blocks' texts."""
    if isinstance(response, str):
        return response
    return "\n".join(b.get("text", "") for b in response if isinstance(b, dict))


def mcp_delivery(response: Any, folder: Path, name: str) -> Delivery:
    """Claude Code's rules for an MCP result (measured on 2.1.328; the zoo's transcripts show
    each): inline up to ~50,000 chars; past it saved with a 2 KB preview — a string as it is
    (`.txt`), content blocks as the JSON array laid out with 2 spaces (`.json`, so a block's
    text is one escaped line); past the token cap saved and replaced by its notice."""
    text = mcp_text(response)
    if len(text) > MCP_TOKEN_CAP:
        return over_cap(response, folder, name)
    if len(text) <= MCP_INLINE_UP_TO:
        return Delivery(text)
    if isinstance(response, str):
        return Delivery(persisted_notice(text, _save(folder, f"{name}.txt", text)))
    laid_out = json.dumps(response, indent=2, ensure_ascii=False)
    return Delivery(persisted_notice(laid_out, _save(folder, f"{name}.json", laid_out)))


def over_cap(response: Any, folder: Path, name: str) -> Delivery:
    """The token-cap notice and the file it names: structuredContent (a string of JSON) laid
    out by Claude Code ("N characters", Format: JSON), one text block as it is."""
    text = mcp_text(response)
    try:
        data = json.loads(text) if isinstance(response, str) else None
    except ValueError:
        data = None
    if isinstance(data, (dict, list)):
        saved = json.dumps(data, indent=2, ensure_ascii=False)
        size, form = f"{len(saved):,} characters", "JSON" if isinstance(data, dict) else \
            "JSON array"
    else:
        saved = text
        lines = text.count("\n") + 1
        size = f"{len(text):,} characters across {lines:,} line{'s' if lines > 1 else ''}"
        form = "Plain text"
    path = _save(folder, f"{name}.txt", saved)
    return Delivery(f"Error: result ({size}) exceeds maximum allowed tokens. Output has been "
                    f"saved to {path}.\nFormat: {form}\nUse offset and limit parameters to read "
                    "specific portions of the file, or search for specific content instead of "
                    "reading the whole file.")


def read_delivery(doc: Path) -> Delivery:
    text = doc.read_text(encoding="utf-8", errors="replace")
    if len(text.encode()) > READ_CAP:
        return Delivery(f"File content ({len(text.encode()) / 1024:.1f}KB) exceeds maximum "
                        "allowed size (256KB). Use offset and limit parameters to read specific "
                        "portions of the file.", saved=doc)
    return Delivery(numbered(text.split("\n"), 1), saved=doc)


def claude_code(task: Input) -> Delivery:
    if task.kind == "read":
        return read_delivery(task.path)
    if task.kind == "mcp":
        return mcp_delivery(task.mcp_response, task.tool_results, "mcp-result")
    if task.kind == "search":
        return grep_delivery(task.text, task.tool_results, "grep-result.txt")
    if task.exit_code != 0:
        return bash_failure(task.text, task.exit_code)
    return bash_success(task.text, task.tool_results, "bash-output.txt")


# ---- the two reference cuts

def _spill(task: Input) -> Path:
    return task.path if task.kind == "read" else _save(task.root / "spill", "full.txt", task.text)


def head_tail(task: Input) -> Delivery:
    """A flat 8,000-char head+tail cut naming the file that holds everything."""
    if len(task.text) <= HEAD_TAIL:
        return Delivery(task.text, saved=task.path if task.kind == "read" else None)
    path = _spill(task)
    half = HEAD_TAIL // 2
    cut = len(task.text) - HEAD_TAIL
    return Delivery(f"{task.text[:half]}\n[... {cut:,} chars cut; the whole output: {path} ...]\n"
                    f"{task.text[-half:]}", saved=path)


def pointer(task: Input) -> Delivery:
    """A 1 KB pointer: size, path, and the first and last lines that fit."""
    if len(task.text) <= POINTER:
        return Delivery(task.text, saved=task.path if task.kind == "read" else None)
    path = _spill(task)
    lines = task.text.split("\n")
    header = f"[{len(task.text):,} chars, {len(lines):,} lines, saved to {path}]\n"
    room = (POINTER - len(header)) // 2
    head: list[str] = []
    for line in lines:
        if sum(len(x) + 1 for x in head) + len(line) + 1 > room:
            break
        head.append(line)
    tail: list[str] = []
    for line in reversed(lines[len(head):]):
        if sum(len(x) + 1 for x in tail) + len(line) + 1 > room:
            break
        tail.insert(0, line)
    body = "\n".join(head)[:room] + "\n…\n" + "\n".join(tail)[-room:]
    return Delivery(header + body, saved=path)


# ---- garrepa: the real hook and runner

def _env(task: Input) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("GARREPA_DISABLE", "GARREPA_MODE", "GARREPA_THRESHOLD", "GARREPA_BASE_URL",
                 "GARREPA_MODEL", "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN"):
        env.pop(name, None)
    env.update(GARREPA_HOME=str(task.root / "garrepa-home"), GARREPA_PROVIDER="none",
               CLAUDE_PROJECT_DIR=str(task.project),
               CLAUDE_CONFIG_DIR=str(task.root / "no-claude-login"))
    env.update(GARREPA_ENV)
    return env


def run_hook(task: Input, event: dict[str, Any]) -> Any:
    """The hook entry as Claude Code runs it (tests/conftest.py run_hook); its reply or None."""
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
         "from garrepa_py.hook.entry import main; main()", str(SOURCE["src"])],
        input=json.dumps(event).encode(), capture_output=True, env=_env(task),
        cwd=task.project, timeout=120, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"hook exited {done.returncode}: {done.stderr[-500:]!r}")
    return json.loads(done.stdout).get("hookSpecificOutput") if done.stdout.strip() else None


def _event(task: Input, tool: str, tool_input: dict[str, Any], response: Any) -> dict[str, Any]:
    return {"session_id": SESSION, "transcript_path": str(task.transcript),
            "cwd": str(task.project), "hook_event_name": "PostToolUse", "tool_name": tool,
            "tool_input": tool_input, "tool_response": response, "tool_use_id": "toolu_1"}


def _garrepa_read(task: Input) -> Delivery:
    original = read_delivery(task.path)
    if len(task.text.encode()) > READ_CAP:
        return original  # Claude Code fails the Read first: PostToolUse never fires
    lines = task.text.split("\n")
    reply = run_hook(task, _event(task, "Read", {"file_path": str(task.path)}, {
        "type": "text", "file": {"filePath": str(task.path), "content": task.text,
                                 "numLines": len(lines), "startLine": 1,
                                 "totalLines": len(lines)}}))
    if not reply or "updatedToolOutput" not in reply:
        return original
    file = reply["updatedToolOutput"]["file"]
    return Delivery(numbered(file["content"].split("\n"), file.get("startLine", 1)),
                    saved=task.path)


def _garrepa_bash(task: Input) -> Delivery:
    """A Bash result through the PostToolUse hook (the git and command routes). A failed
    command fires PostToolUseFailure instead, whose output no hook can rewrite."""
    if task.exit_code != 0:
        return claude_code(task)
    response: dict[str, Any] = {"stdout": task.text, "stderr": "", "interrupted": False,
                                "isImage": False, "noOutputExpected": False}
    if len(task.text) > BASH_PERSIST_OVER:  # the hook gets 30,000 chars and the saved file
        saved = _save(task.tool_results, "bash-output.txt", task.text)
        response.update(stdout=task.text[:BASH_PERSIST_OVER], persistedOutputPath=str(saved),
                        persistedOutputSize=len(task.text))
    reply = run_hook(task, _event(task, "Bash", {"command": task.command, "description": "d"},
                                  response))
    if not reply or "updatedToolOutput" not in reply:
        return claude_code(task)
    out = reply["updatedToolOutput"]
    text = out["stdout"] + (f"\n{out['stderr']}" if out.get("stderr") else "")
    if "persistedOutputPath" in out:  # kept: Claude Code shows the replacement's 2 KB preview
        return Delivery(persisted_notice(text, Path(out["persistedOutputPath"])))
    return bash_success(text, task.tool_results, "garrepa-reply.txt")


def _garrepa_log(task: Input) -> Delivery:
    """The logs route wraps `COMMAND 2>&1 | garrepa-log --family F --project P` before the run;
    here the recorded output goes through the same runner, whose exit status the agent sees."""
    sys.path.insert(0, str(REPO / "src"))
    from garrepa_py.shell import log_command

    family = log_command.parse(task.command)
    if family is None:  # the route leaves it alone
        return claude_code(task)
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", "import sys; sys.path.append(sys.argv[1]); "
         "from garrepa_py.hook.log_runner import main; main()", str(SOURCE["src"]),
         "--family", family, "--project", str(task.project),
         "--runner-self", str(task.project / ".claude/hooks/garrepa-log")],
        input=task.text.encode(), capture_output=True, env=_env(task), timeout=120, check=False)
    shown = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    if done.returncode != 0:
        return bash_failure(shown, done.returncode)
    return bash_success(shown, task.tool_results, "runner-output.txt")


def _garrepa_mcp(task: Input) -> Delivery:
    """The hook on the event exactly as Claude Code hands it over (over the token cap: the
    notice naming the saved file); its reply is rendered by the same MCP rules."""
    response = task.mcp_response
    if len(mcp_text(response)) > MCP_TOKEN_CAP:  # Claude Code replaced it before the hook ran
        response = claude_code(task).text
    server = task.server or {"name": task.tool.split("__")[1], "source": "project"}
    reply = run_hook(task, {**_event(task, task.tool, task.tool_input, response),
                            "mcp_server": server})
    if not reply or "updatedToolOutput" not in reply:
        return claude_code(task)
    return mcp_delivery(reply["updatedToolOutput"], task.tool_results, "garrepa-reply")


def _garrepa_search(task: Input) -> Delivery:
    """A Grep in content mode: the hook gets the whole content (no persistedOutputPath: Claude
    Code persists after the hook, on what the hook returns) and the reply is rendered and
    persisted by the Grep tool's own rules."""
    lines = task.text.count("\n") + 1
    reply = run_hook(task, _event(task, "Grep", task.tool_input, {
        "mode": "content", "numFiles": 0, "filenames": [], "content": task.text,
        "numLines": lines, "totalLines": lines}))
    if not reply or "updatedToolOutput" not in reply:
        return claude_code(task)
    out = reply["updatedToolOutput"]
    return grep_delivery(str(out["content"]), task.tool_results, "garrepa-reply.txt")


def garrepa(task: Input) -> Delivery:
    return {"read": _garrepa_read, "git": _garrepa_bash, "log": _garrepa_log,
            "command": _garrepa_bash, "search": _garrepa_search,
            "mcp": _garrepa_mcp}[task.kind](task)


ARMS = {"garrepa": garrepa, "claude-code": claude_code, "head-tail": head_tail,
        "pointer": pointer}

"""`garrepa preview`: what the agent would receive, without Claude Code.

Its sizes are measured like `report`'s (hosts/claude_code/delivery.py): beside the raw output, what Claude Code
alone would deliver (a numbered Read or its 256 KB refusal, a persisted-output notice for a
long Bash or MCP result, the head and tail of a failed run) and what garrepa's reply delivers
after the same rules, so the difference is the one the agent's context really sees.

The event is built the way Claude Code 2.1.328 sends it (a PostToolUse Read, or a PreToolUse one
in deny mode; a PostToolUse Bash result of a read-only git command or of any command whose
output was saved; a PostToolUse Grep or Glob result; a PostToolUse MCP result) and decided by
the hook's own pipeline (hook/pipeline.py: route, config, quick pass, handler, audit, holdout) —
the same code, in this process, with the same config — so a preview shows exactly the
decision, the reason and the text the hook would give. A saved log goes through the logs route
runner's own `outcome`.
"""

from __future__ import annotations

import shlex
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from garrepa_py.errors import GarrepaError

MAX_MCP_FILE_BYTES = 32 * 1024 * 1024
GIT_SECONDS = 60


@dataclass(frozen=True)
class Preview:
    route: str
    decision: str  # "compress" | "pass"
    reason: str
    raw_chars: int  # the tool's own output, before anything cuts it (never "saved")
    baseline_chars: int  # what Claude Code alone would deliver for it
    delivered_chars: int  # what garrepa's reply delivers, after Claude Code's rules
    text: str  # what the agent receives

    @property
    def net_saved_chars(self) -> int:
        """Negative where garrepa's reply is larger than what Claude Code alone delivers."""
        return self.baseline_chars - self.delivered_chars

    def as_dict(self) -> dict[str, Any]:
        return {"route": self.route, "decision": self.decision, "reason": self.reason,
                "raw_chars": self.raw_chars, "baseline_chars": self.baseline_chars,
                "delivered_chars": self.delivered_chars,
                "net_saved_chars": self.net_saved_chars, "text": self.text}


class _Decided:
    """The hook pipeline's decision on one event: the route's name ("pass": none claimed it),
    the journal's decision and reason (audit and holdout included), and the reply the hook
    would print (None: the original passes)."""

    __slots__ = ("route", "decision", "reason", "reply")

    def __init__(self, route: str, decision: str, reason: str,
                 reply: dict[str, Any] | None) -> None:
        self.route, self.decision, self.reason, self.reply = route, decision, reason, reply


def _decide(event: dict[str, Any], project: str) -> _Decided:
    """The hook's own pipeline on `event`, in this process, as the hook would run it."""
    from garrepa_py.hook import pipeline
    from garrepa_py.hosts.registry import DEFAULT

    parsed = DEFAULT.parse(event)  # preview shows what the hook would do in Claude Code
    route = pipeline.route_of(parsed)
    if route is None:
        return _Decided("pass", "pass", "not-routed", None)
    prepared = pipeline.prepare(route, parsed, project, time.monotonic())
    if prepared.context is None:
        return _Decided(route.name, "pass", prepared.reason or "", None)
    # the holdout group is drawn from the real tool call's id, which a preview has not
    decided = pipeline.decide(route, parsed, prepared.context, holdout=False)
    return _Decided(route.name, decided.outcome or decided.verdict.decision,
                    decided.verdict.reason, decided.reply)


def _numbered(lines: list[str], first: int) -> str:
    """Lines the way Claude Code's Read shows them: the line number, a tab, the line."""
    return "\n".join(f"{number}\t{line}" for number, line in enumerate(lines, start=first))


def read(path: Path, project: str) -> Preview:
    """What the agent gets for a whole Read: Claude Code's own result, rewritten by the
    PostToolUse handler (numbered from its startLine, the way Claude Code shows it); with
    `read.mode: deny`, the PreToolUse handler's deny reason, which Claude Code puts inside the
    Read's tool_result as an error; over Claude Code's 256 KB cap, Claude Code's own error."""
    from garrepa_py.actions.files import Unreadable, read_text
    from garrepa_py.config.load import load_config
    from garrepa_py.hosts.claude_code import delivery
    from garrepa_py.routes.read import READ_CAP_BYTES

    target = path.resolve()
    try:
        text = read_text(target)
    except Unreadable as exc:
        raise GarrepaError(f"cannot preview {path}: {exc}", hint="give a readable text file") \
            from None
    lines = text.split("\n")  # as Claude Code counts them (a final newline: one more line)
    whole = _numbered(lines, 1)
    before = load_config(project).settings.read.mode == "deny"
    size = target.stat().st_size
    alone = delivery.read_error_chars(size) if size > READ_CAP_BYTES else len(whole)
    if not before and size > READ_CAP_BYTES:
        refused = (f"[Claude Code's own error, garrepa changes nothing] File content "
                   f"({size / 1024:.1f}KB) exceeds maximum allowed size (256KB). Use offset and "
                   "limit parameters to read specific portions of the file … (a window over "
                   "threshold.minChars then gets the document's map)")
        return Preview("read", "pass", "over-claude-code-read-cap", len(text), alone, alone,
                       refused)
    event: dict[str, Any] = {"hook_event_name": "PreToolUse" if before else "PostToolUse",
                             "tool_name": "Read", "session_id": "preview", "cwd": project,
                             "tool_input": {"file_path": str(target)}}
    if not before:
        event["tool_response"] = {"type": "text", "file": {
            "filePath": str(target), "content": text, "numLines": len(lines), "startLine": 1,
            "totalLines": len(lines)}}
    decided = _decide(event, project)
    if decided.reply is None:
        return Preview(decided.route, decided.decision, decided.reason, len(text), alone, alone,
                       whole)
    reply = decided.reply["hookSpecificOutput"]
    if before:  # a deny: the reason arrives as the Read's (error) result
        shown = f"PreToolUse:Read hook error: {reply['permissionDecisionReason']}"
    else:
        file = reply["updatedToolOutput"]["file"]
        shown = _numbered(str(file["content"]).split("\n"), int(file["startLine"]))
    return Preview(decided.route, decided.decision, decided.reason, len(text), alone, len(shown),
                   shown)


def git(argv: list[str], project: str, cwd: Path) -> Preview:
    from garrepa_py.shell.git_command import parse

    command = shlex.join(argv)
    if parse(command) is None:
        raise GarrepaError(f"{command!r} is not one read-only git diff, log, show or blame",
                           hint="preview runs only what the git route digests, e.g. "
                                "`garrepa preview -- git diff HEAD~3`")
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, errors="replace",
                              timeout=GIT_SECONDS, check=False, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise GarrepaError("git is not installed", hint="install git") from None
    except subprocess.TimeoutExpired:
        raise GarrepaError(f"{command} ran longer than {GIT_SECONDS} s",
                           hint="narrow the range") from None
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["(no message)"])[0]
        raise GarrepaError(f"{command} failed: {first}",
                           hint="run it in a git repository, with a range that exists")
    return bash(command, done.stdout, project, cwd)


def bash(command: str, stdout: str, project: str, cwd: Path) -> Preview:
    """What the agent gets for a Bash command that printed `stdout`: Claude Code's own delivery
    of it (inline, or past its limit the persisted-output notice), rewritten by whichever route
    claims it (git, or the command route for any other output)."""
    from garrepa_py.hosts.claude_code import delivery

    event: dict[str, Any] = {
        "hook_event_name": "PostToolUse", "tool_name": "Bash", "session_id": "preview",
        "cwd": str(cwd), "tool_input": {"command": command},
        "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False,
                          "isImage": False}}
    decided = _decide(event, project)
    limits = delivery.bash_limits(project)
    alone = delivery.delivered(event, event["tool_response"], limits) or len(stdout)
    if decided.reply is None:
        return Preview(decided.route, decided.decision, decided.reason, len(stdout), alone,
                       alone, stdout)
    output = decided.reply["hookSpecificOutput"]["updatedToolOutput"]
    text = str(output["stdout"])
    got = delivery.delivered(event, output, limits)
    return Preview(decided.route, decided.decision, decided.reason, len(stdout), alone,
                   len(text) if got is None else got, text)


def output(path: Path, command: str, project: str, cwd: Path) -> Preview:
    """A saved command output, as the agent would get it had `command` printed it."""
    return bash(command, _file_text(path), project, cwd)


def search(path: Path, tool: str, project: str) -> Preview:
    """A saved search result: for Grep, `path:line:text` lines (content mode); for Glob, one
    path per line — as the search route would brief it."""
    if tool not in ("Grep", "Glob"):
        raise GarrepaError(f"{tool!r} is not Grep or Glob", hint="--tool Grep or --tool Glob")
    text = _file_text(path)
    if tool == "Grep":
        response: dict[str, Any] = {"mode": "content", "numFiles": 0, "filenames": [],
                                    "content": text, "numLines": text.count("\n") + 1}
        tool_input: dict[str, Any] = {"pattern": "preview", "output_mode": "content"}
    else:
        names = [line for line in text.split("\n") if line]
        response = {"filenames": names, "durationMs": 1, "numFiles": len(names),
                    "truncated": False}
        tool_input = {"pattern": "**/*"}
    event: dict[str, Any] = {"hook_event_name": "PostToolUse", "tool_name": tool,
                             "session_id": "preview", "cwd": project, "tool_input": tool_input,
                             "tool_response": response}
    decided = _decide(event, project)
    from garrepa_py.hosts.claude_code import delivery

    alone = delivery.delivered(event, response) or len(text)  # persisted past its bound
    if decided.reply is None:
        return Preview(decided.route, decided.decision, decided.reason, len(text), alone,
                       alone, text)
    replaced = decided.reply["hookSpecificOutput"]["updatedToolOutput"]
    shown = replaced["content"] if tool == "Grep" else "\n".join(replaced["filenames"])
    got = delivery.delivered(event, replaced)
    return Preview(decided.route, decided.decision, decided.reason, len(text), alone,
                   len(shown) if got is None else got, shown)


def _file_text(path: Path) -> str:
    from garrepa_py import fs

    try:
        data = fs.read_bounded(str(path), MAX_MCP_FILE_BYTES)
    except fs.Refused as exc:
        raise GarrepaError(f"cannot preview {path}: {exc.reason}",
                           hint="give a regular file under 32 MB") from None
    except OSError as exc:
        raise GarrepaError(f"cannot read {path}: {exc.strerror}", hint="check the path") \
            from None
    return data.decode("utf-8", "replace")


def log(path: Path, command: str | None, project: str | None = None) -> Preview:
    """A saved test or build log as the logs route's runner would print it: the family from the
    command (as the route parses it) or, without one, from what the log looks like."""
    from garrepa_py.hook.log_runner import outcome
    from garrepa_py.shell import log_command

    family = "generic"
    if command is not None:
        parsed = log_command.parse(command)
        if parsed is None:
            raise GarrepaError(f"{command!r} is not one test or build command the logs route "
                               "wraps", hint="e.g. --command 'pytest -q', 'npx jest', "
                                             "'cargo test', 'go test ./...', 'make test'")
        family = parsed
    text = _file_text(path)
    spilled: list[str] = []

    def spill(cleaned: str) -> str:
        spilled.append(cleaned)
        return "(the runner keeps the exact log here)"

    result = outcome(text, family, spill)
    reason = f"{'digested' if spilled else 'short-log'} ({family}, exit {result.exit_code})"
    from garrepa_py.hook.log_capture import Captured
    from garrepa_py.hook.log_runner import delivery

    data = text.encode("utf-8", "surrogatepass")  # the runner counts the bytes it captured
    alone, got = delivery(Captured(head=bytearray(data), size=len(data)),
                          (result.text + "\n").encode(), result.exit_code, result.failed, project)
    if not spilled:
        return Preview("logs", "pass", reason, len(text), alone, alone, text)
    return Preview("logs", "compress", reason, len(text), alone, got, result.text)


def mcp(path: Path, tool: str, project: str) -> Preview:
    if not tool.startswith("mcp__"):
        raise GarrepaError(f"{tool!r} is not an MCP tool name",
                           hint="MCP tools are named mcp__<server>__<tool>")
    text = _file_text(path)
    event = {"hook_event_name": "PostToolUse", "tool_name": tool, "session_id": "preview",
             "cwd": project, "tool_input": {},
             "tool_response": [{"type": "text", "text": text}]}
    decided = _decide(event, project)
    from garrepa_py.hosts.claude_code import delivery

    alone = delivery.delivered(event, event["tool_response"]) or len(text)
    if decided.reply is None:
        return Preview(decided.route, decided.decision, decided.reason, len(text), alone,
                       alone, text)
    output = decided.reply["hookSpecificOutput"]["updatedToolOutput"]
    shown = output if isinstance(output, str) else "\n".join(
        str(block.get("text", "")) for block in output if isinstance(block, dict))
    got = delivery.delivered(event, output)
    return Preview(decided.route, decided.decision, decided.reason, len(text), alone,
                   len(shown) if got is None else got, shown)

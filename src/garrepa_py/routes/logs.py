"""The logs route (opt-in): a test or build command is rewritten before it runs as
`COMMAND 2>&1 | <project>/.claude/hooks/garrepa-log --family F --project P`.

Measured against Claude Code 2.1.328 (docs/security.md, tests/e2e/test_claude_logs.py): the
user's permission rules apply to the rewritten command part by part, so with the allow rule for
the runner that `init --logs` writes into settings.local.json, a command the user allowed runs,
one the user must approve is asked about by its own text, a denied one never runs. The hook
never answers `permissionDecision` (that would override the user's rules).
"""

from __future__ import annotations

import os

from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.routes.verdict import HookContext

RUNNER_NAME = "garrepa-log"


def runner_path(project: str) -> str:
    return os.path.join(project, ".claude", "hooks", RUNNER_NAME)


def handle(event: dict[str, Any], context: HookContext) -> Verdict:
    if not context.settings.logs.enabled:
        return passed("logs-off")
    tool_input = event.get("tool_input")
    if not isinstance(tool_input, dict):
        return passed("no-command")
    command = tool_input.get("command")
    if not isinstance(command, str) or not command.strip():
        return passed("no-command")
    if tool_input.get("run_in_background"):
        return passed("background")  # its output is read while it runs: never buffer it
    from garrepa_py.routes import log_command

    family = log_command.parse(command)
    if family is None:
        return passed("not-a-runner")
    if family == "npm":
        from garrepa_py.routes import npm_script

        cwd = event.get("cwd")
        if not npm_script.speaks(command, cwd if isinstance(cwd, str) else context.project):
            return passed("npm-script-silent")  # no line of its log could prove a pass
    runner = runner_path(context.project)
    from garrepa_py.install.runner_words import shell_word

    runner_word, project_word = shell_word(runner), shell_word(context.project)
    if runner_word is None or project_word is None:
        return passed("project-path-needs-quoting")  # the allow rule could not match it
    if not os.access(runner, os.X_OK):
        return passed("runner-missing")
    from garrepa_py.guard.secrets import secret_path

    if any(secret_path(word) for word in command.split()):
        return passed("secret-path")
    wrapped = (f"{command.rstrip()} 2>&1 | {runner_word} --family {family} "
               f"--project {project_word}")  # one word each, as in init's allow rule
    timeout = tool_input.get("timeout")
    if isinstance(timeout, int) and not isinstance(timeout, bool) and 0 < timeout <= 3_600_000:
        wrapped += f" --timeout {timeout}"  # the runner's deadline stays under the Bash timeout
    reply = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                    "updatedInput": dict(tool_input, command=wrapped)}}
    return Verdict("compress", f"wrapped-{family}", reply)

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

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext

RUNNER_NAME = "garrepa-log"


def runner_path(project: str) -> str:
    return os.path.join(project, ".claude", "hooks", RUNNER_NAME)


def plain_id(value: str) -> bool:
    """A session or agent id safe as one shell word (no `re`: the hook path imports none)."""
    return 0 < len(value) <= 64 and all(c.isascii() and (c.isalnum() or c in "_-") for c in value)


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    if not context.settings.logs.enabled:
        return passed("logs-off")
    tool_input, command = event.tool_input, event.input_text("command")
    if tool_input is None:
        return passed("no-command")
    if command is None or not command.strip():
        return passed("no-command")
    if tool_input.get("run_in_background"):
        return passed("background")  # its output is read while it runs: never buffer it
    from garrepa_py.shell import log_command

    family = log_command.parse(command)
    if family is None:
        return passed("not-a-runner")
    if family == "npm":
        from garrepa_py.shell import npm_script

        if not npm_script.speaks(command, event.cwd or context.project):
            return passed("npm-script-silent")  # no line of its log could prove a pass
    runner = runner_path(context.project)
    from garrepa_py.hook_commands import shell_word

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
    # the run's journal line joins its session (`report --session`) and its thread (a subagent's)
    for flag, value in (("--session", event.session), ("--agent", event.agent_id)):
        if value is not None and plain_id(value):
            wrapped += f" {flag} {value}"
    reply = event.host.rewrite_input(event, wrapped)
    if reply is None:
        return passed("host-cannot-rewrite")  # its permission behaviour was not measured
    return Verdict("compress", f"wrapped-{family}", reply)


RULE_STARTS = ("pytest", "py.test", "python -m pytest", "python3 -m pytest", "python -m mypy",
               "python3 -m mypy", "python -m ruff", "python3 -m ruff", "python -m unittest",
               "python3 -m unittest", "mypy", "ruff check", "tox", "nox", "jest", "vitest", "tsc",
               "eslint", "make", "gradle", "./gradlew", "mvn", "./mvnw", "cargo test",
               "cargo build", "cargo check", "cargo clippy", "go test", "go build", "go vet",
               "npm test", "npm run", "docker build", "npx", "uv run", "poetry run",
               "pipenv run", "pdm run", "hatch run", "yarn", "pnpm")


PATH_PYTHON_MODULES = ("pytest", "mypy", "ruff", "unittest")  # `…/bin/python3 -m X`
PATH_NAMED = tuple(start for start in RULE_STARTS  # `…/bin/X`, `node_modules/.bin/X`
                   if start.split()[0] in ("pytest", "py.test", "mypy", "ruff", "tox", "nox",
                                           "jest", "vitest", "tsc", "eslint", "make", "gradle",
                                           "mvn", "cargo", "go", "npm", "docker"))


def rules(settings: Settings) -> tuple[str, ...]:
    """The opt-in logs route's PreToolUse Bash rules, one per way a test or build run starts (leading
    `VAR=…` and `cd … &&` are stripped by Claude Code), and one per runner named by its path
    (`.venv/bin/pytest`, `.venv/bin/python -m pytest`, `node_modules/.bin/jest`). No start is a
    prefix of another and no path shape holds another, so one call matches one rule (every
    matching handler runs); the route re-checks every call.

    Measured against 2.1.328 and 2.1.332 (tests/e2e/test_claude_log_forms.py): a command named
    by its path misses a rule for its name (`.venv/bin/pytest` misses `Bash(pytest*)`), while a
    leading `*` works (`Bash(*bin/pytest*)` matches `.venv/bin/pytest -q`); the rule text is
    matched case-sensitively; `source .venv/bin/activate && pytest` is split, and its `pytest`
    part matches `Bash(pytest*)`. A leading `*` also matches a mention (`echo .venv/bin/pytest`
    starts the hook, which passes it). Two rules match one command only when a later word names
    a second form (`pytest tests/bin/pytest_x.py`): both hooks return the same rewrite and
    Claude Code runs it once (one runner, one log), so the cost is one extra process."""
    found = [f"Bash({start}*)" for start in RULE_STARTS]
    found += [f"Bash(*bin/python* -m {module}*)" for module in PATH_PYTHON_MODULES]
    found += [f"Bash(*bin/{start}*)" for start in PATH_NAMED]
    return tuple(found)


def _claims(event: ToolEvent) -> bool:
    return event.pre and event.tool == "Bash"  # before it runs: its output is not there yet


def _quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    return None if settings.logs.enabled else "logs-off"


ROUTE = Route(
    "logs", summary="test and build runs (opt-in) → every failure kept, the rest spilled",
    event="PreToolUse", matcher="Bash", rules=rules,
    enabled=lambda settings: settings.logs.enabled, claims=_claims, quick_pass=_quick_pass,
    handle=handle, target=lambda event: event.input_text("command"))

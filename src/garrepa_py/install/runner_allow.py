"""The logs runner's place in a project: its file (.claude/hooks/garrepa-log) and the allow rule
for it, which local_allow.py writes into .claude/settings.local.json with garrepa's other rules:
without it Claude Code would ask about the runner part of every command the logs route wraps
(measured)."""

from __future__ import annotations

from pathlib import Path

from garrepa_py.errors import GarrepaError


def runner_file(project: Path) -> Path:
    return project / ".claude" / "hooks" / "garrepa-log"


def runner_rule(project: Path) -> str:
    """The allow rule for the logs runner's own command: without it Claude Code would ask about
    the runner part of every wrapped command (measured)."""
    from garrepa_py.hook_commands import shell_word

    return f"Bash({shell_word(str(runner_file(project))) or runner_file(project)}:*)"


def check_runner_path(runner: Path) -> None:
    """The logs route writes the runner's path into the rewritten command and into its allow
    rule as one shell word (hook_commands.py); a path that cannot be written so safely
    (a quote, `$`, non-ASCII: unmeasured) could never work, so it is refused."""
    from garrepa_py.hook_commands import shell_word

    if shell_word(str(runner)) is None:
        raise GarrepaError(
            f"the logs route cannot work here: {runner.parents[2]} holds a character the shell "
            "would need quoted other than a space, and the route names its runner by that path",
            hint="use a project path of letters, digits, spaces and ._-/ (a symbolic link to it "
                 "will do), or run `garrepa init` without --logs (logs.enabled false); nothing "
                 "was changed")

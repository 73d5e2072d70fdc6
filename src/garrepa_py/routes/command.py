"""The command route: any large Bash output no other route claims becomes a structural digest.

`grep -rn`, `find`, `ls -R`, `pip install`, `docker logs`, `kubectl`, `curl` output: folded
repeats, the head, the tail, every error and warning line, path listings grouped by file or
directory — each with its line range in the spill of the exact output (structural/
command_output.py). No model: the digest is the output's own lines and counts.

Never for what must stay exact: a `cat`/`head`/`tail`/`sed -n` (and friends) of a file that is
not a log, a read of a spill or of Claude Code's saved files (the agent is recovering exact
bytes), a command the user excluded (`commands.exclude`), a command naming a secret path, or
one the shell tokenizer cannot read with certainty.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.bash_result import BashResult
    from garrepa_py.routes.verdict import HookContext
    from garrepa_py.structural.briefing import Structural

# A file read whole by cat/head/tail/sed -n is exact unless it is a log: a log's lines are
# output, not something the agent will edit or quote back as code.
LOG_SUFFIXES = (".log", ".out", ".err")
SAVED_OUTPUT_PARTS = ("/.garrepa/spill/", "/tool-results/")


def _is_log(path: str) -> bool:
    lower = path.lower()
    return lower.endswith(LOG_SUFFIXES) or ".log." in lower.rsplit("/", 1)[-1]


def _excluded(command: str, patterns: tuple[str, ...]) -> bool:
    import fnmatch

    text = command.strip()
    return any(fnmatch.fnmatchcase(text, pattern) for pattern in patterns)


def exact_reason(command: str, settings: Settings) -> str | None:
    """Why this command's output must reach the agent exactly as it is, or None."""
    if _excluded(command, settings.commands.exclude):
        return "excluded-command"
    words = command.replace("\\", "/")
    if any(part in words for part in SAVED_OUTPUT_PARTS):
        return "saved-output-read"  # recovering the exact bytes of a briefing or a result
    from garrepa_py.routes import shell_words

    reads = shell_words.file_reads(command)
    if reads is None:
        return "command-not-understood"
    if any(not _is_log(path) for path in reads):
        return "exact-file-read"
    from garrepa_py.guard.secrets import secret_path

    stages = shell_words.stages(command) or []
    if any(secret_path(word) for stage in stages for word in stage if "/" in word or
           word.startswith(".")):
        return "secret-path"
    return None


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    if not context.settings.commands.enabled:
        return passed("commands-off")
    from garrepa_py.routes import bash_result

    result = bash_result.take(event)
    if isinstance(result, Verdict):
        return result
    if result.size < context.settings.threshold("command"):
        return passed("under-threshold")
    why = exact_reason(result.command, context.settings)
    if why is not None:
        return passed(why)
    source = result.source()
    if isinstance(source, Verdict):
        return source
    return _digest(result, source, context)


def _digest(bash: BashResult, source: str, context: HookContext) -> Verdict:
    from garrepa_py.config import budgets
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest
    from garrepa_py.structural import command_output

    command = bash.command

    def compress(text: str) -> Structural:
        return command_output.digest(text, command, budgets.COMMAND_DIGEST_CHARS)

    result = brief(BriefRequest("command", source, command[:120], compress, instruction=None),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), notes=result.journal)
    return Verdict("compress", "digested", bash.reply(result.text), chars_in=len(source),
                   chars_out=len(result.text), notes=result.journal)


# The commands whose output is large often enough to start the hook for (a call no rule
# matches starts no process): searches, listings, logs, fetches, package managers and cluster
# tools. `commands.everyCommand` installs one handler without a rule instead.
RULE_COMMANDS = ("grep", "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "du",
                 "cat", "tail", "journalctl", "dmesg", "curl", "wget", "docker", "podman",
                 "kubectl", "helm", "pip", "pip3", "uv", "npm", "pnpm", "yarn", "apt", "apt-get",
                 "brew", "ps", "lsof", "netstat", "aws", "gcloud", "az", "terraform")


def rules(settings: Settings) -> tuple[str, ...] | None:
    if settings.commands.every_command:
        return None
    return tuple(f"Bash({name} *)" for name in RULE_COMMANDS)


def _claims(event: ToolEvent) -> bool:
    return event.post and event.tool == "Bash"  # the git route claims its dumps first


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    if not settings.commands.enabled:
        return "commands-off"
    from garrepa_py.routes.bash_result import small

    return "under-threshold" if small(event, settings.threshold("command")) else None


ROUTE = Route(
    "command", summary="any other large command output → folded, grouped, head/tail/errors",
    event="PostToolUse", matcher="Bash", rules=rules,
    enabled=lambda settings: settings.commands.enabled, claims=_claims, quick_pass=quick_pass,
    handle=handle, target=lambda event: event.input_text("command"))

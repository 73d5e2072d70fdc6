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

# The programs whose output the route digests: searches, listings, logs, fetches, package
# managers and cluster tools — output about many things, never one file's bytes. Anything else
# (python -c, perl, base64, jq, diff, cp, dd, an unknown tool) passes exactly as it came: a
# list of what may be digested, not of what may not, so a new way to print a file is exact.
PRODUCERS = frozenset({
    "grep", "egrep", "fgrep", "rg", "ag", "ack", "find", "fd", "ls", "tree", "du",
    "cat", "tail", "journalctl", "dmesg", "curl", "wget", "docker", "podman", "kubectl", "helm",
    "pip", "pip3", "uv", "npm", "pnpm", "yarn", "apt", "apt-get", "brew", "ps", "lsof",
    "netstat", "aws", "gcloud", "az", "terraform"})
# what may follow a producer in a pipeline, reading its output
FILTERS = frozenset({"grep", "egrep", "fgrep", "rg", "sort", "uniq", "head", "tail", "wc",
                     "tr", "column", "cat"})
# A file read whole by cat/head/tail (or printed by a grep that matches every line) is exact
# unless it is a log: a log's lines are output, not text the agent edits or quotes as code.
LOG_SUFFIXES = (".log", ".out", ".err")  # also rotated: app.log.1
MATCH_ALL = frozenset({"", "^", "$", ".", ".*", "^.*", "^.*$"})


def _is_log(path: str) -> bool:
    name = path.rsplit("/", 1)[-1].lower()
    stem, dot, number = name.rpartition(".")
    if dot and number.isdigit():  # a rotated log: app.log.1
        name = stem
    return name.endswith(LOG_SUFFIXES)


def _program(stage: list[str]) -> tuple[str, list[str]] | None:
    """A stage's program and its arguments, assignments and redirections left out; None for
    an empty stage."""
    from garrepa_py.routes import shell_words

    words: list[str] = []
    skip = False
    for word in stage:
        if skip:
            skip = False
            continue
        if shell_words.is_redirection(word):
            skip = not any(ch.isdigit() for ch in word[-1:]) or word.endswith(">")
            continue
        if not words and shell_words.is_assignment(word):
            continue
        words.append(word)
    return (words[0], words[1:]) if words else None


def _matches_everything(arguments: list[str]) -> bool:
    """A grep whose pattern matches every line prints its files whole."""
    pattern = next((a for a in arguments if not a.startswith("-")), None)
    explicit = [arguments[i + 1] for i, a in enumerate(arguments[:-1]) if a in ("-e", "--regexp")]
    return any(p in MATCH_ALL for p in ([pattern] if pattern is not None else []) + explicit)


def _excluded(command: str, stages: list[list[str]], patterns: tuple[str, ...]) -> bool:
    """A user's `commands.exclude` glob against the whole command and against each part of
    it (so `cd k8s && kubectl get secret …` is the same command as without the `cd`)."""
    import fnmatch

    texts = [command.strip(), *(" ".join(w for w in stage if not w.startswith("\0"))
                                for stage in stages)]
    return any(fnmatch.fnmatchcase(text, pattern) for text in texts for pattern in patterns)


def exact_reason(command: str, settings: Settings) -> str | None:
    """Why this command's output must reach the agent exactly as it is, or None."""
    from garrepa_py.routes import shell_words

    stages = shell_words.stages(command)
    if stages is None:
        return "command-not-understood"
    if _excluded(command, stages, settings.commands.exclude):
        return "excluded-command"
    if any(".garrepa" in word or "tool-results" in word for stage in stages for word in stage):
        return "saved-output-read"  # recovering the exact bytes of a briefing or a result
    programs = [found for found in (_program(stage) for stage in stages) if found is not None]
    runs = [(name.rsplit("/", 1)[-1], args) for name, args in programs if name != "cd"]
    if not runs:
        return "not-a-listed-command"
    first, *rest = runs
    if first[0] not in PRODUCERS or any(name not in FILTERS for name, _ in rest):
        return "not-a-listed-command"
    reads = shell_words.file_reads(command)
    if reads is None:
        return "command-not-understood"
    if any(not _is_log(path) for path in reads):
        return "exact-file-read"
    if any(name in ("grep", "egrep", "fgrep", "rg") and _matches_everything(args)
           for name, args in runs):
        return "exact-file-read"
    from garrepa_py.guard.secrets import secret_path

    if any(secret_path(word) for stage in stages for word in stage
           if "/" in word or word.startswith(".")):
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


def rules(settings: Settings) -> tuple[str, ...]:
    """One `if` rule per program the route digests: a call no rule matches starts no process.
    Measured (docs/benchmarks.md, "A hook on every Bash call"): a handler without a rule costs
    every Bash call 40-55 ms (1.38-1.40x a 20-call session); an unmatched rule costs nothing
    measurable. Claude Code strips `cd … &&` and tries each part of a compound command."""
    return tuple(f"Bash({name} *)" for name in sorted(PRODUCERS))


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

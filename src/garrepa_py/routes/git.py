"""The git route: a large `git diff`, `git log` or `git show` dump becomes a digest.

The size is checked first (no digest for small outputs). The result is taken and given back as
the host takes any command result (hosts/*/bash.py: the whole output is the source; the reply
keeps the host's shape).
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.host import CommandResult
    from garrepa_py.routes.verdict import HookContext
    from garrepa_py.shell.git_command import GitDump


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    from garrepa_py.hosts.host import Pass

    result = event.host.command_result(event)
    if result is None:
        return passed("unknown-shape")  # a host without a shell tool
    if isinstance(result, Pass):
        return passed(result.reason)
    if result.size < context.settings.threshold("git"):
        return passed("under-threshold")
    from garrepa_py.shell.git_command import parse

    dump = parse(result.command)
    if dump is None:
        return passed("not-a-git-dump")
    source = result.source()
    if isinstance(source, Pass):
        return passed(source.reason)
    return _digest(dump, result, source, context)


def _compressor(dump: GitDump) -> Any:
    """The registry's git compressor, with the exact follow-up commands for this dump."""
    from garrepa_py.engine import compressors

    def paths(diff: Any) -> list[str]:
        """Both paths of a rename (with -M), so the command shows the change, not a new file."""
        return [diff.old, diff.new] if diff.renamed else [diff.path]

    def renames(args: list[str], diff: Any) -> list[str]:
        detecting = any(a.startswith(("-M", "--find-renames")) for a in args)
        return args if detecting or len(paths(diff)) == 1 else ["-M", *args]

    def file_command(diff: Any) -> str:
        before = list(dump.args[:dump.args.index("--")]) if "--" in dump.args else list(dump.args)
        return dump.command_for(*renames(before, diff), "--", *paths(diff))

    def commit_file_command(sha: str, diff: Any) -> str:
        show = type(dump)("show", dump.global_args, (), dump.cd)
        return show.command_for(*renames([sha], diff), "--", *paths(diff))

    return compressors.git(file_command, commit_file_command)


def _digest(dump: GitDump, bash: CommandResult, source: str, context: HookContext) -> Verdict:
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    kind = compressors.KINDS["git"]
    result = brief(BriefRequest(kind.route, source, bash.command[:120], _compressor(dump),
                                instruction=INSTRUCTION, combine=kind.combine,
                                model_chars=kind.model_chars),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), engine=result.notes)
    return Verdict("compress", f"digested-{dump.subcommand}", bash.reply(result.text),
                   chars_in=len(source),
                   chars_out=len(result.text), engine=result.notes)


INSTRUCTION = ("Digest this git output: the nature of each change, the hottest files, notable "
               "hunks with their file paths, exact test names and error strings. Never write a "
               "commit message, never rewrite a patch.")
DIGESTED = ("diff", "log", "show", "blame")  # git_command.DUMP_COMMANDS
GIT_GLOBAL_OPTIONS = ("-C", "-c", "-P", "--no-pager", "--git-dir", "--work-tree", "--namespace",
                      "--config-env", "--exec-path", "--no-optional-locks", "--literal-pathspecs",
                      "--no-replace-objects", "--bare", "--glob-pathspecs", "--noglob-pathspecs",
                      "--icase-pathspecs", "--no-advice")


def rules(settings: Settings) -> tuple[str, ...]:
    """The git commands the route digests, and every form that puts options before them.

    Measured (tests/e2e/test_claude_if_rules.py): Claude Code strips leading `VAR=…` and
    `cd … &&` parts; `Bash(git log*)` misses `git -C . log`, so each global option git accepts
    before the subcommand gets its own rule. `Bash(git -c * log*)` also starts the hook for
    `git -c k=v commit -m "fix log"` (the route passes it); `git -c k=v commit -qm x` starts
    none."""
    found = [f"Bash(git {command}*)" for command in DIGESTED]
    for option in GIT_GLOBAL_OPTIONS:
        if option == "-c":  # `git -c k=v commit` starts no hook; `git -c k=v log` does
            found += [f"Bash(git -c * {command}*)" for command in DIGESTED]
            continue
        found.append(f"Bash(git {option} *)")
        if option.startswith("--"):
            found.append(f"Bash(git {option}=*)")
    return tuple(found)


def is_git_dump(event: ToolEvent) -> bool:
    """A Bash result of exactly one read-only git diff, log, show or blame."""
    if not event.post or event.tool != "Bash":
        return False
    command = event.input_text("command")
    if command is None or "git" not in command:  # most commands: no tokenizer imported
        return False
    from garrepa_py.shell.git_command import parse

    return parse(command, check_paths=False) is not None


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    return "under-threshold" if event.host.command_small(event, settings.threshold("git")) \
        else None


ROUTE = Route(
    "git", summary="large git diff / log / show / blame output → a digest",
    event="PostToolUse", matcher="Bash", rules=rules, claims=is_git_dump,
    quick_pass=quick_pass, handle=handle, instruction=INSTRUCTION,
    target=lambda event: event.input_text("command"))

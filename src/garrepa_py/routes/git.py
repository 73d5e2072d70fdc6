"""The git route: a large `git diff`, `git log` or `git show` dump becomes a digest.

The size is checked first (no parsing for small outputs). Output over 30,000 chars reaches the
hook cut, with `persistedOutputPath` naming the full text: that file is the source, and the
`persisted*` keys are dropped from the reply, or the agent would see our digest inside Claude
Code's "persisted output" wrapper. The reply keeps the Bash shape the harness accepts.
"""

from __future__ import annotations

from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.routes.git_command import GitDump
    from garrepa_py.routes.verdict import HookContext

MAX_SOURCE_BYTES = 32 * 1024 * 1024


def handle(event: dict[str, Any], context: HookContext) -> Verdict:
    tool_input = event.get("tool_input")
    response = event.get("tool_response")
    if not isinstance(tool_input, dict) or not isinstance(response, dict):
        return passed("unknown-shape")
    command = tool_input.get("command")
    stdout = response.get("stdout")
    if not isinstance(command, str) or not isinstance(stdout, str):
        return passed("unknown-shape")
    if response.get("interrupted") or response.get("isImage"):
        return passed("interrupted-or-image")
    if response.get("backgroundTaskId") or tool_input.get("run_in_background"):
        return passed("background-task")
    persisted = response.get("persistedOutputPath")
    if persisted is not None:
        from garrepa_py.routes.saved_output import accepted_path

        if accepted_path(event, persisted) is None:
            return passed("persisted-path-refused")
    size = response.get("persistedOutputSize") if persisted else len(stdout)
    if not isinstance(size, int) or size < context.settings.threshold("git"):
        return passed("under-threshold")
    from garrepa_py.routes.git_command import parse

    dump = parse(command)
    if dump is None:
        return passed("not-a-git-dump")
    source = stdout
    if isinstance(persisted, str):
        from garrepa_py import fs

        try:
            data = fs.read_bounded(persisted, MAX_SOURCE_BYTES, follow=False)
        except fs.Refused as exc:
            # Never a silent cut: past the bound, Claude Code's own wrapper keeps it all.
            return passed(f"persisted-output-{exc.reason}")
        except OSError:
            return passed("persisted-output-unreadable")
        source = data.decode("utf-8", "replace")
    return _digest(dump, command, response, source, context)


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


def _digest(dump: GitDump, command: str, response: dict[str, Any], source: str,
            context: HookContext) -> Verdict:
    from garrepa_py.engine import compressors
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest

    kind = compressors.KINDS["git"]
    result = brief(BriefRequest(kind.route, source, command[:120], _compressor(dump),
                                combine=kind.combine, model_chars=kind.model_chars),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), notes=result.journal)
    output = {k: v for k, v in response.items()
              if k not in ("persistedOutputPath", "persistedOutputSize")}
    output.update(stdout=result.text, stderr=str(response.get("stderr") or ""),
                  interrupted=False)
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": output}}
    return Verdict("compress", f"digested-{dump.subcommand}", reply, chars_in=len(source),
                   chars_out=len(result.text), notes=result.journal)

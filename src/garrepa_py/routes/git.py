"""The git route: a large `git diff`, `git log` or `git show` dump becomes a digest.

The size is checked first (no parsing for small outputs). Output over 30,000 chars reaches the
hook cut, with `persistedOutputPath` naming the full text: that file is the source, and the
`persisted*` keys are dropped from the reply, or the agent would see our digest inside Claude
Code's "persisted output" wrapper. The reply keeps the Bash shape the harness accepts.
"""

from __future__ import annotations

from garrepa_py.hook.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.hook.verdict import HookContext
    from garrepa_py.routes.git_command import GitDump

MAX_SOURCE_BYTES = 32 * 1024 * 1024
MODEL_CHARS = 2500


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
    if not isinstance(size, int) or size < context.config.number("threshold.minChars"):
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


def _structural(dump: GitDump, text: str) -> str:
    from garrepa_py.structural import generic, git_digest

    def file_command(diff: git_digest.FileDiff) -> str:
        before = list(dump.args[:dump.args.index("--")]) if "--" in dump.args else list(dump.args)
        return dump.command_for(*before, "--", diff.path)

    def commit_file_command(sha: str, diff: git_digest.FileDiff) -> str:
        show = type(dump)("show", dump.global_args, (), dump.cd)
        return show.command_for(sha, "--", diff.path)

    has_commits = bool(git_digest.COMMIT.search(text[:4096])) or "\ncommit " in text
    digest = (git_digest.digest_log(text, commit_file_command) if has_commits
              else git_digest.digest_diff(text, file_command))
    return digest or generic.compress(text).text


def _digest(dump: GitDump, command: str, response: dict[str, Any], source: str,
            context: HookContext) -> Verdict:
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest, Structural

    def structural(text: str) -> Structural:
        return Structural(_structural(dump, text))

    result = brief(BriefRequest("git", source, command[:120], structural, combine=True,
                                model_chars=MODEL_CHARS),
                   context.config, context.project, context.deadline)
    extra: dict[str, Any] = dict(result.journal, chars_in=len(source))
    if result.decision != "compress":
        return Verdict("pass", result.reason, extra=extra)
    output = {k: v for k, v in response.items()
              if k not in ("persistedOutputPath", "persistedOutputSize")}
    output.update(stdout=result.text, stderr=str(response.get("stderr") or ""),
                  interrupted=False)
    reply = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": output}}
    return Verdict("compress", f"digested-{dump.subcommand}", reply, chars_out=len(result.text),
                   extra=extra)

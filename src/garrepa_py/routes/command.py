"""The command route: any large Bash output no other route claims becomes a structural digest.

`grep -rn`, `find`, `ls -R`, `pip install`, `docker logs`, `kubectl`, `curl` output: folded
repeats, the head, the tail, every error and warning line, path listings grouped by file or
directory — each with its line range in the spill of the exact output (structural/
command_output.py); what the output is (a fetched document, a diff, a test log, a table) is
asked of structural/sniff.py, the MCP route's one sniffing function, and digested as that
(structural/bulk.py). No model: the digest is the output's own lines and counts.

Never for what must stay exact (shell/exact.py): any program not on its list, a file
printed whole by one that is, a read of a spill or of Claude Code's saved files, a secret's
dump, a command the user excluded, one the shell tokenizer cannot read with certainty.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.hosts.host import CommandResult
    from garrepa_py.routes.verdict import HookContext
    from garrepa_py.structural.briefing import Structural

def handle(event: ToolEvent, context: HookContext) -> Verdict:
    if not context.settings.commands.enabled:
        return passed("commands-off")
    from garrepa_py.hosts.host import Pass

    result = event.host.command_result(event)
    if result is None:
        return passed("unknown-shape")  # a host without a shell tool
    if isinstance(result, Pass):
        return passed(result.reason)
    if result.size < context.settings.threshold("command"):
        return passed("under-threshold")
    from garrepa_py.shell.exact import exact_reason

    why = exact_reason(result.command, context.settings)
    if why is not None:
        return passed(why)
    source = result.source()
    if isinstance(source, Pass):
        return passed(source.reason)
    return _digest(result, source, context, event.host.reply_limit)


def _digest(bash: CommandResult, source: str, context: HookContext,
            limit: int | None = None) -> Verdict:
    """`limit`: the most a replacement may hold for the host to deliver it uncut."""
    from garrepa_py.config import budgets
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest
    from garrepa_py.structural import bulk
    from garrepa_py.structural.briefing import Structural

    command = bash.command
    budget = min(budgets.COMMAND_DIGEST_CHARS, limit or budgets.COMMAND_DIGEST_CHARS)

    def compress(text: str) -> Structural:
        own = _own_state_lines(text)
        if not own:
            return bulk.command_digest(text, command, budget)
        note = (f"[garrepa: {own:,} of these lines are in an older garrepa install's saved "
                "outputs under .garrepa/ (new ones are kept outside the project): "
                "`--exclude-dir=.garrepa` leaves them out, `rm -r .garrepa` removes them]")
        body = bulk.command_digest(text, command, budget - len(note) - 1)
        return Structural(body.text, body.must_keep, head=note)

    result = brief(BriefRequest("command", source, command[:120], compress, instruction=None),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), engine=result.notes)
    return Verdict("compress", "digested", bash.reply(result.text), chars_in=len(source),
                   chars_out=len(result.text), engine=result.notes)


def _own_state_lines(text: str) -> int:
    """Lines of a listing or search that come from the project's .garrepa/, where an older
    install spilled: a grep over the project finds the outputs it saved of earlier greps."""
    if ".garrepa/" not in text:
        return 0
    return sum(1 for line in text.split("\n")
               if line.startswith((".garrepa/", "./.garrepa/")) or "/.garrepa/" in line[:4096]
               .split(":", 1)[0])


def rules(settings: Settings) -> tuple[str, ...]:
    """One `if` rule per program the route digests: a call no rule matches starts no process.
    Measured (docs/benchmarks.md, "A hook on every Bash call"): a handler without a rule costs
    every Bash call 40-55 ms (1.38-1.40x a 20-call session); an unmatched rule costs nothing
    measurable. Claude Code strips `cd … &&` and tries each part of a compound command."""
    from garrepa_py.shell.exact import PRODUCERS

    return tuple(f"Bash({name} *)" for name in sorted(PRODUCERS))


def _claims(event: ToolEvent) -> bool:
    return event.post and event.tool == "Bash"  # the git route claims its dumps first


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    if not settings.commands.enabled:
        return "commands-off"
    return "under-threshold" if event.host.command_small(event, settings.threshold("command")) \
        else None


ROUTE = Route(
    "command", summary="any other large command output → folded, grouped, head/tail/errors",
    event="PostToolUse", matcher="Bash", rules=rules,
    enabled=lambda settings: settings.commands.enabled, claims=_claims, quick_pass=quick_pass,
    handle=handle, target=lambda event: event.input_text("command"))

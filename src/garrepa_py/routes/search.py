"""The search route: a large Grep or Glob result (tools a user enables with
`--tools …,Grep,Glob`; this build's default set has neither, so searches usually arrive as Bash
output and take the command route) becomes the command route's grouped digest — matches by
file, paths by directory, each with its line range in the spill of the exact result.

The reply keeps the tool's own shape (measured: docs/measured-search-tools.md): a Grep in
content mode gets a new `content`, a path list (Glob, Grep files_with_matches) new `filenames`
whose lines are the digest's. Claude Code's Grep cuts a result to 250 entries unless the agent
asks for more (`head_limit: 0`), and persists a Grep result past 20,000 chars (a 2 KB preview):
the threshold sits there; Glob stops at 100 files and rarely gets large.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:

    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext
    from garrepa_py.structural.briefing import Structural

TOOLS = ("Grep", "Glob")


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def recovery_or_secret(event: ToolEvent, source: str) -> str | None:
    """A search of garrepa's spill or Claude Code's saved results (a recovery: never
    briefed again), or of a secret path, by its input or by what it found."""
    from garrepa_py.guard.secrets import secret_name, secret_path
    from garrepa_py.shell.exact import names_saved_output

    values = [v for v in (event.input_text(k) for k in ("path", "glob", "pattern")) if v]
    first = source.split("\n", 1)[0].split(":", 1)[0]
    if any(names_saved_output(v) for v in [*values[:2], first]):
        return "saved-output-read"
    for value in values[:2]:  # a path or glob: a secret file, or a secret directory itself
        if secret_path(value) or secret_name(value.rstrip("/") + "/x"):
            return "secret-path"
    return None


def _prints_whole(event: ToolEvent) -> str | None:
    """A Grep in content mode whose pattern may match the empty string (`^`, `$`, `.*`, ``,
    anything not proved to need a character: shell/regex_empty.py) prints every line of each
    file it searched, or whose context may reach every line: those files whole, which Claude
    Code alone would have delivered and a digest would cut."""
    if event.tool != "Grep" or event.input_text("output_mode") != "content":
        return None
    from garrepa_py.shell.grep_family import CONTEXT_LIMIT
    from garrepa_py.shell.regex_empty import never_empty

    inputs = event.tool_input or {}
    pattern = inputs.get("pattern")
    if not isinstance(pattern, str) or not never_empty(pattern):
        return "exact-file-read"
    for key in ("-A", "-B", "-C", "context"):
        value = inputs.get(key)
        if value is not None and not (_int(value) and 0 <= value < CONTEXT_LIMIT):
            return "exact-file-read"
    return None


def _hint(event: ToolEvent) -> str:
    """What the digest should read the result as: a grep listing or a path list."""
    if event.tool == "Glob":
        return "find"
    mode = event.input_text("output_mode") or "files_with_matches"
    return "grep -rn" if mode == "content" else "grep -c" if mode == "count" else "find"


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    if not context.settings.search.enabled:
        return passed("search-off")
    taken = event.host.search_result(event)
    if taken is None:
        return passed("unknown-shape")
    source = taken.text
    if len(source) < context.settings.threshold("search"):
        return passed("under-threshold")
    why = recovery_or_secret(event, source) or _prints_whole(event)
    if why is not None:
        return passed(why)
    from garrepa_py.config import budgets
    from garrepa_py.engine.brief import brief
    from garrepa_py.engine.types import BriefRequest
    from garrepa_py.structural import bulk

    hint = _hint(event)
    label = f"{event.tool} {event.input_text('pattern') or ''}".strip()[:120]

    def compress(text: str) -> Structural:
        # asked of structural/sniff.py like every route's result: a search is a listing, but
        # a Grep whose lines are a diff or a log gets that kind's digest
        return bulk.command_digest(text, hint, budgets.COMMAND_DIGEST_CHARS)

    result = brief(BriefRequest("search", source, label, compress, instruction=None),
                   context.config, context.project, context.deadline)
    if result.decision != "compress":
        return Verdict("pass", result.reason, chars_in=len(source), engine=result.notes)
    return Verdict("compress", f"digested-{event.tool.lower() if event.tool else 'search'}",
                   taken.reply(result.text), chars_in=len(source), chars_out=len(result.text),
                   engine=result.notes)


def _claims(event: ToolEvent) -> bool:
    return event.post and event.tool in TOOLS


def quick_pass(event: ToolEvent, settings: Settings) -> str | None:
    if not settings.search.enabled:
        return "search-off"
    taken = event.host.search_result(event)
    if taken is not None and len(taken.text) < settings.threshold("search"):
        return "under-threshold"
    return None


ROUTE = Route(
    "search", summary="large Grep / Glob results (when enabled) → matches by file, paths by "
                      "directory",
    event="PostToolUse", matcher="Grep|Glob", enabled=lambda settings: settings.search.enabled,
    claims=_claims, quick_pass=quick_pass, handle=handle,
    target=lambda event: f"{event.input_text('pattern')}\0{event.input_text('path')}")

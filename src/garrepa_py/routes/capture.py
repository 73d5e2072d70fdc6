"""The capture route: before a shell call runs on a host that cuts its output before any hook
sees it (Codex), the call is rewritten to tee its whole output into a private spill, so the
command and git routes can digest the whole output after it ran instead of passing the host's
cut (`host-output-cut`).

The route knows no host: it claims a shell call's PreToolUse event only where the host says it
can capture (`event.host.captures_output`), and the host decides the rewrite and its rules
(hosts/codex/pre_bash.py: one simple command, never a TTY or escalated call, Codex's exec policy
kept, fail-open). It installs nothing itself: a host that captures names its PreToolUse shell
entry in its own install (hosts/codex/install.py), so Claude Code's entries are unchanged.
The rewrite is journaled like the logs route's (`wrapped-capture`): the call itself is counted
by its PostToolUse line.
"""

from __future__ import annotations

from garrepa_py.routes.route import Route
from garrepa_py.routes.verdict import Verdict, passed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext

REASON = "wrapped-capture"


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    found = event.host.capture_rewrite(event)
    if found is None:
        return passed("host-cannot-capture")
    if not isinstance(found, dict):
        return passed(found.reason)  # a Pass: the call runs as the model made it
    return Verdict("compress", REASON, found)


def _claims(event: ToolEvent) -> bool:
    return event.pre and event.tool == "Bash" and event.host.captures_output


def _never(settings: Settings) -> bool:
    return False  # no entry of its own in Claude Code's settings (see above)


ROUTE = Route(
    "capture", summary="shell output kept whole before the host cuts it (Codex)",
    event="PreToolUse", matcher="Bash", enabled=_never, claims=_claims, handle=handle,
    target=lambda event: event.input_text("command"))

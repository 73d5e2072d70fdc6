"""The one decision pipeline, for the hook process and `garrepa preview` alike (standard library
only): event → route → config → quick pass → the route's handler → audit / holdout → reply.

Every step returns what it decided as a typed result (hook/journal_line.py), and the hook's entry
point assembles the journal line from them once, so a preview shows the same decision and reason
the hook would journal, including `audit`, `holdout` and the plugin deferring to the project's
own entries. The hook runs `decide` under its watchdog; a preview runs it directly.
"""

from __future__ import annotations

from garrepa_py.hook.journal_line import PLUGIN_DEFERS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.hook.journal_line import Decided, Delivery, Prepared
    from garrepa_py.hosts.host import Host
    from garrepa_py.routes.route import Route
    from garrepa_py.routes.verdict import HookContext

DEADLINE_MARGIN_SECONDS = 1.5


def installed_timeout(project: str, event_name: str | None, host: Host | None = None
                      ) -> int | None:
    """The `timeout` the host enforces on this hook, read from the installed entry.

    The hook must finish inside what the host will wait for, whatever the config says: the
    smallest timeout of garrepa's handlers for this event in the project's hook settings.
    """
    found: list[int] = []
    if host is None:
        from garrepa_py.hosts.registry import DEFAULT

        host = DEFAULT
    for _, handler in host.installed_handlers(project, event_name):
        timeout = handler.get("timeout")
        if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) and timeout > 0:
            found.append(int(timeout))
        else:
            found.append(host.default_timeout)
    return min(found) if found else None


def project_serves(project: str, route: Route, event_name: str | None,
                   settings: Settings, host: Host) -> bool:
    """Whether the project's own entries start the hook for this route: one of its handlers
    for this event with the route's matcher and one of the route's `if` rules (or none). An
    install from before a route existed has none of its entries: the plugin's handler serves
    that route's calls alone, and must not step aside for the project's other entries."""
    wanted = {slot.condition for slot in route.slots(settings, True)}
    for matcher, handler in host.installed_handlers(project, event_name):
        condition = handler.get("if")
        if matcher == route.matcher and (condition is None or condition in wanted):
            return True
    return False


def target_key(route: Route, event: ToolEvent) -> str | None:
    """A short fingerprint of what the call targets (the file, the command; the route says
    which), never the text itself: the journal links a briefing to a later call on the same
    target by it."""
    value = route.target(event)
    if not value:
        return None
    import zlib

    data = value.strip().encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}{len(data) % 4096:03x}"


def held_out(event: ToolEvent, key: str | None, share: float) -> bool:
    """Whether this event belongs to the control group: decided by the event itself (its tool
    call id, else its session and target), so the same event is always in the same group."""
    if share <= 0:
        return False
    import zlib

    identity = event.tool_use_id or f"{event.session}\0{key}\0{event.tool}"
    return zlib.crc32(identity.encode("utf-8", "surrogatepass")) / 2**32 < share


def route_of(event: ToolEvent) -> Route | None:
    """The route that claims the event (None: it passes, `not-routed`)."""
    from garrepa_py.routes import registry

    return registry.route_for(event)


def prepare(route: Route, event: ToolEvent, project: str, deadline_from: float,
            via_plugin: bool = False) -> Prepared:
    """Cheaply: the config, the route's quick checks, the deadline.

    Its context is None when the event is decided here (most events: a Read of source code, a
    small result), so they cost no thread and no read of settings.json; else the context for
    `decide`. `deadline_from`: the monotonic time the work's budget counts from."""
    from garrepa_py.config.load import load_config
    from garrepa_py.hook.journal_line import Prepared
    from garrepa_py.routes.verdict import HookContext

    config = load_config(project)
    # a misspelt key or a bad value: its default serves, the journal says so
    problems = len(config.problems)
    if config.disabled:
        return Prepared(None, None, "mode-off", problems, None)
    event_name = event.hook_event
    if via_plugin and project_serves(project, route, event_name, config.settings, event.host):
        # the plugin and this project's own entries both run: the project's entry decides,
        # and only it journals the event
        return Prepared(None, route.name, PLUGIN_DEFERS, problems, None)
    quick = route.quick_pass(event, config.settings)
    if quick is not None:
        return Prepared(None, route.name, quick, problems, None)
    installed = installed_timeout(project, event_name, event.host)
    timeout = installed or config.settings.hook.timeout_seconds
    budget = max(timeout - DEADLINE_MARGIN_SECONDS, 0.5)
    # the budget the work ran under: which timeout won
    return Prepared(HookContext(config, project, deadline_from + budget), route.name, None,
                    problems, round(budget * 1000))


def decide(route: Route, event: ToolEvent, context: HookContext, key: str | None = None,
           holdout: bool = True) -> Decided:
    """The route's work: its verdict, and the reply to print (None: the original passes). In
    audit mode the reply is journaled, never delivered; in the holdout group (drawn from `key`
    when the call has no id) it is computed and passed (`holdout=False`: a preview, which has
    no real tool call to draw the group from, shows the reply)."""
    from garrepa_py.hook.journal_line import Decided

    verdict = route.handle(event, context)
    if verdict.reply is None:
        return Decided(verdict, None)
    limit = event.host.uncut_bytes
    text = event.host.replacement_text(verdict.reply) if limit is not None else None
    if limit is not None and text is not None and \
            len(text.encode("utf-8", "surrogatepass")) > limit:
        # the host would cut the replacement as it cuts any output (Codex: measured), and a
        # cut digest no longer accounts for its source: the original passes
        from garrepa_py.routes.verdict import Verdict

        return Decided(Verdict("pass", "over-host-reply-limit", chars_in=verdict.chars_in,
                               engine=verdict.engine), None)
    if context.settings.mode == "audit":
        return Decided(verdict, None, "audit", event.host.reply_delivered(event, verdict.reply))
    transcript = event.transcript  # where `report` finds the session's tokens
    if holdout and held_out(event, key, context.settings.holdout):
        # the control group: computed like any other, journaled as holdout, passed untouched
        return Decided(verdict, None, "holdout", transcript=transcript)
    return Decided(verdict, verdict.reply, transcript=transcript)


def delivery(event: ToolEvent | None, reply: dict[str, Any] | None,
             baseline_chars: int | None) -> Delivery:
    """What the model receives after the host applies its own rules to the reply (a digest
    over Claude Code's Bash limit is persisted again), or `baseline_chars` when the original
    passes; with a reply, its fingerprint (never the text), by which `report` finds it in the
    transcript's result for the event's tool_use_id."""
    from garrepa_py.hook.journal_line import Delivery

    if reply is None or event is None:
        return Delivery(baseline_chars)
    text = event.host.replacement_text(reply)
    return Delivery(event.host.reply_delivered(event, reply),
                    event.host.fingerprint(text) if text is not None else None)

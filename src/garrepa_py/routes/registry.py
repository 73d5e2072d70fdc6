"""The one list of routes (standard library only). Adding a route is one module and one line here.

The hook asks the routes in this order which one claims an event (the first that does takes
it), the installer writes each enabled route's handlers, `preview` runs the same decision, and
`doctor` and `report` name the routes from here. Order matters where two routes see the same
tool: Figma's MCP tools before any MCP tool, a read-only git dump before any other command, a
host's output capture before the logs route's rewrite (a host that captures cannot take both).
"""

from __future__ import annotations

from garrepa_py.routes import capture, command, figma, git, logs, mcp, read, search

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from garrepa_py.config.settings import Settings
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.route import Route, Slot

ROUTES: tuple[Route, ...] = (
    read.ROUTE,
    figma.ROUTE,
    mcp.ROUTE,
    git.ROUTE,
    capture.ROUTE,
    logs.ROUTE,
    search.ROUTE,
    command.ROUTE,
)
BY_NAME: dict[str, Route] = {route.name: route for route in ROUTES}


def route_for(event: ToolEvent) -> Route | None:
    """The route that claims this event, or None (it passes untouched)."""
    for route in ROUTES:
        if route.claims(event):
            return route
    return None


def slots(settings: Settings, on: Mapping[str, bool] | None = None) -> tuple[Slot, ...]:
    """Every handler garrepa installs for these settings, in the registry's order, each once
    (`on`: routes switched on or off whatever the settings say, by name).

    Claude Code runs every handler whose `if` matches a call, so a handler without a rule
    covers all rules of the same event and matcher: those are left out, or a call would start
    two processes that do the same work."""
    found: list[Slot] = []
    for route in ROUTES:
        for slot in route.slots(settings, (on or {}).get(route.name)):
            if slot not in found:
                found.append(slot)
    catch_all = {(s.event, s.matcher) for s in found if s.condition is None}
    return tuple(s for s in found if s.condition is None or (s.event, s.matcher) not in catch_all)

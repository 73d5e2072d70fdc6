"""The Figma route: a Figma MCP tool's large result, briefed as the MCP route briefs any, with
an instruction of its own for the cheap model: a design is node ids, component names, tokens
and exact values, and the model must never describe visuals the data does not hold."""

from __future__ import annotations

from garrepa_py.routes import mcp
from garrepa_py.routes.route import Route

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.event import ToolEvent
    from garrepa_py.routes.verdict import HookContext, Verdict

INSTRUCTION = ("Map this design: node ids, component and variant names, design tokens and exact "
               "values (colours, spacing, type), and asset URLs. Never describe visuals that "
               "are not in the data.")


def _claims(event: ToolEvent) -> bool:
    return mcp.is_mcp_result(event) and "figma" in str(event.tool).lower()


def handle(event: ToolEvent, context: HookContext) -> Verdict:
    return mcp.handle(event, context, route="figma", instruction=INSTRUCTION)


ROUTE = Route(
    "figma", summary="large Figma MCP results → a design map",
    event="PostToolUse", matcher="mcp__.*",  # the MCP route's handler: installed once
    claims=_claims, quick_pass=mcp.quick_pass, handle=handle, instruction=INSTRUCTION)

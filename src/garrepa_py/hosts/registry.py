"""The one list of hosts (standard library only). Adding a host is one package and one line here.

The hook learns its host from its command line (`--host NAME`; none: the default, Claude Code,
so every install from before hosts existed is served as it was); `report` reads a journal line's
`host` key (none: the default) to find its transcript.
"""

from __future__ import annotations

from garrepa_py.hosts.claude_code.host import HOST as CLAUDE_CODE
from garrepa_py.hosts.codex.host import HOST as CODEX

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.hosts.host import Host

HOSTS: tuple[Host, ...] = (CLAUDE_CODE, CODEX)
DEFAULT: Host = CLAUDE_CODE


def by_name(name: object) -> Host | None:
    """The host of that name; None for a name no host has (the default for None)."""
    if name is None:
        return DEFAULT
    return next((host for host in HOSTS if host.name == name), None)

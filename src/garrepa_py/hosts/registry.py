"""The one list of hosts (standard library only). Adding a host is one package and one line here.

The hook learns its host from its command line (`--host NAME`; none: the default, Claude Code,
so every install from before hosts existed is served as it was); `report` reads a journal line's
`host` key (none: the default) to find its transcript. Only the default host is imported up
front: a Claude Code event pays for no other host's module.
"""

from __future__ import annotations

from garrepa_py.hosts.claude_code.host import HOST

TYPE_CHECKING = False
if TYPE_CHECKING:
    from garrepa_py.hosts.host import Host

DEFAULT: Host = HOST

# name → its package under hosts/ (each has host.py with HOST)
PACKAGES = {
    "claude-code": "claude_code",
    "codex": "codex",
    "qwen-code": "qwen_code",
}


def by_name(name: object) -> Host | None:
    """The host of that name; None for a name no host has (the default for None)."""
    if name is None or name == DEFAULT.name:
        return DEFAULT
    package = PACKAGES.get(name) if isinstance(name, str) else None
    if package is None:
        return None
    module = __import__(f"garrepa_py.hosts.{package}.host", fromlist=["HOST"])
    host: Host = module.HOST
    return host


def hosts() -> tuple[Host, ...]:
    """Every host, in the order above."""
    return tuple(h for h in (by_name(name) for name in PACKAGES) if h is not None)

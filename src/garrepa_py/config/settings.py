"""Typed settings, built once per process from the layered config.

Code reads `settings.read.opening_lines`, not `config.get("read.openingLines")`: a misspelt
name is a type error, not a KeyError swallowed by fail-open, and every value already has its
type (lists became frozensets or tuples). Plain classes with slots, frozen after construction:
`dataclasses` would cost the hook ~30 ms of imports per event. Standard library only.
"""

from __future__ import annotations

from garrepa_py.config import budgets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class _Frozen:
    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"settings are read-only ({type(self).__name__}.{name})")

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)


def _words(value: object, strip: str = "") -> frozenset[str]:
    items = value if isinstance(value, list) else []
    return frozenset(str(item).lower().lstrip(strip) for item in items)


def _texts(value: object) -> tuple[str, ...]:
    return tuple(str(item) for item in value) if isinstance(value, list) else ()


def _rates(value: object) -> dict[str, dict[str, float]]:
    if not isinstance(value, dict):
        return {}
    return {str(model): {str(k): float(v) for k, v in rates.items()}
            for model, rates in value.items() if isinstance(rates, dict)}


class HookSettings(_Frozen):
    __slots__ = ("timeout_seconds",)
    timeout_seconds: int

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(timeout_seconds=int(str(values["hook.timeoutSeconds"])))


class ReadSettings(_Frozen):
    __slots__ = ("mode", "opening_lines", "doc_extensions", "doc_names", "html_dirs", "exclude")
    mode: str
    opening_lines: int
    doc_extensions: frozenset[str]  # lower case, no dot
    doc_names: frozenset[str]  # lower case
    html_dirs: frozenset[str]  # lower case
    exclude: tuple[str, ...]

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(mode=str(values["read.mode"]),
                  opening_lines=int(str(values["read.openingLines"])),
                  doc_extensions=_words(values["read.docExtensions"], strip="."),
                  doc_names=_words(values["read.docNames"]),
                  html_dirs=_words(values["read.htmlDirs"]),
                  exclude=_texts(values["read.exclude"]))


class ProviderSettings(_Frozen):
    __slots__ = ("type", "api_key_env_var", "base_url", "model", "max_tokens")
    type: str
    api_key_env_var: str
    base_url: str | None
    model: str
    max_tokens: int

    def __init__(self, values: Mapping[str, object]) -> None:
        base_url = values["provider.baseUrl"]
        self._set(type=str(values["provider.type"]),
                  api_key_env_var=str(values["provider.apiKeyEnvVar"]),
                  base_url=base_url if isinstance(base_url, str) else None,
                  model=str(values["provider.model"]),
                  max_tokens=int(str(values["provider.maxTokens"])))


class SpillSettings(_Frozen):
    __slots__ = ("max_age_days", "max_megabytes")
    max_age_days: int
    max_megabytes: int

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(max_age_days=int(str(values["spill.maxAgeDays"])),
                  max_megabytes=int(str(values["spill.maxMegabytes"])))


class McpSettings(_Frozen):
    __slots__ = ("exclude_tools",)
    exclude_tools: tuple[str, ...]

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(exclude_tools=_texts(values["mcp.excludeTools"]))


class LogsSettings(_Frozen):
    __slots__ = ("enabled",)
    enabled: bool

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(enabled=values["logs.enabled"] is True)


class CommandSettings(_Frozen):
    __slots__ = ("enabled", "exclude")
    enabled: bool
    exclude: tuple[str, ...]

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(enabled=values["commands.enabled"] is True,
                  exclude=_texts(values["commands.exclude"]))


class SearchSettings(_Frozen):
    __slots__ = ("enabled",)
    enabled: bool

    def __init__(self, values: Mapping[str, object]) -> None:
        self._set(enabled=values["search.enabled"] is True)


class Settings(_Frozen):
    """Every setting, by section. `threshold(route)` is the size under which a route's results
    pass untouched: the route's default (config/budgets.py) unless the user set
    `threshold.minChars`, which then holds for every route. `min_chars` is the Read route's."""

    __slots__ = ("mode", "min_chars", "configured_threshold", "holdout", "hook", "read",
                 "provider", "spill", "mcp", "logs", "commands", "search", "prices")
    mode: str
    min_chars: int
    configured_threshold: int | None  # `threshold.minChars` as the user set it; None: defaults
    holdout: float  # the share of eligible events passed untouched (a control group)
    hook: HookSettings
    read: ReadSettings
    provider: ProviderSettings
    spill: SpillSettings
    mcp: McpSettings
    logs: LogsSettings
    commands: CommandSettings
    search: SearchSettings
    prices: dict[str, dict[str, float]]  # the user's rates by model id (config/prices.py)

    def __init__(self, values: Mapping[str, object],
                 sources: Mapping[str, str] | None = None) -> None:
        """`sources`: where each value came from (config/load.py); without it every value counts
        as set by the user."""
        user_set = sources is None or sources.get("threshold.minChars", "default") != "default"
        configured = int(str(values["threshold.minChars"])) if user_set else None
        self._set(mode=str(values["mode"]), configured_threshold=configured,
                  min_chars=budgets.threshold("read", configured),
                  holdout=float(str(values["holdout"])),
                  hook=HookSettings(values), read=ReadSettings(values),
                  provider=ProviderSettings(values), spill=SpillSettings(values),
                  mcp=McpSettings(values), logs=LogsSettings(values),
                  commands=CommandSettings(values), search=SearchSettings(values),
                  prices=_rates(values.get("prices")))

    def threshold(self, route: str) -> int:
        """The size under which `route`'s results pass untouched (see the class docstring)."""
        return budgets.threshold(route, self.configured_threshold)

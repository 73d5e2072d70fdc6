"""Model prices in USD per million tokens, for the dollars `garrepa report` shows.

Four rates per model: `input` (uncached input), `cacheWrite` (input written to the prompt cache,
Anthropic's 5-minute write), `cacheRead` (input read from the cache) and `output`. The built-in
table holds Claude models whose list prices were published when it was last checked (AS_OF);
the `prices` setting adds models and overrides rates field by field. A model id is priced by the
entry whose name it is, or that name followed by a release date (`claude-opus-4-1-20250805`,
`claude-sonnet-4-5@20250929`, Bedrock's `us.anthropic.…-v1:0`): `claude-opus-4` never prices
`claude-opus-4-6`, so a model the table does not name is "price unknown", never a guess.

Standard library only, and no `re` at import: the config schema (on the hook path, where a
pass-through imports nothing it does not use) validates the setting with `check`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

FIELDS = ("input", "cacheWrite", "cacheRead", "output")
AS_OF = "2025-11"  # Anthropic's published list prices (the first 200K tokens of a request)
HIGHEST = 10_000.0  # a rate above this many dollars per million tokens is a typo

_OPUS_4 = {"input": 15.0, "cacheWrite": 18.75, "cacheRead": 1.5, "output": 75.0}
_SONNET = {"input": 3.0, "cacheWrite": 3.75, "cacheRead": 0.3, "output": 15.0}
BUILT_IN: dict[str, dict[str, float]] = {
    "claude-opus-4-5": {"input": 5.0, "cacheWrite": 6.25, "cacheRead": 0.5, "output": 25.0},
    "claude-opus-4-1": _OPUS_4,
    "claude-opus-4": _OPUS_4,
    "claude-3-opus": _OPUS_4,
    "claude-sonnet-4-5": _SONNET,
    "claude-sonnet-4": _SONNET,
    "claude-3-7-sonnet": _SONNET,
    "claude-3-5-sonnet": _SONNET,
    "claude-haiku-4-5": {"input": 1.0, "cacheWrite": 1.25, "cacheRead": 0.1, "output": 5.0},
    "claude-3-5-haiku": {"input": 0.8, "cacheWrite": 1.0, "cacheRead": 0.08, "output": 4.0},
    "claude-3-haiku": {"input": 0.25, "cacheWrite": 0.3, "cacheRead": 0.03, "output": 1.25},
}

NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}"
DATED_PATTERN = r"[-@]\d{8}"


def check(value: object) -> str | None:
    """What is wrong with a `prices` table, or None: model id → {field: USD per million}."""
    import re

    if not isinstance(value, dict):
        return "must be a table of model ids, each with rates such as {\"input\": 3}"
    for model, rates in value.items():
        if not isinstance(model, str) or not re.fullmatch(NAME_PATTERN, model):
            return f"has a model id {model!r} that is not a plain model name"
        if not isinstance(rates, dict) or not rates:
            return f"must give {model} a table of rates ({', '.join(FIELDS)})"
        for field, rate in rates.items():
            if field not in FIELDS:
                return f"has {model}.{field}: the rates are {', '.join(FIELDS)}"
            if not isinstance(rate, (int, float)) or isinstance(rate, bool) \
                    or not 0 <= rate <= HIGHEST:
                return f"must give {model}.{field} a number of dollars from 0 to {HIGHEST:,.0f}"
    return None


FRAGMENT: dict[str, object] = {
    "type": "object",
    "propertyNames": {"pattern": f"^{NAME_PATTERN}$"},
    "additionalProperties": {
        "type": "object", "additionalProperties": False, "minProperties": 1,
        "properties": {field: {"type": "number", "minimum": 0, "maximum": HIGHEST}
                       for field in FIELDS}}}


def normalise(model: str) -> str:
    """A provider's spelling of a Claude model id as Anthropic's: Bedrock's
    `us.anthropic.claude-…-v1:0` and Vertex's `claude-…@20250929` lose their wrapping."""
    import re

    name = model.strip()
    if "anthropic." in name:
        name = name.split("anthropic.", 1)[1]
    name = re.sub(r"-v\d+(:\d+)?$", "", name)
    return name


def key_for(model: str, names: object) -> str | None:
    """The table entry that prices `model`: its own name, or a name followed by a date."""
    import re

    name = normalise(model)
    best: str | None = None
    for key in names if isinstance(names, (dict, list, tuple, set, frozenset)) else ():
        if not isinstance(key, str):
            continue
        rest = name[len(key):] if name.startswith(key) else None
        if rest is not None and (rest == "" or re.fullmatch(DATED_PATTERN, rest)):
            if best is None or len(key) > len(best):
                best = key
    return best


class Rates:
    """One model's rates (None: not known) and where each came from ("built-in" or "config")."""

    __slots__ = ("key", "rates", "sources")

    def __init__(self, key: str, rates: dict[str, float | None], sources: dict[str, str]) -> None:
        self.key = key
        self.rates = rates
        self.sources = sources

    @property
    def source(self) -> str:
        kinds = {self.sources[f] for f in FIELDS if f in self.sources}
        if kinds == {"built-in"}:
            return "built-in"
        if kinds == {"config"}:
            return "config"
        return "built-in, overridden in config" if kinds else "unknown"


def table(overrides: Mapping[str, Mapping[str, float]] | None) -> dict[str, Rates]:
    """The built-in table with `overrides` laid over it field by field."""
    found: dict[str, Rates] = {}
    for key, built_in in BUILT_IN.items():
        found[key] = Rates(key, {f: float(built_in[f]) for f in FIELDS},
                           {f: "built-in" for f in FIELDS})
    for key, rates in (overrides or {}).items():
        entry = found.setdefault(key, Rates(key, {f: None for f in FIELDS}, {}))
        for field, rate in rates.items():
            if field in FIELDS:
                entry.rates[field] = float(rate)
                entry.sources[field] = "config"
    return found


def lookup(model: object, prices: Mapping[str, Rates]) -> Rates | None:
    """The rates that price `model`, or None: a model no entry names has no price."""
    if not isinstance(model, str) or not model:
        return None
    key = key_for(model, list(prices))
    return prices[key] if key is not None else None

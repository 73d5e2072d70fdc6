"""JSON for the hook's hot path without `import json` (its decoder pulls in `re`, ~10 ms here).

Uses the C scanner behind the standard `json` module; anything unusual falls back to `json`.
Standard library only.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

_make_scanner: Any
_quote: Any
try:
    from _json import encode_basestring_ascii as _quote
    from _json import make_scanner as _make_scanner
except ImportError:  # pragma: no cover - interpreters without the C accelerator
    _make_scanner = _quote = None

_WHITESPACE = " \t\n\r"


class _Context:
    """The attributes the C scanner reads from a json.JSONDecoder."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    memo: dict[str, str]

    @staticmethod
    def parse_constant(name: str) -> float:
        return {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}[name]


_scan = _make_scanner(_Context()) if _make_scanner is not None else None


def loads(data: bytes | str) -> Any:
    """Parse one JSON document; ValueError on anything that is not exactly one."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data  # UnicodeDecodeError is a ValueError
    if _scan is None:  # pragma: no cover
        import json

        return json.loads(text)
    start = 0
    while start < len(text) and text[start] in _WHITESPACE:
        start += 1
    try:
        value, end = _scan(text, start)
    except StopIteration:
        raise ValueError("not a JSON document") from None
    except Exception as exc:  # the C scanner raises json.JSONDecodeError, a ValueError
        raise ValueError(str(exc)) from None
    while end < len(text) and text[end] in _WHITESPACE:
        end += 1
    if end != len(text):
        raise ValueError("extra data after the JSON document")
    return value


def dumps_flat(record: Mapping[str, Any]) -> str:
    """Compact JSON for a flat record of strings, numbers, booleans and None."""
    if _quote is None:  # pragma: no cover
        import json

        return json.dumps(record, separators=(",", ":"))
    parts = []
    for key, value in record.items():
        if value is None:
            encoded = "null"
        elif value is True or value is False:
            encoded = "true" if value else "false"
        elif isinstance(value, str):
            encoded = _quote(value)
        elif isinstance(value, int) or (isinstance(value, float) and value == value
                                        and value not in (float("inf"), float("-inf"))):
            encoded = repr(value) if isinstance(value, float) else str(int(value))
        else:
            import json

            try:
                encoded = json.dumps(value, separators=(",", ":"), default=str, allow_nan=False)
            except ValueError:  # inf and nan have no JSON form: keep them readable as text
                encoded = _quote(str(value))
        parts.append(f"{_quote(str(key))}:{encoded}")
    return "{" + ",".join(parts) + "}"

"""garrepa's own regular expressions, compiled once per interpreter rather than once per hook
process: about half the hook's import time was `re.compile` of module-level patterns (38 of
76 ms for a compress event's modules, measured with `python -X importtime` and a timed
`re._compile`).

    warm()   before the hook imports its routes: known patterns go into `re`'s own cache
    keep()   after the reply is written: module-level patterns not yet known are added

The file holds, per pattern, what `re._compiler.compile` hands `_sre.compile` (its opcode list,
flags, groups), marshalled; `re.compile` then finds the pattern in `re._cache` and compiles
nothing. It sits in the package's own `__pycache__` beside the bytecode (or, when that is not
writable, `~/.cache/garrepa/`), named for the
interpreter (its full version and `_sre.MAGIC`: opcodes are private to one build) and
garrepa's version; `GARREPA_REGEX_CACHE=off` turns it off, an absolute folder moves it. Only
patterns bound at module level in garrepa's own modules are kept, never one built from an
event (a grep pattern). Standard library only; any doubt — another
interpreter, a file that does not load or validate (`_sre.compile` checks the opcodes), an
unwritable folder — and `re` compiles as it always does.
"""

from __future__ import annotations

import os
import re
import sys

FORMAT = 1
MAX_PATTERNS = 450  # under re._MAXCACHE (512): the cache must not evict what it was given
_known: set[tuple[str, int]] = set()


def _file() -> str:
    import _sre  # type: ignore[import-not-found]  # CPython's own, no stubs
    import zlib

    from garrepa_py.version import __version__

    build = zlib.crc32(f"{sys.version}|{_sre.MAGIC}".encode())
    setting = os.environ.get("GARREPA_REGEX_CACHE", "").strip()
    package = os.path.dirname(os.path.abspath(__file__))
    folder = setting if os.path.isabs(setting) else os.path.join(package, "__pycache__")
    if not os.path.isabs(setting) and not os.access(folder if os.path.isdir(folder)
                                                    else package, os.W_OK):
        # a system-wide install: the user's own cache folder instead
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                ".cache")
        folder = os.path.join(base, "garrepa")
    return os.path.join(folder, f"regex.{sys.implementation.cache_tag}.{build:08x}."
                                f"{__version__}.marshal")


def _usable() -> bool:
    if os.environ.get("GARREPA_REGEX_CACHE", "").strip().lower() in ("0", "off", "false", "no"):
        return False
    return (sys.implementation.name == "cpython" and hasattr(re, "_cache")
            and hasattr(re, "_compiler") and hasattr(re, "_parser"))


def warm() -> int:
    """Puts the known patterns into `re._cache`; the number put."""
    if not _usable():
        return 0
    try:
        import _sre
        import marshal

        with open(_file(), "rb") as handle:
            data = marshal.loads(handle.read())
        if not (isinstance(data, tuple) and len(data) == 4 and data[:3] == (
                FORMAT, sys.version, _sre.MAGIC) and isinstance(data[3], list)):
            return 0
        for pattern, flags, final, code, groups, groupindex, indexgroup in data[3]:
            if len(re._cache) >= MAX_PATTERNS:  # type: ignore[attr-defined]
                break
            compiled = _sre.compile(pattern, final, code, groups, groupindex, indexgroup)
            re._cache[str, pattern, flags] = compiled  # type: ignore[attr-defined]
            _known.add((pattern, flags))
    except Exception:  # noqa: BLE001 - any doubt: re compiles as usual
        return 0
    return len(_known)


def module_patterns() -> set[str]:
    """The texts of the str patterns bound at module level (or in a module-level tuple, list
    or dict) by garrepa's own modules loaded in this process."""
    found: set[str] = set()
    for name, module in list(sys.modules.items()):
        if not name.startswith("garrepa_py.") or module is None:
            continue
        for value in list(vars(module).values()):
            values = value.values() if isinstance(value, dict) else \
                value if isinstance(value, (tuple, list)) else (value,)
            for item in values:
                if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                    found.add(item.pattern)
    return found


def keep() -> int:
    """Adds this process's module-level patterns the file does not hold yet, under the keys
    `re.compile` filed them by; the number written (0: nothing new, or not possible here)."""
    if not _usable():
        return 0
    try:
        ours = module_patterns()
        cached = {(key[1], int(key[2])) for key in list(re._cache)  # type: ignore[attr-defined]
                  if key[0] is str and key[1] in ours and isinstance(key[2], int)}
        new = cached - _known
        if not new:
            return 0
        return _write(new)
    except Exception:  # noqa: BLE001 - a cache never fails the hook
        return 0


def _write(new: set[tuple[str, int]]) -> int:
    import _sre
    import marshal
    import tempfile
    from re import _compiler, _parser  # type: ignore[attr-defined]

    items = []
    wanted = sorted(_known | new)[:MAX_PATTERNS]
    for pattern, flags in wanted:
        parsed = _parser.parse(pattern, flags)
        code = [int(op) for op in _compiler._code(parsed, flags)]
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for key, index in groupindex.items():
            indexgroup[index] = key
        items.append((pattern, flags, int(flags | parsed.state.flags), code,
                      parsed.state.groups - 1, groupindex, tuple(indexgroup)))
    target = _file()
    os.makedirs(os.path.dirname(target), exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".regex-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(marshal.dumps((FORMAT, sys.version, _sre.MAGIC, items)))
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    _known.update(wanted)
    return len(items)

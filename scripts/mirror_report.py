"""Which modules of the package have their unit test file at the mirrored path (issue 36).

A module src/garrepa_py/<package>/<module>.py is mirrored by tests/<package>/test_<module>.py.
Package markers (`__init__.py`) and entry shims (`__main__.py`) are not counted.

    python scripts/mirror_report.py            # the count, then every module still missing one
    python scripts/mirror_report.py hosts hook # only the modules under these packages
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "src" / "garrepa_py"
TESTS = REPO / "tests"
SKIPPED = ("__init__.py", "__main__.py")


def modules(under: tuple[str, ...] = ()) -> list[str]:
    """The package's modules as paths relative to src/garrepa_py ("hosts/host.py"), sorted;
    with `under`, only those inside one of these subpackages."""
    found = sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
                   if path.name not in SKIPPED and "__pycache__" not in path.parts)
    if under:
        found = [m for m in found if any(m.startswith(p.strip("/") + "/") for p in under)]
    return found


def mirror(module: str) -> Path:
    """tests/<package>/test_<module>.py for "<package>/<module>.py"."""
    path = Path(module)
    return TESTS / path.parent / f"test_{path.name}"


def missing(under: tuple[str, ...] = ()) -> list[str]:
    return [m for m in modules(under) if not mirror(m).is_file()]


def report(under: tuple[str, ...] = ()) -> str:
    every = modules(under)
    absent = missing(under)
    lines = [f"{len(every) - len(absent)} of {len(every)} modules have a mirrored test file"]
    if absent:
        lines.append(f"missing ({len(absent)}):")
        lines += [f"  src/garrepa_py/{m} -> {mirror(m).relative_to(REPO).as_posix()}"
                  for m in absent]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    print(report(tuple(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

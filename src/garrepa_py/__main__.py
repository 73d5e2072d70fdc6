"""The `garrepa` console command: `garrepa hook` goes straight to the stdlib-only hook entry."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["hook"]:
        from garrepa_py.hook.entry import main as hook_main

        hook_main()
        return
    from garrepa_py.cli.app import run

    run()


if __name__ == "__main__":
    main()

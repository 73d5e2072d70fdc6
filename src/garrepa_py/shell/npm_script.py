"""Which program an `npm test` / `npm run NAME` runs, read from the project's package.json.

npm prints nothing of its own when a script fails (npm 11: a script's `exit 3` leaves only its
`> name@1.0.0 test` header, exactly as a passing one does), so the runner can tell a pass only by
the success line of the tool the script runs. A script whose tool prints one (jest's `Tests:`,
vitest's `Test Files`, mocha's `N passing`, TAP's `# ok`, `vite build`'s `✓ built in`) may be
wrapped; any other (tsc or ESLint, which print nothing when they pass, a chain of commands, a
script garrepa cannot read) is left alone, so Claude Code reports its exit status itself.
"""

from __future__ import annotations

import os

from garrepa_py.shell import tokenizer

MAX_PACKAGE_JSON = 1024 * 1024
# programs whose passing run prints a line the runner takes as its evidence (log_evidence.py)
SPEAKING = frozenset({"jest", "vitest", "mocha", "tap", "tape", "react-scripts"})
SPEAKING_SUBCOMMANDS = frozenset({("vite", "build")})  # `✓ built in …`; bare `vite` is a server
ENV_SETTERS = frozenset({"cross-env", "env", "npx"})


def script_name(words: list[str]) -> str | None:
    """`npm test` → "test", `npm run NAME` → NAME (words start at `npm`)."""
    if len(words) >= 2 and words[1] in ("test", "t"):
        return "test"
    if len(words) >= 3 and words[1] == "run":
        return words[2]
    return None


def _package_scripts(directory: str) -> dict[str, object] | None:
    from garrepa_py import fs
    from garrepa_py.fastjson import loads

    try:
        data = fs.read_bounded(os.path.join(directory, "package.json"), MAX_PACKAGE_JSON)
        package = loads(data.decode("utf-8"))
    except Exception:
        return None
    scripts = package.get("scripts") if isinstance(package, dict) else None
    return scripts if isinstance(scripts, dict) else None


def speaks(command: str, cwd: str) -> bool:
    """Does the npm script this command runs print a success line the runner can see?"""
    words = tokenizer.words(command)
    if not words:
        return False
    directory = cwd
    if words[0] == "cd" and len(words) >= 4 and words[2] == tokenizer.AND:
        directory = os.path.join(cwd, words[1])
        words = words[3:]
    while words and "=" in words[0] and not words[0].startswith("="):
        words = words[1:]
    if not words or words[0] != "npm":
        return False
    name = script_name(words)
    scripts = _package_scripts(directory) if name else None
    script = scripts.get(name) if scripts and name else None
    if not isinstance(script, str):
        return False
    program = tokenizer.words(script)
    if not program or tokenizer.AND in program:
        return False
    while program and (program[0] in ENV_SETTERS or "=" in program[0]):
        program = program[1:]
    if not program:
        return False
    tool = program[0].rsplit("/", 1)[-1]
    return tool in SPEAKING or tuple([tool, *program[1:2]]) in SPEAKING_SUBCOMMANDS

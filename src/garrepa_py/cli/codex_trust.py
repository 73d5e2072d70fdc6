"""What `garrepa init --host codex` says (or does) about Codex's hook trust.

Codex 0.171.0 skips a project's hooks that are not trusted, without a word (measured: docs/
codex-hooks-measured.md). garrepa never edits the user's CODEX_HOME/config.toml unless asked
with --trust-codex-hooks; otherwise it says what to do, with the exact lines when Codex is on
PATH to give their hashes.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path


def trust_step(root: Path, trust_hooks: bool) -> list[str]:
    from garrepa_py.errors import GarrepaError
    from garrepa_py.hosts.codex import trust
    from garrepa_py.hosts.codex.install import hooks_file
    from garrepa_py.install.settings_file import read_settings

    config = trust.codex_home() / "config.toml"
    binary = shutil.which("codex")
    try:
        data, _ = read_settings(hooks_file(root))
        keys = trust.our_keys(root, data)
        states = trust.listed(binary, root, dict(os.environ)) if binary else {}
    except GarrepaError as exc:
        keys, states = [], {}
        if trust_hooks:
            return [f"codex trust: not recorded: {exc.message}"]
    ours = [states[key] for key in keys if key in states]
    if trust_hooks:
        if binary is None:
            return ["codex trust: not recorded: `codex` is not on PATH, and only Codex can say "
                    "the hash it trusts; install Codex and run this again"]
        if len(ours) != len(keys):
            return [f"codex trust: not recorded: Codex lists {len(ours)} of garrepa's "
                    f"{len(keys)} hooks in {hooks_file(root)}" + (
                        "; it loads a project's hooks only once the project itself is trusted "
                        "(start codex there once and trust it), then run this again"
                        if not ours else "")]
        written = trust.record_trust(ours)
        return [f"codex trust: garrepa's {len(ours)} hooks recorded as trusted in {written}"]
    waiting = [state for state in ours if state.status != "trusted"]
    if ours and not waiting:
        return [f"codex trust: Codex trusts garrepa's {len(ours)} hooks"]
    lines = ["important: Codex runs a project's hooks only once you trust them, and skips "
             "untrusted ones without a word: until then garrepa sees nothing.",
             "  run `garrepa init --host codex --trust-codex-hooks` to record them in "
             f"{config} (your file: garrepa only edits it when asked),"]
    if waiting:
        lines.append("  or add these lines to it yourself:")
        lines += ["    " + line for line in trust.manual_lines(waiting).splitlines()]
    elif binary is not None:  # Codex is here but lists no hook: the project is not trusted yet
        lines[1] = ("  first trust the project itself in Codex (start codex there once and "
                    f"trust it, or add [projects.\"{root}\"] trust_level = \"trusted\" to "
                    f"{config}): Codex lists a project's hooks only then;")
        lines.append("  then run `garrepa init --host codex --trust-codex-hooks` to record them "
                     "(your file: garrepa only edits it when asked);")
    else:
        lines.append("  or add a [hooks.state.\"<key>\"] trusted_hash for each of them (the "
                     "hashes come from `codex app-server`'s hooks/list: put `codex` on PATH "
                     "and run init again to see them);")
    lines.append("  a headless `codex exec --dangerously-bypass-hook-trust` runs them without.")
    lines.append("  Changing an entry (a moved project, a new timeout) changes its hash: trust "
                 "it again.")
    return lines

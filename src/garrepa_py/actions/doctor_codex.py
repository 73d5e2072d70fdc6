"""`garrepa doctor`'s checks of a Codex install: the hooks.json entries, the launcher, Codex's
hook trust (asked of Codex itself when it is on PATH, else read from CODEX_HOME/config.toml),
and the Codex version against the one measured (docs/codex-hooks-measured.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from garrepa_py import fs
from garrepa_py.actions.check import Check, parse_version
from garrepa_py.errors import GarrepaError
from garrepa_py.hosts.codex import install as codex
from garrepa_py.hosts.codex import trust
from garrepa_py.install.managed_files import is_managed, template
from garrepa_py.install.settings_file import read_settings

MEASURED = (0, 171, 0)  # what every measured Codex behaviour was measured against


def checks(project: Path) -> list[Check]:
    binary = shutil.which("codex")
    return [_entries(project), _launcher(project), _trust(project, binary), _version(binary)]


def _entries(project: Path) -> Check:
    path = codex.hooks_file(project)
    try:
        data, text = read_settings(path)
    except GarrepaError as exc:
        return Check("codex hooks", "fail", exc.message, exc.hint or "")
    if text is None:
        return Check("codex hooks", "fail", f"{path} is missing", "run `garrepa init --host codex`")
    problems = codex.entry_problems(data, codex.hook_command(project))
    if len(problems) == len(codex.SLOTS) and all(p.endswith(": missing") for p in problems):
        return Check("codex hooks", "fail", f"no garrepa entry in {path}",
                     "run `garrepa init --host codex`")
    if problems:
        return Check("codex hooks", "warn", "; ".join(problems),
                     "run `garrepa init --host codex`: it rewrites the entries in place")
    shown = ", ".join(f"{event} {matcher}" for event, matcher in codex.SLOTS)
    return Check("codex hooks", "ok", f"{shown}; in {path}")


def _launcher(project: Path) -> Check:
    path = codex.launcher_file(project)
    try:
        text = fs.read_bounded(str(path), 1024 * 1024).decode("utf-8", "replace")
    except fs.Refused as exc:
        return Check("codex launcher", "fail", f"{path} is not a regular file ({exc.reason})",
                     "remove it and run `garrepa init --host codex`")
    except OSError:
        return Check("codex launcher", "fail", f"{path} is missing",
                     "run `garrepa init --host codex`")
    if not is_managed(text):
        return Check("codex launcher", "fail", f"{path} was not written by garrepa",
                     "move it aside and run `garrepa init --host codex`")
    if not os.access(path, os.X_OK):
        return Check("codex launcher", "fail", f"{path} is not executable",
                     "run `garrepa init --host codex`")
    if text != template(codex.TEMPLATE):
        return Check("codex launcher", "warn", "written by an older garrepa (upgrade due)",
                     "run `garrepa init --host codex`")
    return Check("codex launcher", "ok", str(path))


def _trust(project: Path, binary: str | None) -> Check:
    try:
        data, _ = read_settings(codex.hooks_file(project))
    except GarrepaError:
        data = {}
    keys = trust.our_keys(project, data)
    if not keys:
        return Check("codex trust", "warn", "no garrepa hook to trust",
                     "run `garrepa init --host codex`")
    fix = ("run `garrepa init --host codex --trust-codex-hooks` (it records them in "
           f"{trust.codex_home() / 'config.toml'}); until then Codex skips them without a word")
    if binary is not None:
        try:
            states = trust.listed(binary, project, dict(os.environ))
        except GarrepaError as exc:
            states, why = {}, exc.message
        else:
            why = ""
        if states or not why:
            ours = [states[key] for key in keys if key in states]
            waiting = [s for s in ours if s.status not in ("trusted", "managed")]
            if not ours:  # --trust-codex-hooks would refuse too: Codex lists nothing yet
                return Check("codex trust", "warn", f"Codex lists none of garrepa's {len(keys)} "
                             "hooks here: it lists a project's hooks only once the project "
                             "itself is trusted",
                             "start codex in the project once and trust it (or add "
                             f"[projects.\"{project}\"] trust_level = \"trusted\" to "
                             f"{trust.codex_home() / 'config.toml'}), then " + fix[0].lower()
                             + fix[1:])
            if len(ours) < len(keys):
                return Check("codex trust", "warn", f"Codex lists {len(ours)} of garrepa's "
                             f"{len(keys)} hooks here (is the project trusted in Codex?)", fix)
            if waiting:
                kinds = ", ".join(sorted({s.status for s in waiting}))
                return Check("codex trust", "warn", f"{len(waiting)} of {len(keys)} garrepa "
                             f"hooks are not trusted by Codex ({kinds})", fix)
            return Check("codex trust", "ok", f"Codex trusts garrepa's {len(keys)} hooks")
    recorded = trust.recorded()
    missing = [key for key in keys if key not in recorded]
    if missing:
        return Check("codex trust", "warn", f"{len(missing)} of {len(keys)} garrepa hooks have "
                     f"no trusted_hash in {trust.codex_home() / 'config.toml'}", fix)
    return Check("codex trust", "ok", f"a trusted_hash is recorded for each of garrepa's "
                 f"{len(keys)} hooks (not checked against Codex: `codex` is not on PATH)")


def _version(binary: str | None) -> Check:
    measured = ".".join(map(str, MEASURED))
    if binary is None:
        return Check("codex", "warn", "`codex` is not on PATH",
                     f"install Codex CLI (garrepa was measured against {measured})")
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=20,
                             check=False, stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check("codex", "warn", f"`codex --version` failed: {exc}")
    version = parse_version(out)
    if version is None:
        return Check("codex", "warn", f"unrecognised version {out.strip()!r}")
    shown = ".".join(map(str, version))
    if version != MEASURED:
        return Check("codex", "warn", f"Codex {shown} at {binary}: garrepa's Codex behaviour "
                     f"was measured with {measured} (the output a hook sees, what a block "
                     "reason replaces, hook trust); a measured behaviour may differ",
                     "see docs/codex-hooks-measured.md")
    return Check("codex", "ok", f"Codex {shown} at {binary} (the measured version)")

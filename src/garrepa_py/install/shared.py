"""The steps of `init` every host shares, for an install without Claude Code's (project.py does
them itself, in its own order): the project's config when flags ask for one, and the interpreter
record the launchers read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from garrepa_py.install.change import Change
from garrepa_py.install.config_file import plan_config, untrusted_note, write_config
from garrepa_py.install.interpreter import record_interpreter


def plan_shared(project: Path, overrides: dict[str, object], update_config: bool,
                dry_run: bool) -> tuple[list[Change], list[str], Callable[[], list[Change]]]:
    """Checks only: (changes settled, notes, the step that writes) — call the step after every
    other check has passed."""
    if not overrides:  # no flags: the defaults apply, no config file is needed
        return [], [], lambda: [record_interpreter(dry_run)]
    plan = plan_config(project, overrides, update_config)

    def write() -> list[Change]:
        from garrepa_py.config import trust_write

        done = [] if plan.new is None else [write_config(plan, dry_run)]
        done.append(record_interpreter(dry_run))
        if not dry_run and plan.new is not None and plan.current is None:
            trust_write.record_trust(plan.path)  # only a config this run wrote
        return done

    notes = list(plan.notes)
    if plan.current is not None:
        note = untrusted_note(plan.path)
        if note is not None:
            notes.append(note)
    return list(plan.decided), notes, write

"""Install into and remove from one project: the order of the steps, each done by its own module.

settings_file.py edits Claude Code's settings.json, managed_files.py places and removes the
template files, config_file.py writes garrepa.config.json, interpreter.py records the
interpreter, local_allow.py adds garrepa's allow rules (ask, peek, the logs runner). Every step compares what is
there with what should be there, so a second `init` changes no byte, and `--dry-run` reports the
same changes without writing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from garrepa_py import fs, paths
from garrepa_py.errors import GarrepaError
from garrepa_py.install import settings_merge
from garrepa_py.install.change import Change
from garrepa_py.install.config_file import plan_config, untrusted_note, write_config
from garrepa_py.install.interpreter import record_interpreter
from garrepa_py.install.local_allow import all_rules, check_readable, edit_local_allow, wanted_rules
from garrepa_py.install.managed_files import (
    managed_now,
    place_managed,
    prune_empty_dirs,
    remove_managed,
    template,
)
from garrepa_py.install.runner_allow import check_runner_path, runner_file
from garrepa_py.install.settings_file import edit_settings, settings_target


@dataclass
class Outcome:
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(c.action != "keep" for c in self.changes)


def install(project: Path, config_overrides: dict[str, object], timeout: int,
            update_config: bool = False, dry_run: bool = False,
            keep_timeouts: bool = True) -> Outcome:
    """Every check runs before the first write: a refused install changes no byte."""
    from garrepa_py.config import trust_write

    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    launcher, skill = Path(paths.launcher_file(project)), Path(paths.skill_file(project))
    schema = Path(paths.schema_file(project))
    launcher_now = managed_now(project, launcher)
    skill_now = managed_now(project, skill)
    schema_now = managed_now(project, schema)
    config_plan = plan_config(project, config_overrides, update_config)
    outcome.changes.extend(config_plan.decided)
    outcome.notes.extend(config_plan.notes)
    settings_target(project)
    # `init --logs`: the logs route's entries, before the config's trust says so — when the
    # config will say so: a kept config without logs.enabled gets none (its note says how)
    writes = config_plan.new is not None or config_plan.current is None
    on = {"logs": True} if config_overrides.get("logs.enabled") is True and writes else None
    slots = settings_merge.project_slots(str(project), on)
    logs_wanted = any(slot.event == "PreToolUse" and slot.matcher == "Bash" for slot in slots)
    runner = runner_file(project)
    if logs_wanted:
        check_runner_path(runner)
    runner_now = managed_now(project, runner) if logs_wanted else None
    # The allow rules are a convenience for the recall commands (without them Claude Code asks
    # first) but the logs route cannot work without its runner's: only then does a
    # settings.local.json init cannot edit stop the install, before any write.
    local_problem = check_readable(project)
    if local_problem and logs_wanted:
        raise GarrepaError(local_problem, hint="fix or move it and run the command again; nothing "
                                               "was changed")
    if local_problem:
        outcome.notes.append(f"{local_problem}: left as it is, so Claude Code will ask before "
                             "the agent runs `garrepa ask` or `garrepa peek`")
    outcome.changes.append(edit_settings(
        project, lambda data: settings_merge.add_entries(data, timeout, slots, keep_timeouts),
        dry_run, "add"))
    outcome.changes.append(place_managed(launcher, template("garrepa-hook"), 0o755, dry_run,
                                         launcher_now))
    outcome.changes.append(place_managed(skill, template("SKILL.md"), 0o644, dry_run, skill_now))
    if logs_wanted:
        outcome.changes.append(place_managed(runner, template("garrepa-log"), 0o755, dry_run,
                                             runner_now))
    if not local_problem:
        outcome.changes.append(edit_local_allow(project, wanted_rules(project, logs_wanted), True,
                                                dry_run))
    outcome.changes.append(place_managed(schema, template("garrepa.config.schema.json"), 0o644,
                                         dry_run, schema_now))
    if config_plan.new is not None:
        outcome.changes.append(write_config(config_plan, dry_run))
    outcome.changes.append(record_interpreter(dry_run))
    if not dry_run and config_plan.new is not None and config_plan.current is None:
        trust_write.record_trust(config_plan.path)  # only a config this run wrote is trusted by init
    elif config_plan.current is not None:
        note = untrusted_note(config_plan.path)
        if note is not None:
            outcome.notes.append(note)
    return outcome


def uninstall(project: Path, purge: bool = False, dry_run: bool = False) -> Outcome:
    if not project.is_dir():
        raise GarrepaError(f"{project} is not a directory", hint="pass the project's root directory")
    outcome = Outcome()
    outcome.changes.append(edit_settings(project, settings_merge.remove_entries, dry_run, "remove"))
    runner = runner_file(project)
    if not check_readable(project):  # one init could not edit holds nothing of garrepa's
        outcome.changes.append(edit_local_allow(project, all_rules(project), False, dry_run))
    managed = [Path(paths.launcher_file(project)), Path(paths.skill_file(project))]
    for path in managed + ([runner] if os.path.lexists(runner) else []):
        outcome.changes.append(remove_managed(project, path, dry_run))
        if not dry_run:
            prune_empty_dirs(path.parent, project)
    config_file = Path(paths.project_config_file(project))
    if purge:
        for state, what in ((Path(paths.project_state_dir(project)), "spill files and caches"),
                            (Path(paths.legacy_state_dir(project)),
                             "an older install's spill files and caches")):
            if not os.path.lexists(state):
                continue
            # A symlink is removed itself, never followed; the tree is deleted fd-safely.
            detail = ("--purge: a symbolic link (removed, its target untouched)"
                      if state.is_symlink() else f"--purge: {what}")
            if not dry_run:
                fs.remove_tree(str(state))
            outcome.changes.append(Change(state, "remove", detail))
        if os.path.lexists(config_file):
            if not dry_run:
                config_file.unlink()
            outcome.changes.append(Change(config_file, "remove", "--purge"))
    elif config_file.exists():
        outcome.changes.append(Change(config_file, "keep", "kept (use --purge to remove it)"))
    schema = Path(paths.schema_file(project))
    if dry_run and purge or not os.path.lexists(config_file):
        outcome.changes.append(remove_managed(project, schema, dry_run))  # nothing refers to it
        if not dry_run:
            prune_empty_dirs(schema.parent, project)
    elif os.path.lexists(schema):
        outcome.changes.append(Change(schema, "keep", f"kept: {config_file.name} names it as its "
                                      "$schema (removed with it, by --purge)"))
    return outcome

"""garrepa's entries in Codex's `.codex/hooks.json`: additive, idempotent, foreign entries kept
byte for byte, uninstall gives back the exact bytes (or no file when init created it)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.hosts.codex import install as codex
from garrepa_py.install import json_style

COMMAND = "'/p/my proj/.codex/hooks/garrepa-hook' --host codex"

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
scalars = st.none() | st.booleans() | st.integers() | text
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(text, inner, max_size=3), max_leaves=8)
foreign_handler = st.fixed_dictionaries({"type": st.just("command"), "command": text})
group = st.fixed_dictionaries({"matcher": st.sampled_from(["*", "Bash", "mcp__.*", "Edit"]),
                               "hooks": st.lists(foreign_handler, max_size=2)})
events = st.sampled_from(["PreToolUse", "PostToolUse", "SessionStart", "Stop"])
documents = st.fixed_dictionaries(
    {}, optional={"hooks": st.dictionaries(events, st.lists(group, max_size=2), max_size=3)}
).flatmap(lambda d: st.dictionaries(text.filter(lambda k: k != "hooks"), values, max_size=3)
          .map(lambda extra: {**extra, **d}))
styles = st.sampled_from([json_style.JsonStyle(), json_style.JsonStyle(indent="    "),
                          json_style.JsonStyle(indent="\t", newline="\r\n"),
                          json_style.JsonStyle(None, ", ", ": ", final_newline=False),
                          json_style.JsonStyle(None, ",", ":", ascii_only=True)])


def _no_empty_containers(document: dict[str, Any]) -> dict[str, Any]:
    """The pure removal cannot know that an event list (or "hooks") was empty before init
    filled it, and drops it; the byte-for-byte restore below covers that case."""
    result = dict(document)
    ours = {event for event, _ in codex.SLOTS}
    hooks = {event: groups for event, groups in result.pop("hooks", {}).items()
             if groups or event not in ours}
    return {**result, "hooks": hooks} if hooks else result


@given(documents)
def test_add_then_remove_gives_back_the_document(document: dict[str, Any]) -> None:
    added = codex.add_entries(document, COMMAND, 30)
    assert codex.add_entries(added, COMMAND, 30) == added  # idempotent
    assert codex.remove_entries(added) == _no_empty_containers(document)
    assert codex.entry_problems(added, COMMAND) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, styles)
def test_any_foreign_document_survives_init_and_uninstall_byte_for_byte(
        document: dict[str, Any], style: json_style.JsonStyle) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        path = codex.hooks_file(project)
        path.parent.mkdir()
        original = json_style.render(document, style).encode()
        path.write_bytes(original)
        codex.install(project, 30, dry_run=False)
        assert json.loads(path.read_text()) == codex.add_entries(document, codex.hook_command(
            project), 30)
        first = path.read_bytes()
        assert [c.action for c in codex.install(project, 30, dry_run=False)] == ["keep", "keep"]
        assert path.read_bytes() == first
        codex.uninstall(project, dry_run=False)
        assert path.read_bytes() == original
        assert not codex.launcher_file(project).exists()


def test_init_creates_the_file_and_uninstall_removes_it(project: Path) -> None:
    changes = codex.install(project, 30, dry_run=False)
    assert [c.action for c in changes] == ["create", "create"]
    data = json.loads(codex.hooks_file(project).read_text())
    assert sorted((e, g["matcher"]) for e, gs in data["hooks"].items() for g in gs) == \
        sorted(codex.SLOTS)
    assert codex.launcher_file(project).stat().st_mode & 0o777 == 0o755
    codex.uninstall(project, dry_run=False)
    assert list((project / ".codex").iterdir()) == []  # the folder stays: a user's may be empty


def test_dry_run_writes_nothing(project: Path) -> None:
    changes = codex.install(project, 30, dry_run=True)
    assert [c.action for c in changes] == ["create", "create"]
    assert "--host codex" in changes[0].diff
    assert not (project / ".codex").exists()


def test_a_moved_project_is_upgraded_in_place(project: Path) -> None:
    path = codex.hooks_file(project)
    path.parent.mkdir()
    old = codex.add_entries({}, "/old/place/.codex/hooks/garrepa-hook --host codex", 45)
    path.write_text(json.dumps(old))
    assert codex.entry_problems(old, codex.hook_command(project))[0].endswith("moved?)")
    codex.install(project, 30, dry_run=False)
    data = json.loads(path.read_text())
    handlers = [h for gs in data["hooks"].values() for g in gs for h in g["hooks"]]
    assert len(handlers) == 3
    assert all(h == {"type": "command", "command": codex.hook_command(project), "timeout": 45}
               for h in handlers)  # the user's timeout kept


def test_only_the_exact_launcher_form_is_ours() -> None:
    ours = {"type": "command", "command": COMMAND}
    assert codex.is_ours(ours)
    for command in ("/p/.codex/hooks/garrepa-hook", "/p/.codex/hooks/garrepa-hook --host x",
                    "log /p/.codex/hooks/garrepa-hook --host codex",
                    ".codex/hooks/garrepa-hook --host codex",
                    "/p/.codex/hooks/garrepa-hook --host codex; rm -rf /", "'unclosed"):
        assert not codex.is_ours({"type": "command", "command": command}), command
    assert not codex.is_ours({"type": "prompt", "command": COMMAND})


def test_the_command_is_one_shell_word_then_the_host(project: Path) -> None:
    spaced = project / "a b'c"
    assert codex.hook_command(spaced).endswith(" --host codex")
    assert codex.is_ours({"type": "command", "command": codex.hook_command(spaced)})


def test_detection(project: Path) -> None:
    assert not codex.detected(project)
    (project / ".codex").mkdir()
    assert codex.detected(project)
    (project / ".claude").mkdir()
    assert not codex.detected(project)

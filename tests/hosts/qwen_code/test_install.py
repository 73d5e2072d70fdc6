"""garrepa's entry in Qwen Code's `.qwen/settings.json`: additive, idempotent, every other
setting kept byte for byte, uninstall gives back the exact bytes (or no file when init made it)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from garrepa_py.hosts.qwen_code import install as qwen
from garrepa_py.install import json_style

from ...cli.helpers import invoke

COMMAND = "'/p/my proj/.qwen/hooks/garrepa-hook' --host qwen-code"

text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
scalars = st.none() | st.booleans() | st.integers() | text
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(text, inner, max_size=3), max_leaves=8)
foreign_handler = st.fixed_dictionaries({"type": st.just("command"), "command": text})
group = st.fixed_dictionaries({"matcher": st.sampled_from(["*", "run_shell_command", "Edit"]),
                               "hooks": st.lists(foreign_handler, max_size=2)})
events = st.sampled_from(["PreToolUse", "PostToolUse", "SessionStart", "Stop"])
documents = st.fixed_dictionaries(
    {}, optional={"hooks": st.dictionaries(events, st.lists(group, max_size=2), max_size=3)}
).flatmap(lambda d: st.dictionaries(text.filter(lambda k: k != "hooks"), values, max_size=3)
          .map(lambda extra: {**extra, **d}))
styles = st.sampled_from([json_style.JsonStyle(), json_style.JsonStyle(indent="    "),
                          json_style.JsonStyle(indent="\t", newline="\r\n"),
                          json_style.JsonStyle(None, ", ", ": ", final_newline=False)])


def _no_empty_containers(document: dict[str, Any]) -> dict[str, Any]:
    result = dict(document)
    hooks = {event: groups for event, groups in result.pop("hooks", {}).items()
             if groups or event not in {e for e, _ in qwen.SLOTS}}
    return {**result, "hooks": hooks} if hooks else result


@given(documents)
def test_add_then_remove_gives_back_the_document(document: dict[str, Any]) -> None:
    added = qwen.add_entries(document, COMMAND, 30)
    assert qwen.add_entries(added, COMMAND, 30) == added  # idempotent
    assert qwen.remove_entries(added) == _no_empty_containers(document)
    assert qwen.has_entries(added)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents, styles)
def test_any_settings_file_survives_init_and_uninstall_byte_for_byte(
        document: dict[str, Any], style: json_style.JsonStyle) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        path = qwen.settings_file(project)
        path.parent.mkdir()
        original = json_style.render(document, style).encode()
        path.write_bytes(original)
        qwen.install(project, 30, dry_run=False)
        first = path.read_bytes()
        assert [c.action for c in qwen.install(project, 30, dry_run=False)] == ["keep", "keep"]
        assert path.read_bytes() == first
        qwen.uninstall(project, dry_run=False)
        assert path.read_bytes() == original
        assert not qwen.launcher_file(project).exists()


def test_only_the_exact_launcher_form_is_ours() -> None:
    assert qwen.is_ours({"type": "command", "command": COMMAND})
    for command in ("/p/.qwen/hooks/garrepa-hook", "/p/.qwen/hooks/garrepa-hook --host codex",
                    ".qwen/hooks/garrepa-hook --host qwen-code",
                    "/p/.codex/hooks/garrepa-hook --host qwen-code", "'unclosed"):
        assert not qwen.is_ours({"type": "command", "command": command}), command


def test_init_and_uninstall_through_the_cli(project: Path) -> None:
    settings_path = qwen.settings_file(project)
    settings_path.parent.mkdir()
    original = b'{\n  "model": {"name": "qwen3-coder"},\n  "hooks": {"Stop": []}\n}\n'
    settings_path.write_bytes(original)
    dry = invoke("init", "--host", "qwen-code", "--provider", "none", "--dry-run", str(project))
    assert dry.exit_code == 0 and settings_path.read_bytes() == original
    done = invoke("init", "--host", "qwen-code", "--provider", "none", str(project))
    assert done.exit_code == 0, done.output
    assert "installed for Qwen Code" in done.output and "start qwen" in done.output
    data = json.loads(settings_path.read_text())
    assert data["model"] == {"name": "qwen3-coder"} and data["hooks"]["Stop"] == []
    handler = {"type": "command", "command": qwen.hook_command(project), "timeout": 30}
    assert data["hooks"]["PostToolUse"] == [{"matcher": "run_shell_command", "hooks": [handler]},
                                            {"matcher": "mcp__.*", "hooks": [handler]}]
    assert qwen.launcher_file(project).stat().st_mode & 0o777 == 0o755
    assert not (project / ".claude").exists() and not (project / ".codex").exists()
    gone = invoke("uninstall", str(project))
    assert gone.exit_code == 0, gone.output
    assert settings_path.read_bytes() == original
    assert not (project / ".qwen" / "hooks").exists()

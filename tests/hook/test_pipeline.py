"""The one decision pipeline (hook/pipeline.py), in process on real events: the route that claims
an event, the config's and the quick pass's early answers, the timeout the host enforces, the
control group drawn from the event itself, audit and holdout, and what the model receives."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from garrepa_py.hook import pipeline
from garrepa_py.hosts import arrival, registry
from garrepa_py.hosts.claude_code import delivery
from garrepa_py.routes.verdict import HookContext

from ..cli.helpers import invoke
from ..support.read_events import post_read

HOST = registry.DEFAULT


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GARREPA_PROVIDER", "none")


@pytest.fixture
def doc(project: Path, doc_corpus: Path) -> Path:
    """pytest's how-to/fixtures.rst (62,010 chars) in the project."""
    target = project / "docs" / "fixtures.rst"
    target.parent.mkdir()
    shutil.copyfile(doc_corpus / "pytest-8.2.0" / "doc" / "en" / "how-to" / "fixtures.rst", target)
    return target


def configure(project: Path, **settings: Any) -> None:
    (project / "garrepa.config.json").write_text(json.dumps(settings))


def prepared(project: Path, raw: dict[str, Any]) -> tuple[Any, Any, pipeline.Prepared]:
    event = HOST.parse(raw)
    route = pipeline.route_of(event)
    assert route is not None
    return event, route, pipeline.prepare(route, event, str(project), time.monotonic())


def test_a_large_doc_read_is_the_read_route_and_gets_its_context(project: Path, doc: Path) -> None:
    event, route, ready = prepared(project, post_read(doc, cwd=project))
    assert route.name == "read" and ready.route == "read"
    assert ready.reason is None and isinstance(ready.context, HookContext)
    assert ready.context.project == str(project)
    # no install: the config's timeout, less the margin, is the budget
    timeout = ready.context.settings.hook.timeout_seconds
    assert ready.deadline_ms == round((timeout - pipeline.DEADLINE_MARGIN_SECONDS) * 1000)


def test_an_event_no_route_claims_has_none(project: Path) -> None:
    assert pipeline.route_of(HOST.parse({"hook_event_name": "PostToolUse",
                                         "tool_name": "TodoWrite", "tool_input": {}})) is None


def test_mode_off_decides_before_the_route(project: Path, doc: Path) -> None:
    configure(project, mode="off")
    _, _, ready = prepared(project, post_read(doc, cwd=project))
    assert (ready.context, ready.route, ready.reason) == (None, None, "mode-off")


def test_a_misspelt_key_is_counted_and_its_default_serves(project: Path, doc: Path) -> None:
    configure(project, mdoe="off")
    _, _, ready = prepared(project, post_read(doc, cwd=project))
    assert ready.config_problems == 1 and ready.context is not None


def test_a_small_read_is_decided_by_the_quick_pass(project: Path) -> None:
    small = project / "NOTES.md"
    small.write_text("# Notes\n\nshort\n")
    _, _, ready = prepared(project, post_read(small, cwd=project))
    assert ready.context is None and ready.route == "read" and ready.reason
    assert ready.deadline_ms is None


def test_the_installed_timeout_wins_over_the_config(project: Path, doc: Path) -> None:
    assert pipeline.installed_timeout(str(project), "PostToolUse") is None
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    assert pipeline.installed_timeout(str(project), "PostToolUse", HOST) == 30  # init's
    settings = project / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    data["hooks"]["PostToolUse"][-1]["hooks"][-1]["timeout"] = 12  # the smallest wins
    settings.write_text(json.dumps(data))
    assert pipeline.installed_timeout(str(project), "PostToolUse", HOST) == 12
    _, _, ready = prepared(project, post_read(doc, cwd=project))
    assert ready.deadline_ms == round((12 - pipeline.DEADLINE_MARGIN_SECONDS) * 1000)


def test_a_handler_without_timeout_gets_the_host_default(project: Path) -> None:
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    settings = project / ".claude" / "settings.json"
    data = json.loads(settings.read_text())
    for group in data["hooks"]["PostToolUse"]:
        for handler in group["hooks"]:
            handler.pop("timeout", None)
    data["hooks"]["PostToolUse"][0]["hooks"][0]["timeout"] = 0  # no timeout either
    settings.write_text(json.dumps(data))
    assert pipeline.installed_timeout(str(project), "PostToolUse") == HOST.default_timeout


def test_the_plugin_defers_to_the_project_own_entries(project: Path, doc: Path) -> None:
    assert invoke("init", str(project), "--provider", "none").exit_code == 0
    event = HOST.parse(post_read(doc, cwd=project))
    route = pipeline.route_of(event)
    assert route is not None
    ready = pipeline.prepare(route, event, str(project), time.monotonic(), via_plugin=True)
    assert (ready.context, ready.reason) == (None, pipeline.PLUGIN_DEFERS)
    elsewhere = project.parent / "bare"
    elsewhere.mkdir()
    assert not pipeline.project_serves(str(elsewhere), route, "PostToolUse",
                                       ready_settings(project), HOST)


def ready_settings(project: Path) -> Any:
    from garrepa_py.config.load import load_config

    return load_config(str(project)).settings


def test_the_target_key_is_a_short_print_of_the_target_never_the_text(
        project: Path, doc: Path) -> None:
    event, route, _ = prepared(project, post_read(doc, cwd=project))
    key = pipeline.target_key(route, event)
    assert key is not None and len(key) == 11 and int(key, 16) >= 0
    assert str(doc) not in key
    again, _, _ = prepared(project, post_read(doc, cwd=project))
    assert pipeline.target_key(route, again) == key  # another call, the same target
    other = project / "docs" / "other.rst"
    shutil.copyfile(doc, other)
    assert pipeline.target_key(route, HOST.parse(post_read(other, cwd=project))) != key


def test_the_control_group_is_drawn_from_the_event_itself() -> None:
    events = [HOST.parse({"tool_use_id": f"toolu_{n:04d}", "tool_name": "Read"})
              for n in range(2000)]
    assert not any(pipeline.held_out(e, None, 0) for e in events)
    held = [pipeline.held_out(e, None, 0.25) for e in events]
    assert held == [pipeline.held_out(e, None, 0.25) for e in events]  # always the same group
    assert 400 < sum(held) < 600
    no_id = HOST.parse({"session_id": "s", "tool_name": "Read"})
    assert pipeline.held_out(no_id, "k1", 0.5) == pipeline.held_out(no_id, "k1", 0.5)
    assert {pipeline.held_out(no_id, f"k{n}", 0.5) for n in range(40)} == {True, False}


def decided(project: Path, doc: Path, draw: bool = True, call: str | None = None,
            **settings: Any) -> tuple[Any, Any]:
    configure(project, **settings)
    raw = post_read(doc, cwd=project)
    raw["transcript_path"] = "/h/.claude/projects/-p/s.jsonl"
    if call is not None:
        raw["tool_use_id"] = call
    event, route, ready = prepared(project, raw)
    assert ready.context is not None
    return event, pipeline.decide(route, event, ready.context, "k", holdout=draw)


def test_decide_replies_with_the_route_verdict(project: Path, doc: Path) -> None:
    _, result = decided(project, doc)
    assert result.verdict.decision == "compress" and result.reply is result.verdict.reply
    assert result.outcome is None and result.transcript == "/h/.claude/projects/-p/s.jsonl"


def test_audit_computes_the_reply_and_keeps_it_back(project: Path, doc: Path) -> None:
    event, result = decided(project, doc, mode="audit")
    assert result.reply is None and result.outcome == "audit"
    assert result.verdict.reply is not None
    assert result.would_deliver == delivery.reply_delivered(event.raw, result.verdict.reply)


def held_event_id(share: float) -> str:
    return next(f"toolu_{n}" for n in range(1000) if pipeline.held_out(
        HOST.parse({"tool_use_id": f"toolu_{n}"}), None, share))


def test_the_holdout_group_passes_untouched_but_a_preview_shows_the_reply(
        project: Path, doc: Path) -> None:
    call = held_event_id(0.5)
    _, held = decided(project, doc, call=call, holdout=0.5)
    assert (held.reply, held.outcome) == (None, "holdout") and held.verdict.reply is not None
    _, preview = decided(project, doc, draw=False, call=call, holdout=0.5)
    assert preview.reply is not None and preview.outcome is None


def test_delivery_is_the_host_count_and_the_reply_fingerprint(project: Path, doc: Path) -> None:
    event, result = decided(project, doc)
    shown = pipeline.delivery(event, result.reply, 70_000)
    text = delivery.replacement_text(result.reply)
    assert text is not None
    assert shown.delivered == delivery.reply_delivered(event.raw, result.reply)
    assert shown.fingerprint == arrival.fingerprint(text)
    passed = pipeline.delivery(event, None, 70_000)
    assert (passed.delivered, passed.fingerprint) == (70_000, None)
    assert pipeline.delivery(None, result.reply, 5).delivered == 5


CODEX_FIXTURES = Path(__file__).resolve().parents[1] / "e2e" / "fixtures" / "codex-0.171.0"


@pytest.mark.parametrize(("size", "passes"), [(10_000, False), (10_001, True)])
def test_a_replacement_the_host_would_cut_is_not_delivered(project: Path, size: int,
                                                           passes: bool) -> None:
    """Codex cuts a block reason as it cuts any output (measured: an 11,108-char digest arrived
    as 10,101, a 9,405-char one whole): past what it delivers uncut the original passes,
    whatever route made the digest."""
    from garrepa_py.config.load import load_config
    from garrepa_py.hosts.codex import delivery
    from garrepa_py.routes.route import Route
    from garrepa_py.routes.verdict import Verdict

    codex = registry.by_name("codex")
    assert codex is not None and codex.uncut_bytes == 10_000
    raw = json.loads((CODEX_FIXTURES / "post-tool-use.shell.json").read_text())
    event = codex.parse(raw)
    digest = "x" * size

    def handle(event: Any, context: HookContext) -> Verdict:
        return Verdict("compress", "compressed", delivery.block(digest),
                       chars_in=50_000, chars_out=size)

    route = Route("probe", summary="", event="PostToolUse", matcher="Bash",
                  claims=lambda e: True, handle=handle)
    context = HookContext(load_config(str(project)), str(project), time.monotonic() + 30)
    result = pipeline.decide(route, event, context, holdout=False)
    if passes:
        assert result.reply is None
        assert (result.verdict.decision, result.verdict.reason) == ("pass", "over-host-reply-limit")
        assert result.verdict.chars_in == 50_000
    else:
        assert result.reply == {"decision": "block", "reason": digest}

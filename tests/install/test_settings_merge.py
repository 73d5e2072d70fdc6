from __future__ import annotations

import copy
import json

import pytest

from garrepa_py.config import schema
from garrepa_py.config.settings import Settings
from garrepa_py.install.settings_merge import (
    HOOK_COMMAND,
    SettingsShapeError,
    Slot,
    add_entries,
    default_slots,
    has_all_entries,
    is_ours,
    remove_entries,
)
from garrepa_py.routes import command, git, read, registry

SLOTS = default_slots()
READ_SLOTS = [slot for slot in SLOTS if slot.matcher == "Read"]
FOREIGN_POST_READ = {"type": "command", "command": "echo foreign-post-read"}

FOREIGN_PRE = {"type": "command", "command": "echo foreign-read"}
FOREIGN_BASH = {"type": "command", "command": "./lint.sh", "timeout": 5}


def ours_in(settings: dict, event: str, matcher: str) -> list[dict]:
    return [h for g in settings["hooks"][event] if g.get("matcher") == matcher
            for h in g["hooks"] if is_ours(h)]


def test_add_entries_to_empty_settings_fills_every_slot() -> None:
    result = add_entries({}, timeout=30)
    assert has_all_entries(result, 30) == []
    bash = ours_in(result, "PostToolUse", "Bash")
    assert bash[0] == {"type": "command", "if": "Bash(git diff*)", "command": HOOK_COMMAND,
                       "timeout": 30}
    defaults = read_settings()
    # the git route's rules, then the command route's: disjoint, one handler per rule
    assert [h["if"] for h in bash] == [*git.rules(defaults), *(command.rules(defaults) or ())]
    assert not set(git.rules(defaults)) & set(command.rules(defaults) or ())
    assert [h.get("if") for h in ours_in(result, "PostToolUse", "Grep|Glob")] == [None]
    # after the Read, where the map becomes the Read's own output; nothing before it
    assert "PreToolUse" not in result["hooks"]
    assert {slot.event for slot in READ_SLOTS} == {"PostToolUse"}
    assert [h["if"] for h in ours_in(result, "PostToolUse", "Read")] == [
        "Read(**/*.adoc)", "Read(**/*.markdown)", "Read(**/*.md)", "Read(**/*.mdx)",
        "Read(**/*.org)", "Read(**/*.rst)", "Read(**/*.txt)", "Read(**/authors)",
        "Read(**/changelog)", "Read(**/copying)", "Read(**/license)", "Read(**/notice)",
        "Read(**/readme)", "Read(**/docs/**/*.html)", "Read(**/docs/**/*.htm)",
        "Read(**/documentation/**/*.html)", "Read(**/documentation/**/*.htm)"]
    assert [h.get("if") for h in ours_in(result, "PostToolUse", "mcp__.*")] == [None]
    assert HOOK_COMMAND == '"$CLAUDE_PROJECT_DIR"/.claude/hooks/garrepa-hook'


def test_add_entries_is_idempotent() -> None:
    once = add_entries({}, 30)
    assert add_entries(once, 30) == once


def test_add_entries_does_not_mutate_input() -> None:
    original = {"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [FOREIGN_PRE]}]}}
    snapshot = copy.deepcopy(original)
    add_entries(original, 30)
    assert original == snapshot


def test_add_entries_keeps_foreign_handler_in_group_with_same_matcher() -> None:
    settings = {"hooks": {"PostToolUse": [{"matcher": "Read", "hooks": [FOREIGN_POST_READ]}]}}
    result = add_entries(settings, 30)
    group = result["hooks"]["PostToolUse"][0]
    assert group["hooks"][0] == FOREIGN_POST_READ
    assert [is_ours(h) for h in group["hooks"]] == [False] + [True] * len(READ_SLOTS)


def test_add_entries_keeps_other_keys_and_their_order() -> None:
    settings = {"permissions": {"allow": ["Bash(ls)"]}, "env": {"A": "1"},
                "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say"}]}]},
                "zUnknown": [1, 2]}
    result = add_entries(settings, 30)
    assert list(result) == ["permissions", "env", "hooks", "zUnknown"]
    assert result["permissions"] == settings["permissions"]
    assert result["hooks"]["Stop"] == settings["hooks"]["Stop"]
    assert list(result["hooks"]) == ["Stop", "PostToolUse"]


def test_add_entries_upgrades_prior_form_in_place() -> None:
    old = {"type": "command", "command": "garrepa hook read", "timeout": 10}
    settings = {"hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [FOREIGN_PRE, old]}]}}
    result = add_entries(settings, 30)
    # the old every-Read handler before the Read becomes one handler per document rule after
    # it, with its timeout; the user's own handler stays where it was
    assert result["hooks"]["PreToolUse"] == [{"matcher": "Read", "hooks": [FOREIGN_PRE]}]
    assert ours_in(result, "PostToolUse", "Read") == [slot.handler(10) for slot in READ_SLOTS]


def test_add_entries_keeps_a_hand_edited_timeout_unless_told_otherwise() -> None:
    edited = add_entries({}, 30)
    edited["hooks"]["PostToolUse"][0]["hooks"][0]["timeout"] = 90
    assert ours_in(add_entries(edited, 30), "PostToolUse", "Read")[0]["timeout"] == 90
    reset = add_entries(edited, 45, keep_timeouts=False)
    assert ours_in(reset, "PostToolUse", "Read") == [slot.handler(45) for slot in READ_SLOTS]
    assert has_all_entries(reset, 45) == []


def test_is_ours_is_exact_not_a_substring() -> None:
    assert not is_ours({"type": "command", "command": "my-logger garrepa hook --tee /tmp/x"})
    assert not is_ours({"type": "command", "command": "echo garrepa-hook"})
    assert not is_ours({"type": "command", "command": "/x/.claude/hooks/garrepa-hook; rm -rf ~"})
    assert is_ours({"type": "command", "command": "garrepa hook"})


def test_add_entries_moves_misplaced_and_duplicate_handlers() -> None:
    stray = {"type": "command", "command": HOOK_COMMAND}
    settings = {"hooks": {"PostToolUse": [
        {"matcher": "Edit", "hooks": [stray, FOREIGN_BASH]},
        {"matcher": "Bash", "hooks": [stray, stray]},
    ]}}
    result = add_entries(settings, 30)
    post = result["hooks"]["PostToolUse"]
    assert post[0] == {"matcher": "Edit", "hooks": [FOREIGN_BASH]}
    assert len(ours_in(result, "PostToolUse", "Bash")) == len(git.rules(read_settings())) + len(
        command.rules(read_settings()) or ())  # one per rule


def test_add_entries_keeps_foreign_empty_group() -> None:
    settings = {"hooks": {"PreToolUse": [{"matcher": "Write", "hooks": []}]}}
    result = add_entries(settings, 30)
    assert result["hooks"]["PreToolUse"][0] == {"matcher": "Write", "hooks": []}


@pytest.mark.parametrize("settings, message", [
    ([], "the top level must be a JSON object"),
    ({"hooks": []}, '"hooks" must be an object mapping event names to lists'),
    ({"hooks": {"PostToolUse": {}}}, '"hooks.PostToolUse" must be a list of matcher groups'),
])
def test_add_entries_refuses_wrong_shapes(settings: object, message: str) -> None:
    with pytest.raises(SettingsShapeError, match="^" + message.replace(".", r"\.") + "$"):
        add_entries(settings, 30)  # type: ignore[arg-type]


def test_remove_entries_restores_the_original() -> None:
    original = {"permissions": {"deny": ["Read(.env)"]},
                "hooks": {"PreToolUse": [{"matcher": "Read", "hooks": [FOREIGN_PRE]}],
                          "PostToolUse": [{"matcher": "Bash", "hooks": [FOREIGN_BASH]}]}}
    assert remove_entries(add_entries(original, 30)) == original


def test_remove_entries_from_fresh_install_leaves_nothing() -> None:
    assert remove_entries(add_entries({}, 30)) == {}


def test_remove_entries_keeps_foreign_empty_containers() -> None:
    original = {"hooks": {}}
    assert remove_entries(original) == {"hooks": {}}
    with_list = {"hooks": {"PreToolUse": []}}
    assert remove_entries(with_list) == with_list


def test_is_ours_ignores_foreign_and_malformed_handlers() -> None:
    assert not is_ours(FOREIGN_PRE)
    assert not is_ours("garrepa-hook")
    assert not is_ours({"type": "prompt", "command": HOOK_COMMAND})
    assert is_ours({"type": "command", "command": "/x/.claude/hooks/garrepa-hook"})


def test_has_all_entries_names_missing_and_altered_slots() -> None:
    settings = add_entries({}, 30)
    settings["hooks"]["PostToolUse"][0]["hooks"][0]["if"] = "Read(*.py)"
    settings["hooks"]["PostToolUse"] = [g for g in settings["hooks"]["PostToolUse"]
                                        if g["matcher"] != "mcp__.*"]
    assert has_all_entries(settings, 30) == [
        "PostToolUse Read if Read(*.py): no longer matches the config (re-run garrepa init)",
        "PostToolUse Read if Read(**/*.adoc): missing",
        "PostToolUse mcp__.*: missing",
    ]
    assert json.dumps(has_all_entries({}, 30)).count("missing") == len(SLOTS)


def read_settings(**changes: object) -> Settings:
    """The default settings with some read.* (or, dotted, other) values changed."""
    values = schema.flatten(schema.defaults_tree())
    values.update({key if "." in key else f"read.{key}": value
                   for key, value in changes.items()})
    return Settings(values, {})


def slots_for(settings: Settings) -> tuple[Slot, ...]:
    return registry.slots(settings)


def test_rules_follow_the_config_and_stay_disjoint() -> None:
    with_html = read.rules(read_settings(docExtensions=["md", "html"], docNames=[],
                                         htmlDirs=["docs"]))
    # html is documentation everywhere now: no second rule that would match docs/x.html too
    assert with_html == ("Read(**/*.html)", "Read(**/*.md)", "Read(**/docs/**/*.htm)")
    # a value that cannot be written as a rule: one Read handler without `if`, route decides
    unsafe = read_settings(docExtensions=["md", "t*t"])
    assert read.rules(unsafe) is None
    assert slots_for(unsafe)[0] == Slot("PostToolUse", "Read", None)
    # deny mode: the Read handlers run before the Read (the map is the deny reason), never both
    denied = read_settings(docExtensions=["md", "t*t"], mode="deny")
    assert [s for s in slots_for(denied) if s.matcher == "Read"] == [
        Slot("PreToolUse", "Read", None)]


def test_a_handler_without_a_rule_replaces_the_rules_of_its_event_and_matcher(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A route whose handler has no `if` starts for every call of its matcher, so the other
    routes' rules on the same event and matcher are not installed beside it (a git command
    would start two processes doing the same work)."""
    from garrepa_py.routes.route import Route

    every = Route("every", summary="x", event="PostToolUse", matcher="Bash", rules=None,
                  claims=lambda event: False, handle=command.handle)
    monkeypatch.setattr(registry, "ROUTES", (*registry.ROUTES, every))
    bash = [s for s in slots_for(read_settings()) if s.event == "PostToolUse"
            and s.matcher == "Bash"]
    assert bash == [Slot("PostToolUse", "Bash", None)]
    monkeypatch.undo()
    off = slots_for(read_settings(**{"commands.enabled": False}))
    assert [s.condition for s in off if s.matcher == "Bash"] == list(git.rules(read_settings()))


def test_a_config_change_is_detected_and_rewritten_idempotently() -> None:
    installed = add_entries({}, 30)
    wider = slots_for(read_settings(docExtensions=["md", "rst", "tex"]))
    problems = has_all_entries(installed, 30, wider)
    assert "PostToolUse Read if Read(**/*.tex): missing" in problems
    assert "PostToolUse Read if Read(**/*.adoc): no longer matches the config (re-run garrepa " \
           "init)" in problems
    rewritten = add_entries(installed, 30, wider)
    assert has_all_entries(rewritten, 30, wider) == []
    assert add_entries(rewritten, 30, wider) == rewritten
    assert "Read(**/*.tex)" in [h["if"] for h in ours_in(rewritten, "PostToolUse", "Read")]


def test_an_install_whose_read_handlers_are_before_the_read_is_an_upgrade_due() -> None:
    """Before issue 24 the map came from PreToolUse handlers as additionalContext (a
    system-role message): such an install is named first, and init moves the handlers to
    PostToolUse in place (the emptied PreToolUse list goes too); uninstall still takes back
    exactly what it added."""
    older = add_entries({}, 30, slots_for(read_settings(mode="deny")))
    assert len(ours_in(older, "PreToolUse", "Read")) == len(READ_SLOTS)
    problems = has_all_entries(older, 30)
    assert problems[0] == (f"PreToolUse Read ({len(READ_SLOTS)} entries): an older garrepa's, "
                           "which gave the map as system context; the map now comes after the "
                           "Read, as its own output (upgrade due: run garrepa init)")
    assert problems[1:] == [f"PostToolUse Read if {slot.condition}: missing"
                            for slot in READ_SLOTS]
    upgraded = add_entries(older, 30)
    assert "PreToolUse" not in upgraded["hooks"]
    assert ours_in(upgraded, "PostToolUse", "Read") == [slot.handler(30) for slot in READ_SLOTS]
    assert has_all_entries(upgraded, 30) == []
    assert remove_entries(upgraded) == remove_entries(older) == {}


def test_a_users_empty_group_survives_uninstall_when_ours_empties_an_equal_one() -> None:
    """Found by the Codex install's property test: removing our emptied group by equality
    dropped the user's own empty group with the same matcher, listed before ours."""
    installed = add_entries({}, 30)
    users_empty = {"matcher": SLOTS[0].matcher, "hooks": []}
    installed["hooks"][SLOTS[0].event].insert(0, copy.deepcopy(users_empty))
    removed = remove_entries(installed)
    assert removed["hooks"][SLOTS[0].event] == [users_empty]


def test_a_users_empty_group_survives_a_slot_moving_away() -> None:
    installed = add_entries({}, 30)
    users_empty = {"matcher": SLOTS[0].matcher, "hooks": []}
    installed["hooks"][SLOTS[0].event].insert(0, copy.deepcopy(users_empty))
    others = tuple(s for s in SLOTS if (s.event, s.matcher) != (SLOTS[0].event, SLOTS[0].matcher))
    moved = add_entries(installed, 30, slots=others)
    assert users_empty in moved["hooks"][SLOTS[0].event]

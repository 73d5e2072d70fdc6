"""Each route's threshold comes from config/budgets.py unless the user set threshold.minChars,
which then holds for every route (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest

from garrepa_py.config import budgets
from garrepa_py.config.load import load_config

ROUTES = ("read", "git", "mcp")


def test_unset_each_route_takes_its_own_default(project: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(budgets.THRESHOLDS, "git", 20_000)
    monkeypatch.setitem(budgets.THRESHOLDS, "mcp", 45_000)
    settings = load_config(project, environ={}).settings
    assert [settings.threshold(route) for route in ROUTES] == [
        budgets.THRESHOLDS["read"], 20_000, 45_000]
    assert settings.min_chars == budgets.THRESHOLDS["read"]  # the Read route reads this one


@pytest.mark.parametrize("how", ["env", "project"])
def test_a_threshold_the_user_sets_holds_for_every_route(
        project: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    monkeypatch.setitem(budgets.THRESHOLDS, "git", 20_000)
    environ = {"GARREPA_THRESHOLD": "5000"} if how == "env" else {}
    if how == "project":
        (project / "garrepa.config.json").write_text('{"threshold": {"minChars": 5000}}')
    settings = load_config(project, environ=environ).settings
    assert [settings.threshold(route) for route in ROUTES] == [5000, 5000, 5000]
    assert settings.min_chars == 5000


def test_setting_the_default_value_still_counts_as_set(project: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(budgets.THRESHOLDS, "git", 20_000)
    settings = load_config(project, environ={"GARREPA_THRESHOLD": "32000"}).settings
    assert settings.threshold("git") == 32_000


def test_the_shown_default_is_the_read_routes() -> None:
    from garrepa_py.config.schema import SETTINGS

    shown = next(s.default for s in SETTINGS if s.key == "threshold.minChars")
    assert shown == budgets.THRESHOLDS["read"] == budgets.DEFAULT_THRESHOLD

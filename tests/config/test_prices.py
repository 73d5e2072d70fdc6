"""The price table (config/prices.py) and the `prices` setting: which entry prices a model id,
what the setting accepts, and `config set/get/unset/list` and completion of its cells."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from garrepa_py.config import prices
from garrepa_py.config.schema import BY_KEY

from ..cli.helpers import invoke

BUILT = prices.table(None)


@pytest.mark.parametrize(("model", "key"), [
    ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
    ("claude-sonnet-4-20250514", "claude-sonnet-4"),
    ("claude-opus-4-1-20250805", "claude-opus-4-1"),  # not claude-opus-4
    ("claude-opus-4-5", "claude-opus-4-5"),
    ("claude-haiku-4-5@20251001", "claude-haiku-4-5"),  # Vertex
    ("us.anthropic.claude-3-5-haiku-20241022-v1:0", "claude-3-5-haiku"),  # Bedrock
    ("claude-opus-4-6", None),  # a newer model is never priced as an older one
    ("claude-opus-5-5", None),
    ("claude-sonnet-4-5-preview", None),
    ("gpt-5", None),
    ("<synthetic>", None),
    ("", None),
])
def test_a_model_is_priced_by_its_own_entry_or_none(model: str, key: str | None) -> None:
    rates = prices.lookup(model, BUILT)
    assert (rates.key if rates else None) == key


def test_the_built_in_rates_are_anthropics_list_prices() -> None:
    assert BUILT["claude-sonnet-4-5"].rates == {"input": 3.0, "cacheWrite": 3.75,
                                                "cacheRead": 0.3, "output": 15.0}
    # the cache-write rate is 1.25× input and the read 0.1× in every built-in entry but
    # Claude 3 Haiku's, published as $0.30 and $0.03 (rounded)
    assert prices.BUILT_IN["claude-3-haiku"] == {"input": 0.25, "cacheWrite": 0.3,
                                                 "cacheRead": 0.03, "output": 1.25}
    for name, entry in prices.BUILT_IN.items():
        if name == "claude-3-haiku":
            continue
        assert entry["cacheWrite"] == pytest.approx(entry["input"] * 1.25)
        assert entry["cacheRead"] == pytest.approx(entry["input"] * 0.1)


def test_overrides_lay_over_the_table_field_by_field() -> None:
    table = prices.table({"claude-opus-4": {"input": 14}, "claude-opus-5-5": {"input": 4}})
    assert table["claude-opus-4"].rates["input"] == 14.0
    assert table["claude-opus-4"].rates["output"] == 75.0
    assert table["claude-opus-4"].source == "built-in, overridden in config"
    assert table["claude-opus-5-5"].rates == {"input": 4.0, "cacheWrite": None,
                                              "cacheRead": None, "output": None}
    assert table["claude-opus-5-5"].source == "config"
    assert prices.lookup("claude-opus-5-5-20270101", table) is table["claude-opus-5-5"]


@pytest.mark.parametrize("value", [
    [], "x", {"m": 3}, {"m": {}}, {"m": {"inputs": 3}}, {"m": {"input": -1}},
    {"m": {"input": True}}, {"m": {"input": "3"}}, {"m": {"input": 20_000}},
    {"bad name": {"input": 1}}, {"": {"input": 1}},
])
def test_the_setting_refuses_what_is_not_a_price_table(value: object) -> None:
    assert BY_KEY["prices"].check(value) is not None


def test_the_setting_takes_a_price_table() -> None:
    assert BY_KEY["prices"].check({}) is None
    assert BY_KEY["prices"].check({"claude-opus-4": {"input": 15, "output": 75.5}}) is None


def test_config_set_get_unset_list_a_price(tmp_path: Path, garrepa_home: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert json.loads(invoke("config", "get", "prices.claude-opus-4.input").output) == 15.0
    done = invoke("config", "set", "prices.claude-opus-4.input", "14")
    assert done.exit_code == 0 and "prices.claude-opus-4.input = 14 in" in done.output
    assert "[prices.claude-opus-4]\ninput = 14\n" in (garrepa_home / "config.toml").read_text()
    assert json.loads(invoke("config", "get", "prices.claude-opus-4").output) == {
        "input": 14.0, "cacheWrite": 18.75, "cacheRead": 1.5, "output": 75.0}
    listed = invoke("config", "list").output
    assert ('prices.claude-opus-4 = {"input": 14.0, "cacheWrite": 18.75, "cacheRead": 1.5, '
            '"output": 75.0}  (built-in, overridden in user config.toml)') in listed
    assert "(built-in)" in listed.split("prices.claude-sonnet-4-5 = ")[1].splitlines()[0]
    done = invoke("config", "unset", "prices.claude-opus-4.input")
    assert "prices.claude-opus-4.input is now 15.0 (built-in)" in done.output
    assert "prices" not in (garrepa_home / "config.toml").read_text()  # no empty table left
    wrong = invoke("config", "set", "prices.claude-opus-4.inptu", "14")
    assert wrong.exit_code == 1
    assert "the rates are input, cacheWrite, cacheRead, output" in wrong.output


def test_completion_offers_the_price_cells(tmp_path: Path) -> None:
    """Click's own completion protocol, as `garrepa --install-completion` wires it in bash."""
    def complete(words: str) -> list[str]:
        env = {**os.environ, "_GARREPA_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        done = subprocess.run([sys.executable, "-m", "garrepa_py"], env=env, capture_output=True,
                              text=True, timeout=60, check=False, cwd=tmp_path)
        return done.stdout.split()

    assert "prices" in complete("garrepa config set ")
    cells = complete("garrepa config set prices.claude-opus-4")
    assert "prices.claude-opus-4.cacheRead" in cells and "prices.claude-opus-4-5.input" in cells

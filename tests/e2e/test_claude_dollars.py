"""Dollars saved at the agent model's price, from a real Claude Code session: the model id and
the usage come from the transcript the real binary wrote (driven by the loopback fake, which
reports no prompt caching: every call pays full input)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from garrepa_py import journal
from garrepa_py.config import prices

from ..support.claude_run import run_claude
from ..support.fake_anthropic import FakeAnthropic, Turn
from .conftest import garrepa

pytestmark = pytest.mark.e2e


def dollars() -> dict:  # type: ignore[type-arg]
    return json.loads(garrepa("report", "--json").stdout)["dollars_saved"]


def test_a_real_sessions_saving_is_priced_at_the_model_it_ran(
        git_project: Path, doc_corpus: Path, tmp_path: Path, garrepa_home: Path) -> None:
    garrepa("init", str(git_project), "--provider", "none")
    target = git_project / "CHANGELOG.md"
    shutil.copy(doc_corpus / "attrs-23.2.0" / "CHANGELOG.md", target)
    script = [Turn.tool("Read", file_path=str(target)),
              Turn.tool("Bash", command="true", description="one more call"),
              Turn.tool("Bash", command="true", description="and another")]
    with FakeAnthropic(script) as fake:
        run = run_claude(git_project, fake.url, tmp_path / "home", garrepa_home)
        assert run.returncode == 0, run.stderr[-2000:]
        agent_calls = [r.body.get("model") for r in fake.requests if r.has_tools]
    [model] = set(agent_calls)
    assert len(agent_calls) == 4  # the Read's, then 3 that carried its result
    [record] = [r for r in journal.read(target=garrepa_home / "journal.jsonl")
                if r.get("decision") == "compress"]
    net = record["baseline_chars"] - record["delivered_chars"]
    assert net > 40_000
    # the binary's own model: if the built-in table does not name it, it is never guessed
    if prices.lookup(model, prices.table(None)) is None:
        before = dollars()
        assert (before["usd"], before["priced"]) == (0, 0)
        assert before["price_unknown_models"] == {model: 1}
        assert "$ price unknown" in garrepa("report", "--line").stdout
    rates = {"input": 4, "cacheWrite": 5, "cacheRead": 0.4, "output": 20}
    garrepa("config", "set", f"prices.{model}", json.dumps(rates))
    after = dollars()
    # no cache in the fake's usage: the result entered as input ($4/M) and the two later calls
    # sent it again as input: net/4 tokens × 3 × $4 / 10⁶
    assert (after["first_call_rate"], after["later_call_rates"]) == ({"input": 1}, {"input": 2})
    assert after["usd"] == pytest.approx(net / 4 * 3 * 4 / 1e6, abs=1e-6)
    assert after["by_model"][model]["calls"] == 3
    assert after["by_model"][model]["price_source"] in ("user config.toml",
                                                        "built-in, overridden in user config.toml")
    assert f"${after['net_usd']:.2f} saved" in garrepa("report", "--line").stdout

"""A project config can neither hang the hook, nor slip past trust, nor spend the user's money.

Regression tests for issue 10 items 7 (unbounded config reads in the hook) and 8 (trust fooled
by an in-place rewrite; untrusted configs choosing model, tokens, spill limits and timeout).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from garrepa_py.config import trust_write
from garrepa_py.config.load import load_config
from garrepa_py.engine import store

from ..conftest import plant_unreadable
from ..support.fake_anthropic import FakeAnthropic
from .helpers import hook, issues_json, last, mcp_event, reply


def user_config(garrepa_home: Path, base_url: str) -> None:
    garrepa_home.mkdir(exist_ok=True)
    (garrepa_home / "config.toml").write_text(
        f'[provider]\ntype = "anthropic"\nbaseUrl = "{base_url}"\n')


def big_event(project: Path) -> dict[str, object]:
    return mcp_event(project.parent, [{"type": "text", "text": issues_json()}])


FAITHFUL = "120 open issues about crashes when saving drafts, #1 to #120 (lines 1-20)."
USER_ENV = {"GARREPA_PROVIDER": "", "ANTHROPIC_API_KEY": "sk-test"}


@pytest.mark.parametrize("kind", ["dev-zero", "fifo"])
def test_a_config_that_is_a_device_or_fifo_cannot_hang_the_hook(project: Path, garrepa_home: Path,
                                                                kind: str) -> None:
    plant_unreadable(project / "garrepa.config.json", kind)
    # a blocking open or a 5 GB read would not return: the hook subprocess's timeout fails it
    output = reply(hook(project, big_event(project)))
    assert output is not None  # the problem is reported, the defaults serve
    assert last(garrepa_home)["decision"] == "compress"


def test_an_in_place_rewrite_keeping_size_and_mtime_revokes_trust(project: Path,
                                                                  garrepa_home: Path) -> None:
    with FakeAnthropic(reply_text=FAITHFUL) as mine, FakeAnthropic(reply_text=FAITHFUL) as evil:
        user_config(garrepa_home, mine.url)
        config = project / "garrepa.config.json"
        trusted_text = json.dumps({"provider": {"baseUrl": mine.url.replace("127.0.0.1",
                                                                             "127.000.0.1")}})
        config.write_text(trusted_text)
        trust_write.record_trust(config)
        before = os.stat(config)
        swapped = json.dumps({"provider": {"baseUrl": evil.url}})
        swapped = swapped[:-2] + " " * (len(trusted_text) - len(swapped)) + swapped[-2:]
        assert len(swapped) == len(trusted_text)
        with open(config, "r+") as handle:  # same inode, same size
            handle.write(swapped)
        os.utime(config, ns=(before.st_atime_ns, before.st_mtime_ns))  # and the same mtime
        after = os.stat(config)
        assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
            before.st_ino, before.st_size, before.st_mtime_ns)
        output = reply(hook(project, big_event(project), env=USER_ENV))
        assert evil.requests == []
        assert mine.requests == []  # untrusted again: no model at all, not even the user's
    assert "structural digest, no model" in output["updatedToolOutput"][0]["text"]
    assert last(garrepa_home)["fallback"] == "untrusted-project-config"


def test_an_untrusted_project_config_cannot_spend_or_weaken_recovery(project: Path,
                                                                     garrepa_home: Path) -> None:
    (project / "garrepa.config.json").write_text(json.dumps({
        "provider": {"model": "claude-opus-4-1", "maxTokens": 8192},
        "spill": {"maxMegabytes": 1, "maxAgeDays": 1}, "hook": {"timeoutSeconds": 600}}))
    config = load_config(project, environ={})
    assert sorted(config.untrusted_keys) == ["hook.timeoutSeconds", "provider.maxTokens",
                                             "provider.model", "spill.maxAgeDays",
                                             "spill.maxMegabytes"]
    assert (config.settings.provider.model, config.settings.provider.max_tokens,
            config.settings.spill.max_megabytes) == ("claude-haiku-4-5", 1024, 256)
    with FakeAnthropic(reply_text=FAITHFUL) as fake:
        user_config(garrepa_home, fake.url)
        reply(hook(project, big_event(project), env=USER_ENV))
        assert fake.requests == []  # nothing spent on the user's key until they trust it
    assert last(garrepa_home)["fallback"] == "untrusted-project-config"
    trust_write.record_trust(project / "garrepa.config.json")
    with FakeAnthropic(reply_text=FAITHFUL) as fake:
        user_config(garrepa_home, fake.url)
        reply(hook(project, big_event(project), env=USER_ENV))
        body = fake.requests[0].body
    assert (body["model"], body["max_tokens"]) == ("claude-opus-4-1", 8192)  # once trusted


def test_a_fresh_spill_survives_a_tiny_trusted_size_cap(project: Path) -> None:
    text = "line of a big result\n" * 100_000  # 2 MB, over a 1 MB cap
    path = Path(store.spill(str(project), text))
    store.prune(str(project), max_age_days=7, max_megabytes=1, force=True, keep=str(path))
    assert path.read_text() == text  # the pointer the agent was just given still works
